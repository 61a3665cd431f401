"""The events domain's tools: the Brightline Events support desk's screens. They check what
the ticketing, scheduling and venue systems check (existence, status, ticket and seat
capacity, a room's calendar, a hold's expiry, the arithmetic of a refund or a deposit); who
may act, which refund tier or discount applies, deadlines for transfers and interpreters,
workshop limits, hold and announcement limits are the policy's, so the agent's job. The
read-only screens are in reads.py."""

from typing import Annotated, Optional

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.events.models import (
    Accommodation,
    Announcement,
    AnnouncementKind,
    Audience,
    Deposit,
    Event,
    Hold,
    HoldConfirmation,
    Registration,
    Session,
    TicketType,
    TicketTypeName,
)
from taubench.domains.events.pricing import (
    DEPOSIT_SHARE,
    cents,
    confirmation_code,
    hold_expiry,
    order_price,
    price_today,
    valid_day,
)
from taubench.domains.events.pricing import (
    ticket_type as ticket_of,
)
from taubench.domains.events.reads import ACTIVE_HOLD, EventsDesk
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

WAITLIST_LIMIT = 20


class EventsTools(EventsDesk):
    def _confirmed(self, registration_id: str) -> Registration:
        registration = self._get("registrations", registration_id)
        if registration.status != "confirmed":
            raise ValueError(f"Registration is {registration.status}")
        return registration

    def _session_of(self, registration: Registration, session_id: str) -> Session:
        session = self._get("sessions", session_id)
        if session.event_id != registration.event_id:
            raise ValueError("Session belongs to another event")
        return session

    def _run_by(self, event_id: str, organizer_id: str) -> Event:
        event = self._get("events", event_id)
        self._get("organizers", organizer_id)
        if event.organizer_id != organizer_id:
            raise ValueError("Organizer does not run this event")
        return event

    def _ticket_left(self, event: Event, name: str, quantity: int) -> TicketType:
        ticket = ticket_of(event, name)
        if ticket.sold + quantity > ticket.capacity:
            raise ValueError(f"Only {ticket.capacity - ticket.sold} {name} tickets left")
        return ticket

    def _leave(self, registration: Registration, session_id: str) -> None:
        """Give up a seat; the first confirmed registration waiting for it that fits takes it."""
        session = self.db.sessions[session_id]
        registration.sessions.remove(session_id)
        session.enrolled -= registration.quantity
        for waiting_id in list(session.waitlist):
            waiting = self.db.registrations[waiting_id]
            if waiting.status == "confirmed" and session.enrolled + waiting.quantity <= session.capacity:
                session.waitlist.remove(waiting_id)
                waiting.sessions.append(session_id)
                session.enrolled += waiting.quantity
                break

    @tool("write")
    def buy_tickets(
        self,
        event_id: str,
        attendee_id: str,
        ticket_type: TicketTypeName,
        quantity: int,
        payment_method_id: str,
        holder_name: str,
        holder_email: str,
        promo_code: Optional[str] = None,
        group_rate: bool = False,
    ) -> Registration:
        """Buy tickets on an attendee's account and charge the payment method. The price per
        ticket is today's price (early-bird through its last day), or the regular price less
        the promo code's percentage, or less 15% at the group rate; plus the service fee.

        Args:
            event_id: The event's id.
            attendee_id: The buying account's id.
            ticket_type: standard, vip, student or day_pass.
            quantity: Number of tickets (1 for one person; a group registration holds several).
            payment_method_id: A payment method on the account, e.g. "PM10001-1".
            holder_name: Who attends (for a group, the group's contact).
            holder_email: The holder's email.
            promo_code: A promo code of the event, if one is used.
            group_rate: True for the group rate (10 tickets or more); never with a promo code.
        """
        event, attendee = self._get("events", event_id), self._get("attendees", attendee_id)
        if event.status != "on_sale":
            raise ValueError(f"Event is not on sale (status: {event.status})")
        if not isinstance(quantity, int) or quantity < 1:
            raise ValueError("Quantity must be a whole number of at least 1")
        method = self._payment_method(attendee, payment_method_id)
        ticket = self._ticket_left(event, ticket_type, quantity)
        price, discount = order_price(event, ticket, quantity, self._today(), promo_code, group_rate)
        number = self.db.next_registration_number
        registration = Registration(
            registration_id=f"R{number}",
            confirmation_code=confirmation_code(number),
            event_id=event_id,
            attendee_id=attendee_id,
            holder_name=holder_name,
            holder_email=holder_email,
            ticket_type=ticket_type,
            quantity=quantity,
            price_paid_per_ticket=price,
            fees_paid_total=cents(event.service_fee * quantity),
            discount=discount,
            promo_code=promo_code.upper() if promo_code else None,
            payment_method_id=method,
            purchased=self._today(),
            status="confirmed",
            transfers_used=0,
            chargeback_open=False,
            sessions=[],
            accommodations=[],
            refund_amount=0.0,
        )
        self.db.next_registration_number += 1  # after the model has checked the caller's values
        ticket.sold += quantity
        self.db.registrations[registration.registration_id] = registration
        charge = cents(price * quantity + registration.fees_paid_total)
        self._record_payment(registration, "charge", charge, method, "tickets")
        return registration

    @tool("write")
    def cancel_registration(self, registration_id: str, refund_amount: float) -> Registration:
        """Cancel a registration, free its tickets and seats, and refund the given amount to
        the payment method it was bought with.

        Args:
            registration_id: The registration's id, e.g. "R20001".
            refund_amount: USD to refund, from 0 up to what was paid: price_paid_per_ticket times
                quantity, plus fees_paid_total (the service fees of all its tickets).
        """
        registration = self._confirmed(registration_id)
        paid = cents(registration.price_paid_per_ticket * registration.quantity + registration.fees_paid_total)
        if not isinstance(refund_amount, (int, float)) or not 0 <= refund_amount <= paid:
            raise ValueError(f"Refund must be between 0 and the {paid} paid")
        event = self._get("events", registration.event_id)
        ticket_of(event, registration.ticket_type).sold -= registration.quantity
        for session_id in list(registration.sessions):
            self._leave(registration, session_id)
        registration.status = "cancelled"
        registration.refund_amount = cents(refund_amount)
        if refund_amount > 0:
            self._record_payment(
                registration, "refund", cents(refund_amount), registration.payment_method_id, "cancellation"
            )
        return registration

    @tool("write")
    def transfer_ticket(self, registration_id: str, new_name: str, new_email: str) -> Registration:
        """Put a ticket in another person's name; the buying account stays the same.

        Args:
            registration_id: The registration's id.
            new_name: The new holder's full name.
            new_email: The new holder's email.
        """
        registration = self._confirmed(registration_id)
        if registration.quantity != 1:
            raise ValueError("Only a single-ticket registration can be transferred")
        if registration.holder_email.lower() == new_email.strip().lower():
            raise ValueError("The ticket is already held by that email")
        registration.holder_name, registration.holder_email = new_name, new_email
        registration.transfers_used += 1
        return registration

    @tool("write")
    def change_ticket_type(
        self, registration_id: str, ticket_type: TicketTypeName, payment_method_id: str
    ) -> Registration:
        """Move a registration to another ticket type. An upgrade charges the difference between
        the new type's price today and the price paid; a downgrade charges nothing and refunds
        nothing.

        Args:
            registration_id: The registration's id.
            ticket_type: The new type: standard, vip, student or day_pass.
            payment_method_id: A payment method on the buying account, for an upgrade's charge.
        """
        registration = self._confirmed(registration_id)
        if registration.ticket_type == ticket_type:
            raise ValueError(f"Registration already has {ticket_type} tickets")
        event = self._get("events", registration.event_id)
        method = self._payment_method(self._get("attendees", registration.attendee_id), payment_method_id)
        new = self._ticket_left(event, ticket_type, registration.quantity)
        if registration.ticket_type == "vip" and any(self.db.sessions[s].vip_only for s in registration.sessions):
            raise ValueError("Registration holds VIP-only sessions: drop them first")
        price, _ = price_today(new, self._today())
        difference = cents((price - registration.price_paid_per_ticket) * registration.quantity)
        ticket_of(event, registration.ticket_type).sold -= registration.quantity
        new.sold += registration.quantity
        registration.ticket_type = ticket_type
        if difference > 0:
            registration.price_paid_per_ticket = price
            self._record_payment(registration, "charge", difference, method, f"upgrade to {ticket_type}")
        return registration

    @tool("write")
    def enroll_session(self, registration_id: str, session_id: str) -> Registration:
        """Enrol a registration in a session of its event, taking one seat per ticket.

        Args:
            registration_id: The registration's id.
            session_id: The session's id, e.g. "S4012".
        """
        registration = self._confirmed(registration_id)
        session = self._session_of(registration, session_id)
        if session_id in registration.sessions:
            raise ValueError("Registration is already enrolled in this session")
        if session.vip_only and registration.ticket_type != "vip":
            raise ValueError("Session is for VIP ticket holders only")
        if session.enrolled + registration.quantity > session.capacity:
            raise ValueError("Session is full")
        registration.sessions.append(session_id)
        session.enrolled += registration.quantity
        if registration_id in session.waitlist:
            session.waitlist.remove(registration_id)
        return registration

    @tool("write")
    def drop_session(self, registration_id: str, session_id: str) -> Registration:
        """Take a registration out of a session; the first one waiting for the seat gets it.

        Args:
            registration_id: The registration's id.
            session_id: The session's id.
        """
        registration = self._confirmed(registration_id)
        self._session_of(registration, session_id)
        if session_id not in registration.sessions:
            raise ValueError("Registration is not enrolled in this session")
        self._leave(registration, session_id)
        return registration

    @tool("write")
    def join_waitlist(self, registration_id: str, session_id: str) -> Session:
        """Put a registration at the end of a full session's waitlist (at most 20 waiting).

        Args:
            registration_id: The registration's id.
            session_id: The full session's id.
        """
        registration = self._confirmed(registration_id)
        session = self._session_of(registration, session_id)
        if session_id in registration.sessions:
            raise ValueError("Registration is already enrolled in this session")
        if registration_id in session.waitlist:
            raise ValueError("Registration is already on the waitlist")
        if session.enrolled + registration.quantity <= session.capacity:
            raise ValueError("Session has open seats: enrol instead")
        if len(session.waitlist) >= WAITLIST_LIMIT:
            raise ValueError(f"Waitlist is full ({WAITLIST_LIMIT} waiting)")
        session.waitlist.append(registration_id)
        return session

    @tool("write")
    def request_accommodation(self, registration_id: str, kind: Accommodation) -> Registration:
        """Record an accessibility accommodation for the ticket holder (no charge).

        Args:
            registration_id: The registration's id.
            kind: wheelchair_seating, asl_interpreter, live_captioning, companion_seat or quiet_room.
        """
        registration = self._confirmed(registration_id)
        if kind in registration.accommodations:
            raise ValueError(f"{kind} is already requested for this registration")
        registration.accommodations.append(kind)
        return registration

    @tool("write")
    def hold_room(self, event_id: str, room_id: str, dates: Annotated[list[str], Unordered()]) -> Hold:
        """Place a 48-hour courtesy hold on a room for an event's dates. The hold shows the
        room's total rate (day rate times days).

        Args:
            event_id: The event's id.
            room_id: The room's id, e.g. "RM0412".
            dates: The days to hold, YYYY-MM-DD each.
        """
        self._get("events", event_id)
        room = self._get("rooms", room_id)
        if not dates:
            raise ValueError("Give at least one date to hold")
        days = sorted({valid_day(day) for day in dates})
        for hold in self.db.holds.values():
            clash = [day for day in days if day in hold.dates]
            if hold.room_id == room_id and hold.status in ACTIVE_HOLD and clash:
                raise ValueError(f"Room is already held on {clash[0]}")
        hold = Hold(
            hold_id=self._new_id("H", "next_hold_number"),
            event_id=event_id,
            room_id=room_id,
            dates=days,
            status="held",
            expires=hold_expiry(self.db.now),
            total_rate=cents(room.day_rate * len(days)),
        )
        self.db.holds[hold.hold_id] = hold
        return hold

    @tool("write")
    def release_hold(self, hold_id: str) -> Hold:
        """Release a room hold so the room is free again.

        Args:
            hold_id: The hold's id, e.g. "H5003".
        """
        hold = self._get("holds", hold_id)
        if hold.status not in ACTIVE_HOLD:
            raise ValueError(f"Hold is {hold.status}, not active")
        hold.status = "released"
        return hold

    @tool("write")
    def confirm_hold(self, hold_id: str, organizer_id: str, deposit: float) -> HoldConfirmation:
        """Confirm a room hold that is still held: the deposit (25% of the hold's total rate)
        is charged to the organizer's account and the room is booked for the event's dates.

        Args:
            hold_id: The hold's id, e.g. "H5003".
            organizer_id: The organizer paying (must run the hold's event).
            deposit: USD, exactly 25% of the hold's total_rate.
        """
        hold = self._get("holds", hold_id)
        self._run_by(hold.event_id, organizer_id)
        if hold.status != "held":
            raise ValueError(f"Hold is {hold.status}; only a held room can be confirmed")
        if hold.expires <= self.db.now:
            raise ValueError(f"Hold expired at {hold.expires}")
        due = cents(hold.total_rate * DEPOSIT_SHARE)
        if not isinstance(deposit, (int, float)) or cents(deposit) != due:
            raise ValueError(f"Deposit must be {due} (25% of the {hold.total_rate} total rate)")
        paid = Deposit(
            deposit_id=self._new_id("DEP", "next_deposit_number"),
            hold_id=hold_id,
            organizer_id=organizer_id,
            amount=due,
            date=self._today(),
        )
        self.db.deposits[paid.deposit_id] = paid
        hold.status = "confirmed"
        return HoldConfirmation(hold=hold, deposit=paid)

    @tool("write")
    def send_announcement(
        self, event_id: str, organizer_id: str, audience: Audience, kind: AnnouncementKind, template_id: str
    ) -> Announcement:
        """Send an organizer's announcement to an event's ticket holders (every ticket sold, or
        the VIP tickets only).

        Args:
            event_id: The event's id.
            organizer_id: The organizer sending it (must run the event).
            audience: all_registrants, or vip_holders only.
            kind: marketing, schedule or safety.
            template_id: The message template, e.g. "TPL-SCH-2"; its kind must match.
        """
        event = self._run_by(event_id, organizer_id)
        template = self._get("templates", template_id)
        if template.kind != kind:
            raise ValueError(f"Template is a {template.kind} template, not {kind}")
        recipients = sum(t.sold for t in event.ticket_types if audience == "all_registrants" or t.name == "vip")
        announcement = Announcement(
            announcement_id=f"AN{self.db.next_announcement_number}",
            event_id=event_id,
            organizer_id=organizer_id,
            audience=audience,
            kind=kind,
            template_id=template_id,
            sent=self._today(),
            recipients=recipients,
        )
        self.db.next_announcement_number += 1  # after the model has checked the audience
        self.db.announcements[announcement.announcement_id] = announcement
        return announcement

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)

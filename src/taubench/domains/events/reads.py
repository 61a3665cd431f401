"""The events desk's screens that only look: identification, accounts, events, sessions,
organizers, room holds and free rooms, plus the look-ups every tool shares."""

from typing import Optional

from taubench.domains.events.models import (
    Attendee,
    AttendeeAccount,
    Event,
    EventDetails,
    EventMatch,
    EventsDB,
    Hold,
    HoldDetails,
    OpenRoom,
    Organizer,
    Payment,
    Registration,
    Session,
)
from taubench.domains.events.pricing import valid_day
from taubench.toolkit import Toolkit, tool

ACTIVE_HOLD = ("held", "confirmed")


class EventsDesk(Toolkit):
    db: EventsDB

    def _today(self) -> str:
        return self.db.now[:10]

    def _event(self, event_id: str) -> Event:
        if event_id not in self.db.events:
            raise ValueError("Event not found")
        return self.db.events[event_id]

    def _hold(self, hold_id: str) -> Hold:
        if hold_id not in self.db.holds:
            raise ValueError("Hold not found")
        return self.db.holds[hold_id]

    def _attendee(self, attendee_id: str) -> Attendee:
        if attendee_id not in self.db.attendees:
            raise ValueError("Attendee not found")
        return self.db.attendees[attendee_id]

    def _payment_method(self, attendee: Attendee, payment_method_id: str) -> str:
        if not any(method.payment_method_id == payment_method_id for method in attendee.payment_methods):
            raise ValueError("Payment method is not on file for this attendee")
        return payment_method_id

    def _record_payment(self, registration: Registration, kind: str, amount: float, method: str, note: str) -> None:
        payment_id = f"PAY{self.db.next_payment_number}"
        self.db.next_payment_number += 1
        self.db.payments[payment_id] = Payment(payment_id=payment_id, registration_id=registration.registration_id,
                                               kind=kind, amount=amount, date=self._today(), payment_method_id=method,
                                               note=note)  # fmt: skip

    @tool("read")
    def find_registration(self, email: str, confirmation_code: str) -> Registration:
        """Identify an attendee: the registration with this confirmation code bought by the
        account with this email.

        Args:
            email: The email of the account that bought the ticket.
            confirmation_code: The registration's confirmation code, e.g. "KQ7M12".
        """
        wanted = confirmation_code.strip().upper()
        for registration in self.db.registrations.values():
            if registration.confirmation_code == wanted:
                buyer = self.db.attendees[registration.attendee_id]
                if buyer.email.lower() == email.strip().lower():
                    return registration
        raise ValueError("No registration matches that email and confirmation code")

    @tool("read")
    def get_attendee(self, attendee_id: str) -> AttendeeAccount:
        """An attendee account: contact details, payment methods on file, and every
        registration the account bought (for the holder or for someone else), oldest first.

        Args:
            attendee_id: The account's id, e.g. "A10001".
        """
        attendee = self._attendee(attendee_id)
        bought = [registration for registration in self.db.registrations.values() if registration.attendee_id == attendee_id]
        return AttendeeAccount(attendee=attendee, registrations=bought)

    @tool("read")
    def search_events(self, name: str, city: Optional[str] = None) -> list[EventMatch]:
        """Events whose name contains the given words (any case), soonest first.

        Args:
            name: Part of the event's name, e.g. "Data Summit".
            city: Only events in this city, if given.
        """
        wanted = name.strip().lower()
        found = [
            EventMatch(event_id=event.event_id, name=event.name, city=event.city, start=event.start, status=event.status)
            for event in self.db.events.values()
            if wanted in event.name.lower() and (city is None or event.city.lower() == city.strip().lower())
        ]
        return sorted(found, key=lambda match: (match.start, match.event_id))

    @tool("read")
    def get_event(self, event_id: str) -> EventDetails:
        """An event: dates, venue, status, ticket types (price, early-bird price and its last
        day, capacity, sold), service fee, promo codes, expected attendance, its room holds and
        the announcements sent for it.

        Args:
            event_id: The event's id, e.g. "E301".
        """
        event = self._event(event_id)
        holds = [hold for hold in self.db.holds.values() if hold.event_id == event_id]
        sent = [announcement for announcement in self.db.announcements.values() if announcement.event_id == event_id]
        return EventDetails(event=event, holds=holds, announcements=sent)

    @tool("read")
    def list_sessions(self, event_id: str, day: Optional[str] = None) -> list[Session]:
        """An event's sessions (talks, workshops, keynotes) in time order, with seats taken
        and the waitlist.

        Args:
            event_id: The event's id.
            day: Only this day's sessions, YYYY-MM-DD, if given.
        """
        self._event(event_id)
        found = [s for s in self.db.sessions.values() if s.event_id == event_id and (day is None or s.day == day)]
        return sorted(found, key=lambda s: (s.day, s.start, s.session_id))

    @tool("read")
    def verify_organizer(self, organizer_id: str, pin: str) -> list[EventMatch]:
        """Identify an organizer's staff by organizer id and account PIN; the organizer's
        events, soonest first.

        Args:
            organizer_id: The organizer's id, e.g. "ORG12".
            pin: The account's 4-digit PIN.
        """
        if organizer_id not in self.db.organizers:
            raise ValueError("Organizer not found")
        organizer: Organizer = self.db.organizers[organizer_id]
        if organizer.pin != str(pin).strip():
            raise ValueError("PIN does not match")
        own = [
            EventMatch(event_id=event.event_id, name=event.name, city=event.city, start=event.start, status=event.status)
            for event in self.db.events.values()
            if event.organizer_id == organizer_id
        ]
        return sorted(own, key=lambda match: (match.start, match.event_id))

    @tool("read")
    def get_hold(self, hold_id: str) -> HoldDetails:
        """A room hold: its event, dates, status, expiry and total rate, the room it is on
        (name, capacity, day rate) and its venue, and the deposit that confirmed it, if any.

        Args:
            hold_id: The hold's id, e.g. "H5003".
        """
        hold = self._hold(hold_id)
        room = self.db.rooms[hold.room_id]
        deposit = next((paid for paid in self.db.deposits.values() if paid.hold_id == hold_id), None)
        return HoldDetails(hold=hold, venue_name=self.db.venues[room.venue_id].name, room=room, deposit=deposit)

    @tool("read")
    def search_rooms(self, city: str, date: str, min_capacity: int) -> list[OpenRoom]:
        """Rooms in a city that seat at least min_capacity and have no active hold on the
        date, smallest first.

        Args:
            city: The city, e.g. "Austin".
            date: The day needed, YYYY-MM-DD.
            min_capacity: The fewest seats acceptable.
        """
        day = valid_day(date)
        taken = {hold.room_id for hold in self.db.holds.values() if hold.status in ACTIVE_HOLD and day in hold.dates}
        found = []
        for room in self.db.rooms.values():
            venue = self.db.venues[room.venue_id]
            if venue.city.lower() == city.strip().lower() and room.capacity >= min_capacity and room.room_id not in taken:
                found.append(OpenRoom(room_id=room.room_id, venue_id=venue.venue_id, venue_name=venue.name,
                                      room_name=room.name, capacity=room.capacity, day_rate=room.day_rate))  # fmt: skip
        return sorted(found, key=lambda room: (room.capacity, room.room_id))


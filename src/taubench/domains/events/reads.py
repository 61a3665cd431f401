"""The events desk's screens that only look: identification, accounts, events, sessions,
organizers, room holds and free rooms, plus the look-ups every tool shares."""

from typing import Iterable, Optional

from taubench.core.toolkit import tool
from taubench.domains.events.models import (
    Attendee,
    AttendeeAccount,
    Event,
    EventDetails,
    EventMatch,
    EventsDB,
    HoldDetails,
    OpenRoom,
    Organizer,
    Payment,
    Registration,
    Session,
)
from taubench.domains.events.pricing import valid_day
from taubench.domains.kit import RecordDesk

ACTIVE_HOLD = ("held", "confirmed")


def _soonest_first(events: Iterable[Event]) -> list[EventMatch]:
    matches = [
        EventMatch(event_id=event.event_id, name=event.name, city=event.city, start=event.start, status=event.status)
        for event in events
    ]
    return sorted(matches, key=lambda match: (match.start, match.event_id))


class EventsDesk(RecordDesk):
    db: EventsDB

    def _today(self) -> str:
        return self.db.now[:10]

    def _payment_method(self, attendee: Attendee, payment_method_id: str) -> str:
        if not any(method.payment_method_id == payment_method_id for method in attendee.payment_methods):
            raise ValueError("Payment method is not on file for this attendee")
        return payment_method_id

    def _record_payment(self, registration: Registration, kind: str, amount: float, method: str, note: str) -> None:
        payment_id = self._new_id("PAY", "next_payment_number")
        self.db.payments[payment_id] = Payment(
            payment_id=payment_id,
            registration_id=registration.registration_id,
            kind=kind,
            amount=amount,
            date=self._today(),
            payment_method_id=method,
            note=note,
        )

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
        attendee = self._get("attendees", attendee_id)
        return AttendeeAccount(attendee=attendee, registrations=self._of("registrations", "attendee_id", attendee_id))

    @tool("read")
    def search_events(self, name: str, city: Optional[str] = None) -> list[EventMatch]:
        """Events whose name contains the given words (any case), soonest first.

        Args:
            name: Part of the event's name, e.g. "Data Summit".
            city: Only events in this city, if given.
        """
        wanted = name.strip().lower()
        return _soonest_first(
            event
            for event in self.db.events.values()
            if wanted in event.name.lower() and (city is None or event.city.lower() == city.strip().lower())
        )

    @tool("read")
    def get_event(self, event_id: str) -> EventDetails:
        """An event: dates, venue, status, ticket types (price, early-bird price and its last
        day, capacity, sold), service fee, promo codes, expected attendance, its room holds and
        the announcements sent for it.

        Args:
            event_id: The event's id, e.g. "E301".
        """
        event = self._get("events", event_id)
        sent = self._of("announcements", "event_id", event_id)
        return EventDetails(event=event, holds=self._of("holds", "event_id", event_id), announcements=sent)

    @tool("read")
    def list_sessions(self, event_id: str, day: Optional[str] = None) -> list[Session]:
        """An event's sessions (talks, workshops, keynotes) in time order, with seats taken
        and the waitlist.

        Args:
            event_id: The event's id.
            day: Only this day's sessions, YYYY-MM-DD, if given.
        """
        self._get("events", event_id)
        found = [s for s in self._of("sessions", "event_id", event_id) if day is None or s.day == day]
        return sorted(found, key=lambda s: (s.day, s.start, s.session_id))

    @tool("read")
    def verify_organizer(self, organizer_id: str, pin: str) -> list[EventMatch]:
        """Identify an organizer's staff by organizer id and account PIN; the organizer's
        events, soonest first.

        Args:
            organizer_id: The organizer's id, e.g. "ORG12".
            pin: The account's 4-digit PIN.
        """
        organizer: Organizer = self._get("organizers", organizer_id)
        if organizer.pin != str(pin).strip():
            raise ValueError("PIN does not match")
        return _soonest_first(self._of("events", "organizer_id", organizer_id))

    @tool("read")
    def get_hold(self, hold_id: str) -> HoldDetails:
        """A room hold: its event, dates, status, expiry and total rate, the room it is on
        (name, capacity, day rate) and its venue, and the deposit that confirmed it, if any.

        Args:
            hold_id: The hold's id, e.g. "H5003".
        """
        hold = self._get("holds", hold_id)
        room = self.db.rooms[hold.room_id]
        deposit = next(iter(self._of("deposits", "hold_id", hold_id)), None)
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
            if (
                venue.city.lower() == city.strip().lower()
                and room.capacity >= min_capacity
                and room.room_id not in taken
            ):
                found.append(
                    OpenRoom(
                        room_id=room.room_id,
                        venue_id=venue.venue_id,
                        venue_name=venue.name,
                        room_name=room.name,
                        capacity=room.capacity,
                        day_rate=room.day_rate,
                    )
                )
        return sorted(found, key=lambda room: (room.capacity, room.room_id))

"""Record look-ups and argument checks shared by the desk's tools: each raises the message
the reservations system shows when a record is missing or a value is malformed."""

from datetime import date

from taubench.domains.hospitality.models import FeedbackCase, HotelDB, Property, Reservation, RoomType
from taubench.domains.hospitality.tariff import nights
from taubench.domains.kit import RecordDesk, a_date

LIVE = ("confirmed", "checked_in")  # stays that still hold rooms


class Records(RecordDesk):
    """Look-ups by key (the kit's, and these with a status check), so that what a tool changes
    is the episode's own copy."""

    db: HotelDB

    def _room(self, hotel: Property, code: str) -> RoomType:
        room = next((room for room in hotel.room_types if room.code == code), None)
        if room is None:
            raise ValueError(f"{hotel.name} has no room type {code!r}")
        return room

    def _confirmed(self, confirmation: str) -> Reservation:
        booking = self._get("reservations", confirmation)
        if booking.status != "confirmed":
            raise ValueError(f"Reservation is {booking.status}, not confirmed")
        return booking

    def _case(self, case_id: str) -> FeedbackCase:
        case = self._get("feedback_cases", case_id)
        if case.status != "open":
            raise ValueError("Feedback case is already closed")
        return case

    def _stay(self, check_in: str, check_out: str) -> list[str]:
        """The nights of a new or changed stay: from today on, 1 to 30 nights."""
        if a_date(check_in, "Check-in") < a_date(self.db.today, "Today"):
            raise ValueError("Check-in cannot be before today")
        stay = nights(check_in, check_out) if a_date(check_out, "Check-out") > date.fromisoformat(check_in) else []
        if not 1 <= len(stay) <= 30:
            raise ValueError("A stay must be 1 to 30 nights, check-out after check-in")
        return stay

    def _rooms_left(self, property_id: str, code: str, stay: list[str], inventory: int, leave_out: str = "") -> int:
        """The fewest free rooms of a type over the nights, not counting one booking (being changed)."""
        taken = dict.fromkeys(stay, 0)
        for booking in self.db.reservations.values():
            if (
                booking.property_id == property_id
                and booking.room_type == code
                and booking.status in LIVE
                and booking.confirmation != leave_out
            ):
                for night in nights(booking.check_in, booking.check_out):
                    if night in taken:
                        taken[night] += booking.rooms
        return inventory - max(taken.values())

"""The hospitality desk's tools: the central reservations and guest-relations view of the
group's systems. They check what the systems check (records exist, stays are confirmed,
rooms are free, cards are on file and unexpired, points suffice); rate-plan terms, tier
benefits, limits, compensation amounts and hand-offs are the policy's, so the agent's job.
The look-ups and booking tools come first (``booking.py``); the guest-service tools follow."""

from typing import Annotated

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.hospitality.booking import BookingTools
from taubench.domains.hospitality.models import (
    Compensation,
    FeedbackCase,
    Guest,
    HotelDB,
    LedgerEntry,
    Reservation,
    SpecialRequest,
)
from taubench.domains.hospitality.records import LIVE
from taubench.domains.hospitality.tariff import award_points, nights
from taubench.domains.kit import an_amount
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

PREFERENCES = (
    "quiet_room",
    "high_floor",
    "low_floor",
    "feather_free",
    "extra_pillows",
    "away_from_elevator",
    "near_elevator",
    "twin_beds",
    "king_bed",
)
REQUEST_TYPES = (
    "crib",
    "rollaway",
    "pet",
    "quiet_room",
    "high_floor",
    "early_check_in",
    "accessible_features",
    "other",
)
PET_FEE = 75.0
CHECKOUT_TIMES = ("12:00", "13:00", "14:00", "15:00", "16:00")
NOT_ENROLLED = "The guest is not enrolled in the loyalty programme: points cannot be given"
NOT_DISPUTABLE = ("compensation", "reversal")


class HotelTools(BookingTools):
    db: HotelDB

    @tool("write")
    def upgrade_room(self, confirmation: str, room_type: str) -> Reservation:
        """Move a confirmed booking to a higher room category at its booked nightly rates (a
        complimentary upgrade).

        Args:
            confirmation: The confirmation number.
            room_type: The code of the higher room type, e.g. "DK".
        """
        booking = self._confirmed(confirmation)
        hotel = self._get("properties", booking.property_id)
        current, target = self._room(hotel, booking.room_type), self._room(hotel, room_type)
        if target.accessible or target.category <= current.category:
            raise ValueError(f"{room_type} is not a higher room category than {booking.room_type}")
        stay = nights(booking.check_in, booking.check_out)
        if self._rooms_left(booking.property_id, room_type, stay, target.inventory) < booking.rooms:
            raise ValueError("Not enough rooms of that type free for those nights")
        booking.upgraded_from = booking.upgraded_from or booking.room_type
        booking.room_type = room_type
        return booking

    @tool("write")
    def redeem_points(self, confirmation: str) -> Reservation:
        """Pay a confirmed flexible or member booking with points instead: it becomes an award
        stay (25,000 points a night per room, every 5th night free) and its cash price drops to 0.

        Args:
            confirmation: The confirmation number.
        """
        booking = self._confirmed(confirmation)
        guest = self._get("guests", booking.guest_id)
        if booking.rate_plan not in ("flexible", "member"):
            raise ValueError(f"Only flexible and member bookings can be paid with points, not {booking.rate_plan}")
        if guest.loyalty_number is None:
            raise ValueError("Award stays are for loyalty members only")
        points = award_points(len(booking.nightly_rates), booking.rooms)
        if points > guest.points:
            raise ValueError(f"Not enough points: the stay needs {points} and the guest has {guest.points}")
        booking.rate_plan, booking.points_redeemed = "award", points
        self._price(booking, [0.0] * len(booking.nightly_rates))
        self._ledger(guest, "redeem", -points, confirmation)
        return booking

    @tool("write")
    def post_stay_points(self, confirmation: str, base_points: int, bonus_points: int) -> list[LedgerEntry]:
        """Post a checked-out stay's missing loyalty points to the guest's account: the base points
        and the tier bonus, as two lines of their points activity (no bonus line for 0).

        Args:
            confirmation: The confirmation number of a checked-out cash stay.
            base_points: The base points, a whole number of at least 1.
            bonus_points: The tier bonus points, a whole number (0 for none).
        """
        booking = self._get("reservations", confirmation)
        guest = self._get("guests", booking.guest_id)
        if booking.status != "checked_out":
            raise ValueError(f"Reservation is {booking.status}: points post only for checked-out stays")
        if booking.rate_plan == "award":
            raise ValueError("Award stays earn no points")
        if guest.loyalty_number is None:
            raise ValueError(NOT_ENROLLED)
        if any(
            entry.confirmation == confirmation and entry.kind in ("earn", "bonus")
            for entry in self.db.loyalty_ledger.values()
        ):
            raise ValueError("Points for this stay are already posted")
        if any(
            isinstance(points, bool) or not isinstance(points, int) or points < least
            for points, least in ((base_points, 1), (bonus_points, 0))
        ):
            raise ValueError("Points must be whole numbers: the base at least 1, the bonus at least 0")
        posted = [self._ledger(guest, "earn", base_points, confirmation)]
        if bonus_points:
            posted.append(self._ledger(guest, "bonus", bonus_points, confirmation))
        return posted

    @tool("write")
    def add_request(self, confirmation: str, request_type: str, quantity: int) -> SpecialRequest:
        """Note a special request on an upcoming or current stay. A pet request posts the
        75.00 pet fee to the folio.

        Args:
            confirmation: The confirmation number of a confirmed or checked-in stay.
            request_type: crib, rollaway, pet, quiet_room, high_floor, early_check_in,
                accessible_features or other.
            quantity: How many cribs, rollaways or pets; 1 for the other kinds.
        """
        booking = self._get("reservations", confirmation)
        if booking.status not in LIVE:
            raise ValueError(f"Reservation is {booking.status}: requests are for upcoming or current stays")
        if request_type not in REQUEST_TYPES:
            raise ValueError(f"Request type must be one of {', '.join(REQUEST_TYPES)}")
        if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity < 1:
            raise ValueError("Quantity must be a whole number of at least 1")
        request = SpecialRequest(
            request_id=self._new_id("RQ-", "next_request_number"),
            confirmation=confirmation,
            request_type=request_type,
            quantity=quantity,
            status="requested",
        )
        self.db.requests[request.request_id] = request
        booking.requests.append(request.request_id)
        if request_type == "pet":
            self._charge(booking, "pet_fee", "Pet fee, per stay", PET_FEE)
        return request

    @tool("write")
    def grant_late_checkout(self, confirmation: str, checkout_time: str, charge: float) -> Reservation:
        """Set a later checkout time on an upcoming or current stay, posting its charge (0 when free) to the folio.

        Args:
            confirmation: The confirmation number of a confirmed or checked-in stay.
            checkout_time: 12:00, 13:00, 14:00, 15:00 or 16:00 (standard checkout is 11:00).
            charge: The late checkout charge, USD; 0 when complimentary.
        """
        booking = self._get("reservations", confirmation)
        fee = an_amount(charge, "Charge")
        if booking.status not in LIVE:
            raise ValueError(f"Reservation is {booking.status}: late checkout is for upcoming or current stays")
        if checkout_time not in CHECKOUT_TIMES:
            raise ValueError("Checkout time must be 12:00, 13:00, 14:00, 15:00 or 16:00")
        if fee < 0:
            raise ValueError("Charge cannot be negative")
        if booking.late_checkout is not None:
            raise ValueError(f"Late checkout is already set to {booking.late_checkout}")
        booking.late_checkout = checkout_time
        if fee:
            self._charge(booking, "late_checkout", f"Late checkout until {checkout_time}", fee)
        return booking

    @tool("write")
    def update_preferences(self, guest_id: str, preferences: Annotated[list[str], Unordered()]) -> Guest:
        """Replace the room preferences on a guest's profile (send the whole list to keep).

        Args:
            guest_id: The guest's id.
            preferences: Any of quiet_room, high_floor, low_floor, feather_free, extra_pillows,
                away_from_elevator, near_elevator, twin_beds, king_bed.
        """
        guest = self._get("guests", guest_id)
        if not isinstance(preferences, list) or any(item not in PREFERENCES for item in preferences):
            raise ValueError(f"Preferences must be a list drawn from {', '.join(PREFERENCES)}")
        if len(set(preferences)) != len(preferences):
            raise ValueError("A preference is listed twice")
        guest.preferences = list(preferences)
        return guest

    @tool("write")
    def dispute_charge(self, confirmation: str, charge_id: str) -> Reservation:
        """Reverse a charge on a stay's folio after the guest disputes it: a reversal line of
        the same amount is posted and the charge is marked disputed.

        Args:
            confirmation: The confirmation number of a current or past stay.
            charge_id: The folio charge's id, e.g. "CH-88120".
        """
        booking = self._get("reservations", confirmation)
        if booking.status not in ("checked_in", "checked_out"):
            raise ValueError(f"Reservation is {booking.status}: only stays with a folio have charges to dispute")
        charge = next((charge for charge in booking.folio if charge.charge_id == charge_id), None)
        if charge is None:
            raise ValueError("No charge with that id on this folio")
        if charge.kind in NOT_DISPUTABLE:
            raise ValueError("Credits and reversals cannot be disputed")
        if charge.disputed:
            raise ValueError("That charge has already been reversed")
        charge.disputed = True
        self._charge(booking, "reversal", f"Reversal of {charge_id}", -charge.amount)
        return booking

    @tool("write")
    def issue_compensation(self, case_id: str, kind: str, amount: float) -> FeedbackCase:
        """Compensate a guest on an open feedback case: loyalty points to their account, or a
        credit in USD on the folio of the stay the case is about.

        Args:
            case_id: The feedback case id, e.g. "FC-3012".
            kind: points or credit.
            amount: Points (a whole number), or the credit in USD.
        """
        case = self._case(case_id)
        guest = self._get("guests", case.guest_id)
        if kind not in ("points", "credit"):
            raise ValueError("Kind must be points or credit")
        value = an_amount(amount, "Amount")
        if value <= 0:
            raise ValueError("Amount must be more than 0")
        if kind == "points":
            if value != int(value):
                raise ValueError("Points must be a whole number")
            if guest.loyalty_number is None:
                raise ValueError(NOT_ENROLLED)
            self._ledger(guest, "compensation", int(value), case.confirmation)
        else:
            booking = self._get("reservations", case.confirmation)
            self._charge(booking, "compensation", f"Service recovery, case {case_id}", -value)
        case.compensation.append(Compensation(kind=kind, amount=value, date=self.db.today))
        return case

    @tool("write")
    def close_feedback_case(self, case_id: str) -> FeedbackCase:
        """Close an open feedback case once the guest agrees it is resolved.

        Args:
            case_id: The feedback case id.
        """
        case = self._case(case_id)
        case.status, case.closed_on = "closed", self.db.today
        return case

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)

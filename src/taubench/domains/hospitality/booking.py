"""The desk's look-ups and its booking tools (book, change, cancel a stay), written as the
first half of the toolkit; the guest-service tools are in ``tools.py``."""

from taubench.core.toolkit import tool
from taubench.domains.hospitality.models import (
    Availability,
    FeedbackCase,
    FolioCharge,
    Guest,
    HotelDB,
    LedgerEntry,
    Property,
    Reservation,
)
from taubench.domains.hospitality.records import Records
from taubench.domains.hospitality.tariff import (
    AWARD_POINTS_PER_NIGHT,
    PLANS,
    award_points,
    cents,
    deadline_passed,
    nights,
    plan_rate,
    tax_on,
)


class BookingTools(Records):
    db: HotelDB

    def _charge(self, booking: Reservation, kind: str, description: str, amount: float) -> FolioCharge:
        charge = FolioCharge(
            charge_id=self._new_id("CH-", "next_charge_number"),
            date=self.db.today,
            kind=kind,
            description=description,
            amount=amount,
            disputed=False,
        )
        booking.folio.append(charge)
        return charge

    def _ledger(self, guest: Guest, kind: str, points: int, confirmation: str) -> LedgerEntry:
        entry_id = self._new_id("LE-", "next_entry_number")
        entry = LedgerEntry(
            entry_id=entry_id,
            guest_id=guest.guest_id,
            date=self.db.today,
            kind=kind,
            points=points,
            confirmation=confirmation,
        )
        self.db.loyalty_ledger[entry_id] = entry
        guest.points += points
        return entry

    def _price(self, booking: Reservation, rates: list[float]) -> None:
        booking.nightly_rates = rates
        booking.room_total = cents(sum(rates) * booking.rooms)
        booking.tax = tax_on(booking.room_total)
        booking.total = cents(booking.room_total + booking.tax)

    @tool("read")
    def find_guest(self, loyalty_number: str, zip_code: str) -> Guest:
        """Find a loyalty member's profile by loyalty number and the ZIP code on the profile;
        both must match.

        Args:
            loyalty_number: The loyalty number, e.g. "LK40218877".
            zip_code: The five-digit ZIP code on the profile.
        """
        for guest in self.db.guests.values():
            if (
                guest.loyalty_number
                and guest.loyalty_number == str(loyalty_number).strip().upper()
                and guest.zip_code == str(zip_code).strip()
            ):
                return guest
        raise ValueError("No guest matches that loyalty number and ZIP code")

    @tool("read")
    def get_guest(self, guest_id: str) -> Guest:
        """A guest's profile: contact, loyalty number, tier, points, preferences and cards on file.

        Args:
            guest_id: The guest's id, e.g. "G1042".
        """
        return self._get("guests", guest_id)

    @tool("read")
    def list_reservations(self, guest_id: str) -> list[Reservation]:
        """Every reservation of a guest, past and future, by check-in date.

        Args:
            guest_id: The guest's id.
        """
        self._get("guests", guest_id)
        found = self._of("reservations", "guest_id", guest_id)
        return sorted(found, key=lambda booking: (booking.check_in, booking.confirmation))

    @tool("read")
    def get_reservation(self, confirmation: str) -> Reservation:
        """A reservation: the name it is under, hotel, room type, dates, rate plan and nightly
        rates, totals, guarantee card, status, requests and folio charges.

        Args:
            confirmation: The confirmation number, e.g. "LK-501234".
        """
        return self._get("reservations", confirmation)

    @tool("read")
    def find_hotels(self, city: str) -> list[Property]:
        """The group's hotels in a city, with their room types, inventory and flexible rates.

        Args:
            city: The city, e.g. "Denver".
        """
        wanted = str(city).strip().lower()
        return [hotel for hotel in self.db.properties.values() if hotel.city.lower() == wanted]

    @tool("read")
    def search_availability(self, property_id: str, room_type: str, check_in: str, check_out: str) -> Availability:
        """Free rooms of one type at a hotel for a stay, with the nightly rate of each rate plan
        and the award points per room.

        Args:
            property_id: The hotel's id, e.g. "P07".
            room_type: The room type code: QN, KG, DK, JS or AK (accessible king).
            check_in: YYYY-MM-DD, today or later.
            check_out: YYYY-MM-DD, after check-in.
        """
        hotel = self._get("properties", property_id)
        room = self._room(hotel, room_type)
        stay = self._stay(check_in, check_out)
        return Availability(
            property_id=property_id,
            room_type=room_type,
            check_in=check_in,
            check_out=check_out,
            rooms_left=self._rooms_left(property_id, room_type, stay, room.inventory),
            flexible_rates=[plan_rate(room, night, "flexible") for night in stay],
            member_rates=[plan_rate(room, night, "member") for night in stay],
            advance_purchase_rates=[plan_rate(room, night, "advance_purchase") for night in stay],
            award_points=award_points(len(stay), 1),
        )

    @tool("read")
    def list_feedback_cases(self, guest_id: str) -> list[FeedbackCase]:
        """A guest's feedback cases, oldest first, with the compensation already given.

        Args:
            guest_id: The guest's id.
        """
        self._get("guests", guest_id)
        return self._of("feedback_cases", "guest_id", guest_id)

    @tool("read")
    def get_points_activity(self, guest_id: str) -> list[LedgerEntry]:
        """A guest's loyalty points activity, oldest first: points earned on stays and their tier
        bonus, redeemed, refunded, given as compensation or adjusted.

        Args:
            guest_id: The guest's id.
        """
        self._get("guests", guest_id)
        return self._of("loyalty_ledger", "guest_id", guest_id)

    @tool("write")
    def create_reservation(
        self,
        guest_id: str,
        property_id: str,
        room_type: str,
        check_in: str,
        check_out: str,
        rate_plan: str,
        rooms: int,
        card_id: str,
    ) -> Reservation:
        """Book a stay for a guest, guaranteed with a card on their profile. Award stays take
        their points from the guest's balance now.

        Args:
            guest_id: The guest's id.
            property_id: The hotel's id.
            room_type: The room type code.
            check_in: YYYY-MM-DD, today or later.
            check_out: YYYY-MM-DD, after check-in.
            rate_plan: flexible, member, advance_purchase or award.
            rooms: How many rooms of that type, a whole number of at least 1.
            card_id: The guarantee card's id on the guest's profile, e.g. "CC-1042-1".
        """
        guest, hotel = self._get("guests", guest_id), self._get("properties", property_id)
        room = self._room(hotel, room_type)
        stay = self._stay(check_in, check_out)
        if rate_plan not in PLANS:
            raise ValueError("Rate plan must be flexible, member, advance_purchase or award")
        if isinstance(rooms, bool) or not isinstance(rooms, int) or rooms < 1:
            raise ValueError("Rooms must be a whole number of at least 1")
        card = next((card for card in guest.cards if card.card_id == card_id), None)
        if card is None:
            raise ValueError("No card with that id on the guest's profile")
        if card.expires < self.db.today[:7]:
            raise ValueError("The card has expired")
        if self._rooms_left(property_id, room_type, stay, room.inventory) < rooms:
            raise ValueError("Not enough rooms of that type free for those nights")
        points = award_points(len(stay), rooms) if rate_plan == "award" else 0
        if points and guest.loyalty_number is None:
            raise ValueError("Award stays are for loyalty members only")
        if points > guest.points:
            raise ValueError(f"Not enough points: the stay needs {points} and the guest has {guest.points}")
        booking = Reservation(
            confirmation=self._new_id("LK-", "next_confirmation_number"),
            guest_id=guest_id,
            guest_name=guest.name,
            property_id=property_id,
            room_type=room_type,
            rooms=rooms,
            check_in=check_in,
            check_out=check_out,
            rate_plan=rate_plan,
            nightly_rates=[],
            room_total=0.0,
            tax=0.0,
            total=0.0,
            points_redeemed=points,
            card_id=card_id,
            status="confirmed",
            cancellation_fee=0.0,
            upgraded_from=None,
            late_checkout=None,
            requests=[],
            folio=[],
        )
        self._price(booking, [plan_rate(room, night, rate_plan) for night in stay])
        self.db.reservations[booking.confirmation] = booking
        if points:
            self._ledger(guest, "redeem", -points, booking.confirmation)
        return booking

    @tool("write")
    def modify_reservation(self, confirmation: str, check_in: str, check_out: str, room_type: str) -> Reservation:
        """Change a confirmed cash booking's dates or room type. Nights kept on the same date
        in the same room type keep their booked rate; every other night is priced at today's
        rate of the booking's plan.

        Args:
            confirmation: The confirmation number.
            check_in: The new check-in date, YYYY-MM-DD (the same one to keep it).
            check_out: The new check-out date, YYYY-MM-DD.
            room_type: The new room type code (the same one to keep it).
        """
        booking = self._confirmed(confirmation)
        if booking.rate_plan == "award":
            raise ValueError("Award stays cannot be changed: cancel and book again")
        room = self._room(self._get("properties", booking.property_id), room_type)
        stay = self._stay(check_in, check_out)
        if (check_in, check_out, room_type) == (booking.check_in, booking.check_out, booking.room_type):
            raise ValueError("Nothing to change: the dates and room type are the same")
        if self._rooms_left(booking.property_id, room_type, stay, room.inventory, confirmation) < booking.rooms:
            raise ValueError("Not enough rooms of that type free for those nights")
        kept = dict(zip(nights(booking.check_in, booking.check_out), booking.nightly_rates))
        same_room = room_type == booking.room_type
        rates = [
            kept[night] if same_room and night in kept else plan_rate(room, night, booking.rate_plan) for night in stay
        ]
        booking.check_in, booking.check_out, booking.room_type = check_in, check_out, room_type
        self._price(booking, rates)
        return booking

    @tool("write")
    def cancel_reservation(self, confirmation: str) -> Reservation:
        """Cancel a confirmed booking. Flexible and member bookings are free until 15:00 two
        days before arrival, then cost the first night plus tax per room; advance-purchase
        bookings refund nothing; award stays give their points back (after the deadline,
        less one night's points per room). The fee is charged to the guarantee card.

        Args:
            confirmation: The confirmation number.
        """
        booking = self._confirmed(confirmation)
        late = deadline_passed(booking.check_in, self.db.today, self.db.now)
        if booking.rate_plan == "advance_purchase":
            booking.cancellation_fee = booking.total
        elif booking.rate_plan == "award":
            forfeit = AWARD_POINTS_PER_NIGHT * booking.rooms if late else 0
            self._ledger(
                self._get("guests", booking.guest_id), "refund", booking.points_redeemed - forfeit, confirmation
            )
        elif late:
            first = cents(booking.nightly_rates[0] * booking.rooms)
            booking.cancellation_fee = cents(first + tax_on(first))
        booking.status = "cancelled"
        return booking

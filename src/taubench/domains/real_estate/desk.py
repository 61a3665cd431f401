"""The real-estate desk's look-ups (clients with their saved searches, listings, tour slots,
tours, offers, documents) and its agreement and tour writes. Like every tool of the desk they
check what the brokerage's systems check (existence, status, open slots, double bookings); who
may tour and when is the policy's, so the agent's."""

from datetime import datetime, timedelta
from typing import Literal, Optional

from taubench.core.toolkit import tool
from taubench.domains.kit import RecordDesk, a_date
from taubench.domains.real_estate.models import (
    Agent,
    BuyerAgreement,
    Client,
    ClientWithSearch,
    Document,
    Hold,
    Listing,
    Offer,
    RealEstateDB,
    RentalApplication,
    Tour,
    TourSlot,
)

SEARCH_LIMIT = 20


def moment(text: str, what: str) -> datetime:
    try:
        return datetime.strptime(text, "%Y-%m-%d %H:%M")
    except ValueError:
        raise ValueError(f"{what} must be written YYYY-MM-DD HH:MM") from None


def saved_search_key(db: RealEstateDB, client_id: str) -> Optional[str]:
    """The key of the saved search a client set up or shares as its co-client, if any."""
    if client_id in db.search_preferences:
        return client_id
    return next((key for key, search in db.search_preferences.items() if search.co_client_id == client_id), None)


class ListingDesk(RecordDesk):
    """The desk's look-ups and its tour bookings; the offer, document and rental writes build on it."""

    db: RealEstateDB

    def _now(self) -> datetime:
        return datetime.strptime(self.db.now, "%Y-%m-%d %H:%M")

    @tool("read")
    def find_client(self, name: str, phone: str) -> list[str]:
        """The ids of the clients with this full name and phone number (more than one when
        family members share a name and a phone).

        Args:
            name: The client's full name, e.g. "Dana Whitfield" (any case).
            phone: The phone number on file, e.g. "312-555-0147".
        """
        digits = "".join(ch for ch in phone if ch.isdigit())
        found = [
            client.client_id
            for client in self.db.clients.values()
            if client.name.lower() == name.strip().lower()
            and "".join(ch for ch in client.phone if ch.isdigit()) == digits
        ]
        if not found:
            raise ValueError("No client with that name and phone")
        return found

    @tool("read")
    def get_client(self, client_id: str) -> Client:
        """A client's record: contact details, their buyer's agent, buyer agreement, financing on
        file (pre-approvals and proof of funds), payment methods and, when they have one, their
        saved search (search_preferences, also shown to a co-client who shares it).

        Args:
            client_id: The client's id, e.g. "C2001".
        """
        client = self._get("clients", client_id)
        key = saved_search_key(self.db, client_id)
        if key is None:
            return client
        return ClientWithSearch(**client.model_dump(), search_preferences=self.db.search_preferences[key])

    @tool("read")
    def get_agent(self, agent_id: str) -> Agent:
        """A brokerage agent's contact details and days off (days they lead no tours).

        Args:
            agent_id: The agent's id, e.g. "A01".
        """
        return self._get("agents", agent_id)

    @tool("read")
    def search_listings(
        self,
        city: Optional[str] = None,
        address: Optional[str] = None,
        listing_type: Optional[Literal["sale", "rental"]] = None,
        min_price: Optional[float] = None,
        max_price: Optional[float] = None,
        min_beds: Optional[int] = None,
    ) -> list[Listing]:
        """Listings matching every criterion given, in listing-id order, at most 20, each with its
        full details: type, price or rent, rooms, year built, status, HOA fee, occupancy and
        whether the seller takes backup offers. Price is the asking price for a sale and the
        monthly rent for a rental.

        Args:
            city: The city, e.g. "Evanston" (any case).
            address: Part of the street address, e.g. "14 Maple" (any case).
            listing_type: "sale" or "rental".
            min_price: The lowest price or rent, USD.
            max_price: The highest price or rent, USD.
            min_beds: The fewest bedrooms.
        """
        found = []
        for listing in self.db.listings.values():
            if city and listing.city.lower() != city.strip().lower():
                continue
            if address and address.strip().lower() not in listing.address.lower():
                continue
            if listing_type and listing.listing_type != listing_type:
                continue
            if (min_price is not None and listing.price < min_price) or (
                max_price is not None and listing.price > max_price
            ):
                continue
            if min_beds is not None and listing.beds < min_beds:
                continue
            found.append(listing)
        return found[:SEARCH_LIMIT]

    @tool("read")
    def list_tour_slots(self, listing_id: str, date: str) -> list[TourSlot]:
        """The open tour slots of a listing on one day that start after now, earliest first.

        Args:
            listing_id: The listing's id.
            date: The day, YYYY-MM-DD.
        """
        self._get("listings", listing_id)
        a_date(date, "date")
        slots = [
            slot
            for slot in self.db.tour_slots.values()
            if slot.listing_id == listing_id
            and slot.date == date
            and slot.status == "open"
            and moment(f"{slot.date} {slot.time}", "slot") > self._now()
        ]
        return sorted(slots, key=lambda slot: slot.time)

    @tool("read")
    def list_client_tours(self, client_id: str) -> list[Tour]:
        """A client's scheduled tours, earliest first.

        Args:
            client_id: The client's id.
        """
        self._get("clients", client_id)
        tours = [tour for tour in self._of("tours", "client_id", client_id) if tour.status == "scheduled"]
        return sorted(tours, key=lambda tour: (tour.date, tour.time))

    @tool("read")
    def list_client_offers(self, client_id: str) -> list[Offer]:
        """Every offer a client has made, with its status and any seller counter, oldest first.

        Args:
            client_id: The client's id.
        """
        self._get("clients", client_id)
        return self._of("offers", "client_id", client_id)

    @tool("read")
    def list_client_applications(self, client_id: str) -> list[RentalApplication]:
        """A client's rental applications, with their status and the fee paid, oldest first.

        Args:
            client_id: The client's id.
        """
        self._get("clients", client_id)
        return self._of("rental_applications", "client_id", client_id)

    @tool("read")
    def list_client_holds(self, client_id: str) -> list[Hold]:
        """The holds a client has placed on rental units, with their status and expiry, oldest first.

        Args:
            client_id: The client's id.
        """
        self._get("clients", client_id)
        return self._of("holds", "client_id", client_id)

    @tool("read")
    def list_listing_documents(self, listing_id: str) -> list[Document]:
        """A listing's disclosure documents and the clients each was sent to.

        Args:
            listing_id: The listing's id.
        """
        self._get("listings", listing_id)
        return self._of("documents", "listing_id", listing_id)

    @tool("write")
    def sign_buyer_agreement(self, client_id: str, term_days: int, compensation_pct: float) -> Client:
        """Record a written buyer agreement signed today, in force for term_days days.

        Args:
            client_id: The client's id.
            term_days: How many days the agreement runs, counted from today.
            compensation_pct: The brokerage's compensation, percent of the purchase price.
        """
        client = self._get("clients", client_id)
        today = self._now().date()
        if client.buyer_agreement and a_date(client.buyer_agreement.expires_on, "expiry") >= today:
            raise ValueError("Client already has a buyer agreement in force")
        if term_days < 1:
            raise ValueError("Term must be at least one day")
        if not 0 < compensation_pct < 10:
            raise ValueError("Compensation must be more than 0 and less than 10 percent")
        expires = (today + timedelta(days=term_days)).isoformat()
        client.buyer_agreement = BuyerAgreement(
            signed_on=today.isoformat(), expires_on=expires, compensation_pct=compensation_pct
        )
        return client

    @tool("write")
    def schedule_tour(self, client_id: str, slot_id: str) -> Tour:
        """Book a client on an open tour slot of a listing.

        Args:
            client_id: The client's id.
            slot_id: The slot's id, e.g. "S30001".
        """
        self._get("clients", client_id)
        slot = self._get("tour_slots", slot_id)
        if slot.status != "open":
            raise ValueError("Tour slot is already booked")
        if moment(f"{slot.date} {slot.time}", "slot") <= self._now():
            raise ValueError("Tour slot is in the past")
        if self._get("listings", slot.listing_id).status != "active":
            raise ValueError("Listing is not active and cannot be toured")
        if any(
            tour.client_id == client_id
            and tour.status == "scheduled"
            and (tour.date, tour.time) == (slot.date, slot.time)
            for tour in self.db.tours.values()
        ):
            raise ValueError("Client already has a tour at that time")
        tour = Tour(
            tour_id=self._new_id("T", "next_tour_number"),
            client_id=client_id,
            listing_id=slot.listing_id,
            slot_id=slot_id,
            date=slot.date,
            time=slot.time,
            status="scheduled",
        )
        slot.status = "booked"
        self.db.tours[tour.tour_id] = tour
        return tour

    @tool("write")
    def cancel_tour(self, tour_id: str) -> Tour:
        """Cancel a scheduled tour and free its slot.

        Args:
            tour_id: The tour's id, e.g. "T5001".
        """
        tour = self._get("tours", tour_id)
        if tour.status != "scheduled":
            raise ValueError(f"Tour is {tour.status}, not scheduled")
        tour.status = "cancelled"
        self.db.tour_slots[tour.slot_id].status = "open"
        return tour

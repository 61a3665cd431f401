"""The real-estate client desk's tools: the look-ups and tour bookings of ``desk.py``, and here
the writes that carry money or legal weight (sending disclosures, making, withdrawing and
settling offers, filing rental applications, holding units for approved applicants) and the
saved searches. They check what the brokerage's systems check (existence, status, consistent
figures and dates); what an offer must carry, who may apply or change a search and when to
refuse or hand off is the policy's, so the agent's."""

from datetime import timedelta
from typing import Annotated, Any, Literal, Optional

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.kit import a_date
from taubench.domains.real_estate.desk import ListingDesk, moment, saved_search_key
from taubench.domains.real_estate.models import (
    Client,
    Document,
    Hold,
    MustHave,
    Offer,
    PaymentMethod,
    PropertyType,
    RentalApplication,
    SearchPreferences,
)
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

APPLICATION_FEE_PER_ADULT = 45.0
HOLD_DEPOSIT = 500.0
MOST_BEDS_SEARCHED = 6
Contingency = Literal["inspection", "appraisal", "financing", "home_sale"]


class RealEstateTools(ListingDesk):
    def _chargeable(self, client: Client, payment_method_id: str) -> PaymentMethod:
        method = next(
            (method for method in client.payment_methods if method.payment_method_id == payment_method_id), None
        )
        if method is None:
            raise ValueError("Payment method not on file for this client")
        if method.expires_on and a_date(method.expires_on, "card expiry") < self._now().date():
            raise ValueError("Card has expired")
        return method

    @tool("write")
    def send_document(self, client_id: str, document_id: str) -> Document:
        """Email a listing's disclosure document to a client and log it as sent.

        Args:
            client_id: The client's id.
            document_id: The document's id, e.g. "D7001".
        """
        self._get("clients", client_id)
        document = self._get("documents", document_id)
        if client_id in document.sent_to:
            raise ValueError("Document was already sent to this client")
        document.sent_to.append(client_id)
        return document

    @tool("write")
    def submit_offer(
        self,
        client_id: str,
        listing_id: str,
        price: float,
        earnest_money: float,
        financing: Literal["cash", "mortgage"],
        loan_amount: float,
        contingencies: Annotated[list[Contingency], Unordered()],
        closing_date: str,
        expires_at: str,
        backup: bool,
    ) -> Offer:
        """Submit a buyer's written offer on a listing for sale to the seller's agent.

        Args:
            client_id: The buyer's id.
            listing_id: The listing's id.
            price: The offered price, USD.
            earnest_money: The good-faith deposit, USD.
            financing: "cash" or "mortgage".
            loan_amount: The mortgage amount, USD (the price less the buyer's down payment); 0 for cash.
            contingencies: Any of "inspection", "appraisal", "financing", "home_sale"; may be empty.
            closing_date: The proposed closing date, YYYY-MM-DD.
            expires_at: When the offer lapses if the seller has not answered, YYYY-MM-DD HH:MM.
            backup: True for a backup offer on a listing already under contract (pending).
        """
        self._get("clients", client_id)
        listing = self._get("listings", listing_id)
        if listing.listing_type != "sale":
            raise ValueError("Listing is a rental, not for sale")
        if listing.status not in ("active", "pending"):
            raise ValueError(f"Listing is {listing.status} and takes no offers")
        if backup != (listing.status == "pending"):
            raise ValueError("A backup offer is made exactly when the listing is pending")
        if price <= 0 or not 0 < earnest_money < price:
            raise ValueError("Price must be positive and earnest money between 0 and the price")
        if (financing == "cash") != (loan_amount == 0) or not 0 <= loan_amount < price:
            raise ValueError("A mortgage needs a loan amount below the price; a cash offer has none")
        now = self._now()
        if a_date(closing_date, "closing_date") <= now.date():
            raise ValueError("Closing date must be after today")
        if moment(expires_at, "expires_at") <= now:
            raise ValueError("Expiry must be after now")
        offer = Offer(
            offer_id=self._new_id("O", "next_offer_number"),
            client_id=client_id,
            listing_id=listing_id,
            price=round(price, 2),
            earnest_money=round(earnest_money, 2),
            financing=financing,
            loan_amount=round(loan_amount, 2),
            contingencies=list(contingencies),
            closing_date=closing_date,
            submitted_at=self.db.now,
            expires_at=expires_at,
            backup=backup,
            status="submitted",
        )
        self.db.offers[offer.offer_id] = offer
        return offer

    @tool("write")
    def withdraw_offer(self, offer_id: str) -> Offer:
        """Withdraw a buyer's offer.

        Args:
            offer_id: The offer's id, e.g. "O4001".
        """
        offer = self._get("offers", offer_id)
        if offer.status not in ("submitted", "countered", "accepted"):
            raise ValueError(f"Offer is {offer.status} and cannot be withdrawn")
        offer.status = "withdrawn"
        return offer

    @tool("write")
    def accept_counter_offer(self, offer_id: str) -> Offer:
        """Accept the seller's counter to an offer: the offer is accepted at the counter price,
        and a mortgage's loan amount rises by the difference (the down payment stays the same).

        Args:
            offer_id: The offer's id.
        """
        offer = self._get("offers", offer_id)
        if offer.status != "countered" or offer.counter_price is None:
            raise ValueError("Offer has no counter to accept")
        if offer.financing == "mortgage":
            offer.loan_amount = round(offer.loan_amount + offer.counter_price - offer.price, 2)
        offer.price = offer.counter_price
        offer.status = "accepted"
        return offer

    @tool("write")
    def submit_rental_application(
        self, client_id: str, listing_id: str, move_in_date: str, adults: int, payment_method_id: str
    ) -> RentalApplication:
        """File a rental application and charge the application fee of 45 USD per adult to a
        payment method on file.

        Args:
            client_id: The applicant's id.
            listing_id: The rental listing's id.
            move_in_date: The requested move-in date, YYYY-MM-DD.
            adults: The number of adults (18 or older) who will live in the unit.
            payment_method_id: The payment method on file to charge, e.g. "PM1".
        """
        client = self._get("clients", client_id)
        listing = self._get("listings", listing_id)
        if listing.listing_type != "rental":
            raise ValueError("Listing is for sale, not a rental")
        if listing.status != "active":
            raise ValueError(f"Listing is {listing.status} and takes no applications")
        if adults < 1:
            raise ValueError("At least one adult must apply")
        if a_date(move_in_date, "move_in_date") <= self._now().date():
            raise ValueError("Move-in date must be after today")
        self._chargeable(client, payment_method_id)
        application = RentalApplication(
            application_id=self._new_id("R", "next_application_number"),
            client_id=client_id,
            listing_id=listing_id,
            move_in_date=move_in_date,
            adults=adults,
            fee_paid=round(APPLICATION_FEE_PER_ADULT * adults, 2),
            payment_method_id=payment_method_id,
            status="submitted",
        )
        self.db.rental_applications[application.application_id] = application
        return application

    @tool("write")
    def place_rental_hold(self, application_id: str, days: int, payment_method_id: str) -> Hold:
        """Take a rental unit off the market for an approved applicant while the lease is prepared,
        charging the 500 USD holding deposit to a payment method on file.

        Args:
            application_id: The approved rental application's id, e.g. "R6002".
            days: How many days the hold lasts, counted from today.
            payment_method_id: The applicant's payment method to charge, e.g. "PM1".
        """
        application = self._get("rental_applications", application_id)
        if application.status != "approved":
            raise ValueError(f"Application is {application.status}; only an approved application can hold a unit")
        if self._get("listings", application.listing_id).status != "active":
            raise ValueError("Listing is no longer active")
        if any(
            hold.listing_id == application.listing_id and hold.status == "active" for hold in self.db.holds.values()
        ):
            raise ValueError("Unit is already on hold")
        if days < 1:
            raise ValueError("Hold must last at least one day")
        self._chargeable(self._get("clients", application.client_id), payment_method_id)
        today = self._now().date()
        expires = (today + timedelta(days=days)).isoformat()
        hold = Hold(
            hold_id=self._new_id("H", "next_hold_number"),
            client_id=application.client_id,
            listing_id=application.listing_id,
            application_id=application_id,
            placed_on=today.isoformat(),
            expires_on=expires,
            deposit=HOLD_DEPOSIT,
            payment_method_id=payment_method_id,
            status="active",
        )
        self.db.holds[hold.hold_id] = hold
        return hold

    @tool("write")
    def update_search_preferences(
        self,
        client_id: str,
        listing_type: Optional[Literal["sale", "rental"]] = None,
        cities: Annotated[Optional[list[str]], Unordered()] = None,
        min_price: Optional[float] = None,
        max_price: Optional[float] = None,
        min_beds: Optional[int] = None,
        property_types: Annotated[Optional[list[PropertyType]], Unordered()] = None,
        must_haves: Annotated[Optional[list[MustHave]], Unordered()] = None,
    ) -> SearchPreferences:
        """Change a client's saved search: the criteria given replace the saved ones, the rest stay
        as they are. A client without one gets a new saved search, which needs listing_type, cities
        and max_price (min_price and min_beds then start at 0). A co-client changes the search they
        share.

        Args:
            client_id: The client's id.
            listing_type: "sale" or "rental"; only for a new saved search.
            cities: Every city to search, e.g. ["Evanston", "Skokie"]; replaces the saved list.
            min_price: The lowest asking price (sale) or monthly rent (rental), USD.
            max_price: The highest asking price or monthly rent, USD.
            min_beds: The fewest bedrooms.
            property_types: Any of "single_family", "condo", "townhouse", "apartment"; replaces the
                saved list; an empty list means any type.
            must_haves: Any of "no_hoa", "built_1978_or_later", "vacant", "two_baths" (2 or more
                baths); replaces the saved list.
        """
        self._get("clients", client_id)
        given: dict[str, Any] = {
            "cities": cities,
            "min_price": min_price,
            "max_price": max_price,
            "min_beds": min_beds,
            "property_types": property_types,
            "must_haves": must_haves,
        }
        changes = {field: value for field, value in given.items() if value is not None}
        key = saved_search_key(self.db, client_id)
        if key is None:
            if listing_type is None or cities is None or max_price is None:
                raise ValueError("A new saved search needs a listing type, cities and a maximum price")
            saved: dict[str, Any] = {
                "listing_type": listing_type,
                "cities": [],
                "min_price": 0.0,
                "max_price": 0.0,
                "min_beds": 0,
                "property_types": [],
                "must_haves": [],
            }
        else:
            saved = self.db.search_preferences[key].model_dump()
            if listing_type not in (None, saved["listing_type"]):
                raise ValueError("A saved search's listing type cannot change")
            if not changes:
                raise ValueError("Nothing to change")
        merged = {**saved, **changes}
        served = {listing.city.lower(): listing.city for listing in self.db.listings.values()}
        if not merged["cities"]:
            raise ValueError("A saved search needs at least one city")
        if unknown := [city for city in merged["cities"] if city.strip().lower() not in served]:
            raise ValueError(f"The brokerage has no listings in {unknown[0]}")
        merged["cities"] = sorted({served[city.strip().lower()] for city in merged["cities"]})
        if not 0 <= merged["min_price"] <= merged["max_price"]:
            raise ValueError("Prices must be 0 or more, the minimum no higher than the maximum")
        if not 0 <= merged["min_beds"] <= MOST_BEDS_SEARCHED:
            raise ValueError("Bedrooms must be between 0 and 6")
        merged.update(
            min_price=round(float(merged["min_price"]), 2),
            max_price=round(float(merged["max_price"]), 2),
            updated_on=self._now().date().isoformat(),
        )
        if key is None:
            key = client_id
            merged.update(client_id=client_id, co_client_id=None)
        search = SearchPreferences(**merged)
        self.db.search_preferences[key] = search
        return search

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)

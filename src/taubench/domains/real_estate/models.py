"""The real-estate desk's database: listings for sale and for rent, the brokerage's clients
(buyer agreements, financing on file, payment methods, saved searches), tour slots and tours,
offers with the sellers' counters, disclosure documents with their sent-to log, rental
applications and the holds that keep an approved applicant's unit off the market."""

from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import RefersTo, Unordered

PropertyType = Literal["single_family", "condo", "townhouse", "apartment"]
MustHave = Literal["no_hoa", "built_1978_or_later", "vacant", "two_baths"]


class Listing(BaseModel):
    listing_id: str
    address: str
    city: str
    zip: str
    listing_type: Literal["sale", "rental"]
    property_type: PropertyType
    price: float  # asking price (sale) or monthly rent (rental), USD
    beds: int
    baths: float
    sqft: int
    year_built: int
    status: Literal["active", "pending", "sold", "leased"]
    hoa_fee: float  # monthly, USD; 0 when there is no association
    occupancy: Literal["vacant", "owner_occupied", "tenant_occupied"]
    accepts_backup_offers: bool


class BuyerAgreement(BaseModel):
    signed_on: str  # YYYY-MM-DD
    expires_on: str  # YYYY-MM-DD, the last day it is in force
    compensation_pct: float


class Financing(BaseModel):
    kind: Literal["pre_approval", "proof_of_funds"]
    source: str  # the lender or the bank holding the funds
    amount: float  # USD: the most it covers
    expires_on: str  # YYYY-MM-DD, the last day it is valid


class PaymentMethod(BaseModel):
    payment_method_id: str
    kind: Literal["card", "bank_account"]
    last4: str
    expires_on: Optional[str] = None  # cards only, YYYY-MM-DD


class Agent(BaseModel):
    agent_id: str
    name: str
    phone: str
    days_off: Annotated[list[str], Unordered()]  # YYYY-MM-DD: no tours of homes for sale on these days


class Client(BaseModel):
    client_id: str
    name: str
    phone: str
    email: str
    agent_id: Optional[Annotated[str, RefersTo("agents")]]  # the buyer's agent, who leads their tours of homes for sale
    monthly_income: float  # gross household income on file, USD
    buyer_agreement: Optional[BuyerAgreement]
    financing: Annotated[list[Financing], Unordered()]
    payment_methods: Annotated[list[PaymentMethod], Unordered()]


class SearchPreferences(BaseModel):
    """A client's saved search: what the desk searches for them when they ask what is available."""

    client_id: Annotated[str, RefersTo("clients")]  # the client who set it up (its key)
    co_client_id: Optional[Annotated[str, RefersTo("clients")]]  # a co-buyer or co-tenant who shares it
    listing_type: Literal["sale", "rental"]
    cities: Annotated[list[str], Unordered()]
    min_price: float  # USD: asking price (sale) or monthly rent (rental)
    max_price: float
    min_beds: int
    property_types: Annotated[list[PropertyType], Unordered()]  # empty: any type
    must_haves: Annotated[list[MustHave], Unordered()]
    updated_on: str  # YYYY-MM-DD


class ClientWithSearch(Client):
    """A client's record as the desk shows it when they have a saved search (their own or one
    shared with a co-client)."""

    search_preferences: SearchPreferences


class TourSlot(BaseModel):
    slot_id: str
    listing_id: Annotated[str, RefersTo("listings")]
    date: str  # YYYY-MM-DD
    time: str  # HH:MM, start; a tour lasts 30 minutes
    status: Literal["open", "booked"]


class Tour(BaseModel):
    tour_id: str
    client_id: Annotated[str, RefersTo("clients")]
    listing_id: Annotated[str, RefersTo("listings")]
    slot_id: Annotated[str, RefersTo("tour_slots")]
    date: str
    time: str
    status: Literal["scheduled", "completed", "cancelled"]


class Offer(BaseModel):
    offer_id: str
    client_id: Annotated[str, RefersTo("clients")]
    listing_id: Annotated[str, RefersTo("listings")]
    price: float
    earnest_money: float
    financing: Literal["cash", "mortgage"]
    loan_amount: float  # 0 for cash
    contingencies: Annotated[list[Literal["inspection", "appraisal", "financing", "home_sale"]], Unordered()]
    closing_date: str  # YYYY-MM-DD
    submitted_at: str  # YYYY-MM-DD HH:MM
    expires_at: str  # YYYY-MM-DD HH:MM
    backup: bool
    status: Literal["submitted", "countered", "accepted", "rejected", "withdrawn", "expired"]
    counter_price: Optional[float] = None  # the seller's counter, when countered
    counter_expires_at: Optional[str] = None


class Document(BaseModel):
    document_id: str
    listing_id: Annotated[str, RefersTo("listings")]
    doc_type: Literal["seller_disclosure", "lead_paint_disclosure", "hoa_documents"]
    title: str
    sent_to: Annotated[list[Annotated[str, RefersTo("clients")]], Unordered()]


class RentalApplication(BaseModel):
    application_id: str
    client_id: Annotated[str, RefersTo("clients")]
    listing_id: Annotated[str, RefersTo("listings")]
    move_in_date: str
    adults: int
    fee_paid: float
    payment_method_id: str
    status: Literal["submitted", "approved", "denied", "withdrawn"]


class Hold(BaseModel):
    hold_id: str
    client_id: Annotated[str, RefersTo("clients")]
    listing_id: Annotated[str, RefersTo("listings")]
    application_id: Annotated[str, RefersTo("rental_applications")]
    placed_on: str  # YYYY-MM-DD
    expires_on: str  # YYYY-MM-DD, the last day the unit is held
    deposit: float  # the holding deposit charged, USD
    payment_method_id: str
    status: Literal["active", "released", "converted", "expired"]


class RealEstateDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # YYYY-MM-DD HH:MM, the desk's fixed "now"; tools never read a clock
    next_tour_number: int
    next_offer_number: int
    next_application_number: int
    next_hold_number: int
    agents: dict[str, Agent]
    listings: dict[str, Listing]
    clients: dict[str, Client]
    tour_slots: dict[str, TourSlot]
    tours: dict[str, Tour]
    offers: dict[str, Offer]
    documents: dict[str, Document]
    rental_applications: dict[str, RentalApplication]
    holds: dict[str, Hold]
    search_preferences: dict[str, SearchPreferences]  # keyed by the client who set the search up

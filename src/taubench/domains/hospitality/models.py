"""The hospitality domain's database: a hotel group's guests, hotels and their room types,
reservations with their folios, special requests, feedback cases and the loyalty ledger."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RecordId, RefersTo, Unordered

Tier = Literal["none", "member", "silver", "gold", "platinum"]
RatePlan = Literal["flexible", "member", "advance_purchase", "award"]
BY_NIGHT = Ordered("one rate per night, first night first")
ChargeKind = Literal[
    "room",
    "tax",
    "minibar",
    "parking",
    "restaurant",
    "spa",
    "phone",
    "pet_fee",
    "late_checkout",
    "compensation",
    "reversal",
]


class Card(BaseModel):
    card_id: str
    brand: str
    last4: str
    expires: str  # YYYY-MM, valid through the end of that month


class Guest(BaseModel):
    guest_id: str
    name: str
    email: str
    phone: str
    zip_code: str
    loyalty_number: Optional[str]  # None: not enrolled in the loyalty programme
    tier: Tier
    points: int
    preferences: Annotated[list[str], Unordered()]
    cards: Annotated[list[Card], Unordered()]


class RoomType(BaseModel):
    code: str  # QN, KG, DK, JS, AK
    name: str
    category: int  # 1 standard queen ... 4 junior suite; one step up is an upgrade
    accessible: bool
    inventory: int  # rooms of this type in the hotel
    weekday_rate: float  # flexible rate for a Sunday to Thursday night, USD
    weekend_rate: float  # flexible rate for a Friday or Saturday night


class Property(BaseModel):
    noun: ClassVar[str] = "Hotel"  # how a refusal names it
    property_id: str
    name: str
    city: str
    pet_friendly: bool
    room_types: Annotated[list[RoomType], Unordered()]


class FolioCharge(BaseModel):
    charge_id: Annotated[str, RecordId()]  # minted from next_charge_number
    date: str
    kind: ChargeKind
    description: str
    amount: float  # USD; credits and reversals are negative
    disputed: bool  # True once reversed after a dispute


class Reservation(BaseModel):
    confirmation: str
    guest_id: Annotated[str, RefersTo("guests")]
    guest_name: str  # the name the booking is under
    property_id: Annotated[str, RefersTo("properties")]
    room_type: str
    rooms: int
    check_in: str
    check_out: str
    rate_plan: RatePlan
    nightly_rates: Annotated[list[float], BY_NIGHT]  # per room; 0 on award stays
    room_total: float  # nightly rates times rooms
    tax: float  # 14% of the room total
    total: float
    points_redeemed: int  # award stays
    card_id: str  # the guarantee card, on the guest's profile
    status: Literal["confirmed", "checked_in", "checked_out", "cancelled", "no_show"]
    cancellation_fee: float
    upgraded_from: Optional[str]  # the room type booked before a complimentary upgrade
    late_checkout: Optional[str]  # HH:MM, when granted
    requests: Annotated[list[Annotated[str, RefersTo("requests")]], Unordered()]
    folio: Annotated[list[FolioCharge], Unordered()]


class SpecialRequest(BaseModel):
    request_id: str
    confirmation: Annotated[str, RefersTo("reservations")]
    request_type: Literal[
        "crib", "rollaway", "pet", "quiet_room", "high_floor", "early_check_in", "accessible_features", "other"
    ]
    quantity: int  # cribs, rollaways or pets; 1 for the other kinds
    status: Literal["requested", "fulfilled", "cancelled"]


class Compensation(BaseModel):
    kind: Literal["points", "credit"]
    amount: float  # points, or USD credited to the stay's folio
    date: str


class FeedbackCase(BaseModel):
    case_id: str
    guest_id: Annotated[str, RefersTo("guests")]
    confirmation: Annotated[str, RefersTo("reservations")]
    category: Literal["noise", "cleanliness", "room_defect", "relocation", "service"]
    severity: Literal["minor", "major"]
    night: str  # the night the issue happened
    description: str
    transport_cost: float  # relocation: the taxi to the other hotel, USD
    opened_at: str  # YYYY-MM-DD HH:MM
    status: Literal["open", "closed"]
    compensation: Annotated[list[Compensation], Unordered()]
    closed_on: Optional[str]


class LedgerEntry(BaseModel):
    entry_id: str
    guest_id: Annotated[str, RefersTo("guests")]
    date: str
    kind: Literal[
        "earn", "bonus", "redeem", "refund", "compensation", "adjustment"
    ]  # bonus: the tier bonus on a stay's points
    points: int  # negative for redemptions
    confirmation: Annotated[Optional[str], RefersTo("reservations")]


# What some tools answer: views over the records, not stored


class Availability(BaseModel):
    property_id: str
    room_type: str
    check_in: str
    check_out: str
    rooms_left: int  # the fewest free rooms of that type over the nights
    flexible_rates: Annotated[list[float], BY_NIGHT]  # per room
    member_rates: Annotated[list[float], BY_NIGHT]
    advance_purchase_rates: Annotated[list[float], BY_NIGHT]
    award_points: int  # per room for the whole stay


class HotelDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str  # the desk's fixed "now"; tools never read a clock
    now: str  # HH:MM, the time of day
    next_confirmation_number: int
    next_request_number: int
    next_charge_number: int
    next_entry_number: int
    guests: dict[str, Guest]
    properties: dict[str, Property]
    reservations: dict[str, Reservation]
    requests: dict[str, SpecialRequest]
    feedback_cases: dict[str, FeedbackCase]
    loyalty_ledger: dict[str, LedgerEntry]

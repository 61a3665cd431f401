"""The airline database as τ²-bench models it.

Field order is interface (observations dump these models in declaration order) and every
field counts in the DB hash. Class names are interface too: they appear in the validation
errors the agent sees (``1 validation error for Passenger``).
"""

from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

CabinClass = Literal["business", "economy", "basic_economy"]
FlightType = Literal["round_trip", "one_way"]
Insurance = Literal["yes", "no"]


class FlightAvailable(BaseModel):
    status: Literal["available"]
    available_seats: dict[str, int]
    prices: dict[str, int]


class FlightLanded(BaseModel):
    status: Literal["landed"]
    actual_departure_time_est: str
    actual_arrival_time_est: str


class FlightCancelled(BaseModel):
    status: Literal["cancelled"]


class FlightDelayed(BaseModel):
    status: Literal["delayed"]
    estimated_departure_time_est: str
    estimated_arrival_time_est: str


class FlightFlying(BaseModel):
    status: Literal["flying"]
    actual_departure_time_est: str
    estimated_arrival_time_est: str


class FlightOnTime(BaseModel):
    status: Literal["on time"]
    estimated_departure_time_est: str
    estimated_arrival_time_est: str


FlightDateStatus = Annotated[
    Union[FlightAvailable, FlightLanded, FlightCancelled, FlightDelayed, FlightFlying, FlightOnTime],
    Field(discriminator="status"),
]


class Flight(BaseModel):
    flight_number: str
    origin: str
    destination: str
    scheduled_departure_time_est: str
    scheduled_arrival_time_est: str
    dates: dict[str, FlightDateStatus]


class Name(BaseModel):
    first_name: str
    last_name: str


class Address(BaseModel):
    address1: str
    address2: Optional[str] = None
    city: str
    country: str
    state: str
    zip: str


class CreditCard(BaseModel):
    source: Literal["credit_card"]
    id: str
    brand: str
    last_four: str


class GiftCard(BaseModel):
    source: Literal["gift_card"]
    id: str
    amount: float


class Certificate(BaseModel):
    source: Literal["certificate"]
    id: str
    amount: float


PaymentMethod = Annotated[Union[CreditCard, GiftCard, Certificate], Field(discriminator="source")]


class Passenger(BaseModel):
    first_name: str
    last_name: str
    dob: str


class User(BaseModel):
    user_id: str
    name: Name
    address: Address
    email: str
    dob: str
    payment_methods: dict[str, PaymentMethod]
    saved_passengers: list[Passenger]
    membership: Literal["gold", "silver", "regular"]
    reservations: list[str]


class FlightInfo(BaseModel):
    """A segment as the agent names it when booking or changing flights."""

    flight_number: str
    date: str


class Payment(BaseModel):
    payment_id: str
    amount: int


class ReservationFlight(BaseModel):
    flight_number: str
    origin: str
    destination: str
    date: str
    price: int


class Reservation(BaseModel):
    reservation_id: str
    user_id: str
    origin: str
    destination: str
    flight_type: FlightType
    cabin: CabinClass
    flights: list[ReservationFlight]
    passengers: list[Passenger]
    payment_history: list[Payment]
    created_at: str
    total_baggages: int
    nonfree_baggages: int
    insurance: Insurance
    status: Optional[Literal["cancelled"]] = None


class AirlineDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    flights: dict[str, Flight]
    users: dict[str, User]
    reservations: dict[str, Reservation]


class DirectFlight(BaseModel):
    """One search hit; ``date`` is only filled in for the legs of one-stop results."""

    flight_number: str
    origin: str
    destination: str
    status: Literal["available"]
    scheduled_departure_time_est: str
    scheduled_arrival_time_est: str
    date: Optional[str] = None
    available_seats: dict[str, int]
    prices: dict[str, int]


class Airport(BaseModel):
    iata: str
    city: str

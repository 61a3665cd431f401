"""The events domain's database: the ticketing and conference-management records of
Brightline Events: venues and their rooms, organizers, events with their ticket types,
sessions, attendee accounts, registrations, payments, room holds with the deposits that
confirmed them, and announcements."""

from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

EventStatus = Literal["on_sale", "sold_out", "cancelled", "postponed", "completed"]
TicketTypeName = Literal["standard", "vip", "student", "day_pass"]
Accommodation = Literal["wheelchair_seating", "asl_interpreter", "live_captioning", "companion_seat", "quiet_room"]
Audience = Literal["all_registrants", "vip_holders"]
AnnouncementKind = Literal["marketing", "schedule", "safety"]


class Venue(BaseModel):
    venue_id: str
    name: str
    city: str
    address: str


class Room(BaseModel):
    room_id: str
    venue_id: Annotated[str, RefersTo("venues")]
    name: str
    capacity: int  # fire-code limit, people
    day_rate: float  # USD per day


class Organizer(BaseModel):
    organizer_id: str
    name: str  # the contact person
    company: str
    email: str
    pin: str  # 4-digit account PIN


class TicketType(BaseModel):
    name: TicketTypeName
    price: float  # regular price per ticket, USD
    early_bird_price: Optional[float]  # per ticket, through early_bird_end
    early_bird_end: Optional[str]  # YYYY-MM-DD, inclusive
    capacity: int
    sold: int


class PromoCode(BaseModel):
    code: str
    percent_off: int  # off the regular price
    valid_until: str  # YYYY-MM-DD, inclusive


class Event(BaseModel):
    event_id: str
    name: str
    city: str
    venue_id: Annotated[str, RefersTo("venues")]
    organizer_id: Annotated[str, RefersTo("organizers")]
    start: str  # YYYY-MM-DD HH:MM, local time
    end_date: str  # YYYY-MM-DD
    status: EventStatus
    expected_attendance: int
    service_fee: float  # per ticket, USD
    ticket_types: Annotated[list[TicketType], Unordered()]
    promo_codes: Annotated[list[PromoCode], Unordered()]


class Session(BaseModel):
    session_id: str
    event_id: Annotated[str, RefersTo("events")]
    title: str
    kind: Literal["talk", "workshop", "keynote"]
    day: str  # YYYY-MM-DD
    start: str  # HH:MM
    end: str  # HH:MM
    room_id: Annotated[str, RefersTo("rooms")]
    capacity: int
    enrolled: int
    vip_only: bool
    waitlist: Annotated[list[Annotated[str, RefersTo("registrations")]], Ordered("first come, first served")]


class PaymentMethod(BaseModel):
    payment_method_id: str
    kind: Literal["credit_card", "debit_card", "paypal"]
    description: str  # e.g. "Visa ending 4242"


class Attendee(BaseModel):
    attendee_id: str
    name: str
    email: str
    phone: str
    city: str
    payment_methods: Annotated[list[PaymentMethod], Unordered()]


class Registration(BaseModel):
    registration_id: str
    confirmation_code: str
    event_id: Annotated[str, RefersTo("events")]
    attendee_id: Annotated[str, RefersTo("attendees")]  # the account that bought it
    holder_name: str  # who attends on it
    holder_email: str
    ticket_type: TicketTypeName
    quantity: int  # 1, or the size of a group registration
    price_paid_per_ticket: float  # per ticket, USD, after any discount
    fees_paid_total: float  # service fees, all tickets, USD
    discount: Literal["none", "early_bird", "promo", "group"]
    promo_code: Optional[str]
    payment_method_id: str
    purchased: str  # YYYY-MM-DD
    status: Literal["confirmed", "cancelled"]
    transfers_used: int
    chargeback_open: bool
    sessions: Annotated[list[Annotated[str, RefersTo("sessions")]], Unordered()]
    accommodations: Annotated[list[Accommodation], Unordered()]
    refund_amount: float  # USD, once cancelled


class Payment(BaseModel):
    payment_id: str
    registration_id: Annotated[str, RefersTo("registrations")]
    kind: Literal["charge", "refund"]
    amount: float  # USD
    date: str  # YYYY-MM-DD
    payment_method_id: str
    note: str


class Hold(BaseModel):
    hold_id: str
    event_id: Annotated[str, RefersTo("events")]
    room_id: Annotated[str, RefersTo("rooms")]
    dates: Annotated[list[str], Unordered()]  # YYYY-MM-DD each, shown sorted
    status: Literal["held", "confirmed", "released", "expired"]
    expires: str  # YYYY-MM-DD HH:MM: a courtesy hold lapses then unless confirmed
    total_rate: float  # day rate x days, USD


class Deposit(BaseModel):
    """The payment that confirmed a room hold, charged to the organizer's account."""

    deposit_id: str
    hold_id: Annotated[str, RefersTo("holds")]
    organizer_id: Annotated[str, RefersTo("organizers")]
    amount: float  # USD: 25% of the hold's total rate
    date: str  # YYYY-MM-DD


class Template(BaseModel):
    template_id: str
    kind: AnnouncementKind
    title: str


class Announcement(BaseModel):
    announcement_id: str
    event_id: Annotated[str, RefersTo("events")]
    organizer_id: Annotated[str, RefersTo("organizers")]
    audience: Audience
    kind: AnnouncementKind
    template_id: Annotated[str, RefersTo("templates")]
    sent: str  # YYYY-MM-DD
    recipients: int


class EventsDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # the desk's fixed "now", YYYY-MM-DD HH:MM; tools never read a clock
    next_registration_number: int
    next_payment_number: int
    next_hold_number: int
    next_announcement_number: int
    next_deposit_number: int
    venues: dict[str, Venue]
    rooms: dict[str, Room]
    organizers: dict[str, Organizer]
    templates: dict[str, Template]
    events: dict[str, Event]
    sessions: dict[str, Session]
    attendees: dict[str, Attendee]
    registrations: dict[str, Registration]
    payments: dict[str, Payment]
    holds: dict[str, Hold]
    deposits: dict[str, Deposit]
    announcements: dict[str, Announcement]


class EventMatch(BaseModel):
    """One line of an event search."""

    event_id: str
    name: str
    city: str
    start: str
    status: EventStatus


class EventDetails(BaseModel):
    """An event with its room holds and the announcements sent for it."""

    event: Event
    holds: Annotated[list[Hold], Unordered()]
    announcements: Annotated[list[Announcement], Unordered()]


class HoldDetails(BaseModel):
    """A room hold with the room and venue it is on, and the deposit that confirmed it."""

    hold: Hold
    venue_name: str
    room: Room
    deposit: Optional[Deposit]


class HoldConfirmation(BaseModel):
    """A hold just confirmed and the deposit that confirmed it."""

    hold: Hold
    deposit: Deposit


class AttendeeAccount(BaseModel):
    """An attendee's account with every registration it bought, oldest first."""

    attendee: Attendee
    registrations: Annotated[list[Registration], Ordered("oldest first")]


class OpenRoom(BaseModel):
    """A room free on the asked date."""

    room_id: str
    venue_id: str
    venue_name: str
    room_name: str
    capacity: int
    day_rate: float

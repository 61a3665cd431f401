"""The logistics domain's database: the operations records of Cascade Line Freight, a regional
carrier with its own terminals and warehouses in the Pacific Northwest: shipper accounts,
shipments, delivery routes with their drivers and trucks, warehouse stock, desk staff,
incidents, cargo claims and stock adjustments."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

ShipmentStatus = Literal["booked", "in_transit", "out_for_delivery", "delivered", "exception", "held", "returning"]
Service = Literal["ground", "express"]
Window = Literal["08-10", "10-12", "12-14", "14-16", "16-18"]
IncidentCategory = Literal["crash", "hazmat_release", "cargo_damage", "theft", "delay"]
Severity = Literal["minor", "recordable"]
ClaimType = Literal["visible_damage", "concealed_damage", "loss"]
ReasonCode = Literal["damaged", "found", "miscount", "shrink"]
Role = Literal["dispatcher", "warehouse_lead", "customer_service"]


class Account(BaseModel):
    account_number: str
    company: str
    billing_zip: str
    contacts: Annotated[list[str], Unordered()]  # people allowed to act for the shipper
    liability_per_lb: float  # USD per lb when no value was declared (2.5 unless negotiated)
    status: Literal["active", "closed"]
    note: str  # e.g. "renamed: see account ..."


class Shipment(BaseModel):
    tracking_number: str
    account_number: Annotated[str, RefersTo("accounts")]  # the shipper
    consignee_name: str
    consignee_phone: str
    address: str
    zip: str
    residential: bool
    terminal: Annotated[str, RefersTo("terminals")]  # the terminal that delivers it
    pieces: int
    weight_lb: float
    service: Service
    status: ShipmentStatus
    declared_value: Optional[float]  # USD, None when nothing was declared
    hazmat_class: Optional[str]  # e.g. "3" (flammable liquid); None when not hazardous
    freight_charge: float  # USD billed to the shipper
    delivery_date: Optional[str]  # YYYY-MM-DD, the planned (or rescheduled) day
    delivery_window: Optional[Window]
    reschedule_count: int
    delivered_date: Optional[str]
    route_id: Optional[Annotated[str, RefersTo("routes")]]
    hold_until: Optional[str]  # YYYY-MM-DD while held at the terminal
    extra_charges: float  # redirect and storage fees added to the bill, USD


class Terminal(BaseModel):
    terminal_id: str
    city: str
    zip: str


class Vehicle(BaseModel):
    vehicle_id: str
    kind: str
    payload_lb: float
    placarded: bool  # may carry hazardous materials


class Driver(BaseModel):
    driver_id: str
    name: str
    hazmat_endorsed: bool
    driving_hours_today: float  # driving planned or done today
    on_duty_hours_today: float  # the 14-hour window used today
    on_duty_hours_8_days: float  # the last 8 days, today's plan included


class Route(BaseModel):
    route_id: str
    terminal: Annotated[str, RefersTo("terminals")]
    date: str  # YYYY-MM-DD
    driver_id: Annotated[str, RefersTo("drivers")]
    vehicle_id: Annotated[str, RefersTo("vehicles")]
    load_lb: float
    stops: Annotated[list[Annotated[str, RefersTo("stops")]], Ordered("the order the truck calls")]


class Stop(BaseModel):
    stop_id: str
    route_id: Annotated[str, RefersTo("routes")]
    zip: str
    address: str
    tracking_numbers: Annotated[list[Annotated[str, RefersTo("shipments")]], Unordered()]


class Employee(BaseModel):
    employee_id: str
    name: str
    pin: str
    role: Role
    terminal: Annotated[str, RefersTo("terminals")]


class InventoryRow(BaseModel):
    noun: ClassVar[str] = "Inventory row"
    row_id: str  # "<sku>@<warehouse>"
    sku: str
    warehouse_id: Annotated[str, RefersTo("terminals")]
    location: str  # aisle-bay-level
    description: str
    on_hand: int
    unit_cost: float  # USD


class Adjustment(BaseModel):
    adjustment_id: str
    row_id: Annotated[str, RefersTo("inventory")]
    delta: int
    reason_code: ReasonCode
    count_ref: Optional[str]
    date: str


class Incident(BaseModel):
    incident_id: str
    subject_id: str  # a tracking number or a route id
    category: IncidentCategory
    severity: Severity
    date: str


class Claim(BaseModel):
    claim_id: str
    tracking_number: Annotated[str, RefersTo("shipments")]
    claim_type: ClaimType
    amount: float
    invoice_value: float
    filed: str
    status: Literal["open", "paid", "denied"]


class LogisticsDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # YYYY-MM-DD HH:MM
    accounts: dict[str, Account]
    shipments: dict[str, Shipment]
    terminals: dict[str, Terminal]
    vehicles: dict[str, Vehicle]
    drivers: dict[str, Driver]
    routes: dict[str, Route]
    stops: dict[str, Stop]
    employees: dict[str, Employee]
    inventory: dict[str, InventoryRow]
    adjustments: dict[str, Adjustment]
    incidents: dict[str, Incident]
    claims: dict[str, Claim]
    next_incident_number: int
    next_claim_number: int
    next_adjustment_number: int
    next_stop_number: int


class AccountView(BaseModel):
    account: Account
    shipments: Annotated[list[str], Ordered("tracking numbers, as the data list them")]


class ConsigneeShipment(BaseModel):
    tracking_number: str
    shipper: str
    status: ShipmentStatus
    delivery_date: Optional[str]


class RouteDetails(BaseModel):
    route: Route
    vehicle: Vehicle


class RouteSummary(BaseModel):
    route_id: str
    driver_id: str
    vehicle_id: str
    load_lb: float

"""The farm-operations desk's database: farms and the people who may call about them, fields,
daily sensor readings, the farm forecast, product labels, licensed applicators, machines,
spray applications, irrigation events, harvest loads, input inventory and scouting reports."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import RefersTo, Unordered


class Farm(BaseModel):
    farm_id: str
    name: str
    state: str  # two-letter US state where the farm lies
    farm_code: str  # the access code callers quote with their id
    environmental_lead: str  # who takes spills and leaks


class Person(BaseModel):
    person_id: str  # ACC-... for owners and managers, EMP-... for crew leads
    name: str
    role: Literal["owner", "manager", "crew_lead"]
    farm_ids: Annotated[list[Annotated[str, RefersTo("farms")]], Unordered()]
    phone: str


class Field(BaseModel):
    field_id: str
    farm_id: Annotated[str, RefersTo("farms")]
    name: str
    acres: float
    crop: str
    variety: str
    planting_date: str
    available_water_mm: float  # root-zone available-water capacity
    irrigation: Literal["pivot", "drip", "furrow", "none"]
    organic: bool
    water_allocation_mm: float  # season allocation
    water_used_mm: float  # applied this season, scheduled events included
    harvest_date: Optional[str]  # scheduled harvest start, if any


class SensorReading(BaseModel):
    reading_id: str
    field_id: Annotated[str, RefersTo("fields")]
    date: str
    soil_moisture_pct: float  # percent of the field's available water still in the root zone
    rain_mm: float
    max_temp_c: float


class ForecastDay(BaseModel):
    forecast_id: str
    farm_id: Annotated[str, RefersTo("farms")]
    date: str
    max_wind_mph: float
    rain_mm: float


class Product(BaseModel):
    product_id: str
    name: str
    kind: Literal["herbicide", "insecticide", "fungicide", "fertilizer"]
    crops: Annotated[list[str], Unordered()]  # crops on the label
    states: Annotated[list[str], Unordered()]  # states where the label is registered
    unit: Literal["fl oz", "lb", "gal"]  # of the rate per acre and of the stock
    max_rate_per_acre: float
    max_apps_per_season: int
    rei_hours: int
    phi_days: int
    restricted_use: bool
    organic_listed: bool
    nitrogen_lb_per_unit: float  # pounds of nitrogen in one unit of product


class Applicator(BaseModel):
    applicator_id: str
    name: str
    licence_no: str
    licence_expiry: str
    farm_ids: Annotated[list[Annotated[str, RefersTo("farms")]], Unordered()]


class Equipment(BaseModel):
    noun: ClassVar[str] = "Equipment"
    equipment_id: str
    farm_id: Annotated[str, RefersTo("farms")]
    kind: str
    model: str
    engine_hours: int
    last_service_hours: int  # engine hours at the last service
    last_service_date: str
    booked_service: Optional[str]  # "YYYY-MM-DD: what", once scheduled


class Application(BaseModel):
    application_id: str
    field_id: Annotated[str, RefersTo("fields")]
    product_id: Annotated[str, RefersTo("products")]
    date: str
    applied_time: Optional[str]  # HH:MM the job finished, once applied
    planned_rate: float  # per acre, in the product's unit
    actual_rate: Optional[float]
    acres: float
    applicator_id: Annotated[str, RefersTo("applicators")]
    equipment_id: Annotated[str, RefersTo("equipment")]
    status: Literal["scheduled", "applied", "cancelled"]


class IrrigationEvent(BaseModel):
    event_id: str
    field_id: Annotated[str, RefersTo("fields")]
    date: str
    depth_mm: float
    status: Literal["scheduled", "done"]


class HarvestLoad(BaseModel):
    load_id: str
    field_id: Annotated[str, RefersTo("fields")]
    date: str
    wet_bu: float
    moisture_pct: float
    dry_bu: float  # at the crop's standard moisture


class StockEntry(BaseModel):
    noun: ClassVar[str] = "Inventory entry"
    stock_id: str  # <farm_id>-<product_id>
    farm_id: Annotated[str, RefersTo("farms")]
    product_id: Annotated[str, RefersTo("products")]
    quantity: float  # in the product's unit
    log: Annotated[list[str], Unordered()]  # "<delta> <reason>" of each adjustment


class ScoutingReport(BaseModel):
    report_id: str
    field_id: Annotated[str, RefersTo("fields")]
    date: str
    pest: str
    severity: Literal["low", "moderate", "high"]
    note: str


class AgricultureDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # the desk's fixed "now", YYYY-MM-DDTHH:MM
    season: str
    next_application_number: int
    next_irrigation_number: int
    next_load_number: int
    next_report_number: int
    farms: dict[str, Farm]
    people: dict[str, Person]
    fields: dict[str, Field]
    sensor_readings: dict[str, SensorReading]
    forecast: dict[str, ForecastDay]
    products: dict[str, Product]
    applicators: dict[str, Applicator]
    equipment: dict[str, Equipment]
    applications: dict[str, Application]
    irrigation_events: dict[str, IrrigationEvent]
    harvest_loads: dict[str, HarvestLoad]
    inventory: dict[str, StockEntry]
    scouting_reports: dict[str, ScoutingReport]

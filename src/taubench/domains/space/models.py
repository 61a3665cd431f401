"""The space domain's database: the mission-operations records of a commercial Earth-observation
constellation (Kestrel Earth Imaging): its operators, spacecraft, ground stations and their
contact windows and bookings, telemetry with its limits and alarms, conjunction screenings, the
Kp forecast, maneuvers, customers' imaging requests and anomaly reports."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import RefersTo, Unordered

Mode = Literal["nominal", "safe", "maintenance"]
Purpose = Literal["anomaly", "maneuver", "downlink", "imaging"]
Level = Literal["yellow", "red"]


class Operator(BaseModel):
    operator_id: str
    name: str
    team: str
    level: int  # certification level: 1 customer success (read only), 2 planner, 3 flight controller
    certified_until: str  # YYYY-MM-DD, the last day the certification is valid
    pin: str


class OperatorProfile(BaseModel):
    """An operator as the tools show them: everything but the PIN."""

    operator_id: str
    name: str
    team: str
    level: int
    certified_until: str


class Spacecraft(BaseModel):
    sc_id: str
    name: str
    plane: str  # the orbital plane, A to H; a station's licence lists planes
    altitude_km: float
    inclination_deg: float
    mode: Mode
    propellant_kg: float  # on board, less what planned maneuvers have reserved
    battery_soc_pct: float  # battery state of charge
    payload_health: Literal["ok", "degraded", "failed"]
    customer: str  # the customer whose tasking it mostly flies


class GroundStation(BaseModel):
    station_id: str
    name: str
    country: str
    licensed_planes: Annotated[list[str], Unordered()]  # the planes whose spacecraft it may serve


class ContactWindow(BaseModel):
    window_id: str
    station_id: Annotated[str, RefersTo("ground_stations")]
    sc_id: Annotated[str, RefersTo("spacecraft")]
    start: str  # YYYY-MM-DD HH:MM, UTC
    end: str
    max_elevation_deg: float
    booking_id: Optional[Annotated[str, RefersTo("bookings")]]  # the active booking holding it, if any


class Booking(BaseModel):
    booking_id: str
    window_id: Annotated[str, RefersTo("contact_windows")]
    sc_id: Annotated[str, RefersTo("spacecraft")]
    purpose: Purpose
    status: Literal["active", "released"]
    booked_by: Annotated[str, RefersTo("operators")]


class ParameterLimits(BaseModel):
    """A telemetry parameter's limits: inside the yellow band is nominal, past a red limit is red."""

    parameter: str
    unit: str
    red_low: float
    yellow_low: float
    yellow_high: float
    red_high: float


class TelemetrySample(BaseModel):
    sample_id: str
    sc_id: Annotated[str, RefersTo("spacecraft")]
    parameter: Annotated[str, RefersTo("parameters")]
    time: str
    value: float


class TelemetryReading(BaseModel):
    """A sample as the telemetry screen shows it, with its limit state."""

    sample_id: str
    time: str
    value: float
    unit: str
    state: Literal["nominal", "yellow", "red"]


class Alarm(BaseModel):
    alarm_id: str
    sc_id: Annotated[str, RefersTo("spacecraft")]
    parameter: Annotated[str, RefersTo("parameters")]
    level: Level
    raised_at: str
    value: float
    status: Literal["open", "acknowledged"]
    report_id: Optional[Annotated[str, RefersTo("anomaly_reports")]]  # the report its acknowledgement cites
    acknowledged_by: Optional[Annotated[str, RefersTo("operators")]]


class Conjunction(BaseModel):
    event_id: str
    sc_id: Annotated[str, RefersTo("spacecraft")]
    object_name: str
    object_norad_id: str
    tca: str  # time of closest approach, YYYY-MM-DD HH:MM UTC
    miss_distance_m: float
    pc: float  # probability of collision
    status: Literal["open", "mitigated", "closed"]


class KpBin(BaseModel):
    start: str  # a 3-hour bin, YYYY-MM-DD HH:MM UTC
    kp: float  # the forecast planetary K index


class Maneuver(BaseModel):
    maneuver_id: str
    sc_id: Annotated[str, RefersTo("spacecraft")]
    event_id: Optional[Annotated[str, RefersTo("conjunctions")]]  # the conjunction it avoids; none for station-keeping
    delta_v_ms: float
    propellant_kg: float  # 0.12 kg per m/s, reserved when planned
    execute_at: str
    booking_id: Annotated[str, RefersTo("bookings")]
    planned_by: Annotated[str, RefersTo("operators")]
    approver_id: Annotated[str, RefersTo("operators")]
    status: Literal["planned", "executed"]


class ImagingRequest(BaseModel):
    noun: ClassVar[str] = "Imaging request"
    request_id: str
    customer: str
    target: str
    priority: Literal["standard", "priority", "urgent"]
    needed_by: str  # YYYY-MM-DD
    cloud_forecast_pct: float
    status: Literal["pending", "scheduled", "delivered", "cancelled"]
    sc_id: Optional[Annotated[str, RefersTo("spacecraft")]]
    booking_id: Optional[Annotated[str, RefersTo("bookings")]]  # the contact its images come down in


class AnomalyReport(BaseModel):
    report_id: str
    sc_id: Annotated[str, RefersTo("spacecraft")]
    parameter: Annotated[str, RefersTo("parameters")]
    severity: Level
    filed_by: Annotated[str, RefersTo("operators")]
    filed_at: str
    status: Literal["open", "closed"]


class SpaceDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # YYYY-MM-DD HH:MM UTC
    operators: dict[str, Operator]
    spacecraft: dict[str, Spacecraft]
    ground_stations: dict[str, GroundStation]
    contact_windows: dict[str, ContactWindow]
    bookings: dict[str, Booking]
    parameters: dict[str, ParameterLimits]
    telemetry: dict[str, TelemetrySample]
    alarms: dict[str, Alarm]
    conjunctions: dict[str, Conjunction]
    space_weather: dict[str, KpBin]
    maneuvers: dict[str, Maneuver]
    imaging_requests: dict[str, ImagingRequest]
    anomaly_reports: dict[str, AnomalyReport]
    next_booking_number: int
    next_maneuver_number: int
    next_report_number: int

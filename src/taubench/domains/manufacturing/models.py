"""The plant's database: people, lines, work orders and their shift entries, downtime, lots
with their inspections, nonconformance reports, gauges and raw-material lots."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

Role = Literal["operator", "supervisor", "quality_engineer", "qa_manager", "planner"]


class DefectCode(BaseModel):
    code: str
    defect_class: Literal["A", "B", "C"]  # A: function or fit, B: appearance affecting use, C: cosmetic
    meaning: str


class DowntimeReason(BaseModel):
    code: str
    meaning: str


class Employee(BaseModel):
    employee_id: str
    name: str
    role: Role
    home_line: Optional[Annotated[str, RefersTo("lines")]]  # operators and supervisors work one line
    certifications: Annotated[list[str], Unordered()]
    status: Literal["active", "inactive"]


class Line(BaseModel):
    line_id: str
    name: str
    qualified_parts: Annotated[list[str], Unordered()]  # part numbers the line may run
    ideal_cycle_min: float  # minutes per part at rated speed
    changeover_min: int  # minutes to change the line over to another part
    status: Literal["running", "idle", "down"]


class WorkOrder(BaseModel):
    wo_id: str
    part_number: str
    part_name: str
    customer: str
    line_id: Annotated[str, RefersTo("lines")]
    qty_planned: int
    qty_good: int
    qty_scrap: int
    start_date: str  # YYYY-MM-DD
    due_date: str  # YYYY-MM-DD
    material: str  # the raw material on the bill of materials
    kg_per_part: float  # bill of materials: kilograms of material per planned part
    kg_issued: float
    projected_finish: str  # the last day of the run as scheduled
    status: Literal["released", "in_progress", "closed"]
    lot_ids: Annotated[list[Annotated[str, RefersTo("lots")]], Unordered()]  # the lots made on the order


class ProductionEntry(BaseModel):
    entry_id: str
    wo_id: Annotated[str, RefersTo("work_orders")]
    line_id: Annotated[str, RefersTo("lines")]
    date: str
    shift: int
    good_qty: int
    scrap_qty: int
    recorded_by: Annotated[str, RefersTo("employees")]


class ShiftLog(BaseModel):
    shift_key: str  # <line>-<date>-<shift>
    line_id: Annotated[str, RefersTo("lines")]
    date: str
    shift: int  # 1: 07:00-15:00, 2: 15:00-23:00, 3: 23:00-07:00 (next day)
    planned_min: int
    supervisor_id: Annotated[str, RefersTo("employees")]
    oee_published: Optional[float]  # percent, once the report is published


class DowntimeEvent(BaseModel):
    event_id: str
    line_id: Annotated[str, RefersTo("lines")]
    date: str
    shift: int
    start: str  # HH:MM
    end: str  # HH:MM
    minutes: int
    reason_code: str
    logged_by: Annotated[str, RefersTo("employees")]


class Inspection(BaseModel):
    characteristic: str
    critical: bool
    nominal: float
    lsl: float
    usl: float
    measured: Optional[float]  # None: not yet inspected
    gauge_id: Optional[Annotated[str, RefersTo("gauges")]]
    date: Optional[str]
    cpk: Optional[float]


class Lot(BaseModel):
    lot_id: str
    wo_id: Annotated[str, RefersTo("work_orders")]
    part_number: str
    quantity: int
    status: Literal["open", "on_hold", "released"]
    hold_reason: Optional[str]
    ncr_ids: Annotated[list[Annotated[str, RefersTo("ncrs")]], Unordered()]  # every NCR raised on the lot
    inspections: Annotated[list[Inspection], Unordered()]


class Ncr(BaseModel):
    noun: ClassVar[str] = "NCR"
    ncr_id: str
    lot_id: Annotated[str, RefersTo("lots")]
    defect_code: str
    defect_class: Literal["A", "B", "C"]
    quantity: int
    status: Literal["open", "closed"]
    disposition: Optional[str]
    concession_ref: Optional[str]
    raised_by: Annotated[str, RefersTo("employees")]


class Gauge(BaseModel):
    gauge_id: str
    calibration_due: str  # the last day the gauge is in calibration
    status: Literal["in_service", "out_for_calibration", "retired"]


class MaterialLot(BaseModel):
    material_lot_id: str
    material: str
    received: str
    expiry: str  # the last day it may be issued
    kg_on_hand: float
    status: Literal["available", "on_hold"]


class MaterialIssue(BaseModel):
    issue_id: str
    wo_id: Annotated[str, RefersTo("work_orders")]
    material_lot_id: Annotated[str, RefersTo("material_lots")]
    kg: float
    reason: Optional[str]


class ManufacturingDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str
    now: str  # HH:MM, the plant's fixed clock
    defect_codes: dict[str, DefectCode]
    downtime_reasons: dict[str, DowntimeReason]
    next_entry_number: int
    next_event_number: int
    next_ncr_number: int
    next_issue_number: int
    employees: dict[str, Employee]
    lines: dict[str, Line]
    work_orders: dict[str, WorkOrder]
    production: dict[str, ProductionEntry]
    shift_logs: dict[str, ShiftLog]
    downtime: dict[str, DowntimeEvent]
    lots: dict[str, Lot]
    ncrs: dict[str, Ncr]
    gauges: dict[str, Gauge]
    material_lots: dict[str, MaterialLot]
    material_issues: dict[str, MaterialIssue]


class ShiftReport(BaseModel):
    """A shift as the plant saw it: what the OEE figures are computed from."""

    shift_key: str
    line_id: str
    date: str
    shift: int
    start: str
    end: str
    closed: bool
    planned_min: int
    ideal_cycle_min: float
    production: Annotated[list[ProductionEntry], Ordered("as recorded")]
    downtime: Annotated[list[DowntimeEvent], Ordered("by start time")]
    total_count: int
    good_count: int
    oee_published: Optional[float]

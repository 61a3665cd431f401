"""The contractor's database: its staff, homeowner clients, projects, subcontractors with their
licence and insurance papers, the schedule's tasks, permits and their inspections, change
orders, subcontractors' pay applications with the lien waivers received against them, and the
notices sent."""

from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import RecordId, RefersTo, Unordered

Trade = Literal[
    "excavation",
    "concrete",
    "framing",
    "plumbing",
    "electrical",
    "mechanical",
    "roofing",
    "insulation",
    "drywall",
    "finish_carpentry",
]
PermitType = Literal["building", "electrical", "plumbing", "mechanical"]
InspectionType = Literal[
    "footing",
    "foundation",
    "underground_plumbing",
    "rough_electrical",
    "rough_plumbing",
    "rough_mechanical",
    "framing",
    "insulation",
    "final",
]
NoticeType = Literal["schedule_delay", "inspection_booked", "change_order", "payment_released", "permit_extended"]
Recipient = Literal["client", "project_manager", "subcontractors", "building_department"]
ChangeWork = Literal[
    "egress_window",
    "countertop_upgrade",
    "extra_lighting",
    "laundry_relocation",
    "heated_floor",
    "deck_enlargement",
    "gas_line",
    "attic_insulation",
    "basement_finish",
    "screened_porch",
    "heat_pump_upgrade",
]
ExtensionReason = Literal[
    "weather", "material_delay", "labour_shortage", "owner_hold", "change_order_work", "equipment_delay"
]


class Employee(BaseModel):
    employee_id: str
    name: str
    role: Literal["project_manager", "estimator", "safety_officer"]
    phone: str


class Client(BaseModel):
    client_id: str
    name: str
    phone: str
    email: str


class Project(BaseModel):
    project_id: str
    address: str  # the site's street address
    city: str
    county: str
    client_id: Annotated[str, RefersTo("clients")]
    pm_id: Annotated[str, RefersTo("employees")]  # the project manager
    contract_value: float  # USD, approved change orders included
    retainage_pct: float  # held back from each progress payment until substantial completion
    status: Literal["active", "substantially_complete", "closed"]


class ProjectFile(Project):
    """A project as the desk shows it: the project, with the ids of its permits, change orders
    and pay applications."""

    permit_ids: Annotated[list[str], Unordered()]
    change_order_ids: Annotated[list[str], Unordered()]
    pay_application_ids: Annotated[list[str], Unordered()]


class Subcontractor(BaseModel):
    sub_id: str
    company: str
    trade: Trade
    county: str
    licence_number: str
    licence_expires: str  # YYYY-MM-DD, the last day the trade licence is valid
    gl_per_occurrence: float  # general-liability limit per occurrence, USD
    gl_aggregate: float  # general-liability aggregate limit, USD
    insurance_expires: str  # YYYY-MM-DD, the liability certificate's last day
    workers_comp_expires: str  # YYYY-MM-DD, the workers' compensation policy's last day
    phone: str


class ScheduleTask(BaseModel):
    task_id: str
    project_id: Annotated[str, RefersTo("projects")]
    name: str
    trade: Trade
    duration_days: int  # working days (Monday to Saturday, holidays excluded)
    predecessors: Annotated[list[Annotated[str, RefersTo("schedule_tasks")]], Unordered()]
    start: str  # YYYY-MM-DD, the first working day
    end: str  # YYYY-MM-DD, the last working day
    sub_id: Optional[Annotated[str, RefersTo("subcontractors")]]
    status: Literal["not_started", "in_progress", "done"]


class Permit(BaseModel):
    permit_id: str
    project_id: Annotated[str, RefersTo("projects")]
    permit_type: PermitType
    issued_on: str  # YYYY-MM-DD
    last_passed_inspection_on: Optional[str]  # YYYY-MM-DD
    expires_on: str  # YYYY-MM-DD, the last day it is valid
    extended: bool  # whether its one extension has been granted
    extension_reason: Optional[ExtensionReason]
    status: Literal["active", "expired", "closed"]


class Inspection(BaseModel):
    inspection_id: str
    permit_id: Annotated[str, RefersTo("permits")]
    inspection_type: InspectionType
    date: str  # YYYY-MM-DD
    result: Literal["scheduled", "passed", "failed"]


class ChangeOrder(BaseModel):
    change_order_id: str
    project_id: Annotated[str, RefersTo("projects")]
    work: ChangeWork  # the kind of work changed
    sub_cost: float  # USD, the subcontractor's price for the work
    price: float  # USD, what the client pays: the sub cost plus the markup
    added_days: int  # working days the work adds to the schedule
    pm_approved_by: Optional[Annotated[str, RefersTo("employees")]]
    submitted_on: str  # YYYY-MM-DD
    status: Literal["awaiting_client", "approved"]
    approved_on: Optional[str]


class LienWaiver(BaseModel):
    waiver_id: Annotated[str, RecordId()]
    waiver_type: Literal["conditional", "unconditional"]
    amount: float  # USD
    received_on: str  # YYYY-MM-DD


class PayApplication(BaseModel):
    pay_application_id: str
    project_id: Annotated[str, RefersTo("projects")]
    sub_id: Annotated[str, RefersTo("subcontractors")]
    kind: Literal["progress", "final"]
    amount: float  # USD billed
    submitted_on: str  # YYYY-MM-DD
    status: Literal["submitted", "paid"]
    paid_amount: Optional[float]  # USD released, retainage withheld
    paid_on: Optional[str]
    lien_waivers: Annotated[list[LienWaiver], Unordered()]


class Notice(BaseModel):
    notice_id: str
    project_id: Annotated[str, RefersTo("projects")]
    notice_type: NoticeType
    recipients: Annotated[list[Recipient], Unordered()]
    sent_on: str  # YYYY-MM-DD


class ConstructionDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # YYYY-MM-DD HH:MM, the desk's fixed "now"; tools never read a clock
    holidays: Annotated[list[str], Unordered()]  # YYYY-MM-DD: no work and no inspections
    next_inspection_number: int
    next_change_order_number: int
    next_waiver_number: int
    next_notice_number: int
    employees: dict[str, Employee]
    clients: dict[str, Client]
    projects: dict[str, Project]
    subcontractors: dict[str, Subcontractor]
    schedule_tasks: dict[str, ScheduleTask]
    permits: dict[str, Permit]
    inspections: dict[str, Inspection]
    change_orders: dict[str, ChangeOrder]
    pay_applications: dict[str, PayApplication]
    notices: dict[str, Notice]

"""The HR domain's database: the HR service center of Larkspur Foods, a food manufacturer with
plants and offices in several states. Employees (with their reporting line, pay, PTO and
contact details), offices, job codes and their pay bands, PTO and leave requests, job
requisitions with their applications and interviews, pay change requests, HR cases, and the
plants' shifts with the swap requests employees post in the shift app."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

EmployeeId = Annotated[str, RefersTo("employees")]
Level = Literal["staff", "manager", "director", "vp", "executive"]
LeaveType = Literal["fmla", "medical", "bereavement"]
CaseType = Literal["harassment", "discrimination", "safety", "withholding_review", "payroll_error", "benefits"]
Stage = Literal["applied", "screen", "interview", "offer", "hired", "rejected", "withdrawn"]


class Office(BaseModel):
    office_id: str
    city: str
    state: str
    employees_within_75_miles: int  # the company's headcount within 75 miles: the FMLA worksite test


class JobCode(BaseModel):
    job_code: str
    title: str
    flsa: Literal["exempt", "non_exempt"]
    pay_basis: Literal["salary", "hourly"]  # salary: USD a year; hourly: USD an hour
    band_min: float
    band_max: float


class Address(BaseModel):
    street: str
    city: str
    state: str
    zip: str


class EmergencyContact(BaseModel):
    name: str
    relationship: str
    phone: str


class Employee(BaseModel):
    employee_id: str
    name: str
    birth_date: str  # YYYY-MM-DD
    status: Literal["active", "terminated"]
    access_role: Literal["employee", "manager", "recruiter"]
    level: Level
    department: str
    job_code: Annotated[str, RefersTo("job_codes")]
    title: str
    office_id: Annotated[str, RefersTo("offices")]
    manager_id: Optional[EmployeeId]
    hire_date: str
    termination_date: Optional[str]
    prior_employee_id: Optional[EmployeeId]  # the earlier record of a rehired employee
    in_role_since: str
    pay_basis: Literal["salary", "hourly"]
    base_pay: float  # in the pay basis: USD a year, or USD an hour
    pay_band_min: float  # the job code's band
    pay_band_max: float
    hours_last_12_months: float
    pto_balance: float  # hours, accruals to date included
    written_warning_until: Optional[str]  # an active written warning runs through this date
    interview_trained: bool
    delegate_id: Optional[EmployeeId]  # who may approve for this manager while away
    delegate_until: Optional[str]
    phone: str
    email: str
    address: Address
    emergency_contact: EmergencyContact


class DirectoryEntry(BaseModel):
    """What anyone in the company may see about a colleague."""

    employee_id: str
    name: str
    status: str
    title: str
    department: str
    office_id: str
    level: str
    access_role: str
    manager_id: Optional[str]
    interview_trained: bool
    delegate_id: Optional[str]
    delegate_until: Optional[str]


class PtoRequest(BaseModel):
    noun: ClassVar[str] = "PTO request"  # in the kit's "not found" refusal

    request_id: str
    employee_id: EmployeeId
    start_date: str
    end_date: str
    hours: float
    status: Literal["pending", "approved", "denied", "cancelled", "taken"]
    submitted_on: str
    decided_by: Optional[EmployeeId]


class PtoAccount(BaseModel):
    """A computed view: the balance, the accrual tier and the requests not yet taken."""

    employee_id: str
    balance_hours: float
    hire_date: str
    completed_years_of_service: int
    accrual_hours_per_month: float
    next_accrual_date: str
    open_requests: Annotated[list[PtoRequest], Unordered()]


class LeaveRequest(BaseModel):
    leave_id: str
    employee_id: EmployeeId
    leave_type: LeaveType
    start_date: str
    end_date: str
    workdays: int
    status: Literal["submitted", "approved", "completed", "denied"]
    submitted_on: str


class LeaveEligibility(BaseModel):
    """A computed view of the facts the leave rules turn on."""

    employee_id: str
    hire_date: str
    months_of_service: int  # completed months on this record
    prior_employee_id: Optional[str]
    prior_hire_date: Optional[str]
    prior_termination_date: Optional[str]
    prior_months_of_service: int
    hours_last_12_months: float
    employees_within_75_miles: int
    leaves: Annotated[list[LeaveRequest], Unordered()]


class Requisition(BaseModel):
    requisition_id: str
    title: str
    job_code: Annotated[str, RefersTo("job_codes")]
    department: str
    office_id: Annotated[str, RefersTo("offices")]
    hiring_manager_id: EmployeeId
    pay_basis: Literal["salary", "hourly"]
    pay_min: float
    pay_max: float
    band_min: float
    band_max: float
    openings: int
    status: Literal["awaiting_approval", "approved", "posted", "closed"]
    approved_by: Optional[EmployeeId]
    internal_start: Optional[str]
    external_start: Optional[str]


class Application(BaseModel):
    application_id: str
    requisition_id: Annotated[str, RefersTo("requisitions")]
    candidate_name: str
    employee_id: Optional[EmployeeId]  # set for an internal candidate
    stage: Stage
    applied_on: str


class Interview(BaseModel):
    interview_id: str
    application_id: Annotated[str, RefersTo("applications")]
    interviewer_id: EmployeeId
    date: str
    time: str  # HH:MM, 24-hour
    status: Literal["scheduled", "completed", "cancelled"]


class PayChange(BaseModel):
    change_id: str
    employee_id: EmployeeId
    requested_by: EmployeeId
    current_pay: float
    new_pay: float
    effective_date: str
    reason: Literal["merit", "promotion", "market_adjustment", "retention"]
    status: Literal["pending_approval", "approved", "rejected"]
    approver_id: Optional[EmployeeId]
    submitted_on: str


class Case(BaseModel):
    case_id: str
    employee_id: EmployeeId
    case_type: CaseType
    status: Literal["open", "closed"]
    opened_on: str


class Shift(BaseModel):
    shift_id: str
    employee_id: Optional[EmployeeId]  # None while the shift is open
    office_id: Annotated[str, RefersTo("offices")]
    job_code: Annotated[str, RefersTo("job_codes")]
    start: str  # YYYY-MM-DD HH:MM, the site's local time
    end: str  # YYYY-MM-DD HH:MM; a night shift ends the next day
    hours: float
    status: Literal["worked", "scheduled", "open"]
    overtime_approved_by: Optional[EmployeeId]  # the manager who approved the overtime this shift makes


class SwapRequest(BaseModel):
    """A shift its employee offered in the shift app, and the colleagues who accepted it there."""

    swap_id: str
    shift_id: Annotated[str, RefersTo("shifts")]
    offered_by: EmployeeId
    in_exchange_for: Optional[Annotated[str, RefersTo("shifts")]]  # the colleague's shift the offerer takes in return
    accepted_by: Annotated[list[EmployeeId], Ordered("the order in which colleagues accepted")]
    status: Literal["open", "completed", "withdrawn"]
    posted_on: str


class Schedule(BaseModel):
    """A computed view of one employee's workweek, Monday to Sunday."""

    employee_id: str
    name: str
    job_code: str
    office_id: str
    under_18: bool
    week_start: str
    week_end: str
    scheduled_hours: float  # the hours of the employee's shifts that start this week
    shifts: Annotated[list[Shift], Unordered()]
    open_shifts: Annotated[list[Shift], Unordered()]  # this week's open shifts at their site in their job code
    swap_requests: Annotated[list[SwapRequest], Unordered()]  # open requests on their shifts or that they accepted


class HrDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # the service center's fixed "now", YYYY-MM-DD HH:MM; tools never read a clock
    today: str
    holidays: Annotated[list[str], Unordered()]
    pay_period_starts: Annotated[list[str], Unordered()]
    next_pto_number: int
    next_leave_number: int
    next_application_number: int
    next_interview_number: int
    next_pay_change_number: int
    next_case_number: int
    offices: dict[str, Office]
    job_codes: dict[str, JobCode]
    employees: dict[str, Employee]
    pto_requests: dict[str, PtoRequest]
    leave_requests: dict[str, LeaveRequest]
    requisitions: dict[str, Requisition]
    applications: dict[str, Application]
    interviews: dict[str, Interview]
    pay_changes: dict[str, PayChange]
    cases: dict[str, Case]
    shifts: dict[str, Shift]
    swap_requests: dict[str, SwapRequest]

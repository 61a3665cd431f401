"""The HR service center's numbered policy rules as checks over a task's gold trace (see
gold_trace.py), on the kit's checks of the rules every policy has; the shift rules (22 to 26)
are checked in shift_rules.py, whose RULES this module completes. Rule 18 governs only what
is said."""

import json
from datetime import timedelta
from typing import Iterator, Optional, get_origin

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.hr.callers import callers
from taubench.domains.hr.models import Employee, HrDB
from taubench.domains.hr.records import accrual_per_month
from taubench.domains.hr.shift_rules import RULES
from taubench.domains.hr.workdays import add_workdays, completed_months, day, month_end, workdays
from taubench.domains.kit import hand_offs, identified_first, looked_up_before_change, records_named, said

Trace = GoldTrace[HrDB]
Step = GoldStep[HrDB]

FLOOR = -8.0
LONG_REQUEST = 3  # workdays: needs NOTICE_DAYS' notice
NOTICE_DAYS = 14
FMLA = {"months": 12, "hours": 1250.0, "headcount": 50, "workdays": 60, "notice_days": 30, "break_years": 7}
MEDICAL = {"service_days": 90, "calendar_days": 30}
BEREAVEMENT_DAYS = (1, 3, 5)
AUTHORITY = (("director", 90000.0), ("vp", 160000.0), ("executive", float("inf")))
LEVELS = ["staff", "manager", "director", "vp", "executive"]
HOURS_A_YEAR = 2080
MAX_RAISE = 0.10
IN_ROLE_MONTHS = 6
EMPLOYEE_RELATIONS = ("harassment", "discrimination", "safety")
OPEN_TOOLS = {"verify_employee", "calculate", "transfer_to_human_agents"}
PERSONAL_VIEWS = {"get_employee", "get_pto_account", "get_leave_eligibility"}
OWN_REQUESTS = {
    "update_contact_info",
    "submit_pto_request",
    "submit_leave_request",
    "submit_internal_application",
    "open_case",
}
TABLES = [name for name, field in HrDB.model_fields.items() if get_origin(field.annotation) is dict]

CONVERSATIONAL = {
    18: "bank and tax form changes have no tool: the refusal and the pointer to the portal are said, not done",
}


def _delegation_in_force(db: HrDB, manager_id: Optional[str], delegate: str) -> bool:
    manager = db.employees.get(manager_id or "")
    return bool(manager and manager.delegate_id == delegate and (manager.delegate_until or "") >= db.today)


def _projected(db: HrDB, employee_id: str, start: str, hours: float, exclude: str = "") -> float:
    employee = db.employees[employee_id]
    rate = accrual_per_month(completed_months(employee.hire_date, db.today) // 12)
    accruals, posting = 0, month_end(db.today)
    while posting < start:
        accruals += 1
        posting = month_end((day(posting) + timedelta(days=1)).isoformat())
    others = sum(
        request.hours
        for request in db.pto_requests.values()
        if request.employee_id == employee_id
        and request.status in ("pending", "approved")
        and request.end_date >= db.today
        and request.request_id != exclude
    )
    return round(employee.pto_balance + accruals * rate - others - hours, 2)


@RULES.trace(1)
def caller_verified_first(trace: Trace) -> list[str]:
    """Every tool but the open ones comes after an active employee record was verified, whoever's records it touches."""
    return identified_first(
        trace,
        identifies=lambda step: (
            ["caller"] if step.name == "verify_employee" and json.loads(step.observation)["status"] == "active" else []
        ),
        concerns=lambda step: [] if step.name in OPEN_TOOLS else ["caller"],
        who="an active record",
    )


@RULES.trace(2)
def read_back_first(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, TABLES))


@RULES.trace(3)
def records_by_role(trace: Trace) -> list[str]:
    violations = []
    for step, caller in zip(trace.steps, callers(trace)):
        if step.name in PERSONAL_VIEWS and caller:
            target = step.before.employees.get(step.arguments["employee_id"])
            if target is None or target.employee_id == caller or target.manager_id == caller:
                continue
            if step.name == "get_pto_account" and _delegation_in_force(step.before, target.manager_id, caller):
                continue
            violations.append(f"{caller} opened {step.name} of {target.employee_id}")
    return violations


@RULES.each(4, "decide_pto_request")
def delegation_in_force(step: Step, trace: Trace) -> Iterator[str]:
    employee = step.before.employees[step.before.pto_requests[step.arguments["request_id"]].employee_id]
    decider = step.arguments["manager_id"]
    if decider != employee.manager_id and not _delegation_in_force(step.before, employee.manager_id, decider):
        yield f"{decider} decided for {employee.employee_id} without a delegation in force"


@RULES.trace(5)
def who_may_ask(trace: Trace) -> list[str]:
    violations = []
    for step, caller in zip(trace.steps, callers(trace)):
        if step.kind != "write" or caller is None:
            continue
        args, db = step.arguments, step.before
        role = db.employees[caller].access_role
        if step.name in OWN_REQUESTS and args["employee_id"] != caller:
            violations.append(f"{step.name} for {args['employee_id']} asked by {caller}")
        elif step.name == "decide_pto_request" and args["manager_id"] != caller:
            violations.append(f"decision recorded for {args['manager_id']} by {caller}")
        elif step.name == "submit_pay_change" and {
            args["requested_by"],
            db.employees[args["employee_id"]].manager_id,
        } - {caller}:
            violations.append(f"pay change for {args['employee_id']} asked by {caller}, not their manager")
        elif step.name == "approve_requisition" and args["approver_id"] != caller:
            violations.append(f"approval recorded for {args['approver_id']} by {caller}")
        elif step.name == "post_requisition" and role != "recruiter":
            violations.append(f"posting by {caller}, not a recruiter")
        elif step.name == "assign_shift":
            entitled = {
                args["employee_id"],
                db.shifts[args["shift_id"]].employee_id,
                db.employees[args["employee_id"]].manager_id,
            }
            if caller not in entitled:  # the one taking it, the one giving it, or the taker's manager
                violations.append(f"shift {args['shift_id']} given to {args['employee_id']} asked by {caller}")
        elif step.name == "schedule_interview":
            requisition = db.requisitions[db.applications[args["application_id"]].requisition_id]
            if role != "recruiter" and requisition.hiring_manager_id != caller:
                violations.append(f"interview booked by {caller}, neither recruiter nor hiring manager")
    return violations


@RULES.each(6, "get_pto_account")
def accrual_tiers(step: Step, trace: Trace) -> Iterator[str]:
    shown = json.loads(step.observation)
    if shown["accrual_hours_per_month"] != accrual_per_month(shown["completed_years_of_service"]):
        yield f"accrual of {shown['employee_id']} is off its tier"


@RULES.each(7, "submit_pto_request")
def charging_and_notice(step: Step, trace: Trace) -> Iterator[str]:
    args, db = step.arguments, step.before
    count = workdays(args["start_date"], args["end_date"], db.holidays)
    if args["hours"] != 8 * count and not (count == 1 and args["hours"] == 4):
        yield f"{args['hours']} hours for {count} workdays"
    if count >= LONG_REQUEST and args["start_date"] < (day(db.today) + timedelta(days=NOTICE_DAYS)).isoformat():
        yield f"{count} workdays from {args['start_date']} without {NOTICE_DAYS} days' notice"


@RULES.each(8, "submit_pto_request")
def balance_floor(step: Step, trace: Trace) -> Iterator[str]:
    args = step.arguments
    left = _projected(step.before, args["employee_id"], args["start_date"], args["hours"])
    if left < FLOOR:
        yield f"PTO submitted to a projected {left}"
    elif not said(trace, left):
        yield f"projected balance {left:g} not in communicate_info"


@RULES.each(9, "decide_pto_request")
def approvals_within_floor(step: Step, trace: Trace) -> Iterator[str]:
    request = step.before.pto_requests[step.arguments["request_id"]]
    left = _projected(step.before, request.employee_id, request.start_date, request.hours, exclude=request.request_id)
    if step.arguments["decision"] == "approved" and left < FLOOR:
        yield f"{request.request_id} approved to a projected {left}"


def _service_months(db: HrDB, employee: Employee, on: str) -> int:
    months = completed_months(employee.hire_date, on)
    prior = db.employees.get(employee.prior_employee_id or "")
    if prior and prior.termination_date:
        gap = completed_months(prior.termination_date, employee.hire_date)
        if gap < 12 * FMLA["break_years"]:
            months += completed_months(prior.hire_date, prior.termination_date)
    return months


@RULES.each(10, "submit_leave_request")
def fmla(step: Step, trace: Trace) -> Iterator[str]:
    args, db = step.arguments, step.before
    if args["leave_type"] != "fmla":
        return
    employee = db.employees[args["employee_id"]]
    window = (day(args["start_date"]) - timedelta(days=365)).isoformat()
    used = sum(
        leave.workdays
        for leave in db.leave_requests.values()
        if leave.employee_id == employee.employee_id
        and leave.leave_type == "fmla"
        and leave.status != "denied"
        and leave.start_date >= window
    )
    if _service_months(db, employee, db.today) < FMLA["months"]:
        yield "FMLA under 12 months of service"
    headcount = db.offices[employee.office_id].employees_within_75_miles
    if employee.hours_last_12_months < FMLA["hours"] or headcount < FMLA["headcount"]:
        yield "FMLA failing the hours or worksite test"
    if used + workdays(args["start_date"], args["end_date"], db.holidays) > FMLA["workdays"]:
        yield f"FMLA beyond 60 workdays ({used} used)"
    if args["start_date"] < (day(db.today) + timedelta(days=FMLA["notice_days"])).isoformat():
        yield f"FMLA from {args['start_date']} without 30 days' notice"


@RULES.each(11, "submit_leave_request")
def company_medical_leave(step: Step, trace: Trace) -> Iterator[str]:
    args, db = step.arguments, step.before
    if args["leave_type"] != "medical":
        return
    if (day(db.today) - day(db.employees[args["employee_id"]].hire_date)).days < MEDICAL["service_days"]:
        yield "medical leave under 90 days of service"
    if (day(args["end_date"]) - day(args["start_date"])).days + 1 > MEDICAL["calendar_days"]:
        yield "medical leave over 30 calendar days"


@RULES.each(12, "submit_leave_request")
def bereavement(step: Step, trace: Trace) -> Iterator[str]:
    args = step.arguments
    if args["leave_type"] != "bereavement":
        return
    if (count := workdays(args["start_date"], args["end_date"], step.before.holidays)) not in BEREAVEMENT_DAYS:
        yield f"bereavement of {count} workdays"


@RULES.each(13, "approve_requisition")
def requisition_authority(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    requisition = db.requisitions[step.arguments["requisition_id"]]
    approver = db.employees[step.arguments["approver_id"]]
    chain, current = [], db.employees[requisition.hiring_manager_id].manager_id
    while current:
        chain.append(current)
        current = db.employees[current].manager_id
    top = requisition.pay_max * (HOURS_A_YEAR if requisition.pay_basis == "hourly" else 1)
    needed = next(level for level, limit in AUTHORITY if top <= limit)
    if approver.employee_id not in chain:
        yield f"{approver.employee_id} is not above the hiring manager"
    if LEVELS.index(approver.level) < LEVELS.index(needed):
        yield f"a {approver.level} approved a range topping {top:g}"
    if requisition.pay_min < requisition.band_min or requisition.pay_max > requisition.band_max:
        yield f"{requisition.requisition_id} approved outside its band"


@RULES.each(14, "post_requisition")
def posting_dates(step: Step, trace: Trace) -> Iterator[str]:
    inside, outside = step.arguments["internal_start"], step.arguments["external_start"]
    if inside < step.before.today or outside < add_workdays(inside, 5, step.before.holidays):
        yield f"posting {inside} / {outside} breaks the 5-workday internal window"
    if not said(trace, outside):
        yield "external start not in communicate_info"


@RULES.each(15, "submit_internal_application")
def internal_applications(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    employee = db.employees[step.arguments["employee_id"]]
    requisition = db.requisitions[step.arguments["requisition_id"]]
    if completed_months(employee.in_role_since, db.today) < IN_ROLE_MONTHS:
        yield f"{employee.employee_id} in role under 6 months"
    if employee.written_warning_until and employee.written_warning_until >= db.today:
        yield f"{employee.employee_id} has an active written warning"
    if requisition.hiring_manager_id == employee.employee_id or (requisition.internal_start or "9999") > db.today:
        yield f"{requisition.requisition_id} not open to {employee.employee_id}"
    if not said(trace, requisition.pay_min):
        yield "pay range not in communicate_info"


@RULES.each(16, "schedule_interview")
def interview_rules(step: Step, trace: Trace) -> Iterator[str]:
    args, db = step.arguments, step.before
    interviewer = db.employees[args["interviewer_id"]]
    candidate = db.employees.get(db.applications[args["application_id"]].employee_id or "")
    booked = sum(
        other.interviewer_id == interviewer.employee_id and other.date == args["date"] and other.status == "scheduled"
        for other in db.interviews.values()
    )
    on_the_hour = "09:00" <= args["time"] <= "16:00" and args["time"][3:] == "00"
    if args["date"] < add_workdays(db.today, 2, db.holidays) or not on_the_hour:
        yield f"interview at {args['date']} {args['time']}"
    if not interviewer.interview_trained or (candidate and candidate.manager_id == interviewer.employee_id):
        yield f"{interviewer.employee_id} may not interview this candidate"
    if booked >= 2:
        yield f"{interviewer.employee_id} already has {booked} interviews on {args['date']}"


@RULES.each(17, "submit_pay_change")
def pay_changes(step: Step, trace: Trace) -> Iterator[str]:
    employee = step.before.employees[step.arguments["employee_id"]]
    new = step.arguments["new_pay"]
    if not employee.pay_band_min <= new <= employee.pay_band_max:
        yield f"{new} outside the band"
    if not employee.base_pay < new <= round(employee.base_pay * (1 + MAX_RAISE), 2):
        yield f"{new} is no raise or above 10% of {employee.base_pay}"
    if not said(trace, round((new - employee.base_pay) / employee.base_pay * 100, 2)):
        yield "raise percent not in communicate_info"


@RULES.trace(19)
def withholding_review(trace: Trace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        if step.name == "update_contact_info" and step.arguments.get("state"):
            moved = step.arguments["state"] != step.before.employees[step.arguments["employee_id"]].address.state
            review = {"employee_id": step.arguments["employee_id"], "case_type": "withholding_review"}
            later = [
                other for other in trace.steps[index + 1 :] if other.name == "open_case" and other.arguments == review
            ]
            if moved and not later:
                violations.append("a move to another state without a withholding_review case")
    return violations


@RULES.each(20, "open_case")
def cases_and_transfers(step: Step, trace: Trace) -> Iterator[str]:
    case_id = json.loads(step.observation)["case_id"]
    if not said(trace, case_id):
        yield f"case id {case_id} not in communicate_info"
    if step.arguments["case_type"] in EMPLOYEE_RELATIONS and not trace.calls("transfer_to_human_agents"):
        yield f"a {step.arguments['case_type']} case without a transfer to employee relations"


RULES.trace(21)(hand_offs)

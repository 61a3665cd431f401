"""The HR service center's numbered policy rules as checks over a task's gold trace (see
gold_trace.py), on the kit's checks of the rules every policy has; the shift rules (22 to 26)
are checked in shift_rules.py. Rule 18 governs only what is said."""

import json
from datetime import timedelta
from typing import Any, Optional, get_origin

from taubench.domains.gold_trace import GoldTrace
from taubench.domains.hr.callers import callers
from taubench.domains.hr.models import HrDB
from taubench.domains.hr.records import accrual_per_month
from taubench.domains.hr.shift_rules import overtime_approval, rest_between_shifts, schedule_views, swaps, under_18
from taubench.domains.hr.workdays import add_workdays, completed_months, day, month_end, workdays
from taubench.domains.kit import hand_offs, identified_first, looked_up_before_change, records_named, said

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
OWN_REQUESTS = {"update_contact_info", "submit_pto_request", "submit_leave_request", "submit_internal_application", "open_case"}
TABLES = [name for name, field in HrDB.model_fields.items() if get_origin(field.annotation) is dict]


def _delegation_in_force(db: Any, manager_id: Optional[str], delegate: str) -> bool:
    manager = db.employees.get(manager_id or "")
    return bool(manager and manager.delegate_id == delegate and (manager.delegate_until or "") >= db.today)


def _projected(db: Any, employee_id: str, start: str, hours: float, exclude: str = "") -> float:
    employee = db.employees[employee_id]
    rate = accrual_per_month(completed_months(employee.hire_date, db.today) // 12)
    accruals, posting = 0, month_end(db.today)
    while posting < start:
        accruals += 1
        posting = month_end((day(posting) + timedelta(days=1)).isoformat())
    others = sum(request.hours for request in db.pto_requests.values()
                 if request.employee_id == employee_id and request.status in ("pending", "approved")
                 and request.end_date >= db.today and request.request_id != exclude)  # fmt: skip
    return round(employee.pto_balance + accruals * rate - others - hours, 2)


def caller_verified_first(trace: GoldTrace) -> list[str]:
    """Every tool but the open ones comes after an active employee record was verified, whoever's records it touches."""
    return identified_first(
        trace,
        identifies=lambda step: ["caller"] if step.name == "verify_employee" and json.loads(step.observation)["status"] == "active" else [],
        concerns=lambda step: [] if step.name in OPEN_TOOLS else ["caller"],
        who="an active record",
    )


def read_back_first(trace: GoldTrace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, TABLES))


def records_by_role(trace: GoldTrace) -> list[str]:
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


def delegation_in_force(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("decide_pto_request"):
        employee = step.before.employees[step.before.pto_requests[step.arguments["request_id"]].employee_id]
        decider = step.arguments["manager_id"]
        if decider != employee.manager_id and not _delegation_in_force(step.before, employee.manager_id, decider):
            violations.append(f"{decider} decided for {employee.employee_id} without a delegation in force")
    return violations


def who_may_ask(trace: GoldTrace) -> list[str]:
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
        elif step.name == "submit_pay_change" and {args["requested_by"], db.employees[args["employee_id"]].manager_id} - {caller}:
            violations.append(f"pay change for {args['employee_id']} asked by {caller}, not their manager")
        elif step.name == "approve_requisition" and args["approver_id"] != caller:
            violations.append(f"approval recorded for {args['approver_id']} by {caller}")
        elif step.name == "post_requisition" and role != "recruiter":
            violations.append(f"posting by {caller}, not a recruiter")
        elif step.name == "assign_shift":
            entitled = {args["employee_id"], db.shifts[args["shift_id"]].employee_id, db.employees[args["employee_id"]].manager_id}
            if caller not in entitled:  # the one taking it, the one giving it, or the taker's manager
                violations.append(f"shift {args['shift_id']} given to {args['employee_id']} asked by {caller}")
        elif step.name == "schedule_interview":
            requisition = db.requisitions[db.applications[args["application_id"]].requisition_id]
            if role != "recruiter" and requisition.hiring_manager_id != caller:
                violations.append(f"interview booked by {caller}, neither recruiter nor hiring manager")
    return violations


def accrual_tiers(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("get_pto_account"):
        shown = json.loads(step.observation)
        if shown["accrual_hours_per_month"] != accrual_per_month(shown["completed_years_of_service"]):
            violations.append(f"accrual of {shown['employee_id']} is off its tier")
    return violations


def charging_and_notice(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_pto_request"):
        args, db = step.arguments, step.before
        count = workdays(args["start_date"], args["end_date"], db.holidays)
        if args["hours"] != 8 * count and not (count == 1 and args["hours"] == 4):
            violations.append(f"{args['hours']} hours for {count} workdays")
        if count >= LONG_REQUEST and args["start_date"] < (day(db.today) + timedelta(days=NOTICE_DAYS)).isoformat():
            violations.append(f"{count} workdays from {args['start_date']} without {NOTICE_DAYS} days' notice")
    return violations


def balance_floor(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_pto_request"):
        args = step.arguments
        left = _projected(step.before, args["employee_id"], args["start_date"], args["hours"])
        if left < FLOOR:
            violations.append(f"PTO submitted to a projected {left}")
        elif not said(trace, left):
            violations.append(f"projected balance {left:g} not in communicate_info")
    return violations


def approvals_within_floor(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("decide_pto_request"):
        request = step.before.pto_requests[step.arguments["request_id"]]
        left = _projected(step.before, request.employee_id, request.start_date, request.hours, exclude=request.request_id)
        if step.arguments["decision"] == "approved" and left < FLOOR:
            violations.append(f"{request.request_id} approved to a projected {left}")
    return violations


def _service_months(db: Any, employee: Any, on: str) -> int:
    months = completed_months(employee.hire_date, on)
    prior = db.employees.get(employee.prior_employee_id or "")
    gap = completed_months(prior.termination_date, employee.hire_date) if prior and prior.termination_date else None
    if prior and gap is not None and gap < 12 * FMLA["break_years"]:
        months += completed_months(prior.hire_date, prior.termination_date)
    return months


def fmla(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_leave_request"):
        args, db = step.arguments, step.before
        if args["leave_type"] != "fmla":
            continue
        employee = db.employees[args["employee_id"]]
        window = (day(args["start_date"]) - timedelta(days=365)).isoformat()
        used = sum(leave.workdays for leave in db.leave_requests.values() if leave.employee_id == employee.employee_id
                   and leave.leave_type == "fmla" and leave.status != "denied" and leave.start_date >= window)  # fmt: skip
        if _service_months(db, employee, db.today) < FMLA["months"]:
            violations.append("FMLA under 12 months of service")
        headcount = db.offices[employee.office_id].employees_within_75_miles
        if employee.hours_last_12_months < FMLA["hours"] or headcount < FMLA["headcount"]:
            violations.append("FMLA failing the hours or worksite test")
        if used + workdays(args["start_date"], args["end_date"], db.holidays) > FMLA["workdays"]:
            violations.append(f"FMLA beyond 60 workdays ({used} used)")
        if args["start_date"] < (day(db.today) + timedelta(days=FMLA["notice_days"])).isoformat():
            violations.append(f"FMLA from {args['start_date']} without 30 days' notice")
    return violations


def company_medical_leave(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_leave_request"):
        args, db = step.arguments, step.before
        if args["leave_type"] != "medical":
            continue
        if (day(db.today) - day(db.employees[args["employee_id"]].hire_date)).days < MEDICAL["service_days"]:
            violations.append("medical leave under 90 days of service")
        if (day(args["end_date"]) - day(args["start_date"])).days + 1 > MEDICAL["calendar_days"]:
            violations.append("medical leave over 30 calendar days")
    return violations


def bereavement(trace: GoldTrace) -> list[str]:
    return [f"bereavement of {count} workdays" for step in trace.calls("submit_leave_request")
            if step.arguments["leave_type"] == "bereavement"
            and (count := workdays(step.arguments["start_date"], step.arguments["end_date"], step.before.holidays))
            not in BEREAVEMENT_DAYS]  # fmt: skip


def requisition_authority(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("approve_requisition"):
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
            violations.append(f"{approver.employee_id} is not above the hiring manager")
        if LEVELS.index(approver.level) < LEVELS.index(needed):
            violations.append(f"a {approver.level} approved a range topping {top:g}")
        if requisition.pay_min < requisition.band_min or requisition.pay_max > requisition.band_max:
            violations.append(f"{requisition.requisition_id} approved outside its band")
    return violations


def posting_dates(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("post_requisition"):
        inside, outside = step.arguments["internal_start"], step.arguments["external_start"]
        if inside < step.before.today or outside < add_workdays(inside, 5, step.before.holidays):
            violations.append(f"posting {inside} / {outside} breaks the 5-workday internal window")
        if not said(trace, outside):
            violations.append("external start not in communicate_info")
    return violations


def internal_applications(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_internal_application"):
        db = step.before
        employee = db.employees[step.arguments["employee_id"]]
        requisition = db.requisitions[step.arguments["requisition_id"]]
        if completed_months(employee.in_role_since, db.today) < IN_ROLE_MONTHS:
            violations.append(f"{employee.employee_id} in role under 6 months")
        if employee.written_warning_until and employee.written_warning_until >= db.today:
            violations.append(f"{employee.employee_id} has an active written warning")
        if requisition.hiring_manager_id == employee.employee_id or (requisition.internal_start or "9999") > db.today:
            violations.append(f"{requisition.requisition_id} not open to {employee.employee_id}")
        if not said(trace, requisition.pay_min):
            violations.append("pay range not in communicate_info")
    return violations


def interview_rules(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("schedule_interview"):
        args, db = step.arguments, step.before
        interviewer = db.employees[args["interviewer_id"]]
        candidate = db.employees.get(db.applications[args["application_id"]].employee_id or "")
        booked = sum(other.interviewer_id == interviewer.employee_id and other.date == args["date"]
                     and other.status == "scheduled" for other in db.interviews.values())  # fmt: skip
        on_the_hour = "09:00" <= args["time"] <= "16:00" and args["time"][3:] == "00"
        if args["date"] < add_workdays(db.today, 2, db.holidays) or not on_the_hour:
            violations.append(f"interview at {args['date']} {args['time']}")
        if not interviewer.interview_trained or (candidate and candidate.manager_id == interviewer.employee_id):
            violations.append(f"{interviewer.employee_id} may not interview this candidate")
        if booked >= 2:
            violations.append(f"{interviewer.employee_id} already has {booked} interviews on {args['date']}")
    return violations


def pay_changes(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_pay_change"):
        args = step.arguments
        employee = step.before.employees[args["employee_id"]]
        new = args["new_pay"]
        if not employee.pay_band_min <= new <= employee.pay_band_max:
            violations.append(f"{new} outside the band")
        if not employee.base_pay < new <= round(employee.base_pay * (1 + MAX_RAISE), 2):
            violations.append(f"{new} is no raise or above 10% of {employee.base_pay}")
        if not said(trace, round((new - employee.base_pay) / employee.base_pay * 100, 2)):
            violations.append("raise percent not in communicate_info")
    return violations


def withholding_review(trace: GoldTrace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        if step.name == "update_contact_info" and step.arguments.get("state"):
            moved = step.arguments["state"] != step.before.employees[step.arguments["employee_id"]].address.state
            review = {"employee_id": step.arguments["employee_id"], "case_type": "withholding_review"}
            later = [other for other in trace.steps[index + 1 :] if other.name == "open_case" and other.arguments == review]
            if moved and not later:
                violations.append("a move to another state without a withholding_review case")
    return violations


def cases_and_transfers(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("open_case"):
        case_id = json.loads(step.observation)["case_id"]
        if not said(trace, case_id):
            violations.append(f"case id {case_id} not in communicate_info")
        if step.arguments["case_type"] in EMPLOYEE_RELATIONS and not trace.calls("transfer_to_human_agents"):
            violations.append(f"a {step.arguments['case_type']} case without a transfer to employee relations")
    return violations


RULES = {
    1: caller_verified_first,
    2: read_back_first,
    3: records_by_role,
    4: delegation_in_force,
    5: who_may_ask,
    6: accrual_tiers,
    7: charging_and_notice,
    8: balance_floor,
    9: approvals_within_floor,
    10: fmla,
    11: company_medical_leave,
    12: bereavement,
    13: requisition_authority,
    14: posting_dates,
    15: internal_applications,
    16: interview_rules,
    17: pay_changes,
    19: withholding_review,
    20: cases_and_transfers,
    21: hand_offs,
    22: schedule_views,
    23: rest_between_shifts,
    24: overtime_approval,
    25: under_18,
    26: swaps,
}
CONVERSATIONAL = {
    18: "bank and tax form changes have no tool: the refusal and the pointer to the portal are said, not done",
}

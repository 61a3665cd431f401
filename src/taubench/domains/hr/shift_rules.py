"""The policy's shift rules (22 to 26): first as computations over a database (the rest between
shifts, the week's hours against the overtime threshold, the limits for employees under 18,
who can take over a shift in a swap), then as the checks of gold traces. The domain's RULES
starts here: policy_rules.py, the module the card reads, imports it and adds the other rules,
so that loading it registers these too."""

from datetime import timedelta
from typing import Optional

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.hr.callers import callers
from taubench.domains.hr.models import Employee, HrDB, Shift
from taubench.domains.hr.shift_time import age_on, hours_between, monday_of, week_hours
from taubench.domains.hr.workdays import day, is_workday
from taubench.domains.kit import RuleBook, said

Trace = GoldTrace[HrDB]
Step = GoldStep[HrDB]

REST_HOURS = 10.0
OVERTIME_AFTER = 40.0
ADULT_AGE = 18
MINOR_SHIFT_HOURS, MINOR_WEEK_HOURS, MINOR_LATEST_END = 8.0, 28.0, "22:00"

RULES = RuleBook()


def held(db: HrDB, employee_id: str) -> list[Shift]:
    """The employee's shifts, by start."""
    return sorted(
        (shift for shift in db.shifts.values() if shift.employee_id == employee_id), key=lambda shift: shift.start
    )


def short_rests(db: HrDB, employee_id: str, shift: Shift) -> list[float]:
    """The rests under REST_HOURS that the shift leaves next to the employee's other shifts."""
    others = [other for other in held(db, employee_id) if other.shift_id != shift.shift_id]
    before = [other for other in others if other.start < shift.start][-1:]
    after = [other for other in others if other.start > shift.start][:1]
    rests = [hours_between(other.end, shift.start) for other in before] + [
        hours_between(shift.end, other.start) for other in after
    ]
    return [rest for rest in rests if rest < REST_HOURS]


def week_with(db: HrDB, employee_id: str, shift: Shift) -> float:
    """The employee's hours in the shift's workweek, the shift included."""
    theirs = [other for other in held(db, employee_id) if other.shift_id != shift.shift_id]
    return round(week_hours(theirs, monday_of(shift.start)) + shift.hours, 2)


def is_minor(employee: Employee, on: str) -> bool:
    return age_on(employee.birth_date, on) < ADULT_AGE


def late_on_school_night(db: HrDB, shift: Shift) -> bool:
    """Whether the shift ends after MINOR_LATEST_END on a night before a workday."""
    night = shift.start[:10]
    return shift.end > f"{night} {MINOR_LATEST_END}" and is_workday(day(night) + timedelta(days=1), db.holidays)


def minor_breaches(db: HrDB, employee: Employee, shift: Shift) -> list[str]:
    if not is_minor(employee, shift.start):
        return []
    breaches = []
    if shift.hours > MINOR_SHIFT_HOURS:
        breaches.append(f"a {shift.hours:g}-hour shift for an employee under 18")
    total = week_with(db, employee.employee_id, shift)
    if total > MINOR_WEEK_HOURS:
        breaches.append(f"{total:g} hours in a week for an employee under 18")
    if late_on_school_night(db, shift):
        breaches.append(f"a shift ending {shift.end} on a school night for an employee under 18")
    return breaches


def cannot_take(db: HrDB, employee_id: str, shift: Shift) -> list[str]:
    """Why the employee cannot take the shift over in a swap (nothing when they can)."""
    employee = db.employees[employee_id]
    reasons = []
    if employee.job_code != shift.job_code or employee.office_id != shift.office_id:
        reasons.append(f"{employee_id} does not hold {shift.job_code} at {shift.office_id}")
    if any(
        other.start < shift.end and shift.start < other.end
        for other in held(db, employee_id)
        if other.shift_id != shift.shift_id
    ):
        reasons.append(f"{employee_id} works then")
    reasons += [f"{employee_id} would rest {rest:g} hours" for rest in short_rests(db, employee_id, shift)]
    if (total := week_with(db, employee_id, shift)) > OVERTIME_AFTER:
        reasons.append(f"{employee_id} would work {total:g} hours that week")
    return reasons + minor_breaches(db, employee, shift)


def swap_parties(db: HrDB, employee_id: str) -> set[str]:
    """Everyone in an open swap request the employee is in."""
    parties = set()
    for request in db.swap_requests.values():
        exchange = db.shifts[request.in_exchange_for].employee_id if request.in_exchange_for else None
        involved = {party for party in (request.offered_by, *request.accepted_by, exchange) if party}
        if request.status == "open" and employee_id in involved:
            parties |= involved
    return parties


def _own_or_report(db: HrDB, caller: str, employee_id: str) -> bool:
    return employee_id == caller or db.employees[employee_id].manager_id == caller


@RULES.trace(22)
def schedule_views(trace: Trace) -> list[str]:
    """A schedule is the caller's, a direct report's, or that of a colleague in a swap with the caller."""
    return [
        f"{caller} opened the schedule of {step.arguments['employee_id']}, no party to a swap with them"
        for step, caller in zip(trace.steps, callers(trace))
        if step.name == "get_schedule"
        and caller
        and not _own_or_report(step.before, caller, step.arguments["employee_id"])
        and step.arguments["employee_id"] not in swap_parties(step.before, caller)
    ]


def _assignments(trace: Trace) -> list[tuple[Step, Optional[str], Shift, Employee]]:
    """Each shift assignment: its step, who asked, the shift as the trace ends, the new holder."""
    end = trace.steps[-1].after
    return [
        (step, caller, end.shifts[step.arguments["shift_id"]], end.employees[step.arguments["employee_id"]])
        for step, caller in zip(trace.steps, callers(trace))
        if step.name == "assign_shift"
    ]


@RULES.trace(23)
def rest_between_shifts(trace: Trace) -> list[str]:
    end = trace.steps[-1].after
    return [
        f"{holder.employee_id} rests {rest:g} hours next to {shift.shift_id}"
        for _, _, shift, holder in _assignments(trace)
        for rest in short_rests(end, holder.employee_id, shift)
    ]


@RULES.trace(24)
def overtime_approval(trace: Trace) -> list[str]:
    violations, end = [], trace.steps[-1].after
    for step, caller, shift, holder in _assignments(trace):
        total, approver = week_with(end, holder.employee_id, shift), step.arguments.get("overtime_approved_by") or None
        if total <= OVERTIME_AFTER and approver:
            violations.append(f"overtime approved for {shift.shift_id} though the week is {total:g} hours")
        elif total > OVERTIME_AFTER and not (approver == holder.manager_id == caller):
            violations.append(f"{total:g} hours for {holder.employee_id} without their manager's own approval")
        elif total > OVERTIME_AFTER and not said(trace, total):
            violations.append(f"the week's {total:g} hours not in communicate_info")
    return violations


@RULES.trace(25)
def under_18(trace: Trace) -> list[str]:
    end = trace.steps[-1].after
    return [breach for _, _, shift, holder in _assignments(trace) for breach in minor_breaches(end, holder, shift)]


@RULES.trace(26)
def swaps(trace: Trace) -> list[str]:
    violations, start = [], trace.steps[0].before
    for step, _, shift, holder in _assignments(trace):
        was = step.before.shifts[shift.shift_id]
        if was.employee_id is None:
            if (holder.office_id, holder.job_code) != (shift.office_id, shift.job_code):
                violations.append(f"open shift {shift.shift_id} given outside its site and job code")
            continue
        requests = [request for request in start.swap_requests.values() if request.status == "open"]
        accepted = [
            request
            for request in requests
            if request.shift_id == shift.shift_id and holder.employee_id in request.accepted_by
        ]
        exchanged = [
            request
            for request in requests
            if request.in_exchange_for == shift.shift_id
            and request.offered_by == holder.employee_id
            and was.employee_id in request.accepted_by
        ]
        if not accepted and not exchanged:
            violations.append(
                f"{shift.shift_id} taken over by {holder.employee_id} without a swap request they accepted"
            )
        for request in accepted:
            passed_over = request.accepted_by[: request.accepted_by.index(holder.employee_id)]
            violations += [
                f"{other} accepted {shift.shift_id} first and could take it"
                for other in passed_over
                if not cannot_take(start, other, start.shifts[shift.shift_id])
            ]
        violations += [f"swap: {reason}" for reason in cannot_take(trace.steps[-1].after, holder.employee_id, shift)]
    return violations

"""The policy's shift rules as computations over a database: the rest between shifts, the
week's hours against the overtime threshold, the limits for employees under 18, and who can
take over a shift in a swap. The policy checks judge gold traces with them."""

from datetime import timedelta
from typing import Any

from taubench.domains.hr.shift_time import age_on, hours_between, monday_of, week_hours
from taubench.domains.hr.workdays import day, is_workday

REST_HOURS = 10.0
OVERTIME_AFTER = 40.0
ADULT_AGE = 18
MINOR_SHIFT_HOURS, MINOR_WEEK_HOURS, MINOR_LATEST_END = 8.0, 28.0, "22:00"


def held(db: Any, employee_id: str) -> list[Any]:
    """The employee's shifts, by start."""
    return sorted((shift for shift in db.shifts.values() if shift.employee_id == employee_id), key=lambda shift: shift.start)


def short_rests(db: Any, employee_id: str, shift: Any) -> list[float]:
    """The rests under REST_HOURS that the shift leaves next to the employee's other shifts."""
    others = [other for other in held(db, employee_id) if other.shift_id != shift.shift_id]
    before = [other for other in others if other.start < shift.start][-1:]
    after = [other for other in others if other.start > shift.start][:1]
    rests = [hours_between(other.end, shift.start) for other in before] + [hours_between(shift.end, other.start) for other in after]
    return [rest for rest in rests if rest < REST_HOURS]


def week_with(db: Any, employee_id: str, shift: Any) -> float:
    """The employee's hours in the shift's workweek, the shift included."""
    theirs = [other for other in held(db, employee_id) if other.shift_id != shift.shift_id]
    return round(week_hours(theirs, monday_of(shift.start)) + shift.hours, 2)


def is_minor(employee: Any, on: str) -> bool:
    return age_on(employee.birth_date, on) < ADULT_AGE


def late_on_school_night(db: Any, shift: Any) -> bool:
    """Whether the shift ends after MINOR_LATEST_END on a night before a workday."""
    night = shift.start[:10]
    return shift.end > f"{night} {MINOR_LATEST_END}" and is_workday(day(night) + timedelta(days=1), db.holidays)


def minor_breaches(db: Any, employee: Any, shift: Any) -> list[str]:
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


def cannot_take(db: Any, employee_id: str, shift: Any) -> list[str]:
    """Why the employee cannot take the shift over in a swap (nothing when they can)."""
    employee = db.employees[employee_id]
    reasons = []
    if employee.job_code != shift.job_code or employee.office_id != shift.office_id:
        reasons.append(f"{employee_id} does not hold {shift.job_code} at {shift.office_id}")
    if any(other.start < shift.end and shift.start < other.end for other in held(db, employee_id) if other.shift_id != shift.shift_id):
        reasons.append(f"{employee_id} works then")
    reasons += [f"{employee_id} would rest {rest:g} hours" for rest in short_rests(db, employee_id, shift)]
    if (total := week_with(db, employee_id, shift)) > OVERTIME_AFTER:
        reasons.append(f"{employee_id} would work {total:g} hours that week")
    return reasons + minor_breaches(db, employee, shift)


def swap_parties(db: Any, employee_id: str) -> set[str]:
    """Everyone in an open swap request the employee is in."""
    parties = set()
    for request in db.swap_requests.values():
        exchange = db.shifts[request.in_exchange_for].employee_id if request.in_exchange_for else None
        involved = {request.offered_by, *request.accepted_by, exchange}
        if request.status == "open" and employee_id in involved:
            parties |= involved
    return parties

"""The plants' schedules, for the generator: each hourly employee's crew (the cast's ``crews``,
the others drawn), their shifts over the current and the next pay period but for
holidays, PTO and leave days, a few overtime shifts their managers approved, open shifts, and
the swap requests posted in the shift app. The draws come from the generator's own stream,
passed in; nothing here seeds or reads a clock."""

from datetime import date, timedelta
from typing import Any, Iterable, Optional, Protocol, Sequence

from pydantic import BaseModel

from taubench.domains.hr.shift_time import hours_between, moment, stamp

# A pattern is a start time and a length in hours; a crew works patterns on weekdays (0 Monday ... 6 Sunday).
PATTERNS = {
    "D": ("06:00", 8),
    "S": ("14:00", 8),
    "N": ("22:00", 8),
    "M": ("06:00", 10),
    "E": ("16:00", 6),
    "L": ("17:00", 6),
    "W": ("09:00", 8),
}
MON_FRI = (0, 1, 2, 3, 4)
FIRST_WEEK, WEEKS = "2025-11-03", 4  # the pay periods starting 2025-11-03 (the current one) and 2025-11-17
DAY_SETS = [MON_FRI] * 6 + [(1, 2, 3, 4, 5)] * 2 + [(6, 0, 1, 2, 3), (0, 1, 2, 3), (2, 3, 4, 5)]
LONG_DAYS = [(0, 1, 2, 3), (1, 2, 3, 4), (2, 3, 4, 5)]
OVERTIME_ODDS = 0.07  # a full-timer's week with one extra shift, approved by their manager
CAST_GROUPS = {("O2", "PRD-OP1"), ("O2", "PKG-ASC")}  # the tasks' groups: their open shifts are the cast's
OPEN_SWAPS, WITHDRAWN_SWAPS, COMPLETED_SWAPS = 90, 25, 60


class Crew(BaseModel):
    employee_id: str
    pattern: str
    weekdays: list[int]


class OpenShift(BaseModel):
    office_id: str
    job_code: str
    start: str
    end: str


class HeldShift(BaseModel):
    """A shift named by its holder and start, before shifts have ids."""

    holder: str
    start: str


class CastSwap(BaseModel):
    shift: HeldShift
    in_exchange_for: Optional[HeldShift]
    accepted_by: list[str]
    posted_on: str


CAST_SECTIONS: dict[str, type[BaseModel]] = {
    "crews": Crew,
    "open_shifts": OpenShift,
    "swap_requests": CastSwap,
}  # the cast file's sections for shifts


class Draws(Protocol):
    def random(self) -> float: ...

    def randint(self, low: int, high: int) -> int: ...

    def choice(self, items: Sequence[Any]) -> Any: ...

    def sample(self, items: Sequence[Any], count: int) -> list[Any]: ...


def _crew(draws: Draws, job_code: str) -> list[tuple[str, tuple[int, ...]]]:
    if job_code.startswith("MNT"):
        return [("M", draws.choice(LONG_DAYS))]
    return [(draws.choice("DDDSSN"), draws.choice(DAY_SETS))]


def _days_off(pto: Iterable[dict], leaves: Iterable[dict]) -> set[tuple[str, str]]:
    """(employee, day) for every day of approved or taken PTO and of leave not denied."""
    off = set()
    spans = [
        (request["employee_id"], request["start_date"], request["end_date"])
        for request in pto
        if request["status"] in ("approved", "taken")
    ]
    spans += [
        (leave["employee_id"], leave["start_date"], leave["end_date"])
        for leave in leaves
        if leave["status"] != "denied"
    ]
    for employee_id, first, last in spans:
        day = date.fromisoformat(first)
        while day.isoformat() <= last:
            off.add((employee_id, day.isoformat()))
            day += timedelta(days=1)
    return off


def _shift(employee: dict, day: str, pattern: str, now: str, approved_by: Any = None) -> dict[str, Any]:
    begins, length = PATTERNS[pattern]
    start = f"{day} {begins}"
    end = stamp(moment(start) + timedelta(hours=length))
    return _record(employee["employee_id"], employee["office_id"], employee["job_code"], start, end, now, approved_by)


def _record(
    employee_id: Any, office_id: str, job_code: str, start: str, end: str, now: str, approved_by: Any = None
) -> dict:
    status = "open" if employee_id is None else "worked" if end <= now else "scheduled"
    return {
        "employee_id": employee_id,
        "office_id": office_id,
        "job_code": job_code,
        "start": start,
        "end": end,
        "hours": hours_between(start, end),
        "status": status,
        "overtime_approved_by": approved_by,
    }


def _weeks() -> list[date]:
    return [date.fromisoformat(FIRST_WEEK) + timedelta(weeks=number) for number in range(WEEKS)]


def _crew_shifts(
    draws: Draws,
    hourly: list[dict],
    crews: dict[str, list],
    cast_ids: set[str],
    off: set,
    holidays: list[str],
    now: str,
) -> list[dict]:
    shifts = []
    for employee in hourly:
        employee_id = employee["employee_id"]
        crew = crews.get(employee_id) or _crew(draws, employee["job_code"])
        for monday in _weeks():
            for pattern, weekdays in crew:
                for weekday in weekdays:
                    day = (monday + timedelta(days=weekday)).isoformat()
                    if day not in holidays and (employee_id, day) not in off and day >= employee["hire_date"]:
                        shifts.append(_shift(employee, day, pattern, now))
            full_time = sum(PATTERNS[pattern][1] * len(weekdays) for pattern, weekdays in crew) >= 40
            if employee_id in cast_ids or not full_time or draws.random() >= OVERTIME_ODDS:
                continue
            extra = next(weekday for weekday in (5, 6, 0, 1, 2, 3, 4) if weekday not in crew[0][1])
            day = (monday + timedelta(days=extra)).isoformat()
            if day not in holidays and (employee_id, day) not in off:
                shifts.append(_shift(employee, day, crew[0][0], now, approved_by=employee["manager_id"]))
    return shifts


def _open_shifts(
    draws: Draws,
    groups: dict[tuple[str, str], list[dict]],
    patterns: dict[str, str],
    cast_open: list[OpenShift],
    holidays: list[str],
    now: str,
) -> list[dict]:
    shifts = [_record(None, shift.office_id, shift.job_code, shift.start, shift.end, now) for shift in cast_open]
    for (office_id, job_code), members in sorted(groups.items()):
        if len(members) < 6 or (office_id, job_code) in CAST_GROUPS:
            continue
        for monday in _weeks():
            for _ in range(draws.randint(0, 2)):
                day = (monday + timedelta(days=draws.randint(0, 6))).isoformat()
                pattern = patterns[draws.choice(members)["employee_id"]]
                begins, length = PATTERNS[pattern]
                start = f"{day} {begins}"
                if day not in holidays and start > now:
                    end = stamp(moment(start) + timedelta(hours=length))
                    shifts.append(_record(None, office_id, job_code, start, end, now))
    return shifts


def _swap(
    swap_id: str,
    shift: dict,
    offered_by: str,
    accepted_by: list[str],
    status: str,
    posted_on: str,
    in_exchange_for: Any = None,
) -> dict[str, Any]:
    return {
        "swap_id": swap_id,
        "shift_id": shift["shift_id"],
        "offered_by": offered_by,
        "in_exchange_for": in_exchange_for,
        "accepted_by": accepted_by,
        "status": status,
        "posted_on": posted_on,
    }


def _swap_requests(
    draws: Draws, shifts: list[dict], groups: dict, cast_swaps: list[CastSwap], cast_ids: set[str], now: str
) -> dict[str, dict]:
    held = {(shift["employee_id"], shift["start"]): shift for shift in shifts if shift["employee_id"]}
    requests = []
    for request in cast_swaps:
        exchange = (
            request.in_exchange_for and held[request.in_exchange_for.holder, request.in_exchange_for.start]["shift_id"]
        )
        shift = held[request.shift.holder, request.shift.start]
        requests.append((shift, shift["employee_id"], list(request.accepted_by), "open", request.posted_on, exchange))
    filler = [shift for shift in shifts if shift["employee_id"] and shift["employee_id"] not in cast_ids]
    coming = draws.sample([shift for shift in filler if shift["start"] > now], OPEN_SWAPS + WITHDRAWN_SWAPS)
    for number, shift in enumerate(coming):
        colleagues = [
            e["employee_id"]
            for e in groups[(shift["office_id"], shift["job_code"])]
            if e["employee_id"] != shift["employee_id"]
        ]
        accepted = draws.sample(colleagues, min(len(colleagues), draws.choice([0, 1, 1, 2, 2, 3])))
        posted = (date.fromisoformat(now[:10]) - timedelta(days=draws.randint(0, 9))).isoformat()
        status = "open" if number < OPEN_SWAPS else "withdrawn"
        requests.append((shift, shift["employee_id"], accepted, status, posted, None))
    worked_days = {(shift["employee_id"], shift["start"][:10]) for shift in shifts}
    for shift in draws.sample([shift for shift in filler if shift["end"] <= now], COMPLETED_SWAPS):
        day = shift["start"][:10]
        free = [
            e["employee_id"]
            for e in groups[(shift["office_id"], shift["job_code"])]
            if (e["employee_id"], day) not in worked_days
        ]
        if free:
            posted = (date.fromisoformat(day) - timedelta(days=draws.randint(2, 6))).isoformat()
            requests.append((shift, draws.choice(free), [shift["employee_id"]], "completed", posted, None))
    return {f"SW{number}": _swap(f"SW{number}", *request) for number, request in enumerate(requests, start=101)}


def plan(
    draws: Draws,
    employees: list[dict],
    pto: Iterable[dict],
    leaves: Iterable[dict],
    holidays: list[str],
    now: str,
    cast: dict[str, list],
    cast_ids: set[str],
) -> tuple[dict[str, dict], dict[str, dict]]:
    """The shifts (by id, in order of start) and the swap requests; the cast's people (``cast_ids``)
    get no drawn overtime, open shift or swap request."""
    crews: dict[str, list] = {}
    for crew in cast["crews"]:
        crews.setdefault(crew.employee_id, []).append((crew.pattern, tuple(crew.weekdays)))
    hourly = [e for e in employees if e["pay_basis"] == "hourly" and e["status"] == "active"]
    groups: dict[tuple[str, str], list[dict]] = {}
    for employee in hourly:
        if employee["employee_id"] not in cast_ids:
            groups.setdefault((employee["office_id"], employee["job_code"]), []).append(employee)
    shifts = _crew_shifts(draws, hourly, crews, cast_ids, _days_off(pto, leaves), holidays, now)
    patterns = {shift["employee_id"]: _pattern_of(shift) for shift in shifts}
    shifts += _open_shifts(draws, groups, patterns, cast["open_shifts"], holidays, now)
    shifts.sort(key=lambda shift: (shift["start"], shift["office_id"], shift["job_code"], shift["employee_id"] or ""))
    for number, shift in enumerate(shifts, start=10001):
        shift["shift_id"] = f"S{number}"
    by_id = {shift["shift_id"]: {"shift_id": shift["shift_id"], **shift} for shift in shifts}
    return by_id, _swap_requests(draws, list(by_id.values()), groups, cast["swap_requests"], cast_ids, now)


def _pattern_of(shift: dict) -> str:
    return next(
        name
        for name, (begins, length) in PATTERNS.items()
        if shift["start"][11:] == begins and shift["hours"] == length
    )

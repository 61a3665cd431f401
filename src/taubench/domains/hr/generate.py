"""Larkspur Foods' HR database: the hand-written cast (``data/cast.json``) plus seeded filler
(teams under filler supervisors, PTO history, leaves, requisitions with their candidates and
interviews, pay changes and cases), so that look-ups have namesakes and history to sift; then
the shift cast and the plants' schedules (``schedules.py``) from a stream of their own.

The cast is what the tasks are built around: the reporting lines from the CEO down; the two
Jordan Lees (Production in Dayton, Maintenance in Columbus) and Jordan Leigh, who shares a
Jordan Lee's birth date; Teresa Alvarez, rehired, with her terminated first record; Luis
Romero's delegation to Ana Sousa, ended, and Wei Zhang's to Omar Farouk, in force; written
warnings active and ended; requisitions at each approval tier and outside their bands,
approved ones waiting to be posted, postings open and not yet open; interviewers with a full
day; the PTO and leave history the balance and FMLA tasks turn on. Its second part adds the
Dayton packaging team under Renata Silva (her delegate Dwayne Porter in force to 2025-11-21),
three of them under 18, a second Lily Tran in Allentown, the crews of the Dayton production
and packaging staff, their open shifts, and the swap requests posted in the shift app
(accepted by no one, by colleagues who could or could not take the shift, an exchange).
Each employee's phone, address, e-mail and emergency contact are drawn."""

import random
from datetime import date
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict

from taubench.domains.hr import schedules
from taubench.domains.hr.models import Application, Interview, JobCode, LeaveRequest, Office, PtoRequest, Requisition
from taubench.domains.hr.workdays import add_workdays, is_workday, workdays
from taubench.domains.kit import load_cast

SEED = 20251104
SHIFT_SEED = SEED + 1  # drawn after every earlier record, so those stay as they were
NOW = "2025-11-04 09:00"
TODAY = NOW[:10]
HOLIDAYS = [
    "2025-01-01",
    "2025-05-26",
    "2025-07-04",
    "2025-09-01",
    "2025-11-11",
    "2025-11-27",
    "2025-11-28",
    "2025-12-24",
    "2025-12-25",
    "2026-01-01",
]
PAY_PERIOD_STARTS = ["2025-11-03", "2025-11-17", "2025-12-01", "2025-12-15", "2025-12-29", "2026-01-12"]
FILLER_TEAMS = 26
TEAM_SIZE = (11, 15)
FIRST = [
    "Aaron",
    "Bianca",
    "Caleb",
    "Dana",
    "Elena",
    "Felix",
    "Gloria",
    "Hassan",
    "Irene",
    "Jacob",
    "Kara",
    "Leo",
    "Mina",
    "Noah",
    "Opal",
    "Pedro",
    "Quinn",
    "Rita",
    "Simon",
    "Tessa",
    "Uma",
    "Vince",
    "Wanda",
    "Xavier",
    "Yara",
    "Zane",
    "Amir",
    "Bethany",
    "Cody",
    "Diana",
    "Erik",
    "Farah",
    "Gavin",
    "Helena",
    "Ivan",
    "Julia",
    "Kyle",
    "Lucia",
    "Mateo",
    "Nadia",
]
WOMEN = {
    "Bianca",
    "Elena",
    "Gloria",
    "Irene",
    "Kara",
    "Mina",
    "Opal",
    "Rita",
    "Tessa",
    "Uma",
    "Wanda",
    "Yara",
    "Bethany",
    "Diana",
    "Farah",
    "Helena",
    "Julia",
    "Lucia",
    "Nadia",
}
MEN = {
    "Aaron",
    "Caleb",
    "Felix",
    "Hassan",
    "Jacob",
    "Leo",
    "Noah",
    "Pedro",
    "Simon",
    "Vince",
    "Xavier",
    "Zane",
    "Amir",
    "Cody",
    "Erik",
    "Gavin",
    "Ivan",
    "Kyle",
    "Mateo",
}
LAST = [
    "Abbott",
    "Barnes",
    "Chavez",
    "Dixon",
    "Ellis",
    "Fong",
    "Garza",
    "Hughes",
    "Ibarra",
    "Jensen",
    "Kowalski",
    "Lund",
    "Moreno",
    "Nolan",
    "Osei",
    "Patel",
    "Quigley",
    "Rossi",
    "Sato",
    "Turner",
    "Varga",
    "Watts",
    "Yilmaz",
    "Zimmer",
    "Bauer",
    "Cruz",
    "Dunn",
    "Foster",
    "Hale",
    "Ingram",
]
PAST_PTO = ["taken", "taken", "taken", "cancelled", "denied"]
RELATIONS = ["spouse", "partner", "mother", "father", "sister", "brother", "friend"]
WOMEN_ONLY, MEN_ONLY = {"mother", "sister"}, {"father", "brother"}
COUNTERPART = {"mother": "father", "father": "mother", "sister": "brother", "brother": "sister"}
STREETS = [
    "Maple Ave",
    "Oak St",
    "High St",
    "Cedar Ln",
    "Park Blvd",
    "River Rd",
    "Elm St",
    "Lincoln Way",
    "Hillcrest Dr",
]
ZIPS = {"O1": "432", "O2": "454", "O3": "937", "O4": "837", "O5": "181", "O6": "314"}
AREA = {"O1": "614", "O2": "937", "O3": "559", "O4": "208", "O5": "610", "O6": "912"}
TEAM_KINDS = [
    ("Production", "PRD-OP1", "SUP-PRD"),
    ("Warehouse", "WHS-ASC", "SUP-PRD"),
    ("Quality", "QA-TEC", "MGR-OPS"),
    ("Maintenance", "MNT-TEC", "MGR-OPS"),
    ("Finance", "ACC-ANL", "FIN-MGR"),
    ("IT", "IT-ANL", "IT-MGR"),
    ("Engineering", "ENG-PRC", "ENG-MGR"),
]
DIRECTOR_BY_OFFICE = {"O1": "E1005", "O2": "E1003", "O3": "E1004", "O4": "E1004", "O5": "E1003", "O6": "E1004"}


class CastEmployee(BaseModel):
    """An employee as the cast (or the filler) writes them; the generator draws the rest."""

    model_config = ConfigDict(extra="forbid")

    employee_id: str
    name: str
    birth_date: str
    access_role: str
    level: str
    department: str
    job_code: str
    office_id: str
    manager_id: Optional[str]
    hire_date: str
    in_role_since: str
    base_pay: float
    hours_last_12_months: float
    pto_balance: float
    extra: dict[str, Any] = {}  # any other field of the record as it must read: a delegation, a warning, a termination


CAST_SECTIONS: dict[str, type[BaseModel]] = {
    "offices": Office,
    "job_codes": JobCode,
    "employees": CastEmployee,
    "pto_requests": PtoRequest,
    "leave_requests": LeaveRequest,
    "requisitions": Requisition,
    "applications": Application,
    "interviews": Interview,
    "shift_employees": CastEmployee,
    "shift_pto_requests": PtoRequest,
    **schedules.CAST_SECTIONS,
}


def _date(rng: random.Random, first: int, last: int) -> str:
    return f"{rng.randint(first, last)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def _employee(rng: random.Random, row: CastEmployee, offices: dict, jobs: dict[str, JobCode]) -> dict[str, Any]:
    employee_id, name, born, role, level, office = (
        row.employee_id,
        row.name,
        row.birth_date,
        row.access_role,
        row.level,
        row.office_id,
    )
    job = jobs[row.job_code]
    first, last = name.lower().split(" ", 1)
    record = {
        "employee_id": employee_id,
        "name": name,
        "birth_date": born,
        "status": "active",
        "access_role": role,
        "level": level,
        "department": row.department,
        "job_code": job.job_code,
        "title": job.title,
        "office_id": office,
        "manager_id": row.manager_id,
        "hire_date": row.hire_date,
        "termination_date": None,
        "prior_employee_id": None,
        "in_role_since": row.in_role_since,
        "pay_basis": job.pay_basis,
        "base_pay": row.base_pay,
        "pay_band_min": job.band_min,
        "pay_band_max": job.band_max,
        "hours_last_12_months": row.hours_last_12_months,
        "pto_balance": row.pto_balance,
        "written_warning_until": None,
        "interview_trained": level != "staff" or role == "recruiter" or rng.random() < 0.3,
        "delegate_id": None,
        "delegate_until": None,
        "phone": f"{AREA[office]}-555-{rng.randint(100, 9999):04d}",
        "email": f"{first}.{last.replace(' ', '')}{employee_id[-2:]}@larkspurfoods.com",
        "address": {
            "street": f"{rng.randint(10, 9800)} {rng.choice(STREETS)}",
            "city": offices[office]["city"],
            "state": offices[office]["state"],
            "zip": f"{ZIPS[office]}{rng.randint(10, 99)}",
        },
        "emergency_contact": _emergency_contact(
            rng.choice(FIRST),
            rng.choice(RELATIONS),
            employee_id,
            last.title(),
            f"{AREA[office]}-555-{rng.randint(100, 9999):04d}",
        ),
    }
    record.update(row.extra)
    return record


def _emergency_contact(given: str, drawn: str, employee_id: str, family_name: str, phone: str) -> dict[str, str]:
    """A contact that reads right: a mother or sister has a woman's name, a father or brother a man's
    (the drawn relationship turns into its counterpart otherwise), and a friend has a family name of
    their own. Derived without drawing again, so every later record of the seed stays as it was."""
    contradicts = (drawn in WOMEN_ONLY and given in MEN) or (drawn in MEN_ONLY and given in WOMEN)
    relationship = COUNTERPART[drawn] if contradicts else drawn
    if relationship == "friend":
        family_name = next(name for name in LAST[int(employee_id[1:]) % len(LAST) :] + LAST if name != family_name)
    return {"name": f"{given} {family_name}", "relationship": relationship, "phone": phone}


def _filler_employees(
    rng: random.Random, offices: dict, taken: set[str], jobs: dict[str, JobCode]
) -> list[CastEmployee]:
    """Teams of staff, each under a filler supervisor reporting to the office's director."""
    rows: list[tuple[Any, ...]] = []  # CastEmployee's fields in order
    number = 1100
    cast_names = set(taken)

    def fresh_name() -> str:
        while True:
            name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
            if name not in cast_names and (name not in taken or rng.random() < 0.08):  # a few namesakes on purpose
                taken.add(name)
                return name

    def pay(code: str) -> float:
        low, high = jobs[code].band_min, jobs[code].band_max
        value = rng.uniform(low, low + (high - low) * 0.8)
        return round(value, 2) if high < 100 else float(round(value, -2))

    for team in range(FILLER_TEAMS):
        department, staff_code, lead_code = TEAM_KINDS[team % len(TEAM_KINDS)]
        office = sorted(offices)[team % len(offices)]
        lead_id = f"E{number}"
        hired = _date(rng, 2008, 2020)
        rows.append(
            (
                lead_id,
                fresh_name(),
                _date(rng, 1965, 1990),
                "manager",
                "manager",
                department,
                lead_code,
                office,
                DIRECTOR_BY_OFFICE[office],
                hired,
                hired,
                pay(lead_code),
                2080.0,
                round(rng.uniform(20, 110), 1),
                {},
            )
        )
        number += 1
        for _ in range(rng.randint(*TEAM_SIZE)):
            hired = _date(rng, 2010, 2025) if rng.random() < 0.9 else _date(rng, 2025, 2025)
            hired = min(hired, "2025-10-20")
            extra: dict[str, Any] = {}
            if rng.random() < 0.04:
                left = _date(rng, 2023, 2025)[:8] + "15"
                extra = {"status": "terminated", "termination_date": left} if hired < left < TODAY else {}
            elif rng.random() < 0.05:
                extra = {"written_warning_until": _date(rng, 2025, 2026)}
            hourly = jobs[staff_code].pay_basis == "hourly"
            hours = round(rng.uniform(1500, 2250) if hourly else 2080.0, 1)
            rows.append(
                (
                    f"E{number}",
                    fresh_name(),
                    _date(rng, 1960, 2006),
                    "employee",
                    "staff",
                    department,
                    staff_code,
                    office,
                    lead_id,
                    hired,
                    hired,
                    pay(staff_code),
                    hours,
                    round(rng.uniform(-4, 120), 1),
                    extra,
                )
            )
            number += 1
    fields = list(CastEmployee.model_fields)
    return [CastEmployee(**dict(zip(fields, row))) for row in rows]


def _pto(rng: random.Random, employees: list[dict], holidays: list[str]) -> dict[str, dict]:
    requests: dict[str, dict] = {}
    number = 5000
    for employee in employees:
        spans: list[tuple[str, str]] = []
        for _ in range(rng.randint(2, 5)):
            start = f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 26):02d}"
            while not is_workday(date.fromisoformat(start), holidays):
                start = start[:8] + f"{int(start[8:]) + 1:02d}"
            length = rng.choice([1, 1, 1, 2, 3, 5])
            end = add_workdays(start, length - 1, holidays)
            hours = 8.0 * workdays(start, end, holidays) if rng.random() < 0.9 or length > 1 else 4.0
            if any(start <= last and first <= end for first, last in spans):
                continue  # an employee's requests never overlap
            spans.append((start, end))
            past = end < TODAY
            status = rng.choice(PAST_PTO) if past else rng.choice(["pending", "approved"])
            requests[f"P{number}"] = {
                "request_id": f"P{number}",
                "employee_id": employee["employee_id"],
                "start_date": start,
                "end_date": end,
                "hours": hours,
                "status": status,
                "submitted_on": min(start, TODAY) if past else TODAY[:8] + "01",
                "decided_by": employee["manager_id"] if status in ("taken", "approved", "denied") else None,
            }
            number += 1
    return requests


def _requisitions(rng: random.Random, employees: list[dict], jobs: dict[str, JobCode]) -> list[tuple]:
    managers = [
        employee for employee in employees if employee["level"] == "manager" and employee["employee_id"] >= "E1100"
    ]
    rows = []
    for number in range(820, 868):
        manager = rng.choice(managers)
        code = next(staff for department, staff, _ in TEAM_KINDS if department == manager["department"])
        low, high = jobs[code].band_min, jobs[code].band_max
        pay_min = round(low + (high - low) * 0.1, 2) if high < 100 else float(round(low * 1.05, -3))
        pay_max = round(high - (high - low) * 0.1, 2) if high < 100 else float(round(high * 0.95, -3))
        status = rng.choice(["closed", "closed", "posted", "approved", "awaiting_approval"])
        if manager["department"] not in ("Finance", "IT"):  # the open requisitions of the other teams are the cast's
            status = "closed"
        internal = _date(rng, 2025, 2025) if status in ("closed", "posted") else None
        internal = min(internal, "2025-10-27" if status == "posted" else "2025-09-30") if internal else None
        while internal and not is_workday(date.fromisoformat(internal), HOLIDAYS):
            internal = internal[:8] + f"{int(internal[8:]) + 1:02d}"
        external = add_workdays(internal, 5, HOLIDAYS) if internal else None
        approver = manager["manager_id"] if status != "awaiting_approval" else None
        rows.append(
            (
                f"R{number}",
                jobs[code].title,
                code,
                manager["department"],
                manager["office_id"],
                manager["employee_id"],
                pay_min,
                pay_max,
                rng.randint(1, 3),
                status,
                approver,
                internal,
                external,
            )
        )
    return rows


def _requisition(row: tuple, jobs: dict[str, JobCode]) -> dict[str, Any]:
    (
        requisition_id,
        title,
        code,
        department,
        office,
        manager,
        pay_min,
        pay_max,
        openings,
        status,
        approver,
        internal,
        external,
    ) = row
    low, high, basis = jobs[code].band_min, jobs[code].band_max, jobs[code].pay_basis
    return {
        "requisition_id": requisition_id,
        "title": title,
        "job_code": code,
        "department": department,
        "office_id": office,
        "hiring_manager_id": manager,
        "pay_basis": basis,
        "pay_min": pay_min,
        "pay_max": pay_max,
        "band_min": low,
        "band_max": high,
        "openings": openings,
        "status": status,
        "approved_by": approver,
        "internal_start": internal,
        "external_start": external,
    }


def _pipeline(rng: random.Random, requisitions: list[dict], interviewers: list[str]) -> tuple[dict, dict]:
    applications: dict[str, dict] = {}
    interviews: dict[str, dict] = {}
    number, booked = 20100, set()
    for requisition in requisitions:
        if requisition["internal_start"] is None:
            continue
        for _ in range(rng.randint(4, 11)):
            stage = rng.choice(["applied", "screen", "interview", "rejected", "withdrawn", "offer"])
            if requisition["status"] == "closed":
                stage = rng.choice(["rejected", "hired", "withdrawn"])
            applied = add_workdays(requisition["internal_start"], rng.randint(0, 6), HOLIDAYS)
            application_id = f"A{number}"
            applications[application_id] = {
                "application_id": application_id,
                "requisition_id": requisition["requisition_id"],
                "candidate_name": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                "employee_id": None,
                "stage": stage,
                "applied_on": min(applied, TODAY),
            }
            number += 1
            if stage in ("interview", "offer", "hired"):
                interviewer = rng.choice(interviewers)
                on = add_workdays(applied, rng.randint(3, 12), HOLIDAYS)
                time = f"{rng.randint(9, 16):02d}:00"
                if (interviewer, on, time) in booked:
                    continue
                booked.add((interviewer, on, time))
                interview_id = f"I{7100 + len(interviews)}"
                interviews[interview_id] = {
                    "interview_id": interview_id,
                    "application_id": application_id,
                    "interviewer_id": interviewer,
                    "date": on,
                    "time": time,
                    "status": "completed" if on < TODAY else "scheduled",
                }
    return applications, interviews


def _pay_changes_and_cases(rng: random.Random, employees: list[dict]) -> tuple[dict, dict]:
    changes: dict[str, dict] = {}
    staff = [employee for employee in employees if employee["status"] == "active" and employee["level"] == "staff"]
    by_id = {employee["employee_id"]: employee for employee in employees}
    for number, employee in enumerate(rng.sample(staff, 70), start=400):
        manager = by_id[employee["manager_id"]]
        new = employee["base_pay"] * rng.uniform(1.02, 1.08)
        changes[f"PC{number}"] = {
            "change_id": f"PC{number}",
            "employee_id": employee["employee_id"],
            "requested_by": manager["employee_id"],
            "current_pay": employee["base_pay"],
            "new_pay": round(new, 2) if new < 100 else float(round(new, -2)),
            "effective_date": PAY_PERIOD_STARTS[0],
            "reason": rng.choice(["merit", "market_adjustment", "promotion"]),
            "status": rng.choice(["approved", "approved", "rejected"]),
            "approver_id": manager["manager_id"],
            "submitted_on": "2025-10-" + f"{rng.randint(1, 24):02d}",
        }
    cases = {}
    kinds = ["benefits", "benefits", "payroll_error", "withholding_review", "safety", "harassment"]
    for number, employee in enumerate(rng.sample(employees, 110), start=9000):
        cases[f"C{number}"] = {
            "case_id": f"C{number}",
            "employee_id": employee["employee_id"],
            "case_type": rng.choice(kinds),
            "status": rng.choice(["closed", "closed", "open"]),
            "opened_on": _date(rng, 2024, 2025)[:8] + "03",
        }
    return changes, cases


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    cast = load_cast(__package__, CAST_SECTIONS)
    offices = {office.office_id: office.model_dump() for office in cast["offices"]}
    jobs = {job.job_code: job for job in cast["job_codes"]}
    job_codes = {code: job.model_dump() for code, job in jobs.items()}
    rows = cast["employees"] + _filler_employees(rng, offices, {row.name for row in cast["employees"]}, jobs)
    employees = [_employee(rng, row, offices, jobs) for row in rows]
    cast_ids = {row.employee_id for row in cast["employees"]}
    pto = {request.request_id: request.model_dump() for request in cast["pto_requests"]}
    pto.update(
        _pto(rng, [e for e in employees if e["employee_id"] not in cast_ids and e["status"] == "active"], HOLIDAYS)
    )
    leaves = {leave.leave_id: leave.model_dump() for leave in cast["leave_requests"]}
    for number, employee in enumerate(
        rng.sample([e for e in employees if e["employee_id"] not in cast_ids], 130), start=310
    ):
        start = f"{rng.choice([2024, 2025])}-{rng.randint(1, 12):02d}-{rng.randint(1, 20):02d}"
        while not is_workday(date.fromisoformat(start), HOLIDAYS):
            start = start[:8] + f"{int(start[8:]) + 1:02d}"
        count = rng.choice([3, 5, 10, 15, 20, 30])
        end = add_workdays(start, count - 1, HOLIDAYS)
        leaves[f"LV{number}"] = {
            "leave_id": f"LV{number}",
            "employee_id": employee["employee_id"],
            "leave_type": rng.choice(["fmla", "medical", "bereavement"]),
            "start_date": start,
            "end_date": end,
            "workdays": count,
            "status": "completed" if end < TODAY else "approved",
            "submitted_on": start[:8] + "01",
        }
    filler_requisitions = [_requisition(row, jobs) for row in _requisitions(rng, employees, jobs)]
    requisitions = [requisition.model_dump() for requisition in cast["requisitions"]] + filler_requisitions
    applications = {application.application_id: application.model_dump() for application in cast["applications"]}
    interviews = {interview.interview_id: interview.model_dump() for interview in cast["interviews"]}
    trained = [
        e["employee_id"]
        for e in employees
        if e["interview_trained"] and e["employee_id"] not in cast_ids and e["status"] == "active"
    ]
    filler_apps, filler_interviews = _pipeline(rng, filler_requisitions, trained)
    applications.update(filler_apps)
    interviews.update(filler_interviews)
    changes, cases = _pay_changes_and_cases(rng, [e for e in employees if e["employee_id"] not in cast_ids])
    draws = random.Random(SHIFT_SEED)
    employees += [_employee(draws, row, offices, jobs) for row in cast["shift_employees"]]
    pto.update({request.request_id: request.model_dump() for request in cast["shift_pto_requests"]})
    cast_ids |= {row.employee_id for row in cast["shift_employees"]}
    shifts, swaps = schedules.plan(draws, employees, pto.values(), leaves.values(), HOLIDAYS, NOW, cast, cast_ids)
    return {
        "now": NOW,
        "today": TODAY,
        "holidays": HOLIDAYS,
        "pay_period_starts": PAY_PERIOD_STARTS,
        "next_pto_number": 1 + max(int(key[1:]) for key in pto),
        "next_leave_number": 500,
        "next_application_number": 20100 + len(filler_apps),
        "next_interview_number": 7100 + len(filler_interviews),
        "next_pay_change_number": 400 + len(changes),
        "next_case_number": 9000 + len(cases),
        "offices": offices,
        "job_codes": job_codes,
        "employees": {e["employee_id"]: e for e in employees},
        "pto_requests": pto,
        "leave_requests": leaves,
        "requisitions": {r["requisition_id"]: r for r in requisitions},
        "applications": applications,
        "interviews": interviews,
        "pay_changes": changes,
        "cases": cases,
        "shifts": shifts,
        "swap_requests": swaps,
    }

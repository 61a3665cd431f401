"""The contractor's database: the hand-written cast (``data/cast.json``) plus seeded projects,
clients, subcontractors, schedules, permits, inspections, change orders, pay applications with
their lien waivers, and notices, so that look-ups have namesakes and near-addresses to miss.

The cast: the contractor's project managers, its estimator and its safety officer; two
subcontractors called Rivera Electric (the Rock County one's licence ran out on 2025-04-30);
an electrician whose liability certificate lapses on 2025-05-20, in the middle of tasks that
start this month; one whose aggregate limit is only $1M; a plumber whose workers' comp lapsed
on 2025-04-15 next to a near-namesake ("Hartwell Plumbing and Heating") whose papers are in
order; a mechanical sub whose licence runs out on 2025-06-10; and well-papered electricians and
mechanical subs to fall back on.

The filler: 360 projects started between May 2024 and July 2025, each with a twelve-task
schedule (excavation to finish carpentry, working days Monday to Saturday, holidays skipped),
a building, electrical and plumbing permit (a mechanical one on most), the inspections passed
as the work finished, change orders, pay applications for finished work (paid ones with the
conditional waiver they were paid against) and notices. One client in eight shares a name with
another; a site address in twenty is repeated on a street of another kind ("Ln" and "Ct")."""

import random
from datetime import date, timedelta
from typing import Any

from taubench.domains.construction.models import Employee, Subcontractor
from taubench.domains.construction.tools import INSPECTIONS_OF
from taubench.domains.construction.workdays import (
    business_days_after,
    cents,
    end_of,
    is_working_day,
    marked_up,
    next_business_day,
    shift_working_days,
)
from taubench.domains.kit import Population, load_cast

NOW = "2025-05-06 10:00"
TODAY = date(2025, 5, 6)
SEED = 1806
HOLIDAYS = [
    "2024-05-27",
    "2024-07-04",
    "2024-09-02",
    "2024-11-28",
    "2024-12-25",
    "2025-01-01",
    "2025-05-26",
    "2025-06-19",
    "2025-07-04",
    "2025-09-01",
    "2025-11-27",
    "2025-12-25",
]
PROJECTS, SUBS = 360, 230
TOWNS = [
    ("Madison", "Dane"),
    ("Middleton", "Dane"),
    ("Verona", "Dane"),
    ("Sun Prairie", "Dane"),
    ("Fitchburg", "Dane"),
    ("Janesville", "Rock"),
    ("Beloit", "Rock"),
    ("Baraboo", "Sauk"),
    ("Portage", "Columbia"),
]
# name, trade, working days, predecessors (by position)
TEMPLATE: list[tuple[str, str, int, tuple[int, ...]]] = [
    ("Excavation", "excavation", 5, ()),
    ("Footings", "concrete", 5, (0,)),
    ("Foundation walls", "concrete", 8, (1,)),
    ("Underground plumbing", "plumbing", 4, (2,)),
    ("Framing", "framing", 20, (3,)),
    ("Rough electrical", "electrical", 8, (4,)),
    ("Rough plumbing", "plumbing", 7, (4,)),
    ("Rough mechanical", "mechanical", 7, (4,)),
    ("Roofing", "roofing", 6, (4,)),
    ("Insulation", "insulation", 4, (5, 6, 7)),
    ("Drywall", "drywall", 12, (9,)),
    ("Finish carpentry", "finish_carpentry", 15, (10,)),
]
# the inspection, and the positions of the tasks whose end it follows
INSPECTED_AFTER = {
    "footing": (1,),
    "foundation": (2,),
    "underground_plumbing": (3,),
    "rough_electrical": (5,),
    "rough_plumbing": (6,),
    "rough_mechanical": (7,),
    "framing": (4, 5, 6, 7),
    "insulation": (9,),
    "final": (11,),
}
COMPANY_WORDS = ["Badger", "Capitol", "Yahara", "Four Lakes", "Isthmus", "Prairie", "Driftless", "Mendota", "Monona"]
TRADE_WORDS = {
    "excavation": ("Excavating", "EX"),
    "concrete": ("Concrete", "CN"),
    "framing": ("Framing", "FR"),
    "plumbing": ("Plumbing", "MP"),
    "electrical": ("Electric", "EC"),
    "mechanical": ("Heating and Cooling", "HV"),
    "roofing": ("Roofing", "RF"),
    "insulation": ("Insulation", "IN"),
    "drywall": ("Drywall", "DW"),
    "finish_carpentry": ("Millwork", "FC"),
}
CHANGE_WORK = [
    "egress_window",
    "countertop_upgrade",
    "extra_lighting",
    "laundry_relocation",
    "heated_floor",
    "deck_enlargement",
    "gas_line",
    "attic_insulation",
]


def _day(text: str) -> date:
    return date.fromisoformat(text)


def _subs(rng: random.Random, cast: list[Subcontractor]) -> list[dict[str, Any]]:
    subs = [sub.model_dump() for sub in cast]
    taken = {sub["licence_number"] for sub in subs}
    trades = list(TRADE_WORDS)
    for number in range(len(subs), SUBS):
        trade = trades[number % len(trades)]
        word, prefix = TRADE_WORDS[trade]
        owner = rng.choice(["Lindqvist", "Okafor", "Brandt", "Moua", "Kowalski", "Reyes", "Thao", "Schultz", "Dahl"])
        company = f"{rng.choice([owner, rng.choice(COMPANY_WORDS)])} {word}"
        while True:
            licence = f"{prefix}-{rng.randint(100000, 999999)}"
            if licence not in taken:
                taken.add(licence)
                break
        big = rng.random() < 0.85
        subs.append(
            {
                "sub_id": f"S{201 + number}",
                "company": company,
                "trade": trade,
                "county": rng.choice(["Dane", "Dane", "Dane", "Rock", "Sauk", "Columbia"]),
                "licence_number": licence,
                "licence_expires": (TODAY + timedelta(days=rng.randint(-40, 600))).isoformat(),
                "gl_per_occurrence": 1000000.0 if big else 500000.0,
                "gl_aggregate": rng.choice([2000000.0, 3000000.0]) if big else 1000000.0,
                "insurance_expires": (TODAY + timedelta(days=rng.randint(-20, 400))).isoformat(),
                "workers_comp_expires": (TODAY + timedelta(days=rng.randint(-20, 400))).isoformat(),
                "phone": f"608-555-{2000 + number:04d}",
            }
        )
    return subs


def database() -> dict[str, Any]:
    cast = load_cast(__package__, {"employees": Employee, "subcontractors": Subcontractor})
    rng = random.Random(SEED)
    people = Population(SEED, TODAY.isoformat())
    employees = {employee.employee_id: employee.model_dump() for employee in cast["employees"]}
    managers = [key for key, employee in employees.items() if employee["role"] == "project_manager"]
    subs = _subs(rng, cast["subcontractors"])
    by_trade: dict[str, list[str]] = {}
    for sub in subs:
        if sub["sub_id"] not in ("S202", "S203", "S204", "S206", "S208"):
            by_trade.setdefault(sub["trade"], []).append(sub["sub_id"])
    clients: dict[str, Any] = {}
    projects: dict[str, Any] = {}
    tasks: dict[str, Any] = {}
    permits: dict[str, Any] = {}
    inspections: dict[str, Any] = {}
    orders: dict[str, Any] = {}
    applications: dict[str, Any] = {}
    notices: dict[str, Any] = {}
    addresses: list[str] = []
    counters = {"task": 10001, "inspection": 40001, "order": 2001, "application": 3001, "waiver": 6001, "notice": 8001}

    def next_id(kind: str, prefix: str) -> str:
        counters[kind] += 1
        return f"{prefix}{counters[kind] - 1}"

    for index in range(PROJECTS):
        person = people.person("608", ages=(28, 75), mail_domain=rng.choice(["mailbox.com", "badgernet.com"]))
        client_id = f"C{5001 + index}"
        clients[client_id] = {
            "client_id": client_id,
            "name": person.name,
            "phone": person.phone,
            "email": person.email,
        }
        town, county = rng.choice(TOWNS)
        address = people.street_address()
        if addresses and rng.random() < 0.05:
            number, *street, kind = rng.choice(addresses).split()
            address = " ".join([number, *street, "Ct" if kind != "Ct" else "Ln"])
        addresses.append(address)
        project_id = f"P{1001 + index}"
        start = TODAY + timedelta(days=rng.randint(-370, 85))
        while not is_working_day(start, HOLIDAYS):
            start += timedelta(days=1)
        ids: list[str] = []
        ends: list[date] = []
        for name, trade, duration, before in TEMPLATE:
            task_id = next_id("task", "T")
            begin = start
            if before:
                begin = shift_working_days(max(ends[item] for item in before), 1 + rng.choice([0, 0, 1, 2]), HOLIDAYS)
            end = end_of(begin, duration, HOLIDAYS)
            ids.append(task_id)
            ends.append(end)
            status = "done" if end < TODAY else "in_progress" if begin <= TODAY else "not_started"
            assigned = rng.choice(by_trade[trade]) if status != "not_started" or rng.random() < 0.6 else None
            tasks[task_id] = {
                "task_id": task_id,
                "project_id": project_id,
                "name": name,
                "trade": trade,
                "duration_days": duration,
                "predecessors": [ids[item] for item in before],
                "start": begin.isoformat(),
                "end": end.isoformat(),
                "sub_id": assigned,
                "status": status,
            }
        finished = ends[-1] < TODAY
        status = (
            "active" if not finished else "substantially_complete" if ends[-1] > TODAY - timedelta(60) else "closed"
        )
        projects[project_id] = {
            "project_id": project_id,
            "address": address,
            "city": town,
            "county": county,
            "client_id": client_id,
            "pm_id": managers[index % len(managers)],
            "contract_value": float(rng.randrange(240000, 920000, 500)),
            "retainage_pct": 5.0 if rng.random() < 0.15 else 10.0,
            "status": status,
        }
        kinds = ["building", "electrical", "plumbing"] + (["mechanical"] if rng.random() < 0.8 else [])
        for kind in kinds:
            prefix = {"building": "BP", "electrical": "EP", "plumbing": "PP", "mechanical": "MP"}[kind]
            permit_id = f"{prefix}{5001 + index}"
            early = rng.randint(10, 45) if kind == "building" or rng.random() < 0.7 else rng.randint(120, 200)
            issued = start - timedelta(days=early)
            passed: list[date] = []
            for inspection_type in INSPECTIONS_OF[kind]:  # type: ignore[index]
                after = max(ends[item] for item in INSPECTED_AFTER[inspection_type])
                day = business_days_after(after, rng.choice([1, 1, 2, 4, 7, 11]), HOLIDAYS)
                if day >= TODAY or day > max([issued, *passed]) + timedelta(days=180):
                    break
                if rng.random() < 0.12:
                    failed = next_id("inspection", "I")
                    inspections[failed] = {
                        "inspection_id": failed,
                        "permit_id": permit_id,
                        "inspection_type": inspection_type,
                        "date": day.isoformat(),
                        "result": "failed",
                    }
                    day = next_business_day(next_business_day(day, HOLIDAYS), HOLIDAYS)
                if day >= TODAY or day > max([issued, *passed]) + timedelta(days=180):
                    break
                held = next_id("inspection", "I")
                inspections[held] = {
                    "inspection_id": held,
                    "permit_id": permit_id,
                    "inspection_type": inspection_type,
                    "date": day.isoformat(),
                    "result": "passed",
                }
                passed.append(day)
            last = max(passed) if passed else None
            expires = max([issued, *passed]) + timedelta(days=180)
            extended = False
            done = len(passed) == len(INSPECTIONS_OF[kind])  # type: ignore[index]
            if not done and expires < TODAY + timedelta(days=40) and rng.random() < 0.3:
                extended, expires = True, expires + timedelta(days=180)
            permits[permit_id] = {
                "permit_id": permit_id,
                "project_id": project_id,
                "permit_type": kind,
                "issued_on": issued.isoformat(),
                "last_passed_inspection_on": last.isoformat() if last else None,
                "expires_on": expires.isoformat(),
                "extended": extended,
                "extension_reason": "material_delay" if extended else None,
                "status": "closed" if done else "expired" if expires < TODAY else "active",
            }
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            cost = float(rng.randrange(800, 24000, 50))
            added = rng.choice([0, 0, 1, 2, 3, 5])
            price = marked_up(cost)
            big = price > projects[project_id]["contract_value"] / 10 or added > 10
            order_id = next_id("order", "CO")
            submitted = start + timedelta(days=rng.randint(5, 90))
            open_order = submitted >= TODAY - timedelta(days=20) and not finished
            orders[order_id] = {
                "change_order_id": order_id,
                "project_id": project_id,
                "work": rng.choice(CHANGE_WORK),
                "sub_cost": cost,
                "price": price,
                "added_days": added,
                "pm_approved_by": projects[project_id]["pm_id"] if big else None,
                "submitted_on": min(submitted, TODAY).isoformat(),
                "status": "awaiting_client" if open_order else "approved",
                "approved_on": None if open_order else (min(submitted, TODAY) + timedelta(days=3)).isoformat(),
            }
            if not open_order:
                projects[project_id]["contract_value"] = cents(projects[project_id]["contract_value"] + price)
        value = projects[project_id]["contract_value"]
        for position, task_id in enumerate(ids):
            task = tasks[task_id]
            if task["status"] == "not_started" or task["sub_id"] is None or position in (0, 8):
                continue
            amount = cents(value * rng.choice([0.03, 0.04, 0.05, 0.06]) // 50 * 50)
            application_id = next_id("application", "PA")
            submitted_on = min(_day(task["end"]) + timedelta(days=rng.randint(1, 12)), TODAY)
            paid = submitted_on < TODAY - timedelta(days=10)
            waivers = []
            retained = cents(amount * projects[project_id]["retainage_pct"] / 100)
            if paid or rng.random() < 0.3:
                waivers.append(
                    {
                        "waiver_id": next_id("waiver", "W"),
                        "waiver_type": "conditional",
                        "amount": cents(amount - retained),
                        "received_on": submitted_on.isoformat(),
                    }
                )
            applications[application_id] = {
                "pay_application_id": application_id,
                "project_id": project_id,
                "sub_id": task["sub_id"],
                "kind": "progress",
                "amount": amount,
                "submitted_on": submitted_on.isoformat(),
                "status": "paid" if paid else "submitted",
                "paid_amount": cents(amount - retained) if paid else None,
                "paid_on": (submitted_on + timedelta(days=7)).isoformat() if paid else None,
                "lien_waivers": waivers,
            }
        if status == "substantially_complete":
            application_id = next_id("application", "PA")
            amount = cents(value * 0.05)
            applications[application_id] = {
                "pay_application_id": application_id,
                "project_id": project_id,
                "sub_id": tasks[ids[-1]]["sub_id"],
                "kind": "final",
                "amount": amount,
                "submitted_on": min(ends[-1] + timedelta(days=5), TODAY).isoformat(),
                "status": "submitted",
                "paid_amount": None,
                "paid_on": None,
                "lien_waivers": [],
            }
        for _ in range(rng.randint(2, 6)):
            notice_id = next_id("notice", "N")
            kind = rng.choice(["schedule_delay", "inspection_booked", "change_order", "payment_released"])
            notices[notice_id] = {
                "notice_id": notice_id,
                "project_id": project_id,
                "notice_type": kind,
                "recipients": sorted(rng.sample(["client", "project_manager", "subcontractors"], rng.randint(1, 2))),
                "sent_on": min(start + timedelta(days=rng.randint(0, 120)), TODAY).isoformat(),
            }
    return {
        "now": NOW,
        "holidays": HOLIDAYS,
        "next_inspection_number": counters["inspection"],
        "next_change_order_number": counters["order"],
        "next_waiver_number": counters["waiver"],
        "next_notice_number": counters["notice"],
        "employees": employees,
        "clients": clients,
        "projects": projects,
        "subcontractors": {sub["sub_id"]: sub for sub in subs},
        "schedule_tasks": tasks,
        "permits": permits,
        "inspections": inspections,
        "change_orders": orders,
        "pay_applications": applications,
        "notices": notices,
    }

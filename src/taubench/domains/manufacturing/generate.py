"""The plant's database from a fixed seed: the cast the tasks are written around
(``data/cast.json``, written out by ``tests/domains/manufacturing/cast_source.py``), plus a
seeded plant around it.

The cast: cells L01 to L10 with their qualified parts, cycle times and changeovers (L09 down);
the operators, supervisors, quality engineers, QA managers and planners who call (two Marco
Ruiz on different lines, one inactive operator); two open bracket orders (BR-2210) on L01 and
L02 and three open drive-shaft orders (SH-1150); the shifts whose OEE the tasks ask for, with
stops under and over five minutes; lots that pass release, and lots that fail it by a
critical Cpk of 1.21, a gauge (G-1040, beside the good G-104) past due on the day of
measurement, an open NCR, a missing inspection or a measurement over its limit; open NCRs of
each class; and material lots where the first received is not the first to expire, one held
and two expired.

The filler: the other people, cells L11 to L30 and their parts, about 1,600 work orders with
their lots, inspections, NCRs and material issues, 200 gauges, 300 material lots, and two weeks
of shift logs with production and downtime on the filler cells (the cast cells' recent
shifts are left to the tasks)."""

import random
from datetime import date, timedelta
from typing import Any

from taubench.domains.kit import Population, load_cast
from taubench.domains.manufacturing.models import (
    DowntimeEvent,
    Employee,
    Gauge,
    Line,
    Lot,
    MaterialLot,
    Ncr,
    ProductionEntry,
    WorkOrder,
)
from taubench.domains.manufacturing.shifts import SHIFT_HOURS

SEED = 4412
TODAY = "2025-03-25"
NOW = "15:30"
CAST_LINES = 10
DEFECT_CODES = {  # code -> (class, meaning)
    "DIM-OOS": ("A", "dimension out of specification"),
    "GAUGE-CAL": ("A", "measured with a gauge out of calibration"),
    "THREAD": ("A", "thread out of tolerance"),
    "MAT-CERT": ("A", "material certificate missing or wrong"),
    "SCRAP-HIGH": ("B", "shift scrap over the 5% limit"),
    "BURR": ("B", "burrs left on edges or holes"),
    "PORO": ("B", "porosity in a casting"),
    "SURF": ("C", "surface finish or marks"),
    "MARK": ("C", "part marking wrong or missing"),
}
DEFECT_CLASSES = {code: cls for code, (cls, _) in DEFECT_CODES.items()}
DOWNTIME_REASONS = {
    "MECH": "mechanical failure",
    "TOOL": "tool change or breakage",
    "GAUGE": "gauge swap or re-inspection",
    "MAT": "waiting for material",
    "CHG": "changeover",
    "QUAL": "quality stop",
    "PWR": "power or air supply",
}
FILLER_MATERIALS = [
    "1018 bar 25mm",
    "17-4PH bar 60mm",
    "C360 brass bar 30mm",
    "7075-T6 plate 20mm",
    "Ti-6Al-4V bar 35mm",
]
FAMILIES = ["Spacer", "Bushing", "Coupling", "Yoke", "Clevis", "Pivot pin", "Cover plate", "Adapter", "Nozzle", "Cam"]
CUSTOMERS = [
    "Halvorsen Marine",
    "Corbin Agri",
    "Tessaro Hydraulics",
    "Brightwater Valves",
    "Northfield Pumps",
    "Okafor Tractor",
    "Pellmann Pumps",
    "Aldine Robotics",
    "Quarry Point Mining",
    "Sefton Rail",
]
MACHINES = ["vertical mill", "CNC lathe", "5-axis mill", "horizontal mill", "swiss lathe", "drill-tap"]
CHARACTERISTICS = ["Outside diameter", "Bore diameter", "Overall length", "Thread pitch", "Flatness", "Hole position"]


def _day(start: str, days: int) -> str:
    return (date.fromisoformat(start) + timedelta(days=days)).isoformat()


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    people = Population(SEED, TODAY)
    cast = load_cast(
        __package__,
        {
            "employees": Employee,
            "lines": Line,
            "work_orders": WorkOrder,
            "lots": Lot,
            "ncrs": Ncr,
            "gauges": Gauge,
            "material_lots": MaterialLot,
            "production": ProductionEntry,
            "downtime": DowntimeEvent,
        },
    )
    for person in cast["employees"]:
        first, last = person.name.split(" ", 1)
        people.know(first, last, "F")

    lines = {line.line_id: line.model_dump() for line in cast["lines"]}
    parts: dict[str, tuple[str, str, float]] = {}
    for number in range(CAST_LINES + 1, 31):
        line_id = f"L{number:02d}"
        qualified = []
        for _ in range(rng.randint(2, 3)):
            part = f"{rng.choice('CKPSUY')}{rng.choice('NPT')}-{rng.randint(5000, 9899)}"
            parts[part] = (rng.choice(FAMILIES), rng.choice(FILLER_MATERIALS), round(rng.uniform(0.1, 3.0), 2))
            qualified.append(part)
        lines[line_id] = {
            "line_id": line_id,
            "name": f"Cell {number} - {rng.choice(MACHINES)}",
            "qualified_parts": qualified,
            "ideal_cycle_min": rng.choice([0.4, 0.5, 0.6, 0.8, 1.0, 1.2, 1.5, 2.0]),
            "changeover_min": rng.choice([30, 45, 60, 75, 90, 120]),
            "status": "running" if number != 23 else "idle",
        }
    filler_lines = [f"L{number:02d}" for number in range(CAST_LINES + 1, 31)]

    employees = {person.employee_id: person.model_dump() for person in cast["employees"]}
    supervisors = {p.home_line: p.employee_id for p in cast["employees"] if p.role == "supervisor"}
    operators: dict[str, list[str]] = {}
    roles = ["operator"] * 7 + ["supervisor", "quality_engineer", "planner"]
    for number in range(2100, 2100 + 300 - len(employees)):
        person = people.person("555")
        employee_id = f"E{number}"
        home = filler_lines[(number - 2100) % len(filler_lines)]
        role = rng.choice(roles) if home in supervisors else "supervisor"
        employees[employee_id] = {
            "employee_id": employee_id,
            "name": person.name,
            "role": role,
            "home_line": home if role in ("operator", "supervisor") else None,
            "certifications": sorted(rng.sample(["CNC mill", "CNC lathe", "forklift", "CMM", "crane"], 2)),
            "status": "active" if rng.random() > 0.05 else "inactive",
        }
        if role == "supervisor":
            supervisors.setdefault(home, employee_id)
        if role == "operator":
            operators.setdefault(home, []).append(employee_id)
    for line_id in lines:
        supervisors.setdefault(line_id, "E2015")

    gauges = {gauge.gauge_id: gauge.model_dump() for gauge in cast["gauges"]}
    for number in range(101, 301):
        gauge_id = f"G-{number}"
        if gauge_id in gauges or len(gauges) >= 200:
            continue
        gauges[gauge_id] = {
            "gauge_id": gauge_id,
            "description": rng.choice(["Digital caliper", "Micrometer", "Bore gauge", "Thread plug", "Height gauge"]),
            "calibration_due": _day(TODAY, rng.randint(-20, 300)),
            "status": rng.choice(["in_service"] * 9 + ["out_for_calibration"]),
        }
    good_gauges = [g for g, v in gauges.items() if v["calibration_due"] >= "2025-03-01" and g not in ("G-1040",)]

    materials = {lot.material_lot_id: lot.model_dump() for lot in cast["material_lots"]}
    by_material: dict[str, list[str]] = {}
    for number in range(8000, 8000 + 300 - len(materials)):
        material = rng.choice(FILLER_MATERIALS)
        received = _day(TODAY, -rng.randint(5, 200))
        lot_id = f"ML{number}"
        materials[lot_id] = {
            "material_lot_id": lot_id,
            "material": material,
            "received": received,
            "expiry": _day(received, rng.randint(90, 365)),
            "kg_on_hand": float(rng.randint(20, 1500)),
            "status": "available" if rng.random() > 0.06 else "on_hold",
        }
        by_material.setdefault(material, []).append(lot_id)

    work_orders = {order.wo_id: order.model_dump() for order in cast["work_orders"]}
    lots = {lot.lot_id: lot.model_dump() for lot in cast["lots"]}
    ncrs = {ncr.ncr_id: ncr.model_dump() for ncr in cast["ncrs"]}
    issues: dict[str, Any] = {}
    running: dict[str, str] = {}
    lot_number, ncr_number, issue_number = 61000, 6500, 40001
    for number in range(29001, 29001 + 1600 - len(work_orders)):
        wo_id = f"WO{number}"
        line_id = rng.choice(filler_lines)
        part = rng.choice(lines[line_id]["qualified_parts"])
        name, material, kg = parts[part]
        planned = rng.randint(10, 250) * 10
        start = _day(TODAY, -rng.randint(10, 360))
        status = "closed"
        if line_id not in running and number > 30400:
            status, start = "in_progress", _day(TODAY, -rng.randint(1, 5))
            running[line_id] = wo_id
        good = planned if status == "closed" else rng.randint(0, planned // 2)
        scrap = int(good * rng.uniform(0, 0.04))
        days = max(1, -(-int(planned * lines[line_id]["ideal_cycle_min"]) // 1440))
        work_orders[wo_id] = {
            "wo_id": wo_id,
            "part_number": part,
            "part_name": name,
            "customer": rng.choice(CUSTOMERS),
            "line_id": line_id,
            "qty_planned": planned,
            "qty_good": good,
            "qty_scrap": scrap,
            "start_date": start,
            "due_date": _day(start, days + rng.randint(3, 10)),
            "material": material,
            "kg_per_part": kg,
            "kg_issued": 0.0,
            "projected_finish": _day(start, days - 1),
            "status": status,
            "lot_ids": [],
        }
        source = rng.choice(by_material[material])
        issued = round(planned * kg * rng.uniform(0.4, 1.01), 2)
        issues[f"MI{issue_number}"] = {
            "issue_id": f"MI{issue_number}",
            "wo_id": wo_id,
            "material_lot_id": source,
            "kg": issued,
            "reason": None,
        }
        work_orders[wo_id]["kg_issued"] = issued
        issue_number += 1
        for part_lot in range(1 if rng.random() < 0.62 else 2):
            lot_id = f"LT{lot_number}"
            lot_number += 1
            inspected = _day(start, days + part_lot)
            inspections = []
            for characteristic in rng.sample(CHARACTERISTICS, 2):
                nominal = round(rng.uniform(5, 200), 2)
                tolerance = rng.choice([0.01, 0.02, 0.05, 0.1])
                inspections.append(
                    {
                        "characteristic": characteristic,
                        "critical": characteristic in ("Bore diameter", "Hole position"),
                        "nominal": nominal,
                        "lsl": round(nominal - tolerance, 3),
                        "usl": round(nominal + tolerance, 3),
                        "measured": round(nominal + rng.uniform(-0.6, 0.6) * tolerance, 4),
                        "gauge_id": rng.choice(good_gauges),
                        "date": inspected,
                        "cpk": round(rng.uniform(1.34, 2.2), 2),
                    }
                )
            lots[lot_id] = {
                "lot_id": lot_id,
                "wo_id": wo_id,
                "part_number": part,
                "quantity": max(10, good // (part_lot + 1)),
                "status": "released" if status == "closed" else "open",
                "hold_reason": None,
                "ncr_ids": [],
                "inspections": inspections,
            }
            if len(ncrs) < 450 and rng.random() < 0.2:
                code = rng.choice(list(DEFECT_CLASSES))
                ncr_id = f"NCR{ncr_number}"
                ncr_number += 1
                ncrs[ncr_id] = {
                    "ncr_id": ncr_id,
                    "lot_id": lot_id,
                    "defect_code": code,
                    "defect_class": DEFECT_CLASSES[code],
                    "quantity": rng.randint(1, 40),
                    "status": "closed",
                    "disposition": rng.choice(["scrap", "rework", "rework", "use_as_is"]),
                    "concession_ref": None,
                    "raised_by": rng.choice(["E2003", "E2008", "E2016"]),
                }
                lots[lot_id]["ncr_ids"].append(ncr_id)

    for lot_id, made in lots.items():
        work_orders[made["wo_id"]]["lot_ids"].append(lot_id)
    shift_logs: dict[str, Any] = {}
    production = {entry.entry_id: entry.model_dump() for entry in cast["production"]}
    downtime = {event.event_id: event.model_dump() for event in cast["downtime"]}
    entry_number, event_number = 4001, 7001
    for offset in range(-14, 1):
        day = _day(TODAY, offset)
        for shift in (1, 2, 3):
            if day == TODAY and shift == 3:
                continue
            for line_id in lines:
                key = f"{line_id}-{day}-{shift}"
                shift_logs[key] = {
                    "shift_key": key,
                    "line_id": line_id,
                    "date": day,
                    "shift": shift,
                    "planned_min": 480,
                    "supervisor_id": supervisors[line_id],
                    "oee_published": None,
                }
                closed_shift = not (day == TODAY and shift == 2)
                if line_id not in running or not closed_shift:
                    continue
                cycle = lines[line_id]["ideal_cycle_min"]
                stops: list[tuple[int, int]] = []
                opening = int(SHIFT_HOURS[shift][0][:2]) * 60
                for _ in range(rng.randint(0, 2)):
                    begin, minutes = rng.randint(20, 420), rng.choice([2, 3, 4, 8, 15, 25, 40])
                    if any(begin < b + m + 5 and b < begin + minutes + 5 for b, m in stops):
                        continue
                    stops.append((begin, minutes))
                for begin, minutes in sorted(stops):
                    at = (opening + begin) % 1440
                    until = (at + minutes) % 1440
                    event_id = f"DT{event_number}"
                    event_number += 1
                    downtime[event_id] = {
                        "event_id": event_id,
                        "line_id": line_id,
                        "date": day,
                        "shift": shift,
                        "start": f"{at // 60:02d}:{at % 60:02d}",
                        "end": f"{until // 60:02d}:{until % 60:02d}",
                        "minutes": minutes,
                        "reason_code": rng.choice(list(DOWNTIME_REASONS)),
                        "logged_by": supervisors[line_id],
                    }
                run = 480 - sum(m for _, m in stops if m >= 5)
                total = int(run / cycle * rng.uniform(0.75, 0.97))
                scrap = int(total * rng.uniform(0, 0.045))
                entry_id = f"PE{entry_number}"
                entry_number += 1
                production[entry_id] = {
                    "entry_id": entry_id,
                    "wo_id": running[line_id],
                    "line_id": line_id,
                    "date": day,
                    "shift": shift,
                    "good_qty": total - scrap,
                    "scrap_qty": scrap,
                    "recorded_by": rng.choice(operators.get(line_id, [supervisors[line_id]])),
                }

    return {
        "today": TODAY,
        "now": NOW,
        "defect_codes": {
            code: {"code": code, "defect_class": cls, "meaning": meaning}
            for code, (cls, meaning) in DEFECT_CODES.items()
        },
        "downtime_reasons": {code: {"code": code, "meaning": meaning} for code, meaning in DOWNTIME_REASONS.items()},
        "next_entry_number": 5101,
        "next_event_number": 8101,
        "next_ncr_number": 7101,
        "next_issue_number": issue_number,
        "employees": employees,
        "lines": lines,
        "work_orders": work_orders,
        "production": production,
        "shift_logs": shift_logs,
        "downtime": downtime,
        "lots": lots,
        "ncrs": ncrs,
        "gauges": gauges,
        "material_lots": materials,
        "material_issues": issues,
    }

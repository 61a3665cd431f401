"""The agriculture desk's database: the cast the tasks are written around (``data/cast.json``)
and seeded filler around it.

The cast, by what it is there for:

- farms F01 (Iowa), F02 (California orchards), F03 (Nebraska) and F04 (Minnesota, organic),
  each with its access code and environmental lead (spill hand-offs);
- people: an owner, a manager of two farms (F01 and F03, both with a field called "North 40",
  so "irrigate North 40" needs a question), his namesake on another farm, two crew leads
  (who may not change stock by hand) and two more managers/owners;
- fields whose latest soil moisture sits either side of the 50% trigger, one whose water
  allocation has only 10 mm left, a corn field 31.7 lb of nitrogen short of the 180 lb cap,
  one whose fungicide has used both of its season's applications, peaches sprayed three
  days ago under a 7-day pre-harvest interval and soybeans sprayed last night under a
  36-hour re-entry interval, organic fields, and a wheat field being cut;
- ``moisture``: each cast field's latest reading (the day before today), which the
  generator's 14-day series for that field ends on;
- ``forecast``: each cast farm's wind and rain for the seven days from today, with a windy
  spell (F01 on the 23rd and 24th), rain that stops spraying and irrigation, and calm days;
- products: labels whose crops, states, rates, season counts, REI, PHI, restricted-use flag,
  organic listing and nitrogen the rules turn on (one allows peaches in Oregon and
  Washington only; one is for soybeans only);
- applicators, one whose licence expired last month; machines, two past the 250-hour
  service and one already booked;
- applications (scheduled ones to record, applied ones that set PHI, REI, counts and
  nitrogen), last season's corn loads, this week's wheat loads and the farms' stock.

Filler: 56 more farms with their owners, managers, crew leads (a tenth namesakes),
applicators and machines, about 450 fields in all with 14 days of sensor readings, a week's
forecast per farm, about 150 product labels, and two seasons of applications, irrigation,
harvest loads and scouting reports on the filler fields only."""

import random
from datetime import date, timedelta
from typing import Any

from pydantic import BaseModel

from taubench.domains.agriculture.models import (
    Application,
    Applicator,
    Equipment,
    Farm,
    Field,
    HarvestLoad,
    Person,
    Product,
    StockEntry,
)
from taubench.domains.agriculture.tools import STANDARD_MOISTURE, dry_bushels
from taubench.domains.kit import Population, load_cast

SEED = 1907
NOW = "2025-07-22T07:00"
TODAY = NOW[:10]
SENSOR_DAYS = 14
FORECAST_DAYS = 7

STATES = {
    "IA": ["corn", "soybeans"],
    "IL": ["corn", "soybeans", "wheat"],
    "NE": ["corn", "soybeans", "wheat"],
    "MN": ["corn", "soybeans", "wheat"],
    "WI": ["corn", "soybeans"],
    "WA": ["apples", "cherries", "wheat"],
    "CA": ["peaches", "apples", "cherries"],
    "OR": ["cherries", "apples", "wheat"],
}
AREA = {"IA": "515", "IL": "217", "NE": "402", "MN": "507", "WI": "608", "WA": "509", "CA": "559", "OR": "541"}
FARM_WORDS = ["Cedar", "Willow", "Stone", "Meadow", "Elk", "Hawk", "Maple", "Prairie", "Bluff", "Sandhill", "Cotton"]
FARM_KINDS = ["Farms", "Acres", "Ranch", "Orchards", "Land Co.", "Family Farm"]
FIELD_NAMES = [
    "North 40",
    "South 80",
    "River Bend",
    "Home Quarter",
    "East Section",
    "West Hill",
    "Schoolhouse",
    "Pond Field",
    "Lane 12",
    "Railroad",
    "Back 40",
    "Church Corner",
]
VARIETIES = {
    "corn": ["DKC 62-08", "P1185AM", "NK 0760", "LG 5643"],
    "soybeans": ["AG 30XF2", "P22A41E", "NK 2883"],
    "wheat": ["SY Wolverine", "WB 4303", "Pritchett"],
    "apples": ["Gala", "Honeycrisp", "Fuji"],
    "peaches": ["Elegant Lady", "O'Henry", "Fay Elberta"],
    "cherries": ["Bing", "Rainier", "Chelan"],
}
PRODUCT_STEMS = ["Vanta", "Corvex", "Agrion", "Terralon", "Bastille", "Quorra", "Fendix", "Helion", "Marlo", "Tessar"]
PRODUCT_FORMS = ["EC", "SC", "WG", "4F", "XL", "Plus"]
PESTS = ["corn rootworm", "soybean aphid", "waterhemp", "gray leaf spot", "codling moth", "brown rot", "stink bug"]
MACHINES = [("sprayer", "Hagie STS10"), ("tractor", "Case IH Magnum 340"), ("combine", "John Deere S780")]


class CastMoisture(BaseModel):
    field_id: str
    latest: float


class CastForecast(BaseModel):
    farm_id: str
    winds: list[float]
    rains: list[float]


def _day(start: str, offset: int) -> str:
    return (date.fromisoformat(start) + timedelta(days=offset)).isoformat()


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    people_pool = Population(SEED, TODAY)
    cast = load_cast(
        __package__,
        {
            "farms": Farm,
            "people": Person,
            "fields": Field,
            "moisture": CastMoisture,
            "forecast": CastForecast,
            "products": Product,
            "applicators": Applicator,
            "equipment": Equipment,
            "applications": Application,
            "harvest_loads": HarvestLoad,
            "inventory": StockEntry,
        },
    )
    for person in cast["people"]:
        first, last = person.name.split(" ", 1)
        people_pool.know(first, last, "F", person.phone)

    farms = {farm.farm_id: farm.model_dump() for farm in cast["farms"]}
    people = {person.person_id: person.model_dump() for person in cast["people"]}
    fields = {field.field_id: field.model_dump() for field in cast["fields"]}
    products = {product.product_id: product.model_dump() for product in cast["products"]}
    applicators = {a.applicator_id: a.model_dump() for a in cast["applicators"]}
    equipment = {e.equipment_id: e.model_dump() for e in cast["equipment"]}
    applications = {a.application_id: a.model_dump() for a in cast["applications"]}
    loads: dict[str, Any] = {}
    for load in cast["harvest_loads"]:
        crop = fields[load.field_id]["crop"]
        loads[load.load_id] = load.model_dump() | {
            "dry_bu": dry_bushels(load.wet_bu, load.moisture_pct, STANDARD_MOISTURE[crop])
        }
    inventory = {entry.stock_id: entry.model_dump() for entry in cast["inventory"]}

    codes = {farm["farm_code"] for farm in farms.values()}
    person_number, employee_number = 2100, 400
    for number in range(5, 61):
        farm_id = f"F{number:02d}"
        state = rng.choice(sorted(STATES))
        while (code := f"FC-{rng.randint(1000, 9999)}") in codes:
            pass
        codes.add(code)
        lead = people_pool.person(AREA[state], (28, 65))
        farms[farm_id] = {
            "farm_id": farm_id,
            "name": f"{rng.choice(FARM_WORDS)} {rng.choice(FARM_WORDS)} {rng.choice(FARM_KINDS)}",
            "state": state,
            "farm_code": code,
            "environmental_lead": lead.name,
        }
        roles = ["owner", "crew_lead"] if farm_id == "F09" else ["owner", "manager", "crew_lead"]
        for role in roles:
            someone = people_pool.person(AREA[state], (22, 75))
            if role == "crew_lead":
                person_id, employee_number = f"EMP-{employee_number}", employee_number + 1
            else:
                person_id, person_number = f"ACC-{person_number}", person_number + 1
            people[person_id] = {
                "person_id": person_id,
                "name": someone.name,
                "role": role,
                "farm_ids": [farm_id],
                "phone": someone.phone,
            }

    product_number = 300
    states = sorted(STATES)
    while len(products) < 150:
        kind = rng.choice(["herbicide", "insecticide", "fungicide", "fertilizer"])
        crops = sorted(rng.sample(["corn", "soybeans", "wheat", "apples", "peaches", "cherries"], rng.randint(1, 3)))
        fertilizer = kind == "fertilizer"
        unit = "lb" if fertilizer else rng.choice(["fl oz", "fl oz", "lb"])
        product_id = f"P{product_number}"
        product_number += 1
        products[product_id] = {
            "product_id": product_id,
            "name": f"{rng.choice(PRODUCT_STEMS)} {rng.choice(PRODUCT_FORMS)} {product_number % 97}",
            "kind": kind,
            "crops": crops,
            "states": sorted(rng.sample(states, rng.randint(2, 8))),
            "unit": unit,
            "max_rate_per_acre": float(rng.choice([150, 200, 250]))
            if fertilizer
            else float(rng.choice([4, 8, 12, 16, 24, 32])),
            "max_apps_per_season": rng.randint(1, 4),
            "rei_hours": 0 if fertilizer else rng.choice([4, 12, 24, 48]),
            "phi_days": 0 if fertilizer else rng.choice([0, 7, 14, 21, 30, 45]),
            "restricted_use": (not fertilizer) and rng.random() < 0.2,
            "organic_listed": (not fertilizer) and rng.random() < 0.1,
            "nitrogen_lb_per_unit": rng.choice([0.21, 0.34, 0.46]) if fertilizer else 0.0,
        }
    filler_products = [p for key, p in products.items() if int(key[1:]) >= 300]

    field_number, eq_number, ap_number = 1100, 100, 20
    for farm_id, farm in farms.items():
        if int(farm_id[1:]) < 5:
            continue
        state = farm["state"]
        applicators[f"AP{ap_number}"] = {
            "applicator_id": f"AP{ap_number}",
            "name": people_pool.person(AREA[state], (25, 65)).name,
            "licence_no": f"{state}-CA-{rng.randint(10000, 99999)}",
            "licence_expiry": _day("2025-03-01", rng.randint(0, 700)),
            "farm_ids": [farm_id],
        }
        ap_number += 1
        for kind, model in rng.sample(MACHINES, rng.randint(1, 3)):
            hours = rng.randint(300, 4000)
            since = rng.randint(10, 270)
            equipment[f"EQ{eq_number}"] = {
                "equipment_id": f"EQ{eq_number}",
                "farm_id": farm_id,
                "kind": kind,
                "model": model,
                "engine_hours": hours,
                "last_service_hours": hours - since,
                "last_service_date": _day("2024-11-01", rng.randint(0, 250)),
                "booked_service": None,
            }
            eq_number += 1
        for name in rng.sample(FIELD_NAMES, 8):
            crop = rng.choice(STATES[state])
            tree = crop in ("apples", "peaches", "cherries")
            irrigation = rng.choice(["drip"] if tree else ["pivot", "pivot", "furrow", "none"])
            allocation = 0.0 if irrigation == "none" else float(rng.choice([250, 300, 350] if not tree else [800, 900]))
            field_id = f"FLD{field_number}"
            field_number += 1
            fields[field_id] = {
                "field_id": field_id,
                "farm_id": farm_id,
                "name": name,
                "acres": float(rng.choice([20, 35, 40, 60, 80, 120, 160])) + rng.choice([0, 0.5]),
                "crop": crop,
                "variety": rng.choice(VARIETIES[crop]),
                "planting_date": _day("2012-02-01", rng.randint(0, 2000))
                if tree
                else _day("2025-04-20", rng.randint(0, 30)),
                "available_water_mm": float(rng.randint(120, 190)),
                "irrigation": irrigation,
                "organic": rng.random() < 0.08,
                "water_allocation_mm": allocation,
                "water_used_mm": round(allocation * rng.uniform(0.3, 0.8)) * 1.0,
                "harvest_date": None,
            }

    moisture = {row.field_id: row.latest for row in cast["moisture"]}
    start = _day(TODAY, -SENSOR_DAYS)
    readings: dict[str, Any] = {}
    reading_number = 100000
    for field_id in fields:
        level = moisture.get(field_id, round(rng.uniform(30, 80), 1))
        series = [level]
        for _ in range(SENSOR_DAYS - 1):
            series.append(round(min(95.0, series[-1] + rng.uniform(0.5, 3.5)), 1))
        for offset, value in enumerate(reversed(series)):
            readings[f"RD{reading_number}"] = {
                "reading_id": f"RD{reading_number}",
                "field_id": field_id,
                "date": _day(start, offset),
                "soil_moisture_pct": value,
                "rain_mm": 0.0 if rng.random() < 0.85 else float(rng.randint(1, 9)),
                "max_temp_c": float(rng.randint(24, 35)),
            }
            reading_number += 1

    weather = {row.farm_id: row for row in cast["forecast"]}
    forecast: dict[str, Any] = {}
    for farm_id in farms:
        row = weather.get(farm_id)
        for offset in range(FORECAST_DAYS):
            wind = row.winds[offset] if row else float(rng.randint(3, 16))
            rain = row.rains[offset] if row else float(rng.choice([0, 0, 0, 0, 2, 6, 13]))
            key = f"W{farm_id}-{offset + 1}"
            forecast[key] = {
                "forecast_id": key,
                "farm_id": farm_id,
                "date": _day(TODAY, offset),
                "max_wind_mph": float(wind),
                "rain_mm": float(rain),
            }

    by_farm: dict[str, list[str]] = {}
    for applicator_id, applicator in applicators.items():
        for farm_id in applicator["farm_ids"]:
            by_farm.setdefault(farm_id, []).append(applicator_id)
    machines: dict[str, list[str]] = {}
    for equipment_id, machine in equipment.items():
        machines.setdefault(machine["farm_id"], []).append(equipment_id)
    app_number, irr_number, load_number, report_number = 2000, 5000, 1000, 7000
    events: dict[str, Any] = {}
    reports: dict[str, Any] = {}
    for field_id, field in fields.items():
        if int(field_id[3:]) < 1100:
            continue
        farm_id = field["farm_id"]
        state = farms[farm_id]["state"]
        fitting = [p for p in filler_products if field["crop"] in p["crops"] and state in p["states"]]
        fitting = fitting or [p for p in filler_products if field["crop"] in p["crops"]] or filler_products
        for season, count in (("2024", 3), ("2025", 3)):
            used: dict[str, int] = {}
            for _ in range(count):
                product = rng.choice(fitting)
                if used.get(product["product_id"], 0) >= product["max_apps_per_season"]:
                    continue  # the label's season count is full: history keeps to the label
                used[product["product_id"]] = used.get(product["product_id"], 0) + 1
                day = _day(f"{season}-04-15", rng.randint(0, 150 if season == "2024" else 95))
                rate = round(product["max_rate_per_acre"] * rng.choice([0.5, 0.6, 0.75, 0.8, 1.0]), 2)
                applications[f"APP{app_number}"] = {
                    "application_id": f"APP{app_number}",
                    "field_id": field_id,
                    "product_id": product["product_id"],
                    "date": day,
                    "applied_time": f"{rng.randint(6, 19):02d}:{rng.choice(['00', '15', '30', '45'])}",
                    "planned_rate": rate,
                    "actual_rate": rate,
                    "acres": field["acres"],
                    "applicator_id": by_farm[farm_id][0],
                    "equipment_id": machines[farm_id][0],
                    "status": "applied" if rng.random() < 0.93 else "cancelled",
                }
                app_number += 1
        if field["irrigation"] != "none":
            for _ in range(rng.randint(7, 12)):
                events[f"IRR{irr_number}"] = {
                    "event_id": f"IRR{irr_number}",
                    "field_id": field_id,
                    "date": _day("2025-05-20", rng.randint(0, 62)),
                    "depth_mm": float(rng.choice([15, 20, 25, 30])),
                    "status": "done",
                }
                irr_number += 1
        if field["crop"] in STANDARD_MOISTURE:
            for _ in range(rng.randint(3, 6)):
                wet = float(rng.randint(900, 4800))
                wet_moisture = round(rng.uniform(14.0, 24.0), 1)
                season_day = "2024-09-25" if field["crop"] != "wheat" else "2024-07-08"
                loads[f"LD{load_number}"] = {
                    "load_id": f"LD{load_number}",
                    "field_id": field_id,
                    "date": _day(season_day, rng.randint(0, 30)),
                    "wet_bu": wet,
                    "moisture_pct": wet_moisture,
                    "dry_bu": dry_bushels(wet, wet_moisture, STANDARD_MOISTURE[field["crop"]]),
                }
                load_number += 1
        if rng.random() < 0.6:
            reports[f"SR{report_number}"] = {
                "report_id": f"SR{report_number}",
                "field_id": field_id,
                "date": _day("2025-06-01", rng.randint(0, 50)),
                "pest": rng.choice(PESTS),
                "severity": rng.choice(["low", "moderate", "high"]),
                "note": "Seen along the field edge on the walk-through.",
            }
            report_number += 1
        stock_key = f"{farm_id}-{fitting[0]['product_id']}"
        if stock_key not in inventory:
            inventory[stock_key] = {
                "stock_id": stock_key,
                "farm_id": farm_id,
                "product_id": fitting[0]["product_id"],
                "quantity": float(rng.randint(5, 60) * 20),
                "log": [],
            }

    return {
        "now": NOW,
        "season": "2025",
        "next_application_number": app_number,
        "next_irrigation_number": irr_number,
        "next_load_number": load_number,
        "next_report_number": report_number,
        "farms": farms,
        "people": people,
        "fields": fields,
        "sensor_readings": readings,
        "forecast": forecast,
        "products": products,
        "applicators": applicators,
        "equipment": equipment,
        "applications": applications,
        "irrigation_events": events,
        "harvest_loads": loads,
        "inventory": inventory,
        "scouting_reports": reports,
    }

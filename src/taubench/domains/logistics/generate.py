"""Cascade Line Freight's database: the hand-written cast the tasks are built around
(``data/cast.json``), plus seeded filler accounts, shipments, routes with their stops, drivers,
trucks, warehouse stock, incidents, cargo claims and stock adjustments.

The cast: one consignee (Jordan Mills) with two inbound shipments from different shippers;
a shipper renamed, its old account closed and pointing at the new one (AC10003 -> AC10004),
with a shipment still under the old number; two accounts named Emerald Home Goods in
different zips; tracking numbers 7100004218 and 7100004318, one digit apart; a shipment at
its second reschedule, one out for delivery, one at a terminal; delivered shipments just
inside and outside the 5-day concealed-damage and 9-month claim windows; a negotiated
liability rate; a hazmat shipment and the routes of 2025-10-08 at PDX, each failing one test
(driver not endorsed, truck not placarded, payload, 11 driving hours, 14 on-duty hours, 70
hours in 8 days) but for R2003 and R2007; two dispatchers' namesakes in other roles; stock
rows just under and over the 5% and $1,000 count-reference thresholds. Filler routes never run
from PDX or SEA on 2025-10-08, so every fallback among routes is decided by the cast alone.
"""

import random
from datetime import date, timedelta
from typing import Any

from pydantic import BaseModel

from taubench.domains.kit import Population, load_cast
from taubench.domains.logistics.models import (
    Account,
    Claim,
    Driver,
    Employee,
    InventoryRow,
    Route,
    Shipment,
    Terminal,
    Vehicle,
)

SEED = 7107
NOW = "2025-10-07 08:00"
TODAY = date(2025, 10, 7)
CAST_SECTIONS: dict[str, type[BaseModel]] = {
    "accounts": Account,
    "shipments": Shipment,
    "terminals": Terminal,
    "vehicles": Vehicle,
    "drivers": Driver,
    "routes": Route,
    "employees": Employee,
    "inventory": InventoryRow,
    "claims": Claim,
}
ACCOUNTS, SHIPMENTS, DRIVERS, VEHICLES, ROUTES_PER_DAY = 350, 3500, 120, 100, 6
INVENTORY, INCIDENTS, CLAIMS, ADJUSTMENTS, STOPS_PER_ROUTE = 2500, 600, 400, 300, 6
ROUTE_DAYS = [TODAY + timedelta(days=offset) for offset in range(-9, 4)]
KEPT_CLEAR = {("PDX", "2025-10-08"), ("SEA", "2025-10-08")}  # the cast's routes alone run then
AREAS = {
    "PDX": ("503", ["97202", "97205", "97211", "97214", "97217", "97220", "97230"]),
    "SEA": ("206", ["98101", "98103", "98108", "98115", "98122", "98126"]),
    "EUG": ("541", ["97401", "97402", "97403", "97404", "97477"]),
    "SLM": ("503", ["97301", "97302", "97304", "97305", "97306"]),
    "VAN": ("360", ["98660", "98661", "98662", "98664", "98682"]),
}
FIRST = [
    "Alder",
    "Basalt",
    "Beacon",
    "Bluff",
    "Cedar",
    "Coastal",
    "Copper",
    "Crater",
    "Douglas",
    "Evergreen",
    "Falcon",
    "Fir",
    "Glacier",
    "Granite",
    "Harbor",
    "Hood",
    "Juniper",
    "Keystone",
    "Larch",
    "Madrona",
    "Maple",
    "Meridian",
    "Nehalem",
    "Olympic",
    "Orca",
    "Pinnacle",
    "Ponderosa",
    "Quarry",
    "Rogue",
    "Sawtooth",
    "Sitka",
    "Skyline",
    "Spruce",
    "Tillamook",
    "Timberline",
    "Umpqua",
    "Vista",
    "Westbrook",
    "Yakima",
    "Zephyr",
]
TRADE = [
    "Supply",
    "Outfitters",
    "Foods",
    "Hardware",
    "Medical",
    "Brewing",
    "Furniture",
    "Textiles",
    "Electric",
    "Marine",
    "Printing",
    "Nursery",
    "Auto Parts",
    "Appliances",
    "Bakery",
    "Labs",
]
SUFFIX = ["Co", "LLC", "Inc", "Group", "Works", "Partners"]
GOODS = [
    "Drywall sheet",
    "Copper pipe 10 ft",
    "Fence post",
    "Tile box",
    "Motor oil case",
    "Paint pail",
    "Seed sack",
    "Bolt carton",
    "Filter pack",
    "Cable spool",
    "Pump assembly",
    "Shelf kit",
    "Lamp crate",
]
CATEGORIES = ["crash", "cargo_damage", "theft", "delay", "delay", "cargo_damage"]
STATUS_DRAW = [
    ("delivered", 55),
    ("in_transit", 20),
    ("booked", 9),
    ("out_for_delivery", 5),
    ("held", 4),
    ("exception", 4),
    ("returning", 3),
]


def _cents(value: float) -> float:
    return round(value + 1e-9, 2)


def _cast() -> dict[str, list[dict[str, Any]]]:
    loaded = load_cast(__package__, CAST_SECTIONS)
    return {section: [record.model_dump() for record in records] for section, records in loaded.items()}


def database() -> dict[str, Any]:
    cast = _cast()
    rng = random.Random(SEED)
    people = Population(SEED, NOW[:10])
    for shipment in cast["shipments"]:
        first, _, last = shipment["consignee_name"].partition(" ")
        people.know(first, last or first, "F", shipment["consignee_phone"])
    db: dict[str, Any] = {"now": NOW}
    for section in ("accounts", "shipments", "terminals", "vehicles", "drivers", "routes"):
        db[section] = {}
        key = {
            "accounts": "account_number",
            "shipments": "tracking_number",
            "terminals": "terminal_id",
            "vehicles": "vehicle_id",
            "drivers": "driver_id",
            "routes": "route_id",
        }[section]
        for record in cast[section]:
            db[section][record[key]] = record
    _accounts(db, rng, people)
    _fleet(db, rng, people)
    _shipments(db, rng, people)
    _routes(db, rng, people)
    db["employees"] = {record["employee_id"]: record for record in cast["employees"]}
    _employees(db, rng, people)
    db["inventory"] = {record["row_id"]: record for record in cast["inventory"]}
    _inventory(db, rng)
    db["adjustments"] = _adjustments(db, rng)
    db["incidents"] = _incidents(db, rng)
    db["claims"] = {record["claim_id"]: record for record in cast["claims"]}
    _claims(db, rng)
    db["next_incident_number"] = 9001 + INCIDENTS
    db["next_claim_number"] = 5001 + len(db["claims"])
    db["next_adjustment_number"] = 3001 + ADJUSTMENTS
    db["next_stop_number"] = 100001 + len(db["stops"])
    order = [
        "now",
        "accounts",
        "shipments",
        "terminals",
        "vehicles",
        "drivers",
        "routes",
        "stops",
        "employees",
        "inventory",
        "adjustments",
        "incidents",
        "claims",
        "next_incident_number",
        "next_claim_number",
        "next_adjustment_number",
        "next_stop_number",
    ]
    return {key: db[key] for key in order}


def _company(rng: random.Random, taken: set[str]) -> str:
    while True:
        name = f"{rng.choice(FIRST)} {rng.choice(TRADE)} {rng.choice(SUFFIX)}"
        if name not in taken:
            taken.add(name)
            return name


def _accounts(db: dict[str, Any], rng: random.Random, people: Population) -> None:
    taken = {account["company"] for account in db["accounts"].values()}
    for number in range(10001 + len(db["accounts"]), 10001 + ACCOUNTS):
        terminal = rng.choice(list(AREAS))
        area, zips = AREAS[terminal]
        contacts = [people.person(area).name for _ in range(rng.randint(1, 3))]
        liability = rng.choice([2.5] * 8 + [3.0, 4.0])
        db["accounts"][f"AC{number}"] = {
            "account_number": f"AC{number}",
            "company": _company(rng, taken),
            "billing_zip": rng.choice(zips),
            "contacts": sorted(contacts),
            "liability_per_lb": liability,
            "status": "active",
            "note": "negotiated liability" if liability != 2.5 else "",
        }


def _fleet(db: dict[str, Any], rng: random.Random, people: Population) -> None:
    for number in range(len(db["vehicles"]) + 1, VEHICLES + 1):
        kind, payload = rng.choice(
            [("16 ft box truck", 3000.0), ("24 ft box truck", 8000.0), ("26 ft box truck", 10000.0)]
        )
        db["vehicles"][f"V{number:02d}"] = {
            "vehicle_id": f"V{number:02d}",
            "kind": kind,
            "payload_lb": payload,
            "placarded": rng.random() < 0.3,
        }
    for number in range(len(db["drivers"]) + 1, DRIVERS + 1):
        driving = rng.choice([0.0, 2.5, 4.0, 5.5, 6.0, 7.5, 8.0])
        db["drivers"][f"D{number:03d}"] = {
            "driver_id": f"D{number:03d}",
            "name": people.person("503").name,
            "hazmat_endorsed": rng.random() < 0.4,
            "driving_hours_today": driving,
            "on_duty_hours_today": driving + rng.choice([0.5, 1.0, 1.5]),
            "on_duty_hours_8_days": float(rng.randint(20, 60)),
        }


def _shipments(db: dict[str, Any], rng: random.Random, people: Population) -> None:
    accounts = [account for account in db["accounts"].values() if account["status"] == "active"]
    statuses, weights = zip(*STATUS_DRAW)
    for _ in range(SHIPMENTS - len(db["shipments"])):
        tracking = f"72{rng.randint(0, 99999999):08d}"
        while tracking in db["shipments"]:
            tracking = f"72{rng.randint(0, 99999999):08d}"
        terminal = rng.choice(list(AREAS))
        area, zips = AREAS[terminal]
        person = people.person(area)
        status = rng.choices(statuses, weights)[0]
        weight = float(rng.choice([8, 12, 20, 35, 48, 60, 85, 120, 180, 250, 400, 650]))
        delivered = (TODAY - timedelta(days=rng.randint(1, 300))).isoformat() if status == "delivered" else None
        upcoming = (TODAY + timedelta(days=rng.randint(1, 3))).isoformat()
        planned = delivered or (upcoming if status in ("booked", "in_transit") else None)
        if status == "out_for_delivery":
            planned = TODAY.isoformat()
        db["shipments"][tracking] = {
            "tracking_number": tracking,
            "account_number": rng.choice(accounts)["account_number"],
            "consignee_name": person.name,
            "consignee_phone": person.phone,
            "address": people.street_address(),
            "zip": rng.choice(zips),
            "residential": rng.random() < 0.45,
            "terminal": terminal,
            "pieces": max(1, int(weight // 40)),
            "weight_lb": weight,
            "service": "express" if rng.random() < 0.2 else "ground",
            "status": status,
            "declared_value": float(rng.choice([250, 500, 800, 1200, 2000])) if rng.random() < 0.3 else None,
            "hazmat_class": rng.choice(["3", "8", "9"]) if rng.random() < 0.04 else None,
            "freight_charge": _cents(18 + weight * rng.choice([0.55, 0.65, 0.8])),
            "delivery_date": planned,
            "delivery_window": rng.choice(["08-10", "10-12", "12-14", "14-16"]) if planned else None,
            "reschedule_count": rng.choice([0, 0, 0, 0, 1, 2]) if status != "delivered" else 0,
            "delivered_date": delivered,
            "route_id": None,
            "hold_until": (TODAY + timedelta(days=rng.randint(1, 6))).isoformat() if status == "held" else None,
            "extra_charges": 0.0,
        }


def _routes(db: dict[str, Any], rng: random.Random, people: Population) -> None:
    filler_drivers = [d for d in db["drivers"] if int(d[1:]) > 8]
    filler_vehicles = [v for v in db["vehicles"] if int(v[1:]) > 7]
    number = 3001
    for day in ROUTE_DAYS:
        for terminal in AREAS:
            if (terminal, day.isoformat()) in KEPT_CLEAR:
                continue
            for _ in range(ROUTES_PER_DAY + (1 if terminal == "PDX" else 0)):
                vehicle = rng.choice(filler_vehicles)
                db["routes"][f"R{number}"] = {
                    "route_id": f"R{number}",
                    "terminal": terminal,
                    "date": day.isoformat(),
                    "driver_id": rng.choice(filler_drivers),
                    "vehicle_id": vehicle,
                    "load_lb": float(rng.randint(10, 60) * 50) * db["vehicles"][vehicle]["payload_lb"] / 10000,
                    "stops": [],
                }
                number += 1
    db["stops"] = {}
    stop = 100001
    for route in db["routes"].values():
        _, zips = AREAS[route["terminal"]]
        for _ in range(STOPS_PER_ROUTE):
            stop_id = f"ST{stop}"
            db["stops"][stop_id] = {
                "stop_id": stop_id,
                "route_id": route["route_id"],
                "zip": rng.choice(zips),
                "address": people.street_address(),
                "tracking_numbers": [],
            }
            route["stops"].append(stop_id)
            stop += 1
        route["load_lb"] = _cents(route["load_lb"])


def _employees(db: dict[str, Any], rng: random.Random, people: Population) -> None:
    roles = ["dispatcher", "warehouse_lead", "customer_service", "customer_service"]
    for number in range(107, 141):
        db["employees"][f"EMP{number}"] = {
            "employee_id": f"EMP{number}",
            "name": people.person("503").name,
            "pin": f"{rng.randint(0, 9999):04d}",
            "role": rng.choice(roles),
            "terminal": rng.choice(list(AREAS)),
        }


def _inventory(db: dict[str, Any], rng: random.Random) -> None:
    while len(db["inventory"]) < INVENTORY:
        sku, warehouse = f"SKU-{rng.randint(60000, 99999)}", rng.choice(list(AREAS))
        row_id = f"{sku}@{warehouse}"
        if row_id in db["inventory"]:
            continue
        db["inventory"][row_id] = {
            "row_id": row_id,
            "sku": sku,
            "warehouse_id": warehouse,
            "location": f"{rng.choice('ABCDEF')}-{rng.randint(1, 20):02d}-{rng.randint(1, 6)}",
            "description": rng.choice(GOODS),
            "on_hand": rng.randint(0, 400),
            "unit_cost": _cents(rng.choice([3.5, 8.0, 12.75, 24.0, 59.99, 110.0, 325.0])),
        }


def _adjustments(db: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    rows = [row for row in db["inventory"] if not row.startswith(("SKU-4", "SKU-5", "SKU-2", "SKU-3"))]
    found = {}
    for number in range(3001, 3001 + ADJUSTMENTS):
        delta = rng.choice([-6, -3, -2, -1, 1, 2, 4])
        found[f"ADJ{number}"] = {
            "adjustment_id": f"ADJ{number}",
            "row_id": rng.choice(rows),
            "delta": delta,
            "reason_code": rng.choice(["damaged", "found", "miscount", "shrink"]),
            "count_ref": f"CC-{rng.randint(10000, 99999)}" if rng.random() < 0.3 else None,
            "date": (TODAY - timedelta(days=rng.randint(1, 200))).isoformat(),
        }
    return found


def _incidents(db: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    subjects = [s for s in db["shipments"] if s.startswith("72")] + [r for r in db["routes"] if int(r[1:]) > 3000]
    found = {}
    for number in range(9001, 9001 + INCIDENTS):
        category = rng.choice(CATEGORIES)
        found[f"IN{number}"] = {
            "incident_id": f"IN{number}",
            "subject_id": rng.choice(subjects),
            "category": category,
            "severity": "recordable" if category == "crash" and rng.random() < 0.4 else "minor",
            "date": (TODAY - timedelta(days=rng.randint(1, 365))).isoformat(),
        }
    return found


def _claims(db: dict[str, Any], rng: random.Random) -> None:
    delivered = [s for s in db["shipments"].values() if s["status"] == "delivered" and s["tracking_number"][:2] == "72"]
    for number in range(5001 + len(db["claims"]), 5001 + len(db["claims"]) + CLAIMS):
        shipment = rng.choice(delivered)
        invoice = float(rng.choice([80, 150, 240, 400, 650, 900]))
        db["claims"][f"CL{number}"] = {
            "claim_id": f"CL{number}",
            "tracking_number": shipment["tracking_number"],
            "claim_type": rng.choice(["visible_damage", "concealed_damage"]),
            "amount": min(invoice, _cents(shipment["weight_lb"] * 2.5)),
            "invoice_value": invoice,
            "filed": shipment["delivered_date"],
            "status": rng.choice(["open", "paid", "paid", "denied"]),
        }

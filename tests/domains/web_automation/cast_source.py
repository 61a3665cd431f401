"""The web automation desk's cast, written as data here: ``python
tests/domains/web_automation/cast_source.py`` rewrites
``src/taubench/domains/web_automation/data/cast.json`` (one record a line); a test checks the
file is what this gives. ``generate.py``'s docstring says what each record is there for."""

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[3] / "src/taubench/domains/web_automation/data"


def employee(employee_id: str, name: str, team: str, role: str, pin: str) -> dict[str, Any]:
    return {"employee_id": employee_id, "name": name, "team": team, "role": role, "pin": pin}


EMPLOYEES = [
    employee("E201", "Marisol Chen", "procurement", "analyst", "4821"),
    employee("E202", "Marisol Chen", "pricing", "analyst", "7314"),
    employee("E203", "Kofi Mensah", "procurement", "lead", "2290"),
    employee("E204", "Ingrid Olsen", "logistics", "analyst", "5147"),
    employee("E205", "Tobias Weber", "logistics", "lead", "8802"),
    employee("E206", "Priya Raman", "pricing", "analyst", "3390"),
    employee("E207", "Hector Alvarez", "pricing", "lead", "6618"),
    employee("E208", "Naomi Park", "people_ops", "analyst", "1276"),
    employee("E209", "Samuel Okafor", "facilities", "analyst", "9043"),
    employee("E210", "Leah Novak", "facilities", "lead", "4415"),
    employee("E211", "Rafael Costa", "procurement", "analyst", "7750"),
    employee("E212", "Yasmin Haddad", "logistics", "analyst", "3208"),
    employee("E213", "Wen Lindqvist", "pricing", "analyst", "5521"),
    employee("E214", "Omar Petrov", "people_ops", "lead", "6092"),
]


def site(site_id, name, host, kind, allowed, disallowed, rate, external, note) -> dict[str, Any]:
    return {
        "site_id": site_id,
        "name": name,
        "host": host,
        "kind": kind,
        "automation_allowed": allowed,
        "disallowed_paths": disallowed,
        "max_actions_per_minute": rate,
        "external": external,
        "note": note,
    }


SITES = [
    site(
        "boxwell",
        "Boxwell Packaging",
        "portal.boxwell.example",
        "vendor",
        True,
        ["/account/security"],
        12,
        True,
        "Packaging supplier: invoices and payments",
    ),
    site(
        "brightmart",
        "Brightmart",
        "www.brightmart.example",
        "competitor",
        True,
        ["/account", "/checkout"],
        15,
        True,
        "Competitor grocer: shows prices before and with sales tax",
    ),
    site(
        "clearpath",
        "ClearPath Benefits",
        "employer.clearpath.example",
        "benefits",
        True,
        [],
        10,
        True,
        "Employee benefits: enrollments and plans",
    ),
    site(
        "crestline", "Crestline Foods", "shop.crestline.example", "competitor", True, [], 8, True, "Competitor grocer"
    ),
    site(
        "greenleaf",
        "Greenleaf Growers",
        "suppliers.greenleaf.example",
        "vendor",
        True,
        ["/billing"],
        30,
        True,
        "Produce supplier: purchase orders; has a sandbox copy for testing",
    ),
    site(
        "harborfresh",
        "Harbor Fresh Market",
        "www.harborfresh.example",
        "competitor",
        True,
        ["/deals/members"],
        9,
        True,
        "Competitor grocer",
    ),
    site(
        "fennick-wms",
        "Fennick warehouse dashboard",
        "wms.fennick.internal",
        "internal",
        True,
        [],
        60,
        False,
        "Our own warehouse system",
    ),
    site(
        "marlow",
        "Marlow County e-Permits",
        "permits.marlowcounty.example",
        "government",
        True,
        [],
        6,
        True,
        "County permits for our sites",
    ),
    site(
        "pantrypal",
        "PantryPal",
        "www.pantrypal.example",
        "competitor",
        False,
        [],
        5,
        True,
        "Competitor grocer; its terms forbid automated access",
    ),
    site(
        "ridgeway",
        "Ridgeway Freight",
        "shippers.ridgeway.example",
        "carrier",
        True,
        ["/rates/negotiate"],
        20,
        True,
        "Carrier: shipments and freight claims",
    ),
    site(
        "tarn",
        "Tarn Valley Logistics",
        "track.tarnvalley.example",
        "carrier",
        False,
        [],
        10,
        True,
        "Carrier; its terms forbid automated access",
    ),
    site(
        "tidewater",
        "Tidewater Energy",
        "business.tidewater.example",
        "vendor",
        True,
        ["/account/autopay"],
        10,
        True,
        "Electricity supplier: bills",
    ),
]


def login(credential_id, site_id, environment, owner, team, scope, mfa, label) -> dict[str, Any]:
    return {
        "credential_id": credential_id,
        "site_id": site_id,
        "environment": environment,
        "owner_id": owner,
        "team": team,
        "scope": scope,
        "mfa": mfa,
        "label": label,
    }


CREDENTIALS = [
    login("CR101", "greenleaf", "production", "E201", "procurement", "read_write", False, "Greenleaf ordering"),
    login("CR102", "greenleaf", "sandbox", "E201", "procurement", "read_write", False, "Greenleaf sandbox"),
    login("CR103", "greenleaf", "production", "E202", "pricing", "read", False, "Greenleaf price list"),
    login("CR104", "greenleaf", "production", "E203", "procurement", "read_write", False, "Greenleaf ordering"),
    login("CR105", "greenleaf", "sandbox", "E211", "procurement", "read_write", False, "Greenleaf sandbox"),
    login("CR106", "boxwell", "production", "E211", "procurement", "read_write", True, "Boxwell billing"),
    login("CR107", "boxwell", "sandbox", "E211", "procurement", "read_write", False, "Boxwell sandbox"),
    login("CR108", "boxwell", "production", "E203", "procurement", "read_write", False, "Boxwell billing"),
    login("CR109", "ridgeway", "production", "E204", "logistics", "read_write", False, "Ridgeway shipper center"),
    login("CR110", "ridgeway", "production", "E205", "logistics", "read_write", False, "Ridgeway shipper center"),
    login("CR111", "ridgeway", "sandbox", "E212", "logistics", "read_write", False, "Ridgeway sandbox"),
    login("CR112", "tarn", "production", "E204", "logistics", "read", False, "Tarn Valley tracking"),
    login("CR113", "clearpath", "production", "E208", "people_ops", "read_write", False, "ClearPath employer"),
    login("CR114", "marlow", "production", "E209", "facilities", "read_write", False, "County permits"),
    login("CR115", "brightmart", "production", "E206", "pricing", "read", False, "Brightmart shopper"),
    login("CR116", "crestline", "production", "E206", "pricing", "read", False, "Crestline shopper"),
    login("CR117", "harborfresh", "production", "E207", "pricing", "read", False, "Harbor Fresh shopper"),
    login("CR118", "pantrypal", "production", "E207", "pricing", "read", False, "PantryPal shopper"),
    login("CR119", "fennick-wms", "production", "E204", "logistics", "read", False, "Warehouse dashboard"),
    login("CR120", "tidewater", "production", "E210", "facilities", "read_write", False, "Tidewater billing"),
    login("CR121", "brightmart", "production", "E213", "pricing", "read", False, "Brightmart shopper"),
    login("CR122", "ridgeway", "production", "E212", "logistics", "read_write", False, "Ridgeway shipper center"),
    login("CR123", "fennick-wms", "production", "E205", "logistics", "read", False, "Warehouse dashboard"),
    login("CR124", "tidewater", "production", "E209", "facilities", "read_write", False, "Tidewater billing"),
]


def record(site_id, kind, number, status, fields, environment="production", parent="") -> dict[str, Any]:
    return {
        "record_id": f"{site_id}/{environment}/{number}",
        "site_id": site_id,
        "environment": environment,
        "kind": kind,
        "number": number,
        "status": status,
        "parent": parent,
        "fields": fields,
        "changed_by": "",
    }


ORDERS = [
    ("PO-40112", "open", "Romaine hearts 24ct", 60, 31.5, "06/10/2025"),
    ("PO-40113", "open", "Roma tomatoes 25 lb", 40, 22.75, "06/10/2025"),
    ("PO-40114", "open", "Yellow onions 50 lb", 25, 18.2, "06/11/2025"),
    ("PO-40115", "open", "Russet potatoes 50 lb", 30, 16.4, "06/12/2025"),
    ("PO-40116", "shipped", "Lemons 115ct", 12, 38.0, "06/02/2025"),
    ("PO-40117", "draft", "Cilantro 30ct", 18, 21.1, "06/09/2025"),
    ("PO-40118", "open", "Green cabbage 50 lb", 20, 19.8, "06/13/2025"),
    ("PO-40119", "open", "Carrots jumbo 50 lb", 35, 24.6, "06/13/2025"),
    ("PO-40120", "open", "Strawberries 8x1 lb", 50, 27.9, "06/05/2025"),
]
INVOICES = [  # number, amount due, due date, lines (description, quantity, line total)
    (
        "INV-77010",
        1284.6,
        "2025-06-13",
        [("Corrugated case 12x10x8", 600, 642.0), ("Clamshell 1 lb", 450, 418.5), ("Label roll 4x6", 27, 224.1)],
    ),
    (
        "INV-77020",
        2415.8,
        "2025-06-16",
        [("Corrugated case 12x10x8", 1000, 1150.0), ("Pallet wrap 18in", 38, 865.4), ("Produce bag roll", 12, 380.4)],
    ),
    ("INV-77030", 6240.0, "2025-06-18", [("Clamshell 1 lb", 6000, 3900.0), ("Corrugated case 12x10x8", 2000, 2340.0)]),
    ("INV-77040", 4980.5, "2025-06-20", [("Pallet wrap 18in", 110, 2490.25), ("Produce bag roll", 78, 2490.25)]),
]
LISTINGS = [  # site, number, name, price now, with tax (Brightmart only), status
    ("brightmart", "BM-4001", "Hass avocados 48ct", 45.36, 49.1, "in_stock"),
    ("brightmart", "BM-4002", "Baby spinach 4x2.5 lb", 23.17, 25.08, "in_stock"),
    ("crestline", "CF-4003", "Roma tomatoes 25 lb", 32.76, None, "in_stock"),
    ("harborfresh", "HF-4004", "Strawberries 8x1 lb", 29.04, None, "low_stock"),
    ("brightmart", "BM-4005", "Limes 200ct", 34.38, 37.22, "in_stock"),
    ("crestline", "CF-4006", "Cucumbers 24ct", 11.84, None, "in_stock"),
    ("crestline", "CF-4007", "Celery 30ct", 19.6, None, "out_of_stock"),
    ("pantrypal", "PP-4008", "Gala apples 88ct", 41.2, None, "in_stock"),
    ("brightmart", "BM-4010", "Red bell peppers 11 lb", 27.45, 29.71, "in_stock"),
    ("brightmart", "BM-4011", "Broccoli crowns 20 lb", 33.8, 36.59, "in_stock"),
    ("crestline", "CF-4012", "Broccoli crowns 20 lb", 31.95, None, "in_stock"),
    ("brightmart", "BM-4013", "Hass avocados 60ct", 52.1, 56.4, "in_stock"),
    ("harborfresh", "HF-4014", "Iceberg lettuce 24ct", 26.3, None, "in_stock"),
]


def _records() -> list[dict[str, Any]]:
    found = []
    for environment in ("production", "sandbox"):
        for number, status, item, quantity, price, delivery in ORDERS:
            fields = {"item": item, "quantity": quantity, "unit_price": price, "delivery_date": delivery}
            found.append(record("greenleaf", "order", number, status, fields, environment))
    for environment in ("production", "sandbox"):
        for number, due, due_date, lines in INVOICES:
            fields = {"period": "2025-05", "amount_due": due, "due_date": due_date}
            found.append(record("boxwell", "invoice", number, "unpaid", fields, environment))
            for line, (description, quantity, total) in enumerate(lines, start=1):
                fields = {"description": description, "quantity": quantity, "line_total": total}
                found.append(
                    record("boxwell", "invoice_line", f"{number}-{line}", "billed", fields, environment, number)
                )
    shipments = [
        ("RF-880107", "exception", "Kansas City MO", "Dale Brennan", "816-555-0147", 1150.0),
        ("RF-880108", "delivered", "Wichita KS", "Ana Costa", "316-555-0190", 560.0),
        ("RF-880110", "in_transit", "Des Moines IA", "Lena Fischer", "515-555-0133", 780.0),
    ]
    for number, status, destination, consignee, phone, weight in shipments:
        found.append(
            record(
                "ridgeway",
                "shipment",
                number,
                status,
                {
                    "origin": "Omaha NE",
                    "destination": destination,
                    "consignee": consignee,
                    "consignee_phone": phone,
                    "weight_lb": weight,
                },
            )
        )
    found.append(
        record(
            "marlow",
            "permit",
            "MCP-30001",
            "active",
            {"permit_type": "Refrigeration unit", "site_address": "1200 Dock Rd, Marlow", "expires_on": "2025-06-30"},
        )
    )
    for site_id, number, name, price, taxed, status in LISTINGS:
        listed: dict[str, Any] = {"name": name, "unit": "case", "price": price}
        if taxed is not None:
            listed["price_with_tax"] = taxed
        found.append(record(site_id, "listing", number, status, listed))
    bills = [
        ("TW-60001", "1200 Dock Rd, Omaha", 7412.35, "2025-06-12"),
        ("TW-60002", "48 Foundry St, Omaha", 3118.4, "2025-06-14"),
        ("TW-60003", "9 Rail Spur Ln, Lincoln", 5060.0, "2025-06-16"),
        ("TW-60004", "48 Foundry St, Omaha", 1842.77, "2025-06-19"),
    ]
    for number, address, amount, bill_due in bills:
        found.append(
            record(
                "tidewater",
                "bill",
                number,
                "unpaid",
                {"service_address": address, "period": "2025-05", "amount": amount, "due_date": bill_due},
            )
        )
    found.append(
        record("fennick-wms", "stock", "SKU-20007", "counted", {"item": "Avocados 48ct", "bin": "B-12", "on_hand": 140})
    )
    found.append(
        record(
            "clearpath",
            "enrollment",
            "EN-2001",
            "active",
            {
                "employee_name": "Dale Whitaker",
                "date_of_birth": "1988-02-14",
                "home_address": "411 Cedar Ln",
                "plan": "Silver",
            },
        )
    )
    return found


def workflow(workflow_id, name, site_id, owner, steps, schedule, runs, status="active") -> dict[str, Any]:
    return {
        "workflow_id": workflow_id,
        "name": name,
        "site_id": site_id,
        "owner_id": owner,
        "steps": [{"action": action, "target": target, "value": ""} for action, target in steps],
        "schedule": schedule,
        "retries": 2,
        "step_delay_seconds": 3 if site_id == "ridgeway" else 2,
        "status": status,
        "recent_runs": runs,
    }


SHIPMENT_EXPORT = [("open", "/shipments"), ("extract", "shipments-table")]
ORDER_EXPORT = [("open", "/orders"), ("extract", "orders-table")]
WORKFLOWS = [
    workflow(
        "WF-1001",
        "Ridgeway shipments morning export",
        "ridgeway",
        "E204",
        SHIPMENT_EXPORT,
        "weekdays 08:30",
        ["ok", "ok", "ok", "ok", "ok"],
    ),
    workflow(
        "WF-1002",
        "Ridgeway shipments noon export",
        "ridgeway",
        "E212",
        SHIPMENT_EXPORT,
        "weekdays 12:00",
        ["ok", "failed", "ok", "ok", "ok"],
    ),
    workflow(
        "WF-1003",
        "Ridgeway claims export",
        "ridgeway",
        "E204",
        [("open", "/claims"), ("extract", "claims-table")],
        "MON 09:00",
        ["ok", "ok", "failed", "failed", "failed"],
    ),
    workflow(
        "WF-1004",
        "Ridgeway shipments evening export",
        "ridgeway",
        "E204",
        SHIPMENT_EXPORT,
        "weekdays 16:30",
        ["ok", "failed", "failed", "ok", "failed"],
    ),
    workflow(
        "WF-1005",
        "Greenleaf order export",
        "greenleaf",
        "E201",
        ORDER_EXPORT,
        "weekdays 08:00",
        ["ok", "ok", "ok", "ok", "failed"],
    ),
    workflow(
        "WF-1006",
        "Crestline price export",
        "crestline",
        "E206",
        [("open", "/products"), ("extract", "products-table")],
        "TUE 10:00",
        ["ok", "ok", "ok", "ok", "ok"],
    ),
    workflow(
        "WF-1007",
        "Harbor Fresh price export",
        "harborfresh",
        "E213",
        [("open", "/products"), ("extract", "products-table")],
        "THU 10:00",
        ["ok", "ok", "ok", "ok", "ok"],
    ),
]


def monitor(monitor_id, site_id, path, element, kind, owner, last, threshold=5.0) -> dict[str, Any]:
    return {
        "monitor_id": monitor_id,
        "site_id": site_id,
        "path": path,
        "element_id": element,
        "kind": kind,
        "threshold_pct": threshold,
        "interval_minutes": 60,
        "owner_id": owner,
        "last_value": last,
        "last_checked": "2025-06-02 09:00",
        "alerting": False,
        "status": "active",
    }


MONITORS = [
    monitor("MON-3001", "brightmart", "/products/BM-4001", "price-pretax", "price", "E206", "48.00"),
    monitor("MON-3002", "brightmart", "/products/BM-4002", "price-pretax", "price", "E206", "24.00"),
    monitor("MON-3003", "crestline", "/products/CF-4003", "price", "price", "E202", "31.20"),
    monitor("MON-3004", "harborfresh", "/products/HF-4004", "price", "price", "E207", "27.50"),
    monitor("MON-3005", "brightmart", "/products/BM-4005", "price-pretax", "price", "E213", "36.00"),
    monitor("MON-3006", "crestline", "/products/CF-4006", "price", "price", "E206", "12.80"),
    monitor("MON-3007", "crestline", "/products/CF-4007", "stock-status", "status", "E206", "in_stock", 0.0),
    monitor("MON-3008", "harborfresh", "/products/HF-4014", "price", "price", "E213", "25.00"),
]
EXTRACTIONS = [
    {
        "extraction_id": "EX-5001",
        "name": "Ridgeway shipments May",
        "site_id": "ridgeway",
        "path": "/shipments",
        "element_id": "shipments-table",
        "owner_id": "E204",
        "columns": ["number", "origin", "destination", "consignee", "consignee_phone", "status"],
        "rows": 480,
        "data_class": "customer",
        "created": "2025-05-20",
        "expires_on": "2025-06-19",
    }
]


def cast() -> dict[str, list[dict[str, Any]]]:
    return {
        "employees": EMPLOYEES,
        "sites": SITES,
        "credentials": CREDENTIALS,
        "records": _records(),
        "workflows": WORKFLOWS,
        "monitors": MONITORS,
        "extractions": EXTRACTIONS,
    }


def cast_text() -> str:
    sections = []
    for name, rows in cast().items():
        lines = ",\n".join(f"    {json.dumps(row, ensure_ascii=False)}" for row in rows)
        sections.append(f'  "{name}": [\n{lines}\n  ]')
    return "{\n" + ",\n".join(sections) + "\n}\n"


if __name__ == "__main__":
    (DATA / "cast.json").write_text(cast_text(), encoding="utf-8")

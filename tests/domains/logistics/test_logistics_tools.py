"""The Cascade Line Freight desk's tools: each one's answer, each of its error texts, that a
write that fails changes nothing, and five test tasks worked by hand: an equivalent solution
scores 1 and a lazy shortcut 0."""

import pytest

from taubench.domains.fair_checks import reward_of
from taubench.domains.gold_trace import gold_trace
from taubench.domains.logistics.policy_rules import RULES


def test_the_world_is_near_the_briefs_size(tools):
    db = tools.db
    sizes = {name: len(getattr(db, name)) for name in ("accounts", "shipments", "routes", "stops", "inventory")}
    assert sizes == {"accounts": 350, "shipments": 3500, "routes": 398, "stops": 2388, "inventory": 2500}
    assert not [r for r in db.routes.values() if r.date == "2025-10-08" and r.terminal in ("PDX", "SEA")][8:]


def test_shippers_consignees_and_staff_are_identified(ok, no):
    account = ok("find_account", account_number="ac10001", billing_zip="97115")
    assert account["account"]["contacts"] == ["Dana Whitfield", "Marco Reyes"]
    assert account["shipments"][:4] == ["7100001001", "7100001003", "7100001004", "7100001005"]
    assert ok("find_account", account_number="AC10003", billing_zip="97214")["account"]["status"] == "closed"
    assert no("find_account", account_number="AC10008", billing_zip="97401") == (
        "Error: Billing zip does not match the account"
    )
    assert no("find_account", account_number="AC99999", billing_zip="97401") == "Error: Account AC99999 not found"
    inbound = ok("find_consignee_shipments", name="jordan mills", phone="503-555-0142")
    assert [(s["tracking_number"], s["shipper"]) for s in inbound] == [
        ("7100001001", "Willamette Valley Cellars"),
        ("7100001002", "Bridgetown Outdoor Supply"),
    ]
    assert no("find_consignee_shipments", name="Jordan Mills", phone="503-555-0000") == (
        "Error: No shipment is addressed to that name and phone"
    )
    assert ok("verify_employee", employee_id="EMP102", pin="2290")["role"] == "customer_service"
    assert no("verify_employee", employee_id="EMP101", pin="2290") == "Error: PIN does not match"
    assert no("verify_employee", employee_id="EMP999", pin="2290") == "Error: Employee EMP999 not found"


def test_shipments_routes_drivers_stock_and_claims_are_read(ok, no):
    assert ok("track_shipment", tracking_number="7100004318")["consignee_name"] == "Elena Cruz"
    assert no("track_shipment", tracking_number="7100004219") == "Error: Shipment 7100004219 not found"
    routes = ok("list_routes", terminal="PDX", date="2025-10-08")
    assert [r["route_id"] for r in routes] == [f"R200{n}" for n in range(1, 8)]
    assert no("list_routes", terminal="XXX", date="2025-10-08") == "Error: Terminal XXX not found"
    route = ok("get_route", route_id="R2001")
    assert (route["vehicle"]["placarded"], route["route"]["driver_id"], len(route["route"]["stops"])) == (
        True,
        "D001",
        6,
    )
    assert ok("get_driver", driver_id="D002")["driving_hours_today"] == 10.75
    assert ok("get_inventory", sku="SKU-51870", warehouse_id="PDX")["unit_cost"] == 450.0
    assert no("get_inventory", sku="SKU-51870", warehouse_id="EUG") == "Error: Inventory row SKU-51870@EUG not found"
    assert no("get_inventory", sku="SKU-51870", warehouse_id="YVR") == "Error: Terminal YVR not found"
    assert ok("get_claim", claim_id="CL5002")["status"] == "open"
    assert no("get_claim", claim_id="CL1") == "Error: Claim CL1 not found"


def test_rescheduling_moves_the_day_and_counts(ok, no):
    moved = ok("reschedule_delivery", tracking_number="7100001004", date="2025-10-08", window="12-14")
    assert (moved["status"], moved["reschedule_count"], moved["delivery_window"]) == ("in_transit", 1, "12-14")
    assert no("reschedule_delivery", tracking_number="7100001004", date="2025-10-08", window="12-14") == (
        "Error: The shipment is already booked for that day and window"
    )
    assert no("reschedule_delivery", tracking_number="7100001001", date="2025-10-07", window="08-10") == (
        "Error: Delivery date must be after today (2025-10-07)"
    )
    assert no("reschedule_delivery", tracking_number="7100001001", date="2025-10-09", window="07-09") == (
        "Error: Window must be one of 08-10, 10-12, 12-14, 14-16, 16-18"
    )
    assert no("reschedule_delivery", tracking_number="7100001011", date="2025-10-09", window="08-10") == (
        "Error: Shipment is delivered"
    )


def test_a_redirect_charges_the_fee_and_a_residence_more(ok, no, tools):
    home = ok("redirect_shipment", tracking_number="7100001005", address="1 Elm St", zip="98661", residential=True)
    assert (home["extra_charges"], home["residential"]) == (30.0, True)
    office = ok(
        "redirect_shipment", tracking_number="7100001001", address="1 SW Columbia St", zip="97204", residential=False
    )
    assert office["extra_charges"] == 25.0
    assert no("redirect_shipment", tracking_number="7100001005", address="1 Elm St", zip="98661", residential=True) == (
        "Error: The shipment already goes to that address"
    )
    assert no("redirect_shipment", tracking_number="7100001002", address="1 Elm St", zip="9866", residential=True) == (
        "Error: Zip must be 5 digits"
    )


def test_holds_charge_storage_after_three_days_and_returns_the_freight(ok, no):
    assert ok("hold_at_terminal", tracking_number="7100001003", until="2025-10-14")["extra_charges"] == 60.0
    assert ok("hold_at_terminal", tracking_number="7100001020", until="2025-10-09")["extra_charges"] == 0.0
    assert no("hold_at_terminal", tracking_number="7100001002", until="2025-10-06") == (
        "Error: Hold end must be after today (2025-10-07)"
    )
    back = ok("return_to_shipper", tracking_number="7100001022")
    assert (back["status"], back["extra_charges"]) == ("returning", 120.0)
    assert no("return_to_shipper", tracking_number="7100001022") == "Error: Shipment is returning"


def test_routes_take_shipments_as_stops_in_tracking_order(ok, no, tools):
    ok("assign_to_route", tracking_number="7100001021", route_id="R2001")
    route = ok("assign_to_route", tracking_number="7100001020", route_id="R2001")["route"]
    added = [tools.db.stops[stop].tracking_numbers for stop in route["stops"][6:]]
    assert added == [["7100001020"], ["7100001021"]]
    assert route["load_lb"] == 5200.0 + 85.0 + 60.0
    assert tools.db.drivers["D001"].driving_hours_today == 7.0
    assert no("assign_to_route", tracking_number="7100001020", route_id="R2001") == (
        "Error: The shipment is already on that route"
    )
    assert no("assign_to_route", tracking_number="7100001019", route_id="R2002") == (
        "Error: Load would exceed the truck's payload of 3000 lb"
    )
    assert no("assign_to_route", tracking_number="7100001019", route_id="R2101") == (
        "Error: The route leaves from another terminal"
    )
    assert no("assign_to_route", tracking_number="7100001019", route_id="R3001") == "Error: The route has already run"


def test_stock_is_adjusted_never_below_zero(ok, no, tools):
    row = ok(
        "adjust_inventory", sku="SKU-40112", warehouse_id="PDX", delta=-15, reason_code="miscount", count_ref="cc-88120"
    )
    assert row["on_hand"] == 185
    made = tools.db.adjustments[f"ADJ{tools.db.next_adjustment_number - 1}"]
    assert (made.delta, made.count_ref, made.date) == (-15, "CC-88120", "2025-10-07")
    assert no("adjust_inventory", sku="SKU-22045", warehouse_id="PDX", delta=-30, reason_code="damaged") == (
        "Error: On-hand cannot go below zero (on hand: 22)"
    )
    assert no("adjust_inventory", sku="SKU-22045", warehouse_id="PDX", delta=0, reason_code="damaged") == (
        "Error: Delta must be a whole number other than 0"
    )
    assert no("adjust_inventory", sku="SKU-22045", warehouse_id="PDX", delta=2, reason_code="lost") == (
        "Error: Reason code must be damaged, found, miscount or shrink"
    )


def test_incidents_are_logged_against_one_shipment_or_one_route(ok, no):
    logged = ok("log_incident", category="crash", severity="recordable", route_id="R2005")
    assert (logged["incident_id"], logged["subject_id"], logged["date"]) == ("IN9601", "R2005", "2025-10-07")
    assert ok("log_incident", category="delay", severity="minor", tracking_number="7100001002")["subject_id"] == (
        "7100001002"
    )
    both = {"tracking_number": "7100001002", "route_id": "R2005"}
    assert no("log_incident", category="delay", severity="minor", **both) == (
        "Error: Give exactly one of tracking_number and route_id"
    )
    assert no("log_incident", category="crash", severity="minor") == (
        "Error: Give exactly one of tracking_number and route_id"
    )
    assert no("log_incident", category="crash", severity="minor", route_id="R9") == "Error: Route R9 not found"
    assert no("log_incident", category="fire", severity="minor", route_id="R2005") == (
        "Error: Category must be crash, hazmat_release, cargo_damage, theft or delay"
    )
    assert no("log_incident", category="crash", severity="major", route_id="R2005") == (
        "Error: Severity must be minor or recordable"
    )


def test_claims_are_filed_up_to_the_invoice(ok, no):
    claim = ok(
        "file_cargo_claim", tracking_number="7100001015", claim_type="visible_damage", amount=100, invoice_value=340
    )
    assert (claim["claim_id"], claim["amount"], claim["status"]) == ("CL5403", 100.0, "open")
    assert no(
        "file_cargo_claim", tracking_number="7100001015", claim_type="visible_damage", amount=400, invoice_value=340
    ) == ("Error: Amount must be above 0 and at most the invoice value")
    assert no("file_cargo_claim", tracking_number="7100001015", claim_type="loss", amount=100, invoice_value=340) == (
        "Error: A delivered shipment cannot be claimed as lost"
    )
    assert no(
        "file_cargo_claim", tracking_number="7100001001", claim_type="visible_damage", amount=10, invoice_value=40
    ) == ("Error: Damage can be claimed only on a delivered, held or exception shipment")
    assert no("file_cargo_claim", tracking_number="7100001015", claim_type="dented", amount=10, invoice_value=40) == (
        "Error: Claim type must be visible_damage, concealed_damage or loss"
    )


def test_the_shared_tools_are_offered(ok):
    assert ok("calculate", expression="40 * 2.5") == "100.0"


# Five test tasks worked by hand (each: an equivalent path scores 1, a lazy one 0).
A = "assistant"


def _task(domain, task_id):
    return domain.tasks[task_id]


def test_task_5_a_residential_redirect_is_30(domain):
    task = _task(domain, "5")
    redirect = (
        "redirect_shipment",
        {"tracking_number": "7100001005", "address": "2600 Columbia House Blvd", "zip": "98661", "residential": True},
    )
    found = (A, "find_account", {"account_number": "AC10001", "billing_zip": "97115"})
    assert reward_of(domain, task, [found, (A, *redirect)], "Done: the redirect fee is 30.00.") == 1.0
    assert reward_of(domain, task, [found, (A, *redirect)], "Done, the standard fee applies.") == 0.0


def test_task_8_concealed_damage_after_five_days_is_refused_with_the_last_day(domain):
    task = _task(domain, "8")
    reads = [
        (A, "find_account", {"account_number": "AC10002", "billing_zip": "97209"}),
        (A, "track_shipment", {"tracking_number": "7100001012"}),
    ]
    assert reward_of(domain, task, reads, "Concealed damage had to be reported by 2025-09-30.") == 1.0
    assert reward_of(domain, task, reads, "Sorry, it is too late for that claim.") == 0.0
    filed = (
        A,
        "file_cargo_claim",
        {"tracking_number": "7100001012", "claim_type": "concealed_damage", "amount": 160, "invoice_value": 220},
    )
    assert reward_of(domain, task, [*reads, filed], "Filed; the window ended 2025-09-30.") == 0.0


@pytest.mark.parametrize("route, reward", [("R2001", 1.0), ("R2003", 0.0)])
def test_task_26_a_heavy_shipment_goes_on_the_lowest_route_that_fits(domain, route, reward):
    """R2002's truck is 600 lb short; R2001 is the lowest-numbered PDX route that qualifies."""
    task = _task(domain, "26")
    calls = [
        (A, "verify_employee", {"employee_id": "EMP101", "pin": "4417"}),
        (A, "assign_to_route", {"tracking_number": "7100001019", "route_id": route}),
    ]
    assert reward_of(domain, task, calls, "Assigned.") == reward


def test_task_35_theft_then_a_loss_claim_at_the_per_pound_rate(domain):
    task = _task(domain, "35")
    found = (A, "find_account", {"account_number": "AC10010", "billing_zip": "97301"})
    log = (A, "log_incident", {"tracking_number": "7100001021", "category": "theft", "severity": "minor"})
    claim = {"tracking_number": "7100001021", "claim_type": "loss", "invoice_value": 600}
    other_order = [found, (A, "file_cargo_claim", {**claim, "amount": 212.5}), log]
    assert reward_of(domain, task, other_order, "Claim filed for 212.50.") == 1.0
    lazy = [found, log, (A, "file_cargo_claim", {**claim, "amount": 600})]
    assert reward_of(domain, task, lazy, "Claim filed for 600; nothing declared so 212.5 would be the cap.") == 0.0


def test_task_50_the_negotiated_rate_sets_the_claim(domain):
    task = _task(domain, "50")
    found = (A, "find_account", {"account_number": "AC10006", "billing_zip": "98661"})
    move = (A, "reschedule_delivery", {"tracking_number": "7100001023", "date": "2025-10-14", "window": "08-10"})
    claim = {"tracking_number": "7100001011", "claim_type": "visible_damage", "invoice_value": 150}
    assert (
        reward_of(domain, task, [found, (A, "file_cargo_claim", {**claim, "amount": 120}), move], "Claim: 120.00.")
        == 1.0
    )
    lazy = [found, move, (A, "file_cargo_claim", {**claim, "amount": 75})]
    assert reward_of(domain, task, lazy, "Claim: 75.00 (120 at your rate).") == 0.0


def test_the_rules_catch_a_lazy_gold_path(domain):
    """The checks of policy_rules.py over gold paths changed the way a lazy agent would."""
    task = domain.tasks["26"].model_copy(deep=True)  # the heavy shipment: R2003 fits but is not the first
    task.evaluation_criteria.actions[-1].arguments["route_id"] = "R2003"
    assert RULES[18](gold_trace(domain, task)) == ["7100001019 on R2003, first qualifying is R2001"]
    hazmat = domain.tasks["24"].model_copy(deep=True)  # the flammable shipment put on R2001 after all
    hazmat.evaluation_criteria.actions[8].arguments["route_id"] = "R2001"
    assert RULES[16](gold_trace(domain, hazmat)) == ["hazmat 7100001010 on a route without placard and endorsement"]
    claim = domain.tasks["10"].model_copy(deep=True)  # the whole invoice claimed, nothing declared
    claim.evaluation_criteria.actions[-1].arguments["amount"] = 340.0
    assert RULES[12](gold_trace(domain, claim)) == [
        "claim of 340.0, policy gives 100.0",
        "claim amount 340.0 not in communicate_info",
    ]
    stock = domain.tasks["37"].model_copy(deep=True)  # the 7.5% correction without its count reference
    del stock.evaluation_criteria.actions[2].arguments["count_ref"]
    assert RULES[19](gold_trace(domain, stock)) == [
        "adjustment of -15 on SKU-40112@PDX without a cycle-count reference"
    ]
    consignee = domain.tasks["2"].model_copy(deep=True)  # the consignee's redirect made anyway
    redirect = {"tracking_number": "7100001001", "address": "1000 SW Broadway", "zip": "97205", "residential": False}
    consignee.evaluation_criteria.actions.append(
        consignee.evaluation_criteria.actions[0].model_copy(update={"name": "redirect_shipment", "arguments": redirect})
    )
    assert RULES[2](gold_trace(domain, consignee)) == [
        "redirect_shipment on 7100001001 without its shipper's contact identified"
    ]

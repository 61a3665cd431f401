"""The Cascade Line Freight operations manual's numbered rules as checks over a task's gold trace."""

import json
import re
from datetime import date, timedelta
from typing import Iterator, Optional

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, looked_up_before_change, records_named, said
from taubench.domains.logistics.models import Employee, LogisticsDB, Route, Shipment

Trace = GoldTrace[LogisticsDB]
Step = GoldStep[LogisticsDB]

TODAY = date(2025, 10, 7)
HOLIDAYS = {"2025-10-13", "2025-11-11", "2025-11-27", "2025-12-25"}
LATEST = "2025-10-22"  # 10 business days after today
COMMERCIAL_WINDOWS = ("08-10", "10-12", "12-14", "14-16")
MAX_RESCHEDULES = 2
REDIRECTABLE = ("booked", "in_transit", "held")
SERVICE_PREFIXES = tuple(str(prefix) for prefix in [*range(970, 975), *range(980, 987)])
REDIRECT_FEE, RESIDENTIAL_SURCHARGE = 25.0, 5.0
FREE_DAYS, STORAGE_PER_DAY = 3, 15.0
CLAIM_MONTHS, CONCEALED_DAYS = 9, 5
STOP_HOURS, MAX_DRIVING, MAX_ON_DUTY, MAX_8_DAYS = 0.5, 11.0, 14.0, 70.0
COUNT_SHARE, COUNT_VALUE = 0.05, 1000.0
SHIPPER_ONLY = ("redirect_shipment", "return_to_shipper", "file_cargo_claim")
SHIPMENT_TOOLS = ("reschedule_delivery", "hold_at_terminal", "track_shipment", *SHIPPER_ONLY)
STAFF_TOOLS = ("assign_to_route", "adjust_inventory", "log_incident", "get_route", "get_driver", "list_routes")

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def _shipment(step: Step) -> Optional[Shipment]:
    return step.before.shipments.get(step.arguments.get("tracking_number", ""))


def _owners(db: LogisticsDB, shipment: Shipment) -> set[str]:
    """Who may act for a shipment: its account, the successor a closed account names, its consignee."""
    owners = {shipment.account_number, f"consignee:{shipment.tracking_number}"}
    account = db.accounts[shipment.account_number]
    if account.status == "closed":
        owners |= {word.rstrip(".,") for word in account.note.split() if word.startswith("AC")}
    return owners


def _identifies(step: Step) -> list[str]:
    if step.error:
        return []
    if step.name == "find_account":
        account = json.loads(step.observation)["account"]
        return [account["account_number"]] if account["status"] == "active" else []
    if step.name == "find_consignee_shipments":
        return [f"consignee:{row['tracking_number']}" for row in json.loads(step.observation)]
    if step.name == "verify_employee":
        return ["staff"]
    return []


def _concerns(step: Step) -> list[str]:
    shipment = _shipment(step)
    if step.name in SHIPMENT_TOOLS and shipment is not None:
        return sorted(_owners(step.before, shipment) | ({"staff"} if step.name == "track_shipment" else set()))
    if step.name == "log_incident" and shipment is not None:
        return sorted(_owners(step.before, shipment) | {"staff"})
    if step.name in STAFF_TOOLS:
        return ["staff"]
    if step.name in ("get_inventory", "get_claim"):
        return ["staff"] if step.name == "get_inventory" else ["shipper"]
    return []


def _known(trace: Trace, upto: Step) -> set[str]:
    known: set[str] = set()
    for step in trace.steps:
        if step is upto:
            break
        known |= set(_identifies(step))
        if step.name == "find_account" and not step.error:
            known.add("shipper")
    return known


def _employee(trace: Trace, upto: Step) -> Optional[Employee]:
    found = None
    for step in trace.steps:
        if step is upto:
            break
        if step.name == "verify_employee" and not step.error:
            found = step.before.employees[step.arguments["employee_id"]]
    return found


@RULES.trace(1)
def caller_identified(trace: Trace) -> list[str]:
    known: set[str] = set()
    violations = []
    for step in trace.steps:
        touched = set(_concerns(step))
        if touched and not touched & known:
            violations.append(f"{step.name} before the caller was identified")
        known |= set(_identifies(step)) | ({"shipper"} if step.name == "find_account" and not step.error else set())
    return violations


@RULES.each(2, *SHIPPER_ONLY)
def shipper_only(step: Step, trace: Trace) -> Iterator[str]:
    shipment = _shipment(step)
    if shipment is not None:
        accounts = {owner for owner in _owners(step.before, shipment) if owner.startswith("AC")}
        if not accounts & _known(trace, step):
            yield f"{step.name} on {shipment.tracking_number} without its shipper's contact identified"


@RULES.trace(3)
def renamed_accounts(trace: Trace) -> list[str]:
    violations = []
    for step in trace.writes:
        shipment = _shipment(step)
        if shipment is None or step.before.accounts[shipment.account_number].status != "closed":
            continue
        if not (_owners(step.before, shipment) - {shipment.account_number}) & _known(trace, step):
            violations.append(f"{step.name} on {shipment.tracking_number} on the closed account's word")
    return violations


@RULES.trace(4)
def read_back_first(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, ("shipments", "routes")))


def _weekday_ok(day: str, residential: bool) -> bool:
    weekday = date.fromisoformat(day).weekday()
    return day not in HOLIDAYS and (weekday < 5 or (residential and weekday == 5))


@RULES.each(5, "reschedule_delivery")
def delivery_windows(step: Step, trace: Trace) -> Iterator[str]:
    shipment = _shipment(step)
    assert shipment is not None
    day, window = step.arguments["date"], step.arguments["window"]
    if not _weekday_ok(day, shipment.residential):
        yield f"delivery on {day}, not a delivery day for this address"
    if not shipment.residential and window not in COMMERCIAL_WINDOWS:
        yield f"window {window} at a commercial address"


@RULES.each(6, "reschedule_delivery")
def reschedule_limits(step: Step, trace: Trace) -> Iterator[str]:
    shipment = _shipment(step)
    assert shipment is not None
    if shipment.reschedule_count >= MAX_RESCHEDULES:
        yield f"{shipment.tracking_number} rescheduled a third time"
    if not TODAY.isoformat() < step.arguments["date"] <= LATEST:
        yield f"rescheduled to {step.arguments['date']}, outside tomorrow to {LATEST}"


@RULES.each(7, "redirect_shipment")
def redirect_limits(step: Step, trace: Trace) -> Iterator[str]:
    shipment = _shipment(step)
    assert shipment is not None
    if shipment.status not in REDIRECTABLE:
        yield f"redirect of a shipment {shipment.status}"
    if not str(step.arguments["zip"]).startswith(SERVICE_PREFIXES):
        yield f"redirect to {step.arguments['zip']}, outside the service area"


@RULES.each(8, "redirect_shipment")
def redirect_fee_said(step: Step, trace: Trace) -> Iterator[str]:
    fee = REDIRECT_FEE + (RESIDENTIAL_SURCHARGE if step.arguments["residential"] else 0.0)
    if not said(trace, fee):
        yield f"redirect fee {fee} not in communicate_info"


@RULES.each(9, "hold_at_terminal")
def hold_limits(step: Step, trace: Trace) -> Iterator[str]:
    until = step.arguments["until"]
    if until > LATEST or until in HOLIDAYS:
        yield f"hold until {until}, past {LATEST}"
    storage = STORAGE_PER_DAY * max(0, (date.fromisoformat(until) - TODAY).days - FREE_DAYS)
    if storage and not said(trace, storage):
        yield f"storage {storage} not in communicate_info"


@RULES.each(10, "return_to_shipper")
def return_charge_said(step: Step, trace: Trace) -> Iterator[str]:
    shipment = _shipment(step)
    assert shipment is not None
    if shipment.status == "delivered":
        yield "return of a delivered shipment"
    if not said(trace, shipment.freight_charge):
        yield f"return charge {shipment.freight_charge} not in communicate_info"


def _months_later(day: date, months: int) -> date:
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    for last in (day.day, 30, 29, 28):
        try:
            return date(year, month, last)
        except ValueError:
            continue
    raise ValueError(day)


def _claim_window_end(shipment: Shipment, concealed: bool) -> Optional[date]:
    if shipment.delivered_date is None:
        return None
    delivered = date.fromisoformat(shipment.delivered_date)
    return delivered + timedelta(days=CONCEALED_DAYS) if concealed else _months_later(delivered, CLAIM_MONTHS)


@RULES.trace(11)
def claim_windows(trace: Trace) -> list[str]:
    """Every claim filed is inside its window; a task that asks for one refused tells the last day."""
    violations = []
    for step in trace.done("file_cargo_claim"):
        shipment = _shipment(step)
        assert shipment is not None
        end = _claim_window_end(shipment, step.arguments["claim_type"] == "concealed_damage")
        if end is not None and TODAY > end:
            violations.append(f"claim on {shipment.tracking_number} after its window closed on {end}")
    if 11 in trace.task.policy_rules and "refusal" in trace.task.tags and not trace.writes:
        shipments = [s for step in trace.calls("track_shipment") if (s := _shipment(step))]
        ends = [_claim_window_end(s, True) for s in shipments] + [_claim_window_end(s, False) for s in shipments]
        if not any(end and TODAY > end for end in ends):
            violations.append("a claim refused while its window was open")
    return violations


@RULES.each(12, "file_cargo_claim")
def claim_amount(step: Step, trace: Trace) -> Iterator[str]:
    shipment = _shipment(step)
    assert shipment is not None
    amount, invoice = step.arguments["amount"], step.arguments["invoice_value"]
    rate = step.before.accounts[shipment.account_number].liability_per_lb
    # the weight of the goods concerned is the caller's to give ("40 lb were damaged"); else the whole shipment's
    given = re.findall(r"(\d+(?:\.\d+)?) lb", str(trace.task.user_scenario.instructions))
    weight = float(given[0]) if given else shipment.weight_lb
    limit = shipment.declared_value if shipment.declared_value is not None else round(rate * weight, 2)
    if abs(amount - min(invoice, limit)) > 0.005:
        yield f"claim of {amount}, policy gives {min(invoice, limit)}"
    if not said(trace, amount):
        yield f"claim amount {amount} not in communicate_info"


@RULES.each(13, "log_incident")
def incident_categories(step: Step, trace: Trace) -> Iterator[str]:
    category, severity = step.arguments["category"], step.arguments["severity"]
    subject = step.arguments.get("route_id") or step.arguments.get("tracking_number", "")
    if category == "hazmat_release" and severity != "recordable":
        yield "a hazmat release logged as minor"
    if category in ("cargo_damage", "theft", "delay") and severity != "minor":
        yield f"{category} logged as recordable"
    on_route = subject in step.before.routes
    if category in ("crash", "hazmat_release") and not on_route:
        yield f"{category} logged against {subject}, not its route"
    if category in ("cargo_damage", "theft", "delay") and subject not in step.before.shipments:
        yield f"{category} logged against {subject}, not its shipment"


@RULES.trace(14)
def safety_hand_off(trace: Trace) -> list[str]:
    violations = hand_offs(trace)
    names = [step.name for step in trace.steps]
    for index, step in enumerate(trace.steps):
        if step.name == "log_incident" and step.arguments["category"] == "hazmat_release":
            if "transfer_to_human_agents" not in names[index + 1 :]:
                violations.append("a hazmat release logged without the transfer to safety")
    if 14 in trace.task.policy_rules and "transfer_to_human_agents" not in names:
        violations.append("an injury or release with no transfer to safety")
    return violations


@RULES.each(15, "assign_to_route")
def dispatchers_only(step: Step, trace: Trace) -> Iterator[str]:
    employee = _employee(trace, step)
    route = step.before.routes[step.arguments["route_id"]]
    if employee is None or employee.role != "dispatcher" or employee.terminal != route.terminal:
        yield f"assignment to {route.route_id} not by a dispatcher of {route.terminal}"


def _hazmat_ok(db: LogisticsDB, shipment: Shipment, route: Route) -> bool:
    return shipment.hazmat_class is None or (
        db.vehicles[route.vehicle_id].placarded and db.drivers[route.driver_id].hazmat_endorsed
    )


def _fits(db: LogisticsDB, shipment: Shipment, route: Route) -> bool:
    driver = db.drivers[route.driver_id]
    return (
        route.load_lb + shipment.weight_lb <= db.vehicles[route.vehicle_id].payload_lb
        and driver.driving_hours_today + STOP_HOURS <= MAX_DRIVING
        and driver.on_duty_hours_today + STOP_HOURS <= MAX_ON_DUTY
        and driver.on_duty_hours_8_days + STOP_HOURS <= MAX_8_DAYS
    )


@RULES.each(16, "assign_to_route")
def hazmat_pairing(step: Step, trace: Trace) -> Iterator[str]:
    shipment = _shipment(step)
    assert shipment is not None
    if not _hazmat_ok(step.before, shipment, step.before.routes[step.arguments["route_id"]]):
        yield f"hazmat {shipment.tracking_number} on a route without placard and endorsement"


@RULES.each(17, "assign_to_route")
def payload_and_hours(step: Step, trace: Trace) -> Iterator[str]:
    shipment = _shipment(step)
    assert shipment is not None
    if not _fits(step.before, shipment, step.before.routes[step.arguments["route_id"]]):
        yield f"{shipment.tracking_number} on {step.arguments['route_id']} breaks payload or hours"


@RULES.trace(18)
def first_qualifying_route(trace: Trace) -> list[str]:
    violations = []
    for step in trace.done("assign_to_route"):
        shipment, chosen = _shipment(step), step.before.routes[step.arguments["route_id"]]
        assert shipment is not None
        db = step.before
        qualifying = sorted(
            route.route_id
            for route in db.routes.values()
            if route.terminal == chosen.terminal
            and route.date == chosen.date
            and _hazmat_ok(db, shipment, route)
            and _fits(db, shipment, route)
        )
        asked = [r for r in qualifying if r in str(trace.task.user_scenario.instructions)]
        if chosen.route_id not in asked and qualifying and chosen.route_id != qualifying[0]:
            violations.append(f"{shipment.tracking_number} on {chosen.route_id}, first qualifying is {qualifying[0]}")
    for step in trace.done("log_incident"):
        if step.arguments["category"] == "delay" and 18 in trace.task.policy_rules:
            shipment = _shipment(step)
            assert shipment is not None
            routes = [
                r
                for r in step.before.routes.values()
                if r.terminal == shipment.terminal and r.date == shipment.delivery_date
            ]
            if any(_hazmat_ok(step.before, shipment, r) and _fits(step.before, shipment, r) for r in routes):
                violations.append(f"delay logged for {shipment.tracking_number} though a route qualifies")
    return violations


@RULES.each(19, "adjust_inventory")
def stock_adjustments(step: Step, trace: Trace) -> Iterator[str]:
    employee = _employee(trace, step)
    warehouse = step.arguments["warehouse_id"]
    if employee is None or employee.role != "warehouse_lead" or employee.terminal != warehouse:
        yield f"adjustment at {warehouse} not by its warehouse lead"
    row = step.before.inventory[f"{step.arguments['sku']}@{warehouse}"]
    delta = step.arguments["delta"]
    needs_count = abs(delta) > COUNT_SHARE * row.on_hand or abs(delta) * row.unit_cost > COUNT_VALUE
    if needs_count and not step.arguments.get("count_ref"):
        yield f"adjustment of {delta} on {row.row_id} without a cycle-count reference"
    if row.on_hand + delta < 0:
        yield "stock below zero"


@RULES.trace(20)
def hand_off_when_not_ours(trace: Trace) -> list[str]:
    violations = hand_offs(trace)
    if 20 in trace.task.policy_rules and not trace.calls("transfer_to_human_agents"):
        violations.append("a billing dispute or claim decision not handed off")
    return violations

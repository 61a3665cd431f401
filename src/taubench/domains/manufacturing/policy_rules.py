"""The plant desk's numbered policy rules as checks over a task's gold trace (see
gold_trace.py), on the kit's checks of the rules every policy has."""

import json
from datetime import date, datetime, timedelta
from typing import Callable, Iterator, Optional, get_origin

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said
from taubench.domains.manufacturing.models import Lot, ManufacturingDB
from taubench.domains.manufacturing.shifts import closed, oee, shift_end

Trace = GoldTrace[ManufacturingDB]
Step = GoldStep[ManufacturingDB]

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}

OPEN_TOOLS = {"get_employee", "calculate", "transfer_to_human_agents"}
QUALITY = ("quality_engineer", "qa_manager")
ENTRY_WINDOW = timedelta(hours=48)
SCRAP_SHARE = 0.05
CPK_MIN = 1.33
SCRAP_LIMIT = 200
SLIP_DAYS = 2
NO_REASON, CEILING = 1.02, 1.10
TABLES = [
    name
    for name, field in ManufacturingDB.model_fields.items()
    if get_origin(field.annotation) is dict and name not in ("defect_codes", "downtime_reasons")
]


def callers(trace: Trace) -> list[Optional[str]]:
    """The identified caller at each step: the last active employee a get_employee showed."""
    caller: Optional[str] = None
    found = []
    for step in trace.steps:
        found.append(caller)
        if step.name == "get_employee" and not step.error and json.loads(step.observation)["status"] == "active":
            caller = step.arguments["employee_id"]
    return found


def _role(step: Step, caller: Optional[str]) -> tuple[str, Optional[str]]:
    employee = step.before.employees.get(caller or "")
    return (employee.role, employee.home_line) if employee else ("", None)


def _lot_line(db: ManufacturingDB, lot_id: str) -> Optional[str]:
    lot = db.lots.get(lot_id)
    return db.work_orders[lot.wo_id].line_id if lot else None


def _with_callers(trace: Trace, *tools: str) -> Iterator[tuple[Step, str]]:
    for step, caller in zip(trace.steps, callers(trace)):
        if step.name in tools and not step.error:
            yield step, caller or ""


@RULES.trace(1)
def caller_identified_first(trace: Trace) -> list[str]:
    violations = identified_first(
        trace,
        identifies=lambda step: (
            ["caller"] if step.name == "get_employee" and json.loads(step.observation)["status"] == "active" else []
        ),
        concerns=lambda step: [] if step.name in OPEN_TOOLS else ["caller"],
        who="an active employee",
    )
    for step, caller in _with_callers(trace, *(s.name for s in trace.writes)):
        if "employee_id" in step.arguments and step.arguments["employee_id"] != caller:
            violations.append(f"{step.name} entered under {step.arguments['employee_id']}, not the caller {caller}")
    return violations


@RULES.trace(2)
def read_back_first(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, TABLES))


def _entry_line(step: Step) -> str:
    if step.name == "record_production":
        return step.before.work_orders[step.arguments["wo_id"]].line_id
    return step.arguments["line_id"]


@RULES.trace(3)
def entries_by_the_line(trace: Trace) -> list[str]:
    violations = []
    for step, caller in _with_callers(trace, "record_production", "log_downtime"):
        role, home = _role(step, caller)
        if role not in ("operator", "supervisor") or home != _entry_line(step):
            violations.append(f"{caller} ({role}, {home}) made {step.name} on {_entry_line(step)}")
    return violations


@RULES.each(4, "record_production", "log_downtime", done=True)
def entry_window(step: Step, trace: Trace) -> Iterator[str]:
    db, day, shift = step.before, step.arguments["date"], step.arguments["shift"]
    now = datetime.fromisoformat(f"{db.today}T{db.now}")
    if not closed(day, shift, db.today, db.now):
        yield f"{step.name} for shift {shift} of {day}, still running"
    elif now - shift_end(day, shift) > ENTRY_WINDOW:
        yield f"{step.name} for shift {shift} of {day}, more than 48 hours after it closed"


def _open_lot(db: ManufacturingDB, wo_id: str) -> Optional[str]:
    return next((lot.lot_id for lot in db.lots.values() if lot.wo_id == wo_id and lot.status == "open"), None)


@RULES.each(5, "record_production", done=True)
def scrap_needs_ncr(step: Step, trace: Trace) -> Iterator[str]:
    good, scrap = step.arguments["good_qty"], step.arguments["scrap_qty"]
    lot_id = _open_lot(step.before, step.arguments["wo_id"])
    ncrs = [
        s
        for s in trace.done("create_ncr")
        if s.arguments["defect_code"] == "SCRAP-HIGH" and s.arguments["lot_id"] == lot_id
    ]
    needed = scrap > SCRAP_SHARE * (good + scrap)
    if needed and not any(s.arguments["quantity"] == scrap for s in ncrs):
        yield f"scrap {scrap} of {good + scrap} in {step.arguments['wo_id']} without a SCRAP-HIGH NCR on {lot_id}"
    if not needed and ncrs:
        yield f"a SCRAP-HIGH NCR for scrap {scrap} of {good + scrap}, at or under 5%"


@RULES.trace(6)
def ncr_authority(trace: Trace) -> list[str]:
    violations = []
    entered = []
    for step, caller in _with_callers(trace, "record_production", "create_ncr", "disposition_ncr"):
        role, home = _role(step, caller)
        if step.name == "record_production":
            entered.append((caller, step.arguments["scrap_qty"]))
        elif step.name == "disposition_ncr" and role not in QUALITY:
            violations.append(f"{caller} ({role}) dispositioned {step.arguments['ncr_id']}")
        elif step.name == "create_ncr" and role not in QUALITY:
            own_line = role == "supervisor" and _lot_line(step.before, step.arguments["lot_id"]) == home
            own_scrap = (
                step.arguments["defect_code"] == "SCRAP-HIGH" and (caller, step.arguments["quantity"]) in entered
            )
            if not (own_line or own_scrap):
                violations.append(f"{caller} ({role}) opened an NCR on {step.arguments['lot_id']}")
    return violations


@RULES.trace(7)
def holds_and_releases(trace: Trace) -> list[str]:
    violations = []
    for step, caller in _with_callers(trace, "hold_lot", "release_lot"):
        role, home = _role(step, caller)
        if step.name == "release_lot" and role != "qa_manager":
            violations.append(f"{caller} ({role}) released {step.arguments['lot_id']}")
        line = _lot_line(step.before, step.arguments["lot_id"])
        if step.name == "hold_lot" and role not in QUALITY and not (role == "supervisor" and home == line):
            violations.append(f"{caller} ({role}) held {step.arguments['lot_id']}")
    return violations


def _overdue(db: ManufacturingDB, lot: Lot) -> list[str]:
    return [
        i.gauge_id for i in lot.inspections if i.gauge_id and i.date and db.gauges[i.gauge_id].calibration_due < i.date
    ]


def _outside(lot: Lot) -> list[str]:
    return [i.characteristic for i in lot.inspections if i.measured is not None and not i.lsl <= i.measured <= i.usl]


@RULES.each(8, "release_lot", done=True)
def release_criteria(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    lot = db.lots[step.arguments["lot_id"]]
    if any(i.measured is None for i in lot.inspections):
        yield f"{lot.lot_id} released with an inspection missing"
    if _outside(lot) or _overdue(db, lot):
        yield f"{lot.lot_id} released out of spec or measured with an overdue gauge"
    if any(i.critical and (i.cpk or 0) < CPK_MIN for i in lot.inspections):
        yield f"{lot.lot_id} released with a critical Cpk under {CPK_MIN}"
    if any(db.ncrs[n].status == "open" for n in lot.ncr_ids):
        yield f"{lot.lot_id} released with an open NCR"
    for gauge in {i.gauge_id for i in lot.inspections if i.gauge_id}:
        if not any(
            s.name == "get_gauge" and s.arguments["gauge_id"] == gauge for s in trace.steps[: _index(trace, step)]
        ):
            yield f"{lot.lot_id} released before gauge {gauge} was looked up"


def _index(trace: Trace, step: Step) -> int:
    return next(index for index, other in enumerate(trace.steps) if other is step)


def _lot_reaction(
    trace: Trace, found: Callable[[ManufacturingDB, Lot], list[str]], reason: str, code: str, why: str
) -> list[str]:
    violations = []
    for step in trace.done("get_lot"):
        lot = step.before.lots[step.arguments["lot_id"]]
        if lot.status != "open" or not found(step.before, lot):
            continue
        held = any(
            s.arguments["lot_id"] == lot.lot_id and s.arguments["reason"] == reason for s in trace.done("hold_lot")
        )
        opened = any(
            s.arguments["lot_id"] == lot.lot_id
            and s.arguments["defect_code"] == code
            and s.arguments["quantity"] == lot.quantity
            for s in trace.done("create_ncr")
        )
        if not (held and opened):
            violations.append(f"{lot.lot_id} {why} but not held ({reason}) with a {code} NCR for {lot.quantity}")
    return violations


@RULES.trace(9)
def out_of_spec_held(trace: Trace) -> list[str]:
    return _lot_reaction(
        trace, lambda db, lot: _outside(lot), "out_of_spec", "DIM-OOS", "has a measurement out of spec"
    )


@RULES.trace(10)
def overdue_gauge_held(trace: Trace) -> list[str]:
    violations = _lot_reaction(trace, _overdue, "gauge_overdue", "GAUGE-CAL", "was measured with an overdue gauge")
    for step in trace.done("hold_lot"):
        if step.arguments["reason"] == "gauge_overdue":
            lot = step.before.lots[step.arguments["lot_id"]]
            for gauge in _overdue(step.before, lot):
                if not any(s.name == "get_gauge" and s.arguments["gauge_id"] == gauge for s in trace.steps):
                    violations.append(f"{lot.lot_id} held for {gauge} without looking the gauge up")
    return violations


@RULES.each(11, "disposition_ncr", done=True)
def disposition_limits(step: Step, trace: Trace) -> Iterator[str]:
    ncr = step.before.ncrs[step.arguments["ncr_id"]]
    disposition = step.arguments["disposition"]
    if ncr.defect_class == "A" and disposition in ("use_as_is", "repair") and not step.arguments.get("concession_ref"):
        yield f"{disposition} on class A {ncr.ncr_id} without a concession number"
    caller = callers(trace)[_index(trace, step)]
    if disposition == "scrap" and ncr.quantity > SCRAP_LIMIT and _role(step, caller)[0] != "qa_manager":
        yield f"scrap of {ncr.quantity} parts on {ncr.ncr_id} by someone other than a QA manager"


def _figures(report: dict) -> dict[str, float]:
    return oee(
        report["planned_min"],
        [event["minutes"] for event in report["downtime"]],
        report["ideal_cycle_min"],
        report["total_count"],
        report["good_count"],
    )


@RULES.trace(12)
def oee_as_defined(trace: Trace) -> list[str]:
    computed: set[float] = set()
    for step in trace.done("get_shift_report"):
        report = json.loads(step.observation)
        if report["total_count"]:
            computed |= set(_figures(report).values())
    for step in trace.done("publish_oee_report"):
        computed |= set(json.loads(step.observation).values())
    if not computed:
        return []
    return [
        f"{value} is not one of the shift's OEE figures"
        for value in trace.task.communicate_info
        if "." in value and value.replace(".", "").isdigit() and float(value) not in computed
    ]


@RULES.trace(13)
def publish_closed_shifts(trace: Trace) -> list[str]:
    violations = []
    for step, caller in _with_callers(trace, "publish_oee_report"):
        role, home = _role(step, caller)
        args, db = step.arguments, step.before
        if not closed(args["date"], args["shift"], db.today, db.now):
            violations.append(f"OEE of shift {args['shift']} of {args['date']} published while it runs")
        if not (role in ("planner", "qa_manager") or (role == "supervisor" and home == args["line_id"])):
            violations.append(f"{caller} ({role}) published the OEE of {args['line_id']}")
        if not any(s.name == "get_shift_report" and s.arguments == args for s in trace.steps[: _index(trace, step)]):
            violations.append(f"OEE of {args['line_id']} published before its shift report was read")
    return violations


@RULES.trace(14)
def moves_to_qualified_lines(trace: Trace) -> list[str]:
    violations = []
    for step, caller in _with_callers(trace, "reschedule_work_order"):
        role, home = _role(step, caller)
        order = step.before.work_orders[step.arguments["wo_id"]]
        line = step.before.lines[step.arguments["line_id"]]
        if not (role == "planner" or (role == "supervisor" and home == order.line_id)):
            violations.append(f"{caller} ({role}) moved {order.wo_id}")
        if order.part_number not in line.qualified_parts or line.status == "down":
            violations.append(f"{order.wo_id} moved to {line.line_id}, not qualified for {order.part_number} or down")
    return violations


@RULES.each(15, "reschedule_work_order", done=True)
def no_long_slip(step: Step, trace: Trace) -> Iterator[str]:
    order = step.after.work_orders[step.arguments["wo_id"]]
    late = (date.fromisoformat(order.projected_finish) - date.fromisoformat(order.due_date)).days
    if late > SLIP_DAYS:
        yield f"{order.wo_id} moved to finish {late} days after its due date"


@RULES.each(16, "issue_material", done=True)
def first_to_expire(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    chosen = db.material_lots[step.arguments["material_lot_id"]]
    if chosen.status != "available" or chosen.expiry < db.today:
        yield f"issue from {chosen.material_lot_id}, held or expired"
    earlier = [
        lot.material_lot_id
        for lot in db.material_lots.values()
        if lot.material == chosen.material
        and lot.status == "available"
        and lot.expiry >= db.today
        and lot.kg_on_hand > 0
        and lot.expiry < chosen.expiry
    ]
    if earlier:
        yield f"issue from {chosen.material_lot_id} while {', '.join(earlier)} expires first"


@RULES.each(17, "issue_material", done=True)
def over_issue(step: Step, trace: Trace) -> Iterator[str]:
    order = step.after.work_orders[step.arguments["wo_id"]]
    bill = order.qty_planned * order.kg_per_part
    if order.kg_issued > bill * CEILING + 1e-9:
        yield f"{order.wo_id} issued {order.kg_issued} kg, over the 10% ceiling of {round(bill * CEILING, 2)}"
    elif order.kg_issued > bill * NO_REASON + 1e-9 and not step.arguments.get("reason"):
        yield f"{order.wo_id} issued {order.kg_issued} kg, over 2% of the bill, without a reason"


@RULES.trace(18)
def who_issues_material(trace: Trace) -> list[str]:
    violations = []
    for step, caller in _with_callers(trace, "issue_material"):
        role, home = _role(step, caller)
        line = step.before.work_orders[step.arguments["wo_id"]].line_id
        if not (role == "planner" or (role in ("operator", "supervisor") and home == line)):
            violations.append(f"{caller} ({role}) issued material to {step.arguments['wo_id']}")
    return violations


@RULES.trace(19)
def safety_to_ehs(trace: Trace) -> list[str]:
    return hand_offs(trace)


__all__ = ["CONVERSATIONAL", "RULES", "said"]

"""The space policy's numbered rules as checks over a task's gold trace (see gold_trace.py).
The caller is the operator the first successful ``verify_operator`` shows."""

from datetime import datetime, timedelta
from typing import Iterator

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, looked_up_before_change, records_named, said
from taubench.domains.space.models import Operator, SpaceDB

Trace = GoldTrace[SpaceDB]
Step = GoldStep[SpaceDB]

CLOCK = "%Y-%m-%d %H:%M"
RED_PC, MONITOR_PC = 1e-4, 1e-7
LEAD_HOURS, RESERVE_KG, KG_PER_MS = 6, 5.0, 0.12
STORM_KP, STORM_HOURS = 7.0, 24
MIN_ELEVATION, DAILY_CONTACTS, RELEASE_LEAD_HOURS = 10.0, 4, 2
MAX_CLOUD, MIN_BATTERY = 60.0, 30.0
PRIORITY = {"imaging": 0, "downlink": 1, "maneuver": 2, "anomaly": 3}
LEVEL_NEEDED = {"set_mode": 3, "schedule_maneuver": 3}  # every other write needs level 2
CHANGED_TABLES = (
    "spacecraft",
    "contact_windows",
    "bookings",
    "conjunctions",
    "imaging_requests",
    "alarms",
    "operators",
)

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def _moment(text: str) -> datetime:
    return datetime.strptime(text, CLOCK)


def _caller(trace: Trace) -> Operator | None:
    for step in trace.steps:
        if step.name == "verify_operator" and not step.error:
            return step.before.operators[step.arguments["operator_id"]]
    return None


def _level(operator: Operator, db: SpaceDB) -> int:
    """The level an operator acts at: 1 once the certification has lapsed."""
    return operator.level if operator.certified_until >= db.now[:10] else 1


def _is_red(db: SpaceDB, event_id: str | None) -> bool:
    return event_id is not None and db.conjunctions[event_id].pc >= RED_PC


@RULES.trace(1)
def caller_verified_first(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        if step.name == "verify_operator" and not step.error:
            break
        if step.name != "verify_operator":
            violations.append(f"{step.name} before the caller was verified")
    return violations


@RULES.trace(2)
def certification_levels(trace: Trace) -> list[str]:
    caller = _caller(trace)
    violations = []
    for step in trace.writes:
        if caller is None:
            violations.append(f"{step.name} without a verified caller")
            continue
        needed = LEVEL_NEEDED.get(step.name, 2)
        if _level(caller, step.before) < needed:
            violations.append(f"{step.name} by {caller.operator_id}, who acts at level {_level(caller, step.before)}")
        if step.arguments.get("operator_id", caller.operator_id) != caller.operator_id:
            violations.append(f"{step.name} in the name of {step.arguments['operator_id']}, not the caller")
    if caller is not None and caller.certified_until < trace.steps[0].before.now[:10] and caller.level > 1:
        if not said(trace, caller.certified_until):
            violations.append(f"the lapse date {caller.certified_until} not in communicate_info")
    return violations


@RULES.each(3, "schedule_maneuver", done=True)
def two_person_rule(step: Step, trace: Trace) -> Iterator[str]:
    approver = step.before.operators[step.arguments["approver_id"]]
    if approver.operator_id == step.arguments["operator_id"]:
        yield "the planner approves their own maneuver"
    if _level(approver, step.before) < 3:
        yield f"approver {approver.operator_id} acts at level {_level(approver, step.before)}"
    index = trace.steps.index(step)
    if not any(
        s.name in ("find_operator", "get_operator") and approver.operator_id in s.observation
        for s in trace.steps[:index]
    ):
        yield f"approver {approver.operator_id} not looked up before planning"


@RULES.each(4, "schedule_maneuver", done=True)
def conjunction_tiers(step: Step, trace: Trace) -> Iterator[str]:
    event_id = step.arguments.get("event_id")
    if event_id is not None and not _is_red(step.before, event_id):
        yield f"a maneuver for {event_id}, Pc {step.before.conjunctions[event_id].pc}"


@RULES.trace(5)
def burn_timing(trace: Trace) -> list[str]:
    violations = []
    for step in trace.done("schedule_maneuver"):
        event_id = step.arguments.get("event_id")
        if event_id is None:
            continue
        latest = _moment(step.before.conjunctions[event_id].tca) - timedelta(hours=LEAD_HOURS)
        if _moment(step.arguments["execute_at"]) > latest:
            violations.append(f"burn at {step.arguments['execute_at']}, less than {LEAD_HOURS} h before TCA")
    for step in trace.done("book_contact"):
        if step.arguments["purpose"] == "maneuver" and not any(
            s.name == "schedule_maneuver" and str(s.arguments.get("booking_id")) in step.observation
            for s in trace.steps
        ):
            violations.append(f"maneuver contact {step.arguments['window_id']} booked with no burn in it")
    return violations


@RULES.each(6, "schedule_maneuver", done=True)
def propellant_reserve(step: Step, trace: Trace) -> Iterator[str]:
    left = step.after.spacecraft[step.arguments["sc_id"]].propellant_kg
    if left < RESERVE_KG:
        yield f"the burn leaves {left} kg"
    if not said(trace, left):
        yield f"the {left} kg left not in communicate_info"


@RULES.trace(7)
def red_conjunction_hand_off(trace: Trace) -> list[str]:
    violations = hand_offs(trace)
    if trace.calls("transfer_to_human_agents") and not (7 in trace.task.policy_rules or 8 in trace.task.policy_rules):
        violations.append("a transfer the manual does not call for")
    return violations


def _open_alarms(db: SpaceDB, sc_id: str, parameter: str | None = None) -> list:
    return [
        a for a in db.alarms.values() if a.sc_id == sc_id and a.status == "open" and parameter in (None, a.parameter)
    ]


@RULES.trace(8)
def red_limits(trace: Trace) -> list[str]:
    violations = []
    for step in trace.done("file_anomaly_report"):
        sc_id = step.arguments["sc_id"]
        if step.arguments["severity"] != "red" or step.before.spacecraft[sc_id].mode == "safe":
            continue
        safed = any(
            s.arguments.get("sc_id") == sc_id and s.arguments.get("mode") == "safe" for s in trace.done("set_mode")
        )
        if not safed and not trace.calls("transfer_to_human_agents"):
            violations.append(f"red report on {sc_id} without safe mode or a hand-off to flight control")
    for step in trace.done("set_mode"):
        if step.arguments["mode"] == "safe" and not any(
            s.arguments["sc_id"] == step.arguments["sc_id"] and s.arguments["severity"] == "red"
            for s in trace.done("file_anomaly_report")
        ):
            violations.append(f"{step.arguments['sc_id']} safed without a red report")
    return violations


@RULES.each(9, "file_anomaly_report", done=True)
def report_severity(step: Step, trace: Trace) -> Iterator[str]:
    levels = {a.level for a in _open_alarms(step.before, step.arguments["sc_id"], step.arguments["parameter"])}
    worst = "red" if "red" in levels else "yellow" if levels else None
    if worst and step.arguments["severity"] != worst:
        yield f"a {step.arguments['severity']} report on a {worst} {step.arguments['parameter']}"
    if step.arguments["severity"] == "yellow" and trace.done("set_mode"):
        yield "a mode change for a yellow limit"


@RULES.trace(10)
def safing_cancels_imaging(trace: Trace) -> list[str]:
    violations: list[str] = []
    if not trace.steps:
        return violations
    end = trace.steps[-1].after
    for step in trace.done("set_mode"):
        sc_id = step.arguments["sc_id"]
        if step.arguments["mode"] == "safe":
            left = [
                r.request_id
                for r in end.imaging_requests.values()
                if r.sc_id == sc_id and r.status in ("pending", "scheduled")
            ]
            if left:
                violations.append(f"{sc_id} safed with imaging {', '.join(left)} still on")
        if step.arguments["mode"] == "nominal" and any(a.level == "red" for a in _open_alarms(step.before, sc_id)):
            violations.append(f"{sc_id} back to nominal with an open red alarm")
    return violations


@RULES.each(11, "acknowledge_alarm", done=True)
def alarms_cite_reports(step: Step, trace: Trace) -> Iterator[str]:
    report_id = step.arguments.get("report_id")
    alarm = step.before.alarms[step.arguments["alarm_id"]]
    if report_id is None:
        yield f"{alarm.alarm_id} acknowledged without a report"
        return
    report = step.before.anomaly_reports[report_id]
    if alarm.level == "red" and report.severity != "red":
        yield f"red {alarm.alarm_id} acknowledged with a yellow report"
    if not said(trace, report_id):
        yield f"report {report_id} not in communicate_info"


@RULES.each(12, "book_contact", done=True)
def elevation(step: Step, trace: Trace) -> Iterator[str]:
    if (elevation := step.before.contact_windows[step.arguments["window_id"]].max_elevation_deg) < MIN_ELEVATION:
        yield f"{step.arguments['window_id']} peaks at {elevation} degrees"


@RULES.each(13, "book_contact", done=True)
def licences(step: Step, trace: Trace) -> Iterator[str]:
    window = step.before.contact_windows[step.arguments["window_id"]]
    plane = step.before.spacecraft[window.sc_id].plane
    if plane not in step.before.ground_stations[window.station_id].licensed_planes:
        yield f"{window.station_id} is not licensed for plane {plane}"


@RULES.each(14, "book_contact", done=True)
def daily_limit(step: Step, trace: Trace) -> Iterator[str]:
    db, window = step.after, step.after.contact_windows[step.arguments["window_id"]]
    count = sum(
        1
        for b in db.bookings.values()
        if b.sc_id == window.sc_id
        and b.status == "active"
        and db.contact_windows[b.window_id].start[:10] == window.start[:10]
    )
    if count > DAILY_CONTACTS:
        yield f"{count} contacts for {window.sc_id} on {window.start[:10]}"


@RULES.each(15, "release_contact", done=True)
def bumping(step: Step, trace: Trace) -> Iterator[str]:
    released = step.before.bookings[step.arguments["booking_id"]]
    for later in trace.done("book_contact"):
        if later.arguments["window_id"] == released.window_id:
            if PRIORITY[later.arguments["purpose"]] <= PRIORITY[released.purpose]:
                yield f"{released.booking_id} ({released.purpose}) bumped for {later.arguments['purpose']}"
            if not said(trace, released.booking_id):
                yield f"bumped booking {released.booking_id} not in communicate_info"


@RULES.each(16, "release_contact", done=True)
def release_lead(step: Step, trace: Trace) -> Iterator[str]:
    window = step.before.contact_windows[step.before.bookings[step.arguments["booking_id"]].window_id]
    if _moment(window.start) - _moment(step.before.now) < timedelta(hours=RELEASE_LEAD_HOURS):
        yield f"{step.arguments['booking_id']} released {window.start}, under {RELEASE_LEAD_HOURS} h ahead"


@RULES.each(17, "schedule_imaging", done=True)
def imaging_conditions(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    request = db.imaging_requests[step.arguments["request_id"]]
    craft = db.spacecraft[request.sc_id] if request.sc_id else None
    window = db.contact_windows[db.bookings[step.arguments["booking_id"]].window_id]
    if request.cloud_forecast_pct > MAX_CLOUD:
        yield f"{request.request_id} with cloud {request.cloud_forecast_pct}%"
    if craft is not None and (craft.battery_soc_pct < MIN_BATTERY or craft.payload_health != "ok"):
        yield f"{request.request_id} on {craft.sc_id} at {craft.battery_soc_pct}% with payload {craft.payload_health}"
    if window.start[:10] > request.needed_by:
        yield f"{request.request_id} comes down {window.start[:10]}, after {request.needed_by}"


def _storm(db: SpaceDB, when: str) -> list[str]:
    moment = _moment(when)
    return [
        b.start
        for b in db.space_weather.values()
        if b.kp >= STORM_KP and abs(_moment(b.start) - moment) <= timedelta(hours=STORM_HOURS)
    ]


@RULES.trace(18)
def storms(trace: Trace) -> list[str]:
    violations = []
    for step in trace.done("schedule_maneuver"):
        if not _is_red(step.before, step.arguments.get("event_id")) and _storm(
            step.before, step.arguments["execute_at"]
        ):
            violations.append(f"a non-essential burn at {step.arguments['execute_at']} in the storm")
    for step in trace.done("schedule_imaging"):
        db = step.before
        start = db.contact_windows[db.bookings[step.arguments["booking_id"]].window_id].start
        if _storm(db, start):
            violations.append(f"imaging down at {start} in the storm")
    return violations


@RULES.trace(19)
def read_back(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, CHANGED_TABLES))

"""The desk manual's numbered rules as checks over a task's gold trace (see gold_trace.py)."""

import json
from typing import Iterator

from taubench.domains.fitness.models import FitnessDB
from taubench.domains.fitness.terms import (
    LATE_CANCEL_HOURS,
    NOTICE_DAYS,
    PT_FORFEIT_HOURS,
    add_days,
    add_months,
    cents,
    day_of,
    days_between,
    early_termination_fee,
    hours_between,
    upgrade_proration,
    week_of,
)
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said

Trace = GoldTrace[FitnessDB]
Step = GoldStep[FitnessDB]

UNSCOPED = (
    "find_member",
    "search_classes",
    "search_routines",
    "get_trainer_schedule",
    "calculate",
    "transfer_to_human_agents",
)
RECORD_TABLES = ("members", "classes", "bookings", "routines", "pt_packages", "pt_sessions")
MEASURE_STEP = {"weight_kg": 2.0, "waist_cm": 3.0}  # the most a measure may move from an entry of the week before
WEEKLY_CAP = {"basic": 4, "plus": 8, "premium": None}
COUNTED = ("booked", "attended", "late_cancel", "no_show")
FREEZE_LEAD_DAYS, MAX_FREEZE_MONTHS, MIN_TERM_LEFT_DAYS = 30, 3, 30
BOOKING_WINDOW_HOURS = 7 * 24
NO_SHOW_DAYS, NO_SHOW_LIMIT, NO_SHOW_BLOCK_DAYS = 30, 3, 7
EXPERIENCED_DAYS, ROUTINE_LEAD_DAYS, BACKDATE_DAYS = 84, 14, 14
WEEKLY_LOSS = 0.01
DISTRESS = ("chest pain", "dizz", "faint")

RULES = RuleBook()
CONVERSATIONAL = {25: "declining comparisons and health judgements is what is (not) said, not tool calls"}


def _today(step: Step) -> str:
    return day_of(step.before.now)


def _member_of(step: Step) -> str | None:
    """The member a call acts on: named, or the holder of the booking, package or session it names."""
    db, arguments = step.before, step.arguments
    if "member_id" in arguments:
        return arguments["member_id"]
    if (booking := db.bookings.get(arguments.get("booking_id", ""))) is not None:
        return booking.member_id
    session = db.pt_sessions.get(arguments.get("session_id", ""))
    package = db.pt_packages.get(session.package_id if session else arguments.get("package_id", ""))
    return package.member_id if package else None


@RULES.trace(1)
def member_verified_first(trace: Trace) -> list[str]:
    """Verified by name and birth date, or by a member number whose full name the member gave."""
    given = trace.task.user_scenario.model_dump_json()

    def identifies(step: Step) -> list[str]:
        if step.name not in ("find_member", "get_member"):
            return []
        member = json.loads(step.observation)
        return [member["member_id"]] if step.name == "find_member" or member["name"] in given else []

    return identified_first(
        trace,
        identifies,
        who="the member",
        concerns=lambda step: (
            [member] if step.name not in UNSCOPED and step.name != "get_member" and (member := _member_of(step)) else []
        ),
    )


@RULES.trace(2)
def own_records_only(trace: Trace) -> list[str]:
    members = {member for step in trace.steps if step.name not in UNSCOPED and (member := _member_of(step))}
    return [f"one conversation acts on several members: {sorted(members)}"] if len(members) > 1 else []


@RULES.trace(3)
def changes_read_back(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, RECORD_TABLES))


@RULES.trace(4)
def no_training_after_distress(trace: Trace) -> list[str]:
    text = trace.task.user_scenario.model_dump_json().lower()
    if not any(word in text for word in DISTRESS):
        return []
    return [
        f"{step.name} after the member reported symptoms"
        for step in trace.writes
        if step.name in ("assign_routine", "set_goal", "book_class", "book_pt_session")
    ]


@RULES.each(5, "change_tier", done=True)
def tier_changes(step: Step, trace: Trace) -> Iterator[str]:
    member = step.before.members[step.arguments["member_id"]]
    if member.status != "active" or member.cancel_effective:
        yield f"tier change for a {member.status} membership (notice: {member.cancel_effective})"
    order = ("basic", "plus", "premium")
    if order.index(step.arguments["tier"]) > order.index(member.tier):
        charge = upgrade_proration(member.tier, step.arguments["tier"], _today(step), member.next_billing_date)
        if not said(trace, charge):
            yield f"upgrade charge {charge:.2f} not in communicate_info"


@RULES.each(6, "freeze_membership", done=True)
def freeze_terms(step: Step, trace: Trace) -> Iterator[str]:
    member, start = step.before.members[step.arguments["member_id"]], step.arguments["start_date"]
    if not 1 <= step.arguments["months"] <= MAX_FREEZE_MONTHS:
        yield f"freeze of {step.arguments['months']} months"
    if not _today(step) <= start <= add_days(_today(step), FREEZE_LEAD_DAYS):
        yield f"freeze starting {start}"
    if any(freeze.start_date > add_months(start, -12) for freeze in member.freezes):
        yield f"second freeze within 12 months for {member.member_id}"
    if member.contract_end and days_between(start, member.contract_end) < MIN_TERM_LEFT_DAYS:
        yield f"freeze with the term ending {member.contract_end}"


@RULES.each(7, "freeze_membership", done=True)
def freeze_clears_bookings(step: Step, trace: Trace) -> Iterator[str]:
    member_id, start = step.arguments["member_id"], step.arguments["start_date"]
    end, db = add_months(start, step.arguments["months"]), step.before
    yield from (
        f"{booking.booking_id} left inside the freeze"
        for booking in db.bookings.values()
        if booking.member_id == member_id
        and booking.status in ("booked", "waitlisted")
        and start <= day_of(booking.class_start) < end
    )
    yield from (
        f"{session.session_id} left inside the freeze"
        for session in db.pt_sessions.values()
        if session.status == "booked"
        and db.pt_packages[session.package_id].member_id == member_id
        and start <= day_of(session.slot) < end
    )


RULES.trace(8)(hand_offs)


@RULES.each(9, "cancel_membership", done=True)
def cancellation_terms(step: Step, trace: Trace) -> Iterator[str]:
    member = step.before.members[step.arguments["member_id"]]
    effective = add_days(_today(step), NOTICE_DAYS)
    if effective not in trace.task.communicate_info:
        yield f"effective date {effective} not in communicate_info"
    if member.contract == "annual" and member.contract_end:
        fee = early_termination_fee(member.monthly_dues, member.next_billing_date, effective, member.contract_end)
        if fee and not said(trace, fee):
            yield f"early-termination fee {fee:.2f} not in communicate_info"


def _frozen_on(step: Step, member_id: str, day: str) -> bool:
    member = step.before.members[member_id]
    return any(freeze.start_date <= day < freeze.end_date for freeze in member.freezes) or (
        member.cancel_effective is not None and day >= member.cancel_effective
    )


@RULES.trace(10)
def booking_window(trace: Trace) -> list[str]:
    violations = []
    for step in trace.done("book_class"):
        gym_class = step.before.classes[step.arguments["class_id"]]
        if hours_between(step.before.now, gym_class.start) > BOOKING_WINDOW_HOURS:
            violations.append(f"{gym_class.class_id} booked before its booking opened")
        if _frozen_on(step, step.arguments["member_id"], day_of(gym_class.start)):
            violations.append(f"{gym_class.class_id} booked inside a freeze or after notice")
    for step in trace.done("book_pt_session"):
        member_id = step.before.pt_packages[step.arguments["package_id"]].member_id
        if _frozen_on(step, member_id, day_of(step.arguments["slot"])):
            violations.append(f"session {step.arguments['slot']} booked inside a freeze")
    return violations


@RULES.each(11, "book_class", done=True)
def weekly_caps(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments.get("waitlist"):
        return
    member = step.before.members[step.arguments["member_id"]]
    cap = WEEKLY_CAP[member.tier]
    monday, sunday = week_of(day_of(step.before.classes[step.arguments["class_id"]].start))
    held = sum(
        booking.member_id == member.member_id
        and booking.status in COUNTED
        and monday <= day_of(booking.class_start) <= sunday
        for booking in step.before.bookings.values()
    )
    if cap is not None and held >= cap:
        yield f"{member.tier} member booked a class with {held} that week"


@RULES.each(12, "cancel_class_booking", done=True)
def late_cancellations(step: Step, trace: Trace) -> Iterator[str]:
    booking = step.before.bookings[step.arguments["booking_id"]]
    late = booking.status == "booked" and hours_between(step.before.now, booking.class_start) < LATE_CANCEL_HOURS
    if late and not said(trace, 10.0):
        yield f"late-cancellation fee of {booking.booking_id} not in communicate_info"


@RULES.each(13, "book_class", done=True)
def full_classes(step: Step, trace: Trace) -> Iterator[str]:
    if not step.arguments.get("waitlist"):
        return
    full = step.before.classes[step.arguments["class_id"]]
    for other in step.before.classes.values():
        if (other.club_id, other.class_type, day_of(other.start)) == (
            full.club_id,
            full.class_type,
            day_of(full.start),
        ) and other.start > full.start:
            taken = sum(b.class_id == other.class_id and b.status == "booked" for b in step.before.bookings.values())
            if taken < other.capacity:
                yield f"waitlist on {full.class_id} while {other.class_id} later that day had places"


@RULES.each(14, "book_class", done=True)
def no_show_block(step: Step, trace: Trace) -> Iterator[str]:
    today = _today(step)
    missed = sorted(
        day_of(booking.class_start)
        for booking in step.before.bookings.values()
        if booking.member_id == step.arguments["member_id"]
        and booking.status == "no_show"
        and add_days(today, -NO_SHOW_DAYS) <= day_of(booking.class_start) < today
    )
    if len(missed) >= NO_SHOW_LIMIT and today <= add_days(missed[-1], NO_SHOW_BLOCK_DAYS):
        yield f"class booked with {len(missed)} no-shows, the latest {missed[-1]}"


@RULES.each(15, "assign_routine", done=True)
def routine_levels(step: Step, trace: Trace) -> Iterator[str]:
    member, routine = (
        step.before.members[step.arguments["member_id"]],
        step.before.routines[step.arguments["routine_id"]],
    )
    if routine.level == "beginner":
        return
    experienced = member.logging_since is not None and member.logging_since <= add_days(_today(step), -EXPERIENCED_DAYS)
    cleared = member.physician_clearance or not (member.parq_yes or member.injuries)
    if not (experienced and cleared):
        yield f"{routine.level} routine {routine.routine_id} for {member.member_id}"


@RULES.each(16, "assign_routine", done=True)
def contraindications(step: Step, trace: Trace) -> Iterator[str]:
    member, routine = (
        step.before.members[step.arguments["member_id"]],
        step.before.routines[step.arguments["routine_id"]],
    )
    if set(routine.contraindications) & set(member.injuries) or ("knee" in member.injuries and routine.plyometric):
        yield f"{routine.routine_id} given to a member with {member.injuries}"


@RULES.each(17, "assign_routine", done=True)
def routine_start(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["start_date"] > add_days(_today(step), ROUTINE_LEAD_DAYS):
        yield f"routine starting {step.arguments['start_date']}"


@RULES.each(18, "log_activity", done=True)
def logging_window(step: Step, trace: Trace) -> Iterator[str]:
    if not add_days(_today(step), -BACKDATE_DAYS) <= step.arguments["date"] <= _today(step):
        yield f"activity logged for {step.arguments['date']}"


@RULES.trace(19)
def figures_said(trace: Trace) -> list[str]:
    if 19 in trace.task.policy_rules and not trace.task.communicate_info:
        return ["a task on figures from the log with no figure to say"]
    return []


@RULES.each(20, "set_goal", done=True)
def weight_goals(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["metric"] != "body_weight_kg":
        return
    weight = step.before.members[step.arguments["member_id"]].weight_kg
    weeks = days_between(_today(step), step.arguments["deadline"]) // 7
    if step.arguments["target"] < round(weight * (1 - WEEKLY_LOSS * weeks), 2) - 1e-9:
        yield f"weight goal {step.arguments['target']} from {weight} in {weeks} weeks"


@RULES.each(21, "book_pt_session", done=True)
def pt_bookings(step: Step, trace: Trace) -> Iterator[str]:
    if hours_between(step.before.now, step.arguments["slot"]) < PT_FORFEIT_HOURS:
        yield f"session {step.arguments['slot']} booked less than 24 hours ahead"


@RULES.each(22, "cancel_pt_session", done=True)
def pt_cancellations(step: Step, trace: Trace) -> Iterator[str]:
    if json.loads(step.observation)["status"] == "forfeited" and "forfeited" not in trace.task.communicate_info:
        yield f"{step.arguments['session_id']} forfeited without saying so"


@RULES.each(23, "log_measurement", done=True)
def measurements_logged(step: Step, trace: Trace) -> Iterator[str]:
    """Within the back-dating window, and no further from the week's latest entry than a body moves."""
    day = step.arguments["date"]
    if not add_days(_today(step), -BACKDATE_DAYS) <= day <= _today(step):
        yield f"measurement logged for {day}"
    week = sorted(
        (
            m
            for m in step.before.measurements.values()
            if m.member_id == step.arguments["member_id"] and add_days(day, -7) <= m.date < day
        ),
        key=lambda m: (m.date, m.measurement_id),
    )
    for measure, most in MEASURE_STEP.items():
        value, latest = (
            step.arguments.get(measure),
            [getattr(m, measure) for m in week if getattr(m, measure) is not None],
        )
        if value is not None and latest and abs(value - latest[-1]) > most + 1e-9:
            yield f"{measure} {value} logged {abs(value - latest[-1]):.1f} away from the week's {latest[-1]}"


@RULES.trace(24)
def progress_said(trace: Trace) -> list[str]:
    """A progress question is answered with a figure of the period (each measure's last read:
    earlier ones may only look up last week's entry): its change or weekly average, or with
    fewer than two entries the latest entry's date."""
    if 24 not in trace.task.policy_rules:
        return []
    violations = []
    last_reads = {step.arguments["measure"]: step for step in trace.done("get_progress_summary")}
    for step in last_reads.values():
        summary = json.loads(step.observation)
        entries = summary["entries"]
        if len(entries) >= 2:
            change = abs(entries[-1]["value"] - entries[0]["value"])
            figures = [round(change, 1)] + (
                [cents(change * 7 / summary["days_spanned"])] if summary["days_spanned"] else []
            )
        else:
            figures = [entries[-1]["date"]] if entries else []
        if figures and not any(said(trace, figure) for figure in figures):
            violations.append(f"{summary['measure']} progress from {summary['date_from']} with none of {figures} said")
    return violations

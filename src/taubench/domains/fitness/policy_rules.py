"""The desk manual's numbered rules as checks over a task's gold trace (see gold_trace.py)."""

import json

from taubench.domains.fitness.terms import (
    LATE_CANCEL_HOURS, NOTICE_DAYS, PT_FORFEIT_HOURS, add_days, add_months, cents, day_of, days_between,
    early_termination_fee, hours_between, upgrade_proration, week_of,
)  # fmt: skip
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import hand_offs, identified_first, looked_up_before_change, records_named, said

UNSCOPED = ("find_member", "search_classes", "search_routines", "get_trainer_schedule", "calculate", "transfer_to_human_agents")
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


def _today(step: GoldStep) -> str:
    return day_of(step.before.now)


def _member_of(step: GoldStep) -> str | None:
    """The member a call acts on: named, or the holder of the booking, package or session it names."""
    db, arguments = step.before, step.arguments
    if "member_id" in arguments:
        return arguments["member_id"]
    if (booking := db.bookings.get(arguments.get("booking_id"))) is not None:
        return booking.member_id
    session = db.pt_sessions.get(arguments.get("session_id"))
    package = db.pt_packages.get(session.package_id if session else arguments.get("package_id"))
    return package.member_id if package else None


def member_verified_first(trace: GoldTrace) -> list[str]:
    """Verified by name and birth date, or by a member number whose full name the member gave."""
    given = trace.task.user_scenario.model_dump_json()

    def identifies(step: GoldStep) -> list[str]:
        if step.name not in ("find_member", "get_member"):
            return []
        member = json.loads(step.observation)
        return [member["member_id"]] if step.name == "find_member" or member["name"] in given else []

    return identified_first(
        trace, identifies, who="the member",
        concerns=lambda step: [member] if step.name not in UNSCOPED and step.name != "get_member"
        and (member := _member_of(step)) else [],
    )  # fmt: skip


def changes_read_back(trace: GoldTrace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, RECORD_TABLES))


def own_records_only(trace: GoldTrace) -> list[str]:
    members = {_member_of(step) for step in trace.steps if step.name not in UNSCOPED and _member_of(step)}
    return [f"one conversation acts on several members: {sorted(members)}"] if len(members) > 1 else []


def no_training_after_distress(trace: GoldTrace) -> list[str]:
    text = trace.task.user_scenario.model_dump_json().lower()
    if not any(word in text for word in DISTRESS):
        return []
    return [f"{step.name} after the member reported symptoms" for step in trace.writes
            if step.name in ("assign_routine", "set_goal", "book_class", "book_pt_session")]  # fmt: skip


def tier_changes(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("change_tier"):
        member = step.before.members[step.arguments["member_id"]]
        if member.status != "active" or member.cancel_effective:
            violations.append(f"tier change for a {member.status} membership (notice: {member.cancel_effective})")
        order = ("basic", "plus", "premium")
        if order.index(step.arguments["tier"]) > order.index(member.tier):
            charge = upgrade_proration(member.tier, step.arguments["tier"], _today(step), member.next_billing_date)
            if not said(trace, charge):
                violations.append(f"upgrade charge {charge:.2f} not in communicate_info")
    return violations


def freeze_terms(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("freeze_membership"):
        member, start = step.before.members[step.arguments["member_id"]], step.arguments["start_date"]
        if not 1 <= step.arguments["months"] <= MAX_FREEZE_MONTHS:
            violations.append(f"freeze of {step.arguments['months']} months")
        if not _today(step) <= start <= add_days(_today(step), FREEZE_LEAD_DAYS):
            violations.append(f"freeze starting {start}")
        if any(freeze.start_date > add_months(start, -12) for freeze in member.freezes):
            violations.append(f"second freeze within 12 months for {member.member_id}")
        if member.contract_end and days_between(start, member.contract_end) < MIN_TERM_LEFT_DAYS:
            violations.append(f"freeze with the term ending {member.contract_end}")
    return violations


def freeze_clears_bookings(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("freeze_membership"):
        member_id, start = step.arguments["member_id"], step.arguments["start_date"]
        end, db = add_months(start, step.arguments["months"]), step.before
        violations += [f"{booking.booking_id} left inside the freeze" for booking in db.bookings.values()
                       if booking.member_id == member_id and booking.status in ("booked", "waitlisted")
                       and start <= day_of(booking.class_start) < end]  # fmt: skip
        violations += [f"{session.session_id} left inside the freeze" for session in db.pt_sessions.values()
                       if session.status == "booked" and db.pt_packages[session.package_id].member_id == member_id
                       and start <= day_of(session.slot) < end]  # fmt: skip
    return violations


def cancellation_terms(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("cancel_membership"):
        member = step.before.members[step.arguments["member_id"]]
        effective = add_days(_today(step), NOTICE_DAYS)
        if effective not in trace.task.communicate_info:
            violations.append(f"effective date {effective} not in communicate_info")
        if member.contract == "annual" and member.contract_end:
            fee = early_termination_fee(member.monthly_dues, member.next_billing_date, effective, member.contract_end)
            if fee and not said(trace, fee):
                violations.append(f"early-termination fee {fee:.2f} not in communicate_info")
    return violations


def _frozen_on(step: GoldStep, member_id: str, day: str) -> bool:
    member = step.before.members[member_id]
    return any(freeze.start_date <= day < freeze.end_date for freeze in member.freezes) or (
        member.cancel_effective is not None and day >= member.cancel_effective
    )


def booking_window(trace: GoldTrace) -> list[str]:
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


def weekly_caps(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("book_class"):
        if step.arguments.get("waitlist"):
            continue
        member = step.before.members[step.arguments["member_id"]]
        cap = WEEKLY_CAP[member.tier]
        monday, sunday = week_of(day_of(step.before.classes[step.arguments["class_id"]].start))
        held = sum(booking.member_id == member.member_id and booking.status in COUNTED
                   and monday <= day_of(booking.class_start) <= sunday for booking in step.before.bookings.values())  # fmt: skip
        if cap is not None and held >= cap:
            violations.append(f"{member.tier} member booked a class with {held} that week")
    return violations


def late_cancellations(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("cancel_class_booking"):
        booking = step.before.bookings[step.arguments["booking_id"]]
        late = booking.status == "booked" and hours_between(step.before.now, booking.class_start) < LATE_CANCEL_HOURS
        if late and not said(trace, 10.0):
            violations.append(f"late-cancellation fee of {booking.booking_id} not in communicate_info")
    return violations


def full_classes(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("book_class"):
        if not step.arguments.get("waitlist"):
            continue
        full = step.before.classes[step.arguments["class_id"]]
        for other in step.before.classes.values():
            if (other.club_id, other.class_type, day_of(other.start)) == (full.club_id, full.class_type, day_of(full.start)) \
                    and other.start > full.start:
                taken = sum(b.class_id == other.class_id and b.status == "booked" for b in step.before.bookings.values())
                if taken < other.capacity:
                    violations.append(f"waitlist on {full.class_id} while {other.class_id} later that day had places")
    return violations


def no_show_block(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("book_class"):
        today = _today(step)
        missed = sorted(day_of(booking.class_start) for booking in step.before.bookings.values()
                        if booking.member_id == step.arguments["member_id"] and booking.status == "no_show"
                        and add_days(today, -NO_SHOW_DAYS) <= day_of(booking.class_start) < today)  # fmt: skip
        if len(missed) >= NO_SHOW_LIMIT and today <= add_days(missed[-1], NO_SHOW_BLOCK_DAYS):
            violations.append(f"class booked with {len(missed)} no-shows, the latest {missed[-1]}")
    return violations


def routine_levels(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("assign_routine"):
        member, routine = step.before.members[step.arguments["member_id"]], step.before.routines[step.arguments["routine_id"]]
        if routine.level == "beginner":
            continue
        experienced = member.logging_since is not None and member.logging_since <= add_days(_today(step), -EXPERIENCED_DAYS)
        cleared = member.physician_clearance or not (member.parq_yes or member.injuries)
        if not (experienced and cleared):
            violations.append(f"{routine.level} routine {routine.routine_id} for {member.member_id}")
    return violations


def contraindications(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("assign_routine"):
        member, routine = step.before.members[step.arguments["member_id"]], step.before.routines[step.arguments["routine_id"]]
        if set(routine.contraindications) & set(member.injuries) or ("knee" in member.injuries and routine.plyometric):
            violations.append(f"{routine.routine_id} given to a member with {member.injuries}")
    return violations


def routine_start(trace: GoldTrace) -> list[str]:
    return [f"routine starting {step.arguments['start_date']}" for step in trace.done("assign_routine")
            if step.arguments["start_date"] > add_days(_today(step), ROUTINE_LEAD_DAYS)]  # fmt: skip


def logging_window(trace: GoldTrace) -> list[str]:
    return [f"activity logged for {step.arguments['date']}" for step in trace.done("log_activity")
            if not add_days(_today(step), -BACKDATE_DAYS) <= step.arguments["date"] <= _today(step)]  # fmt: skip


def figures_said(trace: GoldTrace) -> list[str]:
    if 19 in trace.task.policy_rules and not trace.task.communicate_info:
        return ["a task on figures from the log with no figure to say"]
    return []


def weight_goals(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("set_goal"):
        if step.arguments["metric"] != "body_weight_kg":
            continue
        weight = step.before.members[step.arguments["member_id"]].weight_kg
        weeks = days_between(_today(step), step.arguments["deadline"]) // 7
        if step.arguments["target"] < round(weight * (1 - WEEKLY_LOSS * weeks), 2) - 1e-9:
            violations.append(f"weight goal {step.arguments['target']} from {weight} in {weeks} weeks")
    return violations


def pt_bookings(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.done("book_pt_session"):
        if hours_between(step.before.now, step.arguments["slot"]) < PT_FORFEIT_HOURS:
            violations.append(f"session {step.arguments['slot']} booked less than 24 hours ahead")
    return violations


def pt_cancellations(trace: GoldTrace) -> list[str]:
    return [f"{step.arguments['session_id']} forfeited without saying so" for step in trace.done("cancel_pt_session")
            if json.loads(step.observation)["status"] == "forfeited"
            and "forfeited" not in trace.task.communicate_info]  # fmt: skip


def measurements_logged(trace: GoldTrace) -> list[str]:
    """Within the back-dating window, and no further from the week's latest entry than a body moves."""
    violations = []
    for step in trace.done("log_measurement"):
        day = step.arguments["date"]
        if not add_days(_today(step), -BACKDATE_DAYS) <= day <= _today(step):
            violations.append(f"measurement logged for {day}")
        week = sorted((m for m in step.before.measurements.values()
                       if m.member_id == step.arguments["member_id"] and add_days(day, -7) <= m.date < day),
                      key=lambda m: (m.date, m.measurement_id))  # fmt: skip
        for measure, most in MEASURE_STEP.items():
            value, latest = step.arguments.get(measure), [getattr(m, measure) for m in week if getattr(m, measure) is not None]
            if value is not None and latest and abs(value - latest[-1]) > most + 1e-9:
                violations.append(f"{measure} {value} logged {abs(value - latest[-1]):.1f} away from the week's {latest[-1]}")
    return violations


def progress_said(trace: GoldTrace) -> list[str]:
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
            figures = [round(change, 1)] + ([cents(change * 7 / summary["days_spanned"])] if summary["days_spanned"] else [])
        else:
            figures = [entries[-1]["date"]] if entries else []
        if figures and not any(said(trace, figure) for figure in figures):
            violations.append(f"{summary['measure']} progress from {summary['date_from']} with none of {figures} said")
    return violations


RULES = {
    1: member_verified_first,
    2: own_records_only,
    3: changes_read_back,
    4: no_training_after_distress,
    5: tier_changes,
    6: freeze_terms,
    7: freeze_clears_bookings,
    8: hand_offs,
    9: cancellation_terms,
    10: booking_window,
    11: weekly_caps,
    12: late_cancellations,
    13: full_classes,
    14: no_show_block,
    15: routine_levels,
    16: contraindications,
    17: routine_start,
    18: logging_window,
    19: figures_said,
    20: weight_goals,
    21: pt_bookings,
    22: pt_cancellations,
    23: measurements_logged,
    24: progress_said,
}
CONVERSATIONAL = {25: "declining comparisons and health judgements is what is (not) said, not tool calls"}

"""The Brightline Events desk policy's numbered rules as checks over a task's gold trace."""

import json
import math
from datetime import date, datetime

from taubench.domains.events.models import Event, EventsDB, Registration
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import hand_offs, identified_first, looked_up_before_change, records_named, said

PROCESSING_FEE = 10.0
TRANSFER_CUTOFF_HOURS = 72
MAX_WORKSHOPS_PER_DAY = 2
ASL_NOTICE_DAYS = 7
HOLD_HEADROOM = 1.1
MAX_ACTIVE_HOLDS = 3
DEPOSIT_SHARE = 0.25
MARKETING_GAP_DAYS = 7
MAX_GROUP = 50
GROUP_MINIMUM = 10
REGISTRATION_TOOLS = ("cancel_registration", "transfer_ticket", "change_ticket_type", "enroll_session", "drop_session",
                      "join_waitlist", "request_accommodation")  # fmt: skip
ORGANIZER_TOOLS = ("hold_room", "release_hold", "confirm_hold", "send_announcement")
READ_BACK_TABLES = ("registrations", "sessions", "holds", "events")  # what a change is read back as


def _registration(step: GoldStep) -> Registration | None:
    return step.before.registrations.get(step.arguments.get("registration_id"))


def _event_of(step: GoldStep) -> Event | None:
    db: EventsDB = step.before
    if "event_id" in step.arguments:
        return db.events.get(step.arguments["event_id"])
    if "hold_id" in step.arguments and step.arguments["hold_id"] in db.holds:
        return db.events[db.holds[step.arguments["hold_id"]].event_id]
    registration = _registration(step)
    return db.events[registration.event_id] if registration else None


def _days_before(db: EventsDB, event: Event) -> int:
    return (date.fromisoformat(event.start[:10]) - date.fromisoformat(db.now[:10])).days


def _hours_before(db: EventsDB, event: Event) -> float:
    return (datetime.fromisoformat(event.start) - datetime.fromisoformat(db.now)).total_seconds() / 3600


def _paid(registration: Registration) -> float:
    return round(registration.price_paid_per_ticket * registration.quantity + registration.fees_paid_total, 2)


def _account_of(step: GoldStep) -> list[str]:
    """The attendee account a call acts on: named, or the buyer of the registration it names."""
    if step.name in ("buy_tickets", "get_attendee"):
        return [step.arguments["attendee_id"]]
    registration = _registration(step) if step.name in REGISTRATION_TOOLS else None
    return [registration.attendee_id] if registration else []


def attendee_identified(trace: GoldTrace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: [json.loads(step.observation)["attendee_id"]] if step.name == "find_registration" else [],
        concerns=_account_of,
        who="the attendee",
    )


def organizer_on_own_events(trace: GoldTrace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: [step.arguments["organizer_id"]] if step.name == "verify_organizer" else [],
        concerns=lambda step: [event.organizer_id] if step.name in ORGANIZER_TOOLS and (event := _event_of(step)) else [],
        who="the event's organizer",
    )


def chargeback_frozen(trace: GoldTrace) -> list[str]:
    return [f"{step.name} on {registration.registration_id}, which has an open chargeback" for step in trace.writes
            if (registration := _registration(step)) and registration.chargeback_open]  # fmt: skip


def refund_tiers(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("cancel_registration"):
        registration, event = _registration(step), _event_of(step)
        if event.status in ("cancelled", "postponed"):
            continue
        days, price = _days_before(step.before, event), registration.price_paid_per_ticket * registration.quantity
        due = price - PROCESSING_FEE * registration.quantity if days >= 30 else price / 2 if days >= 14 else 0.0
        if abs(step.arguments["refund_amount"] - round(due, 2)) > 0.005:
            violations.append(f"refund {step.arguments['refund_amount']} {days} days out, policy gives {round(due, 2)}")
        elif due and not said(trace, round(due, 2)):
            violations.append(f"refund {round(due, 2)} not in communicate_info")
    return violations


def organizer_cancelled_in_full(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("cancel_registration"):
        registration, event = _registration(step), _event_of(step)
        if event.status in ("cancelled", "postponed"):
            if abs(step.arguments["refund_amount"] - _paid(registration)) > 0.005:
                amount = step.arguments["refund_amount"]
                violations.append(f"refund {amount} of a {event.status} event, not {_paid(registration)}")
            elif not said(trace, _paid(registration)):
                violations.append(f"full refund {_paid(registration)} not in communicate_info")
    return violations


def fees_kept(trace: GoldTrace) -> list[str]:
    return [f"refund {step.arguments['refund_amount']} includes service fees" for step in trace.calls("cancel_registration")
            if _event_of(step).status not in ("cancelled", "postponed")
            and step.arguments["refund_amount"] > (r := _registration(step)).price_paid_per_ticket * r.quantity]  # fmt: skip


def transfer_window(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("transfer_ticket"):
        registration, event = _registration(step), _event_of(step)
        if _hours_before(step.before, event) < TRANSFER_CUTOFF_HOURS:
            violations.append(f"transfer of {registration.registration_id} less than 72 hours before the start")
        if registration.transfers_used:
            violations.append(f"second transfer of {registration.registration_id}")
    return violations


def ticket_change_window(trace: GoldTrace) -> list[str]:
    return [f"change_ticket_type less than 72 hours before {event.event_id}" for step in trace.calls("change_ticket_type")
            if _hours_before(step.before, event := _event_of(step)) < TRANSFER_CUTOFF_HOURS]  # fmt: skip


def lowest_discount(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("buy_tickets"):
        event = _event_of(step)
        ticket = next(t for t in event.ticket_types if t.name == step.arguments["ticket_type"])
        today = step.before.now[:10]
        options = [ticket.early_bird_price if ticket.early_bird_end and today <= ticket.early_bird_end else ticket.price]
        if step.arguments["quantity"] >= GROUP_MINIMUM:
            options.append(round(ticket.price * 0.85, 2))
        charged = json.loads(step.observation)["price_paid_per_ticket"]
        if charged > min(options):
            violations.append(f"buy_tickets at {charged} per ticket when {min(options)} was available")
        if not said(trace, round(charged * step.arguments["quantity"] + event.service_fee * step.arguments["quantity"], 2)):
            violations.append("the order's total is not in communicate_info")
    return violations


def group_size(trace: GoldTrace) -> list[str]:
    return [f"buy_tickets of {step.arguments['quantity']} tickets, above the group desk's limit"
            for step in trace.calls("buy_tickets")
            if step.arguments["quantity"] > MAX_GROUP]  # fmt: skip


def event_status(trace: GoldTrace) -> list[str]:
    return [f"{step.name} on a registration of a {event.status} event" for step in trace.writes
            if step.name in REGISTRATION_TOOLS and step.name != "cancel_registration"
            and (event := _event_of(step)) and event.status in ("completed", "cancelled")]  # fmt: skip


def session_limits(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("enroll_session"):
        sessions = [step.after.sessions[s] for s in step.after.registrations[step.arguments["registration_id"]].sessions]
        for day in {session.day for session in sessions}:
            that_day = sorted((s for s in sessions if s.day == day), key=lambda s: s.start)
            if sum(s.kind == "workshop" for s in that_day) > MAX_WORKSHOPS_PER_DAY:
                violations.append(f"more than 2 workshops on {day}")
            violations += [f"{a.session_id} overlaps {b.session_id}" for a, b in zip(that_day, that_day[1:]) if b.start < a.end]
    return violations


def vip_sessions(trace: GoldTrace) -> list[str]:
    return [f"enrolled a {registration.ticket_type} ticket in VIP-only {step.arguments['session_id']}"
            for step in trace.calls("enroll_session")
            if step.before.sessions[step.arguments["session_id"]].vip_only
            and (registration := _registration(step)).ticket_type != "vip"]  # fmt: skip


def repeat_before_waitlist(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("join_waitlist"):
        full, quantity = step.before.sessions[step.arguments["session_id"]], _registration(step).quantity
        repeats = [s.session_id for s in step.before.sessions.values()
                   if s.event_id == full.event_id and s.title == full.title and s.enrolled + quantity <= s.capacity]  # fmt: skip
        if repeats:
            violations.append(f"waitlisted for {full.session_id} while its repeat {repeats[0]} has a seat")
    return violations


def asl_notice(trace: GoldTrace) -> list[str]:
    return [f"ASL interpreter requested {days} days before the event" for step in trace.calls("request_accommodation")
            if step.arguments["kind"] == "asl_interpreter" and (days := _days_before(step.before,
                _event_of(step))) < ASL_NOTICE_DAYS]  # fmt: skip


def hold_rules(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("hold_room"):
        event, room = _event_of(step), step.before.rooms[step.arguments["room_id"]]
        needed = math.ceil(event.expected_attendance * HOLD_HEADROOM - 1e-9)
        if room.capacity < needed:
            violations.append(f"held {room.room_id} seating {room.capacity}, below {needed}")
        active = [h for h in step.before.holds.values() if h.event_id == event.event_id and h.status in ("held", "confirmed")]
        if len(active) >= MAX_ACTIVE_HOLDS:
            violations.append(f"a fourth active hold for {event.event_id}")
        if not said(trace, round(json.loads(step.observation)["total_rate"] * DEPOSIT_SHARE, 2)):
            violations.append("the hold's deposit is not in communicate_info")
    return violations


def hold_confirmation(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("confirm_hold"):
        hold = step.before.holds[step.arguments["hold_id"]]
        event, room = step.before.events[hold.event_id], step.before.rooms[hold.room_id]
        needed = math.ceil(event.expected_attendance * HOLD_HEADROOM - 1e-9)
        if room.capacity < needed:
            violations.append(f"confirmed {hold.hold_id} of {room.room_id} seating {room.capacity}, below {needed}")
        if hold.status != "held" or hold.expires <= step.before.now:
            violations.append(f"confirmed {hold.hold_id}, {hold.status} until {hold.expires}")
        deposit = round(hold.total_rate * DEPOSIT_SHARE, 2)
        if abs(step.arguments["deposit"] - deposit) > 0.005:
            violations.append(f"deposit {step.arguments['deposit']} for {hold.hold_id}, policy gives {deposit}")
        elif not said(trace, deposit):
            violations.append(f"the deposit {deposit} is not in communicate_info")
    return violations


def read_back_first(trace: GoldTrace) -> list[str]:
    """The checkable half of rule 3: the records a write names were shown before it."""
    return looked_up_before_change(trace, lambda step: records_named(step, READ_BACK_TABLES))


def marketing_gap(trace: GoldTrace) -> list[str]:
    violations = []
    today = date.fromisoformat(trace.steps[0].before.now[:10]) if trace.steps else None
    for step in trace.calls("send_announcement"):
        if step.arguments["kind"] != "marketing":
            continue
        recent = [a.sent for a in step.before.announcements.values() if a.event_id == step.arguments["event_id"]
                  and a.kind == "marketing" and (today - date.fromisoformat(a.sent)).days < MARKETING_GAP_DAYS]  # fmt: skip
        if recent:
            violations.append(f"marketing for {step.arguments['event_id']} with one sent on {recent[0]}")
    return violations


RULES = {
    1: attendee_identified,
    2: organizer_on_own_events,
    3: read_back_first,
    4: chargeback_frozen,
    5: refund_tiers,
    6: organizer_cancelled_in_full,
    7: fees_kept,
    8: transfer_window,
    9: ticket_change_window,
    10: lowest_discount,
    11: group_size,
    12: event_status,
    13: session_limits,
    14: vip_sessions,
    15: repeat_before_waitlist,
    16: asl_notice,
    17: hold_rules,
    18: hold_confirmation,
    19: marketing_gap,
    20: hand_offs,
}
CONVERSATIONAL: dict[int, str] = {}

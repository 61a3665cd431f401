"""The Brightline Events desk policy's numbered rules as checks over a task's gold trace."""

import json
import math
from datetime import date, datetime
from typing import Iterator

from taubench.domains.events.models import Event, EventsDB, Registration
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said

Trace = GoldTrace[EventsDB]
Step = GoldStep[EventsDB]

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
REGISTRATION_TOOLS = (
    "cancel_registration",
    "transfer_ticket",
    "change_ticket_type",
    "enroll_session",
    "drop_session",
    "join_waitlist",
    "request_accommodation",
)
ORGANIZER_TOOLS = ("hold_room", "release_hold", "confirm_hold", "send_announcement")
READ_BACK_TABLES = ("registrations", "sessions", "holds", "events")  # what a change is read back as

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def _registration(step: Step) -> Registration | None:
    return step.before.registrations.get(step.arguments.get("registration_id", ""))


def _event_of(step: Step) -> Event | None:
    db = step.before
    if "event_id" in step.arguments:
        return db.events.get(step.arguments["event_id"])
    if "hold_id" in step.arguments and step.arguments["hold_id"] in db.holds:
        return db.events[db.holds[step.arguments["hold_id"]].event_id]
    registration = _registration(step)
    return db.events[registration.event_id] if registration else None


def _the_registration(step: Step) -> Registration:
    """The registration a call names, where its tool takes one: no gold call names a missing one."""
    registration = _registration(step)
    assert registration is not None, f"{step.name} names no registration"
    return registration


def _the_event(step: Step) -> Event:
    """The event a call concerns, where its tool takes one: no gold call names a missing one."""
    event = _event_of(step)
    assert event is not None, f"{step.name} concerns no event"
    return event


def _days_before(db: EventsDB, event: Event) -> int:
    return (date.fromisoformat(event.start[:10]) - date.fromisoformat(db.now[:10])).days


def _hours_before(db: EventsDB, event: Event) -> float:
    return (datetime.fromisoformat(event.start) - datetime.fromisoformat(db.now)).total_seconds() / 3600


def _paid(registration: Registration) -> float:
    return round(registration.price_paid_per_ticket * registration.quantity + registration.fees_paid_total, 2)


def _account_of(step: Step) -> list[str]:
    """The attendee account a call acts on: named, or the buyer of the registration it names."""
    if step.name in ("buy_tickets", "get_attendee"):
        return [step.arguments["attendee_id"]]
    registration = _registration(step) if step.name in REGISTRATION_TOOLS else None
    return [registration.attendee_id] if registration else []


@RULES.trace(1)
def attendee_identified(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: (
            [json.loads(step.observation)["attendee_id"]] if step.name == "find_registration" else []
        ),
        concerns=_account_of,
        who="the attendee",
    )


@RULES.trace(2)
def organizer_on_own_events(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: [step.arguments["organizer_id"]] if step.name == "verify_organizer" else [],
        concerns=lambda step: (
            [event.organizer_id] if step.name in ORGANIZER_TOOLS and (event := _event_of(step)) else []
        ),
        who="the event's organizer",
    )


@RULES.trace(3)
def read_back_first(trace: Trace) -> list[str]:
    """The checkable half of rule 3: the records a write names were shown before it."""
    return looked_up_before_change(trace, lambda step: records_named(step, READ_BACK_TABLES))


@RULES.trace(4)
def chargeback_frozen(trace: Trace) -> list[str]:
    return [
        f"{step.name} on {registration.registration_id}, which has an open chargeback"
        for step in trace.writes
        if (registration := _registration(step)) and registration.chargeback_open
    ]


@RULES.each(5, "cancel_registration")
def refund_tiers(step: Step, trace: Trace) -> Iterator[str]:
    registration, event = _the_registration(step), _the_event(step)
    if event.status in ("cancelled", "postponed"):
        return
    days, price = _days_before(step.before, event), registration.price_paid_per_ticket * registration.quantity
    due = price - PROCESSING_FEE * registration.quantity if days >= 30 else price / 2 if days >= 14 else 0.0
    if abs(step.arguments["refund_amount"] - round(due, 2)) > 0.005:
        yield f"refund {step.arguments['refund_amount']} {days} days out, policy gives {round(due, 2)}"
    elif due and not said(trace, round(due, 2)):
        yield f"refund {round(due, 2)} not in communicate_info"


@RULES.each(6, "cancel_registration")
def organizer_cancelled_in_full(step: Step, trace: Trace) -> Iterator[str]:
    registration, event = _the_registration(step), _the_event(step)
    if event.status not in ("cancelled", "postponed"):
        return
    if abs(step.arguments["refund_amount"] - _paid(registration)) > 0.005:
        yield f"refund {step.arguments['refund_amount']} of a {event.status} event, not {_paid(registration)}"
    elif not said(trace, _paid(registration)):
        yield f"full refund {_paid(registration)} not in communicate_info"


@RULES.each(7, "cancel_registration")
def fees_kept(step: Step, trace: Trace) -> Iterator[str]:
    if _the_event(step).status in ("cancelled", "postponed"):
        return
    registration = _the_registration(step)
    if step.arguments["refund_amount"] > registration.price_paid_per_ticket * registration.quantity:
        yield f"refund {step.arguments['refund_amount']} includes service fees"


@RULES.each(8, "transfer_ticket")
def transfer_window(step: Step, trace: Trace) -> Iterator[str]:
    registration, event = _the_registration(step), _the_event(step)
    if _hours_before(step.before, event) < TRANSFER_CUTOFF_HOURS:
        yield f"transfer of {registration.registration_id} less than 72 hours before the start"
    if registration.transfers_used:
        yield f"second transfer of {registration.registration_id}"


@RULES.each(9, "change_ticket_type")
def ticket_change_window(step: Step, trace: Trace) -> Iterator[str]:
    if _hours_before(step.before, event := _the_event(step)) < TRANSFER_CUTOFF_HOURS:
        yield f"change_ticket_type less than 72 hours before {event.event_id}"


@RULES.each(10, "buy_tickets")
def lowest_discount(step: Step, trace: Trace) -> Iterator[str]:
    event = _the_event(step)
    ticket = next(t for t in event.ticket_types if t.name == step.arguments["ticket_type"])
    today = step.before.now[:10]
    options = [
        ticket.early_bird_price
        if ticket.early_bird_price is not None and ticket.early_bird_end and today <= ticket.early_bird_end
        else ticket.price
    ]
    if step.arguments["quantity"] >= GROUP_MINIMUM:
        options.append(round(ticket.price * 0.85, 2))
    charged = json.loads(step.observation)["price_paid_per_ticket"]
    if charged > min(options):
        yield f"buy_tickets at {charged} per ticket when {min(options)} was available"
    if not said(trace, round(charged * step.arguments["quantity"] + event.service_fee * step.arguments["quantity"], 2)):
        yield "the order's total is not in communicate_info"


@RULES.each(11, "buy_tickets")
def group_size(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["quantity"] > MAX_GROUP:
        yield f"buy_tickets of {step.arguments['quantity']} tickets, above the group desk's limit"


@RULES.each(12, *REGISTRATION_TOOLS)
def event_status(step: Step, trace: Trace) -> Iterator[str]:
    if step.name != "cancel_registration" and (event := _event_of(step)) and event.status in ("completed", "cancelled"):
        yield f"{step.name} on a registration of a {event.status} event"


@RULES.each(13, "enroll_session")
def session_limits(step: Step, trace: Trace) -> Iterator[str]:
    sessions = [step.after.sessions[s] for s in step.after.registrations[step.arguments["registration_id"]].sessions]
    for day in {session.day for session in sessions}:
        that_day = sorted((s for s in sessions if s.day == day), key=lambda s: s.start)
        if sum(s.kind == "workshop" for s in that_day) > MAX_WORKSHOPS_PER_DAY:
            yield f"more than 2 workshops on {day}"
        yield from (
            f"{a.session_id} overlaps {b.session_id}" for a, b in zip(that_day, that_day[1:]) if b.start < a.end
        )


@RULES.each(14, "enroll_session")
def vip_sessions(step: Step, trace: Trace) -> Iterator[str]:
    if (
        step.before.sessions[step.arguments["session_id"]].vip_only
        and (registration := _the_registration(step)).ticket_type != "vip"
    ):
        yield f"enrolled a {registration.ticket_type} ticket in VIP-only {step.arguments['session_id']}"


@RULES.each(15, "join_waitlist")
def repeat_before_waitlist(step: Step, trace: Trace) -> Iterator[str]:
    full, quantity = step.before.sessions[step.arguments["session_id"]], _the_registration(step).quantity
    repeats = [
        s.session_id
        for s in step.before.sessions.values()
        if s.event_id == full.event_id and s.title == full.title and s.enrolled + quantity <= s.capacity
    ]
    if repeats:
        yield f"waitlisted for {full.session_id} while its repeat {repeats[0]} has a seat"


@RULES.each(16, "request_accommodation")
def asl_notice(step: Step, trace: Trace) -> Iterator[str]:
    if (
        step.arguments["kind"] == "asl_interpreter"
        and (days := _days_before(step.before, _the_event(step))) < ASL_NOTICE_DAYS
    ):
        yield f"ASL interpreter requested {days} days before the event"


@RULES.each(17, "hold_room")
def hold_rules(step: Step, trace: Trace) -> Iterator[str]:
    event, room = _the_event(step), step.before.rooms[step.arguments["room_id"]]
    needed = math.ceil(event.expected_attendance * HOLD_HEADROOM - 1e-9)
    if room.capacity < needed:
        yield f"held {room.room_id} seating {room.capacity}, below {needed}"
    active = [
        h for h in step.before.holds.values() if h.event_id == event.event_id and h.status in ("held", "confirmed")
    ]
    if len(active) >= MAX_ACTIVE_HOLDS:
        yield f"a fourth active hold for {event.event_id}"
    if not said(trace, round(json.loads(step.observation)["total_rate"] * DEPOSIT_SHARE, 2)):
        yield "the hold's deposit is not in communicate_info"


@RULES.each(18, "confirm_hold")
def hold_confirmation(step: Step, trace: Trace) -> Iterator[str]:
    hold = step.before.holds[step.arguments["hold_id"]]
    event, room = step.before.events[hold.event_id], step.before.rooms[hold.room_id]
    needed = math.ceil(event.expected_attendance * HOLD_HEADROOM - 1e-9)
    if room.capacity < needed:
        yield f"confirmed {hold.hold_id} of {room.room_id} seating {room.capacity}, below {needed}"
    if hold.status != "held" or hold.expires <= step.before.now:
        yield f"confirmed {hold.hold_id}, {hold.status} until {hold.expires}"
    deposit = round(hold.total_rate * DEPOSIT_SHARE, 2)
    if abs(step.arguments["deposit"] - deposit) > 0.005:
        yield f"deposit {step.arguments['deposit']} for {hold.hold_id}, policy gives {deposit}"
    elif not said(trace, deposit):
        yield f"the deposit {deposit} is not in communicate_info"


@RULES.each(19, "send_announcement")
def marketing_gap(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["kind"] != "marketing":
        return
    today = date.fromisoformat(trace.steps[0].before.now[:10])
    recent = [
        a.sent
        for a in step.before.announcements.values()
        if a.event_id == step.arguments["event_id"]
        and a.kind == "marketing"
        and (today - date.fromisoformat(a.sent)).days < MARKETING_GAP_DAYS
    ]
    if recent:
        yield f"marketing for {step.arguments['event_id']} with one sent on {recent[0]}"


RULES.trace(20)(hand_offs)

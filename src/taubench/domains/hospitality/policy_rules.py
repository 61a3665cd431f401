"""The desk manual's numbered rules as checks over a task's gold trace (see gold_trace.py)."""

import json
from datetime import date, datetime, timedelta
from typing import Iterator

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.hospitality.models import FeedbackCase, HotelDB, Reservation
from taubench.domains.hospitality.tariff import POINTS_CLAIM_DAYS, deadline_passed, nights, stay_points
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, owner_of, said

Trace = GoldTrace[HotelDB]
Step = GoldStep[HotelDB]

UNSCOPED = (
    "find_guest",
    "get_reservation",
    "find_hotels",
    "search_availability",
    "calculate",
    "transfer_to_human_agents",
)
CHANGES_ON_BOOKINGS = ("modify_reservation", "cancel_reservation", "upgrade_room", "redeem_points")
ADVANCE_PURCHASE_LEAD_DAYS = 14
MAX_ROOMS = 9
GOLD_UPGRADE_DAYS = 3
LATEST_CHECKOUT = {"platinum": 16, "gold": 14}
FREE_UNTIL = {"platinum": 16, "gold": 14}
LATE_CHECKOUT_HOURLY = 30.0
INCIDENTALS = ("minibar", "parking", "restaurant", "spa", "phone", "pet_fee", "late_checkout")
DISPUTE_LIMIT = 150.0
DISPUTE_DAYS = 60
MINOR_POINTS, MINOR_CREDIT, MANAGER_ABOVE = 2500, 25.0, 250.0
RESPONSE_HOURS = 48
CHANGED = ("guest_id", "confirmation", "case_id", "charge_id")

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def _guest_of(step: Step) -> str | None:
    """The guest a call acts on: named, or the holder of the booking or case it names."""
    return owner_of(step, "guest_id", ("reservations", "confirmation"), ("feedback_cases", "case_id"))


def _verified(trace: Trace, upto: int) -> set[str]:
    """Guests verified before step ``upto``: by loyalty number and ZIP, or, when no profile was
    looked up first, by a confirmation number whose booking name the guest gave."""
    found: set[str] = set()
    for step in trace.steps[:upto]:
        if step.error:
            continue
        if step.name == "find_guest":
            found.add(json.loads(step.observation)["guest_id"])
        elif step.name == "get_reservation" and not found:
            booking = json.loads(step.observation)
            if booking["guest_name"] in trace.task.user_scenario.model_dump_json():
                found.add(booking["guest_id"])
    return found


def _rooms_left(step: Step, property_id: str, code: str, stay: list[str], leave_out: str = "") -> int:
    room = next(room for room in step.before.properties[property_id].room_types if room.code == code)
    taken = dict.fromkeys(stay, 0)
    for booking in step.before.reservations.values():
        if (
            (booking.property_id, booking.room_type) == (property_id, code)
            and booking.status in ("confirmed", "checked_in")
            and booking.confirmation != leave_out
        ):
            for night in nights(booking.check_in, booking.check_out):
                if night in taken:
                    taken[night] += booking.rooms
    return room.inventory - max(taken.values())


def _category(step: Step, property_id: str, code: str) -> tuple[int, bool]:
    room = next(room for room in step.before.properties[property_id].room_types if room.code == code)
    return room.category, room.accessible


@RULES.trace(1)
def guest_verified_first(trace: Trace) -> list[str]:
    """Nothing of a guest's is read or changed before a guest is verified (rule 2 then keeps the
    desk to that guest's own records): by loyalty number and ZIP, or by a confirmation number
    whose booking name the guest gave."""
    named = trace.task.user_scenario.model_dump_json()
    return identified_first(
        trace,
        identifies=lambda step: (
            ["the guest"]
            if step.name == "find_guest"
            or (step.name == "get_reservation" and json.loads(step.observation)["guest_name"] in named)
            else []
        ),
        concerns=lambda step: ["the guest"] if step.name not in UNSCOPED and _guest_of(step) else [],
        who="the guest",
    )


@RULES.trace(2)
def own_records_only(trace: Trace) -> list[str]:
    return [
        f"{step.name} on a record of {_guest_of(step)}, who is not the verified guest"
        for index, step in enumerate(trace.steps)
        if step.name not in UNSCOPED and _guest_of(step) and _guest_of(step) not in _verified(trace, index)
    ]


@RULES.trace(3)
def read_back_first(trace: Trace) -> list[str]:
    """The checkable half of reading a change back: every record it changes was looked up first."""
    return looked_up_before_change(
        trace, lambda step: [step.arguments[key] for key in CHANGED if key in step.arguments]
    )


@RULES.each(4, "create_reservation", done=True)
def rate_plans(step: Step, trace: Trace) -> Iterator[str]:
    plan, guest = step.arguments["rate_plan"], step.before.guests[step.arguments["guest_id"]]
    lead = (date.fromisoformat(step.arguments["check_in"]) - date.fromisoformat(step.before.today)).days
    if plan in ("member", "award") and guest.loyalty_number is None:
        yield f"{plan} rate for {guest.guest_id}, who is not enrolled"
    if plan == "advance_purchase" and lead < ADVANCE_PURCHASE_LEAD_DAYS:
        yield f"advance purchase booked {lead} days before arrival"
    if plan != "award" and not said(trace, json.loads(step.observation)["total"]):
        yield "the new booking's total is not in communicate_info"


@RULES.each(5, "cancel_reservation", done=True)
def cancellation_fees(step: Step, trace: Trace) -> Iterator[str]:
    booking = step.after.reservations[step.arguments["confirmation"]]
    fee = booking.cancellation_fee
    if booking.rate_plan in ("flexible", "member") and fee and not said(trace, fee):
        yield f"cancellation fee {booking.cancellation_fee:g} not in communicate_info"


@RULES.each(6, *CHANGES_ON_BOOKINGS)
def advance_purchase_is_final(step: Step, trace: Trace) -> Iterator[str]:
    if step.before.reservations[step.arguments["confirmation"]].rate_plan == "advance_purchase":
        yield f"{step.name} on advance-purchase booking {step.arguments['confirmation']}"


@RULES.each(7, "modify_reservation", done=True)
def changes(step: Step, trace: Trace) -> Iterator[str]:
    booking = step.after.reservations[step.arguments["confirmation"]]
    if step.before.reservations[booking.confirmation].rate_plan not in ("flexible", "member"):
        yield f"modify_reservation on a {booking.rate_plan} booking"
    if not said(trace, booking.total):
        yield f"new total {booking.total:g} of {booking.confirmation} not in communicate_info"


@RULES.trace(8)
def cancelled_stay_put(trace: Trace) -> list[str]:
    return [
        f"{step.name} on cancelled booking {step.arguments['confirmation']}"
        for step in trace.writes
        if (booking := step.before.reservations.get(step.arguments.get("confirmation", "")))
        and booking.status == "cancelled"
    ]


@RULES.each(9, "create_reservation", "modify_reservation", "upgrade_room", done=True)
def room_substitutes(step: Step, trace: Trace) -> Iterator[str]:
    needs_access = any(
        word in trace.task.user_scenario.model_dump_json().lower() for word in ("wheelchair", "mobility", "roll-in")
    )
    booking = step.after.reservations.get(step.arguments["confirmation"]) if "confirmation" in step.arguments else None
    property_id = booking.property_id if booking else step.arguments["property_id"]
    if _category(step, property_id, step.arguments["room_type"])[1] and not needs_access:
        yield f"accessible room booked by {step.name} for a guest who did not ask for one"
    if step.name == "modify_reservation":
        assert booking is not None, "a done modify_reservation leaves its booking"
        before = step.before.reservations[booking.confirmation]
        stay = nights(step.arguments["check_in"], step.arguments["check_out"])
        lower = _category(step, property_id, booking.room_type)[0] < _category(step, property_id, before.room_type)[0]
        if lower and _rooms_left(step, property_id, before.room_type, stay, booking.confirmation) >= before.rooms:
            yield f"{booking.confirmation} moved down a category while its room type was free"


@RULES.each(10, "create_reservation", done=True)
def guarantee_cards(step: Step, trace: Trace) -> Iterator[str]:
    cards = {card.card_id: card for card in step.before.guests[step.arguments["guest_id"]].cards}
    card = cards.get(step.arguments["card_id"])
    if card is None or card.expires < step.arguments["check_out"][:7]:
        yield f"booking guaranteed with {step.arguments['card_id']}, not valid through check-out"


@RULES.each(11, "create_reservation", done=True)
def rooms_per_booking(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["rooms"] > MAX_ROOMS:
        yield f"create_reservation of {step.arguments['rooms']} rooms"


@RULES.trace(12)
def award_stays(trace: Trace) -> list[str]:
    violations = []
    for step in trace.done("redeem_points"):
        booking = step.before.reservations[step.arguments["confirmation"]]
        if deadline_passed(booking.check_in, step.before.today, step.before.now):
            violations.append(f"{booking.confirmation} paid with points after its cancellation deadline")
    for step in trace.done("redeem_points") + trace.done("create_reservation"):
        if not step.error and (points := json.loads(step.observation)["points_redeemed"]) and not said(trace, points):
            violations.append(f"{points} points of {step.name} not in communicate_info")
    for step in trace.done("cancel_reservation"):
        guest = step.before.reservations[step.arguments["confirmation"]].guest_id
        returned = step.after.guests[guest].points - step.before.guests[guest].points
        if returned and not said(trace, returned):
            violations.append(f"{returned} points returned not in communicate_info")
    return violations


@RULES.each(13, "upgrade_room", done=True)
def upgrades(step: Step, trace: Trace) -> Iterator[str]:
    booking = step.before.reservations[step.arguments["confirmation"]]
    tier = step.before.guests[booking.guest_id].tier
    soon = booking.check_in <= (date.fromisoformat(step.before.today) + timedelta(days=GOLD_UPGRADE_DAYS)).isoformat()
    if not (tier == "platinum" or (tier == "gold" and soon)) or booking.rate_plan == "advance_purchase":
        yield f"complimentary upgrade for a {tier} guest arriving {booking.check_in} ({booking.rate_plan})"
    steps_up = (
        _category(step, booking.property_id, step.arguments["room_type"])[0]
        - _category(step, booking.property_id, booking.room_type)[0]
    )
    if steps_up != 1:
        yield f"upgrade of {steps_up} categories"


@RULES.each(14, "grant_late_checkout", done=True)
def late_checkouts(step: Step, trace: Trace) -> Iterator[str]:
    booking = step.before.reservations[step.arguments["confirmation"]]
    tier = step.before.guests[booking.guest_id].tier
    hour = int(step.arguments["checkout_time"][:2])
    due = 0.0 if hour <= FREE_UNTIL.get(tier, 11) else LATE_CHECKOUT_HOURLY * (hour - 11)
    if hour > LATEST_CHECKOUT.get(tier, 14) or step.arguments["charge"] != due:
        yield f"late checkout {step.arguments['checkout_time']} for {step.arguments['charge']} ({tier})"


@RULES.each(15, "add_request", done=True)
def special_requests(step: Step, trace: Trace) -> Iterator[str]:
    booking = step.before.reservations[step.arguments["confirmation"]]
    if step.arguments["request_type"] in ("crib", "rollaway") and step.arguments["quantity"] > booking.rooms:
        yield f"{step.arguments['quantity']} {step.arguments['request_type']}s for {booking.rooms} room(s)"
    if step.arguments["request_type"] != "pet":
        return
    if step.arguments["quantity"] > 2 * booking.rooms:
        yield f"{step.arguments['quantity']} pets for {booking.rooms} room(s)"
    earlier = [key for key in booking.requests if step.before.requests[key].request_type == "pet"]
    if not step.before.properties[booking.property_id].pet_friendly or earlier:
        yield (
            f"pet request on {booking.confirmation} (hotel takes pets: "
            f"{step.before.properties[booking.property_id].pet_friendly}, earlier: {earlier})"
        )


@RULES.each(16, "dispute_charge", done=True)
def disputes(step: Step, trace: Trace) -> Iterator[str]:
    oldest = (date.fromisoformat(trace.steps[0].before.today) - timedelta(days=DISPUTE_DAYS)).isoformat()
    booking = step.before.reservations[step.arguments["confirmation"]]
    charge = next(charge for charge in booking.folio if charge.charge_id == step.arguments["charge_id"])
    if charge.kind not in INCIDENTALS or charge.amount > DISPUTE_LIMIT or booking.check_out < oldest:
        yield f"{charge.kind} charge {charge.charge_id} of {charge.amount:g} reversed at the desk"


def _due(step: Step, case_id: str) -> tuple[str, float]:
    """The compensation a case is due: (kind, amount)."""
    case = step.before.feedback_cases[case_id]
    if case.severity == "minor":
        enrolled = step.before.guests[case.guest_id].loyalty_number is not None
        return ("points", float(MINOR_POINTS)) if enrolled else ("credit", MINOR_CREDIT)
    booking = step.before.reservations[case.confirmation]
    rate = dict(zip(nights(booking.check_in, booking.check_out), booking.nightly_rates))[case.night]
    if case.category == "relocation":
        return "credit", round(rate + case.transport_cost, 2)
    return "credit", round(rate / 2, 2)


@RULES.each(17, "issue_compensation", done=True)
def compensation(step: Step, trace: Trace) -> Iterator[str]:
    case_id = step.arguments["case_id"]
    kind, amount = _due(step, case_id)
    if step.before.feedback_cases[case_id].compensation:
        yield f"second compensation on {case_id}"
    if (step.arguments["kind"], step.arguments["amount"]) != (kind, amount) or (
        kind == "credit" and amount > MANAGER_ABOVE
    ):
        yield f"{case_id} given {step.arguments['amount']} {step.arguments['kind']}; due {amount} {kind}"


@RULES.each(18, "close_feedback_case", done=True)
def closing_cases(step: Step, trace: Trace) -> Iterator[str]:
    if not step.before.feedback_cases[step.arguments["case_id"]].compensation:
        yield f"{step.arguments['case_id']} closed before any compensation"


@RULES.each(19, "update_preferences", done=True)
def preferences_kept(step: Step, trace: Trace) -> Iterator[str]:
    removing = any(word in trace.task.user_scenario.model_dump_json().lower() for word in ("remove", "no longer"))
    if not removing and not set(step.before.guests[step.arguments["guest_id"]].preferences) <= set(
        step.arguments["preferences"]
    ):
        yield f"preferences of {step.arguments['guest_id']} dropped without the guest asking"


RULES.trace(20)(hand_offs)


def _stays_read(trace: Trace) -> list[Reservation]:
    """The reservations the trace's look-ups showed, as the database held them before."""
    shown = []
    for step in trace.steps:
        if step.name in ("list_reservations", "get_reservation") and not step.error:
            found = json.loads(step.observation)
            for booking in found if isinstance(found, list) else [found]:
                shown.append(step.before.reservations[booking["confirmation"]])
    return shown


def _earned(db: HotelDB, booking: Reservation) -> int:
    return sum(stay_points(booking.room_total, db.guests[booking.guest_id].tier))


@RULES.trace(21)
def points_earned(trace: Trace) -> list[str]:
    """Posted points are the stay's base and bonus; a task about earning says a stay's total."""
    violations = []
    for step in trace.done("post_stay_points"):
        booking = step.before.reservations[step.arguments["confirmation"]]
        due = stay_points(booking.room_total, step.before.guests[booking.guest_id].tier)
        if (step.arguments["base_points"], step.arguments["bonus_points"]) != due:
            posted = f"{step.arguments['base_points']} + {step.arguments['bonus_points']}"
            violations.append(f"{booking.confirmation} posted {posted}; due {due}")
        if not said(trace, sum(due)):
            violations.append(f"the {sum(due)} points posted for {booking.confirmation} are not in communicate_info")
    if 21 in trace.task.policy_rules and not trace.done("post_stay_points") and trace.steps:
        earned = {_earned(trace.steps[0].before, booking) for booking in _stays_read(trace)}
        if not any(said(trace, points) for points in earned):
            violations.append("a task about points earned says no stay's points")
    return violations


def _claim_closes(booking: Reservation) -> str:
    return (date.fromisoformat(booking.check_out) + timedelta(days=POINTS_CLAIM_DAYS)).isoformat()


@RULES.trace(22)
def points_claims(trace: Trace) -> list[str]:
    """Missing points are posted within 90 days of check-out; a refused claim says why."""
    violations = [
        f"points of {step.arguments['confirmation']} posted after the claim window closed"
        for step in trace.done("post_stay_points")
        if step.before.today > _claim_closes(step.before.reservations[step.arguments["confirmation"]])
    ]
    if 22 in trace.task.policy_rules and "refusal" in trace.task.tags and trace.steps:
        db = trace.steps[0].before
        reasons = set()
        for booking in _stays_read(trace):
            reasons.add(_claim_closes(booking))
            posted = [
                entry.points
                for entry in db.loyalty_ledger.values()
                if entry.confirmation == booking.confirmation and entry.kind in ("earn", "bonus")
            ]
            if posted:
                reasons.add(str(sum(posted)))
        if not reasons & set(trace.task.communicate_info):
            violations.append("a refused points claim says neither the window's end nor the points already posted")
    return violations


def _answer_due(case: FeedbackCase) -> str:
    return (datetime.fromisoformat(case.opened_at) + timedelta(hours=RESPONSE_HOURS)).strftime("%Y-%m-%d %H:%M")


@RULES.trace(23)
def response_times(trace: Trace) -> list[str]:
    """The desk settles only cases past the hotels' 48 hours; of a case inside them, it says
    when the hotel will answer."""
    violations = []
    for step in trace.done("issue_compensation") + trace.done("close_feedback_case"):
        case = step.before.feedback_cases[step.arguments["case_id"]]
        if _answer_due(case) > f"{step.before.today} {step.before.now}":
            violations.append(f"{step.name} on {case.case_id}, which the hotel may answer until {_answer_due(case)}")
    if 23 in trace.task.policy_rules:
        for step in trace.done("list_feedback_cases"):
            for case in [step.before.feedback_cases[found["case_id"]] for found in json.loads(step.observation)]:
                waiting = case.status == "open" and not case.compensation
                if (
                    waiting
                    and _answer_due(case) > f"{step.before.today} {step.before.now}"
                    and not set(_answer_due(case).split()) <= set(trace.task.communicate_info)
                ):
                    violations.append(
                        f"{case.case_id}: the hotel's answer due {_answer_due(case)} is not in communicate_info"
                    )
    return violations

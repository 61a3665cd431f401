"""The help desk's numbered policy rules as checks over a task's gold trace (see gold_trace.py),
on the kit's checks of the rules every policy has, with the manual's arithmetic (visit
windows, eligibility limits, usable kit stock, the SAE clock) written once here, where the
task-authoring script takes it from too."""

import json
import math
from datetime import date, datetime, timedelta
from typing import Iterator, Optional, get_origin

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import hand_offs, identified_first, looked_up_before_change, records_named, said
from taubench.domains.kit.rules import RuleBook
from taubench.domains.pharmaceuticals.models import Participant, PharmaDB, Visit

Trace = GoldTrace[PharmaDB]
Step = GoldStep[PharmaDB]
Caller = Optional[tuple[str, str]]  # ("staff", staff id) or ("participant", participant id)

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}
TABLES = [name for name, field in PharmaDB.model_fields.items() if get_origin(field.annotation) is dict]
OPEN_TOOLS = {"verify_staff", "verify_participant", "calculate", "transfer_to_human_agents"}
DUTY = {
    "record_consent": "consent",
    "enroll_participant": "enrollment",
    "withdraw_participant": "enrollment",
    "schedule_visit": "scheduling",
    "report_adverse_event": "safety_reporting",
    "order_kits": "kits",
    "record_stipend": "payments",
    "generate_enrollment_report": "reports",
    "request_unblinding": "unblinding",
}
PARTICIPANT_TOOLS = {
    "get_participant",
    "list_visits",
    "get_protocol",
    "schedule_visit",
    "withdraw_participant",
    "record_stipend",
    "log_deviation",
    "get_site_inventory",  # the desk checks the participant's own site's kits before booking
}
SCREENING_DAYS, RECONSENT_DAYS, CLAIM_DAYS, SAE_HOURS = 28, 30, 90, 24
STOCK_HORIZON, NEED_DAYS, ORDER_DAYS, CARTON = 14, 13, 27, 5


def plus(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def window(visit: Visit, randomized: str) -> tuple[str, str]:
    """The first and last day of a visit's window: target Day N is the randomization date + N - 1."""
    target = plus(randomized, visit.study_day - 1)
    return plus(target, -visit.window_days), plus(target, visit.window_days)


def age_on(dob: str, day: str) -> int:
    born, on = date.fromisoformat(dob), date.fromisoformat(day)
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


def eligibility_failures(db: PharmaDB, participant: Participant) -> list[str]:
    """The protocol limits the participant's screening results fail (rule 10)."""
    study = db.studies[participant.study_id]
    screening = next(
        v for v in db.visits.values() if v.participant_id == participant.participant_id and v.study_day == 0
    )
    labs = {r.test: r for r in db.lab_results.values() if r.visit_id == screening.visit_id}
    failures = []
    age = age_on(participant.dob, participant.consent_date)
    if not study.age_min <= age <= study.age_max:
        failures.append(f"age {age}")
    if study.egfr_min is not None and labs["eGFR"].value < study.egfr_min:
        failures.append(f"eGFR {labs['eGFR'].value}")
    hba1c = labs["HbA1c"].value
    if (study.hba1c_min is not None and hba1c < study.hba1c_min) or (
        study.hba1c_max is not None and hba1c > study.hba1c_max
    ):
        failures.append(f"HbA1c {hba1c}")
    if labs["ALT"].value > round(study.alt_max_uln * labs["ALT"].ref_high, 2):
        failures.append(f"ALT {labs['ALT'].value}")
    return failures


def kit_position(db: PharmaDB, site_id: str, kit_type: str) -> tuple[int, int, int]:
    """(usable stock, kits the dispensing visits scheduled today through today + 13 need, and
    through today + 27)."""
    usable = sum(
        lot.quantity
        for lot in db.kit_lots.values()
        if lot.site_id == site_id and lot.kit_type == kit_type and lot.expiry > plus(db.today, STOCK_HORIZON)
    )
    near = far = 0
    for visit in db.visits.values():
        participant = db.participants[visit.participant_id]
        study = db.studies[participant.study_id]
        if (
            participant.site_id == site_id
            and visit.status == "scheduled"
            and visit.dispenses_kit
            and study.kit_type == kit_type
            and visit.scheduled_date
            and db.today <= visit.scheduled_date
        ):
            near += study.kits_per_dispensing * (visit.scheduled_date <= plus(db.today, NEED_DAYS))
            far += study.kits_per_dispensing * (visit.scheduled_date <= plus(db.today, ORDER_DAYS))
    return usable, near, far


def order_quantity(usable: int, far: int) -> int:
    return max(CARTON, math.ceil((far - usable) / CARTON) * CARTON)


def hours_since(db: PharmaDB, moment: str) -> float:
    return round((datetime.fromisoformat(db.now) - datetime.fromisoformat(moment)).total_seconds() / 3600, 2)


def screen_failure_rate(screened: int, failed: int) -> float:
    return round(failed / screened * 100, 2) if screened else 0.0


def callers(trace: Trace) -> list[Caller]:
    """For each step, who was verified before it."""
    caller: Caller = None
    found: list[Caller] = []
    for step in trace.steps:
        found.append(caller)
        if not step.error and step.name == "verify_staff":
            caller = ("staff", step.arguments["staff_id"])
        elif not step.error and step.name == "verify_participant":
            caller = ("participant", step.arguments["participant_id"])
    return found


def participant_of(step: Step) -> Optional[str]:
    if "participant_id" in step.arguments:
        return step.arguments["participant_id"]
    visit = step.before.visits.get(step.arguments.get("visit_id", ""))
    return visit.participant_id if visit else None


@RULES.trace(1)
def identified(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: ["caller"] if step.name in ("verify_staff", "verify_participant") else [],
        concerns=lambda step: [] if step.name in OPEN_TOOLS else ["caller"],
    )


@RULES.trace(2)
def own_site_and_own_record(trace: Trace) -> list[str]:
    violations = []
    for step, caller in zip(trace.steps, callers(trace)):
        if caller is None or step.name in OPEN_TOOLS:
            continue
        kind, who = caller
        owner = participant_of(step)
        if kind == "participant":
            own_site = step.before.participants[who].site_id
            if (
                step.name not in PARTICIPANT_TOOLS
                or (owner is not None and owner != who)
                or step.arguments.get("site_id", own_site) != own_site
            ):
                violations.append(f"participant {who} reached {step.name} {step.arguments}")
            continue
        site = step.before.staff[who].site_id
        record = step.before.participants.get(owner or "")
        if record is not None and record.site_id != site:
            violations.append(f"staff of {site} reached {owner} of {record.site_id}")
        if step.arguments.get("site_id", site) != site:
            violations.append(f"staff of {site} reached site {step.arguments['site_id']}")
    return violations


@RULES.trace(3)
def delegation_log(trace: Trace) -> list[str]:
    violations = []
    for step, caller in zip(trace.steps, callers(trace)):
        if step.kind != "write" or caller is None or caller[0] != "staff" or step.name not in DUTY:
            continue
        member = step.before.staff[caller[1]]
        if DUTY[step.name] not in member.duties:
            violations.append(f"{member.staff_id} has no {DUTY[step.name]} duty for {step.name}")
    return violations


@RULES.trace(4)
def read_back_first(trace: Trace) -> list[str]:
    """The records a change reads back: a study it names is context, not a record it changes."""
    return looked_up_before_change(trace, lambda step: records_named(step, [t for t in TABLES if t != "studies"]))


@RULES.trace(5)
def namesakes_asked(trace: Trace) -> list[str]:
    violations = []
    for step, caller in zip(trace.steps, callers(trace)):
        if step.name != "find_participant" or step.error or caller is None or caller[0] != "staff":
            continue
        site = step.before.staff[caller[1]].site_id
        here = [match for match in json.loads(step.observation) if match["site_id"] == site]
        if len(here) > 1 and "clarify" not in trace.task.tags:
            violations.append(f"{len(here)} matches at {site} without asking which")
    return violations


@RULES.trace(6)
def blinding(trace: Trace) -> list[str]:
    violations = [
        f"{value!r} must never be said"
        for value in trace.task.communicate_info
        if value.lower() in ("active", "placebo")
    ]
    if 6 in trace.task.policy_rules:
        for step in trace.done("verify_participant"):
            study = step.before.studies[step.before.participants[step.arguments["participant_id"]].study_id]
            if not said(trace, study.planned_unblinding_date):
                violations.append("the planned unblinding date is not said")
    return violations


@RULES.each(7, "request_unblinding")
def emergency_unblinding(step: Step, trace: Trace) -> Iterator[str]:
    index = trace.steps.index(step)
    caller = callers(trace)[index]
    member = step.before.staff.get(step.arguments["requested_by"])
    if caller != ("staff", step.arguments["requested_by"]) or member is None:
        yield "unblinding requested for someone other than the caller"
    elif member.role not in ("investigator", "sub_investigator") or "unblinding" not in member.duties:
        yield f"{member.staff_id} may not request unblinding"
    if step.arguments["reason"] != "medical_emergency":
        yield "unblinding for a reason other than a medical emergency"
    if not any(later.name == "transfer_to_human_agents" for later in trace.steps[index + 1 :]):
        yield "no transfer to the medical monitor after the request"


@RULES.each(8, "enroll_participant", "schedule_visit")
def current_consent(step: Step, trace: Trace) -> Iterator[str]:
    participant = step.before.participants[participant_of(step) or ""]
    current = step.before.studies[participant.study_id].current_consent_version
    if participant.consent_version != current:
        yield f"{step.name} for {participant.participant_id} on consent version {participant.consent_version}"


@RULES.trace(9)
def reconsent(trace: Trace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        if step.name != "record_consent" or step.error:
            continue
        participant = step.before.participants[step.arguments["participant_id"]]
        study = step.before.studies[participant.study_id]
        if step.arguments["version"] != study.current_consent_version:
            violations.append(f"superseded version {step.arguments['version']} recorded")
        late = step.arguments["signed_date"] > plus(study.amendment_date, RECONSENT_DAYS)
        logged = any(
            later.name == "log_deviation"
            and later.arguments.get("category") == "consent"
            and later.arguments["participant_id"] == participant.participant_id
            for later in trace.steps[index + 1 :]
        )
        if late and study.amendment_date <= participant.consent_date:
            continue
        if late != logged:
            violations.append(f"re-consent of {participant.participant_id}: late {late}, deviation logged {logged}")
    if 9 in trace.task.policy_rules and not trace.done("record_consent"):
        dates = [plus(study.amendment_date, RECONSENT_DAYS) for study in trace.steps[0].before.studies.values()]
        if not any(said(trace, day) for day in dates):
            violations.append("a superseded signature declined without the date the 30 days end")
    return violations


@RULES.each(10, "enroll_participant", done=True)
def eligible(step: Step, trace: Trace) -> Iterator[str]:
    participant = step.before.participants[step.arguments["participant_id"]]
    for failure in eligibility_failures(step.before, participant):
        yield f"{participant.participant_id} enrolled with {failure}"


@RULES.each(11, "enroll_participant", done=True)
def screening_window(step: Step, trace: Trace) -> Iterator[str]:
    participant = step.before.participants[step.arguments["participant_id"]]
    if step.before.today > plus(participant.consent_date, SCREENING_DAYS):
        yield f"{participant.participant_id} randomized past 28 days from {participant.consent_date}"


def _booked_outside(step: Step) -> bool:
    visit = step.before.visits[step.arguments["visit_id"]]
    participant = step.before.participants[visit.participant_id]
    first, last = window(visit, participant.randomization_date or "")
    return not first <= step.arguments["date"] <= last


def _window_deviation(trace: Trace, visit_id: str) -> bool:
    return any(
        step.name == "log_deviation"
        and step.arguments.get("visit_id") == visit_id
        and step.arguments.get("category") == "visit_window"
        for step in trace.steps
    )


@RULES.each(12, "schedule_visit", done=True)
def in_window(step: Step, trace: Trace) -> Iterator[str]:
    if _booked_outside(step) and not _window_deviation(trace, step.arguments["visit_id"]):
        yield f"{step.arguments['visit_id']} booked outside its window on {step.arguments['date']}"


@RULES.each(13, "log_deviation", done=True)
def window_deviation(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["category"] != "visit_window":
        return
    booked = [
        other
        for other in trace.done("schedule_visit")
        if other.arguments["visit_id"] == step.arguments.get("visit_id") and _booked_outside(other)
    ]
    if not booked:
        yield f"visit_window deviation for {step.arguments.get('visit_id')} without an out-of-window booking"


@RULES.trace(14)
def missed_visits(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        if step.error or step.name not in ("log_deviation", "schedule_visit"):
            continue
        if step.name == "log_deviation" and step.arguments["category"] != "missed_visit":
            continue
        visit = step.before.visits[step.arguments["visit_id"]]
        participant = step.before.participants[visit.participant_id]
        closed = window(visit, participant.randomization_date or "")[1] < step.before.today
        if step.name == "log_deviation" and not closed:
            violations.append(f"{visit.visit_id} logged missed while its window is open")
        if step.name == "schedule_visit" and closed:
            violations.append(f"{visit.visit_id} booked after its window closed")
    return violations


@RULES.each(15, "schedule_visit", done=True)
def kit_before_expiry(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    visit = db.visits[step.arguments["visit_id"]]
    if not visit.dispenses_kit:
        return
    participant = db.participants[visit.participant_id]
    kit = db.studies[participant.study_id].kit_type
    if not any(
        lot.site_id == participant.site_id
        and lot.kit_type == kit
        and lot.quantity > 0
        and lot.expiry > step.arguments["date"]
        for lot in db.kit_lots.values()
    ):
        yield f"{visit.visit_id} booked on {step.arguments['date']} with no {kit} kit in date"


@RULES.each(16, "order_kits", done=True)
def reorder(step: Step, trace: Trace) -> Iterator[str]:
    usable, near, far = kit_position(step.before, step.arguments["site_id"], step.arguments["kit_type"])
    if usable >= near:
        yield f"{step.arguments['kit_type']} ordered with {usable} usable for {near} visits"
    if step.arguments["quantity"] != order_quantity(usable, far):
        yield f"{step.arguments['quantity']} ordered, {order_quantity(usable, far)} due"
    if not said(trace, step.arguments["quantity"]) or not said(trace, usable):
        yield "the usable stock and the quantity ordered are not both said"


@RULES.each(17, "report_adverse_event", done=True)
def ae_number(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["seriousness"] and not said(trace, json.loads(step.observation)["ae_id"]):
        yield "the serious event's AE number is not said"


@RULES.each(18, "report_adverse_event", done=True)
def sae_clock(step: Step, trace: Trace) -> Iterator[str]:
    if not step.arguments["seriousness"]:
        return
    hours = hours_since(step.before, step.arguments["site_aware_at"])
    logged = any(
        other.name == "log_deviation"
        and other.arguments.get("category") == "safety_reporting"
        and other.arguments["participant_id"] == step.arguments["participant_id"]
        for other in trace.steps
    )
    if (hours > SAE_HOURS) != logged:
        yield f"a serious event reported {hours} hours after awareness, deviation logged {logged}"
    if hours > SAE_HOURS and not said(trace, hours):
        yield "the hours since awareness are not said"


@RULES.trace(19)
def medical_questions(trace: Trace) -> list[str]:
    if 19 not in trace.task.policy_rules:
        return []
    for step in trace.done("verify_participant"):
        site = step.before.sites[step.before.participants[step.arguments["participant_id"]].site_id]
        return [] if said(trace, site.phone) else ["the site phone is not said"]
    return ["no participant was identified"]


@RULES.trace(20)
def withdrawal(trace: Trace) -> list[str]:
    violations = []
    withdrawn: set[str] = set()
    for step in trace.steps:
        if step.error:
            continue
        if step.name == "withdraw_participant":
            withdrawn.add(step.arguments["participant_id"])
        elif step.name == "schedule_visit" and participant_of(step) in withdrawn:
            violations.append(f"a visit booked for withdrawn {participant_of(step)}")
    return violations


@RULES.trace(21)
def stipends(trace: Trace) -> list[str]:
    violations = []
    total = 0.0
    for step in trace.done("record_stipend"):
        visit = step.before.visits[step.arguments["visit_id"]]
        if plus(visit.actual_date or "", CLAIM_DAYS) < step.before.today:
            violations.append(f"{visit.visit_id} paid past the 90-day claim window")
        total += json.loads(step.observation)["amount"]
    if total and not said(trace, round(total, 2)):
        violations.append(f"the total paid, {total:g}, is not said")
    return violations


@RULES.each(22, "generate_enrollment_report", done=True)
def report_rate(step: Step, trace: Trace) -> Iterator[str]:
    report = json.loads(step.observation)
    rate = screen_failure_rate(report["screened"], report["screen_failed"])
    if not said(trace, rate):
        yield f"the screen-failure rate {rate} is not said"


RULES.trace(23)(hand_offs)

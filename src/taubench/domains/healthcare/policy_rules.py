"""The healthcare desk policy's numbered rules as checks over a task's gold trace (see
gold_trace.py). Who is calling is read from the task's instructions ("You are <name>")."""

import json
import re
from datetime import date, datetime
from typing import Iterator

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.healthcare.models import HealthcareDB, Provider, Slot
from taubench.domains.kit import RuleBook, identified_first, looked_up_before_change, owner_of, said

Trace = GoldTrace[HealthcareDB]
Step = GoldStep[HealthcareDB]

PRIMARY_CARE = {"family_medicine", "internal_medicine", "pediatrics"}
NO_PATIENT = {
    "find_patient",
    "get_provider",
    "search_providers",
    "list_open_slots",
    "list_plans",
    "list_pharmacies",
    "calculate",
    "transfer_to_human_agents",
}
SCOPE_OF = {
    "book_appointment": "appointments",
    "reschedule_appointment": "appointments",
    "cancel_appointment": "appointments",
    "request_referral": "appointments",
    "request_refill": "prescriptions",
    "create_records_request": "records",
    "update_contact_info": "all",
    "update_insurance": "all",
}
STATES = {"Illinois": "IL", "Wisconsin": "WI", "Indiana": "IN"}
EMERGENCY_WORDS = (
    "chest pain",
    "chest pressure",
    "stroke",
    "drooping",
    "slurred",
    "ending your life",
    "suicid",
    "can't breathe",
)
VISIT_LOOKBACK = "2022-03-10"  # 36 months before today
YEAR_AGO = "2024-03-10"
BOOKINGS = ("book_appointment", "reschedule_appointment")  # the writes that put a patient in a slot
CHANGED = (
    "patient_id",
    "appointment_id",
    "slot_id",
    "new_slot_id",
    "rx_id",
    "referral_id",
)  # existing records a write names

RULES = RuleBook()
CONVERSATIONAL = {
    18: "what is left unsaid (minimum necessary, results only through the portal) shows in no tool call",
}


def _today(db: HealthcareDB) -> str:
    return db.now[:10]


def _patient_of(step: Step) -> str | None:
    """The patient a call is about: named, or the holder of the appointment or prescription it names."""
    return owner_of(step, "patient_id", ("appointments", "appointment_id"), ("prescriptions", "rx_id"))


def _instructions(trace: Trace) -> str:
    instructions = trace.task.user_scenario.instructions
    return (
        instructions
        if isinstance(instructions, str)
        else " ".join(str(v) for v in instructions.model_dump().values() if v)
    )


def _caller(trace: Trace) -> str | None:
    found = re.search(r"You are ([A-Z][\w'-]+(?: [A-Z][\w'-]+)+)", _instructions(trace))
    return found.group(1) if found else None


def _is_patient(trace: Trace, db: HealthcareDB, patient_id: str) -> bool:
    patient = db.patients[patient_id]
    return _caller(trace) == f"{patient.first_name} {patient.last_name}"


def _shown(step: Step) -> list[str]:
    """The patients a look-up by name and birth date shows."""
    return [match["patient_id"] for match in json.loads(step.observation)] if step.name == "find_patient" else []


@RULES.trace(1)
def patient_identified_first(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        identifies=_shown,
        concerns=lambda step: [patient] if step.name not in NO_PATIENT and (patient := _patient_of(step)) else [],
        who="the patient",
    )


@RULES.trace(2)
def proxy_authority(trace: Trace) -> list[str]:
    violations = []
    for step in trace.writes:
        patient_id = _patient_of(step)
        if patient_id is None or _is_patient(trace, step.before, patient_id):
            continue
        proxy = next((p for p in step.before.patients[patient_id].proxies if p.name == _caller(trace)), None)
        if proxy is None:
            violations.append(f"{step.name} for {patient_id} by {_caller(trace)}, who is not their proxy")
        elif proxy.expires is not None and proxy.expires < _today(step.before):
            violations.append(f"{step.name} for {patient_id} on a proxy that expired {proxy.expires}")
        elif proxy.scope not in ("all", SCOPE_OF[step.name]):
            violations.append(f"{step.name} for {patient_id} outside the proxy's {proxy.scope} scope")
    return violations


@RULES.trace(3)
def confidential_services(trace: Trace) -> list[str]:
    return [
        f"{step.name} of confidential {step.arguments['appointment_id']} by someone other than the patient"
        for step in trace.writes
        if (appointment := step.before.appointments.get(step.arguments.get("appointment_id", ""))) is not None
        and appointment.confidential
        and not _is_patient(trace, step.before, appointment.patient_id)
    ]


@RULES.trace(4)
def emergencies_go_to_911(trace: Trace) -> list[str]:
    text = _instructions(trace).lower()
    if not any(word in text for word in EMERGENCY_WORDS):
        return []
    if trace.writes or not trace.calls("transfer_to_human_agents"):
        return ["an emergency call must change nothing and be transferred"]
    return []


def _booking(step: Step) -> tuple[str, Slot, Provider, str | None]:
    """(patient, slot, provider, referral id) of a booking or a reschedule (one of BOOKINGS)."""
    db = step.before
    if step.name == "book_appointment":
        slot = db.slots[step.arguments["slot_id"]]
        return step.arguments["patient_id"], slot, db.providers[slot.provider_id], step.arguments.get("referral_id")
    appointment = db.appointments[step.arguments["appointment_id"]]
    slot = db.slots[step.arguments["new_slot_id"]]
    return appointment.patient_id, slot, db.providers[slot.provider_id], appointment.referral_id


@RULES.each(5, *BOOKINGS)
def referral_plans(step: Step, trace: Trace) -> Iterator[str]:
    patient_id, slot, provider, referral_id = _booking(step)
    plan_id = step.before.patients[patient_id].plan_id
    assert plan_id is not None, f"{patient_id} has no plan"  # the generator gives every patient one
    plan = step.before.plans[plan_id]
    if not plan.referral_required or provider.specialty in PRIMARY_CARE:
        return
    referral = step.before.referrals.get(referral_id) if referral_id is not None else None
    if referral is None or referral.specialty != provider.specialty:
        yield f"{step.name} of a {provider.specialty} visit for {patient_id} without a referral"
        return
    # only a requested referral lacks dates: the tools refuse a booking on one, and no gold trace tries
    assert referral.valid_from is not None and referral.valid_to is not None, f"{referral_id} has no dates"
    if not referral.valid_from <= slot.date <= referral.valid_to:
        window = f"{referral.valid_from} to {referral.valid_to}"
        yield f"{step.name} on {slot.date}, outside referral {referral_id} ({window})"


@RULES.each(6, *BOOKINGS)
def in_network(step: Step, trace: Trace) -> Iterator[str]:
    patient_id, _, provider, _ = _booking(step)
    if step.before.patients[patient_id].plan_id not in provider.plans_in_network:
        yield f"{step.name} with {provider.provider_id}, out of network for {patient_id}"


@RULES.each(7, "book_appointment")
def visit_type(step: Step, trace: Trace) -> Iterator[str]:
    patient_id, _, provider, _ = _booking(step)
    today = _today(step.before)
    seen = any(
        a.patient_id == patient_id
        and a.specialty == provider.specialty
        and a.status == "completed"
        and VISIT_LOOKBACK <= a.date < today
        for a in step.before.appointments.values()
    )
    wanted = "follow_up" if seen else "new"
    if step.arguments["visit_type"] != wanted:
        yield f"book_appointment as {step.arguments['visit_type']} where the visit is {wanted}"
    if wanted == "new" and not provider.accepting_new_patients:
        yield f"new visit with {provider.provider_id}, who accepts no new patients"


@RULES.each(8, *BOOKINGS)
def telehealth_licensing(step: Step, trace: Trace) -> Iterator[str]:
    patient_id, slot, provider, _ = _booking(step)
    if slot.mode != "telehealth":
        return
    stated = re.search(r"physically in (Illinois|Wisconsin|Indiana)", _instructions(trace))
    state = STATES[stated.group(1)] if stated else step.before.patients[patient_id].address[-2:]
    if state not in provider.licensed_states:
        yield f"telehealth with {provider.provider_id}, not licensed in {state}"


@RULES.each(9, "cancel_appointment")
def late_cancellation(step: Step, trace: Trace) -> Iterator[str]:
    appointment = step.before.appointments[step.arguments["appointment_id"]]
    starts = datetime.fromisoformat(f"{appointment.date} {appointment.time}")
    if (starts - datetime.fromisoformat(step.before.now)).total_seconds() >= 24 * 3600:
        return
    patient = step.before.patients[appointment.patient_id]
    eligible = patient.last_late_fee_waiver is None or patient.last_late_fee_waiver < YEAR_AGO
    if bool(step.arguments.get("waive_late_fee")) != eligible:
        state = "due but not applied" if eligible else "used up but applied"
        yield f"late cancellation of {appointment.appointment_id}: waiver {state}"
    balance = step.after.patients[patient.patient_id].balance
    if not eligible and not said(trace, balance):
        yield f"new balance {balance:.2f} after a late fee is not in communicate_info"


@RULES.each(10, "reschedule_appointment")
def reschedule_limit(step: Step, trace: Trace) -> Iterator[str]:
    if (count := step.before.appointments[step.arguments["appointment_id"]].reschedule_count) >= 2:
        yield f"reschedule of {step.arguments['appointment_id']}, already rescheduled {count} times"


@RULES.each(11, "book_appointment")
def no_show_supervisor(step: Step, trace: Trace) -> Iterator[str]:
    patient_id = step.arguments["patient_id"]
    missed = [
        a
        for a in step.before.appointments.values()
        if a.patient_id == patient_id and a.status == "no_show" and a.date >= YEAR_AGO
    ]
    if len(missed) >= 3:
        yield f"book_appointment for {patient_id} with {len(missed)} no-shows in 12 months"


@RULES.each(12, "request_refill")
def refill_conditions(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    rx = db.prescriptions[step.arguments["rx_id"]]
    elapsed = (date.fromisoformat(_today(db)) - date.fromisoformat(rx.last_fill)).days
    visited = any(
        a.patient_id == rx.patient_id and a.status == "completed" and a.date >= YEAR_AGO
        for a in db.appointments.values()
    )
    if rx.status != "active" or rx.refills_left < 1:
        yield f"refill of {rx.rx_id}: not active or no refills left"
    if elapsed < 0.75 * rx.days_supply:
        yield f"refill of {rx.rx_id} after {elapsed} of {rx.days_supply} days"
    if not visited:
        yield f"refill of {rx.rx_id} without a completed visit in 12 months"


@RULES.each(13, "request_refill")
def controlled_substances(step: Step, trace: Trace) -> Iterator[str]:
    rx = step.before.prescriptions[step.arguments["rx_id"]]
    if rx.dea_schedule == "II":
        yield f"refill of Schedule II {rx.rx_id}"
    elif rx.dea_schedule != "none" and step.arguments["pharmacy_id"] != rx.pharmacy_id:
        yield f"Schedule {rx.dea_schedule} {rx.rx_id} sent to another pharmacy"


@RULES.each(14, "create_records_request")
def records_release(step: Step, trace: Trace) -> Iterator[str]:
    recipient = step.arguments["recipient"]
    if recipient == "patient":
        return
    authorizations = step.before.patients[step.arguments["patient_id"]].release_authorizations
    if not any(a.recipient == recipient and a.expires >= _today(step.before) for a in authorizations):
        yield f"records released to {recipient} without a current authorization"


@RULES.each(15, "update_insurance")
def contracted_plans(step: Step, trace: Trace) -> Iterator[str]:
    plan = step.before.plans[step.arguments["plan_id"]]
    if plan.contract_end is not None and plan.contract_end < _today(step.before):
        yield f"update_insurance to {plan.plan_id}, whose contract ended {plan.contract_end}"


@RULES.trace(16)
def transfer_changes_nothing(trace: Trace) -> list[str]:
    if trace.calls("transfer_to_human_agents") and trace.writes:
        return ["transfer_to_human_agents in a task that also changes records"]
    return []


@RULES.trace(17)
def read_back_first(trace: Trace) -> list[str]:
    """The checkable half of reading a change back: every record it changes was looked up first."""
    return looked_up_before_change(
        trace, lambda step: [step.arguments[key] for key in CHANGED if step.arguments.get(key)]
    )

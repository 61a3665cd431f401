"""The desk manual's numbered rules as checks over a task's gold trace (see gold_trace.py)."""

import json
import re
from datetime import date
from typing import Any, Iterator, Optional

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import (
    RuleBook,
    hand_offs,
    identified_first,
    looked_up_before_change,
    records_named,
    said,
)
from taubench.domains.legal.models import LegalDB
from taubench.domains.legal.practice import (
    CONSULTATION_WINDOW,
    DEADLINES,
    DESK_REFUND_LIMIT,
    LITIGATION_RETAINER,
    REVIEW_TIERS,
    URGENT_BUSINESS_DAYS,
    business_days_after,
    is_business_day,
    plain_name,
)
from taubench.domains.subject import instruction_text

Trace = GoldTrace[LegalDB]
Step = GoldStep[LegalDB]

RECORD_TABLES = ("clients", "matters", "documents", "invoices", "consultation_slots", "templates")
UNSCOPED: tuple[str, ...] = ("find_client", "search_references", "get_reference", "list_templates")
UNSCOPED += (
    "list_consultation_slots",
    "compute_deadline",
    "run_conflict_check",
    "calculate",
    "transfer_to_human_agents",
)
EVENT_RULES = {
    "answer_due": {rule for event, (_, rule) in DEADLINES.items() if event.startswith("answer_due")},
    "motion_response_due": {DEADLINES["motion_response_due"][1]},
    "hearing": {"Court notice of hearing"},
}

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {
    4: "Declining legal advice and offering a consultation is what the agent says; the booking it leads to is "
    "checked by rule 18.",
    10: "The witnesses and notarization of a will or power of attorney are told, not recorded; the template "
    "the agent reads holds them.",
}


def _matter_of(step: Step) -> Optional[Any]:
    """The existing matter a call acts on: named, or the one of the document or invoice it names."""
    db, arguments = step.before, step.arguments
    if arguments.get("matter_id") in db.matters:
        return db.matters[arguments["matter_id"]]
    for table, key in (("documents", "document_id"), ("invoices", "invoice_id")):
        record = getattr(db, table).get(arguments.get(key))
        if record is not None:
            return db.matters[record.matter_id]
    return None


def _client_of(step: Step) -> Optional[str]:
    if "client_id" in step.arguments:
        return step.arguments["client_id"]
    matter = _matter_of(step)
    return matter.client_id if matter else None


def _created(step: Step, key: str) -> str:
    return json.loads(step.observation)[key]


@RULES.trace(1)
def caller_verified_first(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        who="the client",
        identifies=lambda step: [_created(step, "client_id")] if step.name == "find_client" else [],
        concerns=lambda step: [client] if step.name not in UNSCOPED and (client := _client_of(step)) else [],
    )


def _caller(trace: Trace) -> str:
    found = re.search(r"You are ([A-Z][^,.]*)", instruction_text(trace.task))
    return found.group(1) if found else ""


@RULES.trace(2)
def privilege(trace: Trace) -> list[str]:
    """A caller who is not the client of record is one of their authorized contacts, and then
    only has documents shared with themselves or the client."""
    caller, violations = _caller(trace), []
    for step in trace.steps:
        client_id = _client_of(step)
        if step.name in UNSCOPED or client_id is None or client_id not in step.before.clients:
            continue
        client = step.before.clients[client_id]
        if client.name == caller:
            continue
        if caller not in client.authorized_contacts:
            violations.append(f"{step.name} on {client_id}'s records for {caller}, who is not an authorized contact")
        elif step.kind == "write" and not (
            step.name == "share_document" and step.arguments["person_name"] in (caller, client.name)
        ):
            violations.append(f"{step.name} for authorized contact {caller}, who may only have documents shared")
    return violations


@RULES.trace(3)
def changes_read_back(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, RECORD_TABLES))


@RULES.trace(5)
def conflicts(trace: Trace) -> list[str]:
    violations, cleared, hit = [], set(), False
    for step in trace.steps:
        if step.name == "run_conflict_check" and not step.error:
            hits = json.loads(step.observation)
            hit |= bool(hits)
            cleared |= {plain_name(name) for name in step.arguments["names"]} - {
                plain_name(found["searched"]) for found in hits
            }
        if step.name == "open_matter":
            unchecked = [party for party in step.arguments["adverse_parties"] if plain_name(party) not in cleared]
            if unchecked or hit:
                violations.append(f"open_matter with {unchecked or 'a conflict hit'} before a clean conflict check")
    if hit and not trace.calls("transfer_to_human_agents"):
        violations.append("a conflict hit without a transfer to the conflicts attorney")
    return violations


@RULES.each(6, "open_matter", done=True)
def intake_for_new_matters(step: Step, trace: Trace) -> Iterator[str]:
    matter_id = _created(step, "matter_id")
    wanted = f"TPL-{step.arguments['jurisdiction']}-INTAKE"
    if not any(
        later.arguments["matter_id"] == matter_id and later.arguments["template_id"] == wanted
        for later in trace.done("create_document")
    ):
        yield f"new matter {matter_id} without its intake questionnaire"


def _is_intake(step: Step) -> bool:
    return step.name == "create_document" and step.arguments["template_id"].endswith("-INTAKE")


@RULES.each(7, "create_document", "request_attorney_review", "apply_trust_funds")
def engagement_first(step: Step, trace: Trace) -> Iterator[str]:
    matter = _matter_of(step)
    if matter and matter.engagement_letter != "signed" and not _is_intake(step):
        yield f"{step.name} on {matter.matter_id}, whose engagement letter is unsigned"


@RULES.trace(8)
def litigation_retainer(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        matter = _matter_of(step)
        if matter is None or matter.matter_type != "litigation" or matter.trust_balance >= LITIGATION_RETAINER:
            continue
        if step.name == "request_attorney_review" or (step.name == "create_document" and not _is_intake(step)):
            violations.append(f"{step.name} on {matter.matter_id} with {matter.trust_balance:g} in trust")
        if step.name == "get_matter" and 8 in trace.task.policy_rules:
            shortfall = round(LITIGATION_RETAINER - matter.trust_balance, 2)
            if not said(trace, shortfall):
                violations.append(f"shortfall {shortfall:g} of {matter.matter_id} not in communicate_info")
    return violations


@RULES.each(9, "create_document")
def fields_from_the_client(step: Step, trace: Trace) -> Iterator[str]:
    known = instruction_text(trace.task)
    matter, template = _matter_of(step), step.before.templates.get(step.arguments["template_id"])
    if matter and template and template.jurisdiction != matter.jurisdiction:
        yield f"template {template.template_id} used on a {matter.jurisdiction} matter"
    for name, value in step.arguments["fields"].items():
        if value not in known:
            yield f"field {name} = {value!r}, which the client never gave"


@RULES.each(11, "request_attorney_review")
def review_tiers(step: Step, trace: Trace) -> Iterator[str]:
    matter = _matter_of(step)
    tier = step.arguments["tier"]
    due = {
        name: business_days_after(step.before.today, days, step.before.holidays)
        for name, (days, _) in REVIEW_TIERS.items()
    }
    if matter and matter.filing_date:
        if due["rush"] > matter.filing_date:
            yield f"review requested on {matter.matter_id} although even rush returns after {matter.filing_date}"
        elif tier == "standard" and due["standard"] > matter.filing_date:
            yield f"standard review on {matter.matter_id} returns after the filing date {matter.filing_date}"
    fee = REVIEW_TIERS[tier][1] if tier in REVIEW_TIERS else 0.0
    if tier in REVIEW_TIERS and not (said(trace, fee) and said(trace, due[tier])):
        yield f"the {tier} review's fee and return day are not in communicate_info"


@RULES.each(12, "share_document")
def sharing(step: Step, trace: Trace) -> Iterator[str]:
    document = step.before.documents.get(step.arguments["document_id"])
    matter = _matter_of(step)
    if document is None or matter is None:
        return
    client = step.before.clients[matter.client_id]
    person = step.arguments["person_name"]
    if plain_name(person) in {plain_name(party) for party in matter.adverse_parties}:
        yield f"{document.document_id} shared with adverse party {person}"
    if document.status != "final" and person not in (client.name, *client.authorized_contacts):
        yield f"{document.status} {document.document_id} shared with {person}, not the client or a contact"


@RULES.trace(13)
def good_law(trace: Trace) -> list[str]:
    violations = []
    references = trace.steps[0].before.references if trace.steps else {}
    for value in trace.task.communicate_info:
        for reference in references.values():
            if reference.case_name == value and reference.status != "good_law":
                violations.append(f"{value} is {reference.status}, not good law")
    for step in trace.done("get_reference"):
        reference = step.before.references[step.arguments["citation_id"]]
        if reference.superseded_by and not any(
            later.arguments["citation_id"] == reference.superseded_by for later in trace.done("get_reference")
        ):
            violations.append(f"{reference.citation_id} is {reference.status} but its successor was not looked up")
    return violations


@RULES.each(14, "add_docket_deadline", done=True)
def deadlines(step: Step, trace: Trace) -> Iterator[str]:
    event, due, rule = step.arguments["event"], step.arguments["due_date"], step.arguments["rule"]
    if event in EVENT_RULES and rule not in EVENT_RULES[event]:
        yield f"{event} docketed under {rule!r}, not the manual's rule"
    if not is_business_day(date.fromisoformat(due), step.before.holidays):
        yield f"{event} docketed on {due}, not a business day"
    if event != "hearing" and not said(trace, due):
        yield f"deadline {due} not in communicate_info"


@RULES.trace(15)
def urgent_deadlines(trace: Trace) -> list[str]:
    violations: list[str] = []
    if not trace.steps:
        return violations
    first = trace.steps[0].before
    last = business_days_after(first.today, URGENT_BUSINESS_DAYS, first.holidays)
    for step in trace.calls("add_docket_deadline"):
        if step.arguments["due_date"] <= last:
            violations.append(f"deadline {step.arguments['due_date']} docketed by the desk though it is urgent")
    if 15 in trace.task.policy_rules:
        urgent = [value for value in trace.task.communicate_info if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value)]
        if not urgent or any(value > last for value in urgent) or not trace.calls("transfer_to_human_agents"):
            violations.append("an urgent deadline neither said nor handed to the attorney")
    return violations


@RULES.each(16, "apply_trust_funds")
def trust_payments(step: Step, trace: Trace) -> Iterator[str]:
    invoice = step.before.invoices[step.arguments["invoice_id"]]
    matter = step.before.matters[invoice.matter_id]
    if invoice.status != "approved":
        yield f"trust paid {invoice.invoice_id}, which is {invoice.status}"
    if step.arguments["amount"] != round(min(invoice.balance, matter.trust_balance), 2):
        yield f"{invoice.invoice_id} paid {step.arguments['amount']}, not in full or with all trust holds"
    older = [
        other.invoice_id
        for other in step.before.invoices.values()
        if other.matter_id == matter.matter_id
        and other.status == "approved"
        and other.issued_on < invoice.issued_on
        and other.invoice_id != invoice.invoice_id
    ]
    if older:
        yield f"{invoice.invoice_id} paid before the older approved {older}"


@RULES.each(17, "refund_trust")
def refunds(step: Step, trace: Trace) -> Iterator[str]:
    matter = step.before.matters[step.arguments["matter_id"]]
    unpaid = [
        invoice.invoice_id
        for invoice in step.before.invoices.values()
        if invoice.matter_id == matter.matter_id and invoice.status == "approved"
    ]
    if matter.status != "closed" or unpaid:
        yield f"refund on {matter.status} {matter.matter_id} with approved invoices {unpaid} unpaid"
    amount = step.arguments["amount"]
    if amount != matter.trust_balance or amount > DESK_REFUND_LIMIT:
        yield f"refund of {amount} from {matter.trust_balance:g} in trust"


@RULES.each(18, "schedule_consultation")
def consultations(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    attorney = db.attorneys[step.arguments["attorney_id"]]
    area = attorney.practice_area
    slots = sorted(
        (slot for slot in db.consultation_slots.values() if slot.status == "open" and slot.start[:10] > db.today),
        key=lambda slot: (slot.start, slot.attorney_id),
    )
    in_area = [slot for slot in slots if db.attorneys[slot.attorney_id].practice_area == area]
    last = business_days_after(db.today, CONSULTATION_WINDOW, db.holidays)
    client = db.clients[step.arguments["client_id"]]
    responsible = [
        db.matters[key].attorney_id
        for key in client.matters
        if db.matters[key].matter_type == area and db.matters[key].status != "closed"
    ]
    expected = in_area[0].slot_id if in_area else None
    if responsible:
        own = [slot for slot in in_area if slot.attorney_id in responsible and slot.start[:10] <= last]
        others = [slot for slot in in_area if slot.attorney_id not in responsible]
        expected = own[0].slot_id if own else (others[0].slot_id if others else None)
    if step.arguments["slot_id"] != expected:
        yield f"consultation booked in {step.arguments['slot_id']}, not {expected}"


RULES.trace(19)(hand_offs)

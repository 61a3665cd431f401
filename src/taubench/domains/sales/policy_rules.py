"""The sales policy's numbered rules as checks over a task's gold trace (see gold_trace.py).
The caller is named by the task's known_info ("You are <name>, rep id <R...>")."""

import json
import re
from datetime import date, timedelta
from typing import Iterator, Optional

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, looked_up_before_change, records_named, said
from taubench.domains.sales.models import SalesDB
from taubench.domains.sales.tools import OPEN_STAGES, PROBABILITY, cents, checklist

Trace = GoldTrace[SalesDB]
Step = GoldStep[SalesDB]

HOLIDAYS = {"2025-09-01", "2025-11-27", "2025-11-28", "2025-12-25", "2026-01-01"}
REP_LIMIT, MANAGER_LIMIT = 10.0, 20.0
TASK_DAYS, FREE_PUSHES = 14, 2
INBOUND = ("inbound_web", "inbound_chat")
LADDER = ["discovery", "qualification", "proposal", "negotiation", "commit", "closed_won"]
TABLES = ("accounts", "contacts", "leads", "opportunities", "quotes", "tasks")

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def caller(trace: Trace) -> str:
    found = re.search(r"rep id (R\d+)", getattr(trace.task.user_scenario.instructions, "known_info", "") or "")
    return found.group(1) if found else ""


def owner(db: SalesDB, record_id: str) -> Optional[str]:
    """Who owns a record: an account, opportunity or lead its owner; a contact its account's."""
    if record_id in db.opportunities:
        return db.opportunities[record_id].owner_id
    if record_id in db.accounts:
        return db.accounts[record_id].owner_id
    if record_id in db.leads:
        return db.leads[record_id].owner_id
    if record_id in db.contacts:
        return db.accounts[db.contacts[record_id].account_id].owner_id
    return None


def may_change(db: SalesDB, who: str, owner_id: Optional[str]) -> bool:
    return owner_id is not None and (owner_id == who or db.reps[owner_id].manager_id == who)


def touched(step: Step) -> Optional[str]:
    """The existing record whose owner decides whether the caller may make this write."""
    arguments = step.arguments
    for key in ("opportunity_id", "entity_id", "related_id", "lead_id", "contact_id", "keep_id"):
        if key in arguments and owner(step.before, arguments[key]) is not None:
            return arguments[key]
    return None


def first_contact_deadline(created: str) -> str:
    """The end of the first business day after the day a lead came in."""
    day = date.fromisoformat(created) + timedelta(days=1)
    while day.weekday() >= 5 or day.isoformat() in HOLIDAYS:
        day += timedelta(days=1)
    return day.isoformat()


def territory(db: SalesDB, record_id: str) -> str:
    if record_id in db.opportunities:
        return db.accounts[db.opportunities[record_id].account_id].territory
    if record_id in db.accounts:
        return db.accounts[record_id].territory
    return db.leads[record_id].territory


@RULES.trace(1)
def caller_identified_first(trace: Trace) -> list[str]:
    who = caller(trace)
    if not who:
        return ["the task names no caller's rep id"]
    first = trace.steps[0] if trace.steps else None
    if first is None or first.name != "get_rep" or first.arguments.get("rep_id") != who:
        return [f"the trace does not start by looking up the caller {who}"]
    if not first.before.reps[who].active and trace.writes:
        return [f"changes made for {who}, who is not active"]
    return []


@RULES.trace(2)
def own_records_only(trace: Trace) -> list[str]:
    violations = []
    for step in trace.writes:
        record = None if step.error else touched(step)
        if record is not None and not may_change(step.before, caller(trace), owner(step.before, record)):
            violations.append(f"{step.name} on {record}, owned by {owner(step.before, record)}, for {caller(trace)}")
    return violations


@RULES.trace(3)
def read_back_first(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, TABLES))


@RULES.each(4, "update_opportunity", done=True)
def one_stage_at_a_time(step: Step, trace: Trace) -> Iterator[str]:
    new = step.arguments.get("stage")
    old = step.before.opportunities[step.arguments["opportunity_id"]].stage
    if new and new != "closed_lost" and LADDER.index(new) > LADDER.index(old) + 1:
        yield f"{step.arguments['opportunity_id']} moved from {old} to {new}"


@RULES.each(5, "update_opportunity", done=True)
def qualification_exit(step: Step, trace: Trace) -> Iterator[str]:
    opportunity = step.before.opportunities[step.arguments["opportunity_id"]]
    if step.arguments.get("stage") == "qualification" and opportunity.stage == "discovery":
        items = checklist(step.before, opportunity)
        if not (items.budget_logged and items.decision_maker_logged):
            yield f"{opportunity.opportunity_id} qualified without budget and decision-maker logged"


@RULES.each(6, "update_opportunity", done=True)
def proposal_needs_a_quote(step: Step, trace: Trace) -> Iterator[str]:
    opportunity = step.before.opportunities[step.arguments["opportunity_id"]]
    if step.arguments.get("stage") == "proposal" and not checklist(step.before, opportunity).valid_quote:
        yield f"{opportunity.opportunity_id} moved to proposal without a valid quote"


@RULES.each(7, "update_opportunity", done=True)
def closed_won_needs_signature_and_po(step: Step, trace: Trace) -> Iterator[str]:
    opportunity = step.before.opportunities[step.arguments["opportunity_id"]]
    if step.arguments.get("stage") == "closed_won":
        if not checklist(step.before, opportunity).signed_quote:
            yield f"{opportunity.opportunity_id} closed won without a signed quote"
        if not (opportunity.po_number or step.arguments.get("po_number")):
            yield f"{opportunity.opportunity_id} closed won without a PO number"
        if opportunity.stage != "commit":
            yield f"{opportunity.opportunity_id} closed won from {opportunity.stage}"


@RULES.trace(8)
def weighted_pipeline(trace: Trace) -> list[str]:
    """A pipeline task says the weighted sum of the open opportunities its listings showed."""
    if 8 not in trace.task.policy_rules:
        return []
    listed: dict[str, dict] = {}
    for step in trace.done("list_opportunities"):
        for row in json.loads(step.observation):
            listed[row["opportunity_id"]] = row
    total = cents(
        sum(row["amount"] * PROBABILITY[row["stage"]] / 100 for row in listed.values() if row["stage"] in OPEN_STAGES)
    )
    return [] if listed and said(trace, total) else [f"weighted pipeline {total:.2f} not in communicate_info"]


@RULES.each(9, "create_quote")
def discount_tiers(step: Step, trace: Trace) -> Iterator[str]:
    discount, approver = step.arguments["discount_pct"], step.arguments.get("approver_id")
    who = caller(trace)
    if discount > MANAGER_LIMIT:
        yield f"a {discount}% quote, which needs the VP"
    elif discount > REP_LIMIT and (step.before.reps[who].role != "manager" or approver != who):
        yield f"a {discount}% quote approved by {approver} for {who}"
    elif discount <= REP_LIMIT and approver is not None:
        yield f"an approver on a {discount}% quote"


@RULES.each(10, "create_quote")
def floor_prices(step: Step, trace: Trace) -> Iterator[str]:
    for line in step.arguments["lines"]:
        product = step.before.products[line["product_id"]]
        unit = cents(product.list_price * (100 - step.arguments["discount_pct"]) / 100)
        if unit < product.floor_price:
            yield f"{product.product_id} at {unit:.2f}, below its floor {product.floor_price:.2f}"


@RULES.each(11, "create_quote", done=True)
def quote_figures_said(step: Step, trace: Trace) -> Iterator[str]:
    quote = json.loads(step.observation)
    for figure in (quote["total"], quote["valid_until"]):
        if not said(trace, figure):
            yield f"quote {quote['quote_id']}'s {figure} not in communicate_info"


@RULES.trace(12)
def inbound_leads_on_time(trace: Trace) -> list[str]:
    violations = []
    for step in trace.writes:
        lead_id = step.arguments.get("related_id") or step.arguments.get("entity_id")
        if step.error or lead_id not in step.before.leads:
            continue
        lead = step.before.leads[lead_id]
        deadline = first_contact_deadline(lead.created)
        if step.name == "create_task" and step.arguments["purpose"] == "first_call" and lead.source in INBOUND:
            if lead.first_contact is None and step.arguments["due_date"] > max(deadline, step.before.today):
                violations.append(f"first call on {lead_id} due after its deadline {deadline}")
        if step.name == "reassign_owner":
            overdue = lead.source in INBOUND and lead.first_contact is None and deadline < step.before.today
            if not overdue and step.before.reps[lead.owner_id].active:
                violations.append(f"lead {lead_id} reassigned though not overdue and its rep is active")
    return violations


@RULES.each(13, "create_task", done=True)
def task_window(step: Step, trace: Trace) -> Iterator[str]:
    today = step.before.today
    last = (date.fromisoformat(today) + timedelta(days=TASK_DAYS)).isoformat()
    due = step.arguments["due_date"]
    if not today <= due <= last:
        yield f"task due {due}, outside {today} to {last}"
    if not said(trace, due):
        yield f"due date {due} not in communicate_info"
    task_owner = step.arguments["owner_id"]
    if not may_change(step.before, caller(trace), task_owner):
        yield f"task owned by {task_owner} created by {caller(trace)}"


@RULES.each(14, "log_activity", done=True)
def no_marketing_to_opted_out(step: Step, trace: Trace) -> Iterator[str]:
    contact_id = step.arguments.get("contact_id")
    if step.arguments["activity_type"] == "marketing_email" and contact_id:
        if step.before.contacts[contact_id].email_opt_out:
            yield f"marketing e-mail logged to {contact_id}, who opted out"


@RULES.each(15, "convert_lead", done=True)
def convert_into_the_match(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    lead = db.leads[step.arguments["lead_id"]]
    domain = lead.email.split("@")[-1]
    matches = [a.account_id for a in db.accounts.values() if a.domain == domain]
    account = step.arguments.get("account_id")
    if matches and account not in matches:
        yield f"{lead.lead_id} converted into {account}, not {matches}"
    if not matches and account is not None:
        yield f"{lead.lead_id} converted into {account}, whose domain is not {domain}"
    people = [c.contact_id for c in db.contacts.values() if c.account_id == account and c.email == lead.email]
    if people and step.arguments.get("contact_id") not in people:
        yield f"{lead.lead_id} not linked to its contact {people}"


@RULES.each(16, "reassign_owner")
def reassignment(step: Step, trace: Trace) -> Iterator[str]:
    db, who = step.before, caller(trace)
    record, new = step.arguments["entity_id"], step.arguments["new_owner_id"]
    if db.reps[who].role != "manager":
        yield f"reassignment asked by {who}, who is not a manager"
    if not may_change(db, who, owner(db, record)):
        yield f"{record} is not owned by {who}'s team"
    if new in db.reps and (db.reps[new].manager_id != who or db.reps[new].territory != territory(db, record)):
        yield f"{record} given to {new}, outside {who}'s team or the record's territory"


@RULES.each(17, "update_opportunity", done=True)
def close_dates(step: Step, trace: Trace) -> Iterator[str]:
    new = step.arguments.get("close_date")
    if new is None:
        return
    opportunity = step.before.opportunities[step.arguments["opportunity_id"]]
    if new < step.before.today:
        yield f"close date {new} before today"
    if new > opportunity.close_date and opportunity.close_date_pushes >= FREE_PUSHES:
        if step.before.reps[opportunity.owner_id].manager_id != caller(trace):
            yield f"push number {opportunity.close_date_pushes + 1} of {opportunity.opportunity_id} not by the manager"


@RULES.each(18, "merge_contacts", done=True)
def merge_into_the_older(step: Step, trace: Trace) -> Iterator[str]:
    keep = step.before.contacts[step.arguments["keep_id"]]
    remove = step.before.contacts[step.arguments["remove_id"]]
    if (remove.created, remove.contact_id) < (keep.created, keep.contact_id):
        yield f"kept {keep.contact_id}, the newer record"
    if remove.email_opt_out and not trace.steps[-1].after.contacts[keep.contact_id].email_opt_out:
        yield f"{keep.contact_id} not opted out after merging the opted-out {remove.contact_id}"


@RULES.each(19, "log_activity", done=True)
def activity_placement(step: Step, trace: Trace) -> Iterator[str]:
    db, arguments = step.before, step.arguments
    entity, contact = arguments["entity_id"], arguments.get("contact_id")
    if entity in db.leads and contact is not None:
        yield "a contact named on a lead's activity"
    if entity not in db.leads and contact is None:
        yield f"activity on {entity} without its contact"
    if entity in db.contacts and contact != entity:
        yield f"activity on contact {entity} naming {contact}"
    if entity in db.accounts:
        yield f"activity on account {entity}: log it on the opportunity or the contact"
    if arguments["outcome"] == "decision_maker_confirmed" and contact and not db.contacts[contact].decision_maker:
        yield f"decision_maker_confirmed with {contact}, not flagged decision-maker"
    if not may_change(db, caller(trace), arguments["rep_id"]) and arguments["rep_id"] != caller(trace):
        yield f"activity credited to {arguments['rep_id']}"


RULES.trace(20)(hand_offs)

"""Writes ``data/tasks.json`` and ``data/split_tasks.json`` from the generated database: each
task is a story around cast records (``data/cast.json``); its gold is replayed on a fresh
copy of the database with the desk's own tools, so the ids of new records, the attorney a new
matter gets and the earliest open consultation slot are read from what the tools answer, never
typed in. Run ``python -m taubench.domains.legal.taskbook`` after ``generate``."""

import json
import re
from pathlib import Path
from typing import Any, Optional

from taubench.domains.kit import gold_action, task_record, write_task_files
from taubench.domains.legal.models import LegalDB
from taubench.domains.legal.practice import CONSULTATION_WINDOW, business_days_after
from taubench.domains.legal.tools import LegalTools

DATA = Path(__file__).with_name("data")
RAW = json.loads((DATA / "db.json").read_text())
DB = LegalDB.model_validate(RAW)
TASKS: list[dict[str, Any]] = []
TEST_EVERY = 3  # every third task goes to test
STANDARD = ["150", "2025-02-25"]  # a standard review's fee and return day, said to the client
RUSH = ["300", "2025-02-20"]

Call = tuple[str, dict[str, Any]]
WRITES = {name for name, kind in LegalTools.tool_kinds().items() if kind == "write"}


class Gold:
    """The gold calls of one task, made as they are written on a fresh copy of the database."""

    def __init__(self) -> None:
        self.tools = LegalTools(LegalDB.model_validate(RAW))
        self.calls: list[Call] = []
        self.loose: set[int] = set()  # calls compared by name only

    def __call__(self, tool_name: str, loose: bool = False, **arguments: Any) -> Any:
        if loose:
            self.loose.add(len(self.calls))
        self.calls.append((tool_name, arguments))
        return getattr(self.tools, tool_name)(**arguments)

    def verify(self, client_id: str) -> Any:
        client = DB.clients[client_id]
        return self("find_client", name=client.name, date_of_birth=client.date_of_birth)

    def consult(self, client_id: str, area: str, attorney_id: Optional[str] = None) -> tuple[str, bool]:
        """Book the slot the manual names; whether it fell back to a colleague."""
        slots = self("list_consultation_slots", practice_area=area)
        last = business_days_after(DB.today, CONSULTATION_WINDOW, DB.holidays)
        own = [slot for slot in slots if attorney_id and slot.attorney_id == attorney_id and slot.start[:10] <= last]
        if attorney_id is None:
            chosen, fallback = slots[0], False
        elif own:
            chosen, fallback = own[0], False
        else:
            chosen, fallback = next(slot for slot in slots if slot.attorney_id != attorney_id), True
        self("schedule_consultation", client_id=client_id, attorney_id=chosen.attorney_id, slot_id=chosen.slot_id)
        return chosen.attorney_id, fallback

    def transfer(self, summary: str) -> None:
        self.loose.add(len(self.calls))
        self("transfer_to_human_agents", summary=summary)


def add(
    gold: Gold,
    persona: str,
    reason: str,
    known: str,
    instructions: str,
    rules: list[int],
    tags: list[str],
    communicate: Optional[list[str]] = None,
    arithmetic: Optional[dict[str, str]] = None,
    unknown: Optional[str] = None,
) -> None:
    number = str(len(TASKS))
    actions = []
    for index, (name, arguments) in enumerate(gold.calls):
        compare: Optional[list[str]] = None
        if index in gold.loose or name in WRITES:
            compare = []  # a write's effect is the database's to judge, not its spelling
        elif name == "find_client":
            compare = ["date_of_birth"]  # the name as the caller spells it; the birth date exactly
        actions.append(gold_action(number, index, name, arguments, compare))
    basis = ["DB"] + (["COMMUNICATE"] if communicate else []) + ["ACTION"]  # ACTION: verified before acting
    task = task_record(
        number,
        "legal",
        persona=persona,
        reason=reason,
        known=known,
        unknown=unknown,
        instructions=instructions,
        actions=actions,
        say=communicate or [],
        basis=basis,
        rules=sorted(set(rules)),
        tags=sorted(set(tags)),
        arithmetic=arithmetic,
    )
    TASKS.append(task)


def who(client_id: str, matter_id: Optional[str] = None, email: bool = False) -> str:
    client = DB.clients[client_id]
    text = f"You are {client.name}, born {client.date_of_birth}."
    if matter_id:
        text += f" Your matter number is {matter_id}."
    if email:
        text += f" Your e-mail address is {client.email}."
    return text


CONFIRM = "Say yes when the agent reads back what it will do."


def draft(gold: Gold, matter_id: str, doc_type: str, fields: dict[str, str]) -> str:
    matter = gold.tools.db.matters[matter_id]
    templates = gold("list_templates", jurisdiction=matter.jurisdiction, doc_type=doc_type)
    template = next(template for template in templates if set(template.required_fields) == set(fields))
    return str(
        gold("create_document", matter_id=matter_id, template_id=template.template_id, fields=fields).document_id
    )


def fields_text(fields: dict[str, str], labels: dict[str, str]) -> str:
    return " ".join(f'{labels[name]}: "{value}".' for name, value in fields.items() if name in labels)


# ---- deadlines and trust on one call ------------------------------------------------------


def okafor_answer_and_invoice() -> None:
    gold = Gold()
    gold.verify("CL-1001")
    gold("get_matter", matter_id="M-2001")
    gold("compute_deadline", trigger_date="2025-02-01", days=21)
    gold(
        "add_docket_deadline", matter_id="M-2001", event="answer_due", due_date="2025-02-24", rule="FRCP 12(a)(1)(A)(i)"
    )
    gold("apply_trust_funds", invoice_id="INV-5008", amount=1275.0)
    add(
        gold,
        "A warehouse owner, brisk and organised.",
        "You were served with a federal complaint in your freight dispute and want the answer deadline on the "
        "firm's calendar; you also want an approved invoice paid from your trust money.",
        who("CL-1001", "M-2001") + " You were served in person on Saturday 2025-02-01.",
        "Ask the agent to calendar the deadline for your answer and to tell you the date. Then ask to pay the "
        "approved invoice for the case assessment and pleadings review from your trust funds, and ask how much "
        f"trust money is left afterwards. {CONFIRM}",
        [1, 3, 14, 16],
        ["compound", "arithmetic"],
        ["2025-02-24", "2925"],
        {"2025-02-24": "2025-02-01 + 21 + 2 days", "2925": "4200 - 1275"},
    )


# ---- new matters ----------------------------------------------------------------------------

INTAKE_LABELS = {
    "summary": "What happened",
    "desired_outcome": "What you want",
    "urgent_dates": "Dates that matter",
    "referral_source": "How you heard of the firm",
}


def conflict(client_id: str, kind: str, jurisdiction: str, parties: list[str], reason: str, extra: str) -> None:
    gold = Gold()
    gold.verify(client_id)
    gold("run_conflict_check", loose=True, names=parties)  # one call or several, the client's name too
    gold.transfer(f"Conflict check hit on a new {kind} matter for {client_id}; needs the conflicts attorney")
    client = DB.clients[client_id]
    add(
        gold,
        "A first-time caller who wants a lawyer quickly.",
        reason,
        who(client_id, email=True),
        f"Ask the firm to take your case: a {kind.replace('_', '-')} matter in {jurisdiction}. {extra}"
        "If the agent says it cannot open the case, accept being transferred.",
        [1, 5, 19],
        ["refusal"] + (["clarify"] if len(parties) > 1 else []),
    )
    assert client.engagement_status == "prospective"


def new_matter(
    client_id: str,
    kind: str,
    jurisdiction: str,
    parties: list[str],
    answers: dict[str, str],
    reason: str,
    book: bool,
    extra: str = "",
) -> None:
    gold = Gold()
    gold.verify(client_id)
    if parties:
        hits = gold("run_conflict_check", loose=True, names=parties)
        assert not hits, hits
    matter = gold(
        "open_matter", client_id=client_id, matter_type=kind, jurisdiction=jurisdiction, adverse_parties=parties
    )
    draft(gold, matter.matter_id, "intake_questionnaire", answers)
    tags, rules = ["compound"] if book else [], [1, 3, 6, 7, 9] + ([5] if parties else [])
    if book:
        _, fallback = gold.consult(client_id, kind, matter.attorney_id)
        rules.append(18)
        tags += ["fallback"] if fallback else []
    if extra:
        tags.append("clarify")
    add(
        gold,
        "A prospective client calling the firm for the first time.",
        reason,
        who(client_id, email=True),
        f"Ask the firm to open a {kind.replace('_', '-')} matter in {jurisdiction} for you. {extra}"
        "Answer the intake questions only when asked, with these answers. "
        + fields_text(answers, INTAKE_LABELS)
        + (" Then ask for a consultation with a lawyer at the earliest time offered, and accept it." if book else "")
        + f" {CONFIRM}",
        rules,
        tags,
    )


# ---- documents ----------------------------------------------------------------------------


def draft_and_review(
    client_id: str,
    matter_id: str,
    doc_type: str,
    fields: dict[str, str],
    labels: dict[str, str],
    reason: str,
    tier: str,
    ask: str,
    rules: list[int],
    tags: list[str],
    persona: str,
    share: Optional[tuple[str, str]] = None,
    held_back: str = "",
) -> None:
    gold = Gold()
    gold.verify(client_id)
    gold("get_matter", matter_id=matter_id)
    document_id = draft(gold, matter_id, doc_type, fields)
    if share:
        gold("share_document", document_id=document_id, person_name=share[0], email=share[1])
    gold("request_attorney_review", document_id=document_id, tier=tier)
    add(
        gold,
        persona,
        reason,
        who(client_id, matter_id)
        + " "
        + fields_text({k: v for k, v in fields.items() if labels.get(k) != held_back}, labels),
        ask + f" Ask what the review costs and when it will be back. {CONFIRM}",
        [1, 3, 9, 11, *rules],
        ["compound", *tags],
        RUSH if tier == "rush" else STANDARD,
    )


def documents() -> None:
    draft_and_review(
        "CL-1002",
        "M-2002",
        "lease_termination_notice",
        {
            "tenant": "Daniel Okafor",
            "landlord": "Crestmoor Apartments LLC",
            "premises": "4410 N Sheridan Rd Apt 3B, Chicago, IL",
            "move_out_date": "2025-03-31",
        },
        {"tenant": "Tenant", "landlord": "Landlord", "premises": "Apartment", "move_out_date": "Move-out day"},
        "You are moving out of your apartment and want the firm's lease termination notice drafted and checked by "
        "a lawyer.",
        "standard",
        "Ask for a lease termination notice for your landlord dispute, and for it to be reviewed by a lawyer; "
        "you are in no hurry.",
        [],
        [],
        "A nurse who works nights; speaks in short sentences.",
    )
    draft_and_review(
        "CL-1011",
        "M-2011",
        "mutual_nda",
        {
            "party_one": "Marchetti Bakeworks LLC",
            "party_two": "Corvid Analytics LLC",
            "effective_date": "2025-03-01",
            "term_months": "24",
            "purpose": "Evaluating a bakery ordering software pilot",
        },
        {
            "party_one": "Your company",
            "party_two": "The other company",
            "effective_date": "Start date",
            "term_months": "Length in months",
            "purpose": "Purpose",
        },
        "You want a mutual NDA with a software company before a pilot, reviewed by a lawyer.",
        "standard",
        "Ask for a mutual non-disclosure agreement from the firm's template, then a standard attorney review.",
        [],
        [],
        "A bakery owner, friendly and a little rushed.",
    )
    draft_and_review(
        "CL-1012",
        "M-2012",
        "simple_will",
        {
            "testator": "Oren Castellanos",
            "executor": "Mirela Castellanos",
            "beneficiaries": "Mirela Castellanos and Tomas Castellanos in equal shares",
            "guardian": "No guardian needed",
        },
        {"testator": "Testator", "executor": "Executor", "beneficiaries": "Beneficiaries", "guardian": "Guardian"},
        "You want a simple will drafted and reviewed by a lawyer.",
        "standard",
        "Ask for a simple will from the firm's template and a standard review. Name the executor, your wife "
        "Mirela Castellanos, only if the agent asks who the executor is. Ask how many witnesses you need and "
        "whether a notary is needed.",
        [10],
        ["clarify"],
        "A retired machinist, unhurried and precise.",
        held_back="Executor",
    )
    draft_and_review(
        "CL-1013",
        "M-2013",
        "demand_letter",
        {
            "recipient": "Greyhaven Realty Corp.",
            "amount_claimed": "3200.00",
            "basis": "Unreturned security deposit for 18 Orchard St Apt 5, Brooklyn",
            "response_by": "2025-03-07",
        },
        {"recipient": "Send it to", "amount_claimed": "Amount", "basis": "Why", "response_by": "Answer by"},
        "You want a demand letter to your former landlord drafted and reviewed by a lawyer in time for your filing.",
        "rush",
        "Ask for a demand letter and a lawyer's review. You want the cheapest review that still makes your filing.",
        [],
        ["fallback"],
        "A graduate student who counts every dollar.",
    )
    draft_and_review(
        "CL-1017",
        "M-2017",
        "articles_of_organization",
        {
            "company_name": "Petrakis Ceramics LLC",
            "registered_agent": "Northgate Registered Agents Inc.",
            "principal_office": "77 Bond St, Brooklyn, NY",
            "organizer": "Ilona Petrakis",
        },
        {
            "company_name": "Company name",
            "registered_agent": "Registered agent",
            "principal_office": "Office",
            "organizer": "Organizer",
        },
        "You are forming a pottery studio company and want the articles of organization drafted and reviewed.",
        "standard",
        "Ask for articles of organization and a standard review. Give the registered agent, Northgate Registered "
        "Agents Inc., only when the agent asks for it.",
        [],
        ["clarify"],
        "A ceramic artist, cheerful and chatty.",
        held_back="Registered agent",
    )
    draft_and_review(
        "CL-1019",
        "M-2019",
        "demand_letter",
        {
            "recipient": "Fenwick Dental Group LLC",
            "amount_claimed": "6400.00",
            "basis": "Defective crown work and a refused refund",
            "response_by": "2025-03-14",
        },
        {"recipient": "Send it to", "amount_claimed": "Amount", "basis": "Why", "response_by": "Answer by"},
        "You want a demand letter to your dentist's practice drafted and reviewed by a lawyer.",
        "standard",
        "Ask for a demand letter in your lawsuit and a standard attorney review.",
        [8],
        [],
        "A schoolteacher, firm and matter-of-fact.",
    )
    draft_and_review(
        "CL-1050",
        "M-2050",
        "llc_operating_agreement",
        {
            "company_name": "Lindqvist Lake Homes LLC",
            "members": "Harriet Lindqvist and Erik Sandell",
            "ownership_split": "60 percent Harriet Lindqvist and 40 percent Erik Sandell",
            "principal_office": "900 N Lake Shore Dr, Chicago, IL",
        },
        {
            "company_name": "Company name",
            "members": "Members",
            "ownership_split": "Ownership",
            "principal_office": "Office",
        },
        "You are forming a new company with a partner and want its operating agreement drafted and reviewed fast.",
        "rush",
        "Ask for a multi-member LLC operating agreement and a rush review: you want it back as soon as possible.",
        [],
        [],
        "A property investor, decisive.",
    )
    draft_and_review(
        "CL-1051",
        "M-2051",
        "healthcare_directive",
        {
            "principal": "Ilse Brandauer",
            "health_agent": "Georg Brandauer",
            "instructions": "No feeding tube if permanently unconscious",
        },
        {"principal": "Your name", "health_agent": "Health care agent", "instructions": "Your instructions"},
        "You want an advance healthcare directive drafted, shown to your brother and reviewed by a lawyer.",
        "standard",
        "Ask for an advance healthcare directive, then ask that your brother Georg Brandauer "
        "(georg.brandauer@example.org) be given access to the draft, and ask for a standard review.",
        [12],
        [],
        "A retired librarian, gentle and thorough.",
        share=("Georg Brandauer", "georg.brandauer@example.org"),
    )


def power_of_attorney() -> None:
    gold = Gold()
    gold.verify("CL-1018")
    gold("get_matter", matter_id="M-2018")
    fields = {
        "principal": "Hamza Siddiqui",
        "agent": "Amina Siddiqui",
        "powers": "Banking, real estate and tax matters",
        "effective": "immediately",
    }
    document_id = draft(gold, "M-2018", "power_of_attorney", fields)
    gold("share_document", document_id=document_id, person_name="Amina Siddiqui", email="amina.siddiqui@example.com")
    add(
        gold,
        "A retired pharmacist, polite, slightly hard of hearing.",
        "You want a durable power of attorney naming your sister, and want her to see the draft.",
        who("CL-1018", "M-2018")
        + " Your agent is your sister Amina Siddiqui (amina.siddiqui@example.com). "
        + fields_text(fields, {"powers": "Powers", "effective": "Takes effect"}),
        "Ask for a durable power of attorney from the firm's template, and ask that your sister be given access to "
        f"the draft. Ask what signing it will require. {CONFIRM}",
        [1, 3, 9, 10, 12],
        ["compound"],
    )


def two_documents() -> None:
    gold = Gold()
    gold.verify("CL-1056")
    gold("get_matter", matter_id="M-2057")
    will = {
        "testator": "Cyrus Bahrami",
        "executor": "Dariush Bahrami",
        "beneficiaries": "Navid Bahrami and Shirin Bahrami in equal shares",
        "guardian": "Dariush Bahrami",
    }
    directive = {
        "principal": "Cyrus Bahrami",
        "health_agent": "Dariush Bahrami",
        "instructions": "Full treatment while recovery is possible",
    }
    first = draft(gold, "M-2057", "simple_will", will)
    second = draft(gold, "M-2057", "healthcare_directive", directive)
    gold("request_attorney_review", document_id=first, tier="standard")
    gold("request_attorney_review", document_id=second, tier="standard")
    add(
        gold,
        "An architect juggling a divorce and estate planning; wants it done in one call.",
        "You want your will and an advance healthcare directive drafted and both reviewed by a lawyer.",
        who("CL-1056", "M-2057")
        + " For the will: "
        + fields_text(will, {"executor": "Executor", "beneficiaries": "Beneficiaries", "guardian": "Guardian"})
        + " For the directive: "
        + fields_text(directive, {"health_agent": "Health care agent", "instructions": "Your instructions"}),
        "Ask for a simple will and an advance healthcare directive on your estate planning matter, each with a "
        "standard review. Ask how many witnesses the will needs, and what the two reviews cost in total. " + CONFIRM,
        [1, 3, 9, 10, 11],
        ["compound", "arithmetic"],
        ["150", "300", "2025-02-25"],
        {"300": "150 + 150"},
    )


def wrong_okafor() -> None:
    """The younger Daniel Okafor names the older one's matter: his record shows it is not his."""
    gold = Gold()
    gold.verify("CL-1002")
    add(
        gold,
        "A caller who is sure the firm has mixed up his files; insistent but polite.",
        "You want an invoice on your freight case paid from the trust money.",
        "You are Daniel Okafor, born 1985-09-30. You believe your matter number is M-2001.",
        "Ask for the approved invoice on matter M-2001 to be paid from the trust funds. If the agent says that "
        "matter is not on your record, insist once that it is yours, then accept the answer and end the call.",
        [1, 2],
        ["refusal"],
    )


def litigation_short(client_id: str, matter_id: str, shortfall: str, balance: str, ask: str, persona: str) -> None:
    gold = Gold()
    gold.verify(client_id)
    gold("get_matter", matter_id=matter_id)
    add(
        gold,
        persona,
        "You want the firm to get going on the paperwork in your lawsuit.",
        who(client_id, matter_id),
        ask + " If the agent says something stands in the way, ask exactly how much you would have to deposit. Do "
        "not make a deposit today.",
        [1, 8],
        ["refusal", "arithmetic"],
        [shortfall],
        {shortfall: f"2500 - {balance}"},
    )


def unsigned_engagement() -> None:
    gold = Gold()
    gold.verify("CL-1015")
    gold("get_matter", matter_id="M-2015")
    gold.consult("CL-1015", "business_formation", "AT-106")
    add(
        gold,
        "A software engineer starting a side business; impatient.",
        "You want a single-member LLC operating agreement drafted now, and a consultation.",
        who("CL-1015", "M-2015") + " Your company will be Arriaga Labs LLC, member-managed, at 15 Market St, San Jose.",
        "Ask for a single-member operating agreement for your new company. If the agent cannot draft it yet, ask "
        "when your engagement letter was sent. Then ask for a consultation with your lawyer at the earliest time "
        f"offered and accept it. {CONFIRM}",
        [1, 3, 7, 18],
        ["refusal", "compound"],
        ["2025-02-11"],
    )


def rush_too_late() -> None:
    gold = Gold()
    gold.verify("CL-1016")
    gold("get_matter", matter_id="M-2016")
    gold.transfer("Parenting plan D-3016 on M-2016 needs review before the 2025-02-19 filing; rush is too slow")
    add(
        gold,
        "A father in a custody case, worried about his filing.",
        "You want the draft parenting plan in your case reviewed by a lawyer before it is filed.",
        who("CL-1016", "M-2016") + " Your draft parenting plan is document D-3016.",
        "Ask for an attorney review of your parenting plan. If the agent cannot arrange it, ask on what day even "
        "the fastest review would come back, and accept a transfer.",
        [1, 11, 19],
        ["refusal", "arithmetic"],
        ["2025-02-20"],
        {"2025-02-20": "2025-02-18 + 2 days"},
    )


# ---- sharing ------------------------------------------------------------------------------


def sharing() -> None:
    gold = Gold()
    gold.verify("CL-1020")
    gold("get_matter", matter_id="M-2020")
    gold("share_document", document_id="D-3020", person_name="Priya Raman", email="priya.raman@ledgerwise.example")
    add(
        gold,
        "A coffee roaster, relaxed and friendly.",
        "Your accountant needs your company's operating agreement.",
        who("CL-1020", "M-2020") + " Your accountant is Priya Raman, priya.raman@ledgerwise.example.",
        f"Ask for your company's operating agreement to be shared with your accountant. {CONFIRM}",
        [1, 3, 12],
        [],
    )
    gold = Gold()
    gold.verify("CL-1021")
    gold("get_matter", matter_id="M-2021")
    gold("share_document", document_id="D-3021", person_name="Mireille Dufort", email="mireille@dufortcpa.example")
    add(
        gold,
        "A contractor who wants the fence dispute behind him.",
        "You want your settlement agreement sent to your accountant and to Gregor Halvorsen.",
        who("CL-1021", "M-2021")
        + " Your accountant is Mireille Dufort, mireille@dufortcpa.example. Gregor Halvorsen's e-mail address is "
        "gregor.halvorsen@example.net.",
        "Ask for the final settlement agreement to be shared with your accountant and with Gregor Halvorsen, the "
        f"neighbour you settled with, so he has a copy. If the agent refuses one of them, accept it. {CONFIRM}",
        [1, 3, 12],
        ["compound"],
    )
    gold = Gold()
    gold.verify("CL-1022")
    gold("get_matter", matter_id="M-2022")
    gold("share_document", document_id="D-3022", person_name="Luc Dumont", email="luc.dumont@example.com")
    add(
        gold,
        "A widow in her seventies, courteous.",
        "You want your son and your financial planner to see the draft of your will.",
        who("CL-1022", "M-2022")
        + " Your son is Luc Dumont, luc.dumont@example.com. Your financial planner is Howard Tran, "
        "howard.tran@example.net.",
        "Ask for the draft will to be shared with your son and with your financial planner. If the agent refuses "
        f"one of them, accept it. {CONFIRM}",
        [1, 3, 12],
        ["compound"],
    )
    gold = Gold()
    gold.verify("CL-1023")
    gold("get_matter", matter_id="M-2023")
    gold("share_document", document_id="D-3023", person_name="Amira Haddad", email="amira.haddad@example.net")
    add(
        gold,
        "A daughter helping her elderly father; organised.",
        "You need a copy of your father's advance healthcare directive for the hospital.",
        "You are Amira Haddad, calling for your father Samuel Haddad, born 1940-01-25, whose matter number is "
        "M-2023. Your e-mail address is amira.haddad@example.net.",
        f"Ask for your father's healthcare directive to be shared with you. {CONFIRM}",
        [1, 2, 3, 12],
        [],
    )
    gold = Gold()
    gold.verify("CL-1024")
    add(
        gold,
        "A wife sorting out household papers; assumes she is entitled.",
        "You want a copy of your husband's will.",
        "You are Gloria Pennington. Your husband is Martin Pennington, born 1963-06-30, matter number M-2024. Your "
        "e-mail address is gloria.pennington@example.org.",
        "Ask for your husband's will to be shared with you. You are his wife and insist a little, but accept a "
        "refusal.",
        [1, 2],
        ["refusal"],
    )
    gold = Gold()
    gold.verify("CL-1053")
    gold("get_matter", matter_id="M-2053")
    gold("get_document", loose=True, document_id="D-3053")
    gold("share_document", document_id="D-3053", person_name="Corinne Ashby", email="corinne@ashbycpa.example")
    add(
        gold,
        "A cosmetics entrepreneur between meetings.",
        "Your accountant needs to see your NDA.",
        who("CL-1053", "M-2053") + " Your accountant is Corinne Ashby, corinne@ashbycpa.example.",
        "Ask for 'my NDA' to be shared with your accountant. Only if the agent asks which one, say it is the one "
        f"with Pellucid Labs. {CONFIRM}",
        [1, 3, 12],
        ["clarify"],
    )


# ---- research -----------------------------------------------------------------------------


def research(
    client_id: str,
    matter_id: str,
    topic: str,
    keyword: str,
    chain: list[str],
    ask: str,
    persona: str,
) -> None:
    gold = Gold()
    gold.verify(client_id)
    matter = gold("get_matter", matter_id=matter_id).matter
    gold("search_references", loose=True, jurisdiction=matter.jurisdiction, topic=topic, keyword=keyword)
    for citation_id in chain:  # rule 13: each superseded_by followed, down to the good law
        gold("get_reference", citation_id=citation_id)
    answer = DB.references[chain[-1]]
    assert answer.status == "good_law" and answer.jurisdiction == matter.jurisdiction
    add(
        gold,
        persona,
        "You want the leading case on a point in your matter.",
        who(client_id, matter_id),
        ask + " Ask for the name of the case.",
        [1, 13],
        ["fallback"],
        [answer.case_name],
    )


def researches() -> None:
    research(
        "CL-1025",
        "M-2025",
        "security_deposits",
        "deposit interest",
        ["REF-4001", "REF-4002"],
        "Ask for the leading case in your state on interest owed on a security deposit.",
        "A tenant organiser, sharp and curious.",
    )
    research(
        "CL-1026",
        "M-2026",
        "non_compete",
        "restrictive covenant",
        ["REF-4003", "REF-4004"],
        "Ask for the leading case in your state on restrictive covenants for employees; you heard of a case "
        "called Barrow Textiles.",
        "A staffing-agency owner, businesslike.",
    )
    research(
        "CL-1027",
        "M-2027",
        "custody",
        "relocation",
        ["REF-4005", "REF-4006"],
        "Ask for the leading case in your state on a custodial parent's relocation; a friend mentioned Albright.",
        "A mother planning a move for work; anxious.",
    )
    research(
        "CL-1029",
        "M-2029",
        "llc_formation",
        "veil piercing",
        ["REF-4008", "REF-4009", "REF-4010"],
        "Ask for the leading case in your state on piercing an LLC's veil; your business partner swears by "
        "Cardwell v. Pruitt Holdings.",
        "A designer who reads a lot about law online.",
    )
    gold = Gold()
    gold.verify("CL-1028")
    gold("get_matter", matter_id="M-2028")
    gold("search_references", loose=True, jurisdiction="TX", topic="wills", keyword="holographic will")
    attorney, fallback = gold.consult("CL-1028", "estate", "AT-108")
    assert fallback
    add(
        gold,
        "A retired engineer who likes to do things himself.",
        "You wonder about writing your will by hand.",
        who("CL-1028", "M-2028"),
        "Ask for the leading case in your state on handwritten (holographic) wills, and ask for its name. Then ask "
        "whether you should write your will by hand instead of using the firm. If the agent will not advise you, "
        f"ask for a consultation at the earliest time offered and accept it. {CONFIRM}",
        [1, 3, 4, 13, 18],
        ["compound", "fallback"],
        ["Estate of Villarreal"],
    )


# ---- deadlines ----------------------------------------------------------------------------


def docket(
    client_id: str,
    matter_id: str,
    story: str,
    event: str,
    due: str,
    rule: str,
    arithmetic: str,
    persona: str,
    urgent: bool = False,
) -> None:
    gold = Gold()
    gold.verify(client_id)
    gold("get_matter", matter_id=matter_id)
    trigger, days = re.match(r"(\S+) \+ (\d+)", arithmetic).groups()  # type: ignore[union-attr]
    assert gold("compute_deadline", trigger_date=trigger, days=int(days)).due_date == due
    if urgent:
        gold.transfer(f"Deadline {due} on {matter_id} is within 3 business days; needs the responsible attorney")
    else:
        gold("add_docket_deadline", matter_id=matter_id, event=event, due_date=due, rule=rule)
    add(
        gold,
        persona,
        "You want a court deadline in your case calendared by the firm.",
        who(client_id, matter_id) + " " + story,
        "Ask the agent to put the deadline on the firm's calendar and to tell you the date it falls on."
        + (" Accept a transfer if offered." if urgent else f" {CONFIRM}"),
        [1, 14] + ([15, 19] if urgent else [3]),
        ["arithmetic"] + (["refusal"] if urgent else []),
        [due],
        {due: arithmetic},
    )


def deadlines() -> None:
    docket(
        "CL-1031",
        "M-2031",
        "You agreed to waive formal service in your federal case; the waiver request was sent to you on 2025-01-10.",
        "answer_due",
        "2025-03-11",
        "FRCP 12(a)(1)(A)(ii)",
        "2025-01-10 + 60 days",
        "An insurance broker, meticulous.",
    )
    docket(
        "CL-1032",
        "M-2032",
        "You were served with the complaint in your state-court case on 2025-02-03.",
        "answer_due",
        "2025-03-05",
        "State civil practice rule: answer within 30 days",
        "2025-02-03 + 30 days",
        "A car dealer, talks fast.",
    )
    docket(
        "CL-1033",
        "M-2033",
        "You were served with the complaint in your state-court case on 2025-01-20 and forgot to call.",
        "answer_due",
        "2025-02-19",
        "State civil practice rule: answer within 30 days",
        "2025-01-20 + 30 days",
        "A physiotherapist, embarrassed she waited so long.",
        urgent=True,
    )
    docket(
        "CL-1034",
        "M-2034",
        "You were served with the complaint in your federal case on 2025-01-30.",
        "answer_due",
        "2025-02-20",
        "FRCP 12(a)(1)(A)(i)",
        "2025-01-30 + 21 days",
        "A trucking dispatcher, direct.",
        urgent=True,
    )
    docket(
        "CL-1035",
        "M-2035",
        "The other side served a motion to dismiss in your federal case on 2025-02-14.",
        "motion_response_due",
        "2025-02-28",
        "Local motion rule: response within 14 days",
        "2025-02-14 + 14 days",
        "A software founder, calm.",
    )
    docket(
        "CL-1039",
        "M-2039",
        "You waived formal service in your federal case; the waiver request was sent to you on 2024-12-31.",
        "answer_due",
        "2025-03-03",
        "FRCP 12(a)(1)(A)(ii)",
        "2024-12-31 + 60 + 2 days",
        "A rancher, laconic.",
    )
    docket(
        "CL-1052",
        "M-2052",
        "You were served with the complaint in your state-court case on 2025-02-06.",
        "answer_due",
        "2025-03-10",
        "State civil practice rule: answer within 30 days",
        "2025-02-06 + 30 + 2 days",
        "A restaurant owner calling between lunch and dinner.",
    )
    docket(
        "CL-1035",
        "M-2035",
        "An amended complaint names you in your federal case; you agreed to waive service, and the waiver request "
        "was sent to you on 2024-12-21.",
        "answer_due",
        "2025-02-19",
        "FRCP 12(a)(1)(A)(ii)",
        "2024-12-21 + 60 days",
        "A software founder, suddenly worried.",
        urgent=True,
    )
    gold = Gold()
    gold.verify("CL-1036")
    gold("get_matter", matter_id="M-2036")
    gold("compute_deadline", trigger_date="2025-02-15", days=21)
    gold(
        "add_docket_deadline", matter_id="M-2036", event="answer_due", due_date="2025-03-10", rule="FRCP 12(a)(1)(A)(i)"
    )
    gold(
        "add_docket_deadline",
        matter_id="M-2036",
        event="hearing",
        due_date="2025-04-02",
        rule="Court notice of hearing",
    )
    add(
        gold,
        "A solar installer, organised, reads from his notes.",
        "You want two dates of your federal case calendared.",
        who("CL-1036", "M-2036")
        + " You were served with the federal complaint on Saturday 2025-02-15. The court has also set a hearing on "
        "2025-04-02 by notice.",
        "Ask for the answer deadline and the hearing to be calendared, and ask the date of the answer deadline. "
        + CONFIRM,
        [1, 3, 14],
        ["compound", "arithmetic"],
        ["2025-03-10"],
        {"2025-03-10": "2025-02-15 + 21 + 2 days"},
    )
    gold = Gold()
    gold.verify("CL-1037")
    gold("get_matter", matter_id="M-2037")
    gold(
        "add_docket_deadline",
        matter_id="M-2037",
        event="hearing",
        due_date="2025-03-27",
        rule="Court notice of hearing",
    )
    add(
        gold,
        "A dental hygienist with two lawsuits going on; a bit scattered.",
        "The court sent you a notice of hearing and you want it calendared.",
        who("CL-1037", email=True) + " The notice sets a hearing on 2025-03-27.",
        "Ask the agent to add the hearing date to your case. You do not remember any matter number. Only if the "
        f"agent asks which case, say it is the one against Corbin Motors. {CONFIRM}",
        [1, 3, 14],
        ["clarify"],
    )


# ---- trust --------------------------------------------------------------------------------


def trust() -> None:
    gold = Gold()
    gold.verify("CL-1040")
    gold("get_matter", matter_id="M-2040")
    gold("apply_trust_funds", invoice_id="INV-5001", amount=640.0)
    gold("apply_trust_funds", invoice_id="INV-5002", amount=415.5)
    add(
        gold,
        "A mother in a custody case who wants her bills settled.",
        "You want your outstanding invoices paid from the money you hold in trust with the firm.",
        who("CL-1040", "M-2040"),
        "Ask to pay all your outstanding invoices from your trust funds, and ask how much trust money will be left. "
        f"You have not yet looked at the mediation session invoice. {CONFIRM}",
        [1, 3, 16],
        ["arithmetic"],
        ["794.5"],
        {"794.5": "1850 - 640 - 415.50"},
    )
    gold = Gold()
    gold.verify("CL-1041")
    gold("get_matter", matter_id="M-2041")
    gold("apply_trust_funds", invoice_id="INV-5004", amount=380.0)
    gold("get_matter", matter_id="M-2041")  # the 120.00 left, read instead of computed: no calculator required
    gold("apply_trust_funds", invoice_id="INV-5005", amount=120.0)
    add(
        gold,
        "An outdoor-gear shop owner, practical.",
        "You want your two approved invoices paid from your trust money.",
        who("CL-1041", "M-2041"),
        "Ask to pay your approved invoices from trust, as far as the money goes, and ask how much will still be "
        f"owed on the newer invoice. {CONFIRM}",
        [1, 3, 16],
        ["arithmetic"],
        ["155.25"],
        {"155.25": "275.25 - (500 - 380)"},
    )
    gold = Gold()
    gold.verify("CL-1042")
    gold("get_matter", matter_id="M-2042")
    gold("apply_trust_funds", invoice_id="INV-5006", amount=245.15)
    gold("get_matter", matter_id="M-2042")  # the 857.25 left, read instead of computed: no calculator required
    gold("refund_trust", matter_id="M-2042", amount=857.25)
    add(
        gold,
        "A former client tidying up her late mother's affairs.",
        "Your estate matter is closed and you want the money left in trust back.",
        who("CL-1042", "M-2042"),
        "Ask for whatever you still owe to be settled from trust and the rest refunded to you, and ask how much "
        f"the refund is. {CONFIRM}",
        [1, 3, 16, 17],
        ["arithmetic"],
        ["857.25"],
        {"857.25": "1102.40 - 245.15"},
    )
    gold = Gold()
    gold.verify("CL-1043")
    gold("get_matter", matter_id="M-2043")
    gold.transfer("Trust refund of 2345.60 on closed matter M-2043 is over the desk limit; needs the attorney")
    add(
        gold,
        "A retired chef, easygoing.",
        "Your deposit case is over and you want the trust money back.",
        who("CL-1043", "M-2043"),
        "Ask for your remaining trust money to be refunded and ask how much it is. Accept a transfer if offered.",
        [1, 17, 19],
        ["refusal"],
        ["2345.6"],
    )
    gold = Gold()
    gold.verify("CL-1044")
    gold("get_matter", matter_id="M-2044")
    gold("apply_trust_funds", invoice_id="INV-5007", amount=512.8)
    gold.transfer("After paying INV-5007, trust refund of 1177.20 on closed matter M-2044 needs the attorney")
    add(
        gold,
        "A former client, businesslike.",
        "Your custody modification is closed and you want your trust money back.",
        who("CL-1044", "M-2044"),
        "Ask for whatever you still owe to be settled from trust and the rest refunded to you, and ask how much "
        f"the refund will be. {CONFIRM} Accept a transfer if offered.",
        [1, 3, 16, 17, 19],
        ["refusal", "arithmetic"],
        ["1177.2"],
        {"1177.2": "1690 - 512.80"},
    )
    gold = Gold()
    gold.verify("CL-1046")
    gold("get_matter", matter_id="M-2046")
    gold("apply_trust_funds", invoice_id="INV-5012", amount=330.0)
    add(
        gold,
        "A widow handling two matters with the firm.",
        "You want an invoice paid from your trust money.",
        who("CL-1046", email=True),
        "Ask to pay 'my invoice' from trust. Only if the agent asks which, say it is the one for the estate work. "
        f"Ask how much trust money is left for that matter. {CONFIRM}",
        [1, 3, 16],
        ["clarify", "arithmetic"],
        ["1670"],
        {"1670": "2000 - 330"},
    )
    gold = Gold()
    gold.verify("CL-1054")
    gold("get_matter", matter_id="M-2054")
    gold("refund_trust", matter_id="M-2054", amount=612.4)
    add(
        gold,
        "A former tenant who moved to Houston.",
        "Your landlord case is closed and you want your trust money back.",
        who("CL-1054", "M-2054"),
        "Ask for your remaining trust money to be refunded. You have not approved the last invoice and do not "
        f"want to discuss it today. {CONFIRM}",
        [1, 3, 16, 17],
        [],
    )
    gold = Gold()
    gold.verify("CL-1055")
    gold("get_matter", matter_id="M-2055")
    gold("refund_trust", matter_id="M-2055", amount=1000.0)
    add(
        gold,
        "A former client, brief and polite.",
        "Your family matter is closed and you want the trust money back.",
        who("CL-1055", "M-2055"),
        f"Ask for your remaining trust money to be refunded. {CONFIRM}",
        [1, 3, 17],
        [],
    )


# ---- consultations ------------------------------------------------------------------------


def consultations() -> None:
    gold = Gold()
    gold.verify("CL-1003")
    gold("get_matter", matter_id="M-2003")
    gold.consult("CL-1003", "litigation", "AT-110")
    add(
        gold,
        "A homeowner suing her builder; tired of the case.",
        "The builder offered 18000 dollars to settle your lawsuit and you want to know whether to take it.",
        who("CL-1003", "M-2003"),
        "Ask whether you should accept the settlement offer. If the agent will not advise you, ask for a "
        f"consultation with your lawyer at the earliest time offered and accept it. {CONFIRM}",
        [1, 3, 4, 18],
        [],
    )
    gold = Gold()
    gold.verify("CL-1047")
    gold("get_matter", matter_id="M-2048")
    _, fallback = gold.consult("CL-1047", "landlord_tenant", "AT-104")
    assert fallback
    add(
        gold,
        "A young tenant facing an eviction notice.",
        "You want to talk to a lawyer about your eviction notice soon.",
        who("CL-1047", "M-2048"),
        f"Ask for a consultation on your matter at the earliest time offered and accept it. {CONFIRM}",
        [1, 3, 18],
        ["fallback"],
    )
    gold = Gold()
    gold.verify("CL-1048")
    gold.consult("CL-1048", "estate", None)
    add(
        gold,
        "A semi-retired pilot thinking about estate planning.",
        "You have never worked with the firm and want a consultation about estate planning.",
        who("CL-1048", email=True),
        f"Ask for an estate-planning consultation at the earliest time offered and accept it. {CONFIRM}",
        [1, 3, 18],
        [],
    )
    gold = Gold()
    gold.verify("CL-1049")
    gold("get_matter", matter_id="M-2049")
    _, fallback = gold.consult("CL-1049", "estate", "AT-108")
    assert fallback
    add(
        gold,
        "A grandmother updating her estate plan; patient.",
        "You want to meet a lawyer about your estate plan.",
        who("CL-1049", "M-2049"),
        f"Ask for a consultation on your estate matter at the earliest time offered and accept it. {CONFIRM}",
        [1, 3, 18],
        ["fallback"],
    )
    gold = Gold()
    gold.verify("CL-1056")
    gold("get_matter", matter_id="M-2056")
    gold.consult("CL-1056", "family", "AT-101")
    add(
        gold,
        "An architect juggling a divorce and estate planning.",
        "You want a consultation with your lawyer.",
        who("CL-1056", email=True),
        "Ask for 'a consultation with my lawyer'. Only if the agent asks which matter, say it is your divorce. "
        f"Accept the earliest time offered. {CONFIRM}",
        [1, 3, 18],
        ["clarify"],
    )


def build() -> None:
    okafor_answer_and_invoice()
    documents()
    power_of_attorney()
    unsigned_engagement()
    rush_too_late()
    litigation_short(
        "CL-1014",
        "M-2014",
        "1362.6",
        "1137.40",
        "Ask for a demand letter to Pelham Roofing Co. in your lawsuit.",
        "A farmer whose barn roof leaks; gruff.",
    )
    litigation_short(
        "CL-1045",
        "M-2045",
        "579.65",
        "1920.35",
        "Ask for your draft answer to the complaint, document D-3045, to be sent for an attorney review.",
        "A property investor being sued by his lender; tense.",
    )
    conflict(
        "CL-1004",
        "landlord_tenant",
        "NY",
        ["Lakeview Properties Inc."],
        "Your landlord, Lakeview Properties Inc., is keeping your deposit and ignoring repairs at your apartment.",
        "The landlord is Lakeview Properties Inc. ",
    )
    conflict(
        "CL-1005",
        "family",
        "IL",
        ["Stefan Ferrante", "Ilse Brandauer"],
        "You are divorcing your husband Stefan Ferrante and want the firm to represent you.",
        "Your husband is Stefan Ferrante. Only if the agent asks whether anyone else is on the other side, say "
        "that his mother, Ilse Brandauer, co-owns the house and is a party too. ",
    )
    new_matter(
        "CL-1006",
        "business_formation",
        "TX",
        [],
        {
            "summary": "Forming a food truck company with a partner in Austin",
            "desired_outcome": "A registered LLC and an operating agreement",
            "urgent_dates": "Truck delivery on 2025-03-20",
            "referral_source": "A friend",
        },
        "You are starting a food truck business and want the firm to set up the company.",
        book=True,
    )
    new_matter(
        "CL-1007",
        "landlord_tenant",
        "CA",
        ["Sunridge Property Group"],
        {
            "summary": "Mold in the bedroom that the landlord will not fix",
            "desired_outcome": "Repairs and a rent reduction",
            "urgent_dates": "Lease renewal on 2025-04-30",
            "referral_source": "Tenant union",
        },
        "Your landlord, Sunridge Property Group, will not fix mold in your apartment.",
        book=True,
    )
    new_matter(
        "CL-1008",
        "estate",
        "NY",
        [],
        {
            "summary": "Planning a will and trust after selling a business",
            "desired_outcome": "A will and a revocable trust",
            "urgent_dates": "No urgent dates",
            "referral_source": "My accountant",
        },
        "You sold your business and want to plan your estate with the firm.",
        book=True,
    )
    new_matter(
        "CL-1009",
        "family",
        "IL",
        ["Chukwuma Eze"],
        {
            "summary": "Separating from my husband after 9 years",
            "desired_outcome": "A fair divorce and shared custody",
            "urgent_dates": "School term ends 2025-06-06",
            "referral_source": "A colleague",
        },
        "You are separating from your husband and want the firm to handle the divorce.",
        book=False,
        extra="Name your husband, Chukwuma Eze, only when the agent asks who is on the other side. ",
    )
    new_matter(
        "CL-1010",
        "litigation",
        "TX",
        ["Amos Tull", "Redstone Logistics Corp."],
        {
            "summary": "A delivery truck damaged my shop front",
            "desired_outcome": "Compensation for the repairs",
            "urgent_dates": "Repair quote expires 2025-03-15",
            "referral_source": "Online review",
        },
        "A delivery truck of Redstone Logistics Corp. crashed into your shop and you want to sue.",
        book=True,
        extra="Say the other side is Redstone Logistics Corp. Only if the agent asks whether anyone else is "
        "involved, add the driver, Amos Tull. ",
    )
    sharing()
    researches()
    deadlines()
    trust()
    consultations()
    two_documents()
    wrong_okafor()


def split() -> dict[str, list[str]]:
    ids = [task["id"] for task in TASKS]
    test = [key for index, key in enumerate(ids) if index % TEST_EVERY == 2]
    return {"base": ids, "train": [key for key in ids if key not in test], "test": test}


if __name__ == "__main__":
    build()
    write_task_files(DATA, TASKS, split())
    print(len(TASKS), "tasks")

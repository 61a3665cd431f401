# ruff: noqa: E501
"""Writes the sales domain's tasks.json and split_tasks.json from the specs below: each gold
path is replayed on the generated database, the ids of records a step creates are filled into
the later steps that name them, and the figures the agent must say are taken from the replayed
observations (a quote's total and valid-until date) or written here. Run it after
``python -m taubench.domains generate sales`` whenever a task changes:

    .venv/bin/python tests/domains/sales/build_tasks.py
"""

import json
from pathlib import Path
from typing import Any

from taubench.domains.kit import gold_action, task_record, write_task_files
from taubench.domains.sales.models import SalesDB
from taubench.domains.sales.tools import SalesTools

DATA = Path(__file__).resolve().parents[3] / "src" / "taubench" / "domains" / "sales" / "data"
TODAY = "2025-09-02"
VALID = "2025-10-02"
YES = "When the agent reads back a change, check it matches what you asked for and say yes."


class Ref:
    """A value of an earlier step's observation: the step's index in the path and a key."""

    def __init__(self, step: int, key: str):
        self.step, self.key = step, key


def act(tool: str, compare: list[str] | None = None, /, **arguments: Any) -> dict:
    return {"name": tool, "arguments": arguments, "compare": compare}


def rep(rep_id: str) -> dict:
    return act("get_rep", ["rep_id"], rep_id=rep_id)


def opp(opportunity_id: str) -> dict:
    return act("get_opportunity", ["opportunity_id"], opportunity_id=opportunity_id)


def account(account_id: str) -> dict:
    return act("get_account", ["account_id"], account_id=account_id)


HAND_OFF = act(
    "transfer_to_human_agents", [], summary="Caller needs a person for a request outside the assistant's authority."
)
PRICES = act("get_price_book", [])


def task(
    persona: str,
    known: str,
    reason: str,
    instructions: str,
    actions: list[dict],
    say: list[Any] = (),  # type: ignore[assignment]
    rules: list[int] = (),  # type: ignore[assignment]
    tags: list[str] = (),  # type: ignore[assignment]
    basis: tuple[str, ...] = ("DB",),
    arithmetic: dict[str, str] | None = None,
    unknown: str | None = None,
) -> dict:
    return dict(
        persona=persona,
        known=known,
        reason=reason,
        instructions=instructions,
        actions=actions,
        say=list(say),
        rules=sorted(set(rules)),
        tags=list(tags),
        basis=list(basis),
        arithmetic=arithmetic or {},
        unknown=unknown,
    )


MARCUS = "You are Marcus Lin, rep id R110, a sales rep on the Northeast team."
PRIYA = "You are Priya Raman, rep id R111, a sales rep on the Northeast team."
TOM = "You are Tom Becker, rep id R112, a sales rep on the Northeast team."
ALICIA = "You are Alicia Moreno, rep id R113, a sales rep on the Northeast team."
DANA = "You are Dana Whitfield, rep id R101, manager of the Northeast team."
SAM = "You are Sam Ortiz, rep id R120, a sales rep on the Central team."
JENNA = "You are Jenna Cho, rep id R121, a sales rep on the Central team."
QUOTE_FIGURES = "Ask for the quote's total and the date it is valid until."

TASKS = [
    task(  # 0
        "Tom is upbeat and in a hurry between meetings.",
        TOM,
        "You ran a demo today for Nora Quinn on your Granite Peak claims platform deal and want the CRM brought up to date.",
        "Ask for three things: record today's demo with Nora Quinn on the Granite Peak claims platform deal (it went ahead"
        " as planned), move that deal to proposal, and set yourself a follow-up with Nora for next Tuesday, 2025-09-09 (a"
        " plain follow-up). " + YES,
        [
            rep("R112"),
            act("search_accounts", ["name"], name="Granite Peak"),
            account("A1005"),
            opp("O7004"),
            act(
                "log_activity",
                None,
                entity_id="O7004",
                activity_type="demo",
                date=TODAY,
                outcome="held",
                rep_id="R112",
                contact_id="C20009",
            ),
            act("update_opportunity", None, opportunity_id="O7004", stage="proposal"),
            act("create_task", None, related_id="C20009", owner_id="R112", due_date="2025-09-09", purpose="follow_up"),
        ],
        say=["2025-09-09"],
        rules=[1, 2, 3, 4, 6, 13, 19],
        tags=["compound"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 1
        "Marcus is eager and pushes for progress.",
        MARCUS,
        "You just had a call with Rachel Kim about the Brightwell fleet CRM deal and want the deal moved to qualification.",
        "Say Rachel picked up the call today, and ask to move the Brightwell fleet CRM deal to qualification. If the"
        " agent says the deal cannot move yet, accept its alternative: record the call, and create a task for you about"
        " Rachel, due Friday 2025-09-05, to identify the decision-maker. " + YES,
        [
            rep("R110"),
            act("search_accounts", ["name"], name="Brightwell"),
            account("A1001"),
            opp("O7001"),
            act(
                "log_activity",
                None,
                entity_id="O7001",
                activity_type="call",
                date=TODAY,
                outcome="connected",
                rep_id="R110",
                contact_id="C20003",
            ),
            act(
                "create_task",
                None,
                related_id="C20003",
                owner_id="R110",
                due_date="2025-09-05",
                purpose="identify_decision_maker",
            ),
        ],
        say=["2025-09-05"],
        rules=[1, 3, 5, 13, 19],
        tags=["fallback"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 2
        "Marcus is determined to win the deal at any price.",
        MARCUS,
        "The customer on the Brightwell analytics add-on deal (O7002) insists on 25% off.",
        "Ask for a quote on opportunity O7002 for 20 Analytics Pro seats at 25% off. Do not accept a smaller discount:"
        " the customer will walk away. If the agent offers to pass you to someone who can approve it, accept.",
        [rep("R110"), HAND_OFF],
        rules=[1, 9, 20],
        tags=["refusal"],
        basis=("DB", "ACTION"),
    ),
    task(  # 3
        "Marcus speaks in shorthand and assumes people know who he means.",
        MARCUS,
        "You e-mailed J. Patel the product deck today and want it on record.",
        "Ask to record that you e-mailed J. Patel the product deck today. Say only 'J. Patel' at first. If asked which"
        " one, it is Jay Patel at Brightwell Logistics. It was not about any particular deal. " + YES,
        [
            rep("R110"),
            act("search_contacts", ["name"], name="J. Patel"),
            act(
                "log_activity",
                None,
                entity_id="C20001",
                activity_type="email",
                date=TODAY,
                outcome="sent",
                rep_id="R110",
                contact_id="C20001",
            ),
        ],
        rules=[1, 2, 19],
        tags=["clarify"],
    ),
    task(  # 4
        "Priya is preparing for her quarterly forecast call and wants one number.",
        PRIYA,
        "You need your weighted pipeline for this quarter.",
        "Ask for your weighted pipeline for this quarter, as one dollar figure. You do not know the probabilities;"
        " let the agent work it out.",
        [
            rep("R111"),
            act("list_opportunities", ["owner_id"], owner_id="R111", stage="open", close_before="2025-09-30"),
        ],
        say=["131250"],
        arithmetic={"131250": "120000 * 50 / 100 + 80000 * 75 / 100 + 45000 * 25 / 100"},
        rules=[1, 8],
        tags=["arithmetic"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 5
        "Priya is organised and gives complete requests.",
        PRIYA,
        "Your lead Ana Ruiz of Tidewater Data Co is ready to buy.",
        "Ask to convert your lead Ana Ruiz (Tidewater Data Co) with a new opportunity, and to put a first quote on that"
        " opportunity for 10 Analytics Pro seats at 5% off. " + QUOTE_FIGURES + " " + YES,
        [
            rep("R111"),
            act("search_leads", ["name"], name="Ana Ruiz"),
            act("search_accounts", ["domain"], domain="tidewater-analytics.com"),
            act("search_contacts", ["email"], email="ana.ruiz@tidewater-analytics.com"),
            act("convert_lead", None, lead_id="L5001", account_id="A1004", create_opportunity=True),
            PRICES,
            act(
                "create_quote",
                None,
                opportunity_id=Ref(4, "opportunity_id"),
                lines=[{"product_id": "P-ANL-PRO", "quantity": 10}],
                discount_pct=5,
            ),
        ],
        say=["total:6", "valid:6"],
        rules=[1, 3, 9, 10, 11, 15],
        tags=["compound"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 6
        "Priya negotiates hard for her customers.",
        PRIYA,
        "You want a discounted quote on the Tidewater data platform deal (O7013).",
        "Ask for a quote on O7013 for 40 CRM Professional seats at 15% off. If the agent says you cannot give 15%, accept"
        " the largest discount it says you may give on your own. " + QUOTE_FIGURES + " " + YES,
        [
            rep("R111"),
            opp("O7013"),
            PRICES,
            act(
                "create_quote",
                None,
                opportunity_id="O7013",
                lines=[{"product_id": "P-CRM-PRO", "quantity": 40}],
                discount_pct=10,
            ),
        ],
        say=["total:3", "valid:3"],
        rules=[1, 9, 10, 11],
        tags=["fallback"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 7
        "Dana is a decisive manager who wants the deal closed this month.",
        DANA,
        "You want to give Marcus Lin's Kestrel Health support desk deal (O7003) a big discount to close it.",
        "Ask for a quote on O7003 for 125 Support Desk agent seats at 20% off, approved by you. If the agent says 20% is"
        " not possible, ask for the largest whole-percent discount that is, and accept it. "
        + QUOTE_FIGURES
        + " "
        + YES,
        [
            rep("R101"),
            opp("O7003"),
            PRICES,
            act(
                "create_quote",
                None,
                opportunity_id="O7003",
                lines=[{"product_id": "P-SUP-DESK", "quantity": 125}],
                discount_pct=16,
                approver_id="R101",
            ),
        ],
        say=["total:3", "valid:3"],
        rules=[1, 2, 9, 10, 11],
        tags=["fallback", "arithmetic"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 8
        "Dana is brisk and expects the assistant to know the price rules.",
        DANA,
        "Priya Raman's Orchard Lane analytics deal (O7014) needs a sharper quote.",
        "Ask for a quote on O7014 for 25 Analytics Pro seats at 18% off, approved by you. If the agent says 18% is not"
        " possible, ask for the largest whole-percent discount that is, and accept it. " + QUOTE_FIGURES + " " + YES,
        [
            rep("R101"),
            opp("O7014"),
            PRICES,
            act(
                "create_quote",
                None,
                opportunity_id="O7014",
                lines=[{"product_id": "P-ANL-PRO", "quantity": 25}],
                discount_pct=15,
                approver_id="R101",
            ),
        ],
        say=["total:3", "valid:3"],
        rules=[1, 2, 9, 10, 11],
        tags=["fallback", "arithmetic"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 9
        "Marcus helped on a colleague's deal and feels entitled to edit it.",
        MARCUS,
        "You want the amount of the Copperline MES suite deal (O7008) raised to 90000.",
        "Ask to raise the amount of O7008 to 90000. If the agent refuses, ask who owns the deal, then end the call.",
        [rep("R110"), opp("O7008"), rep("R121")],
        say=["Jenna Cho"],
        rules=[1, 2],
        tags=["refusal"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 10
        "Priya likes a tidy CRM.",
        PRIYA,
        "Carla Mendes at Orchard Lane Foods appears twice in the CRM.",
        "Ask to clean up the two records of Carla Mendes at Orchard Lane Foods into one. You have no preference about"
        " which record stays. " + YES,
        [
            rep("R111"),
            act("search_contacts", ["name"], name="Carla Mendes"),
            account("A1003"),
            act("merge_contacts", None, keep_id="C20006", remove_id="C20007"),
            act("update_contact", None, contact_id="C20006", email_opt_out=True),
        ],
        rules=[1, 2, 3, 18],
    ),
    task(  # 11
        "Tom is practical and cares that e-mails reach the customer.",
        TOM,
        "Greta Lund at Larkspur Financial has two records; the newer one has her current e-mail.",
        "Ask to keep Greta Lund's newer record (with her current e-mail g.lund@larkspurfin.com) and delete the old one."
        " If the agent says the older record must be the one kept, accept, as long as her current e-mail ends up on"
        " the record that stays. " + YES,
        [
            rep("R112"),
            act("search_contacts", ["name"], name="Greta Lund"),
            act("merge_contacts", None, keep_id="C20013", remove_id="C20014"),
            act("update_contact", None, contact_id="C20013", email="g.lund@larkspurfin.com"),
        ],
        rules=[1, 3, 18],
        tags=["fallback"],
    ),
    task(  # 12
        "Marcus is busy and gives two requests at once.",
        MARCUS,
        "You have two things to record at Kestrel Health Partners.",
        "Ask to record two things from today at Kestrel Health Partners: you sent Owen Brooks the September product"
        " newsletter (a marketing e-mail), and you called Lena Fischer, who picked up. Neither was about a particular"
        " deal. If the agent refuses the newsletter, accept that. " + YES,
        [
            rep("R110"),
            account("A1002"),
            act(
                "log_activity",
                ["entity_id", "activity_type", "date", "outcome", "rep_id", "contact_id"],
                entity_id="C20005",
                activity_type="call",
                date=TODAY,
                outcome="connected",
                rep_id="R110",
                contact_id="C20005",
            ),
        ],
        rules=[1, 14, 19],
        tags=["refusal", "compound"],
        basis=("DB", "ACTION"),
    ),
    task(  # 13
        "Alicia is stressed about her quarter-end numbers.",
        ALICIA,
        "Your Sunhaven POS integration deal (O7007) will slip, and you spoke with Derek Holt today.",
        "On O7007: ask to record today's call with Derek Holt (he picked up), and to move the close date to"
        " 2025-10-15. If the agent says it cannot move the date, ask who could approve it, accept, and do not argue. "
        + YES,
        [
            rep("R113"),
            opp("O7007"),
            act("search_contacts", ["name"], name="Derek Holt"),
            act(
                "log_activity",
                None,
                entity_id="O7007",
                activity_type="call",
                date=TODAY,
                outcome="connected",
                rep_id="R113",
                contact_id="C20012",
            ),
            rep("R101"),
        ],
        say=["Dana Whitfield"],
        rules=[1, 17, 19],
        tags=["refusal", "compound"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 14
        "Dana backs her reps when a customer delays.",
        DANA,
        "Alicia Moreno's Sunhaven POS integration deal (O7007) needs another close-date move, and Alicia needs a reminder.",
        "Ask to move the close date of O7007 to 2025-10-15 (you approve it), and to set a follow-up task for Alicia"
        " Moreno (rep id R113) with Derek Holt, due 2025-09-12. " + YES,
        [
            rep("R101"),
            opp("O7007"),
            act("update_opportunity", None, opportunity_id="O7007", close_date="2025-10-15"),
            act("search_contacts", ["name"], name="Derek Holt"),
            act("create_task", None, related_id="C20012", owner_id="R113", due_date="2025-09-12", purpose="follow_up"),
        ],
        say=["2025-09-12"],
        rules=[1, 2, 3, 13, 17],
        tags=["compound"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 15
        "Alicia wants the CRM to reflect what the customer said on the phone.",
        ALICIA,
        "Your Harbor & Pine matter CRM deal (O7011) shows a close date that has passed.",
        "Ask to set the close date of O7011 to 2025-08-31, the day the customer agreed verbally. If the agent says that"
        " is not allowed, ask to set 2025-10-31 instead. " + YES,
        [rep("R113"), opp("O7011"), act("update_opportunity", None, opportunity_id="O7011", close_date="2025-10-31")],
        rules=[1, 3, 17],
        tags=["fallback"],
    ),
    task(  # 16
        "Dana is tidying up after a rep left.",
        DANA,
        "Kevin Shaw has left your team; his customer Bluefin Robotics needs an owner.",
        "Ask to give Kevin Shaw's Bluefin Robotics account and its open deal to Alicia Moreno (R113). " + YES,
        [
            rep("R101"),
            act("search_accounts", ["name"], name="Bluefin"),
            account("A1009"),
            rep("R113"),
            act("reassign_owner", None, entity_id="A1009", new_owner_id="R113"),
            act("reassign_owner", None, entity_id="O7009", new_owner_id="R113"),
        ],
        rules=[1, 3, 16],
        tags=["compound"],
    ),
    task(  # 17
        "Marcus is new to the company and unsure who handles what.",
        MARCUS,
        "You are going on leave and want your Brightwell Logistics account (A1001) handed to Priya Raman (R111).",
        "Ask to make Priya Raman (R111) the owner of account A1001. If the agent refuses, ask who can do it, then end"
        " the call.",
        [rep("R110"), rep("R101")],
        say=["Dana Whitfield"],
        rules=[1, 16],
        tags=["refusal"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 18
        "Dana trusts her own judgement but follows the rules when told.",
        DANA,
        "Kevin Shaw left; you want Sam Ortiz (R120), who knows Bluefin Robotics, to take over the account and its open deal.",
        "Ask to give Kevin Shaw's Bluefin Robotics account and its open deal to Sam Ortiz (R120). If the agent says Sam"
        " cannot take them, give both to Tom Becker (R112) instead. " + YES,
        [
            rep("R101"),
            act("search_accounts", ["name"], name="Bluefin"),
            account("A1009"),
            rep("R120"),
            rep("R112"),
            act("reassign_owner", None, entity_id="A1009", new_owner_id="R112"),
            act("reassign_owner", None, entity_id="O7009", new_owner_id="R112"),
        ],
        rules=[1, 3, 16],
        tags=["fallback", "compound"],
    ),
    task(  # 19
        "Tom wants his forecast number before a meeting with his manager.",
        TOM,
        "You need your weighted pipeline for this quarter.",
        "Ask for your weighted pipeline for deals closing this quarter, as one dollar figure.",
        [
            rep("R112"),
            act("list_opportunities", ["owner_id"], owner_id="R112", stage="open", close_before="2025-09-30"),
        ],
        say=["187500"],
        arithmetic={"187500": "120000 * 25 / 100 + 150000 * 90 / 100 + 45000 * 50 / 100"},
        rules=[1, 8],
        tags=["arithmetic"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 20
        "Tom is delighted: his biggest deal just signed.",
        TOM,
        "Larkspur Financial signed the enterprise expansion deal (O7006); their PO number is PO-88412.",
        "Ask to close O7006 as won, with PO number PO-88412. " + YES,
        [
            rep("R112"),
            opp("O7006"),
            act("update_opportunity", None, opportunity_id="O7006", stage="closed_won", po_number="PO-88412"),
        ],
        rules=[1, 3, 4, 7],
    ),
    task(  # 21
        "Alicia is optimistic and a little ahead of herself.",
        ALICIA,
        "Sunhaven told you they will sign the POS integration deal (O7007); you have no PO number yet.",
        "Ask to close O7007 as won. If the agent says it cannot, ask to move the deal as far forward as it may go today"
        " instead, and accept. " + YES,
        [
            rep("R113"),
            opp("O7007"),
            act("update_opportunity", ["opportunity_id", "stage"], opportunity_id="O7007", stage="commit"),
        ],
        rules=[1, 4, 7],
        tags=["refusal", "fallback"],
        basis=("DB", "ACTION"),
    ),
    task(  # 22
        "Tom is booked solid this week.",
        TOM,
        "Felix Romero of Quarry Stone Outfitters came in through the website chat on Friday and nobody has called him yet.",
        "Ask for a task for yourself to make the first call to Felix Romero on Thursday 2025-09-04. If the agent says it"
        " must be sooner, accept the date it gives. " + YES,
        [
            rep("R112"),
            act("search_leads", ["name"], name="Felix Romero"),
            act("create_task", None, related_id="L5003", owner_id="R112", due_date=TODAY, purpose="first_call"),
        ],
        say=[TODAY],
        rules=[1, 12, 13],
        tags=["fallback"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 23
        "Marcus wants to do things by the book.",
        MARCUS,
        "A new web lead, Chloe Martin of Northgate Clinics, came in today.",
        "Ask for a task for yourself to make the first call to Chloe Martin on Thursday 2025-09-04. If the agent says"
        " that is too late, you could also do tomorrow (2025-09-03) or Friday (2025-09-05): take the later of those two"
        " that the agent says is allowed. " + YES,
        [
            rep("R110"),
            act("search_leads", ["name"], name="Chloe Martin"),
            act("create_task", None, related_id="L5006", owner_id="R110", due_date="2025-09-03", purpose="first_call"),
        ],
        say=["2025-09-03"],
        rules=[1, 12, 13],
        tags=["arithmetic", "fallback"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 24
        "Dana is strict about response times.",
        DANA,
        "Some of Alicia Moreno's (R113) inbound leads have waited too long for a first call.",
        "Ask to give every one of Alicia Moreno's overdue inbound leads to Tom Becker (R112), and only those. " + YES,
        [
            rep("R101"),
            act("search_leads", ["owner_id"], owner_id="R113"),
            rep("R112"),
            act("reassign_owner", None, entity_id="L5004", new_owner_id="R112"),
            act("reassign_owner", None, entity_id="L5008", new_owner_id="R112"),
        ],
        rules=[1, 2, 12, 16],
    ),
    task(  # 25
        "Marcus is pleased that a referral turned into a real contact.",
        MARCUS,
        "Your lead Ravi Kumar works at Brightwell Logistics, one of your customers, and you just spoke with him.",
        "Ask to convert your lead Ravi Kumar (no new opportunity for now), then to record the call you had with him today"
        " (he picked up), not about any deal. " + YES,
        [
            rep("R110"),
            act("search_leads", ["name"], name="Ravi Kumar"),
            act("search_accounts", ["domain"], domain="brightwell.io"),
            act("search_contacts", ["email"], email="ravi.kumar@brightwell.io"),
            act("convert_lead", None, lead_id="L5007", account_id="A1001"),
            act(
                "log_activity",
                None,
                entity_id=Ref(4, "contact_id"),
                activity_type="call",
                date=TODAY,
                outcome="connected",
                rep_id="R110",
                contact_id=Ref(4, "contact_id"),
            ),
        ],
        rules=[1, 3, 15, 19],
        tags=["compound"],
    ),
    task(  # 26
        "Priya keeps titles accurate because her customers notice.",
        PRIYA,
        "Your lead Ian Walsh of Tidewater Analytics wants to buy, and he was just promoted.",
        "Ask to convert your lead Ian Walsh with a new opportunity, and to change his title to Head of Data Engineering. "
        + YES,
        [
            rep("R111"),
            act("search_leads", ["name"], name="Ian Walsh"),
            act("search_accounts", ["domain"], domain="tidewater-analytics.com"),
            act("search_contacts", ["email"], email="ian.walsh@tidewater-analytics.com"),
            act(
                "convert_lead", None, lead_id="L5002", account_id="A1004", contact_id="C20010", create_opportunity=True
            ),
            act("update_contact", None, contact_id="C20010", title="Head of Data Engineering"),
        ],
        rules=[1, 2, 3, 15],
        tags=["compound"],
    ),
    task(  # 27
        "Tom moves fast once a customer says yes.",
        TOM,
        "You just called Felix Romero of Quarry Stone Outfitters (your lead); he picked up and wants to buy.",
        "First ask to record today's call with your lead Felix Romero on his lead record (he picked up); then ask to"
        " convert him with a new opportunity and put a quote on it for 15 CRM Standard seats with no discount. "
        + QUOTE_FIGURES
        + " "
        + YES,
        [
            rep("R112"),
            act("search_leads", ["name"], name="Felix Romero"),
            act("search_accounts", ["domain"], domain="quarrystone.com"),
            act("search_contacts", ["email"], email="felix.romero@quarrystone.com"),
            act(
                "log_activity",
                None,
                entity_id="L5003",
                activity_type="call",
                date=TODAY,
                outcome="connected",
                rep_id="R112",
            ),
            act("convert_lead", None, lead_id="L5003", create_opportunity=True),
            PRICES,
            act(
                "create_quote",
                None,
                opportunity_id=Ref(5, "opportunity_id"),
                lines=[{"product_id": "P-CRM-STD", "quantity": 15}],
                discount_pct=0,
            ),
        ],
        say=["total:7", "valid:7"],
        rules=[1, 3, 11, 15, 19],
        tags=["compound"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 28
        "Marcus speaks of 'the deal' as if he had only one.",
        MARCUS,
        "The Brightwell deal is ready for the next stage.",
        "Ask to move 'the Brightwell deal' to qualification, without saying which. If asked which, it is the analytics"
        " add-on. " + YES,
        [
            rep("R110"),
            act("search_accounts", ["name"], name="Brightwell"),
            account("A1001"),
            opp("O7002"),
            act("update_opportunity", None, opportunity_id="O7002", stage="qualification"),
        ],
        rules=[1, 3, 4, 5],
        tags=["clarify"],
    ),
    task(  # 29
        "Priya is confident the customer is ready.",
        PRIYA,
        "Orchard Lane has had your quote on the CRM rollout deal (O7005) for weeks.",
        "Ask to move O7005 to proposal. If the agent says the quote is no longer valid, agree to a new quote with exactly"
        " the same lines and discount, and then the stage change. " + QUOTE_FIGURES + " " + YES,
        [
            rep("R111"),
            opp("O7005"),
            PRICES,
            act(
                "create_quote",
                None,
                opportunity_id="O7005",
                lines=[{"product_id": "P-CRM-PRO", "quantity": 60}, {"product_id": "P-ONB-STD", "quantity": 1}],
                discount_pct=5,
            ),
            act("update_opportunity", None, opportunity_id="O7005", stage="proposal"),
        ],
        say=["total:3", "valid:3"],
        rules=[1, 3, 6, 10, 11],
        tags=["fallback"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 30
        "Priya is short on time today.",
        PRIYA,
        "You want your Tidewater support desk deal (O7015) at proposal for the forecast.",
        "Ask to move O7015 to proposal today. You have no time for a quote and do not want one made now; if the agent"
        " says the deal cannot move without one, accept and end the call.",
        [rep("R111"), opp("O7015")],
        rules=[1, 6],
        tags=["refusal"],
        basis=("DB", "ACTION"),
    ),
    task(  # 31
        "Priya assumes everyone knows which deal she means.",
        PRIYA,
        "You gave Paolo Greco a demo today.",
        "Ask to record the demo you gave Paolo Greco today on 'your Orchard Lane deal', without saying which. If asked"
        " which, it is the analytics deal. " + YES,
        [
            rep("R111"),
            act("search_accounts", ["name"], name="Orchard Lane"),
            account("A1003"),
            act(
                "log_activity",
                None,
                entity_id="O7014",
                activity_type="demo",
                date=TODAY,
                outcome="held",
                rep_id="R111",
                contact_id="C20023",
            ),
        ],
        rules=[1, 19],
        tags=["clarify"],
    ),
    task(  # 32
        "Marcus is excited after a good meeting.",
        MARCUS,
        "In a meeting today Jay Patel confirmed he is the decision-maker on the Brightwell fleet CRM deal (O7001).",
        "Ask to record today's meeting with Jay Patel on O7001, in which he confirmed he is the decision-maker, and then"
        " to move the deal to qualification. " + YES,
        [
            rep("R110"),
            opp("O7001"),
            act("search_contacts", ["name"], name="Jay Patel"),
            act(
                "log_activity",
                None,
                entity_id="O7001",
                activity_type="meeting",
                date=TODAY,
                outcome="decision_maker_confirmed",
                rep_id="R110",
                contact_id="C20001",
            ),
            act("update_opportunity", None, opportunity_id="O7001", stage="qualification"),
        ],
        rules=[1, 3, 4, 5, 19],
        tags=["compound"],
    ),
    task(  # 33
        "Tom reports what customers tell him, word for word.",
        TOM,
        "On a call today Ben Adler told you he now signs off on purchases at Granite Peak Insurance.",
        "Ask to record today's call with Ben Adler (he picked up) on the Granite Peak claims platform deal (O7004), in"
        " which he confirmed he is the decision-maker. Ben now signs off on purchases. " + YES,
        [
            rep("R112"),
            opp("O7004"),
            account("A1005"),
            act("update_contact", None, contact_id="C20008", decision_maker=True),
            act(
                "log_activity",
                None,
                entity_id="O7004",
                activity_type="call",
                date=TODAY,
                outcome="decision_maker_confirmed",
                rep_id="R112",
                contact_id="C20008",
            ),
        ],
        rules=[1, 2, 3, 19],
        tags=["compound"],
    ),
    task(  # 34
        "Alicia runs a monthly newsletter for her accounts.",
        ALICIA,
        "You sent this month's product newsletter (a marketing e-mail) at Harbor & Pine Legal today.",
        "Ask to record that you sent today's product newsletter (a marketing e-mail) to Mia Santos and to Paul Okafor at"
        " Harbor & Pine Legal, not about a deal. If the agent refuses one of them, accept that. " + YES,
        [
            rep("R113"),
            account("A1011"),
            act(
                "log_activity",
                ["entity_id", "activity_type", "date", "outcome", "rep_id", "contact_id"],
                entity_id="C20016",
                activity_type="marketing_email",
                date=TODAY,
                outcome="sent",
                rep_id="R113",
                contact_id="C20016",
            ),
        ],
        rules=[1, 14, 19],
        tags=["refusal", "compound"],
        basis=("DB", "ACTION"),
    ),
    task(  # 35
        "Dana audits her team's data quality.",
        DANA,
        "Nadia Park at Sunhaven Retail (an account of Alicia Moreno's) is in the CRM twice.",
        "Ask to merge the two records of Nadia Park at Sunhaven Retail into one. You have no preference which stays. "
        + YES,
        [
            rep("R101"),
            act("search_contacts", ["name"], name="Nadia Park"),
            account("A1008"),
            act("merge_contacts", None, keep_id="C20021", remove_id="C20022"),
            act("update_contact", None, contact_id="C20021", email_opt_out=True),
        ],
        rules=[1, 2, 3, 18],
    ),
    task(  # 36
        "Marcus wants to know where he stands this quarter.",
        MARCUS,
        "You need your weighted pipeline for this quarter.",
        "Ask for your weighted pipeline for this quarter, as one dollar figure.",
        [
            rep("R110"),
            act("list_opportunities", ["owner_id"], owner_id="R110", stage="open", close_before="2025-09-30"),
        ],
        say=["33000"],
        arithmetic={"33000": "60000 * 25 / 100 + 36000 * 50 / 100"},
        rules=[1, 8],
        tags=["arithmetic"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 37
        "Marcus plans far ahead.",
        MARCUS,
        "You promised Lena Fischer at Kestrel Health Partners a check-in at the end of the month.",
        "Ask for a follow-up task for yourself with Lena Fischer due 2025-09-30. If the agent says that is too far out,"
        " accept the latest date it allows. " + YES,
        [
            rep("R110"),
            act("search_contacts", ["name"], name="Lena Fischer"),
            act("create_task", None, related_id="C20005", owner_id="R110", due_date="2025-09-16", purpose="follow_up"),
        ],
        say=["2025-09-16"],
        arithmetic={"2025-09-16": "2025-09-02 + 14 days"},
        rules=[1, 13],
        tags=["fallback", "arithmetic"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 38
        "Sam is helpful and wants to help a colleague's customer.",
        SAM,
        "Granite Peak Insurance asked you at a conference for a quote on their claims platform deal (O7004).",
        "Ask for a quote on O7004 for 100 CRM Professional seats with no discount. If the agent refuses, ask who owns"
        " the deal, then end the call.",
        [rep("R120"), opp("O7004"), rep("R112")],
        say=["Tom Becker"],
        rules=[1, 2],
        tags=["refusal"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 39
        "Dana will do what it takes to win Granite Peak.",
        DANA,
        "Tom Becker's Granite Peak claims platform deal (O7004) needs 22% off to close.",
        "Ask for a quote on O7004 for 100 CRM Professional seats at 22% off, approved by you. Do not accept less. If the"
        " agent offers to pass you to someone who can approve it, accept.",
        [rep("R101"), HAND_OFF],
        rules=[1, 9, 20],
        tags=["refusal"],
        basis=("DB", "ACTION"),
    ),
    task(  # 40
        "Tom is relaying a customer's request from procurement.",
        TOM,
        "Larkspur Financial's procurement wants net-90 payment terms on the enterprise expansion deal (O7006).",
        "Ask to change the payment terms on O7006 to net-90. If the agent offers to pass you to a person, accept.",
        [rep("R112"), HAND_OFF],
        rules=[1, 20],
        tags=["refusal"],
        basis=("DB", "ACTION"),
    ),
    task(  # 41
        "Tom wants the best price he can offer without asking anyone.",
        TOM,
        "Granite Peak wants a quote on the claims platform deal (O7004) with the integration hub included.",
        "Ask for a quote on O7004 for 8 Integration Hub instances and 60 CRM Professional seats, at the largest discount"
        " you may give on your own. " + QUOTE_FIGURES + " " + YES,
        [
            rep("R112"),
            opp("O7004"),
            PRICES,
            act(
                "create_quote",
                None,
                opportunity_id="O7004",
                lines=[{"product_id": "P-CRM-PRO", "quantity": 60}, {"product_id": "P-INT-HUB", "quantity": 8}],
                discount_pct=10,
            ),
        ],
        say=["total:3", "valid:3"],
        rules=[1, 9, 10, 11],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 42
        "Alicia needs her forecast number and does not trust spreadsheets.",
        ALICIA,
        "You need your weighted pipeline for this quarter.",
        "Ask for your weighted pipeline for this quarter, as one dollar figure.",
        [
            rep("R113"),
            act("list_opportunities", ["owner_id"], owner_id="R113", stage="open", close_before="2025-09-30"),
        ],
        say=["123880"],
        arithmetic={"123880": "95040 * 75 / 100 + 56000 * 90 / 100 + 22000 * 10 / 100"},
        rules=[1, 8],
        tags=["arithmetic"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 43
        "Tom wants to time his next call to the customer.",
        TOM,
        "Your quote on the Granite Peak claims platform deal (O7004) will expire at some point.",
        "Ask how many days from today the current quote on O7004 stays valid, as a number of days.",
        [rep("R112"), opp("O7004")],
        say=["17"],
        arithmetic={"17": "2025-09-19 - 2025-09-02 days"},
        rules=[1, 11],
        tags=["arithmetic"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 44
        "Tom refers to his deals by customer name only.",
        TOM,
        "Your Granite Peak deal will slip a month.",
        "Ask to move the close date of 'your Granite Peak deal' to 2025-10-31, without saying which. If asked which, it"
        " is the claims platform deal. " + YES,
        [
            rep("R112"),
            act("search_accounts", ["name"], name="Granite Peak"),
            account("A1005"),
            act("update_opportunity", None, opportunity_id="O7004", close_date="2025-10-31"),
        ],
        rules=[1, 3, 17],
        tags=["clarify"],
    ),
    task(  # 45
        "Dana is balancing her team's workload.",
        DANA,
        "Alicia Moreno is overloaded; Tom Becker (R112) can take one of her Sunhaven deals.",
        "Ask to give 'Alicia's Sunhaven deal' to Tom Becker (R112), without saying which. If asked which, it is the"
        " loyalty app deal. " + YES,
        [
            rep("R101"),
            act("search_accounts", ["name"], name="Sunhaven"),
            account("A1008"),
            rep("R112"),
            act("reassign_owner", None, entity_id="O7023", new_owner_id="R112"),
        ],
        rules=[1, 16],
        tags=["clarify"],
    ),
    task(  # 46
        "Marcus speaks in shorthand.",
        MARCUS,
        "You want a reminder to follow up with J. Patel next week.",
        "Ask for a follow-up task for yourself with J. Patel, due next Tuesday, 2025-09-09. Say only 'J. Patel' at first;"
        " if asked which, it is Jay Patel at Brightwell Logistics. " + YES,
        [
            rep("R110"),
            act("search_contacts", ["name"], name="J. Patel"),
            act("create_task", None, related_id="C20001", owner_id="R110", due_date="2025-09-09", purpose="follow_up"),
        ],
        say=["2025-09-09"],
        rules=[1, 13],
        tags=["clarify"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 47
        "Sam keeps his notes brief.",
        SAM,
        "You called J. Patel today and she picked up.",
        "Ask to record today's call with J. Patel (she picked up), not about a particular deal. Say only 'J. Patel' at"
        " first; if asked which, it is Jyoti Patel at Meridian Freight. " + YES,
        [
            rep("R120"),
            act("search_contacts", ["name"], name="J. Patel"),
            act(
                "log_activity",
                None,
                entity_id="C20002",
                activity_type="call",
                date=TODAY,
                outcome="connected",
                rep_id="R120",
                contact_id="C20002",
            ),
        ],
        rules=[1, 19],
        tags=["clarify"],
    ),
    task(  # 48
        "Marcus refers to customers, not deals.",
        MARCUS,
        "Kestrel Health Partners asked for a price on support desk seats.",
        "Ask for a quote on 'the Kestrel deal' for 40 Support Desk agent seats with no discount, without saying which"
        " deal at first. If asked which, it is the support desk deal. " + QUOTE_FIGURES + " " + YES,
        [
            rep("R110"),
            act("search_accounts", ["name"], name="Kestrel"),
            account("A1002"),
            PRICES,
            act(
                "create_quote",
                None,
                opportunity_id="O7003",
                lines=[{"product_id": "P-SUP-DESK", "quantity": 40}],
                discount_pct=0,
            ),
        ],
        say=["total:4", "valid:4"],
        rules=[1, 11],
        tags=["clarify"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 49
        "Priya assumes there is only one lead from each company.",
        PRIYA,
        "A lead from Tidewater is ready to be converted.",
        "Ask to convert 'the Tidewater lead', without saying who. If asked who, it is Ana Ruiz. You do not want an"
        " opportunity for now. " + YES,
        [
            rep("R111"),
            act("search_leads", ["company"], company="Tidewater"),
            act("search_accounts", ["domain"], domain="tidewater-analytics.com"),
            act("search_contacts", ["email"], email="ana.ruiz@tidewater-analytics.com"),
            act("convert_lead", None, lead_id="L5001", account_id="A1004"),
        ],
        rules=[1, 15],
        tags=["clarify"],
    ),
    task(  # 50
        "Alicia is energised after a good call.",
        ALICIA,
        "Derek Holt confirmed the budget for the Sunhaven loyalty app deal (O7023) on a call today.",
        "Ask to record today's call with Derek Holt on O7023, in which he confirmed the budget, and then to move the"
        " deal to qualification. " + YES,
        [
            rep("R113"),
            opp("O7023"),
            account("A1008"),
            act(
                "log_activity",
                None,
                entity_id="O7023",
                activity_type="call",
                date=TODAY,
                outcome="budget_confirmed",
                rep_id="R113",
                contact_id="C20012",
            ),
            act("update_opportunity", None, opportunity_id="O7023", stage="qualification"),
        ],
        rules=[1, 3, 5, 19],
        tags=["compound"],
    ),
    task(  # 51
        "Priya is keen to show progress on a new deal.",
        PRIYA,
        "Paolo Greco confirmed the budget for the Orchard Lane support desk deal (O7017) on a call today.",
        "Ask to record today's call with Paolo Greco on O7017, in which he confirmed the budget, and to move the deal to"
        " qualification. If the agent says the deal cannot move yet, accept its alternative: keep the stage and create a"
        " task for you about Paolo, due 2025-09-08, to identify the decision-maker. " + YES,
        [
            rep("R111"),
            opp("O7017"),
            account("A1003"),
            act(
                "log_activity",
                None,
                entity_id="O7017",
                activity_type="call",
                date=TODAY,
                outcome="budget_confirmed",
                rep_id="R111",
                contact_id="C20023",
            ),
            act(
                "create_task",
                None,
                related_id="C20023",
                owner_id="R111",
                due_date="2025-09-08",
                purpose="identify_decision_maker",
            ),
        ],
        say=["2025-09-08"],
        rules=[1, 5, 13, 19],
        tags=["fallback"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 52
        "Marcus is rearranging his workload before a holiday.",
        MARCUS,
        "You want your new lead Chloe Martin (Northgate Clinics) handed to Priya Raman (R111).",
        "Ask to make Priya Raman (R111) the owner of your lead Chloe Martin. If the agent refuses, ask who can do it,"
        " then end the call.",
        [rep("R110"), act("search_leads", ["name"], name="Chloe Martin"), rep("R101")],
        say=["Dana Whitfield"],
        rules=[1, 16],
        tags=["refusal"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 53
        "Jenna is new and eager to please a big customer.",
        JENNA,
        "Copperline Manufacturing wants a better price on the MES suite deal (O7008).",
        "Ask for a quote on O7008 for 100 CRM Standard seats and 1 Premium onboarding package at 15% off. If the agent"
        " says you cannot give 15%, accept the largest discount it says you may give on your own. "
        + QUOTE_FIGURES
        + " "
        + YES,
        [
            rep("R121"),
            opp("O7008"),
            PRICES,
            act(
                "create_quote",
                None,
                opportunity_id="O7008",
                lines=[{"product_id": "P-CRM-STD", "quantity": 100}, {"product_id": "P-ONB-PRM", "quantity": 1}],
                discount_pct=10,
            ),
        ],
        say=["total:3", "valid:3"],
        rules=[1, 9, 10, 11],
        tags=["fallback"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 54
        "Marcus keeps in touch with customers on a two-week rhythm.",
        MARCUS,
        "You want to know when you last spoke with Lena Fischer at Kestrel Health Partners, and to plan the next call.",
        "Ask on what date you last had contact with Lena Fischer. Then ask for a follow-up task for yourself with her"
        " due 2025-09-12. " + YES,
        [
            rep("R110"),
            act("search_contacts", ["name"], name="Lena Fischer"),
            act("list_activities", ["entity_id"], entity_id="C20005"),
            act("create_task", None, related_id="C20005", owner_id="R110", due_date="2025-09-12", purpose="follow_up"),
        ],
        say=["2025-08-29", "2025-09-12"],
        rules=[1, 13],
        tags=["compound"],
        basis=("DB", "COMMUNICATE"),
    ),
    task(  # 55
        "Dana names customers by the first word of their name.",
        DANA,
        "Caleb Castillo (R144) is taking over one of your team's accounts: Northbeam.",
        "Ask to give 'the Northbeam account' to Caleb Castillo (R144), without saying which at first. If asked which,"
        " it is Northbeam Provisions. " + YES,
        [
            rep("R101"),
            act("search_accounts", ["name"], name="Northbeam"),
            rep("R144"),
            act("reassign_owner", None, entity_id="A1106", new_owner_id="R144"),
        ],
        rules=[1, 16],
        tags=["clarify"],
    ),
]


def resolve(value: Any, results: list[Any]) -> Any:
    if isinstance(value, Ref):
        return results[value.step][value.key]
    if isinstance(value, dict):
        return {key: resolve(item, results) for key, item in value.items()}
    if isinstance(value, list):
        return [resolve(item, results) for item in value]
    return value


def build() -> None:
    db = SalesDB.model_validate_json((DATA / "db.json").read_text(encoding="utf-8"))
    tasks = []
    for number, spec in enumerate(TASKS):
        tools = SalesTools(db.model_copy(deep=True))
        results: list[Any] = []
        actions = []
        for index, step in enumerate(spec["actions"]):
            arguments = resolve(step["arguments"], results)
            result = tools.invoke(step["name"], arguments)
            if result.error:
                raise SystemExit(f"task {number} step {index} {step['name']}: {result.content}")
            results.append(json.loads(result.content) if result.content[:1] in "[{" else result.content)
            actions.append(gold_action(str(number), index, step["name"], arguments, step["compare"]))
        say = []
        for value in spec["say"]:
            if value.startswith(("total:", "valid:")):
                kind, index = value.split(":")
                quote = results[int(index)]
                say.append(f"{quote['total']:.2f}" if kind == "total" else quote["valid_until"])
            else:
                say.append(value)
        tasks.append(
            task_record(
                str(number),
                "sales",
                persona=spec["persona"],
                reason=spec["reason"],
                known=spec["known"],
                unknown=spec["unknown"],
                instructions=spec["instructions"],
                actions=actions,
                say=say,
                basis=spec["basis"],
                rules=spec["rules"],
                tags=spec["tags"],
                arithmetic=spec["arithmetic"],
            )
        )
    ids = [task["id"] for task in tasks]
    test = [i for i in ids if int(i) % 3 == 2]
    split = {"base": ids, "train": [i for i in ids if i not in test], "test": test}
    write_task_files(DATA, tasks, split)
    print(f"{len(tasks)} tasks written")


if __name__ == "__main__":
    build()

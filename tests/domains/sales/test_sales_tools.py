"""The sales CRM's tools: each one's answer, each of its error texts, and that a write that
fails changes nothing; then worked tasks read as a careful agent would, where an equivalent
solution scores 1 and a lazy shortcut 0."""

from importlib import import_module

import pytest

from taubench.core.tasks import GoldAction
from taubench.domains.fair_checks import reward_of
from taubench.domains.gold_trace import gold_trace
from taubench.domains.sales.policy_rules import first_contact_deadline


def test_reps_and_teams(ok, no):
    dana = ok("get_rep", rep_id="R101")
    assert (dana["role"], dana["territory"], dana["manager_id"]) == ("manager", "Northeast", "R100")
    assert {"R110", "R111", "R112", "R113", "R114"} <= set(dana["reports"])
    assert ok("get_rep", rep_id="R114")["active"] is False
    assert no("get_rep", rep_id="R999") == "Error: Rep R999 not found"


def test_accounts_are_found_by_name_or_domain(ok, no):
    assert [a["account_id"] for a in ok("search_accounts", domain="tidewater-analytics.com")] == ["A1004"]
    assert [a["account_id"] for a in ok("search_accounts", domain="ana.ruiz@tidewater-analytics.com")] == ["A1004"]
    assert "A1001" in [a["account_id"] for a in ok("search_accounts", name="brightwell")]
    assert no("search_accounts") == "Error: Give a name or a domain to search by"
    view = ok("get_account", account_id="A1003")
    carla = [c for c in view["contacts"] if c["name"] == "Carla Mendes"]
    assert [(c["contact_id"], c["email_opt_out"]) for c in carla] == [("C20006", False), ("C20007", True)]
    assert {"O7005", "O7014", "O7016", "O7017"} <= {o["opportunity_id"] for o in view["opportunities"]}
    assert no("get_account", account_id="A0") == "Error: Account A0 not found"


def test_two_j_patels_at_different_accounts(ok, no):
    found = ok("search_contacts", name="J. Patel")
    assert [(c["contact_id"], c["account_name"]) for c in found] == [
        ("C20001", "Brightwell Logistics"),
        ("C20002", "Meridian Freight"),
        ("C20133", ok("get_account", account_id="A1108")["name"]),
    ]
    assert [c["contact_id"] for c in ok("search_contacts", email="carla.mendes@orchardlane.com")] == [
        "C20006",
        "C20007",
    ]
    assert no("search_contacts") == "Error: Give a name or an e-mail to search by"


def test_leads_by_name_company_or_owner(ok, no):
    assert [lead["lead_id"] for lead in ok("search_leads", company="tidewater")] == ["L5001", "L5002"]
    assert [lead["lead_id"] for lead in ok("search_leads", name="Felix Romero")] == ["L5003"]
    alicia = {lead["lead_id"] for lead in ok("search_leads", owner_id="R113")}
    assert {"L5004", "L5008", "L5009", "L5010", "L5011"} <= alicia
    assert no("search_leads") == "Error: Give a name, a company or an owner to search by"


def test_opportunity_checklist_and_listing(ok, no):
    fleet = ok("get_opportunity", opportunity_id="O7001")
    assert (
        fleet["probability_pct"],
        fleet["checklist"]["budget_logged"],
        fleet["checklist"]["decision_maker_logged"],
    ) == (
        10,
        True,
        False,
    )
    orchard = ok("get_opportunity", opportunity_id="O7005")
    assert orchard["checklist"]["valid_quote"] is False and orchard["quotes"][0]["status"] == "expired"
    listed = ok("list_opportunities", owner_id="R111", stage="open", close_before="2025-09-30")
    assert [(o["opportunity_id"], o["stage"], o["amount"]) for o in listed] == [
        ("O7015", "qualification", 45000.0),
        ("O7013", "proposal", 120000.0),
        ("O7014", "negotiation", 80000.0),
    ]
    assert no("list_opportunities", owner_id="R111", stage="won") == "Error: Unknown stage won"
    assert no("get_opportunity", opportunity_id="O1") == "Error: Opportunity O1 not found"


def test_activities_and_price_book(ok, no):
    assert [a["activity_id"] for a in ok("list_activities", entity_id="O7002")] == ["AC30002", "AC30003"]
    assert ok("list_activities", entity_id="O7002", date_from="2025-08-27") == [
        ok("list_activities", entity_id="O7002")[1]
    ]
    assert no("list_activities", entity_id="X1") == "Error: Contact X1 not found"
    assert no("list_activities", entity_id="O1") == "Error: Opportunity O1 not found"
    assert no("list_activities", entity_id="L1") == "Error: Lead L1 not found"
    book = {p["product_id"]: (p["list_price"], p["floor_price"]) for p in ok("get_price_book")}
    assert len(book) == 40 and book["P-CRM-PRO"] == (1200.0, 1000.0)


def test_log_activity(ok, no):
    logged = ok(
        "log_activity", entity_id="L5006", activity_type="call", date="2025-09-02", outcome="connected", rep_id="R110"
    )
    assert logged["entity_id"] == "L5006"
    lead = ok("search_leads", name="Chloe Martin")[0]
    assert (lead["status"], lead["first_contact"]) == ("working", "2025-09-02")
    kwargs = dict(entity_id="O7001", date="2025-09-02", rep_id="R110")
    assert no("log_activity", activity_type="fax", outcome="sent", **kwargs) == "Error: Unknown activity type fax"
    assert no("log_activity", activity_type="call", outcome="maybe", **kwargs) == "Error: Unknown outcome maybe"
    assert (
        no(
            "log_activity",
            entity_id="O7001",
            activity_type="call",
            date="2025-09-03",
            outcome="connected",
            rep_id="R110",
        )
        == "Error: An activity cannot be dated after today"
    )
    assert (
        no("log_activity", activity_type="call", outcome="connected", contact_id="C20002", **kwargs)
        == "Error: Contact C20002 is not at this record's account"
    )


def test_create_task(ok, no):
    made = ok("create_task", related_id="C20005", owner_id="R110", due_date="2025-09-16", purpose="follow_up")
    assert (made["status"], made["created"]) == ("open", "2025-09-02")
    base = dict(owner_id="R110", due_date="2025-09-05", purpose="follow_up")
    assert no("create_task", related_id="Z1", **base) == "Error: Contact Z1 not found"
    assert no("create_task", related_id="L1", **base) == "Error: Lead L1 not found"
    assert no("create_task", related_id="C20005", owner_id="R114", due_date="2025-09-05", purpose="follow_up") == (
        "Error: Rep R114 is not active"
    )
    assert (
        no("create_task", related_id="C20005", owner_id="R110", due_date="2025-09-01", purpose="follow_up")
        == "Error: A task cannot be due before today"
    )
    assert (
        no("create_task", related_id="C20005", owner_id="R110", due_date="2025-09-05", purpose="lunch")
        == "Error: Unknown purpose lunch"
    )
    assert no("create_task", related_id="C20005", owner_id="R110", due_date="5 Sept", purpose="follow_up") == (
        "Error: Due date must be a date written YYYY-MM-DD"
    )


def test_update_opportunity(ok, no):
    moved = ok("update_opportunity", opportunity_id="O7011", close_date="2025-10-31")
    assert (moved["close_date"], moved["close_date_pushes"]) == ("2025-10-31", 1)
    earlier = ok("update_opportunity", opportunity_id="O7011", close_date="2025-10-01", amount=25000)
    assert (earlier["close_date_pushes"], earlier["amount"]) == (1, 25000.0)
    assert no("update_opportunity", opportunity_id="O7016", stage="commit") == "Error: Opportunity O7016 is closed"
    assert no("update_opportunity", opportunity_id="O7011") == "Error: Nothing to change"
    assert no("update_opportunity", opportunity_id="O7011", stage="won") == "Error: Unknown stage won"
    assert no("update_opportunity", opportunity_id="O7011", amount=-1) == "Error: Amount cannot be negative"
    assert no("update_opportunity", opportunity_id="O7011", po_number=" ") == "Error: A PO number cannot be blank"


def test_create_quote(ok, no):
    quote = ok(
        "create_quote",
        opportunity_id="O7003",
        lines=[{"product_id": "P-SUP-DESK", "quantity": 125}],
        discount_pct=16,
        approver_id="R101",
    )
    assert (quote["total"], quote["valid_until"], quote["status"], quote["lines"][0]["unit_price"]) == (
        50400.0,
        "2025-10-02",
        "draft",
        403.2,
    )
    line = [{"product_id": "P-SUP-DESK", "quantity": 1}]
    assert (
        no("create_quote", opportunity_id="O7016", lines=line, discount_pct=0) == "Error: Opportunity O7016 is closed"
    )
    assert (
        no("create_quote", opportunity_id="O7003", lines=[], discount_pct=0) == "Error: A quote needs at least one line"
    )
    assert no("create_quote", opportunity_id="O7003", lines=line, discount_pct=100) == (
        "Error: Discount must be from 0 to less than 100 percent"
    )
    assert no("create_quote", opportunity_id="O7003", lines=line * 2, discount_pct=0) == (
        "Error: Product P-SUP-DESK is on two lines"
    )
    assert no("create_quote", opportunity_id="O7003", lines=["P-SUP-DESK"], discount_pct=0) == (
        'Error: Each line must be {"product_id": ..., "quantity": ...}'
    )
    assert no(
        "create_quote", opportunity_id="O7003", lines=[{"product_id": "P-SUP-DESK", "quantity": 0}], discount_pct=0
    ) == ("Error: Quantity must be a whole number of at least 1")
    assert no("create_quote", opportunity_id="O7003", lines=[{"product_id": "P-X", "quantity": 1}], discount_pct=0) == (
        "Error: Product P-X not found"
    )


def test_convert_lead(ok, no):
    made = ok("convert_lead", lead_id="L5003", create_opportunity=True)
    account = ok("get_account", account_id=made["account_id"])
    assert (account["name"], account["domain"], account["owner_id"]) == (
        "Quarry Stone Outfitters",
        "quarrystone.com",
        "R112",
    )
    new = ok("get_opportunity", opportunity_id=made["opportunity_id"])
    assert (new["stage"], new["amount"], new["close_date"]) == ("discovery", 0.0, "2025-12-31")
    assert no("convert_lead", lead_id="L5003") == "Error: Lead L5003 is converted"
    assert (
        no("convert_lead", lead_id="L5002", create_opportunity="yes")
        == "Error: create_opportunity must be true or false"
    )
    assert no("convert_lead", lead_id="L5002", contact_id="C20010") == "Error: Name the account of an existing contact"
    assert no("convert_lead", lead_id="L5002", account_id="A1001", contact_id="C20010") == (
        "Error: Contact C20010 is not at account A1001"
    )
    linked = ok("convert_lead", lead_id="L5002", account_id="A1004", contact_id="C20010")
    assert (linked["contact_id"], linked["opportunity_id"]) == ("C20010", None)


def test_reassign_owner(ok, no):
    assert ok("reassign_owner", entity_id="A1009", new_owner_id="R113") == "A1009 now owned by R113 (was R114)"
    assert no("reassign_owner", entity_id="A1009", new_owner_id="R113") == "Error: A1009 is already owned by R113"
    assert no("reassign_owner", entity_id="C20001", new_owner_id="R113") == "Error: Account C20001 not found"
    assert no("reassign_owner", entity_id="O1", new_owner_id="R113") == "Error: Opportunity O1 not found"
    assert no("reassign_owner", entity_id="O7009", new_owner_id="R114") == "Error: Rep R114 is not active"


def test_update_contact(ok, no):
    changed = ok("update_contact", contact_id="C20008", decision_maker=True, email="Ben.Adler@granitepeak.com")
    assert (changed["decision_maker"], changed["email"]) == (True, "ben.adler@granitepeak.com")
    assert no("update_contact", contact_id="C20008") == "Error: Nothing to change"
    assert no("update_contact", contact_id="C20008", email="ben at granitepeak") == "Error: Not an e-mail address"
    assert no("update_contact", contact_id="C20008", email_opt_out="no") == (
        "Error: decision_maker and email_opt_out must be true or false"
    )


def test_merge_contacts(ok, no, tools):
    assert (
        ok("merge_contacts", keep_id="C20006", remove_id="C20007")
        == "Merged C20007 into C20006; 1 activities and tasks moved"
    )
    assert "C20007" not in tools.db.contacts
    moved = {a["activity_id"]: (a["entity_id"], a["contact_id"]) for a in ok("list_activities", entity_id="C20006")}
    assert moved == {"AC30007": ("O7005", "C20006"), "AC30008": ("O7005", "C20006"), "AC30010": ("C20006", "C20006")}
    assert no("merge_contacts", keep_id="C20013", remove_id="C20013") == "Error: Name two different contacts"
    assert no("merge_contacts", keep_id="C20001", remove_id="C20002") == (
        "Error: Only contacts of the same account can be merged"
    )


@pytest.mark.parametrize(
    ("created", "deadline"),
    [
        ("2025-08-29", "2025-09-02"),
        ("2025-08-28", "2025-08-29"),
        ("2025-09-02", "2025-09-03"),
        ("2025-11-26", "2025-12-01"),
    ],
)
def test_first_contact_deadline_skips_weekends_and_holidays(created, deadline):
    assert first_contact_deadline(created) == deadline


def calls(*steps):
    return [("assistant", name, arguments) for name, arguments in steps]


def test_worked_task_5_convert_into_the_account_of_the_lead_s_domain(domain):
    """Ana Ruiz's lead says "Tidewater Data Co", but her e-mail's domain is Tidewater Analytics' account (A1004):
    convert into it with a new opportunity, then quote 10 Analytics Pro seats at 5%: 10 x 855.00 = 8550.00."""
    task = domain.tasks["5"]
    line = [{"product_id": "P-ANL-PRO", "quantity": 10}]
    other_way = calls(
        ("get_rep", {"rep_id": "R111"}),
        ("search_leads", {"company": "Tidewater"}),
        ("search_accounts", {"domain": "tidewater-analytics.com"}),
        ("convert_lead", {"lead_id": "L5001", "account_id": "A1004", "contact_id": None, "create_opportunity": True}),
        ("create_quote", {"opportunity_id": "O8100", "lines": line, "discount_pct": 5.0}),
    )
    assert reward_of(domain, task, other_way, "The quote totals $8,550.00 and is valid until 2025-10-02.") == 1.0
    assert reward_of(domain, task, other_way, "Done: the quote is in.") == 0.0
    lazy = calls(
        ("get_rep", {"rep_id": "R111"}),
        ("convert_lead", {"lead_id": "L5001", "create_opportunity": True}),
        ("create_quote", {"opportunity_id": "O8100", "lines": line, "discount_pct": 5}),
    )
    assert reward_of(domain, task, lazy, "The quote totals $8,550.00 and is valid until 2025-10-02.") == 0.0


def test_worked_task_8_a_manager_s_discount_stops_at_the_floor(domain):
    """18% of 900.00 leaves 738.00, under the 765.00 floor; 15% leaves exactly 765.00, so the manager's quote is
    15% with herself as approver: 25 x 765.00 = 19125.00."""
    task = domain.tasks["8"]
    line = [{"product_id": "P-ANL-PRO", "quantity": 25}]
    right = calls(
        ("get_rep", {"rep_id": "R101"}),
        ("get_price_book", {}),
        ("create_quote", {"opportunity_id": "O7014", "lines": line, "discount_pct": 15.0, "approver_id": "R101"}),
    )
    assert reward_of(domain, task, right, "Total 19,125.00, valid until 2025-10-02.") == 1.0
    as_asked = calls(
        ("create_quote", {"opportunity_id": "O7014", "lines": line, "discount_pct": 18, "approver_id": "R101"})
    )
    assert reward_of(domain, task, as_asked, "Total 18,450.00, valid until 2025-10-02.") == 0.0
    unapproved = calls(("create_quote", {"opportunity_id": "O7014", "lines": line, "discount_pct": 15}))
    assert reward_of(domain, task, unapproved, "Total 19,125.00, valid until 2025-10-02.") == 0.0


def test_worked_task_11_the_older_record_stays_and_takes_the_new_e_mail(domain):
    """Greta Lund's 2021 record (C20013) outlives her 2025 one (C20014) whatever the rep prefers; her current
    e-mail is then written onto it. Writing the e-mail before merging ends in the same state."""
    task = domain.tasks["11"]
    other_order = calls(
        ("get_rep", {"rep_id": "R112"}),
        ("get_account", {"account_id": "A1010"}),
        ("update_contact", {"contact_id": "C20013", "email": "g.lund@larkspurfin.com"}),
        ("merge_contacts", {"keep_id": "C20013", "remove_id": "C20014"}),
    )
    assert reward_of(domain, task, other_order, "Merged.") == 1.0
    as_asked = calls(("merge_contacts", {"keep_id": "C20014", "remove_id": "C20013"}))
    assert reward_of(domain, task, as_asked, "Merged.") == 0.0


def test_worked_task_14_the_manager_s_third_push_and_her_rep_s_task(domain):
    """The third push of O7007 is the manager's to make; the follow-up is Alicia's (R113), about Derek Holt
    (C20012), due 2025-09-12, and the due date is said."""
    task = domain.tasks["14"]
    push = ("update_opportunity", {"opportunity_id": "O7007", "close_date": "2025-10-15"})
    follow_up = {"related_id": "C20012", "owner_id": "R113", "due_date": "2025-09-12", "purpose": "follow_up"}
    other_order = calls(("get_rep", {"rep_id": "R101"}), ("create_task", follow_up), push)
    assert (
        reward_of(domain, task, other_order, "Alicia's task is due 2025-09-12; the deal now closes 2025-10-15.") == 1.0
    )
    assert reward_of(domain, task, other_order, "All set.") == 0.0
    her_own = calls(("create_task", {**follow_up, "owner_id": "R101"}), push)
    assert reward_of(domain, task, her_own, "The task is due 2025-09-12.") == 0.0


def test_worked_task_23_a_web_lead_of_today_is_called_by_tomorrow(domain):
    """Chloe Martin's web lead came in on Tuesday 2025-09-02: the first business day after is 2025-09-03, so the
    task is due then, not on the Thursday asked for nor the Friday offered."""
    task = domain.tasks["23"]
    first_call = {"related_id": "L5006", "owner_id": "R110", "purpose": "first_call"}
    right = calls(
        ("get_rep", {"rep_id": "R110"}),
        ("search_leads", {"company": "Northgate"}),
        ("create_task", {**first_call, "due_date": "2025-09-03"}),
    )
    assert reward_of(domain, task, right, "She must be called by 2025-09-03; your task is due that day.") == 1.0
    for late in ("2025-09-04", "2025-09-05"):
        lazy = calls(("get_rep", {"rep_id": "R110"}), ("create_task", {**first_call, "due_date": late}))
        assert reward_of(domain, task, lazy, f"Your task is due {late}; the deadline was 2025-09-03.") == 0.0


@pytest.mark.parametrize(
    ("rule", "task_id", "changed", "added", "violation"),
    [
        (2, "9", None, ("update_opportunity", {"opportunity_id": "O7008", "amount": 90000}), "owned by R121, for R110"),
        (
            5,
            "1",
            None,
            ("update_opportunity", {"opportunity_id": "O7001", "stage": "qualification"}),
            "O7001 qualified",
        ),
        (9, "6", (3, {"discount_pct": 15}), None, "a 15% quote approved by None for R111"),
        (10, "8", (3, {"discount_pct": 18}), None, "P-ANL-PRO at 738.00, below its floor 765.00"),
        (12, "23", (2, {"due_date": "2025-09-04"}), None, "first call on L5006 due after its deadline 2025-09-03"),
        (
            14,
            "12",
            None,
            (
                "log_activity",
                {
                    "entity_id": "C20004",
                    "activity_type": "marketing_email",
                    "date": "2025-09-02",
                    "outcome": "sent",
                    "rep_id": "R110",
                    "contact_id": "C20004",
                },
            ),
            "marketing e-mail logged to C20004, who opted out",
        ),
        (15, "5", (4, {"account_id": None}), None, "L5001 converted into None, not ['A1004']"),
        (16, "17", None, ("reassign_owner", {"entity_id": "A1001", "new_owner_id": "R111"}), "not a manager"),
        (
            17,
            "13",
            None,
            ("update_opportunity", {"opportunity_id": "O7007", "close_date": "2025-10-15"}),
            "push number 3",
        ),
        (18, "11", (2, {"keep_id": "C20014", "remove_id": "C20013"}), None, "kept C20014, the newer record"),
    ],
)
def test_a_rule_catches_a_gold_trace_that_breaks_it(domain, rule, task_id, changed, added, violation):
    """Each rule's check passes the task's gold, and flags the gold with one write changed or one added."""
    rules = import_module("taubench.domains.sales.policy_rules").RULES
    assert rules[rule](gold_trace(domain, domain.tasks[task_id])) == []
    task = domain.tasks[task_id].model_copy(deep=True)
    actions = task.evaluation_criteria.actions
    if changed:
        index, arguments = changed
        actions[index].arguments = {**actions[index].arguments, **arguments}
    if added:
        actions.append(GoldAction(action_id="x", name=added[0], arguments=added[1]))
    assert any(violation in found for found in rules[rule](gold_trace(domain, task)))

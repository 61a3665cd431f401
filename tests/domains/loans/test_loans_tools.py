"""The loans desk's tools: each one's answer, each of its error texts, that a write that fails
changes nothing, the money and date helpers, and fair grading on five worked test tasks (an
equivalent solution scores 1, a lazy shortcut scores 0)."""

import pytest

from taubench.domains.fair_checks import reward_of
from taubench.domains.loans.money import add_months, cents, monthly_payment
from taubench.domains.loans.policy_rules import dti


@pytest.fixture
def refused(no):
    """A refusal's text without its "Error: " prefix (it must change nothing)."""
    return lambda tool, **arguments: no(tool, **arguments).removeprefix("Error: ")


def test_money_and_months():
    assert cents(4.275) == 4.28 and cents(2.675) == 2.68
    assert add_months("2025-01-31", 1) == "2025-02-28" and add_months("2025-10-15", 0, 22) == "2025-10-22"
    assert add_months("2025-12-20", 1, 5) == "2026-01-05" and add_months("2025-03-10", -2) == "2025-01-10"
    assert monthly_payment(12000, 48, 12.49) == 318.90 and monthly_payment(1200, 12, 0) == 100.0


def test_the_books_have_the_briefs_size_and_namesakes(tools):
    db = tools.db
    assert (len(db.borrowers), len(db.applications), len(db.loans)) == (600, 800, 900)
    assert len(db.payments) + len(db.fees) > 10000
    rosas = [b for b in db.borrowers.values() if (b.first_name, b.last_name) == ("Rosa", "Alvarez")]
    assert len(rosas) >= 3
    people = [(b.first_name, b.last_name, b.dob, b.zip) for b in db.borrowers.values()]
    assert len(set(people)) == len(people)


def test_find_borrower_tells_namesakes_apart(ok, refused):
    first = ok("find_borrower", first_name="rosa", last_name="ALVAREZ", dob="1984-03-12", zip="60614")
    assert [m["borrower_id"] for m in first] == ["B1001"]
    other = ok("find_borrower", first_name="Rosa", last_name="Alvarez", dob="1984-03-12", zip="60640")
    assert [m["borrower_id"] for m in other] == ["B1002"]
    assert ok("find_borrower", first_name="Marisol", last_name="Costa", dob="1984-09-17", zip="02139") == []
    assert refused("find_borrower", first_name="Rosa", last_name="Alvarez", dob="12/03/1984", zip="60614") == (
        "Date of birth must be a date written YYYY-MM-DD"
    )


def test_borrower_file_lists_loans_as_borrower_or_co_borrower(ok, refused):
    grace = ok("get_borrower", borrower_id="B1005")
    assert grace["loan_ids"] == ["L7005"] and grace["borrower"]["tax_id_last4"] == "5520"
    daniel = ok("get_borrower", borrower_id="B1004")
    assert daniel["loan_ids"] == ["L7005", "L7006"]
    assert ok("get_borrower", borrower_id="B1033")["application_ids"] == ["AP5010", "AP5011"]
    assert refused("get_borrower", borrower_id="B9") == "Borrower B9 not found"


def test_reads_of_applications_loans_history_and_the_rate_sheet(ok, refused):
    assert ok("get_application", application_id="AP5001")["status"] == "submitted"
    assert refused("get_application", application_id="AP1") == "Application AP1 not found"
    loan = ok("get_loan", loan_id="L7010")
    assert loan["days_past_due"] == 20 and loan["amount_past_due"] == loan["installment"]
    assert refused("get_loan", loan_id="L1") == "Loan L1 not found"
    history = ok("get_payment_history", loan_id="L7010")
    assert history["fees"][0]["status"] == "open" and history["fees"][0]["amount"] == cents(loan["installment"] * 0.05)
    posted = [p["posted"] for p in history["payments"]]
    assert posted == sorted(posted, reverse=True)
    sheet = ok("get_rate_sheet", product="auto")
    assert sheet["terms_months"] == [36, 48, 60, 72] and sheet["bands"][0]["apr"] == 6.49
    assert refused("get_rate_sheet", product="boat") == "Product boat not found"


def test_quote_payment(ok, refused):
    assert ok("quote_payment", amount=12000, term_months=48, apr=12.49)["monthly_payment"] == 318.90
    assert refused("quote_payment", amount=0, term_months=48, apr=12.49) == "Amount must be positive"
    assert refused("quote_payment", amount="a lot", term_months=48, apr=12.49) == "Amount must be a number"
    message = "Term must be a whole number of months from 1 to 120"
    assert refused("quote_payment", amount=1000, term_months=240, apr=8.99) == message
    assert refused("quote_payment", amount=1000, term_months=12, apr=-1) == "APR cannot be negative"


def test_payoff_quote(ok, refused, tools):
    quote = ok("get_payoff_quote", loan_id="L7018", payoff_date="2025-09-30")
    loan = tools.db.loans["L7018"]
    assert quote["per_diem"] == cents(loan.balance * loan.apr / 100 / 365)
    assert quote["total"] == cents(loan.balance + cents(quote["per_diem"] * quote["days_of_interest"]))
    assert refused("get_payoff_quote", loan_id="L7019", payoff_date="2025-10-04") == (
        "Payoff date must be from today to 10 days ahead"
    )
    assert refused("get_payoff_quote", loan_id="L7019", payoff_date="2025-09-22") == (
        "Payoff date must be from today to 10 days ahead"
    )
    paid_off = next(key for key, loan in tools.db.loans.items() if loan.status == "paid_off")
    assert refused("get_payoff_quote", loan_id=paid_off, payoff_date="2025-09-30") == "Loan is paid off"


def test_submit_application(ok, refused, tools):
    made = ok(
        "submit_application",
        borrower_id="B1011",
        product="personal",
        amount=15000,
        term_months=60,
        purpose="kitchen remodel",
    )
    assert made["status"] == "submitted" and made["submitted"] == "2025-09-23" and made["documents"] == []
    assert tools.db.applications[made["application_id"]].borrower_id == "B1011"
    arguments = {"borrower_id": "B1011", "product": "personal", "amount": 15000, "term_months": 60, "purpose": "x"}
    assert refused("submit_application", **{**arguments, "term_months": 72}) == (
        "A personal loan is offered for 24, 36, 48, 60 months only"
    )
    assert refused("submit_application", **{**arguments, "amount": 45000}) == (
        "A personal loan must be from 2000.00 to 40000.00 USD"
    )
    assert refused("submit_application", **{**arguments, "purpose": " "}) == "Purpose is required"
    assert refused("submit_application", **{**arguments, "product": "boat"}) == "Product boat not found"


def test_record_document(ok, refused):
    recorded = ok("record_document", application_id="AP5001", doc_type="pay_stub", dated="2025-09-19")
    assert {"doc_type": "pay_stub", "dated": "2025-09-19", "received": "2025-09-23"} in recorded["documents"]
    assert refused("record_document", application_id="AP5001", doc_type="pay_stub", dated="2025-09-05") == (
        "A pay_stub dated 2025-09-05 is already recorded"
    )
    assert refused("record_document", application_id="AP5001", doc_type="pay_stub", dated="2025-09-30") == (
        "Document date cannot be in the future"
    )
    assert refused("record_document", application_id="AP5001", doc_type="pay_stub", dated="soon") == (
        "Document date must be a date written YYYY-MM-DD"
    )


def test_approve_decline_and_withdraw(ok, refused, domain):
    approved = ok("approve_application", application_id="AP5008", apr=12.49)
    assert approved["status"] == "approved" and approved["monthly_payment"] == monthly_payment(10000, 36, 12.49)
    assert refused("approve_application", application_id="AP5008", apr=12.49) == "Application is approved, not open"
    assert refused("approve_application", application_id="AP5001", apr=10.0) == (
        "APR 10.0 is not on the personal rate sheet"
    )
    declined = ok(
        "decline_application", application_id="AP5009", reasons=["income_not_verified", "credit_score_below_minimum"]
    )
    assert declined["notice_by"] == "2025-10-23" and declined["decline_reasons"] == [
        "credit_score_below_minimum",
        "income_not_verified",
    ]
    assert refused("decline_application", application_id="AP5003", reasons=[]) == (
        "List each reason once, at least one"
    )
    assert ok("withdraw_application", application_id="AP5014")["status"] == "withdrawn"
    db = domain.new_toolkit().db
    assert dti(db, db.applications["AP5003"]) == 42.0 and dti(db, db.applications["AP5012"]) == 40.0


def test_make_payment(ok, refused, tools):
    due = tools.db.loans["L7020"].amount_past_due
    regular = ok("make_payment", loan_id="L7020", amount=500, source_id="BA1028-1", principal_only=False)
    assert regular["to_past_due"] == due and regular["to_next_installment"] == cents(500 - due)
    loan = tools.db.loans["L7020"]
    assert loan.amount_past_due == 0 and loan.days_past_due == 0 and loan.prepaid == cents(500 - due)
    balance = loan.balance
    extra = ok("make_payment", loan_id="L7020", amount=100, source_id="BA1028-1", principal_only=True)
    assert extra["to_principal"] == 100 and tools.db.loans["L7020"].balance == cents(balance - 100)
    assert refused("make_payment", loan_id="L7005", amount=50, source_id="BA1001-1") == (
        "Bank account BA1001-1 is not on file for this loan's borrowers"
    )
    assert ok("make_payment", loan_id="L7005", amount=50, source_id="BA1005-1")["status"] == "posted"
    assert refused("make_payment", loan_id="L7021", amount=-5, source_id="BA1029-1") == "Amount must be positive"
    assert refused("make_payment", loan_id="L7021", amount=99999, source_id="BA1029-1", principal_only=True).startswith(
        "A principal-only payment cannot exceed the balance of "
    )


def test_set_autopay_and_change_due_date(ok, refused):
    assert ok("set_autopay", loan_id="L7022", source_id="BA1030-1", day=20)["autopay_day"] == 20
    assert refused("set_autopay", loan_id="L7022", source_id="BA1030-1", day=31) == (
        "Autopay day must be a whole day from 1 to 28"
    )
    moved = ok("change_due_date", loan_id="L7022", new_day=25)
    assert (moved["due_day"], moved["next_due_date"], moved["autopay_day"]) == (25, "2025-10-25", 25)
    assert moved["due_date_changes"] == ["2025-09-23"]
    assert refused("change_due_date", loan_id="L7022", new_day=25) == "The due day is already 25"
    assert refused("change_due_date", loan_id="L7028", new_day=31) == "Due day must be a whole day from 1 to 28"
    early = ok("change_due_date", loan_id="L7001", new_day=18)
    assert early["next_due_date"] == "2025-10-18"


def test_enroll_hardship(ok, refused, tools):
    before = tools.db.loans["L7015"].model_copy()
    plan = ok("enroll_hardship", loan_id="L7015", months=3)
    assert plan["next_due_date"] == add_months(before.next_due_date, 3)
    assert plan["maturity_date"] == add_months(before.maturity_date, 3)
    assert plan["term_months"] == before.term_months + 3
    assert refused("enroll_hardship", loan_id="L7016", months=4) == "Months must be a whole number from 1 to 3"


def test_waive_late_fee(ok, refused, tools):
    fee_id = next(f.fee_id for f in tools.db.fees.values() if f.loan_id == "L7027" and f.status == "open")
    assert tools.db.fees[fee_id].amount == 25.0  # 5% of the installment is more: the cap
    assert ok("waive_late_fee", fee_id=fee_id)["status"] == "waived"
    assert tools.db.loans["L7027"].last_fee_waiver == "2025-09-23"
    assert refused("waive_late_fee", fee_id=fee_id) == "Fee is waived, not open"
    returned = next(f.fee_id for f in tools.db.fees.values() if f.kind == "returned_payment")
    assert refused("waive_late_fee", fee_id=returned) == "Only a late fee can be waived here"
    assert refused("waive_late_fee", fee_id="F1") == "Fee F1 not found"


def _task(domain, number):
    return domain.tasks[str(number)]


def _gold(task):
    return [("assistant", action.name, action.arguments) for action in task.gold_actions]


def test_worked_task_8_dti_decline_needs_the_figure(domain):
    """Layla's DTI is (debts + 619.xx) / 5400 = 42.0%: declined, with the notice date."""
    task = _task(domain, 8)
    gold = _gold(task)
    assert reward_of(domain, task, gold, "Your DTI is 42.0% so it is declined; notice by 2025-10-23.") == 1.0
    assert reward_of(domain, task, gold, "Declined, sorry.") == 0.0  # the reason's figure unsaid
    approved = gold[:-1] + [("assistant", "approve_application", {"application_id": "AP5003", "apr": 12.49})]
    assert reward_of(domain, task, approved, "42.0 and 2025-10-23") == 0.0


def test_worked_task_17_waiver_needs_autopay_first(domain):
    task = _task(domain, 17)
    gold = _gold(task)
    assert reward_of(domain, task, gold, "Done.") == 1.0
    assert reward_of(domain, task, gold[:5] + gold[6:], "Done.") == 0.0  # the waiver without autopay
    autopay_first = gold[:4] + [gold[5], gold[4], gold[6]]  # another valid order
    assert reward_of(domain, task, autopay_first, "Done.") == 1.0


def test_worked_task_27_principal_only_waits_for_the_past_due(domain):
    task = _task(domain, 27)
    gold = _gold(task)
    remainder = task.evaluation_criteria.communicate_info[0]
    assert reward_of(domain, task, gold, f"{remainder} went to principal.") == 1.0
    swapped = gold[:4] + [gold[5], gold[4]]  # the same two payments the other way round
    assert reward_of(domain, task, swapped, f"{remainder} went to principal.") == 1.0
    lazy = gold[:4] + [
        (
            "assistant",
            "make_payment",
            {"loan_id": "L7020", "amount": 500, "source_id": "BA1028-1", "principal_only": True},
        )
    ]
    assert reward_of(domain, task, lazy, f"{remainder}") == 0.0


def test_worked_task_29_due_day_moves_before_autopay(domain):
    task = _task(domain, 29)
    gold = _gold(task)
    said = task.evaluation_criteria.communicate_info[0]
    assert said == "2025-10-25"
    assert reward_of(domain, task, gold, f"Next due {said}.") == 1.0
    lazy = gold[:3] + [("assistant", "set_autopay", {"loan_id": "L7022", "source_id": "BA1030-1", "day": 25})]
    assert reward_of(domain, task, lazy, f"Next due {said}.") == 0.0


def test_worked_task_23_hardship_only_what_is_left(domain):
    task = _task(domain, 23)
    gold = _gold(task)
    said = task.evaluation_criteria.communicate_info[0]
    assert reward_of(domain, task, gold, f"The loan now ends {said}.") == 1.0
    lazy = gold[:3] + [("assistant", "enroll_hardship", {"loan_id": "L7016", "months": 3})]
    assert reward_of(domain, task, lazy, f"The loan now ends {said}.") == 0.0


def test_worked_task_20_second_due_date_change_is_refused_with_the_date(domain):
    """Esther moved her due day on 2025-02-10: no second change until 2026-02-10."""
    task = _task(domain, 20)
    gold = _gold(task)
    assert task.evaluation_criteria.communicate_info == ["2026-02-10"]
    assert reward_of(domain, task, gold, "You can change it again from 2026-02-10.") == 1.0
    assert reward_of(domain, task, gold, "Sorry, you changed it this year.") == 0.0
    lazy = gold + [("assistant", "change_due_date", {"loan_id": "L7013", "new_day": 25})]
    assert reward_of(domain, task, lazy, "Done; next time from 2026-02-10.") == 0.0

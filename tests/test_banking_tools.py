"""The bank's tools: each one's answer, each of its error texts, that a write that fails
changes nothing, and the customer's app whose security code the bank checks."""

import json

import pytest
from test_healthcare_tools import assert_refusals_graded, reversed_list, swapped
from tool_calls import answer
from tool_calls import refused as refused_unchanged

from taubench.domains import load_domain
from taubench.domains.banking.bank_calendar import add_business_days, add_months, business_days_between, security_code
from taubench.domains.fair_checks import score
from taubench.domains.subject import Subject

NEXT = 503327  # the data's next transaction number


@pytest.fixture(scope="module")
def bank():
    return load_domain("banking")


@pytest.fixture
def tools(bank):
    return bank.new_toolkit()


def refused(tools, bank, tool, **arguments) -> str:
    """The refusal's text without its "Error: " prefix."""
    return refused_unchanged(tools, bank, tool, **arguments).removeprefix("Error: ")


def replacing(tools, bank, **changes) -> str:
    arguments = {"card_id": "K30002", "reason": "lost", "noticed_on": "2025-07-08", "ship_speed": "standard", **changes}
    return refused(tools, bank, "replace_card", **arguments)


def code_of(tools, customer_id: str) -> str:
    return security_code(tools.db.app_enrolments[customer_id].secret, tools.db.today)


def test_business_days_skip_weekends_and_holidays():
    holidays = ["2025-07-04"]
    assert add_business_days("2025-07-03", 1, holidays) == "2025-07-07"
    assert add_business_days("2025-07-08", 7, holidays) == "2025-07-17"
    assert business_days_between("2025-07-04", "2025-07-08", holidays) == 2
    assert business_days_between("2025-07-02", "2025-07-08", holidays) == 3
    assert add_months("2025-07-08", 6) == "2026-01-08" and add_months("2025-08-31", 6) == "2026-02-28"
    assert add_months("2025-06-30", -1) == "2025-05-30"


def test_namesakes_are_told_apart_by_birth_date_and_zip(tools, bank):
    assert answer(tools, "find_customer", name="maria gonzalez", birth_date="1984-03-12", zip_code="60614") == "C1001"
    assert answer(tools, "find_customer", name="Maria Gonzalez", birth_date="1991-11-02", zip_code="60614") == "C1002"
    assert answer(tools, "find_customer", name="Maria Gonzalez", birth_date="1984-03-12", zip_code="78704") == "C1003"
    assert answer(tools, "find_customer", name="Evan Walsh", birth_date="1993-05-03", zip_code="02134") == "C1011"
    message = "No customer matches that name, date of birth and ZIP code"
    assert refused(tools, bank, "find_customer", name="Maria Gonzalez", birth_date="1984-03-12", zip_code="60615") == message


def test_the_books_are_near_the_briefs_size_and_no_two_customers_share_all_three_identifiers(tools):
    db = tools.db
    sizes = {name: len(getattr(db, name)) for name in ("customers", "accounts", "transactions", "cards", "payees")}
    assert sizes == {"customers": 600, "accounts": 1080, "transactions": 15862, "cards": 800, "payees": 1103}
    people = [(customer.name, customer.birth_date, customer.zip_code) for customer in db.customers.values()]
    assert len(set(people)) == len(people)
    assert sum(name == "Maria Gonzalez" for name, _, _ in people) == 6  # the cast's three and three later namesakes


def test_customers_accounts_cards_payees_and_disputes_are_read(tools, bank):
    customer = answer(tools, "get_customer", customer_id="C1001")
    assert customer["account_ids"] == ["A20001", "A20002", "A20003", "A20004"] and customer["card_ids"] == ["K30001", "K30002"]
    assert "secret" not in json.dumps(customer)
    assert refused(tools, bank, "get_customer", customer_id="C9") == "Customer not found"
    account = answer(tools, "get_account", account_id="A20001")
    assert account["available_balance"] == 1950.4 and account["holds"][0]["releases"] == [{"on": "2025-07-09", "amount": 365.0}]
    assert account["alerts"] == [] and account["disputes"] == [] and account["stop_payments"] == []
    assert answer(tools, "get_account", account_id="A20004")["alerts"] == [
        {"alert_id": "AL9004", "account_id": "A20004", "alert_type": "large_transaction", "threshold": 1000.0}]
    assert answer(tools, "get_account", account_id="A20060")["disputes"] == ["D7001"]
    assert answer(tools, "get_account", account_id="A20025")["stop_payments"][0]["expires_on"] == "2025-09-04"
    assert refused(tools, bank, "get_account", account_id="A9") == "Account not found"
    assert answer(tools, "get_card", card_id="K30020")["cardholder_id"] == "C1006"
    assert refused(tools, bank, "get_card", card_id="K9") == "Card not found"
    assert [payee["added_on"] for payee in answer(tools, "list_payees", customer_id="C1004")] == ["2025-07-07", "2024-08-20"]
    assert refused(tools, bank, "list_payees", customer_id="C9") == "Customer not found"
    assert answer(tools, "get_dispute", dispute_id="D7002")["provisional_credit_due_on"] == "2025-07-09"
    assert refused(tools, bank, "get_dispute", dispute_id="D9") == "Dispute not found"


def test_transactions_are_listed_newest_first_within_the_dates(tools, bank):
    listed = answer(tools, "list_transactions", account_id="A20030", date_from="2025-07-05", date_to="2025-07-07")
    assert [t["transaction_id"] for t in listed] == ["T500288", "T500287", "T500286"]
    assert listed[0]["statement_date"] is None
    march = answer(tools, "list_transactions", account_id="A20030", date_from="2025-03-28", date_to="2025-03-28")
    assert [t["statement_date"] for t in march if t["description"] == "SKYLINE FITNESS CLUB"] == ["2025-04-04"]
    assert refused(tools, bank, "list_transactions", account_id="A20030", date_from="2025-07-08", date_to="2025-07-01") == (
        "date_from must not be after date_to")
    assert refused(tools, bank, "list_transactions", account_id="A20030", date_from="July 1", date_to="2025-07-01") == (
        "date_from must be a date written YYYY-MM-DD")


def test_a_security_code_from_the_app_verifies_the_customer(tools, bank):
    assert refused(tools, bank, "verify_code", customer_id="C1001", code="000000") == "Security code does not match"
    assert refused(tools, bank, "verify_code", customer_id="C1010", code="000000") == (
        "Customer has no bank app enrolled: no security code can be checked")
    assert answer(tools, "verify_code", customer_id="C1001", code=code_of(tools, "C1001")) == (
        "Security code verified: Maria Gonzalez (C1001) is verified at tier 2 for this conversation")
    assert tools.db.customers["C1001"].verified_by_code


def test_the_customers_app_shows_the_code_the_bank_checks(bank):
    app = bank.new_user_toolkit()
    assert app.invoke("show_security_code", {}).content == "Error: The bank app is not set up on this phone"
    secret = bank.fresh_db().app_enrolments["C1001"].secret
    app.enrol("C1001", "Maria Gonzalez", secret)
    shown = app.invoke("show_security_code", {}).content
    assert shown == f"Security code for Maria Gonzalez: {security_code(secret, '2025-07-08')} (valid today only)"


def test_internal_transfers_move_money_both_ways(tools, bank):
    out, back = answer(tools, "transfer_internal", from_account_id="A20003", to_account_id="A20002", amount=500)
    assert (out["transaction_id"], out["amount"]) == (f"T{NEXT}", -500.0)
    assert (back["transaction_id"], back["amount"]) == (f"T{NEXT + 1}", 500.0)
    assert tools.db.accounts["A20003"].balance == 7920.0 and tools.db.accounts["A20002"].available_balance == 1689.07
    assert refused(tools, bank, "transfer_internal", from_account_id="A20001", to_account_id="A20001", amount=5) == (
        "The two accounts must differ")
    assert refused(tools, bank, "transfer_internal", from_account_id="A20004", to_account_id="A20001", amount=5) == (
        "Transfers cannot be drawn from a credit card account")
    assert refused(tools, bank, "transfer_internal", from_account_id="A20001", to_account_id="A20002", amount=2000) == (
        "Amount exceeds the available balance of 1950.40")
    assert refused(tools, bank, "transfer_internal", from_account_id="A20003", to_account_id="A20004", amount=1300) == (
        "Amount exceeds the 1240.37 owed on the card")
    assert refused(tools, bank, "transfer_internal", from_account_id="A20055", to_account_id="A20056", amount=5) == (
        "Account A20055 is frozen")
    assert refused(tools, bank, "transfer_internal", from_account_id="A20003", to_account_id="A20002", amount=-5) == (
        "Amount must be a number greater than 0")
    assert refused(tools, bank, "transfer_internal", from_account_id="A20003", to_account_id="A20002", amount=5.001) == (
        "Amount must be in whole cents")


def test_external_transfers_go_to_an_owners_saved_payee(tools, bank):
    sent = answer(tools, "send_external_transfer", from_account_id="A20010", payee_id="P40012", amount=250.5)
    # Susan's payee, from the joint account she owns with David
    assert (sent["amount"], sent["channel"], sent["payee_id"]) == (-250.5, "external_transfer", "P40012")
    assert tools.db.accounts["A20010"].balance == 6492.05
    assert refused(tools, bank, "send_external_transfer", from_account_id="A20010", payee_id="P9", amount=5) == "Payee not found"
    assert refused(tools, bank, "send_external_transfer", from_account_id="A20004", payee_id="P40001", amount=5) == (
        "Transfers cannot be drawn from a credit card account")
    assert refused(tools, bank, "send_external_transfer", from_account_id="A20001", payee_id="P40003", amount=5) == (
        "The payee does not belong to an owner of this account")
    assert refused(tools, bank, "send_external_transfer", from_account_id="A20001", payee_id="P40001", amount=5000) == (
        "Amount exceeds the available balance of 1950.40")


def test_cards_are_locked_and_replaced(tools, bank):
    assert answer(tools, "lock_card", card_id="K30001")["status"] == "locked"
    assert refused(tools, bank, "lock_card", card_id="K30001") == "Only an active card can be locked; this one is locked"
    closed, new = answer(tools, "replace_card", card_id="K30001", reason="lost", noticed_on="2025-07-04", ship_speed="standard")
    assert (closed["status"], closed["liability_cap"], closed["replacement_card_id"]) == ("closed", 50.0, "K32000")
    assert (new["card_id"], new["status"], new["arrives_by"], new["expires"]) == ("K32000", "ordered", "2025-07-17", "2029-07")
    assert tools.db.customers["C1001"].card_ids[-1] == "K32000"
    closed, new = answer(tools, "replace_card", card_id="K30025", reason="stolen", noticed_on="2025-07-02",
                         ship_speed="expedited")
    assert (closed["liability_cap"], new["arrives_by"]) == (500.0, "2025-07-10")
    closed, _ = answer(tools, "replace_card", card_id="K30088", reason="damaged", noticed_on="2025-07-08", ship_speed="standard")
    assert closed["liability_cap"] is None
    assert replacing(tools, bank, card_id="K30001") == "Card cannot be replaced: it is closed"
    assert replacing(tools, bank, reason="bent") == 'reason must be "lost", "stolen", "damaged" or "compromised"'
    assert replacing(tools, bank, noticed_on="2025-07-09") == "noticed_on cannot be after today"
    assert replacing(tools, bank, ship_speed="overnight") == 'ship_speed must be "standard" or "expedited"'
    assert replacing(tools, bank, noticed_on="yesterday") == "noticed_on must be a date written YYYY-MM-DD"


def test_disputes_cover_posted_debits_of_one_account(tools, bank):
    dispute = answer(tools, "open_dispute", transaction_ids=["T500286", "T500287", "T500288"], reason="unauthorized")
    assert (dispute["dispute_id"], dispute["amount"], dispute["provisional_credit_due_on"]) == ("D7101", 190.59, "2025-07-22")
    assert tools.db.transactions["T500287"].dispute_id == "D7101"
    assert refused(tools, bank, "open_dispute", transaction_ids=[], reason="duplicate") == (
        "transaction_ids must be a non-empty list")
    assert refused(tools, bank, "open_dispute", transaction_ids=["T500298", "T500298"], reason="duplicate") == (
        "A transaction is listed twice")
    assert refused(tools, bank, "open_dispute", transaction_ids=["T500298"], reason="fraud") == (
        "reason must be one of unauthorized, duplicate, not_received, wrong_amount")
    assert refused(tools, bank, "open_dispute", transaction_ids=["T1"], reason="duplicate") == "Transaction T1 not found"
    assert refused(tools, bank, "open_dispute", transaction_ids=["T500298", "T500318"], reason="duplicate") == (
        "All disputed transactions must be on one account")
    assert refused(tools, bank, "open_dispute", transaction_ids=["T500315"], reason="wrong_amount") == (
        "Transaction T500315 is not a posted debit")
    assert refused(tools, bank, "open_dispute", transaction_ids=["T500311"], reason="wrong_amount") == (
        "Transaction T500311 is a check item and cannot be disputed")
    assert refused(tools, bank, "open_dispute", transaction_ids=["T500304"], reason="unauthorized") == (
        "Transaction T500304 is already in dispute D7001")


def test_provisional_credit_is_given_once_on_an_open_dispute(tools, bank):
    dispute = answer(tools, "issue_provisional_credit", dispute_id="D7001")
    assert (dispute["provisional_credit"], dispute["provisional_credit_on"]) == (412.0, "2025-07-08")
    assert tools.db.accounts["A20060"].balance == 7733.19
    assert refused(tools, bank, "issue_provisional_credit", dispute_id="D7001") == (
        "Provisional credit was already given on 2025-07-08")
    assert refused(tools, bank, "issue_provisional_credit", dispute_id="D7009") == "The dispute is resolved"


def test_a_stop_payment_charges_its_fee_and_lasts_six_months(tools, bank):
    stop = answer(tools, "place_stop_payment", account_id="A20080", check_number=1053, amount=125)
    assert (stop["stop_id"], stop["expires_on"], stop["fee_transaction_id"]) == ("S8101", "2026-01-08", f"T{NEXT}")
    assert tools.db.accounts["A20080"].balance == 1703.25
    assert refused(tools, bank, "place_stop_payment", account_id="A20080", check_number=1052, amount=300) == (
        "Check 1052 was already paid on 2025-07-02")
    assert refused(tools, bank, "place_stop_payment", account_id="A20080", check_number=1053, amount=125) == (
        "A stop payment on check 1053 is already in force until 2026-01-08")
    assert refused(tools, bank, "place_stop_payment", account_id="A20003", check_number=7, amount=125) == (
        "Stop payments are placed on checking accounts only")
    assert refused(tools, bank, "place_stop_payment", account_id="A20080", check_number="1054", amount=125) == (
        "check_number must be a positive whole number")


def test_alerts_are_set_or_their_threshold_replaced(tools, bank):
    assert answer(tools, "set_alert", account_id="A20010", alert_type="low_balance", threshold=500) == {
        "alert_id": "AL9001", "account_id": "A20010", "alert_type": "low_balance", "threshold": 500.0}
    assert answer(tools, "set_alert", account_id="A20001", alert_type="low_balance", threshold=100)["alert_id"] == "AL9501"
    assert refused(tools, bank, "set_alert", account_id="A20001", alert_type="deposit", threshold=100) == (
        'alert_type must be "low_balance" or "large_transaction"')
    assert refused(tools, bank, "set_alert", account_id="A20121", alert_type="low_balance", threshold=100) == (
        "Account A20121 is closed")


def test_fees_are_waived_for_an_owner(tools, bank):
    fee = answer(tools, "waive_fee", customer_id="C1020", transaction_id="T500308", reason="courtesy")
    assert fee["status"] == "waived" and tools.db.accounts["A20075"].balance == 1447.8
    assert tools.db.customers["C1020"].courtesy_waivers == ["2024-07-01", "2025-07-08"]
    answer(tools, "waive_fee", customer_id="C1012", transaction_id="T500293", reason="bank_error")
    assert tools.db.customers["C1012"].courtesy_waivers == ["2024-09-15"]
    assert refused(tools, bank, "waive_fee", customer_id="C1020", transaction_id="T500308", reason="courtesy") == (
        "Fee T500308 was already waived")
    assert refused(tools, bank, "waive_fee", customer_id="C1012", transaction_id="T500295", reason="goodwill") == (
        'reason must be "courtesy", "bank_error" or "premier_benefit"')
    assert refused(tools, bank, "waive_fee", customer_id="C1012", transaction_id="T500286", reason="courtesy") == (
        "Transaction T500286 is not a fee")
    assert refused(tools, bank, "waive_fee", customer_id="C1001", transaction_id="T500295", reason="courtesy") == (
        "Customer does not own the account charged")


def test_the_shared_tools_are_named_after_the_toolkit(tools):
    assert answer(tools, "calculate", expression="2500 - 1000") == "1500.0"
    assert answer(tools, "transfer_to_human_agents", summary="frozen account") == "Transfer successful"
    missing = "Error: BankTools.calculate() missing 1 required positional argument: 'expression'"
    assert tools.invoke("calculate", {}).content == missing


def test_a_refusal_is_graded_by_the_reason_a_correct_agent_gives(bank):
    assert_refusals_graded(bank)
    assert bank.tasks["39"].communicate_info == ["2025-04-20"]  # the fee is past the 60-day window


def test_equivalent_solutions_score_as_the_gold(bank):
    """Issue 31 §1-2: a dispute's transactions newest first, as the history lists them (16,
    22, 31); two external transfers to different payees the other way round (62)."""
    subject = Subject(bank)
    for task_id in ("16", "22", "31", "62"):
        task = bank.tasks[task_id]
        gold = subject.gold(task)
        if task_id == "62":
            variant = swapped(gold, "send_external_transfer")
        else:
            variant = reversed_list(gold, "open_dispute", "transaction_ids")
        assert variant != gold and score(subject, task, variant) == (1.0, False), task_id

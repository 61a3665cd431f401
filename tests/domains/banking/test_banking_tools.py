"""The bank's tools: each one's answer, each of its error texts, that a write that fails
changes nothing, and the customer's app whose security code the bank checks."""

import json

import pytest

from taubench.domains.banking.bank_calendar import add_business_days, add_months, business_days_between, security_code
from taubench.domains.banking.policy_rules import RULES
from taubench.domains.gold_trace import gold_trace

NEXT = 503327  # the data's next transaction number


@pytest.fixture
def refused(no):
    """A refusal's text without its "Error: " prefix (it must change nothing)."""
    return lambda tool, **arguments: no(tool, **arguments).removeprefix("Error: ")


def replacing(refused, **changes) -> str:
    arguments = {"card_id": "K30002", "reason": "lost", "noticed_on": "2025-07-08", "ship_speed": "standard", **changes}
    return refused("replace_card", **arguments)


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


def test_namesakes_are_told_apart_by_birth_date_and_zip(ok, refused):
    assert ok("find_customer", name="maria gonzalez", birth_date="1984-03-12", zip_code="60614") == "C1001"
    assert ok("find_customer", name="Maria Gonzalez", birth_date="1991-11-02", zip_code="60614") == "C1002"
    assert ok("find_customer", name="Maria Gonzalez", birth_date="1984-03-12", zip_code="78704") == "C1003"
    assert ok("find_customer", name="Evan Walsh", birth_date="1993-05-03", zip_code="02134") == "C1011"
    message = "No customer matches that name, date of birth and ZIP code"
    assert refused("find_customer", name="Maria Gonzalez", birth_date="1984-03-12", zip_code="60615") == message


def test_the_books_are_near_the_briefs_size_and_no_two_customers_share_all_three_identifiers(tools):
    db = tools.db
    sizes = {name: len(getattr(db, name)) for name in ("customers", "accounts", "transactions", "cards", "payees")}
    assert sizes == {"customers": 600, "accounts": 1080, "transactions": 15862, "cards": 800, "payees": 1103}
    people = [(customer.name, customer.birth_date, customer.zip_code) for customer in db.customers.values()]
    assert len(set(people)) == len(people)
    assert sum(name == "Maria Gonzalez" for name, _, _ in people) == 6  # the cast's three and three later namesakes


def test_customers_accounts_cards_payees_and_disputes_are_read(ok):
    customer = ok("get_customer", customer_id="C1001")
    assert customer["account_ids"] == ["A20001", "A20002", "A20003", "A20004"] and customer["card_ids"] == [
        "K30001",
        "K30002",
    ]
    assert "secret" not in json.dumps(customer)
    account = ok("get_account", account_id="A20001")
    assert account["available_balance"] == 1950.4 and account["holds"][0]["releases"] == [
        {"on": "2025-07-09", "amount": 365.0}
    ]
    assert account["alerts"] == [] and account["disputes"] == [] and account["stop_payments"] == []
    assert ok("get_account", account_id="A20004")["alerts"] == [
        {"alert_id": "AL9004", "account_id": "A20004", "alert_type": "large_transaction", "threshold": 1000.0}
    ]
    assert ok("get_account", account_id="A20060")["disputes"] == ["D7001"]
    assert ok("get_account", account_id="A20025")["stop_payments"][0]["expires_on"] == "2025-09-04"
    assert ok("get_card", card_id="K30020")["cardholder_id"] == "C1006"
    assert [payee["added_on"] for payee in ok("list_payees", customer_id="C1004")] == ["2025-07-07", "2024-08-20"]
    assert ok("get_dispute", dispute_id="D7002")["provisional_credit_due_on"] == "2025-07-09"


def test_transactions_are_listed_newest_first_within_the_dates(ok, refused):
    listed = ok("list_transactions", account_id="A20030", date_from="2025-07-05", date_to="2025-07-07")
    assert [t["transaction_id"] for t in listed] == ["T500288", "T500287", "T500286"]
    assert listed[0]["statement_date"] is None
    march = ok("list_transactions", account_id="A20030", date_from="2025-03-28", date_to="2025-03-28")
    assert [t["statement_date"] for t in march if t["description"] == "SKYLINE FITNESS CLUB"] == ["2025-04-04"]
    assert refused("list_transactions", account_id="A20030", date_from="2025-07-08", date_to="2025-07-01") == (
        "date_from must not be after date_to"
    )
    assert refused("list_transactions", account_id="A20030", date_from="July 1", date_to="2025-07-01") == (
        "date_from must be a date written YYYY-MM-DD"
    )


def test_a_security_code_from_the_app_verifies_the_customer(ok, refused, tools):
    assert refused("verify_code", customer_id="C1001", code="000000") == "Security code does not match"
    assert refused("verify_code", customer_id="C1010", code="000000") == (
        "Customer has no bank app enrolled: no security code can be checked"
    )
    assert ok("verify_code", customer_id="C1001", code=code_of(tools, "C1001")) == (
        "Security code verified: Maria Gonzalez (C1001) is verified at tier 2 for this conversation"
    )
    assert tools.db.customers["C1001"].verified_by_code


def test_the_customers_app_shows_the_code_the_bank_checks(domain):
    app = domain.new_user_toolkit()
    assert app.invoke("show_security_code", {}).content == "Error: The bank app is not set up on this phone"
    secret = domain.fresh_db().app_enrolments["C1001"].secret
    app.enrol("C1001", "Maria Gonzalez", secret)
    shown = app.invoke("show_security_code", {}).content
    assert shown == f"Security code for Maria Gonzalez: {security_code(secret, '2025-07-08')} (valid today only)"


def test_internal_transfers_move_money_both_ways(ok, refused, tools):
    out, back = ok("transfer_internal", from_account_id="A20003", to_account_id="A20002", amount=500)
    assert (out["transaction_id"], out["amount"]) == (f"T{NEXT}", -500.0)
    assert (back["transaction_id"], back["amount"]) == (f"T{NEXT + 1}", 500.0)
    assert tools.db.accounts["A20003"].balance == 7920.0 and tools.db.accounts["A20002"].available_balance == 1689.07
    assert refused("transfer_internal", from_account_id="A20001", to_account_id="A20001", amount=5) == (
        "The two accounts must differ"
    )
    assert refused("transfer_internal", from_account_id="A20004", to_account_id="A20001", amount=5) == (
        "Transfers cannot be drawn from a credit card account"
    )
    assert refused("transfer_internal", from_account_id="A20001", to_account_id="A20002", amount=2000) == (
        "Amount exceeds the available balance of 1950.40"
    )
    assert refused("transfer_internal", from_account_id="A20003", to_account_id="A20004", amount=1300) == (
        "Amount exceeds the 1240.37 owed on the card"
    )
    assert refused("transfer_internal", from_account_id="A20055", to_account_id="A20056", amount=5) == (
        "Account A20055 is frozen"
    )
    assert refused("transfer_internal", from_account_id="A20003", to_account_id="A20002", amount=-5) == (
        "Amount must be a number greater than 0"
    )
    assert refused("transfer_internal", from_account_id="A20003", to_account_id="A20002", amount=5.001) == (
        "Amount must be in whole cents"
    )


def test_external_transfers_go_to_an_owners_saved_payee(ok, refused, tools):
    sent = ok("send_external_transfer", from_account_id="A20010", payee_id="P40012", amount=250.5)
    # Susan's payee, from the joint account she owns with David
    assert (sent["amount"], sent["channel"], sent["payee_id"]) == (-250.5, "external_transfer", "P40012")
    assert tools.db.accounts["A20010"].balance == 6492.05
    assert refused("send_external_transfer", from_account_id="A20004", payee_id="P40001", amount=5) == (
        "Transfers cannot be drawn from a credit card account"
    )
    assert refused("send_external_transfer", from_account_id="A20001", payee_id="P40003", amount=5) == (
        "The payee does not belong to an owner of this account"
    )
    assert refused("send_external_transfer", from_account_id="A20001", payee_id="P40001", amount=5000) == (
        "Amount exceeds the available balance of 1950.40"
    )


def test_cards_are_locked_and_replaced(ok, refused, tools):
    assert ok("lock_card", card_id="K30001")["status"] == "locked"
    assert refused("lock_card", card_id="K30001") == "Only an active card can be locked; this one is locked"
    closed, new = ok("replace_card", card_id="K30001", reason="lost", noticed_on="2025-07-04", ship_speed="standard")
    assert (closed["status"], closed["liability_cap"], closed["replacement_card_id"]) == ("closed", 50.0, "K32000")
    assert (new["card_id"], new["status"], new["arrives_by"], new["expires"]) == (
        "K32000",
        "ordered",
        "2025-07-17",
        "2029-07",
    )
    assert tools.db.customers["C1001"].card_ids[-1] == "K32000"
    closed, new = ok("replace_card", card_id="K30025", reason="stolen", noticed_on="2025-07-02", ship_speed="expedited")
    assert (closed["liability_cap"], new["arrives_by"]) == (500.0, "2025-07-10")
    closed, _ = ok("replace_card", card_id="K30088", reason="damaged", noticed_on="2025-07-08", ship_speed="standard")
    assert closed["liability_cap"] is None
    assert replacing(refused, card_id="K30001") == "Card cannot be replaced: it is closed"
    assert replacing(refused, reason="bent") == 'reason must be "lost", "stolen", "damaged" or "compromised"'
    assert replacing(refused, noticed_on="2025-07-09") == "noticed_on cannot be after today"
    assert replacing(refused, ship_speed="overnight") == 'ship_speed must be "standard" or "expedited"'
    assert replacing(refused, noticed_on="yesterday") == "noticed_on must be a date written YYYY-MM-DD"


def test_disputes_cover_posted_debits_of_one_account(ok, refused, tools):
    dispute = ok("open_dispute", transaction_ids=["T500286", "T500287", "T500288"], reason="unauthorized")
    assert (dispute["dispute_id"], dispute["amount"], dispute["provisional_credit_due_on"]) == (
        "D7101",
        190.59,
        "2025-07-22",
    )
    assert tools.db.transactions["T500287"].dispute_id == "D7101"
    assert refused("open_dispute", transaction_ids=[], reason="duplicate") == (
        "transaction_ids must be a non-empty list"
    )
    assert refused("open_dispute", transaction_ids=["T500298", "T500298"], reason="duplicate") == (
        "A transaction is listed twice"
    )
    assert refused("open_dispute", transaction_ids=["T500298"], reason="fraud") == (
        "reason must be one of unauthorized, duplicate, not_received, wrong_amount"
    )
    assert refused("open_dispute", transaction_ids=["T1"], reason="duplicate") == "Transaction T1 not found"
    assert refused("open_dispute", transaction_ids=["T500298", "T500318"], reason="duplicate") == (
        "All disputed transactions must be on one account"
    )
    assert refused("open_dispute", transaction_ids=["T500315"], reason="wrong_amount") == (
        "Transaction T500315 is not a posted debit"
    )
    assert refused("open_dispute", transaction_ids=["T500311"], reason="wrong_amount") == (
        "Transaction T500311 is a check item and cannot be disputed"
    )
    assert refused("open_dispute", transaction_ids=["T500304"], reason="unauthorized") == (
        "Transaction T500304 is already in dispute D7001"
    )


def test_provisional_credit_is_given_once_on_an_open_dispute(ok, refused, tools):
    dispute = ok("issue_provisional_credit", dispute_id="D7001")
    assert (dispute["provisional_credit"], dispute["provisional_credit_on"]) == (412.0, "2025-07-08")
    assert tools.db.accounts["A20060"].balance == 7733.19
    assert refused("issue_provisional_credit", dispute_id="D7001") == (
        "Provisional credit was already given on 2025-07-08"
    )
    assert refused("issue_provisional_credit", dispute_id="D7009") == "The dispute is resolved"


def test_a_stop_payment_charges_its_fee_and_lasts_six_months(ok, refused, tools):
    stop = ok("place_stop_payment", account_id="A20080", check_number=1053, amount=125)
    assert (stop["stop_id"], stop["expires_on"], stop["fee_transaction_id"]) == ("S8101", "2026-01-08", f"T{NEXT}")
    assert tools.db.accounts["A20080"].balance == 1703.25
    assert refused("place_stop_payment", account_id="A20080", check_number=1052, amount=300) == (
        "Check 1052 was already paid on 2025-07-02"
    )
    assert refused("place_stop_payment", account_id="A20080", check_number=1053, amount=125) == (
        "A stop payment on check 1053 is already in force until 2026-01-08"
    )
    assert refused("place_stop_payment", account_id="A20003", check_number=7, amount=125) == (
        "Stop payments are placed on checking accounts only"
    )
    assert refused("place_stop_payment", account_id="A20080", check_number="1054", amount=125) == (
        "check_number must be a positive whole number"
    )


def test_alerts_are_set_or_their_threshold_replaced(ok, refused):
    assert ok("set_alert", account_id="A20010", alert_type="low_balance", threshold=500) == {
        "alert_id": "AL9001",
        "account_id": "A20010",
        "alert_type": "low_balance",
        "threshold": 500.0,
    }
    assert ok("set_alert", account_id="A20001", alert_type="low_balance", threshold=100)["alert_id"] == "AL9501"
    assert refused("set_alert", account_id="A20001", alert_type="deposit", threshold=100) == (
        'alert_type must be "low_balance" or "large_transaction"'
    )
    assert refused("set_alert", account_id="A20121", alert_type="low_balance", threshold=100) == (
        "Account A20121 is closed"
    )


def test_fees_are_waived_for_an_owner(ok, refused, tools):
    fee = ok("waive_fee", customer_id="C1020", transaction_id="T500308", reason="courtesy")
    assert fee["status"] == "waived" and tools.db.accounts["A20075"].balance == 1447.8
    assert tools.db.customers["C1020"].courtesy_waivers == ["2024-07-01", "2025-07-08"]
    ok("waive_fee", customer_id="C1012", transaction_id="T500293", reason="bank_error")
    assert tools.db.customers["C1012"].courtesy_waivers == ["2024-09-15"]
    assert refused("waive_fee", customer_id="C1020", transaction_id="T500308", reason="courtesy") == (
        "Fee T500308 was already waived"
    )
    assert refused("waive_fee", customer_id="C1012", transaction_id="T500295", reason="goodwill") == (
        'reason must be "courtesy", "bank_error" or "premier_benefit"'
    )
    assert refused("waive_fee", customer_id="C1012", transaction_id="T500286", reason="courtesy") == (
        "Transaction T500286 is not a fee"
    )
    assert refused("waive_fee", customer_id="C1001", transaction_id="T500295", reason="courtesy") == (
        "Customer does not own the account charged"
    )


def test_the_shared_tools_are_named_after_the_toolkit(ok, tools):
    assert ok("calculate", expression="2500 - 1000") == "1500.0"
    assert ok("transfer_to_human_agents", summary="frozen account") == "Transfer successful"
    missing = "Error: BankTools.calculate() missing 1 required positional argument: 'expression'"
    assert tools.invoke("calculate", {}).content == missing


def test_the_read_back_rule_catches_a_change_to_an_account_no_look_up_showed(domain):
    """Rule 5's checkable half over task 0's gold path without the profile that lists A20002."""
    task = domain.tasks["0"].model_copy(deep=True)
    del task.evaluation_criteria.actions[1]
    assert RULES[5](gold_trace(domain, task)) == ["transfer_internal changes A20002 before any look-up showed it"]
    del task.evaluation_criteria.actions[0]  # and no identification either
    assert RULES[1](gold_trace(domain, task))[0] == "get_account on C1001 before the customer was identified"

"""The finance desk's tools: each one's answer, each of its error texts, that a write that
fails changes nothing, and that the grading of worked tasks is fair: an equivalent path
scores 1.0 and a lazy one 0."""

import pytest

from taubench.core.tasks import GoldAction
from taubench.domains.fair_checks import reward_of
from taubench.domains.finance.policy_rules import RULES
from taubench.domains.finance.tools import business_days_after, half_up, tier_of
from taubench.domains.gold_trace import gold_trace

HOLIDAYS = ["2025-06-19", "2025-07-04"]


@pytest.fixture
def refused(no):
    """A refusal's text without its "Error: " prefix (it must change nothing)."""
    return lambda tool, **arguments: no(tool, **arguments).removeprefix("Error: ")


def test_arithmetic_helpers():
    assert business_days_after("2025-06-17", 2, HOLIDAYS) == "2025-06-20"
    assert business_days_after("2025-07-03", 1, HOLIDAYS) == "2025-07-07"
    assert half_up(0.125) == 0.13 and half_up(-4.025) == -4.03 and half_up(72.75) == 72.75
    assert [tier_of([1] * 5), tier_of([2, 2, 2, 2, 1]), tier_of([4, 4, 3, 4, 4]), tier_of([5] * 5)] == [1, 2, 4, 5]


def test_the_books_have_their_size_and_three_wei_chens(tools):
    db = tools.db
    assert len(db.clients) >= 450 and len(db.accounts) >= 800 and len(db.tax_lots) >= 4000
    assert len(db.orders) + len(db.cash_movements) + len(db.price_alerts) + len(db.reports) >= 3000
    chens = sorted((c.dob, c.city, c.tax_id_last4) for c in db.clients.values() if c.name == "Wei Chen")
    assert ("1968-03-22", "San Francisco", "4417") in chens and ("1968-03-22", "Seattle", "6675") in chens
    assert ("1990-11-05", "San Francisco", "8830") in chens
    people = [(c.name, c.dob, c.tax_id_last4) for c in db.clients.values()]
    assert len(set(people)) == len(people)


def test_clients_are_found_by_name_birth_date_and_tax_id(ok, refused):
    assert ok("find_client", name="wei  chen", dob="1968-03-22", tax_id_last4="4417")["client_id"] == "CL1001"
    assert ok("find_client", name="Wei Chen", dob="1968-03-22", tax_id_last4="6675")["city"] == "Seattle"
    assert refused("find_client", name="Wei Chen", dob="1968-03-22", tax_id_last4="8830") == (
        "No client matches that name, date of birth and tax id"
    )
    assert refused("find_client", name="Wei Chen", dob="22/03/1968", tax_id_last4="4417") == (
        "Date of birth must be a date written YYYY-MM-DD"
    )
    client = ok("get_client", client_id="CL1010")
    assert [link["added_on"] for link in client["bank_links"]] == ["2018-07-19", "2025-06-05"]
    assert refused("get_client", client_id="CL9") == "Client CL9 not found"


def test_an_account_is_valued_with_its_drift_from_the_model(ok, refused):
    account = ok("get_account", account_id="AC2010")
    assert account["total_value"] == 100000.0
    drift = {row["asset_class"]: row["drift_pts"] for row in account["allocation"]}
    assert drift == {"us_equity": 3.51, "intl_equity": -1.52, "bonds": -4.02, "real_estate": 0.07, "cash": 1.98}
    diego = ok("get_account", account_id="AC2008")
    assert diego["model_id"] is None and {p["symbol"]: p["weight_pct"] for p in diego["positions"]}["VANT"] == 30.9
    assert refused("get_account", account_id="AC1") == "Account AC1 not found"


def test_lots_securities_models_orders_movements_and_alerts_are_read(ok, refused):
    lots = ok("get_tax_lots", account_id="AC2008", symbol="VANT")
    assert [(lot["quantity"], lot["acquired"]) for lot in lots] == [(40, "2020-11-02"), (20, "2023-02-21")]
    assert refused("get_tax_lots", account_id="AC2008", symbol="ZZZZ") == "Security ZZZZ not found"
    assert ok("get_security", symbol="KLRM")["name"] == "Kellerman Foods Inc."
    assert ok("get_model_portfolio", model_id="M1")["for_tiers"] == [1]
    assert refused("get_model_portfolio", model_id="M9") == "Model portfolio M9 not found"
    orders = ok("list_orders", account_id="AC2015")
    assert [o["order_id"] for o in orders] == ["O60003", "O60001", "O60002"]
    assert orders[1]["realized_gain"] == -1310.0
    movements = ok("list_cash_movements", account_id="AC2024")
    assert [(m["amount"], m["tax_year"]) for m in movements] == [(3500.0, 2024), (3000.0, 2025), (3500.0, 2025)]
    assert len(ok("list_price_alerts", client_id="CL1023")) == 5
    assert refused("list_price_alerts", client_id="CL0") == "Client CL0 not found"
    assert refused("list_orders", account_id="AC0") == "Account AC0 not found"
    assert refused("list_cash_movements", account_id="AC0") == "Account AC0 not found"


def test_price_history_and_performance(ok, refused, tools):
    closes = ok("get_price_history", symbol="VANT", start="2025-06-16", end="2025-06-20")
    assert [c["date"] for c in closes] == ["2025-06-16"]
    assert ok("get_price_history", symbol="VANT", start="2025-06-19", end="2025-06-19") == []
    assert refused("get_price_history", symbol="VANT", start="2025-06-20", end="2025-06-01") == (
        "Start must not be after end"
    )
    assert refused("get_price_history", symbol="NOPE", start="2025-06-01", end="2025-06-02") == (
        "Price series NOPE not found"
    )
    performance = ok("get_performance", account_id="AC2030", start="2025-03-31", end="2025-05-30")
    assert (performance["gain"], performance["return_pct"]) == (993.6, 7.98)
    assert refused("get_performance", account_id="AC2030", start="2025-05-30", end="2025-03-31") == (
        "Start must be before end"
    )
    assert refused("get_performance", account_id="AC2030", start="2025-05-30", end="2025-06-17") == (
        "End must be before today (2025-06-17): only closes are used"
    )
    assert refused("get_performance", account_id="AC2030", start="2024-01-02", end="2025-06-16") == (
        "No close for TBND on or before 2024-01-02"
    )
    ok("place_order", account_id="AC2018", symbol="TMKT", side="sell", quantity=200, order_type="market")
    assert refused("get_performance", account_id="AC2018", start="2025-05-01", end="2025-06-16") == (
        "Account AC2018 holds no securities"
    )


def test_orders_fill_at_market_or_wait_at_a_limit(ok, refused, tools):
    bought = ok("place_order", account_id="AC2004", symbol="HALV", side="buy", quantity=19, order_type="market")
    assert (bought["status"], bought["fill_price"], bought["order_id"]) == ("filled", 142.3, "O70001")
    assert tools.db.accounts["AC2004"].cash == 3296.3
    sold = ok("place_order", account_id="AC2008", symbol="VANT", side="sell", quantity=41, order_type="market")
    assert sold["realized_gain"] == round(40 * (486.5 - 210.3) + 1 * (486.5 - 355.6), 2)
    assert [
        lot.quantity for lot in tools.db.tax_lots.values() if lot.account_id == "AC2008" and lot.symbol == "VANT"
    ] == [19]
    waiting = ok("place_order", account_id="AC2028", symbol="TMKT", side="buy", quantity=200, order_type="limit",
                 limit_price=240)  # fmt: skip
    assert waiting["status"] == "open" and tools.db.accounts["AC2028"].cash == 80000.0
    assert refused(
        "place_order", account_id="AC2028", symbol="TMKT", side="buy", quantity=150, order_type="market"
    ) == ("Not enough cash: the order needs 37290.00, 32000.00 is available")


def test_orders_are_refused_for_what_the_custodian_checks(refused, tools):
    base = {"account_id": "AC2015", "symbol": "VANT", "side": "sell", "quantity": 5, "order_type": "market"}
    assert refused("place_order", **{**base, "quantity": 11}) == "Not enough shares: 10 of VANT can be sold"
    assert (
        refused("place_order", **{**base, "quantity": 0}) == "Quantity must be a whole number of shares greater than 0"
    )
    assert (
        refused("place_order", **{**base, "quantity": 2.5})
        == "Quantity must be a whole number of shares greater than 0"
    )
    assert refused("place_order", **{**base, "side": "short"}) == "Side must be buy or sell"
    assert refused("place_order", **{**base, "order_type": "stop"}) == "Order type must be market or limit"
    assert refused("place_order", **{**base, "limit_price": 400.0}) == "A market order takes no limit price"
    assert (
        refused("place_order", **{**base, "order_type": "limit"}) == "A limit order needs a limit price greater than 0"
    )
    assert refused("place_order", **{**base, "symbol": "XXXX"}) == "Security XXXX not found"
    closed = next(a.account_id for a in tools.db.accounts.values() if a.status == "closed")
    assert refused("place_order", **{**base, "account_id": closed}) == f"Account {closed} is closed"


def test_only_open_orders_are_cancelled(ok, refused):
    assert ok("cancel_order", order_id="O60003")["status"] == "cancelled"
    assert refused("cancel_order", order_id="O60005") == "Order O60005 is filled, not open"
    assert refused("cancel_order", order_id="O1") == "Order O1 not found"


def test_rebalancing_trades_the_models_funds(ok, refused, tools):
    orders = ok("rebalance_to_model", account_id="AC2011")
    assert [(o["side"], o["symbol"]) for o in orders] == [
        ("sell", "TMKT"),
        ("buy", "TBND"),
        ("buy", "TINT"),
        ("buy", "TREI"),
    ]
    after = ok("get_account", account_id="AC2011")
    assert all(abs(row["drift_pts"]) < 1 for row in after["allocation"])
    assert (
        refused("rebalance_to_model", account_id="AC2011") == "Account AC2011 is already within a share of every target"
    )
    assert refused("rebalance_to_model", account_id="AC2008") == "Account AC2008 follows no model portfolio"
    ok("place_order", account_id="AC2010", symbol="TMKT", side="buy", quantity=1, order_type="limit", limit_price=200)
    assert refused("rebalance_to_model", account_id="AC2010") == (
        "Account AC2010 has open orders; cancel them or wait for them to fill first"
    )


def test_profile_and_kyc_updates(ok, refused):
    client = ok("update_risk_profile", client_id="CL1007", answers=[4, 4, 3, 4, 4])
    assert (client["risk_tier"], client["profile_date"]) == (4, "2025-06-17")
    assert refused("update_risk_profile", client_id="CL1007", answers=[4, 4, 3, 4]) == (
        "Answers must be five whole numbers from 1 to 5"
    )
    assert refused("update_risk_profile", client_id="CL1007", answers=[4, 4, 3, 4, 6]) == (
        "Answers must be five whole numbers from 1 to 5"
    )
    renewed = ok("renew_kyc", client_id="CL1003", employment="retired")
    assert renewed["kyc_date"] == "2025-06-17"
    assert refused("renew_kyc", client_id="CL1003", employment="student") == (
        "Employment must be employed, self_employed, retired or not_employed"
    )


def test_reports_and_alerts(ok, refused):
    assert ok("generate_report", account_id="AC2004", kind="holdings", period="2025-05")["report_id"] == "R90001"
    assert ok("generate_report", account_id="AC2004", kind="fees", period="2025-YTD")["status"] == "queued"
    assert refused("generate_report", account_id="AC2004", kind="tax", period="2025-05") == (
        "Kind must be performance, holdings, realized_gains or fees"
    )
    for period in ("2025-13", "Q2-2025", "25-Q1"):
        assert refused("generate_report", account_id="AC2004", kind="fees", period=period) == (
            'Period must be a month "2025-05", a quarter "2025-Q1", a year "2024" or "2025-YTD"'
        )
    alert = ok("set_price_alert", client_id="CL1015", symbol="CSTL", direction="above", price=72.75)
    assert (alert["alert_id"], alert["status"]) == ("PA35001", "active")
    assert refused("set_price_alert", client_id="CL1015", symbol="CSTL", direction="below", price=60) == (
        "CSTL trades at 58.20 today: that alert would trigger at once"
    )
    assert refused("set_price_alert", client_id="CL1015", symbol="CSTL", direction="up", price=60) == (
        "Direction must be above or below"
    )
    assert refused("set_price_alert", client_id="CL1015", symbol="CSTL", direction="up", price="60") == (
        "Price must be a number"
    )


def test_contributions_and_withdrawals(ok, refused, tools):
    made = ok("record_contribution", account_id="AC2024", amount=1500, tax_year=2025, bank_id="BK1014-1")
    assert (made["movement_id"], made["status"], tools.db.accounts["AC2024"].cash) == ("CM50001", "completed", 8500.0)
    assert refused("record_contribution", account_id="AC2023", amount=100, tax_year=2025, bank_id="BK1014-1") == (
        "Account AC2023 is taxable: contributions are for IRAs only"
    )
    assert refused("record_contribution", account_id="AC2024", amount=100, tax_year=2023, bank_id="BK1014-1") == (
        "Tax year must be this year or last year"
    )
    assert refused("record_contribution", account_id="AC2024", amount=100, tax_year=2025, bank_id="BK1001-1") == (
        "Bank BK1001-1 is not linked to the account's owner"
    )
    assert refused("record_contribution", account_id="AC2024", amount=-5, tax_year=2025, bank_id="BK1014-1") == (
        "Amount must be greater than 0"
    )
    sent = ok("request_withdrawal", account_id="AC2018", amount=30000, bank_id="BK1010-1")
    assert (sent["expected_on"], sent["status"]) == ("2025-06-20", "pending")
    assert refused("request_withdrawal", account_id="AC2018", amount=20000, bank_id="BK1010-2") == (
        "Not enough cash: 15000.00 is available to withdraw"
    )
    assert refused("request_withdrawal", account_id="AC2018", amount=0, bank_id="BK1010-2") == (
        "Amount must be greater than 0"
    )
    assert refused("request_withdrawal", account_id="AC2018", amount=10, bank_id="BK1001-1") == (
        "Bank BK1001-1 is not linked to the account's owner"
    )


def test_the_shared_tools_are_there(ok):
    assert ok("calculate", expression="(1000000 * 0.01 + 412000 * 0.0075) / 4") == "3272.5"
    assert ok("transfer_to_human_agents", summary="order above 50000") == "Transfer successful"


def test_rules_catch_a_lazy_gold_path(domain):
    """Task 3's purchase without the concentration cap, and task 4's without the KYC renewal."""
    task = domain.tasks["3"].model_copy(deep=True)
    task.evaluation_criteria.actions[-1].arguments["quantity"] = 20
    assert RULES[7](gold_trace(domain, task)) == ["HALV at 10.34% of AC2004 after the purchase"]
    task = domain.tasks["4"].model_copy(deep=True)
    del task.evaluation_criteria.actions[2]
    assert RULES[4](gold_trace(domain, task)) == ["place_order for CL1003 on KYC of 2021-05-02"]


# The five worked tasks: an equivalent path scores 1.0, a lazy shortcut 0.
FIND_CHEN = ("assistant", "find_client", {"name": "Wei Chen", "dob": "1990-11-05", "tax_id_last4": "8830"})


def test_task_3_the_cap_and_the_wash_sale(domain):
    task = domain.tasks["3"]
    buy = {"account_id": "AC2004", "symbol": "HALV", "side": "buy", "order_type": "market"}
    capped = [FIND_CHEN, ("assistant", "place_order", {**buy, "quantity": 19})]
    assert reward_of(domain, task, capped, "Done: 19 shares; the wash-sale window runs to 2025-06-26.") == 1.0
    as_limit = [
        FIND_CHEN,
        ("assistant", "place_order", {**buy, "quantity": 19, "order_type": "limit", "limit_price": 150}),
    ]
    assert reward_of(domain, task, as_limit, "The window ends 2025-06-26.") == 0.0  # a limit order is another order
    lazy = [FIND_CHEN, ("assistant", "place_order", {**buy, "quantity": 20})]
    assert reward_of(domain, task, lazy, "Bought 20 shares. The window ends 2025-06-26.") == 0.0
    silent = [FIND_CHEN, ("assistant", "place_order", {**buy, "quantity": 19})]
    assert reward_of(domain, task, silent, "Bought 19 shares.") == 0.0


def test_task_7_trim_to_the_limit_then_buy_bonds(domain):
    task = domain.tasks["7"]
    sell = {"account_id": "AC2008", "symbol": "VANT", "side": "sell", "order_type": "market", "quantity": 41}
    bonds = {"account_id": "AC2008", "symbol": "TBND", "side": "buy", "order_type": "market", "quantity": 412}
    right = [("assistant", "place_order", sell), ("assistant", "place_order", bonds)]
    assert reward_of(domain, task, _verified(task, right), "Sold 41 VANT and bought 412 TBND.") == 1.0
    rounded = [("assistant", "place_order", {**sell, "quantity": 40}), ("assistant", "place_order", bonds)]
    assert reward_of(domain, task, _verified(task, rounded), "Sold 40 VANT.") == 0.0


def test_task_12_the_tiered_fee(domain):
    task = domain.tasks["12"]
    report = ("assistant", "generate_report", {"account_id": "AC2012", "kind": "fees", "period": "2025-Q1"})
    assert reward_of(domain, task, _verified(task, [report]), "Your next quarterly fee is $3,272.50.") == 1.0
    assert (
        reward_of(domain, task, _verified(task, [report]), "Your next quarterly fee is $3,530.00.") == 0.0
    )  # 1% of everything
    assert reward_of(domain, task, _verified(task, [report]), "Your fee is about $3,272 a quarter.") == 0.0


def test_task_24_the_deadline_and_the_room_left(domain):
    task = domain.tasks["24"]
    right = [("assistant", "record_contribution", {"account_id": "AC2021", "amount": 3000, "tax_year": 2025,
                                                    "bank_id": "BK1012-1"})]  # fmt: skip
    assert reward_of(domain, task, _verified(task, right), "Too late for 2024; 3000 is the room left for 2025.") == 1.0
    lazy = [("assistant", "record_contribution", {"account_id": "AC2021", "amount": 6000, "tax_year": 2024,
                                                   "bank_id": "BK1012-1"})]  # fmt: skip
    assert reward_of(domain, task, _verified(task, lazy), "Done. The deadline was 2025-04-15, and 3000 is left.") == 0.0


def test_task_19_the_new_bank_is_handed_off(domain):
    task = domain.tasks["19"]
    reads = [
        ("assistant", "find_client", {"name": "julian  ortega", "dob": "1969-08-28", "tax_id_last4": "6640"}),
        ("assistant", "get_client", {"client_id": "CL1010"}),
        ("assistant", "get_account", {"account_id": "AC2018"}),
    ]
    handed = [*reads, ("assistant", "transfer_to_human_agents", {"summary": "large withdrawal, new bank"})]
    assert reward_of(domain, task, handed, "I am transferring you to an adviser.") == 1.0
    sent = [
        *reads,
        ("assistant", "request_withdrawal", {"account_id": "AC2018", "amount": 30000, "bank_id": "BK1010-2"}),
    ]
    assert reward_of(domain, task, sent, "Sent; it arrives 2025-06-20.") == 0.0


def test_task_1_the_limit_counts_both_iras_and_only_this_tax_year(domain):
    task = domain.tasks["1"]
    contribution = {"account_id": "AC2002", "tax_year": 2025, "bank_id": "BK1001-1"}
    right = [("assistant", "record_contribution", {**contribution, "amount": 2500})]
    assert reward_of(domain, task, _verified(task, right), "You have $2,500 of room left for 2025; done.") == 1.0
    asked = [("assistant", "record_contribution", {**contribution, "amount": 4000})]
    assert reward_of(domain, task, _verified(task, asked), "Done, 4000 in; you had 2500 left anyway.") == 0.0
    one_ira = [("assistant", "record_contribution", {**contribution, "amount": 5000})]  # the Roth's 2500 forgotten
    assert reward_of(domain, task, _verified(task, one_ira), "You could put in 5000.") == 0.0


def test_task_16_a_loss_sale_in_another_account_calls_for_the_warning(domain):
    task = domain.tasks["16"]
    buy = ("assistant", "place_order", {"account_id": "AC2016", "symbol": "PNDR", "side": "buy", "quantity": 10,
                                        "order_type": "market"})  # fmt: skip
    assert (
        reward_of(domain, task, _verified(task, [buy]), "Wash-sale warning: the window runs until 2025-07-02.") == 1.0
    )
    assert reward_of(domain, task, _verified(task, [buy]), "Your 10 PNDR shares are bought.") == 0.0
    wrong_account = ("assistant", "place_order", {**buy[2], "account_id": "AC2015"})
    assert reward_of(domain, task, _verified(task, [wrong_account]), "The window runs until 2025-07-02.") == 0.0


def test_task_22_the_extra_tax_and_the_holiday(domain):
    task = domain.tasks["22"]
    out = ("assistant", "request_withdrawal", {"account_id": "AC2020", "amount": 5000, "bank_id": "BK1011-1"})
    assert (
        reward_of(domain, task, _verified(task, [out]), "The 10% additional tax is $500; it arrives 2025-06-20.") == 1.0
    )
    assert (
        reward_of(domain, task, _verified(task, [out]), "The additional tax is $500; it arrives 2025-06-19.") == 0.0
    )  # Juneteenth
    assert reward_of(domain, task, _verified(task, [out]), "It arrives 2025-06-20.") == 0.0


def test_task_34_dollars_into_whole_shares_and_the_fee(domain):
    task = domain.tasks["34"]
    order = {"account_id": "AC2028", "symbol": "TMKT", "side": "buy", "order_type": "market"}
    right = [("assistant", "place_order", {**order, "quantity": 181})]
    assert reward_of(domain, task, _verified(task, right), "181 shares bought; your quarterly fee is $572.90.") == 1.0
    over = [("assistant", "place_order", {**order, "quantity": 182})]  # rounded up: more than the $45000
    assert reward_of(domain, task, _verified(task, over), "182 shares; the fee is $572.90 a quarter.") == 0.0
    assert (
        reward_of(domain, task, _verified(task, right), "181 shares; the fee is $2,291.60.") == 0.0
    )  # the yearly figure


def test_task_10_inside_the_band_no_trade(domain):
    task = domain.tasks["10"]
    report = ("assistant", "generate_report", {"account_id": "AC2010", "kind": "holdings", "period": "2025-YTD"})
    assert reward_of(domain, task, _verified(task, [report]), "The largest drift is 4.02 points, under 5.") == 1.0
    traded = [("assistant", "rebalance_to_model", {"account_id": "AC2010"}), report]
    assert reward_of(domain, task, _verified(task, traded), "The largest drift was 4.02 points.") == 0.0


def test_a_market_orders_limit_given_as_null_is_the_same_order(domain):
    task = domain.tasks["42"]  # graded by the actions: the alerts looked up, the purchase made
    calls = [("assistant", action.name, dict(action.arguments)) for action in task.gold_actions]
    for _, name, arguments in calls:
        if name == "place_order":
            arguments["limit_price"] = None
    assert reward_of(domain, task, calls, "Bought; a sixth alert is over the limit of 5.") == 1.0
    assert reward_of(domain, task, calls[:-1], "Bought; the alert is set.") == 0.0  # the alerts never looked at


def _verified(task, calls):
    """The calls after the caller's verification as the task's gold makes it (without it no
    database counts: Rules.identity_tools)."""
    identity = next(action for action in task.gold_actions if action.name == "find_client")
    return [("assistant", identity.name, identity.arguments), *calls]


def _changed(domain, task_id, *, say=None, drop=None, insert=None, **arguments):
    """Task ``task_id``'s gold with the last write's arguments changed, a step dropped or added,
    or other figures required: a lazy path for a rule's check to catch."""
    task = domain.tasks[task_id].model_copy(deep=True)
    actions = task.evaluation_criteria.actions
    if drop is not None:
        del actions[drop]
    if arguments:
        kinds = domain.spec.toolkit.tool_kinds()
        last = max(index for index, action in enumerate(actions) if kinds[action.name] == "write")
        actions[last].arguments.update(arguments)
    if insert is not None:
        actions.append(GoldAction(action_id="x", name=insert[0], arguments=insert[1]))
    if say is not None:
        task.evaluation_criteria.communicate_info = list(say)
    return gold_trace(domain, task)


@pytest.mark.parametrize(
    "rule, task_id, change, violation",
    [
        (
            5,
            "14",
            {
                "insert": (
                    "place_order",
                    {"account_id": "AC2014", "symbol": "UPRX", "side": "buy", "quantity": 40, "order_type": "market"},
                )
            },  # fmt: skip
            "buy of UPRX (risk 5) for a tier 2 client",
        ),
        (7, "7", {"drop": 7, "quantity": 40}, "VANT left at 10.30% of AC2008 after the sale"),
        (
            7,
            "55",
            {
                "insert": (
                    "place_order",
                    {"account_id": "AC2004", "symbol": "VANT", "side": "buy", "quantity": 1, "order_type": "market"},
                )
            },  # fmt: skip
            "VANT at 15.32% of AC2004 after the purchase",
        ),
        (8, "34", {"quantity": 250}, "order of 250 TMKT worth more than 50000"),
        (9, "16", {"say": []}, "buy of PNDR within 30 days of loss sale O60001 without the window's end said"),
        (10, "27", {"insert": ("cancel_order", {"order_id": "O60005"})}, "cancel_order on O60005, which is filled"),
        (11, "10", {"say": []}, "no rebalance of AC2010 without its largest drift 4.02 said"),
        (12, "1", {"amount": 4000.0}, "CL1001's 2025 IRA contributions reach 9500.00, over 8000"),
        (12, "24", {"tax_year": 2024, "amount": 6000.0}, "contribution for 2024 after its deadline"),
        (13, "22", {"say": ["2025-06-20"]}, "early IRA withdrawal without the additional tax of 500.00 said"),
        (14, "20", {"bank_id": "BK1010-2"}, "withdrawal of 30000.0 to BK1010-2, linked 2025-06-05"),
        (15, "21", {"say": []}, "withdrawal made without its arrival date 2025-06-20 said"),
        (
            16,
            "25",
            {"insert": ("update_risk_profile", {"client_id": "CL1013", "answers": [4, 4, 4, 4, 4]})},
            "questionnaire retaken by CL1013 within 90 days of 2025-05-01",
        ),
        (17, "28", {"price": 80.0}, "alert at 80.0 on CSTL, more than 25% from 58.2"),
        (18, "6", {"period": "2025-Q2"}, "report for 2025-Q2, which has not ended"),
        (19, "12", {"say": []}, "the quarterly fee 3272.50 is not said"),
    ],
)
def test_each_rule_catches_its_lazy_path(domain, rule, task_id, change, violation):
    assert violation in RULES[rule](_changed(domain, task_id, **change))
    assert RULES[rule](gold_trace(domain, domain.tasks[task_id])) == []

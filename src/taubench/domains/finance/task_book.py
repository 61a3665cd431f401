"""The finance desk's tasks, written once here and rendered to ``data/tasks.json`` and
``data/split_tasks.json`` (``python -m taubench.domains.finance.task_book``). Each task is
the customer's side of a call (who they are, what they want, what they say only when asked)
and the gold path a careful agent takes under the manual; the figures the agent must say
come with the arithmetic that yields them from what the tools show or the policy states."""

import json
from pathlib import Path
from typing import Any

from taubench.domains.kit import gold_action, task_record, write_task_files

DATA = Path(__file__).parent / "data"
CAST = json.loads((DATA / "cast.json").read_text(encoding="utf-8"))
CLIENTS = {client["client_id"]: client for client in CAST["clients"]}
YES = "When the agent reads back what it will do, check it matches what you asked and say yes."
TASKS: list[dict[str, Any]] = []


def act(tool_name: str, /, **arguments: Any) -> tuple[str, dict[str, Any]]:
    return tool_name, arguments


def find(client_id: str) -> tuple[str, dict[str, Any]]:
    client = CLIENTS[client_id]
    return act("find_client", name=client["name"], dob=client["dob"], tax_id_last4=client["tax_id_last4"])


def opening(client_id: str) -> list[tuple[str, dict[str, Any]]]:
    return [find(client_id), act("get_client", client_id=client_id)]


def known(client_id: str, more: str = "") -> str:
    client = CLIENTS[client_id]
    text = f"You are {client['name']}, born {client['dob']}; the last four digits of your tax id are "
    return text + f"{client['tax_id_last4']}. You live in {client['city']}, zip {client['zip']}. {more}".strip()


def compared(name: str, arguments: dict[str, Any]) -> list[str] | None:
    """The arguments an ACTION check compares for a gold call (None: all of them)."""
    if name == "transfer_to_human_agents":
        return []
    if name == "find_client":  # the look-up takes a name in any case or spacing
        return ["dob", "tax_id_last4"]
    if name == "place_order":  # a market order's limit_price left out or given as null is the same order
        return list(arguments)
    return None


def task(
    persona: str,
    reason: str,
    known_info: str,
    instructions: str,
    actions: list[tuple[str, dict[str, Any]]],
    *,
    say: tuple[str, ...] = (),
    tags: tuple[str, ...] = (),
    rules: tuple[int, ...] = (),
    basis: tuple[str, ...] = (),
    arithmetic: dict[str, str] | None = None,
    unknown: str | None = None,
) -> None:
    number = str(len(TASKS))
    gold = [
        gold_action(number, index, name, arguments, compared(name, arguments))
        for index, (name, arguments) in enumerate(actions)
    ]
    reward = basis or (("DB", "COMMUNICATE") if say else ("DB",))
    entry = task_record(
        number,
        "finance",
        persona=persona,
        reason=reason,
        known=known_info,
        unknown=unknown,
        instructions=instructions,
        actions=gold,
        say=say,
        basis=reward,
        rules=sorted({1, *rules}),
        tags=tags,
        arithmetic=arithmetic,
    )
    TASKS.append(entry)


SOON = "2025-06-20"  # two business days after 2025-06-17, skipping the 2025-06-19 market holiday

# 0: two accounts titled "IRA": which one?
task(
    "Wei is brisk and assumes the desk knows which IRA he means.",
    "You want to put $2000 into your IRA from your Golden Gate Credit Union account.",
    known("CL1001", "You have two IRAs, a traditional one and a Roth one, both titled IRA on your statements."),
    "Say only 'my IRA' at first. If asked which, say the Roth IRA, for this year. " + YES,
    [
        *opening("CL1001"),
        act("list_cash_movements", account_id="AC2002"),
        act("list_cash_movements", account_id="AC2003"),
        act("record_contribution", account_id="AC2003", amount=2000.0, tax_year=2025, bank_id="BK1001-1"),
    ],
    tags=("clarify",),
    rules=(3, 12),
)
# 1: the limit is across both IRAs; offer the room left
task(
    "Wei wants to max out this year and does not track what he put in earlier.",
    "You want to contribute $4000 to your traditional IRA for 2025 from your Golden Gate Credit Union account.",
    known("CL1001"),
    "Ask how much you can still put in if the agent says 4000 is too much, and accept that amount into the "
    "traditional IRA. " + YES,
    [
        *opening("CL1001"),
        act("list_cash_movements", account_id="AC2002"),
        act("list_cash_movements", account_id="AC2003"),
        act("record_contribution", account_id="AC2002", amount=2500.0, tax_year=2025, bank_id="BK1001-1"),
    ],
    say=("2500",),
    arithmetic={"2500": "8000 - 3000 - 2500"},
    tags=("fallback", "arithmetic"),
    rules=(3, 12),
)
# 2: the younger Wei Chen: an alert and a completed month's report
task(
    "Wei is a software engineer who likes to keep an eye on his chip stock.",
    "You want an alert if Vantage Semiconductor (VANT) falls below $450, and a holdings report of your "
    "Brokerage account for May 2025.",
    known("CL1002"),
    "Ask for both in one go. " + YES,
    [
        *opening("CL1002"),
        act("list_price_alerts", client_id="CL1002"),
        act("get_security", symbol="VANT"),
        act("set_price_alert", client_id="CL1002", symbol="VANT", direction="below", price=450.0),
        act("get_account", account_id="AC2004"),
        act("generate_report", account_id="AC2004", kind="holdings", period="2025-05"),
    ],
    tags=("compound",),
    rules=(3, 17, 18),
)
# 3: concentration caps the purchase, and a loss sale of HALV 21 days ago calls for a wash-sale warning
task(
    "Wei thinks Halvorsen has bottomed out and wants back in.",
    "You want to buy 20 shares of Halvorsen Pharmaceuticals (HALV) at market in your Brokerage account.",
    known("CL1002"),
    "If the agent says 20 shares is too many, accept the largest number it says is allowed. If the agent warns "
    "you about a recent loss sale, ask until when the warning applies, and still go ahead. " + YES,
    [
        *opening("CL1002"),
        act("get_account", account_id="AC2004"),
        act("get_security", symbol="HALV"),
        act("list_orders", account_id="AC2004"),
        act("list_orders", account_id="AC2005"),
        act("calculate", expression="(41279 * 0.10 - 1423) // 142.30"),
        act("place_order", account_id="AC2004", symbol="HALV", side="buy", quantity=19, order_type="market"),
    ],
    say=("2025-06-26",),
    arithmetic={"2025-06-26": "2025-05-27 + 30 days"},
    tags=("fallback", "arithmetic"),
    rules=(3, 5, 7, 9),
)
# 4: stale KYC before an order
task(
    "Margaret is retired, courteous and a little slow with numbers.",
    "You want to buy 100 shares of the Tamarack Core Bond Fund (TBND) at market in your Joint Brokerage account.",
    known("CL1003", "Your address and tax residence have not changed; you are retired."),
    "If asked to confirm your details, confirm that your address and tax residence are unchanged and that you "
    "are retired. " + YES,
    [
        *opening("CL1003"),
        act("renew_kyc", client_id="CL1003", employment="retired"),
        act("get_account", account_id="AC2006"),
        act("get_security", symbol="TBND"),
        act("place_order", account_id="AC2006", symbol="TBND", side="buy", quantity=100, order_type="market"),
    ],
    rules=(3, 4, 5),
)
# 5: stale KYC before a withdrawal; which account; the holiday in the settlement
task(
    "Margaret needs money for a roof repair.",
    "You want to withdraw $5000 to your Hudson Savings Bank account.",
    known("CL1003", "Your address and tax residence have not changed; you are retired."),
    "Do not say which account at first; if asked, it is the Joint Brokerage account. If asked to confirm your "
    "details, confirm your address and tax residence are unchanged and that you are retired. Ask when the money "
    "will arrive. " + YES,
    [
        *opening("CL1003"),
        act("renew_kyc", client_id="CL1003", employment="retired"),
        act("get_account", account_id="AC2006"),
        act("request_withdrawal", account_id="AC2006", amount=5000.0, bank_id="BK1003-1"),
    ],
    say=(SOON,),
    tags=("clarify",),
    rules=(3, 4, 14, 15),
)
# 6: reports: a past year, and an unfinished quarter served as year to date
task(
    "Margaret's accountant asked her for paperwork.",
    "You want two reports on your Rollover IRA: the realized gains for 2024, and the performance for the second "
    "quarter of 2025.",
    known("CL1003"),
    "If the agent says the second-quarter report cannot be made yet, accept the year-to-date performance report "
    "instead. " + YES,
    [
        *opening("CL1003"),
        act("get_account", account_id="AC2007"),
        act("generate_report", account_id="AC2007", kind="realized_gains", period="2024"),
        act("generate_report", account_id="AC2007", kind="performance", period="2025-YTD"),
    ],
    tags=("compound", "fallback"),
    rules=(3, 18),
)
# 7: trim a concentrated position to the limit, proceeds into the bond fund
task(
    "Diego has been told his chip stock is too big a share of his trading account.",
    "You want to sell just enough Vantage Semiconductor (VANT) in your Trading Account to bring it to 10% of the "
    "account or less, and put the sale's proceeds into the Tamarack Core Bond Fund (TBND).",
    known("CL1004"),
    "Sell the fewest whole shares that do it, at market, then buy as many whole TBND shares at market as the "
    "sale's proceeds pay for. " + YES,
    [
        *opening("CL1004"),
        act("get_account", account_id="AC2008"),
        act("calculate", expression="60 - 94476 * 0.10 // 486.50"),
        act("place_order", account_id="AC2008", symbol="VANT", side="sell", quantity=41, order_type="market"),
        act("get_security", symbol="TBND"),
        act("calculate", expression="41 * 486.50 // 48.40"),
        act("place_order", account_id="AC2008", symbol="TBND", side="buy", quantity=412, order_type="market"),
    ],
    tags=("arithmetic",),
    rules=(3, 5, 7),
)
# 8: an inverse fund may not go in an IRA, even for tier 5
task(
    "Diego wants to hedge against a tech sell-off.",
    "You want to buy 100 shares of the Trilever Nasdaq-100 -3x Inverse ETF (SQQZ) at market in your Roth IRA.",
    known("CL1004"),
    "If the agent says it cannot go in the Roth IRA, ask to buy the same 100 shares in your Trading Account "
    "instead. " + YES,
    [
        *opening("CL1004"),
        act("get_security", symbol="SQQZ"),
        act("get_account", account_id="AC2008"),
        act("place_order", account_id="AC2008", symbol="SQQZ", side="buy", quantity=100, order_type="market"),
    ],
    tags=("fallback",),
    rules=(3, 5, 6),
)
# 9: a loss sale more than 30 days ago needs no warning; plus an alert
task(
    "Diego is confident in a biotech he sold in May.",
    "You want to buy back 300 shares of Novu Biotherapeutics (NOVU) at market in your Trading Account, and set "
    "an alert if NOVU rises above $15.",
    known("CL1004"),
    YES,
    [
        *opening("CL1004"),
        act("get_account", account_id="AC2008"),
        act("get_security", symbol="NOVU"),
        act("list_orders", account_id="AC2008"),
        act("list_orders", account_id="AC2009"),
        act("place_order", account_id="AC2008", symbol="NOVU", side="buy", quantity=300, order_type="market"),
        act("list_price_alerts", client_id="CL1004"),
        act("set_price_alert", client_id="CL1004", symbol="NOVU", direction="above", price=15.0),
    ],
    tags=("compound",),
    rules=(3, 5, 7, 9, 17),
)
# 10: drift inside the band: no trade, a report instead
task(
    "Priya read that portfolios should be rebalanced every year.",
    "You want your account rebalanced.",
    known("CL1005"),
    "Do not say which account at first; if asked, it is the Balanced Portfolio. If the agent says it will not "
    "rebalance, ask by how much the account is off its model at most, then accept a holdings report for 2025 "
    "year to date. " + YES,
    [
        *opening("CL1005"),
        act("get_account", account_id="AC2010"),
        act("generate_report", account_id="AC2010", kind="holdings", period="2025-YTD"),
    ],
    say=("4.02",),
    tags=("clarify", "fallback"),
    rules=(3, 11, 18),
)
# 11: drift far outside the band: rebalance, and a report
task(
    "Priya has not looked at her Roth IRA in years.",
    "You want your Roth IRA rebalanced to its model, and a performance report of it for May 2025.",
    known("CL1005"),
    YES,
    [
        *opening("CL1005"),
        act("get_account", account_id="AC2011"),
        act("rebalance_to_model", account_id="AC2011"),
        act("generate_report", account_id="AC2011", kind="performance", period="2025-05"),
    ],
    tags=("compound",),
    rules=(3, 11, 18),
)
# 12: the tiered fee on the household
task(
    "Harold is a retired engineer who checks every bill.",
    "You want to know what your next quarterly advisory fee will be at today's values, and you want the fees "
    "report of your Income Account for the first quarter of 2025.",
    known("CL1006"),
    "Ask for the quarterly fee in dollars and cents. " + YES,
    [
        *opening("CL1006"),
        act("get_account", account_id="AC2012"),
        act("get_account", account_id="AC2013"),
        act("generate_report", account_id="AC2012", kind="fees", period="2025-Q1"),
    ],
    say=("3272.50",),
    arithmetic={"3272.50": "(1000000 * 0.01 + (1135100 + 276900 - 1000000) * 0.0075) / 4"},
    tags=("arithmetic", "compound"),
    rules=(3, 18, 19),
)
# 13: a large withdrawal to a long-linked bank is fine
task(
    "Harold is helping his granddaughter with a house deposit.",
    "You want to withdraw $30000 to your Charles River Trust account.",
    known("CL1006"),
    "Do not say which account at first; if asked, it is the Income Account. Ask when the money arrives. " + YES,
    [
        *opening("CL1006"),
        act("get_account", account_id="AC2012"),
        act("request_withdrawal", account_id="AC2012", amount=30000.0, bank_id="BK1006-1"),
    ],
    say=(SOON,),
    tags=("clarify",),
    rules=(3, 14, 15),
)
# 14: a tier 2 client wants a 3x leveraged fund
task(
    "Tessa saw a video about tripling the market's returns.",
    "You want to buy 40 shares of the Trilever S&P 500 3x Daily ETF (UPRX) in your Starter Portfolio.",
    known("CL1007"),
    "Ask why if the agent refuses. Do not ask for anything else.",
    [*opening("CL1007"), act("get_security", symbol="UPRX")],
    basis=("DB", "ACTION"),
    tags=("refusal",),
    rules=(5, 6),
)
# 15: a new questionnaire raises the tier, still not to 5: the broad fund instead
task(
    "Tessa has a new job with a steady salary and feels ready for more risk.",
    "You want to retake the risk questionnaire, then buy 40 shares of the Trilever S&P 500 3x Daily ETF (UPRX) "
    "in your Starter Portfolio.",
    known(
        "CL1007",
        "Your answers to the five risk questions, in order, are 4, 4, 3, 4, 4.",
    ),
    "Give your answers when asked. If the agent says you still cannot buy UPRX, buy 10 shares of the Tamarack "
    "Total US Market ETF (TMKT) at market instead. " + YES,
    [
        *opening("CL1007"),
        act("update_risk_profile", client_id="CL1007", answers=[4, 4, 3, 4, 4]),
        act("get_security", symbol="UPRX"),
        act("get_account", account_id="AC2014"),
        act("get_security", symbol="TMKT"),
        act("place_order", account_id="AC2014", symbol="TMKT", side="buy", quantity=10, order_type="market"),
    ],
    tags=("compound", "fallback"),
    rules=(3, 5, 6, 16),
)
# 16: wash sale across accounts
task(
    "Marcus sold Pondera in his brokerage account two weeks ago and regrets it.",
    "You want to buy 10 shares of Pondera Software (PNDR) at market in your Traditional IRA.",
    known("CL1008"),
    "If the agent warns you about a wash sale, ask until what date it applies, then say you still want to go "
    "ahead. " + YES,
    [
        *opening("CL1008"),
        act("get_account", account_id="AC2016"),
        act("get_security", symbol="PNDR"),
        act("list_orders", account_id="AC2015"),
        act("list_orders", account_id="AC2016"),
        act("place_order", account_id="AC2016", symbol="PNDR", side="buy", quantity=10, order_type="market"),
    ],
    say=("2025-07-02",),
    arithmetic={"2025-07-02": "2025-06-02 + 30 days"},
    rules=(3, 5, 7, 9),
)
# 17: cancel an open limit order, buy at market instead
task(
    "Marcus is tired of waiting for his limit order to fill.",
    "You want to cancel your open order for Birchwick Retail (BRWK) and buy 40 shares of BRWK at market in your "
    "Individual Brokerage account instead.",
    known("CL1008"),
    YES,
    [
        *opening("CL1008"),
        act("list_orders", account_id="AC2015"),
        act("cancel_order", order_id="O60003"),
        act("get_account", account_id="AC2015"),
        act("get_security", symbol="BRWK"),
        act("list_orders", account_id="AC2016"),
        act("place_order", account_id="AC2015", symbol="BRWK", side="buy", quantity=40, order_type="market"),
    ],
    tags=("compound",),
    rules=(3, 5, 7, 10),
)
# 18: rebalance and a completed quarter's report
task(
    "Sofia's growth account has run up and she wants it back in shape.",
    "You want your Growth Account rebalanced to its model and a performance report for the first quarter of 2025.",
    known("CL1009"),
    YES,
    [
        *opening("CL1009"),
        act("get_account", account_id="AC2017"),
        act("rebalance_to_model", account_id="AC2017"),
        act("generate_report", account_id="AC2017", kind="performance", period="2025-Q1"),
    ],
    tags=("compound",),
    rules=(3, 11, 18),
)
# 19: a large withdrawal to a bank linked 12 days ago: hand-off
task(
    "Julian is closing on a boat and is in a hurry.",
    "You want to withdraw $30000 from your Brokerage account to your Atlantic First Bank account.",
    known("CL1010", "You linked the Atlantic First Bank account earlier this month."),
    "Insist that the money must go to Atlantic First Bank. Accept a transfer to someone who can help.",
    [
        *opening("CL1010"),
        act("transfer_to_human_agents", summary="Withdrawal of 30000 to a bank linked less than 30 days ago"),
    ],
    basis=("DB", "ACTION"),
    tags=("refusal",),
    rules=(14,),
)
# 20: the same request, sent to the older bank instead
task(
    "Julian is closing on a boat and only cares that the money arrives.",
    "You want to withdraw $30000 from your Brokerage account to your Atlantic First Bank account.",
    known("CL1010", "You also have your long-standing Biscayne Savings account linked."),
    "If the agent says it cannot send that much to Atlantic First Bank from here, ask to send it to Biscayne "
    "Savings instead, and ask when it will arrive. " + YES,
    [
        *opening("CL1010"),
        act("get_account", account_id="AC2018"),
        act("request_withdrawal", account_id="AC2018", amount=30000.0, bank_id="BK1010-1"),
    ],
    say=(SOON,),
    tags=("fallback",),
    rules=(3, 14, 15),
)
# 21: under the threshold, the new bank is fine
task(
    "Julian needs a smaller sum for a deposit.",
    "You want to withdraw $20000 from your Brokerage account to your Atlantic First Bank account.",
    known("CL1010"),
    "Ask when the money will arrive. " + YES,
    [
        *opening("CL1010"),
        act("get_account", account_id="AC2018"),
        act("request_withdrawal", account_id="AC2018", amount=20000.0, bank_id="BK1010-2"),
    ],
    say=(SOON,),
    rules=(3, 14, 15),
)
# 22: an early IRA distribution
task(
    "Amara needs cash for a move across the country.",
    "You want to withdraw $5000 to your Capitol Hill Bank account.",
    known("CL1011"),
    "Do not say which account at first; if asked, it is the Traditional IRA. When told about an extra tax, ask "
    "how much it would be, then confirm you still want to go ahead. Ask when the money arrives. " + YES,
    [
        *opening("CL1011"),
        act("get_account", account_id="AC2020"),
        act("request_withdrawal", account_id="AC2020", amount=5000.0, bank_id="BK1011-1"),
    ],
    say=("500", SOON),
    arithmetic={"500": "5000 * 0.10"},
    tags=("clarify", "arithmetic"),
    rules=(3, 13, 15),
)
# 23: on hearing the extra tax, the money comes from the taxable account instead
task(
    "Amara needs cash for a move and hates paying avoidable tax.",
    "You want to withdraw $5000 from your Traditional IRA to your Capitol Hill Bank account.",
    known("CL1011"),
    "When told about an extra tax, ask how much it would be, then ask to take the $5000 from your Brokerage "
    "account instead. Ask when the money arrives. " + YES,
    [
        *opening("CL1011"),
        act("get_account", account_id="AC2020"),
        act("get_account", account_id="AC2019"),
        act("request_withdrawal", account_id="AC2019", amount=5000.0, bank_id="BK1011-1"),
    ],
    say=("500", SOON),
    arithmetic={"500": "5000 * 0.10"},
    tags=("fallback",),
    rules=(3, 13, 15),
)
# 24: a prior-year contribution after the deadline; the current year has less room
task(
    "Robert forgot to make last year's IRA contribution.",
    "You want to contribute $6000 to your Traditional IRA for tax year 2024 from your Mission Bay Bank account.",
    known("CL1012"),
    "If refused, ask to put the money in for 2025 instead. If told that is too "
    "much, ask how much is allowed and accept that amount. " + YES,
    [
        *opening("CL1012"),
        act("list_cash_movements", account_id="AC2021"),
        act("calculate", expression="8000 - 5000"),
        act("record_contribution", account_id="AC2021", amount=3000.0, tax_year=2025, bank_id="BK1012-1"),
    ],
    say=("3000",),
    arithmetic={"3000": "8000 - 5000"},
    tags=("refusal", "fallback", "arithmetic"),
    rules=(3, 12),
)
# 25: the questionnaire taken 47 days ago; an alert is fine
task(
    "Elena has just read about markets and feels braver than in May.",
    "You want to retake the risk questionnaire, and set an alert if the Tamarack Total US Market ETF (TMKT) falls "
    "below $220.",
    known("CL1013"),
    "If the agent says you cannot retake it yet, ask from what date you can. " + YES,
    [
        *opening("CL1013"),
        act("list_price_alerts", client_id="CL1013"),
        act("get_security", symbol="TMKT"),
        act("set_price_alert", client_id="CL1013", symbol="TMKT", direction="below", price=220.0),
    ],
    say=("2025-07-30",),
    arithmetic={"2025-07-30": "2025-05-01 + 90 days"},
    tags=("refusal", "compound"),
    rules=(3, 16, 17),
)
# 26: cancel an order; top the Roth up with the catch-up limit (50 by December) and not last year's money
task(
    "Samuel turns 50 this November and wants to make the most of it.",
    "You want to cancel your open Harborline Logistics (HRBR) order, and top up your Roth IRA to this year's "
    "maximum from your Motor City Credit Union account.",
    known("CL1014"),
    "Ask how much the top-up will be. " + YES,
    [
        *opening("CL1014"),
        act("list_orders", account_id="AC2023"),
        act("cancel_order", order_id="O60004"),
        act("list_cash_movements", account_id="AC2024"),
        act("calculate", expression="8000 - 3500 - 3000"),
        act("record_contribution", account_id="AC2024", amount=1500.0, tax_year=2025, bank_id="BK1014-1"),
    ],
    say=("1500",),
    arithmetic={"1500": "8000 - 3500 - 3000"},
    tags=("compound", "arithmetic"),
    rules=(3, 10, 12),
)
# 27: a filled order cannot be cancelled: a sale instead
task(
    "Samuel bought Orka yesterday and changed his mind overnight.",
    "You want to cancel yesterday's purchase of 5 shares of Orka Medical Devices (ORKA).",
    known("CL1014"),
    "If told it cannot be cancelled, ask to sell those 5 shares at market instead. " + YES,
    [
        *opening("CL1014"),
        act("list_orders", account_id="AC2023"),
        act("get_account", account_id="AC2023"),
        act("place_order", account_id="AC2023", symbol="ORKA", side="sell", quantity=5, order_type="market"),
    ],
    tags=("fallback",),
    rules=(3, 10),
)
# 28: an alert too far from the price: the nearest allowed level
task(
    "Grace hopes her utility stock will climb a long way.",
    "You want an alert when Coastal Utilities (CSTL) rises above $80.",
    known("CL1015"),
    "If told $80 is too far, ask for the nearest level allowed and accept it. " + YES,
    [
        *opening("CL1015"),
        act("list_price_alerts", client_id="CL1015"),
        act("get_security", symbol="CSTL"),
        act("calculate", expression="58.20 * 1.25"),
        act("set_price_alert", client_id="CL1015", symbol="CSTL", direction="above", price=72.75),
    ],
    say=("72.75",),
    arithmetic={"72.75": "58.20 * 1.25"},
    tags=("fallback", "arithmetic"),
    rules=(3, 17),
)
# 29: a tier 1 client and a risk 2 fund; the model's fund instead
task(
    "Grace is cautious and wants a little more income.",
    "You want to buy 50 shares of the Tamarack Core Bond Fund (TBND) at market in your Conservative Account.",
    known("CL1015"),
    "If refused, ask what you could buy instead for bonds, and buy 50 shares of that at market. " + YES,
    [
        *opening("CL1015"),
        act("get_security", symbol="TBND"),
        act("get_account", account_id="AC2025"),
        act("get_model_portfolio", model_id="M1"),
        act("place_order", account_id="AC2025", symbol="TSTB", side="buy", quantity=50, order_type="market"),
    ],
    basis=("DB", "ACTION"),
    tags=("refusal", "fallback"),
    rules=(3, 5),
)
# 30: the ticker the client gives is one letter off the company they name
task(
    "Nikhil likes to buy the brands he eats.",
    "You want to buy 30 shares of Kellerman Foods at market in your Brokerage account; you think its ticker is KLRN.",
    known("CL1016"),
    "If the agent points out that KLRN is another company, say you mean Kellerman Foods. " + YES,
    [
        *opening("CL1016"),
        act("get_security", symbol="KLRN"),
        act("get_security", symbol="KLRM"),
        act("get_account", account_id="AC2026"),
        act("place_order", account_id="AC2026", symbol="KLRM", side="buy", quantity=30, order_type="market"),
    ],
    tags=("clarify",),
    rules=(3, 5, 7),
)
# 31: cancel an open sale and set an alert instead
task(
    "Nikhil would rather hear when Kilburn runs up than sell at a fixed price.",
    "You want to cancel your open order to sell Kilburn Robotics (KLRN), and set an alert if KLRN rises above $150.",
    known("CL1016"),
    YES,
    [
        *opening("CL1016"),
        act("list_orders", account_id="AC2026"),
        act("cancel_order", order_id="O60009"),
        act("list_price_alerts", client_id="CL1016"),
        act("get_security", symbol="KLRN"),
        act("set_price_alert", client_id="CL1016", symbol="KLRN", direction="above", price=150.0),
    ],
    tags=("compound",),
    rules=(3, 10, 17),
)
# 32: past 59 and a half: no early-distribution warning is due
task(
    "Linda is planning a trip for her 60th birthday.",
    "You want to withdraw $10000 from your Traditional IRA to your Snake River Bank account.",
    known("CL1017"),
    "Ask when the money arrives. " + YES,
    [
        *opening("CL1017"),
        act("get_account", account_id="AC2027"),
        act("request_withdrawal", account_id="AC2027", amount=10000.0, bank_id="BK1017-1"),
    ],
    say=(SOON,),
    rules=(3, 13, 15),
)
# 33: an order above the adviser threshold
task(
    "Owen has a bonus to invest and wants it in the market today.",
    "You want to buy 250 shares of the Tamarack Total US Market ETF (TMKT) at market in your Brokerage account.",
    known("CL1018"),
    "Do not accept splitting the order. Accept a transfer to someone who can place it.",
    [
        find("CL1018"),
        act("get_security", symbol="TMKT"),
        act("transfer_to_human_agents", summary="Order of 250 TMKT, above the 50000 notional limit"),
    ],
    basis=("DB", "ACTION"),
    tags=("refusal",),
    rules=(8,),
)
# 34: a dollar amount turned into whole shares, plus the household fee
task(
    "Owen prefers to think in dollars rather than shares.",
    "You want to invest $45000 in the Tamarack Total US Market ETF (TMKT) at market in your Brokerage account, "
    "as many whole shares as that buys, and you want to know your quarterly advisory fee.",
    known("CL1018"),
    "Ask for the quarterly fee in dollars and cents. " + YES,
    [
        *opening("CL1018"),
        act("get_account", account_id="AC2028"),
        act("get_security", symbol="TMKT"),
        act("calculate", expression="45000 // 248.60"),
        act("place_order", account_id="AC2028", symbol="TMKT", side="buy", quantity=181, order_type="market"),
    ],
    say=("572.90",),
    arithmetic={"572.90": "229160 * 0.01 / 4"},
    tags=("arithmetic", "compound"),
    rules=(3, 5, 8, 19),
)
# 35: a daughter with a power of attorney
task(
    "Claire is polite but firm, and has her mother's papers at hand.",
    "You want to withdraw $3000 from your mother Beatrice Lowell's account to pay her care home.",
    "You are Claire Lowell, Beatrice Lowell's daughter; you hold her power of attorney. Your mother was born "
    "1947-09-30.",
    "Explain that you hold power of attorney. Accept a transfer to someone who can help.",
    [act("transfer_to_human_agents", summary="Caller holds power of attorney for client Beatrice Lowell")],
    basis=("DB", "ACTION"),
    tags=("refusal",),
    rules=(2,),
)
# 36: a husband calling about his wife's account
task(
    "Daniel is used to handling the household's finances.",
    "You want to know the balance of your wife Margaret Okafor's Rollover IRA and move $2000 out of it.",
    "You are Daniel Okafor, Margaret Okafor's husband. She was born 1962-07-14 and her tax id ends in 6021.",
    "Say that Margaret is busy and asked you to call. Accept a transfer to someone who can help.",
    [act("transfer_to_human_agents", summary="Spouse calling about client Margaret Okafor's account")],
    basis=("DB", "ACTION"),
    tags=("refusal",),
    rules=(2,),
)
# 37: the Seattle Wei Chen: a historical gain, and a report
task(
    "Wei lives in Seattle and is curious how his account did this spring.",
    "You want to know by how many dollars the holdings of your Brokerage account gained from the close of "
    "2025-03-31 to the close of 2025-05-30, and a performance report for May 2025.",
    known("CL1020"),
    "Ask for the gain in dollars and cents. Also ask whether the market will keep going up. " + YES,
    [
        *opening("CL1020"),
        act("get_performance", account_id="AC2030", start="2025-03-31", end="2025-05-30"),
        act("generate_report", account_id="AC2030", kind="performance", period="2025-05"),
    ],
    say=("993.60",),
    tags=("compound",),
    rules=(3, 18, 20),
)
# 38: stale KYC, a sale and a withdrawal
task(
    "Rosa runs her own studio and wants to take some profit.",
    "You want to sell 50 shares of Orcadia Energy (ORCA) at market in your Brokerage account and withdraw $10000 "
    "to your Sangre Bank account.",
    known("CL1021", "Your address and tax residence have not changed; you are self-employed."),
    "If asked to confirm your details, confirm your address and tax residence are unchanged and that you are "
    "self-employed. Ask when the money arrives. " + YES,
    [
        *opening("CL1021"),
        act("renew_kyc", client_id="CL1021", employment="self_employed"),
        act("get_account", account_id="AC2031"),
        act("place_order", account_id="AC2031", symbol="ORCA", side="sell", quantity=50, order_type="market"),
        act("request_withdrawal", account_id="AC2031", amount=10000.0, bank_id="BK1021-1"),
    ],
    say=(SOON,),
    tags=("compound",),
    rules=(3, 4, 14, 15),
)
# 39: ticker mix-up, stale KYC and the concentration cap
task(
    "Rosa believes in her energy stock and wants more of it.",
    "You want to add 100 shares to your Orcadia Energy position in your Brokerage account; you think the ticker "
    "is ORKA.",
    known("CL1021", "Your address and tax residence have not changed; you are self-employed."),
    "If the agent points out ORKA is another company, say you mean Orcadia Energy. If asked to confirm your "
    "details, confirm your address and tax residence are unchanged and that you are self-employed. If told 100 "
    "shares is too many, accept the largest number allowed, at market. " + YES,
    [
        *opening("CL1021"),
        act("get_security", symbol="ORKA"),
        act("get_security", symbol="ORCA"),
        act("renew_kyc", client_id="CL1021", employment="self_employed"),
        act("get_account", account_id="AC2031"),
        act("list_orders", account_id="AC2031"),
        act("calculate", expression="(52334 * 0.10 - 3960) // 39.60"),
        act("place_order", account_id="AC2031", symbol="ORCA", side="buy", quantity=32, order_type="market"),
    ],
    tags=("clarify", "arithmetic"),
    rules=(3, 4, 5, 7),
)
# 40: a bank linked 20 days ago and more than $25000: hand-off
task(
    "Theo is moving his savings to an online bank with a better rate.",
    "You want to withdraw $40000 from your Brokerage account to your Lakes Online Bank account.",
    known("CL1022", "You linked Lakes Online Bank a few weeks ago."),
    "Insist on Lakes Online Bank. Accept a transfer to someone who can help.",
    [
        *opening("CL1022"),
        act("transfer_to_human_agents", summary="Withdrawal of 40000 to a bank linked less than 30 days ago"),
    ],
    basis=("DB", "ACTION"),
    tags=("refusal",),
    rules=(14,),
)
# 41: which bank; the contribution funds the purchase
task(
    "Theo wants to finish this year's Roth contribution and invest it.",
    "You want to contribute $6000 to your Roth IRA for 2025, then buy 50 shares of the Tamarack Dividend Equity "
    "ETF (TDIV) at market in it.",
    known("CL1022", "You have two banks linked: North Star Bank and Lakes Online Bank."),
    "Do not say which bank at first; if asked, the money comes from North Star Bank. " + YES,
    [
        *opening("CL1022"),
        act("list_cash_movements", account_id="AC2033"),
        act("record_contribution", account_id="AC2033", amount=6000.0, tax_year=2025, bank_id="BK1022-1"),
        act("get_account", account_id="AC2033"),
        act("get_security", symbol="TDIV"),
        act("place_order", account_id="AC2033", symbol="TDIV", side="buy", quantity=50, order_type="market"),
    ],
    tags=("clarify",),
    rules=(3, 5, 12),
)
# 42: a tier 5 client's leveraged fund in a taxable account; a sixth alert is refused
task(
    "Hana trades actively and watches many tickers.",
    "You want to buy 100 shares of the Trilever S&P 500 3x Daily ETF (UPRX) at market in your Brokerage account, "
    "and set an alert if Pondera Software (PNDR) rises above $350.",
    known("CL1023"),
    "If the alert is refused, accept that and do not ask for anything else. " + YES,
    [
        *opening("CL1023"),
        act("get_security", symbol="UPRX"),
        act("get_account", account_id="AC2034"),
        act("place_order", account_id="AC2034", symbol="UPRX", side="buy", quantity=100, order_type="market"),
        act("list_price_alerts", client_id="CL1023"),
    ],
    basis=("DB", "ACTION"),
    tags=("refusal", "compound"),
    rules=(3, 5, 6, 17),
)
# 43: a Roth already at the year's limit; a year-to-date report instead
task(
    "Hana wants to shelter more of her savings from tax.",
    "You want to contribute $1000 more to your Roth IRA for 2025 from your Aloha Federal account, and a "
    "performance report of the Roth IRA for 2025 so far.",
    known("CL1023"),
    "If the contribution is refused, ask what this year's limit is for you. " + YES,
    [
        *opening("CL1023"),
        act("list_cash_movements", account_id="AC2035"),
        act("generate_report", account_id="AC2035", kind="performance", period="2025-YTD"),
    ],
    say=("7000",),
    tags=("refusal", "compound"),
    rules=(3, 12, 18),
)
# 44: cash and the concentration cap both limit the purchase
task(
    "Wei wants a piece of Pondera in his Roth IRA.",
    "You want to buy Pondera Software (PNDR) at market in your Roth IRA: as many whole shares as the rules allow.",
    known("CL1002"),
    "Ask how many shares that is before agreeing. " + YES,
    [
        *opening("CL1002"),
        act("get_account", account_id="AC2005"),
        act("get_security", symbol="PNDR"),
        act("list_orders", account_id="AC2004"),
        act("list_orders", account_id="AC2005"),
        act("calculate", expression="5972 * 0.10 // 315.80"),
        act("place_order", account_id="AC2005", symbol="PNDR", side="buy", quantity=1, order_type="market"),
    ],
    tags=("arithmetic",),
    rules=(3, 5, 7),
)
# 45: rebalance both accounts; the fee unchanged by it
task(
    "Harold wants both of his accounts put back on their models.",
    "You want your Income Account and your Traditional IRA rebalanced to their models, and to know your "
    "quarterly advisory fee.",
    known("CL1006"),
    "Ask for the quarterly fee in dollars and cents. " + YES,
    [
        *opening("CL1006"),
        act("get_account", account_id="AC2012"),
        act("get_account", account_id="AC2013"),
        act("rebalance_to_model", account_id="AC2012"),
        act("rebalance_to_model", account_id="AC2013"),
    ],
    say=("3272.50",),
    arithmetic={"3272.50": "(1000000 * 0.01 + (1135100 + 276900 - 1000000) * 0.0075) / 4"},
    tags=("compound", "arithmetic"),
    rules=(3, 11, 19),
)
# 46: a suitable stock under the cap, a past year's report, and no forecast
task(
    "Sofia follows robotics and wants a small position.",
    "You want to buy 10 shares of Kilburn Robotics (KLRN) at market in your Growth Account, and the realized "
    "gains report of that account for 2024.",
    known("CL1009"),
    "Ask whether the agent thinks Kilburn will go up. " + YES,
    [
        *opening("CL1009"),
        act("get_account", account_id="AC2017"),
        act("get_security", symbol="KLRN"),
        act("list_orders", account_id="AC2017"),
        act("place_order", account_id="AC2017", symbol="KLRN", side="buy", quantity=10, order_type="market"),
        act("generate_report", account_id="AC2017", kind="realized_gains", period="2024"),
    ],
    tags=("compound",),
    rules=(3, 5, 7, 18, 20),
)
# 47: a new questionnaire lowers the tier; the stock she wanted is then unsuitable
task(
    "Priya had a scare in April and wants to be more careful.",
    "You want to retake the risk questionnaire, then buy 30 shares of Halvorsen Pharmaceuticals (HALV) in your "
    "Balanced Portfolio.",
    known("CL1005", "Your answers to the five risk questions, in order, are 2, 2, 3, 2, 2."),
    "Give your answers when asked. If the purchase is then refused, accept that. " + YES,
    [
        *opening("CL1005"),
        act("update_risk_profile", client_id="CL1005", answers=[2, 2, 3, 2, 2]),
        act("get_security", symbol="HALV"),
    ],
    basis=("DB", "ACTION"),
    tags=("refusal", "compound"),
    rules=(3, 5, 16),
)
# 48: an early distribution accepted, plus an alert
task(
    "Marcus needs to cover a medical bill and wants to watch Pondera.",
    "You want to withdraw $2000 from your Traditional IRA to your Peachtree National account, and set an alert "
    "if Pondera Software (PNDR) falls below $280.",
    known("CL1008"),
    "When told about an extra tax, ask how much, then confirm you still want to go ahead. Ask when the money "
    "arrives. " + YES,
    [
        *opening("CL1008"),
        act("get_account", account_id="AC2016"),
        act("request_withdrawal", account_id="AC2016", amount=2000.0, bank_id="BK1008-1"),
        act("list_price_alerts", client_id="CL1008"),
        act("get_security", symbol="PNDR"),
        act("set_price_alert", client_id="CL1008", symbol="PNDR", direction="below", price=280.0),
    ],
    say=("200", SOON),
    arithmetic={"200": "2000 * 0.10"},
    tags=("compound",),
    rules=(3, 13, 15, 17),
)
# 49: a withdrawal and last year's holdings report
task(
    "Grace is paying for her granddaughter's tuition.",
    "You want to withdraw $2500 from your Conservative Account to your Casco Bay Savings account, and the "
    "holdings report of that account for 2024.",
    known("CL1015"),
    "Ask when the money arrives. " + YES,
    [
        *opening("CL1015"),
        act("get_account", account_id="AC2025"),
        act("request_withdrawal", account_id="AC2025", amount=2500.0, bank_id="BK1015-1"),
        act("generate_report", account_id="AC2025", kind="holdings", period="2024"),
    ],
    say=(SOON,),
    tags=("compound",),
    rules=(3, 15, 18),
)
# 50: a questionnaire raises the tier to 5, opening a risk 5 stock
task(
    "Nikhil has years ahead of him and wants to take more risk.",
    "You want to retake the risk questionnaire, then buy 20 shares of Golden Crest Mining (GLDN) at market in "
    "your Brokerage account.",
    known("CL1016", "Your answers to the five risk questions, in order, are 5, 4, 4, 3, 5."),
    "Give your answers when asked. " + YES,
    [
        *opening("CL1016"),
        act("update_risk_profile", client_id="CL1016", answers=[5, 4, 4, 3, 5]),
        act("get_security", symbol="GLDN"),
        act("get_account", account_id="AC2026"),
        act("place_order", account_id="AC2026", symbol="GLDN", side="buy", quantity=20, order_type="market"),
    ],
    tags=("compound",),
    rules=(3, 5, 7, 16),
)
# 51: a quarter not yet ended, served as year to date, and a completed month
task(
    "Tessa is building a spreadsheet of her savings.",
    "You want two reports on your Starter Portfolio: performance for the second quarter of 2025, and holdings "
    "for May 2025.",
    known("CL1007"),
    "If the agent says the second-quarter report cannot be made yet, accept the year-to-date performance report "
    "instead. " + YES,
    [
        *opening("CL1007"),
        act("get_account", account_id="AC2014"),
        act("generate_report", account_id="AC2014", kind="performance", period="2025-YTD"),
        act("generate_report", account_id="AC2014", kind="holdings", period="2025-05"),
    ],
    tags=("compound", "fallback"),
    rules=(3, 18),
)
# 52: a limit order whose notional at the limit stays under the threshold
task(
    "Owen wants TMKT but only at a better price.",
    "You want to buy 200 shares of the Tamarack Total US Market ETF (TMKT) in your Brokerage account with a "
    "limit of $240.",
    known("CL1018"),
    YES,
    [
        *opening("CL1018"),
        act("get_account", account_id="AC2028"),
        act("get_security", symbol="TMKT"),
        act(
            "place_order",
            account_id="AC2028",
            symbol="TMKT",
            side="buy",
            quantity=200,
            order_type="limit",
            limit_price=240.0,
        ),  # fmt: skip
    ],
    rules=(3, 5, 8),
)
# 53: two accounts titled "IRA" again, for a withdrawal: early distribution
task(
    "Wei needs some cash for a family trip.",
    "You want to withdraw $1500 from your IRA to your Golden Gate Credit Union account.",
    known("CL1001"),
    "Say only 'my IRA' at first; if asked which, it is the traditional IRA. When told about an extra tax, ask "
    "how much, then confirm. Ask when the money arrives. " + YES,
    [
        *opening("CL1001"),
        act("get_account", account_id="AC2002"),
        act("request_withdrawal", account_id="AC2002", amount=1500.0, bank_id="BK1001-1"),
    ],
    say=("150", SOON),
    arithmetic={"150": "1500 * 0.10"},
    tags=("clarify",),
    rules=(3, 13, 15),
)

# 54: cash short in an IRA: sell the fewest shares first, then the early distribution
task(
    "Diego needs cash from his Roth IRA for a business expense.",
    "You want to withdraw $8000 from your Roth IRA to your Lone Star Federal account.",
    known("CL1004"),
    "If told there is not enough cash, ask to sell the fewest whole shares of the Tamarack Total US Market ETF "
    "(TMKT) in the Roth IRA at market to cover it. When told about an extra tax, ask how much, then confirm. Ask "
    "when the money arrives. " + YES,
    [
        *opening("CL1004"),
        act("get_account", account_id="AC2009"),
        act("calculate", expression="(8000 - 5000) // 248.60 + 1"),
        act("place_order", account_id="AC2009", symbol="TMKT", side="sell", quantity=13, order_type="market"),
        act("request_withdrawal", account_id="AC2009", amount=8000.0, bank_id="BK1004-1"),
    ],
    say=("800", SOON),
    arithmetic={"800": "8000 * 0.10"},
    tags=("fallback", "arithmetic"),
    rules=(3, 13, 14, 15),
)
# 55: a stock already above 10% of the account cannot be bought at all; the sale goes ahead
task(
    "Wei wants to swap his software stock for more of his chip stock.",
    "You want to sell your 10 shares of Pondera Software (PNDR) at market in your Brokerage account and use the "
    "money to buy Vantage Semiconductor (VANT) there.",
    known("CL1002"),
    "If the agent says it cannot buy VANT, ask what share of the account VANT already is, and still sell the PNDR. "
    + YES,
    [
        *opening("CL1002"),
        act("get_account", account_id="AC2004"),
        act("get_security", symbol="VANT"),
        act("place_order", account_id="AC2004", symbol="PNDR", side="sell", quantity=10, order_type="market"),
    ],
    say=("14.14",),
    tags=("refusal", "compound"),
    rules=(3, 7),
)


def main() -> None:
    ids = [entry["id"] for entry in TASKS]
    test = [task_id for task_id in ids if int(task_id) % 3 == 1]
    splits = {"base": ids, "train": [task_id for task_id in ids if task_id not in test], "test": test}
    write_task_files(DATA, TASKS, splits)


if __name__ == "__main__":
    main()

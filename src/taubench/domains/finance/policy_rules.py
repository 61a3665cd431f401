"""The finance desk manual's numbered rules as checks over a task's gold trace (see
gold_trace.py). Who is calling is read from the task's instructions ("You are <name>")."""

import json
import re
from calendar import monthrange
from datetime import date, timedelta
from typing import Iterator

from taubench.domains.finance.models import Account, Client, FinanceDB
from taubench.domains.finance.tools import half_up, valued
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said

Trace = GoldTrace[FinanceDB]
Step = GoldStep[FinanceDB]

KYC_MONTHS = 36
TRADING = ("place_order", "rebalance_to_model", "request_withdrawal")
CONCENTRATION_PCT = 10.0
ADVISER_NOTIONAL = 50000.0
WASH_DAYS = 30
DRIFT_PTS = 5.0
PRIOR_YEAR_DEADLINE = "04-15"
BIG_WITHDRAWAL = 25000.0
NEW_BANK_DAYS = 30
RETAKE_DAYS = 90
MAX_ALERTS = 5
ALERT_BAND = 0.25
FEE_BREAK, FEE_LOW, FEE_HIGH = 1000000.0, 0.01, 0.0075
COMPLETED = re.compile(r"(\d{4})(?:-(Q[1-4]|\d{2}|YTD))?")

RULES = RuleBook()
CONVERSATIONAL = {
    20: "declining to predict or recommend beyond the model shows in no tool call",
}


def _client_of(step: Step) -> str | None:
    """Whose records a call acts on: the client named, or the owner of the account or order named."""
    db, arguments = step.before, step.arguments
    if "client_id" in arguments:
        return arguments["client_id"]
    account_id = arguments.get("account_id")
    if account_id is None and arguments.get("order_id") in db.orders:
        account_id = db.orders[arguments["order_id"]].account_id
    account = db.accounts.get(account_id) if isinstance(account_id, str) else None
    return account.client_id if account else None


def _found(step: Step) -> list[str]:
    return [json.loads(step.observation)["client_id"]] if step.name == "find_client" and not step.error else []


def _caller(trace: Trace) -> str | None:
    instructions = trace.task.user_scenario.instructions
    text = (
        instructions
        if isinstance(instructions, str)
        else " ".join(str(v) for v in instructions.model_dump().values() if v)
    )
    found = re.search(r"You are ([A-Z][\w'-]+(?: [A-Z][\w'-]+)+)", text)
    return found.group(1) if found else None


def _account(step: Step) -> Account:
    return step.before.accounts[step.arguments["account_id"]]


def _owner(step: Step) -> Client:
    return step.before.clients[_account(step).client_id]


def _age_on(client: Client, day: str) -> float:
    born, then = date.fromisoformat(client.dob), date.fromisoformat(day)
    months = (then.year - born.year) * 12 + then.month - born.month - (then.day < born.day)
    return months / 12


def _months_before(day: str, months: int) -> str:
    then = date.fromisoformat(day)
    year, month = divmod(then.year * 12 + then.month - 1 - months, 12)
    return then.replace(year=year, month=month + 1).isoformat()


def _plus_days(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


@RULES.trace(1)
def client_identified_first(trace: Trace) -> list[str]:
    return identified_first(
        trace, identifies=_found, concerns=lambda step: [c] if (c := _client_of(step)) else [], who="the client"
    )


@RULES.trace(2)
def only_the_client_is_served(trace: Trace) -> list[str]:
    violations = hand_offs(trace)
    caller = _caller(trace)
    for step in trace.steps:
        for client_id in _found(step):
            if step.before.clients[client_id].name != caller:
                violations.append(f"{caller} served as {client_id}, someone else")
        owner = _client_of(step)
        if owner is not None and _found(step) == [] and owner not in {c for s in trace.steps for c in _found(s)}:
            violations.append(f"{step.name} on {owner}, who was not verified")
    return violations


@RULES.trace(3)
def read_back_what_was_seen(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, ("clients", "accounts", "orders")))


@RULES.trace(4)
def kyc_current_before_trading(trace: Trace) -> list[str]:
    violations = []
    for step in trace.writes:
        if step.name in TRADING and not step.error:
            client = _owner(step)
            if client.kyc_date < _months_before(step.before.today, KYC_MONTHS):
                violations.append(f"{step.name} for {client.client_id} on KYC of {client.kyc_date}")
    return violations


@RULES.each(5, "place_order", done=True)
def suitable_purchases(step: Step, trace: Trace) -> Iterator[str]:
    security = step.before.securities[step.arguments["symbol"]]
    tier = _owner(step).risk_tier
    if step.arguments["side"] == "buy" and security.risk_rating > tier:
        yield f"buy of {security.symbol} (risk {security.risk_rating}) for a tier {tier} client"


@RULES.each(6, "place_order", done=True)
def leveraged_funds(step: Step, trace: Trace) -> Iterator[str]:
    security = step.before.securities[step.arguments["symbol"]]
    if step.arguments["side"] == "buy" and security.leveraged:
        if _owner(step).risk_tier != 5 or _account(step).type != "taxable":
            yield f"buy of leveraged {security.symbol} outside a tier 5 client's taxable account"


@RULES.each(7, "place_order", done=True)
def concentration(step: Step, trace: Trace) -> Iterator[str]:
    symbol = step.arguments["symbol"]
    if step.before.securities[symbol].kind != "stock":
        return
    view = valued(step.after, step.after.accounts[step.arguments["account_id"]])
    weight = next((p.value for p in view.positions if p.symbol == symbol), 0.0) / view.total_value * 100
    if step.arguments["side"] == "buy" and weight > CONCENTRATION_PCT:
        yield f"{symbol} at {weight:.2f}% of {view.account_id} after the purchase"
    before = valued(step.before, step.before.accounts[step.arguments["account_id"]])
    held = next((p.weight_pct for p in before.positions if p.symbol == symbol), 0.0)
    if step.arguments["side"] == "sell" and 7 in trace.task.policy_rules and held > CONCENTRATION_PCT:
        price = step.before.securities[symbol].price
        if weight > CONCENTRATION_PCT:
            yield f"{symbol} left at {weight:.2f}% of {view.account_id} after the sale"
        elif (weight / 100 * view.total_value + price) / view.total_value * 100 <= CONCENTRATION_PCT:
            yield f"sale of {symbol} larger than needed to reach {CONCENTRATION_PCT}%"


@RULES.each(8, "place_order")
def adviser_orders(step: Step, trace: Trace) -> Iterator[str]:
    security = step.before.securities[step.arguments["symbol"]]
    price = step.arguments.get("limit_price") or security.price
    if step.arguments["quantity"] * price > ADVISER_NOTIONAL:
        yield f"order of {step.arguments['quantity']} {security.symbol} worth more than {ADVISER_NOTIONAL:.0f}"


@RULES.each(9, "place_order", done=True)
def wash_sales(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["side"] != "buy":
        return
    db, client = step.before, _owner(step)
    since = _plus_days(db.today, -WASH_DAYS)
    for order in db.orders.values():
        if (
            order.symbol == step.arguments["symbol"]
            and order.side == "sell"
            and order.status == "filled"
            and (order.realized_gain or 0) < 0
            and since <= order.placed_on
            and order.account_id in client.account_ids
            and not said(trace, _plus_days(order.placed_on, WASH_DAYS))
        ):
            yield f"buy of {order.symbol} within 30 days of loss sale {order.order_id} without the window's end said"


@RULES.each(10, "cancel_order")
def only_open_orders_cancelled(step: Step, trace: Trace) -> Iterator[str]:
    order = step.before.orders.get(step.arguments["order_id"])
    if order is not None and order.status != "open":
        yield f"cancel_order on {order.order_id}, which is {order.status}"


@RULES.trace(11)
def rebalance_only_past_the_band(trace: Trace) -> list[str]:
    """A rebalance needs a class more than 5 points off target; a request turned down for that
    reason is answered with the largest drift."""
    violations = []
    for step in trace.calls("rebalance_to_model"):
        view = valued(step.before, _account(step))
        if not any(abs(row.drift_pts or 0.0) > DRIFT_PTS for row in view.allocation):
            violations.append(f"rebalance of {view.account_id}, which is within {DRIFT_PTS} points of every target")
    if 11 in trace.task.policy_rules and not trace.calls("rebalance_to_model"):
        for step in trace.done("get_account"):
            view = valued(step.before, _account(step))
            drifts = [abs(row.drift_pts) for row in view.allocation if row.drift_pts is not None]
            if drifts and max(drifts) <= DRIFT_PTS and not said(trace, max(drifts)):
                violations.append(f"no rebalance of {view.account_id} without its largest drift {max(drifts)} said")
    return violations


@RULES.trace(12)
def ira_contribution_limits(trace: Trace) -> list[str]:
    violations = []
    for step in trace.done("record_contribution"):
        db, client, year = step.after, _owner(step), step.arguments["tax_year"]
        if step.before.today > f"{year + 1}-{PRIOR_YEAR_DEADLINE}":
            violations.append(f"contribution for {year} after its deadline")
        limit = 8000.0 if _age_on(client, f"{year}-12-31") >= 50 else 7000.0
        total = sum(
            m.amount
            for m in db.cash_movements.values()
            if m.kind == "contribution" and m.tax_year == year and m.account_id in client.account_ids
        )
        if total > limit:
            violations.append(f"{client.client_id}'s {year} IRA contributions reach {total:.2f}, over {limit:.0f}")
    return violations


@RULES.each(13, "request_withdrawal", done=True)
def early_distributions(step: Step, trace: Trace) -> Iterator[str]:
    if _account(step).type != "taxable" and _age_on(_owner(step), step.before.today) < 59.5:
        penalty = half_up(step.arguments["amount"] * 0.10)
        if not said(trace, penalty):
            yield f"early IRA withdrawal without the additional tax of {penalty:.2f} said"


@RULES.each(14, "request_withdrawal")
def withdrawals_to_new_banks(step: Step, trace: Trace) -> Iterator[str]:
    link = next((b for b in _owner(step).bank_links if b.bank_id == step.arguments["bank_id"]), None)
    if link is None:
        return
    if link.added_on > _plus_days(step.before.today, -NEW_BANK_DAYS) and step.arguments["amount"] > BIG_WITHDRAWAL:
        yield f"withdrawal of {step.arguments['amount']} to {step.arguments['bank_id']}, linked {link.added_on}"


@RULES.each(15, "request_withdrawal", done=True)
def arrival_date_said(step: Step, trace: Trace) -> Iterator[str]:
    arrives = json.loads(step.observation)["expected_on"]
    if not said(trace, arrives):
        yield f"withdrawal made without its arrival date {arrives} said"


@RULES.each(16, "update_risk_profile")
def questionnaire_interval(step: Step, trace: Trace) -> Iterator[str]:
    client = step.before.clients[step.arguments["client_id"]]
    if _plus_days(client.profile_date, RETAKE_DAYS) > step.before.today:
        yield f"questionnaire retaken by {client.client_id} within 90 days of {client.profile_date}"


@RULES.each(17, "set_price_alert")
def alert_limits(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    active = [
        a for a in db.price_alerts.values() if a.client_id == step.arguments["client_id"] and a.status == "active"
    ]
    if len(active) >= MAX_ALERTS:
        yield f"a sixth active alert for {step.arguments['client_id']}"
    price, level = db.securities[step.arguments["symbol"]].price, step.arguments["price"]
    if level > half_up(price * (1 + ALERT_BAND)) or level < half_up(price * (1 - ALERT_BAND)):
        yield f"alert at {level} on {step.arguments['symbol']}, more than 25% from {price}"


@RULES.each(18, "generate_report")
def completed_periods(step: Step, trace: Trace) -> Iterator[str]:
    today = step.before.today
    found = COMPLETED.fullmatch(step.arguments["period"])
    year, part = (int(found.group(1)), found.group(2)) if found else (0, None)
    if part == "YTD":
        ended = year == int(today[:4])
    elif part is None:
        ended = f"{year}-12-31" < today
    else:
        last_month = 3 * int(part[1]) if part.startswith("Q") else int(part)
        ended = f"{year}-{last_month:02d}-{monthrange(year, last_month)[1]:02d}" < today
    if not ended:
        yield f"report for {step.arguments['period']}, which has not ended"


@RULES.trace(19)
def fee_quoted(trace: Trace) -> list[str]:
    if 19 not in trace.task.policy_rules:
        return []
    clients = [c for step in trace.steps for c in _found(step)]
    if not clients:
        return ["a fee question with no client verified"]
    db = trace.steps[0].before
    household = sum(valued(db, db.accounts[a]).total_value for a in db.clients[clients[0]].account_ids)
    yearly = min(household, FEE_BREAK) * FEE_LOW + max(household - FEE_BREAK, 0.0) * FEE_HIGH
    quarterly = half_up(yearly / 4)
    return [] if said(trace, quarterly) else [f"the quarterly fee {quarterly:.2f} is not said"]

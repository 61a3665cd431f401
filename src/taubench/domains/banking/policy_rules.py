"""The bank's numbered policy rules as checks over a task's gold trace (see gold_trace.py)."""

from datetime import date, timedelta
from typing import Iterator

from taubench.domains.banking.bank_calendar import business_days_between
from taubench.domains.banking.models import BankDB
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said

Trace = GoldTrace[BankDB]
Step = GoldStep[BankDB]

TIER_TWO = (
    "transfer_internal",
    "send_external_transfer",
    "replace_card",
    "open_dispute",
    "issue_provisional_credit",
    "place_stop_payment",
)
MONEY_MOVEMENT = ("transfer_internal", "send_external_transfer")
ACCOUNT_TOOLS = (
    "get_account",
    "list_transactions",
    "transfer_internal",
    "send_external_transfer",
    "open_dispute",
    "issue_provisional_credit",
    "place_stop_payment",
    "set_alert",
    "waive_fee",
)
CARD_TOOLS = ("lock_card", "replace_card", "get_card")
DAILY_LIMIT = {"standard": 2500.0, "premier": 10000.0}
NEW_PAYEE_DAYS, NEW_PAYEE_CAP = 3, 500.0
DISPUTE_DAYS = 60
LIABILITY_BUSINESS_DAYS, PROMPT_LIABILITY, LATE_LIABILITY = 2, 50.0, 500.0
COURTESY_WAIVERS = {"standard": 1, "premier": 2}
COURTESY_FEE_DAYS = 60
SMALL_ITEM = 5.0
ALERT_RANGES = {"low_balance": (25.0, 5000.0), "large_transaction": (100.0, 10000.0)}
READ_BACK_TABLES = ("customers", "accounts", "cards", "transactions", "disputes")  # what a change is read back as

RULES = RuleBook()
CONVERSATIONAL = {21: "declining advice is what is said, not a tool call"}


def _days_before(day: str, days: int) -> str:
    return (date.fromisoformat(day) - timedelta(days=days)).isoformat()


def _accounts_of(step: Step) -> list[str]:
    """The accounts a call acts on or reads."""
    db, arguments = step.before, step.arguments
    if step.name == "transfer_internal":
        return [arguments["from_account_id"], arguments["to_account_id"]]
    if "account_id" in arguments:
        return [arguments["account_id"]]
    if "from_account_id" in arguments:
        return [arguments["from_account_id"]]
    if step.name == "open_dispute":
        return sorted({db.transactions[t].account_id for t in arguments["transaction_ids"]})
    if step.name == "issue_provisional_credit":
        return [db.disputes[arguments["dispute_id"]].account_id]
    if step.name == "waive_fee":
        return [db.transactions[arguments["transaction_id"]].account_id]
    return []


def _identified(trace: Trace, upto: Step) -> set[str]:
    found = set()
    for step in trace.steps:
        if step is upto:
            break
        if step.name == "find_customer" and not step.error:
            found.add(step.observation)
    return found


def _caller(trace: Trace) -> str | None:
    return next((step.observation for step in trace.steps if step.name == "find_customer" and not step.error), None)


def _owners(db: BankDB, account_id: str) -> set[str]:
    return set(db.accounts[account_id].owner_ids) if account_id in db.accounts else set()


def _customers_concerned(step: Step) -> set[str]:
    """The customers whose records an agent's read or write touches."""
    if step.requestor != "assistant" or step.kind not in ("read", "write") or step.name == "find_customer":
        return set()
    db, arguments = step.before, step.arguments
    concerned = {arguments["customer_id"]} if "customer_id" in arguments else set()
    for account_id in _accounts_of(step):
        concerned |= _owners(db, account_id)
    if (card := db.cards.get(arguments.get("card_id", ""))) is not None:
        concerned |= {card.cardholder_id} | _owners(db, card.account_id)
    if (payee := db.payees.get(arguments.get("payee_id", ""))) is not None:
        concerned.add(payee.customer_id)
    if (dispute := db.disputes.get(arguments.get("dispute_id", ""))) is not None:
        concerned |= _owners(db, dispute.account_id)
    return concerned


@RULES.trace(1)
def customer_identified_first(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: [step.observation] if step.name == "find_customer" else [],
        concerns=_customers_concerned,
        who="the customer",
    )


@RULES.each(2, *TIER_TWO)
def tier_two_first(step: Step, trace: Trace) -> Iterator[str]:
    accounts = _accounts_of(step) or [step.before.cards[step.arguments["card_id"]].account_id]
    owners = set().union(*(_owners(step.before, account) for account in accounts))
    if step.name == "replace_card":
        owners.add(step.before.cards[step.arguments["card_id"]].cardholder_id)
    callers = owners & _identified(trace, step)
    if not any(step.before.customers[caller].verified_by_code for caller in callers):
        yield f"{step.name} before tier-2 verification"


@RULES.trace(3)
def no_app_no_tier_two(trace: Trace) -> list[str]:
    caller = _caller(trace)
    if caller is None or trace.steps[0].before.customers[caller].app_enrolled:
        return []
    violations = [
        f"{step.name} for {caller}, who has no app" for step in trace.writes if step.name in (*TIER_TWO, "verify_code")
    ]
    handed_off = trace.calls("transfer_to_human_agents")
    return violations + [f"transfer_to_human_agents for {caller} instead of a branch visit" for _ in handed_off]


@RULES.each(4, *ACCOUNT_TOOLS, *CARD_TOOLS)
def owners_only(step: Step, trace: Trace) -> Iterator[str]:
    if step.requestor != "assistant":
        return
    known = _identified(trace, step)
    if step.name in ACCOUNT_TOOLS:
        for account_id in _accounts_of(step):
            if not _owners(step.before, account_id) & known:
                yield f"{step.name} on {account_id}, which the caller does not own"
    if step.name in CARD_TOOLS:
        card = step.before.cards[step.arguments["card_id"]]
        allowed = {card.cardholder_id} | _owners(step.before, card.account_id)
        if step.name == "replace_card":
            allowed = _owners(step.before, card.account_id)
        if not allowed & known:
            yield f"{step.name} on {card.card_id} for a caller who may not"


@RULES.trace(5)
def read_back_first(trace: Trace) -> list[str]:
    """The checkable half of rule 5: the records a write names (a dispute's transactions too)
    were shown before it."""
    return looked_up_before_change(
        trace, lambda step: [*records_named(step, READ_BACK_TABLES), *step.arguments.get("transaction_ids", [])]
    )


@RULES.each(6, "transfer_internal")
def internal_transfers(step: Step, trace: Trace) -> Iterator[str]:
    db, arguments = step.before, step.arguments
    source, target = db.accounts[arguments["from_account_id"]], db.accounts[arguments["to_account_id"]]
    if not set(source.owner_ids) & set(target.owner_ids) & _identified(trace, step):
        yield f"transfer_internal between {source.account_id} and {target.account_id}, not both the caller's"
    if arguments["amount"] > source.available_balance:
        yield f"transfer_internal of {arguments['amount']} over the available {source.available_balance}"


def _sent_today(db: BankDB, customer_id: str, payee_id: str | None = None) -> float:
    accounts = set(db.customers[customer_id].account_ids)
    return sum(
        -t.amount
        for t in db.transactions.values()
        if t.channel == "external_transfer"
        and t.date == db.today
        and t.account_id in accounts
        and (payee_id is None or t.payee_id == payee_id)
    )


@RULES.each(7, "send_external_transfer")
def daily_external_limit(step: Step, trace: Trace) -> Iterator[str]:
    payee = step.before.payees[step.arguments["payee_id"]]
    customer = step.before.customers[payee.customer_id]
    total = round(_sent_today(step.before, customer.customer_id) + step.arguments["amount"], 2)
    if total > DAILY_LIMIT[customer.segment]:
        yield f"external transfers of {total} today for a {customer.segment} customer"


@RULES.each(8, "send_external_transfer")
def new_payee_cap(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    payee = db.payees[step.arguments["payee_id"]]
    if payee.added_on > _days_before(db.today, NEW_PAYEE_DAYS):
        total = _sent_today(db, payee.customer_id, payee.payee_id) + step.arguments["amount"]
        if total > NEW_PAYEE_CAP:
            yield f"{total} to {payee.payee_id}, added {payee.added_on}"


@RULES.trace(9)
def no_split_transfers(trace: Trace) -> list[str]:
    """One transfer per destination: a second one would split an amount around a limit."""
    seen, violations = set(), []
    for step in trace.steps:
        if step.name in MONEY_MOVEMENT:
            destination = step.arguments.get("payee_id") or step.arguments.get("to_account_id")
            if destination in seen:
                violations.append(f"a second {step.name} to {destination}")
            seen.add(destination)
    return violations


@RULES.trace(10)
def scams_go_to_fraud(trace: Trace) -> list[str]:
    if trace.calls("transfer_to_human_agents"):
        return [
            f"{step.name} in a conversation handed to a human agent"
            for step in trace.writes
            if step.name in MONEY_MOVEMENT
        ]
    return []


@RULES.each(11, *MONEY_MOVEMENT)
def holds_stay(step: Step, trace: Trace) -> Iterator[str]:
    """No money moved out of an account beyond what its holds leave available."""
    source = step.before.accounts[step.arguments["from_account_id"]]
    if source.holds and step.arguments["amount"] > source.available_balance:
        yield f"{step.name} of held funds from {source.account_id}"


@RULES.each(12, "open_dispute")
def dispute_window(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    for transaction_id in step.arguments["transaction_ids"]:
        entry = db.transactions[transaction_id]
        if entry.statement_date and _days_before(db.today, DISPUTE_DAYS) > entry.statement_date:
            yield f"dispute of {transaction_id}, first on the statement of {entry.statement_date}"
        same = (entry.account_id, entry.date, entry.description, entry.amount)
        number = int(transaction_id[1:])
        later = [
            t
            for t in db.transactions.values()
            if (t.account_id, t.date, t.description, t.amount) == same and int(t.transaction_id[1:]) > number
        ]
        if step.arguments["reason"] == "duplicate" and later:
            yield f"duplicate dispute of the earlier posting {transaction_id}"


@RULES.each(13, "open_dispute")
def card_stopped_before_dispute(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["reason"] != "unauthorized":
        return
    db = step.before
    for transaction_id in step.arguments["transaction_ids"]:
        card_id = db.transactions[transaction_id].card_id
        if card_id and db.cards[card_id].status == "active":
            yield f"unauthorized dispute of {transaction_id} while card {card_id} is active"


@RULES.each(14, "issue_provisional_credit")
def provisional_credit_when_due(step: Step, trace: Trace) -> Iterator[str]:
    dispute = step.before.disputes[step.arguments["dispute_id"]]
    if dispute.provisional_credit_due_on > step.before.today:
        yield f"provisional credit on {dispute.dispute_id} before {dispute.provisional_credit_due_on}"


@RULES.each(15, "replace_card")
def liability_told(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["reason"] not in ("lost", "stolen"):
        return
    elapsed = business_days_between(step.arguments["noticed_on"], step.before.today, step.before.holidays)
    late = elapsed > LIABILITY_BUSINESS_DAYS
    if said(trace, LATE_LIABILITY) != late or not (said(trace, PROMPT_LIABILITY) or said(trace, LATE_LIABILITY)):
        yield f"liability for {step.arguments['card_id']} not told as {'500' if late else '50'}"


@RULES.each(16, "replace_card")
def expedited_for_premier(step: Step, trace: Trace) -> Iterator[str]:
    card = step.before.cards[step.arguments["card_id"]]
    if step.arguments["ship_speed"] == "expedited" and step.before.customers[card.cardholder_id].segment != "premier":
        yield f"expedited shipping of {card.card_id} for a standard customer"


@RULES.trace(17)
def stop_payments(trace: Trace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        if step.name != "place_stop_payment":
            continue
        stop = next(s for key, s in step.after.stop_payments.items() if key not in step.before.stop_payments)
        if not said(trace, stop.expires_on):
            violations.append(f"expiry {stop.expires_on} of {stop.stop_id} not told")
        callers = _owners(step.before, stop.account_id) & _identified(trace, step)
        premier = any(step.before.customers[owner].segment == "premier" for owner in callers)
        waived = any(
            later.name == "waive_fee" and later.arguments["transaction_id"] == stop.fee_transaction_id
            for later in trace.steps[index + 1 :]
        )
        if premier != waived:
            done = "not waived for a premier" if premier else "waived for a standard"
            violations.append(f"stop-payment fee {stop.fee_transaction_id} {done} customer")
    for step in trace.calls("waive_fee"):
        if step.arguments["reason"] == "premier_benefit":
            fee = step.before.transactions[step.arguments["transaction_id"]]
            customer = step.before.customers[step.arguments["customer_id"]]
            if not fee.description.startswith("Stop payment fee") or customer.segment != "premier":
                violations.append(f"premier_benefit waiver of {fee.transaction_id}")
    return violations


def _overdraft_item(db: BankDB, fee_id: str) -> float | None:
    fee = db.transactions[fee_id]
    return -db.transactions[fee.fee_for].amount if fee.fee_for else None


@RULES.each(18, "waive_fee")
def small_items_free(step: Step, trace: Trace) -> Iterator[str]:
    item = _overdraft_item(step.before, step.arguments["transaction_id"])
    small = item is not None and item <= SMALL_ITEM
    if small != (step.arguments["reason"] == "bank_error"):
        yield f"waive_fee of {step.arguments['transaction_id']} with reason {step.arguments['reason']}"


@RULES.each(19, "waive_fee")
def courtesy_waivers(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["reason"] != "courtesy":
        return
    db = step.before
    customer, fee = db.customers[step.arguments["customer_id"]], db.transactions[step.arguments["transaction_id"]]
    used = sum(day > _days_before(db.today, 365) for day in customer.courtesy_waivers)
    if used >= COURTESY_WAIVERS[customer.segment]:
        yield f"courtesy waiver {used + 1} in 12 months for a {customer.segment} customer"
    if fee.date < _days_before(db.today, COURTESY_FEE_DAYS) or fee.fee_for is None:
        yield f"courtesy waiver of {fee.transaction_id}, not an overdraft fee of the last 60 days"


@RULES.each(20, "set_alert")
def alert_ranges(step: Step, trace: Trace) -> Iterator[str]:
    low, high = ALERT_RANGES[step.arguments["alert_type"]]
    if not low <= step.arguments["threshold"] <= high:
        yield f"{step.arguments['alert_type']} alert at {step.arguments['threshold']}"


@RULES.trace(22)
def frozen_and_hand_off(trace: Trace) -> list[str]:
    violations = hand_offs(trace)
    for step in trace.writes:
        if step.requestor == "assistant":
            for account_id in _accounts_of(step):
                if step.before.accounts[account_id].status != "open":
                    violations.append(f"{step.name} on {step.before.accounts[account_id].status} account {account_id}")
    return violations

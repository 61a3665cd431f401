"""The client desk manual's numbered rules as checks over a task's gold trace (see
gold_trace.py). The caller is read from the task's instructions: "You are <name>" and their
user id ("user id U2002")."""

import re
from datetime import date
from typing import Iterator, Optional

from taubench.domains.accounting.models import AccountingDB, Bill, ClientUser
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said

Trace = GoldTrace[AccountingDB]
Step = GoldStep[AccountingDB]

LIMITS = {"staff": 5000.0, "controller": 25000.0, "owner": float("inf")}
STAFF_FEE_LIMIT = 100.0
FORM_1099_DUE = "2026-01-31"
TOLERANCE_RATE, TOLERANCE_CAP = 0.02, 50.0
BUDGET_SHARE = 0.10
OWNED = (
    ("bills", "bill_id"),
    ("vendors", "vendor_id"),
    ("bank_lines", "bank_line_id"),
    ("journal_entries", "entry_id"),
    ("customers", "customer_id"),
    ("purchase_orders", "po_id"),
)
CHANGED_TABLES = ("bills", "vendors", "bank_lines", "journal_entries", "customers", "purchase_orders")

ADVICE_WORDS = ("deduct", "penalt", "retained earnings", "prior-year", "last year's profit")
RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def _today(db: AccountingDB) -> str:
    return db.now[:10]


def _instructions(trace: Trace) -> str:
    instructions = trace.task.user_scenario.instructions
    return (
        instructions
        if isinstance(instructions, str)
        else " ".join(str(v) for v in instructions.model_dump().values() if v)
    )


def _caller_id(trace: Trace) -> Optional[str]:
    found = re.search(r"user id (U\d+)", _instructions(trace))
    return found.group(1) if found else None


def _client_of(step: Step) -> Optional[str]:
    if "client_code" in step.arguments:
        return step.arguments["client_code"]
    for table, argument in OWNED:
        record = getattr(step.before, table).get(step.arguments.get(argument))
        if record is not None:
            return record.client_code
    return None


def _caller(trace: Trace, step: Step) -> Optional[ClientUser]:
    """The caller as a user of the client the step acts for (None: not one of its users)."""
    client = step.before.clients.get(_client_of(step) or "")
    caller_id = _caller_id(trace)
    if client is None or caller_id is None:
        return None
    return next((user for user in client.users if user.user_id == caller_id), None)


def _bill(step: Step) -> Bill:
    return step.before.bills[step.arguments["bill_id"]]


def _fee_line(step: Step) -> bool:
    """Whether a journal entry books a bank fee: its memo is an unmatched bank line's description."""
    return any(
        line.client_code == step.arguments["client_code"]
        and line.matched_entry is None
        and line.description == step.arguments["memo"]
        and line.date == step.arguments["entry_date"]
        for line in step.before.bank_lines.values()
    )


def _entry_total(step: Step) -> float:
    return round(sum(line.get("debit", 0.0) for line in step.arguments["lines"]), 2)


@RULES.trace(1)
def caller_identified_first(trace: Trace) -> list[str]:
    def identifies(step: Step) -> list[str]:
        return [step.arguments["client_code"]] if step.name == "get_client" else []

    def concerns(step: Step) -> list[str]:
        client = _client_of(step) if step.name not in ("calculate", "transfer_to_human_agents") else None
        return [client] if client and step.name != "get_client" else []

    violations = identified_first(trace, identifies, concerns, who="the client")
    for step in trace.writes:
        if step.name != "transfer_to_human_agents" and _caller(trace, step) is None:
            violations.append(f"{step.name} for {_client_of(step)} by {_caller_id(trace)}, not one of its users")
    return violations


@RULES.each(2, "approve_bill", "schedule_payment", done=True)
def approval_limits(step: Step, trace: Trace) -> Iterator[str]:
    bill, caller = _bill(step), _caller(trace, step)
    if caller is None:
        return
    if bill.amount > LIMITS[caller.role]:
        yield f"{step.name} of {bill.bill_id} ({bill.amount:.2f}) by {caller.role} {caller.user_id}"
    if step.name == "approve_bill" and step.arguments["approver_id"] != caller.user_id:
        yield f"approve_bill of {bill.bill_id} in the name of {step.arguments['approver_id']}, not the caller"


@RULES.each(3, "post_journal_entry", "void_bill", "update_budget", done=True)
def roles_for_the_books(step: Step, trace: Trace) -> Iterator[str]:
    caller = _caller(trace, step)
    if caller is None:
        return
    by = step.arguments.get("posted_by") or step.arguments.get("voided_by") or step.arguments.get("changed_by")
    if by != caller.user_id:
        yield f"{step.name} recorded as by {by}, not the caller {caller.user_id}"
    staff_fee = step.name == "post_journal_entry" and _fee_line(step)
    if caller.role == "staff" and not staff_fee:
        yield f"{step.name} by staff {caller.user_id}"


@RULES.each(4, "record_bill", "record_w9", "approve_bill", "schedule_payment", "void_bill", done=True)
def the_right_vendor(step: Step, trace: Trace) -> Iterator[str]:
    vendor_id = step.arguments.get("vendor_id") or _bill(step).vendor_id
    vendor = step.before.vendors[vendor_id]
    namesakes = [
        v for v in step.before.vendors.values() if v.client_code == vendor.client_code and v.name == vendor.name
    ]
    if len(namesakes) > 1 and vendor.city not in _instructions(trace):
        yield f"{step.name} for {vendor_id}, one of {len(namesakes)} vendors named {vendor.name}, without its city"


@RULES.each(5, "record_bill", "void_bill", done=True)
def no_duplicates(step: Step, trace: Trace) -> Iterator[str]:
    if step.name == "void_bill":
        bill = _bill(step)
        if step.arguments["reason"] != "duplicate":
            return
        earlier = [
            other
            for other in step.before.bills.values()
            if other.vendor_id == bill.vendor_id
            and other.number == bill.number
            and other.status != "void"
            and (other.entered_on, other.bill_id) < (bill.entered_on, bill.bill_id)
        ]
        if not earlier:
            yield f"void of {bill.bill_id} as a duplicate, but it is the first entered"
        return
    new_date = date.fromisoformat(step.arguments["bill_date"])
    for other in step.before.bills.values():
        if other.vendor_id != step.arguments["vendor_id"] or other.status == "void":
            continue
        close = abs((date.fromisoformat(other.date) - new_date).days) <= 7
        if other.number == step.arguments["number"].strip() or (other.amount == step.arguments["amount"] and close):
            yield f"record_bill duplicates {other.bill_id}"


@RULES.each(6, "record_bill", done=True)
def three_way_match(step: Step, trace: Trace) -> Iterator[str]:
    po_id = step.arguments.get("po_id")
    if po_id is None:
        return
    order = step.before.purchase_orders[po_id]
    received = round(sum(r.amount for r in step.before.receipts.values() if r.po_id == po_id), 2)
    tolerance = min(TOLERANCE_RATE * order.amount, TOLERANCE_CAP)
    amount = step.arguments["amount"]
    off_po, off_receipts = round(abs(amount - order.amount), 2), round(abs(amount - received), 2)
    if off_po > tolerance:
        wanted, difference = "differs_from_po", off_po
    elif off_receipts > tolerance:
        wanted, difference = "differs_from_receipts", off_receipts
    else:
        wanted, difference = None, 0.0
    if step.arguments.get("hold_reason") != wanted:
        yield f"record_bill on {po_id} with hold {step.arguments.get('hold_reason')}, where it is {wanted}"
    if wanted and not said(trace, difference):
        yield f"the difference {difference:.2f} of a held bill is not in communicate_info"


@RULES.each(7, "record_bill", "post_journal_entry", done=True)
def lock_date(step: Step, trace: Trace) -> Iterator[str]:
    client = step.before.clients[step.arguments["client_code"]]
    day = step.arguments.get("bill_date") or step.arguments["entry_date"]
    first_open = date.fromisoformat(client.lock_date).toordinal() + 1
    moved = step.arguments.get("memo", "").startswith("Adjustment for ")
    if moved and date.fromisoformat(day).toordinal() != first_open:
        yield f"{step.name} of a locked-period item dated {day}, not the first open day"
    if moved and step.arguments["memo"][15:] > client.lock_date[:7]:
        yield f"{step.name} labelled {step.arguments['memo']!r}, a month that is not locked"
    if date.fromisoformat(day).toordinal() == first_open and (moved or step.name == "record_bill"):
        if not said(trace, day):
            yield f"the date {day} used for a locked-period item is not in communicate_info"


@RULES.each(8, "schedule_payment", done=True)
def pay_date_and_method(step: Step, trace: Trace) -> Iterator[str]:
    bill, text = _bill(step), _instructions(trace)
    method, pay_date = step.arguments["method"], step.arguments["pay_date"]
    if method != "ach" and method not in text.lower():
        yield f"payment of {bill.bill_id} by {method}, which the caller did not ask for"
    today = _today(step.before)
    if bill.discount_until is not None and bill.discount_until > today:
        return  # rule 9 governs the day
    tomorrow = date.fromordinal(date.fromisoformat(today).toordinal() + 1).isoformat()
    wanted = bill.due_date if bill.due_date > today else tomorrow
    if pay_date != wanted and pay_date not in text:
        yield f"payment of {bill.bill_id} on {pay_date}, not {wanted}"


@RULES.each(9, "schedule_payment", done=True)
def early_payment_discounts(step: Step, trace: Trace) -> Iterator[str]:
    bill = _bill(step)
    if bill.discount_until is None or bill.discount_until <= _today(step.before):
        return
    if not step.arguments.get("take_discount"):
        yield f"payment of {bill.bill_id} without its open discount"
        return
    if step.arguments["pay_date"] != bill.discount_until and step.arguments["pay_date"] not in _instructions(trace):
        yield f"payment of {bill.bill_id} on {step.arguments['pay_date']}, not the discount's last day"
    payment = step.after.bills[bill.bill_id].payment
    assert payment is not None  # a scheduled bill has its payment
    for figure in (payment.discount, payment.net_amount):
        if not said(trace, figure):
            yield f"{figure:.2f} of the discounted payment of {bill.bill_id} is not in communicate_info"


@RULES.each(10, "schedule_payment", done=True)
def w9_before_payment(step: Step, trace: Trace) -> Iterator[str]:
    vendor = step.before.vendors[_bill(step).vendor_id]
    if not vendor.w9_on_file:
        yield f"payment to {vendor.vendor_id}, which has no W-9 on file"


@RULES.each(11, "schedule_payment", done=True)
def backup_withholding(step: Step, trace: Trace) -> Iterator[str]:
    bill = _bill(step)
    vendor = step.before.vendors[bill.vendor_id]
    blank = vendor.w9_on_file and vendor.tin_last4 is None
    if blank != bool(step.arguments.get("backup_withholding")):
        yield f"payment of {bill.bill_id}: backup withholding {'missing' if blank else 'without cause'}"
    payment = step.after.bills[bill.bill_id].payment
    assert payment is not None  # a scheduled bill has its payment
    if blank and not (said(trace, payment.backup_withholding) and said(trace, payment.net_amount)):
        yield f"the withholding or net payment of {bill.bill_id} is not in communicate_info"


@RULES.each(12, "schedule_payment", done=True)
def form_1099(step: Step, trace: Trace) -> Iterator[str]:
    bill = _bill(step)
    vendor = step.before.vendors[bill.vendor_id]
    if not vendor.eligible_1099 or step.arguments["pay_date"][:4] != "2025":
        return
    scheduled = sum(
        other.amount
        for other in step.after.bills.values()
        if other.vendor_id == vendor.vendor_id
        and other.status == "scheduled"
        and other.payment is not None
        and other.payment.pay_date[:4] == "2025"
    )
    if vendor.paid_this_year + scheduled >= 600 and not said(trace, FORM_1099_DUE):
        yield f"payments to {vendor.vendor_id} reach 600.00 but the 1099-NEC due date is not in communicate_info"


@RULES.each(13, "match_bank_line", "post_journal_entry", done=True)
def bank_matching(step: Step, trace: Trace) -> Iterator[str]:
    if step.name == "post_journal_entry":
        caller = _caller(trace, step)
        if _fee_line(step) and caller is not None and caller.role == "staff" and _entry_total(step) > STAFF_FEE_LIMIT:
            yield f"a bank fee of {_entry_total(step):.2f} booked by staff"
        if _fee_line(step) and sorted((x["account"], x.get("debit", 0.0) > 0) for x in step.arguments["lines"]) != [
            ("1010", False),
            ("6100", True),
        ]:
            yield "a bank fee not booked as a debit to 6100 and a credit to 1010"
        return
    line = step.before.bank_lines[step.arguments["bank_line_id"]]
    entry = step.after.journal_entries[step.arguments["entry_id"]]
    apart = abs((date.fromisoformat(line.date) - date.fromisoformat(entry.date)).days)
    if apart > 3:
        yield f"match of {line.bank_line_id} to {entry.entry_id}, {apart} days apart"


@RULES.each(14, "post_journal_entry", done=True)
def no_retained_earnings(step: Step, trace: Trace) -> Iterator[str]:
    if any(line["account"] == "3200" for line in step.arguments["lines"]):
        yield "a journal entry posted to 3200 Retained Earnings"


@RULES.each(15, "update_budget", done=True)
def budget_changes(step: Step, trace: Trace) -> Iterator[str]:
    key = f"{step.arguments['client_code']}-{step.arguments['year']}-{step.arguments['account']}"
    old, new = step.before.budgets[key].amount, step.arguments["amount"]
    caller = _caller(trace, step)
    if caller is not None and abs(new - old) > BUDGET_SHARE * old + 1e-9 and caller.role != "owner":
        yield f"budget {key} moved from {old:.2f} to {new:.2f} by {caller.role} {caller.user_id}"


@RULES.each(16, "create_invoice", done=True)
def credit_limits(step: Step, trace: Trace) -> Iterator[str]:
    customer = step.after.customers[step.arguments["customer_id"]]
    if customer.open_balance > customer.credit_limit + 1e-9:
        yield f"invoice takes {customer.customer_id} to {customer.open_balance:.2f}, over its limit"


@RULES.trace(17)
def tax_advice_hand_offs(trace: Trace) -> list[str]:
    """A transfer ends the agent's part; a question of tax treatment or a prior-year correction gets one."""
    violations = hand_offs(trace)
    asked = _instructions(trace).lower()
    if any(word in asked for word in ADVICE_WORDS) and not trace.calls("transfer_to_human_agents"):
        violations.append("a tax-treatment question or prior-year correction without a transfer to an accountant")
    return violations


@RULES.trace(18)
def read_back_first(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, CHANGED_TABLES))

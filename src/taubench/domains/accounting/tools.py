"""The accounting domain's tools: the client desk's screens over each client's books. They
check what the bookkeeping system checks (existence, whose records they are, status, the
lock date, debits equal to credits, amounts that agree, discount windows); who may do what,
the approval limits, duplicates, the three-way match, withholding and when to refuse or hand
off are the policy's, so the agent's job."""

import re
from datetime import date, timedelta
from typing import Annotated, Any, Literal, Optional, TypeVar

from pydantic import BaseModel, ValidationError

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.accounting.models import (
    AccountingDB,
    BankLine,
    Bill,
    BudgetLine,
    BudgetReport,
    BudgetRow,
    Client,
    Customer,
    EntryLine,
    Invoice,
    InvoiceLine,
    JournalEntry,
    Payment,
    PurchaseOrderView,
    Terms,
    TrialBalance,
    TrialBalanceRow,
    Vendor,
)
from taubench.domains.kit import RecordDesk, a_date, an_amount
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

Line = TypeVar("Line", bound=BaseModel)
BACKUP_WITHHOLDING_RATE = 0.24
NET_DAYS = {"due on receipt": 0, "net 15": 15, "net 30": 30, "net 45": 45, "2/10 net 30": 30, "1/10 net 30": 30}
DISCOUNT = {"2/10 net 30": (0.02, 10), "1/10 net 30": (0.01, 10)}  # terms -> (rate, days)
HoldReason = Literal["differs_from_po", "differs_from_receipts"]
VoidReason = Literal["duplicate", "entered_in_error", "vendor_cancelled"]


def _plus(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def _cents(value: float) -> float:
    """Rounded half-up to cents (not to the even cent, as round() does)."""
    return float(int(abs(value) * 100 + 0.5 + 1e-9)) / 100 * (1 if value >= 0 else -1)


def _parsed(model: type[Line], items: Any, what: str) -> list[Line]:
    """The call's list of lines, each read as the model (the toolkit passes arguments as given)."""
    if not isinstance(items, list):
        raise ValueError(f"The {what} must be a list")
    parsed = []
    for item in items:
        try:
            parsed.append(model.model_validate(item))
        except ValidationError:
            raise ValueError(f"Each of the {what} must be written as in the example") from None
    return parsed


def month_end(period: str) -> str:
    """The last day of a period written YYYY-MM."""
    year, month = int(period[:4]), int(period[5:7])
    following = date(year + month // 12, month % 12 + 1, 1)
    return (following - timedelta(days=1)).isoformat()


class AccountingTools(RecordDesk):
    db: AccountingDB

    def _today(self) -> str:
        return self.db.now[:10]

    def _client(self, client_code: str) -> Client:
        return self._get("clients", client_code)

    def _user_of(self, client: Client, user_id: str) -> None:
        if not any(user.user_id == user_id for user in client.users):
            raise ValueError(f"User {user_id} is not a user of client {client.client_code}")

    def _open_day(self, client: Client, day: str, what: str) -> str:
        a_date(day, what)
        if day <= client.lock_date:
            raise ValueError(f"{what} {day} is in a locked period: the books are closed through {client.lock_date}")
        if day > self._today():
            raise ValueError(f"{what} {day} is after today")
        return day

    def _entry_cash(self, entry: JournalEntry, account: str) -> float:
        return _cents(sum(line.debit - line.credit for line in entry.lines if line.account == account))

    @tool("read")
    def get_client(self, client_code: str) -> Client:
        """A client's record: name, entity type, fiscal year end, the lock date (books closed
        through it), the people who may call for the client with their user ids and roles, its
        bank accounts and its tax calendar.

        Args:
            client_code: The client's code, e.g. "CL1001".
        """
        return self._client(client_code)

    @tool("read")
    def search_vendors(self, client_code: str, name: str) -> list[Vendor]:
        """A client's vendors whose name contains the given text (any case), in id order, with
        their city, terms, W-9 and TIN status, 1099 eligibility and what they were paid this year.

        Args:
            client_code: The client's code.
            name: Part of the vendor's name, e.g. "acme".
        """
        self._client(client_code)
        wanted = name.strip().lower()
        if not wanted:
            raise ValueError("Give part of the vendor's name")
        return [v for v in self._of("vendors", "client_code", client_code) if wanted in v.name.lower()]

    @tool("read")
    def search_customers(self, client_code: str, name: str) -> list[Customer]:
        """A client's customers whose name contains the given text (any case), in id order, with
        their invoicing terms, credit limit and open balance.

        Args:
            client_code: The client's code.
            name: Part of the customer's name.
        """
        self._client(client_code)
        wanted = name.strip().lower()
        if not wanted:
            raise ValueError("Give part of the customer's name")
        return [c for c in self._of("customers", "client_code", client_code) if wanted in c.name.lower()]

    @tool("read")
    def list_vendor_bills(self, vendor_id: str) -> list[Bill]:
        """Every bill recorded from a vendor, any status, oldest bill date first.

        Args:
            vendor_id: The vendor's id, e.g. "V30001".
        """
        self._get("vendors", vendor_id)
        return sorted(self._of("bills", "vendor_id", vendor_id), key=lambda bill: (bill.date, bill.bill_id))

    @tool("read")
    def get_bill(self, bill_id: str) -> Bill:
        """A bill: vendor, number, dates, amount, terms, due date and discount date, purchase
        order, status, approval and scheduled payment.

        Args:
            bill_id: The bill's id, e.g. "B50001".
        """
        return self._get("bills", bill_id)

    @tool("read")
    def get_purchase_order(self, po_id: str) -> PurchaseOrderView:
        """A purchase order with the receipts recorded against it (what was delivered) and their total.

        Args:
            po_id: The purchase order's id, e.g. "PO7001".
        """
        order = self._get("purchase_orders", po_id)
        receipts = sorted(
            (receipt for receipt in self.db.receipts.values() if receipt.po_id == po_id),
            key=lambda receipt: (receipt.date, receipt.receipt_id),
        )
        total = _cents(sum(receipt.amount for receipt in receipts))
        return PurchaseOrderView(**order.model_dump(), receipts=receipts, received_total=total)

    @tool("read")
    def list_bank_lines(
        self, client_code: str, date_from: str, date_to: str, unmatched_only: bool = False
    ) -> list[BankLine]:
        """A client's bank statement lines between two dates (both included), by date.
        Money in is positive, money out negative.

        Args:
            client_code: The client's code.
            date_from: First day, YYYY-MM-DD.
            date_to: Last day, YYYY-MM-DD.
            unmatched_only: true for only the lines not yet matched to a ledger entry.
        """
        self._client(client_code)
        a_date(date_from, "Start date")
        a_date(date_to, "End date")
        lines = [
            line
            for line in self._of("bank_lines", "client_code", client_code)
            if date_from <= line.date <= date_to and not (unmatched_only and line.matched_entry)
        ]
        return sorted(lines, key=lambda line: (line.date, line.bank_line_id))

    @tool("read")
    def list_journal_entries(self, client_code: str, date_from: str, date_to: str) -> list[JournalEntry]:
        """A client's journal entries between two dates (both included), by date.

        Args:
            client_code: The client's code.
            date_from: First day, YYYY-MM-DD.
            date_to: Last day, YYYY-MM-DD.
        """
        self._client(client_code)
        a_date(date_from, "Start date")
        a_date(date_to, "End date")
        entries = [e for e in self._of("journal_entries", "client_code", client_code) if date_from <= e.date <= date_to]
        return sorted(entries, key=lambda entry: (entry.date, entry.entry_id))

    @tool("read")
    def get_trial_balance(self, client_code: str, period: str) -> TrialBalance:
        """A client's trial balance at the end of a month: each account's balance from every
        journal entry dated on or before the period's last day, in account order.

        Args:
            client_code: The client's code.
            period: The month, YYYY-MM, e.g. "2025-10".
        """
        self._client(client_code)
        if not (isinstance(period, str) and re.fullmatch(r"\d{4}-\d{2}", period)):
            raise ValueError("Period must be a month written YYYY-MM")
        through = month_end(a_date(f"{period}-01", "Period").isoformat()[:7])
        totals: dict[str, float] = {}
        for entry in self._of("journal_entries", "client_code", client_code):
            if entry.date <= through:
                for line in entry.lines:
                    totals[line.account] = totals.get(line.account, 0.0) + line.debit - line.credit
        rows = []
        for account in sorted(totals):
            net = _cents(totals[account])
            if net:
                name = self.db.chart_of_accounts[account].name
                rows.append(TrialBalanceRow(account=account, name=name, debit=max(net, 0.0), credit=max(-net, 0.0)))
        return TrialBalance(
            client_code=client_code,
            through=through,
            rows=rows,
            total_debit=_cents(sum(row.debit for row in rows)),
            total_credit=_cents(sum(row.credit for row in rows)),
        )

    @tool("read")
    def get_budget_vs_actual(self, client_code: str, year: int) -> BudgetReport:
        """A client's budget lines for a year against what was spent (debits less credits of
        the year's journal entries through today), with what remains, in account order.

        Args:
            client_code: The client's code.
            year: The budget year, e.g. 2025.
        """
        self._client(client_code)
        lines = sorted(
            (b for b in self._of("budgets", "client_code", client_code) if b.year == year), key=lambda b: b.account
        )
        if not lines:
            raise ValueError(f"Client {client_code} has no budget for {year}")
        spent: dict[str, float] = {}
        for entry in self._of("journal_entries", "client_code", client_code):
            if entry.date[:4] == str(year):
                for line in entry.lines:
                    spent[line.account] = spent.get(line.account, 0.0) + line.debit - line.credit
        rows = []
        for budget in lines:
            actual = _cents(spent.get(budget.account, 0.0))
            name = self.db.chart_of_accounts[budget.account].name
            rows.append(
                BudgetRow(
                    account=budget.account,
                    name=name,
                    budget=budget.amount,
                    actual=actual,
                    remaining=_cents(budget.amount - actual),
                )
            )
        return BudgetReport(client_code=client_code, year=year, rows=rows)

    @tool("write")
    def record_bill(
        self,
        client_code: str,
        vendor_id: str,
        number: str,
        bill_date: str,
        amount: float,
        po_id: Optional[str] = None,
        hold_reason: Optional[HoldReason] = None,
    ) -> Bill:
        """Record a vendor's bill in the client's payables, on the vendor's terms (due date and
        any discount date follow from the bill date). It is recorded open, awaiting approval,
        or on hold when a hold reason is given.

        Args:
            client_code: The client's code.
            vendor_id: The vendor's id.
            number: The vendor's invoice number as printed on the bill.
            bill_date: The date printed on the bill, YYYY-MM-DD.
            amount: The bill's total in USD.
            po_id: Optional: the purchase order the bill is for.
            hold_reason: Optional, to record the bill on hold: "differs_from_po" (the bill is outside the
                tolerance of the order's amount) or "differs_from_receipts" (of what was received).
        """
        client = self._client(client_code)
        vendor = self._get("vendors", vendor_id)
        if vendor.client_code != client_code:
            raise ValueError(f"Vendor {vendor_id} is not a vendor of client {client_code}")
        if not number.strip():
            raise ValueError("The vendor's invoice number is required")
        self._open_day(client, bill_date, "Bill date")
        total = an_amount(amount, "Amount")
        if total <= 0:
            raise ValueError("Amount must be more than zero")
        if po_id is not None:
            order = self._get("purchase_orders", po_id)
            if order.vendor_id != vendor_id:
                raise ValueError(f"Purchase order {po_id} is with another vendor")
            if order.status != "open":
                raise ValueError(f"Purchase order {po_id} is {order.status}, not open")
        if hold_reason is not None and po_id is None:
            raise ValueError("Only a bill for a purchase order is held for a mismatch")
        discount = DISCOUNT.get(vendor.terms)
        bill = Bill(
            bill_id=f"B{self.db.next_bill_number}",
            client_code=client_code,
            vendor_id=vendor_id,
            number=number.strip(),
            date=bill_date,
            amount=total,
            terms=vendor.terms,
            due_date=_plus(bill_date, NET_DAYS[vendor.terms]),
            discount_until=_plus(bill_date, discount[1]) if discount else None,
            po_id=po_id,
            entered_on=self._today(),
            status="on_hold" if hold_reason else "open",
            hold_reason=hold_reason,
        )
        self.db.next_bill_number += 1
        if po_id is not None:
            self.db.purchase_orders[po_id].status = "billed"
        self.db.bills[bill.bill_id] = bill
        return bill

    @tool("write")
    def approve_bill(self, bill_id: str, approver_id: str) -> Bill:
        """Approve an open bill for payment in the name of one of the client's users.

        Args:
            bill_id: The bill's id.
            approver_id: The user id of the person approving it.
        """
        bill = self._get("bills", bill_id)
        self._user_of(self._client(bill.client_code), approver_id)
        if bill.status != "open":
            raise ValueError(f"Bill {bill_id} is {bill.status}, not open")
        bill.status, bill.approved_by = "approved", approver_id
        return bill

    @tool("write")
    def schedule_payment(
        self,
        bill_id: str,
        pay_date: str,
        method: Literal["ach", "check", "wire"],
        take_discount: bool = False,
        backup_withholding: bool = False,
    ) -> Bill:
        """Schedule the payment of an approved bill. With take_discount the early-payment
        discount of the bill's terms comes off (the pay date must fall on or before the
        discount date); with backup_withholding 24% of what is left is withheld for the IRS.

        Args:
            bill_id: The bill's id.
            pay_date: The day the payment is sent, YYYY-MM-DD, after today.
            method: "ach", "check" or "wire".
            take_discount: true to take the bill's early-payment discount.
            backup_withholding: true to withhold 24% backup withholding.
        """
        bill = self._get("bills", bill_id)
        if bill.status != "approved":
            raise ValueError(f"Bill {bill_id} is {bill.status}, not approved")
        a_date(pay_date, "Pay date")
        if pay_date <= self._today():
            raise ValueError("Pay date must be after today")
        discount = 0.0
        if take_discount:
            if bill.discount_until is None:
                raise ValueError(f"Bill {bill_id} has no early-payment discount ({bill.terms})")
            if pay_date > bill.discount_until:
                raise ValueError(f"The discount ended {bill.discount_until}")
            discount = _cents(bill.amount * DISCOUNT[bill.terms][0])
        withheld = 0.0
        if backup_withholding:
            if self._get("vendors", bill.vendor_id).tin_last4 is not None:
                raise ValueError("The vendor's TIN is on file: no backup withholding applies")
            withheld = _cents((bill.amount - discount) * BACKUP_WITHHOLDING_RATE)
        net = _cents(bill.amount - discount - withheld)
        bill.payment = Payment(
            pay_date=pay_date, method=method, discount=discount, backup_withholding=withheld, net_amount=net
        )
        bill.status = "scheduled"
        return bill

    @tool("write")
    def void_bill(self, bill_id: str, reason: VoidReason, voided_by: str) -> Bill:
        """Void a bill that has not been scheduled or paid; it stays on file as void.

        Args:
            bill_id: The bill's id.
            reason: "duplicate", "entered_in_error" or "vendor_cancelled".
            voided_by: The user id of the person asking for the void.
        """
        bill = self._get("bills", bill_id)
        self._user_of(self._client(bill.client_code), voided_by)
        if bill.status in ("scheduled", "paid", "void"):
            raise ValueError(f"Bill {bill_id} is {bill.status} and cannot be voided")
        bill.status, bill.void_reason = "void", f"{reason} (by {voided_by})"
        if bill.po_id is not None and not any(
            other.po_id == bill.po_id and other.status != "void" and other.bill_id != bill_id
            for other in self.db.bills.values()
        ):
            self.db.purchase_orders[bill.po_id].status = "open"
        return bill

    @tool("write")
    def record_w9(self, vendor_id: str, tin_type: Literal["EIN", "SSN"], tin_last4: Optional[str] = None) -> Vendor:
        """Put a vendor's W-9 on file: the kind of taxpayer id and its last 4 digits, or no
        digits when the form leaves the TIN blank ("applied for").

        Args:
            vendor_id: The vendor's id.
            tin_type: "EIN" or "SSN", as checked on the form.
            tin_last4: The TIN's last 4 digits; leave out when the TIN is blank.
        """
        vendor = self._get("vendors", vendor_id)
        if tin_last4 is not None and not (len(tin_last4) == 4 and tin_last4.isdigit()):
            raise ValueError("The TIN's last 4 must be 4 digits")
        if vendor.w9_on_file and vendor.tin_last4 is not None:
            raise ValueError(f"Vendor {vendor_id} already has a W-9 with a TIN on file")
        vendor.w9_on_file, vendor.tin_type, vendor.tin_last4 = True, tin_type, tin_last4
        return vendor

    @tool("write")
    def match_bank_line(self, bank_line_id: str, entry_id: str) -> BankLine:
        """Match a bank statement line to the journal entry that records it; the entry's effect
        on that bank account must equal the line's amount.

        Args:
            bank_line_id: The bank line's id, e.g. "BL80001".
            entry_id: The journal entry's id, e.g. "JE60001".
        """
        line = self._get("bank_lines", bank_line_id)
        entry = self._get("journal_entries", entry_id)
        if line.matched_entry is not None:
            raise ValueError(f"Bank line {bank_line_id} is already matched to {line.matched_entry}")
        if entry.client_code != line.client_code:
            raise ValueError(f"Entry {entry_id} belongs to another client")
        for other in self.db.bank_lines.values():
            if other.matched_entry == entry_id:
                raise ValueError(f"Entry {entry_id} is already matched to bank line {other.bank_line_id}")
        if self._entry_cash(entry, line.account) != line.amount:
            raise ValueError(f"Entry {entry_id} moves {self._entry_cash(entry, line.account):.2f} in {line.account}")
        line.matched_entry = entry_id
        return line

    @tool("write")
    def post_journal_entry(
        self,
        client_code: str,
        entry_date: str,
        lines: Annotated[list[EntryLine], Unordered()],
        memo: str,
        posted_by: str,
    ) -> JournalEntry:
        """Post a journal entry to a client's books. Each line debits or credits one account of
        the chart; debits must equal credits to the cent; the date must be in the open period.

        Args:
            client_code: The client's code.
            entry_date: The entry's date, YYYY-MM-DD, after the lock date and not after today.
            lines: Two or more lines, each {"account": "6100", "debit": 35.0} or {"account": "1010", "credit": 35.0}.
            memo: What the entry is for.
            posted_by: The user id of the person asking for the entry.
        """
        client = self._client(client_code)
        self._user_of(client, posted_by)
        self._open_day(client, entry_date, "Entry date")
        lines = _parsed(EntryLine, lines, "entry lines")
        if len(lines) < 2:
            raise ValueError("An entry needs at least two lines")
        for line in lines:
            if line.account not in self.db.chart_of_accounts:
                raise ValueError(f"Account {line.account} is not in the chart of accounts")
            debit, credit = an_amount(line.debit, "Debit"), an_amount(line.credit, "Credit")
            if min(debit, credit) < 0 or (debit > 0) == (credit > 0):
                raise ValueError("Each line needs either a debit or a credit, more than zero")
        debits, credits = _cents(sum(line.debit for line in lines)), _cents(sum(line.credit for line in lines))
        if debits != credits:
            raise ValueError(f"Entry does not balance: debits {debits:.2f}, credits {credits:.2f}")
        if not memo.strip():
            raise ValueError("A memo is required")
        entry = JournalEntry(
            entry_id=self._new_id("JE", "next_entry_number"),
            client_code=client_code,
            date=entry_date,
            memo=memo.strip(),
            lines=[EntryLine(account=x.account, debit=_cents(x.debit), credit=_cents(x.credit)) for x in lines],
            posted_by=posted_by,
        )
        self.db.journal_entries[entry.entry_id] = entry
        return entry

    @tool("write")
    def create_invoice(
        self, client_code: str, customer_id: str, lines: Annotated[list[InvoiceLine], Unordered()]
    ) -> Invoice:
        """Issue an invoice from the client to one of its customers, dated today, on the
        customer's terms; its total is added to the customer's open balance.

        Args:
            client_code: The client's code.
            customer_id: The customer's id, e.g. "CU40001".
            lines: One or more lines, each {"description": "...", "quantity": 2, "unit_price": 150.0}.
        """
        self._client(client_code)
        customer = self._get("customers", customer_id)
        if customer.client_code != client_code:
            raise ValueError(f"Customer {customer_id} is not a customer of client {client_code}")
        lines = _parsed(InvoiceLine, lines, "invoice lines")
        if not lines:
            raise ValueError("An invoice needs at least one line")
        for line in lines:
            if not line.description.strip():
                raise ValueError("Each line needs a description")
            if an_amount(line.quantity, "Quantity") <= 0 or an_amount(line.unit_price, "Unit price") <= 0:
                raise ValueError("Quantity and unit price must be more than zero")
        total = _cents(sum(_cents(line.quantity * line.unit_price) for line in lines))
        today = self._today()
        invoice = Invoice(
            invoice_id=self._new_id("IN", "next_invoice_number"),
            client_code=client_code,
            customer_id=customer_id,
            date=today,
            terms=customer.terms,
            due_date=_plus(today, NET_DAYS[customer.terms]),
            lines=lines,
            amount=total,
            status="open",
        )
        customer.open_balance = _cents(customer.open_balance + total)
        self.db.invoices[invoice.invoice_id] = invoice
        return invoice

    @tool("write")
    def update_budget(self, client_code: str, year: int, account: str, amount: float, changed_by: str) -> BudgetLine:
        """Set a client's budget for one account and year to a new amount.

        Args:
            client_code: The client's code.
            year: The budget year, e.g. 2025.
            account: The account, e.g. "6000".
            amount: The new budget amount in USD.
            changed_by: The user id of the person asking for the change.
        """
        client = self._client(client_code)
        self._user_of(client, changed_by)
        self._get("chart_of_accounts", account)
        key = f"{client_code}-{year}-{account}"
        if key not in self.db.budgets:
            raise ValueError(f"Client {client_code} has no {year} budget line for account {account}")
        line = self.db.budgets[key]
        new = an_amount(amount, "Amount")
        if new < 0:
            raise ValueError("A budget cannot be negative")
        line.amount, line.last_changed_by = new, changed_by
        return line

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)


__all__ = ["AccountingTools", "Terms", "month_end"]

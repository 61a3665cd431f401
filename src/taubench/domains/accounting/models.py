"""The accounting domain's database: the books an outsourced bookkeeping firm keeps for its
small-business clients. Clients (with the people who may call for them and their roles, the
bank accounts and the tax calendar), the chart of accounts every client shares, each
client's vendors and customers, purchase orders and the receipts against them, vendor bills
(payables), customer invoices (receivables), bank statement lines, journal entries and the
budget lines of each client-year."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import RefersTo, Unordered

Role = Literal["staff", "controller", "owner"]
Terms = Literal["due on receipt", "net 15", "net 30", "net 45", "2/10 net 30", "1/10 net 30"]
BillStatus = Literal["on_hold", "open", "approved", "scheduled", "paid", "void"]
AccountType = Literal["asset", "liability", "equity", "revenue", "expense"]


class Account(BaseModel):
    """An account of the firm's chart, which every client's books use."""

    account: str  # four digits, e.g. "6100"
    name: str
    type: AccountType


class ClientUser(BaseModel):
    """Someone at the client who may call the desk, and what their role lets them do."""

    user_id: str
    name: str
    role: Role
    email: str


class BankAccount(BaseModel):
    account: str  # the ledger account it is kept in, e.g. "1010"
    bank: str
    last4: str


class TaxDeadline(BaseModel):
    form: str  # e.g. "941 (Q3 2025)"
    due: str  # YYYY-MM-DD
    status: Literal["filed", "open"]


class Client(BaseModel):
    client_code: str
    name: str
    entity_type: Literal["sole_proprietor", "llc", "s_corp", "c_corp", "partnership"]
    city: str
    state: str
    fiscal_year_end: str  # MM-DD
    lock_date: str  # YYYY-MM-DD: the books are closed through this day
    users: Annotated[list[ClientUser], Unordered()]
    bank_accounts: Annotated[list[BankAccount], Unordered()]
    tax_deadlines: Annotated[list[TaxDeadline], Unordered()]


class Vendor(BaseModel):
    vendor_id: str
    client_code: Annotated[str, RefersTo("clients")]
    name: str
    city: str
    state: str
    terms: Terms  # the terms the vendor bills on
    w9_on_file: bool
    tin_type: Optional[Literal["EIN", "SSN"]] = None
    tin_last4: Optional[str] = None  # None with a W-9 on file: the TIN was left blank ("applied for")
    eligible_1099: bool  # pays for services from an unincorporated business: reportable on a 1099-NEC
    paid_this_year: float  # USD paid in calendar 2025 so far


class Customer(BaseModel):
    customer_id: str
    client_code: Annotated[str, RefersTo("clients")]
    name: str
    city: str
    terms: Terms  # the terms the client invoices this customer on
    credit_limit: float
    open_balance: float  # invoiced and not yet paid


class Receipt(BaseModel):
    """Goods or services received against a purchase order."""

    receipt_id: str
    po_id: Annotated[str, RefersTo("purchase_orders")]
    date: str
    amount: float


class PurchaseOrder(BaseModel):
    noun: ClassVar[str] = "Purchase order"

    po_id: str
    client_code: Annotated[str, RefersTo("clients")]
    vendor_id: Annotated[str, RefersTo("vendors")]
    date: str
    description: str
    amount: float
    status: Literal["open", "billed", "closed"]


class PurchaseOrderView(PurchaseOrder):
    """A purchase order as the desk sees it: with its receipts and their total."""

    receipts: list[Receipt]
    received_total: float


class Payment(BaseModel):
    pay_date: str
    method: Literal["ach", "check", "wire"]
    discount: float
    backup_withholding: float
    net_amount: float  # what leaves the bank: amount - discount - withholding


class Bill(BaseModel):
    """A vendor's bill the client owes (accounts payable)."""

    bill_id: str
    client_code: Annotated[str, RefersTo("clients")]
    vendor_id: Annotated[str, RefersTo("vendors")]
    number: str  # the vendor's invoice number
    date: str  # the date printed on the vendor's invoice
    amount: float
    terms: Terms
    due_date: str
    discount_until: Optional[str] = None  # the last day of an early-payment discount
    po_id: Optional[Annotated[str, RefersTo("purchase_orders")]] = None
    entered_on: str  # the day the bill was recorded
    status: BillStatus
    hold_reason: Optional[Literal["differs_from_po", "differs_from_receipts"]] = None
    approved_by: Optional[str] = None  # a user id of the client
    payment: Optional[Payment] = None
    void_reason: Optional[str] = None


class InvoiceLine(BaseModel):
    description: str
    quantity: float
    unit_price: float


class Invoice(BaseModel):
    """An invoice the client sent a customer (accounts receivable)."""

    invoice_id: str
    client_code: Annotated[str, RefersTo("clients")]
    customer_id: Annotated[str, RefersTo("customers")]
    date: str
    terms: Terms
    due_date: str
    lines: Annotated[list[InvoiceLine], Unordered()]
    amount: float
    status: Literal["open", "paid", "void"]


class BankLine(BaseModel):
    """A line of a client's bank statement: money in (positive) or out (negative)."""

    bank_line_id: str
    client_code: Annotated[str, RefersTo("clients")]
    account: str  # the ledger account of the bank account, e.g. "1010"
    date: str
    amount: float
    description: str
    matched_entry: Optional[Annotated[str, RefersTo("journal_entries")]] = None


class EntryLine(BaseModel):
    account: str
    debit: float = 0.0
    credit: float = 0.0


class JournalEntry(BaseModel):
    entry_id: str
    client_code: Annotated[str, RefersTo("clients")]
    date: str
    memo: str
    lines: Annotated[list[EntryLine], Unordered()]
    posted_by: str  # a user id of the client, or "system" for entries the bank feed posted


class BudgetLine(BaseModel):
    budget_id: str  # "<client>-<year>-<account>"
    client_code: Annotated[str, RefersTo("clients")]
    year: int
    account: str
    amount: float
    last_changed_by: Optional[str] = None


class AccountingDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # "YYYY-MM-DD HH:MM": the desk's fixed present; tools never read a clock
    next_bill_number: int
    next_entry_number: int
    next_invoice_number: int
    chart_of_accounts: dict[str, Account]
    clients: dict[str, Client]
    vendors: dict[str, Vendor]
    customers: dict[str, Customer]
    purchase_orders: dict[str, PurchaseOrder]
    receipts: dict[str, Receipt]
    bills: dict[str, Bill]
    invoices: dict[str, Invoice]
    bank_lines: dict[str, BankLine]
    journal_entries: dict[str, JournalEntry]
    budgets: dict[str, BudgetLine]


class TrialBalanceRow(BaseModel):
    account: str
    name: str
    debit: float
    credit: float


class TrialBalance(BaseModel):
    client_code: str
    through: str  # the period's last day
    rows: list[TrialBalanceRow]
    total_debit: float
    total_credit: float


class BudgetRow(BaseModel):
    account: str
    name: str
    budget: float
    actual: float  # expense accounts: debits less credits of the year through today
    remaining: float  # budget - actual


class BudgetReport(BaseModel):
    client_code: str
    year: int
    rows: list[BudgetRow]

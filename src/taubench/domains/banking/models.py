"""The banking domain's database: a retail bank's customers, their accounts, cards, payees
and the ledger, plus the disputes, stop payments and alerts made on them. Money is in USD,
rounded to cents; a negative transaction amount is money leaving the account."""

from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import RefersTo, Unordered

CustomerId = Annotated[str, RefersTo("customers")]
AccountId = Annotated[str, RefersTo("accounts")]


class Customer(BaseModel):
    customer_id: str
    name: str
    birth_date: str  # YYYY-MM-DD
    zip_code: str
    tax_id_last4: str
    phone: str
    segment: Literal["standard", "premier"]
    app_enrolled: bool  # the bank app is enrolled on the customer's phone (security codes)
    verified_by_code: bool  # tier-2 verification passed in this conversation
    courtesy_waivers: Annotated[list[str], Unordered()]  # dates of the courtesy fee waivers granted
    account_ids: Annotated[list[AccountId], Unordered()]  # the accounts the customer owns, alone or jointly
    card_ids: Annotated[list[Annotated[str, RefersTo("cards")]], Unordered()]  # the cards issued in the customer's name


class Release(BaseModel):
    on: str  # the business day the amount becomes available
    amount: float


class Hold(BaseModel):
    transaction_id: Annotated[str, RefersTo("transactions")]  # the check deposit held
    deposited_on: str
    amount: float  # the whole deposit
    releases: Annotated[list[Release], Unordered()]  # what is still held, by the day it becomes available


class Account(BaseModel):
    account_id: str
    type: Literal["checking", "savings", "credit_card"]
    nickname: str
    last4: str
    owner_ids: Annotated[list[CustomerId], Unordered()]
    status: Literal["open", "frozen", "closed"]
    balance: float  # a credit card's is negative: what is owed
    available_balance: float  # a credit card's is the credit still available
    credit_limit: Optional[float]
    holds: Annotated[list[Hold], Unordered()]  # check deposits not yet fully available
    last_statement_date: str


class Transaction(BaseModel):
    transaction_id: str
    account_id: AccountId
    date: str
    description: str
    amount: float
    channel: Literal["card", "ach", "check", "transfer", "external_transfer", "atm", "deposit", "fee", "adjustment"]
    status: Literal["posted", "pending", "waived"]
    statement_date: Optional[str]  # the statement that first showed it; None: not on a statement yet
    card_id: Optional[Annotated[str, RefersTo("cards")]] = None
    check_number: Optional[int] = None
    payee_id: Optional[Annotated[str, RefersTo("payees")]] = None
    fee_for: Optional[Annotated[str, RefersTo("transactions")]] = None  # an overdraft fee's item
    dispute_id: Optional[Annotated[str, RefersTo("disputes")]] = None


class Card(BaseModel):
    card_id: str
    account_id: AccountId
    cardholder_id: CustomerId
    kind: Literal["debit", "credit"]
    last4: str
    status: Literal["active", "locked", "ordered", "closed"]
    expires: str  # YYYY-MM
    arrives_by: Optional[str]  # a replacement being shipped
    closed_reason: Optional[Literal["lost", "stolen", "damaged", "compromised", "expired"]]
    noticed_on: Optional[str]  # when the loss, theft, damage or misuse was noticed
    liability_cap: Optional[float]  # a lost or stolen card's: the most the customer owes for charges before the report
    replacement_card_id: Optional[Annotated[str, RefersTo("cards")]]


class Payee(BaseModel):
    payee_id: str
    customer_id: CustomerId
    name: str
    bank_name: str
    account_last4: str
    added_on: str


class Dispute(BaseModel):
    dispute_id: str
    account_id: AccountId
    transaction_ids: Annotated[list[Annotated[str, RefersTo("transactions")]], Unordered()]
    amount: float
    reason: Literal["unauthorized", "duplicate", "not_received", "wrong_amount"]
    opened_on: str
    provisional_credit_due_on: str  # the 10th business day after opening
    status: Literal["open", "resolved"]
    provisional_credit: float
    provisional_credit_on: Optional[str]


class StopPayment(BaseModel):
    stop_id: str
    account_id: AccountId
    check_number: int
    amount: float
    placed_on: str
    expires_on: str
    fee_transaction_id: Annotated[str, RefersTo("transactions")]


class Alert(BaseModel):
    alert_id: str
    account_id: AccountId
    alert_type: Literal["low_balance", "large_transaction"]
    threshold: float


class AppEnrolment(BaseModel):
    """The secret the bank shares with the app on a customer's phone: both derive the day's
    security code from it. No tool ever shows it."""

    customer_id: CustomerId
    secret: str
    enrolled_on: str


class BankDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str  # the bank's fixed "now"; tools never read a clock
    holidays: Annotated[list[str], Unordered()]  # bank holidays: not business days
    next_transaction_number: int
    next_card_number: int
    next_dispute_number: int
    next_stop_number: int
    next_alert_number: int
    customers: dict[str, Customer]
    accounts: dict[str, Account]
    transactions: dict[str, Transaction]
    cards: dict[str, Card]
    payees: dict[str, Payee]
    disputes: dict[str, Dispute]
    stop_payments: dict[str, StopPayment]
    alerts: dict[str, Alert]
    app_enrolments: dict[str, AppEnrolment]  # by customer id

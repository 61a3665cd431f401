"""The finance domain's database: the books of Tamarind Ridge Advisers, a registered
investment adviser. Clients own taxable and retirement accounts; each account holds cash
and tax lots of securities, and may follow one of the firm's model portfolios. Orders,
cash movements (contributions and withdrawals), price alerts and reports are the records
the desk makes. Money is in USD, rounded to cents; prices are per share."""

from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

ClientId = Annotated[str, RefersTo("clients")]
AccountId = Annotated[str, RefersTo("accounts")]
Symbol = Annotated[str, RefersTo("securities")]
AssetClass = Literal["us_equity", "intl_equity", "bonds", "real_estate", "cash"]
AccountType = Literal["taxable", "traditional_ira", "roth_ira"]


class BankLink(BaseModel):
    bank_id: str
    bank_name: str
    account_last4: str
    added_on: str  # when the client linked it


class Client(BaseModel):
    client_id: str
    name: str
    dob: str
    zip: str
    city: str
    tax_id_last4: str
    phone: str
    kyc_date: str  # when know-your-customer details were last confirmed
    risk_tier: int  # 1 (most conservative) to 5 (most aggressive)
    profile_date: str  # when the risk questionnaire was last taken
    employment: str
    tax_bracket: int  # federal marginal rate, percent
    bank_links: Annotated[list[BankLink], Unordered()]
    account_ids: Annotated[list[AccountId], Unordered()]


class ClientMatch(BaseModel):
    client_id: str
    name: str
    dob: str
    city: str


class Security(BaseModel):
    symbol: str
    name: str
    kind: Literal["stock", "etf", "bond_fund", "money_market"]
    asset_class: AssetClass
    sector: str
    risk_rating: int  # 1 (lowest) to 5 (highest)
    leveraged: bool  # a leveraged or inverse fund
    price: float  # the last trade today


class Close(BaseModel):
    date: str
    close: float


class PriceSeries(BaseModel):
    symbol: Symbol
    closes: Annotated[list[Close], Ordered("oldest trading day first")]


class Target(BaseModel):
    asset_class: AssetClass
    weight_pct: float
    fund: Symbol  # the fund the model holds for this asset class ("TCSH" or cash for cash)


class ModelPortfolio(BaseModel):
    model_id: str
    name: str
    for_tiers: Annotated[list[int], Unordered()]  # the risk tiers the model suits
    targets: Annotated[list[Target], Unordered()]


class Account(BaseModel):
    account_id: str
    client_id: ClientId
    type: AccountType
    title: str  # what the statements call it
    model_id: Optional[Annotated[str, RefersTo("model_portfolios")]]
    cash: float
    opened_on: str
    status: Literal["open", "closed"]


class TaxLot(BaseModel):
    lot_id: str
    account_id: AccountId
    symbol: Symbol
    quantity: int
    cost_per_share: float
    acquired: str


class Order(BaseModel):
    order_id: str
    account_id: AccountId
    symbol: Symbol
    side: Literal["buy", "sell"]
    quantity: int
    order_type: Literal["market", "limit"]
    limit_price: Optional[float]
    placed_on: str
    status: Literal["open", "filled", "cancelled"]
    fill_price: Optional[float]
    realized_gain: Optional[float]  # a filled sale's gain (negative: a loss), first-in first-out lots


class CashMovement(BaseModel):
    movement_id: str
    account_id: AccountId
    kind: Literal["contribution", "withdrawal"]
    amount: float
    tax_year: Optional[int]  # a retirement contribution's tax year
    bank_id: Optional[str]  # the linked bank the money came from or goes to
    date: str
    expected_on: str  # when the money arrives
    status: Literal["pending", "completed"]


class PriceAlert(BaseModel):
    alert_id: str
    client_id: ClientId
    symbol: Symbol
    direction: Literal["above", "below"]
    price: float
    created_on: str
    status: Literal["active", "triggered", "cancelled"]


class Report(BaseModel):
    report_id: str
    account_id: AccountId
    kind: Literal["performance", "holdings", "realized_gains", "fees"]
    period: str  # "2025-05" (a month), "2025-Q1" (a quarter), "2024" (a year) or "2025-YTD"
    requested_on: str
    status: Literal["queued", "delivered"]


class Position(BaseModel):
    symbol: str
    name: str
    asset_class: str
    quantity: int
    price: float
    value: float
    weight_pct: float  # of the account's total value


class Allocation(BaseModel):
    asset_class: str
    value: float
    weight_pct: float
    target_pct: Optional[float]  # the model's, when the account follows one
    drift_pts: Optional[float]  # weight minus target, in percentage points


class AccountView(BaseModel):
    account_id: str
    client_id: str
    type: str
    title: str
    model_id: Optional[str]
    status: str
    opened_on: str
    cash: float
    total_value: float  # cash plus every position at today's price
    positions: list[Position]
    allocation: list[Allocation]


class Performance(BaseModel):
    account_id: str
    start: str  # the trading days whose closes are used
    end: str
    start_value: float  # today's positions valued at the start close
    end_value: float
    gain: float
    return_pct: float


class FinanceDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str  # the desk's fixed "now" (date); tools never read a clock
    market_holidays: Annotated[list[str], Unordered()]
    next_order_number: int
    next_lot_number: int
    next_movement_number: int
    next_alert_number: int
    next_report_number: int
    clients: dict[str, Client]
    accounts: dict[str, Account]
    securities: dict[str, Security]
    price_history: dict[str, PriceSeries]
    model_portfolios: dict[str, ModelPortfolio]
    tax_lots: dict[str, TaxLot]
    orders: dict[str, Order]
    cash_movements: dict[str, CashMovement]
    price_alerts: dict[str, PriceAlert]
    reports: dict[str, Report]

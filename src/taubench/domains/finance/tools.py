"""The finance desk's screens: client look-up, accounts valued at today's prices, tax lots,
securities and their closes, model portfolios, orders, and the writes the desk makes
(orders, cancellations, rebalancing, the risk questionnaire, KYC renewal, reports, price
alerts, retirement contributions, withdrawals). The tools check what the custodian's system
checks (existence, status, cash, shares held, whole shares, an alert not already met);
suitability, concentration, limits, windows and hand-offs are the policy's, the agent's job."""

from datetime import date, timedelta
from typing import Annotated, Literal, Optional

from taubench.core.markers import Ordered
from taubench.core.toolkit import tool
from taubench.domains.finance.models import (
    Account,
    AccountView,
    Allocation,
    CashMovement,
    Client,
    ClientMatch,
    Close,
    FinanceDB,
    ModelPortfolio,
    Order,
    Performance,
    Position,
    PriceAlert,
    Report,
    Security,
    TaxLot,
)
from taubench.domains.kit import RecordDesk, a_date, an_amount
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

CLASSES = ("us_equity", "intl_equity", "bonds", "real_estate", "cash")
TIER_BANDS = ((8, 1), (12, 2), (16, 3), (20, 4), (25, 5))  # questionnaire score up to -> tier
SETTLEMENT_DAYS = 2


def cents(value: float) -> float:
    return round(value + 0.0, 2)


def half_up(value: float, places: int = 2) -> float:
    """Rounded half away from zero at ``places`` decimals (floats nudged so 0.125 -> 0.13)."""
    scale = 10**places
    magnitude = int(abs(value) * scale + 0.5 + 1e-9) / scale
    return magnitude if value >= 0 else -magnitude


def tier_of(answers: list[int]) -> int:
    score = sum(answers)
    return next(tier for top, tier in TIER_BANDS if score <= top)


def business_days_after(start: str, days: int, holidays: list[str]) -> str:
    day = date.fromisoformat(start)
    while days:
        day += timedelta(days=1)
        if day.weekday() < 5 and day.isoformat() not in holidays:
            days -= 1
    return day.isoformat()


def valued(db: FinanceDB, account: Account) -> AccountView:
    """The account at today's prices: positions from its tax lots, allocation by asset class."""
    held: dict[str, int] = {}
    for lot in db.tax_lots.values():
        if lot.account_id == account.account_id:
            held[lot.symbol] = held.get(lot.symbol, 0) + lot.quantity
    values = {symbol: cents(quantity * db.securities[symbol].price) for symbol, quantity in held.items()}
    total = cents(account.cash + sum(values.values()))
    share = (lambda value: half_up(100 * value / total)) if total else (lambda value: 0.0)
    positions = [
        Position(
            symbol=symbol,
            name=db.securities[symbol].name,
            asset_class=db.securities[symbol].asset_class,
            quantity=held[symbol],
            price=db.securities[symbol].price,
            value=values[symbol],
            weight_pct=share(values[symbol]),
        )
        for symbol in sorted(held)
    ]
    by_class = {name: 0.0 for name in CLASSES}
    by_class["cash"] += account.cash
    for symbol, value in values.items():
        by_class[db.securities[symbol].asset_class] += value
    model = db.model_portfolios[account.model_id] if account.model_id else None
    targets: dict[str, float] = {target.asset_class: target.weight_pct for target in model.targets} if model else {}
    allocation = []
    for name in CLASSES:
        weight = share(cents(by_class[name]))
        if not by_class[name] and name not in targets:
            continue
        target = targets.get(name, 0.0) if model else None
        allocation.append(
            Allocation(
                asset_class=name,
                value=cents(by_class[name]),
                weight_pct=weight,
                target_pct=target,
                drift_pts=half_up(weight - target) if target is not None else None,
            )
        )
    return AccountView(
        account_id=account.account_id,
        client_id=account.client_id,
        type=account.type,
        title=account.title,
        model_id=account.model_id,
        status=account.status,
        opened_on=account.opened_on,
        cash=account.cash,
        total_value=total,
        positions=positions,
        allocation=allocation,
    )


class FinanceTools(RecordDesk):
    db: FinanceDB

    def _open_account(self, account_id: str) -> Account:
        account = self._get("accounts", account_id)
        if account.status != "open":
            raise ValueError(f"Account {account_id} is closed")
        return account

    def _held(self, account_id: str, symbol: str) -> int:
        return sum(lot.quantity for lot in self._of("tax_lots", "account_id", account_id) if lot.symbol == symbol)

    def _committed_cash(self, account_id: str) -> float:
        """Cash set aside for the account's open buy orders (at their limit price)."""
        return cents(
            sum(
                order.quantity * (order.limit_price or 0.0)
                for order in self._of("orders", "account_id", account_id)
                if order.status == "open" and order.side == "buy"
            )
        )

    def _shares_on_order(self, account_id: str, symbol: str) -> int:
        return sum(
            order.quantity
            for order in self._of("orders", "account_id", account_id)
            if order.status == "open" and order.side == "sell" and order.symbol == symbol
        )

    def _buy(self, account: Account, security: Security, quantity: int, price: float) -> None:
        account.cash = cents(account.cash - quantity * price)
        lot_id = self._new_id("L", "next_lot_number")
        self.db.tax_lots[lot_id] = TaxLot(
            lot_id=lot_id,
            account_id=account.account_id,
            symbol=security.symbol,
            quantity=quantity,
            cost_per_share=price,
            acquired=self.db.today,
        )

    def _sell(self, account: Account, security: Security, quantity: int, price: float) -> float:
        """Sell from the oldest lots first; the realized gain."""
        lots = sorted(
            (lot for lot in self._of("tax_lots", "account_id", account.account_id) if lot.symbol == security.symbol),
            key=lambda lot: (lot.acquired, lot.lot_id),
        )
        gain, left = 0.0, quantity
        for shared in lots:
            if not left:
                break
            taken = min(left, shared.quantity)
            gain += taken * (price - shared.cost_per_share)
            left -= taken
            if taken == shared.quantity:
                del self.db.tax_lots[shared.lot_id]
            else:
                self.db.tax_lots[shared.lot_id].quantity -= taken
        account.cash = cents(account.cash + quantity * price)
        return cents(gain)

    def _record_order(self, account: Account, security: Security, side: str, quantity: int, **rest) -> Order:
        order = Order(
            order_id=self._new_id("O", "next_order_number"),
            account_id=account.account_id,
            symbol=security.symbol,
            side=side,
            quantity=quantity,
            placed_on=self.db.today,
            **rest,
        )
        self.db.orders[order.order_id] = order
        return order

    @tool("read")
    def find_client(self, name: str, dob: str, tax_id_last4: str) -> ClientMatch:
        """The client with this full name (any case), date of birth and last four digits of the
        tax id (SSN or ITIN). Refused when no client matches all three.

        Args:
            name: The client's full name, e.g. "Wei Chen".
            dob: Their date of birth, YYYY-MM-DD.
            tax_id_last4: The last four digits of their tax id, e.g. "4417".
        """
        a_date(dob, "Date of birth")
        wanted = " ".join(name.split()).lower()
        for client in self.db.clients.values():
            if client.name.lower() == wanted and client.dob == dob and client.tax_id_last4 == tax_id_last4.strip():
                return ClientMatch(client_id=client.client_id, name=client.name, dob=client.dob, city=client.city)
        raise ValueError("No client matches that name, date of birth and tax id")

    @tool("read")
    def get_client(self, client_id: str) -> Client:
        """A client's record: contact, KYC date, risk tier and questionnaire date, tax bracket,
        linked bank accounts (with the day each was added) and account ids.

        Args:
            client_id: The client's id, e.g. "CL1001".
        """
        return self._get("clients", client_id)

    @tool("read")
    def get_account(self, account_id: str) -> AccountView:
        """An account at today's prices: type and title, model portfolio, cash, total value, each
        position with its weight, and the allocation by asset class with the model's target
        and the drift from it in percentage points.

        Args:
            account_id: The account's id, e.g. "AC2001".
        """
        return valued(self.db, self._get("accounts", account_id))

    @tool("read")
    def get_tax_lots(self, account_id: str, symbol: Optional[str] = None) -> list[TaxLot]:
        """An account's tax lots (shares bought together: quantity, cost per share, date
        acquired), oldest first; optionally of one symbol only.

        Args:
            account_id: The account's id.
            symbol: Optional: only lots of this symbol, e.g. "PNDR".
        """
        self._get("accounts", account_id)
        if symbol is not None:
            self._get("securities", symbol)
        lots = [lot for lot in self._of("tax_lots", "account_id", account_id) if symbol in (None, lot.symbol)]
        return sorted(lots, key=lambda lot: (lot.acquired, lot.lot_id))

    @tool("read")
    def get_security(self, symbol: str) -> Security:
        """A security: name, kind, asset class, sector, risk rating (1-5), whether it is a
        leveraged or inverse fund, and today's price.

        Args:
            symbol: The ticker, e.g. "TMKT".
        """
        return self._get("securities", symbol)

    @tool("read")
    def get_price_history(self, symbol: str, start: str, end: str) -> list[Close]:
        """A security's daily closing prices between two dates (both included), oldest first.
        Markets are closed on weekends and market holidays.

        Args:
            symbol: The ticker.
            start: First day, YYYY-MM-DD.
            end: Last day, YYYY-MM-DD.
        """
        first, last = a_date(start, "Start"), a_date(end, "End")
        series = self._get("price_history", symbol)
        if first > last:
            raise ValueError("Start must not be after end")
        return [close for close in series.closes if start <= close.date <= end]

    @tool("read")
    def get_performance(self, account_id: str, start: str, end: str) -> Performance:
        """How the account's current positions moved between the closes of two trading days:
        their value at the last close on or before each date, the gain and the return in percent
        (cash left out, before the advisory fee).

        Args:
            account_id: The account's id.
            start: First day, YYYY-MM-DD.
            end: Last day, YYYY-MM-DD, before today.
        """
        first, last = a_date(start, "Start"), a_date(end, "End")
        account = self._get("accounts", account_id)
        if first >= last:
            raise ValueError("Start must be before end")
        if end >= self.db.today:
            raise ValueError(f"End must be before today ({self.db.today}): only closes are used")
        view = valued(self.db, account)
        start_day, end_day, before, after = "", "", 0.0, 0.0
        for position in view.positions:
            closes = self.db.price_history[position.symbol].closes
            opening = [close for close in closes if close.date <= start]
            closing = [close for close in closes if close.date <= end]
            if not opening:
                raise ValueError(f"No close for {position.symbol} on or before {start}")
            start_day, end_day = opening[-1].date, closing[-1].date
            before += position.quantity * opening[-1].close
            after += position.quantity * closing[-1].close
        if not view.positions:
            raise ValueError(f"Account {account_id} holds no securities")
        return Performance(
            account_id=account_id,
            start=start_day,
            end=end_day,
            start_value=cents(before),
            end_value=cents(after),
            gain=cents(after - before),
            return_pct=half_up(100 * (after - before) / before),
        )

    @tool("read")
    def get_model_portfolio(self, model_id: str) -> ModelPortfolio:
        """A model portfolio: the risk tiers it suits and its target weight and fund for each
        asset class.

        Args:
            model_id: The model's id, e.g. "M3".
        """
        return self._get("model_portfolios", model_id)

    @tool("read")
    def list_orders(self, account_id: str) -> list[Order]:
        """An account's orders, newest first: open, filled (with the fill price and, for a sale,
        the realized gain or loss) and cancelled.

        Args:
            account_id: The account's id.
        """
        self._get("accounts", account_id)
        orders = self._of("orders", "account_id", account_id)
        return sorted(orders, key=lambda order: (order.placed_on, order.order_id), reverse=True)

    @tool("read")
    def list_cash_movements(self, account_id: str) -> list[CashMovement]:
        """An account's contributions and withdrawals, newest first, each with its tax year (a
        retirement contribution's), the linked bank, and when the money arrived or will arrive.

        Args:
            account_id: The account's id.
        """
        self._get("accounts", account_id)
        movements = self._of("cash_movements", "account_id", account_id)
        return sorted(movements, key=lambda movement: (movement.date, movement.movement_id), reverse=True)

    @tool("read")
    def list_price_alerts(self, client_id: str) -> list[PriceAlert]:
        """A client's price alerts, oldest first: active, triggered and cancelled.

        Args:
            client_id: The client's id.
        """
        self._get("clients", client_id)
        return self._of("price_alerts", "client_id", client_id)

    @tool("write")
    def place_order(
        self,
        account_id: str,
        symbol: str,
        side: Literal["buy", "sell"],
        quantity: int,
        order_type: Literal["market", "limit"],
        limit_price: Optional[float] = None,
    ) -> Order:
        """Place an order for whole shares. A market order fills at once at today's price; a
        limit order fills at once when the price is at or better than the limit, else stays
        open. A buy needs the cash (less what open buy orders set aside); a sale needs the shares
        (less those on open sell orders). Sales use the oldest lots first.

        Args:
            account_id: The account's id.
            symbol: The ticker.
            side: "buy" or "sell".
            quantity: Whole shares, more than 0.
            order_type: "market" or "limit".
            limit_price: The limit, for a limit order only.
        """
        account = self._open_account(account_id)
        security = self._get("securities", symbol)
        if side not in ("buy", "sell"):
            raise ValueError("Side must be buy or sell")
        if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity <= 0:
            raise ValueError("Quantity must be a whole number of shares greater than 0")
        if order_type == "market":
            if limit_price is not None:
                raise ValueError("A market order takes no limit price")
        elif order_type == "limit":
            if limit_price is None or an_amount(limit_price, "Limit price") <= 0:
                raise ValueError("A limit order needs a limit price greater than 0")
            limit_price = an_amount(limit_price, "Limit price")
        else:
            raise ValueError("Order type must be market or limit")
        fills = (
            order_type == "market"
            or (side == "buy" and security.price <= (limit_price or 0))
            or (side == "sell" and security.price >= (limit_price or 0))
        )
        if side == "buy":
            needed = cents(quantity * (security.price if fills else limit_price or 0.0))
            available = cents(account.cash - self._committed_cash(account_id))
            if needed > available:
                raise ValueError(f"Not enough cash: the order needs {needed:.2f}, {available:.2f} is available")
        else:
            free = self._held(account_id, symbol) - self._shares_on_order(account_id, symbol)
            if quantity > free:
                raise ValueError(f"Not enough shares: {free} of {symbol} can be sold")
        if not fills:
            return self._record_order(
                account, security, side, quantity, order_type="limit", limit_price=limit_price, status="open",
                fill_price=None, realized_gain=None,
            )  # fmt: skip
        gain = None
        if side == "buy":
            self._buy(account, security, quantity, security.price)
        else:
            gain = self._sell(account, security, quantity, security.price)
        return self._record_order(
            account, security, side, quantity, order_type=order_type, limit_price=limit_price, status="filled",
            fill_price=security.price, realized_gain=gain,
        )  # fmt: skip

    @tool("write")
    def cancel_order(self, order_id: str) -> Order:
        """Cancel an open order. A filled order cannot be cancelled.

        Args:
            order_id: The order's id, e.g. "O70012".
        """
        order = self._get("orders", order_id)
        if order.status != "open":
            raise ValueError(f"Order {order_id} is {order.status}, not open")
        order.status = "cancelled"
        return order

    @tool("write")
    def rebalance_to_model(self, account_id: str) -> list[Order]:
        """Trade the account back to its model portfolio's targets with market orders in the
        model's funds: for each asset class over its target, sell whole shares of the model's fund
        (only what the account holds of it); then, for each class under target, buy whole shares
        of its fund with the cash there is. Returns the orders made.

        Args:
            account_id: The account's id.
        """
        account = self._open_account(account_id)
        if account.model_id is None:
            raise ValueError(f"Account {account_id} follows no model portfolio")
        if any(order.status == "open" for order in self._of("orders", "account_id", account_id)):
            raise ValueError(f"Account {account_id} has open orders; cancel them or wait for them to fill first")
        view = valued(self.db, account)
        model = self.db.model_portfolios[account.model_id]
        current = {row.asset_class: row.value for row in view.allocation}
        plan: list[tuple[str, Security, int]] = []
        cash = account.cash
        for target in sorted(model.targets, key=lambda target: target.asset_class):
            if target.asset_class == "cash":
                continue
            fund = self.db.securities[target.fund]
            excess = current.get(target.asset_class, 0.0) - view.total_value * target.weight_pct / 100
            shares = min(int(excess // fund.price), self._held(account_id, fund.symbol)) if excess > 0 else 0
            if shares > 0:
                plan.append(("sell", fund, shares))
                cash = cents(cash + shares * fund.price)
        for target in sorted(model.targets, key=lambda target: target.asset_class):
            if target.asset_class == "cash":
                continue
            fund = self.db.securities[target.fund]
            shortfall = view.total_value * target.weight_pct / 100 - current.get(target.asset_class, 0.0)
            shares = min(int(shortfall // fund.price), int(cash // fund.price)) if shortfall > 0 else 0
            if shares > 0:
                plan.append(("buy", fund, shares))
                cash = cents(cash - shares * fund.price)
        if not plan:
            raise ValueError(f"Account {account_id} is already within a share of every target")
        orders = []
        for side, fund, shares in plan:
            gain = None
            if side == "sell":
                gain = self._sell(account, fund, shares, fund.price)
            else:
                self._buy(account, fund, shares, fund.price)
            orders.append(
                self._record_order(
                    account,
                    fund,
                    side,
                    shares,
                    order_type="market",
                    limit_price=None,
                    status="filled",
                    fill_price=fund.price,
                    realized_gain=gain,
                )  # fmt: skip
            )
        return orders

    @tool("write")
    def update_risk_profile(self, client_id: str, answers: Annotated[list[int], Ordered("questions 1 to 5")]) -> Client:
        """Record the client's answers to the five risk questions (each 1 to 5, in the order
        asked) and set their risk tier from the total: 5-8 tier 1, 9-12 tier 2, 13-16 tier 3,
        17-20 tier 4, 21-25 tier 5. The questionnaire date becomes today.

        Args:
            client_id: The client's id.
            answers: Five answers, questions 1 to 5 in order, each 1 to 5.
        """
        client = self._get("clients", client_id)
        if len(answers) != 5 or any(isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 5 for a in answers):
            raise ValueError("Answers must be five whole numbers from 1 to 5")
        client.risk_tier = tier_of(answers)
        client.profile_date = self.db.today
        return client

    @tool("write")
    def renew_kyc(
        self, client_id: str, employment: Literal["employed", "self_employed", "retired", "not_employed"]
    ) -> Client:
        """Record that the client confirmed their know-your-customer details today (address,
        tax residence, employment) and set their employment status.

        Args:
            client_id: The client's id.
            employment: employed, self_employed, retired or not_employed.
        """
        client = self._get("clients", client_id)
        if employment not in ("employed", "self_employed", "retired", "not_employed"):
            raise ValueError("Employment must be employed, self_employed, retired or not_employed")
        client.kyc_date = self.db.today
        client.employment = employment
        return client

    @tool("write")
    def generate_report(
        self, account_id: str, kind: Literal["performance", "holdings", "realized_gains", "fees"], period: str
    ) -> Report:
        """Queue a report on an account for a period; it is delivered to the client's secure inbox.

        Args:
            account_id: The account's id.
            kind: performance, holdings, realized_gains or fees.
            period: A month "2025-05", a quarter "2025-Q1", a year "2024", or "2025-YTD".
        """
        self._get("accounts", account_id)
        if kind not in ("performance", "holdings", "realized_gains", "fees"):
            raise ValueError("Kind must be performance, holdings, realized_gains or fees")
        if not _is_period(period):
            raise ValueError('Period must be a month "2025-05", a quarter "2025-Q1", a year "2024" or "2025-YTD"')
        report = Report(
            report_id=self._new_id("R", "next_report_number"),
            account_id=account_id,
            kind=kind,
            period=period,
            requested_on=self.db.today,
            status="queued",
        )
        self.db.reports[report.report_id] = report
        return report

    @tool("write")
    def set_price_alert(
        self, client_id: str, symbol: str, direction: Literal["above", "below"], price: float
    ) -> PriceAlert:
        """Alert the client when a security trades above or below a price. The price must not be
        already met: above today's price for "above", below it for "below".

        Args:
            client_id: The client's id.
            symbol: The ticker.
            direction: "above" or "below".
            price: The price that triggers the alert.
        """
        self._get("clients", client_id)
        security = self._get("securities", symbol)
        level = an_amount(price, "Price")
        if direction not in ("above", "below"):
            raise ValueError("Direction must be above or below")
        if (direction == "above" and level <= security.price) or (direction == "below" and level >= security.price):
            raise ValueError(f"{symbol} trades at {security.price:.2f} today: that alert would trigger at once")
        alert = PriceAlert(
            alert_id=self._new_id("PA", "next_alert_number"),
            client_id=client_id,
            symbol=symbol,
            direction=direction,
            price=level,
            created_on=self.db.today,
            status="active",
        )
        self.db.price_alerts[alert.alert_id] = alert
        return alert

    @tool("write")
    def record_contribution(self, account_id: str, amount: float, tax_year: int, bank_id: str) -> CashMovement:
        """Pull a contribution into a retirement account (traditional or Roth IRA) from one of the
        client's linked banks, for a tax year. The cash is credited today.

        Args:
            account_id: The IRA's id.
            amount: Dollars, more than 0.
            tax_year: The tax year it counts toward, e.g. 2025.
            bank_id: The linked bank it comes from, e.g. "BK1001-1".
        """
        account = self._open_account(account_id)
        value = an_amount(amount, "Amount")
        if value <= 0:
            raise ValueError("Amount must be greater than 0")
        if account.type == "taxable":
            raise ValueError(f"Account {account_id} is taxable: contributions are for IRAs only")
        if tax_year not in (int(self.db.today[:4]) - 1, int(self.db.today[:4])):
            raise ValueError("Tax year must be this year or last year")
        client = self.db.clients[account.client_id]
        if bank_id not in [link.bank_id for link in client.bank_links]:
            raise ValueError(f"Bank {bank_id} is not linked to the account's owner")
        account.cash = cents(account.cash + value)
        movement = CashMovement(
            movement_id=self._new_id("CM", "next_movement_number"),
            account_id=account_id,
            kind="contribution",
            amount=value,
            tax_year=tax_year,
            bank_id=bank_id,
            date=self.db.today,
            expected_on=self.db.today,
            status="completed",
        )
        self.db.cash_movements[movement.movement_id] = movement
        return movement

    @tool("write")
    def request_withdrawal(self, account_id: str, amount: float, bank_id: str) -> CashMovement:
        """Send cash from an account to one of the owner's linked banks. It arrives two business
        days later (weekends and market holidays skipped). Only cash can be withdrawn: sell first.

        Args:
            account_id: The account's id.
            amount: Dollars, more than 0.
            bank_id: The linked bank, e.g. "BK1001-1".
        """
        account = self._open_account(account_id)
        value = an_amount(amount, "Amount")
        if value <= 0:
            raise ValueError("Amount must be greater than 0")
        client = self.db.clients[account.client_id]
        if bank_id not in [link.bank_id for link in client.bank_links]:
            raise ValueError(f"Bank {bank_id} is not linked to the account's owner")
        available = cents(account.cash - self._committed_cash(account_id))
        if value > available:
            raise ValueError(f"Not enough cash: {available:.2f} is available to withdraw")
        account.cash = cents(account.cash - value)
        movement = CashMovement(
            movement_id=self._new_id("CM", "next_movement_number"),
            account_id=account_id,
            kind="withdrawal",
            amount=value,
            tax_year=None,
            bank_id=bank_id,
            date=self.db.today,
            expected_on=business_days_after(self.db.today, SETTLEMENT_DAYS, self.db.market_holidays),
            status="pending",
        )
        self.db.cash_movements[movement.movement_id] = movement
        return movement

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)


def _is_period(period: str) -> bool:
    if not isinstance(period, str):
        return False
    year, _, rest = period.partition("-")
    if not (len(year) == 4 and year.isdigit()):
        return False
    return rest in ("", "YTD", "Q1", "Q2", "Q3", "Q4") or (len(rest) == 2 and rest.isdigit() and 1 <= int(rest) <= 12)

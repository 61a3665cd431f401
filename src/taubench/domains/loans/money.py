"""Money and dates of the loans desk, written once for the tools, the rules and the
generator: cents rounded half-up, month steps that keep the day of the month, and the level
monthly payment of an amortizing loan."""

from calendar import monthrange
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal


def cents(value: float) -> float:
    """The amount rounded half-up to cents (4.275 -> 4.28)."""
    return float(Decimal(repr(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def add_days(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def days_between(first: str, last: str) -> int:
    return (date.fromisoformat(last) - date.fromisoformat(first)).days


def add_months(day: str, months: int, on_day: int | None = None) -> str:
    """The date ``months`` later (earlier when negative), on ``on_day`` if given (1-28), else
    on the same day of the month (the month's last day when it is shorter)."""
    start = date.fromisoformat(day)
    year, month = divmod(start.year * 12 + start.month - 1 + months, 12)
    wanted = on_day if on_day is not None else start.day
    return date(year, month + 1, min(wanted, monthrange(year, month + 1)[1])).isoformat()


def monthly_payment(amount: float, term_months: int, apr: float) -> float:
    """The level payment that repays ``amount`` over ``term_months`` at ``apr`` percent a year
    (interest monthly at apr / 12), rounded half-up to cents."""
    rate = apr / 100 / 12
    if rate == 0:
        return cents(amount / term_months)
    return cents(amount * rate / (1 - (1 + rate) ** -term_months))

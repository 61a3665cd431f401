"""The club's price list and the date and money arithmetic the billing system does: what
the tools charge and what the policy checks compute alike."""

from calendar import monthrange
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Optional

DUES = {"basic": 29.99, "plus": 49.99, "premium": 79.99}
TIER_ORDER = ("basic", "plus", "premium")
FREEZE_FEE_PER_MONTH = 10.0
LATE_CANCEL_FEE = 10.0
LATE_CANCEL_HOURS = 2
PT_FORFEIT_HOURS = 24
NOTICE_DAYS = 30
PRORATION_DAYS = 30
PT_VALID_DAYS = 90
DISTANCE_TYPES = ("run", "ride", "swim", "walk", "row")


def cents(amount: float) -> float:
    return float(Decimal(str(amount)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def one_decimal(value: Optional[float]) -> Optional[float]:
    """A body measure as the log stores it: to one decimal, half-up."""
    return None if value is None else float(Decimal(str(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def day_of(moment: str) -> str:
    return moment[:10]


def add_days(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def add_months(day: str, months: int) -> str:
    """The same day of the month ``months`` later (the last day of a shorter month)."""
    start = date.fromisoformat(day)
    month_index = start.month - 1 + months
    year, month = start.year + month_index // 12, month_index % 12 + 1
    return date(year, month, min(start.day, monthrange(year, month)[1])).isoformat()


def hours_between(earlier: str, later: str) -> float:
    return (datetime.fromisoformat(later) - datetime.fromisoformat(earlier)).total_seconds() / 3600


def days_between(earlier: str, later: str) -> int:
    return (date.fromisoformat(later) - date.fromisoformat(earlier)).days


def upgrade_proration(old_tier: str, new_tier: str, today: str, next_billing: str) -> float:
    """The dues difference for the days left until the next billing date, per 30 days."""
    return cents((DUES[new_tier] - DUES[old_tier]) * days_between(today, next_billing) / PRORATION_DAYS)


def billing_dates_left(next_billing: str, effective: str, contract_end: str) -> int:
    """Billing dates on or after the cancellation's effective date and before the term ends."""
    count, month = 0, 0
    while (billing := add_months(next_billing, month)) <= contract_end:
        count += billing >= effective
        month += 1
    return count


def early_termination_fee(dues: float, next_billing: str, effective: str, contract_end: str) -> float:
    return cents(0.5 * dues * billing_dates_left(next_billing, effective, contract_end))


def week_of(day: str) -> tuple[str, str]:
    """The Monday and Sunday of the calendar week holding ``day``."""
    monday = date.fromisoformat(day) - timedelta(days=date.fromisoformat(day).weekday())
    return monday.isoformat(), (monday + timedelta(days=6)).isoformat()

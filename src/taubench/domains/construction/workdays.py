"""The contractor's calendar and money: working days (Monday to Saturday, the listed holidays
excluded) for the schedule, business days (Monday to Friday, holidays excluded) for inspections
and notices, and cents rounded half up. Pure functions of their arguments."""

from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Collection

MARKUP_PCT = 15.0
EXTENSION_DAYS = 180


def cents(value: float) -> float:
    return float(Decimal(repr(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def marked_up(sub_cost: float) -> float:
    """A change order's price: the subcontractor's cost plus the contractor's markup."""
    return cents(sub_cost * (100 + MARKUP_PCT) / 100)


def is_working_day(day: date, holidays: Collection[str]) -> bool:
    return day.weekday() != 6 and day.isoformat() not in holidays


def is_business_day(day: date, holidays: Collection[str]) -> bool:
    return day.weekday() < 5 and day.isoformat() not in holidays


def shift_working_days(day: date, count: int, holidays: Collection[str]) -> date:
    """The working day ``count`` working days after ``day`` (before it when negative)."""
    step = 1 if count >= 0 else -1
    for _ in range(abs(count)):
        day += timedelta(days=step)
        while not is_working_day(day, holidays):
            day += timedelta(days=step)
    return day


def end_of(start: date, duration: int, holidays: Collection[str]) -> date:
    """The last working day of a task of ``duration`` working days starting on ``start``."""
    return shift_working_days(start, duration - 1, holidays)


def working_days_between(first: date, second: date, holidays: Collection[str]) -> int:
    """How many working days ``second`` lies after ``first`` (negative when before it): the
    working days in (first, second]."""
    low, high, sign = (first, second, 1) if first <= second else (second, first, -1)
    count, day = 0, low
    while day < high:
        day += timedelta(days=1)
        if is_working_day(day, holidays):
            count += 1
    return sign * count


def next_business_day(day: date, holidays: Collection[str]) -> date:
    day += timedelta(days=1)
    while not is_business_day(day, holidays):
        day += timedelta(days=1)
    return day


def business_days_after(day: date, count: int, holidays: Collection[str]) -> date:
    for _ in range(count):
        day = next_business_day(day, holidays)
    return day

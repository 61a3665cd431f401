"""Business days and the app's security code: pure functions both the bank's tools, the
customer's app and the policy checks use, so all three agree."""

import hashlib
from datetime import date, timedelta


def is_business_day(day: date, holidays: list[str]) -> bool:
    return day.weekday() < 5 and day.isoformat() not in holidays


def add_business_days(day: str, count: int, holidays: list[str]) -> str:
    """The ``count``-th business day after ``day``."""
    current = date.fromisoformat(day)
    while count > 0:
        current += timedelta(days=1)
        count -= is_business_day(current, holidays)
    return current.isoformat()


def business_days_between(start: str, end: str, holidays: list[str]) -> int:
    """Business days after ``start`` up to and including ``end``."""
    first, last = date.fromisoformat(start), date.fromisoformat(end)
    return sum(
        is_business_day(first + timedelta(days=offset), holidays) for offset in range(1, (last - first).days + 1)
    )


def add_months(day: str, months: int) -> str:
    start = date.fromisoformat(day)
    month_index = start.month - 1 + months
    year, month = start.year + month_index // 12, month_index % 12 + 1
    return date(year, month, min(start.day, 28 if month == 2 else 30 if month in (4, 6, 9, 11) else 31)).isoformat()


def security_code(secret: str, day: str) -> str:
    """The 6-digit one-time code the app shows on ``day`` for its enrolment secret."""
    digest = hashlib.sha256(f"{secret}|{day}".encode()).hexdigest()
    return f"{int(digest, 16) % 1_000_000:06d}"

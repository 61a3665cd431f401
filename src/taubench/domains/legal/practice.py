"""The firm's fixed numbers and its calendar arithmetic, shared by the tools, the rule checks
and the task book: review tiers, the retainer floor, the refund limit, deadline periods, and
counting business days over weekends and court holidays."""

import re
from datetime import date, timedelta

JURISDICTIONS = ("IL", "NY", "CA", "TX")
MATTER_TYPES = ("family", "landlord_tenant", "business_formation", "estate", "litigation")
REVIEW_TIERS = {"standard": (5, 150.0), "rush": (2, 300.0)}  # tier -> (business days, fee)
LITIGATION_RETAINER = 2500.0
DESK_REFUND_LIMIT = 1000.0
URGENT_BUSINESS_DAYS = 3  # a deadline this close (or passed) goes to the attorney
CONSULTATION_WINDOW = 10  # business days in which the responsible attorney must have a slot
# docket event -> (days after the trigger, the rule to record)
DEADLINES = {
    "answer_due_federal": (21, "FRCP 12(a)(1)(A)(i)"),
    "answer_due_federal_waived": (60, "FRCP 12(a)(1)(A)(ii)"),
    "answer_due_state": (30, "State civil practice rule: answer within 30 days"),
    "motion_response_due": (14, "Local motion rule: response within 14 days"),
}
EVENTS = ("answer_due", "motion_response_due", "hearing", "filing_deadline")
SUFFIXES = {"llc", "inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "lp", "llp", "the"}


def is_business_day(day: date, holidays: list[str]) -> bool:
    return day.weekday() < 5 and day.isoformat() not in holidays


def business_days_after(start: str, count: int, holidays: list[str]) -> str:
    """The day ``count`` business days after ``start``."""
    day = date.fromisoformat(start)
    while count:
        day += timedelta(days=1)
        count -= is_business_day(day, holidays)
    return day.isoformat()


def count_business_days(start: str, end: str, holidays: list[str]) -> int:
    """Business days after ``start`` up to and including ``end`` (negative when ``end`` is earlier)."""
    first, last = date.fromisoformat(start), date.fromisoformat(end)
    sign = 1 if last >= first else -1
    low, high = min(first, last), max(first, last)
    count, current = 0, low
    while current < high:
        current += timedelta(days=1)
        count += is_business_day(current, holidays)
    return sign * count


def next_business_day_from(day: str, holidays: list[str]) -> str:
    """The day itself when it is a business day, else the next one."""
    current = date.fromisoformat(day)
    while not is_business_day(current, holidays):
        current += timedelta(days=1)
    return current.isoformat()


def deadline(trigger: str, days: int, holidays: list[str]) -> str:
    """A period of calendar days from a trigger, moved off a weekend or holiday."""
    return next_business_day_from((date.fromisoformat(trigger) + timedelta(days=days)).isoformat(), holidays)


def plain_name(name: str) -> str:
    """A party's name as the conflict search compares it: lower case, without punctuation or
    company suffixes ("Lakeview Properties, LLC" -> "lakeview properties")."""
    words = re.findall(r"[a-z0-9]+", name.lower().replace("&", " and "))
    return " ".join(word for word in words if word not in SUFFIXES)

"""Calendar arithmetic shared by the tools, the generator and the policy checks: workdays are
Monday to Friday except the company holidays held in the data."""

from datetime import date, timedelta

from taubench.domains.kit import a_date


def day(text: str, what: str = "date") -> date:
    return a_date(text, what)


def is_workday(when: date, holidays: list[str]) -> bool:
    return when.weekday() < 5 and when.isoformat() not in holidays


def workdays(start: str, end: str, holidays: list[str]) -> int:
    """Workdays from start to end, both included."""
    first, last = day(start), day(end)
    return sum(is_workday(first + timedelta(days=offset), holidays) for offset in range((last - first).days + 1))


def add_workdays(start: str, count: int, holidays: list[str]) -> str:
    current = day(start)
    while count > 0:
        current += timedelta(days=1)
        count -= is_workday(current, holidays)
    return current.isoformat()


def completed_months(start: str, end: str) -> int:
    first, last = day(start), day(end)
    return (last.year - first.year) * 12 + last.month - first.month - (last.day < first.day)


def month_end(when: str) -> str:
    current = day(when)
    following = date(current.year + current.month // 12, current.month % 12 + 1, 1)
    return (following - timedelta(days=1)).isoformat()

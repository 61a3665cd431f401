"""Shift time arithmetic shared by the schedule view, the generator and the policy checks.
Times are "YYYY-MM-DD HH:MM" in the site's local time; the workweek runs Monday to Sunday and
a shift counts in the week it starts."""

from datetime import date, datetime, timedelta
from typing import Iterable, Protocol, TypeVar


class Timed(Protocol):
    start: str
    end: str
    hours: float


T = TypeVar("T", bound=Timed)  # week_of gives back the records it was given, typed as they were


def moment(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%d %H:%M")


def stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M")


def hours_between(earlier: str, later: str) -> float:
    return round((moment(later) - moment(earlier)).total_seconds() / 3600, 2)


def monday_of(when: str) -> str:
    """The Monday of the workweek a date or time falls in."""
    day = date.fromisoformat(when[:10])
    return (day - timedelta(days=day.weekday())).isoformat()


def week_of(shifts: Iterable[T], monday: str) -> list[T]:
    """The shifts that start in the workweek from this Monday, in their order."""
    following = (date.fromisoformat(monday) + timedelta(days=7)).isoformat()
    return [shift for shift in shifts if monday <= shift.start < following]


def week_hours(shifts: Iterable[Timed], monday: str) -> float:
    return round(sum(shift.hours for shift in week_of(shifts, monday)), 2)


def age_on(birth_date: str, on: str) -> int:
    born, day = date.fromisoformat(birth_date), date.fromisoformat(on[:10])
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))

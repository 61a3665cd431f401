"""The checks of an argument's form that every domain's tools make, each with one refusal
for every domain: a date is written YYYY-MM-DD, an amount is a number (of cents)."""

import re
from datetime import date
from typing import Any

DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def a_date(value: Any, what: str) -> date:
    """The argument as a date; refused unless written YYYY-MM-DD and a day of the calendar."""
    try:
        if isinstance(value, str) and DATE.fullmatch(value):
            return date.fromisoformat(value)
    except ValueError:
        pass
    raise ValueError(f"{what} must be a date written YYYY-MM-DD")


def an_amount(value: Any, what: str) -> float:
    """The argument as an amount rounded to cents; refused unless a number (not a yes/no)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{what} must be a number")
    return round(float(value), 2)

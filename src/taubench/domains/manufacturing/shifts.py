"""The plant's clock: shifts, their hours, whether one has closed, and the OEE arithmetic."""

from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

SHIFT_HOURS = {1: ("07:00", "15:00"), 2: ("15:00", "23:00"), 3: ("23:00", "07:00")}
SHORT_STOP_MIN = 5  # stops shorter than this are a speed loss, not downtime
MINUTES_A_DAY = 1440  # the plant runs three shifts every day


def shift_end(day: str, shift: int) -> datetime:
    """When a shift ends: shift 3 ends at 07:00 the next day."""
    end = datetime.fromisoformat(f"{day}T{SHIFT_HOURS[shift][1]}")
    return end + timedelta(days=1) if shift == 3 else end


def closed(day: str, shift: int, today: str, now: str) -> bool:
    return shift_end(day, shift) <= datetime.fromisoformat(f"{today}T{now}")


def minutes_of(start: str, end: str) -> int:
    """The minutes from start to end (HH:MM), across midnight when end is earlier."""
    first, last = (int(t[:2]) * 60 + int(t[3:]) for t in (start, end))
    return (last - first) % MINUTES_A_DAY


def within_shift(shift: int, start: str, end: str) -> bool:
    opening = SHIFT_HOURS[shift][0]
    return minutes_of(opening, start) < 480 and minutes_of(opening, start) + minutes_of(start, end) <= 480


def percent(value: float) -> float:
    """A ratio as a percent to two decimals, half up."""
    return float(Decimal(repr(value * 100)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def oee(planned: int, downtime: list[int], cycle: float, total: int, good: int) -> dict[str, float]:
    """Availability, performance, quality and OEE in percent: stops under five minutes stay in run time."""
    run = planned - sum(minutes for minutes in downtime if minutes >= SHORT_STOP_MIN)
    availability = run / planned
    performance = cycle * total / run if run else 0.0
    quality = good / total if total else 0.0
    return {
        "availability": percent(availability),
        "performance": percent(performance),
        "quality": percent(quality),
        "oee": percent(availability * performance * quality),
    }


def run_finish(start: str, minutes: float) -> str:
    """The last day of a run of these minutes starting on the morning of ``start``."""
    days = max(1, -(-int(round(minutes)) // MINUTES_A_DAY))
    return (date.fromisoformat(start) + timedelta(days=days - 1)).isoformat()

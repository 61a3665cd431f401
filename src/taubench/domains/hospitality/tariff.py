"""The group's tariff, shared by the tools, the generator and the policy checks: nightly
rates by rate plan, tax, award points and the cancellation deadline. Pure functions of
their arguments."""

from datetime import date, timedelta

from taubench.domains.hospitality.models import RoomType

TAX_RATE = 0.14
MEMBER_DISCOUNT = 0.10
ADVANCE_PURCHASE_DISCOUNT = 0.15
AWARD_POINTS_PER_NIGHT = 25_000
FREE_AWARD_NIGHT_EVERY = 5  # every 5th night of an award stay costs no points
CANCEL_DAYS_BEFORE = 2  # free cancellation until 15:00 two days before arrival
CANCEL_HOUR = "15:00"
PLANS = ("flexible", "member", "advance_purchase", "award")
POINTS_PER_DOLLAR = 10  # of room charges, before tax
TIER_BONUS = {"silver": 0.10, "gold": 0.25, "platinum": 0.50}  # on the base points
POINTS_CLAIM_DAYS = 90  # after check-out, missing stay points may be claimed


def cents(value: float) -> float:
    """Half-up rounding to cents (binary floats nudged so that 2.675 rounds to 2.68)."""
    return float(int(value * 100 + 0.5 + 1e-7)) / 100 if value >= 0 else -cents(-value)


def nights(check_in: str, check_out: str) -> list[str]:
    first, last = date.fromisoformat(check_in), date.fromisoformat(check_out)
    return [(first + timedelta(days=offset)).isoformat() for offset in range((last - first).days)]


def flexible_rate(room: RoomType, night: str) -> float:
    """Friday and Saturday nights take the weekend rate."""
    return room.weekend_rate if date.fromisoformat(night).weekday() in (4, 5) else room.weekday_rate


def plan_rate(room: RoomType, night: str, plan: str) -> float:
    rate = flexible_rate(room, night)
    if plan == "member":
        return cents(rate * (1 - MEMBER_DISCOUNT))
    if plan == "advance_purchase":
        return cents(rate * (1 - ADVANCE_PURCHASE_DISCOUNT))
    if plan == "award":
        return 0.0
    return rate


def award_points(stay_nights: int, rooms: int) -> int:
    return AWARD_POINTS_PER_NIGHT * (stay_nights - stay_nights // FREE_AWARD_NIGHT_EVERY) * rooms


def tax_on(room_total: float) -> float:
    return cents(room_total * TAX_RATE)


def cancellation_deadline(check_in: str) -> str:
    """YYYY-MM-DD HH:MM: after it, a flexible or member booking costs its first night plus tax."""
    return f"{(date.fromisoformat(check_in) - timedelta(days=CANCEL_DAYS_BEFORE)).isoformat()} {CANCEL_HOUR}"


def deadline_passed(check_in: str, today: str, now: str) -> bool:
    return f"{today} {now}" >= cancellation_deadline(check_in)


def stay_points(room_charges: float, tier: str) -> tuple[int, int]:
    """A cash stay's base points (10 a dollar of room charges) and the tier bonus on them, each
    rounded down to whole points."""
    base = int(cents(room_charges) * POINTS_PER_DOLLAR + 1e-6)
    return base, int(base * TIER_BONUS.get(tier, 0.0) + 1e-6)

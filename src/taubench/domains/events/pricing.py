"""What the ticketing system computes: today's price of a ticket type, the price an order
is charged under the one discount it carries, and new ids and confirmation codes from the
data's counters."""

from datetime import date, datetime, timedelta

from taubench.domains.events.models import Event, TicketType

GROUP_RATE = 0.85  # 15% off the regular price, for 10 tickets or more
GROUP_MINIMUM = 10
COURTESY_HOLD_HOURS = 48
DEPOSIT_SHARE = 0.25  # of a hold's total rate, to confirm it
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def cents(amount: float) -> float:
    """Half-up rounding to cents, as the ledger keeps money."""
    return float(int(amount * 100 + 0.5 + 1e-9)) / 100


def ticket_type(event: Event, name: str) -> TicketType:
    for ticket in event.ticket_types:
        if ticket.name == name:
            return ticket
    raise ValueError(f"Event has no {name} tickets")


def price_today(ticket: TicketType, today: str) -> tuple[float, str]:
    """The early-bird price through its last day, the regular price after it."""
    if ticket.early_bird_price is not None and ticket.early_bird_end is not None and today <= ticket.early_bird_end:
        return ticket.early_bird_price, "early_bird"
    return ticket.price, "none"


def order_price(
    event: Event, ticket: TicketType, quantity: int, today: str, promo_code: str | None, group_rate: bool
) -> tuple[float, str]:
    """The per-ticket price of an order and the discount behind it: a promo code or the group
    rate takes its percentage off the regular price, never off an early-bird price."""
    if promo_code and group_rate:
        raise ValueError("A promo code cannot be combined with the group rate")
    if group_rate:
        if quantity < GROUP_MINIMUM:
            raise ValueError(f"The group rate needs {GROUP_MINIMUM} or more tickets")
        return cents(ticket.price * GROUP_RATE), "group"
    if promo_code:
        promo = next((promo for promo in event.promo_codes if promo.code.lower() == promo_code.lower()), None)
        if promo is None:
            raise ValueError("Promo code is not valid for this event")
        if promo.valid_until < today:
            raise ValueError(f"Promo code expired on {promo.valid_until}")
        return cents(ticket.price * (100 - promo.percent_off) / 100), "promo"
    return price_today(ticket, today)


def confirmation_code(number: int) -> str:
    """Six letters and digits derived from the registration number: unique per number."""
    scrambled = (number * 7919 + 104729) % (24**4)
    letters = ""
    for _ in range(4):
        scrambled, index = divmod(scrambled, 24)
        letters += CODE_LETTERS[index]
    return f"{letters}{number % 100:02d}"


def hold_expiry(now: str) -> str:
    return (datetime.fromisoformat(now) + timedelta(hours=COURTESY_HOLD_HOURS)).strftime("%Y-%m-%d %H:%M")


def valid_day(day: str) -> str:
    try:
        return date.fromisoformat(day).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"Date {day!r} is not YYYY-MM-DD") from None

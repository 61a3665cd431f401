"""The insurer's fixed tables, shared by the tools, the generator and the policy checks:
which coverage part answers which loss, the deductible choices, the adjuster desks, the
young-driver surcharge tiers and the rental endorsement tiers."""

from typing import Optional

# loss type -> the coverage part that answers it, per line; None: no part ever does (flood)
LOSS_COVERAGE: dict[str, dict[str, Optional[str]]] = {
    "auto": {
        "collision": "collision",
        "animal_strike": "comprehensive",
        "hail": "comprehensive",
        "vandalism": "comprehensive",
        "theft": "comprehensive",
        "glass": "comprehensive",
    },
    "home": {
        "fire": "dwelling",
        "wind_hail": "dwelling",
        "water_damage": "dwelling",
        "theft": "personal_property",
        "water_backup": "water_backup",
        "flood": None,
    },
    "renters": {
        "fire": "personal_property",
        "wind_hail": "personal_property",
        "water_damage": "personal_property",
        "theft": "personal_property",
        "water_backup": "water_backup",
        "flood": None,
    },
}
ADJUSTERS = {
    "auto": ["Dana Whitfield", "Marcus Oyelaran", "Priya Venkataraman"],
    "property": ["Tom Becker", "Lucia Ferraro"],
}
DEDUCTIBLE_CHOICES = {
    "collision": (250, 500, 1000, 2000),
    "comprehensive": (0, 250, 500, 1000),
    "dwelling": (500, 1000, 2500, 5000),
    "personal_property": (250, 500, 1000, 2500, 5000),
}
RENTAL_TIERS = {
    "rental_standard": (30.0, 750.0),
    "rental_plus": (50.0, 1200.0),
}  # endorsement -> (daily max, per-claim max)
MAX_RENTAL_DAYS = 30
CANCELLATION_FEE = 25.0


def adjuster_for(line: str, claim_number: int) -> str:
    desk = ADJUSTERS["auto" if line == "auto" else "property"]
    return desk[claim_number % len(desk)]


def young_driver_surcharge(age: int) -> float:
    """The annual surcharge for a driver of that age: under 21, 21 to 24, 25 and over."""
    return 680.0 if age < 21 else 410.0 if age < 25 else 0.0

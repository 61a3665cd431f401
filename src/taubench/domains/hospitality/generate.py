"""The hospitality database: the hand-written cast the tasks are built around
(``data/cast.json``), plus seeded filler: twelve more hotels, guests (namesakes of the cast
among them), past and future stays with their folios, special requests, settled feedback
cases and the loyalty ledger. Future filler stays are at the filler hotels only, so the cast
hotels' availability is what the tasks say it is.

The cast: guests with namesakes (two Daniel Okafor, two Hannah Lee, a father and son both
Robert Hale at one ZIP code, a Marcus Bell whose loyalty number has two digits swapped), a gold
guest whose first card expires this month; the first eight hotels (the Seattle hotel has a
single deluxe king); the stays the tasks are about (a cancelled booking rebooked, two stays of
one guest in the same week, a group holding every king for a night), with extra folio lines to
dispute; open feedback cases of every kind; and, added after all the rest is drawn, the guests,
stays (some with their points never posted) and cases of the loyalty-points and response-time
tasks (one overdue by minutes, two inside the hotels' 48 hours)."""

import random
from datetime import date, timedelta
from itertools import count
from typing import Any, Iterable, Iterator, Optional

from pydantic import BaseModel

from taubench.domains.hospitality.models import FeedbackCase, Guest, Property, RoomType
from taubench.domains.hospitality.tariff import TIER_BONUS, award_points, cents, nights, plan_rate, tax_on
from taubench.domains.kit import Population, load_cast

SEED = 20251202
TODAY, NOW = "2025-12-02", "11:00"
ROOMS = {
    "QN": ("Standard Queen", 1, False),
    "KG": ("Standard King", 2, False),
    "DK": ("Deluxe King", 3, False),
    "JS": ("Junior Suite", 4, False),
    "AK": ("Accessible King", 2, True),
}
CITIES = [
    ("Nashville", "Gulch"),
    ("Phoenix", "Camelback"),
    ("San Diego", "Gaslamp"),
    ("Portland", "Pearl District"),
    ("Miami", "Brickell"),
    ("New Orleans", "French Quarter"),
    ("Minneapolis", "North Loop"),
    ("Philadelphia", "Rittenhouse"),
    ("Salt Lake City", "Temple Square"),
    ("Charlotte", "Uptown"),
    ("Kansas City", "Crossroads"),
    ("Washington", "Dupont Circle"),
]
FIRST = [
    "James",
    "Mary",
    "Wei",
    "Fatima",
    "Carlos",
    "Olivia",
    "Raj",
    "Emma",
    "Kwame",
    "Lucia",
    "Ethan",
    "Mei",
    "Jonas",
    "Amara",
    "Diego",
    "Nora",
    "Samuel",
    "Yuki",
    "Leah",
    "Ivan",
    "Zara",
    "Peter",
    "Ana",
    "Tariq",
    "Grace",
    "Daniel",
]
LAST = [
    "Nguyen",
    "Smith",
    "Patel",
    "Garcia",
    "Johnson",
    "Kowalski",
    "Okafor",
    "Brown",
    "Rossi",
    "Haddad",
    "Lee",
    "Murphy",
    "Schmidt",
    "Dubois",
    "Tanaka",
    "Silva",
    "Carter",
    "Bell",
    "Cohen",
    "Ali",
    "Jensen",
    "Moreau",
    "Hale",
    "Kim",
]
ZIPS = [
    "10001",
    "94110",
    "60622",
    "78702",
    "98103",
    "02118",
    "30318",
    "80203",
    "37203",
    "85016",
    "92101",
    "97209",
    "33131",
]
INCIDENTALS = [
    ("minibar", "Minibar", 8, 60),
    ("parking", "Valet parking", 25, 55),
    ("restaurant", "Hotel restaurant", 18, 140),
    ("spa", "Spa treatment", 90, 240),
    ("phone", "Long-distance calls", 3, 20),
]
REQUESTS = ["crib", "rollaway", "quiet_room", "high_floor", "early_check_in", "other"]
TIERS = ["member"] * 5 + ["silver"] * 3 + ["gold"] * 2 + ["platinum"] + ["none"] * 2
LATER_CHARGES, LATER_ENTRIES = 10001, 20001  # numbering of folio lines and ledger entries added after the first draws


class CastStay(BaseModel):
    confirmation: str
    guest_id: str
    property_id: str
    room_type: str
    rooms: int
    check_in: str
    check_out: str
    rate_plan: str
    status: str
    rates: Optional[list[float]]  # the booked nightly rates; None: the tariff's
    points_posted: bool = True  # at check-out


class FolioExtra(BaseModel):
    confirmation: str
    kind: str
    description: str
    amount: float
    date: str


CAST: dict[str, type[BaseModel]] = {
    "guests": Guest,
    "hotels": Property,
    "stays": CastStay,
    "folio_extras": FolioExtra,
    "cases": FeedbackCase,
    "points_guests": Guest,
    "points_stays": CastStay,
    "response_cases": FeedbackCase,
}
GROWN_GUESTS, GROWN_STAYS, GROWN_CASES = (
    range(1420, 1800),
    1000,
    200,
)  # toward the brief (~800 guests, ~4,000 stays, ~700 cases)


def _hotel(property_id: str, name: str, city: str, pets: bool, rooms: dict) -> dict:
    types = [
        {
            "code": code,
            "name": ROOMS[code][0],
            "category": ROOMS[code][1],
            "accessible": ROOMS[code][2],
            "inventory": inventory,
            "weekday_rate": float(weekday),
            "weekend_rate": float(weekend),
        }
        for code, (weekday, weekend, inventory) in rooms.items()
    ]
    return {"property_id": property_id, "name": name, "city": city, "pet_friendly": pets, "room_types": types}


def _guest(guest_id, name, tier, loyalty, zip_code, points, preferences, cards) -> dict:
    handle = name.lower().replace(" ", ".").replace("'", "")
    return {
        "guest_id": guest_id,
        "name": name,
        "email": f"{handle}{guest_id[-2:]}@example.com",
        "phone": f"+1-555-{guest_id[-4:]}-{zip_code[-3:]}0",
        "zip_code": zip_code,
        "loyalty_number": loyalty,
        "tier": tier,
        "points": points,
        "preferences": preferences,
        "cards": [
            {"card_id": f"CC-{guest_id[1:]}-{index}", "brand": brand, "last4": last4, "expires": expires}
            for index, (brand, last4, expires) in enumerate(cards, 1)
        ],
    }


class _Builder:
    """Collects the records, numbering folio lines and ledger entries as it goes."""

    def __init__(self, hotels: dict, guests: dict):
        self.hotels, self.guests = hotels, guests
        self.reservations: dict[str, dict[str, Any]] = {}
        self.ledger: dict[str, dict[str, Any]] = {}
        self.requests: dict[str, dict[str, Any]] = {}
        self.charge, self.entry = 70001, 90001

    def room(self, property_id: str, code: str) -> RoomType:
        return RoomType(**next(room for room in self.hotels[property_id]["room_types"] if room["code"] == code))

    def line(self, booking: dict, kind: str, description: str, amount: float, day: str) -> None:
        booking["folio"].append(
            {
                "charge_id": f"CH-{self.charge}",
                "date": day,
                "kind": kind,
                "description": description,
                "amount": cents(amount),
                "disputed": False,
            }
        )
        self.charge += 1

    def earn(self, guest_id: str, day: str, kind: str, points: int, confirmation) -> None:
        entry_id = f"LE-{self.entry}"
        self.ledger[entry_id] = {
            "entry_id": entry_id,
            "guest_id": guest_id,
            "date": day,
            "kind": kind,
            "points": points,
            "confirmation": confirmation,
        }
        self.entry += 1

    def cast_stay(self, row: CastStay) -> dict:
        return self.stay(
            row.confirmation,
            row.guest_id,
            row.property_id,
            row.room_type,
            row.rooms,
            row.check_in,
            row.check_out,
            row.rate_plan,
            row.status,
            row.rates,
            row.points_posted,
        )

    def stay(
        self,
        confirmation,
        guest_id,
        property_id,
        code,
        rooms,
        check_in,
        check_out,
        plan,
        status,
        rates=None,
        posted=True,
    ) -> dict:
        guest, room = self.guests[guest_id], self.room(property_id, code)
        stay = nights(check_in, check_out)
        rates = rates or [plan_rate(room, night, plan) for night in stay]
        room_total = cents(sum(rates) * rooms)
        points = award_points(len(stay), rooms) if plan == "award" else 0
        booking = {
            "confirmation": confirmation,
            "guest_id": guest_id,
            "guest_name": guest["name"],
            "property_id": property_id,
            "room_type": code,
            "rooms": rooms,
            "check_in": check_in,
            "check_out": check_out,
            "rate_plan": plan,
            "nightly_rates": rates,
            "room_total": room_total,
            "tax": tax_on(room_total),
            "total": cents(room_total + tax_on(room_total)),
            "points_redeemed": points,
            "card_id": guest["cards"][-1]["card_id"],
            "status": status,
            "cancellation_fee": 0.0,
            "upgraded_from": None,
            "late_checkout": None,
            "requests": [],
            "folio": [],
        }
        if status in ("checked_in", "checked_out"):
            for night, rate in zip(stay, rates):
                if night < TODAY and rate:
                    self.line(booking, "room", f"Room, {ROOMS[code][0]}", rate * rooms, night)
                    self.line(booking, "tax", "Room tax 14%", tax_on(cents(rate * rooms)), night)
        if status == "checked_out" and guest["loyalty_number"] and plan != "award" and posted:
            self.earn(guest_id, check_out, "earn", int(room_total * 10), confirmation)
        if points:
            self.earn(guest_id, TODAY if status == "confirmed" else check_in, "redeem", -points, confirmation)
        self.reservations[confirmation] = booking
        return booking


def _filler_guests(rng: random.Random, guests: dict) -> None:
    cast_names = [guest["name"] for guest in guests.values()]
    for number in range(1024, 1420):
        name = rng.choice(cast_names) if number % 37 == 0 else f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        _filler_guest(rng, guests, f"G{number}", name)


def _filler_guest(rng: random.Random, guests: dict, guest_id: str, name: str) -> None:
    """A guest's tier, loyalty number, points, cards, preferences and ZIP code."""
    used = {guest["loyalty_number"] for guest in guests.values()}
    tier = rng.choice(TIERS)
    loyalty = None
    while tier != "none" and (loyalty is None or loyalty in used):
        loyalty = f"LK{rng.randint(10000000, 99999999)}"
    ceiling = {"none": 1, "member": 30000, "silver": 60000, "gold": 120000}.get(tier, 250000)
    points = 0 if tier == "none" else rng.randrange(0, ceiling, 100)
    cards = [
        (
            rng.choice(["Visa", "Mastercard", "Amex"]),
            f"{rng.randint(0, 9999):04d}",
            f"{rng.randint(2026, 2029)}-{rng.randint(1, 12):02d}",
        )
        for _ in range(rng.randint(1, 2))
    ]
    preferences = sorted(
        rng.sample(["quiet_room", "high_floor", "feather_free", "extra_pillows", "king_bed"], rng.randint(0, 2))
    )
    guests[guest_id] = _guest(guest_id, name, tier, loyalty, rng.choice(ZIPS), points, preferences, cards)


def _filler_stays(
    rng: random.Random, build: _Builder, filler_guests: list[str], stays: int, number: int, request_ids: Iterator[str]
) -> None:
    """Past and future stays of filler guests, from ``LK-<number>`` on; future ones at the filler
    hotels only, so the cast hotels' availability is what the tasks say."""
    start = date(2025, 5, 1)
    plans = ["flexible"] * 5 + ["member"] * 3 + ["advance_purchase"] * 2 + ["award"]
    for _ in range(stays):
        guest_id = rng.choice(filler_guests)
        guest = build.guests[guest_id]
        check_in = start + timedelta(days=rng.randint(0, 270))
        length = rng.choice([1, 1, 2, 2, 2, 3, 3, 4, 5])
        check_out = check_in + timedelta(days=length)
        future = check_out.isoformat() > TODAY
        property_id = f"P{rng.randint(9, 20):02d}" if future else f"P{rng.randint(1, 20):02d}"
        plan = rng.choice(plans)
        if plan in ("member", "award") and guest["tier"] == "none":
            plan = "flexible"
        if check_in.isoformat() > TODAY:
            status = rng.choice(["confirmed"] * 6 + ["cancelled"])
        elif future:
            status = "checked_in"
        else:
            status = rng.choice(["checked_out"] * 12 + ["cancelled", "no_show"])
        code = rng.choice(["QN", "QN", "KG", "KG", "DK", "JS"])
        booking = build.stay(
            f"LK-{number}", guest_id, property_id, code, 1, check_in.isoformat(), check_out.isoformat(), plan, status
        )
        number += 1
        if status in ("checked_in", "checked_out") and rng.random() < 0.6:
            kind, description, low, high = rng.choice(INCIDENTALS)
            build.line(booking, kind, description, rng.randint(low * 100, high * 100) / 100, check_in.isoformat())
        if status == "cancelled" and plan in ("flexible", "member") and rng.random() < 0.3:
            booking["cancellation_fee"] = cents(booking["nightly_rates"][0] + tax_on(booking["nightly_rates"][0]))
        if rng.random() < 0.3:
            request_type = rng.choice(REQUESTS)
            request_id = next(request_ids)
            build.requests[request_id] = {
                "request_id": request_id,
                "confirmation": booking["confirmation"],
                "request_type": request_type,
                "quantity": 1,
                "status": "requested" if future else "fulfilled",
            }
            booking["requests"].append(request_id)


def _closed_cases(rng: random.Random, build: _Builder, stays: list[dict], cases: int, first: int) -> dict:
    """Settled feedback cases on some of these checked-out cash stays, from ``FC-<first>`` on."""
    closed = {}
    for number, booking in enumerate(rng.sample(stays, cases), first):
        category = rng.choice(["noise", "cleanliness", "room_defect", "service", "noise", "cleanliness"])
        severity = rng.choice(["minor", "minor", "major"])
        night = booking["check_in"]
        if severity == "minor" and build.guests[booking["guest_id"]]["loyalty_number"]:
            given = {"kind": "points", "amount": 2500.0, "date": booking["check_out"]}
            build.earn(booking["guest_id"], booking["check_out"], "compensation", 2500, booking["confirmation"])
        else:
            given = {
                "kind": "credit",
                "amount": 25.0 if severity == "minor" else cents(booking["nightly_rates"][0] / 2),
                "date": booking["check_out"],
            }
        case_id = f"FC-{number}"
        closed[case_id] = {
            "case_id": case_id,
            "guest_id": booking["guest_id"],
            "confirmation": booking["confirmation"],
            "category": category,
            "severity": severity,
            "night": night,
            "description": f"Guest reported a {severity} {category.replace('_', ' ')} issue",
            "transport_cost": 0.0,
            "opened_at": f"{booking['check_out']} 10:00",
            "status": "closed",
            "compensation": [given],
            "closed_on": booking["check_out"],
        }
    return closed


def _settled(stays: Iterable[dict]) -> list[dict]:
    return [booking for booking in stays if booking["status"] == "checked_out" and booking["rate_plan"] != "award"]


def _partner_points(rng: random.Random, build: _Builder, guest_ids: list[str]) -> None:
    for guest_id in [key for key in guest_ids if build.guests[key]["loyalty_number"]]:
        for _ in range(rng.randint(0, 3)):
            day = (date(2025, 6, 1) + timedelta(days=rng.randint(0, 180))).isoformat()
            build.earn(guest_id, day, "earn", rng.randrange(500, 5000, 250), None)  # partner and promotion points


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    cast = load_cast(__package__, CAST)
    hotels = {hotel.property_id: hotel.model_dump() for hotel in cast["hotels"]}
    for number, (city, area) in enumerate(CITIES, 9):
        weekday = rng.randrange(129, 279, 10) - 1
        rooms = {
            "QN": (weekday, weekday + 30, rng.randint(25, 45)),
            "KG": (weekday + 20, weekday + 50, rng.randint(20, 40)),
            "DK": (weekday + 60, weekday + 90, rng.randint(8, 14)),
            "JS": (weekday + 170, weekday + 210, rng.randint(3, 6)),
            "AK": (weekday + 20, weekday + 50, rng.randint(2, 4)),
        }
        hotels[f"P{number:02d}"] = _hotel(f"P{number:02d}", f"Larkspur {city} {area}", city, rng.random() < 0.5, rooms)
    guests = {guest.guest_id: guest.model_dump() for guest in cast["guests"]}
    _filler_guests(rng, guests)
    build = _Builder(hotels, guests)
    for row in cast["stays"]:
        build.cast_stay(row)
    for extra in cast["folio_extras"]:
        build.line(build.reservations[extra.confirmation], extra.kind, extra.description, extra.amount, extra.date)
    _filler_stays(rng, build, [key for key in guests if key >= "G1024"], 1000, 400001, (f"RQ-{n}" for n in count(6001)))
    _partner_points(rng, build, list(guests))
    cases = {case.case_id: case.model_dump() for case in cast["cases"]}
    filler_stays = [booking for booking in _settled(build.reservations.values()) if booking["guest_id"] >= "G1024"]
    cases.update(_closed_cases(rng, build, filler_stays, 110, 2001))
    counters = {
        "next_charge_number": build.charge,
        "next_entry_number": build.entry,  # what the tools number from
        "next_request_number": 6001 + len(build.requests),
    }
    build.charge, build.entry = LATER_CHARGES, LATER_ENTRIES
    _points_and_responses(cast, build, guests, cases)
    _tier_bonuses(build, list(build.ledger.values()))
    _grow(build, guests, cases)
    ledger = dict(sorted(build.ledger.items(), key=lambda item: (item[1]["date"], item[0])))
    return {
        "today": TODAY,
        "now": NOW,
        "next_confirmation_number": 500200,
        **counters,
        "guests": guests,
        "properties": hotels,
        "reservations": build.reservations,
        "requests": build.requests,
        "feedback_cases": cases,
        "loyalty_ledger": ledger,
    }


def _points_and_responses(cast: dict[str, list], build: _Builder, guests: dict, cases: dict) -> None:
    """The guests, stays and open cases of the loyalty-points and response-time tasks."""
    guests.update({guest.guest_id: guest.model_dump() for guest in cast["points_guests"]})
    for row in cast["points_stays"]:
        build.cast_stay(row)
    cases.update({case.case_id: case.model_dump() for case in cast["response_cases"]})


def _grow(build: _Builder, guests: dict, cases: dict) -> None:
    """More filler toward the brief's sizes, drawn after everything else from streams of its own:
    guests named by the kit's Population (a tenth of them namesakes of earlier guests), their
    stays, requests and settled cases drawn as the first filler's were."""
    rng, people = random.Random(SEED + 1), Population(SEED + 2, TODAY)
    for guest in guests.values():
        first, _, last = guest["name"].partition(" ")
        people.know(first, last, sex="")  # the desk does not record it
    for number in GROWN_GUESTS:
        _filler_guest(rng, guests, f"G{number}", people.person("555").name)
    grown = [f"G{number}" for number in GROWN_GUESTS]
    first_stay, first_entry = len(build.reservations), len(build.ledger)
    _filler_stays(rng, build, grown, GROWN_STAYS, 401001, (f"RQ-{n}" for n in count(1001)))
    _partner_points(rng, build, grown)
    cases.update(_closed_cases(rng, build, _settled(list(build.reservations.values())[first_stay:]), GROWN_CASES, 2111))
    _tier_bonuses(build, list(build.ledger.values())[first_entry:])


def _tier_bonuses(build: _Builder, entries: list[dict]) -> None:
    """The tier bonus of each stay's points among these entries, posted at check-out beside
    them: silver 10%, gold 25%, platinum 50% of them, rounded down."""
    for entry in [entry for entry in entries if entry["kind"] == "earn" and entry["confirmation"]]:
        bonus = int(entry["points"] * TIER_BONUS.get(build.guests[entry["guest_id"]]["tier"], 0.0) + 1e-6)
        if bonus:
            build.earn(entry["guest_id"], entry["date"], "bonus", bonus, entry["confirmation"])

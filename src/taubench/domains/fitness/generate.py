"""The fitness chain's database: the hand-written cast (``data/cast.json``) plus seeded
filler, so that look-ups have namesakes to miss, timetables have other classes and logs have
history (including duplicate imports from watches). What came later (the members' weigh-ins,
the members the weigh-in tasks are about, a second filler) draws from streams of its own after
the first stream's draws, so that every record drawn before it keeps its values.

The cast: members with their traps (namesakes, a freeze within the year, a term about to end,
a weekly cap reached, three no-shows, a knee injury, a health-screening "yes"), each written
as what differs from ``MEMBER_DEFAULTS``; the classes (some filled to capacity by filler
members) and bookings the tasks are about; activities, among them a watch and an app importing
the same run; the routine library (the first twenty written by hand, sixty more drawn once per
goal, with the equipment a goal uses and the injuries its load rules out); the trainers; PT
packages with their completed and booked sessions; the members added with the measurements
(``measured_members``: a home-scale reading too far from the club scale's, a body-fat figure
seen only once) and the weigh-ins their progress figures come from."""

import math
import random
from datetime import date, timedelta
from functools import cache
from statistics import NormalDist
from typing import Any

from pydantic import BaseModel

from taubench.domains.fitness.cast_rows import (
    CastActivity,
    CastBooking,
    CastClass,
    CastMeasurement,
    CastMember,
    CastPackage,
    CastTrainer,
)
from taubench.domains.fitness.models import Club, Routine
from taubench.domains.fitness.terms import DUES, PT_VALID_DAYS, add_days, add_months, days_between
from taubench.domains.kit import Population, load_cast
from taubench.domains.kit.population import WOMEN

SEED = 2025
MEMBER_DEFAULTS: dict[str, Any] = {
    "zip_code": "97201",
    "home_club": "C01",
    "tier": "plus",
    "contract": "monthly",
    "contract_end": None,
    "next_billing_date": "2025-02-05",
    "status": "active",
    "cancel_effective": None,
    "parq_yes": False,
    "physician_clearance": False,
    "injuries": [],
    "logging_since": "2024-06-03",
    "freezes": [],
    "goals": [],
    "routine": None,
    "pending_tier": None,
}
CAST_SECTIONS: dict[str, type[BaseModel]] = {
    "clubs": Club,
    "members": CastMember,
    "measured_members": CastMember,
    "classes": CastClass,
    "bookings": CastBooking,
    "activities": CastActivity,
    "routines": Routine,
    "trainers": CastTrainer,
    "pt_packages": CastPackage,
    "measurements": CastMeasurement,
}
NOW = "2025-01-21T10:00"
TODAY = NOW[:10]
FILLER_MEMBERS = 300
MORE_MEMBERS, MORE_PACKAGES = 325, 180  # the second filler
EARLIER_TIMETABLE = ("2024-11-04", "2024-12-15")  # the weeks before TIMETABLE
TIMETABLE = ("2024-12-16", "2025-02-02")
WEEKDAY_TIMES, WEEKEND_TIMES = ("06:30", "12:15", "17:30", "19:00"), ("12:15", "17:30")
CLASS_TYPES = ("spin", "yoga", "hiit", "pilates", "boxing", "strength")
INSTRUCTORS = (
    "Tessa Moreno",
    "Rob Lindgren",
    "Kai Ferris",
    "Ana Pires",
    "Lila Chen",
    "June Park",
    "Marcus Dey",
    "Sven Aalto",
    "Nadia Quist",
    "Eli Brennan",
)
PAST_STATUSES = ("attended", "no_show", "late_cancel", "cancelled")
CAPACITY = {"spin": 20, "yoga": 18, "hiit": 16, "pilates": 14, "boxing": 16, "strength": 12}
TRAINER_HOURS = {"weekday": ("07:00", "08:00", "11:00", "12:00", "17:00", "18:00"), "saturday": ("09:00", "10:00")}
FIRST = (
    "Alex",
    "Bianca",
    "Carlos",
    "Dana",
    "Erik",
    "Farah",
    "George",
    "Helen",
    "Ivan",
    "Jade",
    "Kevin",
    "Laura",
    "Mateo",
    "Nadia",
    "Oliver",
    "Paige",
    "Quentin",
    "Rosa",
    "Simon",
    "Tara",
    "Umar",
    "Vera",
    "Wes",
    "Yara",
    "Zach",
    "Priya",
    "James",
    "Maria",
    "Rachel",
    "Sam",
    "Nora",
    "Omar",
)
LAST = (
    "Anders",
    "Baker",
    "Chavez",
    "Dubois",
    "Evans",
    "Flores",
    "Gupta",
    "Hughes",
    "Ito",
    "Jensen",
    "Khan",
    "Larsen",
    "Moreno",
    "Nguyen",
    "Obi",
    "Perez",
    "Reed",
    "Sato",
    "Torres",
    "Usman",
    "Vance",
    "Wong",
    "Young",
    "Zimmer",
    "Raman",
    "Miller",
    "Lopez",
    "Kim",
    "Patel",
    "Quinn",
    "Haddad",
)
ZIPS = ("97201", "97202", "97205", "97209", "97214", "97005", "97008", "97030", "97124", "97229")
INJURIES = ("knee", "back", "shoulder")
ADULT_WEIGHT_KG = NormalDist(mu=math.log(75), sigma=0.18)  # of log weight: median 75 kg, 90% within 56-101 kg
GOAL_METRICS = ("body_weight_kg", "longest_run_km", "weekly_distance_km", "sessions_per_week")
ACTIVITY_SHAPES = {  # activity -> (minutes range, km per minute range, heart-rate range)
    "run": ((20, 75), (0.15, 0.19), (138, 165)),
    "ride": ((30, 110), (0.35, 0.45), (118, 150)),
    "swim": ((20, 50), (0.035, 0.045), (115, 145)),
    "walk": ((25, 70), (0.08, 0.1), (95, 118)),
    "row": ((15, 45), (0.18, 0.22), (125, 155)),
    "strength": ((30, 70), None, (100, 130)),
}


def _days(first: str, last: str) -> list[str]:
    start, end = date.fromisoformat(first), date.fromisoformat(last)
    return [(start + timedelta(days=offset)).isoformat() for offset in range((end - start).days + 1)]


@cache
def _cast() -> dict[str, list]:
    return load_cast(__package__, CAST_SECTIONS)


def _cast_member(row: CastMember) -> dict:
    """A cast member's record: the defaults, with what the cast says differs."""
    differs = row.model_dump(exclude_unset=True, exclude={"member_id", "name", "birth_date", "weight_kg"})
    record = {
        "member_id": row.member_id,
        "name": row.name,
        "birth_date": row.birth_date,
        **MEMBER_DEFAULTS,
        "weight_kg": row.weight_kg,
        **differs,
    }
    record["monthly_dues"] = DUES[record["tier"]]
    return record


def _members(rng: random.Random) -> dict[str, dict]:
    members = {row.member_id: _cast_member(row) for row in _cast()["members"]}
    cast_names = [row.name for row in _cast()["members"]]
    for number in range(20100, 20100 + FILLER_MEMBERS):
        # one in ten shares a cast member's name, with another birth date: identity needs both
        name = rng.choice(cast_names) if number % 10 == 0 else f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        members[f"M{number}"] = _member_drawn(rng, f"M{number}", name)
    return members


def _member_drawn(rng: random.Random, member_id: str, name: str, born: str | None = None) -> dict:
    """A filler member's terms, drawn in the order they always were (a birth date too, unless given)."""
    tier = rng.choices(("basic", "plus", "premium"), weights=(5, 4, 2))[0]
    contract = rng.choice(("monthly", "monthly", "annual"))
    status = rng.choices(("active", "frozen", "cancelled"), weights=(90, 5, 5))[0]
    freezes = []
    if status == "frozen" or rng.random() < 0.1:
        start = f"2024-{rng.randint(2, 8):02d}-{rng.randint(1, 28):02d}"
        months = rng.randint(1, 3)
        freezes = [{"start_date": start, "end_date": "", "months": months, "fee": 10.0 * months}]
    born = born or f"{rng.randint(1955, 2004)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    return {
        "member_id": member_id,
        "name": name,
        "birth_date": born,
        **MEMBER_DEFAULTS,
        "zip_code": rng.choice(ZIPS),
        "home_club": rng.choice(_cast()["clubs"]).club_id,
        "tier": tier,
        "monthly_dues": DUES[tier],
        "contract": contract,
        "contract_end": f"2025-{rng.randint(2, 12):02d}-{rng.choice((14, 28))}" if contract == "annual" else None,
        "next_billing_date": add_days(TODAY, rng.randint(1, 30)),
        "status": status,
        "cancel_effective": add_days(TODAY, -rng.randint(1, 60)) if status == "cancelled" else None,
        "weight_kg": _adult_weight(rng.random()),
        "parq_yes": rng.random() < 0.12,
        "physician_clearance": rng.random() < 0.3,
        "injuries": [rng.choice(INJURIES)] if rng.random() < 0.15 else [],
        "freezes": freezes,
        "goals": [],
    }


def _adult_weight(draw: float) -> float:
    """A weight in kg from one uniform draw, skewed to the heavy side as adults' weights are
    (one draw, so that the rest of the filler keeps its values)."""
    return round(math.exp(ADULT_WEIGHT_KG.inv_cdf(min(max(draw, 0.001), 0.999))), 1)


def _fix_freezes(members: dict[str, dict]) -> None:
    """Filler freezes get their end date; a frozen member's freeze is moved to have begun lately."""
    for member in members.values():
        for freeze in member["freezes"]:
            if not freeze["end_date"]:
                if member["status"] == "frozen":  # a current freeze: it started within the last month
                    freeze["start_date"] = add_days(TODAY, -(int(member["member_id"][1:]) % 25 + 1))
                freeze["end_date"] = add_months(freeze["start_date"], freeze["months"])


def _activity(rng: random.Random, member_id: str, day: str, source: str) -> dict:
    kind = rng.choice(tuple(ACTIVITY_SHAPES))
    minutes_range, pace, heart = ACTIVITY_SHAPES[kind]
    minutes = rng.randint(*minutes_range)
    start = f"{rng.randint(6, 19):02d}:{rng.choice(('00', '15', '30', '45'))}"
    return {
        "member_id": member_id,
        "activity_type": kind,
        "date": day,
        "start_time": start,
        "duration_min": minutes,
        "distance_km": round(minutes * rng.uniform(*pace), 1) if pace else None,
        "avg_hr": rng.randint(*heart) if rng.random() < 0.85 else None,
        "source": source,
    }


def _activities(rng: random.Random, members: dict[str, dict]) -> dict[str, dict]:
    rows = []
    cast_ids = {row.member_id for row in _cast()["members"]}
    for member_id, member in members.items():
        if member_id in cast_ids:  # history before the weeks the tasks look at
            first = member["logging_since"]
            later = _days(add_days(first, 1), "2024-12-20")
            days = [first] + sorted(rng.sample(later, k=min(6, len(later))))
        else:
            days = sorted(rng.sample(_days("2024-08-01", "2025-01-20"), k=rng.randint(5, 11)))
        for day in days:
            activity = _activity(rng, member_id, day, rng.choice(("watch", "watch", "app")))
            rows.append(activity)
            if member_id not in cast_ids and rng.random() < 0.03:  # a watch and its phone app both imported it
                rows.append({**activity, "source": "app"})
        if member_id not in cast_ids:
            member["logging_since"] = days[0]
    rows += [row.model_dump() for row in _cast()["activities"]]
    rows.sort(key=lambda row: (row["date"], row["start_time"], row["member_id"]))
    return {f"A{100001 + index}": {"activity_id": f"A{100001 + index}", **row} for index, row in enumerate(rows)}


def _timetable(rng: random.Random, days: list[str], number: int, taken: set[tuple[str, str]]) -> dict[str, dict]:
    """Every club's classes on these days, numbered from ``number``, skipping a type on a day the
    cast already holds one of."""
    classes = {}
    for day in days:
        weekend = date.fromisoformat(day).weekday() >= 5
        for club_id in [club.club_id for club in _cast()["clubs"]]:
            for hour in WEEKEND_TIMES if weekend else WEEKDAY_TIMES:
                kind = rng.choice(CLASS_TYPES)
                if (day, kind) in taken:
                    continue
                classes[f"K{number}"] = {
                    "class_id": f"K{number}",
                    "club_id": club_id,
                    "class_type": kind,
                    "start": f"{day}T{hour}",
                    "duration_min": 45 if kind in ("spin", "hiit") else 60,
                    "instructor": rng.choice(INSTRUCTORS),
                    "capacity": CAPACITY[kind],
                }
                number += 1
    return classes


def _classes(rng: random.Random) -> dict[str, dict]:
    cast = _cast()["classes"]
    classes = _timetable(rng, _days(*TIMETABLE), 10001, {(row.start[:10], row.class_type) for row in cast})
    for row in cast:
        classes[row.class_id] = {
            "class_id": row.class_id,
            "club_id": row.club_id,
            "class_type": row.class_type,
            "start": row.start,
            "duration_min": 45 if row.class_type in ("spin", "hiit") else 60,
            "instructor": row.instructor,
            "capacity": row.capacity,
        }
    return classes


def _booking(booking_id: str, member_id: str, gym_class: dict, status: str) -> dict:
    return {
        "booking_id": booking_id,
        "member_id": member_id,
        "class_id": gym_class["class_id"],
        "class_type": gym_class["class_type"],
        "club_id": gym_class["club_id"],
        "class_start": gym_class["start"],
        "status": status,
        "fee": 10.0 if status == "late_cancel" else 0.0,
    }


def _bookings(rng: random.Random, classes: dict[str, dict], filler: list[str]) -> dict[str, dict]:
    bookings = {}
    number = 10001
    for class_id, gym_class in classes.items():
        if class_id.startswith("K9"):
            continue
        past = gym_class["start"] < NOW
        for member_id in rng.sample(filler, k=rng.randint(0, 5)):
            status = rng.choices(PAST_STATUSES, weights=(80, 7, 5, 8))[0] if past else "booked"
            bookings[f"B{number}"] = _booking(f"B{number}", member_id, gym_class, status)
            number += 1
    for row in _cast()["bookings"]:
        bookings[row.booking_id] = _booking(row.booking_id, row.member_id, classes[row.class_id], row.status)
    for row in _cast()["classes"]:
        if row.full:
            for member_id in rng.sample(filler, k=row.capacity):
                bookings[f"B{number}"] = _booking(f"B{number}", member_id, classes[row.class_id], "booked")
                number += 1
    return bookings


def _trainers() -> dict[str, dict]:
    trainers = {}
    for row in _cast()["trainers"]:
        slots = []
        for day in _days(TODAY, "2025-02-04"):
            weekday = date.fromisoformat(day).weekday()
            hours = TRAINER_HOURS["weekday"] if weekday < 5 else TRAINER_HOURS["saturday"] if weekday == 5 else ()
            slots += [f"{day}T{hour}" for hour in hours]
        trainers[row.trainer_id] = {**row.model_dump(), "working_slots": slots}
    return trainers


def _packages(
    rng: random.Random, filler: list[str], trainers: dict[str, dict]
) -> tuple[dict[str, dict], dict[str, dict]]:
    packages, sessions = {}, {}
    numbers = {"P9": 9001, "P3": 10001}  # cast sessions, filler sessions
    rows = [
        (
            row.package_id,
            row.member_id,
            row.trainer_id,
            row.purchased,
            row.sessions_total,
            row.price,
            row.completed,
            row.booked,
        )
        for row in _cast()["pt_packages"]
    ]
    for number, member_id in enumerate(rng.sample(filler, k=130), start=3001):
        trainer_id = rng.choice(("T06", "T07", "T08", "T09", "T10"))
        bought = add_days(TODAY, -rng.randint(5, 150))
        total = rng.choice((5, 8, 10))
        expires = add_days(bought, PT_VALID_DAYS)
        latest = min(85, (date.fromisoformat(TODAY) - date.fromisoformat(bought)).days - 1)
        done = sorted(
            {
                f"{add_days(bought, rng.randint(1, latest))}T{rng.choice(TRAINER_HOURS['weekday'])}"
                for _ in range(rng.randint(0, total - 2))
            }
        )
        open_slots = [slot for slot in trainers[trainer_id]["working_slots"] if slot[:10] <= expires and slot > NOW]
        booked = [rng.choice(open_slots)] if open_slots and rng.random() < 0.4 else []
        rows.append((f"P{number}", member_id, trainer_id, bought, total, round(total * 67.0, 2), done, booked))
    taken: set[tuple[str, str]] = set()
    for package_id, member_id, trainer_id, bought, total, price, done, booked in rows:
        booked = [slot for slot in booked if (trainer_id, slot) not in taken]
        taken |= {(trainer_id, slot) for slot in booked}
        packages[package_id] = {
            "package_id": package_id,
            "member_id": member_id,
            "trainer_id": trainer_id,
            "purchased": bought,
            "expires": add_days(bought, PT_VALID_DAYS),
            "sessions_total": total,
            "sessions_used": len(done) + len(booked),
            "price": price,
        }
        for slot, status in [(slot, "completed") for slot in done] + [(slot, "booked") for slot in booked]:
            session_id = f"S{numbers[package_id[:2]]}"
            numbers[package_id[:2]] += 1
            sessions[session_id] = {"session_id": session_id, "package_id": package_id, "slot": slot, "status": status}
    return packages, sessions


def _charges(bookings: dict[str, dict], members: dict[str, dict], start: int = 10001) -> dict[str, dict]:
    rows = [
        (booking["member_id"], booking["class_start"][:10], "late_cancel", 10.0)
        for booking in bookings.values()
        if booking["status"] == "late_cancel"
    ]
    rows += [
        (member_id, freeze["start_date"], "freeze_fee", freeze["fee"])
        for member_id, member in members.items()
        for freeze in member["freezes"]
    ]
    rows.sort()
    return {
        f"CH{start + index}": {
            "charge_id": f"CH{start + index}",
            "member_id": member_id,
            "date": day,
            "kind": kind,
            "amount": amount,
        }
        for index, (member_id, day, kind, amount) in enumerate(rows)
    }


def _filler_goals(members: dict[str, dict], seed: int = SEED + 1, number: int = 1001, first: str = "M20100") -> int:
    """Goals in half the filler members' apps (those from ``first`` on), from a generator of their
    own so that the rest of the filler does not move when goals change; returns the next number."""
    rng = random.Random(seed)
    for member_id, member in members.items():
        if member_id < first or rng.random() < 0.5:
            continue
        metric = rng.choice(GOAL_METRICS)
        target = {
            "body_weight_kg": round(member["weight_kg"] * 0.95, 1),
            "longest_run_km": float(rng.choice((5, 10, 21))),
            "weekly_distance_km": float(rng.choice((15, 20, 30))),
            "sessions_per_week": float(rng.randint(2, 5)),
        }[metric]
        set_on, deadline = add_days(TODAY, -rng.randint(10, 120)), add_days(TODAY, rng.randint(20, 200))
        member["goals"] = [
            {
                "goal_id": f"G{number}",
                "metric": metric,
                "target": target,
                "deadline": deadline,
                "set_on": set_on,
                "status": "active",
            }
        ]
        number += 1
    return number


def _measured_members(members: dict[str, dict]) -> list[dict]:
    """The members the weigh-in tasks are about, after the filler, each with a little history in
    the log; returns its activities."""
    rng, rows = random.Random(SEED + 4), []
    for row in _cast()["measured_members"]:
        member_id = row.member_id
        members[member_id] = _cast_member(row)
        first = members[member_id]["logging_since"]
        for day in [first, *sorted(rng.sample(_days(add_days(first, 1), "2025-01-19"), k=8))]:
            rows.append(_activity(rng, member_id, day, rng.choice(("watch", "watch", "app"))))
    return rows


def _more_members(members: dict[str, dict]) -> list[dict]:
    """The second filler's members: 325 from the kit's Population (everyone before them known to
    it, so a tenth share someone's name, never with their birth date), their terms drawn as the
    first filler's were, each training regularly since August; returns their activities."""
    people = Population(SEED + 5, TODAY)
    for member in members.values():
        first, _, last = member["name"].partition(" ")
        people.know(first, last, "F" if first in WOMEN else "M")
    rng, taken, rows = people.rng, {(member["name"], member["birth_date"]) for member in members.values()}, []
    for number in range(20100 + FILLER_MEMBERS, 20100 + FILLER_MEMBERS + MORE_MEMBERS):
        person = people.person("503", ages=(18, 70))
        while (person.name, person.birth_date) in taken:
            person = people.person("503", ages=(18, 70))
        taken.add((person.name, person.birth_date))
        member = members[f"M{number}"] = _member_drawn(rng, f"M{number}", person.name, person.birth_date)
        days = sorted(rng.sample(_days("2024-08-01", "2025-01-20"), k=rng.randint(20, 40)))
        member["logging_since"] = days[0]
        for day in days:
            rows.append(_activity(rng, member["member_id"], day, rng.choice(("watch", "watch", "app"))))
            if rng.random() < 0.03:  # a watch and its phone app both imported it
                rows.append({**rows[-1], "source": "app"})
    return rows


def _earlier_classes(db: dict[str, dict], added: list[str]) -> None:
    """Six weeks of timetable before the first filler's (numbered below it), booked by the active
    filler members old and new, with the late cancellations' charges and the new members'
    freeze fees (numbered below the first filler's too, as older records), half the new members'
    goals and PT packages with their completed sessions, each from a stream of its own."""
    rng = random.Random(SEED + 6)
    members = db["members"]
    classes = _timetable(rng, _days(*EARLIER_TIMETABLE), 1001, set())
    db["classes"].update(classes)
    active = sorted(key for key, member in members.items() if key >= "M20100" and member["status"] != "cancelled")
    bookings, number = {}, 1001
    for gym_class in classes.values():
        for member_id in rng.sample(active, k=rng.randint(2, 6)):
            status = rng.choices(PAST_STATUSES, weights=(80, 7, 5, 8))[0]
            bookings[f"B{number}"] = _booking(f"B{number}", member_id, gym_class, status)
            number += 1
    db["bookings"].update(bookings)
    db["charges"].update(_charges(bookings, {key: members[key] for key in added}, 1001))
    _filler_goals(members, SEED + 7, 101, added[0])
    session_number = 10001 + sum(key.startswith("S1") for key in db["pt_sessions"])
    for number, member_id in enumerate(random.Random(SEED + 8).sample(added, k=MORE_PACKAGES), start=3131):
        bought, total = add_days(TODAY, -rng.randint(30, 170)), rng.choice((5, 8, 10))
        latest = min(85, days_between(bought, TODAY) - 1)
        done = sorted(
            {
                f"{add_days(bought, rng.randint(1, latest))}T{rng.choice(TRAINER_HOURS['weekday'])}"
                for _ in range(rng.randint(1, total))
            }
        )
        trainer = rng.choice(("T06", "T07", "T08", "T09", "T10"))
        package = {
            "package_id": f"P{number}",
            "member_id": member_id,
            "trainer_id": trainer,
            "purchased": bought,
            "expires": add_days(bought, PT_VALID_DAYS),
            "sessions_total": total,
            "sessions_used": len(done),
            "price": round(total * 67.0, 2),
        }
        db["pt_packages"][package["package_id"]] = package
        for slot in done:
            db["pt_sessions"][f"S{session_number}"] = {
                "session_id": f"S{session_number}",
                "package_id": package["package_id"],
                "slot": slot,
                "status": "completed",
            }
            session_number += 1


def _numbered(rows: list[dict], start: int) -> dict[str, dict]:
    """Activities added after the first stream's, in date order, numbered from ``start``: below
    its numbers, so that they and the log's counter stay as they were."""
    rows = sorted(rows, key=lambda row: (row["date"], row["start_time"], row["member_id"]))
    return {f"A{start + index}": {"activity_id": f"A{start + index}", **row} for index, row in enumerate(rows)}


def _measurements(members: dict[str, dict]) -> dict[str, dict]:
    """Weigh-ins: the cast's as written; for two in three other members a series from a stream of
    its own, drifting by a weekly trend and ending at their weight on file (the newest weight is
    the one on file). The club's scales add body fat, trainers' assessments body fat and waist."""
    rng = random.Random(SEED + 2)
    rows = [row.model_dump() for row in _cast()["measurements"]]
    written = {row["member_id"] for row in rows}
    for member_id, member in members.items():
        if member_id in written or rng.random() < 1 / 3:
            continue
        days = sorted(rng.sample(_days("2024-09-02", "2025-01-20"), k=rng.randint(2, 9)))
        weekly, fat, waist_per_kg = rng.uniform(-0.6, 0.3), rng.uniform(14.0, 38.0), rng.uniform(1.0, 1.25)
        for day in days:
            weeks_left = days_between(day, days[-1]) / 7
            drift = 0.0 if day == days[-1] else weekly * weeks_left - rng.uniform(-0.4, 0.4)
            weight = member["weight_kg"] - drift
            source = rng.choice(("scale", "scale", "app", "trainer"))
            rows.append(
                {
                    "member_id": member_id,
                    "date": day,
                    "weight_kg": round(weight, 1),
                    "body_fat_pct": round(fat - 0.3 * weekly * weeks_left, 1) if source != "app" else None,
                    "waist_cm": round(weight * waist_per_kg, 1) if source == "trainer" else None,
                    "source": source,
                }
            )
    rows.sort(key=lambda row: (row["date"], row["member_id"]))
    return {f"MS{10001 + index}": {"measurement_id": f"MS{10001 + index}", **row} for index, row in enumerate(rows)}


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    members = _members(rng)
    _fix_freezes(members)
    filler = sorted(
        member_id for member_id, member in members.items() if member_id >= "M20100" and member["status"] != "cancelled"
    )
    activities = _activities(rng, members)
    classes = _classes(rng)
    bookings = _bookings(rng, classes, filler)
    trainers = _trainers()
    packages, sessions = _packages(rng, filler, trainers)
    charges = _charges(bookings, members)
    next_charge = 10001 + len(charges)
    next_goal = _filler_goals(members)
    routines = {routine.routine_id: routine.model_dump() for routine in _cast()["routines"]}
    next_activity = 100001 + len(activities)
    later = _measured_members(members)
    added = [f"M{number}" for number in range(20100 + FILLER_MEMBERS, 20100 + FILLER_MEMBERS + MORE_MEMBERS)]
    later += _more_members(members)
    _fix_freezes(members)
    activities.update(_numbered(later, 50001))
    _earlier_classes(
        {
            "members": members,
            "classes": classes,
            "bookings": bookings,
            "charges": charges,
            "pt_packages": packages,
            "pt_sessions": sessions,
        },
        added,
    )
    measurements = _measurements(members)
    return {
        "now": NOW,
        "next_activity_number": next_activity,
        "next_booking_number": 20001,
        "next_session_number": 20001,
        "next_goal_number": next_goal,
        "next_charge_number": next_charge,
        "next_measurement_number": 10001 + len(measurements),
        "clubs": {club.club_id: club.model_dump() for club in _cast()["clubs"]},
        "members": members,
        "classes": classes,
        "bookings": bookings,
        "activities": activities,
        "routines": routines,
        "trainers": trainers,
        "pt_packages": packages,
        "pt_sessions": sessions,
        "charges": charges,
        "measurements": measurements,
    }

"""The events desk's database: the hand-written cast the tasks are built around
(``data/cast.json``), plus seeded filler venues, organizers, events, sessions, attendee
accounts (some sharing a cast member's name), registrations with their payments, room holds
and announcements, so that every look-up has records to miss.

The cast: two Data Summits in different cities (and last year's), one account holding a
ticket for a colleague, namesakes, an attendee named like an organizer's contact, events just
inside and just outside each refund tier and the 72-hour transfer line, full workshops with
their repeats and waitlists, an open chargeback, and events whose room holds or
announcements sit at their limits. Its ``added_*`` sections came later (confirming room
holds) and are merged after every seeded draw, so the records before them keep their values:
an organizer with two events, one whose room hold lapsed yesterday, one with two rooms held
on the same day, in no task's search results and no city a task searches.

A second stream (``_grow``, its own seed, drawn after the first) brings the sizes toward the
brief without moving a record of the first or anything a task looks at.
"""

import random
from datetime import date, timedelta
from typing import Any

from pydantic import BaseModel

from taubench.domains.events.models import (
    Announcement,
    Attendee,
    Event,
    Hold,
    Organizer,
    Registration,
    Room,
    Session,
    Template,
    Venue,
)
from taubench.domains.events.pricing import DEPOSIT_SHARE, cents, confirmation_code
from taubench.domains.kit import Population, load_cast

SEED = 2026
NOW = "2025-08-26 10:00"
CAST_SECTIONS: dict[str, type[BaseModel]] = {
    "venues": Venue,
    "rooms": Room,
    "organizers": Organizer,
    "templates": Template,
    "events": Event,
    "sessions": Session,
    "attendees": Attendee,
    "registrations": Registration,
    "holds": Hold,
    "announcements": Announcement,
    "added_venues": Venue,
    "added_rooms": Room,
    "added_organizers": Organizer,
    "added_events": Event,
    "added_holds": Hold,
}
GROWTH_SEED = SEED + 1  # the second stream (_grow), drawn after the first
FIRST_PAYMENT = 90001
FIRST_DEPOSIT = 6001
TODAY = date(2025, 8, 26)
CITIES = [
    "Austin",
    "Denver",
    "Dallas",
    "Seattle",
    "Chicago",
    "New York",
    "San Francisco",
    "Boston",
    "Portland",
    "Atlanta",
    "Miami",
    "Houston",
    "Minneapolis",
    "Phoenix",
    "San Jose",
    "Nashville",
    "Salt Lake City",
    "San Diego",
    "Pittsburgh",
    "Raleigh",
    "Columbus",
    "Kansas City",
]
VENUE_WORDS = ["Riverside", "Harbor", "Summit", "Grand", "Metro", "Union", "Lakeside", "Founders", "Civic", "Pioneer"]
ROOM_WORDS = ["Ballroom", "Hall", "Salon", "Room", "Theater", "Studio"]
TOPICS = [
    "DevOps",
    "Fintech",
    "Marketing",
    "Robotics",
    "Healthcare",
    "Climate",
    "Cybersecurity",
    "Design",
    "Product",
    "Analytics",
    "Mobile",
    "Blockchain",
    "Gaming",
    "EdTech",
    "Legal Tech",
    "Biotech",
    "Logistics",
    "HR Tech",
    "Open Source",
    "Quantum",
    "Space Tech",
    "Retail",
    "Insurance",
    "Real Estate",
]
FORMATS = ["Conference", "Forum", "Expo", "Summit", "Meetup", "Week", "Days", "Symposium"]
FIRST = [
    "Alex",
    "Bianca",
    "Chen",
    "Dmitri",
    "Elena",
    "Farah",
    "Gabriel",
    "Hana",
    "Isaac",
    "Julia",
    "Kenji",
    "Leila",
    "Mateo",
    "Nadia",
    "Oscar",
    "Paula",
    "Quinn",
    "Rosa",
    "Stefan",
    "Tara",
    "Umar",
    "Vera",
    "Wes",
    "Yara",
    "Zoe",
    "Amir",
    "Bruno",
    "Clara",
    "Diego",
    "Erin",
]
LAST = [
    "Alvarez",
    "Becker",
    "Cohen",
    "Dubois",
    "Evans",
    "Fischer",
    "Garcia",
    "Hughes",
    "Ito",
    "Jensen",
    "Kowalski",
    "Lopez",
    "Moreau",
    "Novak",
    "Ortiz",
    "Park",
    "Quinn",
    "Rossi",
    "Singh",
    "Turner",
    "Usman",
    "Vasquez",
    "Walsh",
    "Young",
    "Zhang",
    "Adeyemi",
    "Bauer",
    "Castro",
    "Dalton",
    "Eriksen",
]
NAMESAKES = [
    ("Priya Raman", "Seattle"),
    ("Marcus Lee", "Chicago"),
    ("Emily Watson", "Boston"),
    ("Jordan Avery", "Austin"),
    ("Grace Kim", "Portland"),
    ("Daniel Okafor", "Atlanta"),
    ("Helena Brandt", "Austin"),
    ("Kofi Mensah", "Houston"),
]
SESSION_TITLES = [
    "Opening Keynote",
    "Panel: What Comes Next",
    "Hands-on Lab",
    "Case Study Clinic",
    "Lightning Talks",
    "Deep Dive",
    "Networking Breakfast",
    "Closing Fireside Chat",
]
CAST_EVENT_FILLER = [
    ("E102", 20101, 25),
    ("E101", 20126, 4),
    ("E107", 20130, 4),
    ("E112", 20134, 3),
    ("E110", 20137, 3),
]
MAILS = ["gmail.com", "outlook.com", "yahoo.com", "proton.me", "icloud.com"]
# The second stream's records, numbered apart from the first stream's and from the ids tools mint.
TASK_CITIES = ("Austin", "Dallas")  # the cities whose free rooms tasks search
NEW_VENUES = range(60, 82)
NEW_ACCOUNTS = range(10631, 12501)
NEW_REGISTRATIONS = range(30001, 34424)
FIRST_NEW_PAYMENT = 200001
NEW_ANNOUNCEMENTS = range(8001, 8641)
MINTED_AHEAD = 1000  # confirmation codes kept free for the registrations tools will create
CAST_WOMEN = {
    "Aisha",
    "Beth",
    "Emily",
    "Fatima",
    "Grace",
    "Greta",
    "Hannah",
    "Helena",
    "Ines",
    "Karen",
    "Lucia",
    "Mei",
    "Nora",
    "Olivia",
    "Priya",
    "Sara",
    "Sofia",
}  # the cast's first names that are women's, for the population's namesakes


def _day(value: date) -> str:
    return value.isoformat()


def _table(records: list[BaseModel]) -> dict[str, dict]:
    """Cast records by their id (each model's first field), as plain values."""
    dumps = [record.model_dump() for record in records]
    return {next(iter(dump.values())): dump for dump in dumps}


def _venues(rng: random.Random, cast: dict[str, list]) -> tuple[dict, dict]:
    venues, rooms = _table(cast["venues"]), _table(cast["rooms"])
    for number in range(20, 60):
        venue_id, city = f"V{number}", CITIES[number % len(CITIES)]
        name = f"{rng.choice(VENUE_WORDS)} {rng.choice(['Center', 'Pavilion', 'Hall'])} {city}"
        venues[venue_id] = {
            "venue_id": venue_id,
            "name": name,
            "city": city,
            "address": f"{rng.randint(10, 2999)} {rng.choice(LAST)} Ave",
        }
        for index in range(1, rng.randint(3, 6)):
            capacity = rng.choice([30, 40, 60, 120, 200, 250, 300, 400, 500, 650, 800])
            rooms[f"RM{number}{index}"] = {
                "room_id": f"RM{number}{index}",
                "venue_id": venue_id,
                "name": f"{rng.choice(ROOM_WORDS)} {chr(64 + index)}",
                "capacity": capacity,
                "day_rate": float(round(capacity * rng.uniform(6.5, 9.5), -1)),
            }
    return venues, rooms


def _events(rng: random.Random, cast: dict[str, list], venues: dict, rooms: dict) -> tuple[dict, dict]:
    events, sessions = _table(cast["events"]), _table(cast["sessions"])
    filler_venues = [venue_id for venue_id in venues if venue_id >= "V20"]
    for number in range(119, 421):
        venue_id = rng.choice(filler_venues)
        venue_rooms = [room for room in rooms.values() if room["venue_id"] == venue_id]
        first = TODAY + timedelta(days=rng.randint(-170, 230))
        last = first + timedelta(days=rng.choice([0, 1, 1, 2]))
        status = "completed" if last < TODAY else rng.choice(["on_sale"] * 12 + ["sold_out", "postponed", "cancelled"])
        price = float(rng.choice([49, 79, 99, 149, 199, 249, 299, 349, 399, 449, 499, 599]))
        capacity = rng.choice([150, 200, 300, 400, 600])
        sold = capacity if status == "sold_out" else rng.randint(capacity // 5, capacity - 10)
        early = _day(first - timedelta(days=45)) if rng.random() < 0.4 else None
        tickets = [
            {
                "name": "standard",
                "price": price,
                "early_bird_price": round(price * 0.85) if early else None,
                "early_bird_end": early,
                "capacity": capacity,
                "sold": sold,
            }
        ]
        if rng.random() < 0.6:
            tickets.append(
                {
                    "name": "vip",
                    "price": price * 2 + 100,
                    "early_bird_price": None,
                    "early_bird_end": None,
                    "capacity": capacity // 10,
                    "sold": rng.randint(0, capacity // 10),
                }
            )
        event_id = f"E{number}"
        events[event_id] = {
            "event_id": event_id,
            "name": f"{rng.choice(TOPICS)} {rng.choice(FORMATS)} {first.year}",
            "city": venues[venue_id]["city"],
            "venue_id": venue_id,
            "organizer_id": f"ORG{rng.randint(7, 60):02d}",
            "start": f"{_day(first)} {rng.choice(['08:30', '09:00', '10:00'])}",
            "end_date": _day(last),
            "status": status,
            "expected_attendance": int(capacity * rng.uniform(0.6, 1.0)),
            "service_fee": rng.choice([5.0, 6.0, 8.0, 9.5, 12.0]),
            "ticket_types": tickets,
            "promo_codes": [],
        }
        for index in range(rng.randint(2, 3)):
            room = rng.choice(venue_rooms)
            hour = 9 + 2 * index
            kind = "keynote" if index == 0 else rng.choice(["talk", "workshop"])
            session_id = f"S{number}-{index}"
            sessions[session_id] = {
                "session_id": session_id,
                "event_id": event_id,
                "title": rng.choice(SESSION_TITLES),
                "kind": kind,
                "day": _day(first),
                "start": f"{hour:02d}:00",
                "end": f"{hour + 1:02d}:30",
                "room_id": room["room_id"],
                "capacity": room["capacity"],
                "enrolled": rng.randint(0, room["capacity"]),
                "vip_only": False,
                "waitlist": [],
            }
    return events, sessions


def _attendees(rng: random.Random, cast: dict[str, list]) -> dict:
    attendees = _table(cast["attendees"])
    for number in range(10031, 10631):
        index = number - 10031
        if index < len(NAMESAKES):
            name, city = NAMESAKES[index]
        else:
            name, city = f"{rng.choice(FIRST)} {rng.choice(LAST)}", rng.choice(CITIES)
        email = f"{name.lower().replace(' ', '.').replace(chr(39), '')}{rng.randint(1, 99)}@{rng.choice(MAILS)}"
        kind = rng.choice(["credit_card", "credit_card", "debit_card", "paypal"])
        card = f"{rng.choice(['Visa', 'Mastercard', 'Amex'])} ending {rng.randint(1000, 9999)}"
        text = f"PayPal {email}" if kind == "paypal" else card
        attendees[f"A{number}"] = {
            "attendee_id": f"A{number}",
            "name": name,
            "email": email,
            "phone": f"{rng.randint(201, 989)}-555-{rng.randint(100, 199):04d}",
            "city": city,
            "payment_methods": [{"payment_method_id": f"PM{number}-1", "kind": kind, "description": text}],
        }
    return attendees


def _registration(number: int, event: dict, attendee: dict, rng: random.Random, used: set[str], **fields: Any) -> dict:
    ticket = rng.choice(event["ticket_types"])
    quantity = fields.get("quantity", 1)
    return {
        "registration_id": f"R{number}",
        "confirmation_code": _code(rng, used),
        "event_id": event["event_id"],
        "attendee_id": attendee["attendee_id"],
        "holder_name": attendee["name"],
        "holder_email": attendee["email"],
        "ticket_type": ticket["name"],
        "quantity": quantity,
        "price_paid_per_ticket": ticket["price"],
        "fees_paid_total": round(event["service_fee"] * quantity, 2),
        "discount": "none",
        "promo_code": None,
        "payment_method_id": attendee["payment_methods"][0]["payment_method_id"],
        "purchased": fields["purchased"],
        "status": fields.get("status", "confirmed"),
        "transfers_used": int(rng.random() < 0.05),
        "chargeback_open": rng.random() < 0.01,
        "sessions": [],
        "accommodations": fields.get("accommodations", []),
        "refund_amount": 0.0,
    }


def _code(rng: random.Random, used: set[str]) -> str:
    """A fresh confirmation code, never one already given (the cast's included)."""
    while True:
        code = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(4)) + f"{rng.randint(0, 99):02d}"
        if code not in used:
            used.add(code)
            return code


def _registrations(rng: random.Random, cast: dict[str, list], events: dict, attendees: dict) -> dict:
    registrations = _table(cast["registrations"])
    used = {registration["confirmation_code"] for registration in registrations.values()}
    filler_accounts = [attendee for key, attendee in attendees.items() if key >= "A10031"]
    for event_id, first, count in CAST_EVENT_FILLER:
        for number in range(first, first + count):
            registration = _registration(
                number, events[event_id], rng.choice(filler_accounts), rng, used, purchased="2025-08-01"
            )
            registration["ticket_type"] = "standard"
            registration["price_paid_per_ticket"] = events[event_id]["ticket_types"][0]["price"]
            registrations[registration["registration_id"]] = registration
    filler_events = [event for key, event in events.items() if key >= "E119"]
    for number in range(20140, 21640):
        registration = _filler_registration(number, filler_events, filler_accounts, rng, used)
        registrations[registration["registration_id"]] = registration
    return registrations


def _filler_registration(
    number: int, events: list[dict], accounts: list[dict], rng: random.Random, used: set[str]
) -> dict:
    """A ticket some account bought for one of the filler events, cancelled now and then."""
    event = rng.choice(events)
    start = date.fromisoformat(event["start"][:10])
    purchased = _day(min(start, TODAY) - timedelta(days=rng.randint(1, 120)))
    cancelled = event["status"] == "cancelled" or rng.random() < 0.06
    needs = [rng.choice(["wheelchair_seating", "live_captioning", "quiet_room"])] if rng.random() < 0.04 else []
    fields = {"purchased": purchased, "status": "cancelled" if cancelled else "confirmed", "accommodations": needs}
    registration = _registration(number, event, rng.choice(accounts), rng, used, **fields)
    if cancelled:  # the organizer's cancellation refunds everything; an attendee's, half the ticket (14-29 days out)
        full = event["status"] == "cancelled"
        price = registration["price_paid_per_ticket"]
        refund = price + registration["fees_paid_total"] if full else price / 2
        registration["refund_amount"] = round(refund, 2)
    return registration


def _payments_of(registrations: dict, number: int) -> dict:
    """Each registration's charge, and its refund once cancelled, numbered from ``number``."""
    payments = {}
    for registration in registrations.values():
        paid = registration["price_paid_per_ticket"] * registration["quantity"] + registration["fees_paid_total"]
        entries = [("charge", round(paid, 2), registration["purchased"], "tickets")]
        if registration["status"] == "cancelled" and registration["refund_amount"]:
            entries.append(("refund", registration["refund_amount"], _day(TODAY - timedelta(days=3)), "cancellation"))
        for kind, amount, day, note in entries:
            payments[f"PAY{number}"] = {
                "payment_id": f"PAY{number}",
                "registration_id": registration["registration_id"],
                "kind": kind,
                "amount": amount,
                "date": day,
                "payment_method_id": registration["payment_method_id"],
                "note": note,
            }
            number += 1
    return payments


def _holds_and_announcements(rng: random.Random, cast: dict[str, list], events: dict, rooms: dict) -> tuple[dict, dict]:
    holds, announcements = _table(cast["holds"]), _table(cast["announcements"])
    upcoming = [event for key, event in events.items() if key >= "E119" and event["status"] == "on_sale"]
    for number, event in enumerate(rng.sample(upcoming, 60), 5101):
        room = rng.choice([room for room in rooms.values() if room["venue_id"] == event["venue_id"]])
        status = rng.choice(["confirmed", "confirmed", "expired", "released"])
        holds[f"H{number}"] = {
            "hold_id": f"H{number}",
            "event_id": event["event_id"],
            "room_id": room["room_id"],
            "dates": [event["start"][:10]],
            "status": status,
            "expires": f"{_day(TODAY - timedelta(days=rng.randint(3, 60)))} 12:00",
            "total_rate": room["day_rate"],
        }
    filler_events = [event for key, event in events.items() if key >= "E119"]
    for number in range(7101, 7351):
        event = rng.choice(filler_events)
        template = rng.choice(cast["templates"])
        sent = min(
            TODAY - timedelta(days=1), date.fromisoformat(event["start"][:10]) - timedelta(days=rng.randint(1, 60))
        )
        sold = sum(t["sold"] for t in event["ticket_types"])
        announcements[f"AN{number}"] = {
            "announcement_id": f"AN{number}",
            "event_id": event["event_id"],
            "organizer_id": event["organizer_id"],
            "audience": "all_registrants",
            "kind": template.kind,
            "template_id": template.template_id,
            "sent": _day(sent),
            "recipients": sold,
        }
    return holds, announcements


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    cast = load_cast(__package__, CAST_SECTIONS)
    venues, rooms = _venues(rng, cast)
    organizers = _table(cast["organizers"])
    for number in range(7, 61):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        company = f"{rng.choice(VENUE_WORDS)} {rng.choice(['Events', 'Conferences', 'Productions', 'Live'])}"
        organizers[f"ORG{number:02d}"] = {
            "organizer_id": f"ORG{number:02d}",
            "name": name,
            "company": company,
            "email": f"{name.split()[0].lower()}@{company.lower().replace(' ', '')}.com",
            "pin": f"{rng.randint(0, 9999):04d}",
        }
    templates = _table(cast["templates"])
    events, sessions = _events(rng, cast, venues, rooms)
    attendees = _attendees(rng, cast)
    registrations = _registrations(rng, cast, events, attendees)
    payments = _payments_of(registrations, FIRST_PAYMENT)
    holds, announcements = _holds_and_announcements(rng, cast, events, rooms)
    for table, added in (
        (venues, "added_venues"),
        (rooms, "added_rooms"),
        (organizers, "added_organizers"),
        (events, "added_events"),
        (holds, "added_holds"),
    ):
        table.update(_table(cast[added]))
    deposits = _deposits(holds, events)
    db = {
        "now": NOW,
        "next_registration_number": 21640,
        "next_payment_number": FIRST_PAYMENT + len(payments),
        "next_hold_number": 5201,
        "next_announcement_number": 7401,
        "next_deposit_number": FIRST_DEPOSIT + len(deposits),
        "venues": venues,
        "rooms": rooms,
        "organizers": organizers,
        "templates": templates,
        "events": events,
        "sessions": sessions,
        "attendees": attendees,
        "registrations": registrations,
        "payments": payments,
        "holds": holds,
        "deposits": deposits,
        "announcements": announcements,
    }
    _grow(db, cast, GROWTH_SEED)
    return db


def _deposits(holds: dict, events: dict) -> dict:
    """The deposit that confirmed each confirmed hold, paid the day its courtesy hold ran to."""
    confirmed = [hold for hold in holds.values() if hold["status"] == "confirmed"]
    return {
        f"DEP{number}": {
            "deposit_id": f"DEP{number}",
            "hold_id": hold["hold_id"],
            "organizer_id": events[hold["event_id"]]["organizer_id"],
            "amount": cents(hold["total_rate"] * DEPOSIT_SHARE),
            "date": hold["expires"][:10],
        }
        for number, hold in enumerate(confirmed, FIRST_DEPOSIT)
    }


def _grow(db: dict[str, Any], cast: dict[str, list], seed: int) -> None:
    """Add the second stream's records to the first stream's database, in place."""
    population = Population(seed, TODAY.isoformat())
    for person in [*cast["attendees"], *cast["organizers"], *cast["added_organizers"]]:
        first, last = person.name.split(" ", 1)
        population.know(first, last, "F" if first in CAST_WOMEN else "M")
    population.emails |= {attendee["email"] for attendee in db["attendees"].values()}
    population.phones |= {attendee["phone"] for attendee in db["attendees"].values()}
    rng = population.rng
    _more_venues(db, rng)
    accounts = _more_accounts(db, population)
    _more_registrations(db, rng, accounts)
    _more_sessions(db, rng)
    _more_announcements(db, rng, cast["templates"])


def _filler_events(db: dict[str, Any]) -> list[dict]:
    return [event for key, event in db["events"].items() if "E119" <= key <= "E420"]


def _more_venues(db: dict[str, Any], rng: random.Random) -> None:
    cities = [city for city in CITIES if city not in TASK_CITIES]
    for number in NEW_VENUES:
        venue_id, city = f"V{number}", rng.choice(cities)
        name = f"{rng.choice(VENUE_WORDS)} {rng.choice(['Forum', 'Commons', 'Exchange'])} {city}"
        db["venues"][venue_id] = {
            "venue_id": venue_id,
            "name": name,
            "city": city,
            "address": f"{rng.randint(10, 2999)} {rng.choice(LAST)} St",
        }
        for index in range(1, rng.randint(3, 6)):
            capacity = rng.choice([40, 80, 150, 250, 350, 500, 700, 900])
            db["rooms"][f"RM{number}{index}"] = {
                "room_id": f"RM{number}{index}",
                "venue_id": venue_id,
                "name": f"{rng.choice(ROOM_WORDS)} {chr(64 + index)}",
                "capacity": capacity,
                "day_rate": float(round(capacity * rng.uniform(6.5, 9.5), -1)),
            }


def _more_accounts(db: dict[str, Any], population: Population) -> list[dict]:
    rng, accounts = population.rng, []
    for number in NEW_ACCOUNTS:
        person = population.person(str(rng.randint(201, 989)), mail_domain=rng.choice(MAILS))
        kind = rng.choice(["credit_card", "credit_card", "debit_card", "paypal"])
        card = f"{rng.choice(['Visa', 'Mastercard', 'Amex'])} ending {rng.randint(1000, 9999)}"
        attendee = {
            "attendee_id": f"A{number}",
            "name": person.name,
            "email": person.email,
            "phone": person.phone,
            "city": rng.choice(CITIES),
            "payment_methods": [
                {
                    "payment_method_id": f"PM{number}-1",
                    "kind": kind,
                    "description": f"PayPal {person.email}" if kind == "paypal" else card,
                }
            ],
        }
        db["attendees"][attendee["attendee_id"]] = attendee
        accounts.append(attendee)
    return accounts


def _more_registrations(db: dict[str, Any], rng: random.Random, accounts: list[dict]) -> None:
    minted = range(db["next_registration_number"], db["next_registration_number"] + MINTED_AHEAD)
    used = {registration["confirmation_code"] for registration in db["registrations"].values()}
    used |= {confirmation_code(number) for number in minted}
    events, grown = _filler_events(db), {}
    for number in NEW_REGISTRATIONS:
        registration = _filler_registration(number, events, accounts, rng, used)
        grown[registration["registration_id"]] = registration
    db["registrations"].update(grown)
    db["payments"].update(_payments_of(grown, FIRST_NEW_PAYMENT))


def _more_sessions(db: dict[str, Any], rng: random.Random) -> None:
    """A filler event's first day gets a late-afternoon session now and then; its other days
    get a programme of their own."""
    for event in _filler_events(db):
        number, first = event["event_id"][1:], date.fromisoformat(event["start"][:10])
        rooms = [room for room in db["rooms"].values() if room["venue_id"] == event["venue_id"]]
        days = (date.fromisoformat(event["end_date"]) - first).days + 1
        slots = [(0, 15)] if rng.random() < 0.5 else []
        for offset in range(1, days):
            slots += [(offset, 9 + 2 * index) for index in range(rng.randint(2, 4))]
        for index, (offset, hour) in enumerate(slots, 3):
            room = rng.choice(rooms)
            session_id = f"S{number}-{index}"
            db["sessions"][session_id] = {
                "session_id": session_id,
                "event_id": event["event_id"],
                "title": rng.choice(SESSION_TITLES),
                "kind": rng.choice(["talk", "workshop"]),
                "day": (first + timedelta(days=offset)).isoformat(),
                "start": f"{hour:02d}:00",
                "end": f"{hour + 1:02d}:30",
                "room_id": room["room_id"],
                "capacity": room["capacity"],
                "enrolled": rng.randint(0, room["capacity"]),
                "vip_only": False,
                "waitlist": [],
            }


def _more_announcements(db: dict[str, Any], rng: random.Random, templates: list[Template]) -> None:
    events = _filler_events(db)
    for number in NEW_ANNOUNCEMENTS:
        event = rng.choice(events)
        template = rng.choice(templates)
        start = date.fromisoformat(event["start"][:10])
        sent = min(TODAY - timedelta(days=1), start - timedelta(days=rng.randint(1, 90)))
        db["announcements"][f"AN{number}"] = {
            "announcement_id": f"AN{number}",
            "event_id": event["event_id"],
            "organizer_id": event["organizer_id"],
            "audience": "all_registrants",
            "kind": template.kind,
            "template_id": template.template_id,
            "sent": sent.isoformat(),
            "recipients": sum(t["sold"] for t in event["ticket_types"]),
        }

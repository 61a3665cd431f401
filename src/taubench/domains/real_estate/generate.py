"""The real-estate desk's database: the hand-written cast (``data/cast.json``, the records the
tasks are built around) plus seeded filler listings, clients (some sharing a cast client's
name), tour slots and months of tour, offer, disclosure and application history, so that
look-ups have namesakes and near-addresses to miss, and the filler clients' saved searches.
Each later addition draws from its own seeded stream after the first one's draws, so that the
records drawn before it keep their values.

The cast: two Dana Whitfields with different phones, and a father and son Alex Moreno sharing
one; 14 Maple St next to 14 Maple Ct; a pre-approval that lapsed last week and one that lapses
today; a buyer agreement that ran out two weeks ago and one that runs out on Sunday; the
agents who lead tours of homes for sale, with their days off; the tours booked before today
(four on one day for one client); offers with a seller's counter that lapsed yesterday, one
still open, an accepted offer; the disclosures already sent (``sent``: a listing's document
and its recipients); renters just under and just over three times the rent, a renter already
holding one unit; and saved searches: one shared by a married couple, one whose ceiling rests
on a lapsed pre-approval, and a mother and daughter on one phone, each with her own."""

import random
from datetime import date, timedelta
from typing import Any

from pydantic import BaseModel

from taubench.domains.kit import Population, load_cast
from taubench.domains.kit.population import WOMEN
from taubench.domains.real_estate.models import (
    Agent,
    Client,
    Hold,
    Listing,
    Offer,
    RentalApplication,
    SearchPreferences,
)
from taubench.domains.real_estate.policy_rules import qualifying_ceiling

NOW = "2025-03-14 10:00"
SEED = 314
TOUR_DAYS = [(date(2025, 3, 14) + timedelta(days=offset)).isoformat() for offset in range(5)]
SLOT_TIMES = [f"{hour:02d}:{minute:02d}" for hour in range(9, 19) for minute in (0, 30)]
FILLER_LISTINGS, FILLER_CLIENTS = 390, 345
MORE_LISTINGS, MORE_CLIENTS, MORE_TOURS, MORE_OFFERS, MORE_APPLICATIONS = 91, 80, 880, 330, 320  # the second filler
MORE_CITIES = [("Glenview", "60025"), ("Niles", "60714"), ("Morton Grove", "60053")]
AREA_CODES, MAIL_DOMAINS = ["312", "773", "847", "630", "708", "224"], ["mailbox.com", "inbox.net", "northmail.com"]
CITIES = [
    ("Evanston", "60201"),
    ("Evanston", "60202"),
    ("Skokie", "60076"),
    ("Skokie", "60077"),
    ("Oak Park", "60302"),
    ("Oak Park", "60301"),
    ("Wilmette", "60091"),
    ("Park Ridge", "60068"),
    ("Chicago", "60640"),
    ("Chicago", "60625"),
]
STREETS = [
    "Maple St",
    "Maple Ct",
    "Oak Ave",
    "Elm Pl",
    "Ridge Rd",
    "Central St",
    "Lake St",
    "Church St",
    "Davis St",
    "Main St",
    "Linden Ave",
    "Greenwood Ave",
    "Hinman Ave",
    "Forest Ave",
    "Harlem Ave",
    "Touhy Ave",
    "Dempster St",
    "Crawford Ave",
    "Prairie Ave",
    "Ashland Ave",
    "Wolcott Ave",
    "Lincoln Ave",
    "Chestnut St",
    "Birch Ln",
    "Sheridan Rd",
]
FIRST = [
    "James",
    "Maria",
    "Robert",
    "Linda",
    "Michael",
    "Aisha",
    "David",
    "Sarah",
    "Wei",
    "Emily",
    "Carlos",
    "Fatima",
    "Daniel",
    "Grace",
    "Kevin",
    "Nina",
    "Luis",
    "Rachel",
    "Tariq",
    "Hannah",
    "Peter",
    "Yuki",
    "Andre",
    "Chloe",
    "Samir",
    "Olivia",
]
LAST = [
    "Nguyen",
    "Johnson",
    "Patel",
    "Kowalski",
    "Garcia",
    "Murphy",
    "Okafor",
    "Schmidt",
    "Rossi",
    "Kim",
    "Brennan",
    "Adler",
    "Haddad",
    "Novak",
    "Lopez",
    "Walsh",
    "Chen",
    "Moreno",
    "Fischer",
    "Sato",
    "Bell",
    "Reed",
    "Cole",
    "Park",
    "Grant",
]
NAMESAKES = [
    "Grace Kim",
    "Ben Adler",
    "Hannah Cole",
    "Marcus Bell",
    "Priya Raman",
    "Ryan Hughes",
    "Omar Haddad",
]  # other phones
# What a listing's rooms make plausible, by bedrooms: the floor area's range (sq ft) and five bath
# counts (never above beds + 0.5); prices follow the area: a sale at $190-340 per sq ft, a month's
# rent at $1.70-2.80 per sq ft (the cast's listings lie in the same ranges).
SQFT_BY_BEDS = {1: (550, 900), 2: (800, 1300), 3: (1250, 2100), 4: (1900, 2900), 5: (2600, 3800)}
BATHS_BY_BEDS = {
    1: [1.0, 1.0, 1.0, 1.5, 1.5],
    2: [1.0, 1.5, 2.0, 2.0, 2.5],
    3: [1.5, 2.0, 2.0, 2.5, 3.0],
    4: [2.0, 2.5, 3.0, 3.0, 3.5],
    5: [2.5, 3.0, 3.5, 4.0, 4.5],
}
SALE_PER_SQFT, RENT_PER_SQFT = (190.0, 340.0), (1.70, 2.80)
LENDERS = [
    "First Lakeshore Bank",
    "Prairie Home Loans",
    "Northshore Credit Union",
    "Lakeview Mortgage",
    "Great Lakes Bank",
]
DOC_TITLES = {
    "seller_disclosure": "Residential Real Property Disclosure Report",
    "lead_paint_disclosure": "Lead-Based Paint and Lead-Based Paint Hazards Disclosure",
    "hoa_documents": "Association Declaration, Budget and Bylaws",
}


class CastTour(BaseModel):
    """A tour booked before today."""

    client_id: str
    listing_id: str
    date: str
    time: str


class Sent(BaseModel):
    """A listing's disclosure of one type, and the clients it was already sent to."""

    listing_id: str
    doc_type: str
    sent_to: list[str]


CAST_SECTIONS: dict[str, type[BaseModel]] = {
    "agents": Agent,
    "listings": Listing,
    "clients": Client,
    "tours": CastTour,
    "offers": Offer,
    "sent": Sent,
    "rental_applications": RentalApplication,
    "holds": Hold,
    "search_preferences": SearchPreferences,
}


def _client(row: tuple, agents: list[str]) -> dict[str, Any]:
    """A filler client's record: buyers get an agent in turn, renters none."""
    client_id, name, phone, email, income, agreement, financing, methods = row
    agent = agents[int(client_id[1:]) % len(agents)] if financing else None
    return {
        "client_id": client_id,
        "name": name,
        "phone": phone,
        "email": email,
        "agent_id": agent,
        "monthly_income": float(income),
        "buyer_agreement": agreement and dict(zip(("signed_on", "expires_on", "compensation_pct"), agreement)),
        "financing": [
            {"kind": kind, "source": source, "amount": float(amount), "expires_on": expires}
            for kind, source, amount, expires in financing
        ],
        "payment_methods": [
            {"payment_method_id": pm, "kind": kind, "last4": last4, "expires_on": expires}
            for pm, kind, last4, expires in methods
        ],
    }


def _filler_listings(rng: random.Random, used: set[str]) -> list[dict]:
    rows = []
    for number in range(1100, 1100 + FILLER_LISTINGS):
        city, zip_code = rng.choice(CITIES)
        address = f"{rng.randint(2, 2999)} {rng.choice(STREETS)}"
        if address in used:
            address += " Unit 2"
        used.add(address)
        rows.append(_listing_drawn(rng, f"L{number}", address, city, zip_code))
    return rows


def _listing_drawn(rng: random.Random, listing_id: str, address: str, city: str, zip_code: str) -> dict[str, Any]:
    """A listing's terms, drawn in the order they always were, so that every later record of a
    stream stays as it was."""
    rental = rng.random() < 0.35
    beds = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 5]) if not rental else rng.choice([1, 1, 2, 2, 3])
    kinds = ["apartment", "condo"] if rental else ["single_family", "single_family", "condo", "townhouse"]
    kind = rng.choice(kinds)
    price_draw = _share(rng.randint(1100, 3900), 1100, 3900) if rental else _share(rng.randint(180, 1200), 180, 1200)
    odd_hundreds = 0 if rental else rng.choice([0, 900, 500])
    status = rng.choice(["active"] * 6 + (["leased"] if rental else ["pending", "pending", "sold"]))
    hoa = float(rng.choice([150, 225, 310, 385, 460])) if kind in ("condo", "townhouse") and not rental else 0.0
    occupancy = rng.choice(
        ["vacant", "owner_occupied", "tenant_occupied"] if not rental else ["vacant", "tenant_occupied"]
    )
    baths = rng.choice(BATHS_BY_BEDS[beds])
    sqft = int(round(_within(SQFT_BY_BEDS[beds], _share(rng.randint(550, 3800), 550, 3800)), -1))
    if rental:
        price = round(sqft * _within(RENT_PER_SQFT, price_draw), -1)
    else:
        price = round(sqft * _within(SALE_PER_SQFT, price_draw), -3) + odd_hundreds
    return {
        "listing_id": listing_id,
        "address": address,
        "city": city,
        "zip": zip_code,
        "listing_type": "rental" if rental else "sale",
        "property_type": kind,
        "price": float(price),
        "beds": beds,
        "baths": baths,
        "sqft": sqft,
        "year_built": rng.randint(1905, 2023),
        "status": status,
        "hoa_fee": float(hoa),
        "occupancy": occupancy,
        "accepts_backup_offers": rng.random() < 0.4,
    }


def _share(value: int, low: int, high: int) -> float:
    """Where a draw lies in its range, from 0 to 1."""
    return (value - low) / (high - low)


def _within(bounds: tuple[float, float], share: float) -> float:
    return bounds[0] + (bounds[1] - bounds[0]) * share


def _filler_clients(rng: random.Random) -> list[tuple]:
    rows = []
    for index, number in enumerate(range(2100, 2100 + FILLER_CLIENTS)):
        name = NAMESAKES[index] if index < len(NAMESAKES) else f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        phone = f"{rng.choice(['312', '773', '847', '630', '708', '224'])}-555-{rng.randint(200, 9999):04d}"
        handle = f"{name.lower().replace(' ', '.')}{rng.randint(1, 99)}"
        email = f"{handle}@{rng.choice(['mailbox.com', 'inbox.net', 'northmail.com'])}"
        rows.append((f"C{number}", name, phone, email, *_client_terms(rng)))
    return rows


def _client_terms(rng: random.Random) -> tuple:
    """A client's income, buyer agreement, financing and card, drawn in the order they always were."""
    buyer = rng.random() < 0.6
    agreement = None
    if buyer and rng.random() < 0.8:
        signed = date(2024, 9, 1) + timedelta(days=rng.randint(0, 190))
        agreement = (signed.isoformat(), (signed + timedelta(days=rng.choice([90, 120, 180]))).isoformat(), 2.5)
    financing = []
    if buyer:
        kind = "pre_approval" if rng.random() < 0.8 else "proof_of_funds"
        source = rng.choice(LENDERS) if kind == "pre_approval" else "Harbor Trust Bank"
        expires = (date(2025, 2, 1) + timedelta(days=rng.randint(0, 150))).isoformat()
        financing.append((kind, source, rng.randint(15, 90) * 10000, expires))
    last4 = f"{rng.randint(0, 9999):04d}"
    card = ("PM1", "card", last4, f"{rng.randint(2025, 2028)}-{rng.choice(['01', '04', '06', '09', '12'])}-28")
    return rng.randint(35, 260) * 100, agreement, financing, [card]


def _documents(listings: dict[str, dict], rng: random.Random, sent: list[Sent], number: int = 7001) -> dict[str, dict]:
    documents, written = {}, {(row.listing_id, row.doc_type): row.sent_to for row in sent}
    clients = [f"C{n}" for n in range(2100, 2100 + FILLER_CLIENTS)]
    for listing in listings.values():
        if listing["listing_type"] != "sale":
            continue
        kinds = ["seller_disclosure"]
        kinds += ["lead_paint_disclosure"] * (listing["year_built"] < 1978) + ["hoa_documents"] * (
            listing["hoa_fee"] > 0
        )
        for kind in kinds:
            cast = (listing["listing_id"], kind)
            sent_to = (
                written.get(cast, [])
                if listing["listing_id"] < "L1100"
                else sorted(rng.sample(clients, rng.randint(0, 3)))
            )
            documents[f"D{number}"] = {
                "document_id": f"D{number}",
                "listing_id": listing["listing_id"],
                "doc_type": kind,
                "title": f"{DOC_TITLES[kind]}: {listing['address']}",
                "sent_to": sent_to,
            }
            number += 1
    return documents


def _open_slots(
    listings: dict[str, dict],
    rng: random.Random,
    slots: dict[str, dict[str, Any]],
    by_place: dict[tuple[str, str, str], str],
    number: int,
) -> int:
    """The coming days' open tour slots of the active listings (a cast listing every half hour,
    others three times on two days), numbered from ``number``; returns the next number."""
    for listing in listings.values():
        if listing["status"] != "active":
            continue
        cast = listing["listing_id"] < "L1100"
        for day in TOUR_DAYS if cast else sorted(rng.sample(TOUR_DAYS, 2)):
            for time in SLOT_TIMES if cast else sorted(rng.sample(SLOT_TIMES, 3)):
                slot_id = f"S{number}"
                slots[slot_id] = {
                    "slot_id": slot_id,
                    "listing_id": listing["listing_id"],
                    "date": day,
                    "time": time,
                    "status": "open",
                }
                by_place[(listing["listing_id"], day, time)] = slot_id
                number += 1
    return number


def _slots_and_tours(listings: dict[str, dict], rng: random.Random, booked: list[CastTour]) -> tuple[dict, dict]:
    slots: dict[str, dict[str, Any]] = {}
    tours: dict[str, dict[str, Any]] = {}
    by_place: dict[tuple[str, str, str], str] = {}
    slot_number = _open_slots(listings, rng, slots, by_place, 30001)
    tour_number = 5001

    def book(client: str, listing: str, day: str, time: str, status: str) -> None:
        nonlocal tour_number
        slot_id = by_place[(listing, day, time)]
        slots[slot_id]["status"] = "booked"
        tours[f"T{tour_number}"] = {
            "tour_id": f"T{tour_number}",
            "client_id": client,
            "listing_id": listing,
            "slot_id": slot_id,
            "date": day,
            "time": time,
            "status": status,
        }
        tour_number += 1

    for tour in booked:
        book(tour.client_id, tour.listing_id, tour.date, tour.time, "scheduled")
    open_filler = [
        place for place, slot_id in by_place.items() if place[0] >= "L1100" and slots[slot_id]["status"] == "open"
    ]
    for place in sorted(rng.sample(open_filler, 520)):
        book(f"C{rng.randint(2100, 2099 + FILLER_CLIENTS)}", *place, "scheduled")
    for listing in listings.values():  # past tours: their slots are history, kept for the tours that name them
        for _ in range(rng.randint(0, 2) if listing["listing_id"] >= "L1100" else 0):
            day = (date(2025, 1, 6) + timedelta(days=rng.randint(0, 66))).isoformat()
            time = rng.choice(SLOT_TIMES)
            slot_id = f"S{slot_number}"
            slots[slot_id] = {
                "slot_id": slot_id,
                "listing_id": listing["listing_id"],
                "date": day,
                "time": time,
                "status": "booked",
            }
            by_place[(listing["listing_id"], day, time)] = slot_id
            slot_number += 1
            tours[f"T{tour_number}"] = {
                "tour_id": f"T{tour_number}",
                "client_id": f"C{rng.randint(2100, 2099 + FILLER_CLIENTS)}",
                "listing_id": listing["listing_id"],
                "slot_id": slot_id,
                "date": day,
                "time": time,
                "status": rng.choice(["completed", "completed", "completed", "cancelled"]),
            }
            tour_number += 1
    return slots, tours


def _offers(listings: dict[str, dict], rng: random.Random, cast: list[Offer]) -> dict[str, dict]:
    keys = (
        "client_id",
        "listing_id",
        "price",
        "earnest_money",
        "financing",
        "loan_amount",
        "contingencies",
        "closing_date",
        "submitted_at",
        "expires_at",
        "status",
        "counter_price",
        "counter_expires_at",
    )
    rows = []
    sales = [
        listing
        for listing in listings.values()
        if listing["listing_type"] == "sale" and listing["listing_id"] >= "L1100"
    ]
    for _ in range(260):
        listing = rng.choice(sales)
        price = round(listing["price"] * rng.uniform(0.92, 1.02), -3)
        cash = rng.random() < 0.2
        submitted = date(2024, 11, 1) + timedelta(days=rng.randint(0, 130))
        status = rng.choice(
            ["rejected", "withdrawn", "expired"] + (["accepted"] if listing["status"] != "active" else [])
        )
        loan = 0.0 if cash else round(price * rng.choice([0.8, 0.9, 0.95]), -2)
        buyer = f"C{rng.randint(2100, 2099 + FILLER_CLIENTS)}"
        rows.append(
            (
                buyer,
                listing["listing_id"],
                price,
                round(price * rng.choice([0.01, 0.02, 0.03]), 2),
                "cash" if cash else "mortgage",
                loan,
                ["inspection"] + ([] if cash else ["financing"]),
                (submitted + timedelta(days=rng.randint(30, 55))).isoformat(),
                f"{submitted.isoformat()} 11:00",
                f"{(submitted + timedelta(days=2)).isoformat()} 11:00",
                status,
                None,
                None,
            )
        )
    offers = {offer.offer_id: offer.model_dump() for offer in cast}
    for number, row in enumerate(rows, start=4001 + len(cast)):
        offer = dict(zip(keys, row))
        offer.update(offer_id=f"O{number}", backup=False)
        for field in ("price", "earnest_money", "loan_amount"):
            offer[field] = float(offer[field])
        offer["counter_price"] = None if offer["counter_price"] is None else float(offer["counter_price"])
        offers[f"O{number}"] = {key: offer[key] for key in ("offer_id", *keys[:10], "backup", *keys[10:])}
    return offers


def _applications(listings: dict[str, dict], rng: random.Random, cast: list[RentalApplication]) -> dict[str, dict]:
    rows = []
    rentals = [key for key, listing in listings.items() if listing["listing_type"] == "rental" and key >= "L1100"]
    for _ in range(170):
        move_in = date(2025, 1, 1) + timedelta(days=rng.randint(0, 120))
        applicant = f"C{rng.randint(2100, 2099 + FILLER_CLIENTS)}"
        rows.append(
            (
                applicant,
                rng.choice(rentals),
                move_in.isoformat(),
                rng.randint(1, 3),
                "PM1",
                rng.choice(["approved", "denied", "withdrawn", "submitted"]),
            )
        )
    return {application.application_id: application.model_dump() for application in cast} | {
        f"R{number}": {
            "application_id": f"R{number}",
            "client_id": client,
            "listing_id": listing,
            "move_in_date": move_in,
            "adults": adults,
            "fee_paid": 45.0 * adults,
            "payment_method_id": method,
            "status": status,
        }
        for number, (client, listing, move_in, adults, method, status) in enumerate(rows, start=6001 + len(cast))
    }


def _holds(applications: dict[str, dict], rng: random.Random, cast: list[Hold]) -> dict[str, dict]:
    rows = []
    for key, application in applications.items():
        if application["status"] == "approved" and key > "R6010" and rng.random() < 0.6:
            placed = date.fromisoformat(application["move_in_date"]) - timedelta(days=rng.randint(20, 40))
            rows.append(
                (
                    key,
                    placed.isoformat(),
                    (placed + timedelta(days=rng.randint(2, 5))).isoformat(),
                    rng.choice(["converted", "converted", "released", "expired"]),
                )
            )
    holds = {hold.hold_id: hold.model_dump() for hold in cast}
    for number, (application_id, placed_on, expires, status) in enumerate(rows, start=8001 + len(cast)):
        application = applications[application_id]
        holds[f"H{number}"] = {
            "hold_id": f"H{number}",
            "client_id": application["client_id"],
            "listing_id": application["listing_id"],
            "application_id": application_id,
            "placed_on": placed_on,
            "expires_on": expires,
            "deposit": 500.0,
            "payment_method_id": application["payment_method_id"],
            "status": status,
        }
    return holds


MUST_HAVES = ["no_hoa", "built_1978_or_later", "vacant", "two_baths"]


def _searches(clients: dict[str, dict], cast: list[SearchPreferences]) -> dict[str, dict]:
    """The cast's saved searches, then seven in ten filler clients' (one in ten of them shared
    with a filler client who has none of their own), from a stream of their own."""
    searches = {search.client_id: search.model_dump() for search in cast}
    rng = random.Random(SEED + 1)
    filler = [key for key in clients if key >= "C2100"]
    cities = sorted({city for city, _ in CITIES})
    for client_id in filler:
        if rng.random() >= 0.7:
            continue
        client, rental = clients[client_id], not clients[client_id]["financing"]
        saved_on = (date(2024, 10, 1) + timedelta(days=rng.randint(0, 160))).isoformat()
        step = 50 if rental else 5000
        qualified = qualifying_ceiling(Client.model_validate(client), "rental" if rental else "sale", saved_on) or 0.0
        ceiling = int(qualified * rng.uniform(0.75, 1.0) // step * step)
        if ceiling < (1000 if rental else 150000):
            continue
        searches[client_id] = {
            "client_id": client_id,
            "co_client_id": None,
            "listing_type": "rental" if rental else "sale",
            "cities": sorted(rng.sample(cities, rng.randint(1, 3))),
            "min_price": float(ceiling * rng.choice([0, 50, 60, 70]) // 100 // step * step),
            "max_price": float(ceiling),
            "min_beds": rng.randint(1, 2 if rental else 4),
            "property_types": sorted(
                rng.sample(
                    ["apartment", "condo"] if rental else ["single_family", "condo", "townhouse"],
                    rng.choice([0, 0, 1, 2]),
                )
            ),
            "must_haves": sorted(rng.sample(MUST_HAVES, rng.choice([0, 0, 1, 1, 2]))),
            "updated_on": saved_on,
        }
    alone = [key for key in filler if key not in searches]
    for client_id in [key for key in searches if key >= "C2100"]:
        if rng.random() < 0.1 and alone:
            searches[client_id]["co_client_id"] = alone.pop(rng.randrange(len(alone)))
    return searches


def _more_clients_and_listings(
    clients: dict[str, dict], listings: dict[str, dict], agents: list[str]
) -> dict[str, dict]:
    """The second filler's people and homes: 80 clients drawn from the kit's Population, every
    client before them known to it first (so a tenth share someone's name, and no phone is taken
    twice), and 91 listings in three more suburbs, whose addresses never hold a cast listing's
    number and street ("14 Maple"): the cast's near-address traps stay the ones written. Their
    terms are drawn as the first filler's were. Returns the new listings."""
    people = Population(SEED + 2, NOW[:10])
    for client in clients.values():
        first, _, last = client["name"].partition(" ")
        people.know(first, last, "F" if first in WOMEN else "M", client["phone"])
    rng = people.rng
    for number in range(2100 + FILLER_CLIENTS, 2100 + FILLER_CLIENTS + MORE_CLIENTS):
        person = people.person(rng.choice(AREA_CODES), ages=(24, 80), mail_domain=rng.choice(MAIL_DOMAINS))
        clients[f"C{number}"] = _client(
            (f"C{number}", person.name, person.phone, person.email, *_client_terms(rng)), agents
        )
    stems = [" ".join(listing["address"].split()[:2]) for key, listing in listings.items() if key < "L1100"]
    used = {listing["address"] for listing in listings.values()}
    added: dict[str, dict[str, Any]] = {}
    while len(added) < MORE_LISTINGS:
        address = people.street_address()
        if address in used or any(stem in address for stem in stems):
            continue
        used.add(address)
        listing_id = f"L{1100 + FILLER_LISTINGS + len(added)}"
        added[listing_id] = _listing_drawn(rng, listing_id, address, *rng.choice(MORE_CITIES))
    listings.update(added)
    return added


def _history(rows: list[tuple], key: str, prefix: str, start: int, fields: tuple[str, ...]) -> dict[str, dict]:
    """The second filler's records of one table in the order they happened (each row starts with
    when), numbered from ``start``: below the first filler's numbers, as records older than theirs."""
    return {
        f"{prefix}{start + index}": {key: f"{prefix}{start + index}", **dict(zip(fields, row))}
        for index, row in enumerate(sorted(rows))
    }


def _day_between(rng: random.Random, first: str, last: str) -> str:
    start = date.fromisoformat(first)
    return (start + timedelta(days=rng.randint(0, (date.fromisoformat(last) - start).days))).isoformat()


def _later(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


TOUR_FIELDS = ("date", "time", "client_id", "listing_id", "slot_id", "status")
OFFER_FIELDS = (
    "submitted_at",
    "client_id",
    "listing_id",
    "price",
    "earnest_money",
    "financing",
    "loan_amount",
    "contingencies",
    "closing_date",
    "expires_at",
    "backup",
    "status",
    "counter_price",
    "counter_expires_at",
)
APPLICATION_FIELDS = ("move_in_date", "client_id", "listing_id", "adults", "fee_paid", "payment_method_id", "status")
HOLD_FIELDS = (
    "placed_on",
    "client_id",
    "listing_id",
    "application_id",
    "expires_on",
    "deposit",
    "payment_method_id",
    "status",
)


def _older_history(db: dict[str, dict], added: dict[str, dict]) -> None:
    """Tours, offers, rental applications and holds from before the first filler's history
    (June 2024 to early January 2025) on the filler's homes and clients, placed before it in
    their tables (which list a client's records oldest first), and the new homes' disclosures
    and coming tour slots, from a stream of their own."""
    rng = random.Random(SEED + 3)
    listings, filler = db["listings"], [key for key in db["clients"] if key >= "C2100"]
    homes = [key for key in listings if key >= "L1100"]
    db["documents"].update(_documents(added, rng, [], 7001 + len(db["documents"])))
    first = _open_slots(added, rng, db["tour_slots"], {}, 30001 + len(db["tour_slots"]))
    tours = []
    for number in range(first, first + MORE_TOURS):
        listing, day, time = rng.choice(homes), _day_between(rng, "2024-06-03", "2025-01-05"), rng.choice(SLOT_TIMES)
        db["tour_slots"][f"S{number}"] = {
            "slot_id": f"S{number}",
            "listing_id": listing,
            "date": day,
            "time": time,
            "status": "booked",
        }
        tours.append(
            (day, time, rng.choice(filler), listing, f"S{number}", rng.choice(["completed"] * 3 + ["cancelled"]))
        )
    db["tours"] = {**_history(tours, "tour_id", "T", 1001, TOUR_FIELDS), **db["tours"]}
    offers = []
    for _ in range(MORE_OFFERS):
        listing = listings[rng.choice([key for key in homes if listings[key]["listing_type"] == "sale"])]
        price, cash = round(listing["price"] * rng.uniform(0.9, 1.0), -3), rng.random() < 0.2
        day, buyer = _day_between(rng, "2024-06-03", "2024-10-31"), rng.choice(filler)
        earnest = round(price * rng.choice([0.01, 0.02]), 2)
        loan = 0.0 if cash else round(price * rng.choice([0.8, 0.9]), -2)
        status = rng.choice(["rejected", "withdrawn", "expired"])
        offers.append(
            (
                f"{day} 11:00",
                buyer,
                listing["listing_id"],
                price,
                earnest,
                "cash" if cash else "mortgage",
                loan,
                ["inspection"] + ([] if cash else ["financing"]),
                _later(day, 45),
                f"{_later(day, 2)} 11:00",
                False,
                status,
                None,
                None,
            )
        )
    db["offers"] = {**_history(offers, "offer_id", "O", 1001, OFFER_FIELDS), **db["offers"]}
    applications = []
    for _ in range(MORE_APPLICATIONS):
        listing, adults = (
            rng.choice([key for key in homes if listings[key]["listing_type"] == "rental"]),
            rng.randint(1, 3),
        )
        applications.append(
            (
                _day_between(rng, "2024-06-15", "2024-12-31"),
                rng.choice(filler),
                listing,
                adults,
                45.0 * adults,
                "PM1",
                rng.choice(["approved", "approved", "denied", "withdrawn"]),
            )
        )
    older = _history(applications, "application_id", "R", 1001, APPLICATION_FIELDS)
    db["rental_applications"] = {**older, **db["rental_applications"]}
    holds = []
    for key, application in db["rental_applications"].items():
        if key < "R6001" and application["status"] == "approved" and rng.random() < 0.6:
            placed = _later(application["move_in_date"], -rng.randint(20, 40))
            holds.append(
                (
                    placed,
                    application["client_id"],
                    application["listing_id"],
                    key,
                    _later(placed, rng.randint(2, 5)),
                    500.0,
                    "PM1",
                    rng.choice(["converted", "converted", "released", "expired"]),
                )
            )
    db["holds"] = {**_history(holds, "hold_id", "H", 1001, HOLD_FIELDS), **db["holds"]}


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    cast = load_cast(__package__, CAST_SECTIONS)
    listings = {listing.listing_id: listing.model_dump() for listing in cast["listings"]}
    for listing in _filler_listings(rng, {listing["address"] for listing in listings.values()}):
        listings[listing["listing_id"]] = listing
    agents = {agent.agent_id: agent.model_dump() for agent in cast["agents"]}
    clients = {client.client_id: client.model_dump() for client in cast["clients"]}
    clients |= {row[0]: _client(row, list(agents)) for row in _filler_clients(rng)}
    documents = _documents(listings, rng, cast["sent"])
    slots, tours = _slots_and_tours(listings, rng, cast["tours"])
    offers = _offers(listings, rng, cast["offers"])
    applications = _applications(listings, rng, cast["rental_applications"])
    holds = _holds(applications, rng, cast["holds"])
    counters = {
        "next_tour_number": 5001 + len(tours),
        "next_offer_number": 4001 + len(offers),
        "next_application_number": 6001 + len(applications),
        "next_hold_number": 8001 + len(holds),
    }
    tables = {
        "listings": listings,
        "clients": clients,
        "tour_slots": slots,
        "tours": tours,
        "offers": offers,
        "documents": documents,
        "rental_applications": applications,
        "holds": holds,
    }
    _older_history(tables, _more_clients_and_listings(clients, listings, list(agents)))
    searches = _searches(clients, cast["search_preferences"])
    return {"now": NOW, **counters, "agents": agents, **tables, "search_preferences": searches}

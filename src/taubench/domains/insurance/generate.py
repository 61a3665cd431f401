"""The insurer's database: a fixed cast of policyholders, policy terms, claims and shops that
the tasks are written around (``data/cast.json``), plus seeded filler so that look-ups have
plenty to miss.

The cast: three Laura Castillos (two in one ZIP with different birth dates, a third with the
first one's birth date in another ZIP) and two Daniel Reyes born the same day; twins; a renewed
auto policy whose renewal added a rental and a full-glass endorsement; a policy renewed three
times with a claim on each of its first three terms; a home in its grace period and renters
insurance lapsed; two cars of one make on one policy; two claims on one day for the two cars of
another; a spouse who lives in the home but is not a named insured; a claim under
investigation for a date mismatch; a fire claim paid in two parts; the repair shops of the
tasks' ZIP areas, one of them fully booked on 2025-04-03 by two inspections."""

import random
from datetime import date, timedelta
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.domains.insurance.models import RepairShop
from taubench.domains.insurance.underwriting import LOSS_COVERAGE, adjuster_for, young_driver_surcharge
from taubench.domains.kit import load_cast

SEED = 2025
TODAY = "2025-04-01"
HOLIDAYS = ["2025-01-01", "2025-05-26", "2025-07-04", "2025-09-01", "2025-11-27", "2025-12-25", "2025-04-18"]
AUTO_LIMIT, LIABILITY_LIMIT = 50000.0, 100000.0
WATER_BACKUP_LIMIT = 10000.0

# zip area -> (city, zip codes) for filler people and shops
AREAS = {
    "606": ["60614", "60618", "60622", "60647"],
    "787": ["78704", "78745", "78702"],
    "303": ["30318", "30307", "30309"],
    "441": ["44107", "44102", "44111"],
    "331": ["33139", "33133", "33145"],
    "021": ["02139", "02138", "02143"],
    "941": ["94110", "94117", "94122"],
    "554": ["55407", "55408", "55419"],
    "100": ["10025", "10027", "10031"],
    "850": ["85008", "85016", "85018"],
    "070": ["07030", "07087", "07093"],
    "981": ["98103", "98115", "98107"],
    "482": ["48201", "48207", "48226"],
    "802": ["80211", "80205", "80218"],
    "972": ["97214", "97202", "97211"],
    "191": ["19104", "19103", "19147"],
    "432": ["43201", "43206", "43215"],
    "641": ["64111", "64108", "64113"],
    "372": ["37206", "37203", "37212"],
    "282": ["28203", "28205", "28209"],
}
# the town of each ZIP code above, for filler addresses
CITIES = {
    "60614": "Chicago, IL",
    "60618": "Chicago, IL",
    "60622": "Chicago, IL",
    "60647": "Chicago, IL",
    "78704": "Austin, TX",
    "78745": "Austin, TX",
    "78702": "Austin, TX",
    "30318": "Atlanta, GA",
    "30307": "Atlanta, GA",
    "30309": "Atlanta, GA",
    "44107": "Lakewood, OH",
    "44102": "Cleveland, OH",
    "44111": "Cleveland, OH",
    "33139": "Miami Beach, FL",
    "33133": "Miami, FL",
    "33145": "Miami, FL",
    "02139": "Cambridge, MA",
    "02138": "Cambridge, MA",
    "02143": "Somerville, MA",
    "94110": "San Francisco, CA",
    "94117": "San Francisco, CA",
    "94122": "San Francisco, CA",
    "55407": "Minneapolis, MN",
    "55408": "Minneapolis, MN",
    "55419": "Minneapolis, MN",
    "10025": "New York, NY",
    "10027": "New York, NY",
    "10031": "New York, NY",
    "85008": "Phoenix, AZ",
    "85016": "Phoenix, AZ",
    "85018": "Phoenix, AZ",
    "07030": "Hoboken, NJ",
    "07087": "Union City, NJ",
    "07093": "West New York, NJ",
    "98103": "Seattle, WA",
    "98115": "Seattle, WA",
    "98107": "Seattle, WA",
    "48201": "Detroit, MI",
    "48207": "Detroit, MI",
    "48226": "Detroit, MI",
    "80211": "Denver, CO",
    "80205": "Denver, CO",
    "80218": "Denver, CO",
    "97214": "Portland, OR",
    "97202": "Portland, OR",
    "97211": "Portland, OR",
    "19104": "Philadelphia, PA",
    "19103": "Philadelphia, PA",
    "19147": "Philadelphia, PA",
    "43201": "Columbus, OH",
    "43206": "Columbus, OH",
    "43215": "Columbus, OH",
    "64111": "Kansas City, MO",
    "64108": "Kansas City, MO",
    "64113": "Kansas City, MO",
    "37206": "Nashville, TN",
    "37203": "Nashville, TN",
    "37212": "Nashville, TN",
    "28203": "Charlotte, NC",
    "28205": "Charlotte, NC",
    "28209": "Charlotte, NC",
}
FIRST = [
    "James",
    "Maria",
    "Robert",
    "Linda",
    "Michael",
    "Patricia",
    "David",
    "Jennifer",
    "Carlos",
    "Elena",
    "Wei",
    "Fatima",
    "Thomas",
    "Sarah",
    "Kwame",
    "Olga",
    "Raj",
    "Mei",
    "Samuel",
    "Grace",
    "Luis",
    "Anna",
    "Hiroshi",
    "Chloe",
    "Ibrahim",
    "Rachel",
    "Jorge",
    "Emily",
    "Andre",
    "Sofia",
    "Peter",
    "Nadia",
    "Marcus",
    "Julia",
    "Tyrone",
    "Ingrid",
    "Ahmed",
    "Rosa",
]
LAST = [
    "Smith",
    "Johnson",
    "Garcia",
    "Nguyen",
    "Patel",
    "Kim",
    "Brown",
    "Martinez",
    "Okafor",
    "Schmidt",
    "Rossi",
    "Cohen",
    "Lopez",
    "Wright",
    "Ivanova",
    "Chen",
    "Murphy",
    "Haddad",
    "Sato",
    "Mensah",
    "Fischer",
    "Romero",
    "Walsh",
    "Adams",
    "Kowalski",
    "Dubois",
    "Silva",
    "Hughes",
    "Park",
    "Ahmed",
    "Bennett",
    "Morales",
    "Yilmaz",
    "Novak",
    "Reid",
    "Tanaka",
]
STREETS = [
    "Oak St",
    "Maple Ave",
    "Cedar Ln",
    "Elm St",
    "Lakeview Dr",
    "Park Pl",
    "Ridge Rd",
    "Hillcrest Ave",
    "Main St",
]
CARS = [
    ("Toyota", "Camry", 24000),
    ("Toyota", "RAV4", 29000),
    ("Honda", "Civic", 21000),
    ("Honda", "Accord", 25000),
    ("Ford", "F-150", 36000),
    ("Ford", "Escape", 23000),
    ("Chevrolet", "Malibu", 20000),
    ("Subaru", "Outback", 28000),
    ("Hyundai", "Elantra", 18000),
    ("Nissan", "Altima", 21000),
    ("Kia", "Sorento", 27000),
    ("Mazda", "CX-5", 26000),
    ("Tesla", "Model 3", 34000),
    ("Jeep", "Wrangler", 33000),
    ("Volkswagen", "Jetta", 19000),
]
SHOP_WORDS = [
    "Precision",
    "Summit",
    "Lakeside",
    "Main Street",
    "Apex",
    "Northside",
    "Metro",
    "Quality",
    "Elite",
    "Crossroads",
]
AUTO_LOSSES = ["collision", "collision", "collision", "animal_strike", "hail", "vandalism", "theft", "glass", "glass"]
HOME_LOSSES = ["wind_hail", "wind_hail", "water_damage", "water_damage", "fire", "theft"]
RENTERS_LOSSES = ["theft", "theft", "water_damage", "fire"]


def _shift(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def _age(born: str, on: str) -> int:
    birth, day = date.fromisoformat(born), date.fromisoformat(on)
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def _term_end(start: str) -> str:
    begin = date.fromisoformat(start)
    return (begin.replace(year=begin.year + 1) - timedelta(days=1)).isoformat()


class Book:
    """The database being written: the cast first, then the filler, with the id counters."""

    def __init__(self) -> None:
        self.holders: dict[str, dict] = {}
        self.policies: dict[str, dict] = {}
        self.claims: dict[str, dict] = {}
        self.shops: dict[str, dict] = {}
        self.inspections: dict[str, dict] = {}
        self.payments: dict[str, dict] = {}
        self.next_payment = 900001
        self.next_inspection = 40001

    def holder(self, pid: str, name: str, born: str, zip_code: str, phone: str, methods: list[tuple[str, str]]) -> None:
        self.holders[pid] = {
            "policyholder_id": pid,
            "name": name,
            "date_of_birth": born,
            "zip_code": zip_code,
            "phone": phone,
            "email": f"{name.lower().replace(' ', '.').replace(chr(39), '')}{born[2:4]}@mailbox.example",
            "policies": [],
            "payment_methods": [
                {"method_id": f"PM-{pid[3:]}-{number}", "kind": kind, "last4": last4}
                for number, (kind, last4) in enumerate(methods, 1)
            ],
        }

    def policy(
        self,
        policy_id: str,
        line: str,
        holders: list[str],
        start: str,
        premium: float,
        *,
        inception: str = "",
        deductible: float = 500.0,
        endorsements: tuple = (),
        vehicles: tuple = (),
        drivers: tuple = (),
        billing: str = "paid",
        due: float = 0.0,
        due_date: str | None = None,
        renewal_of: str | None = None,
        limit: float = 300000.0,
        address: str | None = None,
    ) -> dict:
        end = _term_end(start)
        status = "expired" if end < TODAY else "active"
        if line == "auto" and not drivers:
            drivers = self.insureds_driving(policy_id, holders, inception or start)
        if line == "auto":
            coverages = [
                ("liability", LIABILITY_LIMIT, 0.0),
                ("collision", AUTO_LIMIT, deductible),
                ("comprehensive", AUTO_LIMIT, deductible),
            ]
        elif line == "home":
            coverages = [
                ("dwelling", limit, deductible),
                ("personal_property", round(limit / 2, 2), deductible),
                ("liability", LIABILITY_LIMIT, 0.0),
            ]
        else:
            coverages = [("personal_property", limit, deductible), ("liability", LIABILITY_LIMIT, 0.0)]
        if "water_backup" in endorsements:
            coverages.append(("water_backup", WATER_BACKUP_LIMIT, deductible))
        record = {
            "policy_id": policy_id,
            "line": line,
            "named_insureds": list(holders),
            "status": status,
            "inception_date": inception or start,
            "term_start": start,
            "term_end": end,
            "renewal_of": renewal_of,
            "annual_premium": premium,
            "billing_status": billing,
            "amount_due": due,
            "due_date": due_date,
            "coverages": [
                {
                    "coverage": name,
                    "limit": cover,
                    "deductible": amount,
                    "deductible_effective": start,
                    "prior_deductible": None,
                }
                for name, cover, amount in coverages
            ],
            "endorsements": list(endorsements),
            "vehicles": [
                {
                    "vehicle_id": f"V-{policy_id[3:9]}-{number}",
                    "year": year,
                    "make": make,
                    "model": model,
                    "vin": vin,
                    "actual_cash_value": value,
                }
                for number, (year, make, model, vin, value) in enumerate(vehicles, 1)
            ],
            "drivers": [
                {
                    "name": name,
                    "date_of_birth": born,
                    "license_number": licence,
                    "added_on": added,
                    "annual_surcharge": young_driver_surcharge(_age(born, start)),
                    "prorated_charge": 0.0,
                }
                for name, born, licence, added in drivers
            ],  # rated in the term's premium: nothing billed apart
            "property_address": address,
            "cancellation": None,
        }
        self.policies[policy_id] = record
        for pid in holders:
            self.holders[pid]["policies"].append(policy_id)
        return record

    def insureds_driving(self, policy_id: str, holders: list[str], since: str) -> tuple:
        """Every auto term lists who drives: where the cast names no driver, its named insureds,
        on since the policy's inception with a licence of their own (the same on every term)."""
        drivers = []
        for pid in holders:
            name, born = self.holders[pid]["name"], self.holders[pid]["date_of_birth"]
            licence = f"{name.split()[-1][0]}{born[2:4]}{born[5:7]}{born[8:10]}{policy_id[7:9]}"
            drivers.append((name, born, licence, since))
        return tuple(drivers)

    def payment(self, policy_id: str, claim_id: str | None, kind: str, day: str, amount: float, method: str) -> str:
        payment_id = f"PY-{self.next_payment}"
        self.next_payment += 1
        self.payments[payment_id] = {
            "payment_id": payment_id,
            "policy_id": policy_id,
            "claim_id": claim_id,
            "kind": kind,
            "date": day,
            "amount": round(amount, 2),
            "method": method,
        }
        return payment_id

    def premium_history(self, policy_id: str, plan: str) -> None:
        """Premium payments made so far: in full at the start, or quarterly installments due by today."""
        policy = self.policies[policy_id]
        holder = self.holders[policy["named_insureds"][0]]
        method = holder["payment_methods"][0]
        paid_with = f"{method['kind'].replace('_', ' ')} {method['last4']}"
        if plan == "full":
            self.payment(policy_id, None, "premium", policy["term_start"], policy["annual_premium"], paid_with)
            return
        quarter = round(policy["annual_premium"] / 4, 2)
        for number in range(4):
            due = _shift(policy["term_start"], 91 * number)
            if due > TODAY or (policy["due_date"] and due >= policy["due_date"]):
                break
            self.payment(policy_id, None, "premium", due, quarter, paid_with)

    def claim(
        self,
        claim_id: str,
        policy_id: str,
        loss_type: str,
        loss_date: str,
        estimate: float,
        status: str,
        *,
        reported: str = "",
        vehicle: int = 0,
        police_report: str = "",
        documents: tuple = (),
        payout: float = 0.0,
        siu: str | None = None,
        rental: tuple | None = None,
    ) -> dict:
        policy = self.policies[policy_id]
        coverage_name = LOSS_COVERAGE[policy["line"]][loss_type]
        coverage = next(item for item in policy["coverages"] if item["coverage"] == coverage_name)
        glass_waived = loss_type == "glass" and "full_glass" in policy["endorsements"]
        record = {
            "claim_id": claim_id,
            "policy_id": policy_id,
            "loss_type": loss_type,
            "loss_date": loss_date,
            "reported_date": reported or _shift(loss_date, 2),
            "vehicle_id": policy["vehicles"][vehicle - 1]["vehicle_id"] if vehicle else None,
            "police_report": police_report,
            "estimate": estimate,
            "coverage": coverage_name,
            "limit": coverage["limit"],
            "deductible": 0.0 if glass_waived else coverage["deductible"],
            "status": status,
            "adjuster": adjuster_for(policy["line"], int(claim_id[3:])),
            "siu_flag": siu is not None,
            "siu_indicator": siu,
            "documents": list(documents),
            "rental": rental
            and {
                "daily_rate": rental[0],
                "days": rental[1],
                "total": round(rental[0] * rental[1], 2),
                "authorized_on": rental[2],
            },
            "inspections": [],
            "payments": [],
        }
        self.claims[claim_id] = record
        if payout:
            record["payments"].append(
                self.payment(policy_id, claim_id, "claim_payout", _shift(record["reported_date"], 24), payout, "check")
            )
        return record

    def shop(self, shop_id: str, name: str, zip_code: str, phone: str, network: bool, capacity: int) -> None:
        self.shops[shop_id] = {
            "shop_id": shop_id,
            "name": name,
            "zip_code": zip_code,
            "phone": phone,
            "network": network,
            "daily_capacity": capacity,
        }

    def inspection(self, claim_id: str, shop_id: str, day: str, status: str) -> None:
        inspection_id = f"IN-{self.next_inspection}"
        self.next_inspection += 1
        self.inspections[inspection_id] = {
            "inspection_id": inspection_id,
            "claim_id": claim_id,
            "shop_id": shop_id,
            "date": day,
            "status": status,
        }
        self.claims[claim_id]["inspections"].append(inspection_id)


class Method(BaseModel):
    kind: Literal["card", "bank_account"]
    last4: str


class CastHolder(BaseModel):
    policyholder_id: str
    name: str
    date_of_birth: str
    zip_code: str
    phone: str
    payment_methods: list[Method]


class CastVehicle(BaseModel):
    year: int
    make: str
    model: str
    vin: str
    actual_cash_value: float


class CastDriver(BaseModel):
    name: str
    date_of_birth: str
    license_number: str
    added_on: str


class CastPolicy(BaseModel):
    """A policy term as the builder takes it: coverages follow from the line, the deductible and
    the limit; a term whose drivers are not given lists its named insureds."""

    model_config = ConfigDict(extra="forbid")

    policy_id: str
    line: Literal["auto", "home", "renters"]
    named_insureds: list[str]
    term_start: str
    annual_premium: float
    inception_date: str = ""
    deductible: float = 500.0
    endorsements: list[str] = []
    vehicles: list[CastVehicle] = []
    drivers: list[CastDriver] = []
    billing_status: Literal["paid", "in_grace", "lapsed"] = "paid"
    amount_due: float = 0.0
    due_date: Optional[str] = None
    renewal_of: Optional[str] = None
    limit: float = 300000.0
    property_address: Optional[str] = None


class Payout(BaseModel):
    date: str
    amount: float


class CastClaim(BaseModel):
    """A claim as the builder takes it (``vehicle``: the number of the car on the policy, 0 for
    none; ``payout``: paid 24 days after the report; ``later_payouts``: paid apart from it)."""

    model_config = ConfigDict(extra="forbid")

    claim_id: str
    policy_id: str
    loss_type: str
    loss_date: str
    estimate: float
    status: Literal["open", "under_review", "approved", "paid", "denied", "withdrawn", "closed"]
    reported_date: str = ""
    vehicle: int = 0
    police_report: str = ""
    documents: list[str] = []
    payout: float = 0.0
    siu_indicator: Optional[str] = None
    later_payouts: list[Payout] = []


class CastInspection(BaseModel):
    claim_id: str
    shop_id: str
    date: str
    status: Literal["scheduled", "completed", "cancelled"]


CAST_SECTIONS: dict[str, type[BaseModel]] = {
    "policyholders": CastHolder,
    "policies": CastPolicy,
    "claims": CastClaim,
    "repair_shops": RepairShop,
    "inspections": CastInspection,
}


def cast(book: Book) -> None:
    """The records the tasks are written around (ids below 1100 and shops RS-101 to RS-140), from
    ``data/cast.json``, then each named insured's premium payments so far."""
    rows = load_cast(__package__, CAST_SECTIONS)
    for holder in rows["policyholders"]:
        book.holder(
            holder.policyholder_id,
            holder.name,
            holder.date_of_birth,
            holder.zip_code,
            holder.phone,
            [(method.kind, method.last4) for method in holder.payment_methods],
        )
    for term in rows["policies"]:
        book.policy(
            term.policy_id,
            term.line,
            term.named_insureds,
            term.term_start,
            term.annual_premium,
            inception=term.inception_date,
            deductible=term.deductible,
            endorsements=tuple(term.endorsements),
            vehicles=tuple((car.year, car.make, car.model, car.vin, car.actual_cash_value) for car in term.vehicles),
            drivers=tuple((who.name, who.date_of_birth, who.license_number, who.added_on) for who in term.drivers),
            billing=term.billing_status,
            due=term.amount_due,
            due_date=term.due_date,
            renewal_of=term.renewal_of,
            limit=term.limit,
            address=term.property_address,
        )
    for claim in rows["claims"]:
        book.claim(
            claim.claim_id,
            claim.policy_id,
            claim.loss_type,
            claim.loss_date,
            claim.estimate,
            claim.status,
            reported=claim.reported_date,
            vehicle=claim.vehicle,
            police_report=claim.police_report,
            documents=tuple(claim.documents),
            payout=claim.payout,
            siu=claim.siu_indicator,
        )
        book.claims[claim.claim_id]["payments"] += [
            book.payment(claim.policy_id, claim.claim_id, "claim_payout", paid.date, paid.amount, "check")
            for paid in claim.later_payouts
        ]
    for shop in rows["repair_shops"]:
        book.shops[shop.shop_id] = shop.model_dump()
    for visit in rows["inspections"]:
        book.inspection(visit.claim_id, visit.shop_id, visit.date, visit.status)
    for pid in book.holders:
        for policy_id in book.holders[pid]["policies"]:
            paid_before = any(payment["policy_id"] == policy_id for payment in book.payments.values())
            if not paid_before and book.policies[policy_id]["named_insureds"][0] == pid:
                book.premium_history(policy_id, "quarterly" if book.policies[policy_id]["due_date"] else "full")


NAMESAKES = [
    ("Daniel Reyes", "1983-04-17", "30309"),
    ("Sandra Kim", "1975-03-30", "44111"),
    ("Michael Osei", "1985-05-05", "19147"),
    ("Victor Huang", "1970-07-07", "98115"),
    ("Priya Nair", "1993-12-08", "94122"),
    ("Omar Farouk", "1987-03-09", "48226"),
    ("Julia Novak", "1997-12-01", "80218"),
    ("Kevin O'Brien", "1961-04-30", "02143"),
    ("Grace Osei", "1987-08-14", "19103"),
    ("Mei Tanaka", "1991-10-19", "98107"),
    ("Hannah Weiss", "1981-01-22", "10031"),
    ("Marcus Reid", "1978-02-20", "43215"),
]


def filler(book: Book, rng: random.Random) -> None:
    """Seeded policyholders with their policy terms, claims, inspections and payments."""
    areas = sorted(AREAS)
    numbers: set[int] = set()
    shop_number = 141
    for area in areas:
        for _ in range(rng.randint(2, 4)):
            zip_code = rng.choice(AREAS[area])
            name = f"{rng.choice(SHOP_WORDS)} {rng.choice(['Collision', 'Auto Body', 'Body & Paint', 'Autoworks'])}"
            book.shop(
                f"RS-{shop_number}",
                name,
                zip_code,
                f"{rng.randint(201, 989)}-555-{rng.randint(400, 999):04d}",
                rng.random() < 0.6,
                rng.randint(1, 3),
            )
            shop_number += 1
    people = [(f"{rng.choice(FIRST)} {rng.choice(LAST)}", None, None) for _ in range(328)] + NAMESAKES
    rng.shuffle(people)
    for number, (name, fixed_born, fixed_zip) in enumerate(people, 1101):
        pid = f"PH-{number}"
        born = fixed_born or f"{rng.randint(1945, 2003)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        zip_code = fixed_zip or rng.choice(AREAS[rng.choice(areas)])
        methods = [
            (rng.choice(["card", "card", "bank_account"]), f"{rng.randint(0, 9999):04d}")
            for _ in range(rng.randint(1, 2))
        ]
        book.holder(pid, name, born, zip_code, f"{rng.randint(201, 989)}-555-{rng.randint(1000, 9999)}", methods)
        for _ in range(1 if rng.random() < 0.7 else 2):
            filler_policy(book, rng, pid, numbers)


def filler_policy(book: Book, rng: random.Random, pid: str, numbers: set[int]) -> None:
    line = rng.choice(["auto", "auto", "auto", "home", "home", "renters"])
    number = rng.randint(100000, 999999)
    while number in numbers:
        number = rng.randint(100000, 999999)
    numbers.add(number)
    prefix = {"auto": "AU", "home": "HO", "renters": "RE"}[line]
    start = _shift(TODAY, -rng.randint(0, 364))
    renewed = line != "renters" and rng.random() < 0.2
    inception = _shift(start, -365 * rng.randint(1, 8)) if rng.random() < 0.6 else start
    born = book.holders[pid]["date_of_birth"]
    inception = max(inception, f"{int(born[:4]) + 18}{born[4:]}")  # nobody holds a policy before turning 18
    premium = round(
        rng.uniform(900, 2600)
        if line == "auto"
        else rng.uniform(950, 3400)
        if line == "home"
        else rng.uniform(150, 320),
        2,
    )
    kwargs: dict[str, Any] = {"deductible": float(rng.choice([500, 500, 1000] if line != "renters" else [250, 500]))}
    if line == "auto":
        cars = []
        for index in range(rng.choice([1, 1, 2])):
            make, model, price = rng.choice(CARS)
            year = rng.randint(2012, 2024)
            vin = (
                f"{rng.randint(1, 5)}{make[:2].upper()}"
                f"{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{rng.randint(10**11, 10**12 - 1)}"
            )
            vin += str(index)
            cars.append((year, make, model, vin, round(price * 0.88 ** (2025 - year), -2)))
        kwargs["vehicles"] = tuple(cars)
        holder = book.holders[pid]
        kwargs["drivers"] = (
            (holder["name"], holder["date_of_birth"], f"{holder['name'][0]}{rng.randint(10**7, 10**9)}", inception),
        )
        kwargs["endorsements"] = tuple(e for e in ("rental_standard", "full_glass") if rng.random() < 0.35)
    elif line == "home":
        kwargs["limit"] = float(rng.randrange(180000, 520000, 5000))
        kwargs["endorsements"] = ("water_backup",) if rng.random() < 0.3 else ()
        zip_code = book.holders[pid]["zip_code"]
        kwargs["address"] = f"{rng.randint(100, 9999)} {rng.choice(STREETS)}, {CITIES[zip_code]} {zip_code}"
    else:
        kwargs["limit"] = float(rng.choice([15000, 20000, 25000, 30000, 40000]))
    roll = rng.random()
    if roll < 0.06:  # a quarterly installment missed: still in grace, or lapsed
        due_date = _shift(TODAY, -rng.randint(1, 40))
        kwargs.update(
            billing="in_grace" if due_date >= _shift(TODAY, -10) else "lapsed",
            due=round(premium / 4, 2),
            due_date=due_date,
        )
    elif roll < 0.3:
        kwargs.update(due=round(premium / 4, 2), due_date=_shift(TODAY, rng.randint(1, 25)))
    policy_id = f"{prefix}-{number}-{2 if renewed else 1}"
    if renewed:
        prior = f"{prefix}-{number}-1"
        book.policy(
            prior,
            line,
            [pid],
            _shift(start, -365),
            round(premium * 0.96, 2),
            inception=inception,
            **{key: value for key, value in kwargs.items() if key not in ("billing", "due", "due_date")},
        )
        book.premium_history(prior, "full")
        filler_claims(book, rng, prior)
    book.policy(
        policy_id, line, [pid], start, premium, inception=inception, renewal_of=prior if renewed else None, **kwargs
    )
    book.premium_history(policy_id, "quarterly" if kwargs.get("due_date") else rng.choice(["full", "quarterly"]))
    filler_claims(book, rng, policy_id)


def filler_claims(book: Book, rng: random.Random, policy_id: str) -> None:
    policy = book.policies[policy_id]
    last = min(policy["term_end"], TODAY)
    span = (date.fromisoformat(last) - date.fromisoformat(policy["term_start"])).days
    losses = {"auto": AUTO_LOSSES, "home": HOME_LOSSES, "renters": RENTERS_LOSSES}[policy["line"]]
    for _ in range(rng.choice([0, 0, 1, 1, 1, 2, 2, 3])):
        loss_date = _shift(policy["term_start"], rng.randint(0, span))
        loss_type = rng.choice(losses)
        carried = [coverage["coverage"] for coverage in policy["coverages"]]
        if policy["line"] != "auto" and LOSS_COVERAGE[policy["line"]][loss_type] not in carried:
            continue
        age = (date.fromisoformat(TODAY) - date.fromisoformat(loss_date)).days
        estimate = round(rng.uniform(300, 2000) if loss_type == "glass" else rng.uniform(800, 18000), 2)
        status = (
            rng.choice(["open", "under_review"])
            if age < 20
            else rng.choice(["paid", "paid", "paid", "closed", "denied", "withdrawn"])
        )
        if status == "paid" and age < 45:
            status = "approved"
        claim_id = f"CL-{62000 + len(book.claims)}"
        vehicle = rng.randint(1, len(policy["vehicles"])) if policy["line"] == "auto" else 0
        record = book.claim(
            claim_id,
            policy_id,
            loss_type,
            loss_date,
            estimate,
            status,
            vehicle=vehicle,
            reported=_shift(loss_date, rng.randint(0, min(age, 12))),
            police_report=f"PR-{rng.randint(10**6, 10**7)}" if loss_type == "theft" else "",
            documents=tuple(d for d in ("photos", "repair_estimate", "receipts") if rng.random() < 0.5),
        )
        if status == "paid":
            record["payments"].append(
                book.payment(
                    policy_id,
                    claim_id,
                    "claim_payout",
                    _shift(record["reported_date"], rng.randint(15, 40)),
                    max(estimate - record["deductible"], 50.0),
                    "check",
                )
            )
        if vehicle and status not in ("withdrawn",) and rng.random() < 0.7:
            area = book.holders[policy["named_insureds"][0]]["zip_code"][:3]
            shops = sorted(
                key
                for key, shop in book.shops.items()
                if shop["zip_code"][:3] == area and shop["network"] and key > "RS-140"
            )
            if shops:
                when = _shift(record["reported_date"], rng.randint(2, 9))
                while date.fromisoformat(when).weekday() >= 5:
                    when = _shift(when, 1)
                book.inspection(claim_id, rng.choice(shops), when, "completed" if when <= TODAY else "scheduled")


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    book = Book()
    cast(book)
    filler(book, rng)
    return {
        "today": TODAY,
        "holidays": sorted(HOLIDAYS),
        "next_claim_number": 70001,
        "next_inspection_number": book.next_inspection,
        "next_payment_number": book.next_payment,
        "policyholders": book.holders,
        "policies": book.policies,
        "claims": book.claims,
        "repair_shops": book.shops,
        "inspections": book.inspections,
        "payments": book.payments,
    }

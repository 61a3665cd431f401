"""The healthcare desk's database: a fixed cast the tasks are written around
(``data/cast.json``: two Maria Gonzalez born the same day, twins at one address, a 17- and a
19-year-old sibling, a proxy whose authority lapsed last month, referrals about to run out,
refills due and not due; the plans (one whose contract ended), clinics, pharmacies and the
cast's providers, with the open slots the tasks book and the appointments that hold the
others), plus seeded filler patients, providers, slots and years of appointment history so
that look-ups have namesakes to miss."""

import random
from datetime import date, timedelta
from typing import Any

from pydantic import BaseModel

from taubench.domains.healthcare.models import (
    Appointment,
    Clinic,
    Patient,
    Pharmacy,
    Plan,
    Prescription,
    Provider,
    RecordsRequest,
    Referral,
    Slot,
)
from taubench.domains.kit import load_cast

SEED = 2025
NOW = "2025-03-10 09:00"
TODAY = date(2025, 3, 10)


def _proxy(name: str, relation: str, scope: str, expires: str | None) -> dict[str, Any]:
    return {"name": name, "relation": relation, "scope": scope, "expires": expires}


def _patient(
    pid, first, last, dob, zip_code, phone, address, plan, member, pcp, pharmacy, pages, balance, **extra
) -> dict[str, Any]:
    email = f"{first.lower()}.{last.lower().replace(' ', '').replace(chr(39), '')}{dob[2:4]}@example.com"
    return {
        "patient_id": pid,
        "first_name": first,
        "last_name": last,
        "dob": dob,
        "zip": zip_code,
        "phone": phone,
        "email": email,
        "address": address,
        "plan_id": plan,
        "member_id": member,
        "pcp_id": pcp,
        "preferred_pharmacy_id": pharmacy,
        "proxies": extra.get("proxies", []),
        "release_authorizations": extra.get("authorizations", []),
        "chart_pages": pages,
        "balance": balance,
        "last_late_fee_waiver": extra.get("waiver"),
    }


FIRST = [
    "James",
    "Mary",
    "John",
    "Patricia",
    "Robert",
    "Jennifer",
    "Michael",
    "Linda",
    "David",
    "Elizabeth",
    "William",
    "Barbara",
    "Joseph",
    "Susan",
    "Carlos",
    "Jessica",
    "Anthony",
    "Sarah",
    "Kevin",
    "Karen",
    "Luis",
    "Nancy",
    "Mark",
    "Lisa",
    "Jorge",
    "Betty",
    "Steven",
    "Sandra",
    "Andrew",
    "Ashley",
    "Wei",
    "Kimberly",
    "Joshua",
    "Emily",
    "Kenneth",
    "Donna",
    "Hiroshi",
    "Michelle",
    "Brian",
    "Carol",
    "Ahmed",
    "Amanda",
    "Ronald",
    "Melissa",
    "Tomasz",
    "Deborah",
    "Jamal",
    "Stephanie",
    "Rosa",
    "Fatima",
    "Olga",
    "Ngozi",
    "Mei",
    "Anjali",
    "Diego",
    "Yusuf",
    "Ingrid",
    "Marek",
    "Tiana",
    "Shira",
]
LAST = [
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Wilson",
    "Anderson",
    "Thomas",
    "Taylor",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Perez",
    "Thompson",
    "White",
    "Harris",
    "Clark",
    "Lewis",
    "Robinson",
    "Walker",
    "Young",
    "Kowalski",
    "Nguyen",
    "Kim",
    "Patel",
    "Novak",
    "Okafor",
    "Schmidt",
    "Johansson",
    "Murphy",
    "O'Connor",
    "Rivera",
    "Chen",
    "Wright",
    "Scott",
    "Green",
    "Baker",
    "Adams",
    "Nelson",
    "Hill",
    "Campbell",
    "Mitchell",
    "Roberts",
    "Carter",
    "Phillips",
    "Evans",
    "Turner",
    "Torres",
    "Parker",
]
STREETS = [
    "Clark St",
    "Halsted St",
    "Ashland Ave",
    "Western Ave",
    "Damen Ave",
    "Addison St",
    "Belmont Ave",
    "Fullerton Ave",
    "Lawrence Ave",
    "Irving Park Rd",
    "Pulaski Rd",
    "Cicero Ave",
    "Harlem Ave",
    "Oak St",
    "Maple Ave",
    "Ridge Ave",
]
TOWNS = [
    (
        "Chicago IL",
        ["60607", "60608", "60610", "60613", "60614", "60616", "60618", "60622", "60625", "60640", "60647", "60657"],
    ),
    ("Evanston IL", ["60201", "60202"]),
    ("Oak Park IL", ["60302", "60304"]),
    ("Skokie IL", ["60076"]),
    ("Kenosha WI", ["53140", "53144"]),
    ("Milwaukee WI", ["53202", "53211"]),
    ("Hammond IN", ["46320"]),
]
AREA = {"IL": ["312", "773", "847", "708"], "WI": ["262", "414"], "IN": ["219"]}
FILLER_SPECIALTIES = (
    ["family_medicine"] * 14
    + ["internal_medicine"] * 12
    + ["pediatrics"] * 8
    + [
        "cardiology",
        "dermatology",
        "orthopedics",
        "endocrinology",
        "gastroenterology",
        "neurology",
        "psychiatry",
        "obstetrics_gynecology",
    ]
    * 6
)
PROVIDER_FIRST = [
    "Anna",
    "Ben",
    "Celia",
    "Dmitri",
    "Elif",
    "Farah",
    "George",
    "Helena",
    "Ivan",
    "Julia",
    "Kofi",
    "Laura",
    "Mateo",
    "Nadia",
    "Oscar",
    "Pia",
    "Quinn",
    "Rosa",
    "Samir",
    "Tess",
]
PRIMARY = {"family_medicine", "internal_medicine", "pediatrics"}
NO_SHOW_FEE = 75.0
CAST: dict[str, type[BaseModel]] = {
    "plans": Plan,
    "clinics": Clinic,
    "providers": Provider,
    "pharmacies": Pharmacy,
    "patients": Patient,
    "open_slots": Slot,
    "appointments": Appointment,
    "referrals": Referral,
    "prescriptions": Prescription,
    "records_requests": RecordsRequest,
}


def _dumped(rows: list) -> dict[str, dict[str, Any]]:
    """Cast records by their id (each model's first field), as plain values."""
    return {dump[next(iter(dump))]: dump for dump in (row.model_dump() for row in rows)}


def _current_plans(cast: dict[str, list]) -> list[str]:
    return [plan.plan_id for plan in cast["plans"] if plan.contract_end is None]


def _day(value: date) -> str:
    return value.isoformat()


def _weekdays(start: date, end: date) -> list[date]:
    return [
        start + timedelta(days=n) for n in range((end - start).days + 1) if (start + timedelta(days=n)).weekday() < 5
    ]


def _providers(rng: random.Random, cast: dict[str, list]) -> dict[str, dict[str, Any]]:
    providers, current = _dumped(cast["providers"]), _current_plans(cast)
    clinic_states = {clinic.clinic_id: clinic.state for clinic in cast["clinics"]}
    for number, specialty in enumerate(FILLER_SPECIALTIES, start=201):
        clinic = rng.choice(list(clinic_states))
        states = sorted({clinic_states[clinic], *rng.sample(["IL", "WI", "IN"], rng.randint(0, 2))})
        plans = sorted(rng.sample(current, rng.randint(6, len(current))))
        name = f"Dr. {rng.choice(PROVIDER_FIRST)} {rng.choice(LAST)}"
        providers[f"DR{number}"] = {
            "provider_id": f"DR{number}",
            "name": name,
            "specialty": specialty,
            "clinic_id": clinic,
            "licensed_states": states,
            "accepting_new_patients": rng.random() < 0.75,
            "plans_in_network": plans,
        }
    return providers


def _filler_patients(
    rng: random.Random, cast: dict[str, list], providers: dict[str, dict[str, Any]]
) -> list[dict[str, Any]]:
    current, pharmacies = _current_plans(cast), [pharmacy.pharmacy_id for pharmacy in cast["pharmacies"]]
    primary = [pid for pid, p in providers.items() if p["specialty"] in ("family_medicine", "internal_medicine")]
    pediatric = [pid for pid, p in providers.items() if p["specialty"] == "pediatrics"]
    patients: list[dict[str, Any]] = []
    number = 10101
    while len(patients) < 380:
        born = date(rng.randint(1938, 2022), rng.randint(1, 12), rng.randint(1, 28))
        town, zips = rng.choice(TOWNS)
        state = town[-2:]
        first, last = rng.choice(FIRST), rng.choice(LAST)
        plan = rng.choice(current)
        adult = (TODAY - born).days >= 18 * 365
        record = _patient(
            f"P{number}",
            first,
            last,
            _day(born),
            rng.choice(zips),
            f"{rng.choice(AREA[state])}-555-{rng.randint(100, 9999):04d}",
            f"{rng.randint(100, 9800)} {rng.choice(STREETS)}, {town}",
            plan,
            f"{plan[3:6]}-{rng.randint(100000000, 999999999)}",
            rng.choice(primary if adult else pediatric),
            rng.choice(pharmacies),
            rng.randint(8, 260),
            rng.choice([0.0] * 8 + [25.0, 40.0, 75.0, 12.5]),
        )
        if not adult:
            parent = f"{rng.choice(FIRST)} {last}"
            record["proxies"] = [
                _proxy(parent, "parent", "all", _day(born.replace(year=born.year + 18) - timedelta(days=1)))
            ]
        elif rng.random() < 0.08:
            record["proxies"] = [
                _proxy(
                    f"{rng.choice(FIRST)} {last}",
                    rng.choice(["spouse", "child", "health_care_proxy"]),
                    rng.choice(["all", "appointments", "prescriptions"]),
                    rng.choice([None, "2025-12-31", "2024-06-30"]),
                )
            ]
        patients.append(record)
        number += 1
        if rng.random() < 0.05:  # a namesake: same name, another birth date or zip
            twin = dict(
                record, patient_id=f"P{number}", phone=f"{rng.choice(AREA[state])}-555-{rng.randint(100, 9999):04d}"
            )
            if rng.random() < 0.5:
                twin["dob"] = _day(born + timedelta(days=rng.choice([-366, -31, 9, 365])))
            else:
                twin["zip"] = rng.choice(rng.choice(TOWNS)[1])
            twin["member_id"] = f"{plan[3:6]}-{rng.randint(100000000, 999999999)}"
            twin["proxies"] = []
            patients.append(twin)
            number += 1
    return patients


def _history(
    rng: random.Random, cast: dict[str, list], patients: list[dict[str, Any]], providers: dict[str, dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """Past visits of the filler patients: mostly completed, some cancelled or missed, a few booked ahead."""
    by_specialty: dict[str, list[str]] = {}
    for pid, record in providers.items():
        if pid not in {provider.provider_id for provider in cast["providers"]}:
            by_specialty.setdefault(record["specialty"], []).append(pid)
    appointments, number = {}, 200001
    times = [f"{hour:02d}:{minute}" for hour in range(8, 17) for minute in ("00", "30")]
    for patient in patients:
        visits = []
        for _ in range(rng.randint(2, 5)):
            specialty = (
                providers[patient["pcp_id"]]["specialty"] if rng.random() < 0.55 else rng.choice(sorted(by_specialty))
            )
            own_doctor = specialty == providers[patient["pcp_id"]]["specialty"]
            provider = patient["pcp_id"] if own_doctor else rng.choice(by_specialty[specialty])
            day = TODAY + timedelta(days=rng.randint(-1100, 40))
            while day.weekday() > 4:
                day += timedelta(days=1)
            visits.append((day, rng.choice(times), specialty, provider))
        established: set[str] = set()  # specialties with a completed visit: later visits there are follow-ups
        for day, time, specialty, provider in sorted(visits):
            future = day > TODAY
            status = "booked" if future else rng.choices(["completed", "cancelled", "no_show"], [86, 9, 5])[0]
            appointment_id = f"A{number}"
            appointments[appointment_id] = {
                "appointment_id": appointment_id,
                "patient_id": patient["patient_id"],
                "provider_id": provider,
                "specialty": specialty,
                "slot_id": None,
                "date": _day(day),
                "time": time,
                "mode": "telehealth" if rng.random() < 0.15 else "in_person",
                "visit_type": "follow_up" if specialty in established else "new",
                "status": status,
                "confidential": False,
                "referral_id": None,
                "reschedule_count": rng.choice([0, 0, 0, 1]) if future else 0,
                "cancel_reason": rng.choice(["schedule_conflict", "illness", "transportation"])
                if status == "cancelled"
                else None,
                "fee_charged": NO_SHOW_FEE if status == "no_show" else 0.0,
            }
            if status == "completed":
                established.add(specialty)
            number += 1
    return dict(sorted(appointments.items(), key=lambda item: (item[1]["date"], item[1]["time"], item[0])))


def _slots(
    rng: random.Random, cast: dict[str, list], providers: dict[str, dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """The cast's open slots, the slots its booked appointments hold, and filler providers' slots."""
    slots = _dumped(cast["open_slots"])
    for appointment in cast["appointments"]:
        if appointment.slot_id is not None:
            slots[appointment.slot_id] = {
                "slot_id": appointment.slot_id,
                "provider_id": appointment.provider_id,
                "date": appointment.date,
                "time": appointment.time,
                "mode": appointment.mode,
                "status": "taken",
            }
    number = 21001
    cast_providers = {provider.provider_id for provider in cast["providers"]}
    for pid in providers:
        if pid in cast_providers:
            continue
        for day in _weekdays(TODAY + timedelta(days=1), TODAY + timedelta(days=18)):
            if rng.random() < 0.45:
                slots[f"S{number}"] = {
                    "slot_id": f"S{number}",
                    "provider_id": pid,
                    "date": _day(day),
                    "time": f"{rng.randint(8, 16):02d}:{rng.choice(['00', '15', '30', '45'])}",
                    "mode": "telehealth" if rng.random() < 0.2 else "in_person",
                    "status": rng.choice(["open"] * 3 + ["taken"]),
                }
                number += 1
    return slots


def _filler_prescriptions(rng: random.Random, patients: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    drugs = [
        ("lisinopril 20 mg tablet", "none"),
        ("amlodipine 5 mg tablet", "none"),
        ("metformin 1000 mg tablet", "none"),
        ("atorvastatin 20 mg tablet", "none"),
        ("omeprazole 20 mg capsule", "none"),
        ("levothyroxine 100 mcg tablet", "none"),
        ("sertraline 100 mg tablet", "none"),
        ("albuterol HFA inhaler", "none"),
        ("losartan 50 mg tablet", "none"),
        ("gabapentin 300 mg capsule", "V"),
        ("alprazolam 0.25 mg tablet", "IV"),
        ("tramadol 50 mg tablet", "IV"),
        ("amphetamine salts 10 mg tablet", "II"),
        ("montelukast 10 mg tablet", "none"),
        ("escitalopram 10 mg tablet", "none"),
    ]
    prescriptions, number = {}, 41001
    for patient in patients:
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            drug, schedule = rng.choice(drugs)
            days = 30 if schedule == "II" else rng.choice([30, 30, 90])
            prescriptions[f"RX{number}"] = {
                "rx_id": f"RX{number}",
                "patient_id": patient["patient_id"],
                "drug": drug,
                "dea_schedule": schedule,
                "prescriber_id": patient["pcp_id"],
                "days_supply": days,
                "refills_left": 0 if schedule == "II" else rng.randint(0, 5),
                "last_fill": _day(TODAY - timedelta(days=rng.randint(3, 200))),
                "pharmacy_id": patient["preferred_pharmacy_id"],
                "status": rng.choice(["active"] * 9 + ["discontinued"]),
            }
            number += 1
    return prescriptions


def _filler_referrals(
    rng: random.Random, cast: dict[str, list], patients: list[dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    referral_plans = {plan.plan_id for plan in cast["plans"] if plan.referral_required}
    specialties = [
        "cardiology",
        "dermatology",
        "orthopedics",
        "endocrinology",
        "gastroenterology",
        "neurology",
        "psychiatry",
    ]
    referrals, number = {}, 31001
    for patient in patients:
        if patient["plan_id"] in referral_plans and rng.random() < 0.7:
            start = TODAY - timedelta(days=rng.randint(0, 200))
            authorized = rng.choice([1, 2, 3, 4])
            expired = start + timedelta(days=90) < TODAY
            referrals[f"RF{number}"] = {
                "referral_id": f"RF{number}",
                "patient_id": patient["patient_id"],
                "specialty": rng.choice(specialties),
                "referred_by": patient["pcp_id"],
                "status": "expired" if expired else "active",
                "reason": "specialist evaluation",
                "visits_authorized": authorized,
                "visits_used": rng.randint(0, authorized),
                "valid_from": _day(start),
                "valid_to": _day(start + timedelta(days=90)),
            }
            number += 1
    return referrals


def _filler_records_requests(rng: random.Random, patients: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    requests, number = {}, 5101
    types = ["visit_notes", "lab_results", "imaging", "immunizations", "medication_list", "billing"]
    for patient in rng.sample(patients, 90):
        day = TODAY - timedelta(days=rng.randint(1, 400))
        delivery = rng.choice(["electronic", "electronic", "paper"])
        fee = 6.5 if delivery == "electronic" else round(max(0, patient["chart_pages"] - 10) * 0.25, 2)
        requests[f"RR{number}"] = {
            "request_id": f"RR{number}",
            "patient_id": patient["patient_id"],
            "record_types": sorted(rng.sample(types, rng.randint(1, 3))),
            "recipient": "patient",
            "delivery_format": delivery,
            "fee": fee,
            "requested": _day(day),
            "due": _day(day + timedelta(days=30)),
            "status": "fulfilled" if day + timedelta(days=30) < TODAY else rng.choice(["open", "fulfilled"]),
        }
        number += 1
    return dict(sorted(requests.items()))


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    cast = load_cast(__package__, CAST)
    providers = _providers(rng, cast)
    filler = _filler_patients(rng, cast, providers)
    patients = {**_dumped(cast["patients"]), **{patient["patient_id"]: patient for patient in filler}}
    appointments = {**_dumped(cast["appointments"]), **_history(rng, cast, filler, providers)}
    referrals = {**_dumped(cast["referrals"]), **_filler_referrals(rng, cast, filler)}
    prescriptions = {**_dumped(cast["prescriptions"]), **_filler_prescriptions(rng, filler)}
    records = {**_dumped(cast["records_requests"]), **_filler_records_requests(rng, filler)}
    return {
        "now": NOW,
        "next_appointment_number": 300001,
        "next_referral_number": 32001,
        "next_request_number": 6001,
        "plans": _dumped(cast["plans"]),
        "clinics": _dumped(cast["clinics"]),
        "providers": providers,
        "pharmacies": _dumped(cast["pharmacies"]),
        "patients": patients,
        "slots": _slots(rng, cast, providers),
        "appointments": appointments,
        "referrals": referrals,
        "prescriptions": prescriptions,
        "records_requests": records,
    }

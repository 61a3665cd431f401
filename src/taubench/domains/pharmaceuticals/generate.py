"""Corvane Therapeutics' trial database: the hand-written cast (``data/cast.json``) plus seeded
filler, so that every look-up has namesakes, history and noise to sift.

The cast is what the tasks are built around. Its studies are the sponsor's twelve protocols,
four of them (CT-201 diabetes, CT-214 fatty liver, CT-305 heart failure, CT-330 kidney
disease) with an amendment recent enough that re-consent is running. Its sites are the five
the tasks call from (Boston S104, Seattle S108, Chicago S117, Phoenix S122, Atlanta S131),
with staff whose delegation logs differ (a coordinator who may not take consent or report
safety events, an inactive coordinator, pharmacists who only order kits) and kit lots that
expire before some visits. Its participants each carry one situation a task turns on:
screening finished with labs inside or outside a limit, a screening window closed, a consent
on a superseded version, a re-consent past its 30 days, visits whose window is open, closed
or missed, unpaid stipends inside and outside the 90-day claim window, and the near-duplicates
(the twins J.R. born 1961-04-03 at S117 and a third J.R. with that birth date at S122; two
M.K. born 1975-11-30 in CT-305 at S104 and S108; two A.N. born 1983-07-21 at S104, one in
CT-201 and one in CT-330; two P.S. born 1958-10-09 at S108 in CT-201 and CT-305; screen
failures sharing initials with other cast members), and kit lots that expire before or on
the reorder horizon. Visits, screening labs and consent history of the cast are derived from
each record's dates by the same rules as the filler's, so the cast's visit ids are whatever
the derivation gives (the task-authoring script looks them up).

The filler: forty more sites, their staff, and six hundred participants across the studies
(the five task sites drawn five times as often, so their kit shelves and reports have traffic)
with their visits, labs, consents, adverse events, deviations, stipend payments, the filler
sites' kit lots and past orders, earlier unblinding requests and the task sites' monthly
enrollment reports. The blinded randomization lists hold every arm, in blocks of four."""

import random
from datetime import date, timedelta
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict

from taubench.domains.kit import Population, load_cast
from taubench.domains.pharmaceuticals.models import KitLot, Site, Staff, Study

SEED = 20250812
NOW = "2025-08-12 09:00"
TODAY = NOW[:10]
HOLIDAYS = ["2025-01-01", "2025-05-26", "2025-07-04", "2025-09-01", "2025-11-27", "2025-12-25"]
FILLER_SITES = 40
FILLER_PARTICIPANTS = 600
CAST_SITE_WEIGHT = 5
CITIES = [
    ("Albany", "NY"),
    ("Austin", "TX"),
    ("Baltimore", "MD"),
    ("Birmingham", "AL"),
    ("Boise", "ID"),
    ("Charlotte", "NC"),
    ("Cincinnati", "OH"),
    ("Cleveland", "OH"),
    ("Columbus", "OH"),
    ("Dallas", "TX"),
    ("Denver", "CO"),
    ("Des Moines", "IA"),
    ("Detroit", "MI"),
    ("El Paso", "TX"),
    ("Fresno", "CA"),
    ("Hartford", "CT"),
    ("Houston", "TX"),
    ("Indianapolis", "IN"),
    ("Jacksonville", "FL"),
    ("Kansas City", "MO"),
    ("Las Vegas", "NV"),
    ("Little Rock", "AR"),
    ("Louisville", "KY"),
    ("Madison", "WI"),
    ("Memphis", "TN"),
    ("Miami", "FL"),
    ("Milwaukee", "WI"),
    ("Minneapolis", "MN"),
    ("Nashville", "TN"),
    ("New Orleans", "LA"),
    ("Omaha", "NE"),
    ("Orlando", "FL"),
    ("Philadelphia", "PA"),
    ("Pittsburgh", "PA"),
    ("Portland", "OR"),
    ("Raleigh", "NC"),
    ("Richmond", "VA"),
    ("Sacramento", "CA"),
    ("Salt Lake City", "UT"),
    ("San Diego", "CA"),
]
SITE_WORDS = ["Clinical Research", "Research Institute", "Trials Center", "Medical Research", "Clinical Studies"]
AREA = {"NY": "518", "TX": "512", "MD": "410", "AL": "205", "ID": "208", "NC": "704", "OH": "614", "CO": "303"}
TERMS = [
    "headache",
    "nausea",
    "fatigue",
    "dizziness",
    "diarrhoea",
    "upper respiratory tract infection",
    "back pain",
    "cough",
    "rash",
    "hypoglycaemia",
    "urinary tract infection",
    "vomiting",
    "hypertension",
]
SERIOUS_TERMS = ["pneumonia", "atrial fibrillation", "fracture", "pancreatitis", "cellulitis", "syncope", "chest pain"]
STATUSES = ["screening"] * 5 + ["screen_failed"] * 12 + ["enrolled"] * 60 + ["withdrawn"] * 10 + ["completed"] * 13
REASONS = ["participant_decision", "participant_decision", "adverse_event", "relocation", "lost_to_follow_up"]
DUTIES = {
    "investigator": [
        "consent",
        "enrollment",
        "scheduling",
        "safety_reporting",
        "kits",
        "payments",
        "reports",
        "unblinding",
    ],
    "sub_investigator": ["consent", "enrollment", "scheduling", "safety_reporting", "unblinding"],
    "coordinator": ["consent", "enrollment", "scheduling", "payments", "reports"],
    "pharmacist": ["kits"],
}


class CastParticipant(BaseModel):
    """A participant as the cast writes them; their visits, labs and consents are derived."""

    model_config = ConfigDict(extra="forbid")

    participant_id: str
    study_id: str
    site_id: str
    initials: str
    dob: str
    sex: str
    status: str
    consent_version: int
    consent_date: str
    last_consent_date: str
    first_version: Optional[int] = None  # the version of the screening consent, when it differs
    randomization_date: Optional[str] = None
    arm: Optional[str] = None
    follow_up_consent: Optional[bool] = None
    withdrawal_date: Optional[str] = None
    withdrawal_reason: Optional[str] = None
    labs: dict[str, float]  # eGFR, HbA1c, ALT and ALT's upper limit of normal (alt_uln) at screening
    scheduled: dict[str, str] = {}  # study day -> the date a coming visit is booked on
    open_days: list[int] = []  # past visits still booked: neither attended nor yet logged missed
    unpaid_days: list[int] = []  # completed visits whose stipend is not paid
    actual: dict[str, str] = {}  # study day -> the day a completed visit took place, when not its target


CAST_SECTIONS: dict[str, type[BaseModel]] = {
    "studies": Study,
    "sites": Site,
    "staff": Staff,
    "participants": CastParticipant,
    "kit_lots": KitLot,
}


def day(text: str) -> date:
    return date.fromisoformat(text)


def plus(text: str, days: int) -> str:
    return (day(text) + timedelta(days=days)).isoformat()


def is_open(text: str) -> bool:
    return day(text).weekday() < 5 and text not in HOLIDAYS


def window_days(study_day: int) -> int:
    return 0 if study_day <= 0 else 3 if study_day <= 85 else 7


def open_near(target: str, window: int) -> str:
    """The open day nearest the target within its window (later first), else the target."""
    for shift in [0, *[step for offset in range(1, window + 1) for step in (offset, -offset)]]:
        candidate = plus(target, shift)
        if is_open(candidate):
            return candidate
    return target


class Builder:
    def __init__(self, cast: dict[str, list]) -> None:
        self.rng = random.Random(SEED)
        self.studies = {study.study_id: study for study in cast["studies"]}
        self.visits: dict[str, dict] = {}
        self.labs: dict[str, dict] = {}
        self.consents: dict[str, dict] = {}
        self.payments: dict[str, dict] = {}
        self.deviations: dict[str, dict] = {}
        self.events: dict[str, dict] = {}
        self.numbers = {"V": 100001, "LR": 500001, "IC": 30001, "SP": 70001, "DV": 4001, "AE": 8001}

    def next_id(self, prefix: str) -> str:
        number = self.numbers[prefix]
        self.numbers[prefix] += 1
        return f"{prefix}{number}"

    def participant(self, row: CastParticipant, filler: bool) -> dict[str, Any]:
        study = self.studies[row.study_id]
        record = row.model_dump(
            include={
                "participant_id",
                "study_id",
                "site_id",
                "initials",
                "dob",
                "sex",
                "status",
                "consent_version",
                "consent_date",
                "last_consent_date",
            }
        )
        record.update(
            randomization_number=None,
            randomization_date=row.randomization_date,
            follow_up_consent=row.follow_up_consent,
            withdrawal_date=row.withdrawal_date,
            withdrawal_reason=row.withdrawal_reason,
        )
        first = row.first_version or row.consent_version
        self._consent(row.participant_id, first, row.consent_date)
        if row.last_consent_date != row.consent_date:
            self._consent(row.participant_id, row.consent_version, row.last_consent_date)
        screening = self._visit(row.participant_id, "Screening", 0, False, False, row.consent_date, row.consent_date)
        self._labs(row, screening)
        if row.randomization_date:
            self._schedule(row, study, filler)
        return record

    def _consent(self, participant_id: str, version: int, signed: str) -> None:
        consent_id = self.next_id("IC")
        self.consents[consent_id] = {
            "consent_id": consent_id,
            "participant_id": participant_id,
            "version": version,
            "signed_date": signed,
            "recorded_on": signed,
        }

    def _visit(
        self,
        participant_id: str,
        name: str,
        study_day: int,
        dispenses: bool,
        extended: bool,
        scheduled: Optional[str],
        actual: Optional[str],
        status: str = "completed",
        paid: bool = True,
    ) -> str:
        visit_id = self.next_id("V")
        self.visits[visit_id] = {
            "visit_id": visit_id,
            "participant_id": participant_id,
            "visit_name": name,
            "study_day": study_day,
            "window_days": window_days(study_day),
            "dispenses_kit": dispenses,
            "extended": extended,
            "scheduled_date": scheduled,
            "actual_date": actual,
            "status": status,
            "stipend_paid": paid and status == "completed" and study_day > 0,
        }
        return visit_id

    def _labs(self, row: CastParticipant, visit_id: str) -> None:
        women = row.sex == "F"
        values = [
            ("eGFR", row.labs["eGFR"], "mL/min/1.73m2", 60.0, 120.0),
            ("HbA1c", row.labs["HbA1c"], "%", 4.0, 5.6),
            ("ALT", row.labs["ALT"], "U/L", 7.0, row.labs.get("alt_uln", 33.0 if women else 40.0)),
            ("creatinine", row.labs.get("creatinine", 0.9), "mg/dL", 0.6, 1.2),
            ("hemoglobin", row.labs.get("hemoglobin", 13.6), "g/dL", 12.0 if women else 13.5, 15.5 if women else 17.5),
        ]
        for test, value, unit, low, high in values:
            result_id = self.next_id("LR")
            self.labs[result_id] = {
                "result_id": result_id,
                "participant_id": row.participant_id,
                "visit_id": visit_id,
                "test": test,
                "value": value,
                "unit": unit,
                "ref_low": low,
                "ref_high": high,
                "collected_date": row.consent_date,
            }

    def _schedule(self, row: CastParticipant, study: Study, filler: bool) -> None:
        assert row.randomization_date is not None
        horizon = plus(TODAY, 27)
        for planned in study.schedule:
            if planned.study_day < 1:
                continue
            key, w = str(planned.study_day), window_days(planned.study_day)
            target = plus(row.randomization_date, planned.study_day - 1)
            args = (row.participant_id, planned.visit_name, planned.study_day, planned.dispenses_kit, planned.extended)
            if row.withdrawal_date and target > row.withdrawal_date:
                self._visit(*args, None, None, "cancelled")
            elif planned.study_day in row.open_days:
                self._visit(*args, open_near(target, w), None, "scheduled")
            elif row.status == "completed" or plus(target, w) < TODAY or (planned.study_day == 1 and target <= TODAY):
                if filler and self.rng.random() < 0.04 and planned.study_day > 1:
                    visit_id = self._visit(*args, None, None, "missed")
                    self._deviation(row.participant_id, visit_id, "missed_visit", plus(target, w + 1))
                    continue
                actual = row.actual.get(key) or open_near(target, w)
                paid = planned.study_day not in row.unpaid_days and not (filler and self.rng.random() < 0.08)
                visit_id = self._visit(*args, actual, actual, "completed", paid)
                if paid:
                    self._payment(row.participant_id, visit_id, study, planned.extended, plus(actual, 3))
                if filler and actual != target and self.rng.random() < 0.3:
                    self._deviation(row.participant_id, visit_id, "visit_window", actual)
            elif key in row.scheduled:
                self._visit(*args, row.scheduled[key], None, "scheduled")
            elif filler and target <= horizon:
                booked = open_near(target, w)
                if booked <= TODAY:
                    self._visit(*args, booked, booked, "completed", False)
                else:
                    self._visit(*args, booked, None, "scheduled")
            else:
                self._visit(*args, None, None, "planned")

    def _payment(self, participant_id: str, visit_id: str, study: Study, extended: bool, paid_on: str) -> None:
        payment_id = self.next_id("SP")
        self.payments[payment_id] = {
            "payment_id": payment_id,
            "participant_id": participant_id,
            "visit_id": visit_id,
            "amount": study.extended_visit_stipend if extended else study.stipend_per_visit,
            "paid_on": min(paid_on, TODAY),
        }

    def _deviation(self, participant_id: str, visit_id: Optional[str], category: str, logged: str) -> None:
        deviation_id = self.next_id("DV")
        self.deviations[deviation_id] = {
            "deviation_id": deviation_id,
            "participant_id": participant_id,
            "visit_id": visit_id,
            "category": category,
            "severity": "minor" if category in ("visit_window", "missed_visit") else "major",
            "logged_on": min(logged, TODAY),
        }

    def adverse_events(self, participants: list[dict]) -> None:
        on_study = [p for p in participants if p["randomization_date"]]
        for participant in self.rng.sample(on_study, min(len(on_study), 520)):
            for _ in range(self.rng.choice([1, 1, 1, 2, 2, 3])):
                last = min(TODAY, participant["withdrawal_date"] or TODAY)
                span = (day(last) - day(participant["randomization_date"])).days
                if span < 3:
                    continue
                onset = plus(participant["randomization_date"], self.rng.randint(1, span - 1))
                serious = self.rng.random() < 0.1
                aware_day, hour = plus(onset, self.rng.randint(0, 2)), self.rng.randint(8, 17)
                aware = f"{aware_day} {hour:02d}:{self.rng.choice(['00', '30'])}"
                aware = min(aware, "2025-08-11 17:00")
                hours = self.rng.choice([2, 4, 6, 20, 22, 30]) if serious else self.rng.randint(1, 240)
                reported = _moment_plus(aware, hours)
                event_id = self.next_id("AE")
                self.events[event_id] = {
                    "ae_id": event_id,
                    "participant_id": participant["participant_id"],
                    "term": self.rng.choice(SERIOUS_TERMS if serious else TERMS),
                    "onset_date": onset,
                    "serious": serious,
                    "seriousness": ["hospitalization"] if serious else [],
                    "severity": self.rng.choice(["severe", "moderate"])
                    if serious
                    else self.rng.choice(["mild", "moderate"]),
                    "related": self.rng.choice(["related", "not_related", "not_related"]),
                    "site_aware_at": aware,
                    "reported_at": min(reported, "2025-08-11 18:00"),
                }
                if serious and hours > 24:
                    self._deviation(participant["participant_id"], None, "safety_reporting", reported[:10])


def _moment_plus(moment: str, hours: int) -> str:
    from datetime import datetime

    later = datetime.fromisoformat(moment) + timedelta(hours=hours)
    return later.strftime("%Y-%m-%d %H:%M")


def _filler_sites(rng: random.Random, population: Population, studies: list[str]) -> tuple[list[dict], list[dict]]:
    sites: list[dict] = []
    staff: list[dict] = []
    taken = {104, 108, 117, 122, 131}
    numbers = [n for n in range(101, 146) if n not in taken]
    for index, number in enumerate(numbers[:FILLER_SITES]):
        city, state = CITIES[index]
        site_id = f"S{number}"
        area = AREA.get(state, f"{rng.randint(201, 989)}")
        members: list[dict] = []
        for role in ["investigator", "coordinator", "coordinator", "pharmacist"][: rng.randint(3, 4)]:
            person = population.person(area, ages=(28, 66))
            staff_id = f"ST{5000 + len(staff) + len(members)}"
            title = "Dr. " if role == "investigator" else ""
            duties = list(DUTIES[role])
            if role == "coordinator" and rng.random() < 0.4:
                duties.append("safety_reporting")
            if role == "coordinator" and rng.random() < 0.3:
                duties.append("kits")
            members.append(
                {
                    "staff_id": staff_id,
                    "name": f"{title}{person.name}",
                    "site_id": site_id,
                    "role": role,
                    "duties": sorted(duties),
                    "phone": person.phone,
                    "status": "active" if rng.random() < 0.95 or role == "investigator" else "inactive",
                }
            )
        staff += members
        sites.append(
            {
                "site_id": site_id,
                "name": f"{city} {rng.choice(SITE_WORDS)}",
                "city": city,
                "state": state,
                "phone": population.phone(area),
                "principal_investigator": members[0]["staff_id"],
                "studies": sorted(rng.sample(studies, rng.randint(2, 4))),
            }
        )
    return sites, staff


def _filler_participant(
    rng: random.Random, population: Population, number: int, site: dict, study: Study, initials: list[str]
) -> CastParticipant:
    status = rng.choice(STATUSES)
    person = population.person("555", ages=(max(study.age_min, 19), min(study.age_max, 84) - 1))
    letters = f"{person.first[0]}.{person.last[0]}." if rng.random() > 0.05 or not initials else rng.choice(initials)
    amendment = study.amendment_date
    schedule_end = study.schedule[-1].study_day + 7
    randomized: Optional[str] = None
    if status == "screening":
        consent = population.day(plus(TODAY, -26), plus(TODAY, -1))
    elif status == "screen_failed":
        consent = population.day("2024-06-01", plus(TODAY, -10))
    elif status == "completed":
        randomized = population.day("2023-09-01", plus(TODAY, -schedule_end - 2))
        consent = plus(randomized, -rng.randint(6, 27))
    else:
        randomized = population.day("2024-09-01", plus(TODAY, -4))
        consent = plus(randomized, -rng.randint(6, 27))
    version, first, last = study.current_consent_version, None, consent
    if consent < amendment:
        version = study.current_consent_version - 1
        if status in ("enrolled", "screening") and rng.random() < 0.85:
            last = population.day(amendment, min(TODAY, plus(amendment, 25)))
            first, version = version, study.current_consent_version
    withdrawal = reason = None
    follow_up = None
    if status == "withdrawn" and randomized:
        withdrawal = population.day(plus(randomized, 2), plus(TODAY, -1))
        reason, follow_up = rng.choice(REASONS), rng.random() < 0.6
        if withdrawal < last:
            last, version, first = consent, version if first is None else first, None
    egfr_floor = (study.egfr_min or 45.0) + 2
    low, high = study.hba1c_min or 5.0, study.hba1c_max or 6.4
    labs = {
        "eGFR": round(rng.uniform(egfr_floor, egfr_floor + 45), 0),
        "HbA1c": round(rng.uniform(low, high), 1),
        "ALT": float(rng.randint(12, 60)),
        "creatinine": round(rng.uniform(0.6, 1.3), 2),
        "hemoglobin": round(rng.uniform(11.4, 16.8), 1),
    }
    if status == "screen_failed":
        labs["eGFR"] = round(rng.uniform(egfr_floor - 30, egfr_floor + 30), 0)
    return CastParticipant(
        participant_id=f"P{number}",
        study_id=study.study_id,
        site_id=site["site_id"],
        initials=letters,
        dob=person.birth_date,
        sex=person.sex,
        status=status,
        consent_version=version,
        consent_date=consent,
        last_consent_date=last,
        first_version=first,
        randomization_date=randomized,
        follow_up_consent=follow_up,
        withdrawal_date=withdrawal,
        withdrawal_reason=reason,
        labs=labs,
    )


def _randomization(rng: random.Random, studies: dict[str, Study], participants: list[dict], arms: dict) -> dict:
    slots: dict[str, dict] = {}
    for study_id in sorted(studies):
        members = sorted(
            (p for p in participants if p["study_id"] == study_id and p["randomization_date"]),
            key=lambda p: (p["randomization_date"], p["participant_id"]),
        )
        size = len(members) + 24
        size += -size % 4
        blocks = []
        for _ in range(size // 4):
            block = ["active", "active", "placebo", "placebo"]
            rng.shuffle(block)
            blocks += block
        for index, member in enumerate(members):
            wanted = arms.get(member["participant_id"])
            if wanted and blocks[index] != wanted:  # a cast arm: swap it in from later in the list
                swap = next(at for at in range(index + 1, size) if blocks[at] == wanted)
                blocks[index], blocks[swap] = blocks[swap], blocks[index]
        for index in range(size):
            number = f"R{study_id[3:]}-{index + 1:04d}"
            participant_id = members[index]["participant_id"] if index < len(members) else None
            slots[number] = {
                "randomization_number": number,
                "study_id": study_id,
                "sequence": index + 1,
                "arm": blocks[index],
                "participant_id": participant_id,
            }
            if participant_id:
                members[index]["randomization_number"] = number
    return slots


def _kits(rng: random.Random, sites: list[dict], studies: dict[str, Study], start: int) -> tuple[dict, dict]:
    lots, orders = {}, {}
    number, order_number = start, 300
    for site in sites:
        for kit in sorted({studies[study].kit_type for study in site["studies"]}):
            for _ in range(rng.randint(1, 3)):
                lot_id = f"LOT{number}"
                number += 1
                lots[lot_id] = {
                    "lot_id": lot_id,
                    "site_id": site["site_id"],
                    "kit_type": kit,
                    "expiry": population_day(rng, "2025-08-20", "2026-07-31"),
                    "quantity": rng.randint(0, 30),
                }
            if rng.random() < 0.7:
                order_id = f"KO{order_number}"
                order_number += 1
                orders[order_id] = {
                    "order_id": order_id,
                    "site_id": site["site_id"],
                    "kit_type": kit,
                    "quantity": rng.choice([10, 15, 20, 30]),
                    "ordered_on": population_day(rng, "2025-03-01", "2025-08-01"),
                    "status": "delivered",
                }
    return lots, orders


PAST_UNBLINDING = 6
REPORT_MONTHS = ["2025-06-02", "2025-07-01"]


def _past_unblinding(rng: random.Random, participants: list[dict], staff: list[dict]) -> dict:
    """Earlier emergency unblinding requests, each decided by the medical monitor."""
    investigators = {member["site_id"]: member["staff_id"] for member in staff if member["role"] == "investigator"}
    randomized = [p for p in participants if p["randomization_number"] and p["participant_id"] >= "P2000"]
    requests = {}
    for number, participant in enumerate(rng.sample(randomized, PAST_UNBLINDING), start=101):
        when = population_day(rng, plus(participant["randomization_date"], 7), plus(TODAY, -3))
        requests[f"UB{number}"] = {
            "request_id": f"UB{number}",
            "participant_id": participant["participant_id"],
            "requested_by": investigators[participant["site_id"]],
            "reason": "medical_emergency",
            "status": rng.choice(["granted", "granted", "declined"]),
            "requested_at": f"{min(when, plus(TODAY, -3))} {rng.randint(0, 23):02d}:{rng.choice(['05', '20', '40'])}",
        }
    return requests


def _past_reports(participants: list[dict], sites: list[dict]) -> dict:
    """The monthly enrollment reports the five task sites filed, counted as of today (a snapshot
    kept simple: the counts are the current ones)."""
    reports, number = {}, 601
    for month in REPORT_MONTHS:
        for site in sites:
            if site["site_id"] not in ("S104", "S108", "S117", "S122", "S131"):
                continue
            for study_id in site["studies"]:
                statuses = [
                    p["status"]
                    for p in participants
                    if p["site_id"] == site["site_id"] and p["study_id"] == study_id and p["consent_date"] < month
                ]
                reports[f"ER{number}"] = {
                    "report_id": f"ER{number}",
                    "study_id": study_id,
                    "site_id": site["site_id"],
                    "screened": len(statuses),
                    "screen_failed": statuses.count("screen_failed"),
                    "enrolled": statuses.count("enrolled"),
                    "withdrawn": statuses.count("withdrawn"),
                    "completed": statuses.count("completed"),
                    "generated_on": month,
                }
                number += 1
    return reports


def population_day(rng: random.Random, first: str, last: str) -> str:
    return plus(first, rng.randint(0, (day(last) - day(first)).days))


def database() -> dict[str, Any]:
    cast = load_cast(__package__, CAST_SECTIONS)
    builder = Builder(cast)
    rng = builder.rng
    population = Population(SEED, TODAY)
    studies = builder.studies
    cast_sites = [site.model_dump() for site in cast["sites"]]
    filler_sites, filler_staff = _filler_sites(rng, population, sorted(studies))
    sites = sorted(cast_sites + filler_sites, key=lambda site: site["site_id"])
    staff = [member.model_dump() for member in cast["staff"]] + filler_staff
    participants = [builder.participant(row, filler=False) for row in cast["participants"]]
    arms = {row.participant_id: row.arm for row in cast["participants"] if row.arm}
    initials = sorted({row.initials for row in cast["participants"]})
    busy = sites + [site for site in cast_sites for _ in range(CAST_SITE_WEIGHT - 1)]  # the tasks' sites are busier
    for number in range(2001, 2001 + FILLER_PARTICIPANTS):
        site = rng.choice(busy)
        study = studies[rng.choice(site["studies"])]
        row = _filler_participant(rng, population, number, site, study, initials)
        participants.append(builder.participant(row, filler=True))
    randomization = _randomization(rng, studies, participants, arms)
    builder.adverse_events(participants)
    lots = {lot.lot_id: lot.model_dump() for lot in cast["kit_lots"]}
    filler_lots, orders = _kits(rng, filler_sites, studies, 900)
    lots.update(filler_lots)
    return {
        "now": NOW,
        "today": TODAY,
        "holidays": HOLIDAYS,
        "next_visit_number": builder.numbers["V"],
        "next_consent_number": builder.numbers["IC"],
        "next_ae_number": builder.numbers["AE"],
        "next_deviation_number": builder.numbers["DV"],
        "next_order_number": 300 + len(orders),
        "next_payment_number": builder.numbers["SP"],
        "next_unblinding_number": 101 + PAST_UNBLINDING,
        "next_report_number": 601 + len(_past_reports(participants, sites)),
        "studies": {study_id: study.model_dump() for study_id, study in studies.items()},
        "sites": {site["site_id"]: site for site in sites},
        "staff": {member["staff_id"]: member for member in staff},
        "participants": {p["participant_id"]: p for p in participants},
        "randomization": randomization,
        "visits": builder.visits,
        "lab_results": builder.labs,
        "consents": builder.consents,
        "adverse_events": builder.events,
        "deviations": builder.deviations,
        "kit_lots": lots,
        "kit_orders": orders,
        "stipend_payments": builder.payments,
        "unblinding_requests": _past_unblinding(rng, participants, staff),
        "enrollment_reports": _past_reports(participants, sites),
    }

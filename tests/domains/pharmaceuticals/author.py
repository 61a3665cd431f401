"""Writes the pharmaceuticals domain's hand-written data: ``data/cast.json`` (the studies,
the five sites the tasks call from, their staff, the participants the tasks turn on and the
sites' kit lots), then, from the database the generator builds on it, ``data/tasks.json``
and ``data/split_tasks.json``. Run it by hand, then regenerate db.json:

    .venv/bin/python tests/domains/pharmaceuticals/author.py
    .venv/bin/python -m taubench.domains generate pharmaceuticals

Each task is the caller's words and the gold path a careful desk agent takes under the
manual; the figures a task needs are computed here with the manual's own arithmetic
(``policy_rules``), and ``test_pharmaceuticals_tasks.py`` works five of them by hand."""

import json
from pathlib import Path
from typing import Any, Optional, Sequence

from taubench.domains.kit import gold_action, task_record, write_task_files

DATA = Path(__file__).resolve().parents[3] / "src" / "taubench" / "domains" / "pharmaceuticals" / "data"

A = [
    ("Screening", 0, False, False),
    ("Day 1", 1, True, True),
    ("Day 15", 15, False, False),
    ("Day 29", 29, True, False),
    ("Day 43", 43, False, False),
    ("Day 57", 57, True, False),
    ("Day 85", 85, True, True),
    ("Day 113", 113, False, False),
    ("Day 141", 141, True, False),
    ("Day 169", 169, False, False),
]
B = [
    ("Screening", 0, False, False),
    ("Day 1", 1, True, True),
    ("Day 29", 29, True, False),
    ("Day 57", 57, True, False),
    ("Day 85", 85, True, False),
    ("Day 127", 127, True, False),
    ("Day 169", 169, True, True),
    ("Day 253", 253, False, False),
    ("Day 337", 337, False, False),
]


def study(
    study_id: str,
    title: str,
    phase: str,
    indication: str,
    kit: str,
    version: int,
    amended: str,
    ages: tuple[int, int],
    egfr: Optional[float],
    hba1c: tuple[Optional[float], Optional[float]],
    alt: float,
    stipends: tuple[float, float],
    unblinding: str,
    schedule: list,
) -> dict[str, Any]:
    return {
        "study_id": study_id,
        "title": title,
        "phase": phase,
        "indication": indication,
        "kit_type": kit,
        "kits_per_dispensing": KITS.get(kit, 2),
        "current_consent_version": version,
        "amendment_date": amended,
        "age_min": ages[0],
        "age_max": ages[1],
        "egfr_min": egfr,
        "hba1c_min": hba1c[0],
        "hba1c_max": hba1c[1],
        "alt_max_uln": alt,
        "stipend_per_visit": stipends[0],
        "extended_visit_stipend": stipends[1],
        "planned_unblinding_date": unblinding,
        "schedule": [
            {"visit_name": name, "study_day": n, "dispenses_kit": kit_out, "extended": long}
            for name, n, kit_out, long in schedule
        ],
    }


NONE = (None, None)
KITS = {"K318": 4, "K714": 4, "K522": 3, "K330": 3, "K108": 4, "K112": 2, "K226": 1, "K355": 2}
STUDIES = [
    study(
        "CT-108",
        "CVT-108 weekly injection for obesity",
        "II",
        "obesity",
        "K108",
        3,
        "2025-03-10",
        (18, 65),
        45.0,
        NONE,
        3.0,
        (60.0, 120.0),
        "2026-06-30",
        A,
    ),
    study(
        "CT-112",
        "CVT-112 for resistant hypertension",
        "III",
        "resistant hypertension",
        "K112",
        2,
        "2024-11-04",
        (30, 80),
        45.0,
        NONE,
        3.0,
        (70.0, 140.0),
        "2026-09-30",
        B,
    ),
    study(
        "CT-201",
        "CVT-318 once weekly in type 2 diabetes",
        "II",
        "type 2 diabetes",
        "K318",
        4,
        "2025-07-21",
        (18, 75),
        60.0,
        (7.0, 10.5),
        3.0,
        (75.0, 150.0),
        "2026-10-15",
        A,
    ),
    study(
        "CT-214",
        "CVT-714 in non-alcoholic steatohepatitis",
        "II",
        "non-alcoholic steatohepatitis",
        "K714",
        2,
        "2025-08-01",
        (18, 70),
        45.0,
        (None, 9.5),
        5.0,
        (80.0, 160.0),
        "2026-12-01",
        A,
    ),
    study(
        "CT-220",
        "CVT-220 inhaled add-on in severe asthma",
        "II",
        "severe asthma",
        "K220",
        4,
        "2025-05-12",
        (18, 70),
        None,
        NONE,
        3.0,
        (75.0, 150.0),
        "2026-08-31",
        A,
    ),
    study(
        "CT-226",
        "CVT-226 in moderate to severe plaque psoriasis",
        "III",
        "plaque psoriasis",
        "K226",
        2,
        "2025-01-20",
        (18, 75),
        None,
        NONE,
        3.0,
        (50.0, 100.0),
        "2026-11-30",
        A,
    ),
    study(
        "CT-241",
        "CVT-241 for migraine prevention",
        "II",
        "episodic migraine",
        "K241",
        3,
        "2025-06-16",
        (18, 65),
        None,
        NONE,
        3.0,
        (60.0, 120.0),
        "2026-05-31",
        A,
    ),
    study(
        "CT-305",
        "CVT-522 in chronic heart failure",
        "III",
        "chronic heart failure",
        "K522",
        3,
        "2025-06-02",
        (40, 85),
        30.0,
        NONE,
        3.0,
        (100.0, 200.0),
        "2027-03-31",
        B,
    ),
    study(
        "CT-317",
        "CVT-317 in chronic obstructive pulmonary disease",
        "III",
        "COPD",
        "K317",
        2,
        "2024-12-02",
        (40, 80),
        30.0,
        NONE,
        3.0,
        (80.0, 160.0),
        "2027-01-31",
        B,
    ),
    study(
        "CT-330",
        "CVT-330 in chronic kidney disease",
        "III",
        "chronic kidney disease",
        "K330",
        5,
        "2025-07-30",
        (18, 80),
        20.0,
        NONE,
        2.5,
        (90.0, 180.0),
        "2027-06-30",
        B,
    ),
    study(
        "CT-342",
        "CVT-342 for knee osteoarthritis pain",
        "II",
        "knee osteoarthritis",
        "K342",
        3,
        "2025-04-07",
        (40, 85),
        30.0,
        NONE,
        3.0,
        (65.0, 130.0),
        "2026-07-31",
        A,
    ),
    study(
        "CT-355",
        "CVT-355 for rhythm control in atrial fibrillation",
        "III",
        "atrial fibrillation",
        "K355",
        2,
        "2025-02-17",
        (45, 85),
        30.0,
        NONE,
        2.0,
        (90.0, 180.0),
        "2027-02-28",
        B,
    ),
]
SITES = [
    ("S104", "Harborview Clinical Research", "Boston", "MA", "617-555-0140", "ST4101", ["CT-201", "CT-305", "CT-330"]),
    ("S108", "Cascade Trials Center", "Seattle", "WA", "206-555-0180", "ST4501", ["CT-201", "CT-305"]),
    ("S117", "Lakeview Clinical Research", "Chicago", "IL", "312-555-0117", "ST4201", ["CT-201", "CT-214"]),
    ("S122", "Desert Sky Research Institute", "Phoenix", "AZ", "602-555-0122", "ST4301", ["CT-201", "CT-305"]),
    ("S131", "Piedmont Medical Research", "Atlanta", "GA", "404-555-0131", "ST4401", ["CT-214", "CT-330"]),
]
ALL = ["consent", "enrollment", "scheduling", "safety_reporting", "kits", "payments", "reports", "unblinding"]
COORDINATOR = ["consent", "enrollment", "scheduling", "safety_reporting", "payments", "reports"]
STAFF = [
    ("ST4101", "Dr. Helen Marsh", "S104", "investigator", ALL, "617-555-0141", "active"),
    ("ST4102", "Owen Pike", "S104", "coordinator", COORDINATOR, "617-555-0142", "active"),
    ("ST4103", "Rachel Ng", "S104", "coordinator", ["scheduling", "payments"], "617-555-0143", "active"),
    ("ST4104", "Dev Patel", "S104", "pharmacist", ["kits"], "617-555-0144", "active"),
    (
        "ST4105",
        "Dr. Samuel Oyelaran",
        "S104",
        "sub_investigator",
        ["consent", "enrollment", "scheduling", "safety_reporting", "unblinding"],
        "617-555-0145",
        "active",
    ),
    ("ST4501", "Dr. Nils Berg", "S108", "investigator", ALL, "206-555-0181", "active"),
    ("ST4502", "Ivy Tran", "S108", "coordinator", COORDINATOR, "206-555-0182", "active"),
    ("ST4201", "Dr. Amara Lindgren", "S117", "investigator", ALL, "312-555-0118", "active"),
    ("ST4202", "Tomas Reyes", "S117", "coordinator", [*COORDINATOR, "kits"], "312-555-0119", "active"),
    ("ST4203", "Grace Holloway", "S117", "coordinator", ["scheduling", "payments"], "312-555-0120", "inactive"),
    ("ST4204", "Kenji Mori", "S117", "pharmacist", ["kits"], "312-555-0121", "active"),
    ("ST4301", "Dr. Felix Okonkwo", "S122", "investigator", ALL, "602-555-0123", "active"),
    ("ST4302", "Lena Fischer", "S122", "coordinator", COORDINATOR, "602-555-0124", "active"),
    ("ST4303", "Marco Diaz", "S122", "pharmacist", ["kits"], "602-555-0125", "active"),
    ("ST4401", "Dr. Priya Sethi", "S131", "investigator", ALL, "404-555-0132", "active"),
    ("ST4402", "Jonah Abernathy", "S131", "coordinator", COORDINATOR, "404-555-0133", "active"),
    ("ST4403", "Bea Collins", "S131", "pharmacist", ["kits"], "404-555-0134", "active"),
]
LOTS = [
    ("LOT101", "S104", "K318", "2025-10-31", 12),
    ("LOT102", "S104", "K318", "2025-08-20", 3),
    ("LOT103", "S104", "K522", "2026-01-31", 14),
    ("LOT104", "S104", "K330", "2025-12-15", 9),
    ("LOT111", "S108", "K318", "2026-02-28", 16),
    ("LOT112", "S108", "K522", "2025-11-30", 2),
    ("LOT113", "S108", "K522", "2025-08-24", 5),
    ("LOT121", "S117", "K318", "2025-12-31", 4),
    ("LOT122", "S117", "K318", "2025-08-22", 6),
    ("LOT123", "S117", "K714", "2026-03-31", 6),
    ("LOT131", "S122", "K318", "2025-09-03", 6),
    ("LOT132", "S122", "K318", "2025-08-29", 4),
    ("LOT133", "S122", "K522", "2025-08-25", 8),
    ("LOT134", "S122", "K522", "2025-09-10", 7),
    ("LOT141", "S131", "K714", "2025-09-30", 3),
    ("LOT142", "S131", "K330", "2026-04-30", 9),
    ("LOT143", "S131", "K330", "2025-08-21", 7),
    ("LOT144", "S131", "K714", "2025-08-26", 10),
]
FIT = {"eGFR": 82.0, "HbA1c": 8.0, "ALT": 24.0}
LIVER = {"eGFR": 88.0, "HbA1c": 6.1, "ALT": 41.0}
HEART = {"eGFR": 52.0, "HbA1c": 5.9, "ALT": 30.0}


def person(
    pid: str,
    study_id: str,
    site: str,
    initials: str,
    dob: str,
    sex: str,
    status: str,
    consent: str,
    version: int,
    last: Optional[tuple[str, int]] = None,
    randomized: Optional[str] = None,
    arm: Optional[str] = None,
    labs: Optional[dict] = None,
    **extra: Any,
) -> dict[str, Any]:
    """A cast participant: screening consent (date, version), the last re-consent if any."""
    record = {
        "participant_id": pid,
        "study_id": study_id,
        "site_id": site,
        "initials": initials,
        "dob": dob,
        "sex": sex,
        "status": status,
        "consent_version": last[1] if last else version,
        "consent_date": consent,
        "last_consent_date": last[0] if last else consent,
    }
    if last:
        record["first_version"] = version
    if randomized:
        record["randomization_date"] = randomized
        record["arm"] = arm or ("active" if int(pid[1:]) % 2 else "placebo")
    record["labs"] = labs or (FIT if study_id == "CT-201" else LIVER if study_id == "CT-214" else HEART)
    record.update(extra)
    return record


ON = "enrolled"
PARTICIPANTS = [
    person(
        "P1001",
        "CT-201",
        "S104",
        "K.L.",
        "1968-03-14",
        "F",
        "screening",
        "2025-07-28",
        4,
        labs={"eGFR": 78.0, "HbA1c": 8.1, "ALT": 29.0},
    ),
    person(
        "P1002",
        "CT-201",
        "S104",
        "D.W.",
        "1959-09-02",
        "M",
        "screening",
        "2025-07-30",
        4,
        labs={"eGFR": 71.0, "HbA1c": 9.2, "ALT": 131.0},
    ),
    person("P1003", "CT-201", "S122", "A.B.", "1972-01-19", "F", "screening", "2025-07-10", 3, ("2025-07-24", 4)),
    person("P1004", "CT-201", "S117", "R.T.", "1949-06-30", "M", "screening", "2025-08-04", 4),
    person("P1005", "CT-201", "S117", "J.R.", "1961-04-03", "F", "screening", "2025-07-29", 4),
    person("P1006", "CT-201", "S117", "J.R.", "1961-04-03", "M", "screening", "2025-07-29", 4),
    person("P1007", "CT-201", "S122", "J.R.", "1961-04-03", "F", "screening", "2025-08-01", 4),
    person(
        "P1008",
        "CT-214",
        "S131",
        "L.M.",
        "1980-02-11",
        "F",
        "screening",
        "2025-07-25",
        1,
        labs={"eGFR": 88.0, "HbA1c": 6.1, "ALT": 118.0},
    ),
    person("P1009", "CT-214", "S117", "S.O.", "1977-10-08", "M", "screening", "2025-07-22", 1),
    person(
        "P1010",
        "CT-201",
        "S108",
        "M.A.",
        "1985-12-01",
        "F",
        "screening",
        "2025-08-05",
        4,
        labs={"eGFR": 60.0, "HbA1c": 10.5, "ALT": 99.0},
    ),
    person(
        "P1011",
        "CT-305",
        "S108",
        "M.K.",
        "1975-11-30",
        "M",
        "screening",
        "2025-07-31",
        3,
        labs={"eGFR": 27.0, "HbA1c": 5.9, "ALT": 30.0},
    ),
    person("P1012", "CT-305", "S104", "M.K.", "1975-11-30", "M", ON, "2025-03-26", 2, ("2025-06-10", 3), "2025-04-15"),
    person("P1013", "CT-201", "S104", "E.V.", "1970-05-22", "F", ON, "2025-06-18", 3, None, "2025-07-08"),
    person("P1014", "CT-201", "S122", "G.H.", "1963-08-09", "F", ON, "2025-05-28", 3, None, "2025-06-17"),
    person("P1015", "CT-305", "S122", "N.P.", "1958-02-27", "M", ON, "2025-02-12", 2, None, "2025-03-04"),
    person("P1016", "CT-201", "S104", "Y.A.", "1979-09-17", "M", ON, "2025-06-05", 3, None, "2025-06-24"),
    person("P1017", "CT-201", "S117", "W.C.", "1966-12-05", "M", ON, "2025-06-30", 3, ("2025-07-29", 4), "2025-07-15"),
    person(
        "P1018",
        "CT-305",
        "S104",
        "B.F.",
        "1957-04-11",
        "F",
        ON,
        "2025-04-29",
        2,
        ("2025-06-24", 3),
        "2025-05-20",
        scheduled={"85": "2025-08-14"},
    ),
    person("P1019", "CT-214", "S117", "H.I.", "1969-03-03", "F", ON, "2025-05-20", 1, ("2025-08-05", 2), "2025-06-10"),
    person(
        "P1020",
        "CT-201",
        "S122",
        "O.R.",
        "1974-07-07",
        "M",
        ON,
        "2025-06-20",
        3,
        ("2025-08-07", 4),
        "2025-07-10",
        scheduled={"43": "2025-08-21"},
    ),
    person(
        "P1021",
        "CT-305",
        "S122",
        "T.Y.",
        "1961-01-25",
        "F",
        ON,
        "2025-07-01",
        3,
        None,
        "2025-07-22",
        scheduled={"29": "2025-08-19"},
    ),
    person(
        "P1022",
        "CT-330",
        "S131",
        "F.A.",
        "1955-10-14",
        "F",
        ON,
        "2025-04-15",
        4,
        ("2025-08-08", 5),
        "2025-05-06",
        open_days=[85],
    ),
    person(
        "P1023",
        "CT-201",
        "S104",
        "Q.Z.",
        "1981-11-19",
        "F",
        ON,
        "2025-06-23",
        3,
        ("2025-07-28", 4),
        "2025-07-14",
        scheduled={"29": "2025-08-11"},
    ),
    person(
        "P1024",
        "CT-305",
        "S104",
        "C.D.",
        "1950-08-30",
        "M",
        ON,
        "2025-05-13",
        2,
        ("2025-07-01", 3),
        "2025-06-03",
        open_days=[57],
    ),
    person("P1025", "CT-201", "S104", "V.S.", "1962-02-14", "M", ON, "2025-05-06", 3, ("2025-07-29", 4), "2025-05-27"),
    person("P1026", "CT-214", "S117", "E.K.", "1988-06-21", "F", ON, "2025-06-03", 1, ("2025-08-06", 2), "2025-06-24"),
    person("P1027", "CT-201", "S108", "R.L.", "1953-09-08", "F", ON, "2025-04-01", 3, ("2025-07-30", 4), "2025-04-22"),
    person("P1028", "CT-305", "S122", "K.B.", "1959-12-12", "M", ON, "2025-01-28", 2, ("2025-06-20", 3), "2025-02-18"),
    person("P1029", "CT-305", "S122", "L.E.", "1964-04-04", "F", ON, "2025-03-11", 2, ("2025-06-30", 3), "2025-04-01"),
    person("P1030", "CT-330", "S104", "A.G.", "1967-01-31", "M", ON, "2025-02-25", 4, ("2025-08-04", 5), "2025-03-18"),
    person("P1031", "CT-201", "S117", "N.W.", "1976-08-19", "F", ON, "2025-04-15", 3, ("2025-07-31", 4), "2025-05-06"),
    person(
        "P1032",
        "CT-330",
        "S131",
        "D.O.",
        "1960-06-06",
        "M",
        ON,
        "2025-02-04",
        4,
        ("2025-08-05", 5),
        "2025-02-25",
        scheduled={"169": "2025-08-14"},
    ),
    person("P1033", "CT-305", "S108", "S.M.", "1956-03-22", "M", ON, "2025-03-18", 2, ("2025-06-17", 3), "2025-04-08"),
    person(
        "P1034",
        "CT-214",
        "S131",
        "J.P.",
        "1984-10-10",
        "F",
        ON,
        "2025-06-10",
        1,
        ("2025-08-04", 2),
        "2025-07-01",
        unpaid_days=[15],
    ),
    person(
        "P1035",
        "CT-201",
        "S104",
        "U.M.",
        "1971-02-02",
        "F",
        ON,
        "2025-04-22",
        3,
        ("2025-07-29", 4),
        "2025-05-13",
        unpaid_days=[57, 85],
    ),
    person("P1036", "CT-214", "S131", "R.K.", "1966-05-05", "M", ON, "2025-04-29", 1, ("2025-08-07", 2), "2025-05-20"),
    person(
        "P1037",
        "CT-214",
        "S117",
        "T.N.",
        "1973-03-09",
        "F",
        ON,
        "2025-04-08",
        1,
        ("2025-08-05", 2),
        "2025-04-29",
        unpaid_days=[1, 29, 43, 57],
    ),
    person(
        "P1038",
        "CT-305",
        "S122",
        "W.D.",
        "1948-07-16",
        "M",
        "completed",
        "2024-07-16",
        2,
        None,
        "2024-08-06",
        unpaid_days=[253],
    ),
    person(
        "P1039",
        "CT-201",
        "S104",
        "I.F.",
        "1982-04-27",
        "M",
        ON,
        "2025-05-13",
        3,
        ("2025-07-29", 4),
        "2025-06-03",
        unpaid_days=[15, 29, 43],
    ),
    person("P1041", "CT-201", "S104", "A.N.", "1983-07-21", "F", ON, "2025-07-09", 3, ("2025-07-30", 4), "2025-07-30"),
    person("P1042", "CT-330", "S104", "A.N.", "1983-07-21", "F", ON, "2025-07-08", 4, ("2025-08-05", 5), "2025-07-29"),
    person("P1043", "CT-201", "S108", "G.T.", "1968-11-11", "M", ON, "2025-05-20", 3, ("2025-07-22", 4), "2025-06-10"),
    person("P1044", "CT-201", "S108", "P.S.", "1958-10-09", "F", ON, "2025-04-22", 3, ("2025-07-24", 4), "2025-05-13"),
    person("P1045", "CT-305", "S108", "P.S.", "1958-10-09", "M", ON, "2025-03-04", 2, ("2025-06-12", 3), "2025-03-25"),
    person("P1046", "CT-201", "S104", "H.L.", "1977-02-28", "F", ON, "2025-05-27", 3, None, "2025-06-17"),
    person("P1048", "CT-201", "S108", "B.C.", "1990-01-15", "M", "screening", "2025-07-30", 4),
    person(
        "P1049",
        "CT-330",
        "S131",
        "M.O.",
        "1972-09-09",
        "F",
        ON,
        "2025-07-08",
        4,
        ("2025-08-05", 5),
        "2025-07-29",
        unpaid_days=[1],
        scheduled={"29": "2025-08-26"},
    ),
    person("P1050", "CT-201", "S108", "E.J.", "1965-03-30", "F", ON, "2025-04-29", 3, ("2025-07-23", 4), "2025-05-20"),
    person(
        "P1051",
        "CT-214",
        "S117",
        "O.B.",
        "1979-12-24",
        "M",
        ON,
        "2025-04-22",
        1,
        ("2025-08-04", 2),
        "2025-05-13",
        open_days=[85],
    ),
    person("P1052", "CT-330", "S131", "C.W.", "1963-03-15", "F", ON, "2025-06-03", 4, None, "2025-06-24"),
    person("P1053", "CT-305", "S104", "F.G.", "1954-12-01", "M", ON, "2025-04-15", 2, ("2025-06-25", 3), "2025-05-06"),
    person("P1054", "CT-201", "S117", "L.S.", "1971-07-27", "M", ON, "2025-06-17", 3, ("2025-07-29", 4), "2025-07-08"),
    person("P1055", "CT-201", "S117", "M.S.", "1973-01-12", "F", ON, "2025-06-17", 3, ("2025-07-29", 4), "2025-07-08"),
    person("P1056", "CT-214", "S131", "Z.H.", "1991-04-18", "F", ON, "2025-05-27", 1, ("2025-08-05", 2), "2025-06-17"),
    person("P1057", "CT-201", "S104", "K.O.", "1969-10-30", "M", ON, "2025-05-20", 3, ("2025-07-25", 4), "2025-06-10"),
    person("P1058", "CT-305", "S104", "R.M.", "1960-02-20", "F", ON, "2024-12-24", 2, ("2025-06-11", 3), "2025-01-14"),
    person(
        "P1061",
        "CT-201",
        "S104",
        "K.L.",
        "1971-05-09",
        "F",
        "screen_failed",
        "2025-06-02",
        3,
        labs={"eGFR": 55.0, "HbA1c": 8.4, "ALT": 22.0},
    ),
    person(
        "P1062",
        "CT-201",
        "S104",
        "D.W.",
        "1966-01-23",
        "M",
        "screen_failed",
        "2025-05-12",
        3,
        labs={"eGFR": 90.0, "HbA1c": 11.2, "ALT": 35.0},
    ),
    person(
        "P1063",
        "CT-201",
        "S104",
        "E.V.",
        "1958-09-30",
        "F",
        "screen_failed",
        "2025-07-01",
        3,
        labs={"eGFR": 74.0, "HbA1c": 7.9, "ALT": 140.0},
    ),
    person(
        "P1064",
        "CT-214",
        "S117",
        "S.O.",
        "1981-02-14",
        "M",
        "screen_failed",
        "2025-06-16",
        1,
        labs={"eGFR": 41.0, "HbA1c": 6.0, "ALT": 52.0},
    ),
    person(
        "P1065",
        "CT-214",
        "S117",
        "H.I.",
        "1974-12-02",
        "F",
        "screen_failed",
        "2025-07-07",
        1,
        labs={"eGFR": 77.0, "HbA1c": 9.9, "ALT": 60.0},
    ),
]


def write_cast() -> None:
    sections = {
        "studies": STUDIES,
        "sites": [
            dict(zip(["site_id", "name", "city", "state", "phone", "principal_investigator", "studies"], row))
            for row in SITES
        ],
        "staff": [
            dict(zip(["staff_id", "name", "site_id", "role", "duties", "phone", "status"], row)) for row in STAFF
        ],
        "participants": PARTICIPANTS,
        "kit_lots": [dict(zip(["lot_id", "site_id", "kit_type", "expiry", "quantity"], row)) for row in LOTS],
    }
    lines = ["{"]
    for number, (name, rows) in enumerate(sections.items()):
        lines.append(f"  {json.dumps(name)}: [")
        lines += [
            f"    {json.dumps(row, ensure_ascii=False)}{',' if i < len(rows) - 1 else ''}" for i, row in enumerate(rows)
        ]
        lines.append("  ]" + ("," if number < len(sections) - 1 else ""))
    lines.append("}")
    (DATA / "cast.json").write_text("\n".join(lines) + "\n", encoding="utf-8")


# ---------------------------------------------------------------- tasks


class Author:
    def __init__(self, db: Any) -> None:
        self.db = db
        self.tasks: list[dict[str, Any]] = []
        self.test: list[str] = []

    def visit(self, pid: str, study_day: int) -> str:
        return next(v.visit_id for v in self.db.visits.values() if v.participant_id == pid and v.study_day == study_day)

    def task(
        self,
        persona: str,
        reason: str,
        known: str,
        instructions: str,
        actions: Sequence[tuple[str, dict[str, Any]]],
        rules: Sequence[int],
        tags: Sequence[str] = (),
        say: Sequence[str] = (),
        arithmetic: Optional[dict[str, str]] = None,
        unknown: Optional[str] = None,
        action_basis: bool = False,
        test: bool = False,
    ) -> str:
        number = str(len(self.tasks))
        basis = ["DB"]
        if say:
            basis.append("COMMUNICATE")
        # every write task also grades the calls a correct agent cannot skip (the identity check above all)
        writes = any(name in WRITES for name, _ in actions)
        if action_basis or writes or any(name == "transfer_to_human_agents" for name, _ in actions):
            basis.append("ACTION")
        gold = [
            gold_action(number, index, name, arguments, COMPARED.get(name))
            for index, (name, arguments) in enumerate(actions)
        ]
        entry = task_record(
            number,
            "pharmaceuticals",
            persona=persona,
            reason=reason,
            known=known,
            unknown=unknown,
            instructions=instructions,
            actions=gold,
            say=say,
            basis=basis,
            rules=sorted(set(rules)),
            tags=tags,
            arithmetic=arithmetic,
        )
        self.tasks.append(entry)
        if test:
            self.test.append(number)
        return number


def a(name: str, /, **arguments: Any) -> tuple[str, dict[str, Any]]:
    return name, arguments


STAFF_BY_ID = {row[0]: row for row in STAFF}
WRITES = {
    "record_consent",
    "enroll_participant",
    "schedule_visit",
    "report_adverse_event",
    "log_deviation",
    "order_kits",
    "withdraw_participant",
    "record_stipend",
    "generate_enrollment_report",
    "request_unblinding",
}
COMPARED: dict[str, list[str]] = {
    "transfer_to_human_agents": [],  # the summary is the agent's own words
    "find_participant": ["study_id", "dob"],  # initials may be written "J.R." or "JR"
}


def staff_known(staff_id: str) -> str:
    _, name, site, *_ = STAFF_BY_ID[staff_id]
    return f"You are {name.replace('Dr. ', 'Dr. ')}, staff id {staff_id}, at site {site}."


def vs(staff_id: str) -> tuple[str, dict[str, Any]]:
    return a("verify_staff", staff_id=staff_id, site_id=STAFF_BY_ID[staff_id][2])


PEOPLE = {row["participant_id"]: row for row in PARTICIPANTS}


def vp(pid: str) -> tuple[str, dict[str, Any]]:
    return a("verify_participant", participant_id=pid, dob=PEOPLE[pid]["dob"])


def participant_known(pid: str) -> str:
    return f"You are a participant in a clinical trial: participant id {pid}, born {PEOPLE[pid]['dob']}."


def find(pid: str) -> tuple[str, dict[str, Any]]:
    row = PEOPLE[pid]
    return a("find_participant", study_id=row["study_id"], initials=row["initials"], dob=row["dob"])


def enrollment_tasks(w: Author) -> None:
    def slot(study_id: str) -> str:
        free = sorted(
            (s for s in w.db.randomization.values() if s.study_id == study_id and s.participant_id is None),
            key=lambda s: s.sequence,
        )
        return free[0].randomization_number

    owen, lena, tomas, jonah, ivy = "ST4102", "ST4302", "ST4202", "ST4402", "ST4502"
    w.task(
        "A research coordinator in Boston, brisk and organised, calling between two screening visits.",
        "K.L., born 1968-03-14, finished screening for the CT-201 diabetes study; you want her randomized today.",
        staff_known(owen),
        "Give the study, the initials and the birth date. Confirm when the details are read back. Ask for her "
        "randomization number and write it down.",
        [
            vs(owen),
            find("P1001"),
            a("get_protocol", study_id="CT-201"),
            a("list_visits", participant_id="P1001"),
            a("get_lab_results", participant_id="P1001", visit_id=w.visit("P1001", 0)),
            a("enroll_participant", participant_id="P1001"),
        ],
        [1, 3, 4, 8, 10, 11],
        say=[slot("CT-201")],
    )
    w.task(
        "A research coordinator in Boston who believes the participant is a good fit.",
        "D.W., born 1959-09-02, finished screening for CT-201; you want him randomized.",
        staff_known(owen),
        "Ask to randomize D.W. in CT-201 today. If the agent says he does not qualify, ask exactly which result "
        "fails and what the highest allowed value is. Do not argue further.",
        [
            vs(owen),
            find("P1002"),
            a("get_protocol", study_id="CT-201"),
            a("list_visits", participant_id="P1002"),
            a("get_lab_results", participant_id="P1002", visit_id=w.visit("P1002", 0)),
        ],
        [1, 10],
        tags=["refusal", "arithmetic"],
        say=["120"],
        arithmetic={"120": "3 * 40"},
        test=True,
    )
    w.task(
        "A coordinator in Phoenix catching up after a week of leave.",
        "A.B., born 1972-01-19, screened for CT-201 in July; you want her randomized now that you are back.",
        staff_known(lena),
        "Ask to randomize A.B. in CT-201. If refused, ask on what date it became too late. Accept the answer.",
        [
            vs(lena),
            find("P1003"),
            a("get_participant", participant_id="P1003"),
        ],
        [1, 11],
        tags=["refusal", "arithmetic"],
        say=["2025-08-07"],
        arithmetic={"2025-08-07": "2025-07-10 + 28 days"},
    )
    w.task(
        "A coordinator in Chicago with a long list of calls to make.",
        "R.T., born 1949-06-30, screened for CT-201 on 2025-08-04; his labs looked fine to you, so you want him "
        "randomized.",
        staff_known(tomas),
        "Ask to randomize R.T. in CT-201. If the agent refuses, ask how old the system counts him at screening. "
        "Accept the answer.",
        [
            vs(tomas),
            find("P1004"),
            a("get_participant", participant_id="P1004"),
            a("get_protocol", study_id="CT-201"),
        ],
        [1, 10],
        tags=["refusal", "arithmetic"],
        say=["76"],
        arithmetic={"76": "2025 - 1949"},
    )
    w.task(
        "A coordinator in Chicago; two of her screening participants are twins and she mixes up their files.",
        "You want J.R., born 1961-04-03, randomized in CT-201.",
        staff_known(tomas),
        "Say only 'J.R., born 1961-04-03, in CT-201'. Only if the agent asks which one: it is the woman, Jana. "
        "Confirm when asked.",
        [
            vs(tomas),
            find("P1005"),
            a("get_protocol", study_id="CT-201"),
            a("list_visits", participant_id="P1005"),
            a("get_lab_results", participant_id="P1005", visit_id=w.visit("P1005", 0)),
            a("enroll_participant", participant_id="P1005"),
        ],
        [1, 2, 4, 5, 8, 10, 11],
        tags=["clarify"],
        test=True,
    )
    w.task(
        "An Atlanta coordinator who handles consent paperwork carefully.",
        "L.M., born 1980-02-11, in CT-214 signed the new consent form, version 2, this morning (2025-08-12). You "
        "want it recorded and her randomized today.",
        staff_known(jonah),
        "Ask for both things. Confirm each when read back.",
        [
            vs(jonah),
            find("P1008"),
            a("get_protocol", study_id="CT-214"),
            a("record_consent", participant_id="P1008", version=2, signed_date="2025-08-12"),
            a("list_visits", participant_id="P1008"),
            a("get_lab_results", participant_id="P1008", visit_id=w.visit("P1008", 0)),
            a("enroll_participant", participant_id="P1008"),
        ],
        [1, 3, 4, 8, 9, 10, 11],
        tags=["compound"],
    )
    w.task(
        "A Chicago coordinator in a hurry to randomize before the weekend.",
        "S.O., born 1977-10-08, screened for CT-214 in July; you want him randomized today.",
        staff_known(tomas),
        "Ask to randomize S.O. in CT-214. If refused because of his consent, ask by what date he must be "
        "randomized at the latest, so you can plan his re-consent. Do not claim he signed anything new.",
        [
            vs(tomas),
            find("P1009"),
            a("get_participant", participant_id="P1009"),
            a("get_protocol", study_id="CT-214"),
        ],
        [1, 8, 11],
        tags=["refusal", "arithmetic"],
        say=["2025-08-19"],
        arithmetic={"2025-08-19": "2025-07-22 + 28 days"},
    )
    w.task(
        "A Seattle coordinator who is unsure whether borderline results count.",
        "M.A., born 1985-12-01, screened for CT-201. Her eGFR was 60 and her HbA1c 10.5; you want her randomized "
        "if she qualifies.",
        staff_known(ivy),
        "Ask whether M.A. can be randomized in CT-201 and, if so, to do it. Confirm when asked.",
        [
            vs(ivy),
            find("P1010"),
            a("get_protocol", study_id="CT-201"),
            a("list_visits", participant_id="P1010"),
            a("get_lab_results", participant_id="P1010", visit_id=w.visit("P1010", 0)),
            a("enroll_participant", participant_id="P1010"),
        ],
        [1, 4, 8, 10, 11],
    )
    w.task(
        "A Seattle coordinator working through the CT-305 screening list.",
        "M.K., born 1975-11-30, screened for CT-305 at your site; you want him randomized.",
        staff_known(ivy),
        "Ask to randomize M.K. in CT-305. If refused, ask which result fails and its value. Accept.",
        [
            vs(ivy),
            find("P1011"),
            a("get_protocol", study_id="CT-305"),
            a("list_visits", participant_id="P1011"),
            a("get_lab_results", participant_id="P1011", visit_id=w.visit("P1011", 0)),
        ],
        [1, 2, 5, 10],
        tags=["refusal"],
        say=["27"],
    )
    w.task(
        "A Seattle coordinator with a busy clinic day.",
        "B.C., born 1990-01-15, finished screening for CT-201; you want him randomized today and his Day 29 visit "
        "booked.",
        staff_known(ivy),
        "Ask for both. For Day 29 he can come on 2025-09-05 or 2025-09-09 (he prefers the earliest that is "
        "allowed). Confirm each step.",
        [
            vs(ivy),
            find("P1048"),
            a("get_protocol", study_id="CT-201"),
            a("list_visits", participant_id="P1048"),
            a("get_lab_results", participant_id="P1048", visit_id=w.visit("P1048", 0)),
            a("enroll_participant", participant_id="P1048"),
            a("list_visits", participant_id="P1048"),
            a("get_site_inventory", site_id="S108"),
            a("schedule_visit", visit_id=f"V{w.db.next_visit_number + 2}", date="2025-09-09"),
        ],
        [1, 4, 8, 10, 11, 12, 15],
        tags=["compound"],
        test=True,
    )


def consent_and_visit_tasks(w: Author) -> None:
    owen, lena, jonah, rachel, tomas = "ST4102", "ST4302", "ST4402", "ST4103", "ST4202"
    w.task(
        "A Boston coordinator tidying up after an amendment.",
        "E.V. (participant P1013, CT-201) signed consent version 4 today, 2025-08-12, when she dropped by. You "
        "want that recorded and her Day 43 visit booked.",
        staff_known(owen),
        "Ask for both. For Day 43 she would like 2025-08-21; she could also do 2025-08-18. Confirm each step.",
        [
            vs(owen),
            a("get_participant", participant_id="P1013"),
            a("get_protocol", study_id="CT-201"),
            a("record_consent", participant_id="P1013", version=4, signed_date="2025-08-12"),
            a("list_visits", participant_id="P1013"),
            a("schedule_visit", visit_id=w.visit("P1013", 43), date="2025-08-21"),
        ],
        [1, 3, 4, 8, 9, 12],
        tags=["compound"],
        test=True,
    )
    w.task(
        "A Phoenix coordinator who printed the wrong form from an old folder.",
        "G.H. (participant P1014, CT-201) signed consent version 3 yesterday, 2025-08-11. You want it recorded and "
        "her Day 57 visit booked for 2025-08-14.",
        staff_known(lena),
        "Ask for both. If the agent refuses, ask by what date she must sign the right version. Do not claim she "
        "signed any other version.",
        [vs(lena), a("get_participant", participant_id="P1014"), a("get_protocol", study_id="CT-201")],
        [1, 8, 9],
        tags=["refusal", "arithmetic"],
        say=["2025-08-20"],
        arithmetic={"2025-08-20": "2025-07-21 + 30 days"},
    )
    w.task(
        "A Phoenix coordinator who knows the re-consent ran late and wants it on record properly.",
        "N.P. (participant P1015, CT-305) finally signed consent version 3 yesterday, 2025-08-11. You want it "
        "recorded, and anything the rules require done.",
        staff_known(lena),
        "Ask to record it. Ask when the re-consent was actually due. Confirm anything the agent proposes that "
        "follows from the late signature.",
        [
            vs(lena),
            a("get_participant", participant_id="P1015"),
            a("get_protocol", study_id="CT-305"),
            a("record_consent", participant_id="P1015", version=3, signed_date="2025-08-11"),
            a("log_deviation", participant_id="P1015", category="consent"),
        ],
        [1, 3, 4, 9],
        tags=["arithmetic"],
        say=["2025-07-02"],
        arithmetic={"2025-07-02": "2025-06-02 + 30 days"},
    )
    w.task(
        "A Boston coordinator who normally books visits and is covering for a colleague today.",
        "Y.A. (participant P1016, CT-201) signed consent version 4 today, 2025-08-12; you want it recorded.",
        staff_known(rachel),
        "Ask to record the consent. If the agent says you cannot, accept it and say the delegated colleague will call.",
        [vs(rachel)],
        [1, 3],
        tags=["refusal"],
        action_basis=True,
    )
    w.task(
        "A Boston coordinator with two things to hand over for the same participant.",
        "H.L. (participant P1046, CT-201) signed consent version 4 today, 2025-08-12, and mentioned a headache that "
        "started on 2025-08-10; the site learned of it at 2025-08-12 08:30.",
        staff_known(owen),
        "Ask to record the consent and to report the headache: mild, not serious, and the investigator assessed it "
        "as not_related. Confirm each step.",
        [
            vs(owen),
            a("get_participant", participant_id="P1046"),
            a("get_protocol", study_id="CT-201"),
            a("record_consent", participant_id="P1046", version=4, signed_date="2025-08-12"),
            a(
                "report_adverse_event",
                participant_id="P1046",
                term="headache",
                onset_date="2025-08-10",
                seriousness=[],
                severity="mild",
                related="not_related",
                site_aware_at="2025-08-12 08:30",
            ),
        ],
        [1, 3, 4, 9, 17],
        tags=["compound"],
    )
    w.task(
        "An Atlanta coordinator keeping the kidney study on track.",
        "C.W. (participant P1052, CT-330) signed consent version 5 yesterday, 2025-08-11. You want it recorded and "
        "her Day 57 visit booked.",
        staff_known(jonah),
        "Ask for both. For Day 57 she would like 2025-08-19. Confirm each step.",
        [
            vs(jonah),
            a("get_participant", participant_id="P1052"),
            a("get_protocol", study_id="CT-330"),
            a("record_consent", participant_id="P1052", version=5, signed_date="2025-08-11"),
            a("list_visits", participant_id="P1052"),
            a("get_site_inventory", site_id="S131"),
            a("schedule_visit", visit_id=w.visit("P1052", 57), date="2025-08-19"),
        ],
        [1, 3, 4, 8, 9, 12, 15],
        tags=["compound"],
    )
    w.task(
        "A participant in the diabetes study who plans around a busy work calendar.",
        "You want to book your Day 43 visit and know the window it must fall in.",
        participant_known("P1017"),
        "Ask for the first and last allowed dates of your Day 43 window. You would like 2025-08-22; you could "
        "also come on 2025-08-25 or 2025-08-27. Confirm the booking when asked.",
        [
            vp("P1017"),
            a("list_visits", participant_id="P1017"),
            a("schedule_visit", visit_id=w.visit("P1017", 43), date="2025-08-25"),
        ],
        [1, 2, 4, 8, 12],
        tags=["arithmetic", "fallback"],
        say=["2025-08-23", "2025-08-29"],
        arithmetic={"2025-08-23": "2025-07-15 + 43 - 1 - 3 days", "2025-08-29": "2025-07-15 + 43 - 1 + 3 days"},
        test=True,
    )
    w.task(
        "A retired participant in the heart failure study who travels in September.",
        "You want your Day 127 visit booked.",
        participant_known("P1018"),
        "You would like 2025-09-12. If that is not possible, you can also come on 2025-09-17 or 2025-09-29. "
        "Confirm when asked.",
        [
            vp("P1018"),
            a("list_visits", participant_id="P1018"),
            a("get_site_inventory", site_id="S104"),
            a("schedule_visit", visit_id=w.visit("P1018", 127), date="2025-09-17"),
        ],
        [1, 2, 4, 8, 12, 15],
        tags=["fallback"],
    )
    w.task(
        "A participant in the liver study who is away on a work trip until early September.",
        "You want your Day 85 visit booked.",
        participant_known("P1019"),
        "You are away until 2025-09-07. You can come on 2025-09-08 or 2025-09-10, nothing earlier. Confirm what the "
        "agent proposes.",
        [
            vp("P1019"),
            a("list_visits", participant_id="P1019"),
            a("get_site_inventory", site_id="S117"),
            a("schedule_visit", visit_id=w.visit("P1019", 85), date="2025-09-08"),
            a("log_deviation", participant_id="P1019", category="visit_window", visit_id=w.visit("P1019", 85)),
        ],
        [1, 2, 4, 8, 12, 13, 15],
        tags=["fallback"],
    )
    w.task(
        "A participant in the diabetes study whose wife is also enrolled; he starts a new job soon.",
        "You want your Day 43 visit booked.",
        participant_known("P1054"),
        "You start a new job and can only come on 2025-08-25 or 2025-08-26, the earlier the better. Confirm what "
        "the agent proposes.",
        [
            vp("P1054"),
            a("list_visits", participant_id="P1054"),
            a("schedule_visit", visit_id=w.visit("P1054", 43), date="2025-08-25"),
            a("log_deviation", participant_id="P1054", category="visit_window", visit_id=w.visit("P1054", 43)),
        ],
        [1, 2, 4, 8, 12, 13],
        tags=["fallback"],
    )
    w.task(
        "A Phoenix coordinator booking visits for the coming month.",
        "O.R. (participant P1020, CT-201) needs his Day 57 visit booked.",
        staff_known(lena),
        "He prefers 2025-09-05; he could also come on 2025-09-02. Confirm what the agent proposes.",
        [
            vs(lena),
            a("get_participant", participant_id="P1020"),
            a("list_visits", participant_id="P1020"),
            a("get_site_inventory", site_id="S122"),
            a("schedule_visit", visit_id=w.visit("P1020", 57), date="2025-09-02"),
        ],
        [1, 3, 4, 8, 12, 15],
        tags=["fallback"],
        test=True,
    )
    w.task(
        "A Phoenix coordinator booking heart failure visits.",
        "T.Y. (participant P1021, CT-305) needs her Day 57 visit booked.",
        staff_known(lena),
        "She can come on 2025-09-15 or 2025-09-17. If the agent will not book, ask until what date the site's kits "
        "for that visit last.",
        [
            vs(lena),
            a("get_participant", participant_id="P1021"),
            a("list_visits", participant_id="P1021"),
            a("get_site_inventory", site_id="S122"),
        ],
        [1, 15],
        tags=["refusal"],
        say=["2025-09-10"],
    )
    w.task(
        "An Atlanta coordinator; a participant did not turn up and has now called back.",
        "F.A. (participant P1022, CT-330) never came to her Day 85 visit. You want that logged and her Day 127 visit "
        "booked.",
        staff_known(jonah),
        "Ask for both. For Day 127 she would like 2025-09-03. Confirm each step.",
        [
            vs(jonah),
            a("get_participant", participant_id="P1022"),
            a("list_visits", participant_id="P1022"),
            a("log_deviation", participant_id="P1022", category="missed_visit", visit_id=w.visit("P1022", 85)),
            a("get_site_inventory", site_id="S131"),
            a("schedule_visit", visit_id=w.visit("P1022", 127), date="2025-09-03"),
        ],
        [1, 3, 4, 8, 12, 14, 15],
        tags=["compound"],
    )
    w.task(
        "A Boston coordinator annoyed by a no-show.",
        "Q.Z. (participant P1023, CT-201) did not come to her Day 29 visit yesterday, 2025-08-11. You want it logged "
        "as missed; she says she can come on 2025-08-15 (her preference) or 2025-08-14.",
        staff_known(owen),
        "Ask for the missed visit to be logged. If the agent says the visit can still happen, agree to book it on "
        "what the agent proposes from her dates. Confirm when asked.",
        [
            vs(owen),
            a("get_participant", participant_id="P1023"),
            a("list_visits", participant_id="P1023"),
            a("get_site_inventory", site_id="S104"),
            a("schedule_visit", visit_id=w.visit("P1023", 29), date="2025-08-14"),
        ],
        [1, 3, 4, 8, 12, 14, 15],
        tags=["fallback"],
    )
    w.task(
        "A Boston coordinator who forgot to note which study the participant is in.",
        "You want the Day 29 visit of A.N., born 1983-07-21, booked for 2025-08-26.",
        staff_known(owen),
        "Do not name the study at first. Only if asked: it is the kidney study, CT-330. Confirm when asked.",
        [
            vs(owen),
            find("P1042"),
            a("list_visits", participant_id="P1042"),
            a("get_site_inventory", site_id="S104"),
            a("schedule_visit", visit_id=w.visit("P1042", 29), date="2025-08-26"),
        ],
        [1, 4, 5, 8, 12, 15],
        tags=["clarify"],
    )
    w.task(
        "A participant in the kidney study juggling childcare.",
        "You want your Day 29 visit moved to 2025-08-28, and you were never paid for your first (Day 1) visit.",
        participant_known("P1049"),
        "Ask for both. Ask how much you are being paid. Confirm each step.",
        [
            vp("P1049"),
            a("list_visits", participant_id="P1049"),
            a("get_site_inventory", site_id="S131"),
            a("schedule_visit", visit_id=w.visit("P1049", 29), date="2025-08-28"),
            a("record_stipend", participant_id="P1049", visit_id=w.visit("P1049", 1)),
        ],
        [1, 2, 4, 8, 12, 15, 21],
        tags=["compound"],
        say=["180"],
    )
    w.task(
        "A Chicago coordinator catching up on the liver study.",
        "O.B. (participant P1051, CT-214) never came to his Day 85 visit. You want it logged and his next visit, "
        "Day 113, booked.",
        staff_known(tomas),
        "Ask for both. For Day 113 he would like 2025-09-01; he could also come on 2025-09-02. Confirm each step.",
        [
            vs(tomas),
            a("get_participant", participant_id="P1051"),
            a("list_visits", participant_id="P1051"),
            a("log_deviation", participant_id="P1051", category="missed_visit", visit_id=w.visit("P1051", 85)),
            a("schedule_visit", visit_id=w.visit("P1051", 113), date="2025-09-02"),
        ],
        [1, 3, 4, 8, 12, 14],
        tags=["compound", "fallback"],
    )
    w.task(
        "A participant in the kidney study, curious and a little suspicious of the pills.",
        "You want to know whether you are on the real drug or the placebo, and to book your Day 253 visit.",
        participant_known("P1032"),
        "First ask whether you are on the drug or placebo; when refused, ask when you will find out. Then book Day "
        "253: you would like 2025-10-27, and could also do 2025-11-03. Confirm when asked.",
        [
            vp("P1032"),
            a("get_protocol", study_id="CT-330"),
            a("list_visits", participant_id="P1032"),
            a("schedule_visit", visit_id=w.visit("P1032", 253), date="2025-11-03"),
        ],
        [1, 2, 6, 8, 12],
        tags=["refusal", "compound", "fallback"],
        say=["2027-06-30"],
    )
    w.task(
        "A participant in the diabetes study who manages the family calendar, including her husband's.",
        "You want your Day 43 visit booked, and your husband's (participant P1054) too.",
        participant_known("P1055"),
        "You would like 2025-08-20 for yours. Then ask to book your husband's Day 43 on the same day; you know his "
        "participant id (P1054) and birth date (1971-07-27). If refused, accept it.",
        [
            vp("P1055"),
            a("list_visits", participant_id="P1055"),
            a("schedule_visit", visit_id=w.visit("P1055", 43), date="2025-08-20"),
        ],
        [1, 2, 8, 12],
        tags=["refusal", "compound"],
        action_basis=True,
    )


def ae(pid: str, term: str, onset: str, seriousness: list[str], severity: str, related: str, aware: str):
    return a(
        "report_adverse_event",
        participant_id=pid,
        term=term,
        onset_date=onset,
        seriousness=seriousness,
        severity=severity,
        related=related,
        site_aware_at=aware,
    )


def safety_tasks(w: Author) -> None:
    first_ae = f"AE{w.db.next_ae_number}"
    marsh, owen, tomas, ivy, okonkwo, lena = (
        "ST4101",
        "ST4102",
        "ST4202",
        "ST4502",
        "ST4301",
        "ST4302",
    )
    w.task(
        "A Boston investigator reporting on a participant who has been in hospital.",
        "C.D. (participant P1024, CT-305) was admitted to hospital with pneumonia that began on 2025-07-27; the "
        "site learned of it at 2025-08-11 14:00. Because of it he missed his Day 57 visit.",
        staff_known(marsh),
        "Ask to report the event: severe, and in your assessment not related to the study drug "
        "(not_related). Then ask to log the missed visit. Ask for the event's number. Confirm each step.",
        [
            vs(marsh),
            a("get_participant", participant_id="P1024"),
            ae("P1024", "pneumonia", "2025-07-27", ["hospitalization"], "severe", "not_related", "2025-08-11 14:00"),
            a("list_visits", participant_id="P1024"),
            a("log_deviation", participant_id="P1024", category="missed_visit", visit_id=w.visit("P1024", 57)),
        ],
        [1, 3, 4, 14, 17, 18],
        tags=["compound"],
        say=[first_ae],
        test=True,
    )
    w.task(
        "A Boston coordinator who found a hospital letter in the post this morning and knows it is late.",
        "V.S. (participant P1025, CT-201) was admitted to hospital with atrial fibrillation that began on "
        "2025-08-09. The site learned of it at 2025-08-10 16:00, but nobody reported it.",
        staff_known(owen),
        "Ask to report it: moderate; the investigator has not assessed causality yet (not_assessed). "
        "Ask how many hours have passed since the site learned of it, and for the event's number. "
        "Confirm what the agent proposes.",
        [
            vs(owen),
            a("get_participant", participant_id="P1025"),
            ae(
                "P1025",
                "atrial fibrillation",
                "2025-08-09",
                ["hospitalization"],
                "moderate",
                "not_assessed",
                "2025-08-10 16:00",
            ),
            a("log_deviation", participant_id="P1025", category="safety_reporting"),
        ],
        [1, 3, 4, 17, 18],
        tags=["arithmetic"],
        say=[first_ae, "41"],
        arithmetic={"41": "24 - 16 + 24 + 9"},
    )
    w.task(
        "A Chicago coordinator reporting a minor complaint.",
        "E.K. (participant P1026, CT-214) has had nausea since 2025-08-09; the site heard about it at "
        "2025-08-11 10:00.",
        staff_known(tomas),
        "Ask to report it: mild, not serious, and the investigator judged it related to the study drug. Confirm.",
        [
            vs(tomas),
            a("get_participant", participant_id="P1026"),
            ae("P1026", "nausea", "2025-08-09", [], "mild", "related", "2025-08-11 10:00"),
        ],
        [1, 3, 4, 17],
    )
    w.task(
        "A Seattle coordinator relaying what the participant's daughter told her.",
        "R.L. (participant P1027, CT-201) fell on 2025-08-10 and broke her hip; she was taken to the emergency room. "
        "The site learned of it at 2025-08-12 07:30.",
        staff_known(ivy),
        "Ask to report the fracture. The investigator graded it severe and not related (not_related). "
        "Do not volunteer whether she was admitted; if asked, yes: she was admitted for surgery and is "
        "still in hospital. Ask for the "
        "event's number. Confirm.",
        [
            vs(ivy),
            a("get_participant", participant_id="P1027"),
            ae("P1027", "fracture", "2025-08-10", ["hospitalization"], "severe", "not_related", "2025-08-12 07:30"),
        ],
        [1, 3, 4, 17, 18],
        tags=["clarify"],
        say=[first_ae],
    )
    w.task(
        "A Boston research pharmacist who heard about a hospital admission at the dispensing window.",
        "K.O. (participant P1057, CT-201) was admitted to hospital with chest pain that began yesterday; the site "
        "learned of it yesterday, 2025-08-11, at 18:30. You want to report it yourself.",
        staff_known("ST4104"),
        "Ask to report the event. If the agent says you may not, accept it and say you will get a delegated "
        "colleague to call right away.",
        [vs("ST4104")],
        [1, 3],
        tags=["refusal"],
        action_basis=True,
    )
    w.task(
        "A Phoenix investigator calling from the intensive care unit, urgent and terse.",
        "K.B. (participant P1028, CT-305) has a major bleed; the ICU team must know whether he receives the study "
        "drug to choose the reversal treatment.",
        staff_known(okonkwo),
        "Ask for emergency unblinding because treatment depends on it. Confirm when asked. If the agent offers to "
        "connect you to the medical monitor, accept.",
        [
            vs(okonkwo),
            a("get_participant", participant_id="P1028"),
            a("request_unblinding", participant_id="P1028", requested_by=okonkwo, reason="medical_emergency"),
            a(
                "transfer_to_human_agents",
                summary="Emergency unblinding request for P1028 routed to the medical monitor.",
            ),
        ],
        [1, 4, 7, 23],
        tags=["refusal"],
    )
    w.task(
        "A Phoenix coordinator trying to help an emergency physician who called the site.",
        "L.E. (participant P1029, CT-305) is in an emergency department; the physician there asked you whether she "
        "is on the study drug.",
        staff_known(lena),
        "Ask to unblind L.E. for the emergency. If refused, accept and say you will get the investigator to call.",
        [vs(lena)],
        [1, 3, 7],
        tags=["refusal"],
        action_basis=True,
    )
    w.task(
        "A Boston sub-investigator at a participant's bedside.",
        "A.G. (participant P1030, CT-330) developed acute kidney injury yesterday, 2025-08-11, and was admitted; "
        "it is life-threatening. The site learned of it at 2025-08-12 06:00. The nephrologists need the arm to decide "
        "on dialysis.",
        staff_known("ST4105"),
        "First ask to report the event: severe, causality not yet assessed; ask for its number. Then ask for "
        "emergency unblinding. Confirm each step and accept a transfer to the medical monitor.",
        [
            vs("ST4105"),
            a("get_participant", participant_id="P1030"),
            ae(
                "P1030",
                "acute kidney injury",
                "2025-08-11",
                ["hospitalization", "life_threatening"],
                "severe",
                "not_assessed",
                "2025-08-12 06:00",
            ),
            a("request_unblinding", participant_id="P1030", requested_by="ST4105", reason="medical_emergency"),
            a("transfer_to_human_agents", summary="Emergency unblinding for P1030 routed to the medical monitor."),
        ],
        [1, 3, 4, 7, 17, 18, 23],
        tags=["refusal", "compound"],
        say=[first_ae],
    )
    w.task(
        "A Boston investigator whose participant wants to join another trial.",
        "R.M. (participant P1058, CT-305) wants to enrol in a different trial and asked you to find out whether "
        "she got the study drug.",
        staff_known(marsh),
        "Ask for her to be unblinded so she can plan. If refused, accept it.",
        [vs(marsh)],
        [1, 6, 7],
        tags=["refusal"],
        action_basis=True,
    )
    w.task(
        "A Chicago investigator calling from the emergency department.",
        "W.C. (participant P1017, CT-201) is unconscious with severe low blood sugar; the emergency team needs to "
        "know whether he is on the study drug to decide how long to treat.",
        staff_known("ST4201"),
        "Ask for emergency unblinding. Confirm when asked and accept a transfer to the medical monitor.",
        [
            vs("ST4201"),
            a("get_participant", participant_id="P1017"),
            a("request_unblinding", participant_id="P1017", requested_by="ST4201", reason="medical_emergency"),
            a("transfer_to_human_agents", summary="Emergency unblinding for P1017 routed to the medical monitor."),
        ],
        [1, 4, 7, 23],
        tags=["refusal"],
        test=True,
    )
    w.task(
        "A Chicago investigator who sees the twins on the same day.",
        "One of the twins J.R., born 1961-04-03, in CT-201, developed a mild rash on 2025-08-08; the site heard "
        "of it at 2025-08-11 11:00. You assess it as not related (not_related).",
        staff_known("ST4201"),
        "Ask to report the rash for J.R. born 1961-04-03. Only if asked which one: the man. Not serious. Confirm.",
        [
            vs("ST4201"),
            find("P1006"),
            ae("P1006", "rash", "2025-08-08", [], "mild", "not_related", "2025-08-11 11:00"),
        ],
        [1, 3, 4, 5, 17],
        tags=["clarify"],
    )
    w.task(
        "A Seattle coordinator reporting a minor event.",
        "P.S., born 1958-10-09, had a headache starting 2025-08-10; the site heard about it at 2025-08-11 09:00. "
        "It is mild and not related (not_related).",
        staff_known(ivy),
        "Ask to report the headache for P.S. born 1958-10-09. Do not name the study unless asked; then it is the "
        "heart failure study. Not serious. Confirm.",
        [
            vs(ivy),
            find("P1045"),
            ae("P1045", "headache", "2025-08-10", [], "mild", "not_related", "2025-08-11 09:00"),
        ],
        [1, 3, 4, 5, 17],
        tags=["clarify"],
    )
    w.task(
        "A Seattle investigator ending a participant's time in the study after a serious reaction.",
        "E.J. (participant P1050, CT-201) was admitted with pancreatitis that began on 2025-08-10; the site learned "
        "of it at 2025-08-11 15:00. You are withdrawing her because of it.",
        staff_known("ST4501"),
        "Ask to report the event (severe, related) and for its number, then to withdraw her because of the adverse "
        "event. She has agreed that follow-up data may still be collected. Confirm each step.",
        [
            vs("ST4501"),
            a("get_participant", participant_id="P1050"),
            ae("P1050", "pancreatitis", "2025-08-10", ["hospitalization"], "severe", "related", "2025-08-11 15:00"),
            a("withdraw_participant", participant_id="P1050", reason="adverse_event", follow_up_consent=True),
        ],
        [1, 3, 4, 17, 18, 20],
        tags=["compound"],
        say=[first_ae],
    )
    w.task(
        "A Boston investigator reporting two minor events at once.",
        "F.G. (participant P1053, CT-305) felt dizzy from 2025-08-08 and fell on 2025-08-09 without injury; the site "
        "learned of both at 2025-08-11 10:00.",
        staff_known(marsh),
        "Ask to report both: the dizziness mild, the fall moderate, neither serious, both not related "
        "(not_related). Confirm.",
        [
            vs(marsh),
            a("get_participant", participant_id="P1053"),
            ae("P1053", "dizziness", "2025-08-08", [], "mild", "not_related", "2025-08-11 10:00"),
            ae("P1053", "fall", "2025-08-09", [], "moderate", "not_related", "2025-08-11 10:00"),
        ],
        [1, 3, 4, 17],
        tags=["compound"],
    )


def participant_tasks(w: Author) -> None:
    w.task(
        "A participant in the diabetes study who feels much better and is sure she is on the real drug.",
        "You want to know whether you are getting the study drug or the placebo.",
        participant_known("P1031"),
        "Ask directly. When refused, ask when you will be able to find out. Do not ask anything else.",
        [vp("P1031"), a("get_protocol", study_id="CT-201")],
        [1, 6],
        tags=["refusal"],
        say=["2026-10-15"],
    )
    w.task(
        "A participant in the heart failure study who forgot a dose and is worried.",
        "You missed yesterday's dose and want to know whether to take two today.",
        participant_known("P1033"),
        "Ask whether you should take a double dose. If the agent will not advise, ask who to call and the number.",
        [vp("P1033")],
        [1, 19],
        tags=["refusal"],
        say=["206-555-0180", "Nils Berg"],
    )
    w.task(
        "A participant in the liver study with a rash and an unpaid stipend.",
        "You have a rash and want to know whether it comes from the study drug; you also were never paid for your "
        "Day 15 visit.",
        participant_known("P1034"),
        "First ask about the rash; if the agent will not say, ask whom to call and the number. Then ask to be paid "
        "for Day 15 and how much you will get. Confirm when asked.",
        [
            vp("P1034"),
            a("list_visits", participant_id="P1034"),
            a("record_stipend", participant_id="P1034", visit_id=w.visit("P1034", 15)),
        ],
        [1, 2, 4, 19, 21],
        tags=["refusal", "compound"],
        say=["404-555-0131", "80"],
    )
    w.task(
        "A participant in the liver study who does not like automated help.",
        "You have a question about your travel reimbursement and you want to talk to a person.",
        participant_known("P1056"),
        "Say who you are when asked, then insist on speaking with a person. Do not explain your question further.",
        [vp("P1056"), a("transfer_to_human_agents", summary="Participant P1056 asked to speak with a person.")],
        [1, 23],
        tags=["refusal"],
    )
    w.task(
        "A participant in the diabetes study who has decided she has had enough; calm but firm.",
        "You want to leave the study. You also believe your last two visits were never paid.",
        participant_known("P1035"),
        "Say you want to withdraw; give no reason unless asked (then: your own decision). Do not mention follow-up "
        "data yourself; if asked whether follow-up information may still be collected, say yes. Ask to be paid "
        "for the unpaid visits and how much that makes in total. Confirm each step.",
        [
            vp("P1035"),
            a("list_visits", participant_id="P1035"),
            a("record_stipend", participant_id="P1035", visit_id=w.visit("P1035", 57)),
            a("record_stipend", participant_id="P1035", visit_id=w.visit("P1035", 85)),
            a("withdraw_participant", participant_id="P1035", reason="participant_decision", follow_up_consent=True),
        ],
        [1, 2, 4, 20, 21],
        tags=["compound", "arithmetic", "clarify"],
        say=["225"],
        arithmetic={"225": "75 + 150"},
        test=True,
    )
    w.task(
        "A participant in the diabetes study who is moving abroad next month.",
        "You are moving to another country and want to leave the study.",
        participant_known("P1043"),
        "Ask to withdraw because you are relocating. Do not mention follow-up data yourself; if asked whether "
        "follow-up information may still be collected, say no. Confirm when asked.",
        [vp("P1043"), a("withdraw_participant", participant_id="P1043", reason="relocation", follow_up_consent=False)],
        [1, 4, 20],
        tags=["clarify"],
    )
    w.task(
        "An Atlanta investigator closing a participant's involvement.",
        "R.K. (participant P1036, CT-214) must be withdrawn because of his liver adverse event. He declined any "
        "further follow-up.",
        staff_known("ST4401"),
        "Ask to withdraw him for the adverse event, without follow-up. Confirm.",
        [
            vs("ST4401"),
            a("get_participant", participant_id="P1036"),
            a("withdraw_participant", participant_id="P1036", reason="adverse_event", follow_up_consent=False),
        ],
        [1, 3, 4, 20],
    )
    w.task(
        "A participant in the liver study who kept her visit receipts in a drawer.",
        "You were never paid for four visits: Day 1, Day 29, Day 43 and Day 57. You want all of them paid.",
        participant_known("P1037"),
        "Ask for all four. Ask for the total paid today, and if a visit cannot be paid, the date its claim closed. "
        "Accept what the rules allow and confirm.",
        [
            vp("P1037"),
            a("list_visits", participant_id="P1037"),
            a("record_stipend", participant_id="P1037", visit_id=w.visit("P1037", 29)),
            a("record_stipend", participant_id="P1037", visit_id=w.visit("P1037", 43)),
            a("record_stipend", participant_id="P1037", visit_id=w.visit("P1037", 57)),
        ],
        [1, 2, 4, 21],
        tags=["arithmetic", "fallback"],
        say=["240", "2025-07-28"],
        arithmetic={"240": "80 + 80 + 80", "2025-07-28": "2025-04-29 + 90 days"},
    )
    w.task(
        "A former participant of the heart failure study, who finished it in July.",
        "You were never paid for your Day 253 visit in April and want the money now.",
        participant_known("P1038"),
        "Ask to be paid. If refused, ask on what date it became too late. Accept.",
        [vp("P1038"), a("list_visits", participant_id="P1038")],
        [1, 21],
        tags=["refusal", "arithmetic"],
        say=["2025-07-14"],
        arithmetic={"2025-07-14": "2025-04-15 + 90 days"},
    )
    w.task(
        "A Boston coordinator who handles participant payments.",
        "I.F. (participant P1039, CT-201) says his Day 15, Day 29 and Day 43 stipends never arrived.",
        staff_known("ST4103"),
        "Ask to pay whatever is owed for those visits and for the total. Confirm.",
        [
            vs("ST4103"),
            a("get_participant", participant_id="P1039"),
            a("list_visits", participant_id="P1039"),
            a("record_stipend", participant_id="P1039", visit_id=w.visit("P1039", 15)),
            a("record_stipend", participant_id="P1039", visit_id=w.visit("P1039", 29)),
            a("record_stipend", participant_id="P1039", visit_id=w.visit("P1039", 43)),
        ],
        [1, 3, 4, 21],
        tags=["arithmetic"],
        say=["225"],
        arithmetic={"225": "75 + 75 + 75"},
    )


def kit_and_report_tasks(w: Author) -> None:
    from taubench.domains.pharmaceuticals.policy_rules import kit_position, order_quantity, screen_failure_rate

    def position(site: str, kit: str) -> tuple[int, int, int, int]:
        usable, near, far = kit_position(w.db, site, kit)
        return usable, near, far, order_quantity(usable, far)

    usable, near, far, quantity = position("S122", "K522")
    assert usable < near, ("S122 K522", usable, near, far)
    w.task(
        "A Phoenix research pharmacist doing the weekly stock check.",
        "You want to know whether the heart failure kits (K522) need reordering, and to place the order if so.",
        staff_known("ST4303"),
        "Ask how many usable K522 kits the site has and whether to reorder; if an order is due, agree to the "
        "quantity the agent works out. Confirm.",
        [
            vs("ST4303"),
            a("get_site_inventory", site_id="S122"),
            a("order_kits", site_id="S122", kit_type="K522", quantity=quantity),
        ],
        [1, 3, 4, 16],
        action_basis=True,
        tags=["arithmetic"],
        say=[str(usable), str(quantity)],
    )
    usable, near, far, quantity = position("S104", "K522")
    assert usable >= near, ("S104 K522", usable, near, far)
    w.task(
        "A Boston research pharmacist who likes to keep plenty of stock.",
        "You want 20 more heart failure kits (K522) ordered for the site.",
        staff_known("ST4104"),
        "Ask for 20 K522 kits. If the agent says no order is due, ask how many usable kits the site has and accept.",
        [vs("ST4104"), a("get_site_inventory", site_id="S104")],
        [1, 16],
        tags=["refusal"],
        say=[str(usable)],
    )
    usable, near, far, quantity = position("S117", "K714")
    assert usable < near, ("S117 K714", usable, near, far)
    w.task(
        "A Chicago research pharmacist new to the site's studies.",
        "You want the site's kit stock topped up.",
        staff_known("ST4204"),
        "Just say the site's kit stock needs topping up. Only if asked which: the liver study's kits. "
        "Ask how many usable kits there are and agree to the quantity the agent works out. Confirm.",
        [
            vs("ST4204"),
            a("get_site_inventory", site_id="S117"),
            a("order_kits", site_id="S117", kit_type="K714", quantity=quantity),
        ],
        [1, 3, 4, 16],
        action_basis=True,
        tags=["clarify", "arithmetic"],
        say=[str(usable), str(quantity)],
    )
    first = position("S131", "K330")
    second = position("S131", "K714")
    assert first[0] < first[1] and second[0] < second[1], ("S131", first, second)
    w.task(
        "An Atlanta research pharmacist checking both studies' kits.",
        "You want both kit types of the site (K330 and K714) checked and reordered where needed.",
        staff_known("ST4403"),
        "Ask about K330 first, then K714: for each, the usable stock and the quantity to order. Confirm each order.",
        [
            vs("ST4403"),
            a("get_site_inventory", site_id="S131"),
            a("order_kits", site_id="S131", kit_type="K330", quantity=first[3]),
            a("order_kits", site_id="S131", kit_type="K714", quantity=second[3]),
        ],
        [1, 3, 4, 16],
        action_basis=True,
        tags=["compound", "arithmetic"],
        say=sorted({str(first[0]), str(first[3]), str(second[0]), str(second[3])}),
    )
    w.task(
        "A Seattle coordinator who noticed the kit shelf looked empty.",
        "You want 10 heart failure kits (K522) ordered for the site.",
        staff_known("ST4502"),
        "Ask to order 10 K522 kits. If told you may not, accept and say the investigator will call.",
        [vs("ST4502")],
        [1, 3],
        tags=["refusal"],
        action_basis=True,
    )

    def report(site: str, study_id: str) -> tuple[str, str]:
        statuses = [p.status for p in w.db.participants.values() if p.site_id == site and p.study_id == study_id]
        failed, screened = statuses.count("screen_failed"), len(statuses)
        rate = screen_failure_rate(screened, failed)
        return f"{rate:g}", f"{failed} / {screened} * 100"

    rate, how = report("S104", "CT-201")
    w.task(
        "A Boston coordinator preparing for the monthly sponsor call.",
        "You want the CT-201 enrollment report for your site filed, and its screen-failure rate.",
        staff_known("ST4102"),
        "Ask for the report and the screen-failure rate. Confirm.",
        [vs("ST4102"), a("generate_enrollment_report", study_id="CT-201", site_id="S104")],
        [1, 3, 22],
        action_basis=True,
        tags=["arithmetic"],
        say=[rate],
        arithmetic={rate: how},
    )
    rate, how = report("S131", "CT-330")
    w.task(
        "An Atlanta coordinator asked by the sponsor for numbers.",
        "You want the CT-330 enrollment report for your site filed, with its screen-failure rate.",
        staff_known("ST4402"),
        "Ask for the report and the screen-failure rate. Confirm.",
        [vs("ST4402"), a("generate_enrollment_report", study_id="CT-330", site_id="S131")],
        [1, 3, 22],
        action_basis=True,
        tags=["arithmetic"],
        say=[rate],
        arithmetic={rate: how},
    )
    w.task(
        "An Atlanta coordinator helping a friend who works at the Phoenix site.",
        "You want the CT-305 enrollment report for site S122 (Phoenix) filed.",
        staff_known("ST4402"),
        "Ask for the S122 report. If refused, accept.",
        [vs("ST4402")],
        [1, 2, 22],
        tags=["refusal"],
        action_basis=True,
    )
    rate, how = report("S117", "CT-214")
    w.task(
        "A Chicago coordinator who calls studies by their disease.",
        "You want your site's enrollment report for 'our study' filed, with its screen-failure rate.",
        staff_known("ST4202"),
        "Do not name the study at first. Only if asked: the liver study, CT-214. Ask for the "
        "screen-failure rate. Confirm.",
        [vs("ST4202"), a("generate_enrollment_report", study_id="CT-214", site_id="S117")],
        [1, 3, 22],
        action_basis=True,
        tags=["clarify", "arithmetic"],
        say=[rate],
        arithmetic={rate: how},
        test=True,
    )
    w.task(
        "A Chicago research pharmacist asked by the coordinator to pull numbers.",
        "You want the CT-201 enrollment report for your site filed.",
        staff_known("ST4204"),
        "Ask for the report. If told you may not, accept.",
        [vs("ST4204")],
        [1, 3, 22],
        tags=["refusal"],
        action_basis=True,
    )


def namesake_withdrawals(w: Author) -> None:
    w.task(
        "A Seattle coordinator passing on a participant's decision, in a hurry.",
        "P.S., born 1958-10-09, told you this morning she wants to leave the study.",
        staff_known("ST4502"),
        "Ask to withdraw P.S. born 1958-10-09; it is her own decision. Do not name the study unless asked; then "
        "it is the diabetes study, CT-201. If asked about follow-up data: she agreed it may still be collected. "
        "Confirm.",
        [
            vs("ST4502"),
            find("P1044"),
            a("withdraw_participant", participant_id="P1044", reason="participant_decision", follow_up_consent=True),
        ],
        [1, 3, 4, 5, 20],
        tags=["clarify"],
    )
    w.task(
        "A Boston coordinator relaying a phone message.",
        "A.N., born 1983-07-21, left a message that she is leaving the study.",
        staff_known("ST4102"),
        "Ask to withdraw A.N. born 1983-07-21 at her own request. Do not name the study unless asked; then it is "
        "the diabetes study, CT-201. If asked about follow-up data: she said no. Confirm.",
        [
            vs("ST4102"),
            find("P1041"),
            a("withdraw_participant", participant_id="P1041", reason="participant_decision", follow_up_consent=False),
        ],
        [1, 3, 4, 5, 20],
        tags=["clarify"],
        test=True,
    )


def main() -> None:
    write_cast()
    from taubench.domains.pharmaceuticals.generate import database
    from taubench.domains.pharmaceuticals.models import PharmaDB

    db = PharmaDB.model_validate(database())
    w = Author(db)
    enrollment_tasks(w)
    consent_and_visit_tasks(w)
    safety_tasks(w)
    participant_tasks(w)
    kit_and_report_tasks(w)
    namesake_withdrawals(w)
    ids = [task["id"] for task in w.tasks]
    test = [i for i in ids if i in w.test or int(i) % 3 == 2]
    split = {"base": ids, "train": [i for i in ids if i not in test], "test": test}
    write_task_files(DATA, w.tasks, split)
    print(f"{len(w.tasks)} tasks, test {len(test)}")


if __name__ == "__main__":
    main()

"""The healthcare desk's database: a fixed cast the tasks are written around (two Maria
Gonzalez born the same day, twins at one address, a 17- and a 19-year-old sibling, a proxy
whose authority lapsed last month, referrals about to run out, refills due and not due),
plus seeded filler patients, providers, slots and years of appointment history so that
look-ups have namesakes to miss."""

import random
from datetime import date, timedelta
from typing import Any

SEED = 2025
NOW = "2025-03-10 09:00"
TODAY = date(2025, 3, 10)

PLANS = [  # id, name, type, referral required, primary, specialist, telehealth copay, contract end
    ("PL-HMO1", "Lakeshore Blue HMO", "HMO", True, 25.0, 50.0, 15.0, None),
    ("PL-HMO2", "Prairie Care HMO", "HMO", True, 20.0, 45.0, 10.0, None),
    ("PL-PPO1", "Midwest Choice PPO", "PPO", False, 30.0, 60.0, 20.0, None),
    ("PL-PPO2", "Great Lakes Select PPO", "PPO", False, 35.0, 70.0, 25.0, None),
    ("PL-EPO1", "Northstar EPO", "EPO", False, 25.0, 55.0, 15.0, None),
    ("PL-EPO2", "Union Trades EPO", "EPO", False, 20.0, 40.0, 10.0, None),
    ("PL-MCD1", "Illinois CareBridge Medicaid", "HMO", True, 0.0, 0.0, 0.0, None),
    ("PL-MCR1", "Harbor Medicare Advantage HMO", "HMO", True, 10.0, 40.0, 10.0, None),
    ("PL-MCR2", "Harbor Medicare Advantage PPO", "PPO", False, 15.0, 45.0, 15.0, None),
    ("PL-BCH1", "Badger Community HMO", "HMO", True, 20.0, 50.0, 15.0, None),
    ("PL-HSA1", "Summit HSA PPO", "PPO", False, 40.0, 80.0, 30.0, None),
    ("PL-PPO3", "Prairie Shield PPO", "PPO", False, 30.0, 65.0, 20.0, "2024-12-31"),
]
CLINICS = [
    ("CL1", "Lakeshore Health Loop", "Chicago", "IL", "60603"),
    ("CL2", "Lakeshore Health Evanston", "Evanston", "IL", "60201"),
    ("CL3", "Lakeshore Health Oak Park", "Oak Park", "IL", "60302"),
    ("CL4", "Lakeshore Health Kenosha", "Kenosha", "WI", "53140"),
    ("CL5", "Lakeshore Health Milwaukee", "Milwaukee", "WI", "53202"),
    ("CL6", "Lakeshore Health Hammond", "Hammond", "IN", "46320"),
]
ALL_PLANS = [plan[0] for plan in PLANS if plan[7] is None]
CAST_PROVIDERS = [  # id, name, specialty, clinic, licensed states, accepting new, plans (None: all current)
    ("DR101", "Dr. Alan Chen", "family_medicine", "CL1", ["IL"], True, None),
    ("DR102", "Dr. Ruth Adeyemi", "internal_medicine", "CL1", ["IL", "WI"], True, None),
    ("DR103", "Dr. Sofia Marquez", "pediatrics", "CL3", ["IL"], True, None),
    ("DR104", "Dr. Greta Sorensen", "family_medicine", "CL4", ["WI", "IL"], True, None),
    ("DR110", "Dr. Jonah Feld", "cardiology", "CL1", ["IL"], False, None),
    ("DR111", "Dr. Karen Osei", "cardiology", "CL2", ["IL", "WI"], True, None),
    ("DR120", "Dr. Miriam Stahl", "dermatology", "CL1", ["IL"], True, None),
    ("DR121", "Dr. Paul Ibsen", "dermatology", "CL4", ["WI", "IL"], True, ["PL-PPO1", "PL-BCH1", "PL-MCR2", "PL-EPO1"]),
    ("DR130", "Dr. Victor Lam", "orthopedics", "CL2", ["IL"], True, None),
    ("DR140", "Dr. Hannah Roth", "psychiatry", "CL1", ["IL"], False, None),
    ("DR141", "Dr. Isaac Boateng", "psychiatry", "CL5", ["WI", "IL"], True, None),
    ("DR150", "Dr. Leah Novick", "endocrinology", "CL3", ["IL"], True, None),
    ("DR160", "Dr. Omar Haddad", "neurology", "CL2", ["IL"], True, None),
    ("DR170", "Dr. Claire Dunmore", "obstetrics_gynecology", "CL1", ["IL"], True, None),
]
PHARMACIES = [
    ("PH1", "Walgreens #4410", "1200 S Michigan Ave, Chicago IL", "60605"),
    ("PH2", "CVS Pharmacy #8821", "2500 N Milwaukee Ave, Chicago IL", "60647"),
    ("PH3", "Jewel-Osco Pharmacy #3302", "1030 Chicago Ave, Evanston IL", "60202"),
    ("PH4", "Lakeshore Health Loop Pharmacy", "55 E Monroe St, Chicago IL", "60603"),
    ("PH5", "Walgreens #2217", "700 Lake St, Oak Park IL", "60301"),
    ("PH6", "Pick 'n Save Pharmacy", "3900 52nd St, Kenosha WI", "53144"),
    ("PH7", "CVS Pharmacy #1190", "2201 N Lincoln Ave, Chicago IL", "60614"),
    ("PH8", "Mariano's Pharmacy", "2112 W Irving Park Rd, Chicago IL", "60618"),
    ("PH9", "Hometown Drug", "415 Main St, Evanston IL", "60202"),
    ("PH10", "Costco Pharmacy", "1430 S Ashland Ave, Chicago IL", "60608"),
]


def _proxy(name: str, relation: str, scope: str, expires: str | None) -> dict[str, Any]:
    return {"name": name, "relation": relation, "scope": scope, "expires": expires}


def _patient(
    pid, first, last, dob, zip_code, phone, address, plan, member, pcp, pharmacy, pages, balance, **extra
) -> dict[str, Any]:
    email = f"{first.lower()}.{last.lower().replace(' ', '').replace(chr(39), '')}{dob[2:4]}@example.com"
    return {
        "patient_id": pid, "first_name": first, "last_name": last, "dob": dob, "zip": zip_code, "phone": phone, "email": email,
        "address": address, "plan_id": plan, "member_id": member, "pcp_id": pcp, "preferred_pharmacy_id": pharmacy,
        "proxies": extra.get("proxies", []), "release_authorizations": extra.get("authorizations", []), "chart_pages": pages,
        "balance": balance, "last_late_fee_waiver": extra.get("waiver"),
    }  # fmt: skip


CAST_PATIENTS = [
    _patient("P10001", "Maria", "Gonzalez", "1984-06-02", "60616", "312-555-0147", "2240 S Wabash Ave, Chicago IL", "PL-HMO1",
             "LBH-448120931", "DR101", "PH1", 38, 0.0),
    _patient("P10002", "Maria", "Gonzalez", "1984-06-02", "60647", "773-555-0193", "1818 N Kedzie Ave, Chicago IL", "PL-PPO1",
             "MCP-771204455", "DR102", "PH2", 22, 0.0),
    _patient("P10003", "Ethan", "Park", "2012-09-14", "60302", "708-555-0121", "412 N Grove Ave, Oak Park IL", "PL-PPO2",
             "GLS-310928801", "DR103", "PH5", 17, 0.0, proxies=[_proxy("Grace Park", "parent", "all", "2030-09-13")]),
    _patient("P10004", "Evan", "Park", "2012-09-14", "60302", "708-555-0121", "412 N Grove Ave, Oak Park IL", "PL-PPO2",
             "GLS-310928802", "DR103", "PH5", 15, 0.0, proxies=[_proxy("Grace Park", "parent", "all", "2030-09-13")]),
    _patient("P10005", "Lily", "Novak", "2007-07-22", "60201", "847-555-0166", "930 Judson Ave, Evanston IL", "PL-HMO1",
             "LBH-552019377", "DR101", "PH3", 24, 0.0, proxies=[_proxy("Daniel Novak", "parent", "all", "2025-07-21")]),
    _patient("P10006", "Owen", "Novak", "2005-11-03", "60201", "847-555-0166", "930 Judson Ave, Evanston IL", "PL-HMO1",
             "LBH-552019376", "DR101", "PH3", 29, 0.0, proxies=[_proxy("Daniel Novak", "parent", "all", "2023-11-02")]),
    _patient("P10007", "Harold", "Whitfield", "1943-10-18", "60614", "773-555-0112", "2650 N Lakeview Ave, Chicago IL", "PL-MCR1",
             "HMA-190044312", "DR102", "PH7", 212, 0.0,
             proxies=[_proxy("Susan Whitfield-Ames", "child", "all", "2025-02-28"),
                      _proxy("Robert Whitfield", "sibling", "prescriptions", None)]),
    _patient("P10008", "Denise", "Okafor", "1971-03-29", "60615", "773-555-0178", "5120 S Hyde Park Blvd, Chicago IL", "PL-HMO2",
             "PCH-620318845", "DR101", "PH4", 64, 0.0),
    _patient("P10009", "Raj", "Patel", "1990-12-05", "60657", "312-555-0135", "3150 N Sheffield Ave, Chicago IL", "PL-HMO1",
             "LBH-901552210", "DR101", "PH7", 12, 0.0),
    _patient("P10010", "Tyler", "Brandt", "1996-08-19", "60608", "312-555-0184", "1844 S Throop St, Chicago IL", "PL-PPO1",
             "MCP-880913302", "DR101", "PH10", 20, 225.0),
    _patient("P10011", "Angela", "Russo", "1979-02-11", "60302", "708-555-0150", "1015 W Lake St, Oak Park IL", "PL-PPO2",
             "GLS-441870032", "DR103", "PH5", 31, 0.0),
    _patient("P10012", "Marcus", "Lee", "1988-05-30", "60610", "312-555-0161", "1300 N Dearborn St, Chicago IL", "PL-EPO1",
             "NSE-230044178", "DR102", "PH4", 27, 35.0, waiver="2024-10-02"),
    _patient("P10013", "Priya", "Raman", "1992-01-17", "60640", "773-555-0127", "4800 N Marine Dr, Chicago IL", "PL-PPO1",
             "MCP-118830467", "DR101", "PH7", 19, 0.0),
    _patient("P10014", "Helen", "Brooks", "1958-04-09", "60201", "847-555-0109", "1201 Hinman Ave, Evanston IL", "PL-MCR2",
             "HMP-330175526", "DR102", "PH9", 88, 0.0),
    _patient("P10015", "Gary", "Lindqvist", "1966-09-25", "53140", "262-555-0143", "2217 60th St, Kenosha WI", "PL-BCH1",
             "BCH-704418263", "DR104", "PH6", 41, 0.0),
    _patient("P10016", "Nora", "Kim", "1985-11-30", "60622", "312-555-0172", "1532 W Division St, Chicago IL", "PL-PPO1",
             "MCP-660214988", "DR101", "PH2", 33, 0.0),
    _patient("P10017", "Samuel", "Ortiz", "1975-07-04", "60618", "773-555-0139", "3320 W Belmont Ave, Chicago IL", "PL-PPO2",
             "GLS-275509163", "DR102", "PH8", 46, 0.0,
             authorizations=[{"recipient": "Kessler & Main LLP", "signed": "2024-01-10", "expires": "2025-01-10"},
                             {"recipient": "Dr. Elena Vasquez", "signed": "2025-02-01", "expires": "2026-02-01"}]),
    _patient("P10018", "Brenda", "Cole", "1969-12-12", "60625", "773-555-0115", "4410 N Kimball Ave, Chicago IL", "PL-PPO3",
             "PSP-112093384", "DR101", "PH8", 52, 0.0),
    _patient("P10019", "Kevin", "O'Brien", "1981-03-03", "60613", "773-555-0190", "3600 N Wilton Ave, Chicago IL", "PL-PPO2",
             "GLS-908813452", "DR101", "PH7", 26, 0.0),
    _patient("P10020", "Lucia", "Ferraro", "1999-10-08", "60607", "312-555-0158", "900 W Randolph St, Chicago IL", "PL-HMO1",
             "LBH-338120775", "DR101", "PH4", 14, 0.0),
    _patient("P10021", "Walter", "Huang", "1950-02-14", "60091", "847-555-0131", "1111 Central Ave, Wilmette IL", "PL-MCR1",
             "HMA-550182290", "DR102", "PH3", 140, 0.0),
    _patient("P10022", "Carmen", "Diaz", "1994-04-21", "60623", "773-555-0146", "2700 S Central Park Ave, Chicago IL", "PL-MCD1",
             "ICB-004418872", "DR101", "PH10", 18, 0.0),
    _patient("P10023", "Carmen", "Diaz", "1994-04-12", "60623", "773-555-0102", "3015 W 26th St, Chicago IL", "PL-PPO1",
             "MCP-449218830", "DR101", "PH10", 23, 0.0),
    _patient("P10024", "Thomas", "Reilly", "1962-08-08", "60202", "847-555-0120", "600 Main St, Evanston IL", "PL-HSA1",
             "SHP-771003219", "DR102", "PH9", 71, 12.5, waiver="2024-01-15"),
    _patient("P10025", "Aisha", "Rahman", "2001-05-16", "53202", "414-555-0133", "777 N Van Buren St, Milwaukee WI", "PL-EPO2",
             "UTE-202291774", "DR104", "PH6", 21, 0.0),
    _patient("P10026", "Daniel", "Novak", "1974-01-30", "60201", "847-555-0166", "930 Judson Ave, Evanston IL", "PL-HMO1",
             "LBH-552019375", "DR101", "PH3", 44, 0.0),
]
# Appointments of the cast: id, patient, provider, specialty, slot, date, time, mode, visit type, status, extra
CAST_APPOINTMENTS = [
    ("A100001", "P10001", "DR101", "family_medicine", None, "2024-06-11", "10:00", "in_person", "follow_up", "completed", {}),
    ("A100002", "P10002", "DR102", "internal_medicine", "S20090", "2025-03-19", "13:30", "in_person", "follow_up", "booked", {}),
    ("A100003", "P10002", "DR102", "internal_medicine", None, "2024-11-05", "09:00", "in_person", "follow_up", "completed", {}),
    ("A100004", "P10003", "DR103", "pediatrics", "S20091", "2025-03-17", "15:30", "in_person", "follow_up", "booked", {}),
    ("A100005", "P10004", "DR103", "pediatrics", None, "2024-09-16", "15:30", "in_person", "follow_up", "completed", {}),
    ("A100006", "P10005", "DR170", "obstetrics_gynecology", "S20092", "2025-03-13", "16:00", "in_person", "new", "booked",
     {"confidential": True, "referral_id": "RF30003"}),
    ("A100007", "P10006", "DR101", "family_medicine", "S20093", "2025-03-21", "11:00", "in_person", "follow_up", "booked", {}),
    ("A100008", "P10007", "DR102", "internal_medicine", "S20094", "2025-03-12", "10:30", "in_person", "follow_up", "booked", {}),
    ("A100009", "P10007", "DR102", "internal_medicine", None, "2024-12-03", "10:30", "in_person", "follow_up", "completed", {}),
    ("A100010", "P10008", "DR110", "cardiology", None, "2025-02-24", "09:30", "in_person", "new", "completed",
     {"referral_id": "RF30001"}),
    ("A100011", "P10011", "DR120", "dermatology", "S20095", "2025-03-11", "08:30", "in_person", "follow_up", "booked", {}),
    ("A100012", "P10012", "DR102", "internal_medicine", "S20096", "2025-03-10", "15:00", "in_person", "follow_up", "booked", {}),
    ("A100013", "P10013", "DR130", "orthopedics", "S20097", "2025-03-18", "10:00", "in_person", "follow_up", "booked",
     {"reschedule_count": 2}),
    ("A100014", "P10014", "DR102", "internal_medicine", None, "2024-11-12", "14:00", "in_person", "follow_up", "completed", {}),
    ("A100015", "P10015", "DR104", "family_medicine", None, "2023-12-04", "08:30", "in_person", "follow_up", "completed", {}),
    ("A100016", "P10016", "DR140", "psychiatry", None, "2025-01-15", "17:00", "telehealth", "new", "completed", {}),
    ("A100017", "P10019", "DR120", "dermatology", "S20098", "2025-03-20", "09:00", "in_person", "follow_up", "booked", {}),
    ("A100018", "P10019", "DR120", "dermatology", "S20099", "2025-04-03", "14:00", "in_person", "follow_up", "booked", {}),
    ("A100019", "P10010", "DR101", "family_medicine", None, "2024-05-14", "09:00", "in_person", "follow_up", "no_show",
     {"fee_charged": 75.0}),
    ("A100020", "P10010", "DR101", "family_medicine", None, "2024-09-03", "09:30", "in_person", "follow_up", "no_show",
     {"fee_charged": 75.0}),
    ("A100021", "P10010", "DR101", "family_medicine", None, "2025-01-27", "10:00", "in_person", "follow_up", "no_show",
     {"fee_charged": 75.0}),
    ("A100022", "P10024", "DR102", "internal_medicine", "S20100", "2025-03-11", "07:45", "in_person", "follow_up", "booked", {}),
    ("A100023", "P10024", "DR150", "endocrinology", "S20101", "2025-03-11", "11:15", "in_person", "follow_up", "booked", {}),
    ("A100024", "P10024", "DR150", "endocrinology", None, "2024-09-10", "11:15", "in_person", "new", "completed", {}),
    ("A100025", "P10017", "DR102", "internal_medicine", None, "2025-01-28", "09:45", "in_person", "follow_up", "completed", {}),
    ("A100026", "P10020", "DR101", "family_medicine", None, "2025-02-03", "13:00", "in_person", "follow_up", "completed", {}),
    ("A100027", "P10022", "DR101", "family_medicine", None, "2024-10-21", "16:00", "in_person", "follow_up", "completed", {}),
    ("A100028", "P10025", "DR141", "psychiatry", "S20102", "2025-03-14", "12:00", "telehealth", "follow_up", "booked", {}),
    ("A100029", "P10025", "DR141", "psychiatry", None, "2024-12-13", "12:00", "telehealth", "new", "completed", {}),
    ("A100030", "P10009", "DR120", "dermatology", None, "2021-05-04", "10:00", "in_person", "new", "completed", {}),
    ("A100031", "P10026", "DR101", "family_medicine", None, "2024-08-20", "08:00", "in_person", "follow_up", "completed", {}),
    ("A100032", "P10012", "DR102", "internal_medicine", None, "2024-10-01", "15:00", "in_person", "follow_up", "cancelled",
     {"cancel_reason": "illness"}),
    ("A100033", "P10023", "DR101", "family_medicine", "S20103", "2025-03-25", "10:15", "in_person", "follow_up", "booked", {}),
    ("A100034", "P10018", "DR101", "family_medicine", None, "2024-07-09", "11:30", "in_person", "follow_up", "completed", {}),
    ("A100035", "P10011", "DR120", "dermatology", None, "2024-09-12", "08:30", "in_person", "new", "completed", {}),
    ("A100036", "P10013", "DR130", "orthopedics", None, "2025-01-21", "10:00", "in_person", "new", "completed", {}),
    ("A100037", "P10012", "DR102", "internal_medicine", None, "2024-06-18", "16:00", "in_person", "follow_up", "completed", {}),
    ("A100038", "P10006", "DR101", "family_medicine", None, "2024-08-12", "14:30", "in_person", "follow_up", "completed", {}),
]
CAST_TAKEN_SLOTS = {  # slot -> the cast appointment holding it
    appointment[4]: appointment for appointment in CAST_APPOINTMENTS if appointment[4] is not None
}
# Open slots of the cast's providers: id, provider, date, time, mode
CAST_OPEN_SLOTS = [
    ("S20001", "DR101", "2025-03-11", "14:00", "in_person"), ("S20002", "DR101", "2025-03-13", "09:30", "in_person"),
    ("S20003", "DR101", "2025-03-17", "08:00", "in_person"), ("S20004", "DR101", "2025-03-19", "16:30", "telehealth"),
    ("S20005", "DR102", "2025-03-12", "13:00", "in_person"), ("S20006", "DR102", "2025-03-14", "10:00", "in_person"),
    ("S20007", "DR102", "2025-03-18", "15:30", "telehealth"), ("S20008", "DR102", "2025-03-24", "09:00", "in_person"),
    ("S20009", "DR103", "2025-03-12", "15:30", "in_person"), ("S20010", "DR103", "2025-03-14", "16:00", "in_person"),
    ("S20011", "DR103", "2025-03-19", "15:30", "in_person"), ("S20012", "DR104", "2025-03-13", "08:30", "in_person"),
    ("S20013", "DR104", "2025-03-17", "13:00", "telehealth"), ("S20014", "DR104", "2025-03-20", "10:30", "in_person"),
    ("S20015", "DR110", "2025-03-14", "09:30", "in_person"), ("S20016", "DR110", "2025-03-21", "14:00", "in_person"),
    ("S20017", "DR111", "2025-03-12", "11:00", "in_person"), ("S20018", "DR111", "2025-03-18", "11:00", "in_person"),
    ("S20019", "DR120", "2025-03-13", "10:30", "in_person"), ("S20020", "DR120", "2025-03-18", "13:00", "in_person"),
    ("S20021", "DR120", "2025-03-25", "09:30", "in_person"), ("S20022", "DR121", "2025-03-14", "14:30", "in_person"),
    ("S20023", "DR130", "2025-03-19", "10:00", "in_person"), ("S20024", "DR130", "2025-03-26", "10:00", "in_person"),
    ("S20025", "DR140", "2025-03-17", "17:00", "telehealth"), ("S20026", "DR140", "2025-03-20", "12:30", "in_person"),
    ("S20027", "DR141", "2025-03-17", "12:00", "telehealth"), ("S20028", "DR141", "2025-03-19", "18:00", "telehealth"),
    ("S20029", "DR150", "2025-03-13", "11:15", "in_person"), ("S20030", "DR150", "2025-03-20", "11:15", "in_person"),
    ("S20031", "DR160", "2025-03-17", "09:00", "in_person"), ("S20032", "DR160", "2025-03-24", "14:00", "in_person"),
    ("S20033", "DR170", "2025-03-14", "13:30", "in_person"), ("S20034", "DR170", "2025-03-27", "09:30", "in_person"),
    ("S20035", "DR101", "2025-03-10", "08:00", "in_person"), ("S20036", "DR111", "2025-03-27", "15:00", "telehealth"),
]  # fmt: skip
CAST_REFERRALS = [  # id, patient, specialty, by, status, reason, authorized, used, from, to
    ("RF30001", "P10008", "cardiology", "DR101", "active", "palpitations and abnormal ECG", 3, 1, "2025-02-20", "2025-05-20"),
    ("RF30002", "P10009", "dermatology", "DR101", "active", "changing mole on the back", 2, 0, "2024-12-15", "2025-03-14"),
    ("RF30003", "P10005", "obstetrics_gynecology", "DR101", "active", "adolescent gynecology consult", 2, 1, "2025-02-10",
     "2025-05-11"),
    ("RF30004", "P10007", "cardiology", "DR102", "active", "follow-up of atrial fibrillation", 4, 4, "2024-12-20", "2025-03-20"),
    ("RF30005", "P10020", "dermatology", "DR101", "expired", "acne treatment", 2, 2, "2024-06-01", "2024-08-30"),
    ("RF30006", "P10022", "orthopedics", "DR101", "active", "right knee pain after a fall", 2, 0, "2025-01-06", "2025-04-06"),
    ("RF30007", "P10001", "endocrinology", "DR101", "active", "thyroid nodule work-up", 2, 0, "2025-03-03", "2025-06-01"),
    ("RF30008", "P10006", "dermatology", "DR101", "active", "eczema flare", 2, 0, "2025-02-17", "2025-05-18"),
]
CAST_PRESCRIPTIONS = [  # id, patient, drug, schedule, prescriber, days, refills, last fill, pharmacy, status
    ("RX40001", "P10014", "lisinopril 10 mg tablet", "none", "DR102", 30, 3, "2025-02-10", "PH9", "active"),
    ("RX40002", "P10014", "atorvastatin 40 mg tablet", "none", "DR102", 90, 2, "2025-01-20", "PH9", "active"),
    ("RX40003", "P10014", "oxycodone 5 mg tablet", "II", "DR130", 5, 0, "2025-03-03", "PH9", "active"),
    ("RX40004", "P10015", "metformin 500 mg tablet", "none", "DR104", 90, 1, "2024-12-01", "PH6", "active"),
    ("RX40005", "P10016", "sertraline 50 mg tablet", "none", "DR140", 30, 4, "2025-02-14", "PH2", "active"),
    ("RX40006", "P10007", "apixaban 5 mg tablet", "none", "DR102", 30, 5, "2025-02-12", "PH7", "active"),
    ("RX40007", "P10007", "metoprolol 25 mg tablet", "none", "DR102", 90, 1, "2024-12-20", "PH7", "active"),
    ("RX40008", "P10024", "levothyroxine 75 mcg tablet", "none", "DR150", 90, 3, "2024-12-11", "PH9", "active"),
    ("RX40009", "P10024", "zolpidem 5 mg tablet", "IV", "DR102", 30, 2, "2025-02-21", "PH9", "active"),
    ("RX40010", "P10001", "levothyroxine 50 mcg tablet", "none", "DR101", 30, 0, "2025-02-13", "PH1", "active"),
    ("RX40011", "P10002", "albuterol HFA inhaler", "none", "DR102", 30, 2, "2025-02-01", "PH2", "active"),
    ("RX40012", "P10025", "bupropion XL 150 mg tablet", "none", "DR141", 30, 3, "2025-02-11", "PH6", "active"),
    ("RX40013", "P10025", "lorazepam 0.5 mg tablet", "IV", "DR141", 30, 1, "2025-02-25", "PH6", "active"),
    ("RX40014", "P10022", "amoxicillin 500 mg capsule", "none", "DR101", 10, 0, "2024-10-21", "PH10", "discontinued"),
    ("RX40015", "P10013", "meloxicam 15 mg tablet", "none", "DR130", 30, 2, "2025-02-07", "PH7", "active"),
    ("RX40016", "P10016", "methylphenidate ER 36 mg tablet", "II", "DR140", 30, 0, "2025-02-12", "PH2", "active"),
]
CAST_RECORDS_REQUESTS = [
    ("RR5001", "P10017", ["imaging"], "Kessler & Main LLP", "electronic", 6.5, "2024-06-03", "fulfilled"),
    ("RR5002", "P10007", ["visit_notes", "medication_list"], "patient", "paper", 50.5, "2025-02-18", "open"),
]

FIRST = ["James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "David", "Elizabeth", "William",
         "Barbara",
         "Joseph", "Susan", "Carlos", "Jessica", "Anthony", "Sarah", "Kevin", "Karen", "Luis", "Nancy", "Mark", "Lisa", "Jorge",
         "Betty", "Steven", "Sandra", "Andrew", "Ashley", "Wei", "Kimberly", "Joshua", "Emily", "Kenneth", "Donna", "Hiroshi",
         "Michelle", "Brian", "Carol", "Ahmed", "Amanda", "Ronald", "Melissa", "Tomasz", "Deborah", "Jamal", "Stephanie",
         "Rosa", "Fatima", "Olga", "Ngozi", "Mei", "Anjali", "Diego", "Yusuf", "Ingrid", "Marek", "Tiana", "Shira"]  # fmt: skip
LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez",
        "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson",
        "White", "Harris", "Clark", "Lewis", "Robinson", "Walker", "Young", "Kowalski", "Nguyen", "Kim", "Patel", "Novak",
        "Okafor", "Schmidt", "Johansson", "Murphy", "O'Connor", "Rivera", "Chen", "Wright", "Scott", "Green", "Baker", "Adams",
        "Nelson", "Hill", "Campbell", "Mitchell", "Roberts", "Carter", "Phillips", "Evans", "Turner", "Torres",
        "Parker"]  # fmt: skip
STREETS = ["Clark St", "Halsted St", "Ashland Ave", "Western Ave", "Damen Ave", "Addison St", "Belmont Ave", "Fullerton Ave",
           "Lawrence Ave", "Irving Park Rd", "Pulaski Rd", "Cicero Ave", "Harlem Ave", "Oak St", "Maple Ave", "Ridge Ave"]
TOWNS = [("Chicago IL", ["60607", "60608", "60610", "60613", "60614", "60616", "60618", "60622", "60625", "60640", "60647",
                         "60657"]),
         ("Evanston IL", ["60201", "60202"]), ("Oak Park IL", ["60302", "60304"]), ("Skokie IL", ["60076"]),
         ("Kenosha WI", ["53140", "53144"]), ("Milwaukee WI", ["53202", "53211"]), ("Hammond IN", ["46320"])]  # fmt: skip
AREA = {"IL": ["312", "773", "847", "708"], "WI": ["262", "414"], "IN": ["219"]}
FILLER_SPECIALTIES = ["family_medicine"] * 14 + ["internal_medicine"] * 12 + ["pediatrics"] * 8 + [
    "cardiology", "dermatology", "orthopedics", "endocrinology", "gastroenterology", "neurology", "psychiatry",
    "obstetrics_gynecology",
] * 6  # fmt: skip
PROVIDER_FIRST = ["Anna", "Ben", "Celia", "Dmitri", "Elif", "Farah", "George", "Helena", "Ivan", "Julia", "Kofi", "Laura",
                  "Mateo", "Nadia", "Oscar", "Pia", "Quinn", "Rosa", "Samir", "Tess"]  # fmt: skip
PRIMARY = {"family_medicine", "internal_medicine", "pediatrics"}
NO_SHOW_FEE = 75.0


def _day(value: date) -> str:
    return value.isoformat()


def _weekdays(start: date, end: date) -> list[date]:
    return [start + timedelta(days=n) for n in range((end - start).days + 1) if (start + timedelta(days=n)).weekday() < 5]


def _providers(rng: random.Random) -> dict[str, dict[str, Any]]:
    providers = {}
    for pid, name, specialty, clinic, states, accepting, plans in CAST_PROVIDERS:
        providers[pid] = {"provider_id": pid, "name": name, "specialty": specialty, "clinic_id": clinic,
                          "licensed_states": states, "accepting_new_patients": accepting,
                          "plans_in_network": plans or ALL_PLANS}  # fmt: skip
    clinic_states = {clinic[0]: clinic[3] for clinic in CLINICS}
    for number, specialty in enumerate(FILLER_SPECIALTIES, start=201):
        clinic = rng.choice([clinic[0] for clinic in CLINICS])
        states = sorted({clinic_states[clinic], *rng.sample(["IL", "WI", "IN"], rng.randint(0, 2))})
        plans = sorted(rng.sample(ALL_PLANS, rng.randint(6, len(ALL_PLANS))))
        name = f"Dr. {rng.choice(PROVIDER_FIRST)} {rng.choice(LAST)}"
        providers[f"DR{number}"] = {"provider_id": f"DR{number}", "name": name, "specialty": specialty, "clinic_id": clinic,
                                    "licensed_states": states, "accepting_new_patients": rng.random() < 0.75,
                                    "plans_in_network": plans}  # fmt: skip
    return providers


def _filler_patients(rng: random.Random, providers: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    primary = [pid for pid, p in providers.items() if p["specialty"] in ("family_medicine", "internal_medicine")]
    pediatric = [pid for pid, p in providers.items() if p["specialty"] == "pediatrics"]
    patients, number = [], 10101
    while len(patients) < 380:
        born = date(rng.randint(1938, 2022), rng.randint(1, 12), rng.randint(1, 28))
        town, zips = rng.choice(TOWNS)
        state = town[-2:]
        first, last = rng.choice(FIRST), rng.choice(LAST)
        plan = rng.choice(ALL_PLANS)
        adult = (TODAY - born).days >= 18 * 365
        record = _patient(f"P{number}", first, last, _day(born), rng.choice(zips),
                          f"{rng.choice(AREA[state])}-555-{rng.randint(100, 9999):04d}",
                          f"{rng.randint(100, 9800)} {rng.choice(STREETS)}, {town}", plan,
                          f"{plan[3:6]}-{rng.randint(100000000, 999999999)}", rng.choice(primary if adult else pediatric),
                          rng.choice(PHARMACIES)[0], rng.randint(8, 260),
                          rng.choice([0.0] * 8 + [25.0, 40.0, 75.0, 12.5]))  # fmt: skip
        if not adult:
            parent = f"{rng.choice(FIRST)} {last}"
            record["proxies"] = [_proxy(parent, "parent", "all", _day(born.replace(year=born.year + 18) - timedelta(days=1)))]
        elif rng.random() < 0.08:
            record["proxies"] = [_proxy(f"{rng.choice(FIRST)} {last}", rng.choice(["spouse", "child", "health_care_proxy"]),
                                        rng.choice(["all", "appointments", "prescriptions"]),
                                        rng.choice([None, "2025-12-31", "2024-06-30"]))]  # fmt: skip
        patients.append(record)
        number += 1
        if rng.random() < 0.05:  # a namesake: same name, another birth date or zip
            twin = dict(record, patient_id=f"P{number}", phone=f"{rng.choice(AREA[state])}-555-{rng.randint(100, 9999):04d}")
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
    rng: random.Random, patients: list[dict[str, Any]], providers: dict[str, dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """Past visits of the filler patients: mostly completed, some cancelled or missed, a few booked ahead."""
    by_specialty: dict[str, list[str]] = {}
    for pid, provider in providers.items():
        if pid not in {cast[0] for cast in CAST_PROVIDERS}:
            by_specialty.setdefault(provider["specialty"], []).append(pid)
    appointments, number = {}, 200001
    times = [f"{hour:02d}:{minute}" for hour in range(8, 17) for minute in ("00", "30")]
    for patient in patients:
        visits = []
        for _ in range(rng.randint(2, 5)):
            specialty = providers[patient["pcp_id"]]["specialty"] if rng.random() < 0.55 else rng.choice(sorted(by_specialty))
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
                "appointment_id": appointment_id, "patient_id": patient["patient_id"], "provider_id": provider,
                "specialty": specialty, "slot_id": None, "date": _day(day), "time": time,
                "mode": "telehealth" if rng.random() < 0.15 else "in_person",
                "visit_type": "follow_up" if specialty in established else "new", "status": status, "confidential": False,
                "referral_id": None, "reschedule_count": rng.choice([0, 0, 0, 1]) if future else 0,
                "cancel_reason": rng.choice(["schedule_conflict", "illness", "transportation"])
                if status == "cancelled" else None,
                "fee_charged": NO_SHOW_FEE if status == "no_show" else 0.0,
            }  # fmt: skip
            if status == "completed":
                established.add(specialty)
            number += 1
    return dict(sorted(appointments.items(), key=lambda item: (item[1]["date"], item[1]["time"], item[0])))


def _slots(rng: random.Random, providers: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    slots = {}
    for sid, provider, day, time, mode in CAST_OPEN_SLOTS:
        slots[sid] = {"slot_id": sid, "provider_id": provider, "date": day, "time": time, "mode": mode, "status": "open"}
    for sid, appointment in CAST_TAKEN_SLOTS.items():
        slots[sid] = {"slot_id": sid, "provider_id": appointment[2], "date": appointment[5], "time": appointment[6],
                      "mode": appointment[7], "status": "taken"}  # fmt: skip
    number = 21001
    cast = {provider[0] for provider in CAST_PROVIDERS}
    for pid in providers:
        if pid in cast:
            continue
        for day in _weekdays(TODAY + timedelta(days=1), TODAY + timedelta(days=18)):
            if rng.random() < 0.45:
                slots[f"S{number}"] = {"slot_id": f"S{number}", "provider_id": pid, "date": _day(day),
                                       "time": f"{rng.randint(8, 16):02d}:{rng.choice(['00', '15', '30', '45'])}",
                                       "mode": "telehealth" if rng.random() < 0.2 else "in_person",
                                       "status": rng.choice(["open"] * 3 + ["taken"])}  # fmt: skip
                number += 1
    return slots


def _filler_prescriptions(rng: random.Random, patients: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    drugs = [("lisinopril 20 mg tablet", "none"), ("amlodipine 5 mg tablet", "none"), ("metformin 1000 mg tablet", "none"),
             ("atorvastatin 20 mg tablet", "none"), ("omeprazole 20 mg capsule", "none"),
             ("levothyroxine 100 mcg tablet", "none"),
             ("sertraline 100 mg tablet", "none"), ("albuterol HFA inhaler", "none"), ("losartan 50 mg tablet", "none"),
             ("gabapentin 300 mg capsule", "V"), ("alprazolam 0.25 mg tablet", "IV"), ("tramadol 50 mg tablet", "IV"),
             ("amphetamine salts 10 mg tablet", "II"), ("montelukast 10 mg tablet", "none"),
             ("escitalopram 10 mg tablet", "none")]  # fmt: skip
    prescriptions, number = {}, 41001
    for patient in patients:
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            drug, schedule = rng.choice(drugs)
            days = 30 if schedule == "II" else rng.choice([30, 30, 90])
            prescriptions[f"RX{number}"] = {
                "rx_id": f"RX{number}", "patient_id": patient["patient_id"], "drug": drug, "dea_schedule": schedule,
                "prescriber_id": patient["pcp_id"], "days_supply": days,
                "refills_left": 0 if schedule == "II" else rng.randint(0, 5),
                "last_fill": _day(TODAY - timedelta(days=rng.randint(3, 200))), "pharmacy_id": patient["preferred_pharmacy_id"],
                "status": rng.choice(["active"] * 9 + ["discontinued"]),
            }  # fmt: skip
            number += 1
    return prescriptions


def _filler_referrals(rng: random.Random, patients: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    referral_plans = {plan[0] for plan in PLANS if plan[3]}
    specialties = ["cardiology", "dermatology", "orthopedics", "endocrinology", "gastroenterology", "neurology", "psychiatry"]
    referrals, number = {}, 31001
    for patient in patients:
        if patient["plan_id"] in referral_plans and rng.random() < 0.7:
            start = TODAY - timedelta(days=rng.randint(0, 200))
            authorized = rng.choice([1, 2, 3, 4])
            expired = start + timedelta(days=90) < TODAY
            referrals[f"RF{number}"] = {
                "referral_id": f"RF{number}", "patient_id": patient["patient_id"], "specialty": rng.choice(specialties),
                "referred_by": patient["pcp_id"], "status": "expired" if expired else "active", "reason": "specialist evaluation",
                "visits_authorized": authorized, "visits_used": rng.randint(0, authorized),
                "valid_from": _day(start), "valid_to": _day(start + timedelta(days=90)),
            }  # fmt: skip
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
            "request_id": f"RR{number}", "patient_id": patient["patient_id"],
            "record_types": sorted(rng.sample(types, rng.randint(1, 3))),
            "recipient": "patient", "delivery_format": delivery, "fee": fee, "requested": _day(day),
            "due": _day(day + timedelta(days=30)),
            "status": "fulfilled" if day + timedelta(days=30) < TODAY else rng.choice(["open", "fulfilled"]),
        }  # fmt: skip
        number += 1
    return dict(sorted(requests.items()))


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    plans = {p[0]: {"plan_id": p[0], "name": p[1], "type": p[2], "referral_required": p[3], "primary_copay": p[4],
                    "specialist_copay": p[5], "telehealth_copay": p[6], "contract_end": p[7]} for p in PLANS}  # fmt: skip
    clinics = {c[0]: {"clinic_id": c[0], "name": c[1], "city": c[2], "state": c[3], "zip": c[4]} for c in CLINICS}
    pharmacies = {p[0]: {"pharmacy_id": p[0], "name": p[1], "address": p[2], "zip": p[3]} for p in PHARMACIES}
    providers = _providers(rng)
    filler = _filler_patients(rng, providers)
    patients = {patient["patient_id"]: patient for patient in CAST_PATIENTS + filler}
    appointments = {}
    for aid, pid, provider, specialty, slot, day, time, mode, visit_type, status, extra in CAST_APPOINTMENTS:
        appointments[aid] = {"appointment_id": aid, "patient_id": pid, "provider_id": provider, "specialty": specialty,
                             "slot_id": slot, "date": day, "time": time, "mode": mode, "visit_type": visit_type, "status": status,
                             "confidential": extra.get("confidential", False), "referral_id": extra.get("referral_id"),
                             "reschedule_count": extra.get("reschedule_count", 0), "cancel_reason": extra.get("cancel_reason"),
                             "fee_charged": extra.get("fee_charged", 0.0)}  # fmt: skip
    appointments.update(_history(rng, filler, providers))
    referrals = {r[0]: dict(zip(("referral_id", "patient_id", "specialty", "referred_by", "status", "reason", "visits_authorized",
                                 "visits_used", "valid_from", "valid_to"), r)) for r in CAST_REFERRALS}  # fmt: skip
    referrals.update(_filler_referrals(rng, filler))
    prescriptions = {rx[0]: dict(zip(("rx_id", "patient_id", "drug", "dea_schedule", "prescriber_id", "days_supply",
                                      "refills_left", "last_fill", "pharmacy_id", "status"), rx))
                     for rx in CAST_PRESCRIPTIONS}  # fmt: skip
    prescriptions.update(_filler_prescriptions(rng, filler))
    records = {r[0]: {"request_id": r[0], "patient_id": r[1], "record_types": r[2], "recipient": r[3], "delivery_format": r[4],
                      "fee": r[5], "requested": r[6], "due": _day(date.fromisoformat(r[6]) + timedelta(days=30)), "status": r[7]}
               for r in CAST_RECORDS_REQUESTS}  # fmt: skip
    records.update(_filler_records_requests(rng, filler))
    return {
        "now": NOW, "next_appointment_number": 300001, "next_referral_number": 32001, "next_request_number": 6001,
        "plans": plans, "clinics": clinics, "providers": providers, "pharmacies": pharmacies, "patients": patients,
        "slots": _slots(rng, providers), "appointments": appointments, "referrals": referrals, "prescriptions": prescriptions,
        "records_requests": records,
    }  # fmt: skip

"""The insurer's database: a fixed cast of policyholders, policy terms, claims and shops that
the tasks are written around (namesakes, twins, a renewed policy whose two terms differ, two
cars of one make, a spouse who is not a named insured), plus seeded filler so that look-ups
have plenty to miss."""

import random
from datetime import date, timedelta
from typing import Any

from taubench.domains.insurance.underwriting import LOSS_COVERAGE, adjuster_for, young_driver_surcharge

SEED = 2025
TODAY = "2025-04-01"
HOLIDAYS = ["2025-01-01", "2025-05-26", "2025-07-04", "2025-09-01", "2025-11-27", "2025-12-25", "2025-04-18"]
AUTO_LIMIT, LIABILITY_LIMIT = 50000.0, 100000.0
WATER_BACKUP_LIMIT = 10000.0

# zip area -> (city, zip codes) for filler people and shops
AREAS = {
    "606": ["60614", "60618", "60622", "60647"], "787": ["78704", "78745", "78702"], "303": ["30318", "30307", "30309"],
    "441": ["44107", "44102", "44111"], "331": ["33139", "33133", "33145"], "021": ["02139", "02138", "02143"],
    "941": ["94110", "94117", "94122"], "554": ["55407", "55408", "55419"], "100": ["10025", "10027", "10031"],
    "850": ["85008", "85016", "85018"], "070": ["07030", "07087", "07093"], "981": ["98103", "98115", "98107"],
    "482": ["48201", "48207", "48226"], "802": ["80211", "80205", "80218"], "972": ["97214", "97202", "97211"],
    "191": ["19104", "19103", "19147"], "432": ["43201", "43206", "43215"], "641": ["64111", "64108", "64113"],
    "372": ["37206", "37203", "37212"], "282": ["28203", "28205", "28209"],
}  # fmt: skip
# the town of each ZIP code above, for filler addresses
CITIES = {"60614": "Chicago, IL", "60618": "Chicago, IL", "60622": "Chicago, IL", "60647": "Chicago, IL",
          "78704": "Austin, TX", "78745": "Austin, TX", "78702": "Austin, TX", "30318": "Atlanta, GA",
          "30307": "Atlanta, GA", "30309": "Atlanta, GA", "44107": "Lakewood, OH", "44102": "Cleveland, OH",
          "44111": "Cleveland, OH", "33139": "Miami Beach, FL", "33133": "Miami, FL", "33145": "Miami, FL",
          "02139": "Cambridge, MA", "02138": "Cambridge, MA", "02143": "Somerville, MA", "94110": "San Francisco, CA",
          "94117": "San Francisco, CA", "94122": "San Francisco, CA", "55407": "Minneapolis, MN", "55408": "Minneapolis, MN",
          "55419": "Minneapolis, MN", "10025": "New York, NY", "10027": "New York, NY", "10031": "New York, NY",
          "85008": "Phoenix, AZ", "85016": "Phoenix, AZ", "85018": "Phoenix, AZ", "07030": "Hoboken, NJ",
          "07087": "Union City, NJ", "07093": "West New York, NJ", "98103": "Seattle, WA", "98115": "Seattle, WA",
          "98107": "Seattle, WA", "48201": "Detroit, MI", "48207": "Detroit, MI", "48226": "Detroit, MI",
          "80211": "Denver, CO", "80205": "Denver, CO", "80218": "Denver, CO", "97214": "Portland, OR",
          "97202": "Portland, OR", "97211": "Portland, OR", "19104": "Philadelphia, PA", "19103": "Philadelphia, PA",
          "19147": "Philadelphia, PA", "43201": "Columbus, OH", "43206": "Columbus, OH", "43215": "Columbus, OH",
          "64111": "Kansas City, MO", "64108": "Kansas City, MO", "64113": "Kansas City, MO", "37206": "Nashville, TN",
          "37203": "Nashville, TN", "37212": "Nashville, TN", "28203": "Charlotte, NC", "28205": "Charlotte, NC",
          "28209": "Charlotte, NC"}
FIRST = ["James", "Maria", "Robert", "Linda", "Michael", "Patricia", "David", "Jennifer", "Carlos", "Elena", "Wei", "Fatima",
         "Thomas", "Sarah", "Kwame", "Olga", "Raj", "Mei", "Samuel", "Grace", "Luis", "Anna", "Hiroshi", "Chloe", "Ibrahim",
         "Rachel", "Jorge", "Emily", "Andre", "Sofia", "Peter", "Nadia", "Marcus", "Julia", "Tyrone", "Ingrid", "Ahmed", "Rosa"]
LAST = ["Smith", "Johnson", "Garcia", "Nguyen", "Patel", "Kim", "Brown", "Martinez", "Okafor", "Schmidt", "Rossi", "Cohen",
        "Lopez", "Wright", "Ivanova", "Chen", "Murphy", "Haddad", "Sato", "Mensah", "Fischer", "Romero", "Walsh", "Adams",
        "Kowalski", "Dubois", "Silva", "Hughes", "Park", "Ahmed", "Bennett", "Morales", "Yilmaz", "Novak", "Reid", "Tanaka"]
STREETS = ["Oak St", "Maple Ave", "Cedar Ln", "Elm St", "Lakeview Dr", "Park Pl", "Ridge Rd", "Hillcrest Ave", "Main St"]
CARS = [("Toyota", "Camry", 24000), ("Toyota", "RAV4", 29000), ("Honda", "Civic", 21000), ("Honda", "Accord", 25000),
        ("Ford", "F-150", 36000), ("Ford", "Escape", 23000), ("Chevrolet", "Malibu", 20000), ("Subaru", "Outback", 28000),
        ("Hyundai", "Elantra", 18000), ("Nissan", "Altima", 21000), ("Kia", "Sorento", 27000), ("Mazda", "CX-5", 26000),
        ("Tesla", "Model 3", 34000), ("Jeep", "Wrangler", 33000), ("Volkswagen", "Jetta", 19000)]  # fmt: skip
SHOP_WORDS = ["Precision", "Summit", "Lakeside", "Main Street", "Apex", "Northside", "Metro", "Quality", "Elite", "Crossroads"]
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
            "policyholder_id": pid, "name": name, "date_of_birth": born, "zip_code": zip_code, "phone": phone,
            "email": f"{name.lower().replace(' ', '.').replace(chr(39), '')}{born[2:4]}@mailbox.example",
            "policies": [],
            "payment_methods": [{"method_id": f"PM-{pid[3:]}-{number}", "kind": kind, "last4": last4}
                                for number, (kind, last4) in enumerate(methods, 1)],
        }  # fmt: skip

    def policy(self, policy_id: str, line: str, holders: list[str], start: str, premium: float, *, inception: str = "",
               deductible: float = 500.0, endorsements: tuple = (), vehicles: tuple = (), drivers: tuple = (),
               billing: str = "paid", due: float = 0.0, due_date: str | None = None, renewal_of: str | None = None,
               limit: float = 300000.0, address: str | None = None) -> dict:
        end = _term_end(start)
        status = "expired" if end < TODAY else "active"
        if line == "auto" and not drivers:
            drivers = self.insureds_driving(policy_id, holders, inception or start)
        if line == "auto":
            coverages = [("liability", LIABILITY_LIMIT, 0.0), ("collision", AUTO_LIMIT, deductible),
                         ("comprehensive", AUTO_LIMIT, deductible)]
        elif line == "home":
            coverages = [("dwelling", limit, deductible), ("personal_property", round(limit / 2, 2), deductible),
                         ("liability", LIABILITY_LIMIT, 0.0)]
        else:
            coverages = [("personal_property", limit, deductible), ("liability", LIABILITY_LIMIT, 0.0)]
        if "water_backup" in endorsements:
            coverages.append(("water_backup", WATER_BACKUP_LIMIT, deductible))
        record = {
            "policy_id": policy_id, "line": line, "named_insureds": list(holders), "status": status,
            "inception_date": inception or start, "term_start": start, "term_end": end, "renewal_of": renewal_of,
            "annual_premium": premium, "billing_status": billing, "amount_due": due, "due_date": due_date,
            "coverages": [{"coverage": name, "limit": cover, "deductible": amount,
                           "deductible_effective": start, "prior_deductible": None}
                          for name, cover, amount in coverages],
            "endorsements": list(endorsements),
            "vehicles": [{"vehicle_id": f"V-{policy_id[3:9]}-{number}", "year": year, "make": make, "model": model, "vin": vin,
                          "actual_cash_value": value} for number, (year, make, model, vin, value) in enumerate(vehicles, 1)],
            "drivers": [{"name": name, "date_of_birth": born, "license_number": licence, "added_on": added,
                         "annual_surcharge": young_driver_surcharge(_age(born, start)), "prorated_charge": 0.0}
                        for name, born, licence, added in drivers],  # rated in the term's premium: nothing billed apart
            "property_address": address, "cancellation": None,
        }  # fmt: skip
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
        self.payments[payment_id] = {"payment_id": payment_id, "policy_id": policy_id, "claim_id": claim_id, "kind": kind,
                                     "date": day, "amount": round(amount, 2), "method": method}  # fmt: skip
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

    def claim(self, claim_id: str, policy_id: str, loss_type: str, loss_date: str, estimate: float, status: str, *,
              reported: str = "", vehicle: int = 0, police_report: str = "", documents: tuple = (), payout: float = 0.0,
              siu: str | None = None, rental: tuple | None = None) -> dict:
        policy = self.policies[policy_id]
        coverage_name = LOSS_COVERAGE[policy["line"]][loss_type]
        coverage = next(item for item in policy["coverages"] if item["coverage"] == coverage_name)
        glass_waived = loss_type == "glass" and "full_glass" in policy["endorsements"]
        record = {
            "claim_id": claim_id, "policy_id": policy_id, "loss_type": loss_type, "loss_date": loss_date,
            "reported_date": reported or _shift(loss_date, 2),
            "vehicle_id": policy["vehicles"][vehicle - 1]["vehicle_id"] if vehicle else None,
            "police_report": police_report, "estimate": estimate, "coverage": coverage_name, "limit": coverage["limit"],
            "deductible": 0.0 if glass_waived else coverage["deductible"], "status": status,
            "adjuster": adjuster_for(policy["line"], int(claim_id[3:])),
            "siu_flag": siu is not None, "siu_indicator": siu, "documents": list(documents),
            "rental": rental and {"daily_rate": rental[0], "days": rental[1], "total": round(rental[0] * rental[1], 2),
                                  "authorized_on": rental[2]},
            "inspections": [], "payments": [],
        }  # fmt: skip
        self.claims[claim_id] = record
        if payout:
            record["payments"].append(self.payment(policy_id, claim_id, "claim_payout", _shift(record["reported_date"], 24),
                                                   payout, "check"))
        return record

    def shop(self, shop_id: str, name: str, zip_code: str, phone: str, network: bool, capacity: int) -> None:
        self.shops[shop_id] = {"shop_id": shop_id, "name": name, "zip_code": zip_code, "phone": phone, "network": network,
                               "daily_capacity": capacity}  # fmt: skip

    def inspection(self, claim_id: str, shop_id: str, day: str, status: str) -> None:
        inspection_id = f"IN-{self.next_inspection}"
        self.next_inspection += 1
        self.inspections[inspection_id] = {"inspection_id": inspection_id, "claim_id": claim_id, "shop_id": shop_id,
                                           "date": day, "status": status}
        self.claims[claim_id]["inspections"].append(inspection_id)


def cast(book: Book) -> None:
    """The records the tasks are written around (ids below 1100 and shops RS-101 to RS-140)."""
    h, p, c = book.holder, book.policy, book.claim
    h("PH-1001", "Laura Castillo", "1984-07-19", "60614", "312-555-0147", [("card", "4821")])
    h("PH-1002", "Laura Castillo", "1991-02-03", "60614", "773-555-0199", [("card", "3307")])  # namesake, same ZIP
    hondas = ((2019, "Honda", "Civic", "2HGFC2F59KH512340", 14200.0), (2021, "Honda", "CR-V", "7FARW2H83ME021877", 24600.0))
    laura = (("Laura Castillo", "1984-07-19", "C41190327", "2022-03-15"),)
    p("AU-310482-3", "auto", ["PH-1001"], "2024-03-15", 1684.0, inception="2022-03-15", vehicles=hondas, drivers=laura)
    p("AU-310482-4", "auto", ["PH-1001"], "2025-03-15", 1752.0, inception="2022-03-15", vehicles=hondas, drivers=laura,
      renewal_of="AU-310482-3", endorsements=("rental_standard", "full_glass"))  # the renewal added both endorsements
    c("CL-60011", "AU-310482-3", "collision", "2024-08-02", 2390.0, "paid", vehicle=1, documents=("photos",), payout=1890.0)
    p("RE-418820-1", "renters", ["PH-1002"], "2024-09-01", 216.0, limit=25000.0)
    h("PH-1003", "Daniel Reyes", "1979-11-02", "78704", "512-555-0162", [("bank_account", "0937"), ("card", "5512")])
    h("PH-1004", "Daniel Reyes", "1979-11-02", "78745", "512-555-0388", [("card", "7719")])  # same name and birth date
    p("HO-552190-1", "home", ["PH-1003"], "2024-06-25", 1650.0, inception="2019-06-25", deductible=1000.0, limit=320000.0,
      billing="in_grace", due=412.5, due_date="2025-03-25", address="1408 Bouldin Ave, Austin, TX 78704")
    p("AU-771204-1", "auto", ["PH-1004"], "2024-10-01", 1396.0,
      vehicles=((2018, "Toyota", "Tacoma", "3TMCZ5AN4JM140528", 23100.0),),
      drivers=(("Daniel Reyes", "1979-11-02", "R20418836", "2024-10-01"),))
    h("PH-1005", "Aisha Bello", "1990-05-14", "30318", "404-555-0121", [("card", "6402")])
    p("RE-640113-1", "renters", ["PH-1005"], "2024-08-22", 240.0, limit=30000.0, billing="lapsed", due=60.0,
      due_date="2025-02-20")
    h("PH-1006", "Gregory Holt", "1968-09-09", "44107", "216-555-0175", [("bank_account", "2286")])
    p("HO-205577-1", "home", ["PH-1006"], "2024-11-05", 1480.0, inception="2016-11-05", deductible=1000.0, limit=260000.0,
      endorsements=("water_backup",), address="2217 Clarence Ave, Lakewood, OH 44107")
    h("PH-1007", "Sandra Kim", "1975-03-03", "44107", "216-555-0133", [("card", "9034")])
    p("HO-205913-1", "home", ["PH-1007"], "2024-07-19", 1390.0, inception="2018-07-19", deductible=1000.0, limit=240000.0,
      address="1530 Hall Ave, Lakewood, OH 44107")
    h("PH-1008", "Mark Delgado", "1972-12-12", "33139", "305-555-0186", [("card", "1150")])
    p("HO-731150-1", "home", ["PH-1008"], "2024-12-01", 3920.0, inception="2020-12-01", deductible=2500.0, limit=410000.0,
      address="811 Euclid Ave, Miami Beach, FL 33139")
    h("PH-1009", "Kevin O'Brien", "1988-04-30", "02139", "617-555-0154", [("card", "2264")])
    p("AU-118305-1", "auto", ["PH-1009"], "2024-05-20", 1288.0,
      vehicles=((2020, "Subaru", "Outback", "4S4BTACC1L3118305", 22800.0),),
      drivers=(("Kevin O'Brien", "1988-04-30", "S88043011", "2024-05-20"),))
    h("PH-1010", "Priya Nair", "1993-08-21", "94110", "415-555-0119", [("card", "4471")])
    p("RE-902231-1", "renters", ["PH-1010"], "2024-10-15", 198.0, limit=30000.0)
    h("PH-1011", "Tomas Lindqvist", "1959-06-06", "55407", "612-555-0140", [("bank_account", "8812")])
    p("HO-338104-1", "home", ["PH-1011"], "2024-04-10", 1720.0, inception="2011-04-10", deductible=1000.0, limit=285000.0,
      address="3409 Portland Ave, Minneapolis, MN 55407")
    h("PH-1012", "Hannah Weiss", "1981-01-22", "10025", "212-555-0168", [("card", "5830")])
    p("AU-262719-1", "auto", ["PH-1012"], "2024-09-09", 2140.0, endorsements=("rental_plus",),
      vehicles=((2022, "Subaru", "Forester", "JF2SKAJC5NH262719", 27400.0),),
      drivers=(("Hannah Weiss", "1981-01-22", "W81012255", "2024-09-09"),))
    h("PH-1013", "Brandon Tate", "1996-10-10", "85008", "602-555-0193", [("card", "0418")])
    p("AU-650290-1", "auto", ["PH-1013"], "2025-03-10", 2310.0,
      vehicles=((2021, "Dodge", "Charger", "2C3CDXBG6MH650290", 26500.0),),
      drivers=(("Brandon Tate", "1996-10-10", "T96101048", "2025-03-10"),))
    h("PH-1014", "Carla Mendes", "1983-02-17", "07030", "201-555-0107", [("card", "7781")])
    rogue = ((2019, "Nissan", "Rogue", "5N1AT2MV8KC480077", 17900.0),)
    p("AU-480077-1", "auto", ["PH-1014"], "2023-07-01", 1510.0, vehicles=rogue)
    p("AU-480077-2", "auto", ["PH-1014"], "2024-07-01", 1595.0, inception="2023-07-01", vehicles=rogue, renewal_of="AU-480077-1")
    c("CL-60021", "AU-480077-1", "collision", "2023-09-03", 3100.0, "paid", vehicle=1, payout=2600.0)
    c("CL-60022", "AU-480077-1", "vandalism", "2024-02-11", 1250.0, "paid", vehicle=1, payout=750.0)
    c("CL-60023", "AU-480077-2", "glass", "2024-11-20", 610.0, "paid", vehicle=1, payout=110.0)
    h("PH-1015", "Victor Huang", "1970-07-07", "98103", "206-555-0172", [("card", "3390")])
    outback = ((2018, "Subaru", "Outback", "4S4BSANC2J3557310", 19600.0),)
    p("AU-557310-1", "auto", ["PH-1015"], "2022-01-15", 1180.0, vehicles=outback)
    p("AU-557310-2", "auto", ["PH-1015"], "2023-01-15", 1220.0, inception="2022-01-15", vehicles=outback,
      renewal_of="AU-557310-1")
    p("AU-557310-3", "auto", ["PH-1015"], "2024-01-15", 1265.0, inception="2022-01-15", vehicles=outback,
      renewal_of="AU-557310-2")
    p("AU-557310-4", "auto", ["PH-1015"], "2025-01-15", 1302.0, inception="2022-01-15", vehicles=outback,
      renewal_of="AU-557310-3")
    c("CL-60031", "AU-557310-1", "collision", "2022-03-20", 2700.0, "paid", vehicle=1, payout=2200.0)
    c("CL-60032", "AU-557310-2", "hail", "2023-05-11", 3350.0, "paid", vehicle=1, payout=2850.0)
    c("CL-60033", "AU-557310-3", "glass", "2024-08-30", 380.0, "denied", vehicle=1)
    h("PH-1016", "Omar Farouk", "1987-03-09", "48201", "313-555-0128", [("card", "6620")])
    p("AU-903357-1", "auto", ["PH-1016"], "2024-11-12", 1870.0, endorsements=("rental_standard",),
      vehicles=((2020, "Ford", "Escape", "1FMCU9G67LU903357", 16900.0),))
    c("CL-61020", "AU-903357-1", "collision", "2025-03-24", 4300.0, "open", vehicle=1, reported="2025-03-25",
      documents=("photos",))
    h("PH-1017", "Julia Novak", "1979-12-01", "80211", "303-555-0161", [("card", "1199")])
    p("AU-418876-1", "auto", ["PH-1017"], "2024-06-03", 1990.0, endorsements=("rental_plus", "full_glass"),
      vehicles=((2023, "Kia", "Telluride", "5XYP5DHC1PG418876", 38200.0),))
    c("CL-61021", "AU-418876-1", "collision", "2025-03-27", 6100.0, "open", vehicle=1, reported="2025-03-28",
      police_report="DPD-25-77120")
    h("PH-1018", "Ethan Brooks", "1994-02-28", "97214", "503-555-0114", [("card", "5075")])
    p("AU-620045-1", "auto", ["PH-1018"], "2024-08-19", 1420.0,
      vehicles=((2016, "Volkswagen", "Golf", "3VW217AU6GM620045", 10400.0),))
    c("CL-61022", "AU-620045-1", "collision", "2025-03-25", 2950.0, "open", vehicle=1, reported="2025-03-26")
    h("PH-1019", "Nina Petrova", "1992-09-15", "97214", "503-555-0189", [("card", "8841")])
    p("AU-620318-1", "auto", ["PH-1019"], "2024-10-21", 1345.0, endorsements=("full_glass",),
      vehicles=((2019, "Mazda", "CX-5", "JM3KFBCM6K0620318", 21300.0),))
    c("CL-61024", "AU-620318-1", "glass", "2024-12-05", 540.0, "paid", vehicle=1, payout=540.0)
    c("CL-61023", "AU-620318-1", "vandalism", "2025-03-20", 1700.0, "open", vehicle=1, reported="2025-03-21",
      documents=("photos",))
    h("PH-1020", "Rahul Mehta", "1986-06-18", "43201", "614-555-0136", [("card", "2209")])
    p("AU-432011-1", "auto", ["PH-1020"], "2024-09-30", 1615.0,
      vehicles=((2020, "Honda", "Accord", "1HGCV1F39LA432011", 19800.0),))
    c("CL-61025", "AU-432011-1", "theft", "2025-03-14", 19800.0, "under_review", vehicle=1, reported="2025-03-17",
      police_report="CPD-OH-25-3391", siu="date_mismatch")
    h("PH-1021", "George Adeyemi", "1977-04-04", "64111", "816-555-0152", [("bank_account", "4410")])
    p("AU-734410-1", "auto", ["PH-1021"], "2024-12-16", 1560.0,
      vehicles=((2021, "Toyota", "Highlander", "5TDGZRBH1MS734410", 31500.0),))
    h("PH-1022", "Lucia Romano", "1990-10-30", "37206", "615-555-0177", [("card", "3012")])
    p("AU-301277-1", "auto", ["PH-1022"], "2024-05-06", 1480.0, deductible=1000.0,
      vehicles=((2020, "Hyundai", "Tucson", "KM8J33A46LU301277", 18700.0),))
    c("CL-60041", "AU-301277-1", "collision", "2024-05-17", 2650.0, "paid", vehicle=1, payout=1650.0)
    h("PH-1023", "Samuel Okafor", "1965-01-08", "28203", "704-555-0145", [("card", "7345")])
    p("AU-281193-1", "auto", ["PH-1023"], "2024-08-01", 1705.0, deductible=1000.0, inception="2017-08-01",
      vehicles=((2022, "Lexus", "ES 350", "58ABZ1B13NU281193", 36800.0),))
    h("PH-1024", "Fatima Haddad", "1982-11-11", "19103", "215-555-0196", [("card", "4490"), ("bank_account", "1276")])
    p("AU-190388-1", "auto", ["PH-1024"], "2024-07-12", 3441.6, due=860.4, due_date="2025-04-10",
      vehicles=((2023, "BMW", "X3", "5UX53DP01P9190388", 41200.0),))
    h("PH-1025", "Wei Chen", "1998-03-12", "94117", "415-555-0110", [("card", "8008")])
    p("RE-941177-1", "renters", ["PH-1025"], "2024-07-01", 228.0, limit=20000.0)
    h("PH-1026", "Peter Walsh", "1974-05-25", "02138", "617-555-0183", [("card", "6116")])
    p("AU-021384-1", "auto", ["PH-1026"], "2024-08-15", 1460.0, vehicles=((2017, "Audi", "A4", "WAUANAF41HN021384", 15900.0),))
    h("PH-1027", "Olga Ivanova", "1969-09-19", "55408", "612-555-0124", [("card", "2290")])
    p("HO-554083-1", "home", ["PH-1027"], "2024-10-01", 2050.0, deductible=1000.0, limit=330000.0,
      address="4621 Bryant Ave S, Minneapolis, MN 55408")
    c("CL-61026", "HO-554083-1", "water_damage", "2025-03-08", 7400.0, "under_review", reported="2025-03-10",
      documents=("photos",))
    h("PH-1028", "Michael Osei", "1985-05-05", "19104", "215-555-0131", [("card", "5571")])
    h("PH-1029", "Grace Osei", "1987-08-14", "19104", "215-555-0142", [("card", "0193")])
    p("RE-191045-1", "renters", ["PH-1028"], "2024-09-10", 204.0, limit=25000.0)
    p("HO-191047-1", "home", ["PH-1029"], "2025-01-20", 1875.0, deductible=1000.0, limit=295000.0,
      address="4012 Baltimore Ave, Philadelphia, PA 19104")  # Michael lives there but is not a named insured
    h("PH-1030", "Andre Dubois", "1980-02-14", "44102", "216-555-0115", [("card", "6064")])
    h("PH-1031", "Sofia Dubois", "1982-06-30", "44102", "216-555-0116", [("card", "6071")])
    p("HO-462190-1", "home", ["PH-1030", "PH-1031"], "2024-05-28", 1610.0, inception="2015-05-28", deductible=1000.0,
      limit=250000.0, address="3318 W 58th St, Cleveland, OH 44102")
    h("PH-1032", "Jordan Miller", "1995-12-03", "80205", "720-555-0157", [("card", "4012")])
    h("PH-1033", "Jamie Miller", "1995-12-03", "80205", "720-555-0158", [("card", "4013")])  # twins
    p("AU-802051-1", "auto", ["PH-1032"], "2024-12-03", 1390.0,
      vehicles=((2018, "Jeep", "Compass", "3C4NJDBB7JT802051", 14300.0),))
    p("AU-802053-1", "auto", ["PH-1033"], "2024-12-03", 1275.0,
      vehicles=((2019, "Toyota", "Corolla", "2T1BURHE5KC802053", 15100.0),))
    c("CL-61027", "AU-802053-1", "glass", "2025-03-26", 780.0, "open", vehicle=1, reported="2025-03-27")
    h("PH-1034", "Rosa Morales", "1966-04-02", "33133", "305-555-0179", [("card", "3380")])
    p("AU-331332-1", "auto", ["PH-1034"], "2024-06-20", 1240.0,
      vehicles=((2015, "Toyota", "Corolla", "2T1BURHE0FC331332", 11800.0),))
    h("PH-1035", "Ibrahim Yilmaz", "1989-07-21", "30307", "404-555-0163", [("card", "6654")])
    p("AU-303071-1", "auto", ["PH-1035"], "2024-11-25", 1330.0,
      vehicles=((2017, "Mazda", "Mazda3", "3MZBN1V78HM303071", 14000.0),))
    h("PH-1036", "Thomas Wright", "1979-08-08", "60647", "773-555-0102", [("card", "9920")])
    p("AU-606471-1", "auto", ["PH-1036"], "2024-10-08", 2260.0, endorsements=("rental_standard",),
      vehicles=((2018, "Ford", "Fusion", "3FA6P0H74JR606471", 13200.0),
                (2021, "Ford", "Bronco Sport", "3FMCR9B60MR606472", 27300.0)))
    c("CL-61030", "AU-606471-1", "collision", "2025-03-26", 3800.0, "open", vehicle=1, reported="2025-03-27")
    c("CL-61031", "AU-606471-1", "hail", "2025-03-26", 2900.0, "open", vehicle=2, reported="2025-03-27")
    h("PH-1037", "Mei Tanaka", "1991-01-19", "98115", "206-555-0138", [("card", "2204")])
    p("AU-981152-1", "auto", ["PH-1037"], "2024-08-28", 2080.0, vehicles=((2020, "Toyota", "RAV4", "2T3P1RFV4LC981152", 23900.0),
                                                                       (2018, "Toyota", "Camry", "4T1B11HK1JU981153", 16200.0)))
    c("CL-61032", "AU-981152-1", "hail", "2025-03-18", 2450.0, "open", vehicle=1, reported="2025-03-19", documents=("photos",))
    c("CL-61033", "AU-981152-1", "collision", "2025-03-25", 3650.0, "open", vehicle=2, reported="2025-03-25",
      documents=("photos",))
    h("PH-1038", "Luis Garcia", "1985-12-24", "85016", "602-555-0170", [("card", "5129")])
    p("AU-850162-1", "auto", ["PH-1038"], "2024-07-30", 1715.0,
      vehicles=((2016, "Chevrolet", "Silverado", "1GCVKREC5GZ850162", 21400.0),))
    c("CL-61034", "AU-850162-1", "theft", "2025-02-15", 21400.0, "denied", vehicle=1, reported="2025-02-16")
    h("PH-1039", "Elena Rossi", "1971-05-09", "64108", "816-555-0108", [("card", "1846")])
    p("AU-641082-1", "auto", ["PH-1039"], "2025-02-01", 1530.0, inception="2019-02-01",
      vehicles=((2021, "Honda", "Pilot", "5FNYF6H59MB641082", 29500.0),),
      drivers=(("Elena Rossi", "1971-05-09", "R71050922", "2019-02-01"),))
    h("PH-1040", "Kwame Mensah", "1975-10-21", "37203", "615-555-0190", [("card", "7304")])
    p("AU-372031-1", "auto", ["PH-1040"], "2024-11-02", 1585.0, due=396.25, due_date="2025-04-15",
      vehicles=((2019, "Toyota", "Sienna", "5TDYZ3DC0KS372031", 24800.0),))
    h("PH-1041", "Chloe Bennett", "1983-03-27", "28205", "704-555-0126", [("card", "5560"), ("bank_account", "3391")])
    p("AU-282051-1", "auto", ["PH-1041"], "2024-09-16", 1450.0, due=362.5, due_date="2025-04-14",
      vehicles=((2020, "Subaru", "Crosstrek", "JF2GTAEC0L8282051", 19900.0),))
    p("HO-282053-1", "home", ["PH-1041"], "2024-09-16", 1380.0, deductible=500.0, limit=230000.0, due=345.0,
      due_date="2025-04-14",
      address="2710 Commonwealth Ave, Charlotte, NC 28205")
    h("PH-1042", "Marcus Reid", "1978-02-02", "43206", "614-555-0149", [("card", "8317")])
    p("HO-432061-1", "home", ["PH-1042"], "2024-08-08", 1540.0, deductible=1000.0, limit=270000.0,
      address="655 Jaeger St, Columbus, OH 43206")
    c("CL-61035", "HO-432061-1", "fire", "2025-02-09", 9800.0, "approved", reported="2025-02-10",
      documents=("photos", "repair_estimate"))
    book.claims["CL-61035"]["payments"] += [book.payment("HO-432061-1", "CL-61035", "claim_payout", "2025-03-04", 3200.0,
                                                         "check"),
                                            book.payment("HO-432061-1", "CL-61035", "claim_payout", "2025-03-21", 1450.75,
                                                         "check")]
    h("PH-1043", "Sarah Cohen", "1990-02-12", "10027", "917-555-0184", [("card", "2931")])
    p("RE-100271-1", "renters", ["PH-1043"], "2024-12-12", 252.0, limit=35000.0)
    h("PH-1044", "Laura Castillo", "1984-07-19", "60622", "312-555-0291",
      [("card", "0772")])  # same name and birth date, another ZIP
    p("RE-606221-1", "renters", ["PH-1044"], "2024-11-01", 189.0, limit=20000.0)

    book.shop("RS-101", "Lincoln Park Collision", "60614", "773-555-0301", True, 2)
    book.shop("RS-102", "Clybourn Auto Body", "60622", "773-555-0302", True, 1)
    book.shop("RS-103", "Fullerton Garage", "60647", "773-555-0303", False, 3)
    book.shop("RS-104", "Emerald City Body Works", "98103", "206-555-0304", False, 2)
    book.shop("RS-105", "Wallingford Collision Center", "98103", "206-555-0305", True, 2)
    book.shop("RS-106", "Hawthorne Auto Body", "97214", "503-555-0306", True, 1)
    book.shop("RS-107", "Mile High Collision", "80211", "303-555-0307", True, 2)
    book.shop("RS-108", "Little Five Points Body Shop", "30307", "404-555-0308", True, 2)
    book.shop("RS-109", "Coral Way Auto Repair", "33133", "305-555-0309", True, 2)
    book.inspection("CL-61030", "RS-101", "2025-04-03", "scheduled")  # RS-101 is full on 2025-04-03
    book.inspection("CL-61031", "RS-101", "2025-04-03", "scheduled")
    book.inspection("CL-61023", "RS-106", "2025-04-08", "scheduled")
    book.inspection("CL-61020", "RS-101", "2025-03-27", "completed")
    for pid in book.holders:
        for policy_id in book.holders[pid]["policies"]:
            paid_before = any(payment["policy_id"] == policy_id for payment in book.payments.values())
            if not paid_before and book.policies[policy_id]["named_insureds"][0] == pid:
                book.premium_history(policy_id, "quarterly" if book.policies[policy_id]["due_date"] else "full")


NAMESAKES = [("Daniel Reyes", "1983-04-17", "30309"), ("Sandra Kim", "1975-03-30", "44111"),
             ("Michael Osei", "1985-05-05", "19147"),
             ("Victor Huang", "1970-07-07", "98115"), ("Priya Nair", "1993-12-08", "94122"),
             ("Omar Farouk", "1987-03-09", "48226"),
             ("Julia Novak", "1997-12-01", "80218"), ("Kevin O'Brien", "1961-04-30", "02143"),
             ("Grace Osei", "1987-08-14", "19103"),
             ("Mei Tanaka", "1991-10-19", "98107"), ("Hannah Weiss", "1981-01-22", "10031"),
             ("Marcus Reid", "1978-02-20", "43215")]  # fmt: skip


def filler(book: Book, rng: random.Random) -> None:
    """Seeded policyholders with their policy terms, claims, inspections and payments."""
    areas = sorted(AREAS)
    numbers: set[int] = set()
    shop_number = 141
    for area in areas:
        for _ in range(rng.randint(2, 4)):
            zip_code = rng.choice(AREAS[area])
            name = f"{rng.choice(SHOP_WORDS)} {rng.choice(['Collision', 'Auto Body', 'Body & Paint', 'Autoworks'])}"
            book.shop(f"RS-{shop_number}", name, zip_code, f"{rng.randint(201, 989)}-555-{rng.randint(400, 999):04d}",
                      rng.random() < 0.6, rng.randint(1, 3))  # fmt: skip
            shop_number += 1
    people = [(f"{rng.choice(FIRST)} {rng.choice(LAST)}", None, None) for _ in range(328)] + NAMESAKES
    rng.shuffle(people)
    for number, (name, born, zip_code) in enumerate(people, 1101):
        pid = f"PH-{number}"
        born = born or f"{rng.randint(1945, 2003)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        zip_code = zip_code or rng.choice(AREAS[rng.choice(areas)])
        methods = [(rng.choice(["card", "card", "bank_account"]),
                    f"{rng.randint(0, 9999):04d}") for _ in range(rng.randint(1, 2))]
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
    premium = round(rng.uniform(900, 2600) if line == "auto" else rng.uniform(950,
                                                                              3400) if line == "home" else rng.uniform(150,
                                                                                                                       320), 2)
    kwargs: dict[str, Any] = {"deductible": float(rng.choice([500, 500, 1000] if line != "renters" else [250, 500]))}
    if line == "auto":
        cars = []
        for index in range(rng.choice([1, 1, 2])):
            make, model, price = rng.choice(CARS)
            year = rng.randint(2012, 2024)
            vin = f"{rng.randint(1, 5)}{make[:2].upper()}{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{rng.randint(10**11, 10**12 - 1)}"
            vin += str(index)
            cars.append((year, make, model, vin,
                         round(price * 0.88 ** (2025 - year), -2)))  # fmt: skip
        kwargs["vehicles"] = tuple(cars)
        holder = book.holders[pid]
        kwargs["drivers"] = ((holder["name"], holder["date_of_birth"], f"{holder['name'][0]}{rng.randint(10**7, 10**9)}",
                              inception),)
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
        kwargs.update(billing="in_grace" if due_date >= _shift(TODAY, -10) else "lapsed", due=round(premium / 4, 2),
                      due_date=due_date)
    elif roll < 0.3:
        kwargs.update(due=round(premium / 4, 2), due_date=_shift(TODAY, rng.randint(1, 25)))
    policy_id = f"{prefix}-{number}-{2 if renewed else 1}"
    if renewed:
        prior = f"{prefix}-{number}-1"
        book.policy(prior, line, [pid], _shift(start, -365), round(premium * 0.96, 2), inception=inception,
                    **{key: value for key, value in kwargs.items() if key not in ("billing", "due", "due_date")})  # fmt: skip
        book.premium_history(prior, "full")
        filler_claims(book, rng, prior)
    book.policy(policy_id, line, [pid], start, premium, inception=inception, renewal_of=prior if renewed else None, **kwargs)
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
        status = rng.choice(["open", "under_review"]) if age < 20 else rng.choice(["paid", "paid", "paid", "closed", "denied",
                                                                                   "withdrawn"])
        if status == "paid" and age < 45:
            status = "approved"
        claim_id = f"CL-{62000 + len(book.claims)}"
        vehicle = rng.randint(1, len(policy["vehicles"])) if policy["line"] == "auto" else 0
        record = book.claim(claim_id, policy_id, loss_type, loss_date, estimate, status, vehicle=vehicle,
                            reported=_shift(loss_date, rng.randint(0, min(age, 12))),
                            police_report=f"PR-{rng.randint(10**6, 10**7)}" if loss_type == "theft" else "",
                            documents=tuple(d for d in ("photos", "repair_estimate",
                                                        "receipts") if rng.random() < 0.5))  # fmt: skip
        if status == "paid":
            record["payments"].append(book.payment(policy_id, claim_id, "claim_payout",
                                                   _shift(record["reported_date"], rng.randint(15, 40)),
                                                   max(estimate - record["deductible"], 50.0), "check"))  # fmt: skip
        if vehicle and status not in ("withdrawn",) and rng.random() < 0.7:
            area = book.holders[policy["named_insureds"][0]]["zip_code"][:3]
            shops = sorted(key for key,
                           shop in book.shops.items() if shop["zip_code"][:3] == area and shop["network"] and key > "RS-140")
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
        "today": TODAY, "holidays": sorted(HOLIDAYS), "next_claim_number": 70001, "next_inspection_number": book.next_inspection,
        "next_payment_number": book.next_payment, "policyholders": book.holders, "policies": book.policies, "claims": book.claims,
        "repair_shops": book.shops, "inspections": book.inspections, "payments": book.payments,
    }  # fmt: skip

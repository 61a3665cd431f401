"""The space domain's database: the hand-written cast the tasks are built around
(``data/cast.json``) plus seeded filler, so that look-ups have something to miss.

The cast: the operators (two Tomas Brandts at level 3 in different teams, two Daniel Okafors
at levels 3 and 2, a flight controller whose certification lapsed on 2025-05-10 and another
whose lapsed yesterday, a planner, two customer-success engineers); the spacecraft the tasks
act on (SAT-117 with two conjunctions two days apart next to SAT-17, which has too little
propellant for a 10 m/s burn; SAT-42 with a red battery temperature and imaging to cancel;
SAT-58 with a yellow wheel; SAT-203 whose first pass peaks at 9 degrees and whose second is at
an unlicensed station; SAT-150 with four contacts booked on 2025-05-21; SAT-231 with a red
bus voltage and a bumpable imaging contact; SAT-64 whose Thursday pass falls in the storm;
SAT-99 with a contact too soon to release; SAT-305 with a conjunction no contact can meet);
the six ground stations and their licences; each cast spacecraft's windows, bookings,
telemetry, alarms, conjunctions and imaging requests; and the Kp forecast with its storm
(Kp 7.3 and 7.7 in the bins starting 2025-05-23 00:00 and 03:00).

The filler: the rest of the 320 spacecraft, 48 more operators, 18 more stations, each filler
spacecraft's contact windows from 2025-05-17 to 2025-05-23 (some booked), telemetry every six
hours for the last day, past alarms and the anomaly reports that closed them, low-probability
conjunctions, executed maneuvers and customers' imaging requests."""

import random
from datetime import datetime, timedelta
from typing import Any

from taubench.domains.kit import Population, load_cast
from taubench.domains.space.models import (
    Alarm,
    Booking,
    Conjunction,
    ContactWindow,
    GroundStation,
    ImagingRequest,
    Operator,
    Spacecraft,
    TelemetrySample,
)

SEED = 3117
NOW = "2025-05-20 06:00"
CLOCK = "%Y-%m-%d %H:%M"
SPACECRAFT = 320
PLANES = "ABCDEFGH"
PARAMETERS = {
    "battery_temp_c": ("C", -5.0, 0.0, 38.0, 45.0, (12.0, 30.0)),
    "bus_voltage_v": ("V", 26.0, 27.0, 33.0, 34.0, (28.0, 31.5)),
    "wheel_speed_rpm": ("rpm", -5500.0, -4500.0, 4500.0, 5500.0, (-3000.0, 3000.0)),
    "tank_pressure_bar": ("bar", 5.0, 8.0, 22.0, 25.0, (12.0, 19.0)),
}
STORM = {"2025-05-23 00:00": 7.3, "2025-05-23 03:00": 7.7, "2025-05-23 06:00": 6.0, "2025-05-22 21:00": 5.7}
STATIONS = [
    ("GS-SVA", "Svalmark", "Norway"),
    ("GS-INU", "Inuvik Flats", "Canada"),
    ("GS-FBK", "Fairbank Hill", "United States"),
    ("GS-WLP", "Wallop Point", "United States"),
    ("GS-HAR", "Hartveld", "South Africa"),
    ("GS-DON", "Dongara Plain", "Australia"),
    ("GS-SNG", "Sentosa Ridge", "Singapore"),
    ("GS-MSP", "Maspalomas Sur", "Spain"),
    ("GS-KRU", "Kourou Vert", "French Guiana"),
    ("GS-OKI", "Okinoshima", "Japan"),
    ("GS-PUN", "Punta Lobos", "Chile"),
    ("GS-ATH", "Athalassa", "Cyprus"),
    ("GS-HBK", "Hobart Kent", "Australia"),
    ("GS-AZR", "Azores Santa Maria", "Portugal"),
    ("GS-BNG", "Bangalore East", "India"),
    ("GS-TKS", "Troll Kessel", "Antarctica"),
    ("GS-MCM", "McMurdo Sound", "Antarctica"),
    ("GS-ALC", "Alcantara Norte", "Brazil"),
]
TEAMS = ["Flight Dynamics", "Flight Control", "Mission Planning", "Ground Network", "Customer Success"]
CUSTOMERS = [
    "Andes Agro",
    "Baltic Forestry",
    "Nordic Salmon Co",
    "Sahel Water Authority",
    "Coastal Survey Ltd",
    "Pampas Grain",
    "Mekong Delta Insurance",
    "Alpine Snow Survey",
    "Great Lakes Shipping",
    "Iberia Solar",
    "Atlas Mining",
    "Danube Flood Agency",
]
TARGETS = [
    "harbour",
    "reservoir",
    "vineyards",
    "pipeline corridor",
    "floodplain",
    "open-pit mine",
    "solar park",
    "forest block",
    "rice terraces",
    "glacier tongue",
]
PURPOSES = ["downlink", "imaging", "maneuver", "anomaly"]
DEBRIS = [
    "COSMOS 1408 DEB",
    "FENGYUN 1C DEB",
    "IRIDIUM 33 DEB",
    "SL-14 R/B",
    "CZ-2C R/B",
    "NOAA 16 DEB",
    "DMSP F13 DEB",
]


def _clock(moment: datetime) -> str:
    return moment.strftime(CLOCK)


def database() -> dict[str, Any]:
    cast = load_cast(
        __package__,
        {
            "operators": Operator,
            "spacecraft": Spacecraft,
            "ground_stations": GroundStation,
            "contact_windows": ContactWindow,
            "bookings": Booking,
            "telemetry": TelemetrySample,
            "alarms": Alarm,
            "conjunctions": Conjunction,
            "imaging_requests": ImagingRequest,
        },
    )
    rng = random.Random(SEED)
    people = Population(SEED, NOW[:10])
    now = datetime.strptime(NOW, CLOCK)

    operators = {o.operator_id: o.model_dump() for o in cast["operators"]}
    for operator in cast["operators"]:
        first, last = operator.name.split(" ", 1)
        people.know(first, last, "F")
    for number in range(114, 162):
        person = people.person("907", ages=(24, 62))
        team = rng.choice(TEAMS)
        level = 1 if team == "Customer Success" else rng.choice([2, 2, 3] if team != "Flight Dynamics" else [3])
        operators[f"OP-{number}"] = {
            "operator_id": f"OP-{number}",
            "name": person.name,
            "team": team,
            "level": level,
            "certified_until": people.day("2025-04-01", "2026-06-30"),
            "pin": f"{rng.randint(0, 9999):04d}",
        }

    cast_sc = {s.sc_id: s.model_dump() for s in cast["spacecraft"]}
    spacecraft: dict[str, Any] = {}
    for number in range(1, SPACECRAFT + 1):
        sc_id = f"SAT-{number}"
        if sc_id in cast_sc:
            spacecraft[sc_id] = cast_sc[sc_id]
            continue
        spacecraft[sc_id] = {
            "sc_id": sc_id,
            "name": f"Kestrel-{number}",
            "plane": PLANES[(number - 1) % 8],
            "altitude_km": round(rng.uniform(526.0, 534.0), 1),
            "inclination_deg": round(rng.uniform(97.4, 97.6), 1),
            "mode": rng.choices(["nominal", "safe", "maintenance"], [92, 3, 5])[0],
            "propellant_kg": round(rng.uniform(5.5, 26.0), 2),
            "battery_soc_pct": round(rng.uniform(35.0, 96.0), 1),
            "payload_health": rng.choices(["ok", "degraded", "failed"], [90, 8, 2])[0],
            "customer": rng.choice(CUSTOMERS),
        }

    stations = {s.station_id: s.model_dump() for s in cast["ground_stations"]}
    for station_id, name, country in STATIONS:
        stations[station_id] = {
            "station_id": station_id,
            "name": name,
            "country": country,
            "licensed_planes": sorted(rng.sample(PLANES, rng.randint(3, 7))),
        }
    station_ids = list(stations)

    windows = {w.window_id: w.model_dump() for w in cast["contact_windows"]}
    bookings = {b.booking_id: b.model_dump() for b in cast["bookings"]}
    maneuvers: dict[str, Any] = {}
    imaging = {r.request_id: r.model_dump() for r in cast["imaging_requests"]}
    window_number, booking_number, maneuver_number, request_number = 30001, 1001, 3001, 51001
    filler_operators = [o for o in operators.values() if o["level"] >= 2]
    flight = [o["operator_id"] for o in operators.values() if o["level"] == 3]
    for sc_id, craft in spacecraft.items():
        if sc_id in cast_sc:
            continue
        start = datetime(2025, 5, 17, rng.randint(0, 5), rng.randint(0, 59))
        while start < datetime(2025, 5, 23, 12, 0):
            station = stations[rng.choice(station_ids)]
            window_id = f"W-{window_number}"
            window_number += 1
            window = {
                "window_id": window_id,
                "station_id": station["station_id"],
                "sc_id": sc_id,
                "start": _clock(start),
                "end": _clock(start + timedelta(minutes=rng.randint(8, 13))),
                "max_elevation_deg": round(rng.uniform(4.0, 86.0), 1),
                "booking_id": None,
            }
            windows[window_id] = window
            usable = craft["plane"] in station["licensed_planes"] and window["max_elevation_deg"] >= 10
            if usable and rng.random() < (0.45 if start < now else 0.3):
                booking_id = f"BK-{booking_number}"
                booking_number += 1
                purpose = rng.choices(PURPOSES, [40, 20, 35, 5] if start < now else [55, 30, 10, 5])[0]
                bookings[booking_id] = {
                    "booking_id": booking_id,
                    "window_id": window_id,
                    "sc_id": sc_id,
                    "purpose": purpose,
                    "status": "active",
                    "booked_by": rng.choice(filler_operators)["operator_id"],
                }
                window["booking_id"] = booking_id
                if purpose == "maneuver" and start < now:
                    delta_v = round(rng.uniform(0.2, 3.0), 1)
                    maneuvers[f"MN-{maneuver_number}"] = {
                        "maneuver_id": f"MN-{maneuver_number}",
                        "sc_id": sc_id,
                        "event_id": None,
                        "delta_v_ms": delta_v,
                        "propellant_kg": round(delta_v * 0.12, 2),
                        "execute_at": window["start"],
                        "booking_id": booking_id,
                        "planned_by": rng.choice(flight),
                        "approver_id": rng.choice(flight[::-1]),
                        "status": "executed",
                    }
                    if (
                        maneuvers[f"MN-{maneuver_number}"]["approver_id"]
                        == maneuvers[f"MN-{maneuver_number}"]["planned_by"]
                    ):
                        maneuvers[f"MN-{maneuver_number}"]["approver_id"] = (
                            flight[0] if flight[0] != flight[-1] else flight[1]
                        )
                    maneuver_number += 1
                if purpose in ("imaging", "downlink") and rng.random() < 0.6:
                    status = "delivered" if start < now else "scheduled"
                    imaging[f"IMG-{request_number}"] = _request(rng, request_number, craft, status, booking_id, start)
                    request_number += 1
            start += timedelta(hours=rng.randint(7, 14), minutes=rng.randint(0, 59))
        for _ in range(rng.randint(1, 4)):
            status = rng.choices(["pending", "delivered", "cancelled"], [40, 45, 15])[0]
            imaging[f"IMG-{request_number}"] = _request(rng, request_number, craft, status, None, now)
            request_number += 1

    telemetry = {t.sample_id: t.model_dump() for t in cast["telemetry"]}
    sample_number = 100001
    alarms = {a.alarm_id: a.model_dump() for a in cast["alarms"]}
    reports: dict[str, Any] = {}
    alarm_number, report_number = 5001, 8001
    told = {(t.sc_id, t.parameter) for t in cast["telemetry"]}
    for sc_id in spacecraft:
        for parameter, (_unit, _rl, _yl, _yh, _rh, (low, high)) in PARAMETERS.items():
            if (sc_id, parameter) in told:
                continue
            for hours in (24, 20, 16, 12, 8, 4):
                when = _clock(now - timedelta(hours=hours))
                telemetry[f"TM-{sample_number}"] = {
                    "sample_id": f"TM-{sample_number}",
                    "sc_id": sc_id,
                    "parameter": parameter,
                    "time": when,
                    "value": round(rng.uniform(low, high), 1),
                }
                sample_number += 1
        for _ in range(0 if sc_id in cast_sc else rng.choice([0, 1, 1, 2, 2, 3])):
            parameter = rng.choice(list(PARAMETERS))
            unit, red_low, yellow_low, yellow_high, red_high, _ = PARAMETERS[parameter]
            alarm_level = rng.choices(["yellow", "red"], [80, 20])[0]
            value = round(
                rng.uniform(yellow_high, red_high)
                if alarm_level == "yellow"
                else rng.uniform(red_high, red_high * 1.1),
                1,
            )
            raised = _clock(now - timedelta(days=rng.randint(2, 40), hours=rng.randint(0, 23)))
            report_id = f"AR-{report_number}"
            report_number += 1
            officer = rng.choice(filler_operators)["operator_id"]
            reports[report_id] = {
                "report_id": report_id,
                "sc_id": sc_id,
                "parameter": parameter,
                "severity": alarm_level,
                "filed_by": officer,
                "filed_at": raised,
                "status": rng.choice(["open", "closed", "closed"]),
            }
            alarms[f"AL-{alarm_number}"] = {
                "alarm_id": f"AL-{alarm_number}",
                "sc_id": sc_id,
                "parameter": parameter,
                "level": alarm_level,
                "raised_at": raised,
                "value": value,
                "status": "acknowledged",
                "report_id": report_id,
                "acknowledged_by": officer,
            }
            alarm_number += 1

    conjunctions = {c.event_id: c.model_dump() for c in cast["conjunctions"]}
    cast_events = {c.sc_id for c in cast["conjunctions"]}
    for number in range(41001, 41445):
        sc_id = rng.choice([s for s in spacecraft if s not in cast_events])
        tca = now + timedelta(hours=rng.randint(-72, 160), minutes=rng.randint(0, 59))
        conjunctions[f"CJ-{number}"] = {
            "event_id": f"CJ-{number}",
            "sc_id": sc_id,
            "object_name": rng.choice(DEBRIS),
            "object_norad_id": str(rng.randint(20000, 58000)),
            "tca": _clock(tca),
            "miss_distance_m": float(rng.randint(400, 12000)),
            "pc": float(f"{rng.uniform(1.0, 9.9):.1f}e-{rng.randint(6, 10)}"),
            "status": "closed" if tca < now else "open",
        }

    space_weather = {}
    moment = datetime(2025, 5, 17, 0, 0)
    while moment <= datetime(2025, 5, 27, 21, 0):
        key = _clock(moment)
        space_weather[key] = {"start": key, "kp": STORM.get(key, round(rng.uniform(1.0, 4.7), 1))}
        moment += timedelta(hours=3)

    parameters = {
        name: {"parameter": name, "unit": unit, "red_low": rl, "yellow_low": yl, "yellow_high": yh, "red_high": rh}
        for name, (unit, rl, yl, yh, rh, _) in PARAMETERS.items()
    }
    return {
        "now": NOW,
        "operators": operators,
        "spacecraft": spacecraft,
        "ground_stations": stations,
        "contact_windows": windows,
        "bookings": bookings,
        "parameters": parameters,
        "telemetry": telemetry,
        "alarms": alarms,
        "conjunctions": conjunctions,
        "space_weather": space_weather,
        "maneuvers": maneuvers,
        "imaging_requests": imaging,
        "anomaly_reports": reports,
        "next_booking_number": 7001,
        "next_maneuver_number": 5001,
        "next_report_number": 9001,
    }


def _request(rng: random.Random, number: int, craft: dict, status: str, booking_id: str | None, when: datetime) -> dict:
    return {
        "request_id": f"IMG-{number}",
        "customer": craft["customer"],
        "target": rng.choice(TARGETS),
        "priority": rng.choices(["standard", "priority", "urgent"], [70, 25, 5])[0],
        "needed_by": (when + timedelta(days=rng.randint(1, 6))).strftime("%Y-%m-%d"),
        "cloud_forecast_pct": float(rng.randint(0, 95)),
        "status": status,
        "sc_id": craft["sc_id"],
        "booking_id": booking_id,
    }

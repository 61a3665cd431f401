"""The hand-written cast of the manufacturing domain, written out to
``src/taubench/domains/manufacturing/data/cast.json`` (one record a line) by
``python tests/domains/manufacturing/cast_source.py``. Each record is there for the tasks
named beside it (authoring.py)."""

import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "src/taubench/domains/manufacturing/data"


def emp(eid, name, role, line=None, certs=(), status="active"):
    return dict(employee_id=eid, name=name, role=role, home_line=line, certifications=list(certs), status=status)


EMPLOYEES = [
    emp("E2001", "Dana Whitfield", "operator", "L03", ["CNC lathe", "forklift"]),
    emp("E2002", "Marco Ruiz", "operator", "L05", ["5-axis mill"]),  # namesake of E2007
    emp("E2003", "Priya Nair", "quality_engineer", None, ["CMM", "GD&T"]),
    emp("E2004", "Tom Becker", "qa_manager", None, ["ISO 9001 lead auditor"]),
    emp("E2005", "Alicia Grant", "supervisor", "L03", ["CNC lathe"]),
    emp("E2006", "Kenji Sato", "planner", None, []),
    emp("E2007", "Marco Ruiz", "operator", "L07", ["CNC lathe"]),
    emp("E2008", "Helen Osei", "quality_engineer", None, ["CMM"]),
    emp("E2009", "Sam Kowalski", "operator", "L01", ["CNC mill"]),
    emp("E2010", "Rita Alvarez", "supervisor", "L05", ["5-axis mill"]),
    emp("E2011", "Ivan Petrov", "operator", "L03", ["CNC lathe"], "inactive"),
    emp("E2012", "Grace Liu", "qa_manager", None, ["CMM", "ISO 9001 lead auditor"]),
    emp("E2013", "Omar Haddad", "operator", "L02", ["CNC mill"]),
    emp("E2014", "Beth Moreno", "operator", "L04", ["CNC lathe"]),
    emp("E2015", "Luis Ortega", "supervisor", "L01", ["CNC mill"]),
    emp("E2016", "Nina Brandt", "quality_engineer", None, ["CMM", "GD&T"]),
    emp("E2017", "Paul Dufresne", "operator", "L06", ["drill-tap"]),
    emp("E2018", "Joy Mensah", "operator", "L08", ["HMC"]),
    emp("E2019", "Carla Jensen", "operator", "L01", ["CNC mill"]),
    emp("E2020", "Victor Hale", "operator", "L04", ["CNC lathe"]),
    emp("E2021", "Frank Ibsen", "supervisor", "L04", ["CNC lathe", "forklift"]),
    emp("E2022", "Mei Tanaka", "supervisor", "L06", ["drill-tap"]),
    emp("E2023", "Ahmed Karimi", "supervisor", "L07", ["CNC lathe"]),
    emp("E2024", "Olga Fischer", "planner", None, []),
    emp("E2025", "Hana Novak", "supervisor", "L02", ["CNC mill"]),
    emp("E2026", "Dev Malhotra", "supervisor", "L08", ["HMC"]),
    emp("E2027", "Rosa Lindqvist", "supervisor", "L10", ["deburr"]),
]


def line(lid, name, parts, cycle, change, status="running"):
    return dict(
        line_id=lid, name=name, qualified_parts=parts, ideal_cycle_min=cycle, changeover_min=change, status=status
    )


LINES = [
    line("L01", "Cell 1 - vertical mill", ["BR-2210", "HS-3100"], 0.5, 45),
    line("L02", "Cell 2 - vertical mill", ["BR-2210", "BR-2215"], 0.6, 60),
    line("L03", "Cell 3 - CNC lathe", ["SH-1150", "SH-1160"], 0.8, 90),
    line("L04", "Cell 4 - CNC lathe", ["SH-1150", "FL-4020"], 1.2, 75),
    line("L05", "Cell 5 - 5-axis mill", ["MF-5500", "SH-1150", "HS-3100"], 2.5, 120),
    line("L06", "Cell 6 - drill-tap", ["BR-2215", "FL-4020"], 0.4, 30),
    line("L07", "Cell 7 - CNC lathe", ["SH-1160", "FL-4020"], 1.0, 60),
    line("L08", "Cell 8 - horizontal mill", ["HS-3100", "MF-5500"], 3.0, 120),
    line("L09", "Cell 9 - horizontal mill", ["HS-3100", "MF-5500"], 3.0, 120, "down"),
    line("L10", "Cell 10 - deburr and wash", ["BR-2210", "BR-2215", "SH-1150"], 0.3, 20),
]

PARTS = {  # part number -> (name, material, kg per part)
    "BR-2210": ("Mounting bracket", "6061-T6 plate 12mm", 0.35),
    "BR-2215": ("Hinge bracket", "6061-T6 plate 12mm", 0.28),
    "SH-1150": ("Drive shaft", "4140 bar 40mm", 1.6),
    "SH-1160": ("Idler shaft", "4140 bar 40mm", 1.1),
    "HS-3100": ("Pump housing", "A356 casting", 4.2),
    "MF-5500": ("Hydraulic manifold", "6061-T6 bar 80mm", 5.5),
    "FL-4020": ("Weld flange", "316L bar 100mm", 2.2),
}


def wo(wid, part, customer, lid, planned, good, scrap, start, due, issued, finish, status):
    name, material, kg = PARTS[part]
    return dict(
        wo_id=wid,
        part_number=part,
        part_name=name,
        customer=customer,
        line_id=lid,
        qty_planned=planned,
        qty_good=good,
        qty_scrap=scrap,
        start_date=start,
        due_date=due,
        material=material,
        kg_per_part=kg,
        kg_issued=issued,
        projected_finish=finish,
        status=status,
        lot_ids=[],  # filled in by the generator from the lots
    )


WORK_ORDERS = [
    wo(
        "WO31001",
        "BR-2210",
        "Halvorsen Marine",
        "L01",
        2000,
        1922,
        68,
        "2025-03-20",
        "2025-04-02",
        700.0,
        "2025-03-26",
        "in_progress",
    ),
    wo(
        "WO31002",
        "BR-2210",
        "Halvorsen Marine",
        "L02",
        800,
        0,
        0,
        "2025-03-27",
        "2025-04-08",
        0.0,
        "2025-03-27",
        "released",
    ),
    wo(
        "WO31003",
        "SH-1150",
        "Corbin Agri",
        "L03",
        1200,
        878,
        24,
        "2025-03-21",
        "2025-04-04",
        1500.0,
        "2025-03-26",
        "in_progress",
    ),
    wo(
        "WO31004",
        "SH-1160",
        "Corbin Agri",
        "L03",
        600,
        0,
        0,
        "2025-03-28",
        "2025-04-01",
        660.0,
        "2025-03-28",
        "released",
    ),
    wo(
        "WO31005",
        "MF-5500",
        "Tessaro Hydraulics",
        "L05",
        300,
        271,
        3,
        "2025-03-22",
        "2025-03-31",
        1650.0,
        "2025-03-25",
        "in_progress",
    ),
    wo(
        "WO31006",
        "FL-4020",
        "Brightwater Valves",
        "L04",
        900,
        300,
        9,
        "2025-03-21",
        "2025-03-29",
        1200.0,
        "2025-03-26",
        "in_progress",
    ),
    wo(
        "WO31007",
        "BR-2215",
        "Halvorsen Marine",
        "L06",
        5000,
        2000,
        40,
        "2025-03-19",
        "2025-03-30",
        1400.0,
        "2025-03-27",
        "in_progress",
    ),
    wo(
        "WO31008",
        "SH-1160",
        "Northfield Pumps",
        "L07",
        700,
        380,
        25,
        "2025-03-22",
        "2025-03-28",
        760.0,
        "2025-03-25",
        "in_progress",
    ),
    wo(
        "WO31009",
        "HS-3100",
        "Tessaro Hydraulics",
        "L08",
        400,
        150,
        4,
        "2025-03-20",
        "2025-04-03",
        1680.0,
        "2025-03-26",
        "in_progress",
    ),
    wo(
        "WO31010",
        "SH-1150",
        "Okafor Tractor",
        "L04",
        500,
        0,
        0,
        "2025-03-31",
        "2025-04-07",
        0.0,
        "2025-03-31",
        "released",
    ),
    wo(
        "WO31012",
        "HS-3100",
        "Pellmann Pumps",
        "L01",
        250,
        0,
        0,
        "2025-03-26",
        "2025-04-10",
        0.0,
        "2025-03-26",
        "released",
    ),
    wo(
        "WO31013",
        "SH-1150",
        "Okafor Tractor",
        "L04",
        4000,
        0,
        0,
        "2025-03-28",
        "2025-04-01",
        0.0,
        "2025-03-31",
        "released",
    ),
    # closed orders whose lots the quality tasks are about
    wo(
        "WO30950",
        "SH-1160",
        "Corbin Agri",
        "L03",
        350,
        350,
        6,
        "2025-03-17",
        "2025-03-24",
        385.0,
        "2025-03-18",
        "closed",
    ),
    wo(
        "WO30951",
        "MF-5500",
        "Tessaro Hydraulics",
        "L05",
        120,
        120,
        2,
        "2025-03-14",
        "2025-03-21",
        660.0,
        "2025-03-14",
        "closed",
    ),
    wo(
        "WO30952",
        "BR-2210",
        "Halvorsen Marine",
        "L01",
        900,
        900,
        12,
        "2025-03-12",
        "2025-03-20",
        315.0,
        "2025-03-12",
        "closed",
    ),
    wo(
        "WO30953",
        "BR-2215",
        "Halvorsen Marine",
        "L02",
        600,
        600,
        9,
        "2025-03-15",
        "2025-03-22",
        168.0,
        "2025-03-15",
        "closed",
    ),
    wo(
        "WO30954",
        "SH-1150",
        "Corbin Agri",
        "L03",
        400,
        400,
        7,
        "2025-03-13",
        "2025-03-21",
        640.0,
        "2025-03-14",
        "closed",
    ),
    wo(
        "WO30955",
        "FL-4020",
        "Brightwater Valves",
        "L04",
        250,
        250,
        3,
        "2025-03-12",
        "2025-03-19",
        550.0,
        "2025-03-12",
        "closed",
    ),
    wo(
        "WO30956",
        "BR-2215",
        "Halvorsen Marine",
        "L06",
        1500,
        1500,
        20,
        "2025-03-16",
        "2025-03-23",
        420.0,
        "2025-03-16",
        "closed",
    ),
    wo(
        "WO30957",
        "SH-1160",
        "Northfield Pumps",
        "L07",
        450,
        450,
        8,
        "2025-03-17",
        "2025-03-24",
        495.0,
        "2025-03-17",
        "closed",
    ),
    wo(
        "WO30958",
        "MF-5500",
        "Tessaro Hydraulics",
        "L05",
        150,
        150,
        1,
        "2025-03-10",
        "2025-03-18",
        825.0,
        "2025-03-11",
        "closed",
    ),
    wo(
        "WO30959",
        "HS-3100",
        "Pellmann Pumps",
        "L08",
        200,
        200,
        4,
        "2025-03-11",
        "2025-03-19",
        840.0,
        "2025-03-12",
        "closed",
    ),
    wo(
        "WO30960",
        "BR-2215",
        "Halvorsen Marine",
        "L06",
        1200,
        1200,
        85,
        "2025-03-13",
        "2025-03-20",
        336.0,
        "2025-03-13",
        "closed",
    ),
    wo(
        "WO30961",
        "SH-1150",
        "Okafor Tractor",
        "L04",
        320,
        320,
        5,
        "2025-03-14",
        "2025-03-21",
        512.0,
        "2025-03-15",
        "closed",
    ),
    wo(
        "WO30962",
        "FL-4020",
        "Brightwater Valves",
        "L07",
        300,
        300,
        6,
        "2025-03-10",
        "2025-03-17",
        660.0,
        "2025-03-10",
        "closed",
    ),
    wo(
        "WO30963",
        "SH-1160",
        "Northfield Pumps",
        "L03",
        500,
        500,
        9,
        "2025-03-09",
        "2025-03-16",
        550.0,
        "2025-03-09",
        "closed",
    ),
    wo(
        "WO30964",
        "HS-3100",
        "Tessaro Hydraulics",
        "L01",
        300,
        300,
        2,
        "2025-03-08",
        "2025-03-15",
        630.0,
        "2025-03-09",
        "closed",
    ),
]


def insp(char, critical, nominal, lsl, usl, measured, gauge, day, cpk):
    return dict(
        characteristic=char,
        critical=critical,
        nominal=nominal,
        lsl=lsl,
        usl=usl,
        measured=measured,
        gauge_id=gauge,
        date=day,
        cpk=cpk,
    )


def lot(lid, wid, part, qty, status, reason, ncrs, inspections):
    return dict(
        lot_id=lid,
        wo_id=wid,
        part_number=part,
        quantity=qty,
        status=status,
        hold_reason=reason,
        ncr_ids=ncrs,
        inspections=inspections,
    )


OK_BRACKET = [
    insp("Hole position", True, 0.0, -0.05, 0.05, 0.012, "G-318", "2025-03-21", 1.52),
    insp("Slot width", False, 12.0, 11.95, 12.05, 12.01, "G-104", "2025-03-21", 1.18),
]
LOTS = [
    lot("LT60001", "WO31001", "BR-2210", 1200, "open", None, [], []),  # the open lot of WO31001
    lot("LT60003", "WO31003", "SH-1150", 500, "open", None, [], []),  # SCRAP-HIGH NCRs of WO31003
    lot("LT60006", "WO31006", "FL-4020", 300, "open", None, [], []),
    lot("LT60007", "WO31007", "BR-2215", 2000, "open", None, [], []),
    lot("LT60008", "WO31008", "SH-1160", 400, "open", None, [], []),
    lot(
        "LT60010",
        "WO30950",
        "SH-1160",
        350,
        "open",
        None,
        [],
        [  # measured with G-1040 after it fell due
            insp("Bearing seat diameter", True, 30.0, 29.985, 30.0, 29.993, "G-1040", "2025-03-24", 1.61),
            insp("Overall length", False, 180.0, 179.8, 180.2, 180.05, "G-104", "2025-03-24", 1.4),
        ],
    ),
    lot(
        "LT60020",
        "WO30951",
        "MF-5500",
        120,
        "on_hold",
        "open_ncr",
        ["NCR7005"],
        [  # everything in order: release
            insp("Port bore diameter", True, 22.0, 21.98, 22.02, 22.004, "G-221", "2025-03-21", 1.45),
            insp("Face flatness", False, 0.0, 0.0, 0.02, 0.011, "G-318", "2025-03-21", 1.02),
        ],
    ),
    lot(
        "LT60021",
        "WO30952",
        "BR-2210",
        900,
        "open",
        None,
        [],
        [  # critical Cpk 1.21
            insp("Hole position", True, 0.0, -0.05, 0.05, 0.018, "G-318", "2025-03-20", 1.21),
            insp("Slot width", False, 12.0, 11.95, 12.05, 12.02, "G-104", "2025-03-20", 1.44),
        ],
    ),
    lot(
        "LT60022",
        "WO30953",
        "BR-2215",
        600,
        "open",
        None,
        [],
        [  # G-1040 overdue on 2025-03-20; G-104 fine
            insp("Pin bore diameter", True, 25.0, 24.99, 25.01, 25.003, "G-1040", "2025-03-20", 1.58),
            insp("Flange thickness", False, 8.0, 7.9, 8.1, 8.02, "G-104", "2025-03-20", 1.37),
        ],
    ),
    lot(
        "LT60023",
        "WO30954",
        "SH-1150",
        400,
        "on_hold",
        "out_of_spec",
        ["NCR7006"],
        [
            insp("Journal diameter", True, 40.0, 39.985, 40.0, 40.004, "G-221", "2025-03-19", 0.92),
        ],
    ),
    lot(
        "LT60024",
        "WO30955",
        "FL-4020",
        250,
        "on_hold",
        "open_ncr",
        ["NCR7008"],
        [  # NCR7008 still open
            insp("Bolt circle diameter", True, 150.0, 149.9, 150.1, 150.03, "G-318", "2025-03-18", 1.66),
            insp("Face finish Ra", False, 1.6, 0.0, 1.6, 1.2, "G-415", "2025-03-18", 1.1),
        ],
    ),
    lot(
        "LT60025",
        "WO30956",
        "BR-2215",
        1500,
        "open",
        None,
        [],
        [  # thread not yet inspected
            insp("Pin bore diameter", True, 25.0, 24.99, 25.01, 25.002, "G-221", "2025-03-23", 1.71),
            insp("M8 thread", True, 8.0, 8.0, 8.0, None, None, None, None),
        ],
    ),
    lot(
        "LT60026",
        "WO30957",
        "SH-1160",
        450,
        "open",
        None,
        [],
        [  # non-critical length over its limit
            insp("Bearing seat diameter", True, 30.0, 29.985, 30.0, 29.992, "G-221", "2025-03-24", 1.49),
            insp("Shoulder length", False, 12.0, 11.95, 12.05, 12.09, "G-104", "2025-03-24", 0.88),
        ],
    ),
    lot(
        "LT60027",
        "WO30958",
        "MF-5500",
        150,
        "open",
        None,
        [],
        [
            insp("Port bore diameter", True, 22.0, 21.98, 22.02, 21.996, "G-221", "2025-03-19", 1.38),
            insp("Face flatness", False, 0.0, 0.0, 0.02, 0.009, "G-318", "2025-03-19", 1.25),
        ],
    ),
    lot(
        "LT60028",
        "WO30959",
        "HS-3100",
        200,
        "open",
        None,
        [],
        [  # non-critical Cpk 1.10 is no bar
            insp("Impeller bore diameter", True, 60.0, 59.97, 60.03, 60.008, "G-221", "2025-03-20", 1.52),
            insp("Flange face runout", False, 0.0, 0.0, 0.05, 0.031, "G-318", "2025-03-20", 1.1),
        ],
    ),
    lot("LT60040", "WO30960", "BR-2215", 1200, "on_hold", "open_ncr", ["NCR7016", "NCR7017"], OK_BRACKET),
    lot("LT60041", "WO30961", "SH-1150", 320, "on_hold", "out_of_spec", ["NCR7011"], []),
    lot("LT60042", "WO30962", "FL-4020", 300, "on_hold", "out_of_spec", ["NCR7012"], []),
    lot("LT60043", "WO30963", "SH-1160", 500, "on_hold", "out_of_spec", ["NCR7013"], []),
    lot("LT60044", "WO30964", "HS-3100", 300, "on_hold", "open_ncr", ["NCR7014", "NCR7015"], []),
    lot(
        "LT60046",
        "WO30961",
        "SH-1150",
        320,
        "open",
        None,
        [],
        [  # critical journal over its limit
            insp("Bearing journal diameter", True, 25.0, 24.987, 25.025, 25.031, "G-221", "2025-03-24", 1.4),
            insp("Overall length", False, 210.0, 209.8, 210.2, 210.04, "G-104", "2025-03-24", 1.5),
        ],
    ),
]


def ncr(nid, lid, code, cls, qty, status, disp, by):
    return dict(
        ncr_id=nid,
        lot_id=lid,
        defect_code=code,
        defect_class=cls,
        quantity=qty,
        status=status,
        disposition=disp,
        concession_ref=None,
        raised_by=by,
    )


NCRS = [
    ncr("NCR7005", "LT60020", "BURR", "B", 14, "closed", "rework", "E2003"),
    ncr("NCR7006", "LT60023", "DIM-OOS", "A", 400, "open", None, "E2008"),
    ncr("NCR7008", "LT60024", "SURF", "C", 20, "open", None, "E2016"),
    ncr("NCR7011", "LT60041", "DIM-OOS", "A", 12, "open", None, "E2008"),
    ncr("NCR7012", "LT60042", "DIM-OOS", "A", 30, "open", None, "E2016"),
    ncr("NCR7013", "LT60043", "THREAD", "A", 8, "open", None, "E2003"),
    ncr("NCR7014", "LT60044", "PORO", "B", 240, "open", None, "E2008"),
    ncr("NCR7015", "LT60044", "SURF", "C", 15, "open", None, "E2003"),
    ncr("NCR7016", "LT60040", "BURR", "B", 25, "open", None, "E2003"),
    ncr("NCR7017", "LT60040", "BURR", "B", 60, "open", None, "E2016"),
]


def gauge(gid, desc, due, status="in_service"):
    return dict(gauge_id=gid, description=desc, calibration_due=due, status=status)


GAUGES = [
    gauge("G-104", "Digital caliper 0-150mm", "2025-06-30"),
    gauge("G-1040", "Bore gauge 20-35mm", "2025-03-18"),  # overdue: the trap beside G-104
    gauge("G-221", "Outside micrometer 0-75mm", "2025-05-15"),
    gauge("G-318", "CMM probe set", "2025-04-30"),
    gauge("G-415", "Surface roughness tester", "2025-07-31"),
]


def mat(mid, material, received, expiry, kg, status="available"):
    return dict(material_lot_id=mid, material=material, received=received, expiry=expiry, kg_on_hand=kg, status=status)


MATERIAL_LOTS = [
    mat("ML9001", "4140 bar 40mm", "2025-01-05", "2025-03-20", 300.0),  # expired
    mat("ML9002", "4140 bar 40mm", "2025-01-20", "2025-04-10", 500.0, "on_hold"),
    mat("ML9003", "4140 bar 40mm", "2025-02-01", "2025-04-30", 180.0),
    mat("ML9004", "4140 bar 40mm", "2025-02-15", "2025-04-20", 260.0),  # received later, expires first
    mat("ML9005", "4140 bar 40mm", "2025-03-01", "2025-06-30", 900.0),
    mat("ML9010", "316L bar 100mm", "2025-01-10", "2025-03-31", 40.0),
    mat("ML9011", "316L bar 100mm", "2025-02-20", "2025-05-15", 400.0),
    mat("ML9012", "316L bar 100mm", "2025-02-01", "2025-04-15", 350.0, "on_hold"),
    mat("ML9020", "6061-T6 plate 12mm", "2025-03-05", "2025-09-30", 150.0),
    mat("ML9021", "6061-T6 plate 12mm", "2025-02-10", "2025-08-31", 200.0),
    mat("ML9022", "6061-T6 plate 12mm", "2024-12-01", "2025-03-24", 100.0),  # expired yesterday
    mat("ML9030", "6061-T6 bar 80mm", "2025-02-12", "2025-08-12", 900.0),
    mat("ML9040", "A356 casting", "2025-02-18", "2025-12-31", 2400.0),
]


def pe(eid, wid, lid, day, shift, good, scrap, by):
    return dict(
        entry_id=eid, wo_id=wid, line_id=lid, date=day, shift=shift, good_qty=good, scrap_qty=scrap, recorded_by=by
    )


PRODUCTION = [  # the shifts the OEE tasks are about
    pe("PE5001", "WO31001", "L01", "2025-03-24", 1, 722, 38, "E2009"),
    pe("PE5002", "WO31007", "L06", "2025-03-24", 2, 1010, 20, "E2017"),
    pe("PE5003", "WO31003", "L03", "2025-03-25", 1, 478, 14, "E2001"),
    pe("PE5004", "WO31005", "L05", "2025-03-24", 3, 151, 3, "E2002"),
    pe("PE5005", "WO31008", "L07", "2025-03-24", 1, 380, 25, "E2007"),
]


def dt(eid, lid, day, shift, start, end, minutes, code, by):
    return dict(
        event_id=eid,
        line_id=lid,
        date=day,
        shift=shift,
        start=start,
        end=end,
        minutes=minutes,
        reason_code=code,
        logged_by=by,
    )


DOWNTIME = [
    dt("DT8001", "L01", "2025-03-24", 1, "08:10", "08:55", 45, "MECH", "E2009"),
    dt("DT8002", "L01", "2025-03-24", 1, "09:40", "09:43", 3, "MECH", "E2009"),
    dt("DT8003", "L01", "2025-03-24", 1, "11:30", "11:45", 15, "TOOL", "E2009"),
    dt("DT8004", "L01", "2025-03-24", 1, "13:02", "13:06", 4, "MAT", "E2009"),
    dt("DT8005", "L06", "2025-03-24", 2, "16:00", "16:30", 30, "CHG", "E2017"),
    dt("DT8006", "L06", "2025-03-24", 2, "18:10", "18:12", 2, "TOOL", "E2017"),
    dt("DT8007", "L06", "2025-03-24", 2, "20:05", "20:09", 4, "MAT", "E2017"),
    dt("DT8008", "L03", "2025-03-25", 1, "08:00", "08:40", 40, "MECH", "E2001"),
    dt("DT8009", "L03", "2025-03-25", 1, "10:20", "10:45", 25, "MAT", "E2001"),
    dt("DT8010", "L03", "2025-03-25", 1, "12:00", "12:04", 4, "TOOL", "E2001"),
    dt("DT8011", "L05", "2025-03-24", 3, "01:10", "01:45", 35, "TOOL", "E2002"),
    dt("DT8012", "L05", "2025-03-24", 3, "04:00", "04:03", 3, "MECH", "E2002"),
    dt("DT8013", "L07", "2025-03-24", 1, "07:30", "08:20", 50, "MECH", "E2007"),
    dt("DT8014", "L07", "2025-03-24", 1, "10:00", "10:20", 20, "PWR", "E2007"),
    dt("DT8015", "L07", "2025-03-24", 1, "12:15", "12:17", 2, "TOOL", "E2007"),
    dt("DT8016", "L07", "2025-03-24", 1, "14:01", "14:02", 1, "MECH", "E2007"),
]

CAST = {
    "employees": EMPLOYEES,
    "lines": LINES,
    "work_orders": WORK_ORDERS,
    "lots": LOTS,
    "ncrs": NCRS,
    "gauges": GAUGES,
    "material_lots": MATERIAL_LOTS,
    "production": PRODUCTION,
    "downtime": DOWNTIME,
}


def write() -> None:
    lines = ["{"]
    for index, (section, rows) in enumerate(CAST.items()):
        lines.append(f'  "{section}": [')
        lines += [f"    {json.dumps(row)}{',' if i < len(rows) - 1 else ''}" for i, row in enumerate(rows)]
        lines.append("  ]" + ("," if index < len(CAST) - 1 else ""))
    lines.append("}")
    (DATA / "cast.json").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()

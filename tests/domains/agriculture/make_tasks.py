"""Writes the agriculture domain's tasks (``data/tasks.json``) and their split from the task
list below; run it after ``python -m taubench.domains generate agriculture`` (a filler farm's
access code is read from ``db.json``). Not a test module: pytest does not collect it."""

import json
from pathlib import Path

from taubench.domains.kit import gold_action, task_record, write_task_files

DATA = Path(__file__).resolve().parents[3] / "src" / "taubench" / "domains" / "agriculture" / "data"
DB = json.loads((DATA / "db.json").read_text())
WRITES = {
    "schedule_application",
    "record_application",
    "schedule_irrigation",
    "schedule_harvest",
    "record_harvest_load",
    "adjust_inventory",
    "schedule_maintenance",
    "create_scouting_report",
}
WEEK = ("2025-07-22", "2025-07-28")


def verify(person: str, code: str) -> tuple[str, dict]:
    return ("verify_caller", {"person_id": person, "farm_code": code})


HOLLIS = verify("ACC-2041", "FC-7741")
DALE_F01 = verify("ACC-2042", "FC-7741")
DALE_F03 = verify("ACC-2042", "FC-3190")
LUIS = verify("EMP-310", "FC-7741")
PRIYA = verify("ACC-3307", "FC-5528")
JOAQUIN = verify("EMP-322", "FC-5528")
TOM = verify("ACC-4410", "FC-6603")
OTHER_DALE_CODE = DB["farms"]["F09"]["farm_code"]
DRY_2210 = f"{round(2210 * (100 - 13.9) / 86.5, 1):.1f}"
TOTAL_2210 = f"{round(2107.8 + 1950.9 + float(DRY_2210), 1):.1f}"


def fields(farm: str) -> tuple[str, dict]:
    return ("list_fields", {"farm_id": farm})


def history(field: str) -> tuple[str, dict]:
    return ("get_application_history", {"field_id": field, "season": "2025"})


def product(code: str) -> tuple[str, dict]:
    return ("get_product", {"product_id": code})


def forecast(farm: str) -> tuple[str, dict]:
    return ("get_forecast", {"farm_id": farm, "start": WEEK[0], "end": WEEK[1]})


def machines(farm: str) -> tuple[str, dict]:
    return ("list_equipment", {"farm_id": farm})


def applicator(code: str) -> tuple[str, dict]:
    return ("get_applicator", {"applicator_id": code})


def sensors(field: str) -> tuple[str, dict]:
    return ("get_sensor_readings", {"field_id": field, "start": "2025-07-15", "end": "2025-07-21"})


def spray(field: str, code: str, rate: float, day: str, who: str, machine: str) -> tuple[str, dict]:
    arguments = {"field_id": field, "product_id": code, "rate": rate, "date": day}
    return ("schedule_application", arguments | {"applicator_id": who, "equipment_id": machine})


def spray_checks(farm: str, field: str, code: str, who: str) -> list[tuple[str, dict]]:
    return [fields(farm), product(code), history(field), forecast(farm), applicator(who), machines(farm)]


def calc(expression: str) -> tuple[str, dict]:
    return ("calculate", {"expression": expression})


def irrigate(field: str, day: str, depth: float) -> tuple[str, dict]:
    return ("schedule_irrigation", {"field_id": field, "date": day, "depth_mm": depth})


def scout(field: str, pest: str, severity: str, note: str) -> tuple[str, dict]:
    return ("create_scouting_report", {"field_id": field, "pest": pest, "severity": severity, "note": note})


def stock(farm: str, code: str, delta: float, reason: str) -> tuple[str, dict]:
    return ("adjust_inventory", {"farm_id": farm, "product_id": code, "delta": delta, "reason": reason})


def draw(farm: str, code: str, delta: float, application: str) -> tuple[str, dict]:
    return ("adjust_inventory", {"farm_id": farm, "product_id": code, "delta": delta, "application_id": application})


def record(application: str, rate: float, finished: str | None = None) -> tuple[str, dict]:
    arguments = {"application_id": application, "actual_rate": rate}
    return ("record_application", arguments | ({"finished_time": finished} if finished else {}))


def load(field: str, wet: float, moisture: float) -> tuple[str, dict]:
    return ("record_harvest_load", {"field_id": field, "date": "2025-07-22", "wet_bu": wet, "moisture_pct": moisture})


TASKS: list[dict] = []
# reads whose dates an agent may choose otherwise, and hand-offs whose summary is free text
COMPARED = {
    "get_sensor_readings": ["field_id"],
    "get_forecast": ["farm_id"],
    "get_application_history": ["field_id"],
    "transfer_to_human_agents": [],
    "calculate": [],
}


def task(
    persona: str,
    reason: str,
    known: str,
    instructions: str,
    actions: list[tuple[str, dict]],
    rules: list[int],
    tags: list[str],
    info: tuple[str, ...] = (),
    arithmetic: dict | None = None,
    unknown: str | None = None,
    basis: list[str] | None = None,
) -> None:
    number = str(len(TASKS))
    writes = any(name in WRITES for name, _ in actions)
    if basis is None:
        basis = ["DB"] + (["COMMUNICATE"] if info else []) + ([] if writes or info else ["ACTION"])
    if "refusal" in tags and writes and not info:
        basis = [*basis, "ACTION"]
    TASKS.append(
        task_record(
            number,
            "agriculture",
            persona=persona,
            reason=reason,
            known=known,
            unknown=unknown,
            instructions=instructions,
            actions=[
                gold_action(number, index, name, arguments, COMPARED.get(name))
                for index, (name, arguments) in enumerate(actions)
            ],
            say=info,
            basis=basis,
            rules=sorted(rules),
            tags=tags,
            arithmetic=arithmetic,
        )
    )


YES = "When the agent reads back what it will do, say yes."
ME_LUIS = (
    "You are Luis Ortega, crew lead at Hollis Creek Farms, employee id EMP-310; the farm's access code is FC-7741."
)
ME_HOLLIS = "You are Margaret Hollis, owner of Hollis Creek Farms, account ACC-2041; the farm's access code is FC-7741."
ME_DALE = (
    "You are Dale Brenner, account ACC-2042, manager of Hollis Creek Farms (access code FC-7741) and of Prairie Bend "
    "(access code FC-3190)."
)
ME_PRIYA = "You are Priya Natarajan, manager of Sunridge Orchards, account ACC-3307; the farm's access code is FC-5528."
ME_JOAQUIN = "You are Joaquin Reyes, crew lead at Sunridge Orchards, employee id EMP-322; the access code is FC-5528."
ME_TOM = "You are Tom Weller, owner of Little Fox Organics, account ACC-4410; the farm's access code is FC-6603."
F01_RULES = [1, 2]

# 0: a crew lead records this morning's fungicide job and the stock is drawn down
task(
    "A crew lead calling from the cab, brisk.",
    "You want this morning's Strobin Pro job on Creek Bottom recorded as done.",
    ME_LUIS,
    "Ask the desk to record today's Strobin Pro application on Creek Bottom as applied. The rate actually put on "
    "was 9.5 fl oz per acre (say it only when asked). " + YES,
    [
        LUIS,
        fields("F01"),
        history("FLD1002"),
        record("APP1001", 9.5),
        calc("-9.5 * 60"),
        draw("F01", "P202", -570, "APP1001"),
    ],
    [1, 2, 17],
    [],
)
# 1: a crew lead records a job; his stock delivery is refused
task(
    "A crew lead, friendly but in a hurry.",
    "You want yesterday's UAN job on North 40 recorded, and a UAN delivery logged in the stock.",
    ME_LUIS,
    "First ask to record yesterday's UAN 32 application on North 40 as applied at 14 gallons per acre; it finished at "
    "18:30 yesterday. Then ask the "
    "desk to add the 500 gallons of UAN 32 that the co-op delivered this morning to the farm's stock. If the desk says "
    "you cannot, accept it, and ask how much UAN the North 40 job used. " + YES,
    [
        LUIS,
        fields("F01"),
        history("FLD1001"),
        record("APP1002", 14, "18:30"),
        calc("-14 * 41.5"),
        draw("F01", "P204", -581, "APP1002"),
    ],
    [1, 2, 3, 17],
    ["refusal", "compound"],
    info=("581",),
)
# 2: wind on the requested day: the first later day that passes
task(
    "A farm manager planning the week's sprays.",
    "You want Strobin Pro on Home Place tomorrow.",
    ME_DALE,
    "You are calling about Hollis Creek Farms. Ask for Strobin Pro (product P202) on Home Place at 10 fl oz per acre "
    "tomorrow, 2025-07-23, applied by Rosa Delgado (applicator AP11) with the John Deere sprayer EQ002. If the desk "
    "says tomorrow is not possible, ask for the first day that works and accept it. Ask which day it will be. " + YES,
    [
        DALE_F01,
        *spray_checks("F01", "FLD1004", "P202", "AP11"),
        spray("FLD1004", "P202", 10, "2025-07-25", "AP11", "EQ002"),
    ],
    [1, 2, 4, 5, 6, 8, 16],
    ["fallback"],
    info=("2025-07-25",),
)
# 3: a rate over the label is brought down to the label's maximum
task(
    "A farm owner who likes to be generous with product.",
    "You want a heavy fungicide pass on North 40 today.",
    ME_HOLLIS,
    "Ask for Strobin Pro (P202) on North 40 today, 2025-07-22, at 14 fl oz per acre, by applicator AP11 with sprayer "
    "EQ002. If the desk says 14 is too much, accept the most the label allows. " + YES,
    [
        HOLLIS,
        *spray_checks("F01", "FLD1001", "P202", "AP11"),
        spray("FLD1001", "P202", 12, "2025-07-22", "AP11", "EQ002"),
    ],
    [1, 2, 5, 6, 8],
    ["fallback"],
)
# 4: a third application of a two-per-season label is refused
task(
    "A farm manager worried about leaf disease.",
    "You want a third Strobin Pro pass on Windmill at Prairie Bend.",
    ME_DALE,
    "You are calling about Prairie Bend. Ask for Strobin Pro (P202) on Windmill at 10 fl oz per acre on 2025-07-27 "
    "by applicator AP11 with sprayer EQ010. If the desk says no, ask why, accept it and end the call.",
    [DALE_F03, fields("F03"), product("P202"), history("FLD1011")],
    [1, 6],
    ["refusal"],
    basis=["DB", "ACTION"],
)
# 5: an applicator whose licence lapsed last month: another licensed applicator
task(
    "A farm owner, plain-spoken.",
    "You want Atrazine on Home Place today by Gary Fenwick.",
    ME_HOLLIS,
    "Ask for Atrazine 4L (P201) on Home Place today, 2025-07-22, at 32 fl oz per acre, applied by Gary Fenwick "
    "(applicator AP12) with sprayer EQ002. If Gary cannot do it, ask when his licence ran out and accept Rosa Delgado "
    "(AP11) instead. " + YES,
    [
        HOLLIS,
        *spray_checks("F01", "FLD1004", "P201", "AP12"),
        applicator("AP11"),
        spray("FLD1004", "P201", 32, "2025-07-22", "AP11", "EQ002"),
    ],
    [1, 2, 4, 7, 8],
    ["fallback"],
    info=("2025-06-30",),
)
# 6: a label registered for peaches only in other states
task(
    "An orchard manager, precise.",
    "You want Orchard Guard on Block 7 peaches.",
    ME_PRIYA,
    "Ask for Orchard Guard (P221) on Block 7 at 12 fl oz per acre on 2025-07-23 by applicator AP13 with sprayer EQ020. "
    "If the desk refuses, ask why, accept it and end the call.",
    [PRIYA, fields("F02"), product("P221")],
    [1, 4],
    ["refusal"],
    basis=["DB", "ACTION"],
)
# 7: a soybean-only herbicide: refused on corn, scheduled on the soybeans
task(
    "A farm manager with two weed problems.",
    "You want Kernel Clear on Creek Bottom and on South Quarter today.",
    ME_DALE,
    "You are calling about Hollis Creek Farms. Ask for Kernel Clear (P206) at 20 fl oz per acre today, 2025-07-22, on "
    "Creek Bottom and on South Quarter, both by applicator AP11 with sprayer EQ002. If one field is refused outright, "
    "accept it. If a field just cannot be done today, take the first day the desk says works and ask which day. " + YES,
    [
        DALE_F01,
        fields("F01"),
        product("P206"),
        history("FLD1003"),
        forecast("F01"),
        spray("FLD1003", "P206", 20, "2025-07-25", "AP11", "EQ002"),
    ],
    [1, 2, 4, 6, 8, 10],
    ["refusal", "compound", "fallback"],
    info=("2025-07-25",),
)
# 8: which North 40, then rain stops the requested day
task(
    "A farm manager who runs two farms and forgets to say which.",
    "You want Warrior on North 40 today.",
    ME_DALE,
    "Start by giving your account and the Hollis Creek access code. Ask for Warrior Cyhalo (P203) on North 40 at 3.2 "
    "fl oz per acre today, 2025-07-22, by applicator AP11. Only if asked which farm: it is the North 40 at Prairie "
    "Bend, and the sprayer is EQ010 there. If today is not possible, ask for the first day that works and accept it. "
    + YES,
    [
        DALE_F01,
        fields("F01"),
        fields("F03"),
        *spray_checks("F03", "FLD1010", "P203", "AP11")[1:],
        spray("FLD1010", "P203", 3.2, "2025-07-27", "AP11", "EQ010"),
    ],
    [1, 2, 7, 8],
    ["clarify", "fallback"],
    info=("2025-07-27",),
)
# 9: peaches sprayed three days ago under a 7-day PHI
task(
    "An orchard manager keen to start picking.",
    "You want to start harvesting Block 7 today.",
    ME_PRIYA,
    "Ask to schedule the harvest of Block 7 to start today, 2025-07-22. If the desk says no, ask for the earliest day "
    "it could start, but do not book anything: you will call back.",
    [PRIYA, fields("F02"), history("FLD1020"), product("P220")],
    [1, 9],
    ["refusal"],
    info=("2025-07-26",),
)
# 10: one block moved to the PHI's end, the other booked as asked
task(
    "An orchard manager planning the week's picking.",
    "You want the harvest of Block 7 and Block 9 to start on 2025-07-24.",
    ME_PRIYA,
    "Ask to schedule the harvests of Block 7 and Block 9 to start on 2025-07-24. If one cannot start then, book it on "
    "the earliest day allowed instead. " + YES,
    [
        PRIYA,
        fields("F02"),
        history("FLD1020"),
        product("P220"),
        history("FLD1021"),
        ("schedule_harvest", {"field_id": "FLD1021", "date": "2025-07-24"}),
        ("schedule_harvest", {"field_id": "FLD1020", "date": "2025-07-26"}),
    ],
    [1, 2, 9],
    ["compound", "fallback"],
    info=("2025-07-26",),
)
# 11: a scout may not enter before the REI runs out
task(
    "A crew lead who walked a field at dawn.",
    "You want to log aphids on South Quarter from a walk this morning.",
    ME_LUIS,
    "Ask to log a scouting report on South Quarter: soybean aphid, moderate. If the desk says no, ask when the field "
    "can be entered again and end the call.",
    [LUIS, fields("F01"), history("FLD1003"), product("P203")],
    [1, 10],
    ["refusal"],
    info=("2025-07-23", "08:00"),
)
# 12: two scouting reports
task(
    "A crew lead with notes from a morning walk.",
    "You want two scouting reports logged.",
    ME_LUIS,
    'Ask to log two scouting reports: on Creek Bottom, gray leaf spot, low, note "lower leaves only"; and on North 40, '
    'corn rootworm, moderate, note "beetles on silks". ' + YES,
    [
        LUIS,
        fields("F01"),
        history("FLD1002"),
        history("FLD1001"),
        scout("FLD1002", "gray leaf spot", "low", "lower leaves only"),
        scout("FLD1001", "corn rootworm", "moderate", "beetles on silks"),
    ],
    [1, 2, 10],
    ["compound"],
)
# 13: soil moisture above the trigger
task(
    "A farm owner worried about the heat.",
    "You want Creek Bottom irrigated tomorrow.",
    ME_HOLLIS,
    "Ask for 25 mm of irrigation on Creek Bottom tomorrow, 2025-07-23. If the desk declines, ask what the soil "
    "moisture reading is and accept it.",
    [HOLLIS, fields("F01"), sensors("FLD1002")],
    [1, 11],
    ["refusal"],
    info=("58",),
)
# 14: irrigation and a scouting report
task(
    "A farm owner doing the week's plan.",
    "You want North 40 irrigated and waterhemp on Home Place logged.",
    ME_HOLLIS,
    "Ask for 25 mm of irrigation on North 40 on 2025-07-23. Then ask to log a scouting report on Home Place: "
    'waterhemp, high, note "escapes in the wet corner". ' + YES,
    [
        HOLLIS,
        fields("F01"),
        sensors("FLD1001"),
        forecast("F01"),
        irrigate("FLD1001", "2025-07-23", 25),
        history("FLD1004"),
        scout("FLD1004", "waterhemp", "high", "escapes in the wet corner"),
    ],
    [1, 2, 10, 11, 12, 13],
    ["compound"],
)
# 15: which North 40, then rain over 48 hours: today instead
task(
    "A farm manager who runs two farms.",
    "You want North 40 irrigated tomorrow.",
    ME_DALE,
    "Give your account and the Hollis Creek access code. Ask for 30 mm on North 40 tomorrow, 2025-07-23. Only if "
    "asked which farm: the North 40 at Prairie Bend. If tomorrow is refused, ask how much rain is forecast, then ask "
    "for today, 2025-07-22, instead. " + YES,
    [
        DALE_F01,
        fields("F03"),
        fields("F01"),
        sensors("FLD1010"),
        forecast("F03"),
        irrigate("FLD1010", "2025-07-22", 30),
    ],
    [1, 2, 11, 12, 13],
    ["clarify", "fallback"],
    info=("17",),
    arithmetic={"17": "9 + 8"},
)
# 16: the season allocation has 10 mm left
task(
    "A farm manager watching the water budget.",
    "You want South Quarter irrigated.",
    ME_DALE,
    "You are calling about Hollis Creek Farms. Ask for 25 mm on South Quarter on 2025-07-23. If it does not fit, ask "
    "how much is left and take that instead. " + YES,
    [DALE_F01, fields("F01"), sensors("FLD1003"), forecast("F01"), irrigate("FLD1003", "2025-07-23", 10)],
    [1, 2, 11, 12, 13],
    ["fallback", "arithmetic"],
    info=("10",),
    arithmetic={"10": "250 - 240"},
)
# 17: the corn nitrogen cap: the most that may go on, rounded down
task(
    "A farm owner topping up nitrogen.",
    "You want a UAN side-dress on Home Place.",
    ME_HOLLIS,
    "Ask for UAN 32 (P204) on Home Place at 12 gallons per acre on 2025-07-25 by applicator AP11 with sprayer EQ002. "
    "If the desk says that is too much, ask for the most that is allowed and accept it. " + YES,
    [
        HOLLIS,
        *spray_checks("F01", "FLD1004", "P204", "AP11"),
        product("P205"),
        calc("(180 - (25 * 3.54 + 130 * 0.46)) / 3.54"),
        spray("FLD1004", "P204", 8.9, "2025-07-25", "AP11", "EQ002"),
    ],
    [1, 2, 4, 5, 8, 14],
    ["fallback", "arithmetic"],
    info=("8.9",),
    arithmetic={"8.9": "(180 - (25 * 3.54 + 130 * 0.46)) * 10 // 3.54 / 10"},
)
# 18: which North 40; the cap leaves 5.8 gal and he declines
task(
    "A farm manager who runs two farms.",
    "You want UAN on North 40 today.",
    ME_DALE,
    "Give your account and the Prairie Bend access code. Ask for UAN 32 (P204) on North 40 at 10 gallons per acre "
    "today, applicator AP11, sprayer EQ002. Only if asked which farm: the North 40 at Hollis Creek. If the desk says "
    "10 is too much, ask for the most allowed, but say that is not worth a pass and end the call without booking.",
    [DALE_F03, fields("F01"), fields("F03"), product("P204"), history("FLD1001")],
    [1, 14],
    ["refusal", "clarify", "arithmetic"],
    info=("5.8",),
    arithmetic={"5.8": "(180 - (30 * 3.54 + 15 * 3.54)) * 10 // 3.54 / 10"},
)
# 19: an organic field: the organic-listed insecticide instead
task(
    "An organic grower, careful about certification.",
    "You want Warrior on East Strip for rootworm beetles.",
    ME_TOM,
    "Ask for Warrior Cyhalo (P203) on East Strip at 3.2 fl oz per acre on 2025-07-23 by applicator AP14 with sprayer "
    "EQ030. If the desk refuses, ask what you could use instead; accept BioNeem 70 (P230) at 12 fl oz per acre on the "
    "same day with the same crew and machine. " + YES,
    [
        TOM,
        fields("F04"),
        product("P203"),
        product("P230"),
        history("FLD1030"),
        forecast("F04"),
        applicator("AP14"),
        machines("F04"),
        spray("FLD1030", "P230", 12, "2025-07-23", "AP14", "EQ030"),
    ],
    [1, 2, 4, 6, 8, 15],
    ["fallback"],
)
# 20: organic soybeans: the conventional fungicide refused, the organic one booked
task(
    "An organic grower with two jobs in mind.",
    "You want Strobin Pro and Pyganic 5 on Oak Row.",
    ME_TOM,
    "Ask for two applications on Oak Row on 2025-07-27, by applicator AP14 with sprayer EQ030: Strobin Pro (P202) at "
    "10 fl oz per acre, and Pyganic 5 (P231) at 16 fl oz per acre. If one is refused, accept it and keep the other. "
    + YES,
    [
        TOM,
        fields("F04"),
        product("P202"),
        product("P231"),
        forecast("F04"),
        spray("FLD1031", "P231", 16, "2025-07-27", "AP14", "EQ030"),
    ],
    [1, 2, 4, 8, 15],
    ["refusal", "compound"],
)
# 21: an overdue sprayer: the other sprayer, and the overdue one's service booked
task(
    "A farm owner who wants her favourite sprayer.",
    "You want Strobin Pro on North 40 with the Apache sprayer, and its service booked.",
    ME_HOLLIS,
    "Ask for Strobin Pro (P202) on North 40 at 10 fl oz per acre on 2025-07-25 by applicator AP11 with the Apache "
    "sprayer EQ001. If EQ001 cannot go, accept the John Deere sprayer EQ002 instead, and ask to book EQ001's "
    '"250-hour service" on 2025-07-24. ' + YES,
    [
        HOLLIS,
        *spray_checks("F01", "FLD1001", "P202", "AP11"),
        spray("FLD1001", "P202", 10, "2025-07-25", "AP11", "EQ002"),
        ("schedule_maintenance", {"equipment_id": "EQ001", "date": "2025-07-24", "service": "250-hour service"}),
    ],
    [1, 2, 3, 8, 16],
    ["fallback", "compound"],
)
# 22: a crew lead may not book a service
task(
    "A crew lead looking after the tractors.",
    "You want the big tractor's service booked.",
    ME_LUIS,
    'Ask to book a "250-hour service" for the tractor EQ004 on 2025-07-24. If the desk says you cannot, accept it.',
    [LUIS],
    [1, 3],
    ["refusal"],
    basis=["DB", "ACTION"],
)
# 23: recording an orchard job and drawing the stock down
task(
    "An orchard manager closing out the morning.",
    "You want this morning's Codling Ban job on Block 3 recorded.",
    ME_PRIYA,
    "Ask to record today's Codling Ban application on Block 3 as applied at 15.5 fl oz per acre. Ask how much Codling "
    "Ban that used. " + YES,
    [
        PRIYA,
        fields("F02"),
        history("FLD1022"),
        record("APP1014", 15.5),
        calc("-15.5 * 45"),
        draw("F02", "P222", -697.5, "APP1014"),
    ],
    [1, 2, 17],
    ["arithmetic"],
    info=("697.5",),
    arithmetic={"697.5": "15.5 * 45"},
)
# 24: a crew lead records the same job at the planned rate
task(
    "An orchard crew lead, matter-of-fact.",
    "You want this morning's Block 3 spray recorded.",
    ME_JOAQUIN,
    "Ask to record today's spray on Block 3 as applied at the planned rate of 16 fl oz per acre. " + YES,
    [
        JOAQUIN,
        fields("F02"),
        history("FLD1022"),
        record("APP1014", 16),
        calc("-16 * 45"),
        draw("F02", "P222", -720, "APP1014"),
    ],
    [1, 2, 17],
    [],
)
# 25: a wheat load and a scouting report
task(
    "A crew lead running the grain cart.",
    "You want the first wheat load of the day recorded and a scouting note logged.",
    ME_LUIS,
    "Ask to record a load off Quarry Wheat today: 2310 wet bushels at 15.1% moisture. Ask how many dry bushels that "
    'is. Then ask to log a scouting report on Creek Bottom: stink bug, low, note "a few on the field edge". ' + YES,
    [
        LUIS,
        fields("F01"),
        load("FLD1005", 2310, 15.1),
        history("FLD1002"),
        scout("FLD1002", "stink bug", "low", "a few on the field edge"),
    ],
    [1, 2, 10, 18],
    ["compound", "arithmetic"],
    info=("2267.3",),
)
# 26: two wheat loads and the season's yield so far
task(
    "A crew lead with two scale tickets in hand.",
    "You want two wheat loads recorded and the field's yield so far.",
    ME_LUIS,
    "Ask to record two loads off Quarry Wheat today: 1880 wet bushels at 14.2% moisture, and 2045 wet bushels at "
    "16.8%. Then ask for the field's dry bushels per acre so far this season, all loads counted. " + YES,
    [
        LUIS,
        fields("F01"),
        load("FLD1005", 1880, 14.2),
        load("FLD1005", 2045, 16.8),
        ("get_harvest_records", {"field_id": "FLD1005", "season": "2025"}),
    ],
    [1, 2, 18],
    ["compound", "arithmetic"],
    info=("1864.8", "1967.0", "131.51"),
    arithmetic={"131.51": "(2107.8 + 1950.9 + 1864.8 + 1967.0) / 60"},
)
# 27: last season's yield per acre (no change)
task(
    "A farm manager preparing for a landlord meeting.",
    "You want last season's corn yield on Creek Bottom.",
    ME_DALE,
    "You are calling about Hollis Creek Farms. Ask for the 2024 harvest on Creek Bottom: total dry bushels and dry "
    "bushels per acre.",
    [DALE_F01, fields("F01"), ("get_harvest_records", {"field_id": "FLD1002", "season": "2024"})],
    [1, 18],
    ["arithmetic"],
    info=("11454.4", "190.91"),
    arithmetic={"11454.4": "4010.7 + 3862.2 + 3581.5", "190.91": "(4010.7 + 3862.2 + 3581.5) / 60"},
)
# 28: a UAN leak: hand-off to the environmental lead
task(
    "A crew lead, rattled, calling from the field edge.",
    "A nurse tank of UAN is leaking at the edge of Home Place.",
    ME_LUIS,
    "Say the UAN nurse tank at the edge of Home Place is leaking into the ditch. Ask who will handle it. Do not ask "
    "for anything else.",
    [
        LUIS,
        (
            "transfer_to_human_agents",
            {
                "summary": "UAN nurse tank leaking at Home Place, Hollis Creek Farms; for "
                "the environmental lead Renata Voss."
            },
        ),
    ],
    [1, 19],
    ["refusal"],
    info=("Renata Voss",),
    basis=["DB", "ACTION", "COMMUNICATE"],
)
# 29: a diesel spill in the orchard
task(
    "An orchard manager, calm but urgent.",
    "Diesel spilled while fuelling the sprayer in Block 3.",
    ME_PRIYA,
    "Say about 30 gallons of diesel spilled by Block 3 while fuelling the sprayer, and ask to reschedule tomorrow's "
    "spray there. Ask who will deal with the spill.",
    [
        PRIYA,
        (
            "transfer_to_human_agents",
            {
                "summary": "Diesel spill of about 30 gallons at Block 3, Sunridge Orchards; "
                "for the environmental lead Marco Ibarra."
            },
        ),
    ],
    [1, 19],
    ["refusal", "compound"],
    info=("Marco Ibarra",),
    basis=["DB", "ACTION", "COMMUNICATE"],
)
# 30: a namesake manager of another farm asks about Hollis Creek
task(
    "A farm manager who helps out neighbours.",
    "You want North 40 at Hollis Creek Farms irrigated.",
    f"You are Dale Brenner, account ACC-2099; the access code of your farm is {OTHER_DALE_CODE}.",
    "Give your account and your farm's access code. Ask for 25 mm of irrigation on the North 40 at Hollis Creek "
    "Farms today. You do not know Hollis Creek's access code. If the desk refuses, accept it.",
    [verify("ACC-2099", OTHER_DALE_CODE)],
    [1],
    ["refusal"],
    basis=["DB", "ACTION"],
)
# 31: apples sprayed today under a 14-day PHI: the harvest moves
task(
    "An orchard manager lining up pickers.",
    "You want the Block 3 apple harvest to start on 2025-08-01.",
    ME_PRIYA,
    "Ask to schedule the Block 3 harvest to start on 2025-08-01. If it cannot, book the earliest day allowed and ask "
    "which day that is. " + YES,
    [
        PRIYA,
        fields("F02"),
        history("FLD1022"),
        product("P222"),
        ("schedule_harvest", {"field_id": "FLD1022", "date": "2025-08-05"}),
    ],
    [1, 2, 9],
    ["fallback"],
    info=("2025-08-05",),
)
# 32: one block irrigated, the other above the trigger
task(
    "An orchard manager in a heat wave.",
    "You want Block 9 and Block 7 irrigated tomorrow.",
    ME_PRIYA,
    "Ask for 20 mm on Block 9 and 20 mm on Block 7, both on 2025-07-23. If one is declined, ask for its soil moisture "
    "reading and accept. " + YES,
    [
        PRIYA,
        fields("F02"),
        sensors("FLD1021"),
        sensors("FLD1020"),
        forecast("F02"),
        irrigate("FLD1021", "2025-07-23", 20),
    ],
    [1, 2, 11, 12, 13],
    ["refusal", "compound"],
    info=("55",),
)
# 33: a crew lead irrigates and scouts
task(
    "An orchard crew lead, early riser.",
    "You want Block 9 watered today and brown rot on Block 7 logged.",
    ME_JOAQUIN,
    "Ask for 15 mm on Block 9 today, 2025-07-22. Then ask to log a scouting report on Block 7: brown rot, high, note "
    '"split fruit on the south rows". ' + YES,
    [
        JOAQUIN,
        fields("F02"),
        sensors("FLD1021"),
        forecast("F02"),
        irrigate("FLD1021", "2025-07-22", 15),
        history("FLD1020"),
        scout("FLD1020", "brown rot", "high", "split fruit on the south rows"),
    ],
    [1, 2, 10, 11, 12, 13],
    ["compound"],
)
# 34: organic corn irrigated, a beetle report on the organic soybeans
task(
    "An organic grower doing his Tuesday rounds.",
    "You want East Strip irrigated and Japanese beetles on Oak Row logged.",
    ME_TOM,
    "Ask for 20 mm on East Strip on 2025-07-24. Then ask to log a scouting report on Oak Row: japanese beetle, low, "
    'note "light feeding on the top leaves". ' + YES,
    [
        TOM,
        fields("F04"),
        sensors("FLD1030"),
        forecast("F04"),
        irrigate("FLD1030", "2025-07-24", 20),
        history("FLD1031"),
        scout("FLD1031", "japanese beetle", "low", "light feeding on the top leaves"),
    ],
    [1, 2, 10, 11, 12, 13],
    ["compound"],
)
# 35: irrigation and nitrogen on Windmill
task(
    "A farm manager at Prairie Bend.",
    "You want Windmill irrigated today and UAN on it next weekend.",
    ME_DALE,
    "You are calling about Prairie Bend. Ask for 20 mm on Windmill today, 2025-07-22. Then ask for UAN 32 (P204) on "
    "Windmill at 20 gallons per acre on 2025-07-27 by applicator AP11 with sprayer EQ010. " + YES,
    [
        DALE_F03,
        fields("F03"),
        sensors("FLD1011"),
        forecast("F03"),
        irrigate("FLD1011", "2025-07-22", 20),
        product("P204"),
        history("FLD1011"),
        applicator("AP11"),
        machines("F03"),
        spray("FLD1011", "P204", 20, "2025-07-27", "AP11", "EQ010"),
    ],
    [1, 2, 8, 11, 12, 13, 14],
    ["compound"],
)
# 36: an overdue sprayer and a wet week: another machine, the first good day
task(
    "A farm manager short of time.",
    "You want Warrior on Windmill today with the RoGator.",
    ME_DALE,
    "You are calling about Prairie Bend. Ask for Warrior Cyhalo (P203) on Windmill at 3.5 fl oz per acre today, "
    "2025-07-22, by applicator AP11 with the RoGator sprayer EQ011. Accept another sprayer of the farm and the first "
    "day that works if the desk proposes them; ask which day. " + YES,
    [
        DALE_F03,
        *spray_checks("F03", "FLD1011", "P203", "AP11"),
        spray("FLD1011", "P203", 3.5, "2025-07-27", "AP11", "EQ010"),
    ],
    [1, 2, 7, 8, 16],
    ["fallback"],
    info=("2025-07-27",),
)
# 37: Atrazine over the label rate
task(
    "A farm owner fighting grass.",
    "You want a strong Atrazine pass on Creek Bottom today.",
    ME_HOLLIS,
    "Ask for Atrazine 4L (P201) on Creek Bottom today, 2025-07-22, at 80 fl oz per acre by applicator AP11 with "
    "sprayer EQ002. If 80 is too much, accept the label maximum. " + YES,
    [
        HOLLIS,
        *spray_checks("F01", "FLD1002", "P201", "AP11"),
        spray("FLD1002", "P201", 64, "2025-07-22", "AP11", "EQ002"),
    ],
    [1, 2, 5, 7, 8],
    ["fallback"],
)
# 38: the nitrogen on a field so far (no change)
task(
    "A farm owner checking her nitrogen budget.",
    "You want to know how much nitrogen Home Place has had this season.",
    ME_HOLLIS,
    "Ask how many pounds of nitrogen per acre have gone on Home Place this season. Do not book anything.",
    [HOLLIS, fields("F01"), history("FLD1004"), product("P204"), product("P205")],
    [1, 14],
    ["arithmetic"],
    info=("148.3",),
    arithmetic={"148.3": "25 * 3.54 + 130 * 0.46"},
)
# 39: record a job and water a field on the other farm's North 40
task(
    "A farm manager who runs two farms.",
    "You want this morning's Strobin job recorded and North 40 watered.",
    ME_DALE,
    "Give your account and the Prairie Bend access code. Ask to record today's Strobin Pro job on Creek Bottom as "
    "applied at 10 fl oz per acre. Then ask for 20 mm on North 40 on 2025-07-24; only if asked which farm: the one at "
    "Hollis Creek. " + YES,
    [
        DALE_F03,
        fields("F01"),
        history("FLD1002"),
        record("APP1001", 10),
        calc("-10 * 60"),
        draw("F01", "P202", -600, "APP1001"),
        fields("F03"),
        sensors("FLD1001"),
        forecast("F01"),
        irrigate("FLD1001", "2025-07-24", 20),
    ],
    [1, 2, 11, 12, 13, 17],
    ["compound", "clarify"],
)
# 40: which North 40, a rate over the label, the first dry day
task(
    "A farm manager who runs two farms.",
    "You want a heavy Warrior pass on North 40.",
    ME_DALE,
    "Give your account and the Hollis Creek access code. Ask for Warrior Cyhalo (P203) on North 40 at 4.5 fl oz per "
    "acre on 2025-07-27 by applicator AP11 with sprayer EQ010. Only if asked which farm: Prairie Bend. If 4.5 is too "
    "much, accept the label maximum. " + YES,
    [
        DALE_F01,
        fields("F03"),
        fields("F01"),
        *spray_checks("F03", "FLD1010", "P203", "AP11")[1:],
        spray("FLD1010", "P203", 3.84, "2025-07-27", "AP11", "EQ010"),
    ],
    [1, 2, 5, 7, 8],
    ["clarify", "fallback"],
)
# 41: which peach block: harvest booked
task(
    "An orchard manager, brisk.",
    "You want the peach harvest to start on 2025-07-24.",
    ME_PRIYA,
    "Ask to book the peach harvest to start on 2025-07-24. Only if asked which block: Block 9. " + YES,
    [
        PRIYA,
        fields("F02"),
        history("FLD1021"),
        product("P220"),
        ("schedule_harvest", {"field_id": "FLD1021", "date": "2025-07-24"}),
    ],
    [1, 2, 9],
    ["clarify"],
)
# 42: which peach block: a scouting report
task(
    "An orchard crew lead, quiet.",
    "You want brown rot logged on the peaches.",
    ME_JOAQUIN,
    'Ask to log brown rot on the peach block, severity high, note "mummies in the canopy". Only if asked which '
    "block: Block 9. " + YES,
    [JOAQUIN, fields("F02"), history("FLD1021"), scout("FLD1021", "brown rot", "high", "mummies in the canopy")],
    [1, 2, 10],
    ["clarify"],
)
# 43: which North 40: a scouting report at Prairie Bend
task(
    "A farm manager who runs two farms.",
    "You want rootworm on North 40 logged.",
    ME_DALE,
    "Give your account and the Hollis Creek access code. Ask to log corn rootworm on North 40, severity moderate, "
    'note "larval feeding on brace roots". Only if asked which farm: Prairie Bend. ' + YES,
    [
        DALE_F01,
        fields("F03"),
        fields("F01"),
        history("FLD1010"),
        scout("FLD1010", "corn rootworm", "moderate", "larval feeding on brace roots"),
    ],
    [1, 2, 10],
    ["clarify"],
)
# 44: which corn field: irrigation on Home Place
task(
    "A farm owner who calls all her corn 'the corn'.",
    "You want the corn irrigated tomorrow.",
    ME_HOLLIS,
    "Ask for 20 mm on the corn tomorrow, 2025-07-23. Only if asked which field: Home Place. " + YES,
    [HOLLIS, fields("F01"), sensors("FLD1004"), forecast("F01"), irrigate("FLD1004", "2025-07-23", 20)],
    [1, 2, 11, 12, 13],
    ["clarify"],
)
# 45: an owner logs a delivery and records a job
task(
    "A farm owner who handles the co-op account herself.",
    "You want a UAN delivery added to stock and yesterday's UAN job recorded.",
    ME_HOLLIS,
    'Ask to add the 400 gallons of UAN 32 (P204) delivered this morning to the stock, reason "delivery". Then ask to '
    "record yesterday's UAN job on North 40 as applied at 15 gallons per acre; it finished at 18:30 yesterday. " + YES,
    [
        HOLLIS,
        ("get_inventory", {"farm_id": "F01"}),
        stock("F01", "P204", 400, "delivery"),
        fields("F01"),
        history("FLD1001"),
        record("APP1002", 15, "18:30"),
        calc("-15 * 41.5"),
        draw("F01", "P204", -622.5, "APP1002"),
    ],
    [1, 2, 3, 17],
    ["compound"],
)
# 46: a manager logs a delivery and books a fungicide pass
task(
    "An orchard manager restocking.",
    "You want a Cordovan delivery logged and a Cordovan pass on Block 9.",
    ME_PRIYA,
    'Ask to add 60 lb of Cordovan 50WP (P220) to the stock, reason "delivery". Then ask for Cordovan 50WP on Block 9 '
    "at 3.5 lb per acre on 2025-07-23 by applicator AP13 with sprayer EQ020. " + YES,
    [
        PRIYA,
        ("get_inventory", {"farm_id": "F02"}),
        stock("F02", "P220", 60, "delivery"),
        *spray_checks("F02", "FLD1021", "P220", "AP13"),
        spray("FLD1021", "P220", 3.5, "2025-07-23", "AP13", "EQ020"),
    ],
    [1, 2, 3, 4, 5, 6, 8],
    ["compound"],
)
# 47: an owner writes off frozen product and logs a report
task(
    "An organic grower tidying the shed.",
    "You want spoiled BioNeem written off and a scouting report logged.",
    ME_TOM,
    'Ask to take 40 fl oz of BioNeem 70 (P230) off the stock (a change of -40), reason "froze in the shed". '
    'Then ask to log a scouting report on East Strip: corn rootworm, moderate, note "beetles back after the '
    'neem pass". ' + YES,
    [
        TOM,
        ("get_inventory", {"farm_id": "F04"}),
        stock("F04", "P230", -40, "froze in the shed"),
        fields("F04"),
        history("FLD1030"),
        scout("FLD1030", "corn rootworm", "moderate", "beetles back after the neem pass"),
    ],
    [1, 2, 3, 10],
    ["compound"],
)
# 48: a crew lead's count correction refused; his irrigation booked
task(
    "An orchard crew lead who counted the shed.",
    "You want the Codling Ban count corrected and Block 9 watered.",
    ME_JOAQUIN,
    "Ask to correct the Codling Ban stock down by 50 fl oz because your count came to 850. If the desk says you "
    "cannot, accept it. Then ask for 25 mm on Block 9 today, 2025-07-22. " + YES,
    [JOAQUIN, fields("F02"), sensors("FLD1021"), forecast("F02"), irrigate("FLD1021", "2025-07-22", 25)],
    [1, 2, 3, 11, 12, 13],
    ["refusal", "compound"],
)
# 49: water left after the booking
task(
    "A farm owner keeping an eye on the allocation.",
    "You want North 40 irrigated today and to know what water is left after it.",
    ME_HOLLIS,
    "Ask for 30 mm on North 40 today, 2025-07-22, and ask how many mm of the season allocation will be left after it. "
    + YES,
    [HOLLIS, fields("F01"), sensors("FLD1001"), forecast("F01"), irrigate("FLD1001", "2025-07-22", 30)],
    [1, 2, 11, 12, 13],
    ["arithmetic"],
    info=("90",),
    arithmetic={"90": "300 - 180 - 30"},
)
# 50: the wheat harvested so far (no change)
task(
    "A crew lead filling in the harvest sheet.",
    "You want the dry bushels harvested off Quarry Wheat so far this season.",
    ME_LUIS,
    "Ask how many dry bushels have come off Quarry Wheat so far this season, all loads together.",
    [LUIS, fields("F01"), ("get_harvest_records", {"field_id": "FLD1005", "season": "2025"})],
    [1, 18],
    ["arithmetic"],
    info=("4058.7",),
    arithmetic={"4058.7": "2107.8 + 1950.9"},
)
# 51: only Gary will do: the lapsed licence refuses it
task(
    "A farm owner loyal to her applicator.",
    "You want Gary Fenwick to put Atrazine on North 40.",
    ME_HOLLIS,
    "Ask for Atrazine 4L (P201) on North 40 on 2025-07-25 at 40 fl oz per acre by Gary Fenwick (AP12) with sprayer "
    "EQ002. You want Gary and nobody else: if he cannot, ask when his licence ran out and end the call.",
    [HOLLIS, fields("F01"), product("P201"), applicator("AP12")],
    [1, 7],
    ["refusal"],
    info=("2025-06-30",),
)

# 52: an owner books the overdue tractor's service
task(
    "A farm owner who keeps the machine log.",
    "You want the big tractor serviced.",
    ME_HOLLIS,
    'Ask how many hours the tractor EQ004 has run since its last service, then ask to book its "250-hour service" on '
    "2025-07-23. " + YES,
    [
        HOLLIS,
        ("get_equipment", {"equipment_id": "EQ004"}),
        ("schedule_maintenance", {"equipment_id": "EQ004", "date": "2025-07-23", "service": "250-hour service"}),
    ],
    [1, 2, 3, 16],
    [],
    info=("260",),
)
# 53: a service already booked; the other sprayer's oil change booked
task(
    "A farm manager sorting out the sprayers.",
    "You want services booked for both Prairie Bend sprayers.",
    ME_DALE,
    'You are calling about Prairie Bend. Ask to book a "250-hour service" for the RoGator EQ011 on 2025-07-24 and an '
    '"oil change" for the Hagie EQ010 on 2025-07-28. If EQ011 already has a service booked, ask for which day and '
    "keep it. " + YES,
    [
        DALE_F03,
        machines("F03"),
        ("schedule_maintenance", {"equipment_id": "EQ010", "date": "2025-07-28", "service": "oil change"}),
    ],
    [1, 2, 3],
    ["compound"],
    info=("2025-07-25",),
)
# 54: a wheat load recorded by the manager, the season's total asked
task(
    "A farm manager at the elevator with a scale ticket.",
    "You want a wheat load off Quarry Wheat recorded.",
    ME_DALE,
    "You are calling about Hollis Creek Farms. Ask to record a load off Quarry Wheat today: 2210 wet bushels at 13.9% "
    "moisture. Ask for its dry bushels, and for the field's total dry bushels this season with it. " + YES,
    [
        DALE_F01,
        fields("F01"),
        load("FLD1005", 2210, 13.9),
        ("get_harvest_records", {"field_id": "FLD1005", "season": "2025"}),
    ],
    [1, 2, 18],
    ["arithmetic"],
    info=(DRY_2210, TOTAL_2210),
    arithmetic={TOTAL_2210: f"2107.8 + 1950.9 + {DRY_2210}"},
)


def main() -> None:
    ids = [task["id"] for task in TASKS]
    test = [i for i in ids if int(i) % 4 == 1]
    train = [i for i in ids if i not in test]
    split = {"base": ids, "train": train, "test": test}
    write_task_files(DATA, TASKS, split)


if __name__ == "__main__":
    main()

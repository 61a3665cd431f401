"""Writes ``data/tasks.json`` and ``data/split_tasks.json`` from the task table below (run it
by hand: ``python -m taubench.domains.space.write_tasks``). Each task is the caller's
instructions and the gold path a careful operator would take under the manual."""

from pathlib import Path
from typing import Any, Sequence

from taubench.domains.kit import gold_action, task_record, write_task_files

DATA = Path(__file__).parent / "data"
PINS = {
    "OP-101": ("Ingrid Solberg", "4821"),
    "OP-102": ("Tomas Brandt", "7710"),
    "OP-103": ("Tomas Brandt", "3392"),
    "OP-104": ("Priya Raman", "1207"),
    "OP-105": ("Kwame Asante", "5550"),
    "OP-106": ("Lucia Ferraro", "6634"),
    "OP-107": ("Daniel Okafor", "2468"),
    "OP-108": ("Mei Tanaka", "9051"),
    "OP-109": ("Daniel Okafor", "1357"),
    "OP-110": ("Sara Lindqvist", "8080"),
    "OP-111": ("Hugo Marchetti", "2211"),
    "OP-112": ("Amara Nwosu", "4455"),
    "OP-113": ("Jonas Weber", "9090"),
}
TASKS: list[dict[str, Any]] = []
COMPARED = {
    "transfer_to_human_agents": [],
    "list_contact_windows": ["sc_id"],
    "get_telemetry": ["sc_id", "parameter"],
    "get_space_weather": [],
}


def a(tool: str, /, **arguments: Any) -> tuple[str, dict[str, Any]]:
    return tool, arguments


def verify(operator_id: str) -> tuple[str, dict[str, Any]]:
    return a("verify_operator", operator_id=operator_id, pin=PINS[operator_id][1])


def transfer(summary: str) -> tuple[str, dict[str, Any]]:
    return a("transfer_to_human_agents", summary=summary)


def task(
    caller: str,
    persona: str,
    reason: str,
    instructions: str,
    actions: list[tuple[str, dict[str, Any]]],
    rules: list[int],
    tags: Sequence[str] = (),
    say: Sequence[str] = (),
    arithmetic: dict[str, str] | None = None,
    unknown: str | None = None,
    action_basis: bool = False,
) -> None:
    number = str(len(TASKS))
    name, pin = PINS[caller]
    basis = ["DB"]
    if say:
        basis.append("COMMUNICATE")
    if action_basis or any(n == "transfer_to_human_agents" for n, _ in actions):
        basis.append("ACTION")
    gold = [
        # a summary in the agent's words, or a period the agent may choose
        gold_action(number, index, tool, arguments, COMPARED.get(tool))
        for index, (tool, arguments) in enumerate(actions)
    ]
    entry = task_record(
        number,
        "space",
        persona=persona,
        reason=reason,
        known=f"You are {name}, operator id {caller}, PIN {pin}.",
        unknown=unknown,
        instructions=instructions,
        actions=gold,
        say=say,
        basis=basis,
        rules=sorted(set(rules)),
        tags=tags,
        arithmetic=arithmetic,
    )
    TASKS.append(entry)


READS = {
    "verify_operator",
    "find_operator",
    "get_operator",
    "get_spacecraft",
    "get_telemetry",
    "list_alarms",
    "list_contact_windows",
    "list_conjunctions",
    "get_space_weather",
    "get_imaging_request",
    "list_imaging_requests",
}

FLIGHT_DYNAMICS = "Flight Dynamics"
ALWAYS = [1, 19]

# 0: SAT-117 has two conjunctions; the caller means tomorrow's. Earliest qualifying contact is 09:10 today.
task(
    "OP-101",
    "Ingrid is a calm, precise flight-dynamics engineer.",
    "You need a collision-avoidance burn planned for SAT-117.",
    "Ask the agent to plan the avoidance burn for 'the conjunction on SAT-117' without saying which one. If asked "
    "which, it is the one tomorrow (2025-05-21). The burn is 0.5 m/s, executed at the start of the earliest contact "
    "that is allowed. Your second approver is Daniel Okafor from Flight Control. Ask how much propellant will be "
    "left. Confirm when the agent reads the plan back.",
    [
        verify("OP-101"),
        a("list_conjunctions", sc_id="SAT-117"),
        a("get_spacecraft", sc_id="SAT-117"),
        a("list_contact_windows", sc_id="SAT-117"),
        a("find_operator", name="Daniel Okafor"),
        a("book_contact", window_id="W-20101", sc_id="SAT-117", purpose="maneuver", operator_id="OP-101"),
        a(
            "schedule_maneuver",
            sc_id="SAT-117",
            delta_v_ms=0.5,
            execute_at="2025-05-20 09:10",
            booking_id="BK-7001",
            operator_id="OP-101",
            approver_id="OP-107",
            event_id="CJ-40011",
        ),
    ],
    [*ALWAYS, 3, 4, 5, 6, 12, 13],
    ["clarify", "arithmetic"],
    ["14.14"],
    {"14.14": "14.2 - 0.06"},
)

# 1: the Awarua pass is not licensed for plane E; after 15:00 the next allowed one is 03:45 tomorrow; two Tomas Brandts.
task(
    "OP-101",
    "Ingrid is a flight-dynamics engineer who wants her team rested before the burn.",
    "You need the avoidance burn for SAT-117's COSMOS 2251 debris conjunction planned.",
    "Ask for a 0.5 m/s burn for SAT-117's COSMOS 2251 debris event, executed at the start of the Awarua Ridge pass "
    "this afternoon (15:40). If that pass cannot be used, you want the earliest allowed contact after it (your team is "
    "not ready before 15:00), executed at its start. Your approver is Tomas Brandt; if asked which one, he is in "
    "Flight Dynamics. Ask how much propellant will remain. Say yes to a correct read-back.",
    [
        verify("OP-101"),
        a("list_conjunctions", sc_id="SAT-117"),
        a("get_spacecraft", sc_id="SAT-117"),
        a("list_contact_windows", sc_id="SAT-117"),
        a("find_operator", name="Tomas Brandt"),
        a("book_contact", window_id="W-20104", sc_id="SAT-117", purpose="maneuver", operator_id="OP-101"),
        a(
            "schedule_maneuver",
            sc_id="SAT-117",
            delta_v_ms=0.5,
            execute_at="2025-05-21 03:45",
            booking_id="BK-7001",
            operator_id="OP-101",
            approver_id="OP-102",
            event_id="CJ-40011",
        ),
    ],
    [*ALWAYS, 3, 5, 6, 12, 13],
    ["fallback", "clarify", "arithmetic"],
    ["14.14"],
    {"14.14": "14.2 - 0.06"},
)

# 2: a level-2 planner asks for a collision-avoidance burn: hand-off to flight dynamics.
task(
    "OP-104",
    "Priya is a mission planner covering a colleague's shift; she is worried about the debris warning.",
    "You want a collision-avoidance burn for SAT-117's conjunction tomorrow.",
    "Ask the agent to schedule a collision-avoidance burn for SAT-117's conjunction tomorrow with COSMOS 2251 debris. "
    "If the agent says you cannot, ask to be put through to someone who can handle it.",
    [verify("OP-104"), transfer("Level-2 planner asks for a collision-avoidance burn for SAT-117, event CJ-40011.")],
    [1, 2, 7],
    ["refusal"],
)

# 3: the event on the 23rd is only monitored (Pc 2.1e-6): no burn; its miss distance is 640 m.
task(
    "OP-101",
    "Ingrid is cautious and would rather burn than wait.",
    "You want a burn for SAT-117's Fengyun debris conjunction on 2025-05-23.",
    "Ask for a 0.3 m/s avoidance burn for SAT-117's FENGYUN 1C debris event on the 23rd. If the agent declines, ask "
    "how close the debris is expected to pass, then end the call.",
    [verify("OP-101"), a("list_conjunctions", sc_id="SAT-117")],
    [1, 4],
    ["refusal"],
    ["640"],
)

# 4: two requests: the burn in the named Nordvik pass, and a downlink in the Puerto Tala pass after it.
task(
    "OP-110",
    "Sara is a brisk flight controller juggling two jobs.",
    "You want SAT-117's COSMOS debris burn planned and a downlink booked.",
    "First ask for a 0.5 m/s avoidance burn for SAT-117's COSMOS 2251 debris event tomorrow, executed at the start of "
    "the Nordvik pass tomorrow at 03:45; your approver is Amara Nwosu. Ask how much propellant will be left. Then ask "
    "to book the Puerto Tala pass tomorrow at 10:30 for a downlink. Confirm each read-back.",
    [
        verify("OP-110"),
        a("list_conjunctions", sc_id="SAT-117"),
        a("get_spacecraft", sc_id="SAT-117"),
        a("list_contact_windows", sc_id="SAT-117"),
        a("find_operator", name="Amara Nwosu"),
        a("book_contact", window_id="W-20104", sc_id="SAT-117", purpose="maneuver", operator_id="OP-110"),
        a(
            "schedule_maneuver",
            sc_id="SAT-117",
            delta_v_ms=0.5,
            execute_at="2025-05-21 03:45",
            booking_id="BK-7001",
            operator_id="OP-110",
            approver_id="OP-112",
            event_id="CJ-40011",
        ),
        a("book_contact", window_id="W-20105", sc_id="SAT-117", purpose="downlink", operator_id="OP-110"),
    ],
    [*ALWAYS, 3, 4, 5, 6, 12, 13, 14],
    ["compound", "arithmetic"],
    ["14.14"],
    {"14.14": "14.2 - 0.06"},
)

# 5: SAT-17 has 6.1 kg: 10 m/s would leave 4.9 kg (refused), 9 m/s leaves 5.02 kg.
task(
    "OP-110",
    "Sara is a flight controller who wants the largest margin she can get.",
    "You need a collision-avoidance burn for SAT-17's rocket-body conjunction.",
    "Ask for a 10 m/s avoidance burn for SAT-17's SL-16 rocket-body event, at the start of the earliest allowed "
    "contact. Your approver is Daniel Okafor; if asked which one, the one in Flight Control. If 10 m/s is refused, "
    "ask how much propellant it would have left, then ask for 9 m/s instead and how much that leaves. Confirm the "
    "read-back.",
    [
        verify("OP-110"),
        a("get_spacecraft", sc_id="SAT-17"),
        a("list_conjunctions", sc_id="SAT-17"),
        a("list_contact_windows", sc_id="SAT-17"),
        a("find_operator", name="Daniel Okafor"),
        a("book_contact", window_id="W-20201", sc_id="SAT-17", purpose="maneuver", operator_id="OP-110"),
        a(
            "schedule_maneuver",
            sc_id="SAT-17",
            delta_v_ms=9,
            execute_at="2025-05-20 11:30",
            booking_id="BK-7001",
            operator_id="OP-110",
            approver_id="OP-107",
            event_id="CJ-40021",
        ),
    ],
    [*ALWAYS, 3, 4, 5, 6, 12, 13],
    ["arithmetic", "fallback", "clarify"],
    ["4.9", "5.02"],
    {"4.9": "6.1 - 0.12 * 10", "5.02": "6.1 - 1.08"},
)

# 6: 10 m/s or nothing: refused (4.9 kg would be left), then the hand-off.
task(
    "OP-101",
    "Ingrid is convinced 10 m/s is the only safe burn and will not settle for less.",
    "You need a 10 m/s avoidance burn for SAT-17.",
    "Ask for a 10 m/s avoidance burn for SAT-17's SL-16 rocket-body conjunction; your approver is Tomas Brandt of "
    "Flight Dynamics. You will not accept a smaller burn. If refused, ask how much propellant would have been left, "
    "then ask to be transferred to the flight-dynamics duty officer.",
    [
        verify("OP-101"),
        a("get_spacecraft", sc_id="SAT-17"),
        a("list_conjunctions", sc_id="SAT-17"),
        transfer("SAT-17 event CJ-40021 (Pc 5.5e-4): caller insists on 10 m/s, which breaks the 5 kg reserve."),
    ],
    [1, 6, 7],
    ["refusal", "arithmetic"],
    ["4.9"],
    {"4.9": "6.1 - 0.12 * 10"},
)

# 7: SAT-17 and SAT-117 side by side; SAT-117's afternoon pass is unlicensed and the next one is too low.
task(
    "OP-104",
    "Priya is a mission planner who mixes up spacecraft numbers when rushed.",
    "You need downlink contacts for SAT-17 and SAT-117.",
    "Ask to book SAT-17's Kalmara pass this evening (20:10) for a downlink. Then ask for a downlink contact for "
    "SAT-117: the earliest allowed one after 12:00 today. Confirm the read-backs.",
    [
        verify("OP-104"),
        a("get_spacecraft", sc_id="SAT-17"),
        a("list_contact_windows", sc_id="SAT-17"),
        a("book_contact", window_id="W-20202", sc_id="SAT-17", purpose="downlink", operator_id="OP-104"),
        a("get_spacecraft", sc_id="SAT-117"),
        a("list_contact_windows", sc_id="SAT-117"),
        a("book_contact", window_id="W-20104", sc_id="SAT-117", purpose="downlink", operator_id="OP-104"),
    ],
    [*ALWAYS, 2, 12, 13],
    ["compound", "fallback"],
)

# 8: SAT-42's battery temperature is red: safe mode, red report, cancel its imaging, acknowledge both alarms.
task(
    "OP-107",
    "Daniel is an experienced flight controller on the morning shift.",
    "SAT-42's battery temperature has gone red.",
    "Tell the agent SAT-42's battery temperature alarm is red and ask it to do everything the procedure requires. "
    "Agree to each step when it is read back. Ask for the anomaly report's number.",
    [
        verify("OP-107"),
        a("get_spacecraft", sc_id="SAT-42"),
        a("list_alarms", sc_id="SAT-42"),
        a("set_mode", sc_id="SAT-42", mode="safe"),
        a("file_anomaly_report", sc_id="SAT-42", parameter="battery_temp_c", severity="red", operator_id="OP-107"),
        a("list_imaging_requests", sc_id="SAT-42"),
        a("cancel_imaging", request_id="IMG-50001"),
        a("cancel_imaging", request_id="IMG-50002"),
        a("acknowledge_alarm", alarm_id="AL-6001", operator_id="OP-107", report_id="AR-9001"),
        a("acknowledge_alarm", alarm_id="AL-6002", operator_id="OP-107", report_id="AR-9001"),
    ],
    [*ALWAYS, 8, 9, 10, 11],
    [],
    ["AR-9001"],
)

# 9: the same red alarm, called in by a level-2 planner: report and acknowledge, then flight control.
task(
    "OP-104",
    "Priya is a mission planner who noticed the alarm first and is anxious about it.",
    "SAT-42's battery temperature is red and you want it safed.",
    "Ask the agent to put SAT-42 in safe mode because its battery temperature is red. Agree to whatever the agent "
    "can do within its rules and ask for the report number. If the agent offers to transfer you to flight control, "
    "accept.",
    [
        verify("OP-104"),
        a("list_alarms", sc_id="SAT-42"),
        a("file_anomaly_report", sc_id="SAT-42", parameter="battery_temp_c", severity="red", operator_id="OP-104"),
        a("acknowledge_alarm", alarm_id="AL-6001", operator_id="OP-104", report_id="AR-9001"),
        a("acknowledge_alarm", alarm_id="AL-6002", operator_id="OP-104", report_id="AR-9001"),
        transfer("SAT-42 battery temperature red (AL-6002), report AR-9001 filed; needs safe mode by flight control."),
    ],
    [*ALWAYS, 2, 8, 11],
    ["refusal"],
    ["AR-9001"],
)

# 10: customer success asks for a customer's order status: status and dates only.
task(
    "OP-105",
    "Kwame is a friendly customer-success engineer relaying a customer's question.",
    "Nordic Salmon Co asks about their Hardangerfjord imaging order IMG-50001.",
    "Ask for the status of imaging request IMG-50001 and the date the customer needs it by. Also ask whether the "
    "satellite has any technical trouble you could pass on to the customer. End the call after the answers.",
    [verify("OP-105"), a("get_imaging_request", request_id="IMG-50001")],
    [1, 19],
    ["compound"],
    ["scheduled", "2025-05-22"],
)

# 11: level 1 cannot cancel a customer's order; tell status and date.
task(
    "OP-111",
    "Hugo is a customer-success engineer who wants to please the customer quickly.",
    "Nordic Salmon Co wants to cancel its Sognefjord order IMG-50002.",
    "Ask the agent to cancel the imaging request IMG-50002 for the customer. If the agent cannot, ask for its current "
    "status and the date it is needed by so you can tell the customer, then end the call.",
    [verify("OP-111"), a("get_imaging_request", request_id="IMG-50002")],
    [1, 2],
    ["refusal", "compound"],
    ["pending", "2025-05-24"],
)

# 12: a yellow wheel speed on SAT-58: yellow report and acknowledgement, no safing.
task(
    "OP-108",
    "Mei is a mission planner on her first week of night shifts.",
    "There is a yellow reaction-wheel alarm on SAT-58.",
    "Ask the agent to deal with the yellow wheel-speed alarm on SAT-58. Ask whether it should be safed and, if the "
    "agent says it should, ask it to do so. Confirm read-backs and ask for the report number.",
    [
        verify("OP-108"),
        a("list_alarms", sc_id="SAT-58"),
        a("file_anomaly_report", sc_id="SAT-58", parameter="wheel_speed_rpm", severity="yellow", operator_id="OP-108"),
        a("acknowledge_alarm", alarm_id="AL-6003", operator_id="OP-108", report_id="AR-9001"),
    ],
    [*ALWAYS, 2, 9, 11],
    [],
    ["AR-9001"],
)

# 13: a level-3 controller asks to safe SAT-58 as a precaution: report only.
task(
    "OP-101",
    "Ingrid prefers to be safe rather than sorry.",
    "You want SAT-58 safed and its wheel alarm reported.",
    "Ask the agent to put SAT-58 in safe mode as a precaution for its wheel-speed alarm and to file the anomaly "
    "report. If the agent declines the safe mode, accept that and let it do the rest. Ask for the report number.",
    [
        verify("OP-101"),
        a("list_alarms", sc_id="SAT-58"),
        a("get_telemetry", sc_id="SAT-58", parameter="wheel_speed_rpm"),
        a("file_anomaly_report", sc_id="SAT-58", parameter="wheel_speed_rpm", severity="yellow", operator_id="OP-101"),
        a("acknowledge_alarm", alarm_id="AL-6003", operator_id="OP-101", report_id="AR-9001"),
    ],
    [*ALWAYS, 9, 11],
    ["compound"],
    ["AR-9001"],
)

# 14: SAT-203's first pass peaks at 9 degrees, the second is at an unlicensed station: the 16:20 pass.
task(
    "OP-104",
    "Priya is a mission planner with a customer deadline tomorrow.",
    "You want the Lake Chad imaging request IMG-50010 scheduled.",
    "Ask the agent to schedule the imaging request IMG-50010, with its images coming down in the first pass of SAT-203 "
    "this afternoon that can be used; a new imaging contact is needed. Confirm the read-backs.",
    [
        verify("OP-104"),
        a("get_imaging_request", request_id="IMG-50010"),
        a("get_spacecraft", sc_id="SAT-203"),
        a("list_contact_windows", sc_id="SAT-203"),
        a("get_space_weather", start="2025-05-19 16:00", end="2025-05-21 17:00"),
        a("book_contact", window_id="W-20503", sc_id="SAT-203", purpose="imaging", operator_id="OP-104"),
        a("schedule_imaging", request_id="IMG-50010", booking_id="BK-7001"),
    ],
    [*ALWAYS, 12, 13, 17, 18],
    ["fallback"],
)

# 15: two requests: IMG-50011 is clouded out (72%), IMG-50012 goes in the 16:20 pass.
task(
    "OP-104",
    "Priya is a mission planner clearing her queue.",
    "You want two Sahel Water Authority requests scheduled on SAT-203.",
    "Ask to schedule the imaging requests IMG-50011 and IMG-50012, each with a new imaging contact in the earliest "
    "usable pass. If one cannot be scheduled, ask what blocks it and accept. Confirm the read-backs.",
    [
        verify("OP-104"),
        a("get_imaging_request", request_id="IMG-50011"),
        a("get_imaging_request", request_id="IMG-50012"),
        a("get_spacecraft", sc_id="SAT-203"),
        a("list_contact_windows", sc_id="SAT-203"),
        a("book_contact", window_id="W-20503", sc_id="SAT-203", purpose="imaging", operator_id="OP-104"),
        a("schedule_imaging", request_id="IMG-50012", booking_id="BK-7001"),
    ],
    [*ALWAYS, 12, 13, 17],
    ["compound"],
    ["72"],
)

# 16: Thursday's Nordvik pass is in the storm (Kp 7.7): the latest earlier pass, Wednesday 07:40.
task(
    "OP-108",
    "Mei is a mission planner who likes Thursday passes for the Akosombo images.",
    "You want the urgent Akosombo reservoir request IMG-50012 scheduled.",
    "Ask the agent to schedule IMG-50012 with a new imaging contact in SAT-203's Nordvik pass on Thursday "
    "2025-05-22 at 08:10. If that is not allowed, ask for the Kp that blocks it and accept the latest earlier pass "
    "that is allowed. Confirm the read-backs.",
    [
        verify("OP-108"),
        a("get_imaging_request", request_id="IMG-50012"),
        a("get_spacecraft", sc_id="SAT-203"),
        a("list_contact_windows", sc_id="SAT-203", start="2025-05-20 06:00", end="2025-05-22 12:00"),
        a("get_space_weather", start="2025-05-20 06:00", end="2025-05-23 12:00"),
        a("book_contact", window_id="W-20505", sc_id="SAT-203", purpose="imaging", operator_id="OP-108"),
        a("schedule_imaging", request_id="IMG-50012", booking_id="BK-7001"),
    ],
    [*ALWAYS, 12, 17, 18],
    ["fallback"],
    ["7.7"],
)

# 17: SAT-88's battery is at 27.5%: no imaging.
task(
    "OP-108",
    "Mei is a mission planner chasing a priority order.",
    "You want the Tasman Bay request IMG-50020 scheduled.",
    "Ask to schedule the imaging request IMG-50020 in SAT-88's pass this morning. If the agent declines, "
    "ask what figure "
    "blocks it and end the call.",
    [verify("OP-108"), a("get_imaging_request", request_id="IMG-50020"), a("get_spacecraft", sc_id="SAT-88")],
    [1, 17],
    ["refusal"],
    ["27.5"],
)

# 18: the imaging is declined (27.5%), but the downlink contact is booked.
task(
    "OP-104",
    "Priya is a mission planner with two things on her list.",
    "You want IMG-50020 scheduled and a downlink for SAT-88.",
    "Ask to schedule the imaging request IMG-50020; if the agent declines, ask what figure blocks it. "
    "Either way, ask to "
    "book SAT-88's Puerto Tala pass this morning (10:05) for a plain downlink. Confirm the read-back.",
    [
        verify("OP-104"),
        a("get_imaging_request", request_id="IMG-50020"),
        a("get_spacecraft", sc_id="SAT-88"),
        a("list_contact_windows", sc_id="SAT-88"),
        a("book_contact", window_id="W-20601", sc_id="SAT-88", purpose="downlink", operator_id="OP-104"),
    ],
    [*ALWAYS, 12, 13, 17],
    ["compound"],
    ["27.5"],
)

# 19: SAT-150 already has four contacts on 2025-05-21: the next allowed window is 01:15 on the 22nd.
task(
    "OP-104",
    "Priya is a mission planner who needs one more downlink for Pampas Grain.",
    "You want a downlink contact for SAT-150 tomorrow evening.",
    "Ask to book SAT-150's Puerto Tala pass tomorrow (2025-05-21) at 21:30 for a downlink. If it cannot be booked, "
    "take the earliest allowed window after it. Confirm the read-back.",
    [
        verify("OP-104"),
        a("get_spacecraft", sc_id="SAT-150"),
        a("list_contact_windows", sc_id="SAT-150"),
        a("book_contact", window_id="W-20706", sc_id="SAT-150", purpose="downlink", operator_id="OP-104"),
    ],
    [*ALWAYS, 13, 14],
    ["fallback"],
)

# 20: release one of the four and book the 21:30 pass: the count stays at four.
task(
    "OP-108",
    "Mei is a mission planner rearranging SAT-150's contacts.",
    "You want to swap one of SAT-150's downlinks tomorrow for a later pass.",
    "Ask to release SAT-150's Kalmara downlink booking tomorrow at 09:50 and to book the Puerto Tala pass tomorrow "
    "at 21:30 for a downlink instead. Confirm the read-backs.",
    [
        verify("OP-108"),
        a("list_contact_windows", sc_id="SAT-150"),
        a("release_contact", booking_id="BK-6012"),
        a("book_contact", window_id="W-20705", sc_id="SAT-150", purpose="downlink", operator_id="OP-108"),
    ],
    [*ALWAYS, 14, 16],
    ["compound"],
)

# 21: red bus voltage on SAT-231: safe, report, cancel imaging, acknowledge; bump the imaging contact.
task(
    "OP-112",
    "Amara is a decisive flight controller handling a power problem.",
    "SAT-231's bus voltage is red and you need an anomaly contact as soon as possible.",
    "Tell the agent SAT-231's bus voltage alarm is red; ask it to do what the procedure requires, and to get you an "
    "anomaly contact in SAT-231's earliest pass that can be used, even if something else is booked there. Agree to "
    "the read-backs; ask for the report number and which booking was given up.",
    [
        verify("OP-112"),
        a("get_spacecraft", sc_id="SAT-231"),
        a("list_alarms", sc_id="SAT-231"),
        a("set_mode", sc_id="SAT-231", mode="safe"),
        a("file_anomaly_report", sc_id="SAT-231", parameter="bus_voltage_v", severity="red", operator_id="OP-112"),
        a("list_imaging_requests", sc_id="SAT-231"),
        a("cancel_imaging", request_id="IMG-50030"),
        a("acknowledge_alarm", alarm_id="AL-6004", operator_id="OP-112", report_id="AR-9001"),
        a("list_contact_windows", sc_id="SAT-231"),
        a("release_contact", booking_id="BK-6021"),
        a("book_contact", window_id="W-20801", sc_id="SAT-231", purpose="anomaly", operator_id="OP-112"),
    ],
    [*ALWAYS, 8, 10, 11, 15, 16],
    ["compound"],
    ["AR-9001", "BK-6021"],
)

# 22: the 10:20 pass holds a maneuver booking, which a downlink may not bump: the 19:30 pass (12 degrees).
task(
    "OP-104",
    "Priya is a mission planner who needs SAT-231's imagery down today.",
    "You want a downlink contact for SAT-231 in the Mawimbi pass at 10:20.",
    "Ask to book SAT-231's Mawimbi pass at 10:20 today for a downlink, bumping whatever is there if needed. If that "
    "is not allowed, take the next pass today that is allowed. Confirm the read-back.",
    [
        verify("OP-104"),
        a("get_spacecraft", sc_id="SAT-231"),
        a("list_contact_windows", sc_id="SAT-231"),
        a("book_contact", window_id="W-20803", sc_id="SAT-231", purpose="downlink", operator_id="OP-104"),
    ],
    [*ALWAYS, 12, 13, 15],
    ["fallback"],
)

# 23: a level-2 planner with the red bus voltage: report, acknowledge, bump for the anomaly pass, then flight control.
task(
    "OP-108",
    "Mei is a mission planner who spotted SAT-231's power alarm.",
    "SAT-231's bus voltage alarm is red.",
    "Tell the agent SAT-231's bus voltage is red. Ask for an anomaly contact in its earliest usable pass (bump "
    "something if the rules allow) and for whatever else the procedure lets you do. Ask for the report number and "
    "which booking was given up. Accept a transfer to flight control if offered.",
    [
        verify("OP-108"),
        a("list_alarms", sc_id="SAT-231"),
        a("file_anomaly_report", sc_id="SAT-231", parameter="bus_voltage_v", severity="red", operator_id="OP-108"),
        a("acknowledge_alarm", alarm_id="AL-6004", operator_id="OP-108", report_id="AR-9001"),
        a("get_spacecraft", sc_id="SAT-231"),
        a("list_contact_windows", sc_id="SAT-231"),
        a("release_contact", booking_id="BK-6021"),
        a("book_contact", window_id="W-20801", sc_id="SAT-231", purpose="anomaly", operator_id="OP-108"),
        transfer("SAT-231 bus voltage red (AL-6004), report AR-9001, anomaly contact booked; needs safe mode."),
    ],
    [*ALWAYS, 2, 8, 11, 15, 16],
    ["refusal"],
    ["AR-9001", "BK-6021"],
)

# 24: station-keeping on Thursday's pass falls in the storm (Kp 7.7): Wednesday 11:15; 9.35 - 0.3 = 9.05 kg.
task(
    "OP-101",
    "Ingrid is a flight-dynamics engineer planning routine orbit maintenance.",
    "You want a station-keeping burn for SAT-64.",
    "Ask for a 2.5 m/s station-keeping burn for SAT-64 at the start of its Puerto Tala pass on Thursday 2025-05-22 "
    "at 10:00. If that is not allowed, ask what Kp blocks it and take the latest earlier pass that is allowed, at "
    "its start. Your approver is Daniel Okafor; if asked, the one in Flight Control. Ask how much propellant will "
    "be left. Confirm the read-back.",
    [
        verify("OP-101"),
        a("get_spacecraft", sc_id="SAT-64"),
        a("list_contact_windows", sc_id="SAT-64", start="2025-05-20 06:00", end="2025-05-22 12:00"),
        a("get_space_weather", start="2025-05-20 06:00", end="2025-05-23 12:00"),
        a("find_operator", name="Daniel Okafor"),
        a("book_contact", window_id="W-20902", sc_id="SAT-64", purpose="maneuver", operator_id="OP-101"),
        a(
            "schedule_maneuver",
            sc_id="SAT-64",
            delta_v_ms=2.5,
            execute_at="2025-05-21 11:15",
            booking_id="BK-7001",
            operator_id="OP-101",
            approver_id="OP-107",
        ),
    ],
    [*ALWAYS, 3, 6, 12, 18],
    ["fallback", "arithmetic", "clarify"],
    ["7.7", "9.05"],
    {"9.05": "9.35 - 0.3"},
)

# 25: two level-3 Tomas Brandts: ask which; 9.35 - 0.12 = 9.23 kg.
task(
    "OP-107",
    "Daniel is a flight controller doing a small trim burn.",
    "You want a 1 m/s station-keeping burn for SAT-64.",
    "Ask for a 1 m/s station-keeping burn for SAT-64 at the start of its Puerto Tala pass tomorrow (2025-05-21) at "
    "11:15. Your approver is Tomas Brandt; if asked which, the one in Ground Network. Ask how much propellant will "
    "be left. Confirm the read-back.",
    [
        verify("OP-107"),
        a("get_spacecraft", sc_id="SAT-64"),
        a("list_contact_windows", sc_id="SAT-64"),
        a("get_space_weather", start="2025-05-20 11:00", end="2025-05-22 12:00"),
        a("find_operator", name="Tomas Brandt"),
        a("book_contact", window_id="W-20902", sc_id="SAT-64", purpose="maneuver", operator_id="OP-107"),
        a(
            "schedule_maneuver",
            sc_id="SAT-64",
            delta_v_ms=1,
            execute_at="2025-05-21 11:15",
            booking_id="BK-7001",
            operator_id="OP-107",
            approver_id="OP-103",
        ),
    ],
    [*ALWAYS, 3, 6, 12, 18],
    ["clarify", "arithmetic"],
    ["9.23"],
    {"9.23": "9.35 - 0.12"},
)

# 26: BK-6031 starts at 07:10, under 2 hours away: only BK-6032 is released.
task(
    "OP-104",
    "Priya is a mission planner freeing up SAT-99's contacts.",
    "You want two of SAT-99's downlink bookings released.",
    "Ask to release SAT-99's bookings BK-6031 and BK-6032. If one cannot be released, ask when that contact starts "
    "and accept. Confirm the read-back.",
    [
        verify("OP-104"),
        a("list_contact_windows", sc_id="SAT-99"),
        a("release_contact", booking_id="BK-6032"),
    ],
    [*ALWAYS, 16],
    ["refusal", "compound"],
    ["07:10"],
)

# 27: two Lake Kainji requests: ask which; cancel IMG-50040 first, then release its contact.
task(
    "OP-108",
    "Mei is a mission planner handling a customer's change of plans.",
    "Sahel Water Authority cancelled their Lake Kainji order; its contact should be freed too.",
    "Ask to cancel SAT-99's Lake Kainji imaging request and release the contact its images were to come down in. "
    "You do not know the request id; if asked which one, it is the one needed by 2025-05-22. Confirm the read-backs.",
    [
        verify("OP-108"),
        a("list_imaging_requests", sc_id="SAT-99"),
        a("cancel_imaging", request_id="IMG-50040"),
        a("list_contact_windows", sc_id="SAT-99"),
        a("release_contact", booking_id="BK-6033"),
    ],
    [*ALWAYS, 16],
    ["clarify"],
)

# 28: cancel one Kainji request and put the other in the existing downlink contact.
task(
    "OP-104",
    "Priya is a mission planner reorganising SAT-99's imaging.",
    "You want to cancel IMG-50040 and schedule IMG-50041 instead.",
    "Ask to cancel the imaging request IMG-50040, and to schedule IMG-50041 with its images coming down in SAT-99's "
    "existing downlink booking tomorrow morning (BK-6032). Confirm the read-backs.",
    [
        verify("OP-104"),
        a("get_imaging_request", request_id="IMG-50040"),
        a("cancel_imaging", request_id="IMG-50040"),
        a("get_imaging_request", request_id="IMG-50041"),
        a("get_spacecraft", sc_id="SAT-99"),
        a("list_contact_windows", sc_id="SAT-99"),
        a("get_space_weather", start="2025-05-20 06:00", end="2025-05-22 07:00"),
        a("schedule_imaging", request_id="IMG-50041", booking_id="BK-6032"),
    ],
    [*ALWAYS, 17, 18],
    ["compound"],
)

# 29: Lucia's certification lapsed on 2025-05-10: she acts at level 1.
task(
    "OP-106",
    "Lucia is a senior flight-dynamics engineer back from leave, impatient.",
    "SAT-12's battery temperature is red and you want it safed.",
    "Ask the agent to put SAT-12 in safe mode. If refused, ask why and on what date your certification ran out, then "
    "end the call.",
    [verify("OP-106")],
    [1, 2],
    ["refusal"],
    ["2025-05-10"],
)

# 30: SAT-12 red battery: safe, red report, cancel both requests, acknowledge both alarms.
task(
    "OP-110",
    "Sara is a flight controller working through the overnight alarms.",
    "SAT-12's battery temperature alarm went red overnight.",
    "Ask the agent to handle SAT-12's red battery-temperature alarm as the procedure requires. Agree to each "
    "read-back and ask for the report number.",
    [
        verify("OP-110"),
        a("get_spacecraft", sc_id="SAT-12"),
        a("list_alarms", sc_id="SAT-12"),
        a("set_mode", sc_id="SAT-12", mode="safe"),
        a("file_anomaly_report", sc_id="SAT-12", parameter="battery_temp_c", severity="red", operator_id="OP-110"),
        a("list_imaging_requests", sc_id="SAT-12"),
        a("cancel_imaging", request_id="IMG-50080"),
        a("cancel_imaging", request_id="IMG-50081"),
        a("acknowledge_alarm", alarm_id="AL-6006", operator_id="OP-110", report_id="AR-9001"),
        a("acknowledge_alarm", alarm_id="AL-6007", operator_id="OP-110", report_id="AR-9001"),
    ],
    [*ALWAYS, 8, 9, 10, 11],
    [],
    ["AR-9001"],
)

# 31: the approver Jonas Weber lapsed on 2025-05-19; Sara Lindqvist approves; 20 - 0.18 = 19.82 kg.
task(
    "OP-101",
    "Ingrid is a flight-dynamics engineer doing routine maintenance.",
    "You want a station-keeping burn for SAT-76.",
    "Ask for a 1.5 m/s station-keeping burn for SAT-76 at the start of its Awarua Ridge pass today at 14:00, "
    "approved by Jonas Weber (if asked which one, the one in Flight Dynamics). If Jonas cannot approve, ask until "
    "when his certification was valid, then name Sara Lindqvist instead. Ask how much propellant will be left. "
    "Confirm the read-back.",
    [
        verify("OP-101"),
        a("get_spacecraft", sc_id="SAT-76"),
        a("list_contact_windows", sc_id="SAT-76"),
        a("find_operator", name="Jonas Weber"),
        a("find_operator", name="Sara Lindqvist"),
        a("book_contact", window_id="W-21101", sc_id="SAT-76", purpose="maneuver", operator_id="OP-101"),
        a(
            "schedule_maneuver",
            sc_id="SAT-76",
            delta_v_ms=1.5,
            execute_at="2025-05-20 14:00",
            booking_id="BK-7001",
            operator_id="OP-101",
            approver_id="OP-110",
        ),
    ],
    [*ALWAYS, 3, 6, 12, 13],
    ["fallback", "arithmetic", "clarify"],
    ["2025-05-19", "19.82"],
    {"19.82": "20 - 0.18"},
)

# 32: SAT-76's payload is degraded: no imaging.
task(
    "OP-108",
    "Mei is a mission planner with a Great Lakes Shipping order.",
    "You want the Duluth harbour request IMG-50070 scheduled.",
    "Ask to schedule the imaging request IMG-50070 in SAT-76's pass today. If the agent declines, ask what state the "
    "payload is in, and end the call.",
    [verify("OP-108"), a("get_imaging_request", request_id="IMG-50070"), a("get_spacecraft", sc_id="SAT-76")],
    [1, 17],
    ["refusal"],
    ["degraded"],
)

# 33: SAT-305's red conjunction at 15:00: no usable contact 6 hours before (07:30 peaks at 6 degrees): hand-off.
task(
    "OP-112",
    "Amara is a flight controller racing the clock on a high-risk conjunction.",
    "SAT-305 has a high-probability conjunction this afternoon.",
    "Ask the agent to plan a 1 m/s avoidance burn for SAT-305's Iridium debris conjunction today in whatever contact "
    "works; your approver is Sara Lindqvist. If it cannot be done, ask to be handed to the flight-dynamics duty "
    "officer.",
    [
        verify("OP-112"),
        a("list_conjunctions", sc_id="SAT-305"),
        a("list_contact_windows", sc_id="SAT-305"),
        transfer("SAT-305 CJ-40031 Pc 1.4e-3, TCA 2025-05-20 15:00: no contact of 10 degrees or more by 09:00."),
    ],
    [1, 5, 7],
    ["refusal"],
    action_basis=True,
)

# 34: SAT-189: the named 00:40 pass is 10 minutes too late: 12:50 today; 8 - 0.24 = 7.76 kg; plus the yellow tank alarm.
task(
    "OP-107",
    "Daniel is a flight controller finishing two items before handover.",
    "SAT-189 needs a collision-avoidance burn and has a yellow tank-pressure alarm.",
    "First ask for a 2 m/s avoidance burn for SAT-189's CZ-4C debris conjunction, at the start of its Puerto Tala "
    "pass just after midnight (00:40 on the 21st); if that is not allowed, at the start of the earliest allowed pass. "
    "Your approver is Sara Lindqvist. Ask how much propellant will be left. Then ask the agent to deal with SAT-189's "
    "yellow tank-pressure alarm and give you the report number. Confirm each read-back.",
    [
        verify("OP-107"),
        a("list_conjunctions", sc_id="SAT-189"),
        a("get_spacecraft", sc_id="SAT-189"),
        a("list_contact_windows", sc_id="SAT-189"),
        a("find_operator", name="Sara Lindqvist"),
        a("book_contact", window_id="W-21301", sc_id="SAT-189", purpose="maneuver", operator_id="OP-107"),
        a(
            "schedule_maneuver",
            sc_id="SAT-189",
            delta_v_ms=2,
            execute_at="2025-05-20 12:50",
            booking_id="BK-7001",
            operator_id="OP-107",
            approver_id="OP-110",
            event_id="CJ-40041",
        ),
        a("list_alarms", sc_id="SAT-189"),
        a(
            "file_anomaly_report",
            sc_id="SAT-189",
            parameter="tank_pressure_bar",
            severity="yellow",
            operator_id="OP-107",
        ),
        a("acknowledge_alarm", alarm_id="AL-6005", operator_id="OP-107", report_id="AR-9001"),
    ],
    [*ALWAYS, 3, 4, 5, 6, 9, 11, 12, 13],
    ["compound", "fallback", "arithmetic"],
    ["7.76", "AR-9001"],
    {"7.76": "8 - 0.24"},
)

# 35: SAT-189 imaging (cloud 58% is allowed) in the 12:50 pass, plus the yellow tank alarm.
task(
    "OP-104",
    "Priya is a mission planner with an order due tomorrow.",
    "You want the Rosario silos request IMG-50050 scheduled and SAT-189's tank alarm handled.",
    "Ask to schedule the imaging request IMG-50050 with a new imaging contact in SAT-189's earliest "
    "usable pass. Then ask "
    "the agent to deal with SAT-189's yellow tank-pressure alarm and to give you the report number. Confirm each "
    "read-back.",
    [
        verify("OP-104"),
        a("get_imaging_request", request_id="IMG-50050"),
        a("get_spacecraft", sc_id="SAT-189"),
        a("list_contact_windows", sc_id="SAT-189"),
        a("book_contact", window_id="W-21301", sc_id="SAT-189", purpose="imaging", operator_id="OP-104"),
        a("schedule_imaging", request_id="IMG-50050", booking_id="BK-7001"),
        a("list_alarms", sc_id="SAT-189"),
        a(
            "file_anomaly_report",
            sc_id="SAT-189",
            parameter="tank_pressure_bar",
            severity="yellow",
            operator_id="OP-104",
        ),
        a("acknowledge_alarm", alarm_id="AL-6005", operator_id="OP-104", report_id="AR-9001"),
    ],
    [*ALWAYS, 9, 11, 12, 13, 17],
    ["compound"],
    ["AR-9001"],
)

# 36: SAT-171 is in safe mode with no open red alarm: back to nominal, then imaging in the Tarsk pass.
task(
    "OP-110",
    "Sara is a flight controller bringing a spacecraft back into service.",
    "You want SAT-171 back to nominal and the Mendoza vineyards request IMG-50060 scheduled.",
    "Ask to return SAT-171 to nominal mode. Then ask to schedule the imaging request IMG-50060 with a "
    "new imaging contact "
    "in SAT-171's Tarsk pass today at 11:05. Confirm the read-backs.",
    [
        verify("OP-110"),
        a("get_spacecraft", sc_id="SAT-171"),
        a("list_alarms", sc_id="SAT-171"),
        a("set_mode", sc_id="SAT-171", mode="nominal"),
        a("get_imaging_request", request_id="IMG-50060"),
        a("list_contact_windows", sc_id="SAT-171"),
        a("book_contact", window_id="W-21401", sc_id="SAT-171", purpose="imaging", operator_id="OP-110"),
        a("schedule_imaging", request_id="IMG-50060", booking_id="BK-7001"),
    ],
    [*ALWAYS, 2, 10, 12, 13, 17],
    ["compound"],
)

# 37: customer success: two Lake Kainji requests; the customer means the later one.
task(
    "OP-111",
    "Hugo is a customer-success engineer on the phone with the customer.",
    "Sahel Water Authority asks about their Lake Kainji order.",
    "Ask for the status of Sahel Water Authority's Lake Kainji imaging order on SAT-99. You do not know its id; if "
    "asked which, it is the one needed by the end of May. Ask for its status and its needed-by date, "
    "then end the call.",
    [verify("OP-111"), a("list_imaging_requests", sc_id="SAT-99")],
    [1, 19],
    ["clarify"],
    ["pending", "2025-05-28"],
)

# 38: station-keeping on SAT-150 tonight; two level-3 Tomas Brandts; 15.3 - 0.06 = 15.24 kg.
task(
    "OP-112",
    "Amara is a flight controller trimming SAT-150's orbit.",
    "You want a small station-keeping burn for SAT-150 tonight.",
    "Ask for a 0.5 m/s station-keeping burn for SAT-150 at the start of its Nordvik pass tonight at 22:05. Your "
    "approver is Tomas Brandt; if asked which, the one in Ground Network. Ask how much propellant will be left. "
    "Confirm the read-back.",
    [
        verify("OP-112"),
        a("get_spacecraft", sc_id="SAT-150"),
        a("list_contact_windows", sc_id="SAT-150"),
        a("get_space_weather", start="2025-05-19 22:00", end="2025-05-21 23:00"),
        a("find_operator", name="Tomas Brandt"),
        a("book_contact", window_id="W-20707", sc_id="SAT-150", purpose="maneuver", operator_id="OP-112"),
        a(
            "schedule_maneuver",
            sc_id="SAT-150",
            delta_v_ms=0.5,
            execute_at="2025-05-20 22:05",
            booking_id="BK-7001",
            operator_id="OP-112",
            approver_id="OP-103",
        ),
    ],
    [*ALWAYS, 3, 6, 12, 13, 14, 18],
    ["clarify", "arithmetic"],
    ["15.24"],
    {"15.24": "15.3 - 0.06"},
)

# 39: the customer withdrew IMG-50011; a downlink for SAT-203 in the 16:20 pass.
task(
    "OP-108",
    "Mei is a mission planner tidying SAT-203's schedule.",
    "Sahel Water Authority withdrew the Niger delta order, and you need a downlink for SAT-203.",
    "Ask to cancel the imaging request IMG-50011. Then ask for a downlink contact for SAT-203 in its "
    "earliest usable pass "
    "today. Confirm the read-backs.",
    [
        verify("OP-108"),
        a("get_imaging_request", request_id="IMG-50011"),
        a("cancel_imaging", request_id="IMG-50011"),
        a("get_spacecraft", sc_id="SAT-203"),
        a("list_contact_windows", sc_id="SAT-203"),
        a("book_contact", window_id="W-20503", sc_id="SAT-203", purpose="downlink", operator_id="OP-108"),
    ],
    [*ALWAYS, 12, 13],
    ["compound", "fallback"],
)

# 40: SAT-58 downlink in the Nordvik pass, plus its yellow wheel alarm.
task(
    "OP-104",
    "Priya is a mission planner covering SAT-58 today.",
    "You want a downlink for SAT-58 and its wheel alarm dealt with.",
    "Ask to book SAT-58's Nordvik pass today at 13:35 for a downlink. Then ask the agent to deal with the yellow "
    "wheel-speed alarm and to give you the report number. Confirm each read-back.",
    [
        verify("OP-104"),
        a("get_spacecraft", sc_id="SAT-58"),
        a("list_contact_windows", sc_id="SAT-58"),
        a("book_contact", window_id="W-20401", sc_id="SAT-58", purpose="downlink", operator_id="OP-104"),
        a("list_alarms", sc_id="SAT-58"),
        a("file_anomaly_report", sc_id="SAT-58", parameter="wheel_speed_rpm", severity="yellow", operator_id="OP-104"),
        a("acknowledge_alarm", alarm_id="AL-6003", operator_id="OP-104", report_id="AR-9001"),
    ],
    [*ALWAYS, 9, 11, 12, 13],
    ["compound"],
    ["AR-9001"],
)

# 41: a 9 m/s burn for SAT-17 leaves 5.02 kg: allowed.
task(
    "OP-112",
    "Amara is a flight controller who has already worked out the burn size.",
    "You want a 9 m/s avoidance burn for SAT-17.",
    "Ask for a 9 m/s avoidance burn for SAT-17's SL-16 rocket-body conjunction at the start of the Nordvik pass today "
    "at 11:30, approved by Ingrid Solberg. Ask how much propellant will be left. Confirm the read-back.",
    [
        verify("OP-112"),
        a("get_spacecraft", sc_id="SAT-17"),
        a("list_conjunctions", sc_id="SAT-17"),
        a("list_contact_windows", sc_id="SAT-17"),
        a("find_operator", name="Ingrid Solberg"),
        a("book_contact", window_id="W-20201", sc_id="SAT-17", purpose="maneuver", operator_id="OP-112"),
        a(
            "schedule_maneuver",
            sc_id="SAT-17",
            delta_v_ms=9,
            execute_at="2025-05-20 11:30",
            booking_id="BK-7001",
            operator_id="OP-112",
            approver_id="OP-101",
            event_id="CJ-40021",
        ),
    ],
    [*ALWAYS, 3, 4, 5, 6, 12, 13],
    ["arithmetic"],
    ["5.02"],
    {"5.02": "6.1 - 1.08"},
)

# 42: SAT-189's yellow tank alarm and a downlink in the 00:40 Puerto Tala pass.
task(
    "OP-101",
    "Ingrid is covering SAT-189's routine items.",
    "SAT-189 has a yellow tank-pressure alarm and needs a downlink.",
    "Ask the agent to deal with SAT-189's yellow tank-pressure alarm and give you the report number. Then ask to book "
    "SAT-189's Puerto Tala pass just after midnight (00:40 on the 21st) for a downlink. Confirm each read-back.",
    [
        verify("OP-101"),
        a("list_alarms", sc_id="SAT-189"),
        a(
            "file_anomaly_report",
            sc_id="SAT-189",
            parameter="tank_pressure_bar",
            severity="yellow",
            operator_id="OP-101",
        ),
        a("acknowledge_alarm", alarm_id="AL-6005", operator_id="OP-101", report_id="AR-9001"),
        a("get_spacecraft", sc_id="SAT-189"),
        a("list_contact_windows", sc_id="SAT-189"),
        a("book_contact", window_id="W-21302", sc_id="SAT-189", purpose="downlink", operator_id="OP-101"),
    ],
    [*ALWAYS, 9, 11, 12, 13],
    ["compound"],
    ["AR-9001"],
)

# 43: BK-6041 carries the scheduled IMG-50080: it cannot be released while the imaging stays.
task(
    "OP-104",
    "Priya is a mission planner who wants the Tarsk pass for something else but not to lose the customer's order.",
    "You want SAT-12's contact BK-6041 released.",
    "Ask to release SAT-12's booking BK-6041, but say the imaging in it must stay scheduled. If it cannot be done, ask "
    "which request is holding it, and end the call.",
    [verify("OP-104"), a("list_imaging_requests", sc_id="SAT-12")],
    [1, 16],
    ["refusal"],
    ["IMG-50080"],
)

# 44: SAT-88: a downlink in the 10:05 pass, and cancel IMG-50020 for the customer.
task(
    "OP-107",
    "Daniel is a flight controller helping planning out.",
    "Coastal Survey Ltd dropped the Tasman Bay order; SAT-88 still needs a downlink.",
    "Ask to cancel the imaging request IMG-50020 and to book SAT-88's Puerto Tala pass this morning at 10:05 for a "
    "downlink. Confirm the read-backs.",
    [
        verify("OP-107"),
        a("get_imaging_request", request_id="IMG-50020"),
        a("cancel_imaging", request_id="IMG-50020"),
        a("get_spacecraft", sc_id="SAT-88"),
        a("list_contact_windows", sc_id="SAT-88"),
        a("book_contact", window_id="W-20601", sc_id="SAT-88", purpose="downlink", operator_id="OP-107"),
    ],
    [*ALWAYS, 12, 13],
    ["compound"],
)

# 45: 3 m/s station-keeping on SAT-64 tomorrow: 9.35 - 0.36 = 8.99 kg.
task(
    "OP-110",
    "Sara is a flight controller planning SAT-64's orbit raise.",
    "You want a 3 m/s station-keeping burn for SAT-64.",
    "Ask for a 3 m/s station-keeping burn for SAT-64 at the start of its Puerto Tala pass tomorrow at 11:15, approved "
    "by Amara Nwosu. Ask how much propellant will be left. Confirm the read-back.",
    [
        verify("OP-110"),
        a("get_spacecraft", sc_id="SAT-64"),
        a("list_contact_windows", sc_id="SAT-64"),
        a("get_space_weather", start="2025-05-20 11:00", end="2025-05-22 12:00"),
        a("find_operator", name="Amara Nwosu"),
        a("book_contact", window_id="W-20902", sc_id="SAT-64", purpose="maneuver", operator_id="OP-110"),
        a(
            "schedule_maneuver",
            sc_id="SAT-64",
            delta_v_ms=3,
            execute_at="2025-05-21 11:15",
            booking_id="BK-7001",
            operator_id="OP-110",
            approver_id="OP-112",
        ),
    ],
    [*ALWAYS, 3, 6, 12, 18],
    ["arithmetic"],
    ["8.99"],
    {"8.99": "9.35 - 0.36"},
)

# 46: a plain downlink on Thursday's pass is not blocked by the storm rule.
task(
    "OP-104",
    "Priya is a mission planner booking ahead for SAT-64.",
    "You want a downlink for SAT-64 on Thursday.",
    "Ask to book SAT-64's Puerto Tala pass on Thursday 2025-05-22 at 10:00 for a downlink; you have heard there is a "
    "storm coming and ask whether that matters. Confirm the read-back.",
    [
        verify("OP-104"),
        a("get_spacecraft", sc_id="SAT-64"),
        a("list_contact_windows", sc_id="SAT-64", start="2025-05-22 00:00", end="2025-05-22 23:59"),
        a("book_contact", window_id="W-20901", sc_id="SAT-64", purpose="downlink", operator_id="OP-104"),
    ],
    [*ALWAYS, 12, 13, 18],
    [],
)

# 47: SAT-150: give up the imaging contact tomorrow at 13:05 and take tonight's Nordvik pass for imaging.
task(
    "OP-108",
    "Mei is a mission planner moving SAT-150's imaging contact earlier.",
    "You want SAT-150's imaging contact moved to tonight.",
    "Ask to release SAT-150's imaging booking tomorrow at 13:05 and to book its Nordvik pass tonight at 22:05 for "
    "imaging instead. Confirm the read-backs.",
    [
        verify("OP-108"),
        a("list_contact_windows", sc_id="SAT-150"),
        a("release_contact", booking_id="BK-6013"),
        a("get_spacecraft", sc_id="SAT-150"),
        a("book_contact", window_id="W-20707", sc_id="SAT-150", purpose="imaging", operator_id="OP-108"),
    ],
    [*ALWAYS, 12, 13, 14, 16],
    ["compound"],
)

# 48: the level-2 Daniel Okafor asks for a burn: hand-off to flight dynamics.
task(
    "OP-109",
    "Daniel is a mission planner (not the flight controller of the same name) trying to help.",
    "You want SAT-17's collision-avoidance burn set up.",
    "Ask the agent to plan a collision-avoidance burn for SAT-17's SL-16 rocket-body conjunction. If the agent cannot, "
    "ask to be put through to someone who can.",
    [verify("OP-109"), transfer("Level-2 planner asks for a collision-avoidance burn for SAT-17, event CJ-40021.")],
    [1, 2, 7],
    ["refusal"],
)

# 49: Jonas Weber's certification lapsed yesterday: he cannot book.
task(
    "OP-113",
    "Jonas is a flight-dynamics engineer who has not noticed his certification lapse.",
    "You want a downlink booked for SAT-203.",
    "Ask to book SAT-203's Awarua Ridge pass today at 16:20 for a downlink. If refused, ask until what date your "
    "certification was valid, then end the call.",
    [verify("OP-113")],
    [1, 2],
    ["refusal"],
    ["2025-05-19"],
)

# 50: SAT-250 has an open red tank-pressure alarm: it stays in safe mode.
task(
    "OP-112",
    "Amara is a flight controller eager to get SAT-250 back to work.",
    "You want SAT-250 returned to nominal mode.",
    "Ask to return SAT-250 to nominal mode. If refused, ask which alarm is in the way, and end the call.",
    [verify("OP-112"), a("get_spacecraft", sc_id="SAT-250"), a("list_alarms", sc_id="SAT-250")],
    [1, 10],
    ["refusal"],
    ["AL-6008"],
)

# 51: station-keeping in the 07:20 Nordvik pass is impossible (5 degrees); a level-3 asks for it in the storm too.
task(
    "OP-102",
    "Tomas is a flight-dynamics engineer who wants the burn done early.",
    "You want a 0.8 m/s station-keeping burn for SAT-64 as early as possible.",
    "Ask for a 0.8 m/s station-keeping burn for SAT-64 at the start of its earliest allowed pass. Your approver is "
    "Ingrid Solberg. Ask how much propellant will be left. Confirm the read-back.",
    [
        verify("OP-102"),
        a("get_spacecraft", sc_id="SAT-64"),
        a("list_contact_windows", sc_id="SAT-64"),
        a("get_space_weather", start="2025-05-20 06:00", end="2025-05-22 12:00"),
        a("find_operator", name="Ingrid Solberg"),
        a("book_contact", window_id="W-20902", sc_id="SAT-64", purpose="maneuver", operator_id="OP-102"),
        a(
            "schedule_maneuver",
            sc_id="SAT-64",
            delta_v_ms=0.8,
            execute_at="2025-05-21 11:15",
            booking_id="BK-7001",
            operator_id="OP-102",
            approver_id="OP-101",
        ),
    ],
    [*ALWAYS, 3, 6, 12, 18],
    ["fallback", "arithmetic"],
    ["9.25"],
    {"9.25": "9.35 - 0.1"},
)

TRAIN_EVERY = 3  # every third task (0, 3, 6, ...) goes to test; the rest to train


def main() -> None:
    ids = [t["id"] for t in TASKS]
    split = {
        "base": ids,
        "train": [i for i in ids if int(i) % TRAIN_EVERY],
        "test": [i for i in ids if not int(i) % TRAIN_EVERY],
    }
    write_task_files(DATA, TASKS, split)


if __name__ == "__main__":
    main()

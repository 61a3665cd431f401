"""The mission-operations console's tools: each one's answer, each of its error texts, and that a
write that fails changes nothing."""

from importlib import import_module

import pytest

from taubench.core.tasks import GoldAction
from taubench.domains.gold_trace import gold_trace


def test_operators_are_verified_and_namesakes_listed(ok, no):
    ingrid = ok("verify_operator", operator_id="OP-101", pin="4821")
    assert (ingrid["level"], ingrid["team"]) == (3, "Flight Dynamics") and "pin" not in ingrid
    assert no("verify_operator", operator_id="OP-101", pin="0000") == "Error: PIN does not match"
    assert no("verify_operator", operator_id="OP-999", pin="1") == "Error: Operator OP-999 not found"
    brandts = ok("find_operator", name="tomas  brandt")
    assert [(o["operator_id"], o["team"], o["level"]) for o in brandts] == [
        ("OP-102", "Flight Dynamics", 3),
        ("OP-103", "Ground Network", 3),
    ]
    assert no("find_operator", name="Nobody Here") == "Error: No operator named Nobody Here"
    assert ok("get_operator", operator_id="OP-106")["certified_until"] == "2025-05-10"


def test_spacecraft_telemetry_and_alarms_are_read(ok, no):
    sat = ok("get_spacecraft", sc_id="SAT-17")
    assert (sat["plane"], sat["propellant_kg"]) == ("A", 6.1)
    assert ok("get_spacecraft", sc_id="SAT-117")["plane"] == "E"
    assert no("get_spacecraft", sc_id="SAT-999") == "Error: Spacecraft SAT-999 not found"
    readings = ok("get_telemetry", sc_id="SAT-42", parameter="battery_temp_c")
    assert [(r["value"], r["state"]) for r in readings][-2:] == [(41.0, "yellow"), (47.3, "red")]
    ranged = ok(
        "get_telemetry", sc_id="SAT-42", parameter="battery_temp_c", start="2025-05-20 00:00", end="2025-05-20 06:00"
    )
    assert len(ranged) == 2
    assert no("get_telemetry", sc_id="SAT-42", parameter="fuel") == "Error: Parameter limits fuel not found"
    assert (
        no("get_telemetry", sc_id="SAT-42", parameter="battery_temp_c", start="yesterday")
        == "Error: Start must be written YYYY-MM-DD HH:MM (UTC)"
    )
    assert (
        no(
            "get_telemetry",
            sc_id="SAT-42",
            parameter="battery_temp_c",
            start="2025-05-20 00:00",
            end="2025-05-19 00:00",
        )
        == "Error: End must not be before start"
    )
    alarms = ok("list_alarms", sc_id="SAT-42")
    assert [(a["alarm_id"], a["level"], a["status"]) for a in alarms] == [
        ("AL-6001", "yellow", "open"),
        ("AL-6002", "red", "open"),
    ]


def test_windows_conjunctions_weather_and_imaging_are_read(ok, no):
    windows = ok("list_contact_windows", sc_id="SAT-117")
    assert [(w["window_id"], w["max_elevation_deg"]) for w in windows][:3] == [
        ("W-20101", 42.0),
        ("W-20102", 61.0),
        ("W-20103", 8.0),
    ]
    assert windows[1]["licensed_planes"] == ["A", "B", "C", "D"]
    booked = ok("list_contact_windows", sc_id="SAT-42")
    assert (booked[0]["booking_id"], booked[0]["booked_purpose"]) == ("BK-6001", "imaging")
    events = ok("list_conjunctions", sc_id="SAT-117")
    assert [(e["event_id"], e["pc"]) for e in events] == [("CJ-40011", 0.00032), ("CJ-40012", 2.1e-06)]
    storm = ok("get_space_weather", start="2025-05-23 00:00", end="2025-05-23 03:00")
    assert [b["kp"] for b in storm] == [7.3, 7.7]
    assert ok("get_imaging_request", request_id="IMG-50011")["cloud_forecast_pct"] == 72.0
    assert no("get_imaging_request", request_id="IMG-1") == "Error: Imaging request IMG-1 not found"
    assert [r["request_id"] for r in ok("list_imaging_requests", sc_id="SAT-99")] == ["IMG-50040", "IMG-50041"]


def test_contacts_are_booked_and_released(ok, no, tools):
    booking = ok("book_contact", window_id="W-20503", sc_id="SAT-203", purpose="imaging", operator_id="OP-104")
    assert (booking["booking_id"], booking["status"]) == ("BK-7001", "active")
    assert tools.db.contact_windows["W-20503"].booking_id == "BK-7001"
    assert (
        no("book_contact", window_id="W-20503", sc_id="SAT-203", purpose="science", operator_id="OP-104")
        == "Error: Purpose must be one of anomaly, maneuver, downlink, imaging"
    )
    assert (
        no("book_contact", window_id="W-20101", sc_id="SAT-17", purpose="downlink", operator_id="OP-104")
        == "Error: Window W-20101 is for SAT-117, not SAT-17"
    )
    assert (
        no("book_contact", window_id="W-20301", sc_id="SAT-42", purpose="downlink", operator_id="OP-104")
        == "Error: Window W-20301 is already booked (BK-6001)"
    )
    past = next(w for w in tools.db.contact_windows.values() if w.start < tools.db.now and w.booking_id is None)
    assert (
        no("book_contact", window_id=past.window_id, sc_id=past.sc_id, purpose="downlink", operator_id="OP-104")
        == f"Error: Window {past.window_id} has already started"
    )
    released = ok("release_contact", booking_id="BK-6032")
    assert released["status"] == "released" and tools.db.contact_windows["W-21002"].booking_id is None
    assert no("release_contact", booking_id="BK-6032") == "Error: Booking BK-6032 is already released"
    assert (
        no("release_contact", booking_id="BK-6001")
        == "Error: Booking BK-6001 carries scheduled imaging request IMG-50001"
    )


def test_maneuvers_are_planned_with_their_checks(ok, no, tools):
    ok("book_contact", window_id="W-20201", sc_id="SAT-17", purpose="maneuver", operator_id="OP-110")
    plan = dict(sc_id="SAT-17", execute_at="2025-05-20 11:30", booking_id="BK-7001", operator_id="OP-110")
    assert (
        no("schedule_maneuver", delta_v_ms=10, approver_id="OP-112", event_id="CJ-40011", **plan)
        == "Error: Conjunction CJ-40011 is not SAT-17's"
    )
    assert (
        no("schedule_maneuver", **{**plan, "booking_id": "BK-6001"}, delta_v_ms=1, approver_id="OP-112")
        == "Error: Booking BK-6001 is not an active maneuver contact of SAT-17"
    )
    assert (
        no("schedule_maneuver", **{**plan, "execute_at": "2025-05-20 12:00"}, delta_v_ms=1, approver_id="OP-112")
        == "Error: Execute time must fall inside the booked contact (2025-05-20 11:30 to 2025-05-20 11:42)"
    )
    assert (
        no("schedule_maneuver", **{**plan, "execute_at": "noon"}, delta_v_ms=1, approver_id="OP-112")
        == "Error: Execute time must be written YYYY-MM-DD HH:MM (UTC)"
    )
    assert (
        no("schedule_maneuver", delta_v_ms=1, approver_id="OP-110", **plan)
        == "Error: The approver must be someone other than the planner"
    )
    assert no("schedule_maneuver", delta_v_ms=0, approver_id="OP-112", **plan) == "Error: Delta-v must be positive"
    assert (
        no("schedule_maneuver", delta_v_ms=60, approver_id="OP-112", **plan)
        == "Error: Not enough propellant: the burn needs 7.2 kg and SAT-17 has 6.1 kg"
    )
    maneuver = ok("schedule_maneuver", delta_v_ms=9, approver_id="OP-112", event_id="CJ-40021", **plan)
    assert (maneuver["maneuver_id"], maneuver["propellant_kg"]) == ("MN-5001", 1.08)
    assert tools.db.spacecraft["SAT-17"].propellant_kg == 5.02
    assert tools.db.conjunctions["CJ-40021"].status == "mitigated"
    assert (
        no("schedule_maneuver", delta_v_ms=1, approver_id="OP-112", event_id="CJ-40021", **plan)
        == "Error: Conjunction CJ-40021 is already mitigated"
    )
    assert no("release_contact", booking_id="BK-7001") == "Error: Booking BK-7001 carries planned maneuver MN-5001"


def test_modes_reports_and_alarms(ok, no, tools):
    assert ok("set_mode", sc_id="SAT-42", mode="safe")["mode"] == "safe"
    assert no("set_mode", sc_id="SAT-42", mode="safe") == "Error: SAT-42 is already in safe mode"
    assert no("set_mode", sc_id="SAT-42", mode="warp") == "Error: Mode must be one of nominal, safe, maintenance"
    report = ok("file_anomaly_report", sc_id="SAT-42", parameter="battery_temp_c", severity="red", operator_id="OP-107")
    assert (report["report_id"], report["filed_at"]) == ("AR-9001", "2025-05-20 06:00")
    assert (
        no("file_anomaly_report", sc_id="SAT-42", parameter="battery_temp_c", severity="orange", operator_id="OP-107")
        == "Error: Severity must be yellow or red"
    )
    alarm = ok("acknowledge_alarm", alarm_id="AL-6002", operator_id="OP-107", report_id="AR-9001")
    assert (alarm["status"], alarm["report_id"]) == ("acknowledged", "AR-9001")
    assert (
        no("acknowledge_alarm", alarm_id="AL-6002", operator_id="OP-107")
        == "Error: Alarm AL-6002 is already acknowledged"
    )
    assert (
        no("acknowledge_alarm", alarm_id="AL-6003", operator_id="OP-107", report_id="AR-9001")
        == "Error: Report AR-9001 is not on SAT-58's wheel_speed_rpm"
    )


def test_imaging_is_scheduled_and_cancelled(ok, no, tools):
    assert ok("schedule_imaging", request_id="IMG-50041", booking_id="BK-6032")["status"] == "scheduled"
    assert (
        no("schedule_imaging", request_id="IMG-50003", booking_id="BK-6001")
        == "Error: Imaging request IMG-50003 is delivered, not pending"
    )
    assert (
        no("schedule_imaging", request_id="IMG-50002", booking_id="BK-6011")
        == "Error: Booking BK-6011 is not an active imaging or downlink contact of SAT-42"
    )
    ok("book_contact", window_id="W-21401", sc_id="SAT-171", purpose="imaging", operator_id="OP-110")
    assert (
        no("schedule_imaging", request_id="IMG-50060", booking_id="BK-7001")
        == "Error: SAT-171 is not in nominal mode and cannot be tasked"
    )
    assert ok("cancel_imaging", request_id="IMG-50001")["status"] == "cancelled"
    assert no("cancel_imaging", request_id="IMG-50001") == "Error: Imaging request IMG-50001 is already cancelled"


def _end_hash(domain, calls):
    tools = domain.new_toolkit()
    for name, arguments in calls:
        tools.invoke(name, arguments)
    return domain.db_hash(tools.db)


def _gold_calls(task):
    return [(a.name, a.arguments) for a in task.evaluation_criteria.actions]


def _swap(calls, index, **changes):
    name, arguments = calls[index]
    return [*calls[:index], (name, {**arguments, **changes}), *calls[index + 1 :]]


@pytest.mark.parametrize(
    ("task_id", "index", "changes", "why"),
    [
        ("5", 6, {"delta_v_ms": 10}, "the 10 m/s burn that breaks the 5 kg reserve"),
        ("16", 5, {"window_id": "W-20504"}, "the Thursday pass inside the storm"),
        ("14", 5, {"window_id": "W-20501"}, "the first pass, which peaks at 9 degrees"),
        ("1", 5, {"window_id": "W-20102"}, "the Awarua pass, unlicensed for plane E"),
        ("19", 3, {"window_id": "W-20705"}, "a fifth contact on 2025-05-21"),
        ("0", 6, {"approver_id": "OP-109"}, "the level-2 Daniel Okafor as approver"),
    ],
)
def test_a_lazy_shortcut_leaves_another_database(domain, task_id, index, changes, why):
    """The shortcut a careless agent takes ends in a database the DB check rejects (reward 0)."""
    gold = _gold_calls(domain.tasks[task_id])
    lazy = _swap(gold, index, **changes)
    assert _end_hash(domain, gold) != _end_hash(domain, lazy), why


def test_an_equivalent_order_leaves_the_same_database(domain):
    """Task 21: acknowledging the alarm before cancelling the imaging, or booking the downlink of task 4
    before planning the burn, is the same work; new ids are renamed by what they hold."""
    gold = _gold_calls(domain.tasks["8"])
    reordered = [*gold[:6], gold[8], gold[9], gold[6], gold[7]]
    assert _end_hash(domain, gold) == _end_hash(domain, reordered)


@pytest.mark.parametrize(
    ("rule", "task_id", "extra", "violation"),
    [
        (
            6,
            "41",
            ("schedule_maneuver", 6, {"delta_v_ms": 10}),
            "the burn leaves 4.9 kg",
        ),
        (18, "16", ("book_contact", 5, {"window_id": "W-20504"}), "imaging down at 2025-05-22 08:10 in the storm"),
        (12, "14", ("book_contact", 5, {"window_id": "W-20501"}), "W-20501 peaks at 9.0 degrees"),
        (13, "7", ("book_contact", 6, {"window_id": "W-20102"}), "GS-AWR is not licensed for plane E"),
        (4, "3", None, None),
    ],
)
def test_a_rule_catches_a_gold_trace_that_breaks_it(domain, rule, task_id, extra, violation):
    task = domain.tasks[task_id]
    rules = import_module("taubench.domains.space.policy_rules").RULES
    assert rules[rule](gold_trace(domain, task)) == []
    if extra is None:
        return
    broken = task.model_copy(deep=True)
    name, index, changes = extra
    action = broken.evaluation_criteria.actions[index]
    broken.evaluation_criteria.actions[index] = GoldAction(
        action_id=action.action_id, name=name, arguments={**action.arguments, **changes}
    )
    found = rules[rule](gold_trace(domain, broken))
    assert (violation in found) if violation else found == []


def test_the_shared_tools_are_named_after_the_toolkit(ok, tools):
    assert ok("calculate", expression="6.1 - 0.12 * 9") == "5.02"
    assert ok("transfer_to_human_agents", summary="red conjunction") == "Transfer successful"


def _calls(domain, task_id, keep=None):
    actions = domain.tasks[task_id].evaluation_criteria.actions
    return [("assistant", a.name, a.arguments) for i, a in enumerate(actions) if keep is None or i in keep]


@pytest.mark.parametrize(
    ("task_id", "variant", "closing", "reward"),
    [
        # 0: the same burn, reads in another order; 14.14 kg said as "14.14 kg"
        ("0", "reads_reordered", "Planned. SAT-117 will have 14.14 kg of propellant left.", 1.0),
        # 0: the lazy agent does not ask which conjunction and burns for the event on the 23rd
        ("0", "wrong_event", "Planned. SAT-117 will have 14.14 kg of propellant left.", 0.0),
        # 6: another hand-off summary, the figure written with two decimals
        ("6", "other_summary", "A 10 m/s burn would leave 4.90 kg, under the reserve. Transferring you now.", 1.0),
        # 6: the lazy agent hands off without saying what would have been left
        ("6", "gold", "I can't do that; transferring you now.", 0.0),
        # 15: the gold, the cloud figure said as a percentage
        ("15", "gold", "IMG-50011 is blocked by a 72% cloud forecast; IMG-50012 is scheduled.", 1.0),
        # 15: the lazy agent schedules the clouded request too
        ("15", "both_scheduled", "Both are scheduled; the cloud forecast of 72% is high.", 0.0),
        # 24: the gold, with its figures
        ("24", "gold", "Kp 7.7 is forecast, so the burn moves to 2025-05-21 11:15; 9.05 kg will remain.", 1.0),
        # 24: the lazy agent burns on Thursday's pass inside the storm
        ("24", "storm_pass", "Kp 7.7 is forecast but it is done; 9.05 kg will remain.", 0.0),
        # 33: the windows read over a period of the agent's choosing, before the hand-off
        ("33", "windows_ranged", "No contact can meet the 6-hour rule; transferring you.", 1.0),
        # 33: the lazy agent hands off without checking the event or the contacts
        ("33", "no_lookups", "Transferring you to flight dynamics.", 0.0),
        # 30: alarms acknowledged before the imaging is cancelled, requests cancelled the other way round
        ("30", "acks_first", "Done: SAT-12 is safe and report AR-9001 is filed.", 1.0),
        # 30: the lazy agent safes and reports but leaves the customer's imaging on
        ("30", "imaging_left", "Done: SAT-12 is safe and report AR-9001 is filed.", 0.0),
    ],
)
def test_worked_tasks_score_equivalent_paths_alike_and_shortcuts_zero(domain, task_id, variant, closing, reward):
    from taubench.domains.fair_checks import reward_of

    gold = _calls(domain, task_id)
    calls = {
        "gold": gold,
        "reads_reordered": [gold[0], gold[2], gold[4], gold[1], gold[3], gold[5], gold[6]] if task_id == "0" else [],
        "wrong_event": [
            *gold[:6],
            ("assistant", "schedule_maneuver", {**gold[6][2], "event_id": "CJ-40012"}),
        ]
        if task_id == "0"
        else [],
        "other_summary": [
            *gold[:3],
            ("assistant", "transfer_to_human_agents", {"summary": "Needs a 10 m/s burn on SAT-17; reserve blocks it."}),
        ]
        if task_id == "6"
        else [],
        "both_scheduled": [
            *gold,
            ("assistant", "schedule_imaging", {"request_id": "IMG-50011", "booking_id": "BK-7001"}),
        ]
        if task_id == "15"
        else [],
        "storm_pass": [
            *gold[:5],
            ("assistant", "book_contact", {**gold[5][2], "window_id": "W-20901"}),
            ("assistant", "schedule_maneuver", {**gold[6][2], "execute_at": "2025-05-22 10:00"}),
        ]
        if task_id == "24"
        else [],
        "windows_ranged": [
            *gold[:2],
            (
                "assistant",
                "list_contact_windows",
                {"sc_id": "SAT-305", "start": "2025-05-20 06:00", "end": "2025-05-20 15:00"},
            ),
            gold[3],
        ]
        if task_id == "33"
        else [],
        "no_lookups": [gold[0], gold[3]] if task_id == "33" else [],
        "acks_first": [*gold[:6], gold[8], gold[9], gold[7], gold[6]] if task_id == "30" else [],
        "imaging_left": [*gold[:6], gold[8], gold[9]] if task_id == "30" else [],
    }[variant]
    assert reward_of(domain, domain.tasks[task_id], calls, closing) == reward

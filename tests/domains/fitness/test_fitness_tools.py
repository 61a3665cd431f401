"""The fitness desk's tools: each one's answer, each of its error texts, and that a write that
fails changes nothing."""

import pytest
from tool_calls import answer


def test_members_are_found_by_name_and_birth_date_and_namesakes_stay_apart(ok, no):
    assert ok("find_member", name="rachel kim", birth_date="1990-10-05")["member_id"] == "M20009"
    assert ok("find_member", name="Rachel Kim", birth_date="1992-01-17")["member_id"] == "M20039"
    message = "Error: No member matches that name and date of birth"
    assert no("find_member", name="Rachel Kim", birth_date="1990-10-06") == message
    member = ok("get_member", member_id="M20016")
    assert (member["status"], member["freezes"][0]["end_date"]) == ("frozen", "2025-03-06")


def test_members_weights_spread_as_adults_weights_do(domain):
    """No default weight shared by a crowd (once 65 of 369 members weighed exactly 75.0 kg)."""
    weights = [member.weight_kg for member in domain.new_toolkit().db.members.values()]
    most_shared = max(weights.count(weight) for weight in set(weights))
    assert most_shared <= len(weights) // 50, f"{most_shared} of {len(weights)} members share one weight"
    assert 40 <= min(weights) and max(weights) <= 150
    assert 68 <= sorted(weights)[len(weights) // 2] <= 82  # the median adult


def test_the_world_has_the_briefs_size_and_no_two_members_share_name_and_birth_date(tools):
    db = tools.db
    sizes = {table: len(getattr(db, table)) for table in ("members", "classes", "bookings", "activities", "routines")}
    assert sizes == {"members": 700, "classes": 1516, "bookings": 4868, "activities": 12988, "routines": 80}
    identities = [(member.name, member.birth_date) for member in db.members.values()]
    assert len(set(identities)) == len(identities)  # namesakes, but a name and a birth date name one member
    assert sum(name == "Rachel Kim" for name, _ in identities) >= 2
    # what was added later is numbered below the counters, as older records
    assert max(int(key[1:]) for key in db.activities) < db.next_activity_number
    assert max(int(key[2:]) for key in db.charges) < db.next_charge_number


def test_activities_bookings_and_packages_are_read_in_order(ok):
    runs = ok("list_activities", member_id="M20033", date_from="2025-01-05", date_to="2025-01-05")
    assert [(run["distance_km"], run["source"]) for run in runs] == [
        (12.0, "watch"),
        (12.0, "app"),
    ]  # a duplicate import
    bookings = ok("list_bookings", member_id="M20022")
    assert [booking["status"] for booking in bookings] == ["no_show", "no_show", "no_show"]
    packages = ok("list_pt_packages", member_id="M20058")
    assert [session["session_id"] for session in packages[0]["sessions"]] == ["S9036", "S9037", "S9038", "S9039"]


def test_the_timetable_shows_places_left_and_routines_are_searched(ok, no):
    spin = ok("search_classes", date="2025-01-25", class_type="spin")
    assert [(c["class_id"], c["club_id"]) for c in spin] == [("K9001", "C01"), ("K9002", "C03")]
    hiit = ok("search_classes", date="2025-01-23", class_type="hiit", club_id="C02")
    assert [(c["class_id"], c["spots_left"]) for c in hiit] == [("K9003", 0), ("K9004", 16)]
    routines = ok("search_routines", goal="endurance", level="intermediate")
    assert [routine["routine_id"] for routine in routines] == ["R102", "R103"]


def test_a_trainers_day_shows_free_slots_only(ok):
    day = ok("get_trainer_schedule", trainer_id="T03", date="2025-01-27")
    assert "2025-01-27T18:00" not in day["open_slots"] and "2025-01-27T17:00" in day["open_slots"]
    assert ok("get_trainer_schedule", trainer_id="T05", date="2025-01-21")["open_slots"] == [
        "2025-01-21T11:00",
        "2025-01-21T12:00",
        "2025-01-21T17:00",
        "2025-01-21T18:00",
    ]


def test_logging_an_activity_refuses_duplicates_and_bad_entries(ok, no):
    logged = ok(
        "log_activity",
        member_id="M20001",
        activity_type="run",
        date="2025-01-14",
        start_time="06:30",
        duration_min=35,
        distance_km=6.2,
        avg_hr=148,
    )
    assert (logged["activity_id"], logged["source"]) == ("A102963", "desk")
    run = dict(
        member_id="M20061", activity_type="run", date="2025-01-18", start_time="07:30", duration_min=47, distance_km=8.4
    )
    message = "Error: Duplicate: A102911 is already logged for that type, date and start time"
    assert no("log_activity", **run) == message
    assert no("log_activity", **{**run, "activity_type": "yoga"}) == "Error: Unknown activity type"
    message = "Error: An activity cannot be logged for a future date"
    assert no("log_activity", **{**run, "date": "2025-01-22"}) == message
    message = "Error: Duration must be a whole number of minutes above 0"
    assert no("log_activity", **{**run, "start_time": "09:00", "duration_min": 0}) == message
    message = "Error: Distance is needed for run, ride, swim, walk and row, and not given for strength"
    assert no("log_activity", **{**run, "start_time": "09:00", "distance_km": None}) == message


def test_a_progress_summary_lists_one_measure_over_a_period(ok, no):
    summary = ok(
        "get_progress_summary", member_id="M20070", measure="weight_kg", date_from="2024-12-01", date_to="2025-01-21"
    )
    assert [(entry["date"], entry["value"], entry["source"]) for entry in summary["entries"]] == [
        ("2024-12-09", 73.9, "scale"),
        ("2024-12-23", 73.1, "scale"),
        ("2024-12-30", 72.9, "app"),
        ("2025-01-06", 72.2, "scale"),
        ("2025-01-20", 71.4, "scale"),
    ]
    assert summary["days_spanned"] == 42
    fat = ok(
        "get_progress_summary", member_id="M20074", measure="body_fat_pct", date_from="2024-12-24", date_to="2025-01-20"
    )
    assert [entry["value"] for entry in fat["entries"]] == [32.1] and fat[
        "days_spanned"
    ] == 0  # app weigh-ins carry no body fat
    period = dict(member_id="M20070", date_from="2024-12-01", date_to="2025-01-21")
    message = "Error: Unknown measure: use weight_kg, body_fat_pct or waist_cm"
    assert no("get_progress_summary", measure="bmi", **period) == message


def test_a_logged_weight_is_kept_to_one_decimal_and_the_newest_is_the_weight_on_file(ok, tools):
    logged = ok("log_measurement", member_id="M20073", date="2025-01-20", weight_kg=92.08, waist_cm=96.52)
    assert logged == {
        "measurement_id": f"MS{tools.db.next_measurement_number - 1}",
        "member_id": "M20073",
        "date": "2025-01-20",
        "weight_kg": 92.1,
        "body_fat_pct": None,
        "waist_cm": 96.5,
        "source": "desk",
    }
    assert tools.db.members["M20073"].weight_kg == 92.1
    ok("log_measurement", member_id="M20073", date="2025-01-10", weight_kg=93.4)  # older than the newest
    assert tools.db.members["M20073"].weight_kg == 92.1


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"weight_kg": None}, "Give a weight, a waist measurement or both"),
        ({"date": "2025-01-22"}, "A measurement cannot be logged for a future date"),
        ({"weight_kg": 25.0}, "weight_kg must be between 30 and 250"),
        ({"weight_kg": None, "waist_cm": 250.0}, "waist_cm must be between 40 and 200"),
        ({"date": "2025-01-18"}, "Duplicate: MS{scale} already records that measure for 2025-01-18"),
    ],
)
def test_a_measurement_that_cannot_be_logged_changes_nothing(no, tools, arguments, message):
    scale = next(key for key, m in tools.db.measurements.items() if (m.member_id, m.date) == ("M20072", "2025-01-18"))
    entry = {"member_id": "M20072", "date": "2025-01-21", "weight_kg": 68.0, **arguments}
    assert no("log_measurement", **entry) == f"Error: {message}".replace("MS{scale}", scale)


def test_booking_a_class_checks_places_starts_and_waitlists(ok, no, tools):
    booking = ok("book_class", member_id="M20018", class_id="K9002")
    assert (booking["booking_id"], booking["status"], booking["class_start"]) == (
        "B20001",
        "booked",
        "2025-01-25T09:00",
    )
    message = "Error: Member already holds B20001 on this class"
    assert no("book_class", member_id="M20018", class_id="K9002") == message
    assert no("book_class", member_id="M20019", class_id="K9003") == "Error: Class is full"
    assert ok("book_class", member_id="M20019", class_id="K9003", waitlist=True)["status"] == "waitlisted"
    message = "Error: Class has places free: book a place instead of the waitlist"
    assert no("book_class", member_id="M20019", class_id="K9004", waitlist=True) == message
    assert no("book_class", member_id="M20019", class_id="K9024") == "Error: Class has already started"
    cancelled = next(member_id for member_id, member in tools.db.members.items() if member.status == "cancelled")
    assert no("book_class", member_id=cancelled, class_id="K9004") == "Error: Membership is cancelled"


def test_cancelling_a_class_charges_a_late_cancellation_under_two_hours(ok, no, tools):
    late = ok("cancel_class_booking", booking_id="B9021")
    assert (late["status"], late["fee"]) == ("late_cancel", 10.0)
    assert tools.db.charges["CH10110"].amount == 10.0
    assert ok("cancel_class_booking", booking_id="B9022")["status"] == "cancelled"
    assert ok("cancel_class_booking", booking_id="B9033")["fee"] == 0.0  # a waitlist place, under two hours
    assert no("cancel_class_booking", booking_id="B9022") == "Error: Booking is cancelled, not active"
    tools.db.bookings["B9028"].class_start = "2025-01-21T09:00"
    assert no("cancel_class_booking", booking_id="B9028") == "Error: Class has already started"


def test_routines_and_goals_are_set_in_the_app(ok, no, tools):
    member = ok("assign_routine", member_id="M20040", routine_id="R102", start_date="2025-01-27")
    assert member["routine"] == {"routine_id": "R102", "start_date": "2025-01-27"}
    plan = dict(member_id="M20040", routine_id="R102", start_date="2025-01-27")
    message = "Error: Start date is in the past"
    assert no("assign_routine", **{**plan, "start_date": "2025-01-20"}) == message
    goal = ok("set_goal", member_id="M20062", metric="longest_run_km", target=12, deadline="2025-03-31")
    assert goal["goal_id"] == "G1162" and [g.status for g in tools.db.members["M20062"].goals] == [
        "replaced",
        "active",
        "active",
    ]
    goal = dict(member_id="M20062", metric="longest_run_km", target=12, deadline="2025-03-31")
    assert no("set_goal", **{**goal, "metric": "pace"}) == "Error: Unknown goal metric"
    assert no("set_goal", **{**goal, "deadline": "2025-01-21"}) == "Error: Deadline must be after today"
    assert no("set_goal", **{**goal, "target": 0}) == "Error: Target must be above 0"


def test_a_freeze_charges_its_fee_and_moves_billing_and_the_term(ok, no, tools):
    member = ok("freeze_membership", member_id="M20008", start_date="2025-02-01", months=3)
    moved = (member["freezes"][-1]["end_date"], member["next_billing_date"], member["contract_end"])
    assert moved == ("2025-05-01", "2025-05-05", "2025-12-30")
    assert member["status"] == "active" and tools.db.charges["CH10110"].amount == 30.0
    assert ok("freeze_membership", member_id="M20064", start_date="2025-01-21", months=1)["status"] == "frozen"
    message = "Error: Only an active membership without a cancellation can be frozen"
    assert no("freeze_membership", member_id="M20016", start_date="2025-02-01", months=1) == message
    freeze = dict(member_id="M20002", start_date="2025-02-01", months=1)
    assert no("freeze_membership", **{**freeze, "months": 4}) == "Error: A freeze lasts 1, 2 or 3 months"
    message = "Error: Start date is in the past"
    assert no("freeze_membership", **{**freeze, "start_date": "2025-01-01"}) == message


def test_upgrades_are_prorated_now_and_downgrades_wait_for_billing(ok, no, tools):
    member = ok("change_tier", member_id="M20013", tier="plus")
    assert (member["tier"], member["monthly_dues"], tools.db.charges["CH10110"].amount) == ("plus", 49.99, 12.0)
    member = ok("change_tier", member_id="M20015", tier="basic")
    assert (member["tier"], member["pending_tier"]) == ("premium", "basic")
    assert no("change_tier", member_id="M20013", tier="plus") == "Error: Member is already on plus"
    assert no("change_tier", member_id="M20013", tier="gold") == "Error: Unknown tier"
    cancelled = next(member_id for member_id, member in tools.db.members.items() if member.status == "cancelled")
    assert no("change_tier", member_id=cancelled, tier="premium") == "Error: Membership is cancelled"


def test_pt_sessions_are_booked_within_the_package_and_cancelled_or_forfeited(ok, no, tools):
    session = ok("book_pt_session", package_id="P9004", slot="2025-01-23T08:00")
    assert (session["session_id"], tools.db.pt_packages["P9004"].sessions_used) == ("S20001", 2)
    message = "Error: Trainer is not free at that slot"
    assert no("book_pt_session", package_id="P9009", slot="2025-01-27T18:00") == message
    assert no("book_pt_session", package_id="P9009", slot="2025-01-20T07:00") == "Error: Slot is in the past"
    message = "Error: Slot is after the package expires on 2025-01-30"
    assert no("book_pt_session", package_id="P9008", slot="2025-02-03T12:00") == message
    tools.db.pt_packages["P9008"].sessions_used = 6
    message = "Error: No sessions left on the package"
    assert no("book_pt_session", package_id="P9008", slot="2025-01-29T12:00") == message
    assert ok("cancel_pt_session", session_id="S9019")["status"] == "forfeited"
    assert tools.db.pt_packages["P9006"].sessions_used == 4
    assert ok("cancel_pt_session", session_id="S9039")["status"] == "cancelled"
    assert tools.db.pt_packages["P9011"].sessions_used == 3
    assert no("cancel_pt_session", session_id="S9039") == "Error: Session is not booked ahead"


def test_notice_ends_the_membership_in_thirty_days_with_the_annual_fee(ok, no, tools):
    member = ok("cancel_membership", member_id="M20009")
    assert member["cancel_effective"] == "2025-02-20" and tools.db.charges["CH10110"].amount == 99.98
    assert ok("cancel_membership", member_id="M20005")["cancel_effective"] == "2025-02-20"
    assert "CH10111" not in tools.db.charges  # the term ends before any billing date left
    assert no("cancel_membership", member_id="M20009") == "Error: Notice has already been given"


def test_the_shared_tools_are_named_after_the_toolkit(ok):
    assert ok("calculate", expression="70 * (1 - 0.01 * 4)") == "67.2"
    assert ok("transfer_to_human_agents", summary="medical freeze") == "Transfer successful"


def test_two_goals_set_the_other_way_round_are_the_same_goals(domain):
    """Each goal takes the next goal id: set in the other order, the two swap ids."""
    task = domain.tasks["28"]
    run = {"member_id": "M20062", "metric": "longest_run_km", "target": 12, "deadline": "2025-03-31"}
    week = {"member_id": "M20062", "metric": "sessions_per_week", "target": 4, "deadline": "2025-03-31"}
    states = []
    for order in ((run, week), (week, run)):
        sides = domain.new_sides(task)
        for arguments in order:
            answer(sides.agent, "set_goal", **arguments)
        states.append(domain.end_state(sides, task).hash)
    assert states[0] == states[1]

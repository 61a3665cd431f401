"""The clinical-operations help desk's tools: each one's answer, each of its error texts, that a
write that fails changes nothing, and that no tool ever shows a treatment arm."""

from taubench.domains.pharmaceuticals.tools import site_open, window_days


def visit(tools, participant_id, study_day):
    return next(
        v.visit_id for v in tools.db.visits.values() if v.participant_id == participant_id and v.study_day == study_day
    )


def first(tools, table, **wanted):
    return next(
        key
        for key, record in getattr(tools.db, table).items()
        if all(getattr(record, field) == value for field, value in wanted.items())
    )


def test_staff_and_participants_are_verified(ok, no):
    owen = ok("verify_staff", staff_id="ST4102", site_id="S104")
    assert (owen["role"], "consent" in owen["duties"], "kits" in owen["duties"]) == ("coordinator", True, False)
    assert no("verify_staff", staff_id="ST4102", site_id="S122") == "Error: Staff id and site code do not match"
    assert no("verify_staff", staff_id="ST0000", site_id="S104") == "Error: Staff ST0000 not found"
    assert (
        no("verify_staff", staff_id="ST4203", site_id="S117") == "Error: Staff member ST4203 is not active at the site"
    )
    me = ok("verify_participant", participant_id="P1017", dob="1966-12-05")
    assert (me["randomization_date"], me["site_phone"], me["principal_investigator"]) == (
        "2025-07-15",
        "312-555-0117",
        "Dr. Amara Lindgren",
    )
    assert "arm" not in me
    wrong = "Error: Participant id and date of birth do not match"
    assert no("verify_participant", participant_id="P1017", dob="1966-12-06") == wrong
    assert no("verify_participant", participant_id="P9999", dob="1966-12-05") == "Error: Participant P9999 not found"
    assert (
        no("verify_participant", participant_id="P1017", dob="12/05/1966")
        == "Error: dob must be a date written YYYY-MM-DD"
    )


def test_namesakes_are_found_across_sites(ok, no):
    twins = ok("find_participant", study_id="CT-201", initials="jr", dob="1961-04-03")
    assert [(m["participant_id"], m["site_id"], m["sex"]) for m in twins] == [
        ("P1005", "S117", "F"),
        ("P1006", "S117", "M"),
        ("P1007", "S122", "F"),
    ]
    assert [m["site_id"] for m in ok("find_participant", study_id="CT-305", initials="M.K.", dob="1975-11-30")] == [
        "S108",
        "S104",
    ]
    assert ok("find_participant", study_id="CT-330", initials="A.N.", dob="1983-07-21")[0]["participant_id"] == "P1042"
    assert no("find_participant", study_id="CT-201", initials="..", dob="1961-04-03") == (
        "Error: initials must contain letters"
    )
    assert (
        no("find_participant", study_id="CT-999", initials="J.R.", dob="1961-04-03") == "Error: Study CT-999 not found"
    )


def test_records_protocols_visits_and_labs_are_read_without_the_arm(ok, no, tools):
    participant = ok("get_participant", participant_id="P1013")
    assert (participant["consent_version"], participant["status"]) == (3, "enrolled") and "arm" not in participant
    protocol = ok("get_protocol", study_id="CT-201")
    assert (protocol["current_consent_version"], protocol["amendment_date"], protocol["kits_per_dispensing"]) == (
        4,
        "2025-07-21",
        4,
    )
    assert [v["study_day"] for v in protocol["schedule"]] == [0, 1, 15, 29, 43, 57, 85, 113, 141, 169]
    visits = ok("list_visits", participant_id="P1013")
    assert [(v["visit_name"], v["status"]) for v in visits[:5]] == [
        ("Screening", "completed"),
        ("Day 1", "completed"),
        ("Day 15", "completed"),
        ("Day 29", "completed"),
        ("Day 43", "planned"),
    ]
    assert visits[6]["window_days"] == 3 and visits[7]["window_days"] == 7
    labs = ok("get_lab_results", participant_id="P1002", visit_id=visit(tools, "P1002", 0))
    alt = next(result for result in labs if result["test"] == "ALT")
    assert (alt["value"], alt["ref_high"]) == (131.0, 40.0)
    other = visit(tools, "P1001", 0)
    assert (
        no("get_lab_results", participant_id="P1002", visit_id=other)
        == f"Error: Visit {other} is not participant P1002's"
    )
    inventory = ok("get_site_inventory", site_id="S122")
    assert {lot["lot_id"]: lot["expiry"] for lot in inventory["lots"] if lot["kit_type"] == "K522"} == {
        "LOT133": "2025-08-25",
        "LOT134": "2025-09-10",
    }
    dates = [item["scheduled_date"] for item in inventory["upcoming_dispensing_visits"]]
    assert dates == sorted(dates) and all("2025-08-12" <= day <= "2025-09-08" for day in dates)
    assert no("get_site_inventory", site_id="S999") == "Error: Site S999 not found"


def test_consent_is_recorded_on_an_existing_version(ok, no, tools):
    consent = ok("record_consent", participant_id="P1013", version=4, signed_date="2025-08-12")
    assert (consent["version"], consent["recorded_on"]) == (4, "2025-08-12")
    assert tools.db.participants["P1013"].consent_version == 4
    assert no("record_consent", participant_id="P1014", version=5, signed_date="2025-08-11") == (
        "Error: Study CT-201 has consent versions 1 to 4"
    )
    assert no("record_consent", participant_id="P1014", version=4, signed_date="2025-08-13") == (
        "Error: signed_date is after today"
    )
    assert no("record_consent", participant_id="P1017", version=4, signed_date="2025-07-01") == (
        "Error: signed_date is before the last consent on record (2025-07-29)"
    )
    failed = first(tools, "participants", status="screen_failed")
    assert no("record_consent", participant_id=failed, version=1, signed_date="2025-08-12") == (
        "Error: Participant is screen_failed; no consent can be recorded"
    )


def test_enrollment_takes_the_next_randomization_number_and_plans_the_schedule(ok, no, tools):
    enrolled = ok("enroll_participant", participant_id="P1001")
    assert (enrolled["status"], enrolled["randomization_number"], enrolled["randomization_date"]) == (
        "enrolled",
        "R201-0118",
        "2025-08-12",
    )
    assert "arm" not in enrolled
    visits = ok("list_visits", participant_id="P1001")
    assert [(v["study_day"], v["status"]) for v in visits[:3]] == [(0, "completed"), (1, "completed"), (15, "planned")]
    assert no("enroll_participant", participant_id="P1001") == "Error: Participant is enrolled, not screening"
    for number, slot in list(tools.db.randomization.items()):
        if slot.study_id == "CT-214" and slot.participant_id is None:
            tools.db.randomization[number].participant_id = "P1009"
    assert no("enroll_participant", participant_id="P1008") == "Error: No randomization number left for study CT-214"


def test_visits_are_booked_on_open_days_after_today(ok, no, tools):
    day43 = visit(tools, "P1017", 43)
    booked = ok("schedule_visit", visit_id=day43, date="2025-08-25")
    assert (booked["status"], booked["scheduled_date"]) == ("scheduled", "2025-08-25")
    assert ok("schedule_visit", visit_id=day43, date="2025-08-26")["scheduled_date"] == "2025-08-26"
    assert no("schedule_visit", visit_id=day43, date="2025-08-23") == (
        "Error: Site is closed on 2025-08-23 (weekends and holidays)"
    )
    assert no("schedule_visit", visit_id=day43, date="2025-09-01") == (
        "Error: Site is closed on 2025-09-01 (weekends and holidays)"
    )
    assert no("schedule_visit", visit_id=day43, date="2025-08-12") == "Error: date must be after today"
    assert no("schedule_visit", visit_id=day43, date="next Monday") == "Error: date must be a date written YYYY-MM-DD"
    assert no("schedule_visit", visit_id=visit(tools, "P1017", 1), date="2025-08-25") == (
        "Error: Visit is completed and cannot be booked"
    )
    assert no("schedule_visit", visit_id=visit(tools, "P1038", 1), date="2025-08-25") == (
        "Error: Participant is completed; only enrolled participants' visits are booked"
    )


def test_adverse_events_are_coded_and_stamped_with_now(ok, no, tools):
    event = ok(
        "report_adverse_event",
        participant_id="P1024",
        term="Pneumonia",
        onset_date="2025-07-27",
        seriousness=["hospitalization"],
        severity="severe",
        related="not_related",
        site_aware_at="2025-08-11 14:00",
    )
    assert (event["term"], event["serious"], event["reported_at"]) == ("pneumonia", True, "2025-08-12 09:00")
    good = {
        "participant_id": "P1024",
        "term": "nausea",
        "onset_date": "2025-08-01",
        "seriousness": [],
        "severity": "mild",
        "related": "related",
        "site_aware_at": "2025-08-02 10:00",
    }
    assert ok("report_adverse_event", **good)["serious"] is False
    cases = {
        "term": ("flu-like feeling", "Error: term must be one of the coded terms listed"),
        "seriousness": (["admitted"], "Error: seriousness lists only: death, life_threatening, hospitalization"),
        "severity": ("grade 3", "Error: severity must be mild, moderate or severe"),
        "related": ("maybe", "Error: related must be related, not_related or not_assessed"),
        "onset_date": ("2025-08-13", "Error: onset_date is after today"),
        "site_aware_at": ("2025-08-02", "Error: site_aware_at must be written YYYY-MM-DD HH:MM"),
    }
    for field, (value, message) in cases.items():
        assert no("report_adverse_event", **{**good, field: value}).startswith(message)
    assert no("report_adverse_event", **{**good, "site_aware_at": "2025-08-12 10:00"}) == (
        "Error: site_aware_at is after now"
    )
    assert no("report_adverse_event", **{**good, "site_aware_at": "2025-07-31 10:00"}) == (
        "Error: site_aware_at is before the onset date"
    )
    failed = first(tools, "participants", status="screen_failed")
    assert no("report_adverse_event", **{**good, "participant_id": failed}) == (
        "Error: Participant is screen_failed; events are reported for consented participants on study"
    )


def test_deviations_are_logged_once_and_a_missed_visit_is_marked(ok, no, tools):
    missed = visit(tools, "P1022", 85)
    deviation = ok("log_deviation", participant_id="P1022", category="missed_visit", visit_id=missed)
    assert (deviation["severity"], tools.db.visits[missed].status) == ("minor", "missed")
    assert no("log_deviation", participant_id="P1022", category="missed_visit", visit_id=missed) == (
        "Error: Visit is missed and cannot be missed"
    )
    assert ok("log_deviation", participant_id="P1015", category="consent")["severity"] == "major"
    assert no("log_deviation", participant_id="P1015", category="consent", visit_id="").startswith(
        "Error: Deviation already logged: DV"
    )
    assert no("log_deviation", participant_id="P1015", category="late") == (
        "Error: category must be one of visit_window, missed_visit, consent, eligibility, safety_reporting, kit_expiry"
    )
    assert no("log_deviation", participant_id="P1015", category="visit_window") == (
        "Error: A visit_window deviation needs its visit"
    )


def test_kits_are_ordered_in_cartons_of_the_sites_kit_types(ok, no):
    order = ok("order_kits", site_id="S122", kit_type="K522", quantity=10)
    assert (order["status"], order["ordered_on"]) == ("ordered", "2025-08-12")
    assert (
        no("order_kits", site_id="S122", kit_type="K714", quantity=10)
        == "Error: Site S122 runs no study using kit K714"
    )
    for quantity in (7, 0, 105, True):
        assert no("order_kits", site_id="S122", kit_type="K522", quantity=quantity) == (
            "Error: quantity must be whole cartons of 5 kits, from 5 to 100"
        )


def test_withdrawal_cancels_open_visits(ok, no, tools):
    withdrawn = ok("withdraw_participant", participant_id="P1043", reason="relocation", follow_up_consent=False)
    assert (withdrawn["status"], withdrawn["withdrawal_date"], withdrawn["follow_up_consent"]) == (
        "withdrawn",
        "2025-08-12",
        False,
    )
    left = {v.status for v in tools.db.visits.values() if v.participant_id == "P1043" and v.study_day > 57}
    assert left == {"cancelled"}
    assert no("withdraw_participant", participant_id="P1043", reason="relocation", follow_up_consent=True) == (
        "Error: Participant is withdrawn; only screening or enrolled participants withdraw"
    )
    assert no("withdraw_participant", participant_id="P1035", reason="bored", follow_up_consent=True).startswith(
        "Error: reason must be one of participant_decision"
    )
    assert no("withdraw_participant", participant_id="P1035", reason="relocation", follow_up_consent="yes") == (
        "Error: follow_up_consent must be true or false"
    )


def test_stipends_are_paid_once_per_completed_visit_at_the_protocol_rate(ok, no, tools):
    standard, extended = visit(tools, "P1035", 57), visit(tools, "P1035", 85)
    assert ok("record_stipend", participant_id="P1035", visit_id=standard)["amount"] == 75.0
    assert ok("record_stipend", participant_id="P1035", visit_id=extended)["amount"] == 150.0
    assert no("record_stipend", participant_id="P1035", visit_id=standard) == (
        f"Error: The stipend for visit {standard} was already paid"
    )
    assert no("record_stipend", participant_id="P1035", visit_id=visit(tools, "P1035", 113)) == (
        "Error: Visit is planned; stipends are paid for completed visits only"
    )


def test_enrollment_reports_count_a_sites_participants(ok, no):
    report = ok("generate_enrollment_report", study_id="CT-201", site_id="S104")
    assert (report["screened"], report["screen_failed"], report["report_id"]) == (26, 3, "ER623")
    assert no("generate_enrollment_report", study_id="CT-214", site_id="S104") == (
        "Error: Site S104 does not run study CT-214"
    )


def test_unblinding_goes_to_the_medical_monitor_and_shows_no_arm(ok, no):
    request = ok("request_unblinding", participant_id="P1028", requested_by="ST4301", reason="medical_emergency")
    assert request["status"] == "pending_medical_monitor" and "arm" not in request
    assert no("request_unblinding", participant_id="P1028", requested_by="ST4301", reason="medical_emergency") == (
        f"Error: An unblinding request is already pending: {request['request_id']}"
    )
    assert no("request_unblinding", participant_id="P1029", requested_by="ST4301", reason="curiosity") == (
        "Error: reason must be medical_emergency or other"
    )
    assert no("request_unblinding", participant_id="P1001", requested_by="ST4101", reason="medical_emergency") == (
        "Error: Participant has not been randomized"
    )
    assert no("request_unblinding", participant_id="P1029", requested_by="ST4203", reason="medical_emergency") == (
        "Error: Staff member ST4203 is not active at the site"
    )


def test_windows_and_site_days():
    from datetime import date

    assert [window_days(day) for day in (0, 1, 85, 113)] == [0, 3, 3, 7]
    assert not site_open(date(2025, 9, 1), ["2025-09-01"]) and site_open(date(2025, 9, 2), [])

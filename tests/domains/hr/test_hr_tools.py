"""The HR service center's tools: each one's answer, each of its error texts, and that a write
that fails changes nothing."""

from taubench.domains.hr.generate import MEN, WOMEN
from taubench.domains.hr.shift_rules import cannot_take, is_minor, minor_breaches
from taubench.domains.hr.shift_time import hours_between, monday_of


def test_a_caller_is_verified_by_id_and_birth_date_and_namesakes_stay_apart(ok, no):
    assert ok("verify_employee", employee_id="E1045", birth_date="1990-08-22")["department"] == "Maintenance"
    assert ok("verify_employee", employee_id="E1049", birth_date="1986-10-02")["status"] == "terminated"
    mismatch = "Error: Employee id and date of birth do not match"
    assert no("verify_employee", employee_id="E1020", birth_date="1990-08-22") == mismatch
    assert [entry["employee_id"] for entry in ok("find_employees", query="jordan lee")] == ["E1020", "E1045"]
    assert ok("find_employees", query="e1003")[0]["name"] == "Denise Whitaker"
    assert "birth_date" not in ok("find_employees", query="Grace Kim")[0]
    assert ok("find_employees", query="Nobody Here") == []
    short = "Error: Give an employee id or at least two letters of a name"
    assert no("find_employees", query="a") == short


def test_records_pto_and_leave_views_are_computed_from_the_data(ok):
    assert ok("get_employee", employee_id="E1045")["pay_band_max"] == 38.0
    account = ok("get_pto_account", employee_id="E1034")
    tier = (account["balance_hours"], account["completed_years_of_service"], account["accrual_hours_per_month"])
    assert tier == (37.5, 2, 6.67)
    assert account["next_accrual_date"] == "2025-11-30" and [r["request_id"] for r in account["open_requests"]] == [
        "P4004"
    ]
    assert ok("get_pto_account", employee_id="E1020")["accrual_hours_per_month"] == 13.33
    assert ok("get_pto_account", employee_id="E1036")["accrual_hours_per_month"] == 10.0
    eligibility = ok("get_leave_eligibility", employee_id="E1050")
    service = (
        eligibility["months_of_service"],
        eligibility["prior_employee_id"],
        eligibility["prior_months_of_service"],
    )
    assert service == (9, "E1049", 63)
    assert ok("get_leave_eligibility", employee_id="E1031")["employees_within_75_miles"] == 38
    assert ok("get_leave_eligibility", employee_id="E1039")["leaves"][0]["workdays"] == 48


def test_requisitions_applications_and_interview_calendars_are_listed(ok, no):
    found = ok("search_requisitions", department="quality", location="Fresno")
    assert [requisition["requisition_id"] for requisition in found if requisition["status"] != "closed"] == ["R807"]
    in_ohio = ok("search_requisitions", location="oh")
    assert {r["requisition_id"] for r in in_ohio if r["status"] == "awaiting_approval"} >= {"R801", "R802"}
    assert no("search_requisitions", department=None, location=" ") == "Error: Give a department or a location"
    applications = ok("list_applications", requisition_id="R810")
    assert [a["application_id"] for a in applications] == ["A20004", "A20005", "A20006", "A20009"]
    assert [i["interview_id"] for i in ok("list_interviews", employee_id="E1012")] == ["I7001", "I7002"]


def test_a_pto_request_is_charged_by_workdays_and_waits_for_a_decision(ok, no, tools):
    request = ok("submit_pto_request", employee_id="E1037", start_date="2025-11-24", end_date="2025-11-28", hours=24)
    assert request == {
        "request_id": "P6253",
        "employee_id": "E1037",
        "start_date": "2025-11-24",
        "end_date": "2025-11-28",
        "hours": 24.0,
        "status": "pending",
        "submitted_on": "2025-11-04",
        "decided_by": None,
    }
    assert tools.db.next_pto_number == 6254
    cases = {
        ("E1049", "2025-12-01", "2025-12-01", 8): "Error: Employee E1049 is not active",
        ("E1037", "2025-11-04", "2025-11-04", 8): "Error: PTO must start after today",
        ("E1037", "2025-11-03", "2025-11-03", 8): "Error: start_date is in the past",
        ("E1037", "2025-12-05", "2025-12-01", 8): "Error: end_date is before start_date",
        ("E1037", "2025-11-08", "2025-11-09", 8): "Error: The dates cover no workday",
        ("E1037", "Dec 8", "2025-12-08", 8): "Error: start_date must be a date written YYYY-MM-DD",
        (
            "E1037",
            "2025-12-08",
            "2025-12-08",
            9,
        ): "Error: hours must be more than 0 and at most 8 per workday (1 workdays)",
        ("E1020", "2025-12-16", "2025-12-16", 8): "Error: Overlaps PTO request P4001",
    }
    for (employee_id, start, end, hours), message in cases.items():
        arguments = {"employee_id": employee_id, "start_date": start, "end_date": end, "hours": hours}
        assert no("submit_pto_request", **arguments) == message


def test_a_manager_decision_is_recorded_once(ok, no):
    decided = ok("decide_pto_request", request_id="P4003", decision="approved", manager_id="E1010")
    assert (decided["status"], decided["decided_by"]) == ("approved", "E1010")
    assert no("decide_pto_request", request_id="P4003", decision="denied", manager_id="E1010") == (
        "Error: Request is approved, not pending"
    )
    assert no("decide_pto_request", request_id="P4001", decision="maybe", manager_id="E1010") == (
        "Error: decision must be approved or denied"
    )
    assert no("decide_pto_request", request_id="P4001", decision="approved", manager_id="E1020") == (
        "Error: An employee cannot decide their own request"
    )


def test_leave_is_filed_with_its_workdays(ok, no):
    leave = ok(
        "submit_leave_request",
        employee_id="E1040",
        leave_type="bereavement",
        start_date="2025-11-05",
        end_date="2025-11-12",
    )
    assert (leave["leave_id"], leave["workdays"], leave["status"]) == ("LV500", 5, "submitted")
    assert (
        no(
            "submit_leave_request",
            employee_id="E1040",
            leave_type="sabbatical",
            start_date="2025-12-01",
            end_date="2025-12-02",
        )
        == "Error: leave_type must be one of fmla, medical, bereavement"
    )
    assert (
        no(
            "submit_leave_request",
            employee_id="E1021",
            leave_type="fmla",
            start_date="2025-11-12",
            end_date="2025-11-14",
        )
        == "Error: Overlaps leave LV302"
    )


def test_requisitions_are_approved_then_posted(ok, no):
    assert ok("approve_requisition", requisition_id="R801", approver_id="E1003")["status"] == "approved"
    assert no("approve_requisition", requisition_id="R801", approver_id="E1003") == (
        "Error: Requisition is approved, not awaiting approval"
    )
    assert no("approve_requisition", requisition_id="R802", approver_id="E1011") == (
        "Error: The hiring manager cannot approve their own requisition"
    )
    posted = ok("post_requisition", requisition_id="R805", internal_start="2025-11-05", external_start="2025-11-13")
    assert (posted["status"], posted["external_start"]) == ("posted", "2025-11-13")
    dates = {"internal_start": "2025-11-05", "external_start": "2025-11-13"}
    unapproved = no("post_requisition", requisition_id="R802", **dates)
    assert unapproved == "Error: Requisition is awaiting_approval; only an approved requisition can be posted"
    for inside, outside, message in [
        ("2025-11-03", "2025-11-12", "internal_start is in the past"),
        ("2025-11-08", "2025-11-17", "Postings open on workdays only"),
        ("2025-11-06", "2025-11-06", "external_start must be after internal_start"),
    ]:
        dates = {"internal_start": inside, "external_start": outside}
        assert no("post_requisition", requisition_id="R806", **dates) == f"Error: {message}"


def test_internal_applications_need_an_open_posting_and_one_per_employee(ok, no):
    application = ok("submit_internal_application", requisition_id="R807", employee_id="E1013")
    assert (application["application_id"], application["candidate_name"]) == ("A20410", "Ana Sousa")
    assert application["stage"] == "applied"
    assert no("submit_internal_application", requisition_id="R808", employee_id="E1061") == (
        "Error: Requisition is not open for applications"
    )
    assert no("submit_internal_application", requisition_id="R809", employee_id="E1013") == (
        "Error: Employee has already applied to this requisition"
    )


def test_interviews_are_booked_without_double_booking(ok, no, tools):
    booked = ok("schedule_interview", application_id="A20001", interviewer_id="E1012", date="2025-11-10", time="10:00")
    assert booked["interview_id"] == "I7198" and tools.db.applications["A20001"].stage == "interview"
    cases = [
        (("A20008", "E1024", "2025-11-10", "11:00"), "Application is at stage rejected and cannot be interviewed"),
        (("A20007", "E1013", "2025-11-10", "11:00"), "A candidate cannot interview themselves"),
        (("A20002", "E1004", "2025-11-08", "11:00"), "Interviews are booked on a future workday only"),
        (("A20002", "E1004", "2025-11-10", "2pm"), "time must be HH:MM on a 24-hour clock"),
        (("A20002", "E1012", "2025-11-06", "09:00"), "Interviewer is already booked then (I7001)"),
        (("A20006", "E1011", "2025-11-07", "10:00"), "The candidate already has an interview then (I7003)"),
    ]
    for (application_id, interviewer_id, day, time), message in cases:
        assert (
            no("schedule_interview", application_id=application_id, interviewer_id=interviewer_id, date=day, time=time)
            == f"Error: {message}"
        )


def test_contact_details_change_by_group(ok, no, tools):
    address = {"street": "77 Madison Ave", "city": "Covington", "state": "KY", "zip": "41011"}
    employee = ok("update_contact_info", employee_id="E1030", **address)
    assert employee["address"] == {"street": "77 Madison Ave", "city": "Covington", "state": "KY", "zip": "41011"}
    assert ok("update_contact_info", employee_id="E1030", phone="614-555-0100", street=None)["phone"] == "614-555-0100"
    assert tools.db.employees["E1030"].address.city == "Covington"
    cases = [
        ({}, "Nothing to change"),
        ({"phone": 6145550100}, "Every contact field must be text"),
        ({"street": "1 Main St", "city": "Columbus"}, "An address needs street, city, state and zip"),
        (
            {"street": "1 Main St", "city": "Columbus", "state": "Ohio", "zip": "43215"},
            "state must be two capital letters and zip five digits",
        ),
        ({"emergency_name": "Ana Nguyen"}, "An emergency contact needs a name, a relationship and a phone"),
    ]
    for fields, message in cases:
        assert no("update_contact_info", employee_id="E1030", **fields) == f"Error: {message}"


def test_emergency_contacts_read_right(tools):
    """A mother or sister has a woman's name, a father or brother a man's, and a friend is not
    of the employee's family name (the data once had "Elena Karimi, father")."""
    women_only, men_only = {"mother", "sister", "wife", "daughter"}, {"father", "brother", "husband", "son"}
    wrong = []
    for employee in tools.db.employees.values():
        contact = employee.emergency_contact
        given, family = contact.name.split(" ", 1)
        if (contact.relationship in women_only and given in MEN) or (
            contact.relationship in men_only and given in WOMEN
        ):
            wrong.append(f"{employee.employee_id}: {contact.name}, {contact.relationship}")
        if contact.relationship == "friend" and family == employee.name.split(" ", 1)[1]:
            wrong.append(f"{employee.employee_id}: friend {contact.name} of {employee.name}")
    assert wrong == []
    assert {"Elena", "Gloria"} <= WOMEN and {"Aaron", "Simon"} <= MEN and not WOMEN & MEN


def test_pay_changes_are_routed_to_the_requesters_manager(ok, no):
    change = ok(
        "submit_pay_change",
        employee_id="E1034",
        requested_by="E1010",
        new_pay=25.5,
        effective_date="2025-11-17",
        reason="merit",
    )
    assert (change["change_id"], change["current_pay"], change["approver_id"]) == ("PC470", 24.0, "E1003")
    assert change["status"] == "pending_approval"
    cases = [
        (("E1010", "E1010", 90000, "2025-12-01", "merit"), "An employee cannot request their own pay change"),
        (
            ("E1034", "E1010", 26, "2025-12-01", "bonus"),
            "reason must be one of merit, promotion, market_adjustment, retention",
        ),
        (("E1034", "E1010", -1, "2025-12-01", "merit"), "new_pay must be a positive amount"),
        (("E1034", "E1010", 26, "2025-11-03", "merit"), "effective_date must be the first day of a coming pay period"),
        (("E1001", "E1000", 240000, "2025-12-01", "merit"), "The requester has no manager to approve the change"),
    ]
    for (employee_id, requested_by, new_pay, effective_date, reason), message in cases:
        assert (
            no(
                "submit_pay_change",
                employee_id=employee_id,
                requested_by=requested_by,
                new_pay=new_pay,
                effective_date=effective_date,
                reason=reason,
            )
            == f"Error: {message}"
        )


def test_cases_are_opened_by_type(ok, no):
    assert ok("open_case", employee_id="E1047", case_type="harassment")["case_id"] == "C9110"
    assert no("open_case", employee_id="E1047", case_type="gossip") == (
        "Error: case_type must be one of harassment, discrimination, safety, withholding_review, "
        "payroll_error, benefits"
    )


def test_the_shared_tools_are_named_after_the_toolkit(ok):
    assert ok("calculate", expression="37.5 + 6.67 - 16 - 24") == "4.17"
    assert ok("transfer_to_human_agents", summary="harassment case") == "Transfer successful"


def test_a_schedule_is_one_workweek_with_its_open_shifts_and_swap_requests(ok, no):
    week = ok("get_schedule", employee_id="E1036", week_start="2025-11-17")
    assert (week["week_end"], week["scheduled_hours"], week["under_18"]) == ("2025-11-23", 40.0, False)
    assert [shift["start"] for shift in week["shifts"]] == [f"2025-11-{day} 14:00" for day in range(17, 22)]
    assert [(shift["shift_id"], shift["hours"]) for shift in week["open_shifts"]] == [("S13067", 10.0), ("S13099", 8.0)]
    assert [(request["swap_id"], request["accepted_by"]) for request in week["swap_requests"]] == [("SW101", [])]
    nights = ok("get_schedule", employee_id="E1047", week_start="2025-11-17")["shifts"]
    assert (nights[0]["start"], nights[-1]["end"]) == (
        "2025-11-17 22:00",
        "2025-11-24 06:00",
    )  # counted in the week it starts
    accepted = ok("get_schedule", employee_id="E1087", week_start="2025-11-24")["swap_requests"]
    assert [request["swap_id"] for request in accepted] == ["SW105", "SW106"]  # colleagues' shifts she accepted
    assert ok("get_schedule", employee_id="E1085", week_start="2025-11-17")["under_18"] is True
    assert ok("get_schedule", employee_id="E1090", week_start="2025-11-17")["under_18"] is False  # her namesake
    assert ok("get_schedule", employee_id="E1020", week_start="2025-11-17")["scheduled_hours"] == 32.0  # a PTO day
    salaried = no("get_schedule", employee_id="E1022", week_start="2025-11-17")
    assert salaried == "Error: Employee E1022 is salaried and works no shifts"
    assert no("get_schedule", employee_id="E1036", week_start="2025-11-18") == "Error: week_start must be a Monday"


def test_a_shift_is_assigned_once_and_its_swap_request_closes(ok, no, tools):
    given = ok("assign_shift", shift_id="S13068", employee_id="E1083")
    assert (given["employee_id"], given["status"], given["overtime_approved_by"]) == ("E1083", "scheduled", None)
    assert tools.db.swap_requests["SW102"].status == "completed"
    overtime = ok("assign_shift", shift_id="S13067", employee_id="E1036", overtime_approved_by="E1010")
    assert (overtime["status"], overtime["overtime_approved_by"]) == ("scheduled", "E1010")
    cases = [
        (("S13099", "E1049", ""), "Employee E1049 is not active"),
        (("S13099", "E1022", ""), "Employee E1022 is salaried and works no shifts"),
        (("S13099", "E1036", "E1036"), "An employee cannot approve their own overtime"),
        (("S10100", "E1036", ""), "Shift S10100 has already started"),
        (("S13068", "E1083", ""), "Employee E1083 already works shift S13068"),
        (("S12998", "E1082", ""), "Overlaps the employee's shift S12999"),
    ]
    for (shift_id, employee_id, approver), message in cases:
        assert (
            no("assign_shift", shift_id=shift_id, employee_id=employee_id, overtime_approved_by=approver)
            == f"Error: {message}"
        )


def test_the_generated_schedules_keep_the_shift_rules(tools):
    """Rest between shifts, the limits for employees under 18, and overtime only where a manager approved it."""
    by_employee: dict[str, list] = {}
    for shift in tools.db.shifts.values():  # in order of start
        if shift.employee_id:
            by_employee.setdefault(shift.employee_id, []).append(shift)
    broken = []
    for employee_id, shifts in by_employee.items():
        employee = tools.db.employees[employee_id]
        rests = [
            (later.shift_id, hours_between(earlier.end, later.start)) for earlier, later in zip(shifts, shifts[1:])
        ]
        broken += [f"{shift_id}: {rest:g} hours of rest" for shift_id, rest in rests if rest < 10]
        if is_minor(employee, "2025-11-04"):
            broken += [
                f"{shift.shift_id}: {breach}"
                for shift in shifts
                for breach in minor_breaches(tools.db, employee, shift)
            ]
        for monday in {monday_of(shift.start) for shift in shifts}:
            week = [shift for shift in shifts if monday_of(shift.start) == monday]
            if sum(shift.hours for shift in week) > 40 and not any(shift.overtime_approved_by for shift in week):
                broken.append(f"{employee_id}: unapproved overtime in the week of {monday}")
    assert broken == [] and len(tools.db.shifts) > 3500 and len(by_employee) > 200


def test_who_can_take_a_shift_over(tools):
    saturday = tools.db.shifts["S13068"]  # Mei Tanaka's, accepted by Rhonda Ferris, Shauna Wells, Gustavo Pineda
    assert cannot_take(tools.db, "E1088", saturday) == ["E1088 would work 46 hours that week"]
    assert cannot_take(tools.db, "E1084", saturday) == ["E1084 would rest 0 hours"]
    assert cannot_take(tools.db, "E1083", saturday) == []
    assert cannot_take(tools.db, "E1087", tools.db.shifts["S13471"]) == [
        "a shift ending 2025-11-25 23:00 on a school night for an employee under 18"
    ]
    assert (
        cannot_take(tools.db, "E1087", tools.db.shifts["S13704"]) == []
    )  # the night before Thanksgiving is no school night

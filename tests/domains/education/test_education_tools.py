"""The student-services desk's tools: each one's answer, each of its error texts, and that a
write that fails changes nothing."""

from importlib import import_module

import pytest

from taubench.core.tasks import GoldAction
from taubench.domains.gold_trace import gold_trace


def test_twins_and_namesakes_are_told_apart(ok, no):
    twins = ok("find_student", last_name="okoro", dob="2005-06-21")
    assert [(s["student_id"], s["first_name"], s["phone_last4"]) for s in twins] == [
        ("ST10003", "Daniel", "0193"),
        ("ST10004", "Diana", "0194"),
    ]
    assert [s["student_id"] for s in ok("find_student", last_name="Khan", dob="2005-11-02")] == ["ST10002"]
    assert (
        no("find_student", last_name="Khan", dob="2005-11-03")
        == "Error: No student with that last name and date of birth"
    )


def test_a_class_year_agrees_with_the_transcript(tools):
    """A student in year y has had the 2(y - 1) fall and spring terms before this one, 4 to 6
    courses in each, and none earlier (the data once had seniors with 2 past courses); a
    transcript reads oldest first."""
    order = ["2022FA", "2023SP", "2023FA", "2024SP", "2024FA", "2025SP", "2025SU", "2025FA"]
    regular = [term for term in order[:-1] if not term.endswith("SU")]
    transcripts = {}
    for enrollment in tools.db.enrollments.values():
        transcripts.setdefault(enrollment.student_id, []).append(enrollment.term)
    wrong = []
    for student in tools.db.students.values():
        terms = transcripts.get(student.student_id, [])
        expected = regular[len(regular) - 2 * (student.year - 1) :]
        had = {term: terms.count(term) for term in regular if term in terms}
        if list(had) != expected or any(not 4 <= count <= 6 for count in had.values()):
            wrong.append(f"{student.student_id}, year {student.year}: {had}")
        if terms != sorted(terms, key=order.index):
            wrong.append(f"{student.student_id}: transcript out of order")
    assert wrong == []


def test_student_transcript_course_and_sections_are_read(ok, no):
    marcus = ok("get_student", student_id="ST10010")
    assert (marcus["holds"], marcus["balance"], marcus["visa"]) == (["Bursar's Office"], 1840.5, "none")
    transcript = ok("get_transcript", student_id="ST10019")
    assert [(e["course_code"], e["grade"], e["status"]) for e in transcript][0] == ("MATH 110", "C-", "completed")
    assert ok("get_course", course_code="psyc 210")["prerequisites"] == [
        {"course_code": "PSYC 101", "min_grade": "C"},
        {"course_code": "STAT 200", "min_grade": "C"},
    ]
    comm = ok("search_sections", course_code="COMM 110")
    assert [(s["section_id"], s["enrolled"], s["capacity"], len(s["waitlist"])) for s in comm] == [
        ("CRN21101", 25, 25, 6),
        ("CRN21102", 25, 25, 10),
        ("CRN21103", 17, 25, 0),
    ]


def test_assignments_show_a_students_extension(ok, no):
    sara = ok("list_assignments", student_id="ST10036", section_id="CRN20301")
    assert [(a["title"], a["extension_hours"], a["extended_due"]) for a in sara][1] == (
        "Problem Set 3",
        48,
        "2025-09-14 23:59",
    )


def test_tutoring_slots_bookings_and_materials_are_read(ok, no):
    slots = ok("list_tutoring_slots", course_code="CHEM 101", date="2025-09-09")
    assert [s["start_time"] for s in slots][:3] == ["11:00", "12:30", "14:00"]
    kevin = ok("list_tutoring_bookings", student_id="ST10030")
    assert [b["status"] for b in kevin] == ["no_show", "no_show", "no_show", "booked"]
    materials = ok("list_materials", section_id="CRN20201", student_id="ST10039")
    assert [(m["material_id"], m["kind"], m["has_access"]) for m in materials] == [
        ("MAT710", "ebook", False),
        ("MAT711", "courseware", False),
    ]


def test_enrolling_takes_a_seat_and_bills_the_tuition(ok, no, tools):
    enrollment = ok("enroll_in_section", student_id="ST10045", section_id="CRN21002")
    assert (enrollment["enrollment_id"], enrollment["credits"], enrollment["status"]) == ("E39545", 3, "enrolled")
    assert tools.db.sections["CRN21002"].enrolled == 17 and tools.db.students["ST10045"].balance == 1350.0
    assert (
        no("enroll_in_section", student_id="ST10045", section_id="CRN21001")
        == "Error: Student is already enrolled in PHIL 120"
    )
    assert no("enroll_in_section", student_id="ST10018", section_id="CRN21102") == "Error: Section is full"
    assert (
        no("enroll_in_section", student_id="ST10018", section_id="CRN10001")
        == "Error: Section is not in the current term"
    )


def test_dropping_follows_the_refund_calendar(ok, no, tools):
    assert ok("drop_section", student_id="ST10008", section_id="CRN20301") == (
        "Dropped PSYC 101 (CRN20301); refund 675.00 (50%); new balance 75.00"
    )
    assert ok("drop_section", student_id="ST10011", section_id="CRN21001").startswith(
        "Dropped PHIL 120 (CRN21001); refund 1350.00 (100%)"
    )
    assert (
        no("drop_section", student_id="ST10008", section_id="CRN20301")
        == "Error: Student is not enrolled in this section"
    )
    # day 37 of the early-start session: a W, no refund, and the grade posted today
    assert ok("drop_section", student_id="ST10052", section_id="CRN21701") == (
        "Withdrew from HSCI 215 (CRN21701) with a W grade; no refund; balance 2200.00"
    )
    withdrawn = [e for e in tools.db.enrollments.values() if (e.student_id, e.section_id) == ("ST10052", "CRN21701")]
    assert [(e.status, e.grade, e.grade_posted) for e in withdrawn] == [("withdrawn", "W", "2025-09-09")]
    assert tools.db.sections["CRN21701"].enrolled == 13
    assert no("drop_section", student_id="ST10053", section_id="CRN21901") == (  # day 65 of the full-year session
        "Error: The withdrawal deadline has passed; a late withdrawal needs a petition"
    )
    tools.db.now = "2025-10-01 10:00"  # day 38 of the full term: a W and no refund
    assert ok("drop_section", student_id="ST10008", section_id="CRN20402").startswith(
        "Withdrew from ENGL 102 (CRN20402) with a W grade"
    )
    tools.db.now = "2025-11-01 10:00"  # day 69: only a petition
    assert no("drop_section", student_id="ST10008", section_id="CRN20102") == (
        "Error: The withdrawal deadline has passed; a late withdrawal needs a petition"
    )


def test_a_swap_moves_the_enrolment_within_the_course(ok, no, tools):
    assert (
        ok("swap_sections", student_id="ST10024", from_section_id="CRN20111", to_section_id="CRN20113")["section_id"]
        == "CRN20113"
    )
    assert (tools.db.sections["CRN20111"].enrolled, tools.db.sections["CRN20113"].enrolled) == (29, 20)
    assert (
        no("swap_sections", student_id="ST10024", from_section_id="CRN20113", to_section_id="CRN20112")
        == "Error: Section is full"
    )
    assert no("swap_sections", student_id="ST10024", from_section_id="CRN20113", to_section_id="CRN20101") == (
        "Error: Sections must be of the same course this term"
    )
    assert no("swap_sections", student_id="ST10024", from_section_id="CRN20111", to_section_id="CRN20113") == (
        "Error: Student is not enrolled in this section"
    )


def test_the_wait_list_takes_only_full_sections(ok, no):
    assert (
        ok("join_waitlist", student_id="ST10017", section_id="CRN21101")
        == "Added to the wait list of CRN21101 at position 7"
    )
    assert (
        no("join_waitlist", student_id="ST10017", section_id="CRN21101")
        == "Error: Student is already on this wait list"
    )
    assert (
        no("join_waitlist", student_id="ST10017", section_id="CRN21103")
        == "Error: Section has open seats; enroll instead"
    )
    assert (
        no("join_waitlist", student_id="ST10001", section_id="CRN20112")
        == "Error: Student is already enrolled in CHEM 101L"
    )


def test_tutoring_is_booked_and_cancelled(ok, no, tools):
    booking = ok("book_tutoring_slot", student_id="ST10028", slot_id="TS50408")
    assert (booking["booking_id"], booking["date"], booking["start_time"]) == ("TB60244", "2025-09-09", "12:30")
    assert no("book_tutoring_slot", student_id="ST10008", slot_id="TS50408") == "Error: Tutoring slot is already booked"
    assert (
        no("book_tutoring_slot", student_id="ST10008", slot_id="TS50401") == "Error: Tutoring slot has already started"
    )
    assert ok("cancel_tutoring_booking", booking_id="TB60244")["status"] == "cancelled"
    assert tools.db.tutoring_slots["TS50408"].booked_by is None
    assert no("cancel_tutoring_booking", booking_id="TB60244") == "Error: Booking is cancelled, not booked"
    tools.db.now = "2025-09-12 11:30"
    assert no("cancel_tutoring_booking", booking_id="TB60197") == "Error: Booking has already started"


def test_an_extension_moves_one_assignments_due_time_once(ok, no):
    extension = ok("apply_extension", student_id="ST10002", assignment_id="AS40002", hours=48)
    assert (extension["extension_id"], extension["new_due"]) == ("EX45142", "2025-09-14 23:59")
    assert no("apply_extension", student_id="ST10002", assignment_id="AS40002", hours=24) == (
        "Error: This assignment already has an extension for the student"
    )
    assert (
        no("apply_extension", student_id="ST10002", assignment_id="AS40023", hours=24)
        == "Error: Student is not enrolled in this section"
    )
    assert (
        no("apply_extension", student_id="ST10002", assignment_id="AS40001", hours=0)
        == "Error: Hours must be a whole number of at least 1"
    )
    assert (
        no("apply_extension", student_id="ST10002", assignment_id="AS40001", hours="48")
        == "Error: Hours must be a whole number of at least 1"
    )


def test_materials_are_opened_once(ok, no):
    assert ok("grant_material_access", student_id="ST10039", material_id="MAT710")["has_access"] is True
    assert (
        no("grant_material_access", student_id="ST10039", material_id="MAT710")
        == "Error: Student already has access to this material"
    )


def test_a_release_is_added_or_its_scope_changed(ok, no):
    assert ok("add_ferpa_release", student_id="ST10005", name="Claire Moreau", relation="mother", scope="both") == [
        {"name": "Claire Moreau", "relation": "mother", "scope": "both"}
    ]
    assert no("add_ferpa_release", student_id="ST10005", name="claire moreau", relation="mother", scope="both") == (
        "Error: That release is already on file with this scope"
    )
    assert (
        no("add_ferpa_release", student_id="ST10005", name=" ", relation="aunt", scope="academic")
        == "Error: A release needs the person's name"
    )
    assert no("add_ferpa_release", student_id="ST10005", name="Ann Moreau", relation="aunt", scope="everything") == (
        "Error: Scope must be academic, financial or both"
    )


def test_a_directory_look_up_shows_directory_information_and_the_opt_out(ok, no):
    """Without a birth date, find_student is the directory look-up: namesakes all come back, each
    with what the directory shows and whether they opted out; the identity look-up is as before."""
    khans = ok("find_student", last_name="khan", first_name="aisha")
    assert [(s["student_id"], s["program"], s["email"], s["directory_opt_out"]) for s in khans] == [
        ("ST10001", "Biology BS", "akhan04@students.northfield.edu", False),
        ("ST10002", "Computer Science BS", "akhan05@students.northfield.edu", True),
    ]
    assert set(khans[0]) == {
        "student_id",
        "first_name",
        "last_name",
        "program",
        "year",
        "enrolled_this_term",
        "email",
        "directory_opt_out",
    }
    assert len(ok("find_student", last_name="Khan")) > 2
    assert no("find_student", last_name="Khan", first_name="Zed") == "Error: No student with that name"
    assert [s["student_id"] for s in ok("find_student", last_name="Okoro", dob="2005-06-21", first_name="diana")] == [
        "ST10004"
    ]


def test_the_degree_audit_counts_each_course_once_in_the_first_group_that_takes_it(ok, no, tools):
    """Tobias (Biology BS) has BIO 110 and CHEM 101 done and BIO 201 running in the core; his
    GEOL and PHYS courses fill natural sciences; what no group lists falls to free electives."""
    audit = ok("get_degree_audit", student_id="ST10053")
    assert (audit["program"], audit["degree_credits"]) == ("Biology BS", 120)
    groups = {g["group"]: g for g in audit["groups"]}
    assert list(groups) == [
        "Major core",
        "Major electives",
        "Writing",
        "Quantitative reasoning",
        "Humanities and social sciences",
        "Natural sciences",
        "Free electives",
    ]
    core = groups["Major core"]
    assert (core["credits_required"], core["credits_done"], core["credits_in_progress"], core["credits_missing"]) == (
        16,
        8,
        3,
        5,
    )
    assert (sorted(core["courses_done"]), core["courses_in_progress"]) == (["BIO 110", "CHEM 101"], ["BIO 201"])
    assert groups["Major electives"]["courses_in_progress"] == ["BIO 390"]
    assert sum(g["credits_required"] for g in audit["groups"]) == 120
    assert sum(g["credits_missing"] for g in audit["groups"]) == 52
    # a grade under the core's C counts nowhere in the core, but a D still counts as a free elective
    retake = next(
        key for key, e in tools.db.enrollments.items() if (e.student_id, e.course_code) == ("ST10053", "CHEM 101")
    )
    tools.db.enrollments[retake].grade = "D"
    groups = {g["group"]: g for g in ok("get_degree_audit", student_id="ST10053")["groups"]}
    assert (
        "CHEM 101" not in groups["Major core"]["courses_done"]
        and "CHEM 101" in groups["Free electives"]["courses_done"]
    )
    ok("drop_section", student_id="ST10053", section_id="CRN20501")  # a dropped course counts nothing
    groups = {g["group"]: g for g in ok("get_degree_audit", student_id="ST10053")["groups"]}
    assert (groups["Major core"]["courses_in_progress"], groups["Major core"]["credits_missing"]) == ([], 12)
    assert no("get_degree_audit", student_id="ST10014") == (
        "Error: No degree requirements on file for Undeclared: the student must declare a program"
    )


def test_a_student_opts_out_of_the_directory_and_back(ok, no, tools):
    assert ok("set_directory_opt_out", student_id="ST10011", opt_out=True)["directory_opt_out"] is True
    assert ok("find_student", last_name="Scott", first_name="Hannah")[0]["directory_opt_out"] is True
    assert (
        no("set_directory_opt_out", student_id="ST10011", opt_out=True)
        == "Error: The student has already opted out of the directory"
    )
    assert ok("set_directory_opt_out", student_id="ST10011", opt_out=False)["directory_opt_out"] is False
    assert "ST10011" not in tools.db.directory_opt_outs
    assert (
        no("set_directory_opt_out", student_id="ST10011", opt_out=False)
        == "Error: The student has not opted out of the directory"
    )
    assert no("set_directory_opt_out", student_id="ST10011", opt_out="yes") == "Error: opt_out must be true or false"


@pytest.mark.parametrize(
    ("rule", "task_id", "extra", "said", "violation"),
    [
        (2, "71", ("get_degree_audit", {"student_id": "ST10004"}), None, None),
        (
            2,
            "43",
            ("get_degree_audit", {"student_id": "ST10002"}),
            None,
            "get_degree_audit for 'Imran Khan' with a financial release",
        ),
        (
            22,
            "70",
            None,
            ["akhan05@students.northfield.edu"],
            "['akhan05@students.northfield.edu'] of ST10002, who opted out of the directory",
        ),
        (
            23,
            "71",
            ("set_directory_opt_out", {"student_id": "ST10004", "opt_out": False}),
            None,
            "set_directory_opt_out on ST10004 asked by 'Grace Okoro'",
        ),
        (
            1,
            "70",
            ("set_directory_opt_out", {"student_id": "ST10011", "opt_out": True}),
            None,
            "set_directory_opt_out on ST10011 before the student was identified",
        ),
        (24, "67", None, ["64"], "credit figure 64 is neither the audit's nor worked from it"),
    ],
)
def test_a_directory_or_audit_rule_catches_a_gold_trace_that_breaks_it(domain, rule, task_id, extra, said, violation):
    """Each new rule's check, on a task made to break it: a call added to the gold, or a figure
    said; a directory look-up identifies nobody; a release holder in scope may read the audit."""
    task = domain.tasks[task_id].model_copy(deep=True)
    if extra:
        task.evaluation_criteria.actions.append(GoldAction(action_id="x", name=extra[0], arguments=extra[1]))
    if said is not None:
        task.evaluation_criteria.communicate_info = said
    rules = import_module("taubench.domains.education.policy_rules").RULES
    assert rules[rule](gold_trace(domain, domain.tasks[task_id])) == []
    found = rules[rule](gold_trace(domain, task))
    assert (violation in found) if violation else found == []


def test_the_shared_tools_are_named_after_the_toolkit(ok, tools):
    assert ok("calculate", expression="3 * 450 * 0.5") == "675.0"
    assert ok("transfer_to_human_agents", summary="grade appeal") == "Transfer successful"
    assert (
        tools.invoke("calculate", {}).content
        == "Error: EducationTools.calculate() missing 1 required positional argument: 'expression'"
    )


def test_each_sections_seats_taken_is_its_roster(domain, tools, ok):
    """A section's enrolled count is the number of its enrolments holding a seat, before and after changes."""

    def mismatched():
        held = {}
        for e in tools.db.enrollments.values():
            if e.status in ("enrolled", "completed"):
                held[e.section_id] = held.get(e.section_id, 0) + 1
        return [
            s.section_id
            for s in tools.db.sections.values()
            if s.enrolled != held.get(s.section_id, 0) or s.enrolled > s.capacity
        ]

    assert mismatched() == []
    ok("enroll_in_section", student_id="ST10045", section_id="CRN21002")
    ok("swap_sections", student_id="ST10024", from_section_id="CRN20111", to_section_id="CRN20113")
    ok("drop_section", student_id="ST10008", section_id="CRN20301")
    ok("drop_section", student_id="ST10052", section_id="CRN21701")
    assert mismatched() == []

"""The education policy's numbered rules as checks over a task's gold trace (see gold_trace.py).
The caller is named by the task's known_info ("You are <name>, ..."): the student, or a
third party on their release list."""

import json
import re
from datetime import date, datetime, timedelta

from taubench.domains.education.models import EducationDB, Section
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import hand_offs, identified_first, looked_up_before_change, said

REGISTRATION = ("enroll_in_section", "drop_section", "swap_sections", "join_waitlist")
ADD_LAST_DAY, SWAP_LAST_DAY, WITHDRAW_LAST_DAY = 7, 21, 60
FULL_LOAD, OVERLOAD_GPA, MAX_CREDITS, PROBATION_CREDITS = 18, 3.5, 21, 13
FULL_TIME, WAITLIST_MAX, TUTORING_PER_WEEK, BOOK_AHEAD_HOURS = 12, 10, 2, 2
APPEAL_DAYS = 30
CHANGED = ("student_id", "section_id", "from_section_id", "to_section_id", "slot_id", "booking_id", "assignment_id",
           "material_id")  # the arguments that name existing records a write changes
GRADE_ORDER = ["A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D+", "D", "F"]


def _student_of(step: GoldStep) -> str | None:
    """The student a call acts on: named, or the holder of the booking it names."""
    if "student_id" in step.arguments:
        return step.arguments["student_id"]
    booking = step.before.tutoring_bookings.get(step.arguments.get("booking_id"))
    return booking.student_id if booking else None


def _caller(trace: GoldTrace) -> str:
    instructions = trace.task.user_scenario.instructions
    found = re.match(r"You are ([^,.]+)", getattr(instructions, "known_info", "") or "")
    return found.group(1).strip() if found else ""


def _is_student(trace: GoldTrace, db: EducationDB, student_id: str) -> bool:
    student = db.students[student_id]
    return _caller(trace) == f"{student.first_name} {student.last_name}"


def _today(db: EducationDB) -> date:
    return date.fromisoformat(db.now[:10])


def _session_day(db: EducationDB, section: Section) -> int:
    return (_today(db) - date.fromisoformat(db.sessions[section.session])).days + 1


def _current(db: EducationDB, student_id: str) -> list:
    return [e for e in db.enrollments.values() if e.student_id == student_id and e.term == db.term and e.status == "enrolled"]


def _minutes(clock: str) -> int:
    return int(clock[:2]) * 60 + int(clock[3:])


def _overlap(one: Section, other: Section) -> bool:
    return bool(set(one.days) & set(other.days)) and _minutes(one.start_time) < _minutes(other.end_time) and _minutes(
        other.start_time
    ) < _minutes(one.end_time)


def _target(step: GoldStep) -> Section:
    return step.before.sections[step.arguments.get("to_section_id") or step.arguments["section_id"]]


def _directory_lookup(step: GoldStep) -> bool:
    """A look-up by name alone: a directory request, which identifies nobody."""
    return step.name == "find_student" and step.arguments.get("dob") is None


def _identified(step: GoldStep) -> list[str]:
    """The students an identity look-up (with a date of birth) shows."""
    return re.findall(r"ST\d+", step.observation) if step.name == "find_student" and not _directory_lookup(step) else []


def student_identified_first(trace: GoldTrace) -> list[str]:
    return identified_first(
        trace,
        identifies=_identified,
        concerns=lambda step: [student] if (student := _student_of(step)) else [],
        who="the student",
    )


def third_parties_within_scope(trace: GoldTrace) -> list[str]:
    """A caller who is not the student reaches only what their release covers; the student's
    record itself is read to see the release list."""
    violations = []
    for step in trace.steps:
        student = _student_of(step)
        if student is None or step.name in ("find_student", "get_student") or _is_student(trace, step.before, student):
            continue
        scopes = {r.scope for r in step.before.students[student].releases if r.name == _caller(trace)}
        if not scopes:
            violations.append(f"{step.name} on {student} for {_caller(trace)!r}, who is not on the release list")
        elif step.name in ("get_transcript", "get_degree_audit") and not scopes & {"academic", "both"}:
            violations.append(f"{step.name} for {_caller(trace)!r} with a {', '.join(scopes)} release")
    return violations


def only_the_student_changes(trace: GoldTrace) -> list[str]:
    return [f"{step.name} on {student} asked by {_caller(trace)!r}" for step in trace.writes
            if (student := _student_of(step)) and not _is_student(trace, step.before, student)]  # fmt: skip


def holds_block_registration(trace: GoldTrace) -> list[str]:
    return [f"{step.name} for {student} with holds {holds}" for step in trace.writes
            if step.name in REGISTRATION and (holds := step.before.students[student := _student_of(step)].holds)]  # fmt: skip


def add_deadline(trace: GoldTrace) -> list[str]:
    return [f"{step.name} into {section.section_id} on day {_session_day(step.before, section)} of its session"
            for step in trace.writes if step.name in ("enroll_in_section", "join_waitlist")
            if _session_day(step.before, section := _target(step)) > ADD_LAST_DAY]  # fmt: skip


def swap_deadline(trace: GoldTrace) -> list[str]:
    return [f"swap into {section.section_id} on day {_session_day(step.before, section)}" for step in trace.calls("swap_sections")
            if _session_day(step.before, section := _target(step)) > SWAP_LAST_DAY]  # fmt: skip


def prerequisites_met(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.writes:
        if step.name not in ("enroll_in_section", "join_waitlist"):
            continue
        db, student = step.before, step.arguments["student_id"]
        grades = [e for e in db.enrollments.values() if e.student_id == student and e.status == "completed"]
        for prerequisite in db.courses[_target(step).course_code].prerequisites:
            floor = GRADE_ORDER.index(prerequisite.min_grade)
            if not any(e.course_code == prerequisite.course_code and e.grade in GRADE_ORDER[: floor + 1] for e in grades):
                violations.append(f"{step.name} for {student} without {prerequisite.course_code} at {prerequisite.min_grade}")
    return violations


def no_time_conflicts(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.writes:
        if step.name not in ("enroll_in_section", "join_waitlist", "swap_sections"):
            continue
        target, leaving = _target(step), step.arguments.get("from_section_id")
        for enrollment in _current(step.before, step.arguments["student_id"]):
            other = step.before.sections[enrollment.section_id]
            if other.section_id != leaving and _overlap(target, other):
                violations.append(f"{step.name} into {target.section_id}, which overlaps {other.section_id}")
    return violations


def credit_load(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("enroll_in_section"):
        db, student = step.before, step.before.students[step.arguments["student_id"]]
        load = sum(e.credits for e in _current(db, student.student_id)) + db.courses[_target(step).course_code].credits
        limit = MAX_CREDITS if student.gpa >= OVERLOAD_GPA else FULL_LOAD
        if student.standing == "probation":
            limit = PROBATION_CREDITS
        if load > limit:
            violations.append(f"enroll_in_section takes {student.student_id} to {load} credits (limit {limit})")
    return violations


def waitlist_limit(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("join_waitlist"):
        waiting = len(_target(step).waitlist)
        if waiting >= WAITLIST_MAX:
            violations.append(f"join_waitlist with {waiting} already waiting")
        if not said(trace, waiting + 1):
            violations.append(f"wait-list position {waiting + 1} not in communicate_info")
    return violations


def drop_calendar(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("drop_section"):
        if _session_day(step.before, _target(step)) > WITHDRAW_LAST_DAY:
            violations.append(f"drop of {step.arguments['section_id']} after day {WITHDRAW_LAST_DAY}")
        refund = round(step.after.students[_student_of(step)].balance - step.before.students[_student_of(step)].balance, 2)
        if refund and not said(trace, refund):
            violations.append(f"refund {-refund:.2f} of {step.arguments['section_id']} not in communicate_info")
    if 11 in trace.task.policy_rules and 19 not in trace.task.policy_rules and trace.calls("transfer_to_human_agents"):
        db = trace.steps[0].before  # a late-withdrawal petition: a section of the caller's past day 60
        students = {student for step in trace.steps if (student := _student_of(step))}
        if not any(_session_day(db, db.sections[e.section_id]) > WITHDRAW_LAST_DAY for s in students for e in _current(db, s)):
            violations.append(f"a late-withdrawal hand-off with no section past day {WITHDRAW_LAST_DAY}")
    return violations


def visa_minimum(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("drop_section"):
        student = step.before.students[_student_of(step)]
        left = sum(e.credits for e in _current(step.after, student.student_id))
        if student.visa == "F-1" and left < FULL_TIME:
            violations.append(f"drop leaves F-1 student {student.student_id} at {left} credits")
    return violations


def tutoring_limits(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("book_tutoring_slot"):
        db, student = step.before, step.arguments["student_id"]
        slot = db.tutoring_slots[step.arguments["slot_id"]]
        if slot.course_code not in {e.course_code for e in _current(db, student)}:
            violations.append(f"tutoring in {slot.course_code}, which {student} is not enrolled in")
        monday = date.fromisoformat(slot.date) - timedelta(days=date.fromisoformat(slot.date).weekday())
        week = {(monday + timedelta(days=offset)).isoformat() for offset in range(7)}
        taken = [b for b in db.tutoring_bookings.values() if (b.student_id, b.course_code) == (student, slot.course_code)
                 and b.date in week and b.status != "cancelled"]  # fmt: skip
        if len(taken) >= TUTORING_PER_WEEK:
            violations.append(f"a third {slot.course_code} session in the week of {monday}")
    return violations


def booked_ahead(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("book_tutoring_slot"):
        slot = step.before.tutoring_slots[step.arguments["slot_id"]]
        start = datetime.fromisoformat(f"{slot.date} {slot.start_time}")
        if start < datetime.fromisoformat(step.before.now) + timedelta(hours=BOOK_AHEAD_HOURS):
            violations.append(f"booking of {slot.slot_id} less than {BOOK_AHEAD_HOURS} hours ahead")
    return violations


def suspension_respected(trace: GoldTrace) -> list[str]:
    return [f"booking while suspended until {until}" for step in trace.calls("book_tutoring_slot")
            if (until := step.before.students[step.arguments["student_id"]].tutoring_suspended_until)
            and step.before.now[:10] < until]  # fmt: skip


def accommodation_extensions(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("apply_extension"):
        allowed = step.before.students[step.arguments["student_id"]].extension_hours
        if not 0 < step.arguments["hours"] <= allowed:
            violations.append(f"extension of {step.arguments['hours']} hours with an accommodation of {allowed}")
    return violations


def extension_before_due(trace: GoldTrace) -> list[str]:
    return [f"extension of {step.arguments['assignment_id']} after its due time" for step in trace.calls("apply_extension")
            if step.before.assignments[step.arguments["assignment_id"]].due <= step.before.now]  # fmt: skip


def materials_for_the_roster(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("grant_material_access"):
        section = step.before.materials[step.arguments["material_id"]].section_id
        if section not in {e.section_id for e in _current(step.before, step.arguments["student_id"])}:
            violations.append(f"material of {section} for {step.arguments['student_id']}, not enrolled in it")
    return violations


def _grade_changed(step) -> bool:
    """Whether the step changed a grade other than to a withdrawal's W. The records are read
    as stored (``items()``): looking each of ~10,000 up by key would copy it."""
    before = dict(step.before.enrollments.items())
    return any(
        key in before and before[key] is not after and before[key].grade != after.grade and after.grade != "W"
        for key, after in step.after.enrollments.items()
    )


def grade_appeals(trace: GoldTrace) -> list[str]:
    """Grades change only by a withdrawal's W; an appeal goes to a person only within 30 days."""
    violations = [f"{step.name} changed a grade" for step in trace.writes if _grade_changed(step)]
    if 19 in trace.task.policy_rules and trace.calls("transfer_to_human_agents"):
        db = trace.steps[0].before
        students = {student for step in trace.steps if (student := _student_of(step))}
        cutoff = (_today(db) - timedelta(days=APPEAL_DAYS)).isoformat()
        if not any(e.student_id in students and e.grade_posted and e.grade_posted >= cutoff for e in db.enrollments.values()):
            violations.append("a grade appeal transferred with no grade posted in the last 30 days")
    return violations


def directory_requests(trace: GoldTrace) -> list[str]:
    """Nothing a directory look-up shows of a student who opted out is said."""
    violations = []
    to_say = set(trace.task.communicate_info)
    for step in trace.steps:
        if not _directory_lookup(step) or step.error:
            continue
        for entry in json.loads(step.observation):
            told = to_say & {entry["email"], entry["program"]}
            if entry["directory_opt_out"] and told:
                violations.append(f"{sorted(told)} of {entry['student_id']}, who opted out of the directory")
    return violations


def opt_outs_by_the_student(trace: GoldTrace) -> list[str]:
    return [f"set_directory_opt_out on {student} asked by {_caller(trace)!r}" for step in trace.calls("set_directory_opt_out")
            if not _is_student(trace, step.before, student := step.arguments["student_id"])]  # fmt: skip


def degree_audits(trace: GoldTrace) -> list[str]:
    """The figures said about credits come from an audit read in the trace, or follow from one."""
    if 24 not in trace.task.policy_rules:
        return []
    audits = [step for step in trace.calls("get_degree_audit") if not step.error]
    if not audits:
        return ["a degree-audit task that reads no audit"]
    figures = {str(group[key]) for step in audits for group in json.loads(step.observation)["groups"]
               for key in ("credits_required", "credits_done", "credits_in_progress", "credits_missing")}  # fmt: skip
    return [f"credit figure {value} is neither the audit's nor worked from it" for value in trace.task.communicate_info
            if value.isdigit() and value not in figures and value not in trace.task.arithmetic]  # fmt: skip


def read_back_first(trace: GoldTrace) -> list[str]:
    """The checkable half of reading a change back: every record it changes was looked up first."""
    return looked_up_before_change(trace, lambda step: [step.arguments[key] for key in CHANGED if key in step.arguments])


RULES = {
    1: student_identified_first,
    2: third_parties_within_scope,
    3: only_the_student_changes,
    4: holds_block_registration,
    5: add_deadline,
    6: swap_deadline,
    7: prerequisites_met,
    8: no_time_conflicts,
    9: credit_load,
    10: waitlist_limit,
    11: drop_calendar,
    12: visa_minimum,
    13: tutoring_limits,
    14: booked_ahead,
    15: suspension_respected,
    16: accommodation_extensions,
    17: extension_before_due,
    18: materials_for_the_roster,
    19: grade_appeals,
    20: read_back_first,
    21: hand_offs,
    22: directory_requests,
    23: opt_outs_by_the_student,
    24: degree_audits,
}
CONVERSATIONAL: dict[int, str] = {}

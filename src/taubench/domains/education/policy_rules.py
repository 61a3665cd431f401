"""The education policy's numbered rules as checks over a task's gold trace (see gold_trace.py).
The caller is named by the task's known_info ("You are <name>, ..."): the student, or a
third party on their release list."""

import json
import re
from datetime import date, datetime, timedelta
from typing import Iterator

from taubench.domains.education.models import EducationDB, Enrollment, Section
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, owner_of, said

Trace = GoldTrace[EducationDB]
Step = GoldStep[EducationDB]

REGISTRATION = ("enroll_in_section", "drop_section", "swap_sections", "join_waitlist")
ADD_LAST_DAY, SWAP_LAST_DAY, WITHDRAW_LAST_DAY = 7, 21, 60
FULL_LOAD, OVERLOAD_GPA, MAX_CREDITS, PROBATION_CREDITS = 18, 3.5, 21, 13
FULL_TIME, WAITLIST_MAX, TUTORING_PER_WEEK, BOOK_AHEAD_HOURS = 12, 10, 2, 2
APPEAL_DAYS = 30
CHANGED = (
    "student_id",
    "section_id",
    "from_section_id",
    "to_section_id",
    "slot_id",
    "booking_id",
    "assignment_id",
    "material_id",
)  # the arguments that name existing records a write changes
GRADE_ORDER = ["A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D+", "D", "F"]

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def _student_of(step: Step) -> str | None:
    """The student a call acts on: named, or the holder of the booking it names."""
    return owner_of(step, "student_id", ("tutoring_bookings", "booking_id"))


def _caller(trace: Trace) -> str:
    instructions = trace.task.user_scenario.instructions
    found = re.match(r"You are ([^,.]+)", getattr(instructions, "known_info", "") or "")
    return found.group(1).strip() if found else ""


def _is_student(trace: Trace, db: EducationDB, student_id: str) -> bool:
    student = db.students[student_id]
    return _caller(trace) == f"{student.first_name} {student.last_name}"


def _today(db: EducationDB) -> date:
    return date.fromisoformat(db.now[:10])


def _session_day(db: EducationDB, section: Section) -> int:
    return (_today(db) - date.fromisoformat(db.sessions[section.session])).days + 1


def _current(db: EducationDB, student_id: str) -> list[Enrollment]:
    return [
        e
        for e in db.enrollments.values()
        if e.student_id == student_id and e.term == db.term and e.status == "enrolled"
    ]


def _minutes(clock: str) -> int:
    return int(clock[:2]) * 60 + int(clock[3:])


def _overlap(one: Section, other: Section) -> bool:
    return (
        bool(set(one.days) & set(other.days))
        and _minutes(one.start_time) < _minutes(other.end_time)
        and _minutes(other.start_time) < _minutes(one.end_time)
    )


def _target(step: Step) -> Section:
    return step.before.sections[step.arguments.get("to_section_id") or step.arguments["section_id"]]


def _directory_lookup(step: Step) -> bool:
    """A look-up by name alone: a directory request, which identifies nobody."""
    return step.name == "find_student" and step.arguments.get("dob") is None


def _identified(step: Step) -> list[str]:
    """The students an identity look-up (with a date of birth) shows."""
    return re.findall(r"ST\d+", step.observation) if step.name == "find_student" and not _directory_lookup(step) else []


@RULES.trace(1)
def student_identified_first(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        identifies=_identified,
        concerns=lambda step: [student] if (student := _student_of(step)) else [],
        who="the student",
    )


@RULES.trace(2)
def third_parties_within_scope(trace: Trace) -> list[str]:
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


@RULES.trace(3)
def only_the_student_changes(trace: Trace) -> list[str]:
    return [
        f"{step.name} on {student} asked by {_caller(trace)!r}"
        for step in trace.writes
        if (student := _student_of(step)) and not _is_student(trace, step.before, student)
    ]


@RULES.each(4, *REGISTRATION)
def holds_block_registration(step: Step, trace: Trace) -> Iterator[str]:
    if holds := step.before.students[student := step.arguments["student_id"]].holds:
        yield f"{step.name} for {student} with holds {holds}"


@RULES.each(5, "enroll_in_section", "join_waitlist")
def add_deadline(step: Step, trace: Trace) -> Iterator[str]:
    if (day := _session_day(step.before, section := _target(step))) > ADD_LAST_DAY:
        yield f"{step.name} into {section.section_id} on day {day} of its session"


@RULES.each(6, "swap_sections")
def swap_deadline(step: Step, trace: Trace) -> Iterator[str]:
    if (day := _session_day(step.before, section := _target(step))) > SWAP_LAST_DAY:
        yield f"swap into {section.section_id} on day {day}"


@RULES.each(7, "enroll_in_section", "join_waitlist")
def prerequisites_met(step: Step, trace: Trace) -> Iterator[str]:
    db, student = step.before, step.arguments["student_id"]
    grades = [e for e in db.enrollments.values() if e.student_id == student and e.status == "completed"]
    for prerequisite in db.courses[_target(step).course_code].prerequisites:
        floor = GRADE_ORDER.index(prerequisite.min_grade)
        if not any(e.course_code == prerequisite.course_code and e.grade in GRADE_ORDER[: floor + 1] for e in grades):
            yield f"{step.name} for {student} without {prerequisite.course_code} at {prerequisite.min_grade}"


@RULES.each(8, "enroll_in_section", "join_waitlist", "swap_sections")
def no_time_conflicts(step: Step, trace: Trace) -> Iterator[str]:
    target, leaving = _target(step), step.arguments.get("from_section_id")
    for enrollment in _current(step.before, step.arguments["student_id"]):
        other = step.before.sections[enrollment.section_id]
        if other.section_id != leaving and _overlap(target, other):
            yield f"{step.name} into {target.section_id}, which overlaps {other.section_id}"


@RULES.each(9, "enroll_in_section")
def credit_load(step: Step, trace: Trace) -> Iterator[str]:
    db, student = step.before, step.before.students[step.arguments["student_id"]]
    load = sum(e.credits for e in _current(db, student.student_id)) + db.courses[_target(step).course_code].credits
    limit = MAX_CREDITS if student.gpa >= OVERLOAD_GPA else FULL_LOAD
    if student.standing == "probation":
        limit = PROBATION_CREDITS
    if load > limit:
        yield f"enroll_in_section takes {student.student_id} to {load} credits (limit {limit})"


@RULES.each(10, "join_waitlist")
def waitlist_limit(step: Step, trace: Trace) -> Iterator[str]:
    waiting = len(_target(step).waitlist)
    if waiting >= WAITLIST_MAX:
        yield f"join_waitlist with {waiting} already waiting"
    if not said(trace, waiting + 1):
        yield f"wait-list position {waiting + 1} not in communicate_info"


@RULES.trace(11)
def drop_calendar(trace: Trace) -> list[str]:
    violations = []
    for step in trace.calls("drop_section"):
        if _session_day(step.before, _target(step)) > WITHDRAW_LAST_DAY:
            violations.append(f"drop of {step.arguments['section_id']} after day {WITHDRAW_LAST_DAY}")
        student_id = step.arguments["student_id"]
        refund = round(step.after.students[student_id].balance - step.before.students[student_id].balance, 2)
        if refund and not said(trace, refund):
            violations.append(f"refund {-refund:.2f} of {step.arguments['section_id']} not in communicate_info")
    if 11 in trace.task.policy_rules and 19 not in trace.task.policy_rules and trace.calls("transfer_to_human_agents"):
        db = trace.steps[0].before  # a late-withdrawal petition: a section of the caller's past day 60
        students = {student for step in trace.steps if (student := _student_of(step))}
        if not any(
            _session_day(db, db.sections[e.section_id]) > WITHDRAW_LAST_DAY for s in students for e in _current(db, s)
        ):
            violations.append(f"a late-withdrawal hand-off with no section past day {WITHDRAW_LAST_DAY}")
    return violations


@RULES.each(12, "drop_section")
def visa_minimum(step: Step, trace: Trace) -> Iterator[str]:
    student = step.before.students[step.arguments["student_id"]]
    left = sum(e.credits for e in _current(step.after, student.student_id))
    if student.visa == "F-1" and left < FULL_TIME:
        yield f"drop leaves F-1 student {student.student_id} at {left} credits"


@RULES.each(13, "book_tutoring_slot")
def tutoring_limits(step: Step, trace: Trace) -> Iterator[str]:
    db, student = step.before, step.arguments["student_id"]
    slot = db.tutoring_slots[step.arguments["slot_id"]]
    if slot.course_code not in {e.course_code for e in _current(db, student)}:
        yield f"tutoring in {slot.course_code}, which {student} is not enrolled in"
    monday = date.fromisoformat(slot.date) - timedelta(days=date.fromisoformat(slot.date).weekday())
    week = {(monday + timedelta(days=offset)).isoformat() for offset in range(7)}
    taken = [
        b
        for b in db.tutoring_bookings.values()
        if (b.student_id, b.course_code) == (student, slot.course_code) and b.date in week and b.status != "cancelled"
    ]
    if len(taken) >= TUTORING_PER_WEEK:
        yield f"a third {slot.course_code} session in the week of {monday}"


@RULES.each(14, "book_tutoring_slot")
def booked_ahead(step: Step, trace: Trace) -> Iterator[str]:
    slot = step.before.tutoring_slots[step.arguments["slot_id"]]
    start = datetime.fromisoformat(f"{slot.date} {slot.start_time}")
    if start < datetime.fromisoformat(step.before.now) + timedelta(hours=BOOK_AHEAD_HOURS):
        yield f"booking of {slot.slot_id} less than {BOOK_AHEAD_HOURS} hours ahead"


@RULES.each(15, "book_tutoring_slot")
def suspension_respected(step: Step, trace: Trace) -> Iterator[str]:
    if (until := step.before.students[step.arguments["student_id"]].tutoring_suspended_until) and step.before.now[
        :10
    ] < until:
        yield f"booking while suspended until {until}"


@RULES.each(16, "apply_extension")
def accommodation_extensions(step: Step, trace: Trace) -> Iterator[str]:
    allowed = step.before.students[step.arguments["student_id"]].extension_hours
    if not 0 < step.arguments["hours"] <= allowed:
        yield f"extension of {step.arguments['hours']} hours with an accommodation of {allowed}"


@RULES.each(17, "apply_extension")
def extension_before_due(step: Step, trace: Trace) -> Iterator[str]:
    if step.before.assignments[step.arguments["assignment_id"]].due <= step.before.now:
        yield f"extension of {step.arguments['assignment_id']} after its due time"


@RULES.each(18, "grant_material_access")
def materials_for_the_roster(step: Step, trace: Trace) -> Iterator[str]:
    section = step.before.materials[step.arguments["material_id"]].section_id
    if section not in {e.section_id for e in _current(step.before, step.arguments["student_id"])}:
        yield f"material of {section} for {step.arguments['student_id']}, not enrolled in it"


def _grade_changed(step) -> bool:
    """Whether the step changed a grade other than to a withdrawal's W. The records are read
    as stored (``items()``): looking each of ~10,000 up by key would copy it."""
    before = dict(step.before.enrollments.items())
    return any(
        key in before and before[key] is not after and before[key].grade != after.grade and after.grade != "W"
        for key, after in step.after.enrollments.items()
    )


@RULES.trace(19)
def grade_appeals(trace: Trace) -> list[str]:
    """Grades change only by a withdrawal's W; an appeal goes to a person only within 30 days."""
    violations = [f"{step.name} changed a grade" for step in trace.writes if _grade_changed(step)]
    if 19 in trace.task.policy_rules and trace.calls("transfer_to_human_agents"):
        db = trace.steps[0].before
        students = {student for step in trace.steps if (student := _student_of(step))}
        cutoff = (_today(db) - timedelta(days=APPEAL_DAYS)).isoformat()
        if not any(
            e.student_id in students and e.grade_posted and e.grade_posted >= cutoff for e in db.enrollments.values()
        ):
            violations.append("a grade appeal transferred with no grade posted in the last 30 days")
    return violations


@RULES.trace(20)
def read_back_first(trace: Trace) -> list[str]:
    """The checkable half of reading a change back: every record it changes was looked up first."""
    return looked_up_before_change(
        trace, lambda step: [step.arguments[key] for key in CHANGED if key in step.arguments]
    )


RULES.trace(21)(hand_offs)


@RULES.each(22, "find_student", done=True)
def directory_requests(step: Step, trace: Trace) -> Iterator[str]:
    """Nothing a directory look-up shows of a student who opted out is said."""
    if not _directory_lookup(step):
        return
    to_say = set(trace.task.communicate_info)
    for entry in json.loads(step.observation):
        told = to_say & {entry["email"], entry["program"]}
        if entry["directory_opt_out"] and told:
            yield f"{sorted(told)} of {entry['student_id']}, who opted out of the directory"


@RULES.each(23, "set_directory_opt_out")
def opt_outs_by_the_student(step: Step, trace: Trace) -> Iterator[str]:
    if not _is_student(trace, step.before, student := step.arguments["student_id"]):
        yield f"set_directory_opt_out on {student} asked by {_caller(trace)!r}"


@RULES.trace(24)
def degree_audits(trace: Trace) -> list[str]:
    """The figures said about credits come from an audit read in the trace, or follow from one."""
    if 24 not in trace.task.policy_rules:
        return []
    audits = [step for step in trace.calls("get_degree_audit") if not step.error]
    if not audits:
        return ["a degree-audit task that reads no audit"]
    figures = {
        str(group[key])
        for step in audits
        for group in json.loads(step.observation)["groups"]
        for key in ("credits_required", "credits_done", "credits_in_progress", "credits_missing")
    }
    return [
        f"credit figure {value} is neither the audit's nor worked from it"
        for value in trace.task.communicate_info
        if value.isdigit() and value not in figures and value not in trace.task.arithmetic
    ]

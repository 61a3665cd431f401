"""What the registrar's screens compute from the records: a student's degree audit (their
transcript set against their program's requirement groups) and their directory entry.
Pure functions of the database, used by the tools and the policy checks alike."""

from taubench.domains.education.models import DegreeAudit, DirectoryEntry, EducationDB, Enrollment, GroupAudit, Student

GRADE_ORDER = ["A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D+", "D", "F"]  # best first; W is no grade


def meets(grade: str | None, minimum: str) -> bool:
    return grade in GRADE_ORDER and GRADE_ORDER.index(grade) <= GRADE_ORDER.index(minimum)


def counted_courses(db: EducationDB, student_id: str) -> list[Enrollment]:
    """Each course once, by its latest attempt that is graded (completed) or running this term;
    drops and withdrawals are no attempt. Oldest first, as the transcript reads."""
    latest: dict[str, Enrollment] = {}
    for enrollment in db.enrollments.values():
        if enrollment.student_id == student_id and enrollment.status in ("completed", "enrolled"):
            latest.pop(enrollment.course_code, None)
            latest[enrollment.course_code] = enrollment
    return list(latest.values())


def degree_audit(db: EducationDB, student: Student) -> DegreeAudit:
    """A course counts in the first group that lists it (a group without a list takes any course)
    and whose minimum grade it meets; a course in progress counts where it is listed, ungraded."""
    if student.program not in db.programs:
        raise ValueError(f"No degree requirements on file for {student.program}: the student must declare a program")
    program = db.programs[student.program]
    done: list[list[Enrollment]] = [[] for _ in program.groups]
    running: list[list[Enrollment]] = [[] for _ in program.groups]
    for enrollment in counted_courses(db, student.student_id):
        in_progress = enrollment.status == "enrolled"
        for index, group in enumerate(program.groups):
            listed = not group.courses or enrollment.course_code in group.courses
            if listed and (in_progress or meets(enrollment.grade, group.min_grade)):
                (running if in_progress else done)[index].append(enrollment)
                break
    groups = []
    for group, finished, current in zip(program.groups, done, running):
        credits_done, credits_running = sum(e.credits for e in finished), sum(e.credits for e in current)
        groups.append(
            GroupAudit(
                group=group.name,
                min_grade=group.min_grade,
                credits_required=group.credits,
                credits_done=credits_done,
                credits_in_progress=credits_running,
                credits_missing=max(0, group.credits - credits_done - credits_running),
                courses_done=[e.course_code for e in finished],
                courses_in_progress=[e.course_code for e in current],
            )
        )
    return DegreeAudit(
        student_id=student.student_id, program=program.name, degree_credits=program.credits, groups=groups
    )


def directory_entry(db: EducationDB, student: Student) -> DirectoryEntry:
    enrolled = any(
        e.student_id == student.student_id and e.term == db.term and e.status == "enrolled"
        for e in db.enrollments.values()
    )
    return DirectoryEntry(
        student_id=student.student_id,
        first_name=student.first_name,
        last_name=student.last_name,
        program=student.program,
        year=student.year,
        enrolled_this_term=enrolled,
        email=student.email,
        directory_opt_out=student.student_id in db.directory_opt_outs,
    )

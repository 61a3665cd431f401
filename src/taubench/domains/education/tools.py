"""The education domain's tools: the student-services desk's screens of the registrar,
tutoring centre, accessibility office and bursar. They check what those systems check
(existence, seats, the roster, one extension per assignment, the drop calendar's refund);
who may be served and what is allowed (releases, holds, deadlines, prerequisites, credit
limits, tutoring limits, accommodations) is the policy's, so the agent's job."""

from datetime import date, datetime, timedelta
from typing import Optional

from taubench.core.toolkit import tool
from taubench.domains.education.audit import degree_audit, directory_entry
from taubench.domains.education.models import (
    AssignmentView,
    Charge,
    Course,
    DegreeAudit,
    DirectoryEntry,
    EducationDB,
    Enrollment,
    Extension,
    MaterialView,
    Release,
    Scope,
    Section,
    Student,
    StudentMatch,
    TutoringBooking,
    TutoringSlot,
)
from taubench.domains.kit import RecordDesk
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

FULL_REFUND_LAST_DAY = 14  # of the section's session
HALF_REFUND_LAST_DAY = 28
WITHDRAW_LAST_DAY = 60


class EducationTools(RecordDesk):
    db: EducationDB

    def _current(self, student_id: str, course_code: str) -> Enrollment | None:
        """The student's live enrolment in a course this term, looked up by key to change it."""
        for enrollment in self.db.enrollments.values():
            if (enrollment.student_id, enrollment.course_code, enrollment.term, enrollment.status) == (
                student_id,
                course_code,
                self.db.term,
                "enrolled",
            ):
                return self.db.enrollments[enrollment.enrollment_id]
        return None

    def _numbered(self, counter: str, prefix: str) -> str:
        number = self.db.next_numbers[counter]
        self.db.next_numbers[counter] = number + 1
        return f"{prefix}{number}"

    def _charge(self, student: Student, description: str, amount: float) -> None:
        charge_id = self._numbered("charge", "CH")
        self.db.charges[charge_id] = Charge(
            charge_id=charge_id,
            student_id=student.student_id,
            date=self.db.now[:10],
            description=description,
            amount=amount,
        )
        student.balance = round(student.balance + amount, 2)

    def _session_day(self, section: Section) -> int:
        """Day 1 is the session's first day; a day before it is 0 or less."""
        return (date.fromisoformat(self.db.now[:10]) - date.fromisoformat(self.db.sessions[section.session])).days + 1

    @tool("read")
    def find_student(
        self, last_name: str, dob: Optional[str] = None, first_name: Optional[str] = None
    ) -> list[StudentMatch] | list[DirectoryEntry]:
        """Find students by last name. With a date of birth, the identity look-up: more than one
        may match (twins). Without one, a directory look-up for a caller asking about a student:
        each match's directory information and whether they opted out of the directory.

        Args:
            last_name: The student's last name, any case.
            dob: Their date of birth, YYYY-MM-DD; leave it out for a directory look-up.
            first_name: Their first name, any case, to narrow the look-up.
        """
        wanted = (last_name.strip().lower(), (first_name or "").strip().lower())
        named = [
            s
            for s in self.db.students.values()
            if s.last_name.lower() == wanted[0] and wanted[1] in ("", s.first_name.lower())
        ]
        if dob is None:
            if not named:
                raise ValueError("No student with that name")
            return [directory_entry(self.db, student) for student in named]
        found = [
            StudentMatch(
                student_id=s.student_id,
                first_name=s.first_name,
                last_name=s.last_name,
                dob=s.dob,
                phone_last4=s.phone[-4:],
            )
            for s in named
            if s.dob == dob
        ]
        if not found:
            raise ValueError("No student with that last name and date of birth")
        return found

    @tool("read")
    def get_student(self, student_id: str) -> Student:
        """A student's record: program, GPA, standing, holds, accommodation, releases, balance.

        Args:
            student_id: The student's id, e.g. "ST10001".
        """
        return self._get("students", student_id)

    @tool("read")
    def get_transcript(self, student_id: str) -> list[Enrollment]:
        """Every enrolment of a student, past terms and this one, with grades, oldest first.

        Args:
            student_id: The student's id.
        """
        self._get("students", student_id)
        return self._of("enrollments", "student_id", student_id)

    @tool("read")
    def get_degree_audit(self, student_id: str) -> DegreeAudit:
        """A student's degree audit: their program's requirement groups in order, each with the
        credits required, done, in progress this term and missing, and the courses counted.

        Args:
            student_id: The student's id.
        """
        return degree_audit(self.db, self._get("students", student_id))

    @tool("read")
    def get_course(self, course_code: str) -> Course:
        """A course from the catalogue: title, credits and prerequisites with minimum grades.

        Args:
            course_code: The course code, e.g. "CHEM 101".
        """
        return self._get("courses", course_code.upper())

    @tool("read")
    def search_sections(self, course_code: str) -> list[Section]:
        """This term's sections of a course, with meeting times, seats and wait list.

        Args:
            course_code: The course code, e.g. "CHEM 101".
        """
        self._get("courses", course_code.upper())
        return [s for s in self.db.sections.values() if s.course_code == course_code.upper() and s.term == self.db.term]

    @tool("read")
    def list_assignments(self, student_id: str, section_id: str) -> list[AssignmentView]:
        """A section's assignments as a student sees them, with any extension they have.

        Args:
            student_id: The student's id.
            section_id: The section's id, e.g. "CRN20001".
        """
        self._get("students", student_id)
        self._get("sections", section_id)
        extensions = {e.assignment_id: e for e in self.db.extensions.values() if e.student_id == student_id}
        views = []
        for a in self.db.assignments.values():
            if a.section_id == section_id:
                extension = extensions.get(a.assignment_id)
                views.append(
                    AssignmentView(
                        assignment_id=a.assignment_id,
                        title=a.title,
                        points=a.points,
                        due=a.due,
                        extension_hours=extension.hours if extension else 0,
                        extended_due=extension.new_due if extension else None,
                    )
                )
        return views

    @tool("read")
    def list_tutoring_slots(self, course_code: str, date: str) -> list[TutoringSlot]:
        """Open tutoring slots for a course on a date that have not started yet, earliest first.

        Args:
            course_code: The course code, e.g. "MATH 151".
            date: The date, YYYY-MM-DD.
        """
        self._get("courses", course_code.upper())
        code = course_code.upper()
        slots = [
            s
            for s in self.db.tutoring_slots.values()
            if (s.course_code, s.date, s.booked_by) == (code, date, None) and f"{s.date} {s.start_time}" > self.db.now
        ]
        return sorted(slots, key=lambda slot: (slot.start_time, slot.slot_id))

    @tool("read")
    def list_tutoring_bookings(self, student_id: str) -> list[TutoringBooking]:
        """A student's tutoring bookings this term (booked, attended, no-show, cancelled), by date.

        Args:
            student_id: The student's id.
        """
        self._get("students", student_id)
        bookings = self._of("tutoring_bookings", "student_id", student_id)
        return sorted(bookings, key=lambda booking: (booking.date, booking.start_time, booking.booking_id))

    @tool("read")
    def list_materials(self, section_id: str, student_id: str) -> list[MaterialView]:
        """A section's course materials, and whether the student has access to each.

        Args:
            section_id: The section's id.
            student_id: The student's id.
        """
        self._get("sections", section_id)
        self._get("students", student_id)
        return [
            MaterialView(
                material_id=m.material_id,
                title=m.title,
                kind=m.kind,
                access_until=m.access_until,
                has_access=student_id in m.granted_to,
            )
            for m in self.db.materials.values()
            if m.section_id == section_id
        ]

    @tool("write")
    def enroll_in_section(self, student_id: str, section_id: str) -> Enrollment:
        """Register a student in a section with an open seat, and bill its tuition.

        Args:
            student_id: The student's id.
            section_id: The section's id.
        """
        student, section = self._get("students", student_id), self._get("sections", section_id)
        if section.term != self.db.term:
            raise ValueError("Section is not in the current term")
        if self._current(student_id, section.course_code):
            raise ValueError(f"Student is already enrolled in {section.course_code}")
        if section.enrolled >= section.capacity:
            raise ValueError("Section is full")
        course = self._get("courses", section.course_code)
        enrollment = Enrollment(
            enrollment_id=self._numbered("enrollment", "E"),
            student_id=student_id,
            section_id=section_id,
            course_code=section.course_code,
            term=self.db.term,
            credits=course.credits,
            status="enrolled",
            grade=None,
            grade_posted=None,
        )
        self.db.enrollments[enrollment.enrollment_id] = enrollment
        section.enrolled += 1
        if student_id in section.waitlist:
            section.waitlist = [waiting for waiting in section.waitlist if waiting != student_id]
        tuition = round(course.credits * self.db.tuition_per_credit, 2)
        self._charge(student, f"Tuition {section.course_code} ({course.credits} cr)", tuition)
        return enrollment

    @tool("write")
    def drop_section(self, student_id: str, section_id: str) -> str:
        """Drop a student from a section. The calendar decides the outcome by the day of the
        section's session: through day 14 a 100% tuition refund, days 15-28 a 50% refund,
        days 29-60 a W grade and no refund; after day 60 the system refuses.

        Args:
            student_id: The student's id.
            section_id: The section's id.
        """
        student, section = self._get("students", student_id), self._get("sections", section_id)
        enrollment = self._current(student_id, section.course_code)
        if enrollment is None or enrollment.section_id != section_id:
            raise ValueError("Student is not enrolled in this section")
        day = self._session_day(section)
        if day > WITHDRAW_LAST_DAY:
            raise ValueError("The withdrawal deadline has passed; a late withdrawal needs a petition")
        section.enrolled -= 1
        if day > HALF_REFUND_LAST_DAY:
            enrollment.status, enrollment.grade, enrollment.grade_posted = "withdrawn", "W", self.db.now[:10]
            return (
                f"Withdrew from {section.course_code} ({section_id}) with a W grade; no refund; "
                f"balance {student.balance:.2f}"
            )
        share = 1.0 if day <= FULL_REFUND_LAST_DAY else 0.5
        refund = round(enrollment.credits * self.db.tuition_per_credit * share, 2)
        enrollment.status = "dropped"
        self._charge(student, f"Refund {share:.0%} {section.course_code} ({enrollment.credits} cr)", -refund)
        return (
            f"Dropped {section.course_code} ({section_id}); refund {refund:.2f} ({share:.0%}); "
            f"new balance {student.balance:.2f}"
        )

    @tool("write")
    def swap_sections(self, student_id: str, from_section_id: str, to_section_id: str) -> Enrollment:
        """Move a student's enrolment to another section of the same course with an open seat.

        Args:
            student_id: The student's id.
            from_section_id: The section they are in now.
            to_section_id: The section they move to.
        """
        self._get("students", student_id)
        source, target = self._get("sections", from_section_id), self._get("sections", to_section_id)
        if source.course_code != target.course_code or target.term != self.db.term:
            raise ValueError("Sections must be of the same course this term")
        enrollment = self._current(student_id, source.course_code)
        if enrollment is None or enrollment.section_id != from_section_id:
            raise ValueError("Student is not enrolled in this section")
        if target.enrolled >= target.capacity:
            raise ValueError("Section is full")
        enrollment.section_id = to_section_id
        source.enrolled -= 1
        target.enrolled += 1
        return enrollment

    @tool("write")
    def join_waitlist(self, student_id: str, section_id: str) -> str:
        """Put a student at the end of a full section's wait list.

        Args:
            student_id: The student's id.
            section_id: The section's id.
        """
        self._get("students", student_id)
        section = self._get("sections", section_id)
        if section.enrolled < section.capacity:
            raise ValueError("Section has open seats; enroll instead")
        if student_id in section.waitlist:
            raise ValueError("Student is already on this wait list")
        if self._current(student_id, section.course_code):
            raise ValueError(f"Student is already enrolled in {section.course_code}")
        section.waitlist = [*section.waitlist, student_id]
        return f"Added to the wait list of {section_id} at position {len(section.waitlist)}"

    @tool("write")
    def book_tutoring_slot(self, student_id: str, slot_id: str) -> TutoringBooking:
        """Book an open tutoring slot for a student.

        Args:
            student_id: The student's id.
            slot_id: The slot's id, e.g. "TS50001".
        """
        self._get("students", student_id)
        slot = self._get("tutoring_slots", slot_id)
        if slot.booked_by is not None:
            raise ValueError("Tutoring slot is already booked")
        if f"{slot.date} {slot.start_time}" <= self.db.now:
            raise ValueError("Tutoring slot has already started")
        booking = TutoringBooking(
            booking_id=self._numbered("booking", "TB"),
            student_id=student_id,
            slot_id=slot_id,
            course_code=slot.course_code,
            date=slot.date,
            start_time=slot.start_time,
            status="booked",
        )
        self.db.tutoring_bookings[booking.booking_id] = booking
        slot.booked_by = student_id
        return booking

    @tool("write")
    def cancel_tutoring_booking(self, booking_id: str) -> TutoringBooking:
        """Cancel a tutoring booking that has not started, freeing the slot.

        Args:
            booking_id: The booking's id, e.g. "TB60001".
        """
        booking = self._get("tutoring_bookings", booking_id)
        if booking.status != "booked":
            raise ValueError(f"Booking is {booking.status}, not booked")
        if f"{booking.date} {booking.start_time}" <= self.db.now:
            raise ValueError("Booking has already started")
        booking.status = "cancelled"
        self.db.tutoring_slots[booking.slot_id].booked_by = None
        return booking

    @tool("write")
    def apply_extension(self, student_id: str, assignment_id: str, hours: int) -> Extension:
        """Extend one assignment's deadline for a student by a number of hours.

        Args:
            student_id: The student's id.
            assignment_id: The assignment's id, e.g. "AS40001".
            hours: How many hours to add to the due time.
        """
        self._get("students", student_id)
        assignment = self._get("assignments", assignment_id)
        section = self._get("sections", assignment.section_id)
        enrollment = self._current(student_id, section.course_code)
        if enrollment is None or enrollment.section_id != section.section_id:
            raise ValueError("Student is not enrolled in this section")
        if any(e.student_id == student_id and e.assignment_id == assignment_id for e in self.db.extensions.values()):
            raise ValueError("This assignment already has an extension for the student")
        if not isinstance(hours, int) or isinstance(hours, bool) or hours < 1:
            raise ValueError("Hours must be a whole number of at least 1")
        new_due = (datetime.fromisoformat(assignment.due) + timedelta(hours=hours)).strftime("%Y-%m-%d %H:%M")
        extension = Extension(
            extension_id=self._numbered("extension", "EX"),
            student_id=student_id,
            assignment_id=assignment_id,
            hours=hours,
            new_due=new_due,
        )
        self.db.extensions[extension.extension_id] = extension
        return extension

    @tool("write")
    def grant_material_access(self, student_id: str, material_id: str) -> MaterialView:
        """Give a student access to a course material until its access end date.

        Args:
            student_id: The student's id.
            material_id: The material's id, e.g. "MAT701".
        """
        self._get("students", student_id)
        material = self._get("materials", material_id)
        if student_id in material.granted_to:
            raise ValueError("Student already has access to this material")
        material.granted_to = [*material.granted_to, student_id]
        return MaterialView(
            material_id=material_id,
            title=material.title,
            kind=material.kind,
            access_until=material.access_until,
            has_access=True,
        )

    @tool("write")
    def add_ferpa_release(self, student_id: str, name: str, relation: str, scope: Scope) -> list[Release]:
        """Add someone to a student's FERPA release list, or change the scope of their entry.

        Args:
            student_id: The student's id.
            name: The person's full name.
            relation: Who they are to the student, e.g. "mother", "guardian".
            scope: What we may discuss with them: "academic", "financial" or "both".
        """
        student = self._get("students", student_id)
        if scope not in ("academic", "financial", "both"):
            raise ValueError("Scope must be academic, financial or both")
        if not name.strip():
            raise ValueError("A release needs the person's name")
        others = [release for release in student.releases if release.name.lower() != name.strip().lower()]
        if len(others) < len(student.releases) and any(
            release.scope == scope for release in student.releases if release.name.lower() == name.strip().lower()
        ):
            raise ValueError("That release is already on file with this scope")
        student.releases = [*others, Release(name=name.strip(), relation=relation, scope=scope)]
        return student.releases

    @tool("write")
    def set_directory_opt_out(self, student_id: str, opt_out: bool) -> DirectoryEntry:
        """Opt a student out of the university directory, or lift their opt-out.

        Args:
            student_id: The student's id.
            opt_out: true to withhold their directory information from everyone, false to release it again.
        """
        student = self._get("students", student_id)
        if not isinstance(opt_out, bool):
            raise ValueError("opt_out must be true or false")
        if opt_out and student_id in self.db.directory_opt_outs:
            raise ValueError("The student has already opted out of the directory")
        if not opt_out and student_id not in self.db.directory_opt_outs:
            raise ValueError("The student has not opted out of the directory")
        others = [opted for opted in self.db.directory_opt_outs if opted != student_id]
        self.db.directory_opt_outs = [*others, student_id] if opt_out else others
        return directory_entry(self.db, student)

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)

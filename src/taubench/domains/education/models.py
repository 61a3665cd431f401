"""The education domain's database: a university's students, its course catalogue and this
term's sections, enrolments with grades, assignments and extensions, peer tutoring, course
materials and the tuition ledger."""

from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

Scope = Literal["academic", "financial", "both"]
Grade = Literal["A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D+", "D", "F", "W"]


class Release(BaseModel):
    """A FERPA release: someone the student lets us talk to, and about what."""

    name: str
    relation: str
    scope: Scope


class Student(BaseModel):
    student_id: str
    first_name: str
    last_name: str
    dob: str  # YYYY-MM-DD
    phone: str
    email: str
    program: str
    year: int
    gpa: float
    standing: Literal["good", "probation"]
    visa: Literal["none", "F-1"]
    holds: Annotated[list[str], Unordered()]  # the offices whose hold blocks registration changes, e.g. "bursar"
    extension_hours: int  # a registered accommodation's deadline extension, 0 without one
    tutoring_suspended_until: Optional[str]  # set by the tutoring centre after a third no-show
    releases: Annotated[list[Release], Unordered()]
    balance: float  # what the student owes on the tuition account, USD


class StudentMatch(BaseModel):
    student_id: str
    first_name: str
    last_name: str
    dob: str
    phone_last4: str


class Prerequisite(BaseModel):
    course_code: Annotated[str, RefersTo("courses")]
    min_grade: Grade


class Course(BaseModel):
    course_code: str
    title: str
    department: str
    credits: int
    prerequisites: Annotated[list[Prerequisite], Unordered()]  # every one must be met


class Section(BaseModel):
    section_id: str
    course_code: Annotated[str, RefersTo("courses")]
    term: str
    session: Literal["year", "early", "full", "late"]  # its first day is in EducationDB.sessions
    component: Literal["lecture", "lab", "seminar"]
    instructor: str
    days: str  # e.g. "MWF", "TR"
    start_time: str  # HH:MM
    end_time: str
    room: str
    capacity: int
    enrolled: int  # seats taken: its enrolments with status "enrolled" (or "completed", in a past term)
    waitlist: Annotated[
        list[Annotated[str, RefersTo("students")]], Ordered("first come, first served: the place in line")
    ]


class Enrollment(BaseModel):
    enrollment_id: str
    student_id: Annotated[str, RefersTo("students")]
    section_id: Annotated[str, RefersTo("sections")]
    course_code: Annotated[str, RefersTo("courses")]
    term: str
    credits: int
    status: Literal["enrolled", "dropped", "withdrawn", "completed"]
    grade: Optional[Grade]
    grade_posted: Optional[str]  # YYYY-MM-DD


class Assignment(BaseModel):
    assignment_id: str
    section_id: Annotated[str, RefersTo("sections")]
    title: str
    due: str  # YYYY-MM-DD HH:MM
    points: int


class Extension(BaseModel):
    extension_id: str
    student_id: Annotated[str, RefersTo("students")]
    assignment_id: Annotated[str, RefersTo("assignments")]
    hours: int
    new_due: str


class TutoringSlot(BaseModel):
    slot_id: str
    course_code: Annotated[str, RefersTo("courses")]
    tutor: str
    date: str
    start_time: str
    location: str
    booked_by: Optional[Annotated[str, RefersTo("students")]]


class TutoringBooking(BaseModel):
    booking_id: str
    student_id: Annotated[str, RefersTo("students")]
    slot_id: Annotated[str, RefersTo("tutoring_slots")]
    course_code: Annotated[str, RefersTo("courses")]
    date: str
    start_time: str
    status: Literal["booked", "attended", "no_show", "cancelled"]


class Material(BaseModel):
    material_id: str
    section_id: Annotated[str, RefersTo("sections")]
    title: str
    kind: Literal["ebook", "lab_manual", "courseware", "reader"]
    access_until: str
    granted_to: Annotated[list[Annotated[str, RefersTo("students")]], Unordered()]


class Charge(BaseModel):
    charge_id: str
    student_id: Annotated[str, RefersTo("students")]
    date: str
    description: str
    amount: float  # positive: owed; negative: a payment or refund


class RequirementGroup(BaseModel):
    """One block of a degree's requirements: so many credits from its courses, each at its minimum grade."""

    name: str
    credits: int  # credits the group needs
    min_grade: Grade  # the lowest grade that counts in this group
    courses: Annotated[
        list[Annotated[str, RefersTo("courses")]], Unordered()
    ]  # empty: any course counted in no other group


class Program(BaseModel):
    """A degree program's requirements; its name is the one on the student's record."""

    name: str
    credits: int  # credits the degree needs: the sum of its groups'
    groups: Annotated[list[RequirementGroup], Ordered("a course counts in the first group that takes it")]


class EducationDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # the fixed "now", YYYY-MM-DD HH:MM; tools never read a clock
    term: str
    sessions: dict[str, str]  # session -> its first day
    term_end: str
    tuition_per_credit: float
    next_numbers: dict[str, int]  # new ids: enrollment, extension, booking, charge
    students: dict[str, Student]
    courses: dict[str, Course]
    sections: dict[str, Section]
    enrollments: dict[str, Enrollment]
    assignments: dict[str, Assignment]
    extensions: dict[str, Extension]
    tutoring_slots: dict[str, TutoringSlot]
    tutoring_bookings: dict[str, TutoringBooking]
    materials: dict[str, Material]
    charges: dict[str, Charge]
    programs: dict[str, Program]  # by program name
    # FERPA directory opt-outs: no directory information is released about these students
    directory_opt_outs: Annotated[list[Annotated[str, RefersTo("students")]], Unordered()]


class AssignmentView(BaseModel):
    """An assignment as one student sees it: its due time, and theirs if extended."""

    assignment_id: str
    title: str
    points: int
    due: str
    extension_hours: int
    extended_due: Optional[str]


class MaterialView(BaseModel):
    material_id: str
    title: str
    kind: str
    access_until: str
    has_access: bool


class GroupAudit(BaseModel):
    """One requirement group set against the transcript."""

    group: str
    min_grade: str
    credits_required: int
    credits_done: int  # completed courses counted here
    credits_in_progress: int  # this term's courses counted here
    credits_missing: int  # required less done and in progress, never below 0
    courses_done: Annotated[list[str], Unordered()]
    courses_in_progress: Annotated[list[str], Unordered()]


class DegreeAudit(BaseModel):
    student_id: str
    program: str
    degree_credits: int
    groups: Annotated[
        list[GroupAudit], Ordered("the program's order: a course counts in the first group that takes it")
    ]


class DirectoryEntry(BaseModel):
    """What a directory look-up shows the desk: the directory information, and the opt-out."""

    student_id: str
    first_name: str
    last_name: str
    program: str
    year: int
    enrolled_this_term: bool
    email: str
    directory_opt_out: bool

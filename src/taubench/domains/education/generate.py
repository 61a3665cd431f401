"""The education domain's database: the hand-written cast the tasks are built around
(``data/cast.json``), plus seeded filler (students with namesakes and twins among them, more
courses and sections, past terms' transcripts, tutoring, materials and the tuition ledger) so
that look-ups have something to miss.

The cast: the courses the tasks use, with their prerequisites; this term's key sections, each
roster filled by the generator to exactly its seats taken (the cast first, then filler
students) and its wait list drawn to its length (two CHEM 101 lectures at overlapping times,
full sections with short and full wait lists, late-start, early-start and full-year sessions);
the students whose situations the tasks test (namesakes and twins, holds, probation, an F-1
visa, accommodations, releases of every scope, no-shows), each with this term's sections and
their transcript; the tutoring history, drops and extensions the tasks rely on; the degree
requirements (general education, each major's core and electives, the major of every declared
program) and the students who opted out of the directory."""

import random
from datetime import date, datetime, timedelta
from typing import Any, Optional

from pydantic import BaseModel

from taubench.domains.education.models import Course, Grade, Release, RequirementGroup
from taubench.domains.kit import load_cast

SEED = 2025
NOW = "2025-09-09 10:00"
TERM = "2025FA"
SESSIONS = {"year": "2025-07-07", "early": "2025-08-04", "full": "2025-08-25", "late": "2025-10-20"}
TERM_END = "2025-12-12"
TUITION_PER_CREDIT = 450.0
POSTED = {
    "2022FA": "2022-12-16",
    "2023SP": "2023-05-19",
    "2023FA": "2023-12-15",
    "2024SP": "2024-05-17",
    "2024FA": "2024-12-18",
    "2025SP": "2025-05-20",
    "2025SU": "2025-08-15",
}
TERM_ORDER = [*POSTED, TERM]
RECENT_TERMS = ["2024FA", "2025SP", "2025SU"]  # the terms a filler transcript is first drawn from
REGULAR_TERMS = [term for term in POSTED if not term.endswith("SU")]  # fall and spring, oldest first
COURSES_PER_TERM = (4, 6)  # a past fall or spring term's courses on a transcript
TUTORED = ["MATH 151", "CHEM 101", "PSYC 101", "ENGL 102", "BIO 201", "ECON 201", "STAT 200", "MATH 110"]
SLOT_TIMES = ["09:00", "11:00", "12:30", "14:00", "16:00"]
TUTORS = ["Hana Ito", "Marcus Bell", "Sofia Duarte", "Kwame Mensah", "Lena Vogel", "Ravi Menon", "Tess Holloway"]
ASSIGNMENTS = {  # component -> (title, due in a full-term section, points); another session's shift by its start
    "lecture": [
        ("Problem Set 2", "2025-09-05 23:59", 50),
        ("Problem Set 3", "2025-09-12 23:59", 50),
        ("Midterm Project Proposal", "2025-09-26 17:00", 100),
    ],
    "lab": [("Lab Report 1", "2025-09-08 23:59", 80), ("Lab Report 2", "2025-09-15 23:59", 80)],
    "seminar": [("Reading Response 2", "2025-09-10 23:59", 20), ("Essay 1", "2025-09-19 17:00", 100)],
}
MATERIALS = {
    "lecture": [("e-text", "ebook")],
    "lab": [("Lab Manual", "lab_manual")],
    "seminar": [("Course Reader", "reader")],
}
WITH_COURSEWARE = {"MATH 151", "CHEM 101", "STAT 200"}
FIRST = [
    "James",
    "Olivia",
    "Liam",
    "Emma",
    "Mateo",
    "Ava",
    "Elijah",
    "Sophia",
    "Lucas",
    "Isabella",
    "Mason",
    "Mia",
    "Ethan",
    "Amelia",
    "Logan",
    "Harper",
    "Aiden",
    "Evelyn",
    "Jacob",
    "Abigail",
    "Daniel",
    "Emily",
    "Henry",
    "Ella",
    "Sebastian",
    "Chloe",
    "Jackson",
    "Grace",
    "Samuel",
    "Zoe",
    "David",
    "Nora",
    "Joseph",
    "Layla",
    "Carter",
    "Riley",
    "Aisha",
    "Omar",
    "Priya",
    "Wei",
    "Yuki",
    "Fatima",
    "Diego",
    "Ana",
    "Kofi",
    "Ngozi",
    "Arjun",
    "Mei",
    "Tariq",
    "Elena",
]
LAST = [
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Wilson",
    "Anderson",
    "Thomas",
    "Taylor",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Perez",
    "Thompson",
    "White",
    "Harris",
    "Sanchez",
    "Clark",
    "Ramirez",
    "Lewis",
    "Robinson",
    "Walker",
    "Young",
    "Allen",
    "King",
    "Wright",
    "Scott",
    "Torres",
    "Nguyen",
    "Hill",
    "Flores",
    "Khan",
    "Okoro",
    "Patel",
    "Chen",
    "Kowalski",
    "Haddad",
    "Nakamura",
]
PROGRAMS = [
    "Biology BS",
    "Psychology BA",
    "Business Administration BBA",
    "Computer Science BS",
    "Nursing BSN",
    "English BA",
    "Economics BA",
    "Mechanical Engineering BS",
    "History BA",
    "Mathematics BS",
    "Sociology BA",
    "Art BFA",
]
DEPARTMENTS = {
    "SOC": "Sociology",
    "ANTH": "Anthropology",
    "GEOL": "Geology",
    "PHYS": "Physics",
    "MUS": "Music",
    "SPAN": "Spanish",
    "FREN": "French",
    "POLS": "Political Science",
    "ACCT": "Accounting",
    "NURS": "Nursing",
    "ENGR": "Engineering",
    "THEA": "Theatre",
}
TOPICS = ["Foundations", "Survey", "Methods", "Topics", "Seminar", "Workshop", "Principles", "Perspectives"]
GRADES = ["A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D", "F", "W"]
GRADE_WEIGHTS = [14, 12, 13, 15, 10, 9, 9, 5, 4, 3, 6]
GRADE_POINTS = {
    "A": 4.0,
    "A-": 3.7,
    "B+": 3.3,
    "B": 3.0,
    "B-": 2.7,
    "C+": 2.3,
    "C": 2.0,
    "C-": 1.7,
    "D+": 1.3,
    "D": 1.0,
    "F": 0.0,
}
DAY_PATTERNS = [("MWF", 50), ("TR", 75), ("MW", 75)]
DEGREE_CREDITS = 120
FREE_ELECTIVES = ("Free electives", "D")  # the last group of every program: any course counted nowhere else


class CastSection(BaseModel):
    section_id: str
    course_code: str
    session: str
    component: str
    instructor: str
    days: str
    start_time: str
    end_time: str
    room: str
    capacity: int
    seats_taken: int  # the roster the generator fills
    waitlist_length: int


class PastCourse(BaseModel):
    term: str
    course_code: str
    grade: Grade


class CastStudent(BaseModel):
    student_id: str
    first_name: str
    last_name: str
    dob: str
    phone: str
    email: str
    program: str
    year: int
    gpa: float
    standing: str
    visa: str
    holds: list[str]
    extension_hours: int
    releases: list[Release]
    tutoring_suspended_until: Optional[str]
    paid: float  # this term's payment
    sections: list[str]  # this term's
    history: list[PastCourse]  # earlier terms


class CastBooking(BaseModel):
    student_id: str
    course_code: str
    date: str
    start_time: str
    status: str


class CastDrop(BaseModel):
    student_id: str
    section_id: str


class CastExtension(BaseModel):
    student_id: str
    section_id: str
    assignment: str  # its title in that section
    hours: int


class Major(BaseModel):
    major: str
    core: list[str]  # every course at C
    electives: list[str]  # 9 credits of them at C-


class ProgramMajor(BaseModel):
    program: str
    major: str


class OptOut(BaseModel):
    student_id: str


CAST: dict[str, type[BaseModel]] = {
    "courses": Course,
    "sections": CastSection,
    "students": CastStudent,
    "bookings": CastBooking,
    "drops": CastDrop,
    "extensions": CastExtension,
    "general_education": RequirementGroup,
    "majors": Major,
    "programs": ProgramMajor,
    "directory_opt_outs": OptOut,
}


def _course(code: str, title: str, department: str, credits: int, prerequisites: list) -> dict:
    return {
        "course_code": code,
        "title": title,
        "department": department,
        "credits": credits,
        "prerequisites": [{"course_code": c, "min_grade": g} for c, g in prerequisites],
    }


def _section(
    section_id: str,
    course: str,
    term: str,
    session: str,
    component: str,
    instructor: str,
    days: str,
    start: str,
    end: str,
    room: str,
    capacity: int,
    waitlist: list,
) -> dict:
    return {
        "section_id": section_id,
        "course_code": course,
        "term": term,
        "session": session,
        "component": component,
        "instructor": instructor,
        "days": days,
        "start_time": start,
        "end_time": end,
        "room": room,
        "capacity": capacity,
        "enrolled": 0,
        "waitlist": waitlist,
    }


def _minutes(clock: str) -> int:
    return int(clock[:2]) * 60 + int(clock[3:])


def _overlap(one: dict, other: dict) -> bool:
    """Whether two sections meet on a common day at overlapping times."""
    return (
        bool(set(one["days"]) & set(other["days"]))
        and _minutes(one["start_time"]) < _minutes(other["end_time"])
        and (_minutes(other["start_time"]) < _minutes(one["end_time"]))
    )


def _end(start: str, minutes: int) -> str:
    hours, mins = divmod(int(start[:2]) * 60 + int(start[3:]) + minutes, 60)
    return f"{hours:02d}:{mins:02d}"


class _Builder:
    def __init__(self, cast: dict[str, list]) -> None:
        self.cast = cast
        self.cast_courses = {course.course_code for course in cast["courses"]}
        self.rng = random.Random(SEED)
        self.db: dict[str, Any] = {
            "now": NOW,
            "term": TERM,
            "sessions": SESSIONS,
            "term_end": TERM_END,
            "tuition_per_credit": TUITION_PER_CREDIT,
            "next_numbers": {},
            "students": {},
            "courses": {},
            "sections": {},
            "enrollments": {},
            "assignments": {},
            "extensions": {},
            "tutoring_slots": {},
            "tutoring_bookings": {},
            "materials": {},
            "charges": {},
        }
        self.numbers = {"enrollment": 30001, "extension": 45001, "booking": 60001, "charge": 80001, "past": 10001}
        self.past_sections: dict[tuple[str, str], str] = {}
        self.open_catalogue: list[str] = []  # courses without prerequisites, for filler transcripts
        self.seats = random.Random(SEED + 1)  # filler schedules and roster top-ups, apart from the identity stream
        self.targets: dict[str, int] = {}  # cast sections: the seats taken their rosters must reach
        self.roster: dict[str, list[str]] = {}  # this term's section -> the students enrolled in it
        self.paid: dict[str, float] = {}  # filler students' payments, billed once their schedules are final

    def next(self, counter: str, prefix: str) -> str:
        number = self.numbers[counter]
        self.numbers[counter] += 1
        return f"{prefix}{number}"

    def past_section(self, term: str, course: str, rng: random.Random | None = None) -> str:
        """The course's section that term with a seat left; a new one when there is none."""
        known = self.past_sections.get((term, course))
        if known is None or self.db["sections"][known]["enrolled"] >= self.db["sections"][known]["capacity"]:
            rng = rng or self.rng
            section_id = self.next("past", "CRN")
            days, minutes = rng.choice(DAY_PATTERNS)
            start = f"{rng.choice([8, 9, 10, 11, 13, 14, 15]):02d}:00"
            instructor = f"Dr. {rng.choice(FIRST)} {rng.choice(LAST)}"
            room = f"HUM {rng.randint(100, 350)}"
            self.db["sections"][section_id] = _section(
                section_id, course, term, "full", "lecture", instructor, days, start, _end(start, minutes), room, 40, []
            )
            self.past_sections[(term, course)] = section_id
        return self.past_sections[(term, course)]

    def enroll(self, student: str, section_id: str, status: str = "enrolled", grade: str | None = None) -> None:
        section = self.db["sections"][section_id]
        course = section["course_code"]
        posted = POSTED.get(section["term"]) if grade else None
        enrollment_id = self.next("enrollment", "E")
        self.db["enrollments"][enrollment_id] = {
            "enrollment_id": enrollment_id,
            "student_id": student,
            "section_id": section_id,
            "course_code": course,
            "term": section["term"],
            "credits": self.db["courses"][course]["credits"],
            "status": status,
            "grade": grade,
            "grade_posted": posted,
        }
        if status in ("enrolled", "completed"):  # a seat held now, or to the end of a past term
            section["enrolled"] += 1
        if status == "enrolled":
            self.roster.setdefault(section_id, []).append(student)

    def charge(self, student: str, day: str, description: str, amount: float) -> None:
        charge_id = self.next("charge", "CH")
        self.db["charges"][charge_id] = {
            "charge_id": charge_id,
            "student_id": student,
            "date": day,
            "description": description,
            "amount": round(amount, 2),
        }

    def bill(self, student: str, paid: float) -> float:
        """This term's tuition lines (refunds for early drops included) and a payment; the balance owed."""
        total = 0.0
        for enrollment in self.db["enrollments"].values():
            if enrollment["student_id"] == student and enrollment["term"] == TERM:
                amount = enrollment["credits"] * TUITION_PER_CREDIT
                self.charge(
                    student, "2025-08-01", f"Tuition {enrollment['course_code']} ({enrollment['credits']} cr)", amount
                )
                total += amount
                if enrollment["status"] == "dropped":
                    line = f"Refund 100% {enrollment['course_code']} ({enrollment['credits']} cr)"
                    self.charge(student, "2025-09-02", line, -amount)
                    total -= amount
        if paid:
            self.charge(student, "2025-08-20", "Payment received", -paid)
        return round(total - paid, 2)

    def add_cast(self) -> None:
        for course in self.cast["courses"]:
            self.db["courses"][course.course_code] = course.model_dump()
        for row in self.cast["sections"]:
            self.db["sections"][row.section_id] = _section(
                row.section_id,
                row.course_code,
                TERM,
                row.session,
                row.component,
                row.instructor,
                row.days,
                row.start_time,
                row.end_time,
                row.room,
                row.capacity,
                [],
            )
            self.targets[row.section_id] = row.seats_taken
        for row in self.cast["students"]:
            student_id = row.student_id
            self.db["students"][student_id] = {
                **row.model_dump(exclude={"paid", "sections", "history"}),
                "balance": 0.0,
            }
            for past in row.history:
                status = "withdrawn" if past.grade == "W" else "completed"
                self.enroll(student_id, self.past_section(past.term, past.course_code), status, past.grade)
            for section_id in row.sections:
                self.enroll(student_id, section_id)
            for drop in self.cast["drops"]:
                if drop.student_id == student_id:
                    self.enroll(student_id, drop.section_id, "dropped")
            self.db["students"][student_id]["balance"] = self.bill(student_id, row.paid)

    def filler_courses(self) -> None:
        for prefix, department in DEPARTMENTS.items():
            for level in self.rng.sample([101, 110, 150, 201, 210, 250, 301, 320, 350, 410], 7):
                code = f"{prefix} {level}"
                title = f"{self.rng.choice(TOPICS)} of {department}" + (" II" if level >= 300 else "")
                lower = [c for c in self.db["courses"] if c.startswith(prefix) and int(c.split()[1]) < level]
                prerequisites = []
                if lower and level >= 200:
                    prerequisites = [(self.rng.choice(lower), self.rng.choice(["C", "C", "C-", "B-"]))]
                self.db["courses"][code] = _course(
                    code, title, department, self.rng.choice([3, 3, 3, 4, 1]), prerequisites
                )
        number = 22001
        for code in [c for c in self.db["courses"] if c not in self.cast_courses]:
            for _ in range(self.rng.choice([1, 1, 2])):
                days, minutes = self.rng.choice(DAY_PATTERNS)
                start = f"{self.rng.choice([8, 9, 10, 11, 12, 13, 14, 15, 16]):02d}:{self.rng.choice(['00', '30'])}"
                capacity = self.rng.choice([15, 20, 24, 30])
                session = "late" if self.rng.random() < 0.15 else "full"
                component = "seminar" if code.split()[1] >= "300" else "lecture"
                self.db["sections"][f"CRN{number}"] = _section(
                    f"CRN{number}",
                    code,
                    TERM,
                    session,
                    component,
                    f"Dr. {self.rng.choice(FIRST)} {self.rng.choice(LAST)}",
                    days,
                    start,
                    _end(start, minutes),
                    f"{code.split()[0]} {self.rng.randint(100, 320)}",
                    capacity,
                    [],
                )
                number += 1

    def filler_students(self) -> None:
        self.open_catalogue = [code for code, course in self.db["courses"].items() if not course["prerequisites"]]
        taken = {(s["first_name"], s["last_name"], s["dob"]) for s in self.db["students"].values()}
        number = 10100
        while number < 10470:
            first, last = self.rng.choice(FIRST), self.rng.choice(LAST)
            born = f"{self.rng.randint(1999, 2007)}-{self.rng.randint(1, 12):02d}-{self.rng.randint(1, 28):02d}"
            if number % 61 == 0:  # twins: the previous student's last name and birth date
                previous = self.db["students"][f"ST{number - 1}"]
                last, born = previous["last_name"], previous["dob"]
            elif number % 17 == 0:  # a namesake of an earlier student, born another day
                earlier = self.db["students"][self.rng.choice(sorted(self.db["students"]))]
                first, last = earlier["first_name"], earlier["last_name"]
            if (first, last, born) in taken:
                continue
            taken.add((first, last, born))
            self.filler_student(f"ST{number}", first, last, born)
            number += 1

    def filler_student(self, student_id: str, first: str, last: str, born: str) -> None:
        rng = self.rng
        gpa = round(rng.uniform(1.7, 4.0), 2)
        release = {
            "name": f"{rng.choice(FIRST)} {last}",
            "relation": rng.choice(["mother", "father", "guardian"]),
            "scope": rng.choice(["academic", "financial", "both"]),
        }
        self.db["students"][student_id] = {
            "student_id": student_id,
            "first_name": first,
            "last_name": last,
            "dob": born,
            "phone": f"{rng.choice([617, 508, 781, 978, 401, 603])}-555-{rng.randint(0, 9999):04d}",
            "email": f"{first[0].lower()}{last.lower()}{born[2:4]}{student_id[-2:]}@students.northfield.edu",
            "program": rng.choice(PROGRAMS),
            "year": rng.randint(1, 4),
            "gpa": gpa,
            "standing": "probation" if gpa < 2.0 else "good",
            "visa": "F-1" if rng.random() < 0.08 else "none",
            "holds": [rng.choice(["Bursar's Office", "Academic Advising", "Health Services"])]
            if rng.random() < 0.07
            else [],
            "extension_hours": rng.choice([24, 48]) if rng.random() < 0.1 else 0,
            "releases": [release] if rng.random() < 0.3 else [],
            "tutoring_suspended_until": None,
            "balance": 0.0,
        }
        for term in rng.sample(RECENT_TERMS, rng.randint(1, 3)):
            for course in rng.sample(self.open_catalogue, 2):
                grade = rng.choices(GRADES, GRADE_WEIGHTS)[0]
                self.enroll(
                    student_id, self.past_section(term, course), "withdrawn" if grade == "W" else "completed", grade
                )
        open_now = [s for s, section in self.db["sections"].items() if section["term"] == TERM and self.has_room(s)]
        for section_id in self.seats.sample(open_now, 8):
            if len(self.schedule(student_id)) < 4 and self.fits(student_id, section_id):
                self.enroll(student_id, section_id)
        self.paid[student_id] = rng.choice([0.0, 1000.0, 2500.0, 4000.0])

    def has_room(self, section_id: str) -> bool:
        """A cast section takes students up to its seats taken; another leaves at least a seat open."""
        limit = self.targets.get(section_id, self.db["sections"][section_id]["capacity"] - 1)
        return len(self.roster.get(section_id, [])) < limit

    def schedule(self, student_id: str) -> list[dict]:
        return [self.db["sections"][s] for s, roster in self.roster.items() if student_id in roster]

    def fits(self, student_id: str, section_id: str, max_credits: int = 18) -> bool:
        """Another course, clash-free, within the student's credit load."""
        section, schedule = self.db["sections"][section_id], self.schedule(student_id)
        credits = sum(self.db["courses"][s["course_code"]]["credits"] for s in schedule + [section])
        return credits <= max_credits and all(
            s["course_code"] != section["course_code"] and not _overlap(s, section) for s in schedule
        )

    def fill_rosters(self) -> None:
        """Top each cast section up to its seats taken with filler students whose schedules fit, then bill them."""
        fillers = [s for s in self.db["students"] if s >= "ST10100"]
        for section_id, target in self.targets.items():
            assert len(self.roster.get(section_id, [])) <= target, f"{section_id}: the cast alone exceeds its seats"
            for student_id in self.seats.sample(fillers, len(fillers)):
                if len(self.roster.get(section_id, [])) == target:
                    break
                if len(self.schedule(student_id)) < 6 and self.fits(student_id, section_id):
                    self.enroll(student_id, section_id)
            assert len(self.roster.get(section_id, [])) == target, f"{section_id}: too few students fit"
        for student_id in fillers:
            self.db["students"][student_id]["balance"] = self.bill(student_id, self.paid[student_id])

    def histories(self) -> None:
        """Earlier courses, so that a class year agrees with the transcript: a student in year y has
        had the 2(y - 1) fall and spring terms before this one (a first-year at most a summer), 4 to
        6 courses in each, graded near their GPA. Drawn last and from a stream of its own, so every
        record drawn before stays as it was; no cast course is added, so no task's prerequisite changes."""
        rng = random.Random(SEED + 2)
        pool = [code for code in self.open_catalogue if code not in self.cast_courses]
        transcripts: dict[str, list[dict]] = {}
        for enrollment in self.db["enrollments"].values():
            transcripts.setdefault(enrollment["student_id"], []).append(enrollment)
        for student_id, student in self.db["students"].items():
            transcript = transcripts.get(student_id, [])
            if any(enrollment["term"] in REGULAR_TERMS for enrollment in transcript):
                student["year"] = max(student["year"], 2)  # a filler drawn as a first-year with a past fall or spring
            taken = {enrollment["course_code"] for enrollment in transcript}
            for term in REGULAR_TERMS[len(REGULAR_TERMS) - 2 * (student["year"] - 1) :]:
                had = sum(enrollment["term"] == term for enrollment in transcript)
                for course in rng.sample(sorted(set(pool) - taken), max(0, rng.randint(*COURSES_PER_TERM) - had)):
                    taken.add(course)
                    grade = (
                        "W"
                        if rng.random() < 0.04
                        else rng.choice(
                            [grade for grade, points in GRADE_POINTS.items() if abs(points - student["gpa"]) <= 0.7]
                        )
                    )
                    self.enroll(
                        student_id,
                        self.past_section(term, course, rng),
                        "withdrawn" if grade == "W" else "completed",
                        grade,
                    )
        self.db["enrollments"] = dict(
            sorted(self.db["enrollments"].items(), key=lambda item: TERM_ORDER.index(item[1]["term"]))
        )

    def waitlists(self) -> None:
        for row in self.cast["sections"]:
            enrolled = {
                e["student_id"]
                for e in self.db["enrollments"].values()
                if (e["course_code"], e["term"]) == (row.course_code, TERM)
            }
            waiting = [s for s in sorted(self.db["students"]) if s >= "ST10100" and s not in enrolled]
            self.db["sections"][row.section_id]["waitlist"] = self.rng.sample(waiting, row.waitlist_length)

    def coursework(self) -> None:
        number, material = 40001, 701
        for section_id, section in self.db["sections"].items():
            if section["term"] != TERM:
                continue
            for title, due, points in ASSIGNMENTS[section["component"]]:
                if section["session"] != "full":
                    moved = date.fromisoformat(due[:10]) + (
                        date.fromisoformat(SESSIONS[section["session"]]) - date.fromisoformat(SESSIONS["full"])
                    )
                    due = f"{moved.isoformat()}{due[10:]}"
                self.db["assignments"][f"AS{number}"] = {
                    "assignment_id": f"AS{number}",
                    "section_id": section_id,
                    "title": title,
                    "due": due,
                    "points": points,
                }
                number += 1
            course = self.db["courses"][section["course_code"]]
            kinds = list(MATERIALS[section["component"]])
            if course["course_code"] in WITH_COURSEWARE and section["component"] == "lecture":
                kinds.append(("Online Homework", "courseware"))
            roster = [
                e["student_id"]
                for e in self.db["enrollments"].values()
                if (e["section_id"], e["status"]) == (section_id, "enrolled")
            ]
            for label, kind in kinds:
                granted = [s for s in roster if s >= "ST10100" and self.rng.random() < 0.6]
                self.db["materials"][f"MAT{material}"] = {
                    "material_id": f"MAT{material}",
                    "section_id": section_id,
                    "title": f"{course['title']} {label}",
                    "kind": kind,
                    "access_until": TERM_END,
                    "granted_to": granted,
                }
                material += 1
        assignments = {(a["section_id"], a["title"]): a for a in self.db["assignments"].values()}
        for row in self.cast["extensions"]:
            self.extension(row.student_id, assignments[(row.section_id, row.assignment)], row.hours)
        for enrollment in list(self.db["enrollments"].values()):
            student = self.db["students"][enrollment["student_id"]]
            if enrollment["status"] == "enrolled" and student["student_id"] >= "ST10100" and student["extension_hours"]:
                for assignment in [
                    a for a in self.db["assignments"].values() if a["section_id"] == enrollment["section_id"]
                ][:1]:
                    self.extension(student["student_id"], assignment, student["extension_hours"])

    def extension(self, student_id: str, assignment: dict, hours: int) -> None:
        extension_id = self.next("extension", "EX")
        new_due = (datetime.fromisoformat(assignment["due"]) + timedelta(hours=hours)).strftime("%Y-%m-%d %H:%M")
        self.db["extensions"][extension_id] = {
            "extension_id": extension_id,
            "student_id": student_id,
            "assignment_id": assignment["assignment_id"],
            "hours": hours,
            "new_due": new_due,
        }

    def tutoring(self) -> None:
        number, first = 50001, date.fromisoformat("2025-08-25")
        cast = {
            (row.course_code, row.date, row.start_time): (row.student_id, row.status) for row in self.cast["bookings"]
        }
        enrolled: dict[str, list[str]] = {}
        for e in self.db["enrollments"].values():
            if e["term"] == TERM and e["status"] == "enrolled" and e["student_id"] >= "ST10100":
                enrolled.setdefault(e["course_code"], []).append(e["student_id"])
        for offset in range(26):
            day = (first + timedelta(days=offset)).isoformat()
            if (first + timedelta(days=offset)).weekday() >= 5 or day == "2025-09-01":  # weekends and Labor Day
                continue
            for course in TUTORED:
                for index, time in enumerate(SLOT_TIMES):
                    slot_id = f"TS{number}"
                    number += 1
                    booker, status = cast.get((course, day, time), (None, None))
                    if (
                        booker is None
                        and enrolled.get(course)
                        and (f"{day} {time}" < NOW or time in ("09:00", "16:00"))
                    ):
                        if self.rng.random() < 0.45:
                            booker = self.rng.choice(enrolled[course])
                            status = "booked"
                            if f"{day} {time}" < NOW:
                                status = self.rng.choices(["attended", "no_show", "cancelled"], [8, 1, 1])[0]
                    tutor = TUTORS[(TUTORED.index(course) + index) % len(TUTORS)]
                    self.db["tutoring_slots"][slot_id] = {
                        "slot_id": slot_id,
                        "course_code": course,
                        "tutor": tutor,
                        "date": day,
                        "start_time": time,
                        "location": f"Learning Commons {101 + index}",
                        "booked_by": booker if status == "booked" else None,
                    }
                    if booker:
                        booking_id = self.next("booking", "TB")
                        self.db["tutoring_bookings"][booking_id] = {
                            "booking_id": booking_id,
                            "student_id": booker,
                            "slot_id": slot_id,
                            "course_code": course,
                            "date": day,
                            "start_time": time,
                            "status": status,
                        }


def database() -> dict[str, Any]:
    cast = load_cast(__package__, CAST)
    builder = _Builder(cast)
    builder.add_cast()
    builder.filler_courses()
    builder.filler_students()
    builder.fill_rosters()
    builder.waitlists()
    builder.coursework()
    builder.tutoring()
    builder.histories()
    builder.db["programs"] = programs(cast, builder.db["courses"])
    builder.db["directory_opt_outs"] = opt_outs(cast, builder.db["students"])
    builder.db["next_numbers"] = {
        name: builder.numbers[name] for name in ("enrollment", "extension", "booking", "charge")
    }
    return builder.db


def programs(cast: dict[str, list], courses: dict[str, dict]) -> dict[str, dict]:
    """Each declared program's requirement groups: its major's core and electives, the general
    education groups less what the major lists, and free electives up to the degree's credits."""
    found, majors = {}, {row.major: row for row in cast["majors"]}
    for row in cast["programs"]:
        name, core, electives = row.program, majors[row.major].core, majors[row.major].electives
        core_credits = sum(courses[code]["credits"] for code in core)
        groups = [("Major core", core_credits, "C", core), ("Major electives", 9, "C-", electives)]
        for general in cast["general_education"]:
            group, credits, minimum = general.name, general.credits, general.min_grade
            left = [code for code in general.courses if code not in core + electives]
            if left:
                groups.append((group, credits, minimum, left))
        groups.append((*FREE_ELECTIVES[:1], DEGREE_CREDITS - sum(group[1] for group in groups), FREE_ELECTIVES[1], []))
        found[name] = {
            "name": name,
            "credits": DEGREE_CREDITS,
            "groups": [
                {"name": group, "credits": credits, "min_grade": minimum, "courses": listed}
                for group, credits, minimum, listed in groups
            ],
        }
    return found


def opt_outs(cast: dict[str, list], students: dict[str, dict]) -> list[str]:
    """The cast's directory opt-outs, and about one filler student in 25 (a stream of its own)."""
    rng = random.Random(SEED + 3)
    return [
        *(row.student_id for row in cast["directory_opt_outs"]),
        *(student_id for student_id in students if student_id >= "ST10100" and rng.random() < 0.04),
    ]

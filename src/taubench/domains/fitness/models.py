"""The fitness chain's database: clubs, members with their contracts, freezes, goals and
health screening, the class timetable and its bookings, the activity log, body measurements,
routines, trainers and personal-training packages with their sessions, and the charges the
desk raises."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RecordId, RefersTo, Unordered

Tier = Literal["basic", "plus", "premium"]
ActivityType = Literal["run", "ride", "swim", "walk", "row", "strength"]
ClassType = Literal["spin", "yoga", "hiit", "pilates", "boxing", "strength"]
Metric = Literal["body_weight_kg", "longest_run_km", "weekly_distance_km", "sessions_per_week"]
Level = Literal["beginner", "intermediate", "advanced"]
RoutineGoal = Literal[
    "strength",
    "weight_loss",
    "endurance",
    "mobility",
    "muscle_gain",
    "core",
    "balance",
    "general_fitness",
    "sport_conditioning",
]
Measure = Literal["weight_kg", "body_fat_pct", "waist_cm"]


class Club(BaseModel):
    club_id: str
    name: str
    city: str


class Freeze(BaseModel):
    start_date: str  # YYYY-MM-DD, first frozen day
    end_date: str  # YYYY-MM-DD, the day the membership resumes
    months: int
    fee: float


class Goal(BaseModel):
    goal_id: Annotated[str, RecordId()]  # minted from next_goal_number
    metric: Metric
    target: float
    deadline: str
    set_on: str
    status: Literal["active", "achieved", "replaced"]


class RoutinePlan(BaseModel):
    routine_id: Annotated[str, RefersTo("routines")]
    start_date: str


class Member(BaseModel):
    member_id: str  # the member number on the card
    name: str
    birth_date: str
    zip_code: str
    home_club: Annotated[str, RefersTo("clubs")]
    tier: Tier
    pending_tier: Optional[Tier]  # a downgrade waiting for the next billing date
    monthly_dues: float
    contract: Literal["monthly", "annual"]
    contract_end: Optional[str]  # annual contracts only: the last day of the term
    next_billing_date: str
    status: Literal["active", "frozen", "cancelled"]
    cancel_effective: Optional[str]  # set when notice is given
    weight_kg: float
    parq_yes: bool  # any "yes" answer on the health screening questionnaire
    physician_clearance: bool
    injuries: Annotated[list[str], Unordered()]
    logging_since: Optional[str]  # the date of the member's first logged activity
    freezes: Annotated[list[Freeze], Unordered()]
    goals: Annotated[list[Goal], Unordered()]
    routine: Optional[RoutinePlan]


class GymClass(BaseModel):
    noun: ClassVar[str] = "Class"
    class_id: str
    club_id: Annotated[str, RefersTo("clubs")]
    class_type: ClassType
    start: str  # YYYY-MM-DDTHH:MM, club time
    duration_min: int
    instructor: str
    capacity: int


class ClassSlot(GymClass):
    """A class as the timetable shows it: with the places still free."""

    spots_left: int


class Booking(BaseModel):
    booking_id: str
    member_id: Annotated[str, RefersTo("members")]
    class_id: Annotated[str, RefersTo("classes")]
    class_type: ClassType
    club_id: Annotated[str, RefersTo("clubs")]
    class_start: str
    status: Literal["booked", "waitlisted", "attended", "late_cancel", "no_show", "cancelled"]
    fee: float


class Activity(BaseModel):
    activity_id: str
    member_id: Annotated[str, RefersTo("members")]
    activity_type: ActivityType
    date: str
    start_time: str  # HH:MM
    duration_min: int
    distance_km: Optional[float]
    avg_hr: Optional[int]
    source: Literal["watch", "app", "desk"]


class Routine(BaseModel):
    routine_id: str
    name: str
    goal: RoutineGoal
    level: Level
    equipment: Annotated[list[str], Unordered()]
    contraindications: Annotated[list[str], Unordered()]  # injuries it must not be given with, e.g. "knee"
    plyometric: bool


class Measurement(BaseModel):
    """One dated weigh-in or assessment: the measures taken that day by one source."""

    measurement_id: str
    member_id: Annotated[str, RefersTo("members")]
    date: str
    weight_kg: Optional[float]
    body_fat_pct: Optional[float]
    waist_cm: Optional[float]
    source: Literal[
        "scale", "app", "desk", "trainer"
    ]  # a club's body-composition scale, the member's app, the desk, a trainer


class MeasureEntry(BaseModel):
    measurement_id: str
    date: str
    value: float
    source: str


class ProgressSummary(BaseModel):
    """One measure's entries over a period, with the days between its first and last entry."""

    member_id: str
    measure: Measure
    date_from: str
    date_to: str
    entries: Annotated[list[MeasureEntry], Ordered("oldest first")]
    days_spanned: int  # from the first entry to the last; 0 with fewer than two


class Trainer(BaseModel):
    trainer_id: str
    name: str
    club_id: Annotated[str, RefersTo("clubs")]
    working_slots: Annotated[
        list[str], Unordered()
    ]  # hour slots YYYY-MM-DDTHH:MM the trainer works in the next two weeks


class TrainerDay(BaseModel):
    trainer_id: str
    name: str
    club_id: str
    date: str
    open_slots: Annotated[list[str], Unordered()]


class PtSession(BaseModel):
    noun: ClassVar[str] = "PT session"
    session_id: str
    package_id: Annotated[str, RefersTo("pt_packages")]
    slot: str
    status: Literal["booked", "completed", "cancelled", "forfeited"]


class PtPackage(BaseModel):
    noun: ClassVar[str] = "PT package"
    package_id: str
    member_id: Annotated[str, RefersTo("members")]
    trainer_id: Annotated[str, RefersTo("trainers")]
    purchased: str
    expires: str
    sessions_total: int
    sessions_used: int  # booked, completed and forfeited sessions
    price: float


class PackageView(PtPackage):
    sessions: Annotated[list[PtSession], Unordered()]


class Charge(BaseModel):
    charge_id: str
    member_id: Annotated[str, RefersTo("members")]
    date: str
    kind: Literal["freeze_fee", "late_cancel", "upgrade_proration", "early_termination"]
    amount: float


class FitnessDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # the desk's fixed "now", YYYY-MM-DDTHH:MM; tools never read a clock
    next_activity_number: int
    next_booking_number: int
    next_session_number: int
    next_goal_number: int
    next_charge_number: int
    next_measurement_number: int
    clubs: dict[str, Club]
    members: dict[str, Member]
    classes: dict[str, GymClass]
    bookings: dict[str, Booking]
    activities: dict[str, Activity]
    routines: dict[str, Routine]
    trainers: dict[str, Trainer]
    pt_packages: dict[str, PtPackage]
    pt_sessions: dict[str, PtSession]
    charges: dict[str, Charge]
    measurements: dict[str, Measurement]

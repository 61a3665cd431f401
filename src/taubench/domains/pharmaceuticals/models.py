"""The pharmaceuticals domain's database: the clinical-operations help desk of Corvane
Therapeutics, a sponsor running phase II/III trials at research sites. Studies (their visit
schedule, eligibility limits, consent version and stipends), sites with their staff and the
duties each is delegated, participants, their visits, screening labs, consents, adverse
events and protocol deviations, the sites' kit lots and orders, stipend payments, the blinded
randomization lists, unblinding requests and enrollment reports."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

ParticipantId = Annotated[str, RefersTo("participants")]
StaffId = Annotated[str, RefersTo("staff")]
SiteId = Annotated[str, RefersTo("sites")]
StudyId = Annotated[str, RefersTo("studies")]
VisitId = Annotated[str, RefersTo("visits")]
Duty = Literal["consent", "enrollment", "scheduling", "safety_reporting", "kits", "payments", "reports", "unblinding"]
Status = Literal["screening", "screen_failed", "enrolled", "withdrawn", "completed"]
Seriousness = Literal[
    "death", "life_threatening", "hospitalization", "disability", "congenital_anomaly", "important_medical_event"
]
DeviationCategory = Literal["visit_window", "missed_visit", "consent", "eligibility", "safety_reporting", "kit_expiry"]
WithdrawalReason = Literal[
    "participant_decision", "adverse_event", "investigator_decision", "relocation", "lost_to_follow_up"
]


class ScheduledVisit(BaseModel):
    """One visit of a study's schedule: Day 1 is the randomization date."""

    visit_name: str
    study_day: int
    dispenses_kit: bool
    extended: bool  # an overnight pharmacokinetic visit, paid at the extended stipend


class Study(BaseModel):
    study_id: str
    title: str
    phase: Literal["II", "III"]
    indication: str
    kit_type: str
    kits_per_dispensing: int  # kits handed out at each kit-dispensing visit
    current_consent_version: int
    amendment_date: str  # the day the current consent version took effect
    age_min: int
    age_max: int
    egfr_min: Optional[float]  # mL/min/1.73m2; None: no kidney criterion
    hba1c_min: Optional[float]  # %; None: no HbA1c criterion
    hba1c_max: Optional[float]
    alt_max_uln: float  # ALT at most this many times the upper limit of normal
    stipend_per_visit: float  # USD per completed visit
    extended_visit_stipend: float  # USD per completed extended (overnight) visit
    planned_unblinding_date: str  # when participants may learn their arm: after database lock
    schedule: Annotated[list[ScheduledVisit], Ordered("the visits in the order of the study days")]


class Site(BaseModel):
    site_id: str  # the site code staff give
    name: str
    city: str
    state: str
    phone: str
    principal_investigator: StaffId
    studies: Annotated[list[StudyId], Unordered()]


class Staff(BaseModel):
    staff_id: str
    name: str
    site_id: SiteId
    role: Literal["investigator", "sub_investigator", "coordinator", "pharmacist"]
    duties: Annotated[list[Duty], Unordered()]  # what the site's delegation log lets them do
    phone: str
    status: Literal["active", "inactive"]


class Participant(BaseModel):
    participant_id: str
    study_id: StudyId
    site_id: SiteId
    initials: str
    dob: str
    sex: Literal["F", "M"]
    status: Status
    consent_version: int  # the version of the last consent signed
    consent_date: str  # the day the first consent (screening) was signed
    last_consent_date: str  # the day the last consent was signed
    randomization_number: Optional[str]
    randomization_date: Optional[str]
    follow_up_consent: Optional[bool]  # set on withdrawal: may follow-up data still be collected
    withdrawal_date: Optional[str]
    withdrawal_reason: Optional[WithdrawalReason]


class ParticipantView(BaseModel):
    """What the desk sees of a participant: everything but the treatment arm."""

    participant_id: str
    study_id: str
    site_id: str
    initials: str
    dob: str
    sex: str
    status: str
    consent_version: int
    consent_date: str
    last_consent_date: str
    randomization_number: Optional[str]
    randomization_date: Optional[str]
    follow_up_consent: Optional[bool]
    withdrawal_date: Optional[str]
    withdrawal_reason: Optional[str]
    site_name: str
    site_phone: str  # the site's study line: dosing and medical questions go there
    principal_investigator: str  # the site investigator's name


class ParticipantMatch(BaseModel):
    participant_id: str
    study_id: str
    site_id: str
    site_name: str
    initials: str
    dob: str
    sex: str
    status: str


class RandomizationSlot(BaseModel):
    """One line of a study's blinded randomization list; the arm is never shown to the desk."""

    noun: ClassVar[str] = "Randomization slot"

    randomization_number: str
    study_id: StudyId
    sequence: int
    arm: Literal["active", "placebo"]
    participant_id: Optional[ParticipantId]


class Visit(BaseModel):
    visit_id: str
    participant_id: ParticipantId
    visit_name: str
    study_day: int  # 0 for screening; Day 1 is the randomization date
    window_days: int  # the visit may fall this many days either side of its target date
    dispenses_kit: bool
    extended: bool
    scheduled_date: Optional[str]
    actual_date: Optional[str]
    status: Literal["planned", "scheduled", "completed", "missed", "cancelled"]
    stipend_paid: bool


class LabResult(BaseModel):
    result_id: str
    participant_id: ParticipantId
    visit_id: VisitId
    test: Literal["eGFR", "HbA1c", "ALT", "creatinine", "hemoglobin"]
    value: float
    unit: str
    ref_low: float
    ref_high: float  # for ALT, the upper limit of normal (ULN)
    collected_date: str


class Consent(BaseModel):
    consent_id: str
    participant_id: ParticipantId
    version: int
    signed_date: str
    recorded_on: str


class AdverseEvent(BaseModel):
    ae_id: str
    participant_id: ParticipantId
    term: str
    onset_date: str
    serious: bool
    seriousness: Annotated[list[Seriousness], Unordered()]
    severity: Literal["mild", "moderate", "severe"]
    related: Literal["related", "not_related", "not_assessed"]
    site_aware_at: str  # YYYY-MM-DD HH:MM
    reported_at: str  # YYYY-MM-DD HH:MM


class Deviation(BaseModel):
    deviation_id: str
    participant_id: ParticipantId
    visit_id: Optional[VisitId]
    category: DeviationCategory
    severity: Literal["minor", "major"]
    logged_on: str


class KitLot(BaseModel):
    lot_id: str
    site_id: SiteId
    kit_type: str
    expiry: str
    quantity: int


class KitOrder(BaseModel):
    order_id: str
    site_id: SiteId
    kit_type: str
    quantity: int
    ordered_on: str
    status: Literal["ordered", "shipped", "delivered"]


class StipendPayment(BaseModel):
    payment_id: str
    participant_id: ParticipantId
    visit_id: VisitId
    amount: float
    paid_on: str


class UnblindingRequest(BaseModel):
    request_id: str
    participant_id: ParticipantId
    requested_by: StaffId
    reason: Literal["medical_emergency", "other"]
    status: Literal["pending_medical_monitor", "granted", "declined"]
    requested_at: str


class EnrollmentReport(BaseModel):
    report_id: str
    study_id: StudyId
    site_id: SiteId
    screened: int  # everyone who signed consent at the site for the study
    screen_failed: int
    enrolled: int  # randomized and still on study
    withdrawn: int
    completed: int
    generated_on: str


class UpcomingDispensing(BaseModel):
    visit_id: str
    participant_id: str
    scheduled_date: str
    kit_type: str
    kits: int  # the study's kits per dispensing visit


class SiteInventory(BaseModel):
    """A computed view: the site's kit lots and orders, and its scheduled kit-dispensing
    visits of the next 28 days (today included)."""

    site_id: str
    name: str
    lots: Annotated[list[KitLot], Unordered()]
    orders: Annotated[list[KitOrder], Unordered()]
    upcoming_dispensing_visits: Annotated[list[UpcomingDispensing], Ordered("by scheduled date, then visit id")]


class PharmaDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # the desk's fixed "now", YYYY-MM-DD HH:MM; tools never read a clock
    today: str
    holidays: Annotated[list[str], Unordered()]
    next_visit_number: int
    next_consent_number: int
    next_ae_number: int
    next_deviation_number: int
    next_order_number: int
    next_payment_number: int
    next_unblinding_number: int
    next_report_number: int
    studies: dict[str, Study]
    sites: dict[str, Site]
    staff: dict[str, Staff]
    participants: dict[str, Participant]
    randomization: dict[str, RandomizationSlot]
    visits: dict[str, Visit]
    lab_results: dict[str, LabResult]
    consents: dict[str, Consent]
    adverse_events: dict[str, AdverseEvent]
    deviations: dict[str, Deviation]
    kit_lots: dict[str, KitLot]
    kit_orders: dict[str, KitOrder]
    stipend_payments: dict[str, StipendPayment]
    unblinding_requests: dict[str, UnblindingRequest]
    enrollment_reports: dict[str, EnrollmentReport]

"""The healthcare domain's database: the patient-access desk of a clinic network. Patients
(with the proxies who may act for them), the network's plans, clinics, providers and
pharmacies, open appointment slots, appointments, referrals, prescriptions and records
requests."""

from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import RefersTo, Unordered

Specialty = Literal[
    "family_medicine",
    "internal_medicine",
    "pediatrics",
    "cardiology",
    "dermatology",
    "orthopedics",
    "endocrinology",
    "gastroenterology",
    "neurology",
    "psychiatry",
    "obstetrics_gynecology",
]
RecordType = Literal["visit_notes", "lab_results", "imaging", "immunizations", "medication_list", "billing"]


class Plan(BaseModel):
    plan_id: str
    name: str
    type: Literal["HMO", "PPO", "EPO"]
    referral_required: bool  # a specialist visit needs an active referral from the PCP
    primary_copay: float  # USD per visit
    specialist_copay: float
    telehealth_copay: float
    contract_end: Optional[str] = None  # YYYY-MM-DD: the network's contract with the plan ended then


class Clinic(BaseModel):
    clinic_id: str
    name: str
    city: str
    state: str
    zip: str


class Provider(BaseModel):
    provider_id: str
    name: str
    specialty: Specialty
    clinic_id: Annotated[str, RefersTo("clinics")]
    licensed_states: Annotated[list[str], Unordered()]
    accepting_new_patients: bool
    plans_in_network: Annotated[list[Annotated[str, RefersTo("plans")]], Unordered()]


class Pharmacy(BaseModel):
    pharmacy_id: str
    name: str
    address: str
    zip: str


class Proxy(BaseModel):
    """Someone the patient (or the law, for a minor's parent) lets act for them."""

    name: str
    relation: Literal["parent", "spouse", "child", "sibling", "health_care_proxy", "legal_guardian"]
    scope: Literal["all", "appointments", "prescriptions", "records"]
    expires: Optional[str] = None  # YYYY-MM-DD, the last day the authority holds; None: no end


class ReleaseAuthorization(BaseModel):
    """A signed authorization to release records to a third party."""

    recipient: str
    signed: str  # YYYY-MM-DD
    expires: str  # YYYY-MM-DD


class Patient(BaseModel):
    patient_id: str
    first_name: str
    last_name: str
    dob: str  # YYYY-MM-DD
    zip: str
    phone: str
    email: Optional[str] = None
    address: str
    plan_id: Optional[Annotated[str, RefersTo("plans")]] = None
    member_id: Optional[str] = None
    pcp_id: Optional[Annotated[str, RefersTo("providers")]] = None
    preferred_pharmacy_id: Optional[Annotated[str, RefersTo("pharmacies")]] = None
    proxies: Annotated[list[Proxy], Unordered()] = []
    release_authorizations: Annotated[list[ReleaseAuthorization], Unordered()] = []
    chart_pages: int  # the size of the printed chart, for paper copies
    balance: float  # unpaid fees, USD
    last_late_fee_waiver: Optional[str] = None  # YYYY-MM-DD of the last waived late-cancellation fee


class Slot(BaseModel):
    slot_id: str
    provider_id: Annotated[str, RefersTo("providers")]
    date: str  # YYYY-MM-DD
    time: str  # HH:MM, clinic local time
    mode: Literal["in_person", "telehealth"]
    status: Literal["open", "taken"]


class Appointment(BaseModel):
    appointment_id: str
    patient_id: Annotated[str, RefersTo("patients")]
    provider_id: Annotated[str, RefersTo("providers")]
    specialty: Specialty
    slot_id: Optional[Annotated[str, RefersTo("slots")]] = None
    date: str
    time: str
    mode: Literal["in_person", "telehealth"]
    visit_type: Literal["new", "follow_up"]
    status: Literal["booked", "cancelled", "no_show", "completed"]
    confidential: bool = False  # a minor's confidential service: never discussed with a parent
    referral_id: Optional[Annotated[str, RefersTo("referrals")]] = None
    reschedule_count: int = 0
    cancel_reason: Optional[str] = None
    fee_charged: float = 0.0


class Referral(BaseModel):
    referral_id: str
    patient_id: Annotated[str, RefersTo("patients")]
    specialty: Specialty
    referred_by: Annotated[str, RefersTo("providers")]
    status: Literal["active", "requested", "expired"]
    reason: str
    visits_authorized: int
    visits_used: int
    valid_from: Optional[str] = None
    valid_to: Optional[str] = None


class Prescription(BaseModel):
    rx_id: str
    patient_id: Annotated[str, RefersTo("patients")]
    drug: str
    dea_schedule: Literal["none", "II", "III", "IV", "V"]
    prescriber_id: Annotated[str, RefersTo("providers")]
    days_supply: int
    refills_left: int
    last_fill: str  # YYYY-MM-DD
    pharmacy_id: Annotated[str, RefersTo("pharmacies")]
    status: Literal["active", "discontinued"]


class RecordsRequest(BaseModel):
    request_id: str
    patient_id: Annotated[str, RefersTo("patients")]
    record_types: Annotated[list[RecordType], Unordered()]
    recipient: str
    delivery_format: Literal["electronic", "paper"]
    fee: float
    requested: str
    due: str
    status: Literal["open", "fulfilled"]


class HealthcareDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # "YYYY-MM-DD HH:MM": the desk's fixed present; tools never read a clock
    next_appointment_number: int
    next_referral_number: int
    next_request_number: int
    plans: dict[str, Plan]
    clinics: dict[str, Clinic]
    providers: dict[str, Provider]
    pharmacies: dict[str, Pharmacy]
    patients: dict[str, Patient]
    slots: dict[str, Slot]
    appointments: dict[str, Appointment]
    referrals: dict[str, Referral]
    prescriptions: dict[str, Prescription]
    records_requests: dict[str, RecordsRequest]


class PatientMatch(BaseModel):
    """What a name and birth date look-up shows: enough to tell namesakes apart."""

    patient_id: str
    first_name: str
    last_name: str
    dob: str
    zip: str
    phone_last4: str

"""The security desk's database: employees and their callback numbers, the assets they own
and the scanner's findings on them, incidents, the business systems with their roles and
segregation-of-duties rules, access requests, approval tickets and the audit's controls with
their evidence. Times are written "YYYY-MM-DD HH:MM" in company time; dates YYYY-MM-DD."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RecordId, RefersTo, Unordered

EmployeeId = Annotated[str, RefersTo("employees")]
AssetId = Annotated[str, RefersTo("assets")]

SECURITY_ROLES = ("staff", "soc_analyst", "ir_lead", "ciso", "privacy_officer")


class Employee(BaseModel):
    employee_id: str
    name: str
    email: str
    department: str
    title: str
    manager_id: Optional[EmployeeId]
    security_role: Literal["staff", "soc_analyst", "ir_lead", "ciso", "privacy_officer"]
    privileged: bool  # holds administrator rights somewhere
    status: Literal["active", "disabled"]
    last_day: Optional[str]  # a leaver's last working day
    disable_at: Optional[str]  # when the account is (or was) disabled, "YYYY-MM-DD HH:MM"
    mfa_devices: Annotated[list[str], Unordered()]  # the enrolled second factors
    password_reset_required: bool  # the next sign-in must set a new password
    callback_number: str  # the number the desk calls back; never shown by a tool
    verified: bool  # the callback to the number on file connected in this conversation


class Asset(BaseModel):
    asset_id: str
    hostname: str
    kind: Literal["workstation", "laptop", "server"]
    owner_id: EmployeeId
    criticality: Literal["low", "medium", "high"]
    internet_facing: bool
    holds_personal_data: bool  # customer or staff personal data is stored on it
    encrypted: bool  # full-disk encryption
    os: str
    last_scan: str  # the date of the latest completed vulnerability scan
    next_scan: str  # the date of the next scheduled scan
    status: Literal["online", "isolated"]
    isolated_for: Optional[Annotated[str, RefersTo("incidents")]]
    isolation_approved_by: Optional[EmployeeId]


class Finding(BaseModel):
    finding_id: str
    asset_id: AssetId
    cve: str
    cvss: float
    known_exploited: bool  # on the known-exploited vulnerabilities list
    detected_on: str
    status: Literal["open", "remediated", "excepted"]
    exception_expires: Optional[str]
    exception_ticket: Optional[Annotated[str, RefersTo("tickets")]]
    exception_requested_by: Optional[EmployeeId]
    remediated_on: Optional[str]  # the rescan that showed the fix


class TimelineEntry(BaseModel):
    at: str  # "YYYY-MM-DD HH:MM"
    event: str


class Incident(BaseModel):
    incident_id: str
    category: Literal[
        "phishing",
        "malware",
        "account_compromise",
        "data_exfiltration",
        "ransomware",
        "suspicious_activity",
        "lost_device",
    ]
    severity: Literal["SEV1", "SEV2", "SEV3"]
    status: Literal["open", "contained", "resolved"]
    reporter_id: EmployeeId
    asset_ids: Annotated[list[AssetId], Unordered()]
    opened_at: str
    personal_data: bool  # personal data may be involved
    privacy_notified_at: Optional[str]
    timeline: Annotated[list[TimelineEntry], Unordered()]  # each entry carries its time


class SystemRole(BaseModel):
    role: str
    privileged: bool


class System(BaseModel):
    system_id: str
    name: str
    owner_id: EmployeeId  # the system owner, who approves privileged roles
    roles: Annotated[list[SystemRole], Unordered()]


class SodRule(BaseModel):
    noun: ClassVar[str] = "SoD rule"
    rule_id: str
    system_a: Annotated[str, RefersTo("systems")]
    role_a: str
    system_b: Annotated[str, RefersTo("systems")]
    role_b: str
    reason: str


class AccessRequest(BaseModel):
    request_id: str
    employee_id: EmployeeId
    system_id: Annotated[str, RefersTo("systems")]
    role: str
    requested_by: EmployeeId
    approver_ids: Annotated[list[EmployeeId], Unordered()]
    requested_on: str
    status: Literal["granted", "pending", "refused", "revoked"]


class Ticket(BaseModel):
    """An approval raised in the service portal: a manager's approval of an MFA reset, or the
    CISO's acceptance of a vulnerability's risk."""

    ticket_id: str
    kind: Literal["mfa_reset", "risk_acceptance"]
    subject_id: str  # the employee (mfa_reset) or the finding (risk_acceptance)
    raised_by: EmployeeId
    approved_by: Optional[EmployeeId]
    status: Literal["approved", "pending", "rejected", "used"]
    created_on: str


class Evidence(BaseModel):
    evidence_id: Annotated[str, RecordId()]
    evidence_ref: str  # the document's number in the records system
    dated: str  # the day the evidence shows
    attached_on: str


class Control(BaseModel):
    control_id: str
    name: str
    owner_id: EmployeeId
    required_items: int  # dated items the audit needs for the period
    evidence: Annotated[list[Evidence], Unordered()]


class SecurityDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # the desk's fixed "now", "YYYY-MM-DD HH:MM"; tools never read a clock
    audit_period: Annotated[list[str], Ordered("first and last day")]
    next_incident_number: int
    next_request_number: int
    next_evidence_number: int
    employees: dict[str, Employee]
    assets: dict[str, Asset]
    findings: dict[str, Finding]
    incidents: dict[str, Incident]
    systems: dict[str, System]
    sod_rules: dict[str, SodRule]
    access_requests: dict[str, AccessRequest]
    tickets: dict[str, Ticket]
    controls: dict[str, Control]

"""The web automation desk's database: what Fennick Provisions' operations team automates on
the dozen web portals it works with. The portals' own backends (orders, invoices, shipments,
claims, listings, permits...) are the ``records``; each portal's pages are templates rendered
from them. The desk's own records are the staff, the stored logins, the browsers (one per login,
kept once closed as the log of the logins used; what was typed is dropped on closing),
workflows, monitors and extractions."""

from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

Team = Literal["procurement", "logistics", "pricing", "people_ops", "facilities"]
Role = Literal["analyst", "lead"]
SiteKind = Literal["vendor", "carrier", "benefits", "government", "competitor", "internal"]
Environment = Literal["production", "sandbox"]
Scope = Literal["read", "read_write"]
ElementKind = Literal["text", "field", "button", "table", "link"]
DataClass = Literal["none", "customer", "private"]
StepAction = Literal["open", "click", "fill", "extract", "submit"]
MonitorKind = Literal["price", "status"]
Value = Union[str, int, float]


class Employee(BaseModel):
    employee_id: str
    name: str
    team: Team
    role: Role
    pin: str


class Site(BaseModel):
    site_id: str
    name: str
    host: str
    kind: SiteKind
    automation_allowed: bool  # the site's terms permit automated use
    disallowed_paths: Annotated[list[str], Unordered()]  # no automation on these paths or below them
    max_actions_per_minute: int
    external: bool  # outside Fennick's own network
    note: str


class Credential(BaseModel):
    credential_id: str
    site_id: Annotated[str, RefersTo("sites")]
    environment: Environment
    owner_id: Annotated[str, RefersTo("employees")]
    team: Team
    scope: Scope
    mfa: bool  # the site asks this login for a one-time code
    label: str


class Element(BaseModel):
    element_id: str
    kind: ElementKind
    label: str
    source: str = ""  # text/field: the record field shown or edited; table: the record kind listed
    rule: str = ""  # field: what it accepts ("integer 1-500", "date MM/DD/YYYY", "amount", "text", "choice a|b")
    required: bool = False
    form: str = ""  # field/button: the form it belongs to
    action: str = ""  # button: submit, save_draft, cancel or pay
    target: str = ""  # link: the path it leads to
    columns: Annotated[list[str], Ordered("the table's columns, left to right")] = []
    data_class: DataClass = "none"  # table: personal data its rows hold


class Form(BaseModel):
    form_id: str
    creates: str = ""  # the record kind a final submit creates; empty: it updates the page's record
    prefix: str = ""  # a created record's number prefix, e.g. "CLM-"
    status_after: str  # the record's status after a final submit


class Page(BaseModel):
    page_id: str
    site_id: Annotated[str, RefersTo("sites")]
    path: str  # "{id}" stands for a record's number, e.g. "/orders/{id}"
    record_kind: str  # the kind of record "{id}" names; empty for a page without one
    title: str
    challenge: Literal["", "captcha"]
    elements: Annotated[list[Element], Ordered("the page's layout, top to bottom")]
    forms: Annotated[list[Form], Unordered()]


class BackendRecord(BaseModel):
    noun: ClassVar[str] = "Record"
    record_id: str  # "<site>/<environment>/<number>"
    site_id: Annotated[str, RefersTo("sites")]
    environment: Environment
    kind: str
    number: str
    status: str
    parent: str  # the number of the record this one belongs to (an invoice's lines); empty when none
    fields: dict[str, Value]
    changed_by: str  # the credential that last changed it through a browser; empty when none


class Browser(BaseModel):
    browser_id: str  # "B-" + the credential it is signed in with
    site_id: Annotated[str, RefersTo("sites")]
    credential_id: Annotated[str, RefersTo("credentials")]
    environment: Environment
    state: Literal["ready", "mfa_challenge", "closed"]  # closed ones stay, as the log of the logins used
    drafts: dict[str, Value]  # "<path>#<element id>" -> the value typed, until submitted or saved


class WorkflowStep(BaseModel):
    action: StepAction
    target: str  # a page path (open) or an element id
    value: str = ""  # what a fill step types


class Workflow(BaseModel):
    workflow_id: str
    name: str
    site_id: Annotated[str, RefersTo("sites")]
    owner_id: Annotated[str, RefersTo("employees")]
    steps: Annotated[list[WorkflowStep], Ordered("the order the steps run")]
    schedule: str  # "<days> HH:MM": daily, weekdays, or a day MON..SUN
    retries: int
    step_delay_seconds: int
    status: Literal["active", "paused"]
    recent_runs: Annotated[list[Literal["ok", "failed"]], Ordered("oldest first, the latest last")]


class Monitor(BaseModel):
    monitor_id: str
    site_id: Annotated[str, RefersTo("sites")]
    path: str
    element_id: str
    kind: MonitorKind
    threshold_pct: float  # a change of at least this many percent alerts (0: any change)
    interval_minutes: int
    owner_id: Annotated[str, RefersTo("employees")]
    last_value: str
    last_checked: str  # YYYY-MM-DD HH:MM
    alerting: bool
    status: Literal["active", "paused"]


class Extraction(BaseModel):
    extraction_id: str
    name: str
    site_id: Annotated[str, RefersTo("sites")]
    path: str
    element_id: str
    owner_id: Annotated[str, RefersTo("employees")]
    columns: Annotated[list[str], Ordered("the table's columns, left to right")]
    rows: int
    data_class: DataClass
    created: str  # YYYY-MM-DD
    expires_on: str  # YYYY-MM-DD


class WebAutomationDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # YYYY-MM-DD HH:MM
    employees: dict[str, Employee]
    sites: dict[str, Site]
    credentials: dict[str, Credential]
    pages: dict[str, Page]
    records: dict[str, BackendRecord]
    browsers: dict[str, Browser]
    workflows: dict[str, Workflow]
    monitors: dict[str, Monitor]
    extractions: dict[str, Extraction]
    next_record_number: int
    next_workflow_number: int
    next_monitor_number: int
    next_extraction_number: int


# What the tools show


class SiteSummary(BaseModel):
    site_id: str
    name: str
    kind: SiteKind


class CredentialView(BaseModel):
    credential_id: str
    environment: Environment
    owner_id: str
    owner_name: str
    team: Team
    scope: Scope
    mfa: bool
    label: str


class PageView(BaseModel):
    browser_id: str
    site_id: str
    environment: Environment
    path: str
    title: str
    notice: str  # a challenge or sign-in notice; empty when none
    elements: Annotated[list[dict[str, Any]], Ordered("the page's layout, top to bottom")]  # each as it applies


class TableView(BaseModel):
    path: str
    element_id: str
    columns: Annotated[list[str], Ordered("the table's columns, left to right")]
    data_class: DataClass
    rows: Annotated[list[dict[str, Value]], Ordered("the table's rows, top to bottom")]


class SiteRules(BaseModel):
    site: Site
    captcha_paths: Annotated[list[str], Ordered("by path")]  # pages that stop automation with a CAPTCHA


class SubmitResult(BaseModel):
    message: str
    record: dict[str, Value]
    page: str  # the path of the record's page

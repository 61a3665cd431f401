"""The sales domain's database: the CRM of Halvard Systems, a B2B software company. Its sales
team (reps, managers and the VP), the accounts and their contacts, inbound and outbound leads,
opportunities with their stage and exit checklist, logged activities, follow-up tasks, quotes
and the price book."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import RefersTo, Unordered

Role = Literal["rep", "manager", "vp"]
Stage = Literal["discovery", "qualification", "proposal", "negotiation", "commit", "closed_won", "closed_lost"]
ActivityType = Literal["call", "email", "meeting", "demo", "marketing_email"]
Outcome = Literal[
    "connected",
    "left_voicemail",
    "no_answer",
    "sent",
    "held",
    "budget_confirmed",
    "decision_maker_confirmed",
    "not_interested",
]
Purpose = Literal[
    "follow_up", "send_quote", "schedule_demo", "identify_decision_maker", "confirm_budget", "collect_po", "first_call"
]


class Rep(BaseModel):
    rep_id: str
    name: str
    role: Role
    team: str
    territory: str  # the region whose accounts they may own; the VP's is "all"
    manager_id: Optional[Annotated[str, RefersTo("reps")]]
    email: str
    active: bool


class RepView(Rep):
    reports: Annotated[list[str], Unordered()]  # the reps whose manager this is


class Account(BaseModel):
    account_id: str
    name: str
    domain: str  # the company's web and e-mail domain, e.g. "brightwell.io"
    industry: str
    territory: str
    owner_id: Annotated[str, RefersTo("reps")]
    city: str
    created: str


class Contact(BaseModel):
    contact_id: str
    account_id: Annotated[str, RefersTo("accounts")]
    first_name: str
    last_name: str
    email: str
    title: str
    decision_maker: bool
    email_opt_out: bool  # no marketing e-mail to this contact
    created: str


class Lead(BaseModel):
    lead_id: str
    first_name: str
    last_name: str
    company: str
    email: str
    title: str
    industry: str
    city: str
    source: Literal["inbound_web", "inbound_chat", "event", "referral", "outbound"]
    status: Literal["new", "working", "converted", "disqualified"]
    owner_id: Annotated[str, RefersTo("reps")]
    territory: str
    created: str
    first_contact: Optional[str]  # the date of the first call or e-mail logged on it
    converted_account_id: Optional[Annotated[str, RefersTo("accounts")]]
    converted_contact_id: Optional[Annotated[str, RefersTo("contacts")]]


class Opportunity(BaseModel):
    opportunity_id: str
    account_id: Annotated[str, RefersTo("accounts")]
    name: str
    owner_id: Annotated[str, RefersTo("reps")]
    stage: Stage
    amount: float  # annual contract value, USD
    close_date: str
    close_date_pushes: int  # how many times the close date was moved later
    products: Annotated[list[Annotated[str, RefersTo("products")]], Unordered()]
    po_number: Optional[str]
    created: str


class Activity(BaseModel):
    activity_id: str
    entity_id: str  # the account, contact, lead or opportunity it is logged on
    activity_type: ActivityType
    date: str
    contact_id: Optional[Annotated[str, RefersTo("contacts")]]
    outcome: Outcome
    rep_id: Annotated[str, RefersTo("reps")]


class FollowUpTask(BaseModel):
    noun: ClassVar[str] = "Task"
    task_id: str
    related_id: str  # the contact or lead it is about
    owner_id: Annotated[str, RefersTo("reps")]
    due_date: str
    purpose: Purpose
    status: Literal["open", "done"]
    created: str


class QuoteLine(BaseModel):
    product_id: Annotated[str, RefersTo("products")]
    quantity: int
    list_price: float  # per unit per year
    unit_price: float  # after the quote's discount, rounded half-up to cents
    line_total: float


class Quote(BaseModel):
    quote_id: str
    opportunity_id: Annotated[str, RefersTo("opportunities")]
    lines: Annotated[list[QuoteLine], Unordered()]
    discount_pct: float
    total: float
    approver_id: Optional[Annotated[str, RefersTo("reps")]]  # the manager who approved a discount over 10%
    status: Literal["draft", "sent", "signed", "expired"]
    created: str
    valid_until: str


class Product(BaseModel):
    product_id: str
    name: str
    family: str
    list_price: float  # per unit (seat, node or package) per year
    floor_price: float  # the lowest unit price any quote may give


class SalesDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str  # the fixed "now"; tools never read a clock
    quarter_end: str
    next_quarter_end: str  # the close date a converted lead's new opportunity starts with
    next_numbers: dict[str, int]  # new ids: account, contact, opportunity, activity, task, quote
    reps: dict[str, Rep]
    accounts: dict[str, Account]
    contacts: dict[str, Contact]
    leads: dict[str, Lead]
    opportunities: dict[str, Opportunity]
    activities: dict[str, Activity]
    tasks: dict[str, FollowUpTask]
    quotes: dict[str, Quote]
    products: dict[str, Product]


class ContactSummary(BaseModel):
    contact_id: str
    name: str
    email: str
    title: str
    decision_maker: bool
    email_opt_out: bool
    created: str


class OpportunitySummary(BaseModel):
    opportunity_id: str
    name: str
    owner_id: str
    stage: str
    amount: float
    close_date: str


class AccountView(BaseModel):
    account_id: str
    name: str
    domain: str
    industry: str
    territory: str
    owner_id: str
    city: str
    contacts: Annotated[list[ContactSummary], Unordered()]
    opportunities: Annotated[list[OpportunitySummary], Unordered()]


class ContactMatch(BaseModel):
    contact_id: str
    name: str
    email: str
    title: str
    account_id: str
    account_name: str
    created: str


class ExitChecklist(BaseModel):
    """What the opportunity's record shows of the stage exit criteria (policy section 3)."""

    budget_logged: bool  # an activity on it with outcome budget_confirmed
    decision_maker_logged: bool  # an activity on it with a decision-maker contact
    valid_quote: bool  # a quote sent, signed or draft whose valid_until is today or later
    signed_quote: bool
    po_number: bool


class OpportunityView(BaseModel):
    opportunity_id: str
    account_id: str
    name: str
    owner_id: str
    stage: str
    probability_pct: int
    amount: float
    close_date: str
    close_date_pushes: int
    products: Annotated[list[str], Unordered()]
    po_number: Optional[str]
    checklist: ExitChecklist
    quotes: Annotated[list[Quote], Unordered()]


class Conversion(BaseModel):
    """What converting a lead made or linked."""

    lead: Lead
    account_id: str
    contact_id: str
    opportunity_id: Optional[str]

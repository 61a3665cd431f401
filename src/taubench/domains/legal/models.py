"""The legal domain's database: the firm's clients, attorneys and their consultation slots,
matters, the document templates it sells and the documents drafted from them, the research
references it cites, each matter's docket, invoices and client trust (IOLTA) ledger."""

from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

MatterType = Literal["family", "landlord_tenant", "business_formation", "estate", "litigation"]


class Client(BaseModel):
    client_id: str
    name: str
    date_of_birth: str  # YYYY-MM-DD
    email: str
    phone: str
    company: Optional[str]  # a business the client owns and the firm acts for, if any
    authorized_contacts: Annotated[list[str], Unordered()]  # people the client lets hear about their matters
    engagement_status: Literal["prospective", "active", "former"]
    matters: Annotated[list[Annotated[str, RefersTo("matters")]], Unordered()]


class Attorney(BaseModel):
    attorney_id: str
    name: str
    practice_area: Literal["family", "landlord_tenant", "business_formation", "estate", "litigation", "conflicts"]
    email: str


class ConsultationSlot(BaseModel):
    slot_id: str
    attorney_id: Annotated[str, RefersTo("attorneys")]
    start: str  # YYYY-MM-DD HH:MM, the firm's local time; every consultation lasts 45 minutes
    status: Literal["open", "booked"]
    client_id: Annotated[Optional[str], RefersTo("clients")]


class Matter(BaseModel):
    matter_id: str
    client_id: Annotated[str, RefersTo("clients")]
    matter_type: MatterType
    jurisdiction: str  # IL, NY, CA or TX
    court: Optional[Literal["state", "federal"]]  # litigation filed in court
    adverse_parties: Annotated[list[str], Unordered()]
    attorney_id: Annotated[str, RefersTo("attorneys")]  # the responsible attorney
    status: Literal["intake", "open", "closed"]
    opened_on: str
    engagement_letter: Literal["signed", "sent"]
    engagement_letter_date: str  # the day it was signed, or the day it was sent and is still unsigned
    filing_date: Optional[str]  # the next court or agency filing the matter's documents are for
    trust_balance: float  # client funds held in trust for this matter, USD


class Template(BaseModel):
    template_id: str
    name: str
    jurisdiction: str
    doc_type: str
    required_fields: Annotated[list[str], Ordered("the order of the form's blanks")]
    witnesses: int  # signing witnesses the jurisdiction requires (0: none)
    notarized: bool


class Recipient(BaseModel):
    name: str
    email: str


class Review(BaseModel):
    tier: Literal["standard", "rush"]
    fee: float
    requested_on: str
    due: str  # the business day the attorney returns it


class Document(BaseModel):
    document_id: str
    matter_id: Annotated[str, RefersTo("matters")]
    template_id: Annotated[str, RefersTo("templates")]
    title: str
    fields: dict[str, str]
    status: Literal["draft", "in_review", "final"]
    created_on: str
    access: Annotated[list[Recipient], Unordered()]
    review: Optional[Review]


class Reference(BaseModel):
    citation_id: str
    case_name: str
    citation: str
    jurisdiction: str
    topic: str
    keywords: Annotated[list[str], Unordered()]
    holding: str
    status: Literal["good_law", "overruled", "superseded"]
    superseded_by: Annotated[Optional[str], RefersTo("references")]


class DocketEntry(BaseModel):
    entry_id: str
    matter_id: Annotated[str, RefersTo("matters")]
    event: str
    due_date: str
    rule: str
    added_on: str


class Invoice(BaseModel):
    invoice_id: str
    matter_id: Annotated[str, RefersTo("matters")]
    issued_on: str
    description: str
    amount: float
    balance: float
    status: Literal["awaiting_approval", "approved", "paid"]  # approved: the client has approved it for payment


class TrustLine(BaseModel):
    line_id: str
    matter_id: Annotated[str, RefersTo("matters")]
    date: str
    kind: Literal["deposit", "invoice_payment", "refund"]
    amount: float
    invoice_id: Annotated[Optional[str], RefersTo("invoices")]


# What some tools answer: views over the records, not stored


class DocumentSummary(BaseModel):
    document_id: str
    title: str
    status: str


class MatterFile(BaseModel):
    matter: Matter
    client_name: str
    attorney_name: str
    documents: Annotated[list[DocumentSummary], Ordered("oldest first")]
    invoices: Annotated[list[Invoice], Ordered("oldest first")]
    trust_ledger: Annotated[list[TrustLine], Ordered("oldest first")]


class ConflictHit(BaseModel):
    searched: str
    client_id: str
    matched: str  # the client's name or company the searched name matches


class ReferenceHit(BaseModel):
    citation_id: str
    case_name: str
    citation: str
    status: str
    score: int  # keywords matched


class CourtDate(BaseModel):
    trigger_date: str
    days: int
    period_ends: str  # the trigger date plus the days
    due_date: str  # that day, or the next business day when it is a weekend or holiday
    business_days_from_today: int  # business days after today until the due date (0 or less: today or passed)


class OpenSlot(BaseModel):
    slot_id: str
    attorney_id: str
    attorney_name: str
    start: str


class LegalDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str  # the firm's fixed "now"; tools never read a clock
    holidays: Annotated[list[str], Unordered()]  # court and office holidays
    next_matter_number: int
    next_document_number: int
    next_docket_number: int
    next_trust_line_number: int
    clients: dict[str, Client]
    attorneys: dict[str, Attorney]
    consultation_slots: dict[str, ConsultationSlot]
    matters: dict[str, Matter]
    templates: dict[str, Template]
    documents: dict[str, Document]
    references: dict[str, Reference]
    docket_entries: dict[str, DocketEntry]
    invoices: dict[str, Invoice]
    trust_ledger: dict[str, TrustLine]

"""The loans desk's database: borrowers (with the bank accounts they pay from and the people
they let speak for them), the rate sheet by product and score band, applications with the
documents received, loans, the payments posted to them and the fees charged on them."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

Product = Literal["personal", "auto"]
DocType = Literal["pay_stub", "photo_id", "bank_statement", "purchase_agreement"]
DeclineReason = Literal["credit_score_below_minimum", "debt_to_income_too_high", "income_not_verified"]
ApplicationStatus = Literal["submitted", "pending_docs", "approved", "declined", "withdrawn"]


class BankAccount(BaseModel):
    """An account at another bank the borrower pays from (ACH)."""

    source_id: str
    bank: str
    last4: str


class ThirdParty(BaseModel):
    """Someone the borrower has authorized, in writing, to discuss their loans with us."""

    name: str
    relation: Literal["spouse", "parent", "child", "sibling", "attorney", "financial_counselor"]


class Borrower(BaseModel):
    borrower_id: str
    first_name: str
    last_name: str
    dob: str  # YYYY-MM-DD
    zip: str
    tax_id_last4: str
    phone: str
    credit_score: int
    monthly_income: float  # USD, gross, as stated; pay stubs on an application prove it
    monthly_debts: float  # USD: what the credit report shows owed each month, our loans excluded
    bank_accounts: Annotated[list[BankAccount], Ordered("the order the borrower added them")]
    authorized_parties: Annotated[list[ThirdParty], Unordered()] = []


class RateBand(BaseModel):
    min_score: int
    max_score: int
    apr: float  # percent


class ProductTerms(BaseModel):
    """One product's row of the rate sheet."""

    noun: ClassVar[str] = "Product"
    product: Product
    min_amount: float
    max_amount: float
    terms_months: Annotated[list[int], Ordered("shortest term first")]
    bands: Annotated[list[RateBand], Ordered("highest score band first")]


class Document(BaseModel):
    doc_type: DocType
    dated: str  # YYYY-MM-DD: the date printed on the document (a pay stub's pay date)
    received: str  # YYYY-MM-DD


class Application(BaseModel):
    application_id: str
    borrower_id: Annotated[str, RefersTo("borrowers")]
    product: Product
    amount: float
    term_months: int
    purpose: str
    submitted: str  # YYYY-MM-DD
    status: ApplicationStatus
    documents: Annotated[list[Document], Unordered()] = []
    apr: Optional[float] = None  # set on approval
    monthly_payment: Optional[float] = None  # set on approval
    decline_reasons: Annotated[list[DeclineReason], Unordered()] = []
    decided: Optional[str] = None  # YYYY-MM-DD of the approval, decline or withdrawal
    notice_by: Optional[str] = None  # YYYY-MM-DD: the written decline notice is mailed by then


class HardshipPlan(BaseModel):
    start: str  # YYYY-MM-DD: the first deferred due date
    months: int
    granted: str  # YYYY-MM-DD


class Loan(BaseModel):
    loan_id: str
    borrower_id: Annotated[str, RefersTo("borrowers")]
    co_borrower_id: Optional[Annotated[str, RefersTo("borrowers")]] = None
    product: Product
    principal: float  # the amount lent
    apr: float  # percent
    term_months: int
    opened: str  # YYYY-MM-DD
    maturity_date: str  # YYYY-MM-DD: the last installment's due date
    installment: float  # the monthly payment
    balance: float  # principal still owed
    interest_paid_to: str  # YYYY-MM-DD: interest is paid through this day
    due_day: int
    next_due_date: str  # YYYY-MM-DD
    amount_past_due: float
    days_past_due: int
    prepaid: float = 0.0  # paid ahead towards the next installment
    status: Literal["active", "paid_off"]
    autopay_source_id: Optional[str] = None
    autopay_day: Optional[int] = None
    due_date_changes: Annotated[list[str], Unordered()] = []  # YYYY-MM-DD of each change
    hardship_plans: Annotated[list[HardshipPlan], Unordered()] = []
    last_fee_waiver: Optional[str] = None  # YYYY-MM-DD


class Payment(BaseModel):
    payment_id: str
    loan_id: Annotated[str, RefersTo("loans")]
    posted: str  # YYYY-MM-DD
    amount: float
    source_id: str
    to_past_due: float
    to_next_installment: float
    to_principal: float
    status: Literal["posted", "returned"]


class Fee(BaseModel):
    fee_id: str
    loan_id: Annotated[str, RefersTo("loans")]
    kind: Literal["late", "returned_payment"]
    amount: float
    assessed: str  # YYYY-MM-DD
    for_due_date: str  # YYYY-MM-DD of the installment it is about
    status: Literal["open", "paid", "waived"]


class LoansDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    now: str  # "YYYY-MM-DD HH:MM" Eastern time: the desk's fixed present
    next_application_number: int
    next_payment_number: int
    rate_sheet: dict[str, ProductTerms]
    borrowers: dict[str, Borrower]
    applications: dict[str, Application]
    loans: dict[str, Loan]
    payments: dict[str, Payment]
    fees: dict[str, Fee]


class BorrowerMatch(BaseModel):
    """What a name, birth date and zip look-up shows."""

    borrower_id: str
    first_name: str
    last_name: str
    dob: str
    zip: str


class BorrowerFile(BaseModel):
    """A borrower's record with the ids of their loans (as borrower or co-borrower) and applications."""

    borrower: Borrower
    loan_ids: Annotated[list[str], Ordered("id order")]
    application_ids: Annotated[list[str], Ordered("id order")]


class PaymentHistory(BaseModel):
    loan_id: str
    payments: Annotated[list[Payment], Ordered("newest first")]
    fees: Annotated[list[Fee], Ordered("newest first")]


class PaymentQuote(BaseModel):
    amount: float
    term_months: int
    apr: float
    monthly_payment: float


class PayoffQuote(BaseModel):
    loan_id: str
    payoff_date: str
    balance: float
    interest_from: str  # the day after interest_paid_to
    days_of_interest: int
    per_diem: float
    interest: float
    open_fees: float
    prepaid: float
    total: float
    good_through: str

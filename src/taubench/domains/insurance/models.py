"""The insurance domain's database: a personal-lines insurer's policyholders, their auto,
home and renters policies (one record per policy term), claims, repair shops, inspections
and money movements (premium payments, refunds, claim payouts)."""

from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

Line = Literal["auto", "home", "renters"]
ClaimStatus = Literal["open", "under_review", "approved", "denied", "paid", "closed", "withdrawn"]


class PaymentMethod(BaseModel):
    method_id: str
    kind: Literal["card", "bank_account"]
    last4: str


class Policyholder(BaseModel):
    policyholder_id: str
    name: str
    date_of_birth: str  # YYYY-MM-DD
    zip_code: str
    phone: str
    email: str
    policies: Annotated[list[Annotated[str, RefersTo("policies")]], Unordered()]  # where this person is a named insured
    payment_methods: Annotated[list[PaymentMethod], Unordered()]


class Coverage(BaseModel):
    coverage: str  # collision, comprehensive, liability, dwelling, personal_property, water_backup
    limit: float
    deductible: float
    deductible_effective: str  # the day the current deductible started to apply
    prior_deductible: Optional[float]  # applies to losses before deductible_effective


class Vehicle(BaseModel):
    vehicle_id: str
    year: int
    make: str
    model: str
    vin: str
    actual_cash_value: float


class Driver(BaseModel):
    name: str
    date_of_birth: str
    license_number: str
    added_on: str
    annual_surcharge: float  # young-driver surcharge, USD a year
    prorated_charge: float  # what was billed for the rest of the term when the driver was added


class Cancellation(BaseModel):
    effective_date: str
    unearned_premium: float
    fee: float
    balance_offset: float  # unpaid premium kept back from the refund
    refund: float
    refund_payment_id: Annotated[str, RefersTo("payments")]


class Policy(BaseModel):
    policy_id: str  # one record per term: a renewal is a new record naming the term it renews
    line: Line
    named_insureds: Annotated[list[Annotated[str, RefersTo("policyholders")]], Unordered()]
    status: Literal["active", "expired", "cancelled"]
    inception_date: str  # first day of the first term with us
    term_start: str
    term_end: str  # last day of cover
    renewal_of: Annotated[Optional[str], RefersTo("policies")]
    annual_premium: float
    billing_status: Literal["paid", "in_grace", "lapsed"]
    amount_due: float
    due_date: Optional[str]
    coverages: Annotated[list[Coverage], Unordered()]
    endorsements: Annotated[list[Literal["rental_standard", "rental_plus", "full_glass", "water_backup"]], Unordered()]
    vehicles: Annotated[list[Vehicle], Unordered()]
    drivers: Annotated[list[Driver], Unordered()]
    property_address: Optional[str]
    cancellation: Optional[Cancellation]


class Rental(BaseModel):
    daily_rate: float
    days: int
    total: float
    authorized_on: str


class Claim(BaseModel):
    claim_id: str
    policy_id: Annotated[str, RefersTo("policies")]
    loss_type: str
    loss_date: str
    reported_date: str
    vehicle_id: Optional[str]
    police_report: str  # report number, "" when none was made
    estimate: float  # the policyholder's estimate of the damage, USD
    coverage: str
    limit: float
    deductible: float  # the deductible in force on the loss date
    status: ClaimStatus
    adjuster: str
    siu_flag: bool
    siu_indicator: Optional[str]
    documents: Annotated[list[str], Unordered()]
    rental: Optional[Rental]
    inspections: Annotated[list[Annotated[str, RefersTo("inspections")]], Unordered()]
    payments: Annotated[list[Annotated[str, RefersTo("payments")]], Unordered()]


class RepairShop(BaseModel):
    shop_id: str
    name: str
    zip_code: str
    phone: str
    network: bool  # in the insurer's direct-repair network
    daily_capacity: int  # inspections a day


class Inspection(BaseModel):
    inspection_id: str
    claim_id: Annotated[str, RefersTo("claims")]
    shop_id: Annotated[str, RefersTo("repair_shops")]
    date: str
    status: Literal["scheduled", "completed", "cancelled"]


class Payment(BaseModel):
    payment_id: str
    policy_id: Annotated[str, RefersTo("policies")]
    claim_id: Annotated[Optional[str], RefersTo("claims")]
    kind: Literal["premium", "refund", "claim_payout"]
    date: str
    amount: float
    method: str  # "card 4821", "bank account 0937", "check"


# What some tools answer: views over the records, not stored


class CoverageCheck(BaseModel):
    policy_id: str
    loss_type: str
    loss_date: str
    term_start: str
    term_end: str
    within_term: bool
    billing_status: str
    coverage: Optional[str]  # the coverage part that answers the loss; None: the policy has none
    limit: float
    deductible: float  # in force on the loss date, after any full-glass waiver
    endorsements: Annotated[list[str], Unordered()]


class Billing(BaseModel):
    policy_id: str
    billing_status: str
    annual_premium: float
    amount_due: float
    due_date: Optional[str]
    grace_ends: Optional[str]  # 10 days after the due date
    payments: Annotated[list[Payment], Ordered("premium payments and refunds, oldest first")]


class ClaimFile(BaseModel):
    claim: Claim
    inspections: Annotated[list[Inspection], Unordered()]
    payments: Annotated[list[Payment], Unordered()]


class InsuranceDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str  # the insurer's fixed "now"; tools never read a clock
    holidays: Annotated[list[str], Unordered()]  # days the office and network shops are closed
    next_claim_number: int
    next_inspection_number: int
    next_payment_number: int
    policyholders: dict[str, Policyholder]
    policies: dict[str, Policy]
    claims: dict[str, Claim]
    repair_shops: dict[str, RepairShop]
    inspections: dict[str, Inspection]
    payments: dict[str, Payment]

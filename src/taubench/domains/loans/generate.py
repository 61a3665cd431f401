"""The loans desk's database: the hand-written cast the tasks are written around
(``data/cast.json``), plus seeded filler borrowers, applications, loans and their payment and
fee histories, so that look-ups have namesakes to miss and the books have the brief's size.

The cast (each record's ``note`` says what it is there for): three Rosa Alvarez (one with a
personal and an auto loan, a namesake with the same birth date in another zip, one with the
same zip and another birth date); the Okafors, a married couple with the same surname on a
joint auto loan while his personal loan is his alone; borrowers whose relatives are, or are
not, authorized to speak for them; applicants with a stub missing, a stale stub, an
application started twice, a score on a band's edge, a debt-to-income ratio just over 40%, an
amount above the desk's authority and a term we do not offer; borrowers behind on payments
with an open late fee, a waiver used in the last 12 months, autopay off, a due-date change
already made this year, hardship months partly used, a loan 60 days past due; payoff quotes.

A cast loan is written as its terms and what was missed (``CastLoan``); its installment,
balance, dates, payments and late fee follow from the schedule (``schedule``), like a filler
loan's."""

import random
from datetime import date
from typing import Annotated, Any, Optional

from pydantic import BaseModel

from taubench.core.markers import Unordered
from taubench.domains.kit import Population, load_cast
from taubench.domains.loans.models import Application, Borrower, HardshipPlan
from taubench.domains.loans.money import add_months, cents, days_between, monthly_payment

SEED = 1734
NOW = "2025-09-23 11:00"
TODAY = NOW[:10]
BORROWERS, APPLICATIONS, LOANS = 600, 800, 900
LATE_FEE_SHARE, LATE_FEE_CAP, LATE_DAYS = 0.05, 25.0, 15
RETURNED_FEE = 15.0
BANKS = ("Lakeview Credit Union", "First Prairie Bank", "Harbor State Bank", "Midland Savings", "Northgate Bank")
PURPOSES = {
    "personal": ("debt consolidation", "home repairs", "medical bills", "moving costs", "wedding", "car repairs"),
    "auto": ("used car purchase", "new car purchase", "truck purchase"),
}
ZIPS = ("60614", "60640", "30309", "78704", "98103", "02134", "85004", "80205", "19103", "55408", "97214", "37203")
RELATIONS = ("spouse", "parent", "child", "sibling", "attorney", "financial_counselor")
RATE_SHEET: dict[str, dict[str, Any]] = {
    "personal": {
        "product": "personal",
        "min_amount": 2000.0,
        "max_amount": 40000.0,
        "terms_months": [24, 36, 48, 60],
        "bands": [
            {"min_score": 720, "max_score": 850, "apr": 8.99},
            {"min_score": 680, "max_score": 719, "apr": 12.49},
            {"min_score": 640, "max_score": 679, "apr": 17.99},
        ],
    },
    "auto": {
        "product": "auto",
        "min_amount": 5000.0,
        "max_amount": 60000.0,
        "terms_months": [36, 48, 60, 72],
        "bands": [
            {"min_score": 720, "max_score": 850, "apr": 6.49},
            {"min_score": 680, "max_score": 719, "apr": 8.49},
            {"min_score": 640, "max_score": 679, "apr": 11.99},
        ],
    },
}


class CastLoan(BaseModel):
    """A loan of the cast by its terms; ``missed`` installments (the latest due) are unpaid."""

    note: str
    loan_id: str
    borrower_id: str
    co_borrower_id: Optional[str] = None
    product: str
    principal: float
    apr: float
    term_months: int
    opened: str
    due_day: int
    missed: int = 0
    late_fee_open: bool = False  # the oldest missed installment's late fee is still open
    prepaid: float = 0.0
    autopay_source_id: Optional[str] = None
    autopay_day: Optional[int] = None
    due_date_changes: Annotated[list[str], Unordered()] = []
    hardship_plans: Annotated[list[HardshipPlan], Unordered()] = []
    last_fee_waiver: Optional[str] = None


class CastBorrower(Borrower):
    note: str


class CastApplication(Application):
    note: str


def apr_for(product: str, score: int) -> float | None:
    return next((b["apr"] for b in RATE_SHEET[product]["bands"] if b["min_score"] <= score <= b["max_score"]), None)


def late_fee(installment: float) -> float:
    return min(cents(installment * LATE_FEE_SHARE), LATE_FEE_CAP)


def schedule(loan: CastLoan, number: "Counter") -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The loan record, its payments and its fees, from its terms: one installment a month from
    the month after it opened, each paid on its due date but the ``missed`` latest."""
    installment = monthly_payment(loan.principal, loan.term_months, loan.apr)
    dues = [add_months(loan.opened, k, loan.due_day) for k in range(1, loan.term_months + 1)]
    dues = [d for d in dues if d > loan.opened]
    deferred = sum(plan.months for plan in loan.hardship_plans)
    fallen = [d for d in dues if d <= TODAY]
    missed = min(loan.missed, len(fallen))  # a loan too young to have missed that many
    paid = fallen[: len(fallen) - missed]
    balance, rate = loan.principal, loan.apr / 100 / 12
    payments, fees = [], []
    for due in paid:
        interest = cents(balance * rate)
        balance = cents(balance - (installment - interest))
        payments.append(
            {
                "payment_id": number.next("PM"),
                "loan_id": loan.loan_id,
                "posted": due,
                "amount": installment,
                "source_id": loan.autopay_source_id or f"BA{loan.borrower_id[1:]}-1",
                "to_past_due": 0.0,
                "to_next_installment": installment,
                "to_principal": 0.0,
                "status": "posted",
            }
        )
    paid_off = len(paid) >= loan.term_months
    upcoming = [d for d in dues if d > TODAY]
    first_missed = fallen[len(paid)] if missed else None
    if loan.late_fee_open and first_missed is not None and days_between(first_missed, TODAY) > LATE_DAYS:
        fees.append(
            {
                "fee_id": number.next("F"),
                "loan_id": loan.loan_id,
                "kind": "late",
                "amount": late_fee(installment),
                "assessed": _plus(first_missed, LATE_DAYS + 1),
                "for_due_date": first_missed,
                "status": "open",
            }
        )
    record = {
        "loan_id": loan.loan_id,
        "borrower_id": loan.borrower_id,
        "co_borrower_id": loan.co_borrower_id,
        "product": loan.product,
        "principal": loan.principal,
        "apr": loan.apr,
        "term_months": loan.term_months + deferred,
        "opened": loan.opened,
        "maturity_date": add_months(dues[-1], deferred),
        "installment": installment,
        "balance": 0.0 if paid_off else balance,
        "interest_paid_to": paid[-1] if paid else loan.opened,
        "due_day": loan.due_day,
        "next_due_date": upcoming[0] if upcoming else dues[-1],
        "amount_past_due": cents(installment * missed),
        "days_past_due": days_between(first_missed, TODAY) if first_missed else 0,
        "prepaid": loan.prepaid,
        "status": "paid_off" if paid_off else "active",
        "autopay_source_id": loan.autopay_source_id,
        "autopay_day": loan.autopay_day,
        "due_date_changes": loan.due_date_changes,
        "hardship_plans": [plan.model_dump() for plan in loan.hardship_plans],
        "last_fee_waiver": loan.last_fee_waiver,
    }
    return record, payments, fees


def _plus(day: str, days: int) -> str:
    return date.fromordinal(date.fromisoformat(day).toordinal() + days).isoformat()


class Counter:
    """Numbers of filler records, after the cast's."""

    def __init__(self, starts: dict[str, int]):
        self.numbers = dict(starts)

    def next(self, prefix: str) -> str:
        number = self.numbers[prefix]
        self.numbers[prefix] += 1
        return f"{prefix}{number}"


def _borrower(rng: random.Random, people: Population, borrower_id: str) -> dict[str, Any]:
    person = people.person(str(rng.randint(201, 989)), ages=(21, 78))
    income = float(rng.randrange(2400, 14000, 50))
    accounts = [
        {"source_id": f"BA{borrower_id[1:]}-{k}", "bank": rng.choice(BANKS), "last4": f"{rng.randint(0, 9999):04d}"}
        for k in range(1, rng.choice((1, 1, 2)) + 1)
    ]
    parties = []
    if rng.random() < 0.15:
        parties.append(
            {
                "name": f"{rng.choice(('Ana', 'Leo', 'Mia', 'Sam', 'Ivy'))} {person.last}",
                "relation": rng.choice(RELATIONS),
            }
        )
    return {
        "borrower_id": borrower_id,
        "first_name": person.first,
        "last_name": person.last,
        "dob": person.birth_date,
        "zip": rng.choice(ZIPS),
        "tax_id_last4": f"{rng.randint(0, 9999):04d}",
        "phone": person.phone,
        "credit_score": rng.randint(560, 830),
        "monthly_income": income,
        "monthly_debts": cents(income * rng.uniform(0.05, 0.35)),
        "bank_accounts": accounts,
        "authorized_parties": parties,
    }


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    cast = load_cast(__package__, {"borrowers": CastBorrower, "applications": CastApplication, "loans": CastLoan})
    people = Population(SEED, TODAY)
    for b in cast["borrowers"]:
        people.know(b.first_name, b.last_name, "F", b.phone)
    borrowers = {b.borrower_id: b.model_dump(exclude={"note"}) for b in cast["borrowers"]}
    number = Counter({"PM": 100001, "F": 9001, "AP": 5101, "L": 7101})
    loans: dict[str, dict[str, Any]] = {}
    payments: dict[str, dict[str, Any]] = {}
    fees: dict[str, dict[str, Any]] = {}
    for cast_loan in cast["loans"]:
        record, paid, charged = schedule(cast_loan, number)
        loans[record["loan_id"]] = record
        payments.update((p["payment_id"], p) for p in paid)
        fees.update((f["fee_id"], f) for f in charged)
    for index in range(len(borrowers), BORROWERS):
        borrower_id = f"B{2001 + index}"
        borrowers[borrower_id] = _borrower(rng, people, borrower_id)
    filler = [b for b in borrowers.values() if b["borrower_id"] >= "B2000"]
    for _ in range(len(loans), LOANS):
        owner = rng.choice(filler)
        product = rng.choice(("personal", "personal", "auto"))
        sheet = RATE_SHEET[product]
        score = max(owner["credit_score"], 640)
        apr = apr_for(product, score)
        assert apr is not None
        term = rng.choice(sheet["terms_months"])
        opened = people.day(add_months(TODAY, -min(term, 30)), add_months(TODAY, -1))
        behind = rng.random()
        missed = 0 if behind < 0.9 else (1 if behind < 0.97 else 2)
        account = owner["bank_accounts"][0]["source_id"]
        spec = CastLoan(
            note="filler",
            loan_id=number.next("L"),
            borrower_id=owner["borrower_id"],
            product=product,
            principal=float(rng.randrange(int(sheet["min_amount"]), 30001, 500)),
            apr=apr,
            term_months=term,
            opened=opened,
            due_day=rng.randint(1, 28),
            missed=missed,
            late_fee_open=missed > 0,
            autopay_source_id=account if rng.random() < 0.45 else None,
        )
        spec.autopay_day = spec.due_day if spec.autopay_source_id else None
        record, paid, charged = schedule(spec, number)
        for payment in paid:
            if rng.random() < 0.04:  # a payment that came back, and its fee (paid since)
                fee_id = number.next("F")
                returned = {**payment, "payment_id": number.next("PM"), "status": "returned"}
                payments[returned["payment_id"]] = returned
                fees[fee_id] = {
                    "fee_id": fee_id,
                    "loan_id": record["loan_id"],
                    "kind": "returned_payment",
                    "amount": RETURNED_FEE,
                    "assessed": payment["posted"],
                    "for_due_date": payment["posted"],
                    "status": "paid",
                }
            elif rng.random() < 0.07:  # paid late, fee paid
                fee_id = number.next("F")
                fees[fee_id] = {
                    "fee_id": fee_id,
                    "loan_id": record["loan_id"],
                    "kind": "late",
                    "amount": late_fee(record["installment"]),
                    "assessed": _plus(payment["posted"], LATE_DAYS + 1),
                    "for_due_date": payment["posted"],
                    "status": "paid",
                }
                payment["posted"] = _plus(payment["posted"], LATE_DAYS + rng.randint(1, 10))
        loans[record["loan_id"]] = record
        payments.update((p["payment_id"], p) for p in paid)
        fees.update((f["fee_id"], f) for f in charged)
    applications = {a.application_id: a.model_dump(exclude={"note"}) for a in cast["applications"]}
    for _ in range(len(applications), APPLICATIONS):
        owner = rng.choice(filler)
        product = rng.choice(("personal", "personal", "auto"))
        sheet = RATE_SHEET[product]
        amount = float(rng.randrange(int(sheet["min_amount"]), 25001, 250))
        term = rng.choice(sheet["terms_months"])
        submitted = people.day("2023-01-02", "2025-09-10")
        decided = _plus(submitted, rng.randint(1, 12))
        apr = apr_for(product, owner["credit_score"])
        stubs = [{"doc_type": "pay_stub", "dated": _plus(submitted, -days), "received": submitted} for days in (3, 17)]
        outcome = rng.random()
        application: dict[str, Any] = {
            "application_id": number.next("AP"),
            "borrower_id": owner["borrower_id"],
            "product": product,
            "amount": amount,
            "term_months": term,
            "purpose": rng.choice(PURPOSES[product]),
            "submitted": submitted,
            "status": "approved",
            "documents": stubs,
            "apr": None,
            "monthly_payment": None,
            "decline_reasons": [],
            "decided": decided,
            "notice_by": None,
        }
        if apr is None:
            application.update(status="declined", decline_reasons=["credit_score_below_minimum"])
        elif outcome < 0.12:
            application.update(status="withdrawn", documents=stubs[:1])
        else:
            application.update(apr=apr, monthly_payment=monthly_payment(amount, term, apr))
        if application["status"] == "declined":
            application["notice_by"] = _plus(decided, 30)
        applications[application["application_id"]] = application
    return {
        "now": NOW,
        "next_application_number": number.numbers["AP"],
        "next_payment_number": number.numbers["PM"],
        "rate_sheet": RATE_SHEET,
        "borrowers": borrowers,
        "applications": applications,
        "loans": loans,
        "payments": payments,
        "fees": fees,
    }

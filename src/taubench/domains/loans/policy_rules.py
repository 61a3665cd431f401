"""The loans desk policy's numbered rules as checks over a task's gold trace (see
gold_trace.py). Who is calling is read from the task's instructions ("You are <name>")."""

import json
import re
from typing import Iterator

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said
from taubench.domains.loans.models import Application, Borrower, Loan, LoansDB
from taubench.domains.loans.money import monthly_payment

Trace = GoldTrace[LoansDB]
Step = GoldStep[LoansDB]

YEAR_AGO = "2024-09-23"  # the last 12 months start here
STUBS_FROM = "2025-08-09"  # a pay stub counts when dated on or after this day (45 days)
NOTICE_BY = "2025-10-23"  # a decline's written notice goes out by then (30 days)
MIN_SCORE = 640
MAX_DTI = 40.0
APPROVAL_AUTHORITY = 25000.0
AUTOPAY_DAYS_BEFORE = 3
MAX_HARDSHIP_MONTHS = 3
COLLECTIONS_DAYS = 60
NO_BORROWER = {"find_borrower", "get_rate_sheet", "quote_payment", "calculate", "transfer_to_human_agents"}
TABLES = ("borrowers", "applications", "loans", "fees")

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def _instructions(trace: Trace) -> str:
    instructions = trace.task.user_scenario.instructions
    return (
        instructions
        if isinstance(instructions, str)
        else " ".join(str(v) for v in instructions.model_dump().values() if v)
    )


def _caller(trace: Trace) -> str | None:
    found = re.search(r"You are ([A-Z][\w'-]+(?: [A-Z][\w'-]+)+)", _instructions(trace))
    return found.group(1) if found else None


def _name(borrower: Borrower) -> str:
    return f"{borrower.first_name} {borrower.last_name}"


def _loan_of(step: Step) -> Loan | None:
    db = step.before
    if (loan := db.loans.get(step.arguments.get("loan_id", ""))) is not None:
        return loan
    if (fee := db.fees.get(step.arguments.get("fee_id", ""))) is not None:
        return db.loans[fee.loan_id]
    return None


def _application_of(step: Step) -> Application | None:
    return step.before.applications.get(step.arguments.get("application_id", ""))


def _holders(step: Step) -> list[str]:
    """Whose records a call touches: the borrower named, the applicant, or the loan's borrowers."""
    if step.name in NO_BORROWER:
        return []
    if (application := _application_of(step)) is not None:
        return [application.borrower_id]
    if (loan := _loan_of(step)) is not None:
        return [loan.borrower_id] + ([loan.co_borrower_id] if loan.co_borrower_id else [])
    borrower_id = step.arguments.get("borrower_id")
    return [borrower_id] if isinstance(borrower_id, str) else []


def _shown(step: Step) -> list[str]:
    return [match["borrower_id"] for match in json.loads(step.observation)] if step.name == "find_borrower" else []


def _band_apr(db: LoansDB, application: Application) -> float | None:
    score = db.borrowers[application.borrower_id].credit_score
    sheet = db.rate_sheet[application.product]
    return next((band.apr for band in sheet.bands if band.min_score <= score <= band.max_score), None)


def dti(db: LoansDB, application: Application) -> float | None:
    """The application's debt-to-income percent (one decimal) at its band's APR; None below the bands."""
    apr = _band_apr(db, application)
    if apr is None:
        return None
    borrower = db.borrowers[application.borrower_id]
    payment = monthly_payment(application.amount, application.term_months, apr)
    return round((borrower.monthly_debts + payment) / borrower.monthly_income * 100 + 1e-9, 1)


def income_verified(application: Application) -> bool:
    stubs = {d.dated for d in application.documents if d.doc_type == "pay_stub" and d.dated >= STUBS_FROM}
    agreement = application.product == "personal" or any(
        d.doc_type == "purchase_agreement" for d in application.documents
    )
    return len(stubs) >= 2 and agreement


def decline_reasons(db: LoansDB, application: Application) -> set[str]:
    """Every reason of rules 6 to 8 that applies to the application as it stands."""
    reasons = set()
    if db.borrowers[application.borrower_id].credit_score < MIN_SCORE:
        reasons.add("credit_score_below_minimum")
    if not income_verified(application):
        reasons.add("income_not_verified")
    if (ratio := dti(db, application)) is not None and ratio > MAX_DTI:
        reasons.add("debt_to_income_too_high")
    return reasons


@RULES.trace(1)
def borrower_identified_first(trace: Trace) -> list[str]:
    return identified_first(trace, identifies=_shown, concerns=_holders, who="the borrower")


@RULES.trace(2)
def only_those_on_the_loan(trace: Trace) -> list[str]:
    caller, violations = _caller(trace), []
    for step in trace.steps:
        if step.error or step.name in NO_BORROWER | {"get_borrower"}:
            continue
        db = step.before
        if (application := _application_of(step)) is not None:
            if _name(db.borrowers[application.borrower_id]) != caller:
                violations.append(f"{step.name} on {application.application_id} for {caller}, not the applicant")
        elif (loan := _loan_of(step)) is not None:
            holders = [db.borrowers[loan.borrower_id]] + (
                [db.borrowers[loan.co_borrower_id]] if loan.co_borrower_id else []
            )
            allowed = {_name(b) for b in holders} | {p.name for p in db.borrowers[loan.borrower_id].authorized_parties}
            if caller not in allowed:
                violations.append(f"{step.name} on {loan.loan_id} for {caller}, who is not on it")
    return violations


@RULES.trace(3)
def read_back_first(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, TABLES))


@RULES.each(4, "submit_application")
def one_open_application(step: Step, trace: Trace) -> Iterator[str]:
    for application in step.before.applications.values():
        if (
            application.borrower_id == step.arguments["borrower_id"]
            and application.product == step.arguments["product"]
            and application.status in ("submitted", "pending_docs")
        ):
            yield f"a second {application.product} application while {application.application_id} is open"


@RULES.each(5, "submit_application")
def rate_sheet_limits(step: Step, trace: Trace) -> Iterator[str]:
    sheet = step.before.rate_sheet[step.arguments["product"]]
    if not sheet.min_amount <= step.arguments["amount"] <= sheet.max_amount:
        yield f"submit_application of {step.arguments['amount']} outside the {sheet.product} limits"
    if step.arguments["term_months"] not in sheet.terms_months:
        yield f"submit_application for {step.arguments['term_months']} months, not offered"


@RULES.each(6, "approve_application")
def minimum_score(step: Step, trace: Trace) -> Iterator[str]:
    application = step.before.applications[step.arguments["application_id"]]
    if (score := step.before.borrowers[application.borrower_id].credit_score) < MIN_SCORE:
        yield f"approval of {application.application_id} at score {score}"


@RULES.each(7, "approve_application", "transfer_to_human_agents")
def income_proven(step: Step, trace: Trace) -> Iterator[str]:
    for application in _handled(step, trace):
        if not income_verified(application):
            yield f"{step.name} of {application.application_id} without two recent pay stubs (and agreement)"


def _handled(step: Step, trace: Trace) -> list[Application]:
    """The application an approval decides, or the one a transfer sends to underwriting."""
    if step.name == "approve_application":
        return [step.before.applications[step.arguments["application_id"]]]
    named = [s.arguments["application_id"] for s in trace.steps if s.name == "get_application"]
    return [
        a
        for key in named
        if (a := step.before.applications[key]).amount > APPROVAL_AUTHORITY
        and a.status in ("submitted", "pending_docs")
    ]


@RULES.each(8, "approve_application")
def debt_to_income(step: Step, trace: Trace) -> Iterator[str]:
    application = step.before.applications[step.arguments["application_id"]]
    if (ratio := dti(step.before, application)) is not None and ratio > MAX_DTI:
        yield f"approval of {application.application_id} at DTI {ratio}%"


@RULES.each(9, "approve_application")
def band_apr(step: Step, trace: Trace) -> Iterator[str]:
    application = step.before.applications[step.arguments["application_id"]]
    if step.arguments["apr"] != _band_apr(step.before, application):
        yield f"approval of {application.application_id} at {step.arguments['apr']}, not its band's APR"
    payment = step.after.applications[application.application_id].monthly_payment
    assert payment is not None
    if not said(trace, payment):
        yield f"monthly payment {payment:.2f} of {application.application_id} not in communicate_info"


@RULES.each(10, "approve_application", "decline_application")
def approval_authority(step: Step, trace: Trace) -> Iterator[str]:
    application = step.before.applications[step.arguments["application_id"]]
    if step.name == "approve_application" and application.amount > APPROVAL_AUTHORITY:
        yield f"approval of {application.application_id} for {application.amount}, above the desk's authority"


@RULES.each(11, "decline_application")
def decline_reasons_told(step: Step, trace: Trace) -> Iterator[str]:
    application = step.before.applications[step.arguments["application_id"]]
    wanted = decline_reasons(step.before, application)
    if set(step.arguments["reasons"]) != wanted:
        yield f"decline of {application.application_id} for {sorted(step.arguments['reasons'])}, not {sorted(wanted)}"
    if not said(trace, NOTICE_BY):
        yield f"decline of {application.application_id} without the notice date {NOTICE_BY}"
    ratio = dti(step.before, application)
    if "debt_to_income_too_high" in wanted and ratio is not None and not said(trace, f"{ratio:.1f}"):
        yield f"decline of {application.application_id} without its DTI {ratio:.1f}"


@RULES.each(12, "make_payment")
def accounts_on_file(step: Step, trace: Trace) -> Iterator[str]:
    loan = step.before.loans[step.arguments["loan_id"]]
    holders = [loan.borrower_id] + ([loan.co_borrower_id] if loan.co_borrower_id else [])
    sources = {a.source_id for h in holders for a in step.before.borrowers[h].bank_accounts}
    if step.arguments["source_id"] not in sources:
        yield f"payment on {loan.loan_id} from {step.arguments['source_id']}, not on file"


@RULES.each(13, "make_payment")
def principal_only_when_current(step: Step, trace: Trace) -> Iterator[str]:
    loan = step.before.loans[step.arguments["loan_id"]]
    if step.arguments.get("principal_only") and loan.amount_past_due > 0:
        yield f"principal-only payment on {loan.loan_id} with {loan.amount_past_due:.2f} past due"
    if step.arguments.get("principal_only") and "principal" not in _instructions(trace).lower():
        yield f"principal-only payment on {loan.loan_id} the borrower did not ask for"


@RULES.each(14, "waive_late_fee")
def one_waiver_with_autopay(step: Step, trace: Trace) -> Iterator[str]:
    fee = step.before.fees[step.arguments["fee_id"]]
    loan = step.before.loans[fee.loan_id]
    if loan.last_fee_waiver is not None and loan.last_fee_waiver >= YEAR_AGO:
        yield f"second waiver on {loan.loan_id} since {loan.last_fee_waiver}"
    if loan.autopay_source_id is None:
        yield f"waiver on {loan.loan_id} without autopay on"


@RULES.each(15, "set_autopay")
def autopay_day(step: Step, trace: Trace) -> Iterator[str]:
    loan = step.before.loans[step.arguments["loan_id"]]
    if not loan.due_day - AUTOPAY_DAYS_BEFORE <= step.arguments["day"] <= loan.due_day:
        yield f"autopay on day {step.arguments['day']} for due day {loan.due_day}"


@RULES.each(16, "change_due_date", done=True)
def due_date_changes(step: Step, trace: Trace) -> Iterator[str]:
    loan = step.before.loans[step.arguments["loan_id"]]
    if any(day >= YEAR_AGO for day in loan.due_date_changes):
        yield f"second due-date change on {loan.loan_id} in 12 months"
    if loan.days_past_due > 0:
        yield f"due-date change on {loan.loan_id}, {loan.days_past_due} days past due"
    if not said(trace, step.after.loans[loan.loan_id].next_due_date):
        yield f"new next due date of {loan.loan_id} not in communicate_info"


@RULES.each(17, "enroll_hardship", done=True)
def hardship_limits(step: Step, trace: Trace) -> Iterator[str]:
    loan = step.before.loans[step.arguments["loan_id"]]
    used = sum(plan.months for plan in loan.hardship_plans if plan.granted >= YEAR_AGO)
    if used + step.arguments["months"] > MAX_HARDSHIP_MONTHS:
        yield f"hardship of {step.arguments['months']} months on {loan.loan_id} with {used} used"
    if loan.days_past_due >= COLLECTIONS_DAYS:
        yield f"hardship on {loan.loan_id} at {loan.days_past_due} days past due"
    if not said(trace, step.after.loans[loan.loan_id].maturity_date):
        yield f"new maturity date of {loan.loan_id} not in communicate_info"


@RULES.each(18, "get_payoff_quote", done=True)
def payoff_told(step: Step, trace: Trace) -> Iterator[str]:
    quote = json.loads(step.observation)
    for figure in (quote["total"], quote["good_through"]):
        if not said(trace, figure):
            yield f"payoff quote of {quote['loan_id']}: {figure} not in communicate_info"


@RULES.trace(19)
def hand_off(trace: Trace) -> list[str]:
    return hand_offs(trace)

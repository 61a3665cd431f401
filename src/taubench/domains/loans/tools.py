"""The loans desk's tools: the origination and servicing screens of a consumer lender. They
check what the loan system checks (existence, status, the rate sheet's amounts, terms and
rates, accounts on file, day-of-month ranges, the payoff quote's 10-day life); who may be
served, who qualifies, which rate applies, what may be waived and how often are the policy's,
so the agent's job."""

from typing import Annotated

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.kit import RecordDesk, a_date, an_amount
from taubench.domains.loans.models import (
    Application,
    BorrowerFile,
    BorrowerMatch,
    DeclineReason,
    DocType,
    Document,
    Fee,
    HardshipPlan,
    Loan,
    LoansDB,
    Payment,
    PaymentHistory,
    PaymentQuote,
    PayoffQuote,
    ProductTerms,
)
from taubench.domains.loans.money import add_days, add_months, cents, days_between, monthly_payment
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

OPEN = ("submitted", "pending_docs")
PAYOFF_QUOTE_DAYS = 10
NOTICE_DAYS = 30
MAX_HARDSHIP_MONTHS = 3


class LoansTools(RecordDesk):
    db: LoansDB

    def _today(self) -> str:
        return self.db.now[:10]

    def _open_application(self, application_id: str) -> Application:
        application = self._get("applications", application_id)
        if application.status not in OPEN:
            raise ValueError(f"Application is {application.status}, not open")
        return application

    def _active_loan(self, loan_id: str) -> Loan:
        loan = self._get("loans", loan_id)
        if loan.status != "active":
            raise ValueError("Loan is paid off")
        return loan

    def _source_on_file(self, loan: Loan, source_id: str) -> None:
        holders = [loan.borrower_id] + ([loan.co_borrower_id] if loan.co_borrower_id else [])
        sources = {account.source_id for holder in holders for account in self.db.borrowers[holder].bank_accounts}
        if source_id not in sources:
            raise ValueError(f"Bank account {source_id} is not on file for this loan's borrowers")

    @staticmethod
    def _day_of_month(value: int, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 28:
            raise ValueError(f"{what} must be a whole day from 1 to 28")
        return value

    @tool("read")
    def find_borrower(self, first_name: str, last_name: str, dob: str, zip: str) -> list[BorrowerMatch]:
        """Borrowers with this name (any case), date of birth and zip code. Empty when nobody matches.

        Args:
            first_name: The borrower's first name, e.g. "Rosa".
            last_name: The borrower's last name, e.g. "Alvarez".
            dob: Their date of birth, YYYY-MM-DD.
            zip: The 5-digit zip code of their address on file.
        """
        a_date(dob, "Date of birth")
        first, last = first_name.strip().lower(), last_name.strip().lower()
        return [
            BorrowerMatch(
                borrower_id=b.borrower_id, first_name=b.first_name, last_name=b.last_name, dob=b.dob, zip=b.zip
            )
            for b in self.db.borrowers.values()
            if b.first_name.lower() == first and b.last_name.lower() == last and b.dob == dob and b.zip == zip.strip()
        ]

    @tool("read")
    def get_borrower(self, borrower_id: str) -> BorrowerFile:
        """A borrower's record (tax id last 4, credit score, stated monthly income and debts, bank
        accounts on file, authorized third parties) with the ids of their loans, as borrower or
        co-borrower, and of their applications.

        Args:
            borrower_id: The borrower's id, e.g. "B1001".
        """
        borrower = self._get("borrowers", borrower_id)
        loans = [
            loan.loan_id for loan in self.db.loans.values() if borrower_id in (loan.borrower_id, loan.co_borrower_id)
        ]
        applications = [a.application_id for a in self.db.applications.values() if a.borrower_id == borrower_id]
        return BorrowerFile(borrower=borrower, loan_ids=sorted(loans), application_ids=sorted(applications))

    @tool("read")
    def get_application(self, application_id: str) -> Application:
        """An application: product, amount, term, purpose, status, documents received, and the
        APR and payment of an approval or the reasons of a decline.

        Args:
            application_id: The application's id, e.g. "AP5001".
        """
        return self._get("applications", application_id)

    @tool("read")
    def get_loan(self, loan_id: str) -> Loan:
        """A loan: borrower and co-borrower, principal, APR, term, balance, installment, due day and
        next due date, amount and days past due, autopay, due-date changes, hardship plans and the
        last late-fee waiver.

        Args:
            loan_id: The loan's id, e.g. "L7001".
        """
        return self._get("loans", loan_id)

    @tool("read")
    def get_payment_history(self, loan_id: str) -> PaymentHistory:
        """A loan's payments and fees, newest first.

        Args:
            loan_id: The loan's id.
        """
        self._get("loans", loan_id)
        payments = sorted(self._of("payments", "loan_id", loan_id), key=lambda p: (p.posted, p.payment_id))
        fees = sorted(self._of("fees", "loan_id", loan_id), key=lambda f: (f.assessed, f.fee_id))
        return PaymentHistory(loan_id=loan_id, payments=payments[::-1], fees=fees[::-1])

    @tool("read")
    def get_rate_sheet(self, product: str) -> ProductTerms:
        """A product's rate sheet: the smallest and largest amount we lend, the terms offered and the
        APR of each credit-score band.

        Args:
            product: "personal" or "auto".
        """
        return self._get("rate_sheet", product)

    @tool("read")
    def quote_payment(self, amount: float, term_months: int, apr: float) -> PaymentQuote:
        """The level monthly payment of a loan of this amount, term and APR (interest monthly at
        APR / 12, rounded half-up to cents).

        Args:
            amount: The amount lent in USD, e.g. 12000.
            term_months: The term in months, e.g. 48.
            apr: The annual percentage rate in percent, e.g. 12.49.
        """
        amount = an_amount(amount, "Amount")
        rate = an_amount(apr, "APR")
        if amount <= 0:
            raise ValueError("Amount must be positive")
        if isinstance(term_months, bool) or not isinstance(term_months, int) or not 1 <= term_months <= 120:
            raise ValueError("Term must be a whole number of months from 1 to 120")
        if rate < 0:
            raise ValueError("APR cannot be negative")
        return PaymentQuote(
            amount=amount, term_months=term_months, apr=rate, monthly_payment=monthly_payment(amount, term_months, rate)
        )

    @tool("read")
    def get_payoff_quote(self, loan_id: str, payoff_date: str) -> PayoffQuote:
        """What it takes to pay a loan off on a day from today to 10 days ahead: the balance, the
        interest since it was last paid (per diem = balance x APR / 365, rounded to cents, times the
        days), open fees, less anything prepaid. The quote is good through the payoff date.

        Args:
            loan_id: The loan's id.
            payoff_date: The day the payoff funds arrive, YYYY-MM-DD.
        """
        loan = self._active_loan(loan_id)
        day = a_date(payoff_date, "Payoff date").isoformat()
        if not self._today() <= day <= add_days(self._today(), PAYOFF_QUOTE_DAYS):
            raise ValueError("Payoff date must be from today to 10 days ahead")
        days = days_between(loan.interest_paid_to, day)
        per_diem = cents(loan.balance * loan.apr / 100 / 365)
        interest = cents(per_diem * days)
        fees = cents(sum(f.amount for f in self.db.fees.values() if f.loan_id == loan_id and f.status == "open"))
        return PayoffQuote(
            loan_id=loan_id,
            payoff_date=day,
            balance=loan.balance,
            interest_from=add_days(loan.interest_paid_to, 1),
            days_of_interest=days,
            per_diem=per_diem,
            interest=interest,
            open_fees=fees,
            prepaid=loan.prepaid,
            total=cents(loan.balance + interest + fees - loan.prepaid),
            good_through=day,
        )

    @tool("write")
    def submit_application(
        self, borrower_id: str, product: str, amount: float, term_months: int, purpose: str
    ) -> Application:
        """Start an application for a loan; it starts as "submitted", with no documents.

        Args:
            borrower_id: The applicant's borrower id.
            product: "personal" or "auto".
            amount: The amount asked for, in USD.
            term_months: The term in months; it must be one the rate sheet offers.
            purpose: What the money is for, in a few words, e.g. "debt consolidation".
        """
        self._get("borrowers", borrower_id)
        terms = self._get("rate_sheet", product)
        amount = an_amount(amount, "Amount")
        if not terms.min_amount <= amount <= terms.max_amount:
            raise ValueError(f"A {product} loan must be from {terms.min_amount:.2f} to {terms.max_amount:.2f} USD")
        if term_months not in terms.terms_months:
            raise ValueError(f"A {product} loan is offered for {', '.join(map(str, terms.terms_months))} months only")
        if not purpose.strip():
            raise ValueError("Purpose is required")
        application = Application(
            application_id=self._new_id("AP", "next_application_number"),
            borrower_id=borrower_id,
            product=terms.product,
            amount=amount,
            term_months=term_months,
            purpose=purpose.strip(),
            submitted=self._today(),
            status="submitted",
        )
        self.db.applications[application.application_id] = application
        return application

    @tool("write")
    def record_document(self, application_id: str, doc_type: DocType, dated: str) -> Application:
        """Record a document the applicant has sent for an open application.

        Args:
            application_id: The application's id.
            doc_type: One of pay_stub, photo_id, bank_statement, purchase_agreement.
            dated: The date printed on the document (a pay stub's pay date), YYYY-MM-DD.
        """
        application = self._open_application(application_id)
        day = a_date(dated, "Document date").isoformat()
        if day > self._today():
            raise ValueError("Document date cannot be in the future")
        if any(d.doc_type == doc_type and d.dated == day for d in application.documents):
            raise ValueError(f"A {doc_type} dated {day} is already recorded")
        application.documents.append(Document(doc_type=doc_type, dated=day, received=self._today()))
        return application

    @tool("write")
    def approve_application(self, application_id: str, apr: float) -> Application:
        """Approve an open application at an APR of its product's rate sheet; the monthly payment is
        computed from its amount, term and that APR. The loan is booked when the borrower signs.

        Args:
            application_id: The application's id.
            apr: The APR in percent, as on the rate sheet, e.g. 12.49.
        """
        application = self._open_application(application_id)
        rate = an_amount(apr, "APR")
        sheet = self.db.rate_sheet[application.product]
        if rate not in {band.apr for band in sheet.bands}:
            raise ValueError(f"APR {rate} is not on the {application.product} rate sheet")
        application.status, application.apr, application.decided = "approved", rate, self._today()
        application.monthly_payment = monthly_payment(application.amount, application.term_months, rate)
        return application

    @tool("write")
    def decline_application(
        self, application_id: str, reasons: Annotated[list[DeclineReason], Unordered()]
    ) -> Application:
        """Decline an open application for its principal reasons; the written notice is mailed
        within 30 days.

        Args:
            application_id: The application's id.
            reasons: Each reason once, any of credit_score_below_minimum, debt_to_income_too_high,
                income_not_verified.
        """
        application = self._open_application(application_id)
        if not reasons or len(set(reasons)) != len(reasons):
            raise ValueError("List each reason once, at least one")
        application.status, application.decided = "declined", self._today()
        application.decline_reasons = sorted(reasons)
        application.notice_by = add_days(self._today(), NOTICE_DAYS)
        return application

    @tool("write")
    def withdraw_application(self, application_id: str) -> Application:
        """Withdraw an open application at the applicant's request.

        Args:
            application_id: The application's id.
        """
        application = self._open_application(application_id)
        application.status, application.decided = "withdrawn", self._today()
        return application

    @tool("write")
    def make_payment(self, loan_id: str, amount: float, source_id: str, principal_only: bool = False) -> Payment:
        """Take a payment by ACH from a bank account on file; it posts today. A regular payment goes
        first to the amount past due, the rest prepays the next installment; a principal-only
        payment all goes to the balance.

        Args:
            loan_id: The loan's id.
            amount: The amount in USD.
            source_id: The bank account's id on the borrower's file, e.g. "BA1001-1".
            principal_only: true only when the borrower asks that the money reduce the balance.
        """
        loan = self._active_loan(loan_id)
        amount = an_amount(amount, "Amount")
        if amount <= 0:
            raise ValueError("Amount must be positive")
        self._source_on_file(loan, source_id)
        if principal_only and amount > loan.balance:
            raise ValueError(f"A principal-only payment cannot exceed the balance of {loan.balance:.2f}")
        to_past_due = 0.0 if principal_only else min(amount, loan.amount_past_due)
        to_principal = amount if principal_only else 0.0
        to_next = cents(amount - to_past_due - to_principal)
        payment = Payment(
            payment_id=self._new_id("PM", "next_payment_number"),
            loan_id=loan_id,
            posted=self._today(),
            amount=amount,
            source_id=source_id,
            to_past_due=to_past_due,
            to_next_installment=to_next,
            to_principal=to_principal,
            status="posted",
        )
        loan.amount_past_due = cents(loan.amount_past_due - to_past_due)
        if loan.amount_past_due == 0:
            loan.days_past_due = 0
        loan.prepaid = cents(loan.prepaid + to_next)
        loan.balance = cents(loan.balance - to_principal)
        self.db.payments[payment.payment_id] = payment
        return payment

    @tool("write")
    def set_autopay(self, loan_id: str, source_id: str, day: int) -> Loan:
        """Turn on (or change) autopay: the installment is drawn from a bank account on file on a day
        of each month.

        Args:
            loan_id: The loan's id.
            source_id: The bank account's id on the borrower's file.
            day: The day of the month to draw, 1 to 28.
        """
        loan = self._active_loan(loan_id)
        self._day_of_month(day, "Autopay day")
        self._source_on_file(loan, source_id)
        loan.autopay_source_id, loan.autopay_day = source_id, day
        return loan

    @tool("write")
    def change_due_date(self, loan_id: str, new_day: int) -> Loan:
        """Move a loan's monthly due day. The next due date moves to that day in the same month (the
        month after, if that day is already past), and so does the maturity date; autopay, if on,
        moves to the new day.

        Args:
            loan_id: The loan's id.
            new_day: The new due day of the month, 1 to 28.
        """
        loan = self._active_loan(loan_id)
        self._day_of_month(new_day, "Due day")
        if new_day == loan.due_day:
            raise ValueError(f"The due day is already {new_day}")
        next_due = add_months(loan.next_due_date, 0, new_day)
        if next_due <= self._today():
            next_due = add_months(next_due, 1)
        loan.due_day, loan.next_due_date = new_day, next_due
        loan.maturity_date = add_months(loan.maturity_date, 0, new_day)
        if loan.autopay_day is not None:
            loan.autopay_day = new_day
        loan.due_date_changes.append(self._today())
        return loan

    @tool("write")
    def enroll_hardship(self, loan_id: str, months: int) -> Loan:
        """Defer the next 1 to 3 installments: the next due date and the maturity date move that
        many months later and the term grows by as much; interest keeps accruing on the balance.

        Args:
            loan_id: The loan's id.
            months: How many installments to defer, 1 to 3.
        """
        loan = self._active_loan(loan_id)
        if isinstance(months, bool) or not isinstance(months, int) or not 1 <= months <= MAX_HARDSHIP_MONTHS:
            raise ValueError("Months must be a whole number from 1 to 3")
        loan.hardship_plans.append(HardshipPlan(start=loan.next_due_date, months=months, granted=self._today()))
        loan.next_due_date = add_months(loan.next_due_date, months)
        loan.maturity_date = add_months(loan.maturity_date, months)
        loan.term_months += months
        return loan

    @tool("write")
    def waive_late_fee(self, fee_id: str) -> Fee:
        """Waive an open late fee; the waiver is recorded on the loan.

        Args:
            fee_id: The fee's id, e.g. "F9001".
        """
        fee: Fee = self._get("fees", fee_id)
        if fee.kind != "late":
            raise ValueError("Only a late fee can be waived here")
        if fee.status != "open":
            raise ValueError(f"Fee is {fee.status}, not open")
        loan = self._get("loans", fee.loan_id)
        fee.status, loan.last_fee_waiver = "waived", self._today()
        return fee

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)

"""The insurance domain's tools: the service and first-notice-of-loss desk's view of the
insurer's systems. They check what the systems check (records exist, a loss lies inside the
term and has a coverage part to answer it, shop calendars, amounts owed); eligibility, windows,
limits and hand-offs are the policy's, so the agent's job."""

from datetime import date, timedelta
from typing import Optional

from taubench.core.toolkit import tool
from taubench.domains.insurance.models import (
    Billing,
    Cancellation,
    Claim,
    ClaimFile,
    Coverage,
    CoverageCheck,
    Driver,
    Inspection,
    InsuranceDB,
    Payment,
    Policy,
    Policyholder,
    Rental,
    RepairShop,
)
from taubench.domains.insurance.underwriting import (
    CANCELLATION_FEE,
    DEDUCTIBLE_CHOICES,
    LOSS_COVERAGE,
    adjuster_for,
    young_driver_surcharge,
)
from taubench.domains.kit import RecordDesk, a_date, an_amount
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

DOCUMENT_TYPES = ("photos", "police_report", "repair_estimate", "receipts", "proof_of_ownership")
SIU_INDICATORS = ("early_loss", "claim_frequency", "date_mismatch")
MINIMUM_DRIVER_AGE = 16
OPEN = ("open", "under_review")


def _age(born: str, on: date) -> int:
    birth = date.fromisoformat(born)
    return on.year - birth.year - ((on.month, on.day) < (birth.month, birth.day))


class InsuranceTools(RecordDesk):
    db: InsuranceDB

    def _open_claim(self, claim_id: str) -> Claim:
        claim = self._get("claims", claim_id)
        if claim.status not in OPEN:
            raise ValueError(f"Claim is {claim.status}, not open or under review")
        return claim

    def _auto_claim(self, claim_id: str) -> Claim:
        claim = self._open_claim(claim_id)
        if claim.vehicle_id is None:
            raise ValueError("Only auto claims have inspections and rentals")
        return claim

    def _active(self, policy_id: str) -> Policy:
        policy = self._get("policies", policy_id)
        if policy.status != "active":
            raise ValueError(f"Policy is {policy.status}")
        return policy

    def _coverage(self, policy: Policy, loss_type: str) -> Optional[Coverage]:
        if loss_type not in LOSS_COVERAGE[policy.line]:
            raise ValueError(f"Loss type {loss_type!r} does not apply to {policy.line} policies")
        wanted = LOSS_COVERAGE[policy.line][loss_type]
        return next((coverage for coverage in policy.coverages if coverage.coverage == wanted), None)

    def _deductible(self, policy: Policy, coverage: Coverage, loss_type: str, loss_date: str) -> float:
        if loss_type == "glass" and "full_glass" in policy.endorsements:
            return 0.0
        if loss_date < coverage.deductible_effective and coverage.prior_deductible is not None:
            return coverage.prior_deductible
        return coverage.deductible

    def _last_day_of_cover(self, policy: Policy) -> str:
        if policy.cancellation is None:
            return policy.term_end
        return (date.fromisoformat(policy.cancellation.effective_date) - timedelta(days=1)).isoformat()

    def _new_payment(self, policy_id: str, claim_id: Optional[str], kind: str, amount: float, method: str) -> Payment:
        payment = Payment(
            payment_id=self._new_id("PY-", "next_payment_number"),
            policy_id=policy_id,
            claim_id=claim_id,
            kind=kind,
            date=self.db.today,
            amount=amount,
            method=method,
        )
        self.db.payments[payment.payment_id] = payment
        return payment

    @tool("read")
    def find_policyholder(self, name: str, date_of_birth: str, zip_code: str) -> Policyholder:
        """Find a policyholder by full name, date of birth and the ZIP code of their mailing
        address; all three must match.

        Args:
            name: Full name, e.g. "Laura Castillo".
            date_of_birth: YYYY-MM-DD.
            zip_code: Five-digit ZIP code, e.g. "60614".
        """
        for holder in self.db.policyholders.values():
            same_name = holder.name.lower() == str(name).strip().lower()
            if same_name and holder.date_of_birth == date_of_birth and holder.zip_code == zip_code:
                return holder
        raise ValueError("No policyholder matches that name, date of birth and ZIP code")

    @tool("read")
    def get_policy(self, policy_id: str) -> Policy:
        """A policy term's record: named insureds, term, billing, coverages with limits and
        deductibles, endorsements, vehicles, drivers and property.

        Args:
            policy_id: The policy number of the term, e.g. "AU-310482-2".
        """
        return self._get("policies", policy_id)

    @tool("read")
    def list_claims(self, policy_id: str) -> list[Claim]:
        """Every claim filed on a policy term, oldest first.

        Args:
            policy_id: The policy number of the term.
        """
        self._get("policies", policy_id)
        return self._of("claims", "policy_id", policy_id)

    @tool("read")
    def get_claim(self, claim_id: str) -> ClaimFile:
        """A claim with its inspections and the payouts made on it.

        Args:
            claim_id: The claim number, e.g. "CL-70412".
        """
        claim = self._get("claims", claim_id)
        return ClaimFile(
            claim=claim,
            inspections=[self.db.inspections.get(key) for key in claim.inspections],
            payments=[self.db.payments.get(key) for key in claim.payments],
        )

    @tool("read")
    def check_coverage(self, policy_id: str, loss_type: str, loss_date: str) -> CoverageCheck:
        """Which coverage part of a policy term answers a loss, with its limit and the
        deductible in force on the loss date (deductible changes and full-glass waivers
        applied), and whether the date falls inside the term.

        Args:
            policy_id: The policy number of the term.
            loss_type: Auto: collision, animal_strike, hail, vandalism, theft, glass. Home and
                renters: fire, wind_hail, water_damage (sudden, from inside), theft, water_backup
                (sewer or drain backup), flood.
            loss_date: YYYY-MM-DD.
        """
        policy = self._get("policies", policy_id)
        a_date(loss_date, "Loss date")
        coverage = self._coverage(policy, loss_type)
        return CoverageCheck(
            policy_id=policy_id,
            loss_type=loss_type,
            loss_date=loss_date,
            term_start=policy.term_start,
            term_end=policy.term_end,
            within_term=policy.term_start <= loss_date <= self._last_day_of_cover(policy),
            billing_status=policy.billing_status,
            coverage=coverage and coverage.coverage,
            limit=coverage.limit if coverage else 0.0,
            deductible=self._deductible(policy, coverage, loss_type, loss_date) if coverage else 0.0,
            endorsements=list(policy.endorsements),
        )

    @tool("read")
    def search_repair_shops(self, zip_code: str, network_only: bool) -> list[RepairShop]:
        """Repair shops in the same ZIP area (first three digits), in the order of their ids.

        Args:
            zip_code: A five-digit ZIP code.
            network_only: true for in-network (direct repair) shops only.
        """
        area = str(zip_code)[:3]
        return [
            shop
            for shop in self.db.repair_shops.values()
            if shop.zip_code[:3] == area and (shop.network or not network_only)
        ]

    @tool("read")
    def get_billing(self, policy_id: str) -> Billing:
        """A policy term's billing: status, premium, amount due, due date, when the 10-day
        grace period ends, and the premium payments and refunds made.

        Args:
            policy_id: The policy number of the term.
        """
        policy = self._get("policies", policy_id)
        grace = (date.fromisoformat(policy.due_date) + timedelta(days=10)).isoformat() if policy.due_date else None
        payments = [
            payment for payment in self._of("payments", "policy_id", policy_id) if payment.kind != "claim_payout"
        ]
        return Billing(
            policy_id=policy_id,
            billing_status=policy.billing_status,
            annual_premium=policy.annual_premium,
            amount_due=policy.amount_due,
            due_date=policy.due_date,
            grace_ends=grace,
            payments=payments,
        )

    @tool("write")
    def file_claim(
        self,
        policy_id: str,
        loss_type: str,
        loss_date: str,
        estimate: float,
        police_report: str,
        vehicle_id: Optional[str] = None,
    ) -> Claim:
        """Open a claim (first notice of loss) on the policy term in force on the loss date.
        The claim takes the deductible in force on that date.

        Args:
            policy_id: The policy number of the term the loss date falls in.
            loss_type: One of the loss types check_coverage lists for the policy's line.
            loss_date: YYYY-MM-DD, not after today.
            estimate: The policyholder's estimate of the damage, USD.
            police_report: The police report number, or "" when there is none.
            vehicle_id: Auto claims: the damaged vehicle's id on the policy, e.g. "V-31048-1".
                null for home and renters claims.
        """
        policy = self._get("policies", policy_id)
        when = a_date(loss_date, "Loss date")
        amount = an_amount(estimate, "Estimate")
        coverage = self._coverage(policy, loss_type)
        if when > date.fromisoformat(self.db.today):
            raise ValueError("Loss date cannot be after today")
        if not policy.term_start <= loss_date <= self._last_day_of_cover(policy):
            raise ValueError("Loss date is outside this policy term")
        if coverage is None:
            raise ValueError("The policy carries no coverage for that loss type")
        if amount < 0:
            raise ValueError("Estimate cannot be negative")
        if not isinstance(police_report, str):
            raise ValueError("Police report must be a report number or an empty text")
        if policy.line == "auto" and vehicle_id not in [vehicle.vehicle_id for vehicle in policy.vehicles]:
            raise ValueError("Auto claims need the id of a vehicle on this policy")
        if policy.line != "auto" and vehicle_id is not None:
            raise ValueError("Home and renters claims take no vehicle")
        claim_id = self._new_id("CL-", "next_claim_number")
        claim = Claim(
            claim_id=claim_id,
            policy_id=policy_id,
            loss_type=loss_type,
            loss_date=loss_date,
            reported_date=self.db.today,
            vehicle_id=vehicle_id,
            police_report=police_report,
            estimate=amount,
            coverage=coverage.coverage,
            limit=coverage.limit,
            deductible=self._deductible(policy, coverage, loss_type, loss_date),
            status="open",
            adjuster=adjuster_for(policy.line, int(claim_id[3:])),
            siu_flag=False,
            siu_indicator=None,
            documents=[],
            rental=None,
            inspections=[],
            payments=[],
        )
        self.db.claims[claim.claim_id] = claim
        return claim

    @tool("write")
    def add_claim_document(self, claim_id: str, doc_type: str) -> Claim:
        """Record that the policyholder has sent a document for a claim.

        Args:
            claim_id: The claim number.
            doc_type: photos, police_report, repair_estimate, receipts or proof_of_ownership.
        """
        claim = self._get("claims", claim_id)
        if doc_type not in DOCUMENT_TYPES:
            raise ValueError(
                "Document type must be photos, police_report, repair_estimate, receipts or proof_of_ownership"
            )
        if claim.status in ("withdrawn", "closed"):
            raise ValueError(f"Claim is {claim.status}: it takes no more documents")
        if doc_type in claim.documents:
            raise ValueError("That document is already on file for this claim")
        claim.documents.append(doc_type)
        return claim

    @tool("write")
    def schedule_inspection(self, claim_id: str, shop_id: str, date: str) -> Inspection:
        """Book a damage inspection for an auto claim at a repair shop.

        Args:
            claim_id: The claim number of an open auto claim.
            shop_id: The shop's id, e.g. "RS-114".
            date: YYYY-MM-DD, after today; shops inspect on business days only.
        """
        claim = self._auto_claim(claim_id)
        shop = self._get("repair_shops", shop_id)
        day = a_date(date, "Inspection date")
        if date <= self.db.today:
            raise ValueError("Inspection date must be after today")
        if day.weekday() >= 5 or date in self.db.holidays:
            raise ValueError("The shop is closed on that date")
        if any(self.db.inspections[key].status == "scheduled" for key in claim.inspections):
            raise ValueError("The claim already has an inspection scheduled")
        booked = sum(
            visit.shop_id == shop_id and visit.date == date and visit.status == "scheduled"
            for visit in self.db.inspections.values()
        )
        if booked >= shop.daily_capacity:
            raise ValueError("No free inspection slot at that shop on that date")
        inspection = Inspection(
            inspection_id=self._new_id("IN-", "next_inspection_number"),
            claim_id=claim_id,
            shop_id=shop_id,
            date=date,
            status="scheduled",
        )
        self.db.inspections[inspection.inspection_id] = inspection
        claim.inspections.append(inspection.inspection_id)
        return inspection

    @tool("write")
    def authorize_rental(self, claim_id: str, daily_rate: float, days: int) -> Claim:
        """Authorize a rental car on an auto claim, paid by the insurer up to daily_rate a day
        for the given number of days.

        Args:
            claim_id: The claim number of an open auto claim.
            daily_rate: The most paid a day, USD.
            days: The number of days authorized, a whole number.
        """
        claim = self._auto_claim(claim_id)
        rate = an_amount(daily_rate, "Daily rate")
        if claim.rental is not None:
            raise ValueError("A rental is already authorized on this claim")
        if rate <= 0:
            raise ValueError("Daily rate must be more than 0")
        if isinstance(days, bool) or not isinstance(days, int) or days < 1:
            raise ValueError("Days must be a whole number of at least 1")
        claim.rental = Rental(daily_rate=rate, days=days, total=round(rate * days, 2), authorized_on=self.db.today)
        return claim

    @tool("write")
    def withdraw_claim(self, claim_id: str) -> Claim:
        """Withdraw a claim at the policyholder's request; its scheduled inspections are
        cancelled.

        Args:
            claim_id: The claim number of an open or under-review claim.
        """
        claim = self._open_claim(claim_id)
        claim.status = "withdrawn"
        for key in claim.inspections:
            if self.db.inspections[key].status == "scheduled":
                self.db.inspections[key].status = "cancelled"
        return claim

    @tool("write")
    def flag_for_siu(self, claim_id: str, indicator: str) -> Claim:
        """Refer a claim to the special investigations unit; the claim goes under review.

        Args:
            claim_id: The claim number.
            indicator: early_loss, claim_frequency or date_mismatch.
        """
        claim = self._open_claim(claim_id)
        if indicator not in SIU_INDICATORS:
            raise ValueError("Indicator must be early_loss, claim_frequency or date_mismatch")
        if claim.siu_flag:
            raise ValueError("The claim is already referred to investigations")
        claim.siu_flag, claim.siu_indicator, claim.status = True, indicator, "under_review"
        return claim

    @tool("write")
    def add_driver(self, policy_id: str, name: str, date_of_birth: str, license_number: str) -> Policy:
        """Add a licensed driver to an auto policy. Drivers under 25 carry the young-driver
        surcharge; the rest of the term's share of it is added to the amount due.

        Args:
            policy_id: The policy number of the active auto term.
            name: The driver's full name.
            date_of_birth: YYYY-MM-DD.
            license_number: The driver's licence number: a letter and 7 to 12 digits.
        """
        policy = self._active(policy_id)
        if policy.line != "auto":
            raise ValueError("Drivers are added to auto policies only")
        born = a_date(date_of_birth, "Date of birth")
        today = date.fromisoformat(self.db.today)
        number = str(license_number)
        if not (8 <= len(number) <= 13 and number[0].isalpha() and number[1:].isdigit()):
            raise ValueError("License number must be a letter followed by 7 to 12 digits")
        if any(driver.license_number.upper() == number.upper() for driver in policy.drivers):
            raise ValueError("A driver with that license number is already on the policy")
        age = _age(born.isoformat(), today)
        if age < MINIMUM_DRIVER_AGE:
            raise ValueError(f"Drivers must be at least {MINIMUM_DRIVER_AGE} years old")
        annual = young_driver_surcharge(age)
        start, end = date.fromisoformat(policy.term_start), date.fromisoformat(policy.term_end)
        prorated = round(annual * ((end - today).days + 1) / ((end - start).days + 1), 2)
        policy.drivers.append(
            Driver(
                name=name,
                date_of_birth=date_of_birth,
                license_number=number.upper(),
                added_on=self.db.today,
                annual_surcharge=annual,
                prorated_charge=prorated,
            )
        )
        if prorated:
            policy.annual_premium = round(policy.annual_premium + annual, 2)
            if policy.amount_due == 0:
                policy.due_date = (today + timedelta(days=21)).isoformat()
            policy.amount_due = round(policy.amount_due + prorated, 2)
        return policy

    @tool("write")
    def change_deductible(self, policy_id: str, coverage: str, amount: float) -> Policy:
        """Change a coverage part's deductible from tomorrow on; losses before then keep the
        old one. The premium is re-rated at renewal.

        Args:
            policy_id: The policy number of the active term.
            coverage: collision, comprehensive, dwelling or personal_property.
            amount: The new deductible, USD; each coverage offers fixed choices.
        """
        policy = self._active(policy_id)
        part = next((item for item in policy.coverages if item.coverage == coverage), None)
        if part is None or coverage not in DEDUCTIBLE_CHOICES:
            raise ValueError("The policy has no coverage of that name with a deductible")
        new = an_amount(amount, "Amount")
        choices = DEDUCTIBLE_CHOICES[coverage]
        if new not in choices:
            raise ValueError(f"Deductible for {coverage} must be one of {', '.join(str(choice) for choice in choices)}")
        if new == part.deductible:
            raise ValueError("That is already the deductible")
        tomorrow = (date.fromisoformat(self.db.today) + timedelta(days=1)).isoformat()
        part.prior_deductible, part.deductible, part.deductible_effective = part.deductible, new, tomorrow
        return policy

    @tool("write")
    def make_payment(self, policy_id: str, amount: float, method_id: str) -> Billing:
        """Take a premium payment with a payment method a named insured has on file.

        Args:
            policy_id: The policy number of the term.
            amount: USD, more than 0 and at most the amount due.
            method_id: The payment method's id on file, e.g. "PM-2210-1".
        """
        policy = self._get("policies", policy_id)
        paid = an_amount(amount, "Amount")
        if policy.status == "cancelled" or policy.billing_status == "lapsed":
            raise ValueError("The policy is not in force: premium cannot be taken on it")
        method = next(
            (
                method
                for holder in policy.named_insureds
                for method in self.db.policyholders[holder].payment_methods
                if method.method_id == method_id
            ),
            None,
        )
        if method is None:
            raise ValueError("No payment method with that id on file for the policy's named insureds")
        if not 0 < paid <= policy.amount_due:
            raise ValueError(f"Amount must be more than 0 and at most the {policy.amount_due} due")
        self._new_payment(policy_id, None, "premium", paid, f"{method.kind.replace('_', ' ')} {method.last4}")
        policy.amount_due = round(policy.amount_due - paid, 2)
        if policy.amount_due == 0:
            policy.billing_status, policy.due_date = "paid", None
        return self.get_billing(policy_id)

    @tool("write")
    def cancel_policy(self, policy_id: str, effective_date: str) -> Cancellation:
        """Cancel an active policy term from a date on: the unearned premium, pro rata by day,
        less the 25.00 fee and any unpaid premium, is refunded by check.

        Args:
            policy_id: The policy number of the active term.
            effective_date: The first day without cover, YYYY-MM-DD: today or later, inside the term.
        """
        policy = self._active(policy_id)
        effective = a_date(effective_date, "Effective date")
        if not self.db.today <= effective_date <= policy.term_end:
            raise ValueError("Effective date must be between today and the end of the term")
        start, end = date.fromisoformat(policy.term_start), date.fromisoformat(policy.term_end)
        unearned = round(policy.annual_premium * ((end - effective).days + 1) / ((end - start).days + 1), 2)
        refund = max(0.0, round(unearned - CANCELLATION_FEE - policy.amount_due, 2))
        payment = self._new_payment(policy_id, None, "refund", refund, "check")
        policy.cancellation = Cancellation(
            effective_date=effective_date,
            unearned_premium=unearned,
            fee=CANCELLATION_FEE,
            balance_offset=policy.amount_due,
            refund=refund,
            refund_payment_id=payment.payment_id,
        )
        policy.status, policy.amount_due, policy.due_date = "cancelled", 0.0, None
        return policy.cancellation

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)

"""The loans domain: the origination and servicing desk of a consumer lender of personal and
auto loans. The caller is an applicant, a borrower, a co-borrower or someone the borrower has
authorized; the agent identifies them, takes and decides applications under the rate sheet's
limits and the lender's credit rules, and services loans: payments, autopay, due-date moves,
hardship deferrals, late-fee waivers and payoff quotes."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.loans.models import LoansDB
from taubench.domains.loans.tools import LoansTools

DOMAIN = DomainSpec(
    name="loans",
    toolkit=LoansTools,
    db_model=LoansDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("find_borrower",)),
)

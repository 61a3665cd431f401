"""The insurance domain: the service and first-notice-of-loss desk of a personal-lines
insurer (auto, home, renters). The agent verifies policyholders, checks coverage, files
claims, books inspections and rentals, takes premium, and changes or cancels policies under
the desk manual (``data/policy.md``)."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.insurance.models import InsuranceDB
from taubench.domains.insurance.tools import InsuranceTools

DOMAIN = DomainSpec(
    name="insurance",
    toolkit=InsuranceTools,
    db_model=InsuranceDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("find_policyholder",)),
)

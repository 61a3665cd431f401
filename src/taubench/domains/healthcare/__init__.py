"""The healthcare domain: the patient-access desk of a multi-specialty clinic network. The
caller is a patient or someone acting for one (a parent, a health-care proxy); the agent
identifies them, books, moves and cancels visits under referral and fee rules, sends
refills, opens records requests and keeps contact and insurance details current."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.healthcare.models import HealthcareDB
from taubench.domains.healthcare.tools import HealthcareTools

DOMAIN = DomainSpec(
    name="healthcare",
    toolkit=HealthcareTools,
    db_model=HealthcareDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("find_patient",)),
)

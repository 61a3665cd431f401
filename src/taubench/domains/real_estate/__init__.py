"""The real-estate domain: the client desk of a residential brokerage that also leases rental
units. The caller is a home buyer or a prospective tenant; the agent identifies them, books
and cancels tours, sends disclosures, records buyer agreements, makes, withdraws and settles
offers under financing and disclosure rules, and files rental applications."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.real_estate.models import RealEstateDB
from taubench.domains.real_estate.tools import RealEstateTools

DOMAIN = DomainSpec(
    name="real_estate",
    toolkit=RealEstateTools,
    db_model=RealEstateDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("find_client",)),
)

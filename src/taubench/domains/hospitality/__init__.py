"""The hospitality domain: the central reservations and guest-relations desk of a 20-hotel
group. The agent verifies guests, books, changes and cancels stays under their rate plans,
grants tier upgrades and late checkouts, takes special requests, reverses disputed folio
charges and settles feedback cases under the desk manual (``data/policy.md``)."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.hospitality.models import HotelDB
from taubench.domains.hospitality.tools import HotelTools

DOMAIN = DomainSpec(
    name="hospitality",
    toolkit=HotelTools,
    db_model=HotelDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("find_guest", "get_reservation"), identity_key="guest_id"),
)

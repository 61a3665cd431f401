"""The agriculture domain: the operations desk of a farm-management company that runs row-crop
and orchard farms for their owners. The agent verifies owners, managers and crew leads,
schedules and records spray applications under the label, the forecast and the nitrogen cap,
plans irrigation from the soil sensors and the season's water, books harvests after the
pre-harvest interval, records loads at standard moisture, keeps the input stock and the
machines' services, and logs scouting reports under the desk manual (``data/policy.md``)."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.agriculture.models import AgricultureDB
from taubench.domains.agriculture.tools import AgricultureTools

DOMAIN = DomainSpec(
    name="agriculture",
    toolkit=AgricultureTools,
    db_model=AgricultureDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("verify_caller",)),
)

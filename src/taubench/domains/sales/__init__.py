"""The sales domain: the CRM assistant of Halvard Systems' sales team. The caller is a sales rep
or a regional manager; the agent identifies them by rep id, logs activities, sets follow-up
tasks, moves opportunities through their stages under the exit criteria, quotes within the
discount tiers and floor prices, converts leads into the right account, reassigns owners within
a territory and merges duplicate contacts."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.sales.models import SalesDB
from taubench.domains.sales.tools import SalesTools

DOMAIN = DomainSpec(
    name="sales",
    toolkit=SalesTools,
    db_model=SalesDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("get_rep",)),
)

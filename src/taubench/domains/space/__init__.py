"""The space domain: the mission-operations desk of a commercial Earth-observation
constellation. The caller is an operator, planner or customer-success engineer; the agent
verifies them, books and releases ground contacts, plans collision-avoidance and
station-keeping burns under the two-person rule, safes spacecraft and files anomaly reports,
acknowledges alarms and schedules or cancels customers' imaging."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.space.models import SpaceDB
from taubench.domains.space.tools import SpaceTools

DOMAIN = DomainSpec(
    name="space",
    toolkit=SpaceTools,
    db_model=SpaceDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("verify_operator",)),
)

"""The manufacturing domain: the operations and quality desk of Kestrel Precision, a contract
machine shop of thirty cells running three shifts. Callers are plant employees (operators,
supervisors, quality engineers, QA managers, planners); the agent identifies them, checks
what their role lets them do, and records production and downtime, holds and releases lots,
opens and dispositions NCRs, reschedules work orders, issues raw material and publishes OEE
reports."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.manufacturing.models import ManufacturingDB
from taubench.domains.manufacturing.tools import ManufacturingTools

DOMAIN = DomainSpec(
    name="manufacturing",
    toolkit=ManufacturingTools,
    db_model=ManufacturingDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("get_employee",)),
)

"""The construction domain: the project-coordination desk of a residential general contractor.
The caller is a homeowner client, a subcontractor or one of the contractor's project managers;
the agent identifies them, books permit inspections in their order, assigns insured and licensed
subcontractors to schedule tasks, moves tasks (and their successors) around Sundays and holidays,
prices change orders, extends permits, sends notices, and releases payments against lien waivers
with retainage held back."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.construction.models import ConstructionDB
from taubench.domains.construction.tools import ConstructionTools

DOMAIN = DomainSpec(
    name="construction",
    toolkit=ConstructionTools,
    db_model=ConstructionDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("get_employee", "find_subcontractor", "find_project")),
)

"""The engineering domain: the developer-platform desk of Quillstone Systems, a software company
that hosts its code, reviews, CI and issues on its own platform. Callers are engineers; the
agent identifies them, checks their role on the repository, and creates branches, applies
catalog patches, opens, reviews, tests and merges pull requests, updates issues, bumps
dependencies and tags releases under the platform's engineering handbook."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.engineering.models import EngineeringDB
from taubench.domains.engineering.tools import EngineeringTools

DOMAIN = DomainSpec(
    name="engineering",
    toolkit=EngineeringTools,
    db_model=EngineeringDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("get_user",)),
)

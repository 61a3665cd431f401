"""The data science domain: the analytics assistant of a company data platform. The agent
verifies employees and their role's permissions, answers questions with a closed query tool,
cleans datasets into new versions, tests A/B experiments, trains and promotes models, and
builds and publishes reports under the platform manual (``data/policy.md``)."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.data_science.models import DataScienceDB
from taubench.domains.data_science.tools import DataScienceTools

DOMAIN = DomainSpec(
    name="data_science",
    toolkit=DataScienceTools,
    db_model=DataScienceDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("get_employee",)),
)

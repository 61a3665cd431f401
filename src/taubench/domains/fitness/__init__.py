"""The fitness domain: the member-support desk of a five-club fitness chain with a training
app. The agent verifies members, books and cancels classes under weekly caps and no-show
rules, freezes, upgrades, downgrades and cancels memberships, logs activities, sets goals,
assigns routines within the health-screening rules, books personal training and works out
figures from the activity log under the desk manual (``data/policy.md``)."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.fitness.models import FitnessDB
from taubench.domains.fitness.tools import FitnessTools

DOMAIN = DomainSpec(
    name="fitness",
    toolkit=FitnessTools,
    db_model=FitnessDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("find_member", "get_member"), identity_key="member_id"),
)

"""The advertising domain: the advertiser-support desk of a self-serve ad platform. The agent
verifies account users, reads delivery figures, changes budgets, targeting, bids and end
dates, pauses and resumes delivery, sends creatives to review and runs split tests under the
desk manual (``data/policy.md``)."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.advertising.models import AdvertisingDB
from taubench.domains.advertising.tools import AdvertisingTools

DOMAIN = DomainSpec(
    name="advertising",
    toolkit=AdvertisingTools,
    db_model=AdvertisingDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("get_ad_account",)),
)

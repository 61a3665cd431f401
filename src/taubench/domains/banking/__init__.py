"""The banking domain: a retail bank's contact center. The agent identifies callers, checks
a one-time code the customer reads from the bank app on their phone before moving money or
replacing cards, and handles transfers, card losses, disputes, stop payments, alerts and
fee waivers under the bank's operations manual. Its data are ours (``data/``, made by
``generate.py``)."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.banking.models import BankDB
from taubench.domains.banking.tools import BankTools
from taubench.domains.banking.user_tools import BankApp, BankAppTools

DOMAIN = DomainSpec(
    name="banking",
    toolkit=BankTools,
    db_model=BankDB,
    data=BundledData(__name__),
    user_toolkit=BankAppTools,
    user_db_model=BankApp,
    rules=Rules(identity_tools=("find_customer",)),
)

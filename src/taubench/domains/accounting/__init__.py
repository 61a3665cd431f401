"""The accounting domain: the client desk of Tallyhouse Bookkeeping, an outsourced
bookkeeping firm for about three hundred small businesses. Callers are a client's owner,
controller or staff; the agent checks who they are and what their role allows, then records,
approves and schedules vendor bills (duplicates, three-way match, discounts, W-9s and
withholding), reconciles bank lines, posts journal entries in the open period, issues
invoices within credit limits and keeps budgets; tax advice goes to an accountant."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.accounting.models import AccountingDB
from taubench.domains.accounting.tools import AccountingTools

DOMAIN = DomainSpec(
    name="accounting",
    toolkit=AccountingTools,
    db_model=AccountingDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("get_client",)),
)

"""The finance domain: the client-service desk of Tamarind Ridge Advisers, a registered
investment adviser. The caller is a client; the agent verifies them, explains their accounts
from the books, and places orders, rebalances, records IRA contributions, sends withdrawals,
sets price alerts, queues reports and updates risk and KYC profiles under the firm's manual
(suitability, concentration, contribution limits, wash sales, hand-off thresholds). Its data
are ours: ``data/db.json`` from ``generate.py``, ``data/tasks.json`` and ``split_tasks.json``
rendered from ``task_book.py``."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.finance.models import FinanceDB
from taubench.domains.finance.tools import FinanceTools

DOMAIN = DomainSpec(
    name="finance",
    toolkit=FinanceTools,
    db_model=FinanceDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("find_client",)),
)

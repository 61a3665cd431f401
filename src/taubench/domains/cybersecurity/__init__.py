"""The cybersecurity domain: the security service desk of Tessaly Labs, a 500-person software
company. The agent verifies employees by a callback to the number on file, then handles
incident reports and host isolation, MFA and password resets, leaver and compromise account
disablement, vulnerability exceptions and remediation, access requests under segregation of
duties, and audit evidence, under the security operations manual. Its data are ours
(``data/``, made by ``generate.py``; the tasks by ``write_tasks.py``)."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.cybersecurity.models import SecurityDB
from taubench.domains.cybersecurity.tools import SecurityDeskTools

DOMAIN = DomainSpec(
    name="cybersecurity",
    toolkit=SecurityDeskTools,
    db_model=SecurityDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("verify_caller",)),  # the call-back, a write the database shows too
)

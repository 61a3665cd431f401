"""The legal domain: the client-services desk of a small law firm that also sells
attorney-reviewed document packages. The caller is a client, a prospective client or a
client's authorized contact; the agent verifies them, runs conflict checks and opens matters,
drafts documents from the firm's templates and sends them for attorney review, finds good-law
references, dockets court deadlines, applies trust funds to approved invoices, refunds trust
balances and books consultations under the desk manual (``data/policy.md``)."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.legal.models import LegalDB
from taubench.domains.legal.tools import LegalTools

DOMAIN = DomainSpec(
    name="legal",
    toolkit=LegalTools,
    db_model=LegalDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("find_client",)),
)

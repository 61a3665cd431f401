"""The pharmaceuticals domain: the clinical-operations help desk of Corvane Therapeutics, a
sponsor running phase II/III trials at research sites. Callers are site staff (investigators,
coordinators, pharmacists), identified by staff id and site code and limited by the site's
delegation log, and trial participants, identified by participant id and date of birth. The
agent records consents, randomizes eligible participants, books visits inside their windows
and before kit lots expire, reports adverse events against the 24-hour clock, logs protocol
deviations, orders kits, pays stipends, files enrollment reports and routes emergency
unblinding to the medical monitor, never revealing a treatment arm."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.pharmaceuticals.models import PharmaDB
from taubench.domains.pharmaceuticals.tools import PharmaTools

DOMAIN = DomainSpec(
    name="pharmaceuticals",
    toolkit=PharmaTools,
    db_model=PharmaDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("verify_staff", "verify_participant")),
)

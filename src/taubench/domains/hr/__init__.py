"""The HR domain: the HR service center of Larkspur Foods, a food manufacturer of about 400
people with plants and offices in five states. Callers are employees, managers, leaders who
approve requisitions and recruiters; the agent verifies who is calling and what their role
lets them see or change, then handles PTO and leave, manager approvals, requisitions,
postings, internal applications, interviews, contact changes, pay change requests and HR
cases."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.hr.models import HrDB
from taubench.domains.hr.tools import HrTools

DOMAIN = DomainSpec(
    name="hr",
    toolkit=HrTools,
    db_model=HrDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("verify_employee",)),
)

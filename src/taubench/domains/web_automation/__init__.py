"""The web automation domain: the automation desk of Fennick Provisions' operations team.
The caller is an employee (employee id and desk PIN); the agent drives a headless browser
signed in with a stored login on a dozen web portals (supplier portals with a sandbox copy,
carrier sites, the benefits portal, the county permit site, competitors' price pages, our
own warehouse dashboard), submits forms, pays invoices, and keeps workflows, monitors and
extractions, under the sites' rules, the logins' ownership and the desk's limits."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.web_automation.models import WebAutomationDB
from taubench.domains.web_automation.tools import WebAutomationTools

DOMAIN = DomainSpec(
    name="web_automation",
    toolkit=WebAutomationTools,
    db_model=WebAutomationDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("verify_employee",)),
)

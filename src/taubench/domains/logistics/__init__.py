"""The logistics domain: the operations desk of Cascade Line Freight, a regional carrier with
its own terminals and warehouses. The caller is a shipper's contact (account number and
billing zip), a consignee (name and phone) or a member of staff (employee id and PIN); the
agent tracks, reschedules, redirects, holds and returns shipments, files cargo claims, logs
incidents, puts shipments on delivery routes within payload, hazmat and hours-of-service
limits, and corrects warehouse stock."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.logistics.models import LogisticsDB
from taubench.domains.logistics.tools import LogisticsTools

DOMAIN = DomainSpec(
    name="logistics",
    toolkit=LogisticsTools,
    db_model=LogisticsDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("find_account", "verify_employee", "find_consignee_shipments")),
)

"""The events domain: the support desk of Brightline Events, a ticketing and conference-
management company. The caller is an attendee (identified by email and confirmation code)
or an organizer's staff member (organizer id and PIN); the agent registers, cancels and
refunds under deadline tiers, transfers and upgrades tickets, enrols attendees in sessions
without clashes, records accessibility requests, holds venue rooms and sends announcements."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.events.models import EventsDB
from taubench.domains.events.tools import EventsTools

DOMAIN = DomainSpec(
    name="events",
    toolkit=EventsTools,
    db_model=EventsDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("find_registration", "verify_organizer")),
)

"""An example of a taubench domain that lives in a package of its own: the booking desk of
a bicycle workshop (customers, the workshop's services, repair jobs). Installed next to
taubench, it is found through the entry point in pyproject.toml and runs like a built-in
domain (``env=bike_workshop``). It is small on purpose, so it is not held to the bar for
published numbers; its report card still runs every check, reading its own tool tests from
this package (``tests/test_tools.py``)."""

from bike_workshop.models import WorkshopDB
from bike_workshop.tools import WorkshopTools
from taubench import BundledData, DomainSpec, Rules

DOMAIN = DomainSpec(
    name="bike_workshop",
    toolkit=WorkshopTools,
    db_model=WorkshopDB,
    data=BundledData(__name__, held_to_the_bar=False, tool_tests="tests/test_tools.py"),
    rules=Rules(identity_tools=("find_customer",)),  # a booking made for a caller never looked up scores 0
)

"""The mock domain: a small lending library, written here for the core tests. Its data are
ours (``data/``, made by ``generate.py``), so tests need neither a data package nor the
size of retail's database. The member has a side of their own (the library app), so the
tests cover user tools, initial states and assertions on either side too."""

from taubench.core.domain import BundledData, DomainSpec
from taubench.domains.mock.models import LibraryDB
from taubench.domains.mock.tools import LibraryTools
from taubench.domains.mock.user_tools import LibraryApp, LibraryAppTools

DOMAIN = DomainSpec(
    name="mock",
    toolkit=LibraryTools,
    db_model=LibraryDB,
    data=BundledData(__name__, held_to_the_bar=False),
    user_toolkit=LibraryAppTools,
    user_db_model=LibraryApp,
)

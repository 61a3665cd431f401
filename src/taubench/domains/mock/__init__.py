"""The mock domain: a small lending library, written here for the core tests. Its data are
ours (``data/``, made by ``generate.py``), so tests need neither a data package nor the
size of retail's database."""

from taubench.domain import BundledData, DomainSpec
from taubench.domains.mock.models import LibraryDB
from taubench.domains.mock.tools import LibraryTools

DOMAIN = DomainSpec(name="mock", toolkit=LibraryTools, db_model=LibraryDB, data=BundledData(__name__, held_to_the_bar=False))

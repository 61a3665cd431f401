"""The registry of domains: one folder each, with its data model, tools and data source."""

from pathlib import Path
from typing import Optional, Union

from taubench.domain import BaseDomain, DomainSpec
from taubench.domains.airline import AIRLINE
from taubench.domains.airline_v1 import AIRLINE_V1
from taubench.domains.retail import RETAIL
from taubench.domains.retail_v1 import RETAIL_V1
from taubench.domains.v1 import V1DomainSpec

DOMAINS: dict[str, Union[DomainSpec, V1DomainSpec]] = {
    spec.name: spec for spec in (RETAIL, AIRLINE, RETAIL_V1, AIRLINE_V1)
}


def load_domain(name: str, data_dir: Optional[Path] = None, verify_checksums: bool = True) -> BaseDomain:
    if name not in DOMAINS:
        raise KeyError(f"unknown domain {name!r}; known: {', '.join(DOMAINS)}")
    return DOMAINS[name].load(data_dir, verify_checksums)

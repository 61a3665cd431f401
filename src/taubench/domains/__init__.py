"""The registry of domains: one folder each, with its data model, tools and data source."""

from pathlib import Path
from typing import Optional

from taubench.domain import Domain, DomainSpec
from taubench.domains.airline import AIRLINE
from taubench.domains.retail import RETAIL

DOMAINS: dict[str, DomainSpec] = {spec.name: spec for spec in (RETAIL, AIRLINE)}


def load_domain(name: str, data_dir: Optional[Path] = None, verify_checksums: bool = True) -> Domain:
    if name not in DOMAINS:
        raise KeyError(f"unknown domain {name!r}; known: {', '.join(DOMAINS)}")
    return Domain(DOMAINS[name], data_dir=data_dir, verify=verify_checksums)

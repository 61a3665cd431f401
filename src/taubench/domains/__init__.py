"""The registry of domains. A domain is one folder under ``taubench/domains`` whose
``__init__`` defines ``DOMAIN`` (its spec), plus one line below. Everything else is derived
from this list: the ``env`` config group, packaging, the tests, ``make run``, the scripted
server, bench/. The guide to writing one is README.md next to this file.
"""

from importlib import import_module
from pathlib import Path
from typing import Iterator, Mapping, Optional, Union

from taubench.domain import BaseDomain, DomainSpec
from taubench.domains.v1 import V1DomainSpec

AnyDomainSpec = Union[DomainSpec, V1DomainSpec]

# name -> its folder (a module under taubench.domains), in the order users see them listed
REGISTRY: dict[str, str] = {
    "retail": "retail",  # τ²-bench (data: a pinned package)
    "airline": "airline",
    "telecom": "telecom",  # τ²-bench, dual control (data: a pinned package's files, env.data_dir)
    "telecom-workflow": "telecom.workflow",
    "retail_v1": "v1.retail",  # τ-bench v1 (data: env.data_dir)
    "airline_v1": "v1.airline",
    "mock": "mock",  # ours, tiny: for the core tests
    "healthcare": "healthcare",  # ours, held to the bar (domains/README.md)
    "banking": "banking",
    "insurance": "insurance",
    "hospitality": "hospitality",
    "events": "events",
    "real_estate": "real_estate",
    "hr": "hr",  # ours
}


class _Domains(Mapping[str, AnyDomainSpec]):
    """The registry's specs by name, each domain's code imported on first use only."""

    def __getitem__(self, name: str) -> AnyDomainSpec:
        if name not in REGISTRY:
            raise KeyError(name)
        spec = import_module(f"{__name__}.{REGISTRY[name]}").DOMAIN
        if spec.name != name:
            raise RuntimeError(f"taubench.domains.{REGISTRY[name]} defines domain {spec.name!r}, registered as {name!r}")
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTRY)

    def __len__(self) -> int:
        return len(REGISTRY)


DOMAINS: Mapping[str, AnyDomainSpec] = _Domains()


def of_origin(origin: str) -> list[str]:
    """The domains of one benchmark: ``tau2`` (τ²-bench's), ``v1`` (τ-bench's), ``taubench`` (ours)."""
    return [name for name, spec in DOMAINS.items() if spec.origin == origin]


def agent_only(origin: str = "tau2") -> list[str]:
    """The domains of one benchmark where only the agent acts (τ²'s retail and airline, not
    telecom): what the tool probe, the retail/airline replay fixture and the overhead
    benchmark cover."""
    return [name for name in of_origin(origin) if DOMAINS[name].user_toolkit is None]


def self_contained() -> list[str]:
    """The domains that run with no ``env.data_dir`` (data bundled or from a pinned package)."""
    return [name for name, spec in DOMAINS.items() if not spec.needs_data_dir]


def scriptable() -> list[str]:
    """The self-contained domains the scripted server serves unless told which: those whose
    user scenario tells which task it is. Telecom's do not; it serves telecom on request
    (``--domains telecom``), its customer and agent looking first (``taubench.scripted_probes``)."""
    return [name for name in self_contained() if DOMAINS[name].scenario_names_the_task]


def load_domain(name: str, data_dir: Optional[Path] = None, verify_checksums: bool = True) -> BaseDomain:
    if name not in DOMAINS:
        raise KeyError(f"unknown domain {name!r}; known: {', '.join(DOMAINS)}")
    return DOMAINS[name].load(data_dir, verify_checksums)

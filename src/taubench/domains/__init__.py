"""The registry of domains. A domain is one folder under ``taubench/domains`` whose
``__init__`` defines ``DOMAIN`` (its spec), plus one line below. Everything else is derived
from this list: the ``env`` config group, packaging, the tests, ``make run``, the scripted
server, bench/. The guide to writing one is README.md next to this file. Installed packages
add theirs through the entry point group ``taubench.domains`` (a name and its ``DomainSpec``).
"""

from importlib import import_module
from pathlib import Path
from threading import Lock
from typing import Iterator, Mapping, Optional, Union

from taubench.core.domain import BaseDomain, DomainSpec
from taubench.core.plugins import DOMAIN_GROUP, PluginError, advertised, load_advertised
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
    "fitness": "fitness",
    "education": "education",
    "hr": "hr",
    "finance": "finance",
    "loans": "loans",
    "accounting": "accounting",
    "sales": "sales",
    "advertising": "advertising",
    "logistics": "logistics",
    "manufacturing": "manufacturing",
    "construction": "construction",
    "agriculture": "agriculture",
    "space": "space",
    "legal": "legal",
    "pharmaceuticals": "pharmaceuticals",
    "cybersecurity": "cybersecurity",
    "engineering": "engineering",
    "data_science": "data_science",
    "web_automation": "web_automation",
}


class _Domains(Mapping[str, AnyDomainSpec]):
    """The registry's specs by name, then those installed packages advertise (a registered
    name is never shadowed); each domain's code imported on first use only."""

    def __getitem__(self, name: str) -> AnyDomainSpec:
        if name in REGISTRY:
            spec, source = import_module(f"{__name__}.{REGISTRY[name]}").DOMAIN, f"taubench.domains.{REGISTRY[name]}"
        elif name in advertised(DOMAIN_GROUP):
            point = advertised(DOMAIN_GROUP)[name]
            spec, source = load_advertised(point, "domain"), point.value
        else:
            raise KeyError(name)
        if not isinstance(spec, (DomainSpec, V1DomainSpec)):
            raise PluginError(f"{source} gives {type(spec).__name__}, not a DomainSpec, for domain {name!r}")
        if spec.name != name:
            raise PluginError(f"{source} defines domain {spec.name!r}, registered as {name!r}")
        return spec

    def _names(self) -> list[str]:
        return [*REGISTRY, *(name for name in advertised(DOMAIN_GROUP) if name not in REGISTRY)]

    def __contains__(self, name: object) -> bool:
        return name in REGISTRY or name in advertised(DOMAIN_GROUP)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())


DOMAINS: Mapping[str, AnyDomainSpec] = _Domains()


def loaded_and_broken() -> tuple[dict[str, AnyDomainSpec], dict[str, str]]:
    """Every domain by name, split into those that load (their specs, in the order listed)
    and the advertised ones that do not (the reason, naming the package). What lists the
    domains (``python -m taubench.domains list``, the scripted server's default, the
    functions below) leaves a broken plugin out; a run that chooses it is refused with the
    reason. A domain of this repository that fails to import is a bug, and raises."""
    specs: dict[str, AnyDomainSpec] = {}
    broken: dict[str, str] = {}
    for name in DOMAINS:
        try:
            specs[name] = DOMAINS[name]
        except PluginError as exc:
            if name in REGISTRY:
                raise
            broken[name] = str(exc)
    return specs, broken


def loadable() -> dict[str, AnyDomainSpec]:
    """The domains that load, by name (a plugin that cannot be loaded left out: ``loaded_and_broken``)."""
    return loaded_and_broken()[0]


def of_origin(origin: str) -> list[str]:
    """The domains of one benchmark: ``tau2`` (τ²-bench's), ``v1`` (τ-bench's), ``taubench``
    (written for taubench: ours, and those installed packages bring with bundled data)."""
    return [name for name, spec in loadable().items() if spec.origin == origin]


def agent_only(origin: str = "tau2") -> list[str]:
    """The domains of one benchmark where only the agent acts (τ²'s retail and airline, not
    telecom): what the tool probe, the retail/airline replay fixture and the overhead
    benchmark cover."""
    return [name for name in of_origin(origin) if DOMAINS[name].user_toolkit is None]


def self_contained() -> list[str]:
    """The domains that run with no ``env.data_dir`` (data bundled or from a pinned package)."""
    return [name for name, spec in loadable().items() if not spec.needs_data_dir]


def scriptable() -> list[str]:
    """The self-contained domains the scripted server serves unless told which: those whose
    user scenario tells which task it is. Telecom's do not; it serves telecom on request
    (``--domains telecom``), its customer and agent looking first (``taubench.testing.probes``)."""
    return [
        name
        for name in self_contained()
        # v1's domains, which have no such flag, are never self-contained: env.data_dir holds their data
        if isinstance(spec := DOMAINS[name], DomainSpec) and spec.scenario_names_the_task
    ]


_INSTALLED: dict[tuple[str, bool], BaseDomain] = {}
_INSTALLING = Lock()


def load_domain(name: str, data_dir: Optional[Path] = None, verify_checksums: bool = True) -> BaseDomain:
    """The domain, read from ``data_dir`` or from its installed data. Installed data are read
    once per process: the runs, servers and environments a process makes share the domain,
    as the episodes of one run do (nothing changes it: an episode copies the records it
    changes). A ``data_dir`` is read at every call, since its files may have changed."""
    if name not in DOMAINS:
        raise KeyError(f"unknown domain {name!r}; known: {', '.join(DOMAINS)}")
    if data_dir is not None:
        return DOMAINS[name].load(data_dir, verify_checksums)
    with _INSTALLING:
        if (name, verify_checksums) not in _INSTALLED:
            _INSTALLED[name, verify_checksums] = DOMAINS[name].load(None, verify_checksums)
        return _INSTALLED[name, verify_checksums]

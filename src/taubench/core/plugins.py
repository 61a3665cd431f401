"""Strategies and domains that live outside taubench, so a user extends it without forking.

Two ways in: a config names any importable class (``agent._target_: mypkg.MyAgent``), or an
installed package advertises names through entry points (groups below), which then work
like the built-in ones (``agent=<name>``, ``env=<name>``). Nothing is imported until used,
so a broken plugin costs only the runs that choose it, and says which package it came from."""

from collections.abc import Mapping
from functools import cache
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from typing import Iterator, cast

AGENT_GROUP = "taubench.agents"  # name = a strategy class (README: Extending)
USER_GROUP = "taubench.users"
DOMAIN_GROUP = "taubench.domains"  # name = a DomainSpec (taubench.core.domain)
CUSTOM = "custom"  # agent=custom / user=custom: the class is the config's _target_


class PluginError(ValueError):
    """An advertised plugin that cannot be loaded; the message names it and its package. A
    ValueError, so that settings validation reports it at the key that chose the plugin."""


@cache
def advertised(group: str) -> dict[str, EntryPoint]:
    """The entry points installed packages declare in ``group``, by name."""
    return {point.name: point for point in entry_points(group=group)}


def load_advertised(point: EntryPoint, what: str) -> object:
    try:
        return point.load()
    except Exception as exc:  # whatever the plugin's import raises, say whose it is
        package = f" (package {point.dist.name} {point.dist.version})" if point.dist else ""
        raise PluginError(
            f"{what} {point.name!r} = {point.value!r}{package} cannot be loaded: {type(exc).__name__}: {exc}"
        ) from exc


def import_target(path: str) -> object:
    """The object an import path names: ``pkg.module.Name`` or ``pkg.module:Name``. Raises
    ValueError with what is wrong (not a path, module not found, no such name)."""
    module_name, _, attribute = path.partition(":") if ":" in path else path.rpartition(".")
    if (
        not module_name
        or not attribute
        or not all(part.isidentifier() for part in [*module_name.split("."), *attribute.split(".")])
    ):
        raise ValueError(f"{path!r} is not an import path; write <module>.<Class>, e.g. my_agents.CarefulAgent")
    try:
        found: object = import_module(module_name)
    except ImportError as exc:
        raise ValueError(
            f"cannot import {module_name!r} ({exc}); is its folder on PYTHONPATH or its package installed?"
        ) from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise ValueError(f"module {module_name!r} has no {attribute!r}")
        found = getattr(found, part)
    return found


class Strategies(Mapping):
    """Strategy classes by config name: ours, then those installed packages advertise in
    ``group`` (a built-in name is never shadowed). An advertised class is loaded when used."""

    def __init__(self, built_in: dict[str, type], group: str, what: str):
        self.built_in, self.group, self.what = built_in, group, what

    def _names(self) -> list[str]:
        return [*self.built_in, *(name for name in advertised(self.group) if name not in self.built_in)]

    def __getitem__(self, name: str) -> type:
        if name in self.built_in:
            return self.built_in[name]
        if name in advertised(self.group):
            # trusted as the class it is advertised as (README: Extending), as when it is built
            return cast(type, load_advertised(advertised(self.group)[name], self.what))
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        return name in self.built_in or name in advertised(self.group)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())

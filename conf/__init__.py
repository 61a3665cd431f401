"""taubench's Hydra configs (shipped as ``taubench.conf``).

The ``env`` group has no files: one option per domain (the registry's, and those installed
packages advertise) is made here when Hydra loads this package, so a new domain needs no
config of its own. Each option sets the domain's name and the two things a user may change
about where its data come from. Likewise a strategy an installed package advertises becomes
``agent=<name>`` / ``user=<name>``; its options take their defaults from its ``Options``."""

from importlib.resources import files

from hydra.core.config_store import ConfigStore

from taubench.core.plugins import AGENT_GROUP, USER_GROUP, advertised
from taubench.domains import DOMAINS


def _register_env_options() -> None:
    store = ConfigStore.instance()
    for name in DOMAINS:
        # data_dir: a folder holding the domain's data (needed by the v1 domains: a τ-bench
        # checkout); verify_checksums: refuse data that differ from the pinned files
        store.store(group="env", name=name, node={"name": name, "data_dir": None, "verify_checksums": True})


def _register_advertised_strategies() -> None:
    store = ConfigStore.instance()
    for group, entry_point_group in (("agent", AGENT_GROUP), ("user", USER_GROUP)):
        for name in advertised(entry_point_group):
            if not (files(__name__) / group / f"{name}.yaml").is_file():  # ours keep their own config
                store.store(group=group, name=name, node={"name": name})


_register_env_options()
_register_advertised_strategies()

"""taubench's Hydra configs (shipped as ``taubench.conf``).

The ``env`` group has no files: one option per domain of the registry is made here when
Hydra loads this package, so a new domain needs no config of its own. Each option sets the
domain's name and the two things a user may change about where its data come from."""

from hydra.core.config_store import ConfigStore

from taubench.domains import REGISTRY


def _register_env_options() -> None:
    store = ConfigStore.instance()
    for name in REGISTRY:
        # data_dir: a folder holding the domain's data (needed by the v1 domains: a τ-bench
        # checkout); verify_checksums: refuse data that differ from the pinned files
        store.store(group="env", name=name, node={"name": name, "data_dir": None, "verify_checksums": True})


_register_env_options()

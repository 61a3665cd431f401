"""The options a config group offers (``model=``, ``agent=``, ...): its files, the registered
domains, the strategies installed packages advertise."""

from importlib.resources import files

from taubench.core.plugins import AGENT_GROUP, USER_GROUP, advertised
from taubench.domains import DOMAINS


def config_names(group: str) -> list[str]:
    """The names ``<group>=<name>`` accepts: the files of that config group, those in its
    subfolders as ``<folder>/<name>``; for ``env``, the registered domains (that group is
    made from the registry, not from files); for ``agent`` and ``user``, also the strategies
    installed packages advertise."""
    if group == "env":
        return list(DOMAINS)
    folder = files("taubench.conf") / group
    names = [path.name[:-5] for path in folder.iterdir() if path.name.endswith(".yaml")]
    names += [
        f"{subfolder.name}/{path.name[:-5]}"
        for subfolder in folder.iterdir()
        if subfolder.is_dir() and not subfolder.name.startswith("_")
        for path in subfolder.iterdir()
        if path.name.endswith(".yaml")
    ]
    advertising = {"agent": AGENT_GROUP, "user": USER_GROUP}.get(group)
    names += [name for name in advertised(advertising) if name not in names] if advertising else []
    return sorted(names)


def model_configs() -> list[str]:
    """The names ``model=<name>`` accepts that name a model (``none`` is the default: no model)."""
    return [name for name in config_names("model") if name != "none"]

"""Command-line overrides checked before Hydra composes anything, so that a typo gets a
did-you-mean: ``model=gpt-4o`` → ``model=gpt4o`` (or ``model.name=gpt-4o`` for any litellm
model), ``num_trails=3`` → ``num_trials``. Hydra's own messages only list what exists.
Only what can be judged from the text is checked; everything else is left to Hydra and to
the settings' validation, which run next."""

from difflib import get_close_matches
from importlib.resources import files
from typing import Optional, Sequence

from omegaconf import OmegaConf

from taubench.execution.config_groups import config_names
from taubench.execution.settings import secret_bearing

GROUPS = ("env", "agent", "user", "model", "provider")  # the config groups of conf/config.yaml's defaults
FLAGS_WITH_VALUES = {
    "-sc",
    "--shell-completion",
    "--cfg",
    "-c",
    "-p",
    "--package",
    "-cp",
    "--config-path",
    "-cn",
    "--config-name",
    "-cd",
    "--config-dir",
    "--info",
    "-i",
    "--experimental-rerun",
}


def _known_keys() -> list[str]:
    config = OmegaConf.to_container(OmegaConf.load(str(files("taubench.conf") / "config.yaml")))
    return sorted((set(config) - {"defaults"}) | set(GROUPS) | {"hydra"})


def _did_you_mean(word: str, choices: Sequence[str], spell=lambda choice: choice) -> str:
    close = get_close_matches(word, choices, n=3, cutoff=0.6)
    return f"; did you mean {' or '.join(spell(choice) for choice in close)}?" if close else ""


def misspelling(overrides: Sequence[str]) -> Optional[str]:
    """The first override that names no config option or setting, explained; None if none does.
    A model string that carries a key is refused here too, before Hydra writes the overrides
    into the run's folder (``.hydra/overrides.yaml``)."""
    for override in overrides:
        key, _, value = override.lstrip("+~").partition("=")
        if (reason := secret_bearing(value)) is not None:
            return f"{key}: {reason}"
    keys = None
    for previous, override in zip([None, *overrides], overrides):
        if previous in FLAGS_WITH_VALUES or override.startswith(("-", "+", "~")) or "=" not in override:
            continue  # Hydra's flags and their values (-sc install=bash), and keys added or deleted on purpose
        key, value = override.split("=", 1)
        if "/" in key or "@" in key:
            continue  # a group chosen by path (hydra/launcher=joblib) or placed by package: Hydra's
        if key in GROUPS:
            if value[:1] in "[{'\"" or "(" in value:
                continue  # sweep functions and quoted values: Hydra's to read
            options = config_names(key)
            for choice in value.split(","):  # a --multirun sweep lists several
                if choice not in options:
                    hint = _did_you_mean(choice, options, lambda option, key=key: f"{key}={option}")
                    if key == "model":
                        hint += f" (or model.name={choice} for any model string litellm knows)"
                    return f"{key}={choice}: no such option of '{key}'{hint}\n  options: {', '.join(options)}"
            continue
        top = key.split(".", 1)[0]
        keys = keys if keys is not None else _known_keys()
        if top not in keys:
            return f"{top}: not a known setting{_did_you_mean(top, keys)}"
    return None

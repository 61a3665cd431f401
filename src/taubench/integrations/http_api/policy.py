"""What a request to the HTTP API may set: an allowlist of overrides, and their checks.

A caller chooses what is measured: the environment, the strategies, the model config, the
tasks, trials, seed, limits and temperatures. Everything else belongs to the server: where
files go, how runs are recorded, prices, and above all every endpoint and key variable,
which come only from the server's own config files. (Under a denylist,
``provider.api_base=<their host>`` plus ``provider.api_key_env=<any server variable>`` made
the server send that variable's value, a provider key or the API token itself, to the
caller's host.)

Each value is checked by its form here, before Hydra sees it: a refusal never waits for
another request's composition, and no value carries an interpolation, a sweep or a long
payload into the composition or the run's command line.
"""

import re
from functools import cache
from importlib.resources import files
from typing import NamedTuple, Optional, Sequence

import yaml

from taubench.app.lifecycle import compose
from taubench.core.domain import DataError
from taubench.core.plugins import CUSTOM
from taubench.execution.config_groups import config_names
from taubench.execution.preparation import checked
from taubench.execution.settings import ConfigError, RunSettings

MAX_OVERRIDES = 32
MAX_OVERRIDE_CHARS = 1000  # a list of every task id of a τ² domain takes under 400
EXCERPT_CHARS = 200  # the most of a caller's input an answer quotes


class RequestError(Exception):
    """A request the API refuses: 422 with this message."""


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """At most ``limit`` characters of caller-supplied text, so an answer never echoes a payload."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ValueForm(NamedTuple):
    pattern: re.Pattern
    described: str


def _form(pattern: str, described: str, nullable: bool = False) -> ValueForm:
    if nullable:
        pattern, described = f"(?:{pattern})|null", f"{described}, or null"
    return ValueForm(re.compile(pattern, re.ASCII), described)


_COUNT = _form(r"\d{1,9}", "a whole number")
_NUMBER = r"\d{1,6}(?:\.\d{1,6})?"
_BOOL = _form(r"true|false", "true or false")
_TASK_ID = r"[\w-]{1,40}"

# Overrides that choose a config file: the value must name one of the server's files.
GROUPS = ("env", "agent", "user", "model", "provider")
# Settings a request may give, each with the form its value must have.
SETTINGS: dict[str, ValueForm] = {
    "task_split": _form(r"[a-z]{1,20}", "a split of the environment (base, train, test; v1: dev)", nullable=True),
    "task_ids": _form(rf"\[ *{_TASK_ID}(?: *, *{_TASK_ID})* *\]", "a list of task ids, e.g. [0,5,7]", nullable=True),
    "start_index": _COUNT,
    "end_index": _form(r"\d{1,9}", "a whole number", nullable=True),
    "num_trials": _COUNT,
    "seed": _form(r"-?\d{1,9}", "a whole number"),
    "shuffle": _BOOL,
    "max_steps": _COUNT,
    "max_errors": _COUNT,
    "max_cost": _form(_NUMBER, "an amount in USD, e.g. 2.5", nullable=True),
    "model.temperature": _form(_NUMBER, "a number, e.g. 0.7"),
    "user.temperature": _form(_NUMBER, "a number, e.g. 0.7"),
    "agent.max_corrections": _COUNT,
    "agent.text_tool_calls": _BOOL,
    "user.max_reasks": _COUNT,
    "user.max_attempts": _COUNT,
}
ALLOWED_KEYS = (*GROUPS, *SETTINGS)


@cache
def group_values(group: str) -> tuple[str, ...]:
    """The values ``<group>=`` may take in a request. A model config selects its own provider
    and key; ``provider=`` may only re-route it to a provider that sends no key (e.g. the
    scripted server), or a key meant for one provider would go to another's endpoint."""
    names = [name for name in config_names(group) if name != CUSTOM]  # a class by import path is the server's to choose
    if group == "provider":
        names = [name for name in names if _key_variable(name) is None]
    return tuple(names)


def _key_variable(provider: str) -> Optional[str]:
    config = yaml.safe_load((files("taubench.conf") / "provider" / f"{provider}.yaml").read_text(encoding="utf-8"))
    return config.get("api_key_env")


def check_overrides(overrides: Sequence[str]) -> None:
    """Refuses, by form alone, an override outside the allowlist or a value not of its key's form."""
    for override in overrides:
        key, equals, value = override.partition("=")
        if not equals:
            raise RequestError(f"overrides: {excerpt(override)!r} is not of the form key=value")
        if key in GROUPS:
            if value not in group_values(key):
                kind = {
                    "provider": "providers that send no key; a model config selects its own",
                    "env": "registered domains",
                }.get(key, "config files")
                raise RequestError(
                    f"overrides: {key}: {excerpt(value)!r} is not allowed; "
                    f"allowed ({kind}): {', '.join(group_values(key))}"
                )
        elif key in SETTINGS:
            if not SETTINGS[key].pattern.fullmatch(value):
                raise RequestError(f"overrides: {key}: {excerpt(value)!r} is not {SETTINGS[key].described}")
        else:
            raise RequestError(
                f"overrides: {excerpt(key)!r} cannot be set in a request (the server decides it); "
                f"allowed keys: {', '.join(ALLOWED_KEYS)}"
            )


def validate_overrides(overrides: Sequence[str]) -> tuple[RunSettings, int]:
    """The run's settings and planned episode count, checked as the command line checks them
    (Hydra composition, settings, tasks, model keys) before anything starts."""
    check_overrides(overrides)
    settings = compose_settings(list(overrides))
    try:
        _, tasks = checked(settings)
    except (ConfigError, DataError) as exc:
        raise RequestError(str(exc)) from None
    return settings, len(tasks) * settings.num_trials


def compose_settings(overrides: list[str]) -> RunSettings:
    try:
        return compose(overrides)
    except ConfigError as exc:
        reason, cut, _ = str(exc).partition("\nTo append")  # Hydra's hint to add the key with '+' is no way out here
        raise RequestError(f"{reason}{' (the selected config has no such setting)' if cut else ''}") from None

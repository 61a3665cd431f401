"""What is checked before anything is spent, beyond the settings' own validation: each
strategy's options, which roles call a model, and that every model can be routed, reached
with a key from the environment, and priced when there is a budget."""

import os
from typing import Optional

from pydantic import BaseModel, ValidationError

from taubench.execution.config_groups import model_configs
from taubench.execution.settings import ConfigError, RunSettings, describe_invalid
from taubench.models.routing import known_price, litellm_providers, missing_key, unroutable
from taubench.models.spec import ModelSpec


def strategy_options(settings: RunSettings) -> dict[str, Optional[BaseModel]]:
    """Each participant's options, validated by its strategy's ``Options`` model (``None``
    for a strategy that takes none)."""
    options: dict[str, Optional[BaseModel]] = {}
    for role, section in (("agent", settings.agent), ("user", settings.user)):
        strategy = section.strategy()
        given = section.model_extra or {}
        schema = getattr(strategy, "Options", None)
        if schema is None:
            if given:
                keys = ", ".join(f"{role}.{key}" for key in given)
                raise ConfigError(
                    f"invalid configuration:\n  {keys}: not an option of {role} {section.name!r} (it takes none)"
                )
            options[role] = None
            continue
        accepted = {field.alias or name for name, field in schema.model_fields.items()}
        if unknown := [key for key in given if key not in accepted]:  # also where a class of one's own ignores extras
            keys = ", ".join(f"{role}.{key}" for key in unknown)
            raise ConfigError(
                f"invalid configuration:\n  {keys}: not a known setting (check the spelling); "
                f"{role} {section.name!r} takes: {', '.join(accepted)}"
            )
        try:
            options[role] = schema.model_validate(given)
        except ValidationError as exc:
            described = describe_invalid(exc).replace("\n  ", f"\n  {role}.")
            raise ConfigError(
                described.replace("invalid configuration:", f"invalid configuration ({role} {section.name!r}):")
            ) from None
    return options


def model_roles(settings: RunSettings) -> dict[str, tuple[ModelSpec, str]]:
    """Each role that will call a model: its model and the config section that says how to
    reach it. Fails when a strategy needs a model and none is configured."""
    roles = {}
    if getattr(settings.agent.strategy(), "uses_model", False):
        spec = settings.agent_model()
        if spec is None:
            raise ConfigError(
                f"invalid configuration:\n  model: agent {settings.agent.name!r} needs a model; choose one with "
                f"model=<name> (allowed: {', '.join(model_configs())}) or give any litellm model string with "
                f"model.name=<provider/model>"
            )
        roles["agent"] = (spec, "provider")
    if getattr(settings.user.strategy(), "uses_model", False):
        spec = settings.user_model()
        if spec is None:
            raise ConfigError(
                f"invalid configuration:\n  user.model: user simulator {settings.user.name!r} needs a model; "
                f"set user.model=<litellm model string>, or give the agent one to share (model=<name>)"
            )
        roles["user"] = (spec, settings.role_section(settings.user, "user") if settings.user.model else "provider")
    if settings.judge.model:
        roles["judge"] = (settings.role_model(settings.judge), settings.role_section(settings.judge, "judge"))
    return roles


def check_models(settings: RunSettings) -> None:
    """Before anything is spent: every model string is one litellm can route, every model can
    be reached with a key from the environment, and a budget can be enforced (every price is
    known)."""
    strategy_options(settings)
    roles = model_roles(settings)
    if settings.analysis.model:  # called after the episodes, but its key is checked now, with the others
        roles["analysis"] = (
            settings.role_model(settings.analysis),
            settings.role_section(settings.analysis, "analysis"),
        )
    _check_routes(roles)
    missing: dict[tuple[str, str], list[str]] = {}
    unpriced: dict[str, list[str]] = {}
    for role, (spec, section) in roles.items():
        if section != "judge" and spec.model.startswith("hosted_vllm/") and not spec.api_base:
            where = (
                "provider.api_base (export VLLM_API_BASE=http://host:8000/v1)"
                if section == "provider"
                else f"{section}.api_base"
            )
            raise ConfigError(f"invalid configuration:\n  {where}: {spec.model} needs the URL of your server")
        variable = missing_key(spec)
        if variable:
            if spec.api_key_env:
                key = f"{section}.api_key_env"
            else:  # litellm names the variable from the model string
                key = _model_key(section)
            missing.setdefault((key, variable), []).append(f"{role} model {spec.model}")
        if settings.max_cost is not None and spec.pricing is None and not known_price(spec.model):
            key = "model.pricing" if section == "provider" else f"{section}.pricing"
            unpriced.setdefault(key, []).append(f"{spec.model} ({role})")
    if settings.provider.endpoint_env and any(section == "provider" for _, section in roles.values()):
        if not os.environ.get(settings.provider.endpoint_env):
            missing.setdefault(("provider.endpoint_env", settings.provider.endpoint_env), []).append(
                f"endpoint of {settings.provider.name}"
            )
    problems = [
        f"  {key}: the environment variable {variable} is not set (needed by the {' and '.join(users)})"
        for (key, variable), users in missing.items()
    ]
    problems += [
        f"  max_cost: the price of {', '.join(models)} is unknown to litellm, so the budget cannot be enforced; "
        f"set {key}={{input: <USD per 1M tokens>, output: <USD per 1M tokens>}}"
        for key, models in unpriced.items()
    ]
    if problems:
        raise ConfigError("invalid configuration:\n" + "\n".join(problems))


def _check_routes(roles: dict[str, tuple[ModelSpec, str]]) -> None:
    """Every model string is one litellm can route: otherwise every call of every episode
    would fail the same way."""
    refused: dict[str, str] = {}
    for spec, section in roles.values():
        key = _model_key(section)
        if key not in refused and (reason := unroutable(spec)):
            refused[key] = f"  {key}: litellm cannot route {spec.model!r} to a provider ({reason})"
    if refused:
        configs = f"a model config (model=<name>: {', '.join(model_configs())}) or " if "model.name" in refused else ""
        raise ConfigError(
            "invalid configuration:\n"
            + "\n".join(refused.values())
            + f"\n  allowed: {configs}a litellm model string <provider>/<model>, "
            "e.g. openai/<model> (with an api_base for any OpenAI-compatible server), "
            "hosted_vllm/<model>, anthropic/<model>; litellm's providers: " + ", ".join(litellm_providers())
        )


def _model_key(section: str) -> str:
    """The key that names a role's model string: the agent's (shared by the user when it has
    none of its own) is ``model.name``, the others' ``<section>.model``."""
    return "model.name" if section == "provider" else f"{section}.model"

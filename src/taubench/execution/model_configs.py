"""Our model configs (``conf/model/*.yaml``) found from the litellm model string they name, so
that a model given as a string elsewhere (τ-bench's ``--model``, MT Bench's ``model_name``)
becomes ``model=<config>`` with its provider and prices, the form a person learns."""

from functools import cache
from importlib.resources import files
from typing import Optional

import yaml
from pydantic import BaseModel

from taubench.execution.config_groups import model_configs
from taubench.models.routing import quiet_litellm
from taubench.models.spec import Pricing


class ModelConfig(BaseModel):
    name: str  # model=<name>
    model: str  # the litellm model string it sets (model.name)
    provider: str  # the provider config it selects
    endpoint_of_its_own: bool  # its provider sets an api_base: the string alone does not reach the same server
    pricing: Optional[Pricing] = None


@cache
def all_configs() -> tuple[ModelConfig, ...]:
    found = []
    folder = files("taubench.conf")
    for name in model_configs():
        config = yaml.safe_load((folder / "model" / f"{name}.yaml").read_text(encoding="utf-8")) or {}
        model = config.get("model") or {}
        if not model.get("name"):
            continue
        chosen = [item["override /provider"] for item in config.get("defaults", []) if "override /provider" in item]
        provider = chosen[0] if chosen else "none"
        provider_file = yaml.safe_load((folder / "provider" / f"{provider}.yaml").read_text(encoding="utf-8")) or {}
        own_endpoint = provider_file.get("api_base") is not None
        found.append(
            ModelConfig(
                name=name,
                model=model["name"],
                provider=provider,
                endpoint_of_its_own=own_endpoint,
                pricing=model.get("pricing"),
            )
        )
    return tuple(found)


def route(model: str) -> Optional[tuple[str, str]]:
    """(provider, model) as litellm routes the string (offline), or None if it cannot."""
    try:
        bare, provider, _, _ = quiet_litellm().get_llm_provider(model=model)
    except Exception:  # litellm's BadRequestError: no provider known for it
        return None
    return provider, bare


def config_naming(model: str) -> Optional[ModelConfig]:
    """The config that reaches the same model the same way as ``model`` (litellm's routing
    compared, so ``gpt-4o`` and ``openai/gpt-4o`` both find ``gpt4o``); configs that send to
    an endpoint of their own (a proxy, the scripted server) are only found by their exact string."""
    for config in all_configs():
        if config.model == model:
            return config
    wanted = route(model)
    if wanted is None:
        return None
    return next(
        (config for config in all_configs() if not config.endpoint_of_its_own and route(config.model) == wanted), None
    )


def configs_ending_with(bare: str) -> list[ModelConfig]:
    """The configs whose model string ends in ``/<bare>`` (case ignored): the nearest valid
    forms of a name litellm no longer routes alone (``gemini-1.5-pro``)."""
    return [config for config in all_configs() if config.model.lower().endswith(f"/{bare.lower()}")]

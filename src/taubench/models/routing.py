"""What litellm knows of a model string, asked offline: its provider, the key it needs, its
price; and litellm itself, imported on first use and kept quiet."""

import logging
import os
import threading
import warnings
from typing import Optional

from pydantic import BaseModel

from taubench.models.spec import ModelSpec


def known_price(model: str) -> bool:
    """Whether litellm's (local) price table prices this model string."""
    litellm = quiet_litellm()

    try:
        info = litellm.get_model_info(model)
    except Exception:  # litellm raises a bare Exception for unmapped models
        return False
    return info.get("input_cost_per_token") is not None


def missing_key(spec: ModelSpec) -> Optional[str]:
    """The environment variable this model needs and lacks, if any."""
    if spec.api_key_env:
        return None if os.environ.get(spec.api_key_env) else spec.api_key_env
    if spec.api_base:
        return None  # a self-hosted endpoint may need no key
    litellm = quiet_litellm()

    missing = litellm.validate_environment(spec.model).get("missing_keys") or []
    return missing[0] if missing else None


def unroutable(spec: ModelSpec) -> Optional[str]:
    """Why litellm cannot route this model string to a provider, or ``None`` when it can
    (litellm's own routing, offline: nothing is sent)."""
    litellm = quiet_litellm()
    try:
        litellm.get_llm_provider(model=spec.model, api_base=spec.api_base)
    except Exception as exc:  # litellm raises BadRequestError ("LLM Provider NOT provided")
        return str(exc).strip().splitlines()[0]
    return None


def litellm_providers() -> list[str]:
    """The provider prefixes litellm routes (``<provider>/<model>``)."""
    return [getattr(provider, "value", provider) for provider in quiet_litellm().provider_list]


# litellm dumps a provider's reply through its own pydantic models before we see it; a malformed
# reply (a number as the content) makes pydantic warn on stderr, in the middle of the progress
# bar, about litellm's model. What the reply is worth is ours to say (``classify``, ``replies``).
LITELLM_DUMP_WARNING = r"Pydantic serializer warnings:\s+PydanticSerializationUnexpectedValue"


def quiet_litellm():
    """litellm, imported on first use (it is heavy), without its per-call INFO lines (Hydra
    sets the root logger to INFO), its "give feedback" banners (our retries report) and the
    pydantic warnings its dump of a malformed reply raises; the models a reply is read
    through are built (``_build_reply_models``)."""
    import litellm

    _build_reply_models()
    # at every call, as the logger levels: a test harness may have reset the filters since (the
    # same filter again replaces the earlier one, so the list does not grow)
    warnings.filterwarnings("ignore", message=LITELLM_DUMP_WARNING, category=UserWarning, module="pydantic.main")
    litellm.suppress_debug_info = True
    for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "httpx"):
        logger = logging.getLogger(name)
        if logger.level != logging.WARNING:  # setLevel empties every logger's cache, on every call
            logger.setLevel(logging.WARNING)
    return litellm


# pydantic builds a model whose build was put off (the OpenAI SDK's types put theirs off; some of
# litellm's wait on forward references) when it is first used, and that build is not
# thread-safe: while one thread builds, another sees BaseModel's own placeholder and fails with
# "BaseModel cannot be instantiated directly" (pydantic's model_rebuild says as much). An
# episode then ends as an error at its first reply. The models a chat reply is read through are
# built here once, before any thread's first call.
REPLY_MODEL_MODULES = ("openai.types.chat", "openai.types.completion_usage", "litellm.types.utils")
_reply_models_lock = threading.Lock()
_reply_models_built = False


def _build_reply_models() -> None:
    global _reply_models_built
    if _reply_models_built:
        return
    with _reply_models_lock:
        if _reply_models_built:
            return
        import openai.types.chat  # noqa: F401  (every chat type, loaded before the walk)

        for model in _subclasses(BaseModel):
            if model.__module__.startswith(REPLY_MODEL_MODULES) and not model.__dict__.get("__pydantic_complete__"):
                model.model_rebuild(raise_errors=False)
        _reply_models_built = True


def _subclasses(base: type[BaseModel]) -> list[type[BaseModel]]:
    found: list[type[BaseModel]] = []
    for subclass in base.__subclasses__():
        found += [subclass, *_subclasses(subclass)]
    return found

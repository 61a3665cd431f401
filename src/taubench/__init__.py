"""taubench: τ-bench and τ²-bench, reproduced faithfully and driven by config."""

import os
from importlib import import_module
from importlib.metadata import version

# litellm downloads its price table at import unless told to use its bundled copy; offline
# that costs seconds of retries, so the bundled table is the default everywhere.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

__version__ = version("taubench")  # pyproject.toml's, the one place it is written

# What a strategy or a domain of your own needs (README: Extending; domains/README.md),
# imported when first used, so that ``import taubench`` stays light.
_PUBLIC = {
    "DomainSpec": "taubench.domain",
    "BundledData": "taubench.domain",
    "Toolkit": "taubench.toolkit",
    "tool": "taubench.toolkit",
    "EpisodeContext": "taubench.participants",
    "Message": "taubench.messages",
    "AssistantMessage": "taubench.messages",
    "UserMessage": "taubench.messages",
    "ToolMessage": "taubench.messages",
    "ToolCall": "taubench.messages",
    "LLMClient": "taubench.llm",
    "Completion": "taubench.llm",
}
__all__ = ["__version__", *_PUBLIC]


def __getattr__(name: str):
    if name in _PUBLIC:
        return getattr(import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module 'taubench' has no attribute {name!r}")

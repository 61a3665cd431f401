"""taubench: τ-bench and τ²-bench, reproduced faithfully and driven by config."""

import os
from importlib import import_module
from importlib.metadata import version

# litellm downloads its price table at import unless told to use its bundled copy; offline
# that costs seconds of retries, so the bundled table is the default everywhere.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

__version__ = version("taubench")  # pyproject.toml's, the one place it is written

# What a user of the package needs: a run (README: Package API), and what a strategy or a
# domain of your own needs (README: Extending; domains/README.md), each imported when first
# used, so that ``import taubench`` stays light.
_PUBLIC = {
    "run": "taubench.app.lifecycle",
    "RunReport": "taubench.execution.preparation",
    "RunSettings": "taubench.execution.settings",
    "ConfigError": "taubench.execution.settings",
    "DomainSpec": "taubench.core.domain",
    "BundledData": "taubench.core.domain",
    "Rules": "taubench.core.domain",
    "Toolkit": "taubench.core.toolkit",
    "tool": "taubench.core.toolkit",
    "EpisodeContext": "taubench.core.participants",
    "Message": "taubench.core.messages",
    "AssistantMessage": "taubench.core.messages",
    "UserMessage": "taubench.core.messages",
    "ToolMessage": "taubench.core.messages",
    "ToolCall": "taubench.core.messages",
    "LLMClient": "taubench.models.client",
    "Completion": "taubench.models.client",
}
__all__ = ["__version__", *_PUBLIC]


def __getattr__(name: str):
    if name in _PUBLIC:
        return getattr(import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module 'taubench' has no attribute {name!r}")

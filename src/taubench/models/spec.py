"""Which model a role talks to, and how (``ModelSpec``), and what its tokens cost (``Pricing``)."""

from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, Field

PER_MILLION = 1_000_000


class Pricing(BaseModel):
    """USD per million tokens, for models litellm's price table does not know (or to override it)."""

    model_config = ConfigDict(extra="forbid")

    input: float = Field(ge=0)
    output: float = Field(ge=0)
    cached_input: Optional[float] = Field(None, ge=0)  # None: cached prompt tokens cost as input

    def cost(self, prompt_tokens: int, completion_tokens: int, cached_tokens: int) -> float:
        cached_rate = self.input if self.cached_input is None else self.cached_input
        return (
            (prompt_tokens - cached_tokens) * self.input + cached_tokens * cached_rate + completion_tokens * self.output
        ) / PER_MILLION


class ModelSpec(BaseModel):
    """Which model one role talks to, and how."""

    model_config = ConfigDict(extra="forbid")

    model: str
    api_base: Optional[str] = None
    api_key_env: Optional[str] = None
    temperature: Optional[float] = 0.0
    pricing: Optional[Pricing] = None
    params: dict[str, Any] = {}  # passed to litellm as they are (max_tokens, reasoning_effort, ...)
    first_call_timeout: Optional[float] = None  # seconds until a first answer (a cold serverless worker)
    warm_up: bool = False  # one small call before any episode (LLMClient.warm_up)
    label_requests: bool = False  # each call says who makes it, in a header (LLMClient: caller)

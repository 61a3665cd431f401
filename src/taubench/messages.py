"""The messages of an episode: what agent, user simulator and environment say to each other."""

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, Field


class Usage(BaseModel):
    """What producing one message cost. ``cost`` is money actually spent, ``None`` when the
    price is unknown; answers served from the response cache count in ``cache_hits`` and
    cost nothing. ``cached_prompt_tokens`` are prompt tokens the provider billed at its
    cached-input rate; ``retries`` are failed attempts before the answer came."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_prompt_tokens: int = 0
    cost: Optional[float] = 0.0
    retries: int = 0
    cache_hits: int = 0


class ToolCall(BaseModel):
    """``invalid_arguments`` keeps what a model wrote when it was not a JSON object; such a
    call never reaches the tools and its observation is an error the agent can act on."""

    id: str
    name: str
    arguments: dict[str, Any]
    invalid_arguments: Optional[str] = None


class AssistantMessage(BaseModel):
    role: Literal["assistant"] = "assistant"
    content: Optional[str] = None
    tool_calls: Optional[list[ToolCall]] = None
    usage: Optional[Usage] = None

    @property
    def has_text(self) -> bool:
        return bool(self.content and self.content.strip())


class UserMessage(BaseModel):
    role: Literal["user"] = "user"
    content: str
    usage: Optional[Usage] = None


class ToolMessage(BaseModel):
    role: Literal["tool"] = "tool"
    tool_call_id: str
    name: str
    content: str
    error: bool = False


Message = Annotated[Union[AssistantMessage, UserMessage, ToolMessage], Field(discriminator="role")]

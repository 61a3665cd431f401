"""The messages of an episode: what agent, user simulator and environment say to each other."""

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, Field


class Usage(BaseModel):
    """What producing one message cost. ``cost`` is ``None`` when the price is unknown."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: Optional[float] = 0.0


class ToolCall(BaseModel):
    id: str
    name: str
    arguments: dict[str, Any]


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

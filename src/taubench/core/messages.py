"""The messages of an episode: what agent, user simulator and environment say to each other."""

import json
from typing import Annotated, Any, Literal, NamedTuple, Optional, Sequence, Union

from pydantic import BaseModel, Field, model_validator

MAX_ARGUMENT_NESTING = 64  # no tool takes more; from ~250 levels on, a record could not even be written


class Usage(BaseModel):
    """What producing one message cost. ``cost`` is money actually spent, ``None`` when the
    price is unknown; answers served from the response cache count in ``cache_hits`` and
    cost nothing. ``cached_prompt_tokens`` are prompt tokens the provider billed at its
    cached-input rate; ``retries`` are failed attempts before the answer came;
    ``corrections`` are re-asks after a reply that could not be read (text-action agents, react user);
    ``seconds``: how long the answer was waited for, retries and their waits included (what a
    conversation's MLflow trace shows as the call's span)."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_prompt_tokens: int = 0
    cost: Optional[float] = 0.0
    retries: int = 0
    cache_hits: int = 0
    corrections: int = 0
    seconds: float = 0.0


class UsageRow(NamedTuple):
    """A Usage read-only: same attributes, 120 bytes, not 600."""

    calls: int
    prompt_tokens: int
    completion_tokens: int
    cached_prompt_tokens: int
    cost: Optional[float]
    retries: int
    cache_hits: int
    corrections: int
    seconds: float


assert UsageRow._fields == tuple(Usage.model_fields), "UsageRow must mirror Usage"


class ToolCall(BaseModel):
    """``invalid_arguments`` keeps what a model wrote when it was not a JSON object; such a
    call never reaches the tools and its observation is an error the agent can act on."""

    id: str
    name: str
    arguments: dict[str, Any]
    invalid_arguments: Optional[str] = None

    @model_validator(mode="before")
    @classmethod
    def _not_absurdly_nested(cls, data: Any) -> Any:
        """Arguments nested deeper than MAX_ARGUMENT_NESTING (a model can write JSON a
        thousand levels deep) are kept as written text only, so the call is never run."""
        if not isinstance(data, dict) or _nesting(data.get("arguments")) <= MAX_ARGUMENT_NESTING:
            return data
        written = data.get("invalid_arguments")
        if written is None:
            try:
                written = json.dumps(data["arguments"])
            except RecursionError:
                written = f"(JSON nested more than {MAX_ARGUMENT_NESTING} levels deep)"
        return {**data, "arguments": {}, "invalid_arguments": written}

    @property
    def written_arguments(self) -> str:
        """The arguments as the model wrote them: JSON, or the raw text when it was not JSON."""
        return self.invalid_arguments if self.invalid_arguments is not None else json.dumps(self.arguments)


def _nesting(value: Any) -> int:
    """How deep lists and objects nest in a JSON value, counted without recursion and only
    up to one level past MAX_ARGUMENT_NESTING."""
    deepest, pending = 0, [(value, 1)]
    while pending and deepest <= MAX_ARGUMENT_NESTING:
        item, depth = pending.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            deepest = max(deepest, depth)
            pending.extend((child, depth + 1) for child in children)
    return deepest


AgentEnding = Literal["agent_stop", "agent_handoff"]


class AssistantMessage(BaseModel):
    """``end``: the agent itself ends the conversation with this message (a virtual agent's end
    of interaction, or its hand-off to a live agent); its tool calls, if any, still run first."""

    role: Literal["assistant"] = "assistant"
    content: Optional[str] = None
    tool_calls: Optional[list[ToolCall]] = None
    usage: Optional[Usage] = None
    end: Optional[AgentEnding] = Field(
        None, exclude_if=lambda value: value is None
    )  # records of other agents stay as they were

    @property
    def has_text(self) -> bool:
        return bool(self.content and self.content.strip())


class Draft(BaseModel):
    """A candidate turn a user simulator checked before answering: react's raw answers
    (accepted when their format could be read), or the candidates of verify and reflection
    with the supervisor's verdict (``reflection``: the note that produced a revision)."""

    content: str
    accepted: bool
    reason: str = ""
    reflection: Optional[str] = None


class UserMessage(BaseModel):
    """``thoughts`` (react's reasoning) and ``drafts`` (every candidate checked for this turn)
    are on record for analysis only: no agent is ever shown them. ``tool_calls``: the user
    acting on their own side (their device, their account) in domains that give them tools;
    the agent sees neither those calls nor their results."""

    role: Literal["user"] = "user"
    content: str = ""
    tool_calls: Optional[list[ToolCall]] = None
    usage: Optional[Usage] = None
    thoughts: Optional[str] = None
    drafts: Optional[list[Draft]] = None


Requestor = Literal["assistant", "user"]


class ToolMessage(BaseModel):
    role: Literal["tool"] = "tool"
    tool_call_id: str
    name: str
    content: str
    error: bool = False
    requestor: Requestor = "assistant"  # whose tool call this answers


Message = Annotated[Union[AssistantMessage, UserMessage, ToolMessage], Field(discriminator="role")]


def agent_side(trajectory: Sequence["Message"]) -> list["Message"]:
    """The trajectory as the agent knows it: without the user's own tool calls and their
    results (a user message that is only tool calls disappears)."""
    return [
        message.model_copy(update={"tool_calls": None})
        if isinstance(message, UserMessage) and message.tool_calls
        else message
        for message in trajectory
        if not (isinstance(message, ToolMessage) and message.requestor == "user")
        and not (isinstance(message, UserMessage) and message.tool_calls and not message.content.strip())
    ]


def tool_calls_of(message: "Message") -> list[tuple[Requestor, ToolCall]]:
    """The calls a message makes, with whose they are."""
    if isinstance(message, (AssistantMessage, UserMessage)) and message.tool_calls:
        return [(message.role, call) for call in message.tool_calls]
    return []


def same_output(a: str, b: Optional[str]) -> bool:
    """Whether two tool outputs say the same: equal as JSON where they are JSON, else as text
    (``None``: no output was recorded, which is never the same)."""
    if b is None:
        return False
    try:
        return json.loads(a) == json.loads(b)
    except ValueError:
        return a == b

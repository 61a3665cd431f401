"""The misbehaviour the scripted server injects, the way real providers misbehave: latency,
429 with Retry-After, 500, 401, requests held past the client's timeout, and answers broken
the ways a strategy must survive (tool calls with broken JSON arguments, a react user's
answer without its User Response part, an analyst's JSON cut in half, replies that are no
usable chat completion: ``taubench.testing.malformed_replies``). Rates are per request, at
most one fault a request, chosen by a single draw of a seeded generator.
"""

from typing import Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from taubench.agents.react import ACTION_PREFIX  # a text action, which malformed_tool_call breaks
from taubench.testing.malformed_replies import MALFORMED_REPLIES
from taubench.users.react import RESPONSE_LABEL  # the part a malformed_user_reply loses

FAULT_KINDS = (
    "rate_limit",
    "server_error",
    "timeout",
    "malformed_tool_call",
    "auth_error",
    "malformed_user_reply",
    "malformed_attribution",
    "malformed_reply",
)


class Faults(BaseModel):
    """Misbehaviour to inject. Rates are probabilities per request; at most one fault hits a
    request, chosen by a single draw of a seeded generator."""

    model_config = ConfigDict(extra="forbid")

    latency_s: float = Field(0.0, ge=0, description="seconds added to every request")
    latency_jitter_s: float = Field(0.0, ge=0, description="latency varies uniformly by up to this much either way")
    rate_limit: float = Field(0.0, ge=0, le=1, description="rate of 429 answers (with Retry-After)")
    retry_after_s: float = Field(0.05, ge=0, description="the wait a 429 asks for, in seconds")
    server_error: float = Field(0.0, ge=0, le=1, description="rate of 500 answers")
    timeout: float = Field(0.0, ge=0, le=1, description="rate of requests held for timeout_s before the answer")
    timeout_s: float = Field(2.0, ge=0, description="how long a timed-out request is held, in seconds")
    malformed_tool_call: float = Field(
        0.0, ge=0, le=1, description="rate of agent tool calls whose arguments are broken JSON"
    )
    auth_error: float = Field(0.0, ge=0, le=1, description="rate of 401 answers (a refused key)")
    malformed_user_reply: float = Field(
        0.0, ge=0, le=1, description="rate of react-user answers that lose their User Response part"
    )
    malformed_attribution: float = Field(
        0.0, ge=0, le=1, description="rate of error-analysis answers cut in half (not JSON)"
    )
    malformed_reply: float = Field(
        0.0,
        ge=0,
        le=1,
        description="rate of replies that are no usable chat completion (any role; see --malformed-reply-kind)",
    )
    malformed_reply_kind: str = Field(
        "any", description=f"which: any (drawn by the seeded generator), or one of {', '.join(MALFORMED_REPLIES)}"
    )
    seed: int = Field(0, description="seed of the generator that decides the faults")

    @field_validator("malformed_reply_kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        if kind not in ("any", *MALFORMED_REPLIES):
            raise ValueError(f"unknown malformed_reply_kind {kind!r}; allowed: any, {', '.join(MALFORMED_REPLIES)}")
        return kind

    @model_validator(mode="after")
    def _one_fault_per_request(self) -> "Faults":
        if sum(getattr(self, kind) for kind in FAULT_KINDS) > 1 + 1e-9:
            raise ValueError(f"the fault rates ({', '.join(FAULT_KINDS)}) add up to more than 1")
        if self.latency_jitter_s > self.latency_s:
            raise ValueError("latency_jitter_s is larger than latency_s: latencies would go negative")
        return self

    def drawn(self, draw: float, applicable: set[str]) -> Optional[str]:
        """The fault a request's draw falls on; a malformed_* fault needs an answer of its kind to break."""
        threshold = 0.0
        for kind in FAULT_KINDS:
            threshold += getattr(self, kind)
            if draw < threshold:
                return kind if not kind.startswith("malformed_") or kind in applicable else None
        return None


def breakable(role: str, message: dict) -> set[str]:
    """The malformed_* faults that can hit this answer (of a role as ``ScriptedServer.counts`` names them)."""
    kinds = {"malformed_tool_call"} if message["tool_calls"] or ACTION_PREFIX in (message["content"] or "") else set()
    if role == "user" and RESPONSE_LABEL in (message["content"] or ""):
        kinds.add("malformed_user_reply")
    if role == "analysis":
        kinds.add("malformed_attribution")
    return kinds | {"malformed_reply"}


def break_in_place(fault: str, message: dict) -> None:
    """Applies a fault that breaks the answer's content (malformed_reply breaks the whole reply instead)."""
    if fault == "malformed_tool_call":  # arguments, or a text action's JSON, cut in half: never a whole object
        for call in message["tool_calls"] or []:
            arguments = call["function"]["arguments"]
            call["function"]["arguments"] = arguments[: len(arguments) // 2]
        if not message["tool_calls"]:
            head, prefix, action = message["content"].rpartition(ACTION_PREFIX)
            message["content"] = head + prefix + action[: len(action) // 2]
    elif fault == "malformed_user_reply":
        message["content"] = message["content"].partition(RESPONSE_LABEL)[0].rstrip()
    elif fault == "malformed_attribution":
        message["content"] = message["content"][: len(message["content"]) // 2]

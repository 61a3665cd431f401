"""What agents and user simulators are: per-episode objects that read the trajectory and
produce the next message.

A strategy is a class built once per episode as ``Strategy(context, **bound)``: with
``client=`` (its LLM client) when it sets ``uses_model = True``, and with ``options=`` (an
instance of its ``Options`` pydantic model, filled from the ``agent.*`` / ``user.*`` config
keys beyond ``name``) when it defines ``Options``, and with ``retry=`` (the run's
``RetryPolicy``, ``llm.*``) when it sets ``uses_retry_policy = True`` (it calls a service of
its own: ``agent=dialogflow_cx``, ``agent=a2a``). Ours register in ``taubench.agents.AGENTS``
/ ``taubench.users.USERS`` and get a ``conf/agent|user/<name>.yaml``; other packages' come
through entry points or a config's ``_target_`` (``taubench.core.plugins``)."""

from dataclasses import dataclass, field
from typing import Callable, Optional, Protocol, Sequence

from pydantic import BaseModel, ConfigDict, Field

from taubench.core.messages import AssistantMessage, Message, UserMessage
from taubench.core.tasks import Task

# The caps' defaults: far above any legitimate turn of the shipped domains (their gold actions:
# at most 20 calls per task, 817 characters per call, outputs up to 4,438 characters; the
# longest output an agent can ask for, an airline one-stop search, about 25,000), far below
# what floods a run.
MAX_TOOL_CALLS_PER_TURN = 50
MAX_TOOL_CALL_CHARS = 50_000
MAX_OBSERVATION_CHARS = 500_000


class Limits(BaseModel):
    """An episode's limits: ``max_steps`` and ``max_errors`` in the unit its domain's rules
    count steps in; the caps on what one turn may carry, past which the turn is refused and
    the episode ends as the fault of the side that sent it."""

    model_config = ConfigDict(frozen=True)

    max_steps: int = Field(200, ge=1)
    max_errors: Optional[int] = Field(10, ge=1)  # None: no limit, as in τ-bench v1
    max_tool_calls_per_turn: int = Field(MAX_TOOL_CALLS_PER_TURN, ge=1)
    max_tool_call_chars: int = Field(MAX_TOOL_CALL_CHARS, ge=1)  # one call as JSON: its name, id and arguments
    max_observation_chars: int = Field(MAX_OBSERVATION_CHARS, ge=1)  # one tool's output


@dataclass(frozen=True)
class EpisodeContext:
    """Everything a participant may know when an episode starts."""

    task: Task
    domain: str
    policy: str
    tools: list[dict]
    trial: int
    seed: int
    user_tools: tuple[dict, ...] = ()  # the user's own tools, in domains that give the user some
    limits: Limits = field(default_factory=Limits)  # what the episode allows, caps included


class Agent(Protocol):
    def respond(self, trajectory: Sequence[Message]) -> AssistantMessage: ...


class UserSimulator(Protocol):
    def respond(self, trajectory: Sequence[Message]) -> UserMessage: ...


AgentFactory = Callable[[EpisodeContext], Agent]
UserFactory = Callable[[EpisodeContext], UserSimulator]

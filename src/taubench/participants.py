"""What agents and user simulators are: per-episode objects that read the trajectory and
produce the next message.

A strategy is a class built once per episode as ``Strategy(context, **bound)``: with
``client=`` (its LLM client) when it sets ``uses_model = True``, and with ``options=`` (an
instance of its ``Options`` pydantic model, filled from the ``agent.*`` / ``user.*`` config
keys beyond ``name``) when it defines ``Options``, and with ``retry=`` (the run's
``RetryPolicy``, ``llm.*``) when it sets ``uses_retry_policy = True`` (it calls a service of
its own: ``agent=dialogflow_cx``, ``agent=a2a``). Ours register in ``taubench.agents.AGENTS`` / ``taubench.users.USERS`` and get a
``conf/agent|user/<name>.yaml``; other packages' come through entry points or a config's
``_target_`` (``taubench.plugins``)."""

from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from taubench.messages import AssistantMessage, Message, UserMessage
from taubench.tasks import Task


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


class Agent(Protocol):
    def respond(self, trajectory: Sequence[Message]) -> AssistantMessage: ...


class UserSimulator(Protocol):
    def respond(self, trajectory: Sequence[Message]) -> UserMessage: ...


AgentFactory = Callable[[EpisodeContext], Agent]
UserFactory = Callable[[EpisodeContext], UserSimulator]

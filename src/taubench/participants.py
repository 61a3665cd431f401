"""What agents and user simulators are: per-episode objects that read the trajectory and
produce the next message. Strategies (oracle now, LLM-driven ones later) implement these."""

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


class Agent(Protocol):
    def respond(self, trajectory: Sequence[Message]) -> AssistantMessage: ...


class UserSimulator(Protocol):
    def respond(self, trajectory: Sequence[Message]) -> UserMessage: ...


AgentFactory = Callable[[EpisodeContext], Agent]
UserFactory = Callable[[EpisodeContext], UserSimulator]

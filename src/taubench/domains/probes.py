"""What a domain whose tasks share a user scenario (τ² telecom) declares so that the scripted
server can tell its tasks apart by looking first (``taubench.testing.probes``): the read calls
each side makes before it speaks."""

from dataclasses import dataclass
from typing import Any, Callable

Call = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class TaskProbes:
    """The read calls each side makes first; ``user_follow_up`` may ask for a few more from
    what the first ones showed."""

    user: tuple[Call, ...]
    user_follow_up: Callable[[list[str]], tuple[Call, ...]]
    agent: tuple[Call, ...]

    def user_calls(self, seen: list[str]) -> tuple[Call, ...]:
        """All the customer's probes, given the results so far (the follow-up's once the first are in)."""
        if len(seen) < len(self.user):
            return self.user
        return self.user + self.user_follow_up(seen[: len(self.user)])

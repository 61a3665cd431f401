"""The oracle user: states the task's request, then ends the conversation as soon as the
agent answers in text (meant to pair with the oracle agent, which only speaks when done)."""

from typing import Sequence

from taubench.messages import Message, UserMessage
from taubench.participants import EpisodeContext
from taubench.tasks import StructuredInstructions

CLOSING = "Thank you, that is all I needed. ###STOP###"


class OracleUser:
    def __init__(self, context: EpisodeContext):
        self.opening = opening_request(context.task.user_scenario.instructions)

    def respond(self, trajectory: Sequence[Message]) -> UserMessage:
        if any(message.role == "user" for message in trajectory):
            return UserMessage(content=CLOSING)
        return UserMessage(content=self.opening)


def opening_request(instructions: StructuredInstructions | str) -> str:
    if isinstance(instructions, str):
        return instructions
    return " ".join(part for part in (instructions.reason_for_call, instructions.known_info) if part)

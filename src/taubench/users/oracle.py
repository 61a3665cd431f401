"""The oracle user: states the task's request, then ends the conversation as soon as the
agent answers in text (meant to pair with the oracle agent, which only speaks when done)."""

from typing import Sequence

from taubench.core.messages import Message, ToolCall, ToolMessage, UserMessage
from taubench.core.participants import EpisodeContext
from taubench.core.tasks import StructuredInstructions

CLOSING = "Thank you, that is all I needed. ###STOP###"


DONE_ON_MY_SIDE = "Done on my side."


class OracleUser:
    """In tasks where the user acts too, it makes its gold calls when they come next (how
    many gold calls are done is the number of tool results so far), and otherwise says it
    is done on its side until everything is."""

    acts_with_tools = True

    def __init__(self, context: EpisodeContext):
        self.opening = opening_request(context.task.user_scenario.instructions)
        self.gold = context.task.gold_actions
        self.acts = any(action.requestor == "user" for action in self.gold)

    def respond(self, trajectory: Sequence[Message]) -> UserMessage:
        if not any(message.role == "user" for message in trajectory):
            return UserMessage(content=self.opening)
        done = sum(isinstance(message, ToolMessage) for message in trajectory)
        if not self.acts or done >= len(self.gold):
            return UserMessage(content=CLOSING)
        action = self.gold[done]
        if action.requestor != "user":
            return UserMessage(content=DONE_ON_MY_SIDE)
        return UserMessage(
            tool_calls=[ToolCall(id=f"oracle_user_call_{done + 1}", name=action.name, arguments=action.arguments)]
        )


def opening_request(instructions: StructuredInstructions | str) -> str:
    if isinstance(instructions, str):
        return instructions
    return " ".join(part for part in (instructions.reason_for_call, instructions.known_info) if part)

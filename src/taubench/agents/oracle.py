"""The oracle agent: proves the benchmark can be solved, through the same path an agent uses.

It calls the task's ground-truth actions one per turn through the normal tool path, then
tells the user everything the task requires the agent to communicate.
"""

from typing import Sequence

from taubench.core.messages import AssistantMessage, Message, ToolCall, ToolMessage
from taubench.core.participants import EpisodeContext

DONE = "Everything you asked for is taken care of."
DONE_WITH_INFO = "Everything is taken care of. For your records:\n"


HANDOVER = "Please do the next step on your side."


class OracleAgent:
    """Works through the gold actions in order: how many are done is the number of tool
    results so far (either side's); when the next one is the user's, it asks the user."""

    def __init__(self, context: EpisodeContext):
        self.gold = context.task.gold_actions
        self.to_communicate = context.task.communicate_info

    def respond(self, trajectory: Sequence[Message]) -> AssistantMessage:
        return self.turn(sum(isinstance(message, ToolMessage) for message in trajectory))

    def turn(self, done: int) -> AssistantMessage:
        """The turn after ``done`` tool results: what the oracle says at that point of the episode."""
        if done < len(self.gold):
            action = self.gold[done]
            if action.requestor == "user":
                return AssistantMessage(content=HANDOVER)
            call = ToolCall(id=f"oracle_call_{done + 1}", name=action.name, arguments=action.arguments)
            return AssistantMessage(tool_calls=[call])
        if not self.to_communicate:
            return AssistantMessage(content=DONE)
        return AssistantMessage(content=DONE_WITH_INFO + "\n".join(self.to_communicate))

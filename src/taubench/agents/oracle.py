"""The oracle agent: proves the benchmark can be solved, through the same path an agent uses.

It calls the task's ground-truth actions one per turn through the normal tool path, then
tells the user everything the task requires the agent to communicate.
"""

from typing import Sequence

from taubench.messages import AssistantMessage, Message, ToolCall
from taubench.participants import EpisodeContext

DONE = "Everything you asked for is taken care of."
DONE_WITH_INFO = "Everything is taken care of. For your records:\n"


class OracleAgent:
    def __init__(self, context: EpisodeContext):
        self.pending = [action for action in context.task.gold_actions if action.requestor == "assistant"]
        self.to_communicate = context.task.communicate_info
        self.calls_made = 0

    def respond(self, trajectory: Sequence[Message]) -> AssistantMessage:
        if self.pending:
            action = self.pending.pop(0)
            self.calls_made += 1
            call = ToolCall(id=f"oracle_call_{self.calls_made}", name=action.name, arguments=action.arguments)
            return AssistantMessage(tool_calls=[call])
        if not self.to_communicate:
            return AssistantMessage(content=DONE)
        return AssistantMessage(content=DONE_WITH_INFO + "\n".join(self.to_communicate))

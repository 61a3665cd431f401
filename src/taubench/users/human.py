"""The human user: a person at the terminal plays the customer.

When an episode starts its scenario is printed, then every text message of the agent; each
line typed is the customer's next message, and an empty line or the end of input ends the
conversation with ``###STOP###``. It costs nothing and calls no model.

Episodes run in threads, so the prompts of concurrent episodes are serialised by one lock per
process and never interleave on the terminal; each prompt names its task. Still, a person
then answers several conversations in turns: ``max_concurrency=1`` is the sensible setting
(and ``progress=false`` keeps the progress bar off the terminal).
"""

import sys
import threading
from typing import Sequence

from taubench.core.environment import STOP_TOKENS
from taubench.core.messages import AssistantMessage, Message, UserMessage
from taubench.core.participants import EpisodeContext
from taubench.users.llm import render_scenario

STOP = STOP_TOKENS[0]
TERMINAL = threading.Lock()


class HumanUser:
    uses_model = False

    def __init__(self, context: EpisodeContext):
        self.title = f"{context.domain} task {context.task.id}, trial {context.trial}"
        self.scenario = render_scenario(context.task.user_scenario)

    def respond(self, trajectory: Sequence[Message]) -> UserMessage:
        spoken = [i for i, message in enumerate(trajectory) if isinstance(message, UserMessage)]
        unseen = trajectory[spoken[-1] + 1 :] if spoken else trajectory
        with TERMINAL:
            if not spoken:
                print(f"\n=== {self.title}: you are the customer ===\n{self.scenario}")
                print(f"(one line per message; an empty line or end of input ends the conversation with {STOP})")
            for message in unseen:
                if isinstance(message, AssistantMessage) and not message.tool_calls and message.has_text:
                    print(f"[{self.title}] agent: {message.content}")
            print(f"[{self.title}] you: ", end="", flush=True)
            line = sys.stdin.readline()
            if not line or not sys.stdin.isatty():
                print(line.rstrip("\n"))  # input that was not typed is not echoed: show it, end the line
        return UserMessage(content=line.strip() or STOP)

"""The verified user simulator: each customer message is reviewed before it is sent.

The user's model writes a candidate; a second call to the same model, as a supervisor, judges
whether it is what the scenario's customer would write at this point of the conversation.
A rejected candidate is not sent: the model is asked again with the supervisor's reason, up
to ``max_attempts`` candidates per turn. The first accepted one is sent; if every one is
rejected the last is sent (the newest attempt had the most feedback). Only the sent message
enters the conversation; every candidate and verdict is kept in the message's ``drafts``, and
the usage of every call of the turn is summed into its ``usage``.

Unlike τ-bench v1, the supervisor sees the candidate's text (not a message object) and a
transcript labelled as the roles really are (Agent, Customer), and a retry carries the reason
for the rejection instead of asking the same question again.
"""

import json
from typing import Optional, Sequence

from pydantic import BaseModel, ConfigDict, Field

from taubench.core.environment import STOP_TOKENS
from taubench.core.episode import sum_usage
from taubench.core.messages import AssistantMessage, Draft, Message, Usage, UserMessage
from taubench.core.participants import EpisodeContext
from taubench.models.client import LLMClient
from taubench.users.llm import LLMUser, render_scenario, reply_text, with_note

SUPERVISOR_MARKER = "You review one message of a simulated customer"  # opens the supervisor's guidelines
STOP, TRANSFER, OUT_OF_SCOPE = STOP_TOKENS

REVIEW_GUIDELINES = f"""{SUPERVISOR_MARKER} before it is sent to a customer-service agent. \
A model plays the customer described in the scenario below; your job is to catch messages \
that customer would not write at this point of the conversation.

Reject the message if it:
- states facts the scenario does not give (names, ids, numbers, addresses, payment details) \
or contradicts the scenario or what was said before;
- asks for something the scenario does not want, or gives up on something it does want;
- speaks as the agent, or contains notes, reasoning or instructions not meant for the agent;
- ends the conversation with {STOP} while the scenario's goal is neither reached nor clearly \
out of reach, uses {TRANSFER} although the agent has not transferred the customer, or uses \
{OUT_OF_SCOPE} while the scenario still says what to do.
Do not reject a message for its style or length.

Answer with one JSON object and nothing else:
{{"accept": true or false, "reason": "<one sentence>"}}"""


LEADING_WORDS = {
    "yes": True,
    "true": True,
    "accept": True,
    "accepted": True,
    "no": False,
    "false": False,
    "reject": False,
    "rejected": False,
}


class Verdict(BaseModel):
    """The supervisor's answer (lax: "yes" or "false" are read as booleans)."""

    model_config = ConfigDict(extra="ignore")

    accept: bool
    reason: str = ""


class VerifyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_attempts: int = Field(3, ge=1)  # candidates per turn, the first included


class VerifyUser(LLMUser):
    acts_with_tools = False  # the supervisor reviews text answers only
    Options = VerifyOptions
    caller = "user/verify"  # its steps: reply (a candidate), supervisor (a review)

    def __init__(self, context: EpisodeContext, client: LLMClient, options: VerifyOptions):
        super().__init__(context, client)
        self.max_attempts = options.max_attempts
        self.review_system = f"{REVIEW_GUIDELINES}\n\n<scenario>\n{render_scenario(self.scenario)}\n</scenario>"

    def respond(self, trajectory: Sequence[Message]) -> UserMessage:
        messages = self.prompt(trajectory)
        usages, drafts = [], []
        for _ in range(self.max_attempts):
            completion = self.ask(messages, "reply")
            draft, review_usage = self.review(trajectory, reply_text(completion))
            usages += [completion.usage, review_usage]
            drafts.append(draft)
            if draft.accepted:
                break
            messages = with_note(
                messages, draft.content, f"A reviewer stopped that message: {draft.reason} Write the message again."
            )
        return UserMessage(content=drafts[-1].content, usage=sum_usage(usages), drafts=drafts)

    def review(self, trajectory: Sequence[Message], candidate: str) -> tuple[Draft, Usage]:
        """The supervisor's verdict on a candidate, and what asking for it cost."""
        messages = [
            {
                "role": "system",
                "content": f"{self.review_system}\n\n<conversation>\n{transcript(trajectory)}\n</conversation>",
            },
            {"role": "user", "content": f"The customer's next message:\n<message>\n{candidate}\n</message>"},
        ]
        completion = self.ask(messages, "supervisor")
        verdict = parse_verdict(completion.content or "")
        if verdict is None:  # a reviewer that cannot be understood cannot block a turn
            return Draft(
                content=candidate, accepted=True, reason=f"unreadable verdict: {completion.content!r:.200}"
            ), completion.usage
        return Draft(content=candidate, accepted=verdict.accept, reason=verdict.reason), completion.usage


def transcript(trajectory: Sequence[Message]) -> str:
    """The conversation as the customer knows it (text turns only), each role by its name."""
    lines = []
    for message in trajectory:
        if isinstance(message, UserMessage):
            lines.append(f"Customer: {message.content}")
        elif isinstance(message, AssistantMessage) and not message.tool_calls and message.has_text:
            lines.append(f"Agent: {message.content}")
    return "\n".join(lines)


def parse_verdict(answer: str) -> Optional[Verdict]:
    """A JSON object with ``accept`` (anywhere in the answer, code fences and all), else a
    leading yes/no word; ``None`` when neither is there."""
    start, end = answer.find("{"), answer.rfind("}")
    if 0 <= start < end:
        try:
            return Verdict.model_validate(json.loads(answer[start : end + 1]))
        except ValueError:  # not JSON, or not a verdict (pydantic's errors are ValueErrors)
            pass
    words = answer.strip(" \t\n*#`>\"'").split(maxsplit=1)
    accept = LEADING_WORDS.get(words[0].strip(".,:;!*").lower()) if words else None
    if accept is None:
        return None
    return Verdict(accept=accept, reason=words[1].strip() if len(words) > 1 else "")

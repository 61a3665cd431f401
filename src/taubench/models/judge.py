"""The NL-assertion judge: one LLM call that grades a conversation against expectations.

Follows τ²-bench's protocol (temperature 0, the conversation one ``role: content`` line per
message, the expectations as a Python list, a JSON answer whose every result must be met)
with our own instruction text.
"""

import json
from typing import Sequence

from taubench.core.evaluation import JudgeVerdict
from taubench.core.messages import AssistantMessage, Message
from taubench.models.client import LLMClient

CALLER = "judge"  # the label of its model calls (taubench.models.client)
OUTCOMES_HEADING = "Expected outcomes:"  # the expectations follow it, as a Python list

INSTRUCTIONS = """You review a conversation between a customer-service agent and a customer, \
and decide for each expected outcome whether the conversation achieves it.

Judge each expected outcome on its own, using only what the conversation shows. Reply with \
a JSON object and nothing else, in this form:
{"results": [{"expectedOutcome": "<the outcome, as given>", "reasoning": "<one or two \
sentences>", "metExpectation": true or false}]}
with one result per expected outcome, in the order given."""


class JudgeError(Exception):
    """The judge's answer could not be used."""


class LLMJudge:
    def __init__(self, client: LLMClient):
        self.client = client

    def judge(self, trajectory: Sequence[Message], assertions: list[str]) -> JudgeVerdict:
        """Cached answers are keyed by the conversation alone: a grader should give one
        conversation one verdict, whichever trial produced it."""
        completion = self.client.complete(
            [
                {"role": "system", "content": INSTRUCTIONS},
                {"role": "user", "content": render_request(trajectory, assertions)},
            ],
            caller=CALLER,
        )
        content = completion.content
        try:
            # an answer without text (None) fails here on purpose: its TypeError is reported below
            results = json.loads(content)["results"]  # type: ignore[arg-type]
            met = all(result["metExpectation"] for result in results)
        except (TypeError, ValueError, KeyError) as exc:
            raise JudgeError(f"unusable judge answer ({exc}): {content!r:.300}") from None
        return JudgeVerdict(met=met, results=results, usage=completion.usage)


def render_request(trajectory: Sequence[Message], assertions: list[str]) -> str:
    """Conversation lines as τ²-bench writes them (a tool-call-only agent turn reads
    ``assistant: None``), then the expectations as a Python list."""
    lines = [
        f"{message.role}: {message.content if not isinstance(message, AssistantMessage) or message.content else None}"
        for message in trajectory
    ]
    return "Conversation:\n" + "\n".join(lines) + f"\n\n{OUTCOMES_HEADING}\n{assertions!r}"

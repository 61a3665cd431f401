"""The NL-assertion judge: one LLM call that grades a conversation against expectations.

Follows τ²-bench's protocol (temperature 0, the conversation one ``role: content`` line per
message, the expectations as a Python list, a JSON answer whose every result must be met)
with our own instruction text.
"""

import json
import os
from typing import Optional, Sequence

from taubench.evaluation import JudgeVerdict
from taubench.messages import AssistantMessage, Message, Usage

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
    def __init__(
        self,
        model: str,
        api_base: Optional[str] = None,
        api_key_env: Optional[str] = None,
        temperature: float = 0.0,
        num_retries: int = 3,
    ):
        self.model = model
        self.api_base = api_base
        self.api_key_env = api_key_env
        self.temperature = temperature
        self.num_retries = num_retries

    def judge(self, trajectory: Sequence[Message], assertions: list[str]) -> JudgeVerdict:
        import litellm  # heavy; only runs that use a judge pay for the import

        litellm.suppress_debug_info = True
        response = litellm.completion(
            model=self.model,
            messages=[
                {"role": "system", "content": INSTRUCTIONS},
                {"role": "user", "content": render_request(trajectory, assertions)},
            ],
            temperature=self.temperature,
            num_retries=self.num_retries,
            api_base=self.api_base,
            api_key=os.environ.get(self.api_key_env) if self.api_key_env else None,
        )
        content = response.choices[0].message.content
        try:
            results = json.loads(content)["results"]
            met = all(result["metExpectation"] for result in results)
        except (TypeError, ValueError, KeyError) as exc:
            raise JudgeError(f"unusable judge answer ({exc}): {content!r:.300}") from None
        usage = Usage(
            calls=1,
            prompt_tokens=response.usage.prompt_tokens,
            completion_tokens=response.usage.completion_tokens,
            cost=response._hidden_params.get("response_cost"),
        )
        return JudgeVerdict(met=met, results=results, usage=usage)


def render_request(trajectory: Sequence[Message], assertions: list[str]) -> str:
    """Conversation lines as τ²-bench writes them (a tool-call-only agent turn reads
    ``assistant: None``), then the expectations as a Python list."""
    lines = [
        f"{message.role}: {message.content if not isinstance(message, AssistantMessage) or message.content else None}"
        for message in trajectory
    ]
    return "Conversation:\n" + "\n".join(lines) + f"\n\nExpected outcomes:\n{assertions!r}"

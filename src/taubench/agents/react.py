"""The text-action agents, ReAct (``react``: a thought, then an action) and ``act`` (the action
only), for models used without native tool calling.

The model gets the policy, the tools as JSON and a reply format in its system prompt, and
answers with ``Action: {"name": ..., "arguments": {...}}``; writing to the customer is the
action ``respond`` with ``{"content": ...}``. A tool action becomes an ordinary tool call in
the trajectory, so the environment and the grading cannot tell these agents from the native
one (an unknown tool name gets the environment's error, as a native call would). The
model's own context keeps its replies as it wrote them, with tool results as user messages
starting ``API output: ``; the thought stays there only: in the trajectory a tool action has
no text, so it can neither reach the customer nor count as something told to them.

A reply that cannot be read as an action is not sent to the customer straight away (as
τ-bench v1 did, leaking format junk): the model is asked again with a short note saying
what was wrong, up to ``max_corrections`` times (each re-ask counts in ``Usage.corrections``);
only then does the text after the last ``Action:`` (or the whole reply) go to the customer,
as in v1.
"""

import json
from typing import Any, Sequence

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from taubench.core.episode import sum_usage
from taubench.core.messages import AssistantMessage, Message, ToolCall, ToolMessage, Usage, UserMessage, agent_side
from taubench.core.participants import EpisodeContext
from taubench.models.client import LLMClient

ACTION_PREFIX = "Action:"
THOUGHT_PREFIX = "Thought:"
OBSERVATION_PREFIX = "API output: "
RESPOND = "respond"
# The first line of each reply-format block
REACT_FORMAT = "Reply format: one Thought line, then one Action line."
ACT_FORMAT = "Reply format: one Action line."

INSTRUCTIONS = """You are a customer-service agent. You help the customer you are talking \
to, within the policy below, using the tools listed after it. You have no function-calling \
interface: you act by writing actions as text, in the format described at the end. Only act \
on information you got from the customer or from the tools, and follow the policy exactly."""

ACTION_RULES = f"""The action is one JSON object on a single line: "name" is a tool's name, \
and "arguments" holds the arguments its schema asks for. To write to the customer, use the \
name "{RESPOND}" with the arguments {{"content": "<your message>"}}; the customer sees only \
that content. Take exactly one action per reply. The result of a tool comes back to you in \
a message starting with "{OBSERVATION_PREFIX.strip()}"."""

FORMATS = {
    True: f"""{REACT_FORMAT}
{THOUGHT_PREFIX} <one line: what you know now and what you will do next>
{ACTION_PREFIX} {{"name": "<tool name or {RESPOND}>", "arguments": {{...}}}}

{ACTION_RULES}

An example with a made-up tool:
{THOUGHT_PREFIX} The customer gave an order number, so I look the order up before anything else.
{ACTION_PREFIX} {{"name": "find_order", "arguments": {{"order_id": "A-1001"}}}}
and, once its result is in:
{THOUGHT_PREFIX} The order has shipped; I tell the customer.
{ACTION_PREFIX} {{"name": "{RESPOND}", "arguments": {{"content": "Your order A-1001 shipped yesterday."}}}}""",
    False: f"""{ACT_FORMAT}
{ACTION_PREFIX} {{"name": "<tool name or {RESPOND}>", "arguments": {{...}}}}

{ACTION_RULES} Write nothing but that line.

An example with a made-up tool:
{ACTION_PREFIX} {{"name": "find_order", "arguments": {{"order_id": "A-1001"}}}}
and, once its result is in:
{ACTION_PREFIX} {{"name": "{RESPOND}", "arguments": {{"content": "Your order A-1001 shipped yesterday."}}}}""",
}


class TextActionOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_corrections: int = Field(2, ge=0)  # re-asks per turn after an unreadable reply


class TextAction(BaseModel):
    """An action as the model wrote it (the boundary between its text and our types)."""

    name: str = Field(min_length=1)
    arguments: dict[str, Any] = {}

    @field_validator("arguments", mode="before")
    @classmethod
    def _decoded(cls, value: Any) -> Any:
        """Arguments written as a JSON string, as the OpenAI wire format has them."""
        if isinstance(value, str):
            try:
                return json.loads(value)
            except ValueError:
                return value
        return value


class UnreadableReply(ValueError):
    """A reply that is not one action in the required format; the message says why."""


def system_prompt(policy: str, tools: list[dict], reasoning: bool) -> str:
    return (
        f"<instructions>\n{INSTRUCTIONS}\n</instructions>\n<policy>\n{policy}\n</policy>\n"
        f"<tools>\n{json.dumps(tools, indent=1)}\n</tools>\n<reply_format>\n{FORMATS[reasoning]}\n</reply_format>"
    )


def parse_action(text: str) -> TextAction:
    """The JSON object after the last ``Action:``; trailing text and a code fence around it
    are tolerated."""
    head, marker, payload = text.rpartition(ACTION_PREFIX)
    if not marker:
        raise UnreadableReply(f"there is no line starting with {ACTION_PREFIX!r}")
    start = payload.find("{")
    try:
        value, _ = json.JSONDecoder().raw_decode(payload, start) if start >= 0 else (None, 0)
    except ValueError as exc:
        raise UnreadableReply(f"the text after {ACTION_PREFIX!r} is not valid JSON ({exc})") from None
    if not isinstance(value, dict):
        raise UnreadableReply(f"there is no JSON object after {ACTION_PREFIX!r}")
    try:
        action = TextAction.model_validate(value)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'action'}: {e['msg']}" for e in exc.errors())
        raise UnreadableReply(f"the action object is not usable ({problems})") from None
    if action.name == RESPOND and not (
        isinstance(action.arguments.get("content"), str) and action.arguments["content"].strip()
    ):
        raise UnreadableReply(f'"{RESPOND}" needs the message as text in "arguments": {{"content": "..."}}')
    return action


def correction(problem: UnreadableReply) -> str:
    return (
        f"Your last reply could not be used: {problem}. Nothing was done and the customer saw "
        f"nothing. Reply again, following the reply format exactly."
    )


def fallback_text(text: str) -> str:
    """What v1 sent the customer for an unreadable reply: the text after the last ``Action:``."""
    return text.rpartition(ACTION_PREFIX)[2].strip() or text.strip()


class ReActAgent:
    uses_model = True
    Options = TextActionOptions
    reasoning = True
    caller = "agent/react"  # the label of its model calls (taubench.models.client)

    def __init__(self, context: EpisodeContext, client: LLMClient, options: TextActionOptions = TextActionOptions()):
        self.client = client
        self.system = system_prompt(context.policy, context.tools, self.reasoning)
        self.max_corrections = options.max_corrections
        self.seed = context.seed
        self.trial = context.trial
        self.replies: list[str] = []  # the model's replies as written, one per message it produced

    def respond(self, trajectory: Sequence[Message]) -> AssistantMessage:
        messages = [{"role": "system", "content": self.system}, *self._chat(trajectory)]
        usages: list[Usage] = []
        action = None
        while action is None and len(usages) <= self.max_corrections:
            completion = self.client.complete(messages, seed=self.seed, trial=self.trial, caller=self.caller)
            usages.append(completion.usage)
            text = completion.content or ""
            try:
                action = parse_action(text)
            except UnreadableReply as problem:
                messages += [{"role": "assistant", "content": text}, {"role": "user", "content": correction(problem)}]
        self.replies.append(text)
        usage = sum_usage(usages).model_copy(update={"corrections": len(usages) - 1})
        if action is None:
            return AssistantMessage(content=fallback_text(text), usage=usage)
        if action.name == RESPOND:
            return AssistantMessage(content=action.arguments["content"], usage=usage)
        call = ToolCall(id=f"action_{len(trajectory)}", name=action.name, arguments=action.arguments)
        return AssistantMessage(tool_calls=[call], usage=usage)

    def _chat(self, trajectory: Sequence[Message]) -> list[dict]:
        """The model's own view: its replies verbatim; messages it did not write (the opening
        greeting) as ``respond`` actions; tool results and the customer as user messages."""
        own = iter(self.replies)
        foreign = sum(isinstance(m, AssistantMessage) for m in trajectory) - len(self.replies)  # they come first
        chat = []
        for message in agent_side(trajectory):
            if isinstance(message, AssistantMessage):
                if foreign > 0:
                    foreign -= 1
                    action = {"name": RESPOND, "arguments": {"content": message.content or ""}}
                    chat.append({"role": "assistant", "content": f"{ACTION_PREFIX} {json.dumps(action)}"})
                else:
                    chat.append({"role": "assistant", "content": next(own)})
            elif isinstance(message, ToolMessage):
                chat.append({"role": "user", "content": OBSERVATION_PREFIX + message.content})
            elif isinstance(message, UserMessage):
                chat.append({"role": "user", "content": message.content})
        return chat

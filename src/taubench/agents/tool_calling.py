"""The tool-calling agent: native function calling, the domain policy as its system prompt.

The prompt has τ²-bench's structure (an ``<instructions>`` block, then the policy verbatim
in a ``<policy>`` block; tools through the API's ``tools`` parameter) in our own words.
When the model returns several tool calls in one message, all of them are executed, in
order, and every result goes back to it (as τ²-bench does). With ``text_tool_calls`` the
agent also recovers calls a model wrote as text (see ``text_tool_calls.py``).
"""

import json
from typing import Sequence

from pydantic import BaseModel, ConfigDict

from taubench.agents.text_tool_calls import parse_text_tool_calls
from taubench.core.messages import AssistantMessage, Message, ToolCall, ToolMessage, UserMessage, agent_side
from taubench.core.participants import EpisodeContext
from taubench.models.client import Completion, LLMClient, ToolCallRequest

INSTRUCTIONS = """You are a customer-service agent. You help the customer you are talking \
to, within the policy below, using the tools you are given.

In each turn, either write a message to the customer or call tools; do not do both. \
Tool calls must have valid JSON arguments that follow the tool's schema. Only act on \
information you got from the customer or from the tools, and follow the policy exactly."""


def system_prompt(policy: str) -> str:
    return f"<instructions>\n{INSTRUCTIONS}\n</instructions>\n<policy>\n{policy}\n</policy>"


def to_chat(trajectory: Sequence[Message]) -> list[dict]:
    """The trajectory in the chat-completions format; a call whose arguments were not JSON
    is sent back exactly as the model wrote it, so it sees its own mistake."""
    chat = []
    for message in agent_side(trajectory):
        if isinstance(message, AssistantMessage):
            entry: dict = {"role": "assistant", "content": message.content}
            if message.tool_calls:
                entry["tool_calls"] = chat_tool_calls(message.tool_calls)
            chat.append(entry)
        elif isinstance(message, UserMessage):
            chat.append({"role": "user", "content": message.content})
        elif isinstance(message, ToolMessage):
            chat.append(
                {"role": "tool", "tool_call_id": message.tool_call_id, "name": message.name, "content": message.content}
            )
    return chat


def chat_tool_calls(calls: Sequence[ToolCall]) -> list[dict]:
    """Calls in the chat-completions format, each with its arguments as they were written."""
    return [
        {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.written_arguments}}
        for call in calls
    ]


def parse_tool_call(request: ToolCallRequest) -> ToolCall:
    """Arguments that are not a JSON object are kept raw, to become an error observation."""
    try:
        arguments = json.loads(request.arguments) if request.arguments.strip() else {}
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        arguments = None
    if not isinstance(arguments, dict):
        return ToolCall(id=request.id, name=request.name, arguments={}, invalid_arguments=request.arguments)
    return ToolCall(id=request.id, name=request.name, arguments=arguments)


def to_message(completion: Completion) -> AssistantMessage:
    calls = [parse_tool_call(request) for request in completion.tool_calls]
    return AssistantMessage(content=completion.content, tool_calls=calls or None, usage=completion.usage)


class ToolCallingOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text_tool_calls: bool = False  # recover calls written as text (models served without a tool-call parser)


class ToolCallingAgent:
    uses_model = True
    Options = ToolCallingOptions
    caller = "agent/tool_calling"  # the label of its model calls (taubench.models.client)

    def __init__(self, context: EpisodeContext, client: LLMClient, options: ToolCallingOptions = ToolCallingOptions()):
        self.client = client
        self.system = system_prompt(context.policy)
        self.tools = context.tools
        self.tool_names = {tool["function"]["name"] for tool in context.tools}
        self.text_tool_calls = options.text_tool_calls
        self.seed = context.seed
        self.trial = context.trial

    def respond(self, trajectory: Sequence[Message]) -> AssistantMessage:
        messages = [{"role": "system", "content": self.system}, *to_chat(trajectory)]
        message = to_message(
            self.client.complete(messages, tools=self.tools, seed=self.seed, trial=self.trial, caller=self.caller)
        )
        if self.text_tool_calls and not message.tool_calls and message.has_text:
            assert message.content is not None  # it has text
            calls, rest = parse_text_tool_calls(
                message.content, self.tool_names, id_prefix=f"text_call_{len(trajectory)}"
            )
            if calls:
                return message.model_copy(update={"content": rest, "tool_calls": calls})
        return message

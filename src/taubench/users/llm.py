"""The LLM user simulator: a model plays the customer of the task's scenario.

Its context is built as τ²-bench builds it: one system message (our guidelines, then the
scenario in a ``<scenario>`` block), then the conversation seen from the customer's side:
the agent's text turns as ``user`` messages, the simulator's own turns as ``assistant``
messages; the agent's tool calls and their results are never shown. In domains that give
the user tools of their own, this simulator gets them and sees its own calls and results.

The other model-driven users (react, verify, reflection) build on this one: same guidelines,
scenario and view; a re-ask adds the unsent answer and a note flagged as not from the agent.
"""

import re
from typing import Optional, Sequence

from taubench.agents.tool_calling import chat_tool_calls, parse_tool_call
from taubench.core.environment import STOP_TOKENS
from taubench.core.messages import AssistantMessage, Message, ToolMessage, UserMessage
from taubench.core.participants import EpisodeContext
from taubench.core.tasks import StructuredInstructions, UserScenario
from taubench.domains import DOMAINS
from taubench.models.client import Completion, LLMClient

STOP, TRANSFER, OUT_OF_SCOPE = STOP_TOKENS
NOTE_PREFIX = "[Note from the simulation, not from the agent]"
OWN_TOOLS = """You also have tools of your own: they act on your side (your own device or \
account), which the agent cannot reach. Use them when the agent asks you to do something \
on your side, when you need one to answer the agent's question, or when your scenario says \
so; if you are unsure whether an action is wanted, ask the agent. Do one thing at a time: \
if the agent asks for several actions at once, say that you can only do them one by one. \
Never guess what a tool would show: tell the agent in words what it actually showed, since \
the agent does not see your tools or their results. If a call fails, correct it and try again."""

GUIDELINES = """You are playing a customer who contacts a customer-service agent. Stay in \
that role for the whole conversation; the agent is the other party.

How to play the customer:
- Write one message at a time, the way a real customer would type it: short and natural.
- Follow the scenario below. It says why you are calling, what you know and what you want.
- Never invent facts the scenario does not give you (names, numbers, order or booking ids, \
addresses, payment details). If the agent asks for something you do not know, say so.
- Do not hand over everything at once: give information when the agent asks for it or when \
the conversation needs it.
- Do not repeat the scenario text word for word; say it in your own words.
- You cannot see the agent's systems or tools; you only know what the agent tells you.

Ending the conversation (write the token on its own as your whole message):
"""
ENDINGS = {
    STOP: "your goal in the scenario has been reached, "
    "or it clearly cannot be reached and you have nothing more to ask.",
    TRANSFER: "the agent has transferred you to another agent or a human.",
    OUT_OF_SCOPE: "the scenario does not tell you what to do or say next.",
}
V1_ENDING = "your goal has been reached, or the conversation cannot go further (also after a transfer)."


def guidelines(stop_tokens: Sequence[str] = STOP_TOKENS) -> str:
    """The guidelines with the ways to end that the domain knows: τ²-bench's three tokens, or
    τ-bench v1's ``###STOP###`` alone."""
    endings = [f"- {token}: {ENDINGS[token] if len(stop_tokens) > 1 else V1_ENDING}" for token in stop_tokens]
    closing = "Until one of these applies" if len(stop_tokens) > 1 else "Until then"
    return GUIDELINES + "\n".join(endings) + f"\n{closing}, keep the conversation going."


def render_scenario(scenario: UserScenario) -> str:
    """The scenario as text, laid out as τ²-bench lays it out: headers, each followed by its
    text one tab deeper (blank lines stay empty)."""
    parts = []
    if scenario.persona:
        parts.append("Persona:\n" + _indented(scenario.persona))
    parts.append("Instructions:\n" + _indented(_instructions_text(scenario.instructions)))
    return "\n".join(parts)


def _instructions_text(instructions: StructuredInstructions | str) -> str:
    if isinstance(instructions, str):
        return instructions
    sections = [
        ("Reason for call", instructions.reason_for_call),
        ("Known info", instructions.known_info),
        ("Unknown info", instructions.unknown_info),
        ("Task instructions", instructions.task_instructions),
    ]
    lines = [f"Domain: {instructions.domain}"]
    lines += [f"{header}:\n{_indented(text)}" for header, text in sections if text]
    return "\n".join(lines)


def _indented(text: str) -> str:
    return "\n".join(f"\t{line}" if line.strip() else "" for line in text.split("\n"))


def system_prompt(scenario: UserScenario, reply_format: str = "", stop_tokens: Sequence[str] = STOP_TOKENS) -> str:
    rules = guidelines(stop_tokens)
    rules = f"{rules}\n\n{reply_format}" if reply_format else rules
    return f"{rules}\n\n<scenario>\n{render_scenario(scenario)}\n</scenario>"


def customer_view(trajectory: Sequence[Message]) -> list[dict]:
    """The conversation as the simulated customer sees it: roles flipped, the agent's tools
    hidden, the customer's own tool calls and their results shown."""
    view = []
    for message in trajectory:
        if isinstance(message, UserMessage) and message.tool_calls:
            view.append(
                {
                    "role": "assistant",
                    "content": message.content or None,
                    "tool_calls": chat_tool_calls(message.tool_calls),
                }
            )
        elif isinstance(message, UserMessage):
            view.append({"role": "assistant", "content": message.content})
        elif isinstance(message, ToolMessage) and message.requestor == "user":
            view.append(
                {"role": "tool", "tool_call_id": message.tool_call_id, "name": message.name, "content": message.content}
            )
        elif isinstance(message, AssistantMessage) and not message.tool_calls and message.has_text:
            view.append({"role": "user", "content": message.content})
    return view


def with_note(messages: list[dict], answer: str, note: str) -> list[dict]:
    """The customer's context plus an answer of its own that was not sent and a note on it,
    flagged so that the model does not take it for the agent's words."""
    return [
        *messages,
        {"role": "assistant", "content": answer or "(empty)"},
        {"role": "user", "content": f"{NOTE_PREFIX} {note}"},
    ]


def labelled_parts(text: str, first: str, last: str) -> tuple[Optional[str], str]:
    """The two parts of an answer laid out as ``<first>`` then ``<last>``, each label at the
    start of a line (markdown around it tolerated). The first part may be missing; text
    before it counts as part of it. Raises ValueError saying what is wrong, for a re-ask."""
    names = [first.rstrip(":").lower(), last.rstrip(":").lower()]
    label = re.compile(
        rf"^[ \t>*#_-]*({'|'.join(map(re.escape, names))})[ \t*_]*:[ \t*_]*", re.IGNORECASE | re.MULTILINE
    )
    found = list(label.finditer(text))
    order = [match[1].lower() for match in found]
    if names[1] not in order:
        raise ValueError(f'there is no "{last}" part')
    if order not in ([names[1]], names):
        raise ValueError(f'it must have one "{first}" part followed by one "{last}" part')
    second = text[found[-1].end() :].strip()
    if not second:
        raise ValueError(f'the "{last}" part is empty')
    before = (
        text[: found[-1].start()]
        if len(found) == 1
        else text[: found[0].start()] + text[found[0].end() : found[1].start()]
    )
    return before.strip() or None, second


def reply_text(completion: Completion) -> str:
    if not completion.content or not completion.content.strip():
        raise ValueError("the user simulator's model returned an empty message")
    return completion.content


class LLMUser:
    uses_model = True
    acts_with_tools = True  # can use the user's own tools, in domains that have them
    reply_format = ""  # added to the guidelines by strategies that want answers laid out their way
    caller = "user/llm"  # the label of its model calls (taubench.models.client); ask's step follows it

    def __init__(self, context: EpisodeContext, client: LLMClient):
        self.client = client
        self.scenario = context.task.user_scenario
        self.tools = list(context.user_tools)
        stop_tokens = DOMAINS[context.domain].rules.stop_tokens if context.domain in DOMAINS else STOP_TOKENS
        reply_format = "\n\n".join(filter(None, [OWN_TOOLS if self.tools else "", self.reply_format]))
        self.system = system_prompt(self.scenario, reply_format, stop_tokens)
        self.seed = context.seed
        self.trial = context.trial

    def respond(self, trajectory: Sequence[Message]) -> UserMessage:
        messages = self.prompt(trajectory)
        completion = (
            self.client.complete(messages, tools=self.tools, seed=self.seed, trial=self.trial, caller=self.caller)
            if self.tools
            else self.ask(messages)
        )
        if completion.tool_calls:
            calls = [parse_tool_call(request) for request in completion.tool_calls]
            return UserMessage(content=completion.content or "", tool_calls=calls, usage=completion.usage)
        return UserMessage(content=reply_text(completion), usage=completion.usage)

    def prompt(self, trajectory: Sequence[Message]) -> list[dict]:
        return [{"role": "system", "content": self.system}, *customer_view(trajectory)]

    def ask(self, messages: list[dict], step: Optional[str] = None) -> Completion:
        """One call; ``step`` names which of its kinds of call it is, for a strategy that makes several."""
        caller = f"{self.caller}/{step}" if step else self.caller
        return self.client.complete(messages, seed=self.seed, trial=self.trial, caller=caller)

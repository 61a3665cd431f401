"""One episode's world: a private database, the domain's tools, and the simulated user.

Use it like a gym environment: ``reset`` once, then ``step`` with each agent message until
``done``, then ``evaluate``.

The agent talks only to the environment. ``step`` takes the agent's message and answers it:
tool calls are executed against the episode's own database, text goes to the user
simulator. How an episode ends (stop tokens, terminate tools, what its step limit counts)
follows the domain's rules: τ²-bench's orchestrator or τ-bench v1's agent loop, exactly.
"""

from typing import Literal, Optional, Sequence

from taubench.core.domain import BaseDomain, Rules, Sides
from taubench.core.evaluation import NLJudge, RewardInfo, evaluate
from taubench.core.messages import AssistantMessage, Message, Requestor, ToolCall, ToolMessage
from taubench.core.participants import Limits, UserSimulator
from taubench.core.tasks import Task
from taubench.core.toolkit import Toolkit

GREETING = "Hi! How can I help you today?"
STOP_TOKENS = Rules().stop_tokens  # τ²-bench's, which the user simulators are told to use

TerminationReason = Literal[
    "user_stop",
    "terminate_tool",
    "agent_stop",  # the agent ended the conversation (AssistantMessage.end)
    "agent_handoff",  # the agent handed the customer over to a live agent
    "max_steps",
    "too_many_errors",
    "agent_error",
    "user_error",
    "infrastructure_error",
    "unexpected_error",
]


class AgentProtocolError(ValueError):
    """The agent produced something that is not a usable turn."""


class OverCap(ValueError):
    """A turn past one of the episode's caps (``Limits``): the fault of the side that sent it
    (``requestor``). ``excerpt`` is the start of what was too large, never the whole of it."""

    def __init__(self, message: str, excerpt: str, requestor: Requestor = "assistant"):
        super().__init__(message)
        self.excerpt, self.requestor = excerpt, requestor


EXCERPT_CHARS = 300  # the most of an over-cap turn an error record keeps
SENDERS = {"assistant": "the agent", "user": "the user"}


def own_limits(domain: BaseDomain) -> Limits:
    """The limits of the domain's own rules, with the default caps."""
    return Limits(max_steps=domain.rules.max_steps, max_errors=domain.rules.max_errors)


def check_turn(
    calls: Sequence[ToolCall], limits: Limits, requestor: Requestor = "assistant", made_before: int = 0
) -> None:
    """Refuses, before any of them runs, a turn of more tool calls than ``max_tool_calls_per_turn``
    (``made_before``: those the same turn made already, where calls come one at a time, as over
    MCP) or with a call longer than ``max_tool_call_chars`` as JSON."""
    made = made_before + len(calls)
    if made > limits.max_tool_calls_per_turn:
        excerpt = ", ".join(call.model_dump_json()[:EXCERPT_CHARS] for call in calls[:3])[:EXCERPT_CHARS]
        raise OverCap(
            f"{SENDERS[requestor]} made {made} tool calls in one turn, over the cap of "
            f"{limits.max_tool_calls_per_turn} (max_tool_calls_per_turn); none of them was run",
            excerpt,
            requestor,
        )
    for call in calls:
        written = call.model_dump_json()
        if len(written) > limits.max_tool_call_chars:
            raise OverCap(
                f"{SENDERS[requestor]}'s call of {call.name[:100]!r} is {len(written):,} characters as JSON, "
                f"over the cap of {limits.max_tool_call_chars:,} (max_tool_call_chars); "
                "none of the turn's calls was run",
                written[:EXCERPT_CHARS],
                requestor,
            )


def check_observation(answer: ToolMessage, limits: Limits) -> None:
    """Refuses a tool output longer than ``max_observation_chars``. Never cut short: a faithful
    environment's observation is all or nothing, so the episode ends there instead."""
    if len(answer.content) > limits.max_observation_chars:
        raise OverCap(
            f"the output of {answer.name[:100]!r} for {SENDERS[answer.requestor]} "
            f"is {len(answer.content):,} characters, over the cap of {limits.max_observation_chars:,} "
            "(max_observation_chars)",
            answer.content[:EXCERPT_CHARS],
            answer.requestor,
        )


def execute(toolkit: Optional[Toolkit], call: ToolCall, requestor: Requestor = "assistant") -> ToolMessage:
    """A tool call's observation, exactly as an episode records it (also what the MCP server
    answers, so that its outputs are byte-identical to an episode's)."""
    if call.invalid_arguments is not None:
        content, error = (
            f"Error: the arguments of {call.name} are not a valid JSON object: {call.invalid_arguments!r:.500}",
            True,
        )
    elif toolkit is None:
        content, error = f"Error: Tool '{call.name}' not found.", True
    else:
        result = toolkit.invoke(call.name, call.arguments)
        content, error = result.content, result.error
    return ToolMessage(tool_call_id=call.id, name=call.name, content=content, error=error, requestor=requestor)


class Environment:
    def __init__(self, domain: BaseDomain, task: Task, user: UserSimulator, limits: Optional[Limits] = None):
        self.domain = domain
        self.rules = domain.rules
        self.task = task
        self.user = user
        self.limits = limits or own_limits(domain)
        self.tool_schemas = domain.spec.toolkit.schemas()
        self.sides: Optional[Sides] = None
        self.trajectory: list[Message] = []
        self.steps = 0
        self.agent_turns = 0
        self.tool_errors = 0
        self.termination: Optional[TerminationReason] = None

    def reset(self) -> list[Message]:
        """Start on a fresh database. The trajectory opens with a fixed greeting from the
        agent side, which the user answers; that answer is the agent's first observation."""
        self.sides = self.domain.new_sides(self.task)
        self.trajectory = [AssistantMessage(content=GREETING)]
        self.steps = 0
        self.agent_turns = 0
        self.tool_errors = 0
        self.termination = None
        self._user_turn()
        return list(self.trajectory)

    @property
    def tools(self) -> Optional[Toolkit]:
        """The agent's toolkit."""
        return self.sides.agent if self.sides else None

    @property
    def done(self) -> bool:
        return self.termination is not None

    def step(self, message: AssistantMessage) -> list[Message]:
        """Answer the agent: tool results for tool calls, else the user's reply. A message
        with both text and tool calls counts as tool calls (the user never sees the text).
        A call to a terminate tool ends the episode; calls after it in the message are not run.
        A message that ends the conversation (``end``) gets no user reply: the episode ends there.
        A turn past a cap (``Limits``) raises ``OverCap``: nothing of it runs or is recorded,
        except the outputs before one that is over its cap."""
        if self.done or not self.trajectory:
            raise RuntimeError("step() needs a running episode: call reset() first")
        if not isinstance(message, AssistantMessage):
            raise AgentProtocolError(f"the agent returned {type(message).__name__}, not an AssistantMessage")
        if not message.tool_calls and not message.has_text and message.end is None:
            raise AgentProtocolError("the agent sent a message with neither text nor tool calls")
        check_turn(message.tool_calls or [], self.limits)
        self.trajectory.append(message)
        self.agent_turns += 1
        self._count_step(next_is_tools=bool(message.tool_calls))
        if self.done:
            return []
        if message.tool_calls:
            answer: list[Message] = []
            try:
                for call in message.tool_calls:
                    answer.append(self._execute(call))
                    if call.name in self.rules.terminate_tools and call.invalid_arguments is None:
                        self.termination = "terminate_tool"
                        break
            finally:  # an output over the cap ends the episode: the ones before it are kept
                self.trajectory.extend(answer)
            self._count_step()
        elif message.end is None:
            start = len(self.trajectory)
            self._user_turn()
            answer = self.trajectory[start:]
        else:
            answer = []
        if message.end is not None and not self.done:
            self.termination = message.end
        self._count_agent_turn()
        return answer

    def _execute(self, call: ToolCall, requestor: Requestor = "assistant") -> ToolMessage:
        assert self.sides is not None  # set by reset, before any turn
        answer = execute(self.sides.of(requestor), call, requestor)
        check_observation(answer, self.limits)
        self.tool_errors += answer.error
        return answer

    def _user_turn(self) -> None:
        """The user's turn: in domains that give the user tools, the user may first act on
        their own side (each batch of calls answered before they go on), then speaks."""
        while True:
            reply = self.user.respond(self.trajectory)
            check_turn(reply.tool_calls or [], self.limits, "user")
            self.trajectory.append(reply)
            if not reply.tool_calls:
                break
            self._count_step(next_is_tools=True)
            self.trajectory.extend(self._execute(call, "user") for call in reply.tool_calls)
            self._count_step()
            if self.done:
                return
        if any(token in reply.content for token in self.rules.stop_tokens):
            self.termination = "user_stop"
        self._count_step()

    def _count_step(self, next_is_tools: bool = False) -> None:
        """τ²-bench: after every message except one whose tool calls still await results, the
        limits are checked; they override a stop in the same step, and the error limit wins
        over the step limit. Tool errors count over the whole episode."""
        self.steps += 1
        if next_is_tools or self.rules.steps_counted != "messages":
            return
        self._check_limits(self.steps)

    def _count_agent_turn(self) -> None:
        """τ-bench v1: once the agent's turn is answered, an episode that has not ended and
        has had its last turn stops there (v1's loop runs out; a stop in that answer wins)."""
        if self.rules.steps_counted == "agent_turns" and not self.done:
            self._check_limits(self.agent_turns)

    def _check_limits(self, steps: int) -> None:
        if steps >= self.limits.max_steps:
            self.termination = "max_steps"
        if self.limits.max_errors is not None and self.tool_errors >= self.limits.max_errors:
            self.termination = "too_many_errors"

    def evaluate(self, judge: Optional[NLJudge] = None) -> RewardInfo:
        return evaluate(self.domain, self.task, self.trajectory, self.termination, judge, final_state=self.sides)

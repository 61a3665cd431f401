"""The scripted agent: the task's gold calls, one at a time, then a report as the oracle words it.

It knows its task from the marker that ends the scripted customer's opening. Where tasks
share a scenario (τ² telecom), the customer names a group of tasks instead; the agent looks
at the account first, then knows the task and names it in each handover
(``taubench.testing.probes``). It answers with native tool calls, as text actions for the
``act`` and ``react`` agents (``[Thought: ...]\\nAction: {json}``) or, with
``text_tool_calls``, as a model writing its calls as text (``[name(key=value)]``). With
``slip`` (``wrong_tool``, ``wrong_argument``) it gets its last gold call wrong, for the error
analysis to find.
"""

import json
from typing import Optional

from taubench.agents.oracle import DONE, DONE_WITH_INFO, HANDOVER  # the oracle agent's words, which the customer reads
from taubench.agents.react import ACTION_PREFIX, OBSERVATION_PREFIX, RESPOND, THOUGHT_PREFIX  # its reply format
from taubench.core.tasks import GoldAction, Task
from taubench.testing.probes import GROUP_PREFIX, calls_message, probes_of
from taubench.testing.scripted_tasks import BadRequest, TaskBook, gold_blocks, text, text_message

SLIPS = ("wrong_tool", "wrong_argument")


class ScriptedAgent:
    """The agent side of every request: the task's next gold calls, a handover, or the report."""

    def __init__(
        self,
        book: TaskBook,
        parallel_tool_calls: bool = False,
        text_tool_calls: bool = False,
        slip: Optional[str] = None,
    ):
        self.book = book
        self.parallel_tool_calls = parallel_tool_calls  # two gold calls per message
        self.text_tool_calls = text_tool_calls
        self.slip = slip  # one of SLIPS, or None

    def tool_calling(self, messages: list[dict], tool_names: list[str]) -> dict:
        """The native agent's next message: its next gold calls, a handover, or the report."""
        message = self._native(messages, tool_names)
        return _as_python_calls(message) if self.text_tool_calls else message

    def _native(self, messages: list[dict], tool_names: list[str]) -> dict:
        marker = self.book.marker(messages)
        looks, handover = 0, HANDOVER
        if marker[2].startswith(GROUP_PREFIX):  # the customer named a group: look at the account first
            domain = self.book.domains[marker[1]]
            probes = probes_of(domain)
            assert probes is not None  # a group is named only in a domain with probes
            seen = [text(m.get("content")) for m in messages if m.get("role") == "tool"][: len(probes.agent)]
            if len(seen) < len(probes.agent):
                return calls_message(probes.agent, "account")
            index = self.book.probe_indexes.of(marker[1], domain, probes)
            task = index.task(int(marker[2].removeprefix(GROUP_PREFIX)), seen)
            if task is None:
                raise BadRequest(f"scripted agent: no {marker[1]} task of {marker[2]} shows what the account showed")
            looks, handover = len(probes.agent), f"{HANDOVER} [task {marker[1]}:{task.id}]"
        else:
            task = self.book.marked_task(messages)
        pending = [action for action in task.gold_actions if action.requestor == "assistant"]
        earlier = [call for m in messages if m.get("role") == "assistant" for call in m.get("tool_calls") or []][looks:]
        done = sum(_is_json_object((call.get("function") or {}).get("arguments")) for call in earlier)
        handovers = sum(m.get("role") == "assistant" and text(m.get("content")).startswith(HANDOVER) for m in messages)
        rest = _agents_turn(task.gold_actions, done, handovers)
        if rest is None:
            return text_message(_report(task))
        if rest == HANDOVER:
            return text_message(handover)
        taken = {call.get("id") for call in earlier}
        batch = rest[: 2 if self.parallel_tool_calls else 1]
        calls = []
        for n, action in enumerate(batch, start=done):
            if self.slip and n == len(pending) - 1:
                action = _slipped(
                    action, self.slip, [name for name in tool_names if name not in {a.name for a in pending}]
                )
            function = {"name": action.name, "arguments": json.dumps(action.arguments)}
            calls.append({"id": _fresh_id(n, taken), "type": "function", "function": function})
        return {"content": None, "tool_calls": calls}

    def text_action(self, messages: list[dict], reasoning: bool) -> dict:
        """The next gold action as a text action, with a thought line for ``react``
        (``reasoning``); progress is the number of tool results (``API output:`` messages)
        the agent has seen."""
        task = self.book.marked_task(messages)
        pending = [action for action in task.gold_actions if action.requestor == "assistant"]
        done = sum(text(m.get("content")).startswith(OBSERVATION_PREFIX) for m in messages if m.get("role") == "user")
        if done >= len(pending):
            thought, action = (
                "All done; I report to the customer.",
                {"name": RESPOND, "arguments": {"content": _report(task)}},
            )
        else:
            thought, action = (
                f"Next I call {pending[done].name}.",
                pending[done].model_dump(include={"name", "arguments"}),
            )
        line = f"{ACTION_PREFIX} {json.dumps(action)}"
        return text_message(f"{THOUGHT_PREFIX} {thought}\n{line}" if reasoning else line)


def _is_json_object(arguments) -> bool:
    try:
        return isinstance(json.loads(arguments), dict)
    except (TypeError, ValueError):
        return False


def _fresh_id(n: int, taken: set) -> str:
    """``call_<n>`` for gold action n; ``call_<n>_<k>`` when a malformed attempt already used it."""
    candidate, attempt = f"call_{n}", 0
    while candidate in taken:
        attempt += 1
        candidate = f"call_{n}_{attempt}"
    return candidate


def _agents_turn(actions: list[GoldAction], calls_made: int, handovers: int):
    """What the scripted agent does next: the rest of its current run of gold calls, a
    handover to the customer when theirs come next, or None once everything is done."""
    for requestor, block in gold_blocks(actions):
        if requestor == "assistant":
            if calls_made < len(block):
                return block[calls_made:]
            calls_made -= len(block)
        elif handovers == 0:
            return HANDOVER
        else:
            handovers -= 1
    return None


def _report(task: Task) -> str:
    """The final message of the scripted agent, as the oracle agent words it."""
    info = task.communicate_info
    return DONE_WITH_INFO + "\n".join(info) if info else DONE


def _as_python_calls(message: dict) -> dict:
    """Tool calls moved into the text as ``[name(key=value, ...)]``, as models served
    without a tool-call parser write them."""
    if not message["tool_calls"]:
        return message
    calls = []
    for call in message["tool_calls"]:
        arguments = json.loads(call["function"]["arguments"])
        calls.append(f"{call['function']['name']}({', '.join(f'{key}={value!r}' for key, value in arguments.items())})")
    return text_message(f"[{', '.join(calls)}]")


def _slipped(action: GoldAction, slip: str, unused_tools: list[str]) -> GoldAction:
    """A gold call made wrong: another tool with the same arguments (``wrong_tool``), or its
    first argument given another value (``wrong_argument``)."""
    if slip == "wrong_tool":
        if not unused_tools:
            raise BadRequest("scripted agent: every tool offered is one the task uses: no wrong tool to call")
        return action.model_copy(update={"name": sorted(unused_tools)[0]})
    if not action.arguments:
        raise BadRequest(f"scripted agent: {action.name} takes no arguments: none to get wrong")
    key, value = next(iter(action.arguments.items()))
    return action.model_copy(update={"arguments": {**action.arguments, key: _other_value(value)}})


def _other_value(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + "-slip"
    return "slip"  # a list or an object: a string instead

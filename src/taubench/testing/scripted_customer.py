"""The scripted customer and the user simulators built on it.

The customer opens with the task's request and a ``[task <domain>:<id>]`` marker (how the
scripted agent knows its task), then closes, as the oracle user does; in a task where the
customer acts too, each handover from the agent is answered with the customer's next gold
calls, one at a time, then "done on my side". Where tasks share a scenario (τ² telecom), it
first looks at its phone and names the group of tasks that look so (``taubench.testing.probes``).

The ``react`` user's answers come as Thought/User Response; the supervisor's reviews
(``verify``, ``reflection``) accept unless ``verifier_rejects`` says otherwise; a reflection
gets a reflection and the customer's message as the revision. Re-ask notes (flagged by the
LLM user's note prefix) are skipped when the conversation is read.
"""

import json
from collections import Counter

from taubench.agents.oracle import HANDOVER  # the scripted agent's word for "your turn"
from taubench.core.tasks import Task
from taubench.testing.probes import GROUP_PREFIX, TaskProbes, calls_message, probes_of
from taubench.testing.scripted_tasks import (
    TASK_MARKER,
    BadRequest,
    TaskBook,
    gold_blocks,
    system_text,
    text,
    text_message,
)

# What the strategies write or read, never to tell who asks (the caller label says that): the
# LLM user's re-ask note (skipped) and scenario layout (the task is found by it); the oracle
# user's words; the parts the react and reflection users read their answers from.
from taubench.users.llm import NOTE_PREFIX, render_scenario
from taubench.users.oracle import CLOSING, DONE_ON_MY_SIDE, opening_request
from taubench.users.react import RESPONSE_LABEL, THOUGHT_LABEL
from taubench.users.reflection import REFLECTION_LABEL, REVISION_LABEL

SCRIPTED_THOUGHT = "(scripted thought) I say what my scenario has me say next."
SCRIPTED_REFLECTION = "(scripted reflection) I keep to my scenario."


class ScriptedCustomer:
    """The user side of every request: the scripted customer's messages, in each strategy's layout."""

    def __init__(self, book: TaskBook, verifier_rejects: int = 0):
        self.book = book
        self.verifier_rejects = verifier_rejects  # the supervisor rejects the first N candidates of every turn
        self._reviews: Counter = Counter()  # reviews received per (conversation under review, seed)

    def message(self, messages: list[dict]) -> dict:
        """The customer's next message (``llm`` user, and the candidates of ``verify`` and ``reflection``)."""
        messages = _without_notes(messages)
        found = self.book.scenario_of(messages)
        if found is None:
            served = ", ".join(sorted({name for name, _ in self.book.tasks})) or "none"
            raise BadRequest(
                f"scripted user: the system message holds no known task scenario (domains served: {served})"
            )
        task = self.book.tasks[found]
        spoken_to = [i for i, m in enumerate(messages) if m.get("role") == "user"]  # the agent's words
        probes = probes_of(self.book.domains[found[0]])
        if probes is not None:  # the scenario does not say which task: look at the phone, then open
            opened = any(m.get("role") == "assistant" and text(m.get("content")).strip() for m in messages)
            if not opened:
                return self._probing_opening(found[0], task, probes, messages)
            named = [TASK_MARKER.search(text(messages[i].get("content"))) for i in spoken_to]
            task = next((self.book.tasks[marker[1], marker[2]] for marker in reversed(named) if marker), task)
        elif not any(m.get("role") == "assistant" for m in messages):  # the customer's own turns, role-flipped
            return text_message(f"{opening_request(task.user_scenario.instructions)} [task {found[0]}:{found[1]}]")
        handovers = sum(text(messages[i].get("content")).startswith(HANDOVER) for i in spoken_to)
        if not handovers or not text(messages[spoken_to[-1]].get("content")).startswith(HANDOVER):
            return text_message(CLOSING)
        block = [actions for requestor, actions in gold_blocks(task.gold_actions) if requestor == "user"][handovers - 1]
        made = sum(len(m.get("tool_calls") or []) for m in messages[spoken_to[-1] :] if m.get("role") == "assistant")
        if made >= len(block):
            return text_message(DONE_ON_MY_SIDE)
        function = {"name": block[made].name, "arguments": json.dumps(block[made].arguments)}
        return {
            "content": None,
            "tool_calls": [{"id": f"user_call_{handovers}_{made}", "type": "function", "function": function}],
        }

    def react(self, messages: list[dict]) -> dict:
        """The ``react`` user's answer: a thought, then the customer's message."""
        reply = self.message(messages)["content"]
        return text_message(f"{THOUGHT_LABEL}\n{SCRIPTED_THOUGHT}\n{RESPONSE_LABEL}\n{reply}")

    def reflection(self, messages: list[dict]) -> dict:
        """A reflection on a rejected message, and the customer's message as the revision."""
        reply = self.message(messages)["content"]
        return text_message(f"{REFLECTION_LABEL}\n{SCRIPTED_REFLECTION}\n{REVISION_LABEL}\n{reply}")

    def review(self, messages: list[dict], seed) -> dict:
        """The supervisor's verdict: the first ``verifier_rejects`` reviews of a turn (the same
        conversation under review, the same seed) reject, the others accept."""
        turn = (system_text(messages), seed)
        seen = self._reviews[turn]
        self._reviews[turn] += 1
        accept = seen >= self.verifier_rejects
        return text_message(
            json.dumps({"accept": accept, "reason": f"scripted {'acceptance' if accept else 'rejection'}."})
        )

    def _probing_opening(self, name: str, task: Task, probes: TaskProbes, messages: list[dict]) -> dict:
        """The customer's probes, then the request with a marker naming the group of tasks
        that show what the probes showed."""
        seen = [text(m.get("content")) for m in messages if m.get("role") == "tool"]
        calls = probes.user_calls(seen)
        if len(seen) < len(calls):
            return calls_message(calls[len(seen) :], f"look_{len(seen)}")
        index = self.book.probe_indexes.of(name, self.book.domains[name], probes)
        group = index.group(render_scenario(task.user_scenario), seen)
        if group is None:
            raise BadRequest(f"scripted user: no {name} task shows what the probes showed")
        return text_message(f"{opening_request(task.user_scenario.instructions)} [task {name}:{GROUP_PREFIX}{group}]")


def _without_notes(messages: list[dict]) -> list[dict]:
    """A user simulator's context without its re-asks: each note flagged as not from the
    agent goes, with the unsent answer before it."""
    kept: list[dict] = []
    for message in messages:
        if message.get("role") == "user" and text(message.get("content")).startswith(NOTE_PREFIX):
            if kept and kept[-1].get("role") == "assistant":
                kept.pop()
            continue
        kept.append(message)
    return kept

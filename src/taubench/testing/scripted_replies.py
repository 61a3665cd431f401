"""Which message answers a chat-completion request, given who asks.

Every model call taubench makes can carry its caller's label (``X-Taubench-Caller``, sent
where ``provider.label_requests`` is on: ``taubench.models.client``), and the label alone
says which role answers; the prompt's text is read only for what that role needs (the task,
the conversation so far, the judge's outcomes, the analyst's facts). ``CALLERS`` are the
labels served: the agent strategies (``agent/<strategy>``: scripted agent,
``taubench.testing.scripted_agent``), the user simulators (``user/<strategy>[/<step>]``:
scripted customer, ``taubench.testing.scripted_customer``), the NL-assertion judge (a fixed
verdict) and the error analyst.

The analyst's verdict follows from the JSON facts under the request's fixed headings
(``taubench.reporting.fault_attribution``): a call of a tool no expected action uses is
agent/wrong_tool; a call no expected action matches in its arguments, agent/wrong_argument;
calls that are a strict prefix of the expected ones, agent/partial_goal; a conversation
whose last call failed or that ended on too many errors, environment; anything else,
agent/other.
"""

import ast
import json
from typing import Callable, Optional

from taubench.models.client import CALLER_HEADER
from taubench.models.judge import OUTCOMES_HEADING  # where the judge's request lists its outcomes
from taubench.reporting.fault_attribution import (  # how the analyst's request lays out its facts
    EXPECTED_ACTIONS_HEADING,
    OUTCOME_HEADING,
    TOOL_CALLS_HEADING,
    read_block,
)
from taubench.testing.scripted_agent import ScriptedAgent
from taubench.testing.scripted_customer import ScriptedCustomer
from taubench.testing.scripted_tasks import BadRequest, TaskBook, text, text_message

CALLERS = (
    "agent",  # a strategy of one's own, labelled by its role alone: answered as the tool-calling agent
    "agent/tool_calling",
    "agent/few_shot",
    "agent/react",
    "agent/act",
    "user",  # likewise: answered as the LLM user simulator
    "user/llm",
    "user/react",
    "user/verify/reply",
    "user/verify/supervisor",
    "user/reflection/reply",
    "user/reflection/supervisor",
    "user/reflection/reflect",
    "judge",
    "analysis",
)


class ScriptedReplies:
    """The answer to each caller, as (the role it is counted as, the message)."""

    def __init__(
        self,
        book: TaskBook,
        judge_verdict: bool = True,
        parallel_tool_calls: bool = False,
        text_tool_calls: bool = False,
        verifier_rejects: int = 0,
        agent_slip: Optional[str] = None,
    ):
        self.book = book
        self.judge_verdict = judge_verdict
        self.agent = ScriptedAgent(book, parallel_tool_calls, text_tool_calls, agent_slip)
        self.customer = ScriptedCustomer(book, verifier_rejects)
        self._routes: dict[str, Callable[[dict], tuple[str, dict]]] = {
            "agent": self._tool_calling_agent,
            "agent/tool_calling": self._tool_calling_agent,
            "agent/few_shot": self._tool_calling_agent,
            "agent/react": lambda body: ("agent", self.agent.text_action(_messages(body), reasoning=True)),
            "agent/act": lambda body: ("agent", self.agent.text_action(_messages(body), reasoning=False)),
            "user": self._customer,
            "user/llm": self._customer,
            "user/react": lambda body: ("user", self.customer.react(_messages(body))),
            "user/verify/reply": self._customer,
            "user/verify/supervisor": self._supervisor,
            "user/reflection/reply": self._customer,
            "user/reflection/supervisor": self._supervisor,
            "user/reflection/reflect": lambda body: ("reflection", self.customer.reflection(_messages(body))),
            "judge": lambda body: ("judge", self._verdicts(_messages(body))),
            "analysis": lambda body: ("analysis", _attribution(_messages(body))),
        }
        assert tuple(self._routes) == CALLERS

    def reply(self, caller: Optional[str], body: dict) -> tuple[str, dict]:
        """(the role counted, the message) for a request from ``caller``; a 400 for an unknown one."""
        route = self._routes.get(caller) if caller is not None else None
        if route is None:
            said = f"{CALLER_HEADER} {caller!r} names no caller it serves" if caller else f"no {CALLER_HEADER} header"
            raise BadRequest(
                f"scripted server: {said}. It answers each request as the caller that header names (taubench "
                f"sends it when provider.label_requests is true; --default-caller serves a client that sends "
                f"none). Allowed: {', '.join(CALLERS)}"
            )
        return route(body)

    def _tool_calling_agent(self, body: dict) -> tuple[str, dict]:
        named = ((tool.get("function") or {}).get("name") for tool in body.get("tools") or [])
        tool_names = [name for name in named if name is not None]
        return "agent", self.agent.tool_calling(_messages(body), tool_names)

    def _customer(self, body: dict) -> tuple[str, dict]:
        return "user", self.customer.message(_messages(body))

    def _supervisor(self, body: dict) -> tuple[str, dict]:
        return "supervisor", self.customer.review(_messages(body), body.get("seed"))

    def _verdicts(self, messages: list[dict]) -> dict:
        """The configured verdict on each outcome listed in the last message."""
        request = text(messages[-1].get("content")) if messages else ""
        try:
            expected = ast.literal_eval(request.rsplit(OUTCOMES_HEADING, 1)[1].strip())
        except (IndexError, ValueError, SyntaxError):
            expected = None
        if not isinstance(expected, list):
            raise BadRequest(f"scripted judge: no Python list of outcomes after {OUTCOMES_HEADING!r}")
        results = [
            {"expectedOutcome": outcome, "reasoning": "scripted", "metExpectation": self.judge_verdict}
            for outcome in expected
        ]
        return text_message(json.dumps({"results": results}))


def _messages(body: dict) -> list[dict]:
    return body.get("messages") or []


def _attribution(messages: list[dict]) -> dict:
    """The scripted analyst's verdict (the rule in the module docstring), read from the JSON
    facts under the fixed headings of the request's last message."""
    request = text(messages[-1].get("content")) if messages else ""
    try:
        expected = [(action["name"], action["arguments"]) for action in read_block(request, EXPECTED_ACTIONS_HEADING)]
        calls = read_block(request, TOOL_CALLS_HEADING)
        outcome = read_block(request, OUTCOME_HEADING)
    except (ValueError, TypeError, KeyError) as exc:
        raise BadRequest(f"scripted analyst: the request does not carry its facts as expected: {exc}") from None
    made = [(call["name"], call["arguments"]) for call in calls]
    stray = next((name for name, _ in made if name not in {name for name, _ in expected}), None)
    mismatched = next((name for name, arguments in made if (name, arguments) not in expected), None)
    verdict: tuple[str, Optional[str], str]  # fault, fault type, explanation
    if stray:
        verdict = ("agent", "wrong_tool", f"the agent called {stray}, which no expected action uses.")
    elif mismatched:
        verdict = ("agent", "wrong_argument", f"the agent called {mismatched} with arguments no expected action has.")
    elif len(made) < len(expected) and made == expected[: len(made)]:
        verdict = (
            "agent",
            "partial_goal",
            f"the agent made the first {len(made)} of {len(expected)} expected calls, then no more.",
        )
    elif outcome.get("termination_reason") == "too_many_errors" or (calls and calls[-1].get("error")):
        verdict = ("environment", None, "the conversation ended on a failing tool call.")
    else:
        verdict = ("agent", "other", "the calls match the expected actions; the failure lies elsewhere.")
    fault, fault_type, explanation = verdict
    return text_message(
        json.dumps({"fault": fault, "fault_type": fault_type, "explanation": f"(scripted) {explanation}"})
    )

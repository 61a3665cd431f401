"""A scripted OpenAI-compatible chat-completions server on 127.0.0.1, for tests and dry runs.

It plays every role a run needs, with no model behind it: the simulated customer (states the
task's request, then ends the conversation), the agent (calls the task's gold actions one at a
time, then reports like the oracle agent) and the NL-assertion judge (a fixed verdict). It can
also misbehave the way real providers do (latency, 429 with Retry-After, 500, requests that
hang past the client's timeout, tool calls with broken JSON arguments, replies that are not
usable chat completions: ``taubench.testing.malformed_replies``), at seeded rates, so the client's
retry and error paths run for real.

The agent's requests carry no scenario, so the customer's opening message ends with a
``[task <domain>:<id>]`` marker: that is how the scripted agent knows which task it solves.
Where tasks share a scenario (τ² telecom), the customer first looks at its phone and names
the group of tasks that look so; the agent looks at the account, then knows the task and
names it in each handover (``taubench.testing.probes``).

It also plays the text-action agents (``act``, ``react``: recognised by the reply-format line
of their system prompt), answering ``[Thought: ...]\nAction: {json}``, and, with
``text_tool_calls``, a model that writes its tool calls as text (``[name(key=value)]``).

The user simulators beyond ``llm`` are served too, each recognised by a marker phrase of its
own prompts: the ``react`` user's answers come as Thought/User Response, the supervisor's
reviews (``verify``, ``reflection``) accept unless ``verifier_rejects`` says otherwise, and a
reflection request gets a reflection and the scripted customer's message as the revision.
Re-ask notes (flagged by the LLM user's note prefix) are skipped when the conversation is read.

It also plays the error analyst (``taubench.reporting.analysis``; recognised by the ``fault_attribution``
JSON schema of its ``response_format``, before any other role): the verdict follows from the
JSON facts under the request's fixed headings. A call of a tool no expected action uses is
agent/wrong_tool; a call no expected action matches in its arguments, agent/wrong_argument;
calls that are a strict prefix of the expected ones, agent/partial_goal; a conversation whose
last call failed or that ended on too many errors, environment; anything else, agent/other.
To give it something to find, ``agent_slip`` makes the scripted agent get its last gold call
wrong (``wrong_tool``: another of the request's tools, one the task does not use;
``wrong_argument``: one argument value changed), and the ``malformed_attribution`` fault cuts
an analyst's JSON answer in half.

Run ``python -m taubench scripted_server --port 8765`` and point the models' ``api_base`` at
the printed URL for a dry run.
"""

import argparse
import ast
import json
import random
import re
import signal
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Callable, Optional, Sequence

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from taubench.agents.oracle import DONE, DONE_WITH_INFO, HANDOVER
from taubench.agents.react import ACT_FORMAT, ACTION_PREFIX, OBSERVATION_PREFIX, REACT_FORMAT, RESPOND, THOUGHT_PREFIX
from taubench.core.domain import BaseDomain, DataError, DomainSpec
from taubench.core.plugins import PluginError
from taubench.core.tasks import GoldAction, Task
from taubench.domains import DOMAINS, load_domain, scriptable
from taubench.reporting.fault_attribution import (
    EXPECTED_ACTIONS_HEADING,
    OUTCOME_HEADING,
    SCHEMA_NAME,
    TOOL_CALLS_HEADING,
    read_block,
)
from taubench.testing.http_server import Exchange, HttpServer
from taubench.testing.malformed_replies import MALFORMED_REPLIES, SIGN_IN_PAGE, SIGN_IN_PATH, malformed_reply
from taubench.testing.probes import GROUP_PREFIX, ProbeIndexes, TaskProbes, calls_message, probes_of
from taubench.users.llm import NOTE_PREFIX, render_scenario
from taubench.users.oracle import CLOSING, DONE_ON_MY_SIDE, opening_request
from taubench.users.react import REACT_MARKER, RESPONSE_LABEL, THOUGHT_LABEL
from taubench.users.reflection import REFLECTION_LABEL, REFLECTION_MARKER, REVISION_LABEL
from taubench.users.verify import SUPERVISOR_MARKER

# the id runs to the first "]" that ends a word: τ² telecom ids hold brackets of their own
TASK_MARKER = re.compile(r"\[task ([^:\]\s]+):(\S+?)\](?=\s|$)")
JUDGE_MARKER = "Expected outcomes:"
FAULT_KINDS = (
    "rate_limit",
    "server_error",
    "timeout",
    "malformed_tool_call",
    "auth_error",
    "malformed_user_reply",
    "malformed_attribution",
    "malformed_reply",
)
AGENT_SLIPS = ("wrong_tool", "wrong_argument")
SCRIPTED_THOUGHT = "(scripted thought) I say what my scenario has me say next."
SCRIPTED_REFLECTION = "(scripted reflection) I keep to my scenario."


class Faults(BaseModel):
    """Misbehaviour to inject. Rates are probabilities per request; at most one fault hits a
    request, chosen by a single draw of a seeded generator."""

    model_config = ConfigDict(extra="forbid")

    latency_s: float = Field(0.0, ge=0, description="seconds added to every request")
    latency_jitter_s: float = Field(0.0, ge=0, description="latency varies uniformly by up to this much either way")
    rate_limit: float = Field(0.0, ge=0, le=1, description="rate of 429 answers (with Retry-After)")
    retry_after_s: float = Field(0.05, ge=0, description="the wait a 429 asks for, in seconds")
    server_error: float = Field(0.0, ge=0, le=1, description="rate of 500 answers")
    timeout: float = Field(0.0, ge=0, le=1, description="rate of requests held for timeout_s before the answer")
    timeout_s: float = Field(2.0, ge=0, description="how long a timed-out request is held, in seconds")
    malformed_tool_call: float = Field(
        0.0, ge=0, le=1, description="rate of agent tool calls whose arguments are broken JSON"
    )
    auth_error: float = Field(0.0, ge=0, le=1, description="rate of 401 answers (a refused key)")
    malformed_user_reply: float = Field(
        0.0, ge=0, le=1, description="rate of react-user answers that lose their User Response part"
    )
    malformed_attribution: float = Field(
        0.0, ge=0, le=1, description="rate of error-analysis answers cut in half (not JSON)"
    )
    malformed_reply: float = Field(
        0.0,
        ge=0,
        le=1,
        description="rate of replies that are no usable chat completion (any role; see --malformed-reply-kind)",
    )
    malformed_reply_kind: str = Field(
        "any", description=f"which: any (drawn by the seeded generator), or one of {', '.join(MALFORMED_REPLIES)}"
    )
    seed: int = Field(0, description="seed of the generator that decides the faults")

    @field_validator("malformed_reply_kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        if kind not in ("any", *MALFORMED_REPLIES):
            raise ValueError(f"unknown malformed_reply_kind {kind!r}; allowed: any, {', '.join(MALFORMED_REPLIES)}")
        return kind

    @model_validator(mode="after")
    def _one_fault_per_request(self) -> "Faults":
        if sum(getattr(self, kind) for kind in FAULT_KINDS) > 1 + 1e-9:
            raise ValueError(f"the fault rates ({', '.join(FAULT_KINDS)}) add up to more than 1")
        if self.latency_jitter_s > self.latency_s:
            raise ValueError("latency_jitter_s is larger than latency_s: latencies would go negative")
        return self


class FixedUsage(BaseModel):
    """Token counts to report on every answer instead of the character-based estimate."""

    prompt_tokens: int = Field(ge=0)
    completion_tokens: int = Field(ge=0)
    cached_tokens: int = Field(0, ge=0)


class BadRequest(Exception):
    """A request the script cannot answer: the client gets a 400 with this message."""


class ScriptedServer:
    """The server, started and stopped as a context manager. ``requests`` keeps every request
    body in arrival order (unless ``keep_requests`` is false, as for long dry runs);
    ``total_requests`` counts them and ``latency_total_s`` adds up the latency they were
    held for (also served as JSON on ``GET /stats``); ``counts`` the requests answered 200,
    per role (``agent``, ``user``, ``judge``, ``supervisor``, ``reflection``, ``analysis``, or
    ``custom`` when ``script`` answers); ``faults_injected`` the faults, per kind;
    ``connections_accepted`` and ``connections_open`` the TCP connections (HTTP/1.1
    keep-alive, as real providers: a client reuses one for many requests; one idle for
    ``idle_timeout_s`` is closed). ``verifier_rejects``: the supervisor rejects the
    first N candidates of every user turn (a turn is known by the conversation under review
    and the seed; reviews are counted as they arrive, answered or not). ``agent_slip``
    (``wrong_tool`` or ``wrong_argument``): the native tool-calling agent gets its last gold
    call wrong that way, for the error analysis to find.

    ``script`` (request body -> reply text) replaces the role logic; if it raises
    ``BadRequest`` the client gets a 400 with its message, any other exception a 500; it runs on
    the server's one event-loop thread (``taubench.testing.http_server``), so it must not block.
    Domains are loaded only when the role logic is used.
    """

    def __init__(
        self,
        domains: Optional[Sequence[str]] = None,  # None: every domain that needs no data_dir
        faults: Faults = Faults(),
        data_dirs: Optional[dict[str, Path]] = None,  # where a domain's data are, if not pinned (v1)
        script: Optional[Callable[[dict], str]] = None,
        judge_verdict: bool = True,
        usage: Optional[FixedUsage] = None,
        parallel_tool_calls: bool = False,
        text_tool_calls: bool = False,
        verifier_rejects: int = 0,
        agent_slip: Optional[str] = None,
        port: int = 0,
        keep_requests: bool = True,
        idle_timeout_s: float = 75.0,  # longer than any client pool keeps a connection idle (httpx: 5 s)
    ):
        if agent_slip is not None and agent_slip not in AGENT_SLIPS:
            raise ValueError(f"unknown agent_slip {agent_slip!r}; allowed: {', '.join(AGENT_SLIPS)}")
        self.faults = faults
        self.keep_requests = keep_requests
        self.script = script
        self.judge_verdict = judge_verdict
        self.usage = usage
        self.parallel_tool_calls = parallel_tool_calls
        self.text_tool_calls = text_tool_calls  # the native agent writes its calls as text
        self.verifier_rejects = verifier_rejects
        self.agent_slip = agent_slip  # the scripted agent's last gold call made wrong this way
        self._reviews: Counter = Counter()  # reviews received per (conversation under review, seed)
        self.requests: list[dict] = []
        self.total_requests = 0  # received, answered or not
        self.latency_total_s = 0.0
        self.counts: Counter = Counter()
        self.faults_injected: Counter = Counter()
        self.tasks: dict[tuple[str, str], Task] = {}  # (domain, task key) -> task
        self._scenarios: list[tuple[str, str, str]] = []  # rendered scenario, domain, task key
        self._domains: dict[str, BaseDomain] = {}
        self._probe_indexes = ProbeIndexes()  # for domains whose scenarios do not name their tasks
        for name in (scriptable() if domains is None else domains) if script is None else ():
            self._domains[name] = load_domain(name, (data_dirs or {}).get(name))
            for key, task in _tasks_by_key(self._domains[name]).items():
                self.tasks[name, key] = task
                self._scenarios.append((render_scenario(task.user_scenario), name, key))
        self._lock = threading.Lock()  # the state that other threads read (stats, requests)
        self._scenario_cache: dict[str, Optional[tuple[str, str]]] = {}  # system text -> (domain, task key)
        self._rng = random.Random(faults.seed)
        self.http = HttpServer(self._handle, port, idle_timeout_s)

    @property
    def port(self) -> int:
        return self.http.port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def stats(self) -> dict:
        """Requests received, the latency they were held for, answers per role, connections (``GET /stats``)."""
        with self._lock:
            return {
                "requests": self.total_requests,
                "latency_total_s": self.latency_total_s,
                "answered": dict(self.counts),
                "connections_accepted": self.http.connections_accepted,
                "connections_open": len(self.http.open),
            }

    def reset_counters(self) -> None:
        """Forget the requests, counts and faults so far (the fault generator keeps its state)."""
        with self._lock:
            self.requests.clear()
            self.total_requests = 0
            self.latency_total_s = 0.0
            self.http.connections_accepted = 0
            self.counts.clear()
            self.faults_injected.clear()

    def __enter__(self) -> "ScriptedServer":
        self.http.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.http.stop()  # requests still held are dropped: their connections close

    def _handle(self, exchange: Exchange) -> None:
        """Every request, on the HTTP loop's thread: the chat completions, /stats and the sign-in page."""
        path = exchange.path.rstrip("/")
        if exchange.method == "GET" and exchange.path == SIGN_IN_PATH:  # where a malformed_reply redirect leads
            exchange.answer(200, SIGN_IN_PAGE, {"Content-Type": "text/html"})
        elif exchange.method == "GET" and path == "/stats":
            _answer_json(exchange, 200, self.stats())
        elif exchange.method != "POST" or not path.endswith("/chat/completions"):
            _answer_json(
                exchange, 404, _error(f"no such endpoint: {exchange.method} {exchange.target}", "invalid_request_error")
            )
        else:
            try:
                body = json.loads(exchange.body)
            except ValueError:
                body = None
            if not isinstance(body, dict):
                _answer_json(exchange, 400, _error("the request body is not a JSON object", "invalid_request_error"))
                return
            self.serve(exchange, body)

    def serve(self, exchange: Exchange, body: dict) -> None:
        """One chat completion: held for the latency, then answered (or a fault)."""
        with self._lock:
            if self.keep_requests:
                self.requests.append(body)
            self.total_requests += 1
            number = self.total_requests
            draw = self._rng.random()
            latency = self.faults.latency_s
            if self.faults.latency_jitter_s:  # drawn only then: seeded fault sequences stay as they were
                latency += self.faults.latency_jitter_s * (2 * self._rng.random() - 1)
            self.latency_total_s += latency
        exchange.after(latency, lambda: self._answer(exchange, number, draw, body))

    def _answer(self, exchange: Exchange, number: int, draw: float, body: dict) -> None:
        try:
            role, message = self._reply(body)
        except BadRequest as exc:
            _answer_json(exchange, 400, _error(str(exc), "invalid_request_error"))
            return
        except Exception as exc:  # noqa: BLE001 - a failing script stands for a failing provider
            _answer_json(exchange, 500, _error(f"the scripted reply failed: {exc}", "server_error"))
            return
        fault = self._fault(draw, applicable=_breakable(role, message))
        if fault:
            with self._lock:
                self.faults_injected[fault] += 1
        if fault == "rate_limit":
            wait = self.faults.retry_after_s
            headers = {"Retry-After": f"{wait:g}", "retry-after-ms": f"{wait * 1000:g}"}
            _answer_json(exchange, 429, _error("scripted rate limit", "rate_limit_error"), headers)
            return
        if fault == "auth_error":
            _answer_json(exchange, 401, _error("scripted: invalid API key", "authentication_error"))
            return
        if fault == "server_error":
            _answer_json(exchange, 500, _error("scripted server error", "server_error"))
            return
        if fault == "timeout":

            def late() -> None:  # answered if the client still waits; if it gave up, never, and not counted
                if not exchange.gone:
                    self._complete(exchange, role, number, body, message)

            exchange.after(self.faults.timeout_s, late)
            return
        if fault == "malformed_tool_call":
            _malform(message)
        if fault == "malformed_user_reply":
            message["content"] = message["content"].partition(RESPONSE_LABEL)[0].rstrip()
        if fault == "malformed_attribution":
            message["content"] = message["content"][: len(message["content"]) // 2]
        if fault == "malformed_reply":
            reply = malformed_reply(self._malformed_kind(), self._completion(number, body, message))
            exchange.answer(reply.status, reply.body, reply.headers)
            return
        self._complete(exchange, role, number, body, message)

    def _complete(self, exchange: Exchange, role: str, number: int, body: dict, message: dict) -> None:
        with self._lock:
            self.counts[role] += 1
        _answer_json(exchange, 200, self._completion(number, body, message))

    def _malformed_kind(self) -> str:
        if self.faults.malformed_reply_kind != "any":
            return self.faults.malformed_reply_kind
        with self._lock:
            return self._rng.choice(MALFORMED_REPLIES)

    def _fault(self, draw: float, applicable: set[str]) -> Optional[str]:
        """The fault the request's draw falls on; a malformed_* fault needs an answer of its kind to break."""
        threshold = 0.0
        for kind in FAULT_KINDS:
            threshold += getattr(self.faults, kind)
            if draw < threshold:
                return kind if not kind.startswith("malformed_") or kind in applicable else None
        return None

    def _reply(self, body: dict) -> tuple[str, dict]:
        messages = body.get("messages") or []
        if self.script is not None:
            return "custom", _text_message(self.script(body))
        if ((body.get("response_format") or {}).get("json_schema") or {}).get("name") == SCHEMA_NAME:
            return "analysis", _attribution_message(messages)
        if body.get("tools") and self._scenario_of(messages) is not None:  # a customer with tools of their own
            return "user", self._user_message(_without_notes(messages))
        if body.get("tools"):
            named = ((tool.get("function") or {}).get("name") for tool in body["tools"])
            tool_names = [name for name in named if name is not None]
            message = self._agent_message(messages, tool_names)
            return "agent", _as_python_calls(message) if self.text_tool_calls else message
        if (reasoning := _text_agent_reasoning(messages)) is not None:
            return "agent", self._text_agent_message(messages, reasoning)
        if messages and JUDGE_MARKER in _text(messages[-1].get("content")):
            return "judge", self._judge_message(messages[-1])
        if (answered := self._user_strategy_message(messages, body)) is not None:
            return answered
        return "user", self._user_message(_without_notes(messages))

    def _scenario_of(self, messages: list[dict]) -> Optional[tuple[str, str]]:
        """(domain, task key) of the scenario in the system message, if it holds one. Looked
        up once per system text: every agent request asks it of the same policy."""
        system = "\n".join(_text(m.get("content")) for m in messages if m.get("role") == "system")
        if system not in self._scenario_cache:
            found = [(len(scenario), name, key) for scenario, name, key in self._scenarios if scenario in system]
            if len(self._scenario_cache) >= 4096:
                self._scenario_cache.clear()
            # the longest: a scenario without a persona is part of the same one with a persona
            self._scenario_cache[system] = max(found, key=lambda match: match[0])[1:] if found else None
        return self._scenario_cache[system]

    def _user_message(self, messages: list[dict]) -> dict:
        """Opens with the request and a task marker, then closes, as the oracle user does; in
        a task where the customer acts too, each handover from the agent is answered with the
        customer's next gold calls, one at a time, then "done on my side"."""
        found = self._scenario_of(messages)
        if found is None:
            raise BadRequest(
                "scripted user: the system message holds no known task scenario "
                f"(domains served: {', '.join(sorted({name for name, _ in self.tasks})) or 'none'})"
            )
        task = self.tasks[found]
        spoken_to = [i for i, m in enumerate(messages) if m.get("role") == "user"]  # the agent's words
        probes = probes_of(self._domains[found[0]])
        if probes is not None:  # the scenario does not say which task: look at the phone, then open
            opened = any(m.get("role") == "assistant" and _text(m.get("content")).strip() for m in messages)
            if not opened:
                return self._probing_opening(found[0], task, probes, messages)
            named = [TASK_MARKER.search(_text(messages[i].get("content"))) for i in spoken_to]
            task = next((self.tasks[marker[1], marker[2]] for marker in reversed(named) if marker), task)
        elif not any(m.get("role") == "assistant" for m in messages):  # the customer's own turns, role-flipped
            return _text_message(f"{opening_request(task.user_scenario.instructions)} [task {found[0]}:{found[1]}]")
        handovers = sum(_text(messages[i].get("content")).startswith(HANDOVER) for i in spoken_to)
        if not handovers or not _text(messages[spoken_to[-1]].get("content")).startswith(HANDOVER):
            return _text_message(CLOSING)
        block = [actions for requestor, actions in _blocks(task.gold_actions) if requestor == "user"][handovers - 1]
        made = sum(len(m.get("tool_calls") or []) for m in messages[spoken_to[-1] :] if m.get("role") == "assistant")
        if made >= len(block):
            return _text_message(DONE_ON_MY_SIDE)
        function = {"name": block[made].name, "arguments": json.dumps(block[made].arguments)}
        return {
            "content": None,
            "tool_calls": [{"id": f"user_call_{handovers}_{made}", "type": "function", "function": function}],
        }

    def _probing_opening(self, name: str, task: Task, probes: TaskProbes, messages: list[dict]) -> dict:
        """The customer's probes, then the request with a marker naming the group of tasks
        that show what the probes showed."""
        seen = [_text(m.get("content")) for m in messages if m.get("role") == "tool"]
        calls = probes.user_calls(seen)
        if len(seen) < len(calls):
            return calls_message(calls[len(seen) :], f"look_{len(seen)}")
        index = self._probe_indexes.of(name, self._domains[name], probes)
        group = index.group(render_scenario(task.user_scenario), seen)
        if group is None:
            raise BadRequest(f"scripted user: no {name} task shows what the probes showed")
        return _text_message(f"{opening_request(task.user_scenario.instructions)} [task {name}:{GROUP_PREFIX}{group}]")

    def _user_strategy_message(self, messages: list[dict], body: dict) -> Optional[tuple[str, dict]]:
        """The role and answer of a supervisor review, a reflection or a react-user request;
        None for any other request."""
        system = "\n".join(_text(m.get("content")) for m in messages if m.get("role") == "system")
        if SUPERVISOR_MARKER in system:
            with self._lock:
                seen = self._reviews[system, body.get("seed")]
                self._reviews[system, body.get("seed")] += 1
            accept = seen >= self.verifier_rejects
            return "supervisor", _text_message(
                json.dumps({"accept": accept, "reason": f"scripted {'acceptance' if accept else 'rejection'}."})
            )
        if messages and REFLECTION_MARKER in _text(messages[-1].get("content")):
            reply = self._user_message(_without_notes(messages))["content"]
            return "reflection", _text_message(f"{REFLECTION_LABEL}\n{SCRIPTED_REFLECTION}\n{REVISION_LABEL}\n{reply}")
        if REACT_MARKER in system:
            reply = self._user_message(_without_notes(messages))["content"]
            return "user", _text_message(f"{THOUGHT_LABEL}\n{SCRIPTED_THOUGHT}\n{RESPONSE_LABEL}\n{reply}")
        return None

    def _agent_message(self, messages: list[dict], tool_names: list[str]) -> dict:
        marker = self._marker(messages)
        looks, handover = 0, HANDOVER
        if marker[2].startswith(GROUP_PREFIX):  # the customer named a group: look at the account first
            probes = probes_of(self._domains[marker[1]])
            assert probes is not None  # a group is named only in a domain with probes
            seen = [_text(m.get("content")) for m in messages if m.get("role") == "tool"][: len(probes.agent)]
            if len(seen) < len(probes.agent):
                return calls_message(probes.agent, "account")
            index = self._probe_indexes.of(marker[1], self._domains[marker[1]], probes)
            task = index.task(int(marker[2].removeprefix(GROUP_PREFIX)), seen)
            if task is None:
                raise BadRequest(f"scripted agent: no {marker[1]} task of {marker[2]} shows what the account showed")
            looks, handover = len(probes.agent), f"{HANDOVER} [task {marker[1]}:{task.id}]"
        else:
            task = self._marked_task(messages)
        pending = [action for action in task.gold_actions if action.requestor == "assistant"]
        earlier = [call for m in messages if m.get("role") == "assistant" for call in m.get("tool_calls") or []][looks:]
        done = sum(_is_json_object((call.get("function") or {}).get("arguments")) for call in earlier)
        handovers = sum(m.get("role") == "assistant" and _text(m.get("content")).startswith(HANDOVER) for m in messages)
        rest = _agents_turn(task.gold_actions, done, handovers)
        if rest is None:
            return _text_message(_report(task))
        if rest == HANDOVER:
            return _text_message(handover)
        taken = {call.get("id") for call in earlier}
        batch = rest[: 2 if self.parallel_tool_calls else 1]
        calls = []
        for n, action in enumerate(batch, start=done):
            if self.agent_slip and n == len(pending) - 1:
                action = _slipped(
                    action, self.agent_slip, [name for name in tool_names if name not in {a.name for a in pending}]
                )
            function = {"name": action.name, "arguments": json.dumps(action.arguments)}
            calls.append({"id": _fresh_id(n, taken), "type": "function", "function": function})
        return {"content": None, "tool_calls": calls}

    def _text_agent_message(self, messages: list[dict], reasoning: bool) -> dict:
        """The next gold action as a text action; progress is the number of tool results
        (``API output:`` messages) the agent has seen."""
        task = self._marked_task(messages)
        pending = [action for action in task.gold_actions if action.requestor == "assistant"]
        done = sum(_text(m.get("content")).startswith(OBSERVATION_PREFIX) for m in messages if m.get("role") == "user")
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
        return _text_message(f"{THOUGHT_PREFIX} {thought}\n{line}" if reasoning else line)

    def _marker(self, messages: list[dict]) -> re.Match:
        first_user = next((_text(m.get("content")) for m in messages if m.get("role") == "user"), "")
        marker = TASK_MARKER.search(first_user)
        if marker is None:
            raise BadRequest(
                "scripted agent: no [task <domain>:<id>] marker in the first user message; "
                "the scripted agent only serves conversations opened by the scripted user"
            )
        return marker

    def _marked_task(self, messages: list[dict]) -> Task:
        marker = self._marker(messages)
        task = self.tasks.get((marker[1], marker[2]))
        if task is None:
            raise BadRequest(f"scripted agent: unknown task {marker[1]}:{marker[2]} (not in the domains served)")
        return task

    def _judge_message(self, last: dict) -> dict:
        try:
            expected = ast.literal_eval(_text(last.get("content")).rsplit(JUDGE_MARKER, 1)[1].strip())
        except (IndexError, ValueError, SyntaxError):
            expected = None
        if not isinstance(expected, list):
            raise BadRequest("scripted judge: no Python list of outcomes after 'Expected outcomes:'")
        results = [
            {"expectedOutcome": outcome, "reasoning": "scripted", "metExpectation": self.judge_verdict}
            for outcome in expected
        ]
        return _text_message(json.dumps({"results": results}))

    def _completion(self, number: int, body: dict, message: dict) -> dict:
        return {
            "id": f"chatcmpl-scripted-{number}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "scripted"),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", **message},
                    "finish_reason": "tool_calls" if message["tool_calls"] else "stop",
                }
            ],
            "usage": self._usage(body, message),
        }

    def _usage(self, body: dict, message: dict) -> dict:
        """Fixed counts if given; else about four characters a token, deterministically."""
        if self.usage:
            fixed = self.usage
            prompt, completion, cached = fixed.prompt_tokens, fixed.completion_tokens, fixed.cached_tokens
        else:
            prompt = (len(json.dumps(body.get("messages") or [])) + len(json.dumps(body.get("tools") or []))) // 4
            reply = json.dumps(message["tool_calls"]) if message["tool_calls"] else message["content"]
            completion, cached = max(1, len(reply) // 4), 0
        return {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": cached},
        }


def _tasks_by_key(domain: BaseDomain) -> dict[str, Task]:
    """Every task of every split. τ²-bench ids are unique across splits; τ-bench v1 numbers
    each split from 0, so its keys name the split too (``test/3``)."""
    if isinstance(domain.spec, DomainSpec):
        return dict(domain.tasks)
    return {f"{split}/{task_id}": task for split in domain.splits for task_id, task in domain.tasks_in(split).items()}


def _answer_json(exchange: Exchange, status: int, payload: dict, headers: Optional[dict] = None) -> None:
    exchange.answer(status, json.dumps(payload).encode(), headers)


def _text(content) -> str:
    """A message's text, whether sent as a string or as a list of content parts."""
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content if isinstance(content, str) else ""


def _text_message(text: str) -> dict:
    return {"content": text, "tool_calls": None}


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


def _blocks(actions: list[GoldAction]) -> list[tuple[str, list[GoldAction]]]:
    """The gold actions as runs of one side's consecutive calls."""
    blocks: list[tuple[str, list[GoldAction]]] = []
    for action in actions:
        if blocks and blocks[-1][0] == action.requestor:
            blocks[-1][1].append(action)
        else:
            blocks.append((action.requestor, [action]))
    return blocks


def _agents_turn(actions: list[GoldAction], calls_made: int, handovers: int):
    """What the scripted agent does next: the rest of its current run of gold calls, a
    handover to the customer when theirs come next, or None once everything is done."""
    for requestor, block in _blocks(actions):
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


def _text_agent_reasoning(messages: list[dict]) -> Optional[bool]:
    """True for a ``react`` request, False for ``act``, None for any other."""
    system = "\n".join(_text(m.get("content")) for m in messages if m.get("role") == "system")
    return True if REACT_FORMAT in system else False if ACT_FORMAT in system else None


def _as_python_calls(message: dict) -> dict:
    """Tool calls moved into the text as ``[name(key=value, ...)]``, as models served
    without a tool-call parser write them."""
    if not message["tool_calls"]:
        return message
    calls = []
    for call in message["tool_calls"]:
        arguments = json.loads(call["function"]["arguments"])
        calls.append(f"{call['function']['name']}({', '.join(f'{key}={value!r}' for key, value in arguments.items())})")
    return _text_message(f"[{', '.join(calls)}]")


def _malformable(message: dict) -> bool:
    return bool(message["tool_calls"]) or ACTION_PREFIX in (message["content"] or "")


def _malform(message: dict) -> None:
    """Cut tool-call arguments, or a text action's JSON, in half: never a whole JSON object."""
    for call in message["tool_calls"] or []:
        arguments = call["function"]["arguments"]
        call["function"]["arguments"] = arguments[: len(arguments) // 2]
    if not message["tool_calls"]:
        head, prefix, action = message["content"].rpartition(ACTION_PREFIX)
        message["content"] = head + prefix + action[: len(action) // 2]


def _breakable(role: str, message: dict) -> set[str]:
    """The malformed_* faults that can hit this answer."""
    kinds = {"malformed_tool_call"} if _malformable(message) else set()
    if role == "user" and RESPONSE_LABEL in (message["content"] or ""):
        kinds.add("malformed_user_reply")
    if role == "analysis":
        kinds.add("malformed_attribution")
    return kinds | {"malformed_reply"}


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


def _attribution_message(messages: list[dict]) -> dict:
    """The scripted analyst's verdict (the rule in the module docstring), read from the JSON
    facts under the fixed headings of the request's last message."""
    request = _text(messages[-1].get("content")) if messages else ""
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
    return _text_message(
        json.dumps({"fault": fault, "fault_type": fault_type, "explanation": f"(scripted) {explanation}"})
    )


def _without_notes(messages: list[dict]) -> list[dict]:
    """A user simulator's context without its re-asks: each note flagged as not from the
    agent goes, with the unsent answer before it."""
    kept: list[dict] = []
    for message in messages:
        if message.get("role") == "user" and _text(message.get("content")).startswith(NOTE_PREFIX):
            if kept and kept[-1].get("role") == "assistant":
                kept.pop()
            continue
        kept.append(message)
    return kept


def _error(message: str, kind: str) -> dict:
    return {"error": {"message": message, "type": kind, "code": kind}}


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m taubench scripted_server",
        description="Serve scripted chat completions (customer, agent, judge) on 127.0.0.1 for dry runs.",
    )
    parser.add_argument("--port", type=int, default=8765, help="port to listen on; 0 picks a free one")
    parser.add_argument("--domains", nargs="+", default=scriptable(), choices=list(DOMAINS))
    parser.add_argument(
        "--data-dir",
        action="append",
        default=[],
        metavar="DOMAIN=PATH",
        help="data of a domain not pinned (v1), repeatable",
    )
    for name, field in Faults.model_fields.items():
        option = f"--{name.replace('_', '-')}"
        parser.add_argument(option, type=type(field.default), default=field.default, help=field.description)
    parser.add_argument("--judge-verdict", choices=["met", "unmet"], default="met", help="the verdict on every outcome")
    parser.add_argument("--parallel-tool-calls", action="store_true", help="the agent makes two gold calls per message")
    parser.add_argument(
        "--text-tool-calls", action="store_true", help="the agent writes its calls as text: [name(k=v)]"
    )
    parser.add_argument("--verifier-rejects", type=int, default=0, help="supervisor reviews rejected per user turn")
    parser.add_argument("--agent-slip", choices=AGENT_SLIPS, help="the agent gets its last gold call wrong this way")
    parser.add_argument(
        "--idle-timeout-s", type=float, default=75.0, help="a kept-alive connection idle this long is closed"
    )
    args = parser.parse_args(argv)
    try:
        faults = Faults(**{name: getattr(args, name) for name in Faults.model_fields})
    except ValidationError as exc:
        parser.error("; ".join(f"{'.'.join(map(str, e['loc'])) or 'faults'}: {e['msg']}" for e in exc.errors()))
    try:
        server = ScriptedServer(
            domains=args.domains,
            data_dirs={name: Path(path).expanduser() for name, path in (item.split("=", 1) for item in args.data_dir)},
            faults=faults,
            judge_verdict=args.judge_verdict == "met",
            parallel_tool_calls=args.parallel_tool_calls,
            text_tool_calls=args.text_tool_calls,
            verifier_rejects=args.verifier_rejects,
            agent_slip=args.agent_slip,
            port=args.port,
            keep_requests=False,
            idle_timeout_s=args.idle_timeout_s,
        )
    except (DataError, OSError, PluginError) as exc:  # PluginError: a domain chosen whose package cannot be loaded
        parser.exit(2, f"scripted server: {exc}\n")
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # SIGTERM stops it as Ctrl-C does
    with server:
        try:  # the prints too: a SIGTERM sent as soon as the URL is read may land on the second
            print(server.url, flush=True)
            print(
                f"serving {', '.join(args.domains)} scripted completions; Ctrl-C to stop", file=sys.stderr, flush=True
            )
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

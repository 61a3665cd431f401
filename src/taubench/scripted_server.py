"""A scripted OpenAI-compatible chat-completions server on 127.0.0.1, for tests and dry runs.

It plays every role a run needs, with no model behind it: the simulated customer (states the
task's request, then ends the conversation), the agent (calls the task's gold actions one at a
time, then reports like the oracle agent) and the NL-assertion judge (a fixed verdict). It can
also misbehave the way real providers do (latency, 429 with Retry-After, 500, requests that
hang past the client's timeout, tool calls with broken JSON arguments), at seeded rates, so
the client's retry and error paths run for real.

The agent's requests carry no scenario, so the customer's opening message ends with a
``[task <domain>:<id>]`` marker: that is how the scripted agent knows which task it solves.

Run ``python -m taubench.scripted_server --port 8765`` and point the models' ``api_base`` at
the printed URL for a dry run.
"""

import argparse
import ast
import json
import random
import re
import select
import signal
import socket
import sys
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Optional, Sequence

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from taubench.agents.oracle import DONE, DONE_WITH_INFO
from taubench.domain import DataError
from taubench.domains import DOMAINS, load_domain
from taubench.tasks import Task
from taubench.users.llm import render_scenario
from taubench.users.oracle import CLOSING, opening_request

TASK_MARKER = re.compile(r"\[task ([^:\]\s]+):([^\]\s]+)\]")
JUDGE_MARKER = "Expected outcomes:"
FAULT_KINDS = ("rate_limit", "server_error", "timeout", "malformed_tool_call", "auth_error")


class Faults(BaseModel):
    """Misbehaviour to inject. Rates are probabilities per request; at most one fault hits a
    request, chosen by a single draw of a seeded generator."""

    model_config = ConfigDict(extra="forbid")

    latency_s: float = Field(0.0, ge=0, description="seconds added to every request")
    rate_limit: float = Field(0.0, ge=0, le=1, description="rate of 429 answers (with Retry-After)")
    retry_after_s: float = Field(0.05, ge=0, description="the wait a 429 asks for, in seconds")
    server_error: float = Field(0.0, ge=0, le=1, description="rate of 500 answers")
    timeout: float = Field(0.0, ge=0, le=1, description="rate of requests held for timeout_s before the answer")
    timeout_s: float = Field(2.0, ge=0, description="how long a timed-out request is held, in seconds")
    malformed_tool_call: float = Field(
        0.0, ge=0, le=1, description="rate of agent tool calls whose arguments are broken JSON"
    )
    auth_error: float = Field(0.0, ge=0, le=1, description="rate of 401 answers (a refused key)")
    seed: int = Field(0, description="seed of the generator that decides the faults")

    @model_validator(mode="after")
    def _one_fault_per_request(self) -> "Faults":
        if sum(getattr(self, kind) for kind in FAULT_KINDS) > 1 + 1e-9:
            raise ValueError(f"the fault rates ({', '.join(FAULT_KINDS)}) add up to more than 1")
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
    body in arrival order; ``counts`` the requests answered 200, per role (``agent``, ``user``,
    ``judge``, or ``custom`` when ``script`` answers); ``faults_injected`` the faults, per kind.

    ``script`` (request body -> reply text) replaces the role logic; if it raises
    ``BadRequest`` the client gets a 400 with its message, any other exception a 500. Domains are loaded only when the role logic is used.
    """

    def __init__(
        self,
        domains: Sequence[str] = ("retail", "airline"),
        faults: Faults = Faults(),
        script: Optional[Callable[[dict], str]] = None,
        judge_verdict: bool = True,
        usage: Optional[FixedUsage] = None,
        parallel_tool_calls: bool = False,
        port: int = 0,
    ):
        self.faults = faults
        self.script = script
        self.judge_verdict = judge_verdict
        self.usage = usage
        self.parallel_tool_calls = parallel_tool_calls
        self.requests: list[dict] = []
        self.counts: Counter = Counter()
        self.faults_injected: Counter = Counter()
        self.tasks: dict[tuple[str, str], Task] = {}
        self._scenarios: list[tuple[str, str, Task]] = []  # rendered scenario, domain, task
        for name in domains if script is None else ():
            for task in load_domain(name).tasks.values():
                self.tasks[name, task.id] = task
                self._scenarios.append((render_scenario(task.user_scenario), name, task))
        self._lock = threading.Lock()
        self._rng = random.Random(faults.seed)
        self._closing = threading.Event()  # wakes requests held by latency or a timeout fault
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), _Handler)  # daemon threads: exit never waits
        self.httpd.scripted = self
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    @property
    def total_requests(self) -> int:
        """Requests received, answered or not."""
        return len(self.requests)

    def reset_counters(self) -> None:
        """Forget the requests, counts and faults so far (the fault generator keeps its state)."""
        with self._lock:
            self.requests.clear()
            self.counts.clear()
            self.faults_injected.clear()

    def __enter__(self) -> "ScriptedServer":
        self._thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self._closing.set()
        self.httpd.shutdown()
        self.httpd.server_close()

    def serve(self, handler: "_Handler", body: dict) -> None:
        """One request, from arrival to answer, on the handler's thread."""
        with self._lock:
            self.requests.append(body)
            number = len(self.requests)
            draw = self._rng.random()
        if self.faults.latency_s and self._closing.wait(self.faults.latency_s):
            return
        try:
            role, message = self._reply(body)
        except BadRequest as exc:
            handler.send_json(400, _error(str(exc), "invalid_request_error"))
            return
        except Exception as exc:  # noqa: BLE001 - a failing script stands for a failing provider
            handler.send_json(500, _error(f"the scripted reply failed: {exc}", "server_error"))
            return
        fault = self._fault(draw, applicable=bool(message["tool_calls"]))
        if fault:
            with self._lock:
                self.faults_injected[fault] += 1
        if fault == "rate_limit":
            wait = self.faults.retry_after_s
            headers = {"Retry-After": f"{wait:g}", "retry-after-ms": f"{wait * 1000:g}"}
            handler.send_json(429, _error("scripted rate limit", "rate_limit_error"), headers)
            return
        if fault == "auth_error":
            handler.send_json(401, _error("scripted: invalid API key", "authentication_error"))
            return
        if fault == "server_error":
            handler.send_json(500, _error("scripted server error", "server_error"))
            return
        if fault == "timeout" and (self._closing.wait(self.faults.timeout_s) or _client_gone(handler.connection)):
            return  # nobody is waiting for the answer any more: it is not counted as answered
        if fault == "malformed_tool_call":
            for call in message["tool_calls"]:
                arguments = call["function"]["arguments"]
                call["function"]["arguments"] = arguments[: len(arguments) // 2]  # never a whole JSON object
        with self._lock:
            self.counts[role] += 1
        handler.send_json(200, self._completion(number, body, message))

    def _fault(self, draw: float, applicable: bool) -> Optional[str]:
        """The fault the request's draw falls on; a malformed tool call needs tool calls to break."""
        threshold = 0.0
        for kind in FAULT_KINDS:
            threshold += getattr(self.faults, kind)
            if draw < threshold:
                return kind if kind != "malformed_tool_call" or applicable else None
        return None

    def _reply(self, body: dict) -> tuple[str, dict]:
        messages = body.get("messages") or []
        if self.script is not None:
            return "custom", _text_message(self.script(body))
        if body.get("tools"):
            return "agent", self._agent_message(messages)
        if messages and JUDGE_MARKER in _text(messages[-1].get("content")):
            return "judge", self._judge_message(messages[-1])
        return "user", self._user_message(messages)

    def _user_message(self, messages: list[dict]) -> dict:
        system = "\n".join(_text(m.get("content")) for m in messages if m.get("role") == "system")
        found = next(((name, task) for scenario, name, task in self._scenarios if scenario in system), None)
        if found is None:
            raise BadRequest(
                "scripted user: the system message holds no known task scenario "
                f"(domains served: {', '.join(sorted({name for name, _ in self.tasks})) or 'none'})"
            )
        name, task = found
        if any(m.get("role") == "assistant" for m in messages):  # the customer's own turns, role-flipped
            return _text_message(CLOSING)
        return _text_message(f"{opening_request(task.user_scenario.instructions)} [task {name}:{task.id}]")

    def _agent_message(self, messages: list[dict]) -> dict:
        task = self._marked_task(messages)
        pending = [action for action in task.gold_actions if action.requestor == "assistant"]
        earlier = [call for m in messages if m.get("role") == "assistant" for call in m.get("tool_calls") or []]
        done = sum(_is_json_object((call.get("function") or {}).get("arguments")) for call in earlier)
        if done >= len(pending):
            info = task.communicate_info
            return _text_message(DONE_WITH_INFO + "\n".join(info) if info else DONE)
        taken = {call.get("id") for call in earlier}
        batch = pending[done : done + (2 if self.parallel_tool_calls else 1)]
        calls = [
            {
                "id": _fresh_id(n, taken),
                "type": "function",
                "function": {"name": action.name, "arguments": json.dumps(action.arguments)},
            }
            for n, action in enumerate(batch, start=done)
        ]
        return {"content": None, "tool_calls": calls}

    def _marked_task(self, messages: list[dict]) -> Task:
        first_user = next((_text(m.get("content")) for m in messages if m.get("role") == "user"), "")
        marker = TASK_MARKER.search(first_user)
        if marker is None:
            raise BadRequest(
                "scripted agent: no [task <domain>:<id>] marker in the first user message; "
                "the scripted agent only serves conversations opened by the scripted user"
            )
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


class _Handler(BaseHTTPRequestHandler):
    server: ThreadingHTTPServer

    def do_POST(self) -> None:
        if not self.path.split("?")[0].rstrip("/").endswith("/chat/completions"):
            self.send_json(404, _error(f"no such endpoint: POST {self.path}", "invalid_request_error"))
            return
        try:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
        except ValueError:
            body = None
        if not isinstance(body, dict):
            self.send_json(400, _error("the request body is not a JSON object", "invalid_request_error"))
            return
        self.server.scripted.serve(self, body)

    def send_json(self, status: int, payload: dict, headers: Optional[dict] = None) -> None:
        data = json.dumps(payload).encode()
        try:
            self.send_response(status)
            headers = {"Content-Type": "application/json", "Content-Length": str(len(data)), **(headers or {})}
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up on this request

    def log_message(self, *args) -> None:
        pass


def _client_gone(connection: socket.socket) -> bool:
    """Whether the client closed its end (as one that timed out does) while we held its request."""
    try:
        readable, _, _ = select.select([connection], [], [], 0)
        return bool(readable) and connection.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True


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


def _error(message: str, kind: str) -> dict:
    return {"error": {"message": message, "type": kind, "code": kind}}


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m taubench.scripted_server",
        description="Serve scripted chat completions (customer, agent, judge) on 127.0.0.1 for dry runs.",
    )
    parser.add_argument("--port", type=int, default=8765, help="port to listen on; 0 picks a free one")
    parser.add_argument("--domains", nargs="+", default=["retail", "airline"], choices=sorted(DOMAINS))
    for name, field in Faults.model_fields.items():
        option = f"--{name.replace('_', '-')}"
        parser.add_argument(option, type=type(field.default), default=field.default, help=field.description)
    parser.add_argument("--judge-verdict", choices=["met", "unmet"], default="met", help="the verdict on every outcome")
    parser.add_argument("--parallel-tool-calls", action="store_true", help="the agent makes two gold calls per message")
    args = parser.parse_args(argv)
    try:
        faults = Faults(**{name: getattr(args, name) for name in Faults.model_fields})
    except ValidationError as exc:
        parser.error("; ".join(f"{'.'.join(map(str, e['loc'])) or 'faults'}: {e['msg']}" for e in exc.errors()))
    try:
        server = ScriptedServer(
            domains=args.domains,
            faults=faults,
            judge_verdict=args.judge_verdict == "met",
            parallel_tool_calls=args.parallel_tool_calls,
            port=args.port,
        )
    except (DataError, OSError) as exc:
        parser.exit(2, f"scripted server: {exc}\n")
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # SIGTERM stops it as Ctrl-C does
    with server:
        print(server.url, flush=True)
        print(f"serving {', '.join(args.domains)} scripted completions; Ctrl-C to stop", file=sys.stderr, flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A scripted OpenAI-compatible chat-completions server on 127.0.0.1, for tests and dry runs.

It plays every role a run needs, with no model behind it: the simulated customer and the
user simulators built on it, the agent (the task's gold actions, then the oracle's report),
the NL-assertion judge and the error analyst. Each request says who asks in its
``X-Taubench-Caller`` header (taubench sends it where ``provider.label_requests`` is on, as
``provider=scripted`` sets it); what each caller is answered: ``taubench.testing.scripted_replies``.
A request without one gets a 400 naming the header and the callers served, unless the
server was started with a ``default_caller`` for clients that send none.

It can also misbehave the way real providers do (``taubench.testing.faults``), at seeded
rates, so the client's retry and error paths run for real. This module is the server: HTTP
routes (``taubench.testing.http_server`` underneath), latency, faults, counters and the command.

Run ``python -m taubench scripted_server --port 8765`` and point the models' ``api_base`` at
the printed URL for a dry run.
"""

import argparse
import json
import random
import signal
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Callable, Optional, Sequence

from pydantic import BaseModel, Field, ValidationError

from taubench.core.domain import DataError
from taubench.core.plugins import PluginError
from taubench.domains import DOMAINS, scriptable
from taubench.models.client import CALLER_HEADER
from taubench.testing.faults import Faults, break_in_place, breakable
from taubench.testing.http_server import Exchange, HttpServer
from taubench.testing.malformed_replies import MALFORMED_REPLIES, SIGN_IN_PAGE, SIGN_IN_PATH, malformed_reply
from taubench.testing.scripted_agent import SLIPS
from taubench.testing.scripted_replies import CALLERS, ScriptedReplies
from taubench.testing.scripted_tasks import BadRequest, TaskBook, text_message

__all__ = ["BadRequest", "Faults", "FixedUsage", "ScriptedServer", "main"]


class FixedUsage(BaseModel):
    """Token counts to report on every answer instead of the character-based estimate."""

    prompt_tokens: int = Field(ge=0)
    completion_tokens: int = Field(ge=0)
    cached_tokens: int = Field(0, ge=0)


class ScriptedServer:
    """The server, started and stopped as a context manager. ``requests`` keeps every request
    body in arrival order (unless ``keep_requests`` is false, as for long dry runs);
    ``total_requests`` counts them, ``callers`` counts them per caller label (``None``: sent
    none) and ``latency_total_s`` adds up the latency they were held for (also served as
    JSON on ``GET /stats``); ``counts`` the requests answered 200, per role (``agent``,
    ``user``, ``judge``, ``supervisor``, ``reflection``, ``analysis``, or ``custom`` when
    ``script`` answers); ``faults_injected`` the faults, per kind; ``connections_accepted``
    and ``connections_open`` the TCP connections (HTTP/1.1 keep-alive, as real providers: a
    client reuses one for many requests; one idle for ``idle_timeout_s`` is closed).
    ``verifier_rejects``: the supervisor rejects the first N candidates of every user turn (a
    turn is known by the conversation under review and the seed). ``agent_slip``
    (``wrong_tool`` or ``wrong_argument``): the native tool-calling agent gets its last gold
    call wrong that way, for the error analysis to find. ``default_caller``: the caller a
    request without a label is answered as (one of ``CALLERS``), for clients that cannot
    send one (a plain OpenAI client, a command that builds its model from bare flags).

    ``script`` (request body -> reply text) replaces the role logic and answers any request,
    labelled or not; if it raises ``BadRequest`` the client gets a 400 with its message, any
    other exception a 500; it runs on the server's one event-loop thread
    (``taubench.testing.http_server``), so it must not block. Domains are loaded only when
    the role logic is used.
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
        default_caller: Optional[str] = None,
        port: int = 0,
        keep_requests: bool = True,
        idle_timeout_s: float = 75.0,  # longer than any client pool keeps a connection idle (httpx: 5 s)
    ):
        if agent_slip is not None and agent_slip not in SLIPS:
            raise ValueError(f"unknown agent_slip {agent_slip!r}; allowed: {', '.join(SLIPS)}")
        if default_caller is not None and default_caller not in CALLERS:
            raise ValueError(f"unknown default_caller {default_caller!r}; allowed: {', '.join(CALLERS)}")
        self.faults = faults
        self.keep_requests = keep_requests
        self.script = script
        self.usage = usage
        self.default_caller = default_caller
        self.replies: Optional[ScriptedReplies] = None
        if script is None:
            book = TaskBook(domains, data_dirs)
            self.replies = ScriptedReplies(
                book, judge_verdict, parallel_tool_calls, text_tool_calls, verifier_rejects, agent_slip
            )
        self.requests: list[dict] = []
        self.total_requests = 0  # received, answered or not
        self.callers: Counter = Counter()
        self.latency_total_s = 0.0
        self.counts: Counter = Counter()
        self.faults_injected: Counter = Counter()
        self._lock = threading.Lock()  # the state that other threads read (stats, requests)
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
            self.callers.clear()
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
        caller = exchange.headers.get(CALLER_HEADER.lower())  # the HTTP layer lower-cases header names
        with self._lock:
            if self.keep_requests:
                self.requests.append(body)
            self.total_requests += 1
            self.callers[caller] += 1
            number = self.total_requests
            draw = self._rng.random()
            latency = self.faults.latency_s
            if self.faults.latency_jitter_s:  # drawn only then: seeded fault sequences stay as they were
                latency += self.faults.latency_jitter_s * (2 * self._rng.random() - 1)
            self.latency_total_s += latency
        exchange.after(latency, lambda: self._answer(exchange, number, draw, caller or self.default_caller, body))

    def _answer(self, exchange: Exchange, number: int, draw: float, caller: Optional[str], body: dict) -> None:
        try:
            if self.replies is None:
                assert self.script is not None  # the role logic is built whenever there is no script
                role, message = "custom", text_message(self.script(body))
            else:
                role, message = self.replies.reply(caller, body)
        except BadRequest as exc:
            _answer_json(exchange, 400, _error(str(exc), "invalid_request_error"))
            return
        except Exception as exc:  # noqa: BLE001 - a failing script stands for a failing provider
            _answer_json(exchange, 500, _error(f"the scripted reply failed: {exc}", "server_error"))
            return
        fault = self.faults.drawn(draw, applicable=breakable(role, message))
        if fault:
            with self._lock:
                self.faults_injected[fault] += 1
        if fault == "rate_limit":
            wait = self.faults.retry_after_s
            headers = {"Retry-After": f"{wait:g}", "retry-after-ms": f"{wait * 1000:g}"}
            _answer_json(exchange, 429, _error("scripted rate limit", "rate_limit_error"), headers)
        elif fault == "auth_error":
            _answer_json(exchange, 401, _error("scripted: invalid API key", "authentication_error"))
        elif fault == "server_error":
            _answer_json(exchange, 500, _error("scripted server error", "server_error"))
        elif fault == "timeout":

            def late() -> None:  # answered if the client still waits; if it gave up, never, and not counted
                if not exchange.gone:
                    self._complete(exchange, role, number, body, message)

            exchange.after(self.faults.timeout_s, late)
        elif fault == "malformed_reply":
            reply = malformed_reply(self._malformed_kind(), self._completion(number, body, message))
            exchange.answer(reply.status, reply.body, reply.headers)
        else:
            if fault:
                break_in_place(fault, message)
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


def _answer_json(exchange: Exchange, status: int, payload: dict, headers: Optional[dict] = None) -> None:
    exchange.answer(status, json.dumps(payload).encode(), headers)


def _error(message: str, kind: str) -> dict:
    return {"error": {"message": message, "type": kind, "code": kind}}


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m taubench scripted_server",
        description="Serve scripted chat completions (customer, agent, judge, analyst) on 127.0.0.1 for dry runs.",
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
    parser.add_argument("--agent-slip", choices=SLIPS, help="the agent gets its last gold call wrong this way")
    parser.add_argument(
        "--default-caller",
        choices=CALLERS,
        help=f"answer a request without an {CALLER_HEADER} header as this caller (else: 400)",
    )
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
            default_caller=args.default_caller,
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

"""agent=a2a: a remote agent reached over the A2A protocol with a2a-sdk's client, over the first
interface its agent card offers in a binding we speak: JSON-RPC, HTTP+JSON (REST), or gRPC (with
grpcio, which the a2a extra brings). Our harness keeps the tools either way, so grading and replay are
unchanged: in-band (below), or over MCP (``mode: mcp``, see ``ToolBridge``).

One A2A context per episode: the first message carries the policy and the tool schemas as a
data part (``{"policy": ..., "tools": [...]}``, OpenAI function schemas) with the customer's
first words as a text part; later messages carry the customer's words as text parts and the
results of the remote agent's tool calls as a data part (``{"tool_results": [{"id", "name",
"content", "error"}]}``). The remote agent answers with text for the customer, or with tool
calls as a data part ``{"tool_calls": [{"name": ..., "arguments": {...}}]}`` (or that JSON
as its whole text), which taubench executes. ``timeout`` is a deadline for a whole exchange
(agent card, request, the answer's last byte), not for each read: an agent sending a byte at a
time cannot hold an episode. Transport failures (timeouts, connection errors, 408/429/5xx) are
retried as model calls are (the run's ``llm.*`` policy), as are gRPC's UNAVAILABLE and
RESOURCE_EXHAUSTED; each exchange counts as one call in the agent's usage, at cost 0. A card
offering no binding we speak stops the run, as a refused key does.
"""

import asyncio
import importlib.util
import json
import logging
import os
import queue
import sys
import threading
import time
import uuid
from concurrent.futures import Future
from typing import Any, Literal, Optional, Sequence

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from taubench import __version__
from taubench.core.environment import AgentProtocolError, OverCap, check_turn
from taubench.core.messages import AssistantMessage, Message, ToolCall, ToolMessage, Usage, UserMessage, agent_side
from taubench.core.participants import EpisodeContext
from taubench.core.remote_errors import AgentServiceAccessError, AgentServiceTransientError
from taubench.core.retrying import GaveUp, RetryPolicy, with_retries

EXTRA_HINT = "agent=a2a needs the a2a extra: pip install 'taubench[a2a]'"
ENDED = ("TASK_STATE_FAILED", "TASK_STATE_REJECTED", "TASK_STATE_CANCELED", "TASK_STATE_AUTH_REQUIRED")


class A2AOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    url: Optional[str] = Field(None, validate_default=True)  # the remote agent's base URL (its card at /.well-known/)
    auth_token_env: Optional[str] = None  # the variable holding a bearer token for it
    mode: Literal["inband", "mcp"] = "inband"  # the tools in-band, or on an MCP server the harness runs per turn
    timeout: Optional[float] = Field(None, gt=0)  # seconds an exchange may take in all; null: the run's llm.timeout

    @field_validator("url")
    @classmethod
    def _http_url(cls, value: Optional[str]) -> str:
        if not value or not value.startswith(("http://", "https://")):
            raise ValueError(f"{value!r}: give the remote agent's base URL, http://... or https://... (required)")
        return value

    @field_validator("auth_token_env")
    @classmethod
    def _token_in_environment(cls, value: Optional[str]) -> Optional[str]:
        if value is not None and not os.environ.get(value):
            raise ValueError(f"the variable {value} is not set in the environment")
        return value

    @model_validator(mode="after")
    def _sdk_installed(self) -> "A2AOptions":
        try:
            import a2a.client  # noqa: F401
        except ImportError:
            raise ValueError(EXTRA_HINT) from None
        if self.mode == "mcp":
            try:
                import mcp.server.lowlevel  # noqa: F401
            except ImportError:
                raise ValueError("agent.mode=mcp needs the mcp extra: pip install 'taubench[mcp]'") from None
        return self


class A2AAgent:
    uses_retry_policy = True
    Options = A2AOptions

    def __init__(self, context: EpisodeContext, options: A2AOptions, retry: RetryPolicy = RetryPolicy()):
        self.context, self.options = context, options
        self.retry = retry if options.timeout is None else retry.model_copy(update={"timeout": options.timeout})
        self.context_id: Optional[str] = None  # the remote agent's, from its first answer on
        self.task_id: Optional[str] = None  # a task the remote agent left waiting for input
        self.card = None  # its agent card, read once per episode
        self.sent = 0  # how much of the agent's view of the trajectory has been sent
        self.turn: Optional[ToolBridge] = None  # mcp mode: the remote agent's turn in progress
        _quiet_client_logs()

    def respond(self, trajectory: Sequence[Message]) -> AssistantMessage:
        view = agent_side(trajectory)
        new, self.sent = view[self.sent :], len(view)
        if self.options.mode == "inband":
            return self._exchanged(self._parts(new), len(trajectory))
        if self.turn is None:
            self.turn = ToolBridge(self, self._parts(new), len(trajectory))
        else:  # the episode has run the call the remote agent made through MCP: its result goes back there
            self.turn.answer([message for message in new if isinstance(message, ToolMessage)])
        kind, value = self.turn.next_event()
        if kind == "call":
            return AssistantMessage(tool_calls=[value], usage=Usage())
        self.turn = None
        if kind == "error":
            raise value
        return value

    def _exchanged(self, parts: list[dict], turn: int) -> AssistantMessage:
        """One exchange, retried as a model call is; the answer as our message."""
        started = time.perf_counter()
        message_id = uuid.uuid4().hex  # the same for every attempt, so that the agent can tell a repeat

        def attempt() -> list:
            try:
                return asyncio.run(self._exchange(message_id, parts))
            except Exception as exc:
                if not _transient(exc):
                    raise _as_agent_error(exc) from exc
                raise

        try:
            answer, retries = with_retries(attempt, self.retry, _transient)
        except GaveUp as gave_up:
            raise AgentServiceTransientError(
                f"A2A agent {self.options.url}: {gave_up}: {gave_up.failure}"
            ) from gave_up.failure
        usage = Usage(calls=1, cost=0.0, retries=retries, seconds=round(time.perf_counter() - started, 6))
        return _to_message(answer, f"a2a_call_{turn}").model_copy(update={"usage": usage})

    def _parts(self, new: Sequence[Message]) -> list[dict]:
        """What the remote agent has not seen yet, as A2A parts (plain dicts until sent)."""
        parts: list[dict[str, Any]] = (
            [] if self.context_id else [{"data": {"policy": self.context.policy, "tools": self.context.tools}}]
        )
        answers = [message for message in new if isinstance(message, ToolMessage)]
        results = [{"id": m.tool_call_id, "name": m.name, "content": m.content, "error": m.error} for m in answers]
        if results and self.options.mode == "inband":  # in mcp mode they went back through MCP
            parts.append({"data": {"tool_results": results}})
        parts += [{"text": m.content} for m in new if isinstance(m, UserMessage)]
        return parts

    async def _exchange(self, message_id: str, parts: list[dict]) -> list[Any]:
        """One message to the remote agent and its answer's parts, within the deadline (the
        client's timeout applies to each read, which a byte at a time never reaches)."""
        try:
            async with asyncio.timeout(self.retry.timeout):
                return await self._send(message_id, parts)
        except TimeoutError:
            raise TimeoutError(f"no complete answer within {self.retry.timeout:g} s (agent.timeout)") from None

    async def _send(self, message_id: str, parts: list[dict]) -> list[Any]:
        """One message to the remote agent (its card read first, once) and its answer's parts;
        keeps its context id."""
        import httpx
        from a2a.client import A2ACardResolver, ClientCallContext
        from a2a.types import Message as A2AMessage
        from a2a.types import Part, Role, SendMessageRequest
        from google.protobuf.json_format import ParseDict
        from google.protobuf.struct_pb2 import Value

        token = os.environ.get(self.options.auth_token_env) if self.options.auth_token_env else None
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with httpx.AsyncClient(headers=headers, timeout=self.retry.timeout) as http:
            if self.card is None:
                self.card = await A2ACardResolver(http, self.options.url).get_agent_card()
            message = A2AMessage(
                message_id=message_id,
                role=Role.ROLE_USER,
                context_id=self.context_id or "",
                task_id=self.task_id or "",
                parts=[
                    Part(text=p["text"]) if "text" in p else Part(data=ParseDict(p["data"], Value())) for p in parts
                ],
            )
            call = ClientCallContext(service_parameters=headers)  # the token as gRPC metadata too
            async with _client(self.card, http) as client:
                events = [
                    event async for event in client.send_message(SendMessageRequest(message=message), context=call)
                ]
        if not events:
            raise AgentProtocolError("the A2A agent sent no answer")
        return self._answer_parts(events[-1])

    def _answer_parts(self, event) -> list[Any]:
        from a2a.types import TaskState

        if event.HasField("message"):
            context_id, parts, self.task_id = event.message.context_id, list(event.message.parts), None
        elif event.HasField("task"):
            task = event.task
            state = TaskState.Name(task.status.state)
            said = " ".join(part.text for part in task.status.message.parts if part.HasField("text"))
            if state in ENDED:
                raise AgentProtocolError(f"the A2A agent's task ended in {state}" + (f": {said}" if said else ""))
            context_id = task.context_id
            self.task_id = task.id if state == "TASK_STATE_INPUT_REQUIRED" else None
            parts = [*task.status.message.parts, *(part for artifact in task.artifacts for part in artifact.parts)]
        else:
            raise AgentProtocolError(
                f"the A2A agent answered with a {event.WhichOneof('payload')} event, not a message or task"
            )
        if self.context_id and context_id != self.context_id:
            raise AgentProtocolError(
                f"the A2A agent moved the conversation from context {self.context_id} to {context_id}"
            )
        self.context_id = context_id
        return parts


def _client(card, http):
    """A client for the first interface of the card in a binding we speak (the agent's order of
    preference); none is the run's end, as every episode would fail the same way."""
    from a2a.client import ClientConfig, ClientFactory

    ours = ["JSONRPC", "HTTP+JSON", *(["GRPC"] if importlib.util.find_spec("grpc") else [])]
    offered = [interface.protocol_binding for interface in card.supported_interfaces]
    if not set(offered) & set(ours):
        hint = "" if "GRPC" in ours else " (and GRPC with grpcio: pip install 'taubench[a2a]')"
        offers = ", ".join(offered) or "no interface"
        raise AgentServiceAccessError(
            f"the A2A agent's card offers {offers} only; taubench speaks {', '.join(ours)}{hint}"
        )
    config = ClientConfig(
        streaming=False, httpx_client=http, supported_protocol_bindings=ours, grpc_channel_factory=_grpc_channel
    )
    return ClientFactory(config).create(card)


def _grpc_channel(url: str):
    """A channel to a gRPC interface: TLS for ``https://`` or ``grpcs://``, plaintext for
    ``http://``, ``grpc://`` or a bare ``host:port`` (gRPC has no path: any is ignored)."""
    from urllib.parse import urlsplit

    import grpc

    parts = urlsplit(url if "://" in url else f"grpc://{url}")
    tls = parts.scheme in ("https", "grpcs")
    target = parts.netloc if parts.port else f"{parts.netloc}:{443 if tls else 80}"
    return grpc.aio.secure_channel(target, grpc.ssl_channel_credentials()) if tls else grpc.aio.insecure_channel(target)


def _quiet_client_logs() -> None:
    """Hydra sets the root logger to INFO, at which httpx logs every request and the SDK the
    whole agent card, once per episode."""
    for name in ("httpx", "a2a.client"):
        logger = logging.getLogger(name)
        if logger.level != logging.WARNING:  # setLevel empties every logger's cache
            logger.setLevel(logging.WARNING)


def _to_message(parts: Sequence[Any], id_prefix: str) -> AssistantMessage:
    """Text parts are for the customer unless their whole text is a tool-call object; data
    parts must be tool-call objects. Anything else is the remote agent's protocol error."""
    from google.protobuf.json_format import MessageToDict

    texts, calls = [], []
    for part in parts:
        kind = part.WhichOneof("content")
        if kind == "text":
            texts.append(part.text)
        elif kind == "data":
            calls += _tool_calls(_whole_numbers(MessageToDict(part.data)))
        else:
            raise AgentProtocolError(f"the A2A agent sent a {kind} part; only text and data parts are understood")
    text = "\n".join(texts).strip()
    if not calls and text.startswith("{"):
        try:
            written = json.loads(text)
        except ValueError:
            written = None
        if isinstance(written, dict) and "tool_calls" in written:
            calls, text = _tool_calls(written), ""
    if not calls and not text:
        raise AgentProtocolError("the A2A agent answered with neither text nor tool calls")
    tool_calls = [
        ToolCall(id=call.get("id") or f"{id_prefix}_{n}", name=call["name"], arguments=call["arguments"])
        for n, call in enumerate(calls)
    ]
    return AssistantMessage(content=text or None, tool_calls=tool_calls or None)


def _tool_calls(data: Any) -> list[dict]:
    """``{"tool_calls": [{"name": str, "arguments": {...}, "id"?: str}, ...]}``, checked."""
    calls = data.get("tool_calls") if isinstance(data, dict) and set(data) == {"tool_calls"} else None
    if (
        not isinstance(calls, list)
        or not calls
        or not all(
            isinstance(c, dict) and isinstance(c.get("name"), str) and isinstance(c.get("arguments"), dict)
            for c in calls
        )
        or not all(set(c) <= {"id", "name", "arguments"} and isinstance(c.get("id", ""), str) for c in calls)
    ):
        excerpt = json.dumps(data)[:300]
        expected = '{"tool_calls": [{"name": ..., "arguments": {...}}]}'
        raise AgentProtocolError(f"the A2A agent sent a malformed data part: expected {expected}, got {excerpt}")
    return calls


def _whole_numbers(value: Any) -> Any:
    """A data part's numbers are doubles (protobuf ``Value``): whole ones back to ints, as
    JSON would have written them (a tool given ``2.0`` for an int stores a float)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: _whole_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_whole_numbers(item) for item in value]
    return value


def _as_agent_error(exc: Exception) -> Exception:
    """An error the remote agent answered with (not a transport failure) is its own fault."""
    from a2a.utils.errors import A2AError

    if isinstance(exc, A2AError):
        return AgentProtocolError(f"the A2A agent answered with an error ({type(exc).__name__}): {exc}")
    return exc


def _transient(exc: BaseException) -> bool:
    """Worth asking again: a timeout, a connection failure, an HTTP 408/429/5xx, or gRPC's
    UNAVAILABLE or RESOURCE_EXHAUSTED."""
    import httpx
    from a2a.client import A2AClientTimeoutError, AgentCardResolutionError

    if isinstance(exc, (A2AClientTimeoutError, httpx.TransportError, TimeoutError)):
        return True
    if isinstance(exc, AgentCardResolutionError) and exc.status_code is not None:
        return exc.status_code in (408, 429) or exc.status_code >= 500
    cause = exc.__cause__
    if isinstance(cause, httpx.HTTPStatusError):
        return cause.response.status_code in (408, 429) or cause.response.status_code >= 500
    grpc = sys.modules.get("grpc")  # not imported: no gRPC call was made
    if grpc and isinstance(cause, grpc.aio.AioRpcError):
        return cause.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED)
    return isinstance(cause, httpx.TransportError)


class ToolBridge:
    """mcp mode, one turn of the remote agent: an MCP server on 127.0.0.1 (our tools, with
    their schemas) whose URL goes with the message as ``{"mcp_url": ...}``. Each call the remote
    agent makes there is handed to the episode as our tool call, and the episode's result goes
    back as the MCP answer, so the calls run (and are graded) as any agent's. The turn ends
    with the remote agent's A2A answer; the server stops then. The turn is the exchange: its
    calls count against ``max_tool_calls_per_turn`` together, and it lasts at most what the
    exchange may take with its retries."""

    def __init__(self, agent: A2AAgent, parts: list[dict], turn: int):
        from taubench.agents.mcp_tools import mcp_tools

        self.agent, self.tools, self.turn = agent, mcp_tools(agent.context.tools), turn
        self.events: queue.Queue = queue.Queue()  # ("call", ToolCall) | ("answer", message) | ("error", exception)
        self.waiting: dict[str, Future] = {}
        self.calls = 0
        retry = agent.retry
        self.longest = retry.timeout * retry.max_attempts + retry.max_wait
        self.deadline = time.monotonic() + self.longest
        threading.Thread(target=asyncio.run, args=(self._serve(parts),), daemon=True).start()

    def next_event(self) -> tuple[str, Any]:
        """The turn's next call, its answer or its error; an error once the turn's time is up."""
        try:
            return self.events.get(timeout=max(0.0, self.deadline - time.monotonic()))
        except queue.Empty:
            return "error", AgentServiceTransientError(
                f"A2A agent {self.agent.options.url}: the turn did not end in {self.longest:g} s"
            )

    def answer(self, results: list[ToolMessage]) -> None:
        for result in results:
            self.waiting.pop(result.tool_call_id).set_result(result)

    async def _serve(self, parts: list[dict]) -> None:
        import uvicorn
        from mcp.server.lowlevel import Server

        server = Server("taubench", version=__version__, on_list_tools=self._list_tools, on_call_tool=self._call_tool)
        web = uvicorn.Server(
            uvicorn.Config(server.streamable_http_app(), host="127.0.0.1", port=0, log_level="warning")
        )
        serving = asyncio.create_task(web.serve())
        while not web.started:
            await asyncio.sleep(0.01)
        port = web.servers[0].sockets[0].getsockname()[1]
        parts = [*parts, {"data": {"mcp_url": f"http://127.0.0.1:{port}/mcp"}}]
        try:
            answer = await asyncio.to_thread(self.agent._exchanged, parts, self.turn)
            self.events.put(("answer", answer))
        except Exception as exc:
            self.events.put(("error", exc))
        finally:
            web.should_exit = True
            await serving

    async def _list_tools(self, ctx, params):
        import mcp_types as types

        return types.ListToolsResult(tools=self.tools)

    async def _call_tool(self, ctx, params):
        """Waits for the episode to run the call (at most the exchange's timeout). A call past
        a cap is refused with an MCP error, and ends the episode as the agent's error."""
        import mcp_types as types
        from mcp.shared.exceptions import MCPError

        self.calls += 1
        call = ToolCall(id=f"a2a_mcp_call_{self.turn}_{self.calls}", name=params.name, arguments=params.arguments or {})
        try:
            check_turn([call], self.agent.context.limits, made_before=self.calls - 1)
        except OverCap as exc:
            self.events.put(("error", exc))
            raise MCPError(types.INVALID_PARAMS, str(exc)) from None
        self.waiting[call.id] = done = Future()
        self.events.put(("call", call))
        result = await asyncio.wait_for(asyncio.wrap_future(done), self.agent.retry.timeout)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=result.content)], is_error=result.error
        )

"""agent=a2a against a scripted A2A agent on 127.0.0.1, built with the a2a-sdk's own server
(agent card, task store, and one protocol binding: JSON-RPC, HTTP+JSON or gRPC) and reached by
its client: one following the gold actions scores as the oracle does; one that misbehaves gives
a clear episode error, never a crash."""

import asyncio
import json
import logging
import re
import threading
import time
from functools import partial
from typing import Optional

import grpc
import pytest
import uvicorn
from a2a.helpers.proto_helpers import new_data_part
from a2a.server.agent_execution import AgentExecutor
from a2a.server.request_handlers import DefaultRequestHandler, GrpcHandler
from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes, create_rest_routes
from a2a.server.tasks import InMemoryTaskStore
from a2a.types import (
    AgentCapabilities,
    AgentCard,
    AgentInterface,
    AgentSkill,
    Message,
    Part,
    Role,
    Task,
    TaskState,
    TaskStatus,
    TaskStatusUpdateEvent,
    a2a_pb2_grpc,
)
from conftest import free_port, run_cli
from google.protobuf.json_format import MessageToDict, MessageToJson
from hydra import compose, initialize_config_module
from mcp import Client
from omegaconf import OmegaConf
from starlette.applications import Starlette
from starlette.responses import JSONResponse

import taubench
from taubench.agents.a2a import A2AAgent, A2AOptions
from taubench.agents.oracle import DONE, DONE_WITH_INFO
from taubench.core.environment import GREETING, AgentProtocolError, Limits
from taubench.core.episode import run_episode
from taubench.core.messages import AssistantMessage, UserMessage
from taubench.core.participants import EpisodeContext
from taubench.core.retrying import RetryPolicy
from taubench.execution.preflight import strategy_options
from taubench.execution.settings import ConfigError, parse_settings
from taubench.users import USERS
from taubench.users.oracle import opening_request

TOKEN_ENV, TOKEN = "A2A_TEST_TOKEN", "a2a-secret-0123456789"
# retail task -> how the scripted agent plays it
PLAYS = {
    "0": "gold",
    "1": "gold_as_text",
    "2": "unknown_tool",
    "3": "malformed",
    "4": "failed",
    "5": "raises",
    "8": "flood",
    "9": "huge",
}
FLOOD = 2_000  # tool calls in one answer
HUGE = "x" * 10_000_000  # one argument of 10 MB
LARGE = "x" * 1_000_000  # one over the cap, but under the 4 MiB the MCP SDK's HTTP transport takes at most


class ScriptedA2AAgent(AgentExecutor):
    """Knows each task by the customer's opening words; keeps, per A2A context, the task and
    every message it received. ``gold`` works through the task's gold actions one per turn, as
    the oracle agent does, then says what the task requires."""

    def __init__(self, domain, plays: dict[str, str]):
        self.tasks = {
            opening_request(task.user_scenario.instructions): task for task in domain.tasks_in("base").values()
        }
        self.plays = plays
        self.contexts: dict[str, dict] = {}

    async def execute(self, context, event_queue):
        received = [MessageToDict(part) for part in context.message.parts]
        if context.context_id not in self.contexts:
            texts = [part["text"] for part in received if "text" in part]
            self.contexts[context.context_id] = {"task": self.tasks[texts[0]], "received": []}
        episode = self.contexts[context.context_id]
        episode["received"].append(received)
        episode.setdefault("task_ids", []).append(context.task_id)
        task, play = episode["task"], self.plays[episode["task"].id]
        data = [part["data"] for message in episode["received"] for part in message if "data" in part]
        done = sum(len(part.get("tool_results", [])) for part in data)
        if play == "raises":
            raise RuntimeError("the scripted agent fell over")
        if play == "failed":
            status = TaskStatus(
                state=TaskState.TASK_STATE_FAILED, message=self.message(context, [Part(text="model overloaded")])
            )
            return await event_queue.enqueue_event(
                Task(id=context.task_id, context_id=context.context_id, status=status)
            )
        if play == "asks_first":  # a task that needs input, then completes when it comes
            asking = len(episode["received"]) == 1
            state = TaskState.TASK_STATE_INPUT_REQUIRED if asking else TaskState.TASK_STATE_COMPLETED
            status = TaskStatus(
                state=state, message=self.message(context, [Part(text="Which order?" if asking else "Done.")])
            )
            if asking:
                return await event_queue.enqueue_event(
                    Task(id=context.task_id, context_id=context.context_id, status=status)
                )
            update = TaskStatusUpdateEvent(task_id=context.task_id, context_id=context.context_id, status=status)
            return await event_queue.enqueue_event(update)
        if play == "moves" and len(episode["received"]) == 2:
            reply = self.message(context, [Part(text="Hello from elsewhere")])
            reply.context_id = "another-context"
            return await event_queue.enqueue_event(reply)
        if play == "mcp":  # every gold action through the harness's MCP server, then the answer
            (url,) = [part["mcp_url"] for part in data if "mcp_url" in part][-1:]
            async with Client(url) as tools:
                answers = [await tools.call_tool(action.name, action.arguments) for action in task.gold_actions]
                episode["observations"] = [answer.content[0].text for answer in answers]
                episode["tool_names"] = [tool.name for tool in (await tools.list_tools()).tools]
                episode["server"] = (tools.server_info.name, tools.server_info.version)
        if play in ("flood", "huge"):
            calls = (
                [{"name": "get_user_details", "arguments": {"user_id": "x"}}] * FLOOD
                if play == "flood"
                else [{"name": "get_user_details", "arguments": {"user_id": HUGE}}]
            )
            return await event_queue.enqueue_event(self.message(context, [new_data_part({"tool_calls": calls})]))
        if play.startswith("mcp_over_cap"):  # too many calls in one turn, or one too large: refused by MCP
            (url,) = [part["mcp_url"] for part in data if "mcp_url" in part][-1:]
            arguments = {"user_id": LARGE} if play == "mcp_over_cap_size" else {"user_id": "x"}
            async with Client(url) as tools:
                try:
                    for _ in range(FLOOD):
                        await tools.call_tool("get_user_details", arguments)
                        episode["calls_answered"] = episode.get("calls_answered", 0) + 1
                except Exception as refused:
                    episode["refused"] = str(refused)
        if play == "malformed":
            return await event_queue.enqueue_event(
                self.message(context, [new_data_part({"tool_calls": "refund everything"})])
            )
        if play == "unknown_tool" and done == 0:
            call = {"tool_calls": [{"name": "teleport_parcel", "arguments": {"to": "moon"}}]}
            return await event_queue.enqueue_event(self.message(context, [new_data_part(call)]))
        if play.startswith("gold") and done < len(task.gold_actions):
            action = task.gold_actions[done]
            call = {"tool_calls": [{"name": action.name, "arguments": action.arguments}]}
            part = Part(text=json.dumps(call)) if play == "gold_as_text" else new_data_part(call)
            return await event_queue.enqueue_event(self.message(context, [part]))
        said = DONE_WITH_INFO + "\n".join(task.communicate_info) if task.communicate_info else DONE
        await event_queue.enqueue_event(self.message(context, [Part(text=said)]))

    @staticmethod
    def message(context, parts) -> Message:
        reply_id = f"reply-{time.monotonic_ns()}"
        return Message(message_id=reply_id, context_id=context.context_id, role=Role.ROLE_AGENT, parts=parts)

    async def cancel(self, context, event_queue):
        raise NotImplementedError


def replay(body: bytes):
    """An ASGI ``receive`` that gives a request body already read."""

    async def receive():
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


class A2AServer:
    """The scripted agent behind the SDK's card route (HTTP, whatever the binding) and one
    binding, the only interface its card offers (``JSONRPC``, ``HTTP+JSON`` or ``GRPC``), on
    free ports; it wants the bearer token, and answers the first call whose body holds
    ``fail_once`` (by default any call) with a 503 (gRPC: UNAVAILABLE), a transport failure."""

    def __init__(self, domain, plays: dict[str, str], fail_once: Optional[bytes] = b"", binding: str = "JSONRPC"):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.agent = ScriptedA2AAgent(domain, plays)
        self.fail_once, self.failed, self.unauthorized = fail_once, False, 0
        endpoint = f"127.0.0.1:{free_port()}" if binding == "GRPC" else f"{self.url}/"
        card = AgentCard(
            name="scripted",
            description="follows the gold actions",
            version="1",
            supported_interfaces=[AgentInterface(url=endpoint, protocol_binding=binding, protocol_version="1.0")],
            capabilities=AgentCapabilities(streaming=False),
            default_input_modes=["text"],
            default_output_modes=["text"],
            skills=[AgentSkill(id="retail", name="retail", description="plays the gold actions", tags=["test"])],
        )
        handler = DefaultRequestHandler(agent_executor=self.agent, task_store=InMemoryTaskStore(), agent_card=card)
        bound = {
            "JSONRPC": lambda: create_jsonrpc_routes(handler, "/"),
            "HTTP+JSON": lambda: create_rest_routes(handler),
        }
        inner = Starlette(routes=[*create_agent_card_routes(card), *bound.get(binding, list)()])
        self.grpc = GrpcAgent(self, handler, endpoint) if binding == "GRPC" else None

        async def app(scope, receive, send):
            if scope["type"] == "http":
                if dict(scope["headers"]).get(b"authorization") != f"Bearer {TOKEN}".encode():
                    self.unauthorized += 1
                    return await JSONResponse({"error": "unauthorized"}, 401)(scope, receive, send)
                if scope["method"] == "POST":
                    body, more = b"", True
                    while more:
                        chunk = await receive()
                        body, more = body + chunk.get("body", b""), chunk.get("more_body", False)
                    if self.fails(body):
                        return await JSONResponse({"error": "warming up"}, 503)(scope, receive, send)
                    receive = replay(body)
            await inner(scope, receive, send)

        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def fails(self, body: bytes) -> bool:
        """Whether this call is the one to fail (once; never without ``fail_once``)."""
        if self.fail_once is not None and self.fail_once in body and not self.failed:
            self.failed = True
            return True
        return False

    def __enter__(self):
        self.thread.start()
        while not self.server.started:
            time.sleep(0.02)
        if self.grpc:
            self.grpc.start()
        return self

    def __exit__(self, *exc):
        if self.grpc:
            self.grpc.stop()
        self.server.should_exit = True
        self.thread.join(timeout=10)


class GrpcAgent(GrpcHandler):
    """The SDK's gRPC servicer on ``address``, in a loop of its own, with the HTTP server's
    checks on ``SendMessage`` (the only call the harness makes)."""

    def __init__(self, owner: A2AServer, handler, address: str):
        super().__init__(handler)
        self.owner, self.address = owner, address
        self.loop = asyncio.new_event_loop()

    def start(self) -> None:
        async def serve():
            self.server = grpc.aio.server()
            a2a_pb2_grpc.add_A2AServiceServicer_to_server(self, self.server)
            self.server.add_insecure_port(self.address)
            await self.server.start()

        self.loop.run_until_complete(serve())
        threading.Thread(target=self.loop.run_forever, daemon=True).start()

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.stop(None), self.loop).result(timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)

    async def SendMessage(self, request, context):
        if dict(context.invocation_metadata()).get("authorization") != f"Bearer {TOKEN}":
            self.owner.unauthorized += 1
            await context.abort(grpc.StatusCode.UNAUTHENTICATED, "unauthorized")
        if self.owner.fails(request.SerializeToString()):
            await context.abort(grpc.StatusCode.UNAVAILABLE, "warming up")
        return await super().SendMessage(request, context)


def test_a_scripted_a2a_agent_scores_and_a_misbehaving_one_fails_its_episode_only(retail, tmp_path):
    with A2AServer(retail, PLAYS, fail_once=b"tool_results") as server:  # an exchange of an episode that goes on
        ran = run_cli(
            "env=retail",
            f"task_ids=[{','.join(PLAYS)}]",
            "agent=a2a",
            f"agent.url={server.url}",
            f"agent.auth_token_env={TOKEN_ENV}",
            "user=oracle",
            "episode_retries=0",
            "llm.initial_backoff=0.05",
            "llm.max_backoff=0.1",
            "tracking.enabled=false",
            "progress=false",
            cwd=tmp_path,
            env={TOKEN_ENV: TOKEN},
        )
    assert ran.returncode == 0, ran.stderr
    (results,) = tmp_path.rglob("results.json")
    episodes = {episode["task_id"]: episode for episode in json.loads(results.read_text())["episodes"]}
    assert episodes["0"]["reward"] == episodes["1"]["reward"] == 1.0
    assert episodes["0"]["error"] is None and episodes["1"]["error"] is None
    unknown = episodes["2"]["tool_calls"][0]
    assert (unknown["name"], unknown["error"]) == ("teleport_parcel", True)
    assert unknown["observation"] == "Error: Tool 'teleport_parcel' not found."
    assert (
        episodes["2"]["error"] is None and episodes["2"]["termination_reason"] == "user_stop"
    )  # an observation, as always
    errors = {task: (episodes[task]["error"]["kind"], episodes[task]["error"]["message"]) for task in ("3", "4", "5")}
    assert errors["3"][0] == "agent_error" and errors["3"][1].startswith(
        "the A2A agent sent a malformed data part: expected"
    )
    assert errors["4"] == ("agent_error", "the A2A agent's task ended in TASK_STATE_FAILED: model overloaded")
    assert errors["5"] == (
        "agent_error",
        "the A2A agent answered with an error (InternalError): the scripted agent fell over",
    )
    flood, huge = (episodes[task]["error"] for task in ("8", "9"))  # refused before any call ran, the run went on
    assert (flood["kind"], flood["type"]) == (huge["kind"], huge["type"]) == ("agent_error", "OverCap")
    assert flood["message"].startswith(f"the agent made {FLOOD} tool calls in one turn, over the cap of 50")
    assert huge["message"].startswith("the agent's call of 'get_user_details' is 10,000,") and len(huge["reply"]) <= 300
    assert not episodes["8"]["tool_calls"] and not episodes["9"]["tool_calls"] and results.stat().st_size < 500_000
    # one A2A context per episode, kept across its turns; the policy and tools only in its first message
    contexts = server.agent.contexts.values()
    assert sorted(context["task"].id for context in contexts) == sorted(PLAYS)
    for context in contexts:
        first, *later = context["received"]
        assert first[0]["data"] == {"policy": retail.policy, "tools": retail.spec.toolkit.schemas()}
        assert not any("policy" in part.get("data", {}) for message in later for part in message)
    turns = [len(context["received"]) for context in contexts if context["task"].id == "0"]
    assert turns == [len(retail.tasks_in("base")["0"].gold_actions) + 1]
    usage = {task: episode["usage"]["agent"] for task, episode in episodes.items()}
    assert usage["0"]["calls"] == turns[0] and usage["0"]["cost"] == 0.0
    assert sum(u["retries"] for u in usage.values()) == 1  # the 503 was retried
    assert server.unauthorized == 0
    written = "".join(path.read_text(errors="replace") for path in tmp_path.rglob("*") if path.is_file())
    assert TOKEN not in written + ran.stdout + ran.stderr


def gold_episodes(retail, plays: dict[str, str], binding: str, fail_once: Optional[bytes] = None):
    """The tasks of ``plays`` as episodes against the scripted agent offering ``binding`` alone."""
    with A2AServer(retail, plays, fail_once=fail_once, binding=binding) as server:
        options = A2AOptions(url=server.url, auth_token_env=TOKEN_ENV)
        agent = partial(A2AAgent, options=options, retry=RetryPolicy(initial_backoff=0.01, max_backoff=0.02))
        results = [run_episode(retail, retail.tasks_in("base")[task], 0, 1, agent, USERS["oracle"]) for task in plays]
    assert server.unauthorized == 0
    return results


@pytest.mark.parametrize("binding", ["JSONRPC", "HTTP+JSON", "GRPC"])
def test_an_agent_offering_one_binding_alone_scores_on_gold_following_episodes(retail, monkeypatch, binding):
    """Issue 34: a card offering only HTTP+JSON failed every episode ("no compatible transports
    found"), the client being built for JSON-RPC alone. A transport failure is retried on each."""
    monkeypatch.setenv(TOKEN_ENV, TOKEN)
    results = gold_episodes(retail, {"0": "gold", "1": "gold_as_text"}, binding, fail_once=b"tool_results")
    assert [(result.error, result.reward) for result in results] == [(None, 1.0)] * 2
    assert sum(result.usage["agent"].retries for result in results) == 1  # the 503 or UNAVAILABLE


def test_an_agent_offering_no_binding_we_speak_stops_the_run_naming_them(retail, monkeypatch):
    monkeypatch.setenv(TOKEN_ENV, TOKEN)
    (result,) = gold_episodes(retail, {"0": "gold"}, "KAFKA")
    assert (result.termination_reason, result.error.type) == (
        "infrastructure_error",
        "AgentServiceAccessError",
    )  # the run stops
    assert result.error.message.startswith(
        "the A2A agent's card offers KAFKA only; taubench speaks JSONRPC, HTTP+JSON, GRPC"
    )


def test_an_episode_logs_neither_http_requests_nor_the_agent_card(retail, monkeypatch, caplog):
    """Hydra sets the root logger to INFO: httpx logged every request, and the SDK the whole
    card, once per episode."""
    monkeypatch.setenv(TOKEN_ENV, TOKEN)
    caplog.set_level(logging.INFO)
    caplog.set_level(logging.INFO, logger="httpx")  # as in a process that has made no model call
    (result,) = gold_episodes(retail, {"0": "gold"}, "JSONRPC")
    assert result.reward == 1.0
    assert [record.getMessage() for record in caplog.records if record.name == "httpx"] == []
    assert [record.getMessage() for record in caplog.records if "follows the gold actions" in record.getMessage()] == []


def options(*overrides: str):
    with initialize_config_module(config_module="taubench.conf", version_base=None):
        config = OmegaConf.to_container(
            compose(config_name="config", overrides=["env=retail", "agent=a2a", *overrides])
        )
    return strategy_options(parse_settings(config))["agent"]


@pytest.mark.parametrize(
    "overrides, message",
    [
        ([], "agent.url: None: give the remote agent's base URL, http://... or https://... (required)"),
        (["agent.url=127.0.0.1:9"], "agent.url: '127.0.0.1:9': give the remote agent's base URL"),
        (
            ["agent.url=http://127.0.0.1:9", "agent.auth_token_env=NOT_SET_A2A"],
            "agent.auth_token_env: the variable NOT_SET_A2A",
        ),
        (["agent.url=http://127.0.0.1:9", "agent.mode=tools"], "agent.mode: Input should be 'inband' or 'mcp'"),
    ],
)
def test_bad_options_are_refused_naming_the_key(overrides, message):
    with pytest.raises(ConfigError) as refused:
        options(*overrides)
    assert message in str(refused.value)


def first_turns(retail, task_id: str, play: str, turns: int) -> tuple[list, dict]:
    """The agent's first ``turns`` answers (or the error that stopped it) to the task's
    customer, who repeats their request; and what the scripted agent received."""
    task = retail.tasks_in("base")[task_id]
    tools = retail.spec.toolkit.schemas()
    context = EpisodeContext(task=task, domain="retail", policy=retail.policy, tools=tools, trial=0, seed=1)
    trajectory, answers = [AssistantMessage(content=GREETING)], []
    with A2AServer(retail, {task_id: play}) as server:
        options = A2AOptions(url=server.url, auth_token_env=TOKEN_ENV)
        agent = A2AAgent(context, options, RetryPolicy(initial_backoff=0.01, max_backoff=0.02))
        for _ in range(turns):
            trajectory.append(UserMessage(content=opening_request(task.user_scenario.instructions)))
            try:
                answers.append(agent.respond(trajectory))
            except Exception as exc:
                answers.append(exc)
                break
            trajectory.append(answers[-1])
    return answers, server.agent.contexts


def test_a_task_waiting_for_input_is_continued_in_the_same_context(retail, monkeypatch):
    monkeypatch.setenv(TOKEN_ENV, TOKEN)
    answers, contexts = first_turns(retail, "6", "asks_first", 2)
    assert answers[0].content == "Which order?" and answers[0].usage.retries == 1  # after the 503
    assert answers[1].content == "Done."
    (episode,) = contexts.values()
    first_task, continued = episode["task_ids"]
    assert continued == first_task  # the second message named the task that asked


def test_an_answer_from_another_context_is_an_agent_error(retail, monkeypatch):
    monkeypatch.setenv(TOKEN_ENV, TOKEN)
    answers, _ = first_turns(retail, "7", "moves", 2)
    assert isinstance(answers[1], AgentProtocolError)
    assert "moved the conversation from context" in str(answers[1]) and "to another-context" in str(answers[1])


def test_in_mcp_mode_the_remote_agent_calls_the_tools_on_the_harness_mcp_server(retail, monkeypatch):
    monkeypatch.setenv(TOKEN_ENV, TOKEN)
    task = retail.tasks_in("base")["0"]
    with A2AServer(retail, {"0": "mcp"}) as server:
        options = A2AOptions(url=server.url, auth_token_env=TOKEN_ENV, mode="mcp")
        agent = partial(A2AAgent, options=options, retry=RetryPolicy(initial_backoff=0.01, max_backoff=0.02))
        result = run_episode(retail, task, 0, 1, agent, USERS["oracle"])
    assert result.error is None and result.reward == 1.0
    assert [call.name for call in result.tool_calls] == [action.name for action in task.gold_actions]
    (episode,) = server.agent.contexts.values()
    assert episode["observations"] == [
        call.observation for call in result.tool_calls
    ]  # MCP answered what the episode ran
    assert episode["tool_names"] == [schema["function"]["name"] for schema in retail.spec.toolkit.schemas()]
    assert episode["server"] == ("taubench", taubench.__version__)
    assert not any("tool_results" in part.get("data", {}) for message in episode["received"] for part in message)


DRIBBLE_S = 0.2  # between two bytes: far under any per-read timeout
DRIBBLE_FOR_S = 12  # then the connection closes (the episode would have gone on that long before the deadline)


class SlowLoris:
    """An A2A agent on 127.0.0.1 that sends its agent card (``card``) or its answer (``answer``)
    a byte at a time; ``answer_calling`` also calls a tool on the harness's MCP server while it
    dribbles. A raw asyncio server: no framework buffers the bytes."""

    def __init__(self, dribbles: str):
        self.dribbles, self.tool_calls = dribbles, 0
        self.loop = asyncio.new_event_loop()
        self.server = self.loop.run_until_complete(asyncio.start_server(self.serve, "127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"
        card = AgentCard(
            name="slow",
            description="dribbles",
            version="1",
            capabilities=AgentCapabilities(streaming=False),
            supported_interfaces=[
                AgentInterface(url=f"{self.url}/", protocol_binding="JSONRPC", protocol_version="1.0")
            ],
            default_input_modes=["text"],
            default_output_modes=["text"],
        )
        self.card = MessageToJson(card).encode()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
            length = re.search(r"(?im)^content-length: *(\d+)", head)
            body = await reader.readexactly(int(length.group(1))) if length else b""
            if head.startswith("GET"):
                await self.send(writer, self.card, dribble=self.dribbles == "card")
                return
            calling = None
            if self.dribbles == "answer_calling":
                mcp_url = re.search(rb"http://127\.0\.0\.1:\d+/mcp", body).group().decode()
                calling = asyncio.create_task(self.keep_calling(mcp_url))
            await self.send(writer, b" " * 100_000, dribble=True)  # JSON may start with any amount of blanks
            if calling:
                calling.cancel()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()

    async def send(self, writer: asyncio.StreamWriter, body: bytes, dribble: bool) -> None:
        writer.write(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n" + b"Content-Length: %d\r\n\r\n" % len(body)
        )
        if not dribble:
            writer.write(body)
            return await writer.drain()
        deadline = time.monotonic() + DRIBBLE_FOR_S
        for byte in body:
            if time.monotonic() > deadline:
                return
            writer.write(bytes([byte]))
            await writer.drain()
            await asyncio.sleep(DRIBBLE_S)

    async def keep_calling(self, url: str) -> None:
        async with Client(url) as tools:
            while True:
                await tools.call_tool("list_all_product_types", {})
                self.tool_calls += 1
                await asyncio.sleep(DRIBBLE_S)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.server.close)


@pytest.mark.parametrize("dribbles, mode", [("card", "inband"), ("answer", "inband"), ("answer_calling", "mcp")])
def test_an_agent_that_dribbles_its_answer_cannot_hold_the_episode_past_the_deadline(retail, dribbles, mode):
    """agent.timeout=1, llm.max_attempts=2: two exchanges of at most a second each, however the
    bytes trickle in (httpx's timeout is per read, which a byte every 0.2 s never reaches)."""
    slow = SlowLoris(dribbles)
    try:
        options = A2AOptions(url=slow.url, mode=mode, timeout=1)
        retry = RetryPolicy(max_attempts=2, initial_backoff=0.01, max_backoff=0.02, max_wait=5)
        started = time.monotonic()
        result = run_episode(
            retail, retail.tasks_in("base")["0"], 0, 1, partial(A2AAgent, options=options, retry=retry), USERS["oracle"]
        )
        took = time.monotonic() - started
    finally:
        slow.close()
    assert took < 5, f"the episode took {took:.1f} s"
    assert (result.termination_reason, result.error.type) == ("infrastructure_error", "AgentServiceTransientError")
    assert re.search(
        r"gave up after 2 attempts and [\d.]+ s of waiting: no complete answer within 1 s \(agent.timeout\)",
        result.error.message,
    ), result.error.message
    assert (slow.tool_calls > 0) == (dribbles == "answer_calling")


@pytest.mark.parametrize(
    "play, refused",
    [
        ("mcp_over_cap_count", "the agent made 4 tool calls in one turn, over the cap of 3 (max_tool_calls_per_turn)"),
        ("mcp_over_cap_size", "the agent's call of 'get_user_details' is 1,000,"),
    ],
)
def test_in_mcp_mode_a_call_over_a_cap_gets_an_mcp_error_and_ends_the_episode(retail, monkeypatch, play, refused):
    """A turn is the A2A exchange: its MCP calls count together."""
    monkeypatch.setenv(TOKEN_ENV, TOKEN)
    task = retail.tasks_in("base")["0"]
    with A2AServer(retail, {"0": play}) as server:
        options = A2AOptions(url=server.url, auth_token_env=TOKEN_ENV, mode="mcp")
        agent = partial(A2AAgent, options=options, retry=RetryPolicy(initial_backoff=0.01, max_backoff=0.02))
        limits = Limits(max_tool_calls_per_turn=3)
        result = run_episode(retail, task, 0, 1, agent, USERS["oracle"], limits)
    assert (result.termination_reason, result.error.type) == ("agent_error", "OverCap")
    assert result.error.message.startswith(refused) and len(result.error.reply) <= 300
    (episode,) = server.agent.contexts.values()
    assert refused in episode["refused"]  # what the remote agent was told, over MCP
    assert episode.get("calls_answered", 0) == len(result.tool_calls) == (3 if play == "mcp_over_cap_count" else 0)

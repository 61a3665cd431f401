"""A domain's agent tools as an MCP server, so that any MCP-capable agent can work a task:

    python -m taubench mcp_server --env retail --task-id 0 [--transport stdio|http] [--port P] [--log FILE]
        [--max-tool-call-chars N] [--max-observation-chars N]

Every MCP session is one episode with a database of its own (the task's initial state, or the
domain's database as shipped without ``--task-id``), never shared with another session. Tool
names, descriptions and input schemas are the toolkit's; a call runs through the episode's own
path (``environment.execute``), so its output is byte-identical to an episode's observation and a
failing call comes back as an MCP error result carrying our error text. Every call is logged
as a JSON line (stderr, and ``--log FILE``). A call over a cap (its size as JSON, its output's
size) is refused with an MCP error and ends the session's episode as the agent's error; MCP
has no turns (one request, one call), so there is no cap on calls per turn.

When a session ends (stdio: end of input; HTTP: the client closes its session, or the server
stops) it is graded as an episode would be, on the parts of the task's reward basis that the
agent's tool calls alone decide (DB, ENV_ASSERTION, ACTION), and the grade is logged as the
session's last line. What the agent must say (COMMUNICATE's figures, NL assertions) needs the
conversation, which MCP does not carry: a task expecting either is graded only in part, and
the grade says so (reward null, the parts graded and not graded named, those components
``not_evaluated`` with the reason). A
domain where the customer acts on their own side (banking's app, telecom's phone) is refused:
no MCP client makes the customer's calls.
Sessions need the MCP handshake (``initialize``): the stateless 2026 protocol has no session to
hold an episode's database, so this server advertises only the handshake-era versions.
"""

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable, Optional, TextIO

from pydantic import BaseModel

from taubench import __version__
from taubench.core.domain import BaseDomain, DataError
from taubench.core.environment import EXCERPT_CHARS, OverCap, TerminationReason, check_observation, check_turn, execute
from taubench.core.evaluation import ComponentResult, evaluate
from taubench.core.messages import AssistantMessage, Message, ToolCall
from taubench.core.participants import Limits
from taubench.core.tasks import RewardType, Task
from taubench.domains import DOMAINS, load_domain

try:
    import mcp_types as types
    import uvicorn
    from mcp.server.lowlevel import Server
    from mcp.server.runner import serve_loop
    from mcp.server.stdio import stdio_server
    from mcp.shared.exceptions import MCPError

    from taubench.agents.mcp_tools import mcp_tools
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError("the MCP server needs the mcp extra: pip install 'taubench[mcp]'") from exc

CONVERSATION = "it needs the conversation, which MCP does not carry"
STDIO_SESSION = "stdio"
SESSION_HEADER = "mcp-session-id"


class Grade(BaseModel):
    """A session's grade: ``reward`` over the task's whole ``basis`` when every part of it
    could be graded (``graded``); ``None`` when some could not (``not_graded``, and ``note``
    says why), without a task, or when grading failed."""

    session: str
    task_id: Optional[str]
    reward: Optional[float]
    basis: list[RewardType]
    graded: list[RewardType] = []
    not_graded: list[RewardType] = []
    termination: TerminationReason
    num_calls: int
    components: dict[RewardType, ComponentResult] = {}
    note: Optional[str] = None


class McpEpisode:
    """One MCP session's episode: its own database and the calls made on it, as a trajectory."""

    def __init__(self, domain: BaseDomain, task: Optional[Task], session: str, limits: Limits = Limits()):
        self.domain, self.task, self.session, self.limits = domain, task, session, limits
        self.sides = domain.new_sides(task)
        self.trajectory: list[Message] = []
        self.tool_errors = 0
        self.termination: Optional[TerminationReason] = None

    def call(self, name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
        """The observation and whether it is an error; after a terminate tool, or at the
        domain's tool-error limit, the episode has ended and refuses further calls. A call or
        output over a cap raises ``OverCap`` and ends the episode as the agent's error."""
        if self.termination is not None:
            return f"Error: this episode has ended ({self.termination}); open a new MCP session for another", True
        call = ToolCall(id=f"mcp_call_{len(self.trajectory) // 2 + 1}", name=name, arguments=arguments)
        try:
            check_turn([call], self.limits)
            answer = execute(self.sides.agent, call)
            check_observation(answer, self.limits)
        except OverCap:
            self.termination = "agent_error"
            raise
        self.trajectory += [AssistantMessage(tool_calls=[call]), answer]
        self.tool_errors += answer.error
        max_errors = self.domain.rules.max_errors
        if name in self.domain.rules.terminate_tools:
            self.termination = "terminate_tool"
        elif max_errors is not None and self.tool_errors >= max_errors:
            self.termination = "too_many_errors"
        return answer.content, answer.error

    def grade(self) -> Grade:
        """An ended session counts as a conversation the customer ended (``user_stop``)."""
        termination = self.termination or "user_stop"
        calls = len(self.trajectory) // 2
        common = dict(session=self.session, termination=termination, num_calls=calls)
        if self.task is None:
            return Grade(
                **common, task_id=None, reward=None, basis=[], note="no task (--task-id): nothing to grade against"
            )
        try:
            info = evaluate(self.domain, self.task, self.trajectory, termination, final_state=self.sides)
        except Exception as exc:  # like an episode's: grading failed leaves it unscored
            return Grade(**common, task_id=self.task.id, reward=None, basis=[], note=f"evaluation failed: {exc}")
        if not info.components:  # an ending that is never graded (too many errors): reward 0
            return Grade(
                **common,
                task_id=self.task.id,
                reward=info.reward,
                basis=info.reward_basis,
                graded=info.reward_basis,
                note=info.note,
            )
        unknowable = beyond_the_calls(self.task)
        graded = [kind for kind in info.reward_basis if kind not in unknowable]
        not_graded = [kind for kind in info.reward_basis if kind in unknowable]
        components = {
            kind: component.model_copy(update={"status": "not_evaluated", "note": CONVERSATION})
            if kind in unknowable
            else component
            for kind, component in info.components.items()
        }
        rewards = [components[kind].reward for kind in graded]
        reward = None if not_graded or None in rewards or not graded else float(all(rewards))
        note = "; ".join(f"{kind.value} not graded: {CONVERSATION}" for kind in not_graded) or None
        return Grade(
            **common,
            task_id=self.task.id,
            reward=reward,
            basis=info.reward_basis,
            graded=graded,
            not_graded=not_graded,
            components=components,
            note=note,
        )


def beyond_the_calls(task: Task) -> set[RewardType]:
    """The parts of the task's basis an MCP session cannot decide: what must be said (a
    basis part expecting nothing passes, as in an episode)."""
    criteria = task.evaluation_criteria
    assert criteria is not None  # only a task with criteria has parts to grade
    expected = {
        RewardType.COMMUNICATE: task.communicate_info,
        RewardType.NL_ASSERTION: criteria.nl_assertions,
    }
    return {kind for kind, expecting in expected.items() if expecting and kind in criteria.reward_basis}


class EventLog:
    """JSON lines to stderr and, with ``--log``, appended to a file (one per call, one per grade)."""

    def __init__(self, path: Optional[Path], stream: TextIO = sys.stderr):
        self.stream = stream
        self.file = path.open("a", encoding="utf-8") if path else None

    def write(self, event: dict) -> None:
        line = json.dumps(event, ensure_ascii=False)
        for sink in filter(None, (self.stream, self.file)):
            sink.write(line + "\n")
            sink.flush()


class EpisodeServer:
    """The MCP server over one domain and task, holding one episode per session."""

    def __init__(self, domain: BaseDomain, task: Optional[Task], log: EventLog, limits: Limits = Limits()):
        self.domain, self.task, self.log, self.limits = domain, task, log, limits
        self.episodes: dict[str, McpEpisode] = {}
        self.grades: dict[str, Grade] = {}
        self.tools = mcp_tools(domain.spec.toolkit.schemas())
        self.server = Server(
            "taubench",
            version=__version__,
            instructions=domain.policy,
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
        )
        self.server.add_request_handler("server/discover", types.RequestParams, self._discover)

    def episode(self, session: str) -> McpEpisode:
        if session in self.grades:
            raise MCPError(types.INVALID_REQUEST, f"session {session} has ended and been graded")
        if session not in self.episodes:
            self.episodes[session] = McpEpisode(self.domain, self.task, session, self.limits)
        return self.episodes[session]

    def end(self, session: str) -> Optional[Grade]:
        """Grade a session once (a session that never called a tool is graded too)."""
        episode = self.episodes.pop(session, None)
        if episode is None:
            return None
        grade = self.grades[session] = episode.grade()
        self.log.write({"event": "grade", **grade.model_dump(mode="json")})
        return grade

    def end_all(self) -> None:
        for session in list(self.episodes):
            self.end(session)

    async def _discover(self, ctx, params) -> None:
        """Refused, so that a client in ``auto`` mode falls back to the handshake and a session."""
        raise MCPError(
            types.METHOD_NOT_FOUND, "this server keeps one episode per session: use the initialize handshake"
        )

    async def _list_tools(self, ctx, params) -> "types.ListToolsResult":
        return types.ListToolsResult(tools=self.tools)

    async def _call_tool(self, ctx, params: "types.CallToolRequestParams") -> "types.CallToolResult":
        session = _session_of(ctx)
        episode = self.episode(session)
        arguments = params.arguments or {}
        try:
            content, error = episode.call(params.name, arguments)
        except OverCap as refused:
            name = params.name[:EXCERPT_CHARS]
            self.log.write(
                {
                    "event": "refused",
                    "session": session,
                    "name": name,
                    "reason": str(refused),
                    "excerpt": refused.excerpt,
                }
            )
            raise MCPError(types.INVALID_PARAMS, str(refused)) from None
        call = {"session": session, "name": params.name, "arguments": arguments, "error": error, "observation": content}
        self.log.write({"event": "call", **call})
        return types.CallToolResult(content=[types.TextContent(type="text", text=content)], is_error=error)

    async def serve_stdio(self) -> None:
        """One session, graded at end of input."""
        self.episode(STDIO_SESSION)
        options = self.server.create_initialization_options()
        async with stdio_server() as (read, write), self.server.lifespan(self.server) as state:
            await serve_loop(self.server, read, write, lifespan_state=state, init_options=options)  # handshake era only
        self.end_all()

    def http_app(self, host: str = "127.0.0.1") -> Callable:
        """The streamable-HTTP app; a session the client closes (DELETE) is graded at once, and
        those still open when the server shuts down are graded then."""
        inner = self.server.streamable_http_app(host=host)

        async def app(scope, receive, send):
            if scope["type"] == "lifespan":

                async def send_after_grading(message):
                    if message["type"] == "lifespan.shutdown.complete":
                        self.end_all()
                    await send(message)

                return await inner(scope, receive, send_after_grading)
            await inner(scope, receive, send)
            if scope["type"] == "http" and scope["method"] == "DELETE":
                session = dict(scope["headers"]).get(SESSION_HEADER.encode())
                if session:
                    self.end(session.decode("latin-1"))

        return app

    def serve_http(self, host: str, port: int) -> None:
        """Until interrupted (sessions still open then are graded at shutdown)."""
        uvicorn.run(self.http_app(host), host=host, port=port, log_level="warning")


def _session_of(ctx) -> str:
    """The episode a request belongs to: the HTTP session's id, or the one stdio session."""
    if ctx.request is None:
        return STDIO_SESSION
    session = ctx.request.headers.get(SESSION_HEADER)
    if not session:
        raise MCPError(
            types.INVALID_REQUEST, "no MCP session: connect with the initialize handshake (one episode per session)"
        )
    return session


def find_task(domain: BaseDomain, task_id: str, split: Optional[str]) -> Task:
    """The task by id in ``split`` (default: the domain's default split)."""
    split = split or domain.spec.default_split
    if split not in domain.splits:
        raise ValueError(f"--split {split}: not a split of {domain.name}; allowed: {', '.join(domain.splits)}")
    tasks = domain.tasks_in(split)
    if task_id not in tasks:
        some = ", ".join(list(tasks)[:3])
        raise ValueError(
            f"--task-id {task_id}: not a task of {domain.name}'s {split} split ({len(tasks)} tasks: {some}, ...)"
        )
    return tasks[task_id]


def parse_args(argv: Optional[list[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m taubench mcp_server", description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", required=True, help="the domain (python -m taubench.domains list)")
    parser.add_argument("--task-id", help="the task whose initial state each session starts from, and which grades it")
    parser.add_argument("--split", help="the split --task-id is in (default: the domain's default split)")
    parser.add_argument("--data-dir", type=Path, help="the domain's data folder (as env.data_dir)")
    parser.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    parser.add_argument("--host", default="127.0.0.1", help="http: the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="http: the port to listen on (streamable HTTP at /mcp)")
    parser.add_argument("--log", type=Path, help="also append every call and grade, as JSON lines, to this file")
    defaults = Limits()
    parser.add_argument(
        "--max-tool-call-chars",
        type=_at_least_one,
        default=defaults.max_tool_call_chars,
        help="refuse a call longer than this as JSON (its name, id and arguments)",
    )
    parser.add_argument(
        "--max-observation-chars",
        type=_at_least_one,
        default=defaults.max_observation_chars,
        help="refuse a call whose output is longer than this",
    )
    return parser.parse_args(argv)


def _at_least_one(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def build(args: argparse.Namespace) -> EpisodeServer:
    """Everything checked before serving: domain, task and log file."""
    if args.env not in DOMAINS:
        raise ValueError(f"--env {args.env}: unknown domain; allowed: {', '.join(DOMAINS)}")
    if getattr(DOMAINS[args.env], "user_toolkit", None) is not None:
        raise ValueError(f"--env {args.env}: the customer acts on their own side in this domain, which MCP cannot play")
    if args.split and args.task_id is None:
        raise ValueError("--split needs --task-id")
    domain = load_domain(args.env, args.data_dir)
    task = find_task(domain, args.task_id, args.split) if args.task_id is not None else None
    limits = Limits(max_tool_call_chars=args.max_tool_call_chars, max_observation_chars=args.max_observation_chars)
    return EpisodeServer(domain, task, EventLog(args.log), limits)


def main(argv: Optional[list[str]] = None) -> None:
    import anyio

    args = parse_args(argv)
    try:
        server = build(args)
    except (ValueError, DataError, OSError) as exc:  # bad input: one clear line, nothing served
        sys.exit(f"error: {exc}")
    if args.transport == "stdio":
        anyio.run(server.serve_stdio)
    else:
        server.serve_http(args.host, args.port)


if __name__ == "__main__":
    main()

"""python -m taubench mcp_server, driven by the mcp SDK's own client: over stdio (a spawned
server) and streamable HTTP on 127.0.0.1. A task's gold actions replayed through MCP score 1.0
with observations byte-identical to an episode's; a wrong call scores 0; concurrent HTTP
sessions each have their own database."""

import asyncio
import importlib.metadata
import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
import uvicorn
from conftest import _cli_environment, free_port, loaded
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError

from taubench.core.environment import execute
from taubench.core.messages import ToolCall
from taubench.domains import DOMAINS, self_contained
from taubench.integrations.mcp_server import beyond_the_calls, build, main, parse_args

ORDER = "#W2378156"  # retail task 0's order, delivered: the gold exchanges two of its items


def grades(log) -> dict:
    return {
        event["session"]: event for event in map(json.loads, log.read_text().splitlines()) if event["event"] == "grade"
    }


def episode_observations(domain, task) -> list[str]:
    """What an episode's environment answers to the task's gold actions, one call after another."""
    sides = domain.new_sides(task)
    calls = [
        ToolCall(id=str(n), name=action.name, arguments=action.arguments) for n, action in enumerate(task.gold_actions)
    ]
    return [execute(sides.agent, call).content for call in calls]


def test_stdio_replays_the_gold_actions_to_reward_one(retail, tmp_path):
    task = retail.tasks_in("base")["0"]
    log = tmp_path / "calls.jsonl"
    command = ["-m", "taubench.integrations.mcp_server", "--env", "retail", "--task-id", "0", "--log", str(log)]
    server = StdioServerParameters(command=sys.executable, args=command, env=_cli_environment(None), cwd=tmp_path)

    async def session():
        async with Client(server) as client:
            tools = (await client.list_tools()).tools
            results = [await client.call_tool(action.name, action.arguments) for action in task.gold_actions]
            unknown = await client.call_tool("refund_everything", {})
            return client.server_capabilities, tools, results, unknown

    capabilities, tools, results, unknown = asyncio.run(session())
    schemas = [schema["function"] for schema in retail.spec.toolkit.schemas()]
    ours = [(schema["name"], schema["description"], schema["parameters"]) for schema in schemas]
    assert [(tool.name, tool.description, tool.input_schema) for tool in tools] == ours
    assert [r.content[0].text for r in results] == episode_observations(retail, task)
    assert not any(r.is_error for r in results)
    assert unknown.is_error and unknown.content[0].text == "Error: Tool 'refund_everything' not found."
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert [e["name"] for e in events if e["event"] == "call"] == [a.name for a in task.gold_actions] + [
        "refund_everything"
    ]
    grade = grades(log)["stdio"]
    assert (grade["reward"], grade["basis"], grade["not_graded"], grade["num_calls"]) == (
        1.0,
        ["DB", "NL_ASSERTION"],
        [],
        len(task.gold_actions) + 1,
    )
    assert grade["components"]["ACTION"]["status"] == "passed"


def test_the_server_reports_the_package_version(tmp_path):
    """It reported an empty version (the mcp SDK never fills one in)."""
    command = ["-m", "taubench.integrations.mcp_server", "--env", "retail"]
    server = StdioServerParameters(command=sys.executable, args=command, env=_cli_environment(None), cwd=tmp_path)

    async def server_info():
        async with Client(server) as client:
            return client.server_info

    info = asyncio.run(server_info())
    assert (info.name, info.version) == ("taubench", importlib.metadata.version("taubench"))


def test_http_sessions_are_isolated_and_graded_when_closed(retail, tmp_path):
    task = retail.tasks_in("base")["0"]
    log, port = tmp_path / "calls.jsonl", free_port()
    command = [sys.executable, "-m", "taubench.integrations.mcp_server", "--env", "retail", "--task-id", "0"]
    server = subprocess.Popen(
        [*command, "--transport", "http", "--port", str(port), "--log", str(log)],
        cwd=tmp_path,
        env=_cli_environment(None),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(url)
                break
            except httpx.TransportError:
                assert server.poll() is None and time.monotonic() < deadline, "the MCP server did not start"
                time.sleep(0.1)

        async def status(client) -> str:
            return json.loads((await client.call_tool("get_order_details", {"order_id": ORDER})).content[0].text)[
                "status"
            ]

        async def sessions():
            async with Client(url) as gold, Client(url) as wrong:
                for action in task.gold_actions:
                    await gold.call_tool(action.name, action.arguments)
                returned = await wrong.call_tool(
                    "return_delivered_order_items",
                    {"order_id": ORDER, "item_ids": ["1151293680"], "payment_method_id": "credit_card_9513926"},
                )
                seen = await status(gold), await status(wrong)
                return returned, seen

        returned, seen = asyncio.run(sessions())
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert not returned.is_error
    assert seen == ("exchange requested", "return requested")  # each session sees its own writes only
    rewards = sorted((g["num_calls"], g["reward"]) for g in grades(log).values())
    assert rewards == [(2, 0.0), (len(task.gold_actions) + 1, 1.0)]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--env", "shop"], "--env shop: unknown domain; allowed: retail, airline"),
        (
            ["--env", "retail", "--task-id", "9999"],
            "--task-id 9999: not a task of retail's base split (114 tasks: 0, 1, 2, ...)",
        ),
        (
            ["--env", "retail", "--task-id", "0", "--split", "dev"],
            "--split dev: not a split of retail; allowed: train, test",
        ),
        (["--env", "telecom"], "--env telecom: the customer acts on their own side in this domain"),
    ],
)
def test_bad_input_is_refused_before_serving(argv, message, capsys):
    with pytest.raises(SystemExit) as refused:
        main(argv)
    assert message in str(refused.value)


def test_without_a_task_nothing_is_graded_and_the_error_limit_ends_the_episode(tmp_path):
    server = build(parse_args(["--env", "retail", "--log", str(tmp_path / "calls.jsonl")]))
    episode = server.episode("a")
    answers = [episode.call("teleport_parcel", {}) for _ in range(11)]
    assert answers[9] == ("Error: Tool 'teleport_parcel' not found.", True)  # the 10th error: τ²'s limit
    assert answers[10] == ("Error: this episode has ended (too_many_errors); open a new MCP session for another", True)
    grade = server.end("a")
    assert (grade.reward, grade.termination, grade.num_calls) == (None, "too_many_errors", 10)
    assert grade.note == "no task (--task-id): nothing to grade against"


@pytest.mark.parametrize(
    "env, task_id", [("fitness", "13"), ("real_estate", "23"), ("education", "3"), ("healthcare", "6")]
)
def test_a_refusal_whose_figure_is_said_in_the_conversation_is_graded_only_in_part(env, task_id, tmp_path):
    """A session that only identifies the caller on a refusal task was graded 1.0 on its
    unchanged database alone (its grade line saying basis ["DB"] while its COMMUNICATE
    component had failed): the figure the agent must say is not something MCP carries, so the
    grade is partial. One that does not even identify the caller fails DB."""
    server = build(parse_args(["--env", env, "--task-id", task_id, "--log", str(tmp_path / "calls.jsonl")]))
    server.episode("idle")
    assert server.end("idle").components["DB"].note.startswith("the caller was never identified")
    identify = server.domain.tasks[task_id].gold_actions[0]
    server.episode("identified").call(identify.name, identify.arguments)
    grade = server.end("identified")
    assert (grade.reward, grade.graded, grade.not_graded) == (None, ["DB"], ["COMMUNICATE"])
    assert grade.components["DB"].status == "passed" and grade.components["COMMUNICATE"].status == "not_evaluated"
    assert grade.note == "COMMUNICATE not graded: it needs the conversation, which MCP does not carry"
    assert grade.components["COMMUNICATE"].in_basis and "COMMUNICATE" in grade.basis  # the line agrees with itself


def test_a_task_expecting_nothing_said_is_graded_whole_over_mcp():
    domain = build(parse_args(["--env", "hr"])).domain
    task = next(task for task in domain.tasks.values() if not task.communicate_info and task.gold_actions)
    server = build(parse_args(["--env", "hr", "--task-id", task.id]))
    session = server.episode("gold")
    for action in task.gold_actions:
        session.call(action.name, action.arguments)
    grade = server.end("gold")
    assert (grade.reward, grade.not_graded, grade.note) == (1.0, [], None)


def test_the_readme_says_how_many_tasks_of_each_domain_mcp_grades_whole():
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    said = dict(re.findall(r"^  \| ([a-z_0-9-]+) \| (\d+ of \d+|none: refused[^|]*) \|$", readme, flags=re.MULTILINE))
    for name in self_contained():
        if getattr(DOMAINS[name], "user_toolkit", None) is not None:
            assert said[name].startswith("none: refused"), name
            continue
        domain = loaded(name)
        tasks = domain.tasks_in(domain.spec.default_split).values()
        expects_words = [task for task in tasks if beyond_the_calls(task)]
        assert said[name] == f"{len(tasks) - len(expects_words)} of {len(tasks)}", name


def test_a_call_over_a_cap_gets_an_mcp_error_and_ends_the_sessions_episode(tmp_path):
    """In process over streamable HTTP: a call longer than --max-tool-call-chars, or whose output
    is longer than --max-observation-chars, never answers with its output; the log keeps an excerpt."""
    log = tmp_path / "calls.jsonl"
    caps = ["--max-tool-call-chars", "1000", "--max-observation-chars", "500"]
    server = build(parse_args(["--env", "retail", "--task-id", "0", "--log", str(log), *caps]))
    port = free_port()
    web = uvicorn.Server(uvicorn.Config(server.http_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=web.run, daemon=True)
    thread.start()
    while not web.started:
        time.sleep(0.02)

    async def sessions():
        refused = {}
        for name, arguments in (("get_user_details", {"user_id": "x" * 100_000}), ("list_all_product_types", {})):
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                with pytest.raises(MCPError) as error:
                    await client.call_tool(name, arguments)
                later = await client.call_tool("get_order_details", {"order_id": ORDER})
                refused[name] = str(error.value), later.content[0].text
        return refused

    try:
        refused = asyncio.run(sessions())
    finally:
        web.should_exit = True
        thread.join(timeout=30)
    too_long, too_much = refused["get_user_details"], refused["list_all_product_types"]
    assert (
        too_long[0] == "the agent's call of 'get_user_details' is 100,097 characters as JSON, over the cap of 1,000 "
        "(max_tool_call_chars); none of the turn's calls was run"
    )
    assert too_much[0].startswith(
        "the output of 'list_all_product_types' for the agent is 1,478 characters, over the cap of 500"
    )
    assert (
        too_long[1] == too_much[1] == "Error: this episode has ended (agent_error); open a new MCP session for another"
    )
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert [event["event"] for event in events] == ["refused", "call", "grade"] * 2 and log.stat().st_size < 5_000
    assert {(event["termination"], event["reward"], event["num_calls"]) for event in events[2::3]} == {
        ("agent_error", 0.0, 0)
    }


def test_a_cap_below_one_is_refused_naming_the_option(capsys):
    with pytest.raises(SystemExit):
        parse_args(["--env", "retail", "--max-observation-chars", "-5"])
    assert "argument --max-observation-chars: '-5' is not a whole number of at least 1" in capsys.readouterr().err

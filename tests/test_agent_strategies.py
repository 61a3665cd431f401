"""The agent strategies beyond native tool calling: text actions (act, react), few-shot, and
tool calls written as text. Offline, through the scripted server playing each kind of model."""

import json
from pathlib import Path

import pytest
from conftest import SHARED, run_cli

from taubench import run
from taubench.agents.react import ACT_FORMAT, OBSERVATION_PREFIX, REACT_FORMAT
from taubench.agents.text_tool_calls import parse_text_tool_calls
from taubench.execution.settings import ConfigError, parse_settings
from taubench.testing.scripted_server import Faults, ScriptedServer

FEW_SHOT = SHARED / "data" / "tau_bench_v1" / "few_shot"
AIRLINE_EXAMPLES = FEW_SHOT / "MockAirlineDomainEnv-few_shot.jsonl"
TASKS = {"airline": ["3", "7", "8", "12"], "retail": ["5", "22", "38"]}  # reads, writes, calculate, info to tell
TEXT_AGENTS = [("react", REACT_FORMAT), ("act", ACT_FORMAT)]


def agent_run(server: ScriptedServer, tmp_path: Path, agent: dict, env: str = "airline", **extra):
    """An agent strategy + LLM user + judge, all played by the scripted server, in process."""
    config = {
        "env": {"name": env},
        "agent": agent,
        "user": {"name": "llm"},
        "model": {"name": "openai/scripted", "pricing": {"input": 0, "output": 0}},
        "provider": {"name": "scripted", "api_base": server.url, "label_requests": True},
        "judge": {"model": "openai/scripted", "api_base": server.url, "pricing": {"input": 0, "output": 0}},
        "llm": {"timeout": 5, "initial_backoff": 0.01, "max_backoff": 0.2},
        "tracking": {"enabled": False},
        "progress": False,
        "output_dir": str(tmp_path / f"run-{env}-{agent['name']}-{len(server.requests)}"),
        **extra,
    }
    return run(parse_settings(config), base_dir=tmp_path)


def gold_calls(domain, task_id: str) -> list:
    return [(action.name, action.arguments) for action in domain.tasks[task_id].gold_actions]


def agent_requests(server: ScriptedServer) -> list[list[dict]]:
    """The message lists of the requests that carry an agent system prompt."""
    markers = (REACT_FORMAT, ACT_FORMAT, "<policy>")
    return [r["messages"] for r in server.requests if any(m in r["messages"][0]["content"] for m in markers)]


@pytest.mark.parametrize("name, marker", TEXT_AGENTS, ids=["react", "act"])
def test_text_action_agents_solve_tasks_with_ordinary_tool_calls(tmp_path, retail, airline, name, marker):
    domains = {"airline": airline, "retail": retail}
    with ScriptedServer(domains=tuple(TASKS)) as server:
        for env, task_ids in TASKS.items():
            report = agent_run(server, tmp_path, {"name": name}, env=env, task_ids=task_ids)
            assert [episode.reward for episode in report.episodes] == [1.0] * len(task_ids)
            for episode in report.episodes:
                calls = [(call.name, call.arguments) for call in episode.tool_calls]
                assert calls == gold_calls(domains[env], episode.task_id)
                assert episode.usage["agent"].calls == len(calls) + 1 and episode.usage["agent"].corrections == 0
    requests = agent_requests(server)
    assert requests and all(marker in r[0]["content"] and "<tools>" in r[0]["content"] for r in requests)
    assert not any(r.get("tools") for r in server.requests)  # no native tool calling at all
    last = max(requests, key=len)
    replies = [m["content"] for m in last if m["role"] == "assistant"]
    assert replies[0] == 'Action: {"name": "respond", "arguments": {"content": "Hi! How can I help you today?"}}'
    assert all(reply.startswith("Thought: ") == (name == "react") for reply in replies[1:])
    assert any(m["role"] == "user" and m["content"].startswith(OBSERVATION_PREFIX) for m in last)
    assert all(m["role"] in ("system", "user", "assistant") for m in last)


@pytest.mark.parametrize("name", ["react", "act"])
def test_broken_actions_are_asked_again_and_the_episode_recovers(tmp_path, name):
    with ScriptedServer(domains=("airline",), faults=Faults(malformed_tool_call=0.3, seed=5)) as server:
        report = agent_run(server, tmp_path, {"name": name}, task_ids=TASKS["airline"], max_concurrency=1)
    broken = server.faults_injected["malformed_tool_call"]
    corrections = sum(episode.usage["agent"].corrections for episode in report.episodes)
    assert broken >= 3 and corrections == broken == report.summary.usage["agent"].corrections
    assert [episode.reward for episode in report.episodes] == [1.0] * 4
    assert sum(episode.num_tool_errors for episode in report.episodes) == 0  # never reached the tools
    notes = [
        m["content"]
        for r in agent_requests(server)
        for m in r
        if m["content"].startswith("Your last reply could not be used")
    ]
    assert notes and all("not valid JSON" in note for note in notes)
    corrected = [
        m for e in report.episodes for m in e.messages if m.role == "assistant" and m.usage and m.usage.corrections
    ]
    assert all(m.usage.calls == m.usage.corrections + 1 for m in corrected)


def test_an_action_still_unreadable_after_the_corrections_goes_to_the_customer_as_text(tmp_path, airline):
    with ScriptedServer(domains=("airline",), faults=Faults(malformed_tool_call=1.0)) as server:
        report = agent_run(server, tmp_path, {"name": "react", "max_corrections": 1}, task_ids=["3"])
    (episode,) = report.episodes
    first = episode.messages[2]  # greeting, opening request, then the agent's first turn
    assert first.role == "assistant" and not first.tool_calls
    assert first.content.startswith('{"name": "get_reservation_details"') and first.usage.corrections == 1
    assert first.usage.calls == 2 and episode.reward == 0.0


@pytest.mark.parametrize(
    "reply, problem",
    [
        ("I will look that up now.", "no line starting with 'Action:'"),
        ("Action: get_user_details(user_id='x')", "no JSON object after 'Action:'"),
        ('Action: {"arguments": {}}', "name: Field required"),
        ('Action: {"name": "respond", "arguments": {"text": "hi"}}', '"respond" needs the message as text'),
        ('Action: {"name": "get_user_details", "arguments": [1]}', "arguments: Input should be a valid dictionary"),
    ],
)
def test_each_kind_of_unreadable_reply_is_explained_to_the_model(tmp_path, reply, problem):
    """The model first writes ``reply``, then, told what was wrong, a readable action."""

    def model(request: dict) -> str:
        last = request["messages"][-1]["content"]
        if last.startswith("Your last reply could not be used"):
            return 'Thought: fixed.\nAction: {"name": "respond", "arguments": {"content": "Done."}}'
        return reply

    with ScriptedServer(script=model) as server:
        report = agent_run(
            server, tmp_path, {"name": "react"}, task_ids=["0"], user={"name": "oracle"}, judge={"model": None}
        )
    (episode,) = report.episodes
    assert episode.messages[2].content == "Done." and episode.messages[2].usage.corrections == 1
    (note,) = [m["content"] for m in server.requests[-1]["messages"] if m["content"].startswith("Your last reply")]
    assert problem in note
    assert server.requests[-1]["messages"][-2] == {"role": "assistant", "content": reply}


def test_readable_variants_of_an_action_are_accepted(tmp_path, airline):
    replies = iter(
        [
            'Thought: a fence.\nAction: ```json\n{"name": "get_reservation_details", '
            '"arguments": {"reservation_id": "JMO1MG"}}\n```',
            'Action: {"name": "ignored"}\nAction: {"name": "get_user_details", '
            '"arguments": "{\\"user_id\\": \\"anya_garcia_5901\\"}"} (done)',
            'Action: {"name": "respond", "arguments": {"content": "Done."}}',
        ]
    )
    with ScriptedServer(script=lambda request: next(replies)) as server:
        report = agent_run(
            server, tmp_path, {"name": "react"}, task_ids=["3"], user={"name": "oracle"}, judge={"model": None}
        )
    (episode,) = report.episodes
    assert [(call.name, call.arguments) for call in episode.tool_calls] == gold_calls(airline, "3")
    assert report.summary.usage["agent"].corrections == 0


def test_tool_calls_written_as_text_are_recovered_with_the_option(tmp_path, retail, airline):
    with ScriptedServer(domains=tuple(TASKS), text_tool_calls=True) as server:
        for env, task_ids in TASKS.items():
            agent = {"name": "tool_calling", "text_tool_calls": True}
            report = agent_run(server, tmp_path, agent, env=env, task_ids=task_ids)
            assert [episode.reward for episode in report.episodes] == [1.0] * len(task_ids)
            domain = {"airline": airline, "retail": retail}[env]
            for episode in report.episodes:
                assert [(call.name, call.arguments) for call in episode.tool_calls] == gold_calls(
                    domain, episode.task_id
                )
        written = [
            m.get("content")
            for r in agent_requests(server)
            for m in r
            if m["role"] == "assistant" and m.get("tool_calls")
        ]
        assert written and not any(written)  # sent back to the model as its native calls
        without = agent_run(server, tmp_path, {"name": "tool_calling"}, task_ids=["3"])
    (episode,) = without.episodes
    assert episode.reward == 0.0 and episode.messages[2].content.startswith("[get_reservation_details(reservation_id=")


def test_few_shot_solves_tasks_with_examples_in_its_system_prompt(tmp_path, airline):
    agent = {"name": "few_shot", "examples_path": str(AIRLINE_EXAMPLES), "num_examples": 3}
    with ScriptedServer(domains=("airline",)) as server:
        report = agent_run(server, tmp_path, agent, task_ids=TASKS["airline"])
    assert [episode.reward for episode in report.episodes] == [1.0] * 4
    system = agent_requests(server)[0][0]["content"]
    assert system.count('<example number="') == 3 and airline.policy in system


def test_few_shot_tool_calls_written_as_text_are_recovered(tmp_path):
    agent = {"name": "few_shot", "examples_path": str(AIRLINE_EXAMPLES), "text_tool_calls": True}
    with ScriptedServer(domains=("airline",), text_tool_calls=True) as server:
        report = agent_run(server, tmp_path, agent, task_ids=["3", "8"])
    assert [episode.reward for episode in report.episodes] == [1.0, 1.0]


def drawn_examples(tmp_path: Path, **extra) -> dict[str, str]:
    """The examples block each task's agent got, by task id."""
    agent = {"name": "few_shot", "examples_path": str(AIRLINE_EXAMPLES)}
    folder = tmp_path / "_".join(f"{key}-{value}" for key, value in extra.items())  # a run of its own
    folder.mkdir()
    with ScriptedServer(domains=("airline",)) as server:
        agent_run(server, folder, agent, task_ids=["0", "3", "5", "6", "9"], **extra)
    draws = {}
    for messages in agent_requests(server):
        task_id = next(m["content"] for m in messages if m["role"] == "user").rsplit(":", 1)[1].rstrip("]")
        draws.setdefault(task_id, set()).add(messages[0]["content"].split("<examples>")[1])
    assert all(len(blocks) == 1 for blocks in draws.values())  # one draw per episode
    return {task_id: blocks.pop() for task_id, blocks in draws.items()}


def test_the_few_shot_draw_depends_on_task_and_seed_only(tmp_path):
    sequential = drawn_examples(tmp_path, max_concurrency=1)
    concurrent = drawn_examples(tmp_path, max_concurrency=5, shuffle=True)
    assert sequential == concurrent and len(sequential) == 5
    assert len(set(sequential.values())) == 5  # each task its own draw
    assert all(block.count('<example number="') == 5 for block in sequential.values())
    other_seed = drawn_examples(tmp_path, seed=7)
    assert other_seed.keys() == sequential.keys() and other_seed != sequential


@pytest.mark.parametrize(
    "contents, options, message",
    [
        (None, {}, "agent.examples_path: required: a JSONL file of example conversations"),
        ("missing", {}, "agent.examples_path: cannot read"),
        (
            '{"messages_display": "user: hi"}\n' * 4,
            {},
            "agent.examples_path: " + "{path} holds 4 examples, fewer than num_examples=5",
        ),
        (
            '{"messages_display": "user: hi"}\n{"text": 1}\n',
            {"num_examples": 1},
            "{path} line 2: not a JSON object with a",
        ),
    ],
)
def test_a_missing_or_short_examples_file_fails_before_the_run(tmp_path, contents, options, message):
    path = tmp_path / "examples.jsonl"
    if contents not in (None, "missing"):
        path.write_text(contents)
    agent = {"name": "few_shot", **({} if contents is None else {"examples_path": str(path)}), **options}
    with pytest.raises(ConfigError) as caught:
        agent_run(ScriptedServer(script=lambda request: "never called"), tmp_path, agent, task_ids=["0"])
    assert message.format(path=path) in str(caught.value)
    assert not list(tmp_path.rglob("results.json"))


def test_a_file_with_exactly_enough_examples_is_fine(tmp_path):
    path = tmp_path / "examples.jsonl"
    path.write_text("".join(json.dumps({"messages_display": f"user: example {n}"}) + "\n\n" for n in range(3)))
    with ScriptedServer(domains=("airline",)) as server:
        report = agent_run(
            server, tmp_path, {"name": "few_shot", "examples_path": str(path), "num_examples": 3}, task_ids=["3"]
        )
    assert report.episodes[0].reward == 1.0
    assert all(f"user: example {n}" in agent_requests(server)[0][0]["content"] for n in range(3))


def test_a_react_run_from_the_command_line(tmp_path):
    with ScriptedServer(domains=("airline",)) as server:
        result = run_cli(
            "agent=react",
            "model=scripted",
            f"provider.api_base={server.url}",
            "env=airline",
            "task_ids=[3,7]",
            "agent.max_corrections=1",
            "tracking.enabled=false",
            "progress=false",
            cwd=tmp_path,
        )
    assert result.returncode == 0, result.stderr
    document = json.loads(next(tmp_path.rglob("results.json")).read_text())
    assert document["config"]["agent"] == {"name": "react", "max_corrections": 1}
    assert [episode["reward"] for episode in document["episodes"]] == [1.0, 1.0]


KNOWN = {"find_user_id_by_name_zip", "get_user_details", "get_order_details", "calculate"}


def parsed(text: str) -> tuple[list[tuple], object]:
    calls, rest = parse_text_tool_calls(text, KNOWN, id_prefix="t")
    return [(call.id, call.name, call.arguments, call.invalid_arguments) for call in calls], rest


def test_python_call_syntax_is_read_as_tool_calls():
    assert parsed("[find_user_id_by_name_zip(first_name='Yusuf', last_name='Rossi', zip='19122')]") == (
        [("t_0", "find_user_id_by_name_zip", {"first_name": "Yusuf", "last_name": "Rossi", "zip": "19122"}, None)],
        None,
    )
    calls, _ = parsed(" [get_user_details(user_id='u1'), get_order_details(order_id='#W2')]\n")
    assert calls == [
        ("t_0", "get_user_details", {"user_id": "u1"}, None),
        ("t_1", "get_order_details", {"order_id": "#W2"}, None),
    ]
    calls, _ = parsed("calculate(expression='2 * 3', n=-4, x=1.5, flags=[True, null], extra={'a': (1, 2)})")
    assert calls[0][2] == {"expression": "2 * 3", "n": -4, "x": 1.5, "flags": [True, None], "extra": {"a": [1, 2]}}


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "get_user_details", "arguments": {"user_id": "u1"}}',
        '{"name": "get_user_details", "parameters": {"user_id": "u1"}}',
        '{"type": "function", "function": {"name": "get_user_details", "arguments": "{\\"user_id\\": \\"u1\\"}"}}',
        '{"tool_call": {"name": "get_user_details", "arguments": {"user_id": "u1"}}}',
        '[{"name": "get_user_details", "arguments": {"user_id": "u1"}}]',
        '```json\n{"name": "get_user_details", "arguments": {"user_id": "u1"}}\n```',
        "```\n[get_user_details(user_id='u1')]\n```",
        '<tool_call>\n{"name": "get_user_details", "arguments": {"user_id": "u1"}}\n</tool_call>',
    ],
)
def test_json_and_fenced_calls_are_read(text):
    assert parsed(text) == ([("t_0", "get_user_details", {"user_id": "u1"}, None)], None)


def test_prose_around_fenced_calls_is_kept_as_the_message_text():
    text = 'Let me check.\n```json\n{"name": "get_user_details", "arguments": {"user_id": "u1"}}\n```\nOne moment.'
    calls, rest = parsed(text)
    assert [call[1] for call in calls] == ["get_user_details"] and rest == "Let me check.\n\nOne moment."


@pytest.mark.parametrize(
    "text",
    [
        "[delete_all_users(confirm=True)]",  # not a tool of the domain
        "[get_user_details(user_id='u1'), delete_all_users()]",  # one unknown call spoils the list
        '{"name": "delete_all_users", "arguments": {}}',
        "Sure! I can look up get_user_details for you (user_id='u1').",
        '{"name": "Yusuf Rossi", "zip": "19122"}',
        '```json\n{"order": "#W2"}\n```',
        "",
    ],
)
def test_anything_else_stays_a_message(text):
    assert parse_text_tool_calls(text, KNOWN, id_prefix="t") == ([], text)


def test_arguments_that_are_not_literals_are_refused_never_evaluated(tmp_path):
    target = tmp_path / "evaluated"
    text = f"[get_user_details(user_id=__import__('pathlib').Path({str(target)!r}).touch())]"
    ((call_id, name, arguments, invalid),) = parsed(text)[0]
    assert (name, arguments) == ("get_user_details", {}) and invalid.startswith("get_user_details(user_id=__import__")
    assert not target.exists()
    for refused in (
        "[get_user_details('u1')]",
        "[get_user_details(**{'user_id': 'u1'})]",
        "[calculate(expression=1 + 2)]",
    ):
        ((_, _, _, invalid),) = parsed(refused)[0]
        assert invalid is not None
    ((_, _, _, invalid),) = parsed('{"name": "get_user_details", "arguments": "{broken"}')[0]
    assert invalid == "{broken"

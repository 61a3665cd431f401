"""The LLM path end to end: tool-calling agent, LLM user and judge, through litellm and HTTP,
against the scripted server on 127.0.0.1 (ground truth as the agent, a scripted customer)."""

import json
import os
import socket
from pathlib import Path

import network_guard
import pytest
from conftest import ORACLES, loaded, run_cli

from taubench import run
from taubench.core.retrying import RetryPolicy
from taubench.domains import scriptable
from taubench.execution.settings import parse_settings
from taubench.models.cache import ResponseCache
from taubench.models.client import LLMClient
from taubench.models.errors import LLMRequestError, LLMTransientError
from taubench.models.spec import ModelSpec
from taubench.reporting.tracking import summary_metrics
from taubench.testing.scripted_server import BadRequest, Faults, FixedUsage, ScriptedServer

FAST_RETRIES = {"timeout": 5, "initial_backoff": 0.01, "max_backoff": 0.2}


def merged(base: dict, extra: dict) -> dict:
    out = dict(base)
    for key, value in extra.items():
        out[key] = merged(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def scripted_run(server: ScriptedServer, tmp_path: Path, **extra):
    """Tool-calling agent + LLM user (+ judge) on the scripted server, in process."""
    config = {
        "env": {"name": "airline"},
        "agent": {"name": "tool_calling"},
        "user": {"name": "llm"},
        "model": {"name": "openai/scripted", "pricing": {"input": 0, "output": 0}},
        "provider": {"name": "scripted", "api_base": server.url, "label_requests": True},
        "judge": {"model": "openai/scripted", "api_base": server.url, "pricing": {"input": 0, "output": 0}},
        "llm": FAST_RETRIES,
        "tracking": {"enabled": False},
        "progress": False,
        "output_dir": str(tmp_path / "run"),
    }
    return run(parse_settings(merged(config, extra)), base_dir=tmp_path)


def expected_model_calls(gold) -> tuple[int, int, int]:
    """Agent and user model calls of a scripted episode: the agent makes its gold calls, hands
    over before each run of the customer's own calls and reports; the customer opens, makes
    its calls, says each run is done, and closes."""
    handovers = sum(
        action.requestor == "user" and (n == 0 or gold[n - 1].requestor != "user") for n, action in enumerate(gold)
    )
    on_user_side = sum(action.requestor == "user" for action in gold)
    return len(gold) - on_user_side + handovers + 1, 2 + on_user_side + handovers, handovers


def judged(task) -> bool:
    return "NL_ASSERTION" in task.evaluation_criteria.reward_basis and bool(task.evaluation_criteria.nl_assertions)


def covering_tasks(domain) -> list[str]:
    """Tasks that between them call every tool the domain's tasks call, from either side, plus
    every task the judge grades and one without any action: each kind of request and reply
    goes through the real path. (The oracle tests replay every task's own gold in process.)"""
    tasks = domain.tasks
    chosen = [task_id for task_id, task in tasks.items() if judged(task)]
    if all(tasks[task_id].gold_actions for task_id in chosen):
        chosen += [task_id for task_id, task in tasks.items() if not task.gold_actions][:1]
    calls = {
        task_id: {(action.requestor, action.name) for action in task.gold_actions} for task_id, task in tasks.items()
    }
    needed = set().union(*calls.values()).difference(*(calls[task_id] for task_id in chosen))
    while needed:
        best = max(tasks, key=lambda task_id: len(calls[task_id] & needed))  # the first of the best, in split order
        chosen.append(best)
        needed -= calls[best]
    return chosen


@pytest.mark.parametrize("name", scriptable())
def test_a_ground_truth_script_scores_as_the_oracle_does_through_every_tool_of_the_domain(tmp_path, name):
    """Each domain that needs no data path and whose scenarios name their tasks (τ²'s retail
    and airline, ours; not telecom: ``scriptable``), through the real path: agent and user
    requests over HTTP, tool calls parsed from the API's format, the judge asked for the NL
    assertions. One domain a test, so that the workers share them out."""
    domain = loaded(name)
    chosen = covering_tasks(domain)
    with ScriptedServer(domains=(name,)) as server:
        report = scripted_run(server, tmp_path, env={"name": name}, task_ids=chosen, progress=False)
    episodes = {episode.task_id: episode for episode in report.episodes}
    assert set(episodes) == set(chosen)
    for task_id, episode in episodes.items():
        assert episode.reward == 1.0, (task_id, episode.reward_info)
        calls = [(call.requestor, call.name, call.arguments) for call in episode.tool_calls]
        gold = domain.tasks[task_id].gold_actions
        assert calls == [(a.requestor, a.name, a.arguments) for a in gold]
        agent_calls, user_calls, handovers = expected_model_calls(gold)
        assert (episode.usage["agent"].calls, episode.usage["user"].calls) == (agent_calls, user_calls)
    every_tool_called = {
        (action.requestor, action.name) for task in domain.tasks.values() for action in task.gold_actions
    }
    assert {
        (call.requestor, call.name) for episode in episodes.values() for call in episode.tool_calls
    } == every_tool_called
    assert server.counts["agent"] == sum(
        expected_model_calls(domain.tasks[task_id].gold_actions)[0] for task_id in chosen
    )
    assert server.counts["judge"] == sum(judged(task) for task in domain.tasks.values())


def test_the_judge_grades_forty_tasks_of_those_domains():
    assert sum(judged(task) for name in scriptable() for task in loaded(name).tasks.values()) == 40


def test_every_episode_completes_through_twenty_percent_of_faults(tmp_path):
    faults = Faults(rate_limit=0.08, server_error=0.07, timeout=0.05, timeout_s=1.6, retry_after_s=0.02, seed=7)
    with ScriptedServer(domains=("airline",), faults=faults) as server:
        report = scripted_run(server, tmp_path, end_index=15, num_trials=2, llm={"timeout": 0.8})
    assert [episode.reward for episode in report.episodes] == [1.0] * 30
    assert all(episode.error is None for episode in report.episodes)
    retries = sum(usage.retries for usage in report.summary.usage.values())
    injected = sum(server.faults_injected.values())
    assert injected >= 20 and {"rate_limit", "server_error", "timeout"} <= set(server.faults_injected)
    # every fault cost one retried attempt, and each is on record (a slow answer on a busy
    # machine may time out too, hence not an equality)
    assert retries >= injected
    assert report.summary.pass_hat_k == {1: 1.0, 2: 1.0}


def test_malformed_tool_calls_become_error_observations_and_the_episode_goes_on(tmp_path, airline):
    with ScriptedServer(domains=("airline",), faults=Faults(malformed_tool_call=0.3, seed=3)) as server:
        report = scripted_run(server, tmp_path, task_ids=[0, 1, 2, 3, 4, 5, 6, 7])
    assert server.faults_injected["malformed_tool_call"] > 0
    observations = [m for e in report.episodes for m in e.messages if m.role == "tool" and m.error]
    assert len(observations) == server.faults_injected["malformed_tool_call"]
    assert all("are not a valid JSON object" in m.content for m in observations)
    assert [episode.reward for episode in report.episodes] == [1.0] * 8  # recovered: same end state
    assert sum(episode.num_tool_errors for episode in report.episodes) == len(observations)


def test_several_tool_calls_in_one_message_are_all_executed(tmp_path, airline):
    with ScriptedServer(domains=("airline",), parallel_tool_calls=True) as server:
        report = scripted_run(server, tmp_path, task_ids=["1", "8"])
    assert [episode.reward for episode in report.episodes] == [1.0, 1.0]
    batches = [m for e in report.episodes for m in e.messages if m.role == "assistant" and m.tool_calls]
    assert any(len(m.tool_calls) == 2 for m in batches)


def test_what_agent_and_user_send(tmp_path, airline):
    with ScriptedServer(domains=("airline",)) as server:
        scripted_run(server, tmp_path, task_ids=["8"], seed=11, user={"temperature": 0.5})
    agent = [r for r in server.requests if r.get("tools")]
    user = [r for r in server.requests if not r.get("tools") and "<scenario>" in r["messages"][0]["content"]]
    first = agent[0]
    assert first["messages"][0]["role"] == "system" and airline.policy in first["messages"][0]["content"]
    assert [t["function"]["name"] for t in first["tools"]] == [
        s["function"]["name"] for s in airline.spec.toolkit.schemas()
    ]
    assert first["tool_choice"] == "auto" and first["temperature"] == 0.0
    assert first["messages"][1] == {"role": "assistant", "content": "Hi! How can I help you today?"}
    assert {r["seed"] for r in agent + user} == {first["seed"]}  # the trial's seed, for both roles
    system = user[0]["messages"][0]["content"]
    assert "###STOP###" in system and "###TRANSFER###" in system and "###OUT-OF-SCOPE###" in system
    assert "\tDomain: airline\n\tReason for call:\n\t\t" in system and user[0]["temperature"] == 0.5
    # the customer sees the conversation role-flipped, without tool calls or results
    last = user[-1]["messages"]
    assert [m["role"] for m in last[1:]] == ["user", "assistant", "user"]
    assert all("tool_calls" not in m for m in last)


def test_costs_add_up_exactly_per_role_and_per_run(tmp_path):
    """Fixed token counts (1000 prompt of which 400 cached, 100 completion) on every answer.
    Agent: gpt-4o from litellm's price table, cached-input rate included ($2.50/$1.25/$10
    per 1M): $0.003 a call. User: configured $1/$0.25/$4: $0.0011. Judge: $3/$12: $0.0042."""
    usage = FixedUsage(prompt_tokens=1000, completion_tokens=100, cached_tokens=400)
    with ScriptedServer(domains=("retail",), usage=usage) as server:
        report = scripted_run(
            server,
            tmp_path,
            env={"name": "retail"},
            task_ids=["4", "5", "7"],  # 4 has NL assertions, so the judge is called
            model={"name": "openai/gpt-4o", "pricing": None},
            user={
                "model": "openai/scripted-user",
                "api_base": server.url,
                "pricing": {"input": 1, "output": 4, "cached_input": 0.25},
            },
            judge={"pricing": {"input": 3, "output": 12}},
        )
    per_call = {"agent": 0.003, "user": 0.0011, "judge": 0.0042}
    for episode in report.episodes:
        for role, price in per_call.items():
            role_usage = episode.usage[role]
            assert role_usage.cost == pytest.approx(role_usage.calls * price, abs=1e-12)
            assert role_usage.prompt_tokens == 1000 * role_usage.calls
            assert role_usage.cached_prompt_tokens == 400 * role_usage.calls
    calls = {role: sum(e.usage[role].calls for e in report.episodes) for role in per_call}
    assert calls == {"agent": server.counts["agent"], "user": server.counts["user"], "judge": server.counts["judge"]}
    assert calls["judge"] >= 1
    for role, price in per_call.items():
        assert report.summary.usage[role].cost == pytest.approx(calls[role] * price, abs=1e-12)
    assert report.summary.total_cost == pytest.approx(sum(calls[r] * p for r, p in per_call.items()), abs=1e-12)
    metrics = summary_metrics(report.summary)
    assert metrics["usage/cost_agent"] == pytest.approx(calls["agent"] * 0.003, abs=1e-12)
    assert metrics["usage/cached_prompt_tokens_user"] == 400 * calls["user"]


def test_a_model_without_a_known_price_costs_unknown_never_zero(tmp_path):
    with ScriptedServer(domains=("airline",)) as server:
        report = scripted_run(server, tmp_path, task_ids=["1"], model={"name": "openai/no-such-model", "pricing": None})
    assert report.episodes[0].usage["agent"].cost is None
    assert report.summary.usage["agent"].cost is None and report.summary.total_cost is None
    assert report.summary.usage["user"].cost is None  # the user shares the agent's model
    assert "cost_total" not in summary_metrics(report.summary)


def test_with_the_cache_a_second_run_makes_no_call_and_reproduces_the_results(tmp_path):
    cache = {"cache": True, "cache_dir": str(tmp_path / "cache")}
    with ScriptedServer(domains=("airline",)) as server:
        first = scripted_run(
            server, tmp_path, task_ids=["0", "1", "8"], num_trials=2, llm=cache, output_dir=str(tmp_path / "a")
        )
        calls = server.total_requests
        second = scripted_run(
            server, tmp_path, task_ids=["0", "1", "8"], num_trials=2, llm=cache, output_dir=str(tmp_path / "b")
        )
        assert server.total_requests == calls  # not one request reached the server
    assert calls > 0 and first.summary.usage["agent"].cache_hits == 0
    assert second.summary.usage["agent"].cache_hits == second.summary.usage["agent"].calls > 0
    assert second.summary.total_cost == 0.0
    for before, after in zip(first.episodes, second.episodes):
        assert (before.task_id, before.trial, before.reward) == (after.task_id, after.trial, after.reward)
        assert [m.model_dump(exclude={"usage"}) for m in before.messages] == [
            m.model_dump(exclude={"usage"}) for m in after.messages
        ]


def test_the_cache_keeps_trials_apart(tmp_path):
    with ScriptedServer(script=lambda request: "an answer") as server:
        client = LLMClient(ModelSpec(model="openai/x", api_base=server.url), cache=ResponseCache(tmp_path / "cache"))
        messages = [{"role": "user", "content": "hello"}]
        answers = [client.complete(messages, trial=trial) for trial in (0, 0, 1, 1, None)]
    assert server.total_requests == 3  # trials 0, 1 and None each asked once
    assert [answer.usage.cache_hits for answer in answers] == [0, 1, 0, 1, 0]


def test_retry_after_is_honoured_and_the_retries_are_bounded(monkeypatch):
    waits = []
    monkeypatch.setattr("taubench.core.retrying.time.sleep", waits.append)
    with ScriptedServer(script=lambda request: "never", faults=Faults(rate_limit=1.0, retry_after_s=3)) as server:
        client = LLMClient(
            ModelSpec(model="openai/x", api_base=server.url), RetryPolicy(max_attempts=4, max_backoff=60)
        )
        with pytest.raises(LLMTransientError, match="gave up after 4 attempts"):
            client.complete([{"role": "user", "content": "hi"}])
    assert server.total_requests == 4
    assert len(waits) == 3 and all(3.0 <= wait <= 3.3 for wait in waits)


def test_retrying_stops_when_the_waiting_budget_is_spent(monkeypatch):
    waits = []
    monkeypatch.setattr("taubench.core.retrying.time.sleep", waits.append)
    with ScriptedServer(script=lambda request: "never", faults=Faults(rate_limit=1.0, retry_after_s=2)) as server:
        client = LLMClient(ModelSpec(model="openai/x", api_base=server.url), RetryPolicy(max_attempts=50, max_wait=5))
        with pytest.raises(LLMTransientError):
            client.complete([{"role": "user", "content": "hi"}])
    assert len(waits) == 2 and server.total_requests == 3


def test_a_request_the_provider_rejects_is_not_retried():
    with ScriptedServer(domains=("airline",)) as server:  # an agent request without a task marker: 400
        client = LLMClient(ModelSpec(model="openai/x", api_base=server.url, label_requests=True))
        with pytest.raises(LLMRequestError, match=r"rejected the request .*no \[task <domain>:<id>\] marker"):
            client.complete(
                [{"role": "user", "content": "hi"}],
                caller="agent/tool_calling",
                tools=[
                    {"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}
                ],
            )
    assert server.total_requests == 1


def test_sampling_parameters_a_model_rejects_are_dropped_not_fatal():
    def no_temperature(request: dict) -> str:
        if "temperature" in request:
            raise BadRequest("Unsupported parameter: 'temperature' is not supported with this model.")
        return "fine"

    with ScriptedServer(script=no_temperature) as server:
        known = LLMClient(ModelSpec(model="openai/o3-mini", api_base=server.url, temperature=0.0))
        assert known.complete([{"role": "user", "content": "hi"}]).content == "fine"
        assert server.total_requests == 1  # litellm knows reasoning models take no temperature
        unknown = LLMClient(ModelSpec(model="openai/new-reasoner", api_base=server.url, temperature=0.0))
        for _ in range(2):
            assert unknown.complete([{"role": "user", "content": "hi"}]).content == "fine"
    assert server.total_requests == 1 + 2 + 1  # rejected once, then dropped for good


def test_a_missing_provider_key_is_reported_before_the_run(tmp_path):
    result = run_cli("model=gpt4o", cwd=tmp_path, seed_store=False)
    assert result.returncode == 2
    assert "provider.api_key_env: the environment variable OPENAI_API_KEY is not set" in result.stderr
    result = run_cli(
        "model=claude-3-5-sonnet-20241022",
        "user.model=gpt-4o-mini",
        cwd=tmp_path,
        env={"ANTHROPIC_API_KEY": "x"},
        seed_store=False,
    )
    assert result.returncode == 2
    assert (
        "user.model: the environment variable OPENAI_API_KEY is not set (needed by the user model gpt-4o-mini)"
        in result.stderr
    )
    assert not list(tmp_path.rglob("results.json")) and not (tmp_path / "mlruns").exists()


def test_an_agent_that_needs_a_model_says_how_to_choose_one(tmp_path):
    result = run_cli(cwd=tmp_path)
    assert result.returncode == 2
    assert "model: agent 'tool_calling' needs a model; choose one with model=<name> (allowed: " in result.stderr
    assert "gpt4o, gpt4o-mini" in result.stderr and "together/llama-3.3-70b" in result.stderr


def test_oracle_runs_need_no_model(tmp_path):
    result = run_cli(*ORACLES, "env=airline", "task_ids=[3]", "tracking.enabled=false", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_the_guard_makes_an_accidental_real_provider_call_fail(tmp_path):
    result = run_cli(
        "env=airline",
        "task_ids=[0]",
        "model=gpt4o",
        "llm.max_attempts=1",
        "episode_retries=0",
        "tracking.enabled=false",
        "progress=false",
        cwd=tmp_path,
        env={"OPENAI_API_KEY": "sk-not-a-real-key"},
    )
    assert result.returncode == 2, result.stderr  # stopped: the model was never reached
    assert "all ended without reaching the model" in result.stderr
    assert (
        "ConnectionRefusedError: looking up 'api.openai.com' blocked by the taubench test network guard"
        in result.stderr
    )
    assert "rerun the same command to continue" in result.stderr


def test_the_guard_sends_grpc_channels_beyond_loopback_to_a_dead_end(monkeypatch):
    """gRPC dials from its C core, which Python's socket guard never sees; it honours
    ``grpc_proxy``, so a channel to a public address knocks on the proxy the guard names."""
    import grpc

    assert os.environ["grpc_proxy"] == network_guard.GRPC_DEAD_END
    with socket.create_server(("127.0.0.1", 0)) as proxy:
        monkeypatch.setenv("grpc_proxy", f"http://127.0.0.1:{proxy.getsockname()[1]}")
        channel = grpc.insecure_channel("203.0.113.7:443")
        grpc.channel_ready_future(channel).add_done_callback(lambda _: None)  # start dialling
        proxy.settimeout(10)
        connection, _ = proxy.accept()
        with connection, channel:
            assert connection.recv(200).startswith(b"CONNECT 203.0.113.7:443")


def test_a_role_naming_the_agents_model_reaches_it_where_the_agent_does(tmp_path):
    """With model=scripted, a user and a judge given the same model string (as taubench.integrations.tau_bench_run
    writes them) need no address of their own: they follow the provider's."""
    with ScriptedServer(domains=("mock",)) as server:
        ran = run_cli(
            "env=mock",
            "model=scripted",
            f"provider.api_base={server.url}",
            "user.model=openai/scripted",
            "judge.model=openai/scripted",
            "task_ids=[0]",
            "tracking.enabled=false",
            "progress=false",
            "output_dir=run",
            cwd=tmp_path,
        )
    assert ran.returncode == 0, ran.stderr
    (episode,) = json.loads((tmp_path / "run" / "results.json").read_text())["episodes"]
    assert episode["reward"] == 1.0 and server.counts["user"] > 0

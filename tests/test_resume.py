"""Runs that can be trusted with money: stopped by a budget, stopped at once by a refused
key, resumed without repeating an episode, never mixed with another configuration (SIGKILL
at every moment of a run: test_run_lifecycle.py)."""

import shutil
from pathlib import Path

import pytest
from conftest import run_cli
from mlflow.tracking import MlflowClient
from test_llm_path import merged

from taubench import run
from taubench.core.domain import DATA_FILES
from taubench.execution.rundir import EPISODES_FILE, RunLock
from taubench.execution.settings import ConfigError, parse_settings
from taubench.reporting.tracking import local_store, summary_metrics
from taubench.testing.scripted_server import Faults, FixedUsage, ScriptedServer


def scripted_args(server: ScriptedServer) -> list[str]:
    return ["env=airline", "model=scripted", f"provider.api_base={server.url}", "max_concurrency=2", "progress=false"]


def comparable(episode: dict) -> tuple:
    return (
        episode["task_id"],
        episode["trial"],
        episode["reward"],
        episode["termination_reason"],
        [(call["name"], call["arguments"], call["observation"]) for call in episode["tool_calls"]],
        [(m["role"], m.get("content")) for m in episode["messages"]],
    )


def scripted_settings(server: ScriptedServer, tmp_path: Path, **extra):
    config = {
        "env": {"name": "airline"},
        "agent": {"name": "tool_calling"},
        "user": {"name": "llm"},
        "model": {"name": "openai/scripted", "pricing": {"input": 1000, "output": 0}},  # $1 per call below
        "provider": {"name": "scripted", "api_base": server.url, "label_requests": True},
        "llm": {"initial_backoff": 0.01},
        "tracking": {"enabled": False},
        "progress": False,
        "max_concurrency": 1,
        "task_ids": [str(i) for i in range(10)],
        "output_dir": str(tmp_path / "run"),
    }
    return parse_settings(merged(config, extra))


def test_the_budget_stops_new_episodes_and_a_rerun_with_more_budget_finishes(tmp_path):
    with ScriptedServer(domains=("airline",), usage=FixedUsage(prompt_tokens=1000, completion_tokens=10)) as server:
        stopped = run(scripted_settings(server, tmp_path, max_cost=10), base_dir=tmp_path)
        spent = [sum(u.cost for u in e.usage.values()) for e in stopped.episodes]
        assert stopped.summary.stopped.startswith("budget reached") and stopped.summary.not_started > 0
        assert len(stopped.episodes) + stopped.summary.not_started == 10
        assert sum(spent) >= 10 > sum(spent[:-1])  # the last episode started under the budget
        assert stopped.summary.total_cost == sum(spent)
        metrics = summary_metrics(stopped.summary)
        assert metrics["budget_exhausted"] == 1 and metrics["episodes_not_started"] == stopped.summary.not_started

        finished = run(scripted_settings(server, tmp_path, max_cost=100), base_dir=tmp_path)
    assert finished.output_dir == stopped.output_dir and finished.resumed_episodes == len(stopped.episodes)
    assert finished.summary.not_started == 0 and finished.summary.stopped is None
    assert sorted(int(e.task_id) for e in finished.episodes) == list(range(10))
    assert finished.episodes[: len(stopped.episodes)] == stopped.episodes
    lines = (stopped.output_dir / EPISODES_FILE).read_text().splitlines()
    assert len(lines) == 10


def test_resuming_with_another_configuration_or_other_data_is_refused(tmp_path, airline):
    with ScriptedServer(domains=("airline",), usage=FixedUsage(prompt_tokens=1000, completion_tokens=10)) as server:
        stopped = run(scripted_settings(server, tmp_path, max_cost=3), base_dir=tmp_path)
        earlier = str(stopped.output_dir)
        with pytest.raises(
            ConfigError,
            match=r"(?s)resume: refusing to continue.*num_trials: 1 then, 2 now.*or give another output_dir",
        ):
            run(scripted_settings(server, tmp_path, resume=earlier, num_trials=2), base_dir=tmp_path)
        data = tmp_path / "data"
        data.mkdir()
        for name in DATA_FILES:
            shutil.copy(airline.data_folder / name, data / name)
        policy = data / "policy.md"
        policy.write_text(policy.read_text() + "\nBe generous.\n")
        with pytest.raises(ConfigError, match="task data \\(airline\\): the files' sha256 differ"):
            run(
                scripted_settings(
                    server, tmp_path, resume=earlier, env={"data_dir": str(data), "verify_checksums": False}
                ),
                base_dir=tmp_path,
            )
        with pytest.raises(ConfigError, match="resume: .* is not the output directory of a taubench run"):
            run(scripted_settings(server, tmp_path, resume=str(tmp_path), output_dir=None), base_dir=tmp_path)
        fresh = run(
            scripted_settings(server, tmp_path, resume="never", output_dir=str(tmp_path / "new"), max_cost=None),
            base_dir=tmp_path,
        )
    assert fresh.output_dir != stopped.output_dir and fresh.resumed_episodes == 0 and len(fresh.episodes) == 10


@pytest.mark.long
def test_a_refused_key_stops_the_run_at_once_and_a_fixed_rerun_continues_it(tmp_path):
    with ScriptedServer(domains=("airline",), faults=Faults(auth_error=1.0)) as refusing:
        result = run_cli(*scripted_args(refusing), "task_ids=[0,1,2,3,4,5]", cwd=tmp_path)
        assert refusing.total_requests <= 2  # one per running episode: nothing is retried
    assert result.returncode == 2
    assert "refused the credentials" in result.stderr and "rerun the same command to continue" in result.stderr
    assert next(tmp_path.rglob(EPISODES_FILE)).read_text() == ""
    client = MlflowClient(local_store(tmp_path)[0])
    experiment = client.get_experiment_by_name("taubench").experiment_id
    assert [run.info.status for run in client.search_runs([experiment])] == ["FAILED"]

    with ScriptedServer(domains=("airline",)) as working:  # a new endpoint URL does not make a new run
        result = run_cli(*scripted_args(working), "task_ids=[0,1,2,3,4,5]", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    runs = client.search_runs([experiment])
    assert len(runs) == 1 and runs[0].info.status == "FINISHED" and runs[0].data.metrics["num_episodes"] == 6


def test_infrastructure_errors_are_rerun_then_reported_apart(tmp_path):
    """A provider that fails every call: each episode is rerun episode_retries times, then
    recorded as an infrastructure failure, excluded from the metrics."""
    with ScriptedServer(domains=("airline",), faults=Faults(server_error=1.0)) as server:
        report = run(
            scripted_settings(server, tmp_path, task_ids=["0", "1"], episode_retries=1, llm={"max_attempts": 2}),
            base_dir=tmp_path,
        )
    assert server.total_requests == 2 * 2 * 2  # 2 episodes x 2 runs x 2 attempts
    assert [e.attempts for e in report.episodes] == [2, 2]
    assert all(e.error.kind == "infrastructure_error" and e.reward is None for e in report.episodes)
    assert report.summary.infrastructure_failures == [("0", 0), ("1", 0)]
    assert report.summary.scored_episodes == 0 and report.summary.unscored_episodes == 0
    assert report.summary.pass_hat_k == {} and report.summary.average_reward is None


def test_a_run_still_in_progress_is_not_resumed_by_a_second_process(tmp_path):
    with ScriptedServer(domains=("airline",), usage=FixedUsage(prompt_tokens=1000, completion_tokens=10)) as server:
        stopped = run(scripted_settings(server, tmp_path, max_cost=3), base_dir=tmp_path)
        other_process = RunLock(stopped.output_dir)  # a lock of its own, as another process holds it
        with pytest.raises(ConfigError, match=r"resume: the run in .* is still running \(process \d+ on [^)]+\)"):
            run(scripted_settings(server, tmp_path), base_dir=tmp_path)
        other_process.release()
        finished = run(scripted_settings(server, tmp_path), base_dir=tmp_path)
    assert finished.output_dir == stopped.output_dir and len(finished.episodes) == 10

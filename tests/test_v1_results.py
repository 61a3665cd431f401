"""Original τ-bench (v1) results files: the published numbers reproduced from a historical
file, logged to MLflow beside our runs; our runs exported in the v1 format."""

import json
import subprocess

from conftest import ORACLES, run_cli
from mlflow.tracking import MlflowClient

from taubench.reporting import v1_results
from taubench.reporting.tracking import local_store


def run_v1(*args: str, cwd) -> subprocess.CompletedProcess:
    return run_cli(*args, cwd=cwd, timeout=300, seed_store=False, module="taubench.integrations.v1")


def test_the_historical_gpt4o_airline_file_gives_the_published_numbers(shared, tmp_path):
    historical = shared / "data/tau_bench_v1/historical/gpt-4o-airline.json"
    result = run_v1("import", str(historical), "--env", "airline_v1", "--model", "gpt-4o", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    for line in (
        "200 episodes, 50 tasks x 4 trials",
        "pass^1          0.420",
        "pass^2          0.273",
        "pass^3          0.220",
        "pass^4          0.200",
    ):
        assert line in result.stdout
    client = MlflowClient(local_store(tmp_path)[0])
    (run,) = client.search_runs([client.get_experiment_by_name("taubench").experiment_id])
    metrics = run.data.metrics
    assert round(metrics["pass_hat_1"], 3) == 0.420 and round(metrics["pass_hat_2"], 3) == 0.273
    assert round(metrics["pass_hat_3"], 3) == 0.220 and round(metrics["pass_hat_4"], 3) == 0.200
    assert metrics["num_episodes"] == 200 and metrics["successes"] == 84
    assert run.data.params["model.name"] == "gpt-4o" and run.data.params["env.name"] == "airline_v1"
    assert [a.path for a in client.list_artifacts(run.info.run_id)] == ["gpt-4o-airline.json"]


def test_our_run_exported_in_the_v1_format_scores_the_same(tmp_path):
    result = run_cli(
        *ORACLES,
        "env=airline",
        "task_ids=[0,1,8]",
        "num_trials=2",
        "tracking.enabled=false",
        "progress=false",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    results_file = next(tmp_path.rglob("results.json"))
    exported = run_v1("export", str(results_file), "-o", str(tmp_path / "v1.json"), cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    episodes = v1_results.load(tmp_path / "v1.json")
    ours = json.loads(results_file.read_text())["summary"]
    scores = v1_results.score(episodes)
    assert scores.average_reward == ours["average_reward"] == 1.0
    assert {str(k): v for k, v in scores.pass_hat_k.items()} == ours["pass_hat_k"]
    first = next(episode for episode in episodes if episode.task_id == 8)
    assert first.info.source == "user" and first.info.task.actions
    assert first.info.reward_info["info"]["r_actions"] == 1.0 and first.info.reward_info["info"]["gt_data_hash"]
    calls = [m for m in first.traj if m["role"] == "assistant" and m.get("tool_calls")]
    assert json.loads(calls[0]["tool_calls"][0]["function"]["arguments"]) == first.info.task.actions[0].kwargs


def test_a_file_that_is_not_v1_results_is_refused_clearly(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"episodes": []}')
    result = run_v1("import", str(bad), "--no-tracking", cwd=tmp_path)
    assert result.returncode == 2 and "a v1 results file is a JSON array of episodes" in result.stderr
    result = run_v1("import", str(tmp_path / "absent.json"), cwd=tmp_path)
    assert result.returncode == 2 and "no such file" in result.stderr


def test_rescoring_the_historical_file_reproduces_every_recorded_reward(shared, tmp_path):
    historical = shared / "data/tau_bench_v1/historical/gpt-4o-airline.json"
    result = run_v1(
        "rescore",
        str(historical),
        "--env",
        "airline_v1",
        "--data-dir",
        str(shared / "data/tau_bench_v1"),
        "-o",
        str(tmp_path / "rescore.json"),
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "200 recorded rewards reproduced" in result.stdout
    assert "unlike the recorded ones (after the 2025 province -> state rename): 0" in result.stdout
    report = json.loads((tmp_path / "rescore.json").read_text())
    assert sum(item["rescored"] for item in report) == 84 and all(item["reason"] is None for item in report)


def test_rescoring_notices_a_trajectory_that_does_not_reach_the_goal(shared):
    from taubench.domains import load_domain

    results = v1_results.load(shared / "data/tau_bench_v1/historical/gpt-4o-airline.json")
    passed = next(
        r
        for r in results
        if r.reward == 1.0
        and any(m.get("tool_calls") for m in r.traj)
        and "r_actions" in r.info.reward_info["info"]
        and r.info.task.actions
    )
    writes = [
        c for m in passed.traj for c in m.get("tool_calls") or [] if c["function"]["name"] != "get_reservation_details"
    ]
    writes[-1]["function"]["name"] = "get_user_details"  # the final change never happens
    domain = load_domain("airline_v1", shared / "data/tau_bench_v1")
    (rescored,) = v1_results.rescore([passed], domain, "test")
    assert rescored.recorded == 1.0 and rescored.rescored == 0.0
    assert "replayed database differs" in rescored.reason

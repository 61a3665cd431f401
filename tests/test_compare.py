"""``python -m taubench compare`` on real oracle runs: the full oracle against the oracle cut
short by ``max_steps`` (mock: tasks needing more steps fail), its figures checked against the
two results.json files read here, and the refusals of runs that measure different things."""

import json
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path
from statistics import mean

import pytest
from conftest import ORACLES, run_cli
from mlflow.tracking import MlflowClient

from taubench.reporting.tracking import local_store

QUIET = ("tracking.enabled=false", "progress=false")


def make_run(base: Path, name: str, *overrides: str) -> Path:
    result = run_cli(*ORACLES, *QUIET, *overrides, f"output_dir={name}", cwd=base)
    assert result.returncode == 0, result.stderr
    return base / name


def compare(base: Path, *args: str) -> subprocess.CompletedProcess:
    return run_cli(*args, cwd=base, timeout=120, seed_store=False, module="taubench.reporting.compare")


def compared(base: Path, *args: str) -> dict:
    result = compare(base, *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def episodes(run_dir: Path) -> list[dict]:
    return json.loads((run_dir / "results.json").read_text())["episodes"]


def scored_rewards(run_dir: Path) -> dict[str, list[float]]:
    rewards = defaultdict(list)
    for episode in episodes(run_dir):
        if episode["reward"] is not None:
            rewards[episode["task_id"]].append(episode["reward"])
    return rewards


def success_rates(run_dir: Path) -> dict[str, float]:
    return {
        task: sum(reward == 1.0 for reward in rewards) / len(rewards)
        for task, rewards in scored_rewards(run_dir).items()
    }


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> Path:
    """Mock, two trials: ``full`` (every task succeeds) and ``cut`` (max_steps=10: 8 of 18 fail)."""
    base = tmp_path_factory.mktemp("compare")
    make_run(base, "full", "env=mock", "num_trials=2")
    make_run(base, "cut", "env=mock", "num_trials=2", "max_steps=10")
    return base


def test_the_figures_are_those_of_the_two_results_files(runs):
    comparison = compared(runs, "full", "cut")
    full, cut = scored_rewards(runs / "full"), scored_rewards(runs / "cut")
    expected = mean(r for rs in full.values() for r in rs) - mean(r for rs in cut.values() for r in rs)
    average, *passes = comparison["differences"]
    assert average["statistic"] == "average reward" and average["difference"] == expected and expected > 0
    summaries = [json.loads((runs / name / "results.json").read_text())["summary"] for name in ("full", "cut")]
    assert [row["statistic"] for row in passes] == ["pass^1", "pass^2"]
    for k, row in enumerate(passes, start=1):
        assert (row["a"], row["b"]) == (summaries[0]["pass_hat_k"][str(k)], summaries[1]["pass_hat_k"][str(k)])
        assert row["difference"] == row["a"] - row["b"]
    for row in comparison["differences"]:
        low, high = row["interval"]
        assert low <= round(row["difference"], 6) <= high and low > 0
        assert row["verdict"] == "A better"
    assert (
        comparison["shared_tasks"] == 18
        and comparison["a"]["scored_episodes"] == comparison["b"]["scored_episodes"] == 36
    )


def test_the_intervals_are_reproducible_from_the_seed(runs):
    first = compared(runs, "full", "cut", "--seed", "7", "--resamples", "500")
    assert compared(runs, "full", "cut", "--seed", "7", "--resamples", "500") == first
    assert (first["seed"], first["resamples"]) == (7, 500)


def test_flipped_tasks_either_way_match_the_per_task_successes(runs):
    full, cut = success_rates(runs / "full"), success_rates(runs / "cut")
    lost = [task for task in sorted(full, key=int) if full[task] > cut[task]]
    assert lost and all(cut[task] == 0.0 for task in lost)
    forward = compared(runs, "full", "cut")
    assert [flip["task_id"] for flip in forward["better_in_a"]] == lost and forward["better_in_b"] == []
    assert [(flip["success_rate_a"], flip["success_rate_b"]) for flip in forward["better_in_a"]] == [(1.0, 0.0)] * len(
        lost
    )
    backward = compared(runs, "cut", "full")
    assert [flip["task_id"] for flip in backward["better_in_b"]] == lost and backward["better_in_a"] == []
    assert [row["verdict"] for row in backward["differences"]] == ["B better"] * 3


def test_the_table_says_who_is_better_and_names_the_flips(runs):
    result = compare(runs, "cut", "full")
    assert result.returncode == 0, result.stderr
    rows = {line.split("  ")[0]: line for line in result.stdout.splitlines()}
    assert rows["average reward"].endswith("B better") and rows["pass^2"].endswith("B better")
    assert "succeeded more often in A (0 tasks): none" in result.stdout
    assert "succeeded more often in B (8 tasks):" in result.stdout and "  task 2        A 0.00  B 1.00" in result.stdout
    # both are the oracle: a warning naming what does differ, not a refusal
    assert "same agent/user/model settings (they differ only in max_steps)" in result.stderr
    assert "settings that differ: max_steps (10 vs 200)" in result.stdout


def test_a_run_against_itself_is_allowed_and_warned(runs):
    result = compare(runs, "full", "full/results.json", "--json")
    assert result.returncode == 0 and "A and B are the same run" in result.stderr
    comparison = json.loads(result.stdout)
    assert all(row["difference"] == 0 and row["verdict"] == "no clear difference" for row in comparison["differences"])


def test_runs_are_named_by_their_mlflow_run_ids_as_the_ui_shows_them(tmp_path):
    for steps in (10, 200):
        result = run_cli(
            *ORACLES, "env=mock", "task_ids=[0,1,2,3]", f"max_steps={steps}", "progress=false", cwd=tmp_path
        )
        assert result.returncode == 0, result.stderr
    client = MlflowClient(tracking_uri=local_store(tmp_path)[0])
    runs = client.search_runs([client.get_experiment_by_name("taubench").experiment_id])
    ids = {run.data.params["max_steps"]: run.info.run_id for run in runs}
    comparison = compared(tmp_path, ids["10"], ids["200"])
    assert comparison["settings_differing"] == {"max_steps": [10, 200]} and comparison["shared_tasks"] == 4
    unknown = compare(tmp_path, ids["10"], "0" * 32)
    assert unknown.returncode == 2 and f"no MLflow run {'0' * 32} in the store" in unknown.stderr


def test_unscored_episodes_are_left_out_and_counted(tmp_path):
    """Retail tasks 2-4 need an NL judge: unscored in a full oracle run without one; cut short at
    8 steps they fail before grading needs it, so they are scored there."""
    complete = make_run(tmp_path, "complete", "env=retail", "task_ids=[0,1,2,3,4,5]")
    cut = make_run(tmp_path, "cut", "env=retail", "task_ids=[1,2,3,4,5,6]", "max_steps=8")
    unscored = sum(episode["reward"] is None for episode in episodes(complete))
    shared = sorted(scored_rewards(complete).keys() & scored_rewards(cut).keys(), key=int)
    assert unscored == 3 and shared == ["1", "5"]
    comparison = compared(tmp_path, "complete", "cut")
    assert comparison["a"]["unscored_episodes"] == 3 and comparison["b"]["unscored_episodes"] == 0
    assert comparison["shared_tasks"] == 2
    assert (comparison["a"]["tasks_not_shared"], comparison["b"]["tasks_not_shared"]) == (1, 4)
    assert [flip["task_id"] for flip in comparison["better_in_a"]] == shared


def test_a_trial_left_unscored_keeps_pass_hat_k_over_the_tasks_scored_in_full(runs, tmp_path):
    """One episode of ``cut`` not scored (its judge failed, say): pass^1 and pass^2 are still
    compared, over the shared tasks whose every trial was scored in both runs, and the table says so."""
    shutil.copytree(runs / "full", tmp_path / "full")
    shutil.copytree(runs / "cut", tmp_path / "partial")
    records = tmp_path / "partial" / "episodes.jsonl"  # what a run folder's episodes are read from
    first, *others = records.read_text().splitlines()
    lost = json.loads(first)
    lost["reward"], lost["reward_info"]["reward"], lost["reward_info"]["note"] = (
        None,
        None,
        "not scored: the judge failed",
    )
    records.write_text("\n".join([json.dumps(lost), *others]) + "\n")

    comparison = compared(tmp_path, "full", "partial")
    tasks = len(scored_rewards(runs / "full"))
    assert comparison["shared_tasks"] == tasks and comparison["pass_hat_k_tasks"] == tasks - 1
    rows = {row["statistic"]: row for row in comparison["differences"]}
    assert list(rows) == ["average reward", "pass^1", "pass^2"]
    kept = {task: rates for task, rates in success_rates(runs / "cut").items() if task != lost["task_id"]}
    assert rows["pass^1"]["b"] == pytest.approx(mean(kept.values()))
    table = compare(tmp_path, "full", "partial").stdout
    assert f"pass^k over the {tasks - 1} of them whose every trial was scored in both runs" in table


def test_runs_that_measure_different_things_are_refused(runs, tmp_path):
    make_run(tmp_path, "airline", "env=airline", "task_ids=[0]")
    make_run(tmp_path, "train", "env=mock", "task_split=train", "task_ids=[0]")
    make_run(tmp_path, "few", "env=mock", "task_ids=[0,1]")
    make_run(tmp_path, "others", "env=mock", "task_ids=[2,3]")
    data = shutil.copytree(
        Path(json.loads((runs / "full" / "results.json").read_text())["data"]["folder"]), tmp_path / "data"
    )
    with open(data / "policy.md", "a", encoding="utf-8") as policy:
        policy.write("\n- A rule added in a later revision.\n")
    make_run(tmp_path, "revised", "env=mock", f"env.data_dir={data}", "env.verify_checksums=false", "task_ids=[0]")
    full = str(runs / "full")
    cases = {
        (full, "airline"): "not comparable: different domains (A: mock, B: airline)",
        (full, "train"): "not comparable: different task splits (A: base, B: train)",
        ("few", "others"): "not comparable: no task was scored in both runs",
        (full, "revised"): "not comparable: different task data (the sha256 of policy.md differ between the runs)",
        (full, "missing"): "missing: no such run directory",
    }
    for (run_a, run_b), message in cases.items():
        result = compare(tmp_path, run_a, run_b)
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr == f"taubench compare: {message}\n"

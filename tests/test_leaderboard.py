"""``python -m taubench leaderboard`` on real oracle runs (mock): two setups (the full oracle, and
the oracle cut short at 10 steps, so 8 of 18 tasks fail), a run that adds a trial to the full
setup with another seed (pooled), a repeat of that run (same seed: left out), a run on three
tasks with a judge and a run on a revised policy (left out, with the reasons). Figures are
checked against the results.json files read here; the folder source, the MLflow source (the
sweep is tracked) and the HTTP API must give the same rows."""

import asyncio
import csv
import io
import json
import shutil
import subprocess
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from math import comb
from pathlib import Path
from statistics import mean

import httpx
import pytest
from conftest import ORACLES, run_cli

from taubench.domains import mock as mock_domain
from taubench.integrations.http_api.server import ApiSettings, create_app
from taubench.reporting.tracking import local_store

QUIET = ("progress=false", "resume=never")  # never: the repeat runs alongside its twin, whose run it must not continue
NO_PICTURES = (
    "tracking.charts=false",
    "tracking.trajectories_html=false",
)  # not what is tested here; they take seconds
JUDGE = (
    "judge.model=openai/scripted",
    "judge.api_base=http://127.0.0.1:9/v1",
    "judge.api_key_env=SCRIPTED_KEY",
    "judge.pricing={input: 0, output: 0}",
)  # never called: no mock task is graded on NL assertions


def _run(base: Path, *overrides: str, sweep: bool = False, env: dict | None = None, seed_store: bool = True) -> None:
    flags = ("--multirun",) if sweep else ()
    result = run_cli(*flags, *ORACLES, "env=mock", *QUIET, *overrides, cwd=base, env=env, seed_store=seed_store)
    assert result.returncode == 0, result.stderr


def _single(name: str) -> tuple[str, str]:
    return f"output_dir=runs/{name}", f"hydra.run.dir=runs/{name}"


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> Path:
    """runs/a/0 full (2 trials), runs/a/1 cut (max_steps=10, 2 trials): a sweep, tracked in MLflow;
    untracked, alongside: runs/more, the full setup with 1 trial and seed 301; runs/repeat, the
    same again; runs/judged, tasks 0-2 with a judge; runs/revised, on a copy of the data with a
    rule added to the policy."""
    base = tmp_path_factory.mktemp("leaderboard")
    revised = shutil.copytree(Path(mock_domain.__file__).parent / "data", base / "revised-data")
    with open(revised / "policy.md", "a", encoding="utf-8") as policy:
        policy.write("\n- A rule added in a later revision.\n")

    def untracked(*overrides: str, env: dict | None = None) -> None:
        _run(base, *overrides, "tracking.enabled=false", env=env, seed_store=False)

    with ThreadPoolExecutor(2) as pool:
        jobs = [
            pool.submit(
                _run, base, "num_trials=2", "max_steps=200,10", "hydra.sweep.dir=runs/a", *NO_PICTURES, sweep=True
            ),
            pool.submit(untracked, "seed=301", *_single("more")),
            pool.submit(untracked, "seed=301", *_single("repeat")),
            pool.submit(untracked, "task_ids=[0,1,2]", *JUDGE, *_single("judged"), env={"SCRIPTED_KEY": "x"}),
            pool.submit(untracked, f"env.data_dir={revised}", "env.verify_checksums=false", *_single("revised")),
        ]
        for job in jobs:
            job.result()
    return base


def leaderboard(base: Path, *args: str) -> subprocess.CompletedProcess:
    return run_cli(*args, cwd=base, timeout=120, seed_store=False, module="taubench.reporting.leaderboard.board")


def board(base: Path, *args: str) -> dict:
    result = leaderboard(base, *args, "--format", "json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def episodes(*run_dirs: Path) -> list[dict]:
    return [
        episode for run_dir in run_dirs for episode in json.loads((run_dir / "results.json").read_text())["episodes"]
    ]


def expected_figures(run_dirs: list[Path]) -> tuple[float, dict[str, float]]:
    """Average reward and pass^k of the pooled episodes, from the files alone."""
    successes = defaultdict(list)
    for episode in episodes(*run_dirs):
        successes[episode["task_id"]].append(episode["reward"] == 1.0)
    trials = min(map(len, successes.values()))
    pass_hat = {
        str(k): mean(comb(sum(s), k) / comb(len(s), k) for s in successes.values()) for k in range(1, trials + 1)
    }
    return mean(episode["reward"] for episode in episodes(*run_dirs)), pass_hat


def _pooled(runs: Path, table: dict) -> Path:
    """The one of runs/more and runs/repeat (same setup and seed) that the table pooled."""
    [repeat] = [entry for entry in table["left_out"] if "repeats" in entry["reason"]]
    return runs / "runs" / ("more" if repeat["source"].endswith("repeat") else "repeat")


def test_rows_pool_a_setup_and_match_the_results_files(runs):
    [table] = board(runs, "runs")["tables"]
    assert (table["env"], table["task_split"], table["tasks"], table["judge"], table["k"]) == (
        "mock",
        "base",
        18,
        None,
        3,
    )
    assert table["varying_settings"] == ["max_steps"]
    full, cut = table["rows"]
    assert (full["settings"]["max_steps"], cut["settings"]["max_steps"]) == (200, 10)
    for row, run_dirs in ((full, [runs / "runs/a/0", _pooled(runs, table)]), (cut, [runs / "runs/a/1"])):
        average, pass_hat = expected_figures(run_dirs)
        assert row["episodes"] == row["scored_episodes"] == len(episodes(*run_dirs))
        assert row["average_reward"]["value"] == average
        assert {k: figure["value"] for k, figure in row["pass_hat_k"].items()} == pass_hat
        for figure in [row["average_reward"], *row["pass_hat_k"].values()]:
            assert figure["ci_low"] <= figure["value"] <= figure["ci_high"]
        assert (row["model"], row["agent"], row["user"], row["user_model"]) == (None, "oracle", "oracle", None)
        assert row["cost_per_episode"] == 0.0 and row["prompt_tokens_per_episode"] == 0.0  # the oracles call no model
    assert (full["episodes"], full["trials"], cut["episodes"], cut["trials"]) == (54, 3, 36, 2)
    assert (
        0 < cut["average_reward"]["value"] < 1 and cut["pass_hat_k"]["1"]["ci_low"] < cut["pass_hat_k"]["1"]["ci_high"]
    )
    assert sorted(full["runs"]) == sorted(["runs/a/0", str(_pooled(runs, table).relative_to(runs))])


def test_runs_that_measure_something_else_are_left_out_with_the_reason(runs, tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(runs / "runs/a/1", broken / "unfinished", ignore=shutil.ignore_patterns("results.json"))
    shutil.copytree(runs / "runs/a/1", broken / "damaged")
    (broken / "damaged/results.json").write_text('{"config": ')
    [table] = board(runs, "runs", str(broken))["tables"]
    reasons = {entry["source"].removeprefix(str(broken) + "/"): entry["reason"] for entry in table["left_out"]}
    repeated = "repeat" if _pooled(runs, table).name == "more" else "more"
    assert reasons.pop(f"runs/{repeated}").startswith(
        f"repeats runs/{_pooled(runs, table).name} (same setup and seed 301"
    )
    assert reasons.pop("runs/judged") == "task set differs: 3 tasks vs 18"  # its judge graded nothing: no reason
    assert reasons.pop("runs/revised") == "data revision differs: policy.md"
    assert reasons.pop("unfinished") == "unfinished (no results.json yet)"
    assert reasons.pop("damaged").startswith("unreadable: ") and reasons == {}


def test_settings_that_cannot_change_a_score_neither_split_nor_exclude_rows(runs, tmp_path):
    """A judge configured where no task needs one, and the provider a model is served through,
    change no score: a copy of a run saying so is the same setup (a repeat of it, here). An
    option of one strategy does not split the rows of another."""
    copy = tmp_path / "copy"
    shutil.copytree(runs / "runs/a/1", copy)
    document = json.loads((copy / "results.json").read_text())
    document["config"]["judge"]["model"] = "openai/scripted"
    document["config"]["provider"]["name"] = "scripted"
    (copy / "results.json").write_text(json.dumps(document))
    other = tmp_path / "other"  # the same as recorded by another strategy, with an option oracle rows lack
    shutil.copytree(runs / "runs/a/1", other)
    document["config"]["agent"] = {"name": "tool_calling", "text_tool_calls": False}
    (other / "results.json").write_text(json.dumps(document))
    [table] = board(runs, "runs", str(copy), str(other))["tables"]
    assert "tool_calling" in {row["agent"] for row in table["rows"]}
    reasons = {entry["source"]: entry["reason"] for entry in table["left_out"]}
    pair = [str(copy), "runs/a/1"]
    assert [reasons.get(source, "pooled").split(" ")[0] for source in pair] in (
        ["repeats", "pooled"],
        ["pooled", "repeats"],
    )
    assert table["judge"] is None
    assert table["varying_settings"] == ["max_steps"]  # not provider.name, nor agent.text_tool_calls


def test_markdown_csv_and_html(runs):
    markdown = leaderboard(runs, "runs")
    assert markdown.returncode == 0, markdown.stderr
    lines = markdown.stdout.splitlines()
    header = "| Model | Agent | User | User model | max_steps | Episodes | pass^1 | pass^2 | pass^3 | Avg reward |"
    assert "## mock" in lines and any(line.startswith(header) for line in lines)
    rows = [line for line in lines if line.startswith("| — | oracle | oracle | — |")]
    assert [row.split(" | ")[4:6] for row in rows] == [["200", "54"], ["10", "36"]]
    assert rows[1].split(" | ")[8] == "—"  # two trials: no pass^3
    assert "- `runs/judged`: task set differs: 3 tasks vs 18" in lines

    table = csv.DictReader(io.StringIO(leaderboard(runs, "runs", "--format", "csv").stdout))
    lines = list(table)
    figures = board(runs, "runs")["tables"][0]["rows"]
    assert [(line["env"], line["agent"], int(line["episodes"])) for line in lines] == [
        ("mock", "oracle", n) for n in (54, 36)
    ]
    for line, row in zip(lines, figures):
        for k, figure in row["pass_hat_k"].items():
            assert [float(line[f"pass_hat_{k}{end}"]) for end in ("", "_ci_low", "_ci_high")] == list(figure.values())
    assert lines[1]["pass_hat_3"] == "" and lines[0]["cost_per_episode"] == "0.0"

    page = runs / "leaderboard.html"
    written = leaderboard(runs, "runs", "--format", "html", "--output", str(page))
    assert written.returncode == 0 and written.stdout == ""
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and text.count("<tr>") == 3 and "src=" not in text and "href=" not in text


def test_the_mlflow_source_and_the_logged_tables(runs):
    from mlflow.tracking import MlflowClient

    logged = leaderboard(runs, "runs/a", "--format", "csv", "--log-to-mlflow")
    assert (
        logged.returncode == 0 and "logged leaderboard/leaderboard.html, leaderboard/leaderboard.csv" in logged.stderr
    )
    again = leaderboard(runs, "--mlflow", "--format", "json", "--log-to-mlflow")  # the same MLflow run, updated
    assert again.returncode == 0, again.stderr
    client = MlflowClient(tracking_uri=local_store(runs)[0])
    experiment = client.get_experiment_by_name("taubench")
    [run] = client.search_runs([experiment.experiment_id], filter_string="tags.`taubench.kind` = 'leaderboard'")
    assert run.info.run_name == "leaderboard"
    assert sorted(artifact.path for artifact in client.list_artifacts(run.info.run_id, "leaderboard")) == [
        "leaderboard/leaderboard.csv",
        "leaderboard/leaderboard.html",
    ]
    csv_file = client.download_artifacts(run.info.run_id, "leaderboard/leaderboard.csv", str(runs / "downloaded"))
    assert Path(csv_file).read_text() == logged.stdout  # the store's runs give the table the folders give

    from_store = json.loads(again.stdout)  # the sweep's parent run and the leaderboard run are skipped
    assert _figures(from_store) == _figures(board(runs, "runs/a")) and len(_figures(from_store)) == 2
    assert from_store["tables"][0]["left_out"] == []
    assert all(source.startswith("mlflow:") for row in from_store["tables"][0]["rows"] for source in row["runs"])


def _figures(leaderboard_json: dict) -> list:
    rows = [row for table in leaderboard_json["tables"] for row in table["rows"]]
    return [{key: value for key, value in row.items() if key != "runs"} for row in rows]


def test_the_api_serves_the_same_rows(runs):
    app = create_app(ApiSettings(data_dir=runs / "data", runs_dir=runs / "runs"), base_dir=runs)

    async def answers():
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://api", timeout=60
        ) as client:
            return [
                await client.get("/leaderboard", params=params)
                for params in (
                    {},
                    {"format": "markdown"},
                    {"format": "csv", "env": "mock"},
                    {"env": "airline"},
                    {"format": "pdf"},
                    {"env": "../x"},
                    {"runs_dir": "/etc"},
                )
            ]

    as_json, markdown, as_csv, airline, *refused = asyncio.run(answers())
    assert as_json.status_code == 200 and _figures(as_json.json()) == _figures(board(runs, "runs"))
    assert markdown.headers["content-type"].startswith("text/markdown")
    assert "| — | oracle | oracle | — | 10 | 36 |" in markdown.text
    assert (
        as_csv.headers["content-type"].startswith("text/csv")
        and len(list(csv.DictReader(io.StringIO(as_csv.text)))) == 2
    )
    assert airline.json()["tables"] == []
    assert [answer.status_code for answer in refused] == [422, 422, 422]
    assert refused[2].json()["detail"] == "runs_dir: not a parameter of /leaderboard; allowed: format, env, by"


def test_a_missing_source_is_refused(runs, tmp_path):
    missing = leaderboard(runs, "nowhere")
    assert missing.returncode == 2 and missing.stderr == "taubench leaderboard: nowhere: no such folder\n"
    no_store = leaderboard(tmp_path, "--mlflow")
    assert no_store.returncode == 2 and "no MLflow store at" in no_store.stderr
    both = leaderboard(runs, "runs", "--mlflow")
    assert both.returncode == 2 and "give run folders or --mlflow, not both" in both.stderr


def test_an_unknown_price_is_a_dash_never_zero(runs, tmp_path):
    """The cut run's records with the agent's cost unknown, as litellm leaves a model it has no price for."""
    unpriced = shutil.copytree(runs / "runs/a/1", tmp_path / "unpriced")
    records = [json.loads(line) for line in (unpriced / "episodes.jsonl").read_text().splitlines()]
    for record in records:
        record["usage"]["agent"]["cost"] = None
    (unpriced / "episodes.jsonl").write_text("".join(json.dumps(record) + "\n" for record in records))
    [row] = board(tmp_path, "unpriced")["tables"][0]["rows"]
    assert row["cost_per_episode"] is None and row["episodes"] == 36
    markdown = leaderboard(tmp_path, "unpriced").stdout
    assert "| 0.556 [0.333, 0.778] | — | 0 | 0 |" in markdown and "$0.0000" not in markdown
    [line] = csv.DictReader(io.StringIO(leaderboard(tmp_path, "unpriced", "--format", "csv").stdout))
    assert line["cost_per_episode"] == ""

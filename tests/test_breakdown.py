"""pass^k broken down by task labels (telecom: num_issues, persona, category), and whose call each
tool call was, on real oracle runs of telecom's test split (40 tasks, 2 to 9 issues each, two
trials): one whole, one cut short at 20 steps so that tasks with more issues fail, and an
unlabelled mock run that must come out as before. Every figure is recomputed here from the
episodes' ``task_labels`` and rewards in results.json."""

import asyncio
import csv
import io
import json
import re
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from math import comb
from pathlib import Path
from statistics import mean

import httpx
import pytest
from conftest import ORACLES, run_cli
from mlflow.tracking import MlflowClient
from PIL import Image

from taubench.core.metrics import RunSummary, pass_hat_k_per_task, task_bootstrap
from taubench.core.tasks import LABEL_KEYS
from taubench.domains import load_domain
from taubench.integrations.http_api.server import ApiSettings, create_app
from taubench.reporting import mtbench_export as mtbench
from taubench.reporting import v1_results
from taubench.reporting.leaderboard import board as leaderboard
from taubench.reporting.tracking import local_store
from taubench.reporting.trajectory_page import page_name

TELECOM = (*ORACLES, "env=telecom", "task_split=test", "num_trials=2", "progress=false")
CUT_STEPS = 20  # enough for every 2-issue task, too few for some with 3 and more
QUIET_PICTURES = ("tracking.charts=false", "tracking.trajectories_html=false")


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> Path:
    """runs/full (untracked), runs/cut (tracked, charts and pages), and mock/runs/mock (tracked, in its own store)."""
    base = tmp_path_factory.mktemp("breakdown")
    (base / "mock").mkdir()
    commands = [
        ((*TELECOM, "output_dir=runs/full", "tracking.enabled=false"), base),
        ((*TELECOM, f"max_steps={CUT_STEPS}", "output_dir=runs/cut"), base),
        (
            (
                *ORACLES,
                "env=mock",
                "num_trials=2",
                "max_steps=10",
                "progress=false",
                "output_dir=runs/mock",
                *QUIET_PICTURES,
            ),
            base / "mock",
        ),
    ]
    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda command: run_cli(*command[0], cwd=command[1]), commands))
    for result in results:
        assert result.returncode == 0, result.stderr
    for name, result in zip(("full", "cut", "mock"), results):
        (base / f"{name}.out").write_text(result.stdout, encoding="utf-8")
    return base


def results(run_dir: Path) -> dict:
    return json.loads((run_dir / "results.json").read_text(encoding="utf-8"))


def expected_breakdown(episodes: list[dict]) -> dict[str, list[dict]]:
    """Per label and value, from the episodes alone: tasks, scored episodes, average reward,
    pass^k = mean over the tasks of C(c, k) / C(n, k); values in numeric order where numeric."""
    tasks: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(dict)
    for episode in episodes:
        for key, value in episode["task_labels"].items():
            tasks[key, value].setdefault(episode["task_id"], [])
            if episode["reward"] is not None:
                tasks[key, value][episode["task_id"]].append(episode["reward"])
    breakdown: dict[str, list[dict]] = defaultdict(list)
    for (key, value), rewards in sorted(tasks.items(), key=lambda item: (item[0][0], _natural(item[0][1]))):
        scored = {task: values for task, values in rewards.items() if values}
        trials = min(map(len, scored.values()))
        breakdown[key].append(
            {
                "value": value,
                "num_tasks": len(rewards),
                "scored_episodes": sum(map(len, scored.values())),
                "average_reward": mean(reward for values in scored.values() for reward in values),
                "pass_hat_k": {
                    str(k): mean(comb(sum(r == 1.0 for r in rs), k) / comb(len(rs), k) for rs in scored.values())
                    for k in range(1, trials + 1)
                },
            }
        )
    return dict(breakdown)


def _natural(value: str):
    return (0, int(value), "") if value.isdigit() else (1, 0, value)


@pytest.mark.parametrize("name", ["full", "cut"])
def test_the_summary_breaks_pass_hat_k_down_by_each_label(runs, name):
    document = results(runs / "runs" / name)
    breakdown = document["summary"]["breakdown"]
    assert list(breakdown) == sorted(LABEL_KEYS)  # every telecom task carries all three
    expected = expected_breakdown(document["episodes"])
    figures = ("value", "num_tasks", "scored_episodes", "average_reward", "pass_hat_k")
    assert {key: [{f: group[f] for f in figures} for group in groups] for key, groups in breakdown.items()} == expected
    assert [group["value"] for group in breakdown["num_issues"]] == ["2", "3", "4", "5", "6", "7", "9"]  # numeric order
    assert sum(group["num_tasks"] for group in breakdown["persona"]) == document["summary"]["num_tasks"] == 40
    for key, groups in breakdown.items():  # the run's task bootstrap, over each value's tasks
        for group in groups:
            rewards = _rewards_by_task(document["episodes"], key, group["value"])
            successes = {task: [reward == 1.0 for reward in values] for task, values in rewards.items()}
            interval, pass_intervals = task_bootstrap(rewards, pass_hat_k_per_task(successes))
            assert group["average_reward_ci"] == (None if interval is None else list(interval))
            assert group["pass_hat_k_ci"] == {str(k): list(ci) for k, ci in pass_intervals.items()}
            assert (group["average_reward_ci"] is None) == (group["num_tasks"] < 2)
    pass_1 = {group["value"]: group["pass_hat_k"]["1"] for group in breakdown["num_issues"]}
    if name == "full":
        assert set(pass_1.values()) == {1.0}
    else:  # cut short: more issues, more steps; the nine-issue tasks never finish
        assert pass_1["2"] == 1.0 and pass_1["9"] == 0.0 and 0 < pass_1["6"] < 1


def _rewards_by_task(episodes: list[dict], key: str, value: str) -> dict[str, list[float]]:
    """The scored rewards of each task with this label value, tasks in the order they first ran."""
    rewards: dict[str, list[float]] = {}
    for episode in episodes:
        if episode["task_labels"][key] == value and episode["reward"] is not None:
            rewards.setdefault(episode["task_id"], []).append(episode["reward"])
    return rewards


def test_the_printed_summary_shows_a_line_per_value(runs):
    printed = (runs / "cut.out").read_text()
    for key, groups in results(runs / "runs/cut")["summary"]["breakdown"].items():
        for n, group in enumerate(groups):
            p1, p2 = group["pass_hat_k"]["1"], group["pass_hat_k"]["2"]
            line = f"{group['value']}: {group['num_tasks']} tasks, pass^1 {p1:.3f}, pass^2 {p2:.3f}"
            assert re.search(("by " + re.escape(key) if n == 0 else "") + r"\s+" + re.escape(line) + "\n", printed), (
                line
            )


def test_mlflow_draws_pass_hat_k_against_the_number_of_issues(runs):
    client = MlflowClient(tracking_uri=local_store(runs)[0])
    [run] = client.search_runs([client.get_experiment_by_name("taubench").experiment_id])
    breakdown = results(runs / "runs/cut")["summary"]["breakdown"]
    for k in ("1", "2"):
        curve = {
            point.step: point.value
            for point in client.get_metric_history(run.info.run_id, f"labels/pass_hat_{k}_by_num_issues")
        }
        assert curve == {int(group["value"]): round(group["pass_hat_k"][k], 4) for group in breakdown["num_issues"]}
    for key in ("persona", "category"):
        for group in breakdown[key]:
            assert run.data.metrics[f"labels/pass_hat_1_{key}_{group['value']}"] == round(group["pass_hat_k"]["1"], 4)
    assert not any("num_issues_" in name for name in run.data.metrics)  # a curve, not one scalar per value


def test_a_chart_plots_pass_hat_k_against_the_number_of_issues(runs):
    chart = runs / "runs/cut/charts/pass_hat_k_by_num_issues.png"
    with Image.open(chart) as image:
        assert image.format == "PNG" and image.size == (640, 440)
        colours = {colour for _, colour in image.convert("RGB").getcolors(1 << 20)}
    assert len(colours) > 50  # drawn, not blank
    assert not (runs / "runs/cut/charts/pass_hat_k_by_persona.png").exists()  # personas are not a scale


def _leaderboard(capsys, *args: str) -> str:
    assert leaderboard.main(list(args)) == 0
    return capsys.readouterr().out


def test_the_leaderboard_breaks_each_row_down(runs, capsys, monkeypatch):
    monkeypatch.chdir(runs)
    board = json.loads(_leaderboard(capsys, "runs/full", "runs/cut", "--by", "num_issues", "--format", "json"))
    [table] = board["tables"]
    assert board["by"] == "num_issues" and [row["settings"]["max_steps"] for row in table["rows"]] == [200, CUT_STEPS]
    for row, name in zip(table["rows"], ("full", "cut")):
        assert row["breakdown"] == results(runs / "runs" / name)["summary"]["breakdown"]["num_issues"]

    markdown = _leaderboard(capsys, "runs/full", "runs/cut", "--by", "num_issues")
    cut = results(runs / "runs/cut")["summary"]["breakdown"]["num_issues"]
    header = " | ".join(f"num_issues={group['value']} ({group['num_tasks']} tasks)" for group in cut)
    assert f"| Model | Agent | User | User model | max_steps | {header} |" in markdown
    cells = " | ".join(
        f"{g['pass_hat_k']['1']:.3f} [{g['pass_hat_k_ci']['1'][0]:.3f}, {g['pass_hat_k_ci']['1'][1]:.3f}]" for g in cut
    )
    assert f"| — | oracle | oracle | — | {CUT_STEPS} | {cells} |" in markdown

    text = _leaderboard(capsys, "runs/full", "runs/cut", "--by", "num_issues", "--format", "csv")
    lines = list(csv.DictReader(io.StringIO(text)))
    assert [float(lines[1][f"pass_hat_1_num_issues_{group['value']}"]) for group in cut] == [
        g["pass_hat_k"]["1"] for g in cut
    ]
    page = _leaderboard(capsys, "runs/full", "runs/cut", "--by", "num_issues", "--format", "html")
    assert page.count("<table>") == 2 and "<th>num_issues=9 (2 tasks)</th>" in page

    app = create_app(ApiSettings(data_dir=runs / "data", runs_dir=runs / "runs"), base_dir=runs)

    async def answers():
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://api", timeout=60
        ) as client:
            return [
                await client.get("/leaderboard", params=params) for params in ({"by": "num_issues"}, {"by": "tasks"})
            ]

    served, refused = asyncio.run(answers())
    [served_table] = served.json()["tables"]
    assert [row["breakdown"] for row in served_table["rows"]] == [row["breakdown"] for row in table["rows"]]
    assert refused.status_code == 422


def test_an_unlabelled_domain_is_summarised_as_before(runs, capsys, monkeypatch):
    mock = runs / "mock"
    summary = results(mock / "runs/mock")["summary"]
    assert summary["breakdown"] == {} and 0 < summary["pass_hat_k"]["1"] < 1
    labels = [line[2:].split("  ")[0] for line in (runs / "mock.out").read_text().splitlines() if line.startswith("  ")]
    assert labels == [
        "episodes",
        "scored",
        "average reward",
        "pass^1",
        "pass^2",
        "errors",
        "terminations",
        "cost",
        "duration",
        "results",
    ]
    client = MlflowClient(tracking_uri=local_store(mock)[0])
    [run] = client.search_runs([client.get_experiment_by_name("taubench").experiment_id])
    pass_hat = {name for name in run.data.metrics if name.startswith("pass_hat_")}
    assert pass_hat == {"pass_hat_k"} | {f"pass_hat_{k}{end}" for k in (1, 2) for end in ("", "_ci_low", "_ci_high")}
    monkeypatch.chdir(mock)
    assert _leaderboard(capsys, "runs", "--by", "num_issues") == _leaderboard(capsys, "runs")


def test_a_summary_written_before_the_breakdown_still_reads(runs):
    summary = results(runs / "runs/cut")["summary"]
    older = {key: value for key, value in summary.items() if key != "breakdown"}
    assert RunSummary.model_validate(older).breakdown == {}
    assert RunSummary.model_validate(summary).model_dump(mode="json") == summary


def test_every_tool_call_says_whose_it_was(runs, tmp_path):
    """The page and index say it; the v1 and MT-Bench exports, whose formats cannot, keep only the agent's calls."""
    cut = runs / "runs/cut"
    document = results(cut)
    episode = next(
        e for e in document["episodes"] if {c["requestor"] for c in e["tool_calls"]} == {"assistant", "user"}
    )
    pages = cut / "trajectories"
    page = (pages / page_name(episode["task_id"], episode["trial"])).read_text()
    calls_on_page = re.findall(r'<summary>(\w+)\(.*?\)<span class="caller">by (\w+)</span>', page)
    assert calls_on_page == [(call["name"], call["requestor"]) for call in episode["tool_calls"]]
    users = sum(call["requestor"] == "user" for call in episode["tool_calls"])
    index = (pages / "index.html").read_text()
    assert f">{len(episode['tool_calls'])} ({users} by user)</td>" in index
    num_issues = document["summary"]["breakdown"]["num_issues"]
    shown = " · ".join(
        f"{group['value']}: {group['pass_hat_k']['1']:.3f} ({group['num_tasks']} tasks)" for group in num_issues
    )
    assert f"<tr><th>pass^1 by num_issues</th><td>{shown}</td></tr>" in index

    domain = load_domain("telecom")
    assistant_calls = [
        [c["name"] for c in e["tool_calls"] if c["requestor"] == "assistant"] for e in document["episodes"]
    ]
    exported = v1_results.export(document, domain)
    for v1_episode, calls in zip(exported, assistant_calls):
        assert [c["function"]["name"] for m in v1_episode["traj"] for c in m.get("tool_calls") or []] == calls
        assert [m["name"] for m in v1_episode["traj"] if m["role"] == "tool"] == calls

    export = mtbench.export_stored_run(cut, tmp_path, "tau_bench_telecom")
    first_trials = {e["task_id"]: e for e in document["episodes"] if e["trial"] == 0}
    for task_id, shown in first_trials.items():
        trajectory = export.folder / f"oracle_task{re.sub(r'[^A-Za-z0-9.-]', '-', task_id)}_trajectory.jsonl"
        messages = [json.loads(line) for line in trajectory.read_text().splitlines()]
        calls = [c["function"]["name"] for m in messages if m["role"] == "assistant" for c in m.get("tool_calls") or []]
        assert calls == [m["name"] for m in messages if m["role"] == "tool"]
        assert calls == [call["name"] for call in shown["tool_calls"] if call["requestor"] == "assistant"]
        assert all("tool_calls" not in m for m in messages if m["role"] == "user")

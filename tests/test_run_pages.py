"""What a run and a sweep show: the trajectories' index page, the sweep table, the comparison's
title, the grid's task order; on real oracle runs.

On airline, ``max_steps=6`` cuts task 2 short (it needs 9 steps: a failure) while tasks 10 and
49 finish (3 and 5 steps); the base split lists them as 10, 49, 2, and a text sort as 10, 2, 49,
so only the natural order gives 2, 10, 49.
"""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import ORACLES, run_cli
from PIL import Image
from test_pictures import _episode, _summary, read_grid

from taubench.core.metrics import RunSummary
from taubench.reporting.charts import Outcome, grid_rows
from taubench.reporting.fault_attribution import EpisodeAttribution
from taubench.reporting.trajectory_index import IndexRow, RunFacts, render_index
from taubench.reporting.trajectory_page import page_name

RUN = (*ORACLES, "env=airline", "task_ids=[2,10,49]", "progress=false")
NATURAL = [("2", 0), ("2", 1), ("10", 0), ("10", 1), ("49", 0), ("49", 1)]


class EpisodeTable(HTMLParser):
    """The rows of an index page's episode table: each cell's text, and each row's link."""

    def __init__(self):
        super().__init__()
        self.header: list[str] = []
        self.rows: list[dict] = []
        self._in_body = self._in_cell = False

    def handle_starttag(self, tag, attrs):
        if tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self.rows.append({"cells": [], "links": []})
        elif tag in ("td", "th"):
            self._in_cell = True
            (self.rows[-1]["cells"] if tag == "td" and self._in_body else self.header).append("")
        elif tag == "a" and self._in_body:
            self.rows[-1]["links"].append(dict(attrs)["href"])

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self._in_cell = False
        elif tag == "tbody":
            self._in_body = False

    def handle_data(self, data):
        if self._in_cell:
            cells = self.rows[-1]["cells"] if self._in_body else self.header
            cells[-1] += data


def parse_index(page: str) -> tuple[list[str], list[dict]]:
    """(the episode table's columns, its rows as column -> text plus ``link``)."""
    table = EpisodeTable()
    table.feed(page.split('<section class="episode"', 1)[0])  # the listing, before the episodes it carries
    start = table.header.index("task")  # the facts table's header cells come first
    columns = table.header[start:]
    return columns, [dict(zip(columns, row["cells"]), link=row["links"][0]) for row in table.rows]


@pytest.fixture(scope="module")
def cut_run(tmp_path_factory) -> Path:
    """The output folder of an oracle run with failures: 3 tasks × 2 trials."""
    base = tmp_path_factory.mktemp("cut-run")
    result = run_cli(*RUN, "num_trials=2", "max_steps=6", cwd=base)
    assert result.returncode == 0, result.stderr
    return next(base.glob("outputs/*/*"))


@pytest.fixture(scope="module")
def sweep(tmp_path_factory) -> tuple[str, Path]:
    """(printed output, sweep folder) of four oracle jobs: max_steps × num_trials, with an override Hydra escapes."""
    base = tmp_path_factory.mktemp("sweep")
    result = run_cli(
        "--multirun", *RUN, "max_steps=6,20", "num_trials=1,2", "tracking.experiment=pages sweep", cwd=base
    )
    assert result.returncode == 0, result.stderr
    return result.stdout, next(base.glob("outputs/multirun/*/*"))


def test_the_index_lists_every_episode_in_natural_order_and_shows_each_from_its_row(cut_run):
    results = json.loads((cut_run / "results.json").read_text())
    episodes = {(episode["task_id"], episode["trial"]): episode for episode in results["episodes"]}
    page = (cut_run / "trajectories" / "index.html").read_text(encoding="utf-8")
    columns, rows = parse_index(page)

    # no error analysis: no fault column
    assert columns == ["task", "trial", "reward", "success", "termination", "cost", "messages", "tool calls"]
    assert [(row["task"], int(row["trial"])) for row in rows] == NATURAL
    assert sorted(episodes) == sorted(NATURAL)
    for row in rows:
        episode = episodes[row["task"], int(row["trial"])]
        assert row["reward"] == f"{episode['reward']:g}" and row["termination"] == episode["termination_reason"]
        assert row["success"] == ("yes" if episode["reward"] == 1.0 else "no")
        assert int(row["messages"]) == len(episode["messages"]) and int(row["tool calls"]) == len(episode["tool_calls"])
        heading = f"<h1>task {row['task']} · trial {row['trial']}</h1>"
        anchor = row["link"].removeprefix("#")  # the episode is shown from the index itself
        assert f'<section class="episode" id="{anchor}">' in page
        assert heading in page[page.index(f'id="{anchor}"') :].split("</section>")[0]
        alone = cut_run / "trajectories" / f"{anchor}.html"  # and has its own page beside it
        assert alone.is_file() and heading in alone.read_text(encoding="utf-8")
    assert {row["termination"] for row in rows if row["task"] == "2"} == {"max_steps"}

    summary = RunSummary.model_validate(results["summary"])
    low, high = summary.average_reward_ci
    assert f"<th>average reward</th><td>{summary.average_reward:.3f} (95% CI {low:.3f}–{high:.3f})</td>" in page
    for k in (1, 2):
        assert f"<th>pass^{k}</th><td>{summary.pass_hat_k[k]:.3f} (95% CI " in page
    assert "<th>domain</th><td>airline (base)</td>" in page and "http" not in page


def test_the_grid_shows_tasks_in_natural_order(cut_run):
    assert grid_rows(["10", "49", "2", "b", "a", "2"]) == ["2", "10", "49", "a", "b"]
    grid = read_grid(cut_run / "charts" / "task_trial_grid.png", rows=3, columns=2)
    assert grid == [[Outcome.FAILURE] * 2, [Outcome.SUCCESS] * 2, [Outcome.SUCCESS] * 2]  # 2, 10, 49


def _table(output: str) -> list[dict[str, str]]:
    """The sweep table printed after the jobs: one dict per job, column -> cell."""
    lines = output[output.index("taubench sweep:") :].splitlines()[1:]
    columns = re.split(r"\s{2,}", lines[0].strip())
    return [dict(zip(columns, re.split(r"\s{2,}", line.strip()))) for line in lines[2:] if line.strip()]


def _estimate(value: float, interval: list[float]) -> str:
    return f"{value:.3f} [{interval[0]:.2f}-{interval[1]:.2f}]"


def test_the_sweep_table_shows_every_pass_hat_k_with_intervals(sweep):
    output, sweep_dir = sweep
    rows = _table(output)
    # each job named by its folder and the overrides that set it apart, not those all jobs share
    assert [row["job"] for row in rows] == [
        "0: max_steps=6 num_trials=1",
        "1: max_steps=6 num_trials=2",
        "2: max_steps=20 num_trials=1",
        "3: max_steps=20 num_trials=2",
    ]
    for row in rows:
        summary = json.loads((sweep_dir / row["job"].split(":")[0] / "results.json").read_text())["summary"]
        assert row["avg reward"] == _estimate(summary["average_reward"], summary["average_reward_ci"])
        for k in map(str, (1, 2)):
            expected = (
                _estimate(summary["pass_hat_k"][k], summary["pass_hat_k_ci"][k]) if k in summary["pass_hat_k"] else "-"
            )
            assert row[f"pass^{k}"] == expected
    assert [row["pass^2"] == "-" for row in rows] == [True, False, True, False]  # jobs of one trial have no pass^2
    assert rows[0]["avg reward"] == "0.667 [0.00-1.00]" and rows[3]["pass^2"] == "1.000 [1.00-1.00]"


def test_the_comparison_title_names_only_the_keys_that_vary(sweep):
    _, sweep_dir = sweep
    overrides = (sweep_dir / "0" / ".hydra" / "overrides.yaml").read_text()
    assert "pages\\ sweep" in overrides  # the premise: Hydra keeps the override escaped
    texts = Image.open(sweep_dir / "comparison.png").text
    title, subtitle = texts["Title"], texts["Description"]
    assert title == f"taubench sweep {sweep_dir.parent.name}/{sweep_dir.name}: 4 jobs varying max_steps, num_trials"
    fixed = "agent=oracle user=oracle env=airline task_ids=[2,10,49] progress=false tracking.experiment=pages sweep"
    assert subtitle == f"fixed: {fixed}"  # each shared override once, as typed
    assert "\\" not in title + subtitle and "'" not in title + subtitle


def test_the_index_escapes_every_text_and_shows_verdicts_when_the_run_has_an_analysis():
    hostile = "<b>x</b>"
    episodes = [
        _episode("10", 0, 1.0),
        _episode(hostile, 0, None, note=f"not scored: {hostile}"),
        _episode("2", 0, 0.0),
        _episode("2", 1, 0.0),
    ]
    verdicts = {
        ("2", 0): EpisodeAttribution(
            task_id="2", trial=0, reward=0.0, fault="agent", fault_type="wrong_tool", explanation="e"
        ),
        ("2", 1): EpisodeAttribution(task_id="2", trial=1, reward=0.0, error="timeout"),
    }
    rows = [IndexRow.of(episode, verdicts.get((episode.task_id, episode.trial))) for episode in episodes]
    names = dict(agent="oracle", user="oracle", model="none", judge="none")
    facts = RunFacts(title=f"run {hostile}", domain="retail", split="base", **names)
    page = render_index(rows, _summary(), facts, analysed=True)

    assert (
        "<b>" not in page and "run &lt;b&gt;x&lt;/b&gt;" in page and 'title="not scored: &lt;b&gt;x&lt;/b&gt;"' in page
    )
    columns, parsed = parse_index(page)
    assert "fault" in columns
    assert [(row["task"], row["trial"], row["reward"], row["fault"]) for row in parsed] == [
        ("2", "0", "0", "agent / wrong_tool"),
        ("2", "1", "0", "no usable answer"),
        ("10", "0", "1", "—"),
        (hostile, "0", "unscored", "—"),
    ]
    assert (
        parsed[3]["link"] == "#" + page_name(hostile, 0).removesuffix(".html") and parsed[3]["cost"] == "unknown"
    )  # the agent's price is unknown

"""Charts and trajectory pages: written by real runs, logged to MLflow, read back from there.

The oracle run cut off at max_steps=20 gives all three graded outcomes on retail: task 0
succeeds (13 steps), task 24 stays unscored (3 steps, graded on NL assertions, no judge) and
task 30 fails (29 steps needed). Grid cells are checked by their colour in the PNG.
"""

import json
from pathlib import Path

import numpy as np
import pytest
from conftest import ORACLES, run_cli
from matplotlib.colors import to_rgb
from matplotlib.image import imread
from mlflow.tracking import MlflowClient

from taubench.core.episode import EpisodeError, EpisodeResult
from taubench.core.evaluation import ComponentResult, RewardInfo
from taubench.core.messages import AssistantMessage, Draft, ToolCall, ToolMessage, Usage, UserMessage
from taubench.core.metrics import RunSummary
from taubench.core.tasks import RewardType
from taubench.reporting.charts import (
    OUTCOME_COLOURS,
    PASS_HAT_K_COLOUR,
    Outcome,
    SweepJob,
    job_labels,
    outcome_grid,
    task_trial_grid_figure,
)
from taubench.reporting.tracking import local_store
from taubench.reporting.trajectory_page import PageContext, page_name, render_page

TASKS = ["0", "24", "30"]
EXPECTED = {"0": Outcome.SUCCESS, "24": Outcome.UNSCORED, "30": Outcome.FAILURE}
RUN = (*ORACLES, "env=retail", "task_ids=[0,24,30]", "num_trials=2", "max_steps=20", "progress=false")


def _matches(pixels: np.ndarray, colour: str) -> np.ndarray:
    return np.all(np.abs(pixels - np.array(to_rgb(colour))) < 0.01, axis=-1)


def read_grid(path: Path, rows: int, columns: int) -> list[list[Outcome | None]]:
    """The outcome of each cell of a task × trial grid PNG, from the colour at the cell's
    centre. The grid is the band of pixel rows almost wholly in cell colours (the legend's
    swatches are small); cells split it evenly."""
    image = imread(path)[..., :3]
    in_cells = np.zeros(image.shape[:2], dtype=bool)
    for colour in OUTCOME_COLOURS.values():
        in_cells |= _matches(image, colour)
    per_row = in_cells.sum(axis=1)
    grid_rows = np.flatnonzero(per_row >= 0.9 * per_row.max())
    grid_columns = np.flatnonzero(in_cells[grid_rows].any(axis=0))
    top, bottom, left, right = grid_rows[0], grid_rows[-1] + 1, grid_columns[0], grid_columns[-1] + 1
    cells = []
    for row in range(rows):
        y = int(top + (row + 0.5) * (bottom - top) / rows)
        found = []
        for column in range(columns):
            x = int(left + (column + 0.5) * (right - left) / columns)
            found.append(
                next((kind for kind, colour in OUTCOME_COLOURS.items() if _matches(image[y, x], colour)), None)
            )
        cells.append(found)
    return cells


def _client(tmp_path: Path) -> MlflowClient:
    return MlflowClient(tracking_uri=local_store(tmp_path)[0])


def _artifact_files(client: MlflowClient, run_id: str, folder: str = "") -> set[str]:
    files = set()
    for artifact in client.list_artifacts(run_id, folder or None):
        files |= _artifact_files(client, run_id, artifact.path) if artifact.is_dir else {artifact.path}
    return files


def test_a_tracked_run_logs_its_charts_and_a_page_per_episode(tmp_path):
    result = run_cli(*RUN, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    output_dir = next(tmp_path.glob("outputs/*/*"))
    episodes = [json.loads(line) for line in (output_dir / "episodes.jsonl").read_text().splitlines()]
    assert len(episodes) == 6
    for episode in episodes:  # the premise of the colours checked below
        expected = EXPECTED[episode["task_id"]]
        assert episode["reward"] == {Outcome.SUCCESS: 1.0, Outcome.FAILURE: 0.0, Outcome.UNSCORED: None}[expected]

    client = _client(tmp_path)
    (run,) = client.search_runs([client.get_experiment_by_name("taubench").experiment_id])
    files = _artifact_files(client, run.info.run_id)
    pages = {f"trajectories/task-{task}_trial-{trial}.html" for task in TASKS for trial in (0, 1)} | {
        "trajectories/index.html"
    }
    assert (
        files == {"results.json", "resolved_config.yaml", "charts/pass_hat_k.png", "charts/task_trial_grid.png"} | pages
    )
    local = Path(client.download_artifacts(run.info.run_id, "", str(tmp_path / "downloaded")))

    curve = imread(local / "charts" / "pass_hat_k.png")
    assert curve.shape[2] == 4 and 300 <= curve.shape[0] <= 1000 and 400 <= curve.shape[1] <= 1500
    assert _matches(curve[..., :3], PASS_HAT_K_COLOUR).sum() > 100  # the curve is drawn

    grid_file = local / "charts" / "task_trial_grid.png"
    assert imread(grid_file).shape[0] >= 250
    assert read_grid(grid_file, rows=3, columns=2) == [[EXPECTED[task]] * 2 for task in TASKS]

    failed = (local / "trajectories" / "task-30_trial-1.html").read_text(encoding="utf-8")
    assert failed.startswith("<!DOCTYPE html>") and "<script" not in failed and "http" not in failed
    assert "0 (failure)" in failed and "max_steps" in failed
    assert '<div class="bubble user">' in failed and '<div class="bubble assistant">' in failed
    assert "Hi! How can I help you today?" in failed  # the oracle agent's greeting
    assert '<details class="tool"><summary>find_user_id_by_name_zip(' in failed
    unscored = (local / "trajectories" / "task-24_trial-0.html").read_text(encoding="utf-8")
    assert '<td>NL_ASSERTION</td><td class="not_evaluated">not_evaluated</td><td>yes</td>' in unscored
    assert '<td>DB</td><td class="passed">passed</td><td>yes</td>' in unscored
    assert "no judge model configured" in unscored


def test_charts_and_pages_can_be_turned_off(tmp_path):
    result = run_cli(*RUN, "tracking.charts=false", "tracking.trajectories_html=false", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    client = _client(tmp_path)
    (run,) = client.search_runs([client.get_experiment_by_name("taubench").experiment_id])
    assert _artifact_files(client, run.info.run_id) == {"results.json", "resolved_config.yaml"}
    output_dir = next(tmp_path.glob("outputs/*/*"))
    assert not (output_dir / "charts").exists() and not (output_dir / "trajectories").exists()


def test_a_sweep_gets_a_comparison_chart_in_its_folder_and_parent_run(tmp_path):
    result = run_cli("--multirun", *ORACLES, "env=retail,airline", "task_ids=[0,1]", "progress=false", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (comparison,) = tmp_path.glob("outputs/multirun/*/*/comparison.png")
    image = imread(comparison)
    assert image.shape[0] >= 300 and image.shape[1] >= 500

    client = _client(tmp_path)
    runs = client.search_runs([client.get_experiment_by_name("taubench").experiment_id])
    (parent,) = [run for run in runs if "mlflow.parentRunId" not in run.data.tags]
    assert _artifact_files(client, parent.info.run_id) == {"charts/comparison.png"}
    children = [run for run in runs if run.data.tags.get("mlflow.parentRunId") == parent.info.run_id]
    assert len(children) == 2
    for child in children:
        assert {"charts/pass_hat_k.png", "charts/task_trial_grid.png"} <= _artifact_files(client, child.info.run_id)


def _summary(**values) -> RunSummary:
    base = dict(
        domain="retail",
        num_tasks=2,
        num_trials=1,
        num_episodes=2,
        scored_episodes=2,
        successes=1,
        average_reward=0.5,
        pass_hat_k={1: 0.5},
        unscored_episodes=0,
        unscored_tasks=[],
        unscored_reasons={},
        infrastructure_failures=[],
        episode_reruns=0,
        errors={},
        terminations={},
        usage={},
        total_cost=0.0,
        duration_s=1.0,
    )
    return RunSummary(**(base | values))


def test_sweep_jobs_are_labelled_by_the_overrides_that_differ():
    jobs = [
        SweepJob(name="0", overrides=["env=retail", "model=gpt4o", "agent=react"], summary=_summary(), charts=True),
        SweepJob(name="1", overrides=["env=retail", "model=gpt4o-mini", "agent=act"], summary=_summary(), charts=True),
    ]
    assert job_labels(jobs) == (["model=gpt4o agent=react", "model=gpt4o-mini agent=act"], ["env=retail"])


def _episode(task_id: str, trial: int, reward, messages=(), error=None, components=None, note=None) -> EpisodeResult:
    return EpisodeResult(
        task_id=task_id,
        trial=trial,
        seed=7,
        reward=reward,
        reward_info=RewardInfo(reward=reward, reward_basis=[RewardType.DB], components=components or {}, note=note),
        termination_reason="user_stop",
        error=error,
        messages=list(messages),
        num_steps=len(messages),
        num_tool_errors=0,
        usage={"agent": Usage(calls=1, cost=None), "user": Usage(), "judge": Usage()},
        started_at="2025-01-01T00:00:00+00:00",
        duration_s=1.5,
    )


def test_the_grid_marks_infrastructure_failures_and_missing_episodes_as_not_run(tmp_path):
    infrastructure = EpisodeError(kind="infrastructure_error", type="LLMTransientError", message="503", traceback="")
    episodes = [
        _episode("a", 0, 1.0),
        _episode("a", 1, 0.0),
        _episode("b", 0, None, error=infrastructure, note="infrastructure error: 503"),  # (b, 1) never ran
        _episode("c", 0, None, note="not scored"),
        _episode("c", 1, 1.0),
    ]
    grid = outcome_grid(["a", "b", "c"], 2, iter(episodes))
    task_trial_grid_figure(["a", "b", "c"], grid, "taubench test").savefig(tmp_path / "grid.png")
    assert read_grid(tmp_path / "grid.png", rows=3, columns=2) == [
        [Outcome.SUCCESS, Outcome.FAILURE],
        [Outcome.NOT_RUN, Outcome.NOT_RUN],
        [Outcome.UNSCORED, Outcome.SUCCESS],
    ]


def test_a_page_escapes_every_text_and_folds_tool_calls_and_drafts():
    hostile = '<script>alert("x")</script>'
    messages = [
        AssistantMessage(content=f"Hello {hostile}"),
        UserMessage(
            content=f"I want <b>{hostile}</b>",
            thoughts="think <img src=x onerror=alert(1)>",
            drafts=[
                Draft(content="draft <i>one</i>", accepted=False, reason="too <short>"),
                Draft(content="ok", accepted=True),
            ],
        ),
        AssistantMessage(
            tool_calls=[ToolCall(id="c1", name="get_order_details", arguments={"order_id": "</pre><u>#W1"})]
        ),
        ToolMessage(tool_call_id="c1", name="get_order_details", content="Error: order <#W1> not found", error=True),
    ]
    components = {
        RewardType.DB: ComponentResult(status="failed", in_basis=True, note="hash <differs>", details={"x": "<y>"})
    }
    episode = _episode("[retail]:cancel/1", 0, 0.0, messages, components=components)
    page = render_page(
        episode, PageContext(run_title="run <title>", models={"agent": "gpt-4o", "user": "gpt-4o", "judge": "none"})
    )

    assert (
        "<script" not in page and "<img" not in page and "<b>" not in page and "<u>" not in page and "<i>" not in page
    )
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page and "run &lt;title&gt;" in page
    assert "http" not in page
    assert (
        '<details class="tool tool-error"><summary>get_order_details(order_id=&quot;&lt;/pre&gt;&lt;u&gt;#W1&quot;)'
        in page
    )
    assert "Error: order &lt;#W1&gt; not found" in page and '<span class="badge">error</span>' in page
    assert "<summary>thoughts</summary>" in page and "<summary>drafts (2)</summary>" in page
    assert "too &lt;short&gt;" in page and "rejected" in page
    assert '<td>DB</td><td class="failed">failed</td><td>yes</td><td>hash &lt;differs&gt;</td>' in page
    assert "task [retail]:cancel/1 · trial 0" in page and "agent: gpt-4o" in page and "unknown (agent unknown" in page


@pytest.mark.parametrize("task_id", ["[retail]:cancel/1", "a" * 200, "x y", "x_y"])
def test_page_names_are_file_safe_and_unique(task_id):
    name = page_name(task_id, 3)
    assert name.endswith("_trial-3.html") and len(name) < 140
    assert all(char.isalnum() or char in "._-~" for char in name)
    others = {
        page_name(other, 3) for other in ["[retail]:cancel/1", "_retail__cancel_1", "a" * 200, "a" * 201, "x y", "x_y"]
    }
    assert len(others) == 6 and name in others

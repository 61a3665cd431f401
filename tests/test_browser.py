"""What a researcher sees in the MLflow UI, read in a real browser: headless Chromium (Debian's
package, which ``make test`` installs) driven through Playwright, over runs recorded offline
and served by ``python -m taubench ui`` on 127.0.0.1.

One test reads every view, each in a page of its own and checked by a function named after
it (and, first, what the server says through MLflow's REST API: the address printed, the
results view, one server process): recording the runs and starting the UI is most of the cost, and pytest-xdist 3.8's
``loadgroup`` does not keep tests together under pytest 9 (it renames node ids the old way), so
separate tests would pay it once per worker.
"""

import json
import re
import shutil
from collections.abc import Iterator

import pytest
from conftest import ORACLES, ServedUI, run_cli, serving_ui

pytestmark = [pytest.mark.browser, pytest.mark.long]

CHROMIUM = "chromium"
# As root Chromium needs --no-sandbox; the rest keep it from reaching out to Google's hosts
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# A sweep of two runs with failures to look at: mock's tasks cut at eight steps (one in three
# passes) and at forty (all pass), two trials each, traced
SWEEP = (
    "--multirun",
    *ORACLES,
    "env=mock",
    "task_ids=[0,1,2]",
    "num_trials=2",
    "max_steps=8,40",
    "tracking.traces=true",
    "progress=false",
)
CUT_RUN = "mock · oracle · oracle · max_steps=8"
HTML_VIEWER = "iframe.mlflow-html-iframe"  # MLflow's artifact viewer shows an HTML file in this frame
WAIT_MS = 60_000  # what a page may take to show what it loads, on a loaded machine (a pass takes a second or two)


@pytest.fixture
def served(tmp_path) -> Iterator[ServedUI]:
    recorded = run_cli(*SWEEP, cwd=tmp_path)
    assert recorded.returncode == 0, recorded.stderr
    with serving_ui(tmp_path) as ui:
        yield ui


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    executable = shutil.which(CHROMIUM)
    if executable is None:
        pytest.fail("no chromium on PATH: `make test` installs Debian's package (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


def test_a_researcher_reads_the_runs_in_the_mlflow_ui(served, browser):
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    views = (
        an_episode_opens_from_the_index_inside_mlflows_artifact_viewer,
        the_runs_table_tells_the_sweeps_runs_apart_and_reads_at_a_glance,
        the_chart_view_opens_on_what_the_sweep_varied_and_the_results,
        the_compare_view_plots_what_varied_against_the_reward,
        a_failed_episode_looks_failed_in_the_runs_traces,
    )
    the_printed_address_opens_the_experiments_results_view_from_one_server_process(served)
    for view in views:
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        page.set_default_timeout(WAIT_MS)
        try:
            view(served, page)
        finally:
            page.close()
    assert "Warning" not in served.log.read_text()  # MLflow's own deprecation notices are not ours to print


def the_printed_address_opens_the_experiments_results_view_from_one_server_process(served: ServedUI) -> None:
    """What ``taubench ui`` printed and serves, read through MLflow's REST API: the address of the
    experiment's runs in the view whose columns are the results, runs that MLflow knows as
    evaluations (so a sweep's parent opens on its jobs), and one server process."""
    experiment = served.api.get("/experiments/get-by-name", params={"experiment_name": "taubench"}).json()["experiment"]
    experiment_page = f"{served.root}/#/experiments/{experiment['experiment_id']}"
    assert served.address == f"{experiment_page}/runs?viewStateShareKey=results&workflowType=machine_learning"
    runs = served.api.post("/runs/search", json={"experiment_ids": [experiment["experiment_id"]]}).json()["runs"]
    jobs = {run["info"]["run_name"]: run for run in runs}
    sweep = (CUT_RUN, "mock · oracle · oracle · max_steps=40")
    assert set(sweep) <= set(jobs)  # the store of this folder's runs
    assert all({"key": "mlflow.runType", "value": "evaluation"} in jobs[name]["data"]["tags"] for name in sweep)
    tags = {tag["key"]: tag["value"] for tag in experiment["tags"]}
    view = json.loads(json.loads(tags["mlflow.sharedViewState.results"])["state"])
    logged = {metric["key"] for metric in jobs[CUT_RUN]["data"]["metrics"]}
    columns = {column.removeprefix("metrics.`")[:-1] for column in view["selectedColumns"]}
    assert {"average_reward", "pass_hat_1", "cost_total"} <= columns & logged
    # MLflow's command and one server process, no job runner: what one reader needs (MLflow's
    # default is five more: four workers under the server, and the runner of its GenAI jobs)
    assert len(served.processes) == 2 and "-m mlflow ui" in served.processes[0], served.processes
    assert "-m uvicorn" in served.processes[1]
    assert served.processes[1].endswith("--workers 1 mlflow.server.fastapi_app:app")


def run_named(ui: ServedUI, name: str) -> tuple[str, str]:
    """(experiment id, run id) of the run of that name."""
    experiment = ui.api.get("/experiments/get-by-name", params={"experiment_name": "taubench"}).json()["experiment"]
    runs = ui.api.post("/runs/search", json={"experiment_ids": [experiment["experiment_id"]]}).json()["runs"]
    [run] = [run for run in runs if run["info"]["run_name"] == name]
    return experiment["experiment_id"], run["info"]["run_id"]


def an_episode_opens_from_the_index_inside_mlflows_artifact_viewer(served: ServedUI, page) -> None:
    from playwright.sync_api import expect

    experiment_id, run_id = run_named(served, CUT_RUN)
    page.goto(f"{served.root}/#/experiments/{experiment_id}/runs/{run_id}/artifacts/trajectories/index.html")
    viewer = page.locator(HTML_VIEWER)
    assert viewer.get_attribute("sandbox") == "allow-scripts"  # the premise: no popups, no top navigation
    index = page.frame_locator(HTML_VIEWER)
    listing = index.locator("table.episodes")
    rows = listing.locator("tbody tr")
    expect(rows).to_have_count(6)

    failed = rows.filter(has_text="max_steps").first
    task, trial = failed.locator("td").nth(0).inner_text(), failed.locator("td").nth(1).inner_text()
    failed.locator("a").click()
    heading = index.get_by_role("heading", name=f"task {task} · trial {trial}")
    expect(heading).to_be_visible()
    expect(index.get_by_text("(failure)").first).to_be_visible()
    expect(index.get_by_role("heading", name="Conversation")).to_be_visible()
    expect(listing).to_be_hidden()
    assert all(not frame.url.startswith("about:blank") for frame in page.frames)  # not the blocked, blank frame

    index.get_by_text("← all episodes").locator("visible=true").click()
    expect(listing).to_be_visible()
    expect(rows).to_have_count(6)
    expect(heading).to_be_hidden()


def the_runs_table_tells_the_sweeps_runs_apart_and_reads_at_a_glance(served: ServedUI, page) -> None:
    from playwright.sync_api import expect

    page.goto(served.address)  # as taubench.integrations.ui prints it: the experiment's runs, in the results view
    for name in (CUT_RUN, "mock · oracle · oracle · max_steps=40"):
        expect(page.get_by_text(name, exact=True)).to_be_visible()
    expect(page.get_by_text("0.3333", exact=True).first).to_be_visible()  # the cut run's reward, to four decimals
    assert not page.get_by_text("0.33333").count()


def the_chart_view_opens_on_what_the_sweep_varied_and_the_results(served: ServedUI, page) -> None:
    page.goto(served.address + "&compareRunsMode=CHART")
    page.get_by_text("Parallel Coordinates").first.wait_for()
    page.get_by_role("heading", name="pass_hat_2").wait_for()
    titles = [title.strip() for title in page.get_by_role("heading").all_inner_texts()]
    charts = [title for title in titles if title != "Runs"]
    assert charts[:4] == ["Parallel Coordinates", "average_reward", "pass_hat_1", "pass_hat_2"], charts
    assert not any(title.startswith(("analysis/", "usage/")) for title in charts)  # their sections are folded
    sections = page.get_by_text(re.compile(r"^(Model metrics|errors|usage|labels|analysis|System metrics)$"))
    assert sections.all_inner_texts() == ["Model metrics", "errors", "usage", "labels", "analysis", "System metrics"]


def the_compare_view_plots_what_varied_against_the_reward(served: ServedUI, page) -> None:
    from playwright.sync_api import expect

    experiment_id, cut = run_named(served, CUT_RUN)
    _, full = run_named(served, "mock · oracle · oracle · max_steps=40")
    page.goto(f'{served.root}/#/compare-runs?runs=["{cut}","{full}"]&experiments=["{experiment_id}"]')
    expect(page.get_by_text("Parallel Coordinates Plot").first).to_be_visible()
    chosen = page.locator("[class*='select-selection-item']")
    expect(chosen.first).to_be_visible()
    shown = list(dict.fromkeys(text.strip() for text in chosen.all_inner_texts() if text.strip()))
    assert shown == ["max_steps", "average_reward"]  # the swept param, then the first result


def a_failed_episode_looks_failed_in_the_runs_traces(served: ServedUI, page) -> None:
    from playwright.sync_api import expect

    experiment_id, run_id = run_named(served, CUT_RUN)  # one of its three tasks passes: 2 episodes of 6
    page.goto(f"{served.root}/#/experiments/{experiment_id}/runs/{run_id}/traces")
    expect(page.get_by_text("[failure · reward 0]", exact=False).first).to_be_visible()
    expect(page.get_by_role("columnheader", name="reward")).to_be_visible()  # the reward feedback is a column
    expect(page.get_by_text("Error", exact=True)).to_have_count(4)  # the failed episodes' state
    expect(page.get_by_text("OK", exact=True)).to_have_count(2)

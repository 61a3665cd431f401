"""Screenshots of the MLflow UI showing a run's artifacts, taken by headless Chromium.

An offline oracle sweep of two jobs (one with episodes cut short by ``max_steps``, so there
are failures to see, each attributed by the scripted server's error analyst) and the
leaderboard of its runs are recorded in a fresh store; the MLflow UI serves that store on
127.0.0.1; Chromium, driven by Playwright, opens the experiment as ``taubench.integrations.ui`` does (its
runs table, results as columns, and its charts), the failing job's traces and one failed
conversation, the compare view of the two jobs, the leaderboard page, an HTML trajectory page,
the pages' index and a failed episode opened from it by a click, and each chart, and saves
what it shows. ``make screenshot`` installs Chromium (Debian's package) and runs this.
"""

import argparse
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from mlflow.tracking import MlflowClient
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from taubench.integrations.ui import RESULTS_PAGE
from taubench.reporting.tracking import local_store
from taubench.reporting.trajectory_index import INDEX_FILE
from taubench.testing.scripted_server import ScriptedServer

# a sweep of two jobs: episodes cut at 6 steps (failures to see) and at 40 (nearly all solved)
SWEEP = [
    "--multirun",
    "env=airline",
    "agent=oracle",
    "user=oracle",
    "task_ids=[0,1,2,3,4,5,6,7]",
    "num_trials=3",
    "max_steps=6,40",
    "tracking.traces=true",
    "progress=false",
]
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
# as root Chromium needs --no-sandbox; the rest keep it from reaching out to Google's hosts
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--hide-scrollbars",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=Path("screenshots"), help="where the PNGs go (default: screenshots)"
    )
    parser.add_argument("--size", default="1800,1100", help="browser window, width,height")
    args = parser.parse_args()
    browser = next((found for name in BROWSERS if (found := shutil.which(name))), None)
    if browser is None:
        sys.exit(f"no Chromium found ({', '.join(BROWSERS)}); on Debian: apt-get install chromium")

    work = (args.out / "store").resolve()
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    environment = os.environ | {"LITELLM_LOCAL_MODEL_COST_MAP": "True", "MLFLOW_DISABLE_TELEMETRY": "true"}
    with ScriptedServer(domains=()) as analyst:
        analysis = [
            "analysis.model=openai/scripted",
            f"analysis.api_base={analyst.url}",
            "analysis.pricing={input: 0, output: 0}",
        ]
        subprocess.run(
            [sys.executable, "-m", "taubench", *SWEEP, *analysis],
            cwd=work,
            env=environment,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    subprocess.run(
        [sys.executable, "-m", "taubench.reporting.leaderboard.board", "--log-to-mlflow"],
        cwd=work,
        env=environment,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    tracking_uri, artifact_root = local_store(work)
    client = MlflowClient(tracking_uri)
    experiment = client.get_experiment_by_name("taubench")
    jobs = client.search_runs([experiment.experiment_id], "tags.`mlflow.parentRunId` != ''")
    run = next(job for job in jobs if job.data.params["max_steps"] == "6")
    leaderboard = client.search_runs([experiment.experiment_id], "tags.`taubench.kind` = 'leaderboard'")[0]
    compared = ",".join(f'"{job.info.run_id}"' for job in jobs)
    pages = [artifact.path for artifact in client.list_artifacts(run.info.run_id, "trajectories")]
    output_dir = Path(run.data.tags["taubench.output_dir"])
    episode_pages = [page for page in pages if Path(page).name != INDEX_FILE]
    failed_page = next(page for page in episode_pages if "max_steps" in (output_dir / page).read_text(encoding="utf-8"))
    run_page = f"/runs/{run.info.run_id}/artifacts"
    failed_trace = client.search_traces(
        locations=[experiment.experiment_id],
        run_id=run.info.run_id,
        filter_string="tags.`taubench.outcome` = 'failure'",
        max_results=1,
        include_spans=False,
    )[0].info.trace_id
    at = f"/experiments/{experiment.experiment_id}"
    targets = {  # screenshot -> the UI's page (the address after its #)
        "mlflow-experiment.png": at
        + RESULTS_PAGE,  # the runs table in model-training mode, as taubench.integrations.ui opens it
        "mlflow-charts.png": at + RESULTS_PAGE + "&compareRunsMode=CHART",  # its charts: what varied, then the results
        "mlflow-run-traces.png": f"{at}/runs/{run.info.run_id}/traces",  # the run's episodes as traces
        "mlflow-trace.png": f"{at}/runs/{run.info.run_id}/traces?selectedEvaluationId={failed_trace}",  # a failed one
        "mlflow-experiment-traces.png": f"{at}/traces",  # every run's traces, each response led by its outcome
        "mlflow-sweep-compare.png": f'/compare-runs?runs=[{compared}]&experiments=["{experiment.experiment_id}"]',
        "mlflow-leaderboard.png": f"{at}/runs/{leaderboard.info.run_id}/artifacts/leaderboard/leaderboard.html",
        "mlflow-trajectory.png": f"{at}{run_page}/{failed_page}",
        "mlflow-trajectory-index.png": f"{at}{run_page}/trajectories/{INDEX_FILE}",
        "mlflow-task-trial-grid.png": f"{at}{run_page}/charts/task_trial_grid.png",
        "mlflow-pass-hat-k.png": f"{at}{run_page}/charts/pass_hat_k.png",
    }

    port = _free_port()
    ui = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mlflow",
            "ui",
            "--backend-store-uri",
            tracking_uri,
            "--default-artifact-root",
            artifact_root,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _wait_for(f"http://127.0.0.1:{port}/health")
        width, height = (int(n) for n in args.size.split(","))
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=browser, args=CHROMIUM_FLAGS)
            context = chromium.new_context(
                viewport={"width": width, "height": height}
            )  # one: the assistant stays closed
            context.set_default_timeout(60_000)
            for name, address in targets.items():
                page = context.new_page()  # each page loaded afresh, as a link opens it
                page.goto(f"http://127.0.0.1:{port}/#{address}")
                _close_assistant(page)
                _shoot(page, args.out / name, address)
                page.close()
            # the index as a researcher uses it: a click on a failed episode's row shows that episode
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{port}/#{at}{run_page}/trajectories/{INDEX_FILE}")
            index = page.frame_locator("iframe.mlflow-html-iframe")
            index.locator("table.episodes tbody tr").filter(has_text="max_steps").first.locator("a").click()
            index.get_by_role("heading", name="Conversation").wait_for()
            _shoot(page, args.out / "mlflow-index-click.png", "the index, after a click on a failed episode")
            chromium.close()
    finally:
        os.killpg(ui.pid, 15)
        ui.wait(timeout=30)
    return 0


def _close_assistant(page) -> None:
    """MLflow 3.17 opens its chat assistant beside every page; closed, the page has the width."""
    page.wait_for_load_state("load")
    page.wait_for_timeout(1000)
    close = page.locator("button[aria-label='Close']").filter(visible=True)
    if page.get_by_text("MLflow Assistant").count() and close.count():
        close.first.click()


def _shoot(page, path: Path, what: str) -> None:
    """The page once what it loads has arrived (no request for half a second), and a moment to draw."""
    try:
        page.wait_for_load_state("networkidle", timeout=8_000)
    except PlaywrightTimeout:  # a view that keeps polling (the runs table does): what it shows by then
        pass
    page.wait_for_timeout(1500)
    page.screenshot(path=str(path.resolve()))
    print(f"{path.resolve()}  ({what})")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for(url: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


if __name__ == "__main__":
    sys.exit(main())

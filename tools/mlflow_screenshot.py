"""Screenshots of the MLflow UI showing a run's artifacts, taken by headless Chromium.

An offline oracle run (some episodes cut short by ``max_steps``, so there are failures to
see, each attributed by the scripted server's error analyst) is recorded in a fresh store; the MLflow UI serves that store on 127.0.0.1; Chromium
opens the experiment (where the UI lands: its runs table), the run's artifacts tab with an
HTML trajectory page selected, then the pages' index, then each chart, and saves what it
shows. ``make screenshot`` installs Chromium (Debian's package) and runs this.
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

from taubench.scripted_server import ScriptedServer
from taubench.tracking import local_store
from taubench.trajectory_index import INDEX_FILE
from taubench.ui import RESULTS_PAGE

RUN = ["env=airline", "agent=oracle", "user=oracle", "task_ids=[0,1,2,3,4,5,6,7]", "num_trials=3", "max_steps=6", "progress=false"]
BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("screenshots"), help="where the PNGs go (default: screenshots)")
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
        analysis = ["analysis.model=openai/scripted", f"analysis.api_base={analyst.url}", "analysis.pricing={input: 0, output: 0}"]
        subprocess.run(
            [sys.executable, "-m", "taubench", *RUN, *analysis], cwd=work, env=environment, check=True, stdout=subprocess.DEVNULL
        )

    tracking_uri, artifact_root = local_store(work)
    client = MlflowClient(tracking_uri)
    experiment = client.get_experiment_by_name("taubench")
    run = client.search_runs([experiment.experiment_id])[0]
    pages = [artifact.path for artifact in client.list_artifacts(run.info.run_id, "trajectories")]
    output_dir = Path(run.data.tags["taubench.output_dir"])
    episode_pages = [page for page in pages if Path(page).name != INDEX_FILE]
    failed_page = next(page for page in episode_pages if "max_steps" in (output_dir / page).read_text(encoding="utf-8"))
    run_page = f"/runs/{run.info.run_id}/artifacts"
    failed_trace = client.search_traces(
        locations=[experiment.experiment_id], run_id=run.info.run_id, filter_string="tags.`taubench.outcome` = 'failure'",
        max_results=1, include_spans=False,
    )[0].info.trace_id
    targets = {  # screenshot -> the page under the experiment's URL
        # the runs table in model-training mode, as taubench.ui opens it
        "mlflow-experiment.png": RESULTS_PAGE,
        "mlflow-run-traces.png": f"/runs/{run.info.run_id}/traces",  # the run's episodes as traces
        "mlflow-trace.png": f"/runs/{run.info.run_id}/traces?selectedEvaluationId={failed_trace}",  # a failed conversation
        "mlflow-trajectory.png": f"{run_page}/{failed_page}",
        "mlflow-trajectory-index.png": f"{run_page}/trajectories/{INDEX_FILE}",
        "mlflow-task-trial-grid.png": f"{run_page}/charts/task_trial_grid.png",
        "mlflow-pass-hat-k.png": f"{run_page}/charts/pass_hat_k.png",
    }

    port = _free_port()
    ui = subprocess.Popen(
        [sys.executable, "-m", "mlflow", "ui", "--backend-store-uri", tracking_uri, "--default-artifact-root", artifact_root,
         "--host", "127.0.0.1", "--port", str(port)],
        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        _wait_for(f"http://127.0.0.1:{port}/health")
        for name, page in targets.items():
            url = f"http://127.0.0.1:{port}/#/experiments/{experiment.experiment_id}{page}"
            shot = (args.out / name).resolve()
            subprocess.run(
                [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--window-size={args.size}",
                 "--virtual-time-budget=20000", f"--screenshot={shot}", url],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=180,
            )  # fmt: skip
            print(f"{shot}  ({page or 'the experiment'})")
    finally:
        os.killpg(ui.pid, 15)
        ui.wait(timeout=30)
    return 0


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

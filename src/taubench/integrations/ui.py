"""``python -m taubench ui``: the MLflow UI over the store that runs started in this folder
wrote (``./mlruns``), opened on the experiment's runs table.

MLflow 3.17's UI opens in its GenAI mode (trace panels, empty for runs) unless the address
asks for model-training mode (``workflowType=machine_learning``); the address printed here
does, and goes straight to the experiment, so the first screen is the runs, in the view
taubench stores with the experiment whose columns are the results (reward, pass^k, cost).
"""

import argparse
import os
import sys
from pathlib import Path
from typing import Optional, Sequence

from taubench.execution.settings import DEFAULT_EXPERIMENT
from taubench.reporting.mlflow_store import STORE_FOLDER, StoreError, open_local_store
from taubench.reporting.tracking import RESULTS_VIEW

RUNS_MODE = "workflowType=machine_learning"
# MLflow's server starts four worker processes and a job runner (for its GenAI judge and
# optimisation jobs) by default: a UI one researcher reads needs one worker, its requests served
# on that worker's threads, and no jobs; each process left out is some seconds of CPU at start.
# ``--workers`` and MLflow's own MLFLOW_SERVER_ENABLE_JOB_EXECUTION=true ask for them again.
WORKERS = 1
JOBS_SETTING = "MLFLOW_SERVER_ENABLE_JOB_EXECUTION"
# MLflow 3.17's server imports Starlette's deprecated WSGI middleware, and each of its worker
# processes would say so on stderr: a warning about MLflow's code, not something to act on
MLFLOW_NOISE = "ignore:starlette.middleware.wsgi is deprecated"
# an experiment's address ends so: its runs tab (the experiment's own address redirects there,
# losing the view), in the view named RESULTS_VIEW
RESULTS_PAGE = f"/runs?viewStateShareKey={RESULTS_VIEW}&{RUNS_MODE}"


def runs_address(host: str, port: int, experiment_id: Optional[str]) -> str:
    if not experiment_id:
        return f"http://{host}:{port}/#/experiments?{RUNS_MODE}"
    return f"http://{host}:{port}/#/experiments/{experiment_id}{RESULTS_PAGE}"


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m taubench ui", description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, default=Path.cwd(), help="the folder runs were started in (default: here)")
    parser.add_argument(
        "--experiment", default=DEFAULT_EXPERIMENT, help="the experiment to open (default: %(default)s)"
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to serve on (default: 127.0.0.1, this machine only)"
    )
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument(
        "--workers", type=int, default=WORKERS, help="the MLflow server's worker processes (default: %(default)s)"
    )
    args = parser.parse_args(argv)
    store = args.dir.resolve() / STORE_FOLDER
    if not (store / "mlflow.db").is_file():
        print(
            f"taubench ui: no runs recorded under {store} yet; start a run in {args.dir.resolve()} first",
            file=sys.stderr,
        )
        return 2
    os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
    from mlflow.tracking import MlflowClient

    try:
        tracking_uri, artifact_root = open_local_store(args.dir.resolve())
    except StoreError as exc:
        print(f"taubench ui: {exc}", file=sys.stderr)
        return 2
    experiment = MlflowClient(tracking_uri).get_experiment_by_name(args.experiment)
    print(
        f"taubench: MLflow UI of {store}: "
        f"{runs_address(args.host, args.port, experiment and experiment.experiment_id)}",
        flush=True,
    )
    command = [
        sys.executable,
        "-m",
        "mlflow",
        "ui",
        "--backend-store-uri",
        tracking_uri,
        "--default-artifact-root",
        artifact_root,
        "--host",
        args.host,
        "--port",
        str(args.port),
        "--workers",
        str(args.workers),
    ]
    os.environ.setdefault(JOBS_SETTING, "false")
    os.environ["PYTHONWARNINGS"] = ",".join(filter(None, [os.environ.get("PYTHONWARNINGS"), MLFLOW_NOISE]))
    os.execv(sys.executable, command)
    return 0  # not reached: the process is now the MLflow UI


if __name__ == "__main__":
    sys.exit(main())

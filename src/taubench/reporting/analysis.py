"""Automatic error identification: a model reads each failed episode of a run and says whose
fault the failure was (agent, user or environment) and, for the agent, what kind of mistake.

It runs after a run when ``analysis.model`` is set, or later on a stored run with
``python -m taubench analysis <run dir> --model <litellm model>``. Each failed episode
(scored, not a success) is one structured-output request holding the policy, the task's
scenario, the conversation with its tool calls and results, the expected actions and the
reward components that failed; the answer is validated, and one that cannot be used is
recorded as an error of that episode, never a crash. The result is ``error_analysis.json``
in the run's directory, a short printed summary and, when the run is tracked, MLflow metrics
and the file as an artifact.
(The request and its answer: ``taubench.reporting.fault_attribution``.)
"""

import argparse
import sys
from pathlib import Path
from typing import Optional, Sequence

from pydantic import ValidationError

from taubench.core.domain import DataError
from taubench.domains import load_domain
from taubench.execution.preparation import PreparedRun, RunReport
from taubench.execution.rundir import (
    MANIFEST_FILE,
    RunManifest,
    StoredRunError,
    finished_run_dir,
    results_head,
    stored_episodes,
)
from taubench.execution.settings import EnvSettings, LLMSettings, TrackingSettings
from taubench.models.routing import missing_key
from taubench.models.spec import ModelSpec
from taubench.reporting.fault_attribution import ANALYSIS_FILE, ErrorAnalysis, analyse, client_for, write
from taubench.reporting.mlflow_store import STORE_FOLDER, StoreError
from taubench.reporting.tracking import Artifact, Tracker


def _earlier(output_dir: Path) -> Optional[ErrorAnalysis]:
    """The analysis already written in this run's folder (its last steps were cut short)."""
    try:
        return ErrorAnalysis.model_validate_json((output_dir / ANALYSIS_FILE).read_bytes())
    except (OSError, ValidationError):
        return None


def after_run(prepared: PreparedRun, report: RunReport) -> tuple[ErrorAnalysis, Path]:
    """The post-run step of a run with ``analysis.model`` (``lifecycle.after_run``): the analysis
    written and summarised."""
    settings = prepared.settings
    tasks = {task.id: task for task in prepared.tasks}
    earlier = _earlier(report.output_dir)
    with client_for(settings.role_model(settings.analysis), settings.llm) as client:
        analysis = analyse(report.episodes, prepared.domain, tasks, client, settings.max_concurrency, earlier)
    path = write(analysis, report.output_dir)
    print(analysis.summary(path))
    return analysis, path


def analyse_stored_run(
    run_dir: Path, config: dict, spec: ModelSpec, concurrency: Optional[int] = None
) -> tuple[ErrorAnalysis, Path]:
    """The analysis of a finished run from its files (``config`` from its results.json, the
    episodes from ``episodes.jsonl``), written beside them."""
    env = EnvSettings.model_validate(config["env"])
    domain = load_domain(env.name, env.data_dir, env.verify_checksums)
    tasks = domain.tasks_in(config["task_split"])
    with client_for(spec, LLMSettings.model_validate(config["llm"])) as client:
        analysis = analyse(stored_episodes(run_dir), domain, tasks, client, concurrency or config["max_concurrency"])
    return analysis, write(analysis, run_dir)


def log_to_run(
    run_dir: Path, config: dict, analysis: ErrorAnalysis, path: Path, tracking_uri: Optional[str], base_dir: Path
) -> str:
    """Adds the analysis to the run's MLflow record, if it has one in the given store (or the
    embedded store under ``base_dir``); says what happened."""
    run_id = RunManifest.model_validate_json((run_dir / MANIFEST_FILE).read_text(encoding="utf-8")).mlflow_run_id
    if run_id is None:
        return "not logged to MLflow: the run has no MLflow run id (it ran with tracking.enabled=false)"
    if tracking_uri is None and not (base_dir / STORE_FOLDER / "mlflow.db").exists():
        return f"not logged to MLflow: no store at {(base_dir / STORE_FOLDER).resolve()} (give --tracking-uri)"
    from mlflow.exceptions import MlflowException

    tracker = Tracker(
        TrackingSettings(tracking_uri=tracking_uri, experiment=config["tracking"]["experiment"]), base_dir
    )
    try:
        tracker.client.get_run(run_id)
    except MlflowException:
        raise ValueError(
            f"MLflow run {run_id} (from {run_dir / MANIFEST_FILE}) is not in the store {tracker.uri}"
        ) from None
    tracker.log(run_id, analysis.metrics(), [Artifact(path)])
    return f"logged to MLflow run {run_id} ({tracker.uri})"


def main(argv: Optional[Sequence[str]] = None) -> int:
    if "--results-path" in (sys.argv[1:] if argv is None else argv):  # τ-bench's auto_error_identification.py flags
        from taubench.reporting import v1_analysis

        return v1_analysis.main(argv)
    parser = argparse.ArgumentParser(
        prog="python -m taubench analysis",
        description="Attribute the fault of every failed episode of a stored run with a model; writes "
        "error_analysis.json in the run directory and adds it to the run's MLflow record. With --results-path: a "
        "τ-bench (v1) results file, with the flags of τ-bench's auto_error_identification.py "
        "(python -m taubench analysis --results-path F --help).",
    )
    parser.add_argument("run_dir", type=Path, help="the run's output directory (holding results.json)")
    parser.add_argument("--model", required=True, help="litellm model string, e.g. gpt-4.1-2025-04-14")
    parser.add_argument("--api-base", help="endpoint URL of an OpenAI-compatible server")
    parser.add_argument("--api-key-env", help="environment variable holding the key")
    parser.add_argument("--concurrency", type=int, help="requests at once (default: the run's max_concurrency)")
    parser.add_argument("--tracking-uri", help="MLflow store of the run (default: the embedded store under ./mlruns)")
    parser.add_argument(
        "--label-requests",
        action="store_true",
        help="say who asks in a request header, for a server that plays several roles (the scripted server)",
    )
    args = parser.parse_args(argv)
    if args.concurrency is not None and args.concurrency < 1:
        parser.error(f"--concurrency: must be at least 1 (got {args.concurrency})")
    spec = ModelSpec(
        model=args.model, api_base=args.api_base, api_key_env=args.api_key_env, label_requests=args.label_requests
    )
    variable = missing_key(spec)
    if variable:
        option = "--api-key-env" if args.api_key_env else "--model"
        parser.exit(
            2,
            f"taubench analysis: {option}: the environment variable {variable} is not set (needed by {spec.model})\n",
        )
    try:
        run_dir = finished_run_dir(args.run_dir)
        config = results_head(run_dir)["config"]
        analysis, path = analyse_stored_run(run_dir, config, spec, args.concurrency)
        print(analysis.summary(path))
        print(log_to_run(run_dir, config, analysis, path, args.tracking_uri, Path.cwd()))
    except (StoredRunError, ValueError, DataError, StoreError) as exc:
        parser.exit(2, f"taubench analysis: {exc}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Where the leaderboard finds its runs, and where it puts itself in MLflow.

Folders: each path is a run folder or a folder searched recursively for run folders (one
holding ``results.json``, ``run.json`` or ``episodes.jsonl``; hidden folders such as
``outputs/.unfinished`` are skipped). A job's Hydra folder (``outputs/<date>/<time>``) only links
to its run's results.json: the run is read from its own folder, once.

MLflow: every run of the experiment except sweep parents and the leaderboard's own run, each
read from the ``results.json`` artifact it logged when it finished. That artifact, not the
folder its ``taubench.output_dir`` tag names, is what the store itself keeps: it is there
when the folder was moved or deleted, or lives on another machine than a shared server.
Runs imported from τ-bench v1 results files (``python -m taubench v1 import``) are listed as
left out: they hold figures, not a setup, a data revision or our episodes.

``--log-to-mlflow`` keeps one run named ``leaderboard`` (tag ``taubench.kind=leaderboard``)
in the experiment and overwrites its ``leaderboard/`` artifacts each time, so the UI always
has the current table in the same place.
"""

import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional, Sequence

from pydantic import BaseModel

from taubench.core.untrusted import read_within
from taubench.execution.rundir import EPISODES_FILE, MANIFEST_FILE, RESULTS_FILE, RunManifest, StoredRunError
from taubench.reporting.mlflow_store import STORE_FOLDER, StoreError, open_local_store
from taubench.reporting.stored_runs import StoredRun
from taubench.reporting.tracking import SWEEP_DIR_TAG

KIND_TAG = "taubench.kind"
LEADERBOARD_KIND = "leaderboard"
ARTIFACT_FOLDER = "leaderboard"
IMPORTED_TAG = "taubench.imported"
RUN_MARKERS = (RESULTS_FILE, MANIFEST_FILE, EPISODES_FILE)


class Candidate(BaseModel):
    """A run a source found: readable (``run``) or not (``problem``, and its environment if known)."""

    source: str
    env: Optional[str] = None
    run: Optional[StoredRun] = None
    problem: Optional[str] = None


class SourceError(Exception):
    """A source that cannot be searched at all (no such folder, no store, no experiment)."""


def folder_runs(paths: Sequence[Path], confined: bool = False) -> tuple[list[str], list[Candidate]]:
    """``confined``: the folders hold untrusted data (the HTTP API's runs), so every file is read
    below its searched folder and no link is followed: a linked run folder or file is listed as
    unreadable, with the reason."""
    if confined:
        return [str(path) for path in paths], [candidate for path in paths for candidate in _confined_candidates(path)]
    folders = set()
    for path in paths:
        if not path.is_dir():
            raise SourceError(f"{path}: no such folder")
        for folder in _run_folders(path):
            results = folder / RESULTS_FILE
            folders.add(results.resolve().parent if results.exists() else folder.resolve())  # a link leads to the run
    return [str(path) for path in paths], [folder_candidate(shown_path(folder)) for folder in sorted(folders)]


def _confined_candidates(root: Path) -> list[Candidate]:
    root = root.resolve()
    if not root.is_dir():
        return []
    linked: list[Path] = []
    found = [folder_candidate(folder, root) for folder in _run_folders(root, linked)]
    found += [
        Candidate(source=str(shown_path(link)), problem="unreadable: a symbolic link (links are not followed)")
        for link in linked
    ]
    return sorted(found, key=lambda candidate: candidate.source)


def shown_path(folder: Path) -> Path:
    """Relative to the current folder when under it, as a user would type it."""
    return folder.relative_to(Path.cwd()) if folder.is_relative_to(Path.cwd()) else folder


def _run_folders(root: Path, linked: Optional[list[Path]] = None) -> list[Path]:
    """The run folders under ``root`` (os.walk never enters a linked folder); with ``linked``,
    the linked folders met on the way are added to it."""
    found = []
    for folder, subfolders, files in os.walk(root):
        if any(marker in files for marker in RUN_MARKERS):
            found.append(Path(folder))
            subfolders.clear()  # a run's charts and pages hold no runs
        else:
            subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
            if linked is not None:
                linked += [Path(folder, name) for name in subfolders if Path(folder, name).is_symlink()]
    return found


def folder_candidate(folder: Path, root: Optional[Path] = None) -> Candidate:
    """``root``: the folder's files are untrusted data, read below it (``untrusted.open_within``)."""
    source = str(shown_path(folder))
    if not (folder / RESULTS_FILE).exists():
        return Candidate(source=source, env=_env_of_manifest(folder, root), problem="unfinished (no results.json yet)")
    try:
        return Candidate(source=source, run=StoredRun.read(folder, root))
    except StoredRunError as exc:
        return Candidate(source=source, env=_env_of_manifest(folder, root), problem=f"unreadable: {exc}")


def _env_of_manifest(folder: Path, root: Optional[Path] = None) -> Optional[str]:
    try:
        return RunManifest.model_validate_json(read_within(folder / MANIFEST_FILE, root)).config["env"]["name"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _client(tracking_uri: Optional[str], base_dir: Path):
    if tracking_uri is None:
        if not (base_dir / STORE_FOLDER / "mlflow.db").is_file():
            raise SourceError(f"no MLflow store at {(base_dir / STORE_FOLDER).resolve()} (give --tracking-uri)")
        try:
            tracking_uri = open_local_store(base_dir)[0]
        except StoreError as exc:
            raise SourceError(exc) from None
    os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
    os.environ.setdefault("MLFLOW_ENABLE_ARTIFACTS_PROGRESS_BAR", "false")  # one bar per run read, on stderr
    import logging

    from mlflow.tracking import MlflowClient

    logging.getLogger("mlflow").setLevel(logging.WARNING)
    return MlflowClient(tracking_uri=tracking_uri), tracking_uri


def mlflow_runs(tracking_uri: Optional[str], experiment: str, base_dir: Path) -> tuple[list[str], list[Candidate]]:
    client, uri = _client(tracking_uri, base_dir)
    found = client.get_experiment_by_name(experiment)
    if found is None:
        raise SourceError(f"no experiment {experiment!r} in the MLflow store {uri}")
    runs, token = [], None
    while True:
        page = client.search_runs([found.experiment_id], max_results=1000, page_token=token)
        runs += list(page)
        token = page.token
        if not token:
            break
    parents = {run.data.tags.get("mlflow.parentRunId") for run in runs}
    candidates = []
    with tempfile.TemporaryDirectory(prefix="taubench-leaderboard-") as downloads:
        for run in sorted(runs, key=lambda run: run.info.start_time or 0):
            tags = run.data.tags
            if tags.get(KIND_TAG) == LEADERBOARD_KIND or SWEEP_DIR_TAG in tags or run.info.run_id in parents:
                continue
            candidates.append(_mlflow_candidate(client, run, Path(downloads)))
    return [f"MLflow experiment {experiment} ({uri})"], candidates


def _mlflow_candidate(client, run, downloads: Path) -> Candidate:
    from mlflow.exceptions import MlflowException

    run_id = run.info.run_id
    source = f"mlflow:{run_id} ({run.info.run_name})"
    env = run.data.params.get("env.name")
    if run.info.status != "FINISHED":
        return Candidate(source=source, env=env, problem=f"unfinished (MLflow status {run.info.status})")
    if IMPORTED_TAG in run.data.tags:  # python -m taubench v1 import: figures only, no setup, data revision or episodes
        return Candidate(source=source, env=env, problem=f"imported {run.data.tags[IMPORTED_TAG]}, not a taubench run")
    try:
        results = Path(client.download_artifacts(run_id, RESULTS_FILE, str(downloads / run_id)))
        stored = StoredRun.read_results_file(results, Path(run.data.tags.get("taubench.output_dir", results.parent)))
    except (MlflowException, OSError) as exc:
        return Candidate(
            source=source, env=env, problem=f"unreadable: no {RESULTS_FILE} artifact ({type(exc).__name__})"
        )
    except StoredRunError as exc:
        return Candidate(source=source, env=env, problem=f"unreadable: {exc}")
    return Candidate(source=source, run=stored)


def mlflow_run(run_id: str, tracking_uri: Optional[str], base_dir: Path, downloads: Path) -> StoredRun:
    """One run of the MLflow store by its id (what the UI shows), read from its ``results.json``
    artifact into ``downloads``."""
    from mlflow.exceptions import MlflowException

    client, uri = _client(tracking_uri, base_dir)
    try:
        run = client.get_run(run_id)
    except MlflowException:
        raise SourceError(f"no MLflow run {run_id} in the store {uri}") from None
    candidate = _mlflow_candidate(client, run, downloads)
    if candidate.run is None:
        raise SourceError(f"{candidate.source}: {candidate.problem}")
    return candidate.run


def log_to_mlflow(tables: dict[str, str], tracking_uri: Optional[str], experiment: str, base_dir: Path) -> str:
    """The tables (file name -> text) as artifacts of the experiment's one ``leaderboard`` run."""
    from taubench.execution.settings import TrackingSettings
    from taubench.reporting.tracking import Artifact, Tracker

    tracker = Tracker(TrackingSettings(tracking_uri=tracking_uri, experiment=experiment), base_dir)
    existing = tracker.client.search_runs(
        [tracker.experiment_id],
        filter_string=f"tags.`{KIND_TAG}` = '{LEADERBOARD_KIND}'",
        order_by=["attributes.start_time DESC"],
    )
    run_id = (
        existing[0].info.run_id if existing else tracker.start(LEADERBOARD_KIND, {}, tags={KIND_TAG: LEADERBOARD_KIND})
    )
    updated = datetime.now(timezone.utc).isoformat(timespec="seconds")
    with tempfile.TemporaryDirectory(prefix="taubench-leaderboard-") as folder:
        for name, text in tables.items():
            Path(folder, name).write_text(text, encoding="utf-8")
        tracker.log(run_id, {}, [Artifact(Path(folder, name), ARTIFACT_FOLDER) for name in tables])
    tracker.client.set_tag(run_id, "taubench.updated_at", updated)
    if not existing:
        tracker.client.set_terminated(run_id, status="FINISHED")
    logged = ", ".join(f"{ARTIFACT_FOLDER}/{name}" for name in tables)
    return f"logged {logged} to the MLflow run {LEADERBOARD_KIND} {run_id} ({tracker.uri})"

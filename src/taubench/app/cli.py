"""``taubench [overrides]``: the Hydra app. Hydra composes the run; the run itself goes
through ``taubench.app.lifecycle``, as every other way in does; this module says how it went
(the summary, the exit status). A sweep (``--multirun``) is checked as a whole before its
first job starts, and its jobs become child runs of one MLflow parent run.
"""

import hashlib
import json
import shutil
import sys
from datetime import datetime
from pathlib import Path
from typing import Any, NoReturn

import hydra
from hydra.core.hydra_config import HydraConfig
from hydra.errors import HydraException
from hydra.experimental.callback import Callback
from hydra.types import RunMode
from omegaconf import DictConfig, OmegaConf
from omegaconf.errors import OmegaConfBaseException

from taubench.app.lifecycle import compose, run_prepared, run_title
from taubench.app.misspelled import misspelling
from taubench.core.domain import DataError
from taubench.core.metrics import RunSummary
from taubench.execution.preparation import PreparedRun, RunStorageError, prepare
from taubench.execution.rundir import RESULTS_FILE, new_folder, results_head
from taubench.execution.settings import ConfigError, TrackingSettings, parse_settings
from taubench.reporting import console
from taubench.reporting.mlflow_store import StoreError
from taubench.reporting.tracking import SWEEP_DIR_TAG, Artifact

PARENT_RUN_FILE = "mlflow_parent_run_id"
JOB_LABELS_FILE = "mlflow_job_labels.json"  # in a sweep's folder: each job's run label, by job number
NAMED_IN_RUN_NAME = ("env", "model", "agent", "user")  # config groups a run's name shows already
SWEEP_TAG = "taubench.sweep"  # the sweep's jobs, hashed: a rerun of a killed sweep finds its parent run
EXIT_EXCLUDED = (
    3  # finished, but episodes lost to infrastructure failures are left out of the scores (2: refused or stopped)
)


def _fail(message: Any) -> NoReturn:
    """Ends the command with a message and exit status 2. A job folder Hydra made for a
    command that recorded nothing in it is removed, so a refused command leaves no trace."""
    print(f"taubench: {message}", file=sys.stderr)
    if HydraConfig.initialized():
        _remove_if_unused(HydraConfig.get())
    sys.exit(2)


def _remove_if_unused(hydra_config: DictConfig) -> None:
    job_dir = OmegaConf.select(hydra_config, "runtime.output_dir", default=None)
    if job_dir is None or not Path(job_dir).is_dir():
        return
    job_dir = Path(job_dir)
    hydra_own = {hydra_config.output_subdir or ".hydra", f"{hydra_config.job.name}.log"}
    if any(entry.name not in hydra_own for entry in job_dir.iterdir()):
        return
    shutil.rmtree(job_dir, ignore_errors=True)
    cwd = Path(hydra_config.runtime.cwd).resolve()
    for folder in job_dir.resolve().parents:  # the day's folder and outputs/, if they held only this
        if folder == cwd or cwd not in folder.parents:
            break
        try:
            folder.rmdir()
        except OSError:
            break


def _prepare(config: dict, base_dir: Path, job_dir: Path) -> PreparedRun:
    try:
        return prepare(parse_settings(config), base_dir, new_dir=job_dir)
    except (ConfigError, DataError) as exc:
        _fail(exc)


def _new_run_folder(path: str) -> str:
    """``hydra.run.dir``'s resolver: the folder a run starts in, made for this process alone
    (``outputs/<date>/<time>``, or ``<time>_01``, ... when another run started in that second),
    before Hydra writes its own files there."""
    return str(new_folder(Path(path)))


OmegaConf.register_new_resolver("taubench.new_folder", _new_run_folder, use_cache=True)


def run_command(arguments: list[str]) -> None:
    """``taubench [overrides]``: a misspelled option or setting is refused first, with a
    did-you-mean, before Hydra composes anything."""
    if (problem := misspelling(arguments)) is not None:
        print(f"taubench: {problem}", file=sys.stderr)
        sys.exit(2)  # refused before anything ran, as every bad configuration is
    sys.argv = [sys.argv[0], *arguments]
    main()


@hydra.main(version_base="1.3", config_path="pkg://taubench.conf", config_name="config")
def main(cfg: DictConfig) -> None:
    runtime = HydraConfig.get()
    config = OmegaConf.to_container(cfg, resolve=True)
    if runtime.mode == RunMode.MULTIRUN:
        _join_sweep(config["tracking"], Path(runtime.sweep.dir), runtime.job.num)
    base_dir = Path(runtime.runtime.cwd)
    prepared = _prepare(config, base_dir, Path(runtime.runtime.output_dir))
    if prepared.completed:
        print(f"taubench: the run in {prepared.output_dir.resolve()} is complete; nothing to do", file=sys.stderr)
    elif prepared.resuming:
        print(
            f"taubench: resuming the unfinished run in {prepared.output_dir.resolve()} "
            f"({len(prepared.finished)} episodes already recorded)",
            file=sys.stderr,
        )
    try:
        report = run_prepared(prepared, base_dir)
    except (
        ConfigError,
        RunStorageError,
        StoreError,
    ) as exc:  # found only as the run starts: no Ray cluster, a full disk, a damaged MLflow store
        _fail(exc)
    job_dir = Path(runtime.runtime.output_dir)
    if job_dir.resolve() != report.output_dir.resolve():  # resumed elsewhere: the job dir points there
        (job_dir / RESULTS_FILE).unlink(missing_ok=True)
        (job_dir / RESULTS_FILE).symlink_to(report.results_file.resolve())
    print(console.run_summary(report.summary, run_title(prepared.settings), str(report.results_file.resolve())))
    if report.failed:
        _fail(
            f"{report.summary.stopped}\n"
            "the finished episodes are kept; fix the cause and rerun the same command to continue"
        )
    if runtime.mode != RunMode.MULTIRUN:  # a sweep says so once all its jobs have run
        _exit_if_excluded(len(report.summary.infrastructure_failures), f"the run in {report.output_dir.resolve()}")


def _join_sweep(tracking: dict, sweep_dir: Path, job_number: int) -> None:
    """A sweep's job takes the parent MLflow run and its run label that the sweep left in its
    folder (unless the command set them)."""
    parent_file, labels_file = sweep_dir / PARENT_RUN_FILE, sweep_dir / JOB_LABELS_FILE
    if tracking.get("parent_run_id") is None and parent_file.exists():
        tracking["parent_run_id"] = parent_file.read_text().strip()
    if tracking.get("run_label") is None and labels_file.exists():
        labels = json.loads(labels_file.read_text())
        tracking["run_label"] = (labels[job_number] if job_number < len(labels) else "") or None


def varied_params(jobs: list[PreparedRun], override_keys: list[str], most: int = 6) -> list[str]:
    """The MLflow params whose values differ between a sweep's jobs, those its overrides name
    first (``max_steps``; ``env.name`` for ``env=...``), at most ``most`` of them."""
    from taubench.reporting.tracking import flatten, measured_params

    params = [measured_params(flatten(job.settings.model_dump(mode="json"))) for job in jobs]
    keys = dict.fromkeys(key for job_params in params for key in job_params)
    differing = [key for key in keys if len({json.dumps(job_params.get(key)) for job_params in params}) > 1]
    named = [key for key in differing if key in override_keys or key.removesuffix(".name") in override_keys]
    return (named + [key for key in differing if key not in named])[:most]


def sweep_jobs(config: DictConfig) -> list[list[str]]:
    """The override list of every job the basic sweeper will launch, in launch order."""
    from hydra._internal.core_plugins.basic_sweeper import BasicSweeper
    from hydra.core.override_parser.overrides_parser import OverridesParser

    arguments = [f"{key}={value}" for key, value in (config.hydra.sweeper.get("params") or {}).items()]
    arguments += list(config.hydra.overrides.task)
    overrides = OverridesParser.create().parse_overrides(arguments)
    return [job for batch in BasicSweeper.split_arguments(overrides, None) for job in batch]


class SweepCallback(Callback):
    """Checks every job of a sweep before any starts, and groups the jobs in MLflow."""

    def on_multirun_start(self, config: DictConfig, **kwargs: Any) -> None:
        if not str(config.hydra.sweeper.get("_target_", "")).endswith("BasicSweeper"):
            return  # another sweeper decides its jobs itself; each job still validates on start
        jobs = sweep_jobs(config)
        checked = [self._check(number, len(jobs), job) for number, job in enumerate(jobs)]
        tracking = checked[0].settings.tracking
        if not tracking.enabled:
            return
        from taubench.reporting import charts

        sweep_dir = Path(config.hydra.sweep.dir)
        sweep_dir.mkdir(parents=True, exist_ok=True)
        typed = [[plain_override(override) for override in job] for job in jobs]  # as a person reads them
        (sweep_dir / JOB_LABELS_FILE).write_text(json.dumps(charts.override_labels(typed, leave_out=NAMED_IN_RUN_NAME)))
        if tracking.parent_run_id is None:
            self._open_parent_run(config, tracking, jobs, checked, charts.varying_override_keys(typed))

    @staticmethod
    def _check(number: int, total: int, overrides: list[str]) -> PreparedRun:
        label = f"sweep job #{number} of {total} ({' '.join(overrides) or 'no overrides'})"
        try:
            job = hydra.compose(config_name="config", overrides=overrides)
        except (HydraException, OmegaConfBaseException) as exc:
            _fail(f"{label}: {exc}")
        config = OmegaConf.to_container(job, resolve=True)
        try:
            prepared = prepare(parse_settings(config))
        except (ConfigError, DataError) as exc:
            _fail(f"{label}: {exc}")
        prepared.release()  # the job takes the lock again when it runs
        return prepared

    @staticmethod
    def _open_parent_run(
        config: DictConfig,
        tracking: TrackingSettings,
        jobs: list[list[str]],
        checked: list[PreparedRun],
        varying: list[str],
    ) -> None:
        """The sweep's parent MLflow run: when the sweep continues an earlier, unfinished one
        (a job resumes its run, or a run of the same sweep was left RUNNING by a killed
        process), that sweep's parent, so each job stays the child of one parent; else a new one.
        ``varying``: the override keys whose values differ between the jobs."""
        from taubench.reporting.tracking import Tracker

        sweep_dir = Path(config.hydra.sweep.dir)
        try:
            tracker = Tracker(tracking, Path.cwd())
        except StoreError as exc:
            _fail(exc)
        identity = hashlib.sha256(json.dumps(jobs).encode()).hexdigest()[:20]
        resumed = [
            job.manifest.mlflow_run_id
            for job in checked
            if job.resuming and not job.completed and job.manifest.mlflow_run_id
        ]
        earlier = next(filter(None, map(tracker.parent_of, resumed)), None)
        earlier = earlier or next((run.info.run_id for run in tracker.running(SWEEP_TAG, identity)), None)
        if earlier and tracker.reopen(earlier):
            run_id = earlier
            print(f"taubench: continuing the MLflow run {run_id} of this sweep, left unfinished", file=sys.stderr)
        else:
            run_id = tracker.start(
                name=f"sweep {datetime.now():%Y-%m-%d %H:%M:%S}"
                + (f" · varying {', '.join(varying)}" if varying else ""),
                params={"sweep.overrides": " ".join(config.hydra.overrides.task), "sweep.jobs": len(jobs)},
                tags={SWEEP_DIR_TAG: str(sweep_dir.resolve()), SWEEP_TAG: identity},
            )
        tracker.show_varied(varied_params(checked, varying))
        (sweep_dir / PARENT_RUN_FILE).write_text(run_id)

    def on_multirun_end(self, config: DictConfig, **kwargs: Any) -> None:
        from taubench.reporting import charts

        sweep_dir = Path(config.hydra.sweep.dir)
        rows, best, jobs, excluded = [], None, [], 0
        for results in sorted(sweep_dir.glob(f"*/{RESULTS_FILE}"), key=lambda path: _job_number(path.parent.name)):
            document = results_head(results.parent)
            summary = RunSummary.model_validate(document["summary"])
            rows.append(console.sweep_row(results.parent.name, document["config"], summary))
            charts_on = document["config"]["tracking"]["charts"]
            jobs.append(
                charts.SweepJob(
                    name=results.parent.name,
                    overrides=_job_overrides(results.parent),
                    summary=summary,
                    charts=charts_on,
                )
            )
            if summary.average_reward is not None:
                best = max(best or 0.0, summary.average_reward)
            excluded += len(summary.infrastructure_failures)
        for row, label in zip(rows, charts.job_labels(jobs)[0]):  # each job named by the overrides that set it apart
            row["job"] = label if label == f"job {row['job']}" else f"{row['job']}: {label}"
        if rows:
            print(f"\ntaubench sweep: {len(rows)} runs in {sweep_dir.resolve()}")
            print(console.sweep_table(rows))
        comparison = charts.write_sweep_comparison(sweep_dir, jobs)
        parent_file = sweep_dir / PARENT_RUN_FILE
        if parent_file.exists():
            from taubench.reporting.tracking import Tracker

            settings = compose()  # the sweep's own settings: the configs without a job's overrides
            metrics = {"jobs_completed": len(rows)} | ({"best_average_reward": best} if best is not None else {})
            artifacts = [Artifact(comparison, charts.CHARTS_FOLDER)] if comparison else []
            Tracker(settings.tracking, Path.cwd()).finish(parent_file.read_text().strip(), metrics, artifacts)
        _exit_if_excluded(excluded, f"the sweep's runs in {sweep_dir.resolve()}")


def _exit_if_excluded(failures: int, where: str) -> None:
    """A run that left episodes out of its scores says how many and how to get them, and exits
    with EXIT_EXCLUDED: a script must not take its numbers for complete."""
    if failures:
        print(
            f"taubench: {failures} episode(s) of {where} are left out of the scores: the provider kept failing through "
            f"every retry (llm.max_attempts, episode_retries). Rerun the same command to run just those again.",
            file=sys.stderr,
        )
        sys.exit(EXIT_EXCLUDED)


def _job_overrides(job_dir: Path) -> list[str]:
    """The overrides Hydra composed a sweep job from (its ``.hydra/overrides.yaml``; none if
    the job kept no Hydra folder), as a person reads them."""
    overrides_file = job_dir / ".hydra" / "overrides.yaml"
    return [plain_override(str(item)) for item in OmegaConf.load(overrides_file)] if overrides_file.exists() else []


def plain_override(text: str) -> str:
    """An override without Hydra's escapes and quotes, for labels and titles: ``model.name=a\\ b``
    → ``model.name=a b``, ``progress=False`` → ``progress=false``; text Hydra cannot parse stays as it is."""
    from hydra.core.override_parser.overrides_parser import OverridesParser

    try:
        override = OverridesParser.create().parse_override(text)
    except HydraException:
        return text
    if override.is_delete() and override.value() is None:
        return override.get_key_element()
    return f"{override.get_key_element()}={_plain_value(override.value())}"


def _plain_value(value: Any) -> str:
    """A parsed override value written as on a command line, without escapes (YAML's words for booleans and null)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list):
        return "[" + ",".join(map(_plain_value, value)) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{key}:{_plain_value(item)}" for key, item in value.items()) + "}"
    return str(value)


def _job_number(name: str) -> tuple[int, str]:
    return (int(name), "") if name.isdigit() else (sys.maxsize, name)

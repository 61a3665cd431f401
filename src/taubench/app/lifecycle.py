"""A run from its settings to its last record, owned here and nowhere else: the settings
(composed from the package's Hydra configs, as the command line composes them) → prepared
(everything checked before money is spent; the run's folder, new or the one it continues) →
executed (the episodes) → after the run (exports, the error analysis, charts, trajectory
pages) → its MLflow record. The command line (``taubench.app.cli``), the package API
(``taubench.run``), the HTTP API and the gym all come in here; only how the settings are
made differs."""

import threading
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Optional, Sequence, Union

from omegaconf import OmegaConf

from taubench.app.misspelled import misspelling
from taubench.execution.preparation import PreparedRun, RunReport, prepare
from taubench.execution.runner import execute, finished_report
from taubench.execution.settings import ConfigError, RunSettings, parse_settings
from taubench.reporting.tracking import Artifact

RESOLVED_CONFIG_FILE = "resolved_config.yaml"


_COMPOSING = threading.Lock()  # Hydra's composition state is global: one composition at a time


def compose(overrides: Sequence[str] = ()) -> RunSettings:
    """The settings ``taubench <overrides>`` would run: the package's configs composed with the
    overrides and checked. A misspelled or unknown option raises ``ConfigError``, as the
    command line refuses it, before anything is spent. Safe to call from several threads."""
    if isinstance(overrides, str):
        raise TypeError(f"overrides: a list of Hydra overrides, e.g. [{overrides!r}], not one string")
    from hydra import compose as hydra_compose
    from hydra import initialize_config_module
    from hydra.core.global_hydra import GlobalHydra
    from hydra.errors import HydraException
    from omegaconf.errors import OmegaConfBaseException

    if (problem := misspelling(list(overrides))) is not None:
        raise ConfigError(problem)
    try:
        with _COMPOSING:
            if GlobalHydra.instance().is_initialized():  # inside a Hydra app (a sweep's callback): its configs
                config = hydra_compose(config_name="config", overrides=list(overrides))
            else:
                with initialize_config_module(config_module="taubench.conf", version_base="1.3"):
                    config = hydra_compose(config_name="config", overrides=list(overrides))
    except (HydraException, OmegaConfBaseException) as exc:
        raise ConfigError(f"overrides: {exc}") from None
    return parse_settings(OmegaConf.to_container(config, resolve=True))


def run(
    config: Union[Sequence[str], RunSettings] = (),
    *,
    base_dir: Optional[Path] = None,
    cancel: Optional[threading.Event] = None,
) -> RunReport:
    """The package API: one run, exactly as ``taubench <overrides>`` runs it (checked, run or
    continued, its after-run files written, recorded in MLflow unless ``tracking.enabled=false``).
    ``config`` is a list of overrides (``["env=retail", "model=gpt4o"]``) or settings already
    made; ``base_dir`` (default: the current folder) holds ``outputs/`` and ``mlruns/``. Bad
    settings raise ``ConfigError`` (or ``DataError``) before any episode starts. Once ``cancel``
    is set no further episode starts; running the same configuration again continues the run."""
    settings = config if isinstance(config, RunSettings) else compose(config)
    base_dir = base_dir or Path.cwd()
    return run_prepared(prepare(settings, base_dir), base_dir, cancel)


def run_prepared(prepared: PreparedRun, base_dir: Path, cancel: Optional[threading.Event] = None) -> RunReport:
    """Run with an MLflow record: created once the run's folder is claimed (so a run that
    cannot start leaves none), before the first episode (so a long run shows up at once),
    completed with metrics and artifacts at the end, marked failed on a crash. The folder
    is completed last of all: killed at any moment before, the same command finishes it,
    in the same MLflow run."""
    settings = prepared.settings
    if prepared.completed:
        return finished_report(prepared)
    from taubench.reporting.tracking import Tracker

    # the store opened first: a damaged one refuses the run before its folder is claimed
    tracker = Tracker(settings.tracking, base_dir) if settings.tracking.enabled else None
    with prepared.claimed():
        if tracker is None:
            report = execute(prepared, cancel=cancel)
            after_run(prepared, report, base_dir)
            prepared.complete(report)
            return report
        run_id = _mlflow_run(tracker, prepared)
        try:
            traces = _trace_writer(tracker, run_id, prepared)
            report = execute(prepared, on_episode=traces.add if traces else None, cancel=cancel)
            if traces:
                traces.finish(report.episodes if report.resumed_episodes else ())
            extras = after_run(prepared, report, base_dir)
            _finish_mlflow_run(tracker, run_id, prepared, report, extras)
        except BaseException:
            tracker.finish_failed(run_id)
            raise
        prepared.complete(report)
        return report


def _trace_writer(tracker, run_id: str, prepared: PreparedRun):
    """The background writer of the run's episodes as MLflow traces (None: turned off, or left
    off by ``auto`` in a run where no model plays agent or user)."""
    from taubench.execution.preflight import model_roles

    settings = prepared.settings
    wanted = settings.tracking.traces
    if not (wanted is True or (wanted == "auto" and {"agent", "user"} & set(model_roles(settings)))):
        return None
    from taubench.reporting.traces import TraceLabels, TraceWriter

    labels = TraceLabels(
        agent=_short_model(settings.model.name) or settings.agent.name,
        user=_short_model(settings.user.model) or settings.user.name,
    )
    return TraceWriter(tracker.uri, tracker.experiment_id, run_id, labels, resumed=bool(prepared.finished))


def _short_model(model: Optional[str]) -> Optional[str]:
    """A model without its provider prefix: ``gpt-4o`` for ``openai/gpt-4o``."""
    return model.rsplit("/", 1)[-1] if model else None


def _mlflow_run(tracker, prepared: PreparedRun) -> str:
    """The MLflow run of this taubench run: the one it started earlier (continued), else a
    new one; RUNNING runs of this configuration that no live process continues (left by a
    killed process) are closed."""
    from taubench.reporting.tracking import flatten, measured_params

    settings = prepared.settings
    # run.json names it, unless the process was killed between creating it and saying so
    earlier = prepared.manifest.mlflow_run_id or tracker.run_of_folder(prepared.output_dir)
    if earlier and tracker.reopen(earlier):
        run_id = earlier
    else:
        snapshot = settings.model_copy(update={"output_dir": prepared.output_dir}).model_dump(mode="json")
        run_id = tracker.start(
            name=run_name(settings),
            params=measured_params(flatten(snapshot)),
            parent_run_id=settings.tracking.parent_run_id,
            tags={
                "taubench.output_dir": str(prepared.output_dir.resolve()),
                "taubench.fingerprint": prepared.manifest.fingerprint,
                # MLflow's kind for a run that evaluates: the UI opens a sweep's parent run on its jobs
                "mlflow.runType": "evaluation",
            },
        )
    prepared.record_mlflow_run(run_id)
    tracker.close_abandoned(prepared.manifest.fingerprint, keep=run_id)
    return run_id


def _finish_mlflow_run(tracker, run_id: str, prepared: PreparedRun, report: RunReport, extras: "RunExtras") -> None:
    from taubench.reporting.tracking import label_curves, summary_metrics

    snapshot = prepared.settings.model_copy(update={"output_dir": prepared.output_dir}).model_dump(mode="json")
    resolved = report.output_dir / RESOLVED_CONFIG_FILE
    resolved.write_text(OmegaConf.to_yaml(snapshot), encoding="utf-8")
    tags = {"taubench.stopped": report.summary.stopped} if report.summary.stopped else {}
    status = "FAILED" if report.failed else "FINISHED"
    artifacts = [Artifact(report.results_file), Artifact(resolved), *extras.artifacts]
    # the scalars first: MLflow's compare view plots the first metric the runs share
    tracker.log(run_id, summary_metrics(report.summary) | extras.metrics)
    if report.summary.pass_hat_k:
        tracker.log_curve(run_id, "pass_hat_k", report.summary.pass_hat_k)
    for name, points in label_curves(report.summary).items():
        tracker.log_curve(run_id, name, points)
    tracker.finish(run_id, {}, artifacts, status=status, tags=tags)


@dataclass
class RunExtras:
    """What a finished run adds to its MLflow record beyond the summary."""

    metrics: dict[str, float] = field(default_factory=dict)
    artifacts: list[Artifact] = field(default_factory=list)


def after_run(prepared: PreparedRun, report: RunReport, base_dir: Path) -> RunExtras:
    """The steps that read a finished run's records and write more from them (exports, the
    error analysis, charts, trajectory pages and their index); with tracking on, their files become artifacts."""
    extras = RunExtras()
    verdicts = {}  # the error analysis's, shown on the episodes' pages
    if prepared.settings.analysis.model:
        from taubench.reporting import analysis

        result, path = analysis.after_run(prepared, report)
        extras.metrics.update(result.metrics())
        extras.artifacts.append(Artifact(path))
        verdicts = result.by_episode()
    if "mtbench" in prepared.settings.export.formats:
        from taubench.reporting import mtbench_export as mtbench

        extras.artifacts.append(mtbench.export_after_run(prepared, report, base_dir))
    if "v1" in prepared.settings.export.formats:
        from taubench.reporting import v1_results

        path, written = prepared.export_once(
            "v1",
            report.episodes,
            lambda: (
                base_dir / prepared.settings.export.v1_dir / v1_results.run_file_name(prepared.settings, datetime.now())
            ),
            partial(v1_results.write_run_file, report.results_file, prepared.domain),
        )
        print(f"taubench: τ-bench v1 results file: {path.resolve()}{'' if written else ' (already written)'}")
        extras.artifacts.append(Artifact(path))
    tracking = prepared.settings.tracking
    if tracking.enabled and tracking.charts:
        from taubench.reporting import charts

        folder = charts.write_run_charts(prepared, report, run_title(prepared.settings))
        extras.artifacts.append(Artifact(folder, charts.CHARTS_FOLDER))
    if tracking.enabled and tracking.trajectories_html:
        from taubench.reporting import trajectory_index, trajectory_page

        title = run_title(prepared.settings)
        folder = trajectory_index.write_run_pages(
            prepared, report, title, verdicts if prepared.settings.analysis.model else None
        )
        extras.artifacts.append(Artifact(folder, trajectory_page.PAGES_FOLDER))
    return extras


def run_title(settings: RunSettings) -> str:
    model = f" model={settings.model.name}" if settings.model.name else ""
    return (
        f"taubench {settings.env.name} ({settings.task_split}): "
        f"agent={settings.agent.name} user={settings.user.name}{model}"
    )


def run_name(settings: RunSettings) -> str:
    """The MLflow run's name, short enough for the runs table: ``retail · gpt-4o · tool_calling ·
    reflection`` (models without their provider prefix; the params hold the full strings), then
    in a sweep what else tells the job apart (``· max_steps=14``)."""
    agent_model, user_model = _short_model(settings.model.name), _short_model(settings.user.model)
    user = settings.user.name + (f" ({user_model})" if user_model else "")
    parts = (settings.env.name, agent_model, settings.agent.name, user, settings.tracking.run_label)
    return " · ".join(part for part in parts if part)

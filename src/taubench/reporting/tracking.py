"""MLflow records: one MLflow run per taubench run, a parent run per sweep.

The default store is embedded (SQLite plus an artifact folder under ``mlruns/`` in the
directory the command was started from, absolute paths, no server); ``tracking.tracking_uri``
points elsewhere, e.g. at a shared MLflow server.
"""

import json
import logging
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Optional, Sequence

from taubench.core.metrics import RunSummary
from taubench.execution.settings import TrackingSettings
from taubench.reporting.mlflow_store import STORE_FOLDER, local_store, open_local_store  # noqa: F401 (also imported from here)

MAX_PARAM_LENGTH = 6000
# Metrics are logged to four decimals, so that the runs table reads at a glance (0.9035, not
# 0.90350877...); results.json keeps every figure exact
METRIC_DECIMALS = 4
BATCH_SIZE = 100  # MLflow's limit on params per logging call
# MLflow 3's UI opens an experiment of this kind on its runs table (model-training mode), not
# on the GenAI overview whose trace panels stay empty for runs
EXPERIMENT_KIND_TAG = "mlflow.experimentKind"
RUNS_TABLE_KIND = "custom_model_development"
# A view of the runs table, stored with the experiment where MLflow's UI keeps views shared by
# address (``?viewStateShareKey=results``, which ``taubench.integrations.ui`` prints): its columns are the results
SWEEP_DIR_TAG = "taubench.sweep_dir"  # on a sweep's parent run: the sweep's folder
RESULTS_VIEW = "results"
RESULTS_VIEW_TAG = f"mlflow.sharedViewState.{RESULTS_VIEW}"
RESULTS_VIEW_NAME = "taubench results"
# MLflow's chart view puts metrics named ``<section>/<name>`` in sections of their own, and
# the plain ones in this section; the view lists it first and the detail sections folded after it
MLFLOW_RESULTS_SECTION = "Model metrics"
RESULTS_SECTION = "taubench-results"
DETAIL_SECTIONS = ("errors", "usage", "labels", "analysis", "System metrics")
RESULTS_COLUMNS = (
    "average_reward",
    "pass_hat_1",
    "pass_hat_2",
    "pass_hat_3",
    "pass_hat_4",
    "cost_total",
    "num_episodes",
    "errors_total",
)


def results_view(varied: Sequence[str] = ()) -> str:
    """The view as the UI stores one (its Views menu lists it as "taubench results"): the
    columns shown, newest run first; in the chart view, the results first (reward, pass^k, cost,
    errors) and the sections of details after them, folded; with ``varied`` (the params a
    sweep varies), a parallel-coordinates chart of them against reward and pass^1 on top."""
    columns = [f"metrics.`{name}`" for name in RESULTS_COLUMNS] + ["attributes.`Duration`"]
    run_name = "attributes.`Run Name`"
    sections = [{"uuid": RESULTS_SECTION, "name": MLFLOW_RESULTS_SECTION, "display": True, "isReordered": True}]
    sections += [
        {"uuid": f"taubench-{name}", "name": name, "display": False, "isReordered": False} for name in DETAIL_SECTIONS
    ]
    charts = [_chart("BAR", metricKey=name, displayName=name) for name in RESULTS_COLUMNS]
    if varied:
        charts.insert(
            0,
            _chart(
                "PARALLEL",
                selectedParams=list(varied),
                selectedMetrics=["average_reward", "pass_hat_1"],
                showAllRuns=False,
            ),
        )
    state = {
        "selectedColumns": columns,
        "columnOrder": [run_name, *columns],
        "columnWidths": {run_name: 380},
        "orderByKey": "attributes.start_time",
        "orderByAsc": False,
        "compareRunSections": sections,
        "compareRunCharts": charts,
        "isAccordionReordered": True,
    }
    now = int(time.time() * 1000)
    return json.dumps({"name": RESULTS_VIEW_NAME, "createdAt": now, "updatedAt": now, "state": json.dumps(state)})


def _chart(kind: str, **fields: Any) -> dict[str, Any]:
    """A chart card of the results section as MLflow's UI keeps one (the fields of its own cards)."""
    name = fields.get("metricKey") or kind.lower()
    return {
        "uuid": f"taubench-{name}",
        "type": kind,
        "runsCountToCompare": 10,
        "metricSectionId": RESULTS_SECTION,
        "deleted": False,
        "isGenerated": True,
    } | fields


@dataclass(frozen=True)
class Artifact:
    """A file or a folder to log, under ``folder`` of the run's artifacts (None: at the top)."""

    path: Path
    folder: Optional[str] = None


class Tracker:
    def __init__(self, settings: TrackingSettings, base_dir: Path):
        os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
        from mlflow.exceptions import MlflowException
        from mlflow.tracking import MlflowClient  # heavy; imported only when tracking

        # not "creating database tables" on every new store; after the import, which sets the level
        logging.getLogger("mlflow").setLevel(logging.WARNING)

        artifact_root = None
        uri = settings.tracking_uri
        if uri is None:
            uri, artifact_root = open_local_store(base_dir)
        self.uri = uri
        self.client = MlflowClient(tracking_uri=uri)
        experiment = self.client.get_experiment_by_name(settings.experiment)
        ours = {EXPERIMENT_KIND_TAG: RUNS_TABLE_KIND, RESULTS_VIEW_TAG: results_view()}
        if experiment is None:
            try:
                self.experiment_id = self.client.create_experiment(
                    settings.experiment, artifact_location=artifact_root, tags=ours
                )
                return
            except MlflowException as exc:  # a run started at the same moment made it first
                experiment = self.client.get_experiment_by_name(settings.experiment)
                if exc.error_code != "RESOURCE_ALREADY_EXISTS" or experiment is None:
                    raise
        self.experiment_id = experiment.experiment_id
        for key, value in ours.items():  # a kind or view set by hand is left as it is
            if key not in experiment.tags:
                self.client.set_experiment_tag(self.experiment_id, key, value)

    def show_varied(self, params: Sequence[str]) -> None:
        """The experiment's results view plots these params (what a sweep varies) against the
        results, unless the view is no longer the one taubench stored."""
        stored = self.client.get_experiment(self.experiment_id).tags.get(RESULTS_VIEW_TAG)
        if stored is None or json.loads(stored).get("name") == RESULTS_VIEW_NAME:
            self.client.set_experiment_tag(self.experiment_id, RESULTS_VIEW_TAG, results_view(params))

    def start(
        self, name: str, params: dict[str, Any], parent_run_id: Optional[str] = None, tags: Optional[dict] = None
    ) -> str:
        from mlflow.entities import Param

        run_tags = dict(tags or {})
        if parent_run_id:
            run_tags["mlflow.parentRunId"] = parent_run_id
        run = self.client.create_run(self.experiment_id, run_name=name, tags=run_tags)
        entries = [Param(key, _param_text(value)) for key, value in params.items()]
        for batch in _batches(entries):
            self.client.log_batch(run.info.run_id, params=batch)
        return run.info.run_id

    def reopen(self, run_id: str) -> bool:
        """Mark an earlier run (of a run being resumed) running again; False if this store
        does not have it."""
        from mlflow.exceptions import MlflowException

        try:
            self.client.get_run(run_id)
        except MlflowException:
            return False
        self.client.update_run(run_id, status="RUNNING")
        return True

    def run_of_folder(self, output_dir: Path) -> Optional[str]:
        """The newest run recorded for this output folder (its run.json lost the id)."""
        runs = self.client.search_runs(
            [self.experiment_id],
            filter_string=f"tags.`taubench.output_dir` = '{_quoted(str(output_dir.resolve()))}'",
            order_by=["attributes.start_time DESC"],
            max_results=1,
        )
        return runs[0].info.run_id if runs else None

    def parent_of(self, run_id: str) -> Optional[str]:
        """The parent run of a sweep job's run (None: none, or not in this store)."""
        from mlflow.exceptions import MlflowException

        try:
            return self.client.get_run(run_id).data.tags.get("mlflow.parentRunId")
        except MlflowException:
            return None

    def running(self, tag: str, value: str) -> list:
        """The RUNNING runs of the experiment with this tag value, newest first."""
        return self.client.search_runs(
            [self.experiment_id],
            filter_string=f"tags.`{tag}` = '{_quoted(value)}' and attributes.status = 'RUNNING'",
            order_by=["attributes.start_time DESC"],
        )

    def close_abandoned(self, fingerprint: str, keep: str) -> list[str]:
        """RUNNING runs of this configuration (other than ``keep``) whose process is gone:
        left by a killed process and continued by no one, they are marked KILLED."""
        from taubench.execution.rundir import RunLock

        closed = []
        for run in self.running("taubench.fingerprint", fingerprint):
            folder = run.data.tags.get("taubench.output_dir")
            if run.info.run_id == keep or (folder and RunLock.held_by_a_live_process(Path(folder))):
                continue
            self.client.set_terminated(run.info.run_id, status="KILLED")
            closed.append(run.info.run_id)
        return closed

    def finish_failed(self, run_id: str) -> None:
        """Marks a run FAILED as its process fails; if even that cannot be written (the
        store's disk is full), the next run of the configuration continues or closes it."""
        try:
            self.client.set_terminated(run_id, status="FAILED")
        except Exception as exc:  # the store itself failed: the original error matters more
            print(f"taubench: could not mark MLflow run {run_id} FAILED ({exc})", file=sys.stderr)

    def finish(
        self,
        run_id: str,
        metrics: dict[str, float],
        artifacts: Iterable[Artifact] = (),
        status: str = "FINISHED",
        tags: Optional[dict[str, str]] = None,
    ) -> None:
        from mlflow.entities import RunTag

        self.client.log_batch(run_id, tags=[RunTag(key, value) for key, value in (tags or {}).items()])
        self.log(run_id, metrics, artifacts)
        self.client.set_terminated(run_id, status=status)

    def log_curve(self, run_id: str, name: str, points: dict[int, float]) -> None:
        """One metric over steps (pass^k over k), which MLflow draws as a single line chart."""
        from mlflow.entities import Metric

        now = int(time.time() * 1000)
        points_logged = [Metric(name, _shown(value), now, step) for step, value in sorted(points.items())]
        self.client.log_batch(run_id, metrics=points_logged)

    def log(self, run_id: str, metrics: dict[str, float], artifacts: Iterable[Artifact] = ()) -> None:
        """Metrics and artifacts into a run, leaving its status alone: also into a run that
        finished earlier (a later analysis of a stored run)."""
        from mlflow.entities import Metric

        entries = [Metric(key, _shown(value), int(time.time() * 1000), 0) for key, value in metrics.items()]
        for batch in _batches(entries):
            self.client.log_batch(run_id, metrics=batch)
        for artifact in artifacts:
            if artifact.path.is_dir():
                self.client.log_artifacts(run_id, str(artifact.path), artifact.folder)
            elif artifact.path.exists():
                self.client.log_artifact(run_id, str(artifact.path), artifact.folder)


# How a run was carried out, not what it measured: left out of the params so that MLflow's compare
# view and parallel-coordinates plot offer what differs between results (resolved_config.yaml,
# an artifact of every run, keeps the whole configuration)
OPERATIONAL_KEYS = (
    "max_concurrency",
    "output_dir",
    "progress",
    "resume",
    "episode_retries",
    "env.data_dir",
    "env.verify_checksums",
)
OPERATIONAL_SECTIONS = ("dispatch.", "tracking.", "llm.", "export.", "analysis.")
OPERATIONAL_ENDINGS = (".api_base", ".api_key_env")


def measured_params(flat: dict[str, Any]) -> dict[str, Any]:
    """The flattened settings that say what a run measured: env, models, strategies and their
    options, split, tasks, trials, seed, limits, prices."""
    return {
        key: value
        for key, value in flat.items()
        if key not in OPERATIONAL_KEYS
        and not key.startswith(OPERATIONAL_SECTIONS)
        and not key.endswith(OPERATIONAL_ENDINGS)
    }


def flatten(config: dict, prefix: str = "") -> dict[str, Any]:
    """``{"env": {"name": "retail"}}`` → ``{"env.name": "retail"}``."""
    flat: dict[str, Any] = {}
    for key, value in config.items():
        if isinstance(value, dict):
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def summary_metrics(summary: RunSummary) -> dict[str, float]:
    """The summary as MLflow metrics; unknown values (no scored episode, unknown price) are
    left out rather than logged as 0. The figures runs are compared by (reward, pass^k, cost,
    errors, counts) have plain names, so MLflow's chart view shows them first, in its section
    of unprefixed metrics; the details go to sections of their own, after them: ``errors/``
    by kind, ``usage/`` per role, ``labels/`` per task label (and ``analysis/``, the error
    analysis's)."""
    metrics: dict[str, Optional[float]] = {
        "average_reward": summary.average_reward,
        "num_tasks": summary.num_tasks,
        "num_trials": summary.num_trials,
        "num_episodes": summary.num_episodes,
        "scored_episodes": summary.scored_episodes,
        "unscored_episodes": summary.unscored_episodes,
        "unscored_tasks": len(summary.unscored_tasks),
        "tasks_fully_scored": summary.pass_hat_k_tasks,  # the tasks pass^k is over
        "successes": summary.successes,
        "errors_total": sum(summary.errors.values()),
        "cost_total": summary.total_cost,
        "infrastructure_failures": len(summary.infrastructure_failures),
        "episode_reruns": summary.episode_reruns,
        "episodes_not_started": summary.not_started,
        "budget_exhausted": int(summary.budget_exhausted),
        "duration_s": summary.duration_s,
    }
    metrics.update({f"pass_hat_{k}": value for k, value in summary.pass_hat_k.items()})
    intervals = {"average_reward": summary.average_reward_ci} | {
        f"pass_hat_{k}": ci for k, ci in summary.pass_hat_k_ci.items()
    }
    for name, interval in intervals.items():
        if interval is not None:
            metrics.update({f"{name}_ci_low": interval[0], f"{name}_ci_high": interval[1]})
    metrics.update({f"errors/{kind}": count for kind, count in summary.errors.items()})
    metrics.update(categorical_label_metrics(summary))
    for role, usage in summary.usage.items():
        metrics.update(
            {
                f"usage/cost_{role}": usage.cost,
                f"usage/calls_{role}": usage.calls,
                f"usage/prompt_tokens_{role}": usage.prompt_tokens,
                f"usage/completion_tokens_{role}": usage.completion_tokens,
                f"usage/cached_prompt_tokens_{role}": usage.cached_prompt_tokens,
                f"usage/retries_{role}": usage.retries,
                f"usage/cache_hits_{role}": usage.cache_hits,
                f"usage/corrections_{role}": usage.corrections,
            }
        )
    return {key: value for key, value in metrics.items() if value is not None}


def label_curves(summary: RunSummary) -> dict[str, dict[int, float]]:
    """pass^k over each numeric label, the label's value as the step: ``labels/pass_hat_1_by_num_issues``
    is the line τ²-bench's paper draws against the number of issues."""
    curves: dict[str, dict[int, float]] = {}
    for key in summary.numeric_labels:
        for group in summary.breakdown[key]:
            for k, value in group.pass_hat_k.items():
                curves.setdefault(f"labels/pass_hat_{k}_by_{key}", {})[int(group.value)] = value
    return curves


def categorical_label_metrics(summary: RunSummary) -> dict[str, float]:
    """pass^k per value of the other labels (personas, categories: a few values each), as
    scalars such as ``labels/pass_hat_1_persona_Hard``."""
    return {
        f"labels/pass_hat_{k}_{key}_{_metric_name_part(group.value)}": value
        for key, groups in summary.breakdown.items()
        if key not in summary.numeric_labels
        for group in groups
        for k, value in group.pass_hat_k.items()
    }


def _metric_name_part(text: str) -> str:
    """MLflow takes letters, digits, ``_ - . /`` and spaces in a metric name; anything else becomes ``_``."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text)


def _quoted(text: str) -> str:
    """A value inside a single-quoted MLflow search string."""
    return text.replace("\\", "\\\\").replace("'", "\\'")


def _shown(value: float) -> float:
    return round(float(value), METRIC_DECIMALS)


def _param_text(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    return text[:MAX_PARAM_LENGTH]


def _batches(items: list) -> Iterable[list]:
    for start in range(0, len(items), BATCH_SIZE):
        yield items[start : start + BATCH_SIZE]

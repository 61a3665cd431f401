"""A run: every (task, trial) episode of one configuration, executed concurrently.

Each episode is appended to ``episodes.jsonl`` (and synced) the moment it finishes, so a
crash, even SIGKILL, loses no finished episode; a rerun of the same configuration continues
the run (``taubench.execution.preparation`` finds it): only the missing (task, trial) pairs run,
nothing is repeated. ``results.json`` (configuration, summary, all episodes in plan order) is
written atomically at the end, streamed from ``episodes.jsonl``: while it runs, a run keeps
only a few facts of each finished episode (for the summary) and where its record is in the
file, never the trajectories, so its memory does not grow with its length.
"""

import ctypes
import json
import logging
import random
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Optional

from joblib import Parallel, delayed

from taubench import __version__
from taubench.core.domain import BaseDomain
from taubench.core.episode import EpisodeResult
from taubench.core.metrics import BUDGET_REACHED, EpisodeFacts, RunSummary, summarize
from taubench.core.remote_errors import stops_the_run
from taubench.core.tasks import Task
from taubench.execution.dispatch import WorkersUnusable
from taubench.execution.episode_runner import EpisodeRunner, PlannedEpisode, fewer_gc_passes
from taubench.execution.fail_fast import FailFast
from taubench.execution.preparation import PreparedRun, RunReport, RunStorageError
from taubench.execution.progress import RunProgress
from taubench.execution.rundir import (
    EPISODES_FILE,
    RESULTS_FILE,
    EpisodeLog,
    EpisodeRecords,
    LoggedEpisode,
    results_head,
    stored_episodes,
    write_atomically,
)
from taubench.execution.settings import RunSettings
from taubench.models.spend import SpendMeter

LOG = logging.getLogger(__name__)


def plan_episodes(tasks: list[Task], num_trials: int, seed: int, shuffle: bool) -> list[PlannedEpisode]:
    """Trials repeat the task list. As in τ²-bench, ``seed`` draws one seed per trial, which
    the trial's participants receive (and which shuffles that trial's order if asked)."""
    rng = random.Random(seed)
    trial_seeds = [rng.randint(0, 10**6) for _ in range(num_trials)]
    plan: list[PlannedEpisode] = []
    for trial, trial_seed in enumerate(trial_seeds):
        order = list(tasks)
        if shuffle:
            random.Random(trial_seed).shuffle(order)
        plan.extend(PlannedEpisode(len(plan), task, trial, trial_seed) for task in order)
    return plan


class _Stop:
    """Why no further episode may start (budget reached, credentials refused, the same model
    error in every episode so far); thread-safe."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reason: Optional[str] = None
        self.failed = False

    def set(self, reason: str, failed: bool = False) -> None:
        with self.lock:
            if self.reason is None:
                self.reason, self.failed = reason, failed


def _episode_backend(settings: RunSettings, domain: BaseDomain, meter: SpendMeter):
    """``dispatch.backend``: episodes in this process's threads, in worker processes, or each
    as a Ray task (taubench.execution.dispatch). Each is called with a planned episode and returns its record."""
    if settings.dispatch.backend == "processes":
        from taubench.execution.dispatch import ProcessEpisodes

        return ProcessEpisodes(settings, meter)
    if settings.dispatch.backend == "ray":
        from taubench.execution.dispatch import RayEpisodes

        return RayEpisodes(settings, meter)
    return EpisodeRunner(settings, domain, meter)


def execute(
    prepared: PreparedRun,
    on_episode: Optional[Callable[[EpisodeResult], None]] = None,
    cancel: Optional[threading.Event] = None,
) -> RunReport:
    """The run's missing episodes, then its results.json; the folder must be claimed.
    ``on_episode`` sees each episode once it is on disk (the tracking layer's MLflow traces);
    once ``cancel`` is set no further episode starts (those running finish; the run is failed,
    and continued by running it again)."""
    assert prepared.lock is not None, "execute a claimed run: with prepared.claimed(): ..."
    _return_freed_memory()
    settings = prepared.settings
    output_dir = prepared.output_dir
    plan = plan_episodes(prepared.tasks, settings.num_trials, settings.seed, settings.shuffle)
    finished = {
        (episode.facts.task_id, episode.facts.trial): episode
        for episode in prepared.finished
        if not episode.facts.infrastructure_failure  # rerun those
    }
    index_of = {(item.task.id, item.trial): item.index for item in plan}
    done: dict[int, LoggedEpisode] = {index_of[key]: episode for key, episode in finished.items() if key in index_of}
    todo = [item for item in plan if item.index not in done]

    meter = SpendMeter(sum(episode.facts.spent for episode in done.values()))
    stop = _Stop()
    # only a run's first episodes are watched: one resumed with episodes recorded has had them
    fail_fast = FailFast(0 if done else len(todo), partial(stop.set, failed=True))
    episodes = _episode_backend(settings, prepared.domain, meter)

    def one(item: PlannedEpisode) -> tuple[int, Optional[EpisodeResult]]:
        if settings.max_cost is not None and meter.spent >= settings.max_cost:
            stop.set(f"{BUDGET_REACHED}: ${meter.spent:.4f} spent of max_cost ${settings.max_cost:g}")
        if settings.max_cost is not None and meter.unknown_costs:  # every price is known: the replies' counts were not
            stop.set(
                f"stopped: max_cost ${settings.max_cost:g} cannot be kept: "
                f"{meter.unknown_costs} model call(s) reported no usable token counts, "
                f"so what they cost is unknown (${meter.spent:.4f} known spent)",
                failed=True,
            )
        if cancel is not None and cancel.is_set():
            stop.set("stopped on request: run it again to continue", failed=True)
        if stop.reason:
            return item.index, None
        try:
            result = episodes(item)
        except WorkersUnusable as exc:  # not a result either: the pair runs when the run is resumed
            stop.set(f"stopped: {exc}", failed=True)
            return item.index, None
        if result.error and stops_the_run(result.error.type):
            stop.set(f"stopped after an error every call would hit: {result.error.message}", failed=True)
            return item.index, None  # not a result: the pair runs again when the run is resumed
        return item.index, result

    started = time.perf_counter()
    unwritten: Optional[OSError] = None
    with (
        fewer_gc_passes(),
        episodes,  # worker processes started, or Ray connected (or a local instance started), for the length of the run
        EpisodeLog(output_dir / EPISODES_FILE) as log,
        RunProgress(len(plan), len(done), prepared.domain.name, settings.progress) as progress,
    ):
        jobs = Parallel(n_jobs=settings.max_concurrency, backend="threading", return_as="generator_unordered")
        for index, result in fail_fast.recordable(jobs(delayed(one)(item) for item in todo)):
            try:
                offset = log.append(result)
            except OSError as exc:  # a full disk: no new episode starts; those running end unrecorded
                unwritten = unwritten or exc
                stop.set(f"cannot write {log.path}: {exc.strerror}", failed=True)
                continue
            done[index] = LoggedEpisode(EpisodeFacts.of(result), offset)  # the record itself is let go
            progress.advance(result)
            if on_episode is not None:
                on_episode(result)
    if unwritten is not None:
        raise RunStorageError(unwritten, log.path, f"the {len(done)} episodes recorded before it are kept")
    in_order = [done[index] for index in sorted(done)]
    not_started = len(plan) - len(in_order)
    summary = summarize(
        prepared.domain.name,
        [episode.facts for episode in in_order],
        settings.num_trials,
        time.perf_counter() - started,
        not_started,
        stop.reason,
    )
    records = EpisodeRecords(output_dir / EPISODES_FILE, [episode.offset for episode in in_order])
    results_file = output_dir / RESULTS_FILE
    try:
        write_atomically(results_file, _results_document(prepared, summary, records))
    except OSError as exc:
        raise RunStorageError(exc, results_file, f"all {len(done)} episodes recorded are kept") from None
    return RunReport(
        summary=summary,
        episodes=records,
        output_dir=output_dir,
        results_file=results_file,
        resumed_episodes=len(finished),
        failed=stop.failed,
    )


def _return_freed_memory() -> None:
    """Gives the system back the memory the main thread has freed so far. Parsing the data
    leaves about 25 MB free in the main thread's malloc arena (airline); the episodes run in
    worker threads, which glibc serves from arenas of their own, so without this that memory
    stays resident, unused, for the whole run (measured by bench/memory.py: 1 -> 2 episodes in
    flight cost 24 MB, 0.6 MB with it). glibc only; elsewhere nothing happens."""
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError, TypeError):  # not glibc (musl, macOS, Windows)
        pass


def _results_document(prepared: PreparedRun, summary: RunSummary, episodes: EpisodeRecords) -> Iterator[str]:
    """The text of ``json.dumps(document, indent=1, ensure_ascii=False)``, the document holding
    every episode, in pieces: one episode at a time is read from episodes.jsonl and indented
    to its place (JSON strings hold no raw newline, so indenting by lines is exact)."""
    document = {
        "taubench_version": __version__,
        "config": prepared.settings.model_copy(update={"output_dir": prepared.output_dir}).model_dump(mode="json"),
        "data": {"folder": str(prepared.domain.data_folder), "sha256": prepared.domain.checksums},
        "summary": summary.model_dump(mode="json"),
        "episodes": [],
    }
    text = json.dumps(document, indent=1, ensure_ascii=False)
    if not episodes:
        yield text
        return
    empty = "[]\n}"
    assert text.endswith(empty)
    yield text[: -len(empty)] + "["
    for number, line in enumerate(episodes.lines()):
        episode = json.dumps(json.loads(line), indent=1, ensure_ascii=False)
        yield ("," if number else "") + "\n  " + episode.replace("\n", "\n  ")
    yield "\n ]\n}"


def finished_report(prepared: PreparedRun) -> RunReport:
    """The report of a completed run, from its files: nothing runs again (the pointer to it,
    left when its last step was cut short, goes)."""
    if prepared.pointer.points_to(prepared.output_dir):
        prepared.pointer.remove()
    summary = RunSummary.model_validate(results_head(prepared.output_dir)["summary"])
    return RunReport(
        summary=summary,
        episodes=stored_episodes(prepared.output_dir),
        output_dir=prepared.output_dir,
        results_file=prepared.output_dir / RESULTS_FILE,
        resumed_episodes=summary.num_episodes - summary.not_started,
    )

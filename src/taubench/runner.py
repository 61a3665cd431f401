"""A run: every (task, trial) episode of one configuration, executed concurrently.

Each episode is appended to ``episodes.jsonl`` (and synced) the moment it finishes, so a
crash, even SIGKILL, loses no finished episode. ``run.json`` records what the run is
(configuration fingerprint, data checksums, MLflow run), which lets a rerun of the same
configuration continue it: only the missing (task, trial) pairs run, nothing is repeated.
``results.json`` (configuration, summary, all episodes in plan order) is written atomically
at the end, streamed from ``episodes.jsonl``: while it runs, a run keeps only a few facts of
each finished episode (for the summary) and where its record is in the file, never the
trajectories, so its memory does not grow with its length.
"""

import ctypes
import gc
import hashlib
import json
import os
import random
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import Optional

from joblib import Parallel, delayed
from pydantic import BaseModel, ConfigDict
from tqdm import tqdm

from taubench import __version__
from taubench.agents import AGENTS
from taubench.domain import BaseDomain
from taubench.domains import load_domain
from taubench.environment import Limits
from taubench.episode import EpisodeResult, run_episode
from taubench.judge import LLMJudge
from taubench.llm import LLMClient, ResponseCache, SpendMeter
from taubench.metrics import BUDGET_REACHED, EpisodeFacts, RunSummary, is_success, summarize
from taubench.settings import ConfigError, RunSettings, check_models, model_roles, select_tasks, strategy_options
from taubench.rundir import (
    EPISODES_FILE, MANIFEST_FILE, RESULTS_FILE, UNFINISHED_DIR, EpisodeLog, EpisodeRecords, LoggedEpisode, Pointer,
    PointerError, RunLock, RunManifest, holds_run, read_episode_log, read_manifest, results_head, stored_episodes,
    unfinished_runs_of, write_atomically,
)
from taubench.tasks import Task
from taubench.users import USERS

EPISODE_RETRY_DELAY_S = 1.0

# Settings that change how a run is carried out, not what it measures: a run may be resumed
# with other values (a new endpoint URL, more concurrency, a higher budget, ...).
OPERATIONAL_SETTINGS = {
    "output_dir": True,
    "progress": True,
    "max_concurrency": True,
    "dispatch": True,
    "max_cost": True,
    "resume": True,
    "episode_retries": True,
    "llm": True,
    "tracking": True,
    "export": True,
    "analysis": True,
    "env": {"data_dir", "verify_checksums"},  # the data themselves are compared by checksum
    "provider": {"api_base", "api_key_env"},
    "user": {"api_base", "api_key_env"},
    "judge": {"api_base", "api_key_env"},
}


@dataclass(frozen=True)
class PlannedEpisode:
    index: int
    task: Task
    trial: int
    seed: int


@dataclass
class PreparedRun:
    """Everything a run needs that can fail on bad input, built before any episode starts.

    Its folder's life: ``claim`` (lock, ``run.json``, the pointer) before anything is
    recorded anywhere, episodes appended, ``results.json``, then ``complete`` as the very
    last step (``run.json`` says completed, the pointer goes). Killed anywhere before that,
    the same command continues it; completed, it is never appended to again."""

    settings: RunSettings
    domain: BaseDomain
    tasks: list[Task]
    output_dir: Path
    manifest: RunManifest
    pointer: Pointer  # this configuration's pointer to its unfinished run
    resuming: bool = False  # continuing the run already in output_dir
    lock: Optional[RunLock] = None  # held while this process owns output_dir
    finished: list[LoggedEpisode] = field(default_factory=list)  # episodes that run already has

    @property
    def completed(self) -> bool:
        """The run in output_dir has done everything: nothing to run or record again."""
        return self.manifest.completed_at is not None and (self.output_dir / RESULTS_FILE).is_file()

    @contextmanager
    def claimed(self) -> Iterator["PreparedRun"]:
        """Owns the folder for the length of the block: locked, its ``run.json`` written and
        the pointer set before anything else is recorded (an MLflow run, an episode)."""
        try:
            self.lock = self.lock or RunLock(self.output_dir)
            write_atomically(self.output_dir / MANIFEST_FILE, self.manifest.model_dump_json(indent=1))
            self.pointer.write(self.output_dir)
        except OSError as exc:
            self.release()
            raise RunStorageError(exc, self.output_dir, "nothing was started") from None
        try:
            yield self
        finally:
            self.release()

    def record_mlflow_run(self, run_id: str) -> None:
        self.manifest = self.manifest.model_copy(update={"mlflow_run_id": run_id})
        write_atomically(self.output_dir / MANIFEST_FILE, self.manifest.model_dump_json(indent=1))

    def complete(self, report: "RunReport") -> None:
        """The last step: only a run with nothing left to do (every episode recorded and
        scored or unscored, none lost to the infrastructure, not stopped) is completed."""
        summary = report.summary
        if report.failed or summary.not_started or summary.infrastructure_failures:
            return  # the pointer stays: the same command continues it
        self.manifest = self.manifest.model_copy(update={"completed_at": _now()})
        write_atomically(self.output_dir / MANIFEST_FILE, self.manifest.model_dump_json(indent=1))
        self.pointer.remove()

    def release(self) -> None:
        if self.lock:
            self.lock.release()
            self.lock = None


class RunStorageError(Exception):
    """The run's folder cannot be written (not a folder, no permission, a full disk)."""

    def __init__(self, exc: OSError, path: Path, kept: str):
        super().__init__(
            f"cannot write {exc.filename or path}: {exc.strerror or exc}; {kept}. Fix the cause (free space, "
            f"permissions, another output_dir) and run the same command again"
        )


class RunReport(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    summary: RunSummary
    episodes: EpisodeRecords  # read from episodes.jsonl on demand
    output_dir: Path
    results_file: Path
    resumed_episodes: int = 0
    failed: bool = False  # stopped by an error every call would hit (bad key, unknown model)


def fingerprint_config(settings: RunSettings) -> dict:
    return settings.model_dump(mode="json", exclude=OPERATIONAL_SETTINGS)


def prepare(settings: RunSettings, base_dir: Optional[Path] = None) -> PreparedRun:
    base_dir = base_dir or Path.cwd()
    domain = load_domain(settings.env.name, settings.env.data_dir, settings.env.verify_checksums)
    tasks = select_tasks(settings, domain)
    check_models(settings)
    config = fingerprint_config(settings)
    fingerprint = hashlib.sha256(json.dumps(config, sort_keys=True).encode()).hexdigest()[:20]
    pointer = Pointer(base_dir / UNFINISHED_DIR / f"{fingerprint}.json")
    earlier, named = _earlier_run(settings, pointer, fingerprint, base_dir)
    if earlier is None:
        output_dir = settings.output_dir or base_dir / "outputs" / datetime.now().strftime("%Y-%m-%d/%H-%M-%S")
        _check_writable(output_dir)
        manifest = RunManifest(fingerprint=fingerprint, config=config, data_sha256=domain.checksums, created_at=_now())
        return PreparedRun(settings, domain, tasks, output_dir, manifest, pointer)
    if (earlier / MANIFEST_FILE).exists():
        manifest = read_manifest(earlier)
        _check_same_run(manifest, config, domain, earlier, named)
    else:  # episodes without run.json, in a folder named by resume=: taken as this configuration's
        manifest = RunManifest(fingerprint=fingerprint, config=config, data_sha256=domain.checksums, created_at=_now())
        print(f"taubench: {earlier} has no {MANIFEST_FILE}: its episodes are taken as this configuration's", file=sys.stderr)
    prepared = PreparedRun(settings, domain, tasks, earlier, manifest, pointer, resuming=True)
    if prepared.completed:
        return prepared
    prepared.lock = RunLock(earlier)  # before reading its episodes: another process may still be adding some
    prepared.finished = read_episode_log(earlier / EPISODES_FILE, repair=True)
    return prepared


def _earlier_run(settings: RunSettings, pointer: Pointer, fingerprint: str, base_dir: Path) -> tuple[Optional[Path], bool]:
    """The folder of the run this command continues, if any, and whether the command named
    it (``output_dir``, ``resume=<dir>``) rather than it being found by its configuration."""
    named = settings.output_dir
    if settings.resume == "never":
        if named is not None and holds_run(named):
            raise ConfigError(
                f"invalid configuration:\n  output_dir: {named} already holds a run; give another output_dir, "
                f"or drop resume=never to continue (or see) that run"
            )
        return None, False
    if settings.resume != "auto":
        earlier = (base_dir / settings.resume).resolve()
        if not holds_run(earlier):
            raise ConfigError(
                f"invalid configuration:\n  resume: {earlier} is not the output directory of a taubench run "
                f"(it has no {MANIFEST_FILE}); allowed: auto, never, or such a directory"
            )
        return earlier, True
    if named is not None and holds_run(named):
        if not (named / MANIFEST_FILE).exists():
            raise ConfigError(
                f"invalid configuration:\n  output_dir: {named} holds episodes but no {MANIFEST_FILE}, so what they "
                f"measured is unknown; to continue them as this command's run, add resume={named}; "
                f"otherwise give another output_dir"
            )
        return named, True
    try:
        target = pointer.target()
    except PointerError as exc:
        return _found_by_fingerprint(str(exc), fingerprint, base_dir), False
    return (target, False) if target is not None and holds_run(target) else (None, False)


def _found_by_fingerprint(problem: str, fingerprint: str, base_dir: Path) -> Optional[Path]:
    """With the pointer damaged, the unfinished run of this configuration is looked for by
    the fingerprint its run.json records."""
    found = unfinished_runs_of(fingerprint, base_dir / UNFINISHED_DIR.parent)
    if len(found) > 1:
        raise ConfigError(
            f"invalid configuration:\n  resume: {problem}, and this configuration has {len(found)} unfinished runs: "
            + ", ".join(map(str, found)) + "; choose one with resume=<its folder>, or start afresh with resume=never"
        )
    where = f"continuing the unfinished run of this configuration in {found[0]}" if found else "no unfinished run of this configuration found"
    print(f"taubench: {problem}; {where}", file=sys.stderr)
    return found[0] if found else None


def _check_writable(output_dir: Path) -> None:
    """Before anything starts: the folder can be made and written (a file in the way, no
    permission). A full disk shows only when writing, and is reported then."""
    existing = output_dir.absolute()
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise ConfigError(f"invalid configuration:\n  output_dir: {output_dir} cannot be made: {existing} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise ConfigError(f"invalid configuration:\n  output_dir: {output_dir} cannot be written: no permission to write in {existing}")


def _check_same_run(manifest: RunManifest, config: dict, domain: BaseDomain, earlier: Path, named: bool) -> None:
    """Results of two configurations must never mix in one run."""
    before, now = _flat(manifest.config), _flat(config)
    changed = [
        f"    {key}: {before.get(key, '<absent>')!r} then, {now.get(key, '<absent>')!r} now"
        for key in sorted(set(before) | set(now))
        if before.get(key) != now.get(key)
    ]
    if manifest.data_sha256 != domain.checksums:
        changed.append(f"    task data ({domain.name}): the files' sha256 differ from those the run started with")
    if changed:
        elsewhere = "give another output_dir" if named else "start a new run with resume=never"
        raise ConfigError(
            f"invalid configuration:\n  resume: refusing to continue the run in {earlier}: it was started with "
            f"another configuration or data:\n" + "\n".join(changed)
            + f"\n  restore those settings to continue it, or {elsewhere}"
        )


def _flat(config: dict, prefix: str = "") -> dict:
    flat = {}
    for key, value in config.items():
        if isinstance(value, dict) and value:
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def plan_episodes(tasks: list[Task], num_trials: int, seed: int, shuffle: bool) -> list[PlannedEpisode]:
    """Trials repeat the task list. As in τ²-bench, ``seed`` draws one seed per trial, which
    the trial's participants receive (and which shuffles that trial's order if asked)."""
    rng = random.Random(seed)
    trial_seeds = [rng.randint(0, 10**6) for _ in range(num_trials)]
    plan = []
    for trial, trial_seed in enumerate(trial_seeds):
        order = list(tasks)
        if shuffle:
            random.Random(trial_seed).shuffle(order)
        plan.extend(PlannedEpisode(len(plan), task, trial, trial_seed) for task in order)
    return plan


class _Stop:
    """Why no further episode may start (budget reached, credentials refused); thread-safe."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reason: Optional[str] = None
        self.failed = False

    def set(self, reason: str, failed: bool = False) -> None:
        with self.lock:
            if self.reason is None:
                self.reason, self.failed = reason, failed


class EpisodeRunner:
    """Runs a planned episode, again after an infrastructure error (``episode_retries``).
    Holds what every episode of the run shares (domain, model clients, strategies, judge),
    built from the settings once per process: the driver's, or each Ray worker's."""

    def __init__(self, settings: RunSettings, domain: BaseDomain, meter: SpendMeter):
        clients = _clients(settings, meter)
        options = strategy_options(settings)
        self.domain = domain
        self.limits = Limits(max_steps=settings.max_steps, max_errors=settings.max_errors)
        self.judge = LLMJudge(clients["judge"]) if "judge" in clients else None
        self.make_agent = _factory(AGENTS[settings.agent.name], clients.get("agent"), options["agent"])
        self.make_user = _factory(USERS[settings.user.name], clients.get("user"), options["user"])
        self.retries = settings.episode_retries

    def __call__(self, item: PlannedEpisode) -> EpisodeResult:
        for attempt in range(1, self.retries + 2):
            result = run_episode(
                self.domain, item.task, item.trial, item.seed, self.make_agent, self.make_user, self.limits, self.judge
            )
            result.attempts = attempt
            if result.error and result.error.type == "LLMAccessError":
                return result  # every call would fail the same way: the caller stops the run
            if not (result.error and result.error.kind == "infrastructure_error") or attempt > self.retries:
                return result
            time.sleep(EPISODE_RETRY_DELAY_S)
        raise AssertionError("unreachable")

    def __enter__(self) -> "EpisodeRunner":
        return self

    def __exit__(self, *exc_info) -> None:
        pass


def _episode_backend(settings: RunSettings, domain: BaseDomain, meter: SpendMeter):
    """``dispatch.backend``: episodes in this process's threads, or each as a Ray task
    (taubench.dispatch). Either is called with a planned episode and returns its record."""
    if settings.dispatch.backend == "ray":
        from taubench.dispatch import RayEpisodes

        return RayEpisodes(settings, meter)
    return EpisodeRunner(settings, domain, meter)


def execute(prepared: PreparedRun) -> RunReport:
    """The run's missing episodes, then its results.json; the folder must be claimed."""
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
    episodes = _episode_backend(settings, prepared.domain, meter)

    def one(item: PlannedEpisode) -> tuple[int, Optional[EpisodeResult]]:
        if settings.max_cost is not None and meter.spent >= settings.max_cost:
            stop.set(f"{BUDGET_REACHED}: ${meter.spent:.4f} spent of max_cost ${settings.max_cost:g}")
        if stop.reason:
            return item.index, None
        result = episodes(item)
        if result.error and result.error.type == "LLMAccessError":
            stop.set(f"stopped after an error every call would hit: {result.error.message}", failed=True)
            return item.index, None  # not a result: the pair runs again when the run is resumed
        return item.index, result

    started = time.perf_counter()
    unwritten: Optional[OSError] = None
    with (
        _fewer_gc_passes(),
        episodes,  # with Ray: connected (or a local instance started) for the length of the run
        EpisodeLog(output_dir / EPISODES_FILE) as log,
        _Progress(len(plan), len(done), prepared.domain.name, settings.progress) as progress,
    ):
        jobs = Parallel(n_jobs=settings.max_concurrency, backend="threading", return_as="generator_unordered")
        for index, result in jobs(delayed(one)(item) for item in todo):
            if result is None:
                continue
            try:
                offset = log.append(result)
            except OSError as exc:  # a full disk: no new episode starts; those running end unrecorded
                unwritten = unwritten or exc
                stop.set(f"cannot write {log.path}: {exc.strerror}", failed=True)
                continue
            done[index] = LoggedEpisode(EpisodeFacts.of(result), offset)  # the record itself is let go
            progress.advance(result)
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


def _clients(settings: RunSettings, meter: SpendMeter) -> dict[str, LLMClient]:
    roles = model_roles(settings)
    if not roles:
        return {}
    cache = ResponseCache(settings.llm.cache_path()) if settings.llm.cache else None
    retry = settings.llm.retry_policy()
    return {role: LLMClient(spec, retry, cache, meter) for role, (spec, _) in roles.items()}


def _factory(strategy, client: Optional[LLMClient], options: Optional[BaseModel]):
    """The strategy bound to what it takes besides the episode context: its model client
    (``client``) and its validated options (``options``)."""
    bound = {"client": client} if client is not None else {}
    if options is not None:
        bound["options"] = options
    return partial(strategy, **bound) if bound else strategy


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


@contextmanager
def _fewer_gc_passes():
    """Every episode builds and drops whole databases (about 10^5 acyclic objects each); with
    the default thresholds the cyclic collector re-walks every live database many times per
    episode. Measured on the retail oracle run (114 episodes, 2 cores): 24.6 s -> 16.9 s
    sequential, 44.5 s -> 17.2 s with 4 threads. Restored when the run ends."""
    previous = gc.get_threshold()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*previous)


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


class _Progress:
    """done/total, running success rate over scored episodes, elapsed time."""

    def __init__(self, total: int, already_done: int, label: str, enabled: bool):
        self.bar = tqdm(
            total=total,
            initial=already_done,
            desc=label,
            unit="episode",
            disable=not enabled,
            dynamic_ncols=True,
            mininterval=0.5,
        )
        self.scored = 0
        self.successes = 0
        self.unscored = 0

    def __enter__(self):
        return self

    def advance(self, episode: EpisodeResult) -> None:
        if episode.reward is None:
            self.unscored += 1
        else:
            self.scored += 1
            self.successes += is_success(episode.reward)
        rate = f"{self.successes / self.scored:.1%}" if self.scored else "-"
        self.bar.set_postfix_str(f"success {self.successes}/{self.scored} ({rate}), unscored {self.unscored}")
        self.bar.update(1)

    def __exit__(self, *exc_info):
        self.bar.close()


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


def run(settings: RunSettings, base_dir: Optional[Path] = None) -> RunReport:
    """Package API: validate and run (or resume) one configuration, without tracking."""
    prepared = prepare(settings, base_dir)
    if prepared.completed:
        return finished_report(prepared)
    with prepared.claimed():
        report = execute(prepared)
        prepared.complete(report)
    return report

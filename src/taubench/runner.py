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
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
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
from taubench.fail_fast import FailFast
from taubench.judge import LLMJudge
from taubench.llm import LLMClient, ResponseCache, SpendMeter
from taubench.metrics import BUDGET_REACHED, EpisodeFacts, RunSummary, is_success, summarize
from taubench.settings import ConfigError, RunSettings, check_models, model_roles, select_tasks, strategy_options
from taubench.tasks import Task
from taubench.users import USERS

RESULTS_FILE = "results.json"
EPISODES_FILE = "episodes.jsonl"
MANIFEST_FILE = "run.json"
UNFINISHED_DIR = Path("outputs", ".unfinished")  # fingerprint -> output dir of an unfinished run
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


class RunManifest(BaseModel):
    fingerprint: str
    config: dict
    data_sha256: dict[str, str]
    mlflow_run_id: Optional[str] = None
    created_at: str


@dataclass
class PreparedRun:
    """Everything a run needs that can fail on bad input, built before any episode starts."""

    settings: RunSettings
    domain: BaseDomain
    tasks: list[Task]
    output_dir: Path
    manifest: RunManifest
    registry: Path  # where this configuration's pointer to its unfinished run lives
    resuming: bool = False  # continuing the unfinished run in output_dir
    lock: Optional["RunLock"] = None  # held while this process owns output_dir
    finished: list["LoggedEpisode"] = field(default_factory=list)  # episodes that run already has


@dataclass(frozen=True, slots=True)
class LoggedEpisode:
    """A finished episode as a run keeps it: the facts its summary needs, and where its full
    record is in ``episodes.jsonl`` (the byte offset of its line)."""

    facts: EpisodeFacts
    offset: int


class EpisodeRecords(Sequence[EpisodeResult]):
    """A run's episodes in plan order, read from its ``episodes.jsonl`` when asked for: a list
    to its user (length, indexing, slices, iteration, ``==``), with no trajectory in memory.
    The file only ever grows, so the records stay readable while the run directory exists,
    even after the run is resumed."""

    def __init__(self, path: Path, offsets: Sequence[int]):
        self.path = path
        self.offsets = list(offsets)

    def __len__(self) -> int:
        return len(self.offsets)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [EpisodeResult.model_validate_json(line) for line in self._read(self.offsets[index])]
        return EpisodeResult.model_validate_json(next(self._read([self.offsets[index]])))

    def __iter__(self) -> Iterator[EpisodeResult]:
        return (EpisodeResult.model_validate_json(line) for line in self.lines())

    def lines(self) -> Iterator[bytes]:
        """The records as written: one JSON line each, in plan order."""
        return self._read(self.offsets)

    def _read(self, offsets: list[int]) -> Iterator[bytes]:
        with open(self.path, "rb") as handle:
            for offset in offsets:
                handle.seek(offset)
                yield handle.readline()

    def __eq__(self, other) -> bool:
        if isinstance(other, (EpisodeRecords, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"EpisodeRecords({len(self)} episodes in {self.path})"


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
    registry = base_dir / UNFINISHED_DIR / f"{fingerprint}.json"
    earlier = _run_to_resume(settings, registry, base_dir)
    if earlier is None:
        output_dir = settings.output_dir or Path("outputs", datetime.now().strftime("%Y-%m-%d/%H-%M-%S"))
        manifest = RunManifest(
            fingerprint=fingerprint,
            config=config,
            data_sha256=domain.checksums,
            created_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        )
        return PreparedRun(settings, domain, tasks, output_dir, manifest, registry)
    manifest = RunManifest.model_validate_json((earlier / MANIFEST_FILE).read_text(encoding="utf-8"))
    _check_same_run(manifest, config, domain, earlier)
    lock = RunLock(earlier)  # before reading its episodes: another process may still be adding some
    finished = read_episode_log(earlier / EPISODES_FILE)
    return PreparedRun(settings, domain, tasks, earlier, manifest, registry, resuming=True, lock=lock, finished=finished)


class RunLock:
    """One process at a time per run directory: two processes appending episodes of the same
    run would duplicate them. The operating system drops the lock when its process dies,
    however it dies, so a killed run never stays locked."""

    FILE = "run.lock"

    def __init__(self, output_dir: Path):
        import fcntl

        output_dir.mkdir(parents=True, exist_ok=True)
        self.handle = open(output_dir / self.FILE, "a+", encoding="utf-8")
        try:
            fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.handle.seek(0)
            owner = self.handle.read().strip() or "another process"
            self.handle.close()
            raise ConfigError(
                f"invalid configuration:\n  resume: the run in {output_dir} is still running ({owner}); "
                f"wait for it, or start a separate run with resume=never"
            ) from None
        self.handle.seek(0)
        self.handle.truncate()
        self.handle.write(f"process {os.getpid()}")
        self.handle.flush()

    def release(self) -> None:
        self.handle.close()


def _run_to_resume(settings: RunSettings, registry: Path, base_dir: Path) -> Optional[Path]:
    if settings.resume == "never":
        return None
    if settings.resume == "auto":
        if not registry.exists():
            return None
        earlier = Path(json.loads(registry.read_text(encoding="utf-8"))["output_dir"])
        return earlier if (earlier / MANIFEST_FILE).exists() else None  # a stale pointer: start afresh
    earlier = (base_dir / settings.resume).resolve()
    if not (earlier / MANIFEST_FILE).exists():
        raise ConfigError(
            f"invalid configuration:\n  resume: {earlier} is not the output directory of a taubench run "
            f"(it has no {MANIFEST_FILE}); allowed: auto, never, or such a directory"
        )
    return earlier


def _check_same_run(manifest: RunManifest, config: dict, domain: BaseDomain, earlier: Path) -> None:
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
        raise ConfigError(
            f"invalid configuration:\n  resume: refusing to continue the run in {earlier}: it was started with "
            f"another configuration or data:\n" + "\n".join(changed)
            + "\n  restore those settings to continue it, or start a new run with resume=never"
        )


def _flat(config: dict, prefix: str = "") -> dict:
    flat = {}
    for key, value in config.items():
        if isinstance(value, dict) and value:
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def read_episode_log(path: Path) -> list[LoggedEpisode]:
    """The finished episodes of a run, read one line at a time (their facts and offsets are
    kept, not the records). A line cut short by a crash is dropped (and cut off the file, so
    appends continue cleanly); the last record of a (task, trial) wins, so an episode rerun
    after an infrastructure error replaces its failed record."""
    if not path.exists():
        return []
    latest: dict[tuple[str, int], LoggedEpisode] = {}
    offset = 0
    with open(path, "r+b") as handle:
        for line in handle:
            if not line.endswith(b"\n"):
                handle.truncate(offset)
                os.fsync(handle.fileno())
                break
            if line.strip():
                facts = EpisodeFacts.of(EpisodeResult.model_validate_json(line))
                latest[(facts.task_id, facts.trial)] = LoggedEpisode(facts, offset)
            offset += len(line)
    return list(latest.values())


class StoredRunError(Exception):
    """Not the folder of a finished taubench run; the message says what is missing."""


def finished_run_dir(path: Path) -> Path:
    """The folder of the finished run ``path`` names (the folder or its results.json), for
    the steps that read a run later (exports, analyses)."""
    run_dir = path.parent if path.name == RESULTS_FILE else path
    if not run_dir.is_dir():
        raise StoredRunError(f"{path}: no such run directory")
    if not (run_dir / RESULTS_FILE).is_file():
        if (run_dir / MANIFEST_FILE).is_file() or (run_dir / EPISODES_FILE).is_file():
            raise StoredRunError(f"{run_dir}: the run is unfinished (no {RESULTS_FILE} yet); rerun its command to finish it")
        raise StoredRunError(f"{run_dir}: not a taubench run directory (no {RESULTS_FILE}, {MANIFEST_FILE} or {EPISODES_FILE})")
    return run_dir


def results_head(run_dir: Path) -> dict:
    """A run's results.json without its episodes (configuration, data, summary), read without
    parsing the episodes that follow (they can run to gigabytes): ``_results_document`` puts
    them last, under the line `` "episodes": [``."""
    head = []
    with open(run_dir / RESULTS_FILE, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith(' "episodes":'):
                document = json.loads("".join(head) + ' "episodes": []\n}')
                break
            head.append(line)
        else:  # another layout: read it whole
            handle.seek(0)
            document = json.load(handle)
    if not isinstance(document.get("config"), dict) or not isinstance(document.get("summary"), dict):
        raise StoredRunError(f"{run_dir / RESULTS_FILE}: not a taubench results file (no config and summary)")
    document.pop("episodes", None)
    return document


def stored_episodes(run_dir: Path) -> EpisodeRecords:
    """A run's episodes as the run counts them (the last record of each task and trial),
    read from episodes.jsonl when asked for."""
    logged = read_episode_log(run_dir / EPISODES_FILE)
    return EpisodeRecords(run_dir / EPISODES_FILE, [episode.offset for episode in logged])


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
    """Why no further episode may start (budget reached, credentials refused, the same model
    error in every episode so far); thread-safe."""

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


def execute(prepared: PreparedRun, mlflow_run_id: Optional[str] = None) -> RunReport:
    prepared.lock = prepared.lock or RunLock(prepared.output_dir)
    _return_freed_memory()
    try:
        return _execute(prepared, mlflow_run_id)
    finally:
        prepared.lock.release()


def _execute(prepared: PreparedRun, mlflow_run_id: Optional[str]) -> RunReport:
    settings = prepared.settings
    output_dir = prepared.output_dir
    manifest = prepared.manifest.model_copy(update={"mlflow_run_id": mlflow_run_id or prepared.manifest.mlflow_run_id})
    _write_atomically(output_dir / MANIFEST_FILE, manifest.model_dump_json(indent=1))
    prepared.registry.parent.mkdir(parents=True, exist_ok=True)
    _write_atomically(prepared.registry, json.dumps({"output_dir": str(output_dir.resolve())}))

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
    fail_fast = FailFast(len(todo), partial(stop.set, failed=True))
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
    with (
        _fewer_gc_passes(),
        episodes,  # with Ray: connected (or a local instance started) for the length of the run
        _EpisodeLog(output_dir / EPISODES_FILE) as log,
        _Progress(len(plan), len(done), prepared.domain.name, settings.progress) as progress,
    ):
        jobs = Parallel(n_jobs=settings.max_concurrency, backend="threading", return_as="generator_unordered")
        for index, result in fail_fast.recordable(jobs(delayed(one)(item) for item in todo)):
            offset = log.append(result)
            done[index] = LoggedEpisode(EpisodeFacts.of(result), offset)  # the record itself is let go
            progress.advance(result)
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
    _write_atomically(results_file, _results_document(prepared, summary, records))
    if not_started == 0 and not summary.infrastructure_failures:  # else the same command resumes it, rerunning those
        prepared.registry.unlink(missing_ok=True)
    return RunReport(
        summary=summary,
        episodes=records,
        output_dir=output_dir,
        results_file=results_file,
        resumed_episodes=len(finished),
        failed=stop.failed,
    )


def episode_cost(episode: EpisodeResult) -> float:
    """Money an episode spent, counting unknown prices as nothing (they cannot be budgeted)."""
    return sum(usage.cost or 0.0 for usage in episode.usage.values())


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


def _write_atomically(path: Path, text: str | Iterable[str]) -> None:
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.writelines([text] if isinstance(text, str) else text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


class _EpisodeLog:
    """Append-only JSON lines, one finished episode each, flushed to disk at once."""

    def __init__(self, path: Path):
        self.path = path
        self.lock = threading.Lock()

    def __enter__(self):
        self.handle = open(self.path, "ab")
        self.end = self.handle.seek(0, os.SEEK_END)
        return self

    def append(self, episode: EpisodeResult) -> int:
        """Writes the episode's line; returns the byte offset it starts at."""
        line = (episode.model_dump_json() + "\n").encode("utf-8")
        with self.lock:
            offset = self.end
            self.handle.write(line)
            self.handle.flush()
            os.fsync(self.handle.fileno())
            self.end += len(line)
        return offset

    def __exit__(self, *exc_info):
        self.handle.close()


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


def run(settings: RunSettings, base_dir: Optional[Path] = None) -> RunReport:
    """Package API: validate and run (or resume) one configuration, without tracking."""
    return execute(prepare(settings, base_dir))

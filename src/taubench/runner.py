"""A run: every (task, trial) episode of one configuration, executed concurrently.

Each episode is appended to ``episodes.jsonl`` the moment it finishes; ``results.json``
(configuration, summary, all episodes in plan order) is written atomically at the end.
"""

import gc
import json
import os
import random
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from joblib import Parallel, delayed
from pydantic import BaseModel
from tqdm import tqdm

from taubench import __version__
from taubench.agents import AGENTS
from taubench.domain import Domain
from taubench.domains import load_domain
from taubench.environment import Limits
from taubench.episode import EpisodeResult, run_episode
from taubench.judge import LLMJudge
from taubench.metrics import RunSummary, is_success, summarize
from taubench.settings import RunSettings, check_credentials, select_tasks
from taubench.tasks import Task
from taubench.users import USERS

RESULTS_FILE = "results.json"
EPISODES_FILE = "episodes.jsonl"


@dataclass(frozen=True)
class PlannedEpisode:
    index: int
    task: Task
    trial: int
    seed: int


@dataclass
class PreparedRun:
    """Everything a run needs that can fail on bad input, built before any episode starts."""

    settings: RunSettings
    domain: Domain
    tasks: list[Task]


class RunReport(BaseModel):
    summary: RunSummary
    episodes: list[EpisodeResult]
    output_dir: Path
    results_file: Path


def prepare(settings: RunSettings) -> PreparedRun:
    domain = load_domain(settings.env.name, settings.env.data_dir, settings.env.verify_checksums)
    tasks = select_tasks(settings, domain)
    check_credentials(settings)
    return PreparedRun(settings=settings, domain=domain, tasks=tasks)


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


def execute(prepared: PreparedRun) -> RunReport:
    settings = prepared.settings
    output_dir = settings.output_dir or Path("outputs", datetime.now().strftime("%Y-%m-%d/%H-%M-%S"))
    output_dir.mkdir(parents=True, exist_ok=True)
    plan = plan_episodes(prepared.tasks, settings.num_trials, settings.seed, settings.shuffle)
    limits = Limits(max_steps=settings.max_steps, max_errors=settings.max_errors)
    judge = (
        LLMJudge(settings.judge.model, settings.judge.api_base, settings.judge.api_key_env, settings.judge.temperature)
        if settings.judge.model
        else None
    )

    def one(item: PlannedEpisode) -> tuple[int, EpisodeResult]:
        result = run_episode(
            prepared.domain,
            item.task,
            item.trial,
            item.seed,
            AGENTS[settings.agent.name],
            USERS[settings.user.name],
            limits,
            judge,
        )
        return item.index, result

    started = time.perf_counter()
    finished: dict[int, EpisodeResult] = {}
    with (
        _fewer_gc_passes(),
        _EpisodeLog(output_dir / EPISODES_FILE) as log,
        _Progress(len(plan), prepared.domain.name, settings.progress) as progress,
    ):
        jobs = Parallel(n_jobs=settings.max_concurrency, backend="threading", return_as="generator_unordered")
        for index, result in jobs(delayed(one)(item) for item in plan):
            log.append(result)
            finished[index] = result
            progress.advance(result)
    episodes = [finished[index] for index in sorted(finished)]
    summary = summarize(prepared.domain.name, episodes, settings.num_trials, time.perf_counter() - started)
    results_file = output_dir / RESULTS_FILE
    _write_atomically(results_file, _results_document(prepared, summary, episodes))
    return RunReport(summary=summary, episodes=episodes, output_dir=output_dir, results_file=results_file)


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


def _results_document(prepared: PreparedRun, summary: RunSummary, episodes: list[EpisodeResult]) -> str:
    document = {
        "taubench_version": __version__,
        "config": prepared.settings.model_dump(mode="json"),
        "data": {"folder": str(prepared.domain.data_folder), "sha256": prepared.domain.checksums},
        "summary": summary.model_dump(mode="json"),
        "episodes": [episode.model_dump(mode="json") for episode in episodes],
    }
    return json.dumps(document, indent=1, ensure_ascii=False)


def _write_atomically(path: Path, text: str) -> None:
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


class _EpisodeLog:
    """Append-only JSON lines, one finished episode each, flushed to disk at once."""

    def __init__(self, path: Path):
        self.path = path
        self.lock = threading.Lock()

    def __enter__(self):
        self.handle = open(self.path, "a", encoding="utf-8")
        return self

    def append(self, episode: EpisodeResult) -> None:
        line = episode.model_dump_json() + "\n"
        with self.lock:
            self.handle.write(line)
            self.handle.flush()
            os.fsync(self.handle.fileno())

    def __exit__(self, *exc_info):
        self.handle.close()


class _Progress:
    """done/total, running success rate over scored episodes, elapsed time."""

    def __init__(self, total: int, label: str, enabled: bool):
        self.bar = tqdm(total=total, desc=label, unit="episode", disable=not enabled, dynamic_ncols=True, mininterval=0.5)
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


def run(settings: RunSettings) -> RunReport:
    """Package API: validate and run one configuration (no tracking)."""
    return execute(prepare(settings))

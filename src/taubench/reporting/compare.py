"""Is run A better than run B? ``python -m taubench compare RUN_A RUN_B`` answers it the way a
claim of a win needs: paired over the tasks both runs scored, the difference A − B in
average reward and in each pass^k, each with a paired bootstrap 95% interval, and the tasks
that went one way or the other.

Pairing matters: both runs face the same tasks, so a task that is hard for both moves both
figures together. Each resample draws the shared task ids with replacement and computes A's
and B's statistic on the same drawn tasks; the interval of the difference is then usually
narrower than the two runs' own intervals would suggest. Runs on different domains,
task splits or task data are refused: their figures do not measure the same thing.
"""

import argparse
import re
import sys
import tempfile
from pathlib import Path
from statistics import mean
from typing import Any, Literal, Optional, Sequence

import numpy as np
from pydantic import BaseModel

from taubench.core.metrics import (
    BOOTSTRAP_RESAMPLES,
    BOOTSTRAP_SEED,
    Interval,
    is_success,
    pass_hat_k_per_task,
    percentile_interval,
    task_order,
)
from taubench.execution.rundir import StoredRunError
from taubench.reporting.leaderboard.sources import SourceError, mlflow_run
from taubench.reporting.stored_runs import SETUP_SECTIONS, StoredRun, changed_data_files
from taubench.reporting.tracking import flatten, measured_params

MLFLOW_RUN_ID = re.compile(r"[0-9a-f]{32}")  # what the MLflow UI shows as a run's id

Verdict = Literal["A better", "B better", "no clear difference"]


class NotComparable(ValueError):
    """The two runs do not measure the same thing; the message says why."""


class RunSide(BaseModel):
    """One run as the comparison counted it."""

    run_dir: str
    label: str
    scored_episodes: int  # on the shared tasks
    unscored_episodes: int  # in the whole run, left out
    tasks_not_shared: int  # scored tasks of this run the other did not score


class Difference(BaseModel):
    statistic: str  # "average reward" or "pass^k"
    a: float
    b: float
    difference: float  # A − B on the shared tasks
    interval: Optional[Interval]  # paired bootstrap 95%; None with fewer than two shared tasks
    verdict: Verdict


class TaskFlip(BaseModel):
    """A task whose success rate (successes / scored episodes) differs between the runs."""

    task_id: str
    success_rate_a: float
    success_rate_b: float


class Comparison(BaseModel):
    """The answer to "is A better than B?": what ``--json`` prints."""

    a: RunSide
    b: RunSide
    domain: str
    task_split: str
    shared_tasks: int
    pass_hat_k_tasks: int  # of them, those whose every trial was scored in both runs: pass^k is over these
    resamples: int
    seed: int
    differences: list[Difference]
    better_in_a: list[TaskFlip]  # success rate higher in A, in task order
    better_in_b: list[TaskFlip]
    settings_differing: dict[str, tuple[Any, Any]]  # what each measured differently: key -> (A's value, B's)
    warnings: list[str]

    def table(self) -> str:
        """The comparison as text for a reader."""
        lines = [
            f"{name}  {side.run_dir}  ({side.label}): {side.scored_episodes} scored episodes on the shared tasks, "
            f"{side.unscored_episodes} unscored left out, {side.tasks_not_shared} tasks only in {name}"
            for name, side in (("A", self.a), ("B", self.b))
        ]
        differing = ", ".join(f"{key} ({_shown(a)} vs {_shown(b)})" for key, (a, b) in self.settings_differing.items())
        lines += [
            f"settings that differ: {differing or 'none'}",
            f"{self.domain}, split {self.task_split}, {self.shared_tasks} shared tasks; "
            f"paired bootstrap 95% over tasks ({self.resamples} resamples, seed {self.seed})",
            *(
                []
                if self.pass_hat_k_tasks == self.shared_tasks
                else [f"pass^k over the {self.pass_hat_k_tasks} of them whose every trial was scored in both runs"]
            ),
            "",
            f"{'statistic':<16}{'A':>8}{'B':>8}{'A − B':>9}   {'95% interval':<20}verdict",
        ]
        for row in self.differences:
            interval = f"[{row.interval[0]:+.3f}, {row.interval[1]:+.3f}]" if row.interval else "-"
            lines.append(
                f"{row.statistic:<16}{row.a:>8.3f}{row.b:>8.3f}{row.difference:>+9.3f}   {interval:<20}{row.verdict}"
            )
        for side, flips in (("A", self.better_in_a), ("B", self.better_in_b)):
            lines += ["", f"succeeded more often in {side} ({len(flips)} tasks):" + ("" if flips else " none")]
            lines += [
                f"  task {flip.task_id:<8} A {flip.success_rate_a:.2f}  B {flip.success_rate_b:.2f}" for flip in flips
            ]
        return "\n".join(lines)


def compare(
    run_a: StoredRun, run_b: StoredRun, resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED
) -> Comparison:
    """A − B paired over the tasks both runs scored; NotComparable when they measure different things."""
    _check_comparable(run_a, run_b)
    shared = sorted(run_a.rewards.keys() & run_b.rewards.keys(), key=task_order)
    if not shared:
        raise NotComparable("no task was scored in both runs")
    rewards_a = {task: run_a.rewards[task] for task in shared}
    rewards_b = {task: run_b.rewards[task] for task in shared}
    differences = [_average_reward_difference(rewards_a, rewards_b, _draws(len(shared), resamples, seed))]
    complete = [
        task for task in shared if len(rewards_a[task]) >= run_a.num_trials and len(rewards_b[task]) >= run_b.num_trials
    ]
    pass_a = pass_hat_k_per_task(_outcomes({task: rewards_a[task] for task in complete}))
    pass_b = pass_hat_k_per_task(_outcomes({task: rewards_b[task] for task in complete}))
    draws = _draws(len(complete), resamples, seed)
    for k in range(1, min(len(pass_a), len(pass_b)) + 1):
        differences.append(_difference(f"pass^{k}", np.array(pass_a[k]), np.array(pass_b[k]), draws))
    rates = {task: (_success_rate(rewards_a[task]), _success_rate(rewards_b[task])) for task in shared}
    differing = settings_differing(run_a, run_b)
    return Comparison(
        a=_side(run_a, rewards_a, run_b),
        b=_side(run_b, rewards_b, run_a),
        domain=run_a.domain,
        task_split=run_a.task_split,
        shared_tasks=len(shared),
        pass_hat_k_tasks=len(complete),
        resamples=resamples,
        seed=seed,
        differences=differences,
        better_in_a=[
            TaskFlip(task_id=task, success_rate_a=a, success_rate_b=b) for task, (a, b) in rates.items() if a > b
        ],
        better_in_b=[
            TaskFlip(task_id=task, success_rate_a=a, success_rate_b=b) for task, (a, b) in rates.items() if b > a
        ],
        settings_differing=differing,
        warnings=_warnings(run_a, run_b, differing),
    )


def _check_comparable(run_a: StoredRun, run_b: StoredRun) -> None:
    if run_a.domain != run_b.domain:
        raise NotComparable(f"different domains (A: {run_a.domain}, B: {run_b.domain})")
    if run_a.task_split != run_b.task_split:
        raise NotComparable(f"different task splits (A: {run_a.task_split}, B: {run_b.task_split})")
    changed = changed_data_files(run_a, run_b)
    if changed:
        raise NotComparable(f"different task data (the sha256 of {', '.join(changed)} differ between the runs)")


def _draws(tasks: int, resamples: int, seed: int) -> Optional[np.ndarray]:
    """The tasks each paired resample draws (the same for both runs); none for fewer than two tasks."""
    return np.random.default_rng(seed).integers(0, tasks, size=(resamples, tasks)) if tasks > 1 else None


def _outcomes(rewards: dict[str, list[float]]) -> dict[str, list[bool]]:
    return {task: [is_success(reward) for reward in task_rewards] for task, task_rewards in rewards.items()}


def _success_rate(rewards: list[float]) -> float:
    return sum(map(is_success, rewards)) / len(rewards)


def _average_reward_difference(
    rewards_a: dict[str, list[float]], rewards_b: dict[str, list[float]], draws
) -> Difference:
    """The average over scored episodes (as a run's summary counts it); a resample's average is
    over the drawn tasks' episodes."""
    a = mean(reward for task_rewards in rewards_a.values() for reward in task_rewards)
    b = mean(reward for task_rewards in rewards_b.values() for reward in task_rewards)
    estimates = None
    if draws is not None:
        estimates = _resampled_average(rewards_a, draws) - _resampled_average(rewards_b, draws)
    return _row("average reward", a, b, estimates)


def _resampled_average(rewards: dict[str, list[float]], draws) -> np.ndarray:
    sums = np.array([sum(task_rewards) for task_rewards in rewards.values()])[draws].sum(axis=1)
    counts = np.array([len(task_rewards) for task_rewards in rewards.values()])[draws].sum(axis=1)
    return sums / counts


def _difference(statistic: str, per_task_a: np.ndarray, per_task_b: np.ndarray, draws) -> Difference:
    """A statistic that is the mean over tasks of a per-task value."""
    estimates = None if draws is None else per_task_a[draws].mean(axis=1) - per_task_b[draws].mean(axis=1)
    return _row(statistic, float(per_task_a.mean()), float(per_task_b.mean()), estimates)


def _row(statistic: str, a: float, b: float, estimates: Optional[np.ndarray]) -> Difference:
    interval = None if estimates is None else percentile_interval(estimates)
    verdict: Verdict = "no clear difference"
    if interval and interval[0] > 0:
        verdict = "A better"
    elif interval and interval[1] < 0:
        verdict = "B better"
    return Difference(statistic=statistic, a=a, b=b, difference=a - b, interval=interval, verdict=verdict)


def _side(run: StoredRun, shared_rewards: dict[str, list[float]], other: StoredRun) -> RunSide:
    return RunSide(
        run_dir=str(run.run_dir),
        label=run.label,
        scored_episodes=sum(len(task_rewards) for task_rewards in shared_rewards.values()),
        unscored_episodes=run.unscored_episodes,
        tasks_not_shared=len(run.rewards.keys() - other.rewards.keys()),
    )


def settings_differing(run_a: StoredRun, run_b: StoredRun) -> dict[str, tuple[Any, Any]]:
    """The measured settings (the params MLflow keeps) whose values differ, in A's order; a
    setting one run lacks is None there."""
    flat_a, flat_b = (measured_params(flatten(run.config)) for run in (run_a, run_b))
    keys = list(dict.fromkeys([*flat_a, *flat_b]))
    return {key: (flat_a.get(key), flat_b.get(key)) for key in keys if flat_a.get(key) != flat_b.get(key)}


def _warnings(run_a: StoredRun, run_b: StoredRun, differing: dict[str, tuple[Any, Any]]) -> list[str]:
    if run_a.run_dir.resolve() == run_b.run_dir.resolve():
        return ["A and B are the same run: every difference is 0"]
    if run_a.setup == run_b.setup:
        what = f"they differ only in {', '.join(differing)}" if differing else "no setting differs"
        return [
            f"A and B have the same {'/'.join(SETUP_SECTIONS)} settings ({what}): "
            "this compares neither models nor strategies"
        ]
    return []


def _shown(value: Any) -> str:
    return "none" if value is None else str(value)


def _stored_run(given: str, tracking_uri: Optional[str], downloads: Path) -> StoredRun:
    """A run folder or results.json if one is there, else an MLflow run id (32 hex digits)."""
    if Path(given).exists() or not MLFLOW_RUN_ID.fullmatch(given):
        return StoredRun.read(Path(given))
    return mlflow_run(given, tracking_uri, Path.cwd(), downloads)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m taubench compare",
        description="Is run A better than run B? The difference A − B in average reward and pass^k over the tasks both "
        "runs scored, with paired bootstrap 95% intervals, and the tasks that went either way.",
    )
    parser.add_argument("run_a", help="run A: its output directory (holding results.json), or its MLflow run id")
    parser.add_argument("run_b", help="run B: the same")
    parser.add_argument(
        "--tracking-uri", help="the MLflow store of run ids (default: ./mlruns, the store of runs started here)"
    )
    parser.add_argument(
        "--resamples", type=int, default=BOOTSTRAP_RESAMPLES, help="bootstrap resamples (default: %(default)s)"
    )
    parser.add_argument("--seed", type=int, default=BOOTSTRAP_SEED, help="bootstrap seed (default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")
    args = parser.parse_args(argv)
    if args.resamples < 1:
        parser.error(f"--resamples: must be at least 1 (got {args.resamples})")
    try:
        with tempfile.TemporaryDirectory(prefix="taubench-compare-") as downloads:
            run_a, run_b = (
                _stored_run(given, args.tracking_uri, Path(downloads)) for given in (args.run_a, args.run_b)
            )
        comparison = compare(run_a, run_b, args.resamples, args.seed)
    except NotComparable as exc:
        parser.exit(2, f"taubench compare: not comparable: {exc}\n")
    except (StoredRunError, SourceError) as exc:
        parser.exit(2, f"taubench compare: {exc}\n")
    for warning in comparison.warnings:
        print(f"taubench compare: warning: {warning}", file=sys.stderr)
    print(comparison.model_dump_json(indent=1) if args.json else comparison.table())
    return 0


if __name__ == "__main__":
    sys.exit(main())

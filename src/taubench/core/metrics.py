"""Run-level numbers: average reward and the exact pass^k of the τ-bench paper, each with a
95% confidence interval from a bootstrap over tasks.

Only scored episodes count. Episodes that could not be scored (an NL judge was needed but
none was configured, or grading failed) are reported apart, never as passes or failures;
so are episodes lost to infrastructure errors (the provider kept failing), as in τ²-bench.
pass^k is over the tasks whose every planned trial was scored, so that pass^1..pass^n stay
one curve over one set of tasks; the summary says how many tasks that is.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from statistics import mean
from typing import Mapping, Optional, Sequence, Union

import numpy as np
from pydantic import BaseModel

from taubench.core.episode import ROLES, EpisodeResult, sum_usage
from taubench.core.masking import MaskedText
from taubench.core.messages import Usage, UsageRow

SUCCESS_TOLERANCE = 1e-6
BUDGET_REACHED = "budget reached"  # how RunSummary.stopped begins when max_cost stopped the run
CI_LEVEL = 0.95
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 0


NO_USAGE = UsageRow(**Usage().model_dump())  # shared by every role that made no call


def is_success(reward: float) -> bool:
    return abs(reward - 1.0) <= SUCCESS_TOLERANCE


def pass_hat_k(successes: Mapping[str, Sequence[bool]]) -> dict[int, float]:
    """pass^k = mean over tasks of C(c, k) / C(n, k), for c successes in n trials; k runs up
    to the smallest n over the tasks."""
    return {k: mean(per_task) for k, per_task in pass_hat_k_per_task(successes).items()}


def pass_hat_k_per_task(successes: Mapping[str, Sequence[bool]]) -> dict[int, list[float]]:
    """k -> each task's unbiased pass^k estimate C(c, k) / C(n, k), in the order of ``successes``."""
    if not successes:
        return {}
    k_max = min(len(outcomes) for outcomes in successes.values())
    return {
        k: [comb(sum(outcomes), k) / comb(len(outcomes), k) for outcomes in successes.values()]
        for k in range(1, k_max + 1)
    }


Interval = tuple[float, float]


def task_bootstrap(
    per_task: Mapping[str, Sequence[float]], pass_per_task: Mapping[int, Sequence[float]]
) -> tuple[Optional[Interval], dict[int, Interval]]:
    """95% percentile-bootstrap intervals over tasks, the sampling unit of the benchmark:
    each of BOOTSTRAP_RESAMPLES resamples draws as many tasks as the run has, with
    replacement, and recomputes the average reward (over the drawn tasks' scored episodes)
    and each pass^k (over the drawn tasks). Seeded, so a summary is reproducible. ``per_task``:
    the rewards of each task's scored episodes; ``pass_per_task``: k -> each task's pass^k, in the
    same task order. Fewer than two tasks give no interval."""
    if len(per_task) < 2:
        return None, {}
    draws = np.random.default_rng(BOOTSTRAP_SEED).integers(0, len(per_task), size=(BOOTSTRAP_RESAMPLES, len(per_task)))
    sums = np.array([sum(rewards) for rewards in per_task.values()])[draws].sum(axis=1)
    counts = np.array([len(rewards) for rewards in per_task.values()])[draws].sum(axis=1)
    pass_intervals = {
        k: percentile_interval(np.array(values)[draws].mean(axis=1)) for k, values in pass_per_task.items()
    }
    return percentile_interval(sums / counts), pass_intervals


def _intervals(
    rewards: Mapping[str, Sequence[float]], complete: Sequence[str], pass_per_task: Mapping[int, Sequence[float]]
) -> tuple[Optional[Interval], dict[int, Interval]]:
    """The average reward's interval over every scored task, pass^k's over the ``complete``
    ones (in the order of ``rewards``): one bootstrap where they are the same tasks, as they
    are in a run whose every episode was scored."""
    if len(complete) == len(rewards):
        return task_bootstrap(rewards, pass_per_task)
    average_reward_ci, _ = task_bootstrap(rewards, {})
    return average_reward_ci, task_bootstrap({task_id: rewards[task_id] for task_id in complete}, pass_per_task)[1]


def percentile_interval(estimates) -> Interval:
    """The central CI_LEVEL percentile interval of bootstrap estimates."""
    low, high = np.percentile(estimates, [100 * (1 - CI_LEVEL) / 2, 100 * (1 + CI_LEVEL) / 2])
    return round(float(low), 6), round(float(high), 6)


@dataclass(frozen=True, slots=True)
class EpisodeFacts:
    """What the summary needs of one episode, without its trajectory: a run keeps these
    (a few hundred bytes an episode) while the full records stay in episodes.jsonl."""

    task_id: str
    trial: int
    reward: Optional[float]
    unscored_note: Optional[str]  # the reward note of an episode that was not scored
    error_kind: Optional[str]
    termination_reason: str
    attempts: int
    usage: tuple[UsageRow, ...]  # per role of ROLES
    labels: tuple[tuple[str, str], ...]  # the task's (key, value) labels, one tuple shared by its episodes

    @classmethod
    def of(cls, episode: EpisodeResult) -> "EpisodeFacts":
        rows = (UsageRow(**episode.usage[role].model_dump()) for role in ROLES)
        return cls(
            task_id=episode.task_id,
            trial=episode.trial,
            reward=episode.reward,
            unscored_note=episode.reward_info.note if episode.reward is None else None,
            error_kind=episode.error.kind if episode.error else None,
            termination_reason=episode.termination_reason,
            attempts=episode.attempts,
            usage=tuple(NO_USAGE if row == NO_USAGE else row for row in rows),
            labels=_shared_labels(tuple(sorted(episode.task_labels.items()))),
        )

    @property
    def spent(self) -> float:
        """Money the episode spent, unknown prices counted as nothing (as the budget counts)."""
        return sum(row.cost or 0.0 for row in self.usage)

    @property
    def infrastructure_failure(self) -> bool:
        return self.error_kind == "infrastructure_error"


@lru_cache(maxsize=8192)
def _shared_labels(labels: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The first equal tuple seen: the episodes of a task (and tasks labelled alike) keep one
    copy, so a long run's facts stay a pointer's worth bigger."""
    return labels


class LabelGroup(BaseModel):
    """The figures of the tasks that share one value of a label (e.g. ``num_issues`` 3), by the
    run's own estimator and task bootstrap."""

    value: str
    num_tasks: int
    scored_episodes: int
    average_reward: Optional[float]
    pass_hat_k: dict[int, float]
    average_reward_ci: Optional[tuple[float, float]] = None  # 95%, bootstrap over the group's tasks (two or more)
    pass_hat_k_ci: dict[int, tuple[float, float]] = {}


class RunSummary(BaseModel):
    domain: str
    num_tasks: int
    num_trials: int
    num_episodes: int
    scored_episodes: int
    successes: int
    average_reward: Optional[float]
    pass_hat_k: dict[int, float]
    average_reward_ci: Optional[tuple[float, float]] = None  # 95%, bootstrap over tasks (task_bootstrap)
    pass_hat_k_ci: dict[int, tuple[float, float]] = {}
    # the tasks pass^k is over: those whose every planned trial was scored (None: a record made before it was kept)
    pass_hat_k_tasks: Optional[int] = None
    unscored_episodes: int
    unscored_tasks: list[str]
    unscored_reasons: dict[MaskedText, int]  # masked: the notes of the episodes (taubench.core.masking)
    infrastructure_failures: list[tuple[str, int]]  # (task, trial) given up after every rerun
    episode_reruns: int  # extra runs caused by infrastructure errors
    not_started: int = 0  # planned episodes never started (budget reached, run stopped)
    stopped: Optional[MaskedText] = None  # why the run stopped early, if it did (masked: it can quote a provider)
    errors: dict[str, int]
    terminations: dict[str, int]
    usage: dict[str, Usage]
    total_cost: Optional[float]
    duration_s: float
    # label key -> its values' figures, values in natural order (num_issues 1, 2, ..., 10); empty
    # where the data label no task (every domain but telecom)
    breakdown: dict[str, list[LabelGroup]] = {}

    @property
    def budget_exhausted(self) -> bool:
        return bool(self.stopped and self.stopped.startswith(BUDGET_REACHED))

    @property
    def pass_hat_k_partial(self) -> bool:
        """pass^k leaves out tasks, some or all of whose trials were not scored."""
        return self.pass_hat_k_tasks is not None and self.pass_hat_k_tasks < self.num_tasks

    @property
    def numeric_labels(self) -> list[str]:
        """The label keys whose every value is a number (telecom's ``num_issues``): figures over them are curves."""
        return [key for key, groups in self.breakdown.items() if all(group.value.isdigit() for group in groups)]


def summarize(
    domain: str,
    episodes: Sequence[Union[EpisodeResult, EpisodeFacts]],
    num_trials: int,
    duration_s: float,
    not_started: int = 0,
    stopped: Optional[str] = None,
) -> RunSummary:
    """The summary of a run's episodes (full records or their facts: the same summary), in plan order."""
    facts = [episode if isinstance(episode, EpisodeFacts) else EpisodeFacts.of(episode) for episode in episodes]
    failed = [episode for episode in facts if episode.infrastructure_failure]
    scored = [episode for episode in facts if episode.reward is not None]
    unscored = [episode for episode in facts if episode.reward is None and not episode.infrastructure_failure]
    outcomes: dict[str, list[bool]] = defaultdict(list)
    rewards: dict[str, list[float]] = defaultdict(list)
    scored_rewards: list[float] = []
    for episode in scored:
        reward = episode.reward
        assert reward is not None  # a scored episode
        outcomes[episode.task_id].append(is_success(reward))
        rewards[episode.task_id].append(reward)
        scored_rewards.append(reward)
    complete = {task_id: values for task_id, values in outcomes.items() if len(values) >= num_trials}
    per_task_pass = pass_hat_k_per_task(complete)
    average_reward_ci, pass_hat_k_ci = _intervals(rewards, list(complete), per_task_pass)
    labels = {episode.task_id: episode.labels for episode in facts}
    usage = {role: sum_usage([episode.usage[n] for episode in facts]) for n, role in enumerate(ROLES)}
    costs = [role_usage.cost for role_usage in usage.values() if role_usage.cost is not None]
    return RunSummary(
        domain=domain,
        num_tasks=len({episode.task_id for episode in facts}),
        num_trials=num_trials,
        num_episodes=len(facts),
        scored_episodes=len(scored),
        successes=sum(sum(values) for values in outcomes.values()),
        average_reward=mean(scored_rewards) if scored else None,
        pass_hat_k={k: mean(values) for k, values in per_task_pass.items()},
        average_reward_ci=average_reward_ci,
        pass_hat_k_ci=pass_hat_k_ci,
        pass_hat_k_tasks=len(complete),
        unscored_episodes=len(unscored),
        unscored_tasks=sorted({episode.task_id for episode in unscored}, key=task_order),
        unscored_reasons=dict(Counter(episode.unscored_note or "unknown" for episode in unscored)),
        infrastructure_failures=[(episode.task_id, episode.trial) for episode in failed],
        episode_reruns=sum(episode.attempts - 1 for episode in facts),
        not_started=not_started,
        stopped=stopped,
        errors=dict(Counter(episode.error_kind for episode in facts if episode.error_kind)),
        terminations=dict(Counter(episode.termination_reason for episode in facts)),
        usage=usage,
        total_cost=None if len(costs) < len(usage) else round(sum(costs), 10),
        duration_s=round(duration_s, 2),
        breakdown=_label_breakdown(labels, complete, rewards),
    )


def _label_breakdown(
    labels: Mapping[str, tuple[tuple[str, str], ...]],
    outcomes: Mapping[str, list[bool]],
    rewards: Mapping[str, list[float]],
) -> dict[str, list[LabelGroup]]:
    """Per label key and value, the figures of the tasks with that value. ``labels``: every task
    of the run (scored or not) with its labels; ``rewards``: the scored tasks' episodes;
    ``outcomes``: those of the tasks whose every trial was scored (pass^k is over them)."""
    tasks_by_value: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for task_id, task_labels in labels.items():
        for key, value in task_labels:
            tasks_by_value[key][value].append(task_id)
    return {
        key: [_label_group(value, by_value[value], outcomes, rewards) for value in sorted(by_value, key=task_order)]
        for key, by_value in sorted(tasks_by_value.items())
    }


def _label_group(
    value: str, task_ids: list[str], outcomes: Mapping[str, list[bool]], rewards: Mapping[str, list[float]]
) -> LabelGroup:
    complete = [task_id for task_id in task_ids if task_id in outcomes]
    per_task_pass = pass_hat_k_per_task({task_id: outcomes[task_id] for task_id in complete})
    group_rewards = {task_id: rewards[task_id] for task_id in task_ids if task_id in rewards}
    average_reward_ci, pass_hat_k_ci = _intervals(group_rewards, complete, per_task_pass)
    episode_rewards = [reward for task_rewards in group_rewards.values() for reward in task_rewards]
    return LabelGroup(
        value=value,
        num_tasks=len(task_ids),
        scored_episodes=len(episode_rewards),
        average_reward=mean(episode_rewards) if episode_rewards else None,
        pass_hat_k={k: mean(values) for k, values in per_task_pass.items()},
        average_reward_ci=average_reward_ci,
        pass_hat_k_ci=pass_hat_k_ci,
    )


def task_order(task_id: str):
    """Numeric ids (and label values) by number, then the others by name."""
    return (0, int(task_id), "") if task_id.isdigit() else (1, 0, task_id)

"""Run-level numbers: average reward and the exact pass^k of the τ-bench paper.

Only scored episodes count. Episodes that could not be scored (an NL judge was needed but
none was configured, or grading failed) are reported apart, never as passes or failures;
so are episodes lost to infrastructure errors (the provider kept failing), as in τ²-bench.
"""

from collections import Counter, defaultdict
from math import comb
from statistics import mean
from typing import Mapping, Optional, Sequence

from pydantic import BaseModel

from taubench.episode import ROLES, EpisodeResult, sum_usage
from taubench.messages import Usage

SUCCESS_TOLERANCE = 1e-6
BUDGET_REACHED = "budget reached"  # how RunSummary.stopped begins when max_cost stopped the run


def is_success(reward: float) -> bool:
    return abs(reward - 1.0) <= SUCCESS_TOLERANCE


def pass_hat_k(successes: Mapping[str, Sequence[bool]]) -> dict[int, float]:
    """pass^k = mean over tasks of C(c, k) / C(n, k), for c successes in n trials; k runs up
    to the smallest n over the tasks."""
    if not successes:
        return {}
    k_max = min(len(outcomes) for outcomes in successes.values())
    return {
        k: mean(comb(sum(outcomes), k) / comb(len(outcomes), k) for outcomes in successes.values())
        for k in range(1, k_max + 1)
    }


class RunSummary(BaseModel):
    domain: str
    num_tasks: int
    num_trials: int
    num_episodes: int
    scored_episodes: int
    successes: int
    average_reward: Optional[float]
    pass_hat_k: dict[int, float]
    unscored_episodes: int
    unscored_tasks: list[str]
    unscored_reasons: dict[str, int]
    infrastructure_failures: list[tuple[str, int]]  # (task, trial) given up after every rerun
    episode_reruns: int  # extra runs caused by infrastructure errors
    not_started: int = 0  # planned episodes never started (budget reached, run stopped)
    stopped: Optional[str] = None  # why the run stopped early, if it did
    errors: dict[str, int]
    terminations: dict[str, int]
    usage: dict[str, Usage]
    total_cost: Optional[float]
    duration_s: float

    @property
    def budget_exhausted(self) -> bool:
        return bool(self.stopped and self.stopped.startswith(BUDGET_REACHED))


def summarize(
    domain: str,
    episodes: Sequence[EpisodeResult],
    num_trials: int,
    duration_s: float,
    not_started: int = 0,
    stopped: Optional[str] = None,
) -> RunSummary:
    failed = [episode for episode in episodes if _infrastructure_failure(episode)]
    scored = [episode for episode in episodes if episode.reward is not None]
    unscored = [episode for episode in episodes if episode.reward is None and not _infrastructure_failure(episode)]
    outcomes: dict[str, list[bool]] = defaultdict(list)
    for episode in scored:
        outcomes[episode.task_id].append(is_success(episode.reward))
    usage = {role: sum_usage([episode.usage[role] for episode in episodes]) for role in ROLES}
    costs = [role_usage.cost for role_usage in usage.values()]
    return RunSummary(
        domain=domain,
        num_tasks=len({episode.task_id for episode in episodes}),
        num_trials=num_trials,
        num_episodes=len(episodes),
        scored_episodes=len(scored),
        successes=sum(sum(values) for values in outcomes.values()),
        average_reward=mean(episode.reward for episode in scored) if scored else None,
        pass_hat_k=pass_hat_k(outcomes),
        unscored_episodes=len(unscored),
        unscored_tasks=sorted({episode.task_id for episode in unscored}, key=_task_order),
        unscored_reasons=dict(Counter(episode.reward_info.note or "unknown" for episode in unscored)),
        infrastructure_failures=[(episode.task_id, episode.trial) for episode in failed],
        episode_reruns=sum(episode.attempts - 1 for episode in episodes),
        not_started=not_started,
        stopped=stopped,
        errors=dict(Counter(episode.error.kind for episode in episodes if episode.error)),
        terminations=dict(Counter(episode.termination_reason for episode in episodes)),
        usage=usage,
        total_cost=None if None in costs else round(sum(costs), 10),
        duration_s=round(duration_s, 2),
    )


def _infrastructure_failure(episode: EpisodeResult) -> bool:
    return episode.error is not None and episode.error.kind == "infrastructure_error"


def _task_order(task_id: str):
    return (0, int(task_id), "") if task_id.isdigit() else (1, 0, task_id)

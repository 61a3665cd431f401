"""The leaderboard's figures as data (``taubench.reporting.leaderboard.board`` builds them from stored runs,
``taubench.reporting.leaderboard.formats`` writes them out): tables per environment, a row per setup."""

from typing import Any, Optional

from pydantic import BaseModel

from taubench.core.metrics import LabelGroup, task_order


class Figure(BaseModel):
    value: float
    ci_low: Optional[float] = None  # 95% bootstrap over tasks; None with fewer than two scored tasks
    ci_high: Optional[float] = None


class Row(BaseModel):
    """One setup of an environment, its runs pooled."""

    model: Optional[str]  # the agent's model; None for a strategy without one (the oracle)
    agent: str
    user: str
    user_model: Optional[str]  # the model the user simulator used (its own or the agent's); None without one
    settings: dict[str, Any]  # the rest of the setup (options, temperatures, limits), flattened
    runs: list[str]  # the sources pooled
    episodes: int
    scored_episodes: int
    trials: int  # fewest scored trials of a task: pass^k is estimated for k up to it
    pass_hat_k: dict[int, Figure]
    average_reward: Optional[Figure]
    cost_per_episode: Optional[float]  # USD, all roles; None when a price is unknown
    prompt_tokens_per_episode: float
    completion_tokens_per_episode: float
    breakdown: list[LabelGroup] = []  # per value of the board's ``by`` label, in natural order; empty without one


class LeftOut(BaseModel):
    source: str
    reason: str


class Table(BaseModel):
    env: str
    task_split: Optional[str] = None  # None: no run of this environment could be read
    tasks: int = 0
    data_sha256: dict[str, str] = {}
    judge: Optional[str] = None
    k: int = 0  # pass^1..k columns
    varying_settings: list[str] = []  # settings that tell rows apart besides model, agent and user
    rows: list[Row] = []
    left_out: list[LeftOut] = []

    @property
    def label_values(self) -> list[str]:
        """The values of the board's ``by`` label any row has, in natural order (num_issues 2 before 10)."""
        return sorted({group.value for row in self.rows for group in row.breakdown}, key=task_order)


class Leaderboard(BaseModel):
    sources: list[str]  # what was searched
    by: Optional[str] = None  # the task label rows are broken down by (--by)
    tables: list[Table]
    left_out: list[LeftOut]  # runs of no known environment (unreadable)

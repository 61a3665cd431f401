"""A finished run as the commands that read stored runs see it (``compare``, ``leaderboard``):
what it measured and the facts of its episodes, from its folder or from a results file
alone (an MLflow artifact), so both give the same figures."""

from collections import defaultdict
from pathlib import Path
from typing import Annotated, Iterable, Optional

from pydantic import BaseModel, ConfigDict, SkipValidation, ValidationError

from taubench.core.episode import ROLES, EpisodeResult
from taubench.core.masking import MaskedText
from taubench.core.metrics import EpisodeFacts
from taubench.core.untrusted import fault, parse_json
from taubench.execution.rundir import RESULTS_FILE, StoredRunError, finished_run_dir, results_head, stored_episodes

SETUP_SECTIONS = ("agent", "user", "model")  # what a comparison of two runs is usually about


class StoredRun(BaseModel):
    """Where a finished run is, what it ran on, and its episodes: their facts in plan order,
    and the rewards of the scored ones per task."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    run_dir: Path
    label: str  # the agent's model, or the agent strategy for a run without one
    domain: str
    task_split: str
    data_sha256: dict[str, str]
    config: dict  # the whole configuration results.json records
    setup: dict  # the agent, user and model sections of it
    stopped: Optional[MaskedText]  # why the run ended before all its planned episodes, if it did
    rewards: dict[str, list[float]]  # task id -> rewards of its scored episodes
    unscored_episodes: int  # reward None (not gradable, or lost to infrastructure errors): left out
    episodes: Annotated[list[EpisodeFacts], SkipValidation]
    started_at: str  # when its first episode started (ISO 8601), the same from either source

    @property
    def num_trials(self) -> int:
        """The trials it planned per task."""
        return int(self.config["num_trials"])

    @property
    def task_ids(self) -> frozenset[str]:
        """The tasks it ran (scored or not): what it measured, whatever the split says."""
        return frozenset(episode.task_id for episode in self.episodes)

    @property
    def judge(self) -> Optional[str]:
        return (self.config.get("judge") or {}).get("model")

    @property
    def judge_used(self) -> Optional[str]:
        """The judge, if it graded any episode: one configured for tasks that need none (no NL
        assertion among them) cannot change a score, so it does not tell runs apart."""
        judge_role = ROLES.index("judge")
        return self.judge if any(episode.usage[judge_role].calls for episode in self.episodes) else None

    @classmethod
    def read(cls, path: Path, root: Optional[Path] = None) -> "StoredRun":
        """From a run's folder (or its results.json): the head of results.json, the episodes of
        episodes.jsonl. ``root``: the files are untrusted data read below it (``untrusted.open_within``)."""
        run_dir = finished_run_dir(path)
        return cls.of(run_dir, results_head(run_dir, root), stored_episodes(run_dir, root))

    @classmethod
    def read_results_file(cls, path: Path, run_dir: Path) -> "StoredRun":
        """From a results.json alone (read whole: the episodes are in it), e.g. one downloaded from MLflow."""
        try:
            document = parse_json(path.read_bytes())
            episodes = [EpisodeResult.model_validate(episode) for episode in document.pop("episodes")]
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise StoredRunError(f"{path}: unreadable ({_short(exc)})") from None
        if not isinstance(document.get("config"), dict) or not isinstance(document.get("summary"), dict):
            raise StoredRunError(f"{path}: not a taubench results file (no config and summary)")
        return cls.of(run_dir, document, episodes)

    @classmethod
    def of(cls, run_dir: Path, head: dict, episodes: Iterable[EpisodeResult]) -> "StoredRun":
        facts, started = [], []
        rewards: dict[str, list[float]] = defaultdict(list)
        try:
            for episode in episodes:
                facts.append(EpisodeFacts.of(episode))
                started.append(episode.started_at)
                if episode.reward is not None:
                    rewards[episode.task_id].append(episode.reward)
            config, summary = head["config"], head["summary"]
            not_started = summary.get("not_started") or 0
            return cls(
                run_dir=run_dir,
                label=config.get("model", {}).get("name") or config["agent"]["name"],
                domain=config["env"]["name"],
                task_split=config["task_split"],
                data_sha256=head.get("data", {}).get("sha256", {}),
                config=config,
                setup={section: config.get(section) for section in SETUP_SECTIONS},
                stopped=summary.get("stopped")
                or (f"{not_started} planned episodes not started" if not_started else None),
                rewards=dict(rewards),
                unscored_episodes=sum(episode.reward is None for episode in facts),
                episodes=facts,
                started_at=min(started, default=""),
            )
        except OSError as exc:
            raise StoredRunError(f"{run_dir}: unreadable ({_short(exc)})") from None
        except (KeyError, TypeError, AttributeError, ValidationError) as exc:
            raise StoredRunError(f"{run_dir / RESULTS_FILE}: not a taubench results file ({_short(exc)})") from None


def changed_data_files(run_a: StoredRun, run_b: StoredRun) -> list[str]:
    """The data files whose sha256 differ between two runs (or that only one of them recorded)."""
    names = run_a.data_sha256.keys() | run_b.data_sha256.keys()
    return sorted(name for name in names if run_a.data_sha256.get(name) != run_b.data_sha256.get(name))


def _short(exc: Exception) -> str:
    """The reason in short; in fixed words where the error could quote the file (``untrusted.fault``)."""
    text = fault(exc) if isinstance(exc, (OSError, ValueError)) else " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:200] + "…"

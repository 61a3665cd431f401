"""The validated shape of a run's configuration.

Hydra composes the config; these models check it before anything runs, so that a typo
fails at once with a message naming the key and what it accepts, not after money is spent.
"""

import os
from pathlib import Path
from typing import Annotated, Any, Literal, Optional

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, field_validator

from taubench.agents import AGENTS
from taubench.domain import Domain
from taubench.domains import DOMAINS
from taubench.tasks import Task
from taubench.users import USERS


class ConfigError(Exception):
    """A configuration that cannot run; the message says which key and why."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _one_of(value: str, allowed, what: str) -> str:
    if value not in allowed:
        raise ValueError(f"unknown {what} {value!r}; allowed: {', '.join(allowed)}")
    return value


def _registered(registry, what: str) -> AfterValidator:
    return AfterValidator(lambda value: _one_of(value, registry, what))


class EnvSettings(_Section):
    name: Annotated[str, _registered(DOMAINS, "domain")]
    data_dir: Optional[Path] = None
    verify_checksums: bool = True


class AgentSettings(_Section):
    name: Annotated[str, _registered(AGENTS, "agent")]


class UserSettings(_Section):
    name: Annotated[str, _registered(USERS, "user simulator")]


class ModelSettings(_Section):
    """The agent's model, as a litellm model string (``null`` for strategies without one)."""

    name: Optional[str] = None


class ProviderSettings(_Section):
    name: str = "none"
    api_base: Optional[str] = None
    api_key_env: Optional[str] = None


class JudgeSettings(_Section):
    """The NL-assertion judge; without a model, tasks graded on NL assertions stay unscored."""

    model: Optional[str] = None
    api_base: Optional[str] = None
    api_key_env: Optional[str] = None
    temperature: float = 0.0


class TrackingSettings(_Section):
    enabled: bool = True
    tracking_uri: Optional[str] = None
    experiment: str = "taubench"
    parent_run_id: Optional[str] = None


class RunSettings(_Section):
    env: EnvSettings
    agent: AgentSettings
    user: UserSettings
    model: ModelSettings = ModelSettings()
    provider: ProviderSettings = ProviderSettings()
    judge: JudgeSettings = JudgeSettings()
    tracking: TrackingSettings = TrackingSettings()
    task_split: Literal["base", "train", "test"] = "base"
    task_ids: Optional[list[str]] = None
    start_index: int = Field(0, ge=0)
    end_index: Optional[int] = Field(None, ge=1)
    num_trials: int = Field(1, ge=1)
    max_concurrency: int = Field(4, ge=1)
    seed: int = 300
    shuffle: bool = False
    max_steps: int = Field(200, ge=1)
    max_errors: int = Field(10, ge=1)
    output_dir: Optional[Path] = None
    progress: bool = True

    @field_validator("task_ids", mode="before")
    @classmethod
    def _ids_as_strings(cls, value: Any) -> Any:
        """Task ids are strings in τ²-bench; ``task_ids=[1,2]`` on the command line means them."""
        if isinstance(value, (list, tuple)):
            return [str(item) if isinstance(item, int) and not isinstance(item, bool) else item for item in value]
        return value


def parse_settings(config: dict) -> RunSettings:
    try:
        return RunSettings.model_validate(config)
    except ValidationError as exc:
        raise ConfigError(_describe(exc)) from None


def _describe(exc: ValidationError) -> str:
    lines = []
    for error in exc.errors():
        key = ".".join(str(part) for part in error["loc"])
        message = error["msg"].removeprefix("Value error, ")
        if error["type"] == "extra_forbidden":
            message = "not a known setting (check the spelling)"
        elif error["type"] not in ("missing", "value_error"):  # our own messages quote the value
            message += f" (got {error['input']!r})"
        lines.append(f"  {key}: {message}")
    return "invalid configuration:\n" + "\n".join(lines)


def select_tasks(settings: RunSettings, domain: Domain) -> list[Task]:
    """The tasks of the run, in split order; fails on ids or indices outside the split."""
    split = domain.splits.get(settings.task_split)
    if split is None:
        raise ConfigError(
            f"invalid configuration:\n  task_split: {domain.name} has no split {settings.task_split!r}; "
            f"allowed: {', '.join(domain.splits)}"
        )
    where = f"{domain.name} split {settings.task_split!r} ({len(split)} tasks)"
    if settings.task_ids is not None:
        unknown = [task_id for task_id in settings.task_ids if task_id not in split]
        if unknown:
            raise ConfigError(
                f"invalid configuration:\n  task_ids: {', '.join(map(repr, unknown))} not in {where}; "
                f"allowed ids: {_id_ranges(split)}"
            )
        chosen = [task_id for task_id in split if task_id in set(settings.task_ids)]
    else:
        end = len(split) if settings.end_index is None else settings.end_index
        if settings.start_index >= len(split) or end > len(split) or settings.start_index >= end:
            raise ConfigError(
                f"invalid configuration:\n  start_index/end_index: [{settings.start_index}, {end}) "
                f"is not a non-empty range within {where}; allowed: 0 <= start_index < end_index <= {len(split)}"
            )
        chosen = split[settings.start_index : end]
    return [domain.tasks[task_id] for task_id in chosen]


def check_credentials(settings: RunSettings) -> None:
    """A key named in the config must be in the environment before anything is spent."""
    judge_key = settings.judge.api_key_env
    if settings.judge.model and judge_key and not os.environ.get(judge_key):
        raise ConfigError(
            f"invalid configuration:\n  judge.api_key_env: the environment variable {judge_key} is not set"
        )


def _id_ranges(ids: list[str]) -> str:
    """``0-3, 7, 9-10``: a readable list of (numeric) task ids."""
    if not all(task_id.isdigit() for task_id in ids):
        return ", ".join(ids)
    numbers = sorted(int(task_id) for task_id in ids)
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)

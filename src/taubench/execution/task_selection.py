"""Which of a domain's tasks a run plays: its split, then ``task_ids`` or ``start_index``/``end_index``,
refused with the allowed values when they fall outside it."""

from taubench.core.domain import BaseDomain
from taubench.core.tasks import Task
from taubench.execution.settings import ConfigError, RunSettings


def select_tasks(settings: RunSettings, domain: BaseDomain) -> list[Task]:
    """The tasks of the run, in split order; fails on ids or indices outside the split."""
    assert settings.task_split is not None  # validation fills in the domain's default split
    split = domain.splits.get(settings.task_split)
    if split is None:  # a split the domain declares but its data lack
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
    tasks = domain.tasks_in(settings.task_split)
    return [tasks[task_id] for task_id in chosen]


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

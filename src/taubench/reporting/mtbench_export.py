"""Runs in the MT Bench format, for the MT Bench evaluation framework (and the τ-bench fork
that plugs into it).

A run becomes a folder ``<data_dir>/<dataset_name>_<YYYYmmdd_HHMMSS>/`` (UTC; a second export
in the same second gets ``_01``, ``_02``, ... so names keep sorting in time order; a run's own
export is made once, ``PreparedRun.export_once``) holding

- ``<model>_task<id>_trajectory.jsonl`` per task: the conversation as OpenAI chat messages,
  one per line, after a system message holding the domain policy;
- ``<model>_scores.jsonl``: one line per scored task, keys in this order: ``task-id``,
  ``prompt`` (the user scenario), ``result`` and ``truth`` (tool calls as
  ``name({json arguments})`` joined by ``,``: the agent's, and the task's gold actions),
  ``score``, ``duration``.

With several trials, a task's score is the mean reward of its scored trials and its duration
the sum of all its trials' seconds; its result and trajectory come from its first scored trial
(its first trial if none was scored). A task with no scored trial (NL assertions and no judge,
or provider failures) keeps its trajectory but has no scores line; the export counts them.

Whose call: a trajectory is the agent's conversation in OpenAI chat format, which has no field
for who made a tool call, so the user's own calls and their results (telecom: on the user's
phone) are left out, as the agent never saw them: every call in a trajectory file and in
``result`` is the agent's (results.json, the pages and the traces keep the user's, marked so).

``python -m taubench mtbench <run dir>`` exports a stored run later (``main``).
"""

import argparse
import json
import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from taubench.agents.tool_calling import to_chat
from taubench.core.domain import DataError
from taubench.core.episode import EpisodeResult
from taubench.core.messages import AssistantMessage
from taubench.core.tasks import Task
from taubench.core.untrusted import SkippedLine, open_within, scan_jsonl
from taubench.domains import load_domain
from taubench.execution.preparation import PreparedRun, RunReport
from taubench.execution.rundir import (
    RESULTS_FILE,
    RunLock,
    StoredRunError,
    finished_run_dir,
    new_folder,
    results_head,
    stored_episodes,
)
from taubench.execution.settings import ConfigError, ExportSettings
from taubench.reporting.tracking import Artifact
from taubench.users.llm import render_scenario

ARTIFACT_FOLDER = "mtbench"
DATASET_PREFIX = "tau_bench"
TIMESTAMP_FORMAT = "%Y%m%d_%H%M%S"  # UTC; sorts as text in time order
SCORES_SUFFIX = "_scores.jsonl"
_UNSAFE = re.compile(r"[^A-Za-z0-9.-]")
_EXPORT_SUFFIX = r"_\d{8}_\d{6}(?:_\d+)?"  # the timestamp, and a same-second counter


class ScoresLine(BaseModel):
    """One line of ``<model>_scores.jsonl``; field order is the file's key order."""

    model_config = ConfigDict(populate_by_name=True)

    task_id: str = Field(alias="task-id")
    prompt: str
    result: str
    truth: str
    score: float
    duration: float


class MTBenchExport(BaseModel):
    """Where an export went and what it holds."""

    folder: Path
    model: str  # as used in the file names
    tasks: int  # trajectory files written
    scored_tasks: int  # lines in the scores file
    unscored_tasks: list[str]  # task ids without a scores line

    def describe(self) -> str:
        left_out = f", {len(self.unscored_tasks)} not scored (trajectory only)" if self.unscored_tasks else ""
        return f"MT-Bench export: {self.scored_tasks} scored tasks{left_out} in {self.folder.resolve()}"


def safe_model_name(model: str) -> str:
    """A model name usable as a file-name prefix: every character outside ``[A-Za-z0-9.-]``
    becomes ``-`` (``openai/gpt-4o`` -> ``openai-gpt-4o``; MT Bench's API turns the ``_`` it is
    given into ``-``, so the names agree), and a name of dots only has them replaced too, so
    the result is never ``.`` or ``..``."""
    if not model:
        raise ValueError("the model name is empty; a file name needs one")
    safe = _UNSAFE.sub("-", model)
    return "-" * len(safe) if set(safe) == {"."} else safe


def default_dataset_name(env_name: str) -> str:
    return f"{DATASET_PREFIX}_{env_name}"


def calls_text(calls: Iterable[tuple[str, str]]) -> str:
    """``name(arguments),name(arguments)``: the form of ``result`` and ``truth``."""
    return ",".join(f"{name}({arguments})" for name, arguments in calls)


def agent_calls(episode: EpisodeResult) -> str:
    return calls_text(
        (call.name, call.written_arguments)
        for message in episode.messages
        if isinstance(message, AssistantMessage)
        for call in message.tool_calls or []
    )


def gold_calls(task: Task) -> str:
    """The actions the agent is expected to make (the ones the oracle agent makes)."""
    return calls_text(
        (action.name, json.dumps(action.arguments)) for action in task.gold_actions if action.requestor == "assistant"
    )


def task_prompt(task: Task) -> str:
    """The user scenario: a v1 instruction as it is, a τ² scenario laid out as the simulated
    user sees it."""
    scenario = task.user_scenario
    if isinstance(scenario.instructions, str) and not scenario.persona:
        return scenario.instructions
    return render_scenario(scenario)


@dataclass
class _TaskTally:
    """A task's trials as they stream past: enough for its scores line and trajectory."""

    shown: EpisodeResult  # first scored trial, else first trial
    rewards: dict[int, float] = field(default_factory=dict)  # trial -> reward, scored trials
    durations: dict[int, float] = field(default_factory=dict)  # trial -> seconds, every trial

    def add(self, episode: EpisodeResult) -> None:
        if episode.reward is not None:
            self.rewards[episode.trial] = episode.reward
        self.durations[episode.trial] = episode.duration_s
        if _shown_before(episode, self.shown):
            self.shown = episode

    def line(self, task: Task) -> Optional[ScoresLine]:
        if not self.rewards:
            return None
        rewards = [self.rewards[trial] for trial in sorted(self.rewards)]  # same sum whatever the arrival order
        return ScoresLine(
            task_id=f"task-{task.id}",
            prompt=task_prompt(task),
            result=agent_calls(self.shown),
            truth=gold_calls(task),
            score=sum(rewards) / len(rewards),
            duration=round(sum(self.durations[trial] for trial in sorted(self.durations)), 4),
        )


def _shown_before(episode: EpisodeResult, other: EpisodeResult) -> bool:
    return (episode.reward is None, episode.trial) < (other.reward is None, other.trial)


def write_export(
    episodes: Iterable[EpisodeResult],
    tasks: Mapping[str, Task],
    policy: str,
    model: str,
    folder: Path,
) -> MTBenchExport:
    """Write the episodes (any order, any number of trials) into an export folder; tasks
    appear in the order of ``tasks``. The scores file is written last and atomically, so a
    reader that finds it finds it whole; written again into the same folder, the same run's
    files replace their earlier versions."""
    tallies: dict[str, _TaskTally] = {}
    for episode in episodes:
        if episode.task_id not in tasks:
            raise ValueError(f"episode of task {episode.task_id!r}, which is not among the run's tasks")
        tallies.setdefault(episode.task_id, _TaskTally(shown=episode)).add(episode)
    prefix = safe_model_name(model)
    system = {"role": "system", "content": policy}
    lines, unscored = [], []
    for task_id, task in tasks.items():
        tally = tallies.get(task_id)
        if tally is None:
            continue
        trajectory = [system, *to_chat(tally.shown.messages)]
        path = folder / f"{prefix}_task{_UNSAFE.sub('-', task_id)}_trajectory.jsonl"
        path.write_text("".join(json.dumps(message) + "\n" for message in trajectory), encoding="utf-8")
        line = tally.line(task)
        if line is None:
            unscored.append(task_id)
        else:
            lines.append(json.dumps(line.model_dump(by_alias=True)) + "\n")
    scores = folder / f"{prefix}{SCORES_SUFFIX}"
    temporary = scores.with_name(scores.name + ".tmp")
    temporary.write_text("".join(lines), encoding="utf-8")
    os.replace(temporary, scores)
    return MTBenchExport(
        folder=folder, model=prefix, tasks=len(tallies), scored_tasks=len(lines), unscored_tasks=unscored
    )


def new_export_folder(data_dir: Path, dataset_name: str) -> Path:
    """``<dataset>_<UTC timestamp>``, made here (``_01``, ``_02``, ... after an export in the same second)."""
    return new_folder(data_dir / f"{dataset_name}_{datetime.now(timezone.utc).strftime(TIMESTAMP_FORMAT)}")


# ---- the export of a run, at its end or later ------------------------------------------


class _StoredEnv(BaseModel):
    name: str
    data_dir: Optional[Path] = None
    verify_checksums: bool = True


class _StoredName(BaseModel):
    name: Optional[str] = None


class _StoredAgent(BaseModel):
    name: str  # every run has an agent strategy


class StoredRunConfig(BaseModel):
    """The part of a stored run's configuration an export needs (the rest is ignored, so a
    configuration that only validates on the machine it ran on, e.g. Ray settings, still reads)."""

    env: _StoredEnv
    agent: _StoredAgent
    model: _StoredName = _StoredName()
    task_split: str
    export: ExportSettings = ExportSettings()

    def model_label(self) -> str:
        """The agent's model, or for a run without one (the oracle) the agent strategy."""
        return self.model.name or self.agent.name

    def dataset_name(self) -> str:
        return self.export.dataset_name or default_dataset_name(self.env.name)


def export_after_run(prepared: PreparedRun, report: RunReport, base_dir: Path) -> Artifact:
    """``lifecycle.after_run``'s step (``export.formats=[mtbench]``), from the run's own settings, once
    per run (``PreparedRun.export_once``): say where, hand the folder to MLflow. A relative
    ``export.data_dir`` is taken from ``base_dir``, where the command started."""
    settings = prepared.settings
    config = StoredRunConfig.model_validate(settings.model_dump(mode="json"))
    tasks = {task.id: task for task in prepared.tasks}
    folder, export = prepared.export_once(
        "mtbench",
        report.episodes,
        lambda: new_export_folder(base_dir / settings.export.data_dir, config.dataset_name()),
        lambda folder: write_export(report.episodes, tasks, prepared.domain.policy, config.model_label(), folder),
    )
    print(f"taubench: {export.describe() if export else f'MT-Bench export: already written in {folder.resolve()}'}")
    return Artifact(folder, ARTIFACT_FOLDER)


def export_stored_run(path: Path, data_dir: Optional[Path] = None, dataset_name: Optional[str] = None) -> MTBenchExport:
    """Export a finished run from its folder: the episodes streamed from episodes.jsonl (the
    last record of each task and trial, as the run counts them), the tasks from the run's
    domain data. ``data_dir``/``dataset_name`` default to the run's own export settings."""
    run_dir = finished_run_dir(path)
    try:
        config = StoredRunConfig.model_validate(results_head(run_dir)["config"])
    except ValidationError as exc:
        raise StoredRunError(f"{run_dir / RESULTS_FILE}: no readable run configuration ({exc})") from None
    export = ExportSettings(
        data_dir=data_dir if data_dir is not None else config.export.data_dir,
        dataset_name=dataset_name if dataset_name is not None else config.export.dataset_name,
    )
    config = config.model_copy(update={"export": export})
    domain = load_domain(config.env.name, config.env.data_dir, config.env.verify_checksums)
    if config.task_split not in domain.splits:
        raise StoredRunError(
            f"{run_dir}: split {config.task_split!r} is not one of {config.env.name}'s: {', '.join(domain.splits)}"
        )
    try:
        lock = RunLock(run_dir)  # no episode is appended (by a resumed run) while we read
    except ConfigError:
        raise StoredRunError(f"{run_dir}: the run is still running; export it when it has finished") from None
    try:
        folder = new_export_folder(export.data_dir, config.dataset_name())
        return write_export(
            stored_episodes(run_dir), domain.tasks_in(config.task_split), domain.policy, config.model_label(), folder
        )
    finally:
        lock.release()


# ---- for the HTTP API ----------------------------------------------------------------


def latest_scores_file(data_dir: Path, model: str, subset: str) -> Optional[Path]:
    """The newest ``tau_bench_<subset>_<timestamp>/<safe model>_scores.jsonl`` in ``data_dir``
    (resolved), or None. Folders are listed, never globbed with the arguments, and only names
    of exactly that form count (``retail`` does not pick up ``retail_v1``), so the path found
    is inside ``data_dir``; it is read with ``scores_lines``, which follows no link. An empty
    model name has no file."""
    root = data_dir.resolve()
    if not model or not root.is_dir():
        return None
    pattern = re.compile(re.escape(default_dataset_name(subset)) + _EXPORT_SUFFIX)
    file_name = f"{safe_model_name(model)}{SCORES_SUFFIX}"
    folders = sorted(
        (entry for entry in root.iterdir() if pattern.fullmatch(entry.name)), key=lambda entry: entry.name, reverse=True
    )
    return next((folder / file_name for folder in folders if os.path.lexists(folder / file_name)), None)


def scores_lines(path: Path, task_id: Optional[str], root: Optional[Path] = None) -> tuple[str, list[SkippedLine]]:
    """The scores file's JSON lines, or only its line(s) for ``task-<task_id>`` (matched exactly:
    task 1 is not task 11; empty when there is none); and the lines skipped as not a JSON object.
    ``root``: the file is untrusted data below it (``untrusted.open_within``: a link is an ``OSError``)."""
    wanted = f"task-{task_id}"
    with open_within(path, root) as handle:
        scan = scan_jsonl(handle, lambda record: task_id is None or record.get("task-id") == wanted, growing=False)
        text = "".join(line.decode() + ("" if line.endswith(b"\n") else "\n") for line in scan.lines(handle))
    return text, scan.skipped


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = argparse.ArgumentParser(
        prog="python -m taubench mtbench",
        description="Export a finished taubench run in the MT Bench format. (python -m taubench mtbench run --input "
        "request.json: run an MT Benchmark request.)",
    )
    parser.add_argument("run", type=Path, help="the run's output directory, or its results.json")
    parser.add_argument(
        "--data-dir", type=Path, help="where the export folder goes (default: the run's export.data_dir, else data)"
    )
    parser.add_argument(
        "--dataset-name", help="the folder's name before the timestamp (default: the run's, else tau_bench_<env>)"
    )
    args = parser.parse_args(argv)
    try:
        if args.dataset_name is not None:
            ExportSettings(dataset_name=args.dataset_name)
        export = export_stored_run(args.run, args.data_dir, args.dataset_name)
    except ValidationError as exc:
        parser.exit(
            2,
            f"taubench mtbench: --dataset-name: {exc.errors()[0]['msg'].removeprefix('Value error, ')}\n",
        )
    except (StoredRunError, DataError, ConfigError, ValueError, OSError) as exc:
        parser.exit(2, f"taubench mtbench: {exc}\n")
    print(f"taubench: {export.describe()}")
    return 0

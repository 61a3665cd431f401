"""Charts of a run and of a sweep, as PNG files for MLflow (shown there as images).

Each chart is its own ``matplotlib.figure.Figure`` drawn by the Agg renderer, never pyplot's
global state, so charts can be drawn from any thread. A run gets a pass^k curve and a
task × trial success grid; a sweep gets one chart comparing its jobs.
"""

import re
import textwrap
from collections.abc import Iterable, Sequence
from enum import IntEnum
from pathlib import Path
from typing import Optional

import numpy as np
from matplotlib import colormaps
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from pydantic import BaseModel

from taubench.core.episode import EpisodeResult
from taubench.core.metrics import RunSummary, is_success, task_order
from taubench.execution.preparation import PreparedRun, RunReport

DPI = 100
CHARTS_FOLDER = "charts"
PASS_HAT_K_FILE = "pass_hat_k.png"
BY_LABEL_FILE = "pass_hat_k_by_{key}.png"  # one per numeric label (telecom: num_issues)
GRID_FILE = "task_trial_grid.png"
COMPARISON_FILE = "comparison.png"
TASK_LABEL_LENGTH = 40  # longer task ids are cut in the grid's labels
TITLE_WIDTH = 64  # characters a title line, so narrow charts keep it whole
SUBTITLE_WIDTH = 96  # the same for the comparison's smaller subtitle
ROW_HEIGHT_IN = 0.14  # per task in the grid: 114 tasks give a figure about 18 inches high
TASK_LABEL_POINTS = 7  # fits a row of ROW_HEIGHT_IN (10 points)


class Outcome(IntEnum):
    """What a cell of the task × trial grid shows."""

    SUCCESS = 0
    FAILURE = 1
    UNSCORED = 2  # finished, but a component of its reward basis could not be evaluated
    NOT_RUN = 3  # given up after infrastructure errors, or never started


OUTCOME_COLOURS = {  # RGB hex; tests read these colours back from the PNG
    Outcome.SUCCESS: "#2a9d4b",
    Outcome.FAILURE: "#d1343a",
    Outcome.UNSCORED: "#f2b134",
    Outcome.NOT_RUN: "#b8bcc2",
}
PASS_HAT_K_COLOUR = "#1f6fb4"
AVERAGE_COLOUR = "#555555"
OUTCOME_LABELS = {
    Outcome.SUCCESS: "success",
    Outcome.FAILURE: "failure",
    Outcome.UNSCORED: "unscored",
    Outcome.NOT_RUN: "not run",
}


def outcome(episode: EpisodeResult) -> Outcome:
    if episode.reward is not None:
        return Outcome.SUCCESS if is_success(episode.reward) else Outcome.FAILURE
    if episode.error and episode.error.kind == "infrastructure_error":
        return Outcome.NOT_RUN  # excluded from the summary like an episode never started
    return Outcome.UNSCORED


def outcome_grid(task_ids: Sequence[str], num_trials: int, episodes: Iterable[EpisodeResult]) -> np.ndarray:
    """Rows in ``task_ids`` order, one column per trial; pairs with no episode are NOT_RUN.
    Streams ``episodes``: only the outcome of each is kept."""
    rows = {task_id: row for row, task_id in enumerate(task_ids)}
    grid: np.ndarray = np.full((len(task_ids), num_trials), int(Outcome.NOT_RUN), dtype=int)
    for episode in episodes:
        if episode.task_id in rows and 0 <= episode.trial < num_trials:
            grid[rows[episode.task_id], episode.trial] = outcome(episode)
    return grid


def pass_hat_k_figure(summary: RunSummary, title: str) -> Figure:
    """pass^k for k = 1..trials with its 95% interval, and the average reward with its own."""
    figure = Figure(figsize=(6.4, 4.4), dpi=DPI, layout="constrained")
    axes = figure.add_subplot()
    ks = sorted(summary.pass_hat_k)
    if summary.average_reward is not None:
        label = f"average reward {summary.average_reward:.3f}"
        if summary.average_reward_ci:
            low, high = summary.average_reward_ci
            axes.axhspan(low, high, color=AVERAGE_COLOUR, alpha=0.15, linewidth=0)
            label += f" (95% CI {low:.3f}–{high:.3f})"
        axes.axhline(summary.average_reward, color=AVERAGE_COLOUR, linestyle="--", linewidth=1.2, label=label)
    if ks:
        values = np.array([summary.pass_hat_k[k] for k in ks])
        intervals = [summary.pass_hat_k_ci.get(k) for k in ks]
        if all(intervals):
            low, high = np.array(intervals).T
            axes.fill_between(ks, low, high, color=PASS_HAT_K_COLOUR, alpha=0.18, linewidth=0)
            errors = np.clip([values - low, high - values], 0, None)
            axes.errorbar(
                ks,
                values,
                yerr=errors,
                fmt="o-",
                color=PASS_HAT_K_COLOUR,
                capsize=4,
                clip_on=False,
                label="pass^k (95% CI)",
            )
        else:
            axes.plot(
                ks,
                values,
                "o-",
                color=PASS_HAT_K_COLOUR,
                clip_on=False,
                label="pass^k (no CI: fewer than 2 scored tasks)",
            )
        axes.set_xticks(ks)
        axes.set_xlim(ks[0] - 0.5, ks[-1] + 0.5)
        axes.legend(loc="lower left", fontsize=8)
    else:
        axes.text(0.5, 0.5, "no scored episodes", ha="center", va="center", transform=axes.transAxes)
        axes.set_xticks([])
    axes.set_ylim(0, 1)
    axes.set_xlabel("k (all k trials of a task must succeed)")
    axes.set_ylabel("pass^k")
    axes.grid(axis="y", alpha=0.3)
    scored = (
        f"{summary.num_tasks} tasks × {summary.num_trials} trials, "
        f"{summary.scored_episodes} of {summary.num_episodes} episodes scored"
    )
    axes.set_title(_plain(f"{_wrap_title(title)}\n{scored}"), fontsize=9)
    return figure


def by_label_figure(summary: RunSummary, key: str, title: str) -> Figure:
    """pass^1..k against a numeric label's value (τ²-bench's paper: against the number of
    issues), each point with its 95% interval over the tasks of that value."""
    figure = Figure(figsize=(6.4, 4.4), dpi=DPI, layout="constrained")
    axes = figure.add_subplot()
    groups = [group for group in summary.breakdown[key] if group.pass_hat_k]
    k_max = max((max(group.pass_hat_k) for group in groups), default=0)
    colours = colormaps["Blues"](np.linspace(0.9, 0.45, max(k_max, 1)))
    for k in range(1, k_max + 1):
        shown = [group for group in groups if k in group.pass_hat_k]
        shift = (k - (k_max + 1) / 2) * 0.08  # side by side, so equal values of two k stay visible
        values = np.array([group.pass_hat_k[k] for group in shown])
        intervals = [group.pass_hat_k_ci.get(k) for group in shown]
        errors = np.array(
            [[value - ci[0], ci[1] - value] if ci else [0.0, 0.0] for value, ci in zip(values, intervals)]
        )
        axes.errorbar(
            [int(group.value) + shift for group in shown],
            values,
            yerr=errors.T.clip(0),
            fmt="o-",
            color=colours[k - 1],
            capsize=4,
            clip_on=False,
            label=f"pass^{k}",
        )
    if groups:
        axes.set_xticks([int(group.value) for group in groups])
        axes.legend(loc="lower left", fontsize=8, title="error bars: 95% CI over tasks", title_fontsize=7)
    else:
        axes.text(0.5, 0.5, "no scored episodes", ha="center", va="center", transform=axes.transAxes)
        axes.set_xticks([])
    axes.set_ylim(0, 1)
    axes.set_xlabel(key)
    axes.set_ylabel("pass^k")
    axes.grid(axis="y", alpha=0.3)
    counts = ", ".join(f"{group.value}: {group.num_tasks}" for group in summary.breakdown[key])
    axes.set_title(_plain(f"{_wrap_title(title)}\ntasks per {key}: {counts}"), fontsize=9)
    return figure


def task_trial_grid_figure(task_ids: Sequence[str], grid: np.ndarray, title: str) -> Figure:
    """One row per task, one column per trial, coloured by outcome (OUTCOME_COLOURS)."""
    num_tasks, num_trials = grid.shape
    height = max(3.0, ROW_HEIGHT_IN * num_tasks + 1.8)
    width = max(5.0, 3.2 + 0.5 * num_trials)
    figure = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    axes = figure.add_subplot()
    colours = ListedColormap([OUTCOME_COLOURS[kind] for kind in Outcome])
    axes.imshow(grid, cmap=colours, vmin=-0.5, vmax=len(Outcome) - 0.5, aspect="auto", interpolation="nearest")
    axes.set_yticks(range(num_tasks), [_plain(_short(task_id)) for task_id in task_ids], fontsize=TASK_LABEL_POINTS)
    axes.set_xticks(range(num_trials), [str(trial) for trial in range(num_trials)], fontsize=8)
    axes.set_xticks(np.arange(-0.5, num_trials), minor=True)
    axes.set_yticks(np.arange(-0.5, num_tasks), minor=True)
    axes.grid(which="minor", color="white", linewidth=1)
    axes.tick_params(which="minor", length=0)
    axes.tick_params(axis="x", top=True, labeltop=True)
    for spine in axes.spines.values():
        spine.set_visible(False)
    axes.set_xlabel("trial")
    axes.set_ylabel("task")
    counts = {kind: int((grid == kind).sum()) for kind in Outcome}
    handles = [Patch(color=OUTCOME_COLOURS[kind], label=f"{OUTCOME_LABELS[kind]} ({counts[kind]})") for kind in Outcome]
    figure.legend(handles=handles, loc="outside lower center", ncols=2, fontsize=8, frameon=False)
    figure.suptitle(_plain(_wrap_title(title)), fontsize=9)
    return figure


def grid_rows(task_ids: Iterable[str]) -> list[str]:
    """The grid's rows: task ids in natural order (``metrics.task_order``: 2 before 10), not
    the split's, so a task is found where a reader looks for it."""
    return sorted(dict.fromkeys(task_ids), key=task_order)


def write_run_charts(prepared: PreparedRun, report: RunReport, title: str) -> Path:
    """The run's charts in ``<output_dir>/charts`` (pass^k, the grid, and pass^k against each
    numeric label the tasks carry); returns that folder."""
    folder = report.output_dir / CHARTS_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    task_ids = grid_rows(task.id for task in prepared.tasks)
    grid = outcome_grid(task_ids, prepared.settings.num_trials, report.episodes)
    _save(pass_hat_k_figure(report.summary, title), folder / PASS_HAT_K_FILE)
    _save(task_trial_grid_figure(task_ids, grid, title), folder / GRID_FILE)
    for key in report.summary.numeric_labels:
        _save(by_label_figure(report.summary, key, title), folder / BY_LABEL_FILE.format(key=_file_part(key)))
    return folder


class SweepJob(BaseModel):
    """One finished job of a sweep, as the comparison chart needs it."""

    name: str  # its folder in the sweep directory
    overrides: list[str]  # the command-line overrides it was composed from, ``key=value`` each, Hydra's escapes removed
    summary: RunSummary
    charts: bool  # its tracking.charts


def varying_keys(jobs: Sequence[SweepJob]) -> list[str]:
    """The override keys whose value is not the same in every job (a key some jobs lack counts)."""
    return varying_override_keys([job.overrides for job in jobs])


def varying_override_keys(override_lists: Sequence[Sequence[str]]) -> list[str]:
    values = [dict(_override_item(override) for override in overrides) for overrides in override_lists]
    keys = dict.fromkeys(key for job_values in values for key in job_values)
    return [key for key in keys if len({job_values.get(key) for job_values in values}) > 1]


def override_labels(override_lists: Sequence[Sequence[str]], leave_out: Sequence[str] = ()) -> list[str]:
    """Each job's overrides that tell it apart from the others, as typed (``max_steps=14
    model=gpt4o``), but for the keys in ``leave_out``; "" for a job with none."""
    values = [dict(_override_item(override) for override in overrides) for overrides in override_lists]
    differing = [key for key in varying_override_keys(override_lists) if key not in leave_out]
    return [
        " ".join(_override_text(key, job_values[key]) for key in differing if key in job_values)
        for job_values in values
    ]


def job_labels(jobs: Sequence[SweepJob]) -> tuple[list[str], list[str]]:
    """Each job named by the overrides that tell it apart from the others (e.g. ``model=gpt4o
    agent=react``; a job with none of its own is named by its folder), and the overrides every
    job shares."""
    values = [dict(_override_item(override) for override in job.overrides) for job in jobs]
    differing = varying_keys(jobs)
    keys = dict.fromkeys(key for job_values in values for key in job_values)
    shared = [_override_text(key, values[0][key]) for key in keys if key not in differing]
    labels = override_labels([job.overrides for job in jobs])
    return [label or f"job {job.name}" for job, label in zip(jobs, labels)], shared


def comparison_titles(sweep_dir: Path, jobs: Sequence[SweepJob]) -> tuple[str, str]:
    """(title, subtitle) of the comparison: the title names the sweep and only the keys that
    vary (each job's values label its bars); the subtitle lists the overrides all jobs share, once."""
    varying = varying_keys(jobs)
    count = f"{len(jobs)} job" + ("s" if len(jobs) != 1 else "")
    title = f"taubench sweep {sweep_dir.parent.name}/{sweep_dir.name}: {count}"
    title += f" varying {', '.join(varying)}" if varying else ""
    shared = job_labels(jobs)[1]
    return title, ("fixed: " + " ".join(shared) if shared else "")


def comparison_figure(jobs: Sequence[SweepJob], title: str, subtitle: str = "") -> Figure:
    """Average reward and pass^k of every job side by side, each with its 95% interval."""
    labels, _ = job_labels(jobs)
    k_max = max((max(job.summary.pass_hat_k, default=0) for job in jobs), default=0)
    series = [("average reward", lambda s: (s.average_reward, s.average_reward_ci))]
    # mypy cannot type a lambda whose default binds the loop's k (python/mypy#15459)
    series += [
        (f"pass^{k}", lambda s, k=k: (s.pass_hat_k.get(k), s.pass_hat_k_ci.get(k)))  # type: ignore[misc]
        for k in range(1, k_max + 1)
    ]
    colours = [AVERAGE_COLOUR, *colormaps["Blues"](np.linspace(0.85, 0.35, k_max))]
    figure = Figure(
        figsize=(max(6.4, 1.2 + len(jobs) * (0.5 + 0.35 * len(series))), 5.0), dpi=DPI, layout="constrained"
    )
    axes = figure.add_subplot()
    width = 0.8 / len(series)
    positions = np.arange(len(jobs))
    for number, (name, measure) in enumerate(series):
        x = positions - 0.4 + width * (number + 0.5)
        points = [measure(job.summary) for job in jobs]
        heights = np.array([np.nan if value is None else value for value, _ in points])
        errors = np.array(
            [[value - ci[0], ci[1] - value] if value is not None and ci else [0.0, 0.0] for value, ci in points]
        ).T.clip(0)
        bars = axes.bar(x, np.nan_to_num(heights), width, yerr=errors, capsize=3, label=name, color=colours[number])
        texts = ["n/a" if np.isnan(height) else f"{height:.2f}" for height in heights]
        axes.bar_label(bars, texts, fontsize=6, padding=2, rotation=90 if len(series) > 3 else 0)
    scored = [f"{job.summary.scored_episodes}/{job.summary.num_episodes} scored" for job in jobs]
    axes.set_xticks(
        positions, [_plain(f"{_wrap(label)}\n({count})") for label, count in zip(labels, scored)], fontsize=8
    )
    axes.set_ylim(0, 1.15)
    axes.set_yticks(np.linspace(0, 1, 6))
    axes.set_ylabel("score (error bars: 95% CI over tasks)")
    axes.grid(axis="y", alpha=0.3)
    figure.legend(loc="outside lower center", fontsize=8, ncols=min(len(series), 5), frameon=False)
    figure.suptitle(_plain(_wrap_title(title)), fontsize=9)
    if subtitle:
        axes.set_title(
            _plain(textwrap.fill(subtitle, SUBTITLE_WIDTH, break_long_words=False)), fontsize=7, color="#5b6068"
        )
    return figure


def write_sweep_comparison(sweep_dir: Path, jobs: Sequence[SweepJob]) -> Optional[Path]:
    """``<sweep dir>/comparison.png``, unless there is no job or a job turned charts off."""
    if not jobs or not all(job.charts for job in jobs):
        return None
    path = sweep_dir / COMPARISON_FILE
    title, subtitle = comparison_titles(sweep_dir, jobs)
    _save(comparison_figure(jobs, title, subtitle), path, {"Title": title, "Description": subtitle})
    return path


def _save(figure: Figure, path: Path, texts: Optional[dict[str, str]] = None) -> None:
    """``texts``: PNG text chunks (``Title``, ``Description``), so what a chart says can be read without looking."""
    figure.savefig(path, dpi=DPI, format="png", facecolor="white", metadata=texts)


def _override_item(override: str) -> tuple[str, Optional[str]]:
    """``key=value`` → (key, value); a deletion (``~key``) has no value."""
    key, equals, value = override.partition("=")
    return key, value if equals else None


def _override_text(key: str, value: Optional[str]) -> str:
    return key if value is None else f"{key}={value}"


def _short(task_id: str) -> str:
    return task_id if len(task_id) <= TASK_LABEL_LENGTH else task_id[: TASK_LABEL_LENGTH - 1] + "…"


def _wrap_title(title: str) -> str:
    return textwrap.fill(title, TITLE_WIDTH, break_long_words=False)


def _wrap(label: str) -> str:
    """One override a line, so long labels stay under their bars."""
    return label.replace(" ", "\n")


def _file_part(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text)


def _plain(text: str) -> str:
    """Text shown as written: a ``$`` pair would otherwise start matplotlib's math mode."""
    return re.sub(r"(?<!\\)\$", r"\\$", text)

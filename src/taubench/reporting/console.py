"""What a run prints: its summary table, and for a sweep one comparison table."""

from typing import Optional, Sequence

from taubench.core.evaluation import NO_JUDGE
from taubench.core.metrics import LabelGroup, RunSummary


def _money(cost: Optional[float]) -> str:
    return "unknown" if cost is None else f"${cost:.4f}"


def _ratio(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.3f}"


def _interval(interval: Optional[tuple[float, float]]) -> str:
    return "" if interval is None else f"  (95% CI over tasks {interval[0]:.3f}-{interval[1]:.3f})"


def pass_hat_k_scope(summary: RunSummary) -> str:
    """What pass^k is over when some tasks were left out of it."""
    if not summary.pass_hat_k_tasks:
        return "- (no task has every trial scored)"
    return f"over the {summary.pass_hat_k_tasks} of {summary.num_tasks} tasks whose every trial was scored"


def run_summary(summary: RunSummary, title: str, results_file: str) -> str:
    trials = "trial" if summary.num_trials == 1 else "trials"
    rows = [
        ("episodes", f"{summary.num_episodes} ({summary.num_tasks} tasks x {summary.num_trials} {trials})"),
        ("scored", f"{summary.scored_episodes} episodes, {summary.successes} successes"),
        ("average reward", _ratio(summary.average_reward) + _interval(summary.average_reward_ci)),
    ]
    rows += [
        (f"pass^{k}", _ratio(value) + _interval(summary.pass_hat_k_ci.get(k)))
        for k, value in summary.pass_hat_k.items()
    ]
    if summary.pass_hat_k_partial:
        rows.append(("pass^k" if not summary.pass_hat_k else "", pass_hat_k_scope(summary)))
    for key, groups in summary.breakdown.items():
        rows += [(f"by {key}" if n == 0 else "", _label_line(group)) for n, group in enumerate(groups)]
    if summary.unscored_episodes:
        tasks = ", ".join(summary.unscored_tasks[:12]) + (" ..." if len(summary.unscored_tasks) > 12 else "")
        rows.append(
            ("NOT SCORED", f"{summary.unscored_episodes} episodes of {len(summary.unscored_tasks)} tasks: {tasks}")
        )
        rows += [("", f"{count} x {reason}") for reason, count in summary.unscored_reasons.items()]
        if any(NO_JUDGE in reason for reason in summary.unscored_reasons):
            rows.append(
                ("", "to score them, add judge.model=<a litellm model> (τ²-bench's: gpt-4.1-2025-04-14) to the command")
            )
    if summary.infrastructure_failures:
        pairs = ", ".join(f"{task}/{trial}" for task, trial in summary.infrastructure_failures[:12])
        rows.append(
            ("INFRA FAILED", f"{len(summary.infrastructure_failures)} episodes (task/trial: {pairs}), not scored")
        )
    if summary.stopped:
        rows.append(("STOPPED", f"{summary.stopped}; {summary.not_started} episodes not started"))
    errors = ", ".join(f"{kind} {count}" for kind, count in sorted(summary.errors.items())) or "none"
    rows.append(("errors", errors))
    rows.append(
        ("terminations", ", ".join(f"{reason} {count}" for reason, count in sorted(summary.terminations.items())))
    )
    by_role = ", ".join(f"{role} {_money(usage.cost)}" for role, usage in summary.usage.items() if usage.calls)
    rows.append(("cost", f"{_money(summary.total_cost)}" + (f" ({by_role})" if by_role else "")))
    calls = sum(usage.calls for usage in summary.usage.values())
    if calls:
        tokens = sum(usage.prompt_tokens + usage.completion_tokens for usage in summary.usage.values())
        retries = sum(usage.retries for usage in summary.usage.values())
        hits = sum(usage.cache_hits for usage in summary.usage.values())
        corrections = sum(usage.corrections for usage in summary.usage.values())
        rows.append(
            (
                "model calls",
                f"{calls} ({hits} from cache), {tokens} tokens, {retries} retries, "
                f"{corrections} re-asks, {summary.episode_reruns} episode reruns",
            )
        )
    rows.append(("duration", f"{summary.duration_s:.1f} s"))
    rows.append(("results", results_file))
    width = max(len(label) for label, _ in rows)
    rule = "-" * max(len(title), 60)
    return "\n".join([title, rule] + [f"  {label.ljust(width)}  {value}" for label, value in rows] + [rule])


def _label_line(group: LabelGroup) -> str:
    """One value of a label, compactly: ``3: 4 tasks, pass^1 0.750, pass^4 0.500`` (pass^1 and the
    highest k; the results file has every k and their intervals)."""
    tasks = f"{group.num_tasks} task" + ("" if group.num_tasks == 1 else "s")
    ks = sorted({min(group.pass_hat_k), max(group.pass_hat_k)}) if group.pass_hat_k else []
    figures = ", ".join(f"pass^{k} {group.pass_hat_k[k]:.3f}" for k in ks) or "none scored"
    return f"{group.value}: {tasks}, {figures}"


SWEEP_COLUMNS = [
    "job",
    "env",
    "agent",
    "user",
    "model",
    "episodes",
    "scored",
    "avg reward",
    "unscored",
    "errors",
    "cost",
]


def _estimate(value: Optional[float], interval: Optional[tuple[float, float]]) -> str:
    """A value with its 95% interval, compactly: ``0.750 [0.61-0.88]``."""
    return _ratio(value) + ("" if value is None or interval is None else f" [{interval[0]:.2f}-{interval[1]:.2f}]")


def sweep_table(rows: Sequence[dict]) -> str:
    """One line per job of a sweep, side by side, with a column per pass^k any job has
    (``-`` where a job ran fewer trials)."""
    ks = sorted({int(column[len("pass^") :]) for row in rows for column in row if column.startswith("pass^")})
    at = SWEEP_COLUMNS.index("avg reward") + 1
    columns = SWEEP_COLUMNS[:at] + [f"pass^{k}" for k in ks] + SWEEP_COLUMNS[at:]
    cells = [[str(row.get(column, "-")) for column in columns] for row in rows]
    widths = [max(len(column), *(len(line[i]) for line in cells)) for i, column in enumerate(columns)]

    def render(values: list[str]) -> str:
        return "  ".join(value.ljust(width) for value, width in zip(values, widths)).rstrip()

    return "\n".join([render(columns), render(["-" * width for width in widths])] + [render(line) for line in cells])


def sweep_row(job: str, config: dict, summary: RunSummary) -> dict:
    """A job's cells of the sweep table: the average reward and every pass^k with their 95% intervals."""
    # a job whose pass^k leaves tasks out says over how many it is, in each of its pass^k cells
    scope = f" ({summary.pass_hat_k_tasks}/{summary.num_tasks} tasks)" if summary.pass_hat_k_partial else ""
    pass_hat_k = {
        f"pass^{k}": _estimate(value, summary.pass_hat_k_ci.get(k)) + scope
        for k, value in sorted(summary.pass_hat_k.items())
    }
    return {
        "job": job,
        "env": config["env"]["name"],
        "agent": config["agent"]["name"],
        "user": config["user"]["name"],
        "model": config["model"]["name"] or "-",
        "episodes": summary.num_episodes,
        "scored": summary.scored_episodes,
        "avg reward": _estimate(summary.average_reward, summary.average_reward_ci),
        **pass_hat_k,
        "unscored": summary.unscored_episodes,
        "errors": sum(summary.errors.values()),
        "cost": _money(summary.total_cost),
    }

"""The table the τ-bench README publishes, built from stored runs: ``python -m taubench leaderboard``.

One table per environment, one row per setup (agent model, agent strategy, user strategy, user
model, and any other setting that changes what is measured: strategy options, temperatures,
limits), with pass^1..k and the average reward, each with its 95% interval (the estimator and
task bootstrap of ``taubench.core.metrics``), cost and tokens per episode, and the episodes counted.

What is put side by side, and what is left out (every run left out is listed with the reason):

- A table mixes no runs that measure different things: all its runs share the task split, the
  tasks actually run, the data revision (data sha256) and the judge (where it graded any
  episode: one configured for tasks that need none changes no score). The runs of an
  environment are grouped by those; the table is the group most runs share (a tie goes to the
  group holding the newest run). A run that stopped early or never finished is left out too.
- Runs of one setup are **pooled**: their episodes are taken together per task, as more trials
  of the same setup (so two 2-trial runs give pass^1..4). Runs of a setup with the same seed
  draw the same trial seeds, so a second one is a repeat, not more trials: only the newest
  run of each (setup, seed) is pooled, the others are left out as repeats.
- pass^k is estimated for k up to the fewest scored trials of a task in the row; the columns go
  up to the largest such k of the table, and a row shows "—" where it has too few trials. Cost is
  "—" when a price is unknown (never 0). Cost and tokens are over all roles (agent, user, judge).
- ``--by LABEL`` (a task label the data carry, e.g. telecom's ``num_issues``) adds to each row
  its figures per value of that label (the summary's breakdown of the pooled episodes), shown as
  pass^1 per value after each table.

Sources (``taubench.reporting.leaderboard.sources``): run folders, searched recursively (default
``outputs/``), or with ``--mlflow`` the runs of the MLflow experiment, each read from its own
``results.json`` artifact.
"""

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, Literal, Optional, Sequence

from taubench.core.metrics import summarize
from taubench.execution.settings import DEFAULT_EXPERIMENT
from taubench.reporting.leaderboard import formats as leaderboard_formats
from taubench.reporting.leaderboard import sources
from taubench.reporting.leaderboard.sources import Candidate
from taubench.reporting.leaderboard.table import Figure, Leaderboard, LeftOut, Row, Table
from taubench.reporting.mlflow_store import StoreError
from taubench.reporting.stored_runs import StoredRun, changed_data_files
from taubench.reporting.tracking import flatten, measured_params

Format = Literal["markdown", "csv", "html", "json"]
# settings that are not part of a setup: what makes runs comparable (table), what pooling adds
# (trials, seeds), and what changes only the price
NOT_SETUP_KEYS = ("task_split", "task_ids", "start_index", "end_index", "shuffle", "num_trials", "seed", "max_cost")
# provider.*: where the model is served from (its name is the model string's own prefix), not what is measured
NOT_SETUP_SECTIONS = ("env.", "judge.", "provider.")
MAIN_COLUMNS = {"model.name": "model", "agent.name": "agent", "user.name": "user", "user.model": "user_model"}


def build(candidates: Sequence[Candidate], sources: Sequence[str], by: Optional[str] = None) -> Leaderboard:
    """``by``: a task label (e.g. ``num_issues``) to break each row's figures down by."""
    by_env: dict[Optional[str], list[Candidate]] = defaultdict(list)
    for candidate in candidates:
        by_env[candidate.run.domain if candidate.run else candidate.env].append(candidate)
    unknown = [LeftOut(source=c.source, reason=c.problem or "unreadable") for c in by_env.pop(None, [])]
    tables = [_table(env, by_env[env], by) for env in sorted(env for env in by_env if env is not None)]
    return Leaderboard(sources=list(sources), by=by, tables=tables, left_out=unknown)


def _table(env: str, candidates: list[Candidate], by: Optional[str]) -> Table:
    left_out = [LeftOut(source=c.source, reason=c.problem or "unreadable") for c in candidates if c.run is None]
    usable = []
    for candidate in candidates:
        if candidate.run and candidate.run.stopped:
            left_out.append(
                LeftOut(source=candidate.source, reason=f"unfinished: stopped early ({candidate.run.stopped})")
            )
        elif candidate.run:
            usable.append(candidate)
    if not usable:
        return Table(env=env, left_out=left_out)
    groups: dict[tuple, list[Candidate]] = defaultdict(list)
    for candidate in usable:
        groups[_comparability(_run_of(candidate))].append(candidate)
    chosen = max(groups.values(), key=lambda group: (len(group), max(_run_of(c).started_at for c in group)))
    reference = _run_of(chosen[0])
    for group in groups.values():
        if group is not chosen:
            left_out += [LeftOut(source=c.source, reason="; ".join(_differences(_run_of(c), reference))) for c in group]
    rows, repeats = _rows(chosen, by)
    varying = sorted({key for row in rows for key in row.settings if _varies(key, rows)})
    return Table(
        env=env,
        task_split=reference.task_split,
        tasks=len(reference.task_ids),
        data_sha256=reference.data_sha256,
        judge=reference.judge_used,
        k=max(row.trials for row in rows),
        varying_settings=varying,
        rows=rows,
        left_out=left_out + repeats,
    )


def _varies(key: str, rows: list[Row]) -> bool:
    """The setting differs between the rows that have it: a row without it (an option of another
    strategy) is told apart by its strategy already."""
    return len({json.dumps(row.settings[key]) for row in rows if key in row.settings}) > 1


def _run_of(candidate: Candidate) -> StoredRun:
    """The run of a candidate kept for a table, which has one."""
    assert candidate.run is not None
    return candidate.run


def _comparability(run: StoredRun) -> tuple:
    return run.task_split, tuple(sorted(run.task_ids)), tuple(sorted(run.data_sha256.items())), run.judge_used


def _differences(run: StoredRun, reference: StoredRun) -> list[str]:
    """Why a run cannot share the table built on ``reference``."""
    reasons = []
    if run.task_split != reference.task_split:
        reasons.append(f"task split {run.task_split} vs {reference.task_split}")
    elif run.task_ids != reference.task_ids:
        reasons.append(f"task set differs: {len(run.task_ids)} tasks vs {len(reference.task_ids)}")
    changed = changed_data_files(run, reference)
    if changed:
        reasons.append(f"data revision differs: {', '.join(changed)}")
    if run.judge_used != reference.judge_used:
        reasons.append(f"judge {run.judge_used or 'none'} vs {reference.judge_used or 'none'}")
    return reasons


def setup_of(run: StoredRun) -> dict[str, Any]:
    """What a run measured besides its tasks, data, judge, trials and seed, flattened; prices
    left out (they change the cost, not the episodes). The user model is the one it used."""
    flat = measured_params(flatten(run.config))
    setup = {
        key: value
        for key, value in flat.items()
        if key not in NOT_SETUP_KEYS and not key.startswith(NOT_SETUP_SECTIONS) and "pricing" not in key.split(".")
    }
    setup["user.model"] = setup.get("user.model") or (
        setup.get("model.name") if _user_uses_model(setup["user.name"]) else None
    )
    return setup


def _user_uses_model(strategy: str) -> bool:
    from taubench.users import USERS

    return getattr(USERS.get(strategy), "uses_model", False)


def _rows(candidates: list[Candidate], by: Optional[str]) -> tuple[list[Row], list[LeftOut]]:
    """One row per setup, its runs pooled (one per seed: the newest; the older are repeats)."""
    setups: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in sorted(candidates, key=lambda c: _run_of(c).started_at, reverse=True):
        setups[json.dumps(setup_of(_run_of(candidate)), sort_keys=True)].append(candidate)
    rows, repeats = [], []
    for key, group in setups.items():
        pooled: dict[Any, Candidate] = {}
        for candidate in group:
            seed = _run_of(candidate).config.get("seed")
            if seed in pooled:
                reason = f"repeats {pooled[seed].source} (same setup and seed {seed}: a repeat, not more trials)"
                repeats.append(LeftOut(source=candidate.source, reason=reason))
            else:
                pooled[seed] = candidate
        rows.append(_row(json.loads(key), list(reversed(pooled.values())), by))
    return sorted(rows, key=_rank), repeats


def _rank(row: Row) -> tuple:
    first = row.pass_hat_k.get(1)
    return -(first.value if first else -1), -(row.average_reward.value if row.average_reward else -1), row.agent


def _row(setup: dict[str, Any], candidates: list[Candidate], by: Optional[str]) -> Row:
    """The pooled episodes summarised as a run's summary is (oldest run first, each in plan order)."""
    facts = [episode for candidate in candidates for episode in _run_of(candidate).episodes]
    summary = summarize(_run_of(candidates[0]).domain, facts, num_trials=0, duration_s=0.0)
    episodes = len(facts)
    intervals = summary.pass_hat_k_ci
    usage = summary.usage.values()
    return Row(
        **{column: setup.pop(key) for key, column in MAIN_COLUMNS.items()},
        settings=setup,
        runs=[candidate.source for candidate in candidates],
        episodes=episodes,
        scored_episodes=summary.scored_episodes,
        trials=len(summary.pass_hat_k),
        pass_hat_k={k: _figure(value, intervals.get(k)) for k, value in summary.pass_hat_k.items()},
        average_reward=None
        if summary.average_reward is None
        else _figure(summary.average_reward, summary.average_reward_ci),
        cost_per_episode=None if summary.total_cost is None or not episodes else summary.total_cost / episodes,
        prompt_tokens_per_episode=sum(role.prompt_tokens for role in usage) / episodes if episodes else 0.0,
        completion_tokens_per_episode=sum(role.completion_tokens for role in usage) / episodes if episodes else 0.0,
        breakdown=summary.breakdown.get(by, []) if by else [],
    )


def _figure(value: float, interval: Optional[tuple[float, float]]) -> Figure:
    return Figure(value=value, ci_low=interval[0], ci_high=interval[1]) if interval else Figure(value=value)


def render(board: Leaderboard, format: Format) -> str:
    if format == "json":
        return board.model_dump_json(indent=1)
    return {
        "markdown": leaderboard_formats.markdown,
        "csv": leaderboard_formats.csv_text,
        "html": leaderboard_formats.html_page,
    }[format](board)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m taubench leaderboard",
        description="The τ-bench README's table from stored runs: per environment, one row per setup "
        "(model, agent and user strategies, user model), pass^1..k and average reward with 95% intervals, "
        "cost and tokens per episode. Runs that measure something else (tasks, data revision, judge) "
        "are left out, each with the reason.",
    )
    parser.add_argument(
        "paths", nargs="*", type=Path, help="run folders, or folders searched for runs (default: outputs)"
    )
    parser.add_argument(
        "--mlflow", action="store_true", help="read the runs of the MLflow experiment instead of folders"
    )
    parser.add_argument("--tracking-uri", help="MLflow store (default: the embedded store under ./mlruns)")
    parser.add_argument("--experiment", default=DEFAULT_EXPERIMENT, help="MLflow experiment (default: %(default)s)")
    formats = ("markdown", "csv", "html", "json")
    parser.add_argument("--format", choices=formats, default="markdown", help="(default: %(default)s)")
    parser.add_argument("--output", type=Path, help="write the table to this file instead of printing it")
    parser.add_argument(
        "--by",
        metavar="LABEL",
        help="break each row down by this task label (telecom: num_issues, persona, category): pass^1 per value",
    )
    parser.add_argument(
        "--log-to-mlflow",
        action="store_true",
        help="log the HTML and CSV tables to the experiment's 'leaderboard' run (artifacts under leaderboard/)",
    )
    args = parser.parse_args(argv)
    if args.mlflow and args.paths:
        parser.error("give run folders or --mlflow, not both")
    base_dir = Path.cwd()
    try:
        if args.mlflow:
            searched, candidates = sources.mlflow_runs(args.tracking_uri, args.experiment, base_dir)
        else:
            searched, candidates = sources.folder_runs(args.paths or [Path("outputs")])
    except sources.SourceError as exc:
        parser.exit(2, f"taubench leaderboard: {exc}\n")
    board = build(candidates, searched, args.by)
    if args.by and not any(row.breakdown for table in board.tables for row in table.rows):
        print(
            f"taubench leaderboard: no run's tasks carry the label {args.by!r}: nothing to break down",
            file=sys.stderr,
        )
    text = render(board, args.format)
    if args.output:
        try:
            args.output.write_text(text, encoding="utf-8")
        except OSError as exc:
            parser.exit(2, f"taubench leaderboard: --output: cannot write {args.output} ({exc.strerror})\n")
        print(f"taubench leaderboard: wrote {args.output}", file=sys.stderr)
    else:
        print(text, end="" if text.endswith("\n") else "\n")
    if args.log_to_mlflow:
        tables = {"leaderboard.html": render(board, "html"), "leaderboard.csv": render(board, "csv")}
        try:
            logged = sources.log_to_mlflow(tables, args.tracking_uri, args.experiment, base_dir)
        except StoreError as exc:
            parser.exit(2, f"taubench leaderboard: --log-to-mlflow: {exc}\n")
        print(f"taubench leaderboard: {logged}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

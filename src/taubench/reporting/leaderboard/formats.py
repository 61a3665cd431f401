"""The leaderboard written out: Markdown (the τ-bench README's tables, ready to paste), CSV (one
line per environment and setup, machine-readable) and a standalone HTML page (no external
assets; click a column's head to sort by it)."""

import csv
import hashlib
import html
import io
import json
from typing import Any, Optional

from taubench.core.metrics import LabelGroup, task_order
from taubench.reporting.leaderboard.table import Figure, Leaderboard, LeftOut, Row, Table

DASH = "—"
INTERVAL_NOTE = "pass^k: the exact estimator over scored episodes; [95% interval], bootstrap over tasks."


def data_revision(table: Table) -> str:
    """A short name for a table's data revision: the digest of its files' sha256."""
    return hashlib.sha256(json.dumps(sorted(table.data_sha256.items())).encode()).hexdigest()[:8]


def _caption(table: Table) -> str:
    return (
        f"split {table.task_split}, {table.tasks} tasks, data revision {data_revision(table)}, "
        f"judge {table.judge or 'none'}"
    )


def _figure(figure: Optional[Figure]) -> str:
    if figure is None:
        return DASH
    if figure.ci_low is None:
        return f"{figure.value:.3f}"
    return f"{figure.value:.3f} [{figure.ci_low:.3f}, {figure.ci_high:.3f}]"


def _setting(value: Any) -> str:
    return DASH if value is None else value if isinstance(value, str) else json.dumps(value)


def _cells(table: Table, row: Row) -> list[tuple[str, Optional[float]]]:
    """Each cell of a row as (text, value to sort by)."""
    cells: list[tuple[str, Optional[float]]] = [
        (row.model or DASH, None),
        (row.agent, None),
        (row.user, None),
        (row.user_model or DASH, None),
    ]
    cells += [(_setting(row.settings.get(key)), None) for key in table.varying_settings]
    cells.append((str(row.episodes), row.episodes))
    for k in range(1, table.k + 1):
        figure = row.pass_hat_k.get(k)
        cells.append((_figure(figure), figure.value if figure else None))
    cells.append((_figure(row.average_reward), row.average_reward.value if row.average_reward else None))
    cost = row.cost_per_episode
    cells.append((DASH if cost is None else f"${cost:.4f}", cost))
    cells += [
        (f"{tokens:,.0f}", tokens) for tokens in (row.prompt_tokens_per_episode, row.completion_tokens_per_episode)
    ]
    return cells


def _headers(table: Table) -> list[str]:
    return [
        "Model",
        "Agent",
        "User",
        "User model",
        *table.varying_settings,
        "Episodes",
        *(f"pass^{k}" for k in range(1, table.k + 1)),
        "Avg reward",
        "Cost / episode",
        "Prompt tokens / episode",
        "Completion tokens / episode",
    ]


def _label_figure(group: Optional[LabelGroup]) -> Optional[Figure]:
    """pass^1 of a row's tasks with one label value, as a figure (None: the row has no such task scored)."""
    if group is None or 1 not in group.pass_hat_k:
        return None
    interval = group.pass_hat_k_ci.get(1)
    return Figure(value=group.pass_hat_k[1], ci_low=interval and interval[0], ci_high=interval and interval[1])


def _breakdown_cells(table: Table, row: Row) -> list[tuple[str, Optional[float]]]:
    """A row's setup cells, then pass^1 for each value of the board's label."""
    groups = {group.value: group for group in row.breakdown}
    cells = _cells(table, row)[: _text_columns(table)]
    for value in table.label_values:
        figure = _label_figure(groups.get(value))
        cells.append((_figure(figure), figure.value if figure else None))
    return cells


def _breakdown_headers(table: Table, by: str) -> list[str]:
    tasks = {group.value: group.num_tasks for row in table.rows for group in row.breakdown}
    return _headers(table)[: _text_columns(table)] + [
        f"{by}={value} ({tasks[value]} tasks)" for value in table.label_values
    ]


def _breakdown_note(by: str) -> str:
    return (
        f"pass^1 by {by}: over the tasks with each value (their number in the header); "
        "[95% interval], bootstrap over them."
    )


def _left_out_lines(left_out: list[LeftOut]) -> list[str]:
    return [f"- `{entry.source}`: {entry.reason}" for entry in left_out]


def markdown(board: Leaderboard) -> str:
    lines = ["# Leaderboard", ""]
    if not board.tables and not board.left_out:
        lines += [f"No runs found in {', '.join(board.sources)}.", ""]
    for table in board.tables:
        lines += [f"## {table.env}", ""]
        if table.rows:
            lines += [f"{_caption(table)}. {INTERVAL_NOTE}", ""]
            lines += _markdown_table(table, _headers(table), [_cells(table, row) for row in table.rows])
        if board.by and table.label_values:
            lines += [_breakdown_note(board.by), ""]
            cells = [_breakdown_cells(table, row) for row in table.rows]
            lines += _markdown_table(table, _breakdown_headers(table, board.by), cells)
        if table.left_out:
            lines += ["Left out:", "", *_left_out_lines(table.left_out), ""]
    if board.left_out:
        lines += ["## Unreadable runs", "", *_left_out_lines(board.left_out), ""]
    return "\n".join(lines)


def _markdown_table(table: Table, headers: list[str], rows: list[list[tuple[str, Optional[float]]]]) -> list[str]:
    """Setup columns left-aligned, figures right-aligned; a blank line after."""
    lines = ["| " + " | ".join(headers) + " |"]
    lines.append("|" + "|".join("---" if n < _text_columns(table) else "--:" for n in range(len(headers))) + "|")
    lines += ["| " + " | ".join(text.replace("|", "\\|") for text, _ in cells) + " |" for cells in rows]
    return lines + [""]


def csv_text(board: Leaderboard) -> str:
    k_max = max((table.k for table in board.tables), default=0)
    header = [
        "env",
        "task_split",
        "tasks",
        "data_revision",
        "judge",
        "model",
        "agent",
        "user",
        "user_model",
        "settings",
        "runs",
        "episodes",
        "scored_episodes",
        "trials",
        "average_reward",
        "average_reward_ci_low",
        "average_reward_ci_high",
    ]
    for k in range(1, k_max + 1):
        header += [f"pass_hat_{k}", f"pass_hat_{k}_ci_low", f"pass_hat_{k}_ci_high"]
    header += ["cost_per_episode", "prompt_tokens_per_episode", "completion_tokens_per_episode"]
    values = sorted({value for table in board.tables for value in table.label_values}, key=task_order)
    for value in values:  # pass^1 of each value of the --by label: pass_hat_1_num_issues_3, ...
        name = f"pass_hat_1_{board.by}_{value}"
        header += [name, f"{name}_ci_low", f"{name}_ci_high"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for table in board.tables:
        for row in table.rows:
            line = [
                table.env,
                table.task_split,
                table.tasks,
                data_revision(table),
                table.judge or "",
                row.model or "",
                row.agent,
                row.user,
                row.user_model or "",
                json.dumps(row.settings, sort_keys=True),
                len(row.runs),
                row.episodes,
                row.scored_episodes,
                row.trials,
                *_csv_figure(row.average_reward),
            ]
            for k in range(1, k_max + 1):
                line += _csv_figure(row.pass_hat_k.get(k))
            line += [_blank(row.cost_per_episode), row.prompt_tokens_per_episode, row.completion_tokens_per_episode]
            groups = {group.value: group for group in row.breakdown}
            for value in values:
                line += _csv_figure(_label_figure(groups.get(value)))
            writer.writerow(line)
    return out.getvalue()


def _csv_figure(figure: Optional[Figure]) -> list:
    return [""] * 3 if figure is None else [figure.value, _blank(figure.ci_low), _blank(figure.ci_high)]


def _blank(value: Optional[float]):
    return "" if value is None else value


STYLE = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}
th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left}
td.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
th{background:#f3f3f3;cursor:pointer}caption{text-align:left;color:#555;padding:.3em 0}li code{background:#f6f6f6}"""
SORTING = (
    """document.querySelectorAll("th").forEach(th=>th.addEventListener("click",()=>{const i=th.cellIndex;
const body=th.closest("table").tBodies[0],rows=[...body.rows],"""
    """down=th.dataset.order!=="desc";th.dataset.order=down?"desc":"asc";
const key=r=>{const c=r.cells[i];"""
    """return c.dataset.v!==undefined?(c.dataset.v===""?-Infinity:+c.dataset.v):c.textContent};
rows.sort((a,b)=>{const x=key(a),y=key(b);return (x<y?-1:x>y?1:0)*(down?-1:1)});"""
    """rows.forEach(r=>body.appendChild(r))}));"""
)


def html_page(board: Leaderboard) -> str:
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>taubench leaderboard</title>',
        f"<style>{STYLE}</style></head><body>",
        "<h1>Leaderboard</h1>",
        f"<p>{html.escape(INTERVAL_NOTE)}</p>",
    ]
    for table in board.tables:
        parts.append(f"<h2>{html.escape(table.env)}</h2>")
        if table.rows:
            parts.append(
                _html_table(table, _caption(table), _headers(table), [_cells(table, row) for row in table.rows])
            )
        if board.by and table.label_values:
            parts.append(
                _html_table(
                    table,
                    _breakdown_note(board.by),
                    _breakdown_headers(table, board.by),
                    [_breakdown_cells(table, row) for row in table.rows],
                )
            )
        parts += _html_left_out("Left out", table.left_out)
    parts += _html_left_out("Unreadable runs", board.left_out)
    parts.append(f"<script>{SORTING}</script></body></html>")
    return "\n".join(parts) + "\n"


def _html_table(table: Table, caption: str, headers: list[str], rows: list[list[tuple[str, Optional[float]]]]) -> str:
    """Setup columns as text, figures right-aligned with the value to sort by."""
    parts = [f"<table><caption>{html.escape(caption)}</caption><thead><tr>"]
    parts += [f"<th>{html.escape(header)}</th>" for header in headers]
    parts.append("</tr></thead><tbody>")
    for cells in rows:
        tds = (
            f"<td>{html.escape(text)}</td>"
            if n < _text_columns(table)
            else f'<td class="n" data-v="{"" if value is None else value}">{html.escape(text)}</td>'
            for n, (text, value) in enumerate(cells)
        )
        parts.append("<tr>" + "".join(tds) + "</tr>")
    parts.append("</tbody></table>")
    return "\n".join(parts)


def _text_columns(table: Table) -> int:
    """Model, agent, user, user model and the varying settings; the columns after them are numbers."""
    return 4 + len(table.varying_settings)


def _html_left_out(title: str, left_out: list[LeftOut]) -> list[str]:
    if not left_out:
        return []
    items = "".join(
        f"<li><code>{html.escape(entry.source)}</code>: {html.escape(entry.reason)}</li>" for entry in left_out
    )
    return [f"<p>{title}:</p><ul>{items}</ul>"]

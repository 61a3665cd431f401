"""``trajectories/index.html``: one page listing every episode of a run, so a run of hundreds
of episodes has a way in, and carrying each episode as its own page shows it (``trajectory_page``).

The episodes are inside the index, not only in the files beside it, because the index is read
mostly in MLflow's artifact viewer: a frame sandboxed to scripts alone, loaded from a ``blob:``
address, where a link to another file blanks the frame and new tabs and top-level navigation
are refused. A row's link shows its episode in place of the table; a few lines of inline script
do it there (and sort the table by a clicked column); elsewhere CSS ``:target`` does it
without script. Like the episode pages it carries its own CSS, names no external URL and
escapes every recorded text. Rows come in natural task order (2 before 10), then trial.
"""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Optional, Union

from pydantic import BaseModel

from taubench.core.episode import EpisodeResult
from taubench.core.metrics import RunSummary, is_success, task_order
from taubench.execution.preparation import PreparedRun, RunReport
from taubench.execution.settings import RunSettings
from taubench.reporting.console import pass_hat_k_scope
from taubench.reporting.fault_attribution import EpisodeAttribution
from taubench.reporting.trajectory_page import PAGES_FOLDER, PageContext, page_name, page_of, render_episode
from taubench.reporting.trajectory_page import STYLE as PAGE_STYLE

INDEX_FILE = "index.html"
Verdicts = Mapping[tuple[str, int], EpisodeAttribution]  # the error analysis's, by (task, trial)

LISTING = "episodes"  # the id of the part that lists the episodes
# The episode pages' own style, then the listing's; one episode is shown at a time, in place of the listing
STYLE = (
    PAGE_STYLE
    + """
body { max-width: 1100px; }
table.episodes th { cursor: pointer; white-space: nowrap; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
section.episode { display: none; } section.episode:target, section.episode.shown { display: block; }
body:has(section.episode:target) #episodes, body.reading #episodes { display: none; }
.file { color: #5b6068; font-size: 12px; margin-bottom: 8px; }
"""
)

# A click on a link inside the page shows the episode it names (or the listing again) by class,
# not by changing the address: the sandboxed blob: frame of MLflow's viewer ignores fragment
# navigation. A click on a column header sorts the table by its data-key (numbers as numbers).
SCRIPT = """
document.addEventListener("click", function (event) {
  var link = event.target.closest("a[href^='#']");
  if (!link) return;
  event.preventDefault();
  var target = document.getElementById(link.getAttribute("href").slice(1));
  var episode = target !== null && target.classList.contains("episode");
  document.querySelectorAll("section.episode.shown").forEach(function (shown) { shown.classList.remove("shown"); });
  if (episode) target.classList.add("shown");
  document.body.classList.toggle("reading", episode);
  window.scrollTo(0, 0);
});
document.querySelectorAll("table.episodes th").forEach(function (header) {
  header.addEventListener("click", function () {
    var body = header.closest("table").tBodies[0], column = header.cellIndex;
    var ascending = header.dataset.order !== "ascending";
    header.dataset.order = ascending ? "ascending" : "descending";
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[column].dataset.key, y = b.cells[column].dataset.key;
      var order = isNaN(x) || isNaN(y) ? x.localeCompare(y) : x - y;
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  });
});
"""


class IndexRow(BaseModel):
    """What the index says of one episode: a few facts, so the episodes of a long run are
    read one at a time and never all held in memory."""

    task_id: str
    trial: int
    reward: Optional[float]
    unscored_note: Optional[str]  # why an episode without a reward was not scored
    termination: str
    verdict: Optional[str]  # the error analysis's, for a failed episode it judged
    cost: Optional[float]  # None: a price was unknown
    messages: int
    tool_calls: int
    user_tool_calls: int  # of them, those the user made (telecom: on their phone); the others are the agent's
    page: str  # the episode page's file name, next to the index

    @property
    def anchor(self) -> str:
        """The id of the episode's section in the index: its page's name without ``.html``."""
        return anchor_of(self.page)

    @classmethod
    def of(cls, episode: EpisodeResult, attribution: Optional[EpisodeAttribution]) -> "IndexRow":
        costs = [usage.cost for usage in episode.usage.values()]
        return cls(
            task_id=episode.task_id,
            trial=episode.trial,
            reward=episode.reward,
            unscored_note=episode.reward_info.note if episode.reward is None else None,
            termination=str(episode.termination_reason),
            verdict=None if attribution is None else _verdict(attribution),
            cost=None if None in costs else sum(costs),
            messages=len(episode.messages),
            tool_calls=len(episode.tool_calls),
            user_tool_calls=sum(call.requestor == "user" for call in episode.tool_calls),
            page=page_name(episode.task_id, episode.trial),
        )

    @property
    def outcome(self) -> str:
        if self.reward is None:
            return "unscored"
        return "success" if is_success(self.reward) else "failure"


class RunFacts(BaseModel):
    """What the index's header says of the run besides its summary."""

    title: str
    domain: str
    split: str
    agent: str
    user: str
    model: str
    judge: str

    @classmethod
    def of(cls, settings: RunSettings, run_title: str) -> "RunFacts":
        models = PageContext.of(settings, run_title).models
        return cls(
            title=run_title,
            domain=settings.env.name,
            split=settings.task_split,
            agent=settings.agent.name,
            user=settings.user.name,
            model=settings.model.name or "none",
            judge=models["judge"],
        )


def write_run_pages(
    prepared: PreparedRun, report: RunReport, run_title: str, verdicts: Optional[Verdicts] = None
) -> Path:
    """Every episode's page and their index, in ``<output_dir>/trajectories``; returns the folder.
    ``verdicts``: the error analysis's by (task, trial), None when the run had no analysis (no
    fault column then)."""
    facts = RunFacts.of(prepared.settings, run_title)
    context = PageContext.of(prepared.settings, run_title)
    return write_pages(report.output_dir / PAGES_FOLDER, report.episodes, report.summary, facts, context, verdicts)


def write_pages(
    folder: Path,
    episodes: Iterable[EpisodeResult],
    summary: RunSummary,
    facts: RunFacts,
    context: PageContext,
    verdicts: Optional[Verdicts] = None,
) -> Path:
    """Each episode's page and the index of them into ``folder``, each episode rendered once, for
    both, and held in memory alone (``episodes`` is read twice: the rows, then the pages);
    returns ``folder``."""
    found = verdicts or {}
    rows = [IndexRow.of(episode, found.get((episode.task_id, episode.trial))) for episode in episodes]
    folder.mkdir(parents=True, exist_ok=True)

    def sections() -> Iterator[str]:
        for episode in episodes:
            body = render_episode(episode, context, found.get((episode.task_id, episode.trial)))
            page = page_name(episode.task_id, episode.trial)
            (folder / page).write_text(page_of(episode, body), encoding="utf-8")
            yield episode_section(page, body)

    with (folder / INDEX_FILE).open("w", encoding="utf-8") as index:
        index.writelines(index_parts(rows, summary, facts, analysed=verdicts is not None, sections=sections()))
    return folder


def render_index(
    rows: Sequence[IndexRow], summary: RunSummary, facts: RunFacts, analysed: bool, sections: Iterable[str] = ()
) -> str:
    """The whole index as one string (``write_pages`` streams the same parts to its file)."""
    return "".join(index_parts(rows, summary, facts, analysed, sections))


def index_parts(
    rows: Sequence[IndexRow], summary: RunSummary, facts: RunFacts, analysed: bool, sections: Iterable[str]
) -> Iterator[str]:
    """The index in order: ``analysed``, the run had an error analysis, so a fault column is
    shown; ``sections``, each episode as ``episode_section`` renders it."""
    ordered = sorted(rows, key=lambda row: (task_order(row.task_id), row.trial))
    rank = {task_id: position for position, task_id in enumerate(dict.fromkeys(row.task_id for row in ordered))}
    columns = ["task", "trial", "reward", "success", "termination", *(["fault"] if analysed else [])]
    columns += ["cost", "messages", "tool calls"]
    head = "".join(f"<th>{escape(column)}</th>" for column in columns)
    body = "".join(_row(row, rank[row.task_id], analysed) for row in ordered)
    title = f"{facts.title} · episodes"
    yield '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
    yield f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
    yield f'<div id="{LISTING}"><h1>{escape(title)}</h1>{_header(summary, facts)}'
    yield f"<h2>Episodes ({len(ordered)})</h2>"
    yield f'<table class="episodes"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
    yield from sections
    yield f"<script>{SCRIPT}</script></body></html>\n"


def episode_section(page: str, body: str) -> str:
    """One episode as its page (file name ``page``) shows it, hidden until its row's link is followed."""
    return (
        f'<section class="episode" id="{escape(anchor_of(page))}"><a href="#{LISTING}">← all episodes</a>'
        f'<div class="file">also on its own: {escape(PAGES_FOLDER)}/{escape(page)}</div>{body}</section>'
    )


def anchor_of(page: str) -> str:
    return page.removesuffix(".html")


def _header(summary: RunSummary, facts: RunFacts) -> str:
    episodes = (
        f"{summary.num_episodes} ({summary.num_tasks} tasks × {summary.num_trials} trials): "
        f"{summary.scored_episodes} scored, {summary.successes} successes, {summary.unscored_episodes} unscored"
    )
    rows = [
        ("domain", f"{facts.domain} ({facts.split})"),
        ("agent", facts.agent),
        ("user", facts.user),
        ("model", facts.model),
        ("judge", facts.judge),
        ("episodes", episodes),
        ("average reward", _estimate(summary.average_reward, summary.average_reward_ci)),
    ]
    rows += [
        (f"pass^{k}", _estimate(value, summary.pass_hat_k_ci.get(k))) for k, value in sorted(summary.pass_hat_k.items())
    ]
    if summary.pass_hat_k_partial:
        rows.append(("pass^k", pass_hat_k_scope(summary)))
    for key, groups in summary.breakdown.items():  # labelled tasks (telecom): pass^1 per value
        values = (
            f"{group.value}: {_estimate(group.pass_hat_k.get(1), None)} ({group.num_tasks} tasks)" for group in groups
        )
        rows.append((f"pass^1 by {key}", " · ".join(values)))
    if summary.infrastructure_failures:
        rows.append(("infrastructure failures", f"{len(summary.infrastructure_failures)} episodes, not scored"))
    if summary.stopped:
        rows.append(("stopped", f"{summary.stopped}; {summary.not_started} episodes not started"))
    rows.append(("cost", _money(summary.total_cost)))
    cells = "".join(f"<tr><th>{escape(name)}</th><td>{escape(value)}</td></tr>" for name, value in rows)
    return f'<table class="facts">{cells}</table>'


def _row(row: IndexRow, task_rank: int, analysed: bool) -> str:
    """One episode; each cell carries the key the script sorts it by (the task column: natural order, then trial)."""
    if row.reward is None:
        reward = f'<span class="unscored" title="{escape(row.unscored_note or "")}">unscored</span>'
    else:
        reward = f'<span class="{row.outcome}">{row.reward:g}</span>'
    success = {"success": "yes", "failure": "no", "unscored": "—"}[row.outcome]
    cells: list[tuple[Union[int, float, str], str, str]] = [  # (sort key, class, inner HTML)
        (f"{task_rank}.{row.trial:06d}", "", f'<a href="#{escape(row.anchor)}">{escape(row.task_id)}</a>'),
        (row.trial, "number", str(row.trial)),
        (-1 if row.reward is None else row.reward, "number", reward),
        (
            {"success": 1, "failure": 0, "unscored": -1}[row.outcome],
            "",
            f'<span class="{row.outcome}">{success}</span>',
        ),
        (row.termination, "", escape(row.termination)),
    ]
    if analysed:
        cells.append((row.verdict or "", "", escape(row.verdict or "—")))
    cells += [
        (-1 if row.cost is None else row.cost, "number", _money(row.cost)),
        (row.messages, "number", str(row.messages)),
        (
            row.tool_calls,
            "number",
            str(row.tool_calls) + (f" ({row.user_tool_calls} by user)" if row.user_tool_calls else ""),
        ),
    ]
    rendered = "".join(
        f'<td data-key="{escape(str(key))}"' + (f' class="{style}"' if style else "") + f">{inner}</td>"
        for key, style, inner in cells
    )
    return f"<tr>{rendered}</tr>"


def _verdict(attribution: EpisodeAttribution) -> str:
    if attribution.error is not None:
        return "no usable answer"
    return str(attribution.fault) + (f" / {attribution.fault_type}" if attribution.fault_type else "")


def _estimate(value: Optional[float], interval: Optional[tuple[float, float]]) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" + ("" if interval is None else f" (95% CI {interval[0]:.3f}–{interval[1]:.3f})")


def _money(cost: Optional[float]) -> str:
    return "unknown" if cost is None else f"${cost:.4f}"

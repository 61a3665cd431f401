"""Each episode as a self-contained HTML page: header, reward components, the conversation.

The pages are shown inside the MLflow UI, so they carry their own CSS and nothing else (no
script, no external URL), and every piece of recorded text goes through ``html.escape``:
a model or a customer may write anything, markup included.
"""

import hashlib
import json
import re
from html import escape
from typing import Any, Optional

from pydantic import BaseModel

from taubench.core.episode import ROLES, EpisodeResult
from taubench.core.messages import AssistantMessage, Requestor, ToolCall, ToolMessage, Usage, UserMessage, tool_calls_of
from taubench.core.metrics import is_success
from taubench.execution.preflight import model_roles
from taubench.execution.settings import RunSettings
from taubench.reporting.fault_attribution import EpisodeAttribution

PAGES_FOLDER = "trajectories"
SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]")
MAX_NAME_LENGTH = 80
SUMMARY_ARGS_LENGTH = 90  # characters of a tool call's arguments shown on its folded line
FOLD_AFTER_LINES = 8  # reward-component details longer than this are folded

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 960px;
       padding: 16px; color: #1d1f23; background: #fafafa; font-size: 14px; line-height: 1.45; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 22px 0 8px; }
.run { color: #5b6068; margin-bottom: 12px; }
table { border-collapse: collapse; background: white; width: 100%; }
th, td { border: 1px solid #d9dce1; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f0f2f5; font-weight: 600; }
table.facts th { width: 170px; }
pre { white-space: pre-wrap; word-break: break-word; margin: 4px 0; font-size: 12px;
      background: #f4f5f7; padding: 6px; border-radius: 4px; }
.passed, .success { color: #1f7a3a; font-weight: 600; } .failed, .failure { color: #b3262b; font-weight: 600; }
.not_evaluated, .not_run, .unscored { color: #9a6a00; font-weight: 600; }
.chat { display: flex; flex-direction: column; gap: 10px; }
.bubble { max-width: 78%; padding: 8px 12px; border-radius: 12px; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
.user { align-self: flex-start; background: #e6effc; border-bottom-left-radius: 2px; }
.assistant { align-self: flex-end; background: #e5f5e8; border-bottom-right-radius: 2px; }
.orphan { align-self: center; background: #fff4e0; }
.who { font-size: 11px; color: #5b6068; text-transform: uppercase; letter-spacing: .04em; }
.text { white-space: pre-wrap; word-break: break-word; }
details { background: white; border: 1px solid #d9dce1; border-radius: 6px; margin: 6px 0; padding: 2px 8px; }
details.tool-error { border-color: #d1343a; background: #fff5f5; }
summary { cursor: pointer; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
.caller { font-family: system-ui, sans-serif; font-size: 11px; color: #5b6068; margin-left: 6px; }
.badge { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 8px; margin-left: 6px;
         background: #d1343a; color: white; font-family: system-ui, sans-serif; }
.usage { font-size: 11px; color: #5b6068; margin-top: 4px; }
.error { border: 1px solid #d1343a; background: #fff5f5; padding: 8px; border-radius: 6px; }
"""


class PageContext(BaseModel):
    """What a page says about the run its episode belongs to."""

    run_title: str
    models: dict[str, str]  # role -> the model it talked to, or what played it without one

    @classmethod
    def of(cls, settings: RunSettings, run_title: str) -> "PageContext":
        roles = model_roles(settings)
        models = {
            "agent": roles["agent"][0].model if "agent" in roles else f"{settings.agent.name} (no model)",
            "user": roles["user"][0].model if "user" in roles else f"{settings.user.name} (no model)",
            "judge": roles["judge"][0].model if "judge" in roles else "none",
        }
        return cls(run_title=run_title, models=models)


def page_name(task_id: str, trial: int) -> str:
    """A file name unique per (task, trial) and safe anywhere: an id with characters outside
    ``[A-Za-z0-9._-]`` (τ² ids can hold ``[``, ``]``, ``:``, ...) or longer than MAX_NAME_LENGTH
    is shortened to safe characters plus ``~`` and a hash of the id, which a safe id never has."""
    safe = SAFE_NAME.sub("_", task_id)
    if safe != task_id or len(safe) > MAX_NAME_LENGTH:
        safe = f"{safe[:MAX_NAME_LENGTH]}~{hashlib.sha256(task_id.encode('utf-8')).hexdigest()[:10]}"
    return f"task-{safe}_trial-{trial}.html"


def render_page(episode: EpisodeResult, context: PageContext, attribution: Optional[EpisodeAttribution] = None) -> str:
    """The whole page as one string: plain string building keeps thousands of pages cheap."""
    return page_of(episode, render_episode(episode, context, attribution))


def page_of(episode: EpisodeResult, body: str) -> str:
    """The page around what ``render_episode`` rendered of the episode."""
    return "".join(
        [
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
            f"<title>{escape(episode_title(episode))}</title><style>{STYLE}</style></head><body>",
            body,
            "</body></html>\n",
        ]
    )


def episode_title(episode: EpisodeResult) -> str:
    return f"task {episode.task_id} · trial {episode.trial}"


def render_episode(
    episode: EpisodeResult, context: PageContext, attribution: Optional[EpisodeAttribution] = None
) -> str:
    """What the page shows of the episode, without the document around it: the run's index
    carries the same, so that it reads where links to other files are dead (MLflow's viewer)."""
    parts = [
        f"<h1>{escape(episode_title(episode))}</h1>",
        f'<div class="run">{escape(context.run_title)}</div>',
        _header(episode, context, attribution),
        _error(episode),
        "<h2>Reward components</h2>",
        _components(episode),
        "<h2>Conversation</h2>",
        _conversation(episode),
    ]
    return "".join(parts)


def _header(episode: EpisodeResult, context: PageContext, attribution: Optional[EpisodeAttribution]) -> str:
    note = episode.reward_info.note
    if episode.reward is None:  # the note says why ("not scored: ...")
        verdict = f'<span class="unscored">{escape(note or "not scored")}</span>'
    else:
        outcome = "success" if is_success(episode.reward) else "failure"
        verdict = f'<span class="{outcome}">{episode.reward:g} ({outcome})</span>' + (
            f" — {escape(note)}" if note else ""
        )
    facts = [
        ("reward", verdict),
        ("reward basis", escape(", ".join(kind.value for kind in episode.reward_info.reward_basis) or "none")),
        ("termination", escape(str(episode.termination_reason))),
        ("duration", escape(f"{episode.duration_s:.2f} s, {episode.num_steps} steps, started {episode.started_at}")),
        ("cost", escape(_costs(episode.usage))),
        ("tokens", escape(_tokens(episode.usage))),
        ("models", escape(", ".join(f"{role}: {model}" for role, model in context.models.items()))),
        ("seed, attempts", escape(f"{episode.seed}, {episode.attempts}")),
        ("tool calls", escape(f"{len(episode.tool_calls)} ({episode.num_tool_errors} errors)")),
    ]
    if attribution is not None:
        facts.append(("error analysis", escape(_attribution(attribution))))
    rows = "".join(f"<tr><th>{escape(name)}</th><td>{value}</td></tr>" for name, value in facts)
    return f'<table class="facts">{rows}</table>'


def _attribution(attribution: EpisodeAttribution) -> str:
    if attribution.error is not None:
        return f"no usable answer: {attribution.error}"
    assert attribution.fault is not None  # a verdict without an error names the fault
    fault = attribution.fault + (f" / {attribution.fault_type}" if attribution.fault_type else "")
    return f"{fault}: {attribution.explanation}"


def _error(episode: EpisodeResult) -> str:
    if episode.error is None:
        return ""
    error = episode.error
    return (
        f'<h2>Error</h2><div class="error"><b>{escape(error.kind)}</b>: {escape(error.type)}: {escape(error.message)}'
        f"<details><summary>traceback</summary><pre>{escape(error.traceback)}</pre></details></div>"
    )


def _components(episode: EpisodeResult) -> str:
    components = episode.reward_info.components
    if not components:
        return "<p>No component was evaluated.</p>"
    rows = "".join(
        f'<tr><td>{escape(kind.value)}</td><td class="{escape(result.status)}">{escape(result.status)}</td>'
        f"<td>{'yes' if result.in_basis else 'no'}</td><td>{escape(result.note or '')}</td>"
        f"<td>{_details(result.details) if result.details else ''}</td></tr>"
        for kind, result in components.items()
    )
    return (
        f"<table><tr><th>component</th><th>status</th><th>in basis</th><th>note</th><th>details</th></tr>{rows}</table>"
    )


def _conversation(episode: EpisodeResult) -> str:
    results = {
        (message.requestor, message.tool_call_id): message
        for message in episode.messages
        if isinstance(message, ToolMessage)
    }
    answered = {(side, call.id) for message in episode.messages for side, call in tool_calls_of(message)}
    bubbles = []
    for message in episode.messages:
        if isinstance(message, UserMessage):
            bubbles.append(_user_bubble(message, results))
        elif isinstance(message, AssistantMessage):
            bubbles.append(_assistant_bubble(message, results))
        elif (message.requestor, message.tool_call_id) not in answered:  # a result whose call is not on record
            who = f"tool result of a {message.requestor}'s call"
            bubbles.append(
                f'<div class="bubble orphan"><div class="who">{escape(who)}</div>{_tool_result(message)}</div>'
            )
    if not bubbles:
        return "<p>No message was exchanged.</p>"
    return f'<div class="chat">{"".join(bubbles)}</div>'


def _user_bubble(message: UserMessage, results: dict[tuple[Requestor, str], ToolMessage]) -> str:
    parts = ['<div class="bubble user"><div class="who">user</div>']
    if message.content.strip() or not message.tool_calls:
        parts.append(f'<div class="text">{escape(message.content)}</div>')
    parts.extend(_tool_call(call, results.get(("user", call.id)), "user") for call in message.tool_calls or [])
    if message.thoughts:
        parts.append(
            f'<details><summary>thoughts</summary><div class="text">{escape(message.thoughts)}</div></details>'
        )
    if message.drafts:
        drafts = "".join(
            f"<tr><td>{number}</td><td>{'accepted' if draft.accepted else 'rejected'}</td>"
            f'<td class="text">{escape(draft.content)}</td><td>{escape(draft.reason)}</td>'
            f'<td class="text">{escape(draft.reflection or "")}</td></tr>'
            for number, draft in enumerate(message.drafts, 1)
        )
        parts.append(
            f"<details><summary>drafts ({len(message.drafts)})</summary><table><tr><th>#</th><th>verdict</th>"
            f"<th>draft</th><th>reason</th><th>reflection</th></tr>{drafts}</table></details>"
        )
    parts.append(_usage(message.usage))
    parts.append("</div>")
    return "".join(parts)


def _assistant_bubble(message: AssistantMessage, results: dict[tuple[Requestor, str], ToolMessage]) -> str:
    parts = ['<div class="bubble assistant"><div class="who">assistant</div>']
    if message.content is not None and message.has_text:
        parts.append(f'<div class="text">{escape(message.content)}</div>')
    parts.extend(
        _tool_call(call, results.get(("assistant", call.id)), "assistant") for call in message.tool_calls or []
    )
    parts.append(_usage(message.usage))
    parts.append("</div>")
    return "".join(parts)


def _tool_call(call: ToolCall, result: Optional[ToolMessage], requestor: Requestor) -> str:
    """A folded call; its line says whose call it was (in telecom the user runs tools on their phone)."""
    failed = result is not None and result.error
    arguments = call.invalid_arguments if call.invalid_arguments is not None else _short_args(call.arguments)
    badge = '<span class="badge">error</span>' if failed else ""
    body = (
        f"<div>arguments (not a JSON object, never run):</div><pre>{escape(call.invalid_arguments)}</pre>"
        if call.invalid_arguments is not None
        else f"<div>arguments</div>{_pre(call.arguments)}"
    )
    body += f"<div>result</div>{_tool_result(result)}" if result is not None else "<div>no result recorded</div>"
    return (
        f'<details class="tool{" tool-error" if failed else ""}"><summary>{escape(call.name)}'
        f'({escape(_cut(arguments, SUMMARY_ARGS_LENGTH))})<span class="caller">by {requestor}</span>{badge}</summary>'
        f"{body}</details>"
    )


def _tool_result(result: ToolMessage) -> str:
    try:
        content: Any = json.loads(result.content)
    except ValueError:
        return f"<pre>{escape(result.content)}</pre>"
    return _pre(content)


def _short_args(arguments: dict[str, Any]) -> str:
    return ", ".join(f"{key}={json.dumps(value, ensure_ascii=False)}" for key, value in arguments.items())


def _pre(value: Any) -> str:
    return f"<pre>{escape(json.dumps(value, indent=2, ensure_ascii=False, default=str))}</pre>"


def _details(details: dict[str, Any]) -> str:
    """A component's details, folded when long (action checks list every gold action)."""
    text = json.dumps(details, indent=2, ensure_ascii=False, default=str)
    if text.count("\n") <= FOLD_AFTER_LINES:
        return f"<pre>{escape(text)}</pre>"
    keys = ", ".join(details)
    return f"<details><summary>{escape(_cut(keys, SUMMARY_ARGS_LENGTH))}</summary><pre>{escape(text)}</pre></details>"


def _cut(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"


def _usage(usage: Optional[Usage]) -> str:
    if usage is None or usage.calls == 0:
        return ""
    cost = "cost unknown" if usage.cost is None else f"${usage.cost:.4f}"
    figures = f"{usage.calls} calls, {usage.prompt_tokens}+{usage.completion_tokens} tokens, {cost}"
    return f'<div class="usage">{escape(figures)}</div>'


def _costs(usage: dict[str, Usage]) -> str:
    costs = {role: usage[role].cost for role in ROLES if role in usage}
    known = [cost for cost in costs.values() if cost is not None]
    total = f"${sum(known):.4f}" if len(known) == len(costs) else "unknown"
    return (
        f"{total} ("
        + ", ".join(f"{role} {'unknown' if cost is None else f'${cost:.4f}'}" for role, cost in costs.items())
        + ")"
    )


def _tokens(usage: dict[str, Usage]) -> str:
    return ", ".join(
        f"{role} {usage[role].prompt_tokens}+{usage[role].completion_tokens} in {usage[role].calls} calls"
        for role in ROLES
        if role in usage
    )

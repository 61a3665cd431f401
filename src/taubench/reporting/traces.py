"""Every episode as an MLflow trace of its run, so the UI's Traces view shows and filters the
conversations: one root span per episode, a span per model call (agent and user, with the
messages that call answered, tokens and cost) and per tool call (arguments, observation, error
flag, whose call it was), tags for task, trial, termination and outcome, the reward and each
of its components as feedback. No trace names a session: MLflow's Sessions view reads a
session as the turns of one conversation, and a task's trials are separate conversations.

Traces are built from the finished episode records, after the fact: the episode loop knows
nothing of MLflow, and an episode continued by a resumed run is traced all the same. Spans
follow each other in conversation order; a model call's span lasts as long as the call was
waited for (``Usage.seconds``), a tool call's a microsecond.

They are written in a background thread, batch by batch. MLflow's span API writes each span
in a transaction of its own (measured: ~80 ms per episode of 20 spans); here a trace's record,
tags and feedback take one transaction and the spans of up to BATCH_EPISODES episodes another
(~13 ms of CPU per episode), through MLflow's tracing client (``TracingClient.start_trace``
and ``log_spans``, the calls behind its public trace API; mlflow is pinned in
constraints.txt). Trace ids derive from (run, task, trial), so a resumed run finds the traces
a killed process wrote and writes only the missing or incomplete ones: never one twice.
"""

import hashlib
import json
import queue
import sys
import threading
import time
from collections.abc import Iterable
from datetime import datetime
from typing import Any, Optional

from pydantic import BaseModel

from taubench.core.episode import EpisodeResult
from taubench.core.messages import AssistantMessage, Message, ToolMessage, UserMessage
from taubench.core.metrics import is_success

BATCH_EPISODES = 25  # episodes written per transaction at most
QUEUE_LIMIT = 200  # finished episodes waiting to be written; the run waits when the writer lags
PREVIEW_CHARS = 1000
TOOL_SPAN_NS = 1000
REWARD_FEEDBACK = "reward"
SPANS_STORED_TAG, SPANS_STORED = "mlflow.trace.spansLocation", "TRACKING_STORE"  # set by the store with the spans
SOURCE_ID = "taubench"


class TraceLabels(BaseModel):
    """What the spans call the two sides' models (the agent's model, else its strategy)."""

    agent: str
    user: str


def trace_id_of(run_id: str, task_id: str, trial: int) -> str:
    """The same episode of the same MLflow run always has the same trace id."""
    return "tr-" + hashlib.sha256(f"{run_id}/{task_id}/{trial}".encode()).hexdigest()[:32]


def outcome(episode: EpisodeResult) -> str:
    """``success``, ``failure`` or ``unscored``: the tag to filter episodes by."""
    if episode.reward is None:
        return "unscored"
    return "success" if is_success(episode.reward) else "failure"


def failure_of(episode: EpisodeResult) -> Optional[str]:
    """Why the episode's trace is shown as failed (MLflow's ERROR state, a red status where the
    traces are listed), or None: an error ended it, or it was scored and is not a success. An
    unscored episode without an error did not fail; its reward feedback says why it is unscored."""
    if episode.error:
        return episode.error.message
    if outcome(episode) == "failure":
        note = episode.reward_info.note
        return f"failed: reward {episode.reward:g}" + (f" ({note})" if note else "")
    return None


def _verdict(episode: EpisodeResult) -> str:
    """How the episode ended, first in the response column of every traces list (the
    experiment's shows neither state nor feedback by default): ``failure · reward 0``."""
    found = outcome(episode)
    return found if episode.reward is None else f"{found} · reward {episode.reward:g}"


class EpisodeTrace(BaseModel):
    """One episode in MLflow's terms, ready to write."""

    model_config = {"arbitrary_types_allowed": True}

    info: Any  # mlflow.entities.TraceInfo, the feedback included
    spans: list[Any]  # mlflow.entities.Span, root first


def episode_trace(episode: EpisodeResult, experiment_id: str, run_id: str, labels: TraceLabels) -> EpisodeTrace:
    from mlflow.entities import TraceInfo, TraceLocation, TraceState

    trace_id = trace_id_of(run_id, episode.task_id, episode.trial)
    start = _nanoseconds(episode.started_at)
    end = start + int(episode.duration_s * 1e9)
    spans = _child_spans(episode, trace_id, start, labels)
    end = max([end, *(span["end_time_unix_nano"] for span in spans)])
    name = f"task {episode.task_id} · trial {episode.trial}"
    tool_errors = sum(call.error for call in episode.tool_calls)
    failed = failure_of(episode)
    root = _span(
        trace_id,
        _span_id(trace_id, 0),
        None,
        name,
        "AGENT",
        start,
        end,
        inputs={"task_id": episode.task_id, "trial": episode.trial, "messages": [_chat(m) for m in episode.messages]},
        outputs={"reward": episode.reward, "termination": episode.termination_reason, "note": episode.reward_info.note},
        error=failed,
    )
    tags = {
        "mlflow.traceName": name,
        "taubench.task_id": episode.task_id,
        "taubench.trial": str(episode.trial),
        "taubench.termination": episode.termination_reason,
        "taubench.outcome": outcome(episode),
        "taubench.tool_errors": str(tool_errors),
    }
    tags.update(
        {f"taubench.{label}": value for label, value in episode.task_labels.items()}
    )  # telecom: num_issues, ...
    if episode.error:
        tags["taubench.error"] = episode.error.kind
    first_user = next((m.content for m in episode.messages if isinstance(m, UserMessage) and m.content), "")
    last_agent = next(
        (m.content for m in reversed(episode.messages) if isinstance(m, AssistantMessage) and m.content), ""
    )
    info = TraceInfo(
        trace_id=trace_id,
        trace_location=TraceLocation.from_experiment_id(experiment_id),
        request_time=start // 1_000_000,
        execution_duration=(end - start) // 1_000_000,
        state=TraceState.ERROR if failed else TraceState.OK,
        request_preview=first_user[:PREVIEW_CHARS],
        response_preview=f"[{_verdict(episode)}] {last_agent}"[:PREVIEW_CHARS],
        trace_metadata={
            "mlflow.sourceRun": run_id,
            "mlflow.trace_schema.version": "3",
        },
        tags=tags,
    )
    info.assessments = _feedback(episode, trace_id)  # stored with the trace's record, in its transaction
    return EpisodeTrace(info=info, spans=[_entity(s) for s in [root, *spans]])


def _child_spans(episode: EpisodeResult, trace_id: str, start: int, labels: TraceLabels) -> list[dict]:
    """A span per model call and per tool call, in conversation order; each model call is
    given the messages it answered: those since that side last spoke, each in its own role."""
    spans: list[dict] = []
    cursor = start
    unseen: dict[str, list[dict]] = {"assistant": [], "user": []}  # messages each side has yet to answer
    for message in episode.messages:
        number = len(spans) + 1
        if isinstance(message, ToolMessage):
            owner = message.requestor
            span = _span(
                trace_id,
                _span_id(trace_id, number),
                _span_id(trace_id, 0),
                message.name if owner == "assistant" else f"user: {message.name}",
                "TOOL",
                cursor,
                cursor + TOOL_SPAN_NS,
                inputs=_arguments_of(episode.messages, message),
                outputs=message.content,
                error=message.content if message.error else None,
                attributes={"taubench.requestor": owner},
            )
            spans.append(span)
            cursor += TOOL_SPAN_NS
            unseen[owner].append(_chat(message))
            continue
        side = message.role
        other = "user" if side == "assistant" else "assistant"
        seconds = message.usage.seconds if message.usage else 0.0
        length = max(int(seconds * 1e9), TOOL_SPAN_NS)
        attributes: dict[str, Any] = {"taubench.role": "agent" if side == "assistant" else "user"}
        usage = message.usage
        if usage and usage.calls:
            attributes["mlflow.llm.model"] = labels.agent if side == "assistant" else labels.user
            attributes["mlflow.chat.tokenUsage"] = {
                "input_tokens": usage.prompt_tokens,
                "output_tokens": usage.completion_tokens,
                "total_tokens": usage.prompt_tokens + usage.completion_tokens,
            }
            if usage.cost is not None:
                attributes["mlflow.llm.cost"] = {"total_cost": usage.cost}
            attributes.update({"taubench.retries": usage.retries, "taubench.cache_hits": usage.cache_hits})
        label = labels.agent if side == "assistant" else labels.user
        spans.append(
            _span(
                trace_id,
                _span_id(trace_id, number),
                _span_id(trace_id, 0),
                f"{'agent' if side == 'assistant' else 'user'} · {label}",
                "CHAT_MODEL",
                cursor,
                cursor + length,
                inputs={"messages": unseen[side]},
                outputs=_chat(message),
                attributes=attributes,
            )
        )
        cursor += length
        unseen[side] = []
        if message.content:  # what one side says, the other answers
            unseen[other].append({"role": side, "content": message.content})
    return spans


def _arguments_of(messages: list[Message], result: ToolMessage) -> Any:
    for message in messages:
        if (
            isinstance(message, (AssistantMessage, UserMessage))
            and message.tool_calls
            and message.role == result.requestor
        ):
            for call in message.tool_calls:
                if call.id == result.tool_call_id:
                    return call.arguments if call.invalid_arguments is None else call.invalid_arguments
    return None


def _chat(message: Message) -> dict:
    """A message in the chat shape MLflow's UI renders."""
    if isinstance(message, ToolMessage):
        return {"role": "tool", "tool_call_id": message.tool_call_id, "name": message.name, "content": message.content}
    chat: dict[str, Any] = {"role": message.role, "content": message.content or ""}
    if message.tool_calls:
        chat["tool_calls"] = [
            {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.written_arguments}}
            for call in message.tool_calls
        ]
    return chat


def _feedback(episode: EpisodeResult, trace_id: str) -> list:
    """The reward, then each evaluated reward component (1.0 passed, 0.0 failed; an error where
    it could not be evaluated); an unscored episode's reward is an error feedback saying why."""
    from mlflow.entities import AssessmentError, AssessmentSource, Feedback

    source = AssessmentSource(source_type="CODE", source_id=SOURCE_ID)
    note = episode.reward_info.note
    feedback = [  # first: the traces list shows the first few assessments as columns
        Feedback(
            trace_id=trace_id,
            name=REWARD_FEEDBACK,
            value=episode.reward,
            error=None
            if episode.reward is not None
            else AssessmentError(error_code="UNSCORED", error_message=note or "unscored"),
            source=source,
            rationale=note,
        )
    ]
    for kind, component in episode.reward_info.components.items():
        if component.status == "not_run":
            continue
        value = component.reward
        feedback.append(
            Feedback(
                trace_id=trace_id,
                name=getattr(kind, "value", str(kind)),  # DB, COMMUNICATE, ...
                value=value,
                error=None
                if value is not None
                else AssessmentError(error_code="NOT_EVALUATED", error_message=component.note or ""),
                source=source,
                rationale=component.note,
                metadata={"in_basis": str(component.in_basis).lower()},
            )
        )
    return feedback


def _span(trace_id, span_id, parent_id, name, kind, start, end, inputs, outputs, error=None, attributes=None) -> dict:
    encoded = {key: json.dumps(value, default=str) for key, value in (attributes or {}).items()}
    encoded.update(
        {
            "mlflow.traceRequestId": json.dumps(trace_id),
            "mlflow.spanType": json.dumps(kind),
            "mlflow.spanInputs": json.dumps(inputs, default=str),
            "mlflow.spanOutputs": json.dumps(outputs, default=str),
        }
    )
    return {
        "trace_id": trace_id,
        "span_id": span_id,
        "parent_span_id": parent_id,
        "name": name,
        "start_time_unix_nano": start,
        "end_time_unix_nano": end,
        "events": [],
        "status": {"code": "STATUS_CODE_ERROR" if error else "STATUS_CODE_OK", "message": error or ""},
        "attributes": encoded,
        "links": [],
    }


def _entity(span: dict):
    from mlflow.entities import Span

    return Span.from_dict(span)


def _span_id(trace_id: str, number: int) -> str:
    return hashlib.sha256(f"{trace_id}/{number}".encode()).hexdigest()[:16]


def _nanoseconds(iso: str) -> int:
    return int(datetime.fromisoformat(iso).timestamp() * 1e9)


class TraceReport(BaseModel):
    written: int
    failed: int = 0
    error: Optional[str] = None  # the first failure's reason


class TraceWriter:
    """Writes finished episodes as traces of one MLflow run, in a background thread, a batch
    per transaction; ``finish`` waits for the last. A failure to write costs the traces of one
    batch, counted and reported, never the run."""

    def __init__(self, tracking_uri: str, experiment_id: str, run_id: str, labels: TraceLabels, resumed: bool):
        from mlflow import MlflowClient
        from mlflow.tracing.client import TracingClient

        self._client = TracingClient(tracking_uri)
        self._experiment_id, self._run_id, self._labels = experiment_id, run_id, labels
        # a resumed run's earlier traces: trace id -> complete (its spans were written)
        self._stored = _stored_traces(MlflowClient(tracking_uri), experiment_id, run_id) if resumed else {}
        self._written: set[str] = set()
        self._failed = 0
        self._error: Optional[str] = None
        self._queue: queue.Queue[Optional[EpisodeResult]] = queue.Queue(QUEUE_LIMIT)
        self._thread = threading.Thread(target=self._drain, name="taubench-traces", daemon=True)
        self._thread.start()

    def add(self, episode: EpisodeResult) -> None:
        self._queue.put(episode)

    def finish(self, episodes: Iterable[EpisodeResult] = ()) -> TraceReport:
        """Waits for the queued episodes, then traces those of ``episodes`` (the run's, read
        back from its records) that have no complete trace yet: a resumed run's earlier ones."""
        self._queue.put(None)
        self._thread.join()
        batch: list[EpisodeResult] = []
        for episode in episodes:
            trace_id = trace_id_of(self._run_id, episode.task_id, episode.trial)
            if trace_id not in self._written and not self._stored.get(trace_id):
                batch.append(episode)
            if len(batch) == BATCH_EPISODES:
                self._write(batch)
                batch = []
        if batch:
            self._write(batch)
        report = TraceReport(written=len(self._written), failed=self._failed, error=self._error)
        if report.failed:
            print(
                f"taubench: {report.failed} episode(s) could not be written as MLflow traces ({report.error}); "
                "the run's results and pages are complete",
                file=sys.stderr,
            )
        return report

    def _drain(self) -> None:
        while True:
            batch: list[EpisodeResult] = []
            item = self._queue.get()
            while item is not None:
                batch.append(item)
                if len(batch) == BATCH_EPISODES or self._queue.empty():
                    break
                item = self._queue.get()
            if batch:
                self._write(batch)
            if item is None:
                return

    def _write(self, episodes: list[EpisodeResult]) -> None:
        """A batch; if it fails twice, its episodes one by one, so that one trace the store
        refuses costs no other."""
        for attempt in (1, 2):
            try:
                traces = [
                    episode_trace(episode, self._experiment_id, self._run_id, self._labels) for episode in episodes
                ]
                self._store(traces, replace=attempt > 1)
                self._written.update(trace.info.trace_id for trace in traces)
                return
            except Exception as exc:  # the store is busy or refuses a trace: once more, then one by one
                if len(episodes) > 1 and attempt == 2:
                    for episode in episodes:
                        self._write([episode])
                elif attempt == 2:
                    self._failed += 1
                    self._error = self._error or f"{type(exc).__name__}: {exc}"
                else:
                    time.sleep(1.0)

    def _store(self, traces: list[EpisodeTrace], replace: bool) -> None:
        ids = [trace.info.trace_id for trace in traces]
        # earlier traces of these episodes (an episode rerun after an infrastructure error, a
        # trace cut short by a crash, a failed first attempt of this batch) make way
        stale = ids if replace else [trace_id for trace_id in ids if trace_id in self._stored]
        if stale:
            self._client.delete_traces(self._experiment_id, trace_ids=stale)
        for trace in traces:
            self._client.start_trace(trace.info)
        self._client.log_spans(self._experiment_id, [span for trace in traces for span in trace.spans])


def _stored_traces(client, experiment_id: str, run_id: str) -> dict[str, bool]:
    stored: dict[str, bool] = {}
    token = None
    while True:
        page = client.search_traces(
            locations=[experiment_id], run_id=run_id, include_spans=False, max_results=500, page_token=token
        )
        for trace in page:  # its spans are written after its record: the store marks a trace that has them
            stored[trace.info.trace_id] = trace.info.tags.get(SPANS_STORED_TAG) == SPANS_STORED
        token = page.token
        if not token:
            return stored

"""Whose fault a failed episode was: the request a model reads (the policy, the task's scenario,
the conversation with its tool calls and results, the expected actions and the reward
components that failed), the structured answer it must give, and the analysis of a run's
failed episodes (``taubench.reporting.analysis`` runs it after a run or on a stored one; the v1 results
file's analysis, ``taubench.reporting.v1_analysis``, too).

The expected actions, the calls made and the outcome go in as one JSON line under fixed
headings at the end of the request, so a scripted model (``taubench.testing.scripted_replies``) can
read them back exactly.
"""

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Literal, Mapping, Optional, Sequence

from pydantic import BaseModel, Field, ValidationError, model_validator

from taubench.core.domain import BaseDomain
from taubench.core.episode import EpisodeResult, sum_usage
from taubench.core.evaluation import RewardInfo
from taubench.core.messages import AssistantMessage, Message, ToolMessage, Usage, UserMessage
from taubench.core.metrics import is_success, task_order
from taubench.core.tasks import Task
from taubench.execution.rundir import (
    write_atomically,
)
from taubench.execution.settings import LLMSettings
from taubench.models.cache import ResponseCache
from taubench.models.client import LLMClient
from taubench.models.errors import LLMError
from taubench.models.spec import ModelSpec
from taubench.users.llm import render_scenario

ANALYSIS_FILE = "error_analysis.json"
CALLER = "analysis"  # the label of its model calls (taubench.models.client)
SCHEMA_NAME = "fault_attribution"
EXPECTED_ACTIONS_HEADING = "## Expected actions (JSON)"
TOOL_CALLS_HEADING = "## Tool calls the agent made (JSON)"
OUTCOME_HEADING = "## Outcome (JSON)"
MAX_OBSERVATION_CHARS = 4000  # a tool result longer than this is cut in the transcript

FAULTS = ("agent", "user", "environment")
AGENT_FAULT_TYPES = ("wrong_tool", "wrong_argument", "partial_goal", "other")
Fault = Literal["agent", "user", "environment"]
AgentFaultType = Literal["wrong_tool", "wrong_argument", "partial_goal", "other"]

INSTRUCTIONS = """You review one failed episode of a customer-service benchmark. An AI agent \
served a simulated customer: it talked with the customer and used tools on the company's \
systems, under a written policy. The episode was graded as a failure. Decide who is mainly \
responsible for the failure:
- "agent": the agent did not do what the policy and the customer's request called for.
- "user": the simulated customer left its scenario (gave wrong information, asked for \
something the scenario does not ask for, ended the conversation too early), so the agent \
could not succeed.
- "environment": a tool or the system itself failed in a way neither party caused (an error \
on a valid call, inconsistent data, a task that cannot be solved).

For an agent fault, also give its type:
- "wrong_tool": it called a tool it should not have called, instead of the right one.
- "wrong_argument": it called the right tool with a wrong argument value.
- "partial_goal": what it did was right as far as it went, but it reached only part of the goal.
- "other": any other mistake (wrong information given to the customer, a policy rule broken \
without a tool call, ...).
For a user or environment fault, fault_type is null.

In the explanation (one to three sentences) name the message or tool call that decided it. \
Answer with a JSON object only: {"fault": ..., "fault_type": ..., "explanation": ...}."""

RESPONSE_FORMAT = {
    "type": "json_schema",
    "json_schema": {
        "name": SCHEMA_NAME,
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {
                "fault": {"type": "string", "enum": list(FAULTS)},
                "fault_type": {"type": ["string", "null"], "enum": [*AGENT_FAULT_TYPES, None]},
                "explanation": {"type": "string"},
            },
            "required": ["fault", "fault_type", "explanation"],
            "additionalProperties": False,
        },
    },
}


class FaultAttribution(BaseModel):
    """The model's answer for one episode, as the schema asks for it."""

    fault: Fault
    fault_type: Optional[AgentFaultType]
    explanation: str = Field(min_length=1)

    @model_validator(mode="after")
    def _type_only_for_agent_faults(self) -> "FaultAttribution":
        if self.fault == "agent" and self.fault_type is None:
            raise ValueError(f"fault_type is required for an agent fault; allowed: {', '.join(AGENT_FAULT_TYPES)}")
        if self.fault != "agent" and self.fault_type is not None:
            raise ValueError(f"fault_type must be null for a {self.fault} fault (got {self.fault_type!r})")
        return self


class EpisodeAttribution(BaseModel):
    """One failed episode's verdict; ``error`` instead when no usable answer came."""

    task_id: str
    trial: int
    reward: float
    fault: Optional[Fault] = None
    fault_type: Optional[AgentFaultType] = None
    explanation: Optional[str] = None
    error: Optional[str] = None


class ErrorAnalysis(BaseModel):
    """``error_analysis.json``: counts over the episodes with a verdict, then every failed
    episode in task/trial order. ``usage.cost`` is ``None`` when the model's price is unknown."""

    model: str
    analysed: int  # failed episodes sent to the model
    errors: int  # of those, how many got no usable answer
    faults: dict[Fault, int]
    agent_fault_types: dict[AgentFaultType, int]
    usage: Usage
    episodes: list[EpisodeAttribution]

    def metrics(self) -> dict[str, float]:
        """MLflow metrics, in a section of their own (``analysis/``) that MLflow's chart view
        shows after the run's results; an unknown cost is left out rather than logged as 0."""
        metrics = {f"analysis/faults_{fault}": count for fault, count in self.faults.items()}
        metrics |= {f"analysis/agent_faults_{kind}": count for kind, count in self.agent_fault_types.items()}
        metrics |= {
            "analysis/episodes_analysed": self.analysed,
            "analysis/errors": self.errors,
            "analysis/calls": self.usage.calls,
        }
        return metrics | ({"analysis/cost": self.usage.cost} if self.usage.cost is not None else {})

    def by_episode(self) -> dict[tuple[str, int], EpisodeAttribution]:
        return {(entry.task_id, entry.trial): entry for entry in self.episodes}

    def answered(self) -> dict[tuple[str, int], EpisodeAttribution]:
        """The verdicts the model gave (not the episodes it failed to answer for)."""
        return {key: entry for key, entry in self.by_episode().items() if entry.error is None}

    def summary(self, path: Path) -> str:
        agent = ", ".join(f"{kind} {count}" for kind, count in self.agent_fault_types.items())
        cost = "unknown" if self.usage.cost is None else f"${self.usage.cost:.4f}"
        return (
            f"error analysis ({self.model}): {self.analysed} failed episodes; agent {self.faults['agent']} ({agent}), "
            f"user {self.faults['user']}, environment {self.faults['environment']}; {self.errors} without a usable "
            f"answer; cost {cost}\n  written to {path.resolve()}"
        )


def is_failure(episode: EpisodeResult) -> bool:
    """Scored and not a success: unscored episodes and infrastructure failures say nothing
    about anyone's fault."""
    return episode.reward is not None and not is_success(episode.reward)


def analyse(
    episodes: Sequence[EpisodeResult],
    domain: BaseDomain,
    tasks: Mapping[str, Task],
    client: LLMClient,
    concurrency: int,
    earlier: Optional[ErrorAnalysis] = None,
) -> ErrorAnalysis:
    """Every failed episode of ``episodes`` attributed, ``concurrency`` requests at a time.
    Episodes are read by index when their request is built (``episodes`` may be a run's
    lazily read records), so only the episodes in flight are in memory. The verdicts of an
    ``earlier`` analysis by the same model (of a run whose last steps were interrupted) are
    kept, not paid for again; their cost stays counted."""
    kept = earlier.answered() if earlier is not None and earlier.model == client.spec.model else {}
    failed = [
        index
        for _, index in sorted(
            ((task_order(episode.task_id), episode.trial), index)
            for index, episode in enumerate(episodes)
            if is_failure(episode)
        )
    ]

    def one(index: int) -> tuple[EpisodeAttribution, Usage]:
        episode = episodes[index]
        if (episode.task_id, episode.trial) in kept:
            return kept[episode.task_id, episode.trial], Usage()
        return attribute(episode, domain, tasks[episode.task_id], client)

    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        results = list(pool.map(one, failed))
    verdicts = [verdict for verdict, _ in results]
    attributed = [verdict for verdict in verdicts if verdict.error is None]
    paid_before = [earlier.usage] if earlier is not None and kept else []
    return ErrorAnalysis(
        model=client.spec.model,
        analysed=len(verdicts),
        errors=len(verdicts) - len(attributed),
        faults={fault: sum(verdict.fault == fault for verdict in attributed) for fault in FAULTS},
        agent_fault_types={
            kind: sum(verdict.fault_type == kind for verdict in attributed) for kind in AGENT_FAULT_TYPES
        },
        usage=sum_usage(paid_before + [usage for _, usage in results]),
        episodes=verdicts,
    )


def attribute(
    episode: EpisodeResult, domain: BaseDomain, task: Task, client: LLMClient
) -> tuple[EpisodeAttribution, Usage]:
    """One request for one episode; a failed call or an unusable answer becomes the entry's ``error``."""
    entry = EpisodeAttribution(task_id=episode.task_id, trial=episode.trial, reward=episode.reward)
    messages = [
        {"role": "system", "content": INSTRUCTIONS},
        {"role": "user", "content": render_request(episode, domain, task)},
    ]
    try:
        completion = client.complete(messages, caller=CALLER, response_format=RESPONSE_FORMAT)
    except LLMError as exc:
        return entry.model_copy(update={"error": f"the model call failed: {exc}"}), Usage()
    try:
        verdict = FaultAttribution.model_validate_json(completion.content or "")
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'answer'}: {e['msg']}" for e in exc.errors())
        error = f"unusable answer ({problems}): {completion.content!r:.300}"
        return entry.model_copy(update={"error": error}), completion.usage
    return entry.model_copy(update=verdict.model_dump()), completion.usage


def render_request(episode: EpisodeResult, domain: BaseDomain, task: Task) -> str:
    """Policy, scenario and transcript as text; then the facts to check against as JSON
    lines under fixed headings (last, so nothing in the transcript can be taken for them)."""
    expected = [
        {"name": action.name, "arguments": action.arguments}
        for action in task.gold_actions
        if action.requestor == "assistant"
    ]
    calls = [{"name": call.name, "arguments": call.arguments, "error": call.error} for call in episode.tool_calls]
    outcome = {
        "reward": episode.reward,
        "termination_reason": episode.termination_reason,
        "episode_error": f"{episode.error.kind}: {episode.error.type}: {episode.error.message}"
        if episode.error
        else None,
        "grading_note": episode.reward_info.note,
        "failed_reward_components": _failed_components(episode.reward_info),
    }
    sections = [
        ("# Policy the agent had to follow", domain.policy.strip()),
        ("# The customer's scenario (what the simulated customer was told)", render_scenario(task.user_scenario)),
        ("# Conversation", render_conversation(episode.messages)),
        (EXPECTED_ACTIONS_HEADING, json.dumps(expected, ensure_ascii=False)),
        (TOOL_CALLS_HEADING, json.dumps(calls, ensure_ascii=False)),
        (OUTCOME_HEADING, json.dumps(outcome, ensure_ascii=False, default=str)),
    ]
    return "\n\n".join(f"{heading}\n{text}" for heading, text in sections)


def read_block(request: str, heading: str) -> Any:
    """The JSON line under the last ``heading`` of a request built by ``render_request``."""
    _, found, rest = request.rpartition(f"\n{heading}\n")
    if not found:
        raise ValueError(f"the request has no {heading!r} section")
    return json.loads(rest.split("\n", 1)[0])


def render_conversation(messages: Sequence[Message]) -> str:
    lines = []
    for message in messages:
        if isinstance(message, UserMessage):
            lines.append(f"customer: {message.content}")
        elif isinstance(message, ToolMessage):
            content = message.content
            if len(content) > MAX_OBSERVATION_CHARS:
                content = (
                    content[:MAX_OBSERVATION_CHARS] + f" [... {len(content) - MAX_OBSERVATION_CHARS} more characters]"
                )
            lines.append(f"tool result of {message.name}{' (error)' if message.error else ''}: {content}")
        elif isinstance(message, AssistantMessage):
            if message.has_text:
                lines.append(f"agent: {message.content}")
            for call in message.tool_calls or []:
                lines.append(f"agent calls {call.name} {call.written_arguments}")
    return "\n".join(lines)


def _failed_components(reward_info: RewardInfo) -> dict[str, dict]:
    return {
        kind.value: {"in_reward_basis": component.in_basis, "note": component.note, "details": component.details}
        for kind, component in reward_info.components.items()
        if component.status == "failed"
    }


def client_for(spec: ModelSpec, llm: LLMSettings) -> LLMClient:
    """The analysis model's client, with the run's retry policy and response cache."""
    cache = ResponseCache(llm.cache_path()) if llm.cache else None
    return LLMClient(spec, llm.retry_policy(), cache)


def write(analysis: ErrorAnalysis, output_dir: Path) -> Path:
    path = output_dir / ANALYSIS_FILE
    write_atomically(path, analysis.model_dump_json(indent=1))
    return path

"""The pure core: one (task, trial) episode in, one complete record out.

Nothing here knows about configs, files or tracking. An episode never raises: whatever
fails is recorded with its kind, and the trajectory so far is kept.
"""

import time
import traceback
from datetime import datetime, timezone
from typing import Literal, Optional, Sequence, Union

from pydantic import BaseModel, computed_field

from taubench.core.domain import BaseDomain
from taubench.core.environment import AgentProtocolError, Environment, Limits, OverCap, TerminationReason, own_limits
from taubench.core.evaluation import NLJudge, RewardInfo, evaluate
from taubench.core.masking import MaskedText
from taubench.core.messages import (
    AssistantMessage,
    Message,
    Requestor,
    ToolMessage,
    Usage,
    UsageRow,
    UserMessage,
    tool_calls_of,
)
from taubench.core.participants import AgentFactory, EpisodeContext, UserFactory, UserSimulator
from taubench.core.remote_errors import RemoteAccessError, RemoteReplyError, RemoteTransientError
from taubench.core.tasks import Task

ErrorKind = Literal["agent_error", "user_error", "infrastructure_error", "evaluation_error", "unexpected_error"]
ROLES = ("agent", "user", "judge")


class EpisodeError(BaseModel):
    """``reply``: the start of a model reply that could not be used, as it was received, or of
    the part of a turn that was over a cap. The texts are masked (``taubench.core.masking``): a
    provider may echo the key it was sent."""

    kind: ErrorKind
    type: str
    message: MaskedText
    traceback: MaskedText
    reply: Optional[MaskedText] = None


class ToolCallRecord(BaseModel):
    name: str
    arguments: dict
    error: bool
    observation: str
    requestor: Requestor = "assistant"  # the user's own calls, in domains that give the user tools


class EpisodeResult(BaseModel):
    task_id: str
    task_labels: dict[str, str] = {}  # what the data say about the task (Task.labels), to break results down by
    trial: int
    seed: int
    reward: Optional[float]
    reward_info: RewardInfo
    termination_reason: TerminationReason
    error: Optional[EpisodeError] = None
    messages: list[Message]
    attempts: int = 1  # runs of this (task, trial); more than one after infrastructure errors
    num_steps: int
    num_tool_errors: int
    usage: dict[str, Usage]
    started_at: str
    duration_s: float

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented form; python/mypy#1362
    @property
    def tool_calls(self) -> list[ToolCallRecord]:
        outputs = {(m.requestor, m.tool_call_id): m for m in self.messages if isinstance(m, ToolMessage)}
        return [
            ToolCallRecord(
                name=call.name,
                arguments=call.arguments,
                error=outputs[requestor, call.id].error if (requestor, call.id) in outputs else False,
                observation=outputs[requestor, call.id].content if (requestor, call.id) in outputs else "",
                requestor=requestor,
            )
            for m in self.messages
            for requestor, call in tool_calls_of(m)
        ]


class _Failure(Exception):
    def __init__(self, kind: ErrorKind):
        self.kind = kind


class _AttributedUser:
    """Marks the user simulator's failures as user errors wherever they surface."""

    def __init__(self, user: UserSimulator):
        self.user = user

    def respond(self, trajectory):
        try:
            return self.user.respond(trajectory)
        except Exception as exc:
            raise _Failure("user_error") from exc


def run_episode(
    domain: BaseDomain,
    task: Task,
    trial: int,
    seed: int,
    make_agent: AgentFactory,
    make_user: UserFactory,
    limits: Optional[Limits] = None,  # None: the domain's own
    judge: Optional[NLJudge] = None,
) -> EpisodeResult:
    limits = limits or own_limits(domain)
    context = EpisodeContext(
        task=task,
        domain=domain.name,
        policy=domain.policy,
        tools=domain.spec.toolkit.schemas(),
        user_tools=tuple(domain.spec.user_toolkit.schemas()) if domain.spec.user_toolkit else (),
        trial=trial,
        seed=seed,
        limits=limits,
    )
    started_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
    clock = time.perf_counter()
    env = None
    error = None
    try:
        user = _AttributedUser(_built("user_error", make_user, context))
        agent = _built("agent_error", make_agent, context)
        env = Environment(domain, task, user, limits)
        env.reset()
        while not env.done:
            try:
                message = agent.respond(env.trajectory)
            except Exception as exc:
                raise _Failure("agent_error") from exc
            env.step(message)
    except Exception as exc:
        error = _record_error(exc)
    trajectory = env.trajectory if env else []
    termination: Union[ErrorKind, TerminationReason]
    if error:
        termination = error.kind
    else:
        assert env is not None and env.termination is not None  # no error: the episode ran to its end
        termination = env.termination
    if error and error.kind == "infrastructure_error":  # says nothing about the agent: not graded
        reward_info = RewardInfo(reward=None, reward_basis=[], note=f"infrastructure error: {error.message}")
    else:
        try:
            reward_info = evaluate(domain, task, trajectory, termination, judge, final_state=env.sides if env else None)
        except Exception as exc:  # grading failed: the episode stays unscored, never failed
            error = _record_error(exc, kind="evaluation_error")
            reward_info = RewardInfo(reward=None, reward_basis=[], note=f"evaluation failed: {exc}")
    return EpisodeResult(
        task_id=task.id,
        task_labels=task.labels,
        trial=trial,
        seed=seed,
        reward=reward_info.reward,
        reward_info=reward_info,
        termination_reason=termination,
        error=error,
        messages=trajectory,
        num_steps=env.steps if env else 0,
        num_tool_errors=env.tool_errors if env else 0,
        usage=_usage_by_role(trajectory, reward_info),
        started_at=started_at,
        duration_s=round(time.perf_counter() - clock, 4),
    )


def _built(kind: ErrorKind, factory, context: EpisodeContext):
    try:
        return factory(context)
    except Exception as exc:
        raise _Failure(kind) from exc


def _record_error(exc: Exception, kind: Optional[ErrorKind] = None) -> EpisodeError:
    if isinstance(exc, _Failure):
        assert isinstance(exc.__cause__, Exception)  # raised from the participant's own failure
        kind, exc = exc.kind, exc.__cause__
    elif isinstance(exc, AgentProtocolError):
        kind = "agent_error"
    elif isinstance(exc, OverCap):
        kind = "agent_error" if exc.requestor == "assistant" else "user_error"
    if isinstance(exc, (RemoteTransientError, RemoteAccessError)):
        kind = "infrastructure_error"  # the provider or service failed, not the participant that called it
    return EpisodeError(
        kind=kind or "unexpected_error",
        type=type(exc).__name__,
        message=str(exc),
        traceback="".join(traceback.format_exception(exc)),
        reply=exc.excerpt if isinstance(exc, (RemoteReplyError, OverCap)) else None,
    )


def _usage_by_role(trajectory: list[Message], reward_info: RewardInfo) -> dict[str, Usage]:
    per_role = {
        "agent": [m.usage for m in trajectory if isinstance(m, AssistantMessage) and m.usage],
        "user": [m.usage for m in trajectory if isinstance(m, UserMessage) and m.usage],
        "judge": [reward_info.judge_usage] if reward_info.judge_usage else [],
    }
    return {role: sum_usage(usages) for role, usages in per_role.items()}


def sum_usage(usages: Sequence[Union[Usage, UsageRow]]) -> Usage:
    """Costs add up only while every part is known; one unknown price makes the sum unknown."""
    costs = [usage.cost for usage in usages if usage.cost is not None]
    counters = (
        "calls",
        "prompt_tokens",
        "completion_tokens",
        "cached_prompt_tokens",
        "retries",
        "cache_hits",
        "corrections",
    )
    return Usage(
        **{name: sum(getattr(usage, name) for usage in usages) for name in counters},
        cost=None if len(costs) < len(usages) else round(sum(costs), 10),
        seconds=round(sum(usage.seconds for usage in usages), 6),
    )

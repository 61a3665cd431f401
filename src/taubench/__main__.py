"""``python -m taubench`` (and the ``taubench`` script): a run (``taubench.app.cli``), or, when
the first word names one, another command: ``taubench ui``, ``taubench leaderboard``, ...
(``python -m taubench ui`` is the same)."""

import sys
from importlib import import_module

# word -> the module whose main(argv) it runs; the one list of commands (help, docs and tests read it)
COMMANDS = {
    "domains": "taubench.domains.__main__",
    "compare": "taubench.reporting.compare",
    "leaderboard": "taubench.reporting.leaderboard.board",
    "ui": "taubench.integrations.ui",
    "analysis": "taubench.reporting.analysis",
    "mtbench": "taubench.integrations.mtbench",
    "run": "taubench.integrations.tau_bench_run",
    "v1": "taubench.integrations.v1",
    "api": "taubench.integrations.http_api.server",
    "mcp_server": "taubench.integrations.mcp_server",
    "dialogflow_cx": "taubench.integrations.dialogflow_cx_tools",
    "scripted_server": "taubench.testing.scripted_server",
    "local_model": "taubench.testing.local_model",
}


def entry() -> None:
    arguments = sys.argv[1:]
    if arguments and arguments[0] in COMMANDS:
        sys.exit(import_module(COMMANDS[arguments[0]]).main(arguments[1:]))
    from taubench.app.cli import run_command

    run_command(arguments)


if __name__ == "__main__":
    entry()

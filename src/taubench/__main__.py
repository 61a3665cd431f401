"""``python -m taubench`` (and the ``taubench`` script): a run, see ``taubench.cli``; a
misspelled option or setting is refused first, with a did-you-mean (``taubench.misspelled``).
``taubench ui``, ``taubench leaderboard``, ... are the other commands, the same as
``python -m taubench.ui``, ``python -m taubench.leaderboard``, ..."""

import sys
from importlib import import_module

from taubench.misspelled import misspelling

# word -> the module whose main(argv) it runs
COMMANDS = {
    **{
        name: f"taubench.{name}"
        for name in ("ui", "leaderboard", "compare", "analysis", "v1", "api", "scripted_server")
    },
    "mtbench": "taubench.mtbench.__main__",
}


def entry() -> None:
    arguments = sys.argv[1:]
    if arguments and arguments[0] in COMMANDS:
        sys.exit(import_module(COMMANDS[arguments[0]]).main(arguments[1:]))
    if (problem := misspelling(arguments)) is not None:
        print(f"taubench: {problem}", file=sys.stderr)
        sys.exit(2)  # refused before anything ran, as every bad configuration is
    from taubench.cli import main

    main()


if __name__ == "__main__":
    entry()

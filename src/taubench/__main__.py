"""``python -m taubench``: see ``taubench.cli``; a misspelled option or setting is refused
first, with a did-you-mean (``taubench.misspelled``)."""

import sys

from taubench.cli import main
from taubench.misspelled import misspelling

if __name__ == "__main__":
    if (problem := misspelling(sys.argv[1:])) is not None:
        print(f"taubench: {problem}", file=sys.stderr)
        sys.exit(2)  # refused before anything ran, as every bad configuration is
    main()

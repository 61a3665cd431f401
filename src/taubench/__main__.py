"""``python -m taubench``: see ``taubench.cli``."""

from taubench.cli import main

if __name__ == "__main__":
    main()

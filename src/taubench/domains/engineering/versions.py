"""Release numbers as the platform reads them: MAJOR.MINOR.PATCH, compared number by number;
an advisory affects the releases from the one it was introduced in up to, not including, the
one that fixed it."""

import re
from typing import Optional

VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")
LEVELS = ("patch", "minor", "major")


def parse_version(text: object) -> tuple[int, int, int]:
    """The release number as three integers; refused unless written MAJOR.MINOR.PATCH."""
    found = VERSION.match(text) if isinstance(text, str) else None
    if found is None:
        raise ValueError("A version is written MAJOR.MINOR.PATCH, e.g. 2.8.0")
    major, minor, patch = (int(part) for part in found.groups())
    return major, minor, patch


def affected(version: str, introduced: str, fixed: Optional[str]) -> bool:
    """Whether an advisory introduced in ``introduced`` and fixed in ``fixed`` affects ``version``."""
    number = parse_version(version)
    return parse_version(introduced) <= number and (fixed is None or number < parse_version(fixed))


def next_version(current: str, kinds: set[str]) -> Optional[str]:
    """The release after ``current`` for a change of these patch kinds: a feature bumps the
    minor number, a fix or a dependency bump the patch number; tests and docs alone, none."""
    major, minor, patch = parse_version(current)
    if "feature" in kinds:
        return f"{major}.{minor + 1}.0"
    if kinds & {"fix", "dependency"}:
        return f"{major}.{minor}.{patch + 1}"
    return None


def bumped(current: str, level: str) -> str:
    """The release after ``current`` when the ``level`` number goes up (the lower ones become 0)."""
    major, minor, patch = parse_version(current)
    if level == "major":
        return f"{major + 1}.0.0"
    if level == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"

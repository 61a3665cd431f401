"""Reading a benchmark data file: whatever is wrong with it becomes one ``DataError`` naming it.

Every domain's loader reads its files here, so an unreadable, non-UTF-8, malformed or absurdly
nested file stops a run with the file and the problem (exit status 2), checksums or not.
"""

import hashlib
import json
from pathlib import Path
from typing import Any, Callable

# Real data nest fewer than 10 levels; the code that copies, hashes and prints records recurses
# once or twice per level, so a file nested thousands deep would overflow Python's stack there
MAX_NESTING = 100


class DataError(Exception):
    """Benchmark data missing, altered or unreadable."""


def read_text(path: Path) -> str:
    """A data file's text (UTF-8, as every benchmark's files are)."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise _unreadable(path, exc) from None
    except UnicodeDecodeError as exc:
        raise DataError(f"{path} is not UTF-8 text: byte 0x{exc.object[exc.start]:02x} at offset {exc.start}") from None


def load_data(path: Path, parse: Callable[[str], Any] = json.loads, what: str = "valid JSON") -> Any:
    """A data file parsed (JSON by default) into plain values nested at most ``MAX_NESTING``
    deep; ``what`` the file should be, for the error when ``parse`` refuses it."""
    text = read_text(path)
    try:
        value = parse(text)
    except RecursionError:  # the parser itself recursed once per level
        raise _too_deep(path) from None
    except (ValueError, SyntaxError) as exc:  # JSONDecodeError, TOMLDecodeError
        raise DataError(f"{path} is not {what}: {str(exc).splitlines()[0]}") from None
    if nesting(value) > MAX_NESTING:
        raise _too_deep(path)
    return value


def nesting(value: Any) -> int:
    """How many levels of lists and dicts ``value`` nests (walked without recursion)."""
    deepest, pending = 0, [(value, 1)] if isinstance(value, (dict, list)) else []
    while pending:
        item, level = pending.pop()
        children = item.values() if isinstance(item, dict) else item
        deepest = max(deepest, level)
        pending.extend((child, level + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def sha256_of(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        raise _unreadable(path, exc) from None


def _unreadable(path: Path, exc: OSError) -> DataError:
    return DataError(f"cannot read {path}: {exc.strerror or exc}")


def _too_deep(path: Path) -> DataError:
    return DataError(f"{path} nests lists or objects more than {MAX_NESTING} levels deep")

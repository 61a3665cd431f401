"""Files of a run folder or an export read as data, never trusted: no link is followed out
of the folder they are read under, no nesting deep enough to crash a parser gets through, and
no reason a file cannot be read quotes what it holds.

- ``open_within(path, root)``: ``path`` opened one component at a time below ``root``, none of
  them a symbolic link (``O_NOFOLLOW``, so a link swapped in after a check is refused too), and
  a regular file (a FIFO would hang the reader, a device would never end).
- ``parse_json``: the one JSON parser for such files. It refuses nesting deeper than
  ``MAX_DEPTH`` with a ``ValueError`` (the standard parser raises ``RecursionError`` at about
  1,000 levels, which nothing caught, and the code that walks what it returns recurses too).
- ``fault``: why a file could not be read, in fixed words (a pydantic error quotes its input:
  a linked ``/etc/passwd`` came back in a 422).
- ``scan_jsonl``: the lines of a JSON Lines file that hold a JSON object, and those skipped, with why.
"""

import errno
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterator, NamedTuple, Optional

import pydantic_core
from pydantic import ValidationError

MAX_DEPTH = 200  # pydantic's JSON parser's limit: the records a run writes are nowhere near it
# pydantic error types whose message may carry the input (a custom validator's text, a tag read from it)
_QUOTING_ERRORS = {"value_error", "assertion_error", "union_tag_invalid", "union_tag_not_found"}


def open_within(path: Path, root: Optional[Path]) -> BinaryIO:
    """``path`` (below ``root``) for reading in binary mode; with no ``root``, as ``open`` does.
    A link on the way or a file that is not a regular one is an ``OSError`` whose ``strerror``
    says which, without following or reading it; a missing one, ``FileNotFoundError``."""
    if root is None:
        return open(path, "rb")
    parts = path.relative_to(root).parts
    if not parts or ".." in parts:
        raise OSError(errno.EINVAL, "not a file below the folder it is read from", str(path))
    flags = os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for number, part in enumerate(parts, start=1):
            last = number == len(parts)
            try:
                opened = os.open(part, flags | (os.O_NONBLOCK if last else os.O_DIRECTORY), dir_fd=folder)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR) and os.path.islink(Path(root, *parts[:number])):
                    shown = "" if last else f"{Path(*parts[:number])} is "
                    raise OSError(errno.ELOOP, f"{shown}a symbolic link (links are not followed)", str(path)) from None
                raise
            os.close(folder)
            folder = opened
        if not stat.S_ISREG(os.fstat(folder).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        handle, folder = os.fdopen(folder, "rb"), -1
        return handle
    finally:
        if folder != -1:
            os.close(folder)


def read_within(path: Path, root: Optional[Path]) -> bytes:
    with open_within(path, root) as handle:
        return handle.read()


def parse_json(data: str | bytes) -> Any:
    """JSON text to Python values, as ``json.loads``, but a ``ValueError`` for nesting deeper
    than ``MAX_DEPTH`` (and for any other fault, with the line and column, never the text)."""
    try:
        return pydantic_core.from_json(data)
    except ValueError as exc:
        raise ValueError(f"not valid JSON: {exc}") from None


def fault(exc: BaseException) -> str:
    """Why data could not be read, in fixed words: the parser's phrase and position, the field
    and kind of a validation error, the system's reason; never the data itself."""
    if isinstance(exc, ValidationError):
        error = exc.errors(include_url=False, include_context=False, include_input=False)[0]
        if error["type"] == "json_invalid":
            return f"not valid JSON: {error['msg'].removeprefix('Invalid JSON: ')}"
        field = (
            error["loc"][0] if error["loc"] and error["type"] != "extra_forbidden" else None
        )  # an extra key is the input's
        reason = error["type"] if error["type"] in _QUOTING_ERRORS else error["msg"]
        return f"{field}: {reason}" if field is not None else reason
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text (byte {exc.start})"
    if isinstance(exc, OSError):
        return exc.strerror or type(exc).__name__
    if isinstance(exc, ValueError) and str(exc).startswith("not valid JSON: "):
        return str(exc)
    return type(exc).__name__


class SkippedLine(NamedTuple):
    number: int  # 1-based
    reason: str


class JsonlScan(NamedTuple):
    kept: list[tuple[int, int]]  # offset and length of each line kept
    skipped: list[SkippedLine]

    def lines(self, handle: BinaryIO) -> Iterator[bytes]:
        """The kept lines, read again from ``handle`` (the file the scan read)."""
        for offset, length in self.kept:
            handle.seek(offset)
            yield handle.read(length)


def scan_jsonl(handle: BinaryIO, wanted: Callable[[dict], bool], growing: bool) -> JsonlScan:
    """The lines of a JSON Lines file that are a JSON object ``wanted`` accepts. A line that is
    not a JSON object is skipped and said so; a blank one is passed over. ``growing``: the file
    is being appended to, so a last line without its newline is still being written and is
    passed over too (else it counts as a line)."""
    kept, skipped = [], []
    offset = 0
    for number, line in enumerate(handle, start=1):
        if growing and not line.endswith(b"\n"):
            break
        if line.strip():
            try:
                record = parse_json(line)
            except ValueError as exc:
                skipped.append(SkippedLine(number, fault(exc)))
            else:
                if not isinstance(record, dict):
                    skipped.append(SkippedLine(number, "not a JSON object"))
                elif wanted(record):
                    kept.append((offset, len(line)))
        offset += len(line)
    return JsonlScan(kept, skipped)

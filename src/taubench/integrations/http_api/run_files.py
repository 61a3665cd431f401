"""What the HTTP API reads from a run folder, as untrusted data (``taubench.core.untrusted``: no link
followed, every reason in fixed words), and how a JSONL answer says which lines it left out:
the file is scanned before the answer starts, so its headers can say it."""

import os
from pathlib import Path
from typing import BinaryIO, Callable, Iterator

from taubench.core.masking import mask_json_line
from taubench.core.untrusted import JsonlScan, SkippedLine, fault, open_within, scan_jsonl
from taubench.execution.rundir import StoredRunError
from taubench.integrations.http_api.policy import RequestError, excerpt

JSONL = "application/jsonl"
SKIPPED_HEADER = "X-Skipped-Lines"  # how many lines of the file a JSONL answer left out (not a JSON object)
SKIPPED_REASONS_HEADER = "X-Skipped-Line-Reasons"  # which, and why (the first 20)
JSONL_ANSWER = {
    "content": {JSONL: {}},
    "headers": {
        SKIPPED_HEADER: {"description": "lines of the file left out: not a JSON object", "schema": {"type": "integer"}},
        SKIPPED_REASONS_HEADER: {
            "description": "line: reason, for the first 20 left out (only if any)",
            "schema": {"type": "string"},
        },
    },
}


def count_lines(path: Path, root: Path) -> int:
    """Complete lines: a last one without its newline is an episode still being written."""
    if not os.path.lexists(path):
        return 0
    with open_within(path, root) as lines:
        return sum(1 for line in lines if line.endswith(b"\n"))


def masked_records(path: Path, root: Path, wanted: Callable[[dict], bool]) -> tuple[Iterator[bytes], list[SkippedLine]]:
    """The complete JSON-object lines of a growing JSONL file that ``wanted`` accepts, masked
    (``masking``), read when the answer streams them from the file the scan opened; and the
    lines skipped. ``OSError`` if the file cannot be opened (a link, not a regular file)."""
    handle = open_within(path, root)
    try:
        scan = scan_jsonl(handle, wanted, growing=True)
    except BaseException:
        handle.close()
        raise
    return _served(scan, handle), scan.skipped


def _served(scan: JsonlScan, handle: BinaryIO) -> Iterator[bytes]:
    with handle:
        for line in scan.lines(handle):
            yield mask_json_line(line)


def skipped_headers(skipped: list[SkippedLine]) -> dict[str, str]:
    reasons = "; ".join(f"line {line.number}: {line.reason}" for line in skipped[:20])
    return {SKIPPED_HEADER: str(len(skipped)), **({SKIPPED_REASONS_HEADER: reasons} if skipped else {})}


def unreadable(name: str, exc: Exception) -> str:
    """Which file and why, in fixed words (``untrusted.fault``): never what the file holds."""
    return f"{name}: {excerpt(str(exc) if isinstance(exc, StoredRunError) else fault(exc))}"


def refuse_links(folder: Path, run_id: str) -> None:
    """A run is never started in a folder that holds a link: the run would write through it."""
    links = [
        Path(place, name)
        for place, folders, files in os.walk(folder)
        for name in folders + files
        if os.path.islink(Path(place, name))
    ]
    if folder.is_symlink() or links:
        found = folder.name if folder.is_symlink() else links[0].relative_to(folder)
        raise RequestError(
            f"run {run_id}: its folder in the runs directory holds a symbolic link ({found}), which the API "
            f"does not follow or write through; it can be started once the link is removed"
        )


def log_tail(path: Path, root: Path, lines: int = 12, tail_bytes: int = 64 * 1024) -> str:
    with open_within(path, root) as log:
        log.seek(max(0, log.seek(0, os.SEEK_END) - tail_bytes))
        return "\n".join(log.read().decode("utf-8", errors="replace").splitlines()[-lines:])

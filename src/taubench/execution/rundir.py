"""A run's folder on disk: what run it holds (``run.json``), which process is writing it
(``run.lock``), its finished episodes (``episodes.jsonl``, one line appended and synced as
each ends) and, until the run is complete, a pointer that lets the same command find it
again (``outputs/.unfinished/<fingerprint>.json``).

Every write is atomic or an append that is synced at once, so a process killed at any
moment leaves a folder the next run of the same command can continue. What cannot be read
is reported with its file, its line and the way on; a damaged episode line is set aside in
``episodes.rejected.jsonl``, never deleted.
"""

import hashlib
import json
import os
import socket
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from pydantic import BaseModel, ValidationError

from taubench.core.episode import EpisodeResult
from taubench.core.metrics import EpisodeFacts
from taubench.core.untrusted import fault, open_within, parse_json
from taubench.execution.settings import ConfigError

RESULTS_FILE = "results.json"
EPISODES_FILE = "episodes.jsonl"
REJECTED_FILE = "episodes.rejected.jsonl"
MANIFEST_FILE = "run.json"
UNFINISHED_DIR = Path("outputs", ".unfinished")  # fingerprint -> output dir of an unfinished run


class ExportRecord(BaseModel):
    """Where a run's export in one format goes (chosen once per run) and, once it is written
    whole, which episode records it holds (``EpisodeRecords.identity``)."""

    path: Path
    episodes: Optional[str] = None  # None: being written (or cut short by a kill)


class RunManifest(BaseModel):
    fingerprint: str
    config: dict
    data_sha256: dict[str, str]
    mlflow_run_id: Optional[str] = None
    created_at: str
    completed_at: Optional[str] = None  # set by the run's very last step: nothing is left to do
    exports: dict[str, ExportRecord] = {}  # by format (export.formats)


def holds_run(folder: Path) -> bool:
    """Whether a run has been started in ``folder`` (its records, readable or not)."""
    return (folder / MANIFEST_FILE).exists() or (folder / EPISODES_FILE).exists()


def read_manifest(folder: Path) -> RunManifest:
    """The folder's ``run.json``; a clear refusal, with the ways on, when it is unreadable."""
    path = folder / MANIFEST_FILE
    try:
        return RunManifest.model_validate_json(path.read_bytes())
    except (OSError, ValidationError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else _first_error(exc)
    raise ConfigError(
        f"invalid configuration:\n  resume: {path} is unreadable ({reason}). It records which configuration "
        f"the run in {folder} measures, so its episodes cannot be continued without it.\n"
        f"  To continue them as this command's run, move it aside (mv {path} {path}.bad) and rerun with "
        f"resume={folder}; to leave that run alone, start a new one with resume=never and another output_dir."
    )


def new_folder(path: Path) -> Path:
    """``path``, made here and now; if it exists (another run or export started in the same
    second took it), the first free ``<path>_01``, ``_02``, ..., which sorts after it and
    before the next second's. Made with a plain mkdir, so two processes never get the same one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for counter in range(100):
        folder = path if counter == 0 else path.with_name(f"{path.name}_{counter:02d}")
        try:
            folder.mkdir()
            return folder
        except FileExistsError:
            continue
    raise FileExistsError(f"{path}: 100 folders of this name were made in one second; no more can be named")


def write_atomically(path: Path, text: str | Iterable[str]) -> None:
    """The whole text or nothing: written to a temporary file, synced, renamed over ``path``."""
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.writelines([text] if isinstance(text, str) else text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


class RunLock:
    """One process at a time per run directory: two processes appending episodes of the same
    run would duplicate them. The operating system drops the lock when its process dies,
    however it dies, so a killed run never stays locked. The file names its holder (process
    and host), which lets another process tell a live run from an abandoned one."""

    FILE = "run.lock"

    def __init__(self, output_dir: Path):
        import fcntl

        output_dir.mkdir(parents=True, exist_ok=True)
        self.handle = open(output_dir / self.FILE, "a+", encoding="utf-8")
        try:
            fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.handle.seek(0)
            owner = self.handle.read().strip() or "another process"
            self.handle.close()
            raise ConfigError(
                f"invalid configuration:\n  resume: the run in {output_dir} is still running ({owner}); "
                f"wait for it, or start a separate run with resume=never"
            ) from None
        self.handle.seek(0)
        self.handle.truncate()
        self.handle.write(f"process {os.getpid()} on {socket.gethostname()}")
        self.handle.flush()

    def release(self) -> None:
        self.handle.close()

    @classmethod
    def held_by_a_live_process(cls, output_dir: Path) -> bool:
        """Whether a process still holds the folder's lock, as far as can be told without
        taking it: the holder it names is alive on this host, or it is on another host."""
        try:
            words = (output_dir / cls.FILE).read_text(encoding="utf-8").split()
        except OSError:
            return False
        if len(words) != 4 or words[0] != "process" or not words[1].isdigit():
            return False
        if words[3] != socket.gethostname():
            return True  # cannot be checked from here: assume it runs
        try:
            os.kill(int(words[1]), 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return int(words[1]) != os.getpid()


class PointerError(Exception):
    """A damaged pointer file; the run it pointed to is looked for by its fingerprint instead."""


class Pointer:
    """``outputs/.unfinished/<fingerprint>.json``: where this configuration's unfinished run is.
    Written before the run's first record, removed by its last step."""

    def __init__(self, path: Path):
        self.path = path

    def target(self) -> Optional[Path]:
        """The folder it names; None if there is none. ``PointerError`` if it cannot be read."""
        if not self.path.exists():
            return None
        try:
            return Path(json.loads(self.path.read_text(encoding="utf-8"))["output_dir"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise PointerError(f"the resume pointer {self.path} is unreadable ({exc!r})") from None

    def points_to(self, output_dir: Path) -> bool:
        try:
            return self.target() == output_dir.resolve()
        except PointerError:
            return False

    def write(self, output_dir: Path) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(self.path, json.dumps({"output_dir": str(output_dir.resolve())}))

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)


def unfinished_runs_of(fingerprint: str, outputs: Path) -> list[Path]:
    """Folders under ``outputs`` holding an unfinished run of this configuration, found by
    their ``run.json`` (for when the pointer to it is lost or damaged)."""
    found = []
    for manifest_file in outputs.rglob(MANIFEST_FILE) if outputs.is_dir() else ():
        try:
            manifest = RunManifest.model_validate_json(manifest_file.read_bytes())
        except (OSError, ValidationError):
            continue
        if manifest.fingerprint == fingerprint and manifest.completed_at is None:
            found.append(manifest_file.parent.resolve())
    return sorted(found)


@dataclass(frozen=True, slots=True)
class LoggedEpisode:
    """A finished episode as a run keeps it: the facts its summary needs, and where its full
    record is in ``episodes.jsonl`` (the byte offset of its line)."""

    facts: EpisodeFacts
    offset: int


class EpisodeLogError(Exception):
    """A line of an episode log that is not an episode record, found by a reader that must
    not repair the file; the message names the file and the line."""


def read_episode_log(path: Path, repair: bool = False, root: Optional[Path] = None) -> list[LoggedEpisode]:
    """The finished episodes of a run, read one line at a time (their facts and offsets are
    kept, not the records); the last record of a (task, trial) wins, so an episode rerun
    after an infrastructure error replaces its failed record.

    A last line without its newline is a record cut short by a kill: skipped, and with
    ``repair`` (the run's owner, holding its lock) cut off the file so appends go on cleanly.
    A damaged line before it stops a reader (``EpisodeLogError``); with ``repair`` it is
    moved to ``episodes.rejected.jsonl`` and said so, and its episode runs again. ``root``: a
    reader of untrusted folders (``untrusted.open_within``), which never repairs."""
    if not path.exists() and not (root and os.path.lexists(path)):  # untrusted: a dangling link is reported
        return []
    damaged: list[tuple[int, str]] = []  # (line number, what is wrong with it)
    with open(path, "r+b") if repair else open_within(path, root) as handle:
        latest, cut_at = _scan(handle, damaged)
        if cut_at is not None and repair:
            handle.truncate(cut_at)
            os.fsync(handle.fileno())
    if not damaged:
        return list(latest.values())
    if not repair:
        number, reason = damaged[0]
        raise EpisodeLogError(f"{path}, line {number}: not an episode record ({reason})")
    _set_aside(path, {number for number, _ in damaged})
    lines = ", ".join(str(number) for number, _ in damaged)
    print(
        f"taubench: {path}: line {lines} {'is' if len(damaged) == 1 else 'are'} not an episode record "
        f"({damaged[0][1]}); moved to {path.with_name(REJECTED_FILE)}, and the episodes they held run again",
        file=sys.stderr,
    )
    return read_episode_log(path, repair=True)


def _scan(handle, damaged: list[tuple[int, str]]) -> tuple[dict, Optional[int]]:
    latest: dict[tuple[str, int], LoggedEpisode] = {}
    offset = 0
    for number, line in enumerate(handle, start=1):
        if not line.endswith(b"\n"):
            return latest, offset
        if line.strip():
            try:
                facts = EpisodeFacts.of(EpisodeResult.model_validate_json(line))
            except ValidationError as exc:
                damaged.append((number, _first_error(exc)))
            else:
                latest[(facts.task_id, facts.trial)] = LoggedEpisode(facts, offset)
        offset += len(line)
    return latest, None


def _set_aside(path: Path, numbers: set[int]) -> None:
    """Damaged lines appended to the rejected file (synced), then the log rewritten without
    them in one atomic step: a kill in between leaves a line in both files, never in none."""
    with open(path, "rb") as handle:
        lines = list(handle)
    with open(path.with_name(REJECTED_FILE), "ab") as rejected:
        rejected.writelines(lines[number - 1] for number in sorted(numbers))
        rejected.flush()
        os.fsync(rejected.fileno())
    kept = (
        line.decode("utf-8", errors="replace") for number, line in enumerate(lines, start=1) if number not in numbers
    )
    write_atomically(path, kept)


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"])
    return f"{where + ': ' if where else ''}{error['msg']}"


class EpisodeRecords(Sequence[EpisodeResult]):
    """A run's episodes in plan order, read from its ``episodes.jsonl`` when asked for: a list
    to its user (length, indexing, slices, iteration, ``==``), with no trajectory in memory.
    The file only grows while the run directory exists (a damaged line set aside when the
    run is resumed is the one exception), so the records stay readable."""

    def __init__(self, path: Path, offsets: Sequence[int], root: Optional[Path] = None):
        self.path = path
        self.offsets = list(offsets)
        self.root = root  # read as untrusted below it (``untrusted.open_within``)

    def __len__(self) -> int:
        return len(self.offsets)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [EpisodeResult.model_validate_json(line) for line in self._read(self.offsets[index])]
        return EpisodeResult.model_validate_json(next(self._read([self.offsets[index]])))

    def __iter__(self) -> Iterator[EpisodeResult]:
        return (EpisodeResult.model_validate_json(line) for line in self.lines())

    def identity(self) -> str:
        """Which records these are, in a few characters: the log only grows, so a record's
        offset names it (what an export made from them holds)."""
        return hashlib.sha256(json.dumps(self.offsets).encode()).hexdigest()[:20]

    def lines(self) -> Iterator[bytes]:
        """The records as written: one JSON line each, in plan order."""
        return self._read(self.offsets)

    def _read(self, offsets: list[int]) -> Iterator[bytes]:
        with open_within(self.path, self.root) as handle:
            for offset in offsets:
                handle.seek(offset)
                yield handle.readline()

    def __eq__(self, other) -> bool:
        if isinstance(other, (EpisodeRecords, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # unhashable, as a list; typeshed marks list's so too

    def __repr__(self) -> str:
        return f"EpisodeRecords({len(self)} episodes in {self.path})"


class EpisodeLog:
    """Append-only JSON lines, one finished episode each, synced to disk at once."""

    def __init__(self, path: Path):
        self.path = path
        self.lock = threading.Lock()

    def __enter__(self) -> "EpisodeLog":
        self.handle = open(self.path, "ab")
        self.end = self.handle.seek(0, os.SEEK_END)
        return self

    def append(self, episode: EpisodeResult) -> int:
        """Writes the episode's line; returns the byte offset it starts at. A write that
        fails (a full disk) leaves the file ending where it did before the line."""
        line = (episode.model_dump_json() + "\n").encode("utf-8")
        with self.lock:
            offset = self.end
            try:
                self.handle.write(line)
                self.handle.flush()
                os.fsync(self.handle.fileno())
            except OSError:
                self._cut_back(offset)
                raise
            self.end += len(line)
        return offset

    def _cut_back(self, offset: int) -> None:
        try:
            self.handle.close()
            os.truncate(self.path, offset)
        except OSError:
            pass  # a partial last line is skipped when the run is resumed
        self.handle = open(self.path, "ab")

    def __exit__(self, *exc_info) -> None:
        self.handle.close()


class StoredRunError(Exception):
    """Not the folder of a finished taubench run; the message says what is missing."""


def finished_run_dir(path: Path) -> Path:
    """The folder of the finished run ``path`` names (the folder or its results.json), for
    the steps that read a run later (exports, analyses)."""
    run_dir = path.parent if path.name == RESULTS_FILE else path
    if not run_dir.is_dir():
        raise StoredRunError(f"{path}: no such run directory")
    if not (run_dir / RESULTS_FILE).is_file():
        if holds_run(run_dir):
            raise StoredRunError(
                f"{run_dir}: the run is unfinished (no {RESULTS_FILE} yet); rerun its command to finish it"
            )
        raise StoredRunError(
            f"{run_dir}: not a taubench run directory (no {RESULTS_FILE}, {MANIFEST_FILE} or {EPISODES_FILE})"
        )
    return run_dir


def results_head(run_dir: Path, root: Optional[Path] = None) -> dict:
    """A run's results.json without its episodes (configuration, data, summary), read without
    parsing the episodes that follow (they can run to gigabytes): the results document puts
    them last, under the line `` "episodes": [``. ``root``: read as untrusted below it
    (``untrusted.open_within``)."""
    head: list[bytes] = []
    try:
        with open_within(run_dir / RESULTS_FILE, root) as handle:
            for line in handle:
                if line.startswith(b' "episodes":'):
                    document = parse_json(b"".join(head) + b' "episodes": []\n}')
                    break
                head.append(line)
            else:  # another layout: read it whole
                handle.seek(0)
                document = parse_json(handle.read())
    except (OSError, ValueError) as exc:
        raise StoredRunError(f"{run_dir / RESULTS_FILE}: unreadable ({fault(exc)})") from None
    if (
        not isinstance(document, dict)
        or not isinstance(document.get("config"), dict)
        or not isinstance(document.get("summary"), dict)
    ):
        raise StoredRunError(f"{run_dir / RESULTS_FILE}: not a taubench results file (no config and summary)")
    document.pop("episodes", None)
    return document


def stored_episodes(run_dir: Path, root: Optional[Path] = None) -> EpisodeRecords:
    """A run's episodes as the run counts them (the last record of each task and trial),
    read from episodes.jsonl when asked for; the file is never changed. ``root``: read as
    untrusted below it (``untrusted.open_within``)."""
    try:
        logged = read_episode_log(run_dir / EPISODES_FILE, root=root)
    except EpisodeLogError as exc:
        raise StoredRunError(str(exc)) from None
    except OSError as exc:
        raise StoredRunError(f"{run_dir / EPISODES_FILE}: unreadable ({fault(exc)})") from None
    return EpisodeRecords(run_dir / EPISODES_FILE, [episode.offset for episode in logged], root)

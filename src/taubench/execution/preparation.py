"""Everything checked and found before a run starts: its settings, data and tasks, and the
folder it writes to, a new one or the unfinished run of the same configuration it continues.

A folder named by the command is obeyed: ``output_dir=<dir>`` runs there (that folder's own
run, or a new one), ``resume=<dir>`` continues the run there. Without either, the unfinished
run of the same configuration is found by the pointer ``outputs/.unfinished/<fingerprint>``
and continued, else a new run gets a new folder. Results of two configurations never mix in
one folder, a complete run is never appended to, and a folder that cannot be written is
refused before anything (an MLflow run, an episode) is started.
"""

import hashlib
import json
import os
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator, Optional, TypeVar, Union

from pydantic import BaseModel, ConfigDict

from taubench.core.domain import BaseDomain
from taubench.core.metrics import RunSummary
from taubench.core.tasks import Task
from taubench.domains import load_domain
from taubench.execution.preflight import check_models
from taubench.execution.rundir import (
    EPISODES_FILE,
    MANIFEST_FILE,
    RESULTS_FILE,
    UNFINISHED_DIR,
    EpisodeRecords,
    ExportRecord,
    LoggedEpisode,
    Pointer,
    PointerError,
    RunLock,
    RunManifest,
    holds_run,
    new_folder,
    read_episode_log,
    read_manifest,
    unfinished_runs_of,
    write_atomically,
)
from taubench.execution.settings import ConfigError, RunSettings
from taubench.execution.task_selection import select_tasks

Written = TypeVar("Written")

# Settings that change how a run is carried out, not what it measures: a run may be resumed
# with other values (a new endpoint URL, more concurrency, a higher budget, ...).
OPERATIONAL_SETTINGS: dict[str, Union[bool, set[str]]] = {
    "output_dir": True,
    "progress": True,
    "max_concurrency": True,
    "dispatch": True,
    "max_cost": True,
    "resume": True,
    "episode_retries": True,
    # safeguards, like llm.timeout: far above any legitimate turn, so they leave what is measured as it is
    "max_tool_calls_per_turn": True,
    "max_tool_call_chars": True,
    "max_observation_chars": True,
    "llm": True,
    "tracking": True,
    "export": True,
    "analysis": True,
    "env": {"data_dir", "verify_checksums"},  # the data themselves are compared by checksum
    "provider": {"api_base", "api_key_env", "label_requests"},
    "user": {"api_base", "api_key_env"},
    "judge": {"api_base", "api_key_env"},
}


@dataclass
class PreparedRun:
    """Everything a run needs that can fail on bad input, built before any episode starts.

    Its folder's life: ``claimed`` (lock, ``run.json``, the pointer) before anything is
    recorded anywhere, episodes appended, ``results.json``, then ``complete`` as the very
    last step (``run.json`` says completed, the pointer goes). Killed anywhere before that,
    the same command continues it; completed, it is never appended to again."""

    settings: RunSettings
    domain: BaseDomain
    tasks: list[Task]
    output_dir: Path
    manifest: RunManifest
    pointer: Pointer  # this configuration's pointer to its unfinished run
    resuming: bool = False  # continuing the run already in output_dir
    fresh: bool = False  # output_dir is only the name of a new folder: claimed() makes it (or the next free name)
    lock: Optional[RunLock] = None  # held while this process owns output_dir
    finished: list[LoggedEpisode] = field(default_factory=list)  # episodes that run already has

    @property
    def completed(self) -> bool:
        """The run in output_dir has done everything: nothing to run or record again."""
        return self.manifest.completed_at is not None and (self.output_dir / RESULTS_FILE).is_file()

    @contextmanager
    def claimed(self) -> Iterator["PreparedRun"]:
        """Owns the folder for the length of the block: locked, its ``run.json`` written and
        the pointer set before anything else is recorded (an MLflow run, an episode)."""
        try:
            if self.fresh:
                self.output_dir, self.fresh = new_folder(self.output_dir), False
            self.lock = self.lock or RunLock(self.output_dir)
            self._save_manifest()
            self.pointer.write(self.output_dir)
        except OSError as exc:
            self.release()
            raise RunStorageError(exc, self.output_dir, "nothing was started") from None
        try:
            yield self
        finally:
            self.release()

    def record_mlflow_run(self, run_id: str) -> None:
        self._save_manifest(mlflow_run_id=run_id)

    def export_once(
        self, name: str, episodes: EpisodeRecords, new_path: Callable[[], Path], write: Callable[[Path], Written]
    ) -> tuple[Path, Optional[Written]]:
        """An export of the run (a format of ``export.formats``) made once: where it is and
        ``write``'s answer, None if it was already there. Its place is chosen once per run
        (``new_path``) and recorded in ``run.json`` before ``write`` writes there, and which
        episodes it holds once written; so a run killed after it does not export again, one
        killed during it writes it again in the same place, and a resumed run whose episodes
        changed (more recorded) rewrites it there."""
        holds = episodes.identity()
        record = self.manifest.exports.get(name)
        if record is not None and record.episodes == holds and record.path.exists():
            return record.path, None
        path = record.path if record is not None else new_path()
        self._save_manifest(exports={**self.manifest.exports, name: ExportRecord(path=path.resolve())})
        written = write(path)
        self._save_manifest(exports={**self.manifest.exports, name: ExportRecord(path=path.resolve(), episodes=holds)})
        return path, written

    def complete(self, report: "RunReport") -> None:
        """The last step: only a run with nothing left to do (every episode recorded and
        scored or unscored, none lost to the infrastructure, not stopped) is completed."""
        summary = report.summary
        if report.failed or summary.not_started or summary.infrastructure_failures:
            return  # the pointer stays: the same command continues it
        self._save_manifest(completed_at=_now())
        self.pointer.remove()

    def _save_manifest(self, **changes) -> None:
        self.manifest = self.manifest.model_copy(update=changes)
        write_atomically(self.output_dir / MANIFEST_FILE, self.manifest.model_dump_json(indent=1))

    def release(self) -> None:
        if self.lock:
            self.lock.release()
            self.lock = None


class RunStorageError(Exception):
    """The run's folder cannot be written (not a folder, no permission, a full disk)."""

    def __init__(self, exc: OSError, path: Path, kept: str):
        super().__init__(
            f"cannot write {exc.filename or path}: {exc.strerror or exc}; {kept}. Fix the cause (free space, "
            f"permissions, another output_dir) and run the same command again"
        )


def fingerprint_config(settings: RunSettings) -> dict:
    """What a run measures: the settings two runs must share to be one run."""
    return settings.model_dump(mode="json", exclude=OPERATIONAL_SETTINGS)


def fingerprint(config: dict) -> str:
    """The short digest of a ``fingerprint_config`` that names a configuration's runs."""
    return hashlib.sha256(json.dumps(config, sort_keys=True).encode()).hexdigest()[:20]


def checked(settings: RunSettings) -> tuple[BaseDomain, list[Task]]:
    """What every way into a run checks before it touches a folder or spends anything: the
    domain's data, the tasks chosen, the strategies' options, every model's route, key and price."""
    domain = load_domain(settings.env.name, settings.env.data_dir, settings.env.verify_checksums)
    tasks = select_tasks(settings, domain)
    check_models(settings)
    return domain, tasks


def prepare(settings: RunSettings, base_dir: Optional[Path] = None, new_dir: Optional[Path] = None) -> PreparedRun:
    """The run this command makes or continues. A new run without ``output_dir`` goes to
    ``new_dir`` (the command line's: Hydra's run folder, already made for this process), else
    to a new ``<base_dir>/outputs/<date>/<time>`` folder."""
    base_dir = base_dir or Path.cwd()
    domain, tasks = checked(settings)
    config = fingerprint_config(settings)
    digest = fingerprint(config)
    pointer = Pointer(base_dir / UNFINISHED_DIR / f"{digest}.json")
    earlier, named = _earlier_run(settings, pointer, digest, base_dir, new_dir)
    if earlier is None:
        output_dir = (
            settings.output_dir or new_dir or base_dir / "outputs" / datetime.now().strftime("%Y-%m-%d/%H-%M-%S")
        )
        _check_writable(output_dir)
        manifest = RunManifest(fingerprint=digest, config=config, data_sha256=domain.checksums, created_at=_now())
        fresh = settings.output_dir is None and new_dir is None
        return PreparedRun(settings, domain, tasks, output_dir, manifest, pointer, fresh=fresh)
    if (earlier / MANIFEST_FILE).exists():
        manifest = read_manifest(earlier)
        _check_same_run(manifest, config, domain, earlier, named)
    else:  # episodes without run.json, in a folder named by resume=: taken as this configuration's
        manifest = RunManifest(fingerprint=digest, config=config, data_sha256=domain.checksums, created_at=_now())
        print(
            f"taubench: {earlier} has no {MANIFEST_FILE}: its episodes are taken as this configuration's",
            file=sys.stderr,
        )
    prepared = PreparedRun(settings, domain, tasks, earlier, manifest, pointer, resuming=True)
    if prepared.completed:
        return prepared
    prepared.lock = RunLock(earlier)  # before reading its episodes: another process may still be adding some
    prepared.finished = read_episode_log(earlier / EPISODES_FILE, repair=True)
    return prepared


def _earlier_run(
    settings: RunSettings, pointer: Pointer, digest: str, base_dir: Path, new_dir: Optional[Path]
) -> tuple[Optional[Path], bool]:
    """The folder of the run this command continues, if any, and whether the command named
    it (``output_dir``, ``resume=<dir>``) rather than it being found by its configuration.
    A folder the command names is obeyed: the pointer is only followed when it names none."""
    named = settings.output_dir
    if named is None and new_dir is not None and holds_run(new_dir):
        named = new_dir  # a folder given to Hydra (hydra.run.dir, a sweep's) that holds a run: never a second one there
    if settings.resume == "never":
        if named is not None and holds_run(named):
            raise ConfigError(
                f"invalid configuration:\n  output_dir: {named} already holds a run; give another output_dir, "
                f"or drop resume=never to continue (or see) that run"
            )
        return None, False
    if settings.resume != "auto":
        earlier = (base_dir / settings.resume).resolve()
        if named is not None and named.resolve() != earlier:
            raise ConfigError(
                f"invalid configuration:\n  output_dir: {named} and resume: {earlier} name two different folders; "
                f"give resume=<dir> alone to continue the run there, or output_dir alone to run in it"
            )
        if not holds_run(earlier):
            raise ConfigError(
                f"invalid configuration:\n  resume: {earlier} is not the output directory of a taubench run "
                f"(it has no {MANIFEST_FILE}); allowed: auto, never, or such a directory"
            )
        return earlier, True
    if named is not None:
        if not holds_run(named):
            _say_left_alone(pointer, named)
            return None, True
        if not (named / MANIFEST_FILE).exists():
            raise ConfigError(
                f"invalid configuration:\n  output_dir: {named} holds episodes but no {MANIFEST_FILE}, so what they "
                f"measured is unknown; to continue them as this command's run, add resume={named}; "
                f"otherwise give another output_dir"
            )
        return named, True
    try:
        target = pointer.target()
    except PointerError as exc:
        return _found_by_fingerprint(str(exc), digest, base_dir), False
    return (target, False) if target is not None and holds_run(target) else (None, False)


def _say_left_alone(pointer: Pointer, named: Path) -> None:
    """A new run in the folder the command names, while this configuration has an unfinished
    run elsewhere: that one is not continued, and the command says how to continue it."""
    try:
        unfinished = pointer.target()
    except PointerError:
        return
    if unfinished is not None and unfinished != named.resolve() and holds_run(unfinished):
        print(
            f"taubench: a new run in output_dir {named}; the unfinished run of this configuration in {unfinished} "
            f"is left as it is (to continue it: resume={unfinished})",
            file=sys.stderr,
        )


def _found_by_fingerprint(problem: str, digest: str, base_dir: Path) -> Optional[Path]:
    """With the pointer damaged, the unfinished run of this configuration is looked for by
    the fingerprint its run.json records."""
    found = unfinished_runs_of(digest, base_dir / UNFINISHED_DIR.parent)
    if len(found) > 1:
        raise ConfigError(
            f"invalid configuration:\n  resume: {problem}, and this configuration has {len(found)} unfinished runs: "
            + ", ".join(map(str, found))
            + "; choose one with resume=<its folder>, or start afresh with resume=never"
        )
    where = (
        f"continuing the unfinished run of this configuration in {found[0]}"
        if found
        else "no unfinished run of this configuration found"
    )
    print(f"taubench: {problem}; {where}", file=sys.stderr)
    return found[0] if found else None


def _check_writable(output_dir: Path) -> None:
    """Before anything starts: the folder can be made and written (a file in the way, no
    permission). A full disk shows only when writing, and is reported then."""
    existing = output_dir.absolute()
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise ConfigError(
            f"invalid configuration:\n  output_dir: {output_dir} cannot be made: {existing} is a file, not a folder"
        )
    if not os.access(existing, os.W_OK | os.X_OK):
        raise ConfigError(
            f"invalid configuration:\n  output_dir: {output_dir} cannot be written: "
            f"no permission to write in {existing}"
        )


def _check_same_run(manifest: RunManifest, config: dict, domain: BaseDomain, earlier: Path, named: bool) -> None:
    """Results of two configurations must never mix in one run."""
    before, now = _flat(manifest.config), _flat(config)
    changed = [
        f"    {key}: {before.get(key, '<absent>')!r} then, {now.get(key, '<absent>')!r} now"
        for key in sorted(set(before) | set(now))
        if before.get(key) != now.get(key)
    ]
    if manifest.data_sha256 != domain.checksums:
        changed.append(f"    task data ({domain.name}): the files' sha256 differ from those the run started with")
    if changed:
        elsewhere = "give another output_dir" if named else "start a new run with resume=never"
        raise ConfigError(
            f"invalid configuration:\n  resume: refusing to continue the run in {earlier}: it was started with "
            f"another configuration or data:\n"
            + "\n".join(changed)
            + f"\n  restore those settings to continue it, or {elsewhere}"
        )


def _flat(config: dict, prefix: str = "") -> dict:
    flat = {}
    for key, value in config.items():
        if isinstance(value, dict) and value:
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class RunReport(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    summary: RunSummary
    episodes: EpisodeRecords  # read from episodes.jsonl on demand
    output_dir: Path
    results_file: Path
    resumed_episodes: int = 0
    failed: bool = False  # stopped by an error every call would hit (bad key, unknown model)

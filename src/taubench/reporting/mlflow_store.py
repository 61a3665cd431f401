"""The embedded MLflow store (``mlruns/mlflow.db``): whole, or not there at all.

MLflow makes a SQLite store in place: it creates the tables, then runs some 70 migrations on
the file. A process killed meanwhile leaves a store every later command fails on (``table
assessments already exists``), and two first runs at once migrate the same file twice. Here
a new store is built in a temporary file and moved into place under a lock, so concurrent
first runs wait for it; a store that is not whole (left by an older taubench, or an older
MLflow) is rebuilt if it records nothing, else refused with the command that fixes it.
"""

import fcntl
import os
import shlex
import shutil
import sqlite3
import sys
from contextlib import closing, contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Iterator, Optional

STORE_FOLDER = "mlruns"
DATABASE = "mlflow.db"
LOCK_FILE = ".mlflow.db.lock"  # held while a store is checked or made
BUILDING = "mlflow.db.building-"  # a store being made, or a copy being tried; left by a killed process otherwise
RECORD_TABLES = ("runs", "trace_info", "registered_models", "logged_models")  # what a rebuild would lose


class StoreError(Exception):
    """The embedded store is there but MLflow cannot use it, and taubench will not remake it."""


def local_store(base_dir: Path) -> tuple[str, str]:
    """(tracking URI, artifact root URI) of the embedded store under ``base_dir``."""
    folder = (base_dir / STORE_FOLDER).resolve()
    return _uri(folder / DATABASE), (folder / "artifacts").as_uri()


def open_local_store(base_dir: Path) -> tuple[str, str]:
    """``local_store(base_dir)``, made first if there is none, and whole: rebuilt if it was
    left half-made holding no records; ``StoreError`` if it holds some."""
    uri, artifact_root = local_store(base_dir)
    database = (base_dir / STORE_FOLDER / DATABASE).resolve()
    if database.is_file() and _schema(database).whole:  # made whole, then moved in: no lock needed
        return uri, artifact_root
    database.parent.mkdir(parents=True, exist_ok=True)
    with _locked(database.parent / LOCK_FILE):
        for leftover in database.parent.glob(f"{BUILDING}*"):  # the lock is ours: no one is building
            leftover.unlink()
        if database.exists():
            schema = _schema(database)
            if schema.whole:  # made by the process we waited for
                return uri, artifact_root
            if schema.records:
                raise StoreError(_refusal(database, schema))
            print(
                f"taubench: remaking the MLflow store {database}: it was left half-made ({schema}) and records nothing",
                file=sys.stderr,
            )
        _build(database, artifact_root)
    return uri, artifact_root


@dataclass(frozen=True)
class _Schema:
    revision: Optional[str]  # the migration alembic recorded last (None: no record)
    missing: tuple[str, ...]  # MLflow's tables not in the file
    records: int  # runs, traces and models in it (not counted in a whole store)

    @property
    def whole(self) -> bool:
        return _is_whole(self.revision, self.missing)

    def __str__(self) -> str:
        gaps = f", {len(self.missing)} of MLflow's tables missing" if self.missing else ""
        return f"schema revision {self.revision or 'none'}, {_head_revision()} expected{gaps}"


def _schema(database: Path) -> _Schema:
    from mlflow.store.db.base_sql_model import Base

    try:
        with closing(sqlite3.connect(database, timeout=60)) as connection:
            tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            version = (
                connection.execute("SELECT version_num FROM alembic_version").fetchone()
                if "alembic_version" in tables
                else None
            )
            revision, missing = version and version[0], tuple(sorted(set(Base.metadata.tables) - tables))
            counted = () if _is_whole(revision, missing) else [table for table in RECORD_TABLES if table in tables]
            records = sum(connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in counted)
    except sqlite3.OperationalError as exc:  # busy past the timeout, or the disk failed
        raise StoreError(f"cannot read the MLflow store {database}: {exc}") from None
    except sqlite3.DatabaseError as exc:  # not a database, or a damaged one
        raise StoreError(f"the MLflow store {database} cannot be read ({exc}). {_move_aside(database)}") from None
    return _Schema(revision, missing, records)


def _is_whole(revision: Optional[str], missing: tuple[str, ...]) -> bool:
    return revision == _head_revision() and not missing


@cache
def _head_revision() -> str:
    """The migration this MLflow brings a store to (its own check, ``_verify_schema``, compares
    the stored revision with the same one)."""
    from mlflow.store.db.utils import _get_latest_schema_revision

    return _get_latest_schema_revision()


def _build(database: Path, artifact_root: str) -> None:
    """A new store, created and migrated by MLflow in a file of its own, then moved in."""
    from mlflow.store.tracking.sqlalchemy_store import SqlAlchemyStore

    building = database.with_name(f"{BUILDING}{os.getpid()}")
    try:
        SqlAlchemyStore(_uri(building), artifact_root)  # tables, migrations, default experiment
        _forget_engines(_uri(building))
        os.replace(building, database)
        _forget_engines(_uri(database))  # one on the file replaced, left by MLflow failing on it
    finally:
        building.unlink(missing_ok=True)


def _forget_engines(uri: str) -> None:
    """Closes the engines MLflow keeps per URI for the process's life (its tracking and model
    registry stores each keep one): an engine on a file since replaced would still use that file."""
    from mlflow.store.model_registry.sqlalchemy_store import SqlAlchemyStore as RegistryStore
    from mlflow.store.tracking.sqlalchemy_store import SqlAlchemyStore as TrackingStore

    for store in (TrackingStore, RegistryStore):
        engine = store._engine_map.pop(uri, None)
        if engine is not None:
            engine.dispose()


def _refusal(database: Path, schema: _Schema) -> str:
    import mlflow

    problem = (
        f"the MLflow store {database} is not whole ({schema}) "
        f"and is not empty ({schema.records} runs, traces or models)"
    )
    failure = _upgrade_fails(database)
    if failure is None:
        backup = shlex.quote(str(database.with_name(f"{DATABASE}.backup")))
        command = (
            f"cp {shlex.quote(str(database))} {backup} && python -m mlflow db upgrade {shlex.quote(_uri(database))}"
        )
        return f"{problem}: an older MLflow than {mlflow.__version__} made it. Back it up and update it: `{command}`"
    return f"{problem}, and MLflow cannot update it ({failure}). {_move_aside(database)}"


def _upgrade_fails(database: Path) -> Optional[str]:
    """Why ``mlflow db upgrade`` fails on the store, tried on a copy (None: it makes it whole)."""
    from mlflow.store.db.utils import _upgrade_db, create_sqlalchemy_engine

    trial = database.with_name(f"{BUILDING}{os.getpid()}")
    shutil.copyfile(database, trial)
    try:
        engine = create_sqlalchemy_engine(_uri(trial))
        try:
            _upgrade_db(engine)  # what the command does to a store that is not empty
        except Exception as exc:  # whatever MLflow or the database says is the reason shown
            return str(exc).splitlines()[0]
        finally:
            engine.dispose()
        after = _schema(trial)
        return None if after.whole else f"still {after} after it"
    finally:
        trial.unlink(missing_ok=True)


def _move_aside(database: Path) -> str:
    aside = database.with_name(f"{DATABASE}.broken")
    return (
        f"Move it aside and the next run makes a new one (the runs' results stay in their output folders): "
        f"`mv {shlex.quote(str(database))} {shlex.quote(str(aside))}`"
    )


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock between processes, waited for; the system drops it if its holder dies."""
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def _uri(database: Path) -> str:
    return f"sqlite:///{database}"

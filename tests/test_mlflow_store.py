"""The embedded MLflow store is whole or not there: a first run killed while MLflow made it,
two first runs at once, and a damaged store that holds runs."""

import shlex
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from contextlib import closing
from pathlib import Path

import pytest
from alembic.operations import Operations
from click.testing import CliRunner
from conftest import ORACLES, _cli_environment, run_cli
from mlflow.db import commands as mlflow_db_command
from mlflow.tracking import MlflowClient
from sqlalchemy.exc import OperationalError

from taubench.execution.settings import TrackingSettings
from taubench.integrations import ui
from taubench.reporting.leaderboard import board as leaderboard
from taubench.reporting.mlflow_store import StoreError, local_store, open_local_store
from taubench.reporting.tracking import Tracker


class Killed(BaseException):
    """The process dying where MLflow stood: nothing after it runs, nothing is committed."""


def half_made_store(base: Path, monkeypatch) -> Path:
    """``base/mlruns/mlflow.db`` as a first run killed 0.15-0.5 s into making it left it: MLflow
    creating it in place, stopped just after one migration created its table."""
    create_table = Operations.create_table

    def dying(self, name, *args, **kwargs):
        made = create_table(self, name, *args, **kwargs)
        if name == "assessments":
            raise Killed
        return made

    database = base / "mlruns" / "mlflow.db"
    database.parent.mkdir(parents=True)
    with monkeypatch.context() as patched:
        patched.setattr(Operations, "create_table", dying)
        with pytest.raises(Killed):
            MlflowClient(local_store(base)[0]).search_experiments()
    return database


def test_a_store_left_half_made_by_a_killed_first_run_is_made_again(tmp_path, monkeypatch, capsys):
    database = half_made_store(tmp_path, monkeypatch)
    with pytest.raises(OperationalError, match="table assessments already exists"):  # what every later run died of
        MlflowClient(local_store(tmp_path)[0]).search_experiments()

    tracker = Tracker(TrackingSettings(), tmp_path)
    run_id = tracker.start("after the kill", {"seed": 1})
    assert "remaking the MLflow store" in capsys.readouterr().err
    assert MlflowClient(local_store(tmp_path)[0]).get_run(run_id).data.params == {"seed": "1"}
    assert sorted(path.name for path in database.parent.iterdir()) == [".mlflow.db.lock", "mlflow.db"]


def test_two_first_runs_at_once_both_get_the_store(tmp_path):
    """Both processes start opening a fresh folder's store at the same moment (each waits,
    imports done, for the word to go): one makes it, the other waits for it and uses it."""
    script = textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from mlflow.tracking import MlflowClient
        from taubench.execution.settings import TrackingSettings
        from taubench.reporting.tracking import Tracker
        print("ready", flush=True)
        sys.stdin.readline()
        print(Tracker(TrackingSettings(), Path({str(tmp_path)!r})).start("first", {{}}))
    """)
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", script],
            env=_cli_environment(None),
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in range(2)
    ]
    for process in runs:
        assert process.stdout.readline() == "ready\n", process.communicate()[1]
    for process in runs:
        process.stdin.write("go\n")
        process.stdin.flush()
    results = [process.communicate(timeout=120) for process in runs]
    assert [process.returncode for process in runs] == [0, 0], [stderr for _, stderr in results]
    client = MlflowClient(local_store(tmp_path)[0])
    experiment = client.get_experiment_by_name("taubench")
    assert {run.info.run_id for run in client.search_runs([experiment.experiment_id])} == {
        out.strip() for out, _ in results
    }


def seeded(base: Path, empty_store: Path) -> Path:
    database = base / "mlruns" / "mlflow.db"
    database.parent.mkdir(parents=True)
    shutil.copyfile(empty_store, database)
    return database


def test_a_run_whose_experiment_another_made_at_the_same_moment_joins_it(tmp_path, empty_mlflow_store, monkeypatch):
    """Between its look-up (nothing yet) and its own making of the experiment, another run
    makes it: the second one uses it rather than failing on the name taken."""
    seeded(tmp_path, empty_mlflow_store)
    look_up, others = MlflowClient.get_experiment_by_name, []

    def raced(client, name):
        if not others:
            others.append(MlflowClient(local_store(tmp_path)[0]).create_experiment(name))
            return None
        return look_up(client, name)

    monkeypatch.setattr(MlflowClient, "get_experiment_by_name", raced)
    tracker = Tracker(TrackingSettings(), tmp_path)
    assert tracker.experiment_id == others[0]
    assert tracker.client.get_experiment(others[0]).tags["mlflow.experimentKind"] == "custom_model_development"


def store_with_a_run(base: Path, empty_store: Path) -> Path:
    database = seeded(base, empty_store)
    Tracker(TrackingSettings(), base).start("kept", {})
    return database


def older_mlflow(database: Path) -> None:
    """The store as the MLflow before this one left it: its last migration undone."""
    from alembic import command
    from mlflow.store.db.utils import _get_alembic_config, create_sqlalchemy_engine

    config = _get_alembic_config(f"sqlite:///{database}")
    engine = create_sqlalchemy_engine(f"sqlite:///{database}")
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "-1")
    engine.dispose()


def test_a_store_an_older_mlflow_made_is_refused_with_the_command_that_updates_it(tmp_path, empty_mlflow_store):
    database = store_with_a_run(tmp_path / "older", empty_mlflow_store)
    older_mlflow(database)
    with pytest.raises(StoreError) as refused:
        open_local_store(tmp_path / "older")
    message = str(refused.value)
    assert f"the MLflow store {database} is not whole" in message and "is not empty (1 runs" in message
    command = message.split("`")[1]
    assert command == f"cp {database} {database}.backup && python -m mlflow db upgrade sqlite:///{database}"

    backup, upgrade = command.split(" && ")
    subprocess.run(backup, shell=True, check=True)
    assert upgrade.startswith(
        "python -m mlflow db "
    )  # the rest in this process: MLflow's command line, without a new interpreter
    assert CliRunner().invoke(mlflow_db_command, shlex.split(upgrade)[4:]).exit_code == 0
    client = MlflowClient(open_local_store(tmp_path / "older")[0])
    assert [
        run.info.run_name for run in client.search_runs([client.get_experiment_by_name("taubench").experiment_id])
    ] == ["kept"]
    assert (database.parent / "mlflow.db.backup").is_file()


def damaged_store_with_a_run(base: Path, empty_store: Path) -> Path:
    database = store_with_a_run(base, empty_store)
    with closing(sqlite3.connect(database)) as connection:  # what no migration can bring back
        connection.execute("DROP TABLE alembic_version")
    return database


def test_a_damaged_store_holding_runs_stops_the_command_with_the_command_that_fixes_it(tmp_path, empty_mlflow_store):
    database = damaged_store_with_a_run(tmp_path, empty_mlflow_store)

    result = run_cli("env=mock", *ORACLES, "task_ids=[0]", "progress=false", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert f"the MLflow store {database} is not whole (schema revision none" in result.stderr
    assert (
        f"Move it aside and the next run makes a new one (the runs' results stay in their output folders): "
        f"`mv {database} {database}.broken`" in result.stderr
    )
    assert not (tmp_path / "outputs").exists()  # refused before the run's folder was claimed
    assert sorted(path.name for path in database.parent.iterdir()) == [
        ".mlflow.db.lock",
        "mlflow.db",
    ]  # the trial copy is gone


def test_the_ui_and_the_leaderboard_refuse_a_damaged_store_alike(tmp_path, empty_mlflow_store, monkeypatch, capsys):
    database = damaged_store_with_a_run(tmp_path, empty_mlflow_store)
    monkeypatch.chdir(tmp_path)
    assert ui.main(["--dir", str(tmp_path)]) == 2
    with pytest.raises(SystemExit) as leaderboard_exit:
        leaderboard.main(["--mlflow"])
    assert leaderboard_exit.value.code == 2
    ui_error, leaderboard_error = capsys.readouterr().err.splitlines()
    assert ui_error.startswith(f"taubench ui: the MLflow store {database} is not whole")
    assert leaderboard_error.startswith(f"taubench leaderboard: the MLflow store {database} is not whole")
    assert ui_error.endswith(f"`mv {database} {database}.broken`") and leaderboard_error.endswith(
        f"`mv {database} {database}.broken`"
    )

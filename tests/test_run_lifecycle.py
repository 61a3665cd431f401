"""A run's folder through its whole life: killed with SIGKILL at any moment, its end steps
included, the same command finishes it with every episode exactly once and one MLflow run;
a finished folder is never appended to; damaged records are reported with the way on."""

import json
import os
import random
import signal
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from conftest import ORACLES, run_cli, seed_mlflow_store, start_cli
from forked_cli import Started
from mlflow.tracking import MlflowClient
from test_long_runs import oracle_settings as long_runs_settings
from test_resume import comparable

from taubench import run
from taubench.execution.preparation import fingerprint, fingerprint_config
from taubench.execution.rundir import EPISODES_FILE, MANIFEST_FILE, REJECTED_FILE, RESULTS_FILE, UNFINISHED_DIR, Pointer
from taubench.execution.settings import ConfigError
from taubench.reporting.tracking import local_store

RUN = [
    "env=airline",
    *ORACLES,
    "end_index=12",
    "num_trials=2",
    "max_concurrency=2",
    "tracking.traces=true",
    "progress=false",
    "export.formats=[mtbench,v1]",
]
PAUSED_CLI = Path(__file__).resolve().parent / "paused_cli.py"
HOLD_BEFORE_COMPLETING = "mlflow_finished"  # every attempt but the last stops short of completing


def start_paused(cwd: Path, pause_at: list[str], markers: Path, arguments: list[str] = RUN) -> Started:
    environment = {"PAUSE_MARKERS": str(markers), "PAUSE_AT": ",".join(pause_at), "EPISODE_DELAY_S": "0.5"}
    return start_cli(*arguments, cwd=cwd, env=environment, target=str(PAUSED_CLI), new_session=True)


def kill_when(process: Started, markers: Path, step: str | None, after_s: float, timer_from: str | None = None) -> str:
    """SIGKILL once ``step`` is announced (the process holds there), or ``after_s`` seconds
    after ``timer_from`` is announced (or after the start), whichever comes first; says the
    last step the process had reached."""
    deadline = None if timer_from else time.monotonic() + after_s
    while deadline is None or time.monotonic() < deadline:
        reached = markers.read_text().split() if markers.exists() else []
        if step is not None and step in reached:
            break
        if deadline is None and timer_from in reached:
            deadline = time.monotonic() + after_s
        assert process.poll() is None, f"the run ended on its own: {process.stderr()}"
        time.sleep(0.01)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    reached = markers.read_text().split() if markers.exists() else []
    markers.unlink(missing_ok=True)
    return reached[-1] if reached else "starting"


@pytest.mark.long
def test_killed_at_twenty_moments_the_same_command_finishes_the_run_once(tmp_path):
    killed, clean = tmp_path / "killed", tmp_path / "clean"
    killed.mkdir(), clean.mkdir()
    markers = tmp_path / "markers"
    draw = random.Random(12)
    # each step of a run's life, and random moments: while it starts, while episodes run
    schedule = [("claimed", 0, None), ("mlflow_created", 0, None)]
    schedule += [(None, draw.uniform(0.2, 3.0), None) for _ in range(3)]
    schedule += [(None, draw.uniform(0.0, 1.5), "claimed") for _ in range(9)]
    schedule += [("episodes_done", 0, None), (None, draw.uniform(0.0, 0.5), "claimed"), ("after_run_done", 0, None)]
    schedule += [("mlflow_finished", 0, None), (None, draw.uniform(0.0, 1.0), "claimed"), ("completed", 0, None)]
    assert len(schedule) == 20
    where, recorded = [], set()
    for step, after_s, timer_from in schedule:
        pause_at = [HOLD_BEFORE_COMPLETING] if step != "completed" else ["completed"]
        process = start_paused(killed, pause_at + ([step] if step else []), markers)
        where.append(kill_when(process, markers, step, after_s if step is None else 300, timer_from))
        for log in (killed / "outputs").rglob(EPISODES_FILE):
            recorded |= {line for line in log.read_bytes().splitlines(keepends=True) if line.endswith(b"\n")}
    for step in ("claimed", "mlflow_created", "episodes_done", "after_run_done", "mlflow_finished", "completed"):
        assert step in where, where
    assert where.count("claimed") > 3, where  # killed while episodes ran

    finished = run_cli(*RUN, cwd=killed)
    assert finished.returncode == 0, finished.stderr
    assert "is complete; nothing to do" in finished.stderr  # the last kill came after it was complete
    uninterrupted = run_cli(*RUN, cwd=clean)
    assert uninterrupted.returncode == 0, uninterrupted.stderr

    run_dirs = {path.parent.resolve() for path in (killed / "outputs").rglob(MANIFEST_FILE)}
    assert len(run_dirs) == 1, run_dirs
    run_dir = run_dirs.pop()
    lines = (run_dir / EPISODES_FILE).read_bytes().splitlines(keepends=True)
    assert recorded <= set(lines)  # what was recorded before a kill stays as it was: never run again
    log = [json.loads(line) for line in lines]
    pairs = [(episode["task_id"], episode["trial"]) for episode in log]
    assert len(pairs) == 24 and len(set(pairs)) == 24  # every (task, trial) exactly once
    results = json.loads((run_dir / RESULTS_FILE).read_text())
    expected = json.loads(next((clean / "outputs").rglob(RESULTS_FILE)).read_text())
    assert sorted(map(comparable, results["episodes"])) == sorted(map(comparable, expected["episodes"]))
    assert results["summary"]["average_reward"] == expected["summary"]["average_reward"]
    assert not any((killed / UNFINISHED_DIR).iterdir())  # nothing left to resume
    (export,) = (killed / "data").iterdir()  # each export made once, whichever attempt made it
    (v1_file,) = (killed / "results").iterdir()
    assert (
        len((export / "oracle_scores.jsonl").read_text().splitlines()) == 12
        and len(json.loads(v1_file.read_text())) == 24
    )

    client = MlflowClient(local_store(killed)[0])
    runs = client.search_runs([client.get_experiment_by_name("taubench").experiment_id])
    assert [run.info.status for run in runs] == ["FINISHED"], where
    assert runs[0].data.metrics["num_episodes"] == 24
    # each episode one complete trace, whichever process wrote it: none lost, none doubled
    traces = client.search_traces(locations=[runs[0].info.experiment_id], run_id=runs[0].info.run_id, max_results=100)
    rewards = {
        (t.info.tags["taubench.task_id"], int(t.info.tags["taubench.trial"])): [
            a.value for a in t.info.assessments if a.name == "reward"
        ]
        for t in traces
    }
    assert len(traces) == 24 and rewards == {(e["task_id"], e["trial"]): [e["reward"]] for e in results["episodes"]}

    again = run_cli(*RUN, cwd=killed)  # a complete run is never appended to: the same command measures anew
    assert again.returncode == 0, again.stderr
    assert len((run_dir / EPISODES_FILE).read_text().splitlines()) == 24


@pytest.mark.long
def test_a_sweep_killed_mid_way_is_finished_by_the_same_command_in_its_mlflow_runs(tmp_path):
    sweep = ["--multirun", "env=retail,airline", *ORACLES, "task_ids=[0,1]", "progress=false"]
    markers = tmp_path / "markers"
    process = start_paused(tmp_path, ["episodes_done"], markers, sweep)  # its first job holds there
    assert kill_when(process, markers, "episodes_done", 300) == "episodes_done"

    again = run_cli(*sweep, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "continuing the MLflow run" in again.stderr and "taubench sweep: 2 runs" in again.stdout
    client = MlflowClient(local_store(tmp_path)[0])
    runs = client.search_runs([client.get_experiment_by_name("taubench").experiment_id])
    (parent,) = [run for run in runs if "mlflow.parentRunId" not in run.data.tags]
    children = [run for run in runs if run.data.tags.get("mlflow.parentRunId") == parent.info.run_id]
    assert parent.info.status == "FINISHED" and parent.data.metrics["jobs_completed"] == 2
    assert sorted((run.data.params["env.name"], run.info.status) for run in children) == [
        ("airline", "FINISHED"),
        ("retail", "FINISHED"),
    ]
    assert len(runs) == 3


def oracle_settings(tmp_path: Path, **extra):
    """Six airline oracle episodes, untracked, in a folder found by the pointer (no output_dir)."""
    return long_runs_settings(tmp_path, **{"output_dir": None, "task_ids": [str(i) for i in range(6)], **extra})


def unfinished_run(tmp_path: Path, **extra) -> Path:
    """A run of six oracle episodes of which four are recorded, as a kill leaves it."""
    report = run(oracle_settings(tmp_path, task_ids=[str(i) for i in range(4)], **extra), base_dir=tmp_path)
    manifest = json.loads((report.output_dir / MANIFEST_FILE).read_text())
    config = fingerprint_config(oracle_settings(tmp_path, **extra))
    manifest.update(config=config, fingerprint=fingerprint(config), completed_at=None)
    (report.output_dir / MANIFEST_FILE).write_text(json.dumps(manifest))
    Pointer(tmp_path / UNFINISHED_DIR / f"{fingerprint(config)}.json").write(report.output_dir)
    (report.output_dir / RESULTS_FILE).unlink()
    return report.output_dir


def test_a_finished_output_dir_is_reported_never_appended_to(tmp_path):
    folder = tmp_path / "fixed"
    first = run_cli(
        *RUN[:3], "task_ids=[0,1]", f"output_dir={folder}", "tracking.enabled=false", cwd=tmp_path, seed_store=False
    )
    assert first.returncode == 0, first.stderr
    log = (folder / EPISODES_FILE).read_bytes()
    again = run_cli(
        *RUN[:3], "task_ids=[0,1]", f"output_dir={folder}", "tracking.enabled=false", cwd=tmp_path, seed_store=False
    )
    assert again.returncode == 0, again.stderr
    assert f"the run in {folder} is complete; nothing to do" in again.stderr
    assert str(folder / RESULTS_FILE) in again.stdout  # where its results are
    assert (folder / EPISODES_FILE).read_bytes() == log

    other = run_cli(*RUN[:3], "task_ids=[0,1]", "seed=1", f"output_dir={folder}", cwd=tmp_path, seed_store=False)
    assert other.returncode == 2 and "Traceback" not in other.stderr
    assert "refusing to continue the run in" in other.stderr and "seed: 300 then, 1 now" in other.stderr
    assert "give another output_dir" in other.stderr
    fresh = run_cli(*RUN[:3], "task_ids=[0,1]", "resume=never", f"output_dir={folder}", cwd=tmp_path, seed_store=False)
    assert (
        fresh.returncode == 2 and f"output_dir: {folder} already holds a run; give another output_dir" in fresh.stderr
    )
    assert (folder / EPISODES_FILE).read_bytes() == log
    assert not (tmp_path / "mlruns").exists()  # the refused commands recorded nothing


def test_a_damaged_episode_line_is_set_aside_and_its_episode_runs_again(tmp_path, capsys):
    folder = unfinished_run(tmp_path)
    log = folder / EPISODES_FILE
    lines = log.read_bytes().splitlines(keepends=True)
    damaged = lines[1][:40] + b"\n"  # the second record, cut in the middle by a disk error
    log.write_bytes(lines[0] + damaged + b"".join(lines[2:]))

    report = run(oracle_settings(tmp_path), base_dir=tmp_path)
    message = capsys.readouterr().err
    assert f"{log}: line 2 is not an episode record" in message
    assert f"moved to {folder / REJECTED_FILE}, and the episodes they held run again" in message
    assert report.output_dir == folder and report.summary.num_episodes == 6 and report.summary.average_reward == 1.0
    pairs = [(e["task_id"], e["trial"]) for e in map(json.loads, log.read_bytes().splitlines())]
    assert sorted(pairs) == [(str(i), 0) for i in range(6)]  # the damaged one's episode ran again, once
    assert (folder / REJECTED_FILE).read_bytes() == damaged


def test_a_damaged_run_json_is_explained_and_the_run_can_go_on(tmp_path):
    folder = unfinished_run(tmp_path)
    (folder / MANIFEST_FILE).write_text('{"fingerprint": "abc", "config"')
    with pytest.raises(ConfigError) as refused:
        run(oracle_settings(tmp_path), base_dir=tmp_path)
    message = str(refused.value)
    assert f"resume: {folder / MANIFEST_FILE} is unreadable (" in message
    assert f"mv {folder / MANIFEST_FILE} {folder / MANIFEST_FILE}.bad" in message and f"resume={folder}" in message

    (folder / MANIFEST_FILE).rename(folder / "run.json.bad")  # the way on the message gives
    report = run(oracle_settings(tmp_path, resume=str(folder)), base_dir=tmp_path)
    assert report.output_dir == folder and report.resumed_episodes == 4 and report.summary.num_episodes == 6
    assert len((folder / EPISODES_FILE).read_bytes().splitlines()) == 6


def test_a_damaged_resume_pointer_is_reported_and_the_run_found_by_its_configuration(tmp_path, capsys):
    folder = unfinished_run(tmp_path)
    (pointer,) = (tmp_path / UNFINISHED_DIR).iterdir()
    pointer.write_text("{not json")
    report = run(oracle_settings(tmp_path), base_dir=tmp_path)
    message = capsys.readouterr().err
    assert f"the resume pointer {pointer} is unreadable" in message
    assert f"continuing the unfinished run of this configuration in {folder}" in message
    assert report.output_dir == folder and report.resumed_episodes == 4 and report.summary.num_episodes == 6
    assert not pointer.exists()  # the run completed


def cli_settings(*overrides: str):
    """The settings ``python -m taubench <overrides>`` runs with, composed in this process."""
    from hydra import compose, initialize_config_module
    from omegaconf import OmegaConf

    from taubench.execution.settings import parse_settings

    with initialize_config_module(config_module="taubench.conf", version_base="1.3"):
        return parse_settings(
            OmegaConf.to_container(compose(config_name="config", overrides=list(overrides)), resolve=True)
        )


def left_unfinished(run_dir: Path, base_dir: Path) -> bytes:
    """A complete run as a kill during its last episode leaves it: that episode unrecorded, no
    results, the pointer to it set. Returns its episode log."""
    manifest = json.loads((run_dir / MANIFEST_FILE).read_text())
    manifest["completed_at"] = None
    (run_dir / MANIFEST_FILE).write_text(json.dumps(manifest))
    (run_dir / RESULTS_FILE).unlink()
    log = b"".join((run_dir / EPISODES_FILE).read_bytes().splitlines(keepends=True)[:-1])
    (run_dir / EPISODES_FILE).write_bytes(log)
    Pointer(base_dir / UNFINISHED_DIR / f"{manifest['fingerprint']}.json").write(run_dir)
    return log


def test_an_explicit_output_dir_is_obeyed_and_continuing_another_folder_is_asked_for(tmp_path, capsys):
    earlier = unfinished_run(tmp_path)
    log = (earlier / EPISODES_FILE).read_bytes()
    named = tmp_path / "named"
    report = run(oracle_settings(tmp_path, output_dir=str(named)), base_dir=tmp_path)
    assert report.output_dir == named and report.resumed_episodes == 0 and report.summary.num_episodes == 6
    assert len((named / EPISODES_FILE).read_bytes().splitlines()) == 6
    assert (earlier / EPISODES_FILE).read_bytes() == log and not (earlier / RESULTS_FILE).exists()  # left alone
    said = f"the unfinished run of this configuration in {earlier} is left as it is (to continue it: resume={earlier})"
    assert said in capsys.readouterr().err

    with pytest.raises(ConfigError, match=rf"output_dir: {named} and resume: {earlier} name two different folders"):
        run(oracle_settings(tmp_path, output_dir=str(named), resume=str(earlier)), base_dir=tmp_path)
    resumed = run(oracle_settings(tmp_path, resume=str(earlier)), base_dir=tmp_path)  # asked for
    assert resumed.output_dir == earlier and resumed.resumed_episodes == 4 and resumed.summary.num_episodes == 6


def test_the_command_given_an_output_dir_runs_there_not_in_the_unfinished_run_elsewhere(tmp_path):
    command = ["env=airline", *ORACLES, "task_ids=[0,1,2]", "tracking.enabled=false", "progress=false"]
    earlier = run(cli_settings(*command), base_dir=tmp_path).output_dir  # as the command leaves it, then cut short
    log = left_unfinished(earlier, tmp_path)
    named = tmp_path / "named"
    result = run_cli(*command, f"output_dir={named}", cwd=tmp_path, seed_store=False)
    assert result.returncode == 0, result.stderr
    assert "resuming" not in result.stderr and f"resume={earlier}" in result.stderr
    assert len((named / EPISODES_FILE).read_bytes().splitlines()) == 3 and (named / RESULTS_FILE).exists()
    assert (earlier / EPISODES_FILE).read_bytes() == log and not (earlier / RESULTS_FILE).exists()


class _FrozenClock(datetime):
    @classmethod
    def now(cls, tz=None):
        return datetime(2026, 11, 21, 10, 0, 0, tzinfo=tz)


def test_runs_started_in_the_same_second_get_folders_of_their_own(tmp_path, monkeypatch):
    import taubench.execution.preparation as preparation

    monkeypatch.setattr(preparation, "datetime", _FrozenClock)
    first = run(oracle_settings(tmp_path), base_dir=tmp_path)
    second = run(oracle_settings(tmp_path), base_dir=tmp_path)  # the first is complete: a new run
    assert first.output_dir == tmp_path / "outputs" / "2026-11-21" / "10-00-00"
    assert second.output_dir == tmp_path / "outputs" / "2026-11-21" / "10-00-00_01"
    for report in (first, second):
        pairs = [
            (e["task_id"], e["trial"])
            for e in map(json.loads, (report.output_dir / EPISODES_FILE).read_bytes().splitlines())
        ]
        assert sorted(pairs) == [(str(i), 0) for i in range(6)]  # each episode once, in each run


def test_a_command_started_in_the_same_second_as_another_gets_a_folder_of_its_own(tmp_path):
    """Hydra names the folder by the second; another run holds every folder of the seconds
    around this one's start, so this one must take a name of its own."""
    taken, start = [], datetime.now()
    for second in range(-2, 120):
        folder = tmp_path / "outputs" / f"{start + timedelta(seconds=second):%Y-%m-%d/%H-%M-%S}"
        folder.mkdir(parents=True)
        (folder / EPISODES_FILE).write_text("another run's\n")
        taken.append(folder)
    result = run_cli(
        "env=airline",
        *ORACLES,
        "task_ids=[0]",
        "tracking.enabled=false",
        "progress=false",
        cwd=tmp_path,
        seed_store=False,
    )
    assert result.returncode == 0, result.stderr
    (run_dir,) = {path.parent for path in (tmp_path / "outputs").rglob(MANIFEST_FILE)}
    assert run_dir.parent / (run_dir.name[:-3]) in taken and run_dir.name.endswith("_01")
    assert (run_dir / ".hydra" / "overrides.yaml").exists() and len(
        (run_dir / EPISODES_FILE).read_bytes().splitlines()
    ) == 1
    assert all(sorted(path.name for path in folder.iterdir()) == [EPISODES_FILE] for folder in taken)  # untouched


class _Killed(BaseException):
    """A SIGKILL at that moment, in process: nothing after it runs, no handler sees it."""


def _kill(*args, **kwargs):
    raise _Killed


def test_an_export_done_is_not_done_again_and_one_cut_short_is_redone_in_its_place(tmp_path, monkeypatch, capsys):
    from taubench.app import lifecycle
    from taubench.execution.preparation import PreparedRun, prepare
    from taubench.reporting import mtbench_export as mtbench
    from taubench.reporting import v1_results

    settings = oracle_settings(tmp_path, export={"formats": ["mtbench", "v1"]})
    kills = [
        (mtbench._TaskTally, "line"),  # during the MT-Bench export: a trajectory written, no scores yet
        (v1_results, "export"),  # during the v1 export, the MT-Bench one done
        (PreparedRun, "complete"),  # after both, before the run is marked complete
    ]
    for owner, name in kills:
        with monkeypatch.context() as patched:
            patched.setattr(owner, name, _kill)
            with pytest.raises(_Killed):
                lifecycle.run_prepared(prepare(settings, tmp_path), tmp_path)
    capsys.readouterr()
    report = lifecycle.run_prepared(prepare(settings, tmp_path), tmp_path)
    assert report.summary.num_episodes == 6 and report.resumed_episodes == 6
    (folder,) = (tmp_path / "data").iterdir()  # one export of each format
    (v1_file,) = (tmp_path / "results").iterdir()
    assert sorted(path.name for path in folder.iterdir()) == sorted(
        ["oracle_scores.jsonl", *(f"oracle_task{task}_trajectory.jsonl" for task in range(6))]
    )
    assert len((folder / "oracle_scores.jsonl").read_text().splitlines()) == 6
    assert len(json.loads(v1_file.read_text())) == 6
    printed = capsys.readouterr().out
    assert (
        f"MT-Bench export: already written in {folder}" in printed
        and f"v1 results file: {v1_file} (already written)" in printed
    )
    manifest = json.loads((report.output_dir / MANIFEST_FILE).read_text())
    assert manifest["completed_at"] and {name: record["path"] for name, record in manifest["exports"].items()} == {
        "mtbench": str(folder),
        "v1": str(v1_file),
    }


def test_the_package_api_runs_what_the_command_line_runs_and_records_it(tmp_path):
    """``taubench.run(overrides)``: composed and checked as the command line does, run, its
    after-run files written and its MLflow run recorded; asked again, the completed run is read back."""
    import taubench

    seed_mlflow_store(tmp_path)
    overrides = ["env=mock", "agent=oracle", "user=oracle", "num_trials=2", "progress=false"]
    report = taubench.run(overrides, base_dir=tmp_path)
    assert report.summary.average_reward == 1.0 and report.summary.pass_hat_k == {1: 1.0, 2: 1.0}
    assert tmp_path / "outputs" in report.output_dir.parents
    assert (report.output_dir / "charts").is_dir() and (report.output_dir / "trajectories" / "index.html").is_file()
    run_id = json.loads((report.output_dir / MANIFEST_FILE).read_text())["mlflow_run_id"]
    recorded = MlflowClient(tracking_uri=local_store(tmp_path)[0]).get_run(run_id)
    assert recorded.info.status == "FINISHED" and recorded.data.metrics["average_reward"] == 1.0
    assert recorded.data.params["env.name"] == "mock"

    again = taubench.run([*overrides, f"resume={report.output_dir}"], base_dir=tmp_path)
    assert again.output_dir == report.output_dir and again.resumed_episodes == report.summary.num_episodes

    with pytest.raises(ConfigError, match="did you mean env=mock"):
        taubench.run(["env=mokc"], base_dir=tmp_path)
    with pytest.raises(TypeError, match="a list of Hydra overrides"):
        taubench.run("env=mock", base_dir=tmp_path)  # type: ignore[arg-type]

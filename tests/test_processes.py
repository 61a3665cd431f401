"""A run's episodes in worker processes of this machine (dispatch.backend=processes): the same
results as threads, each episode recorded once by the run's own process, the budget kept,
a worker that dies replaced without an episode lost or repeated, resumed runs.

Workers are spawned processes: each costs a second or two of imports here (litellm), so
the runs are small. The ones started from this process get the network guard through
PYTHONPATH, as CLI subprocesses do."""

import json
import os
import sys
import time
from pathlib import Path

import pytest
from conftest import GUARD_DIR, ORACLES, run_cli, start_cli
from test_resume import comparable, scripted_settings

from taubench import run
from taubench.execution.dispatch import SETUP_ATTEMPTS
from taubench.execution.rundir import EPISODES_FILE, MANIFEST_FILE, RESULTS_FILE
from taubench.execution.settings import ConfigError, parse_settings
from taubench.testing.scripted_server import Faults, FixedUsage, ScriptedServer

TASKS = ["0", "1", "2", "3", "4", "5"]
# an oracle agent that notes which process runs each episode, and whose worker process dies
# (once, after a pause that lets other episodes start there) in the episode of task `die_at`
AGENTS = """
import os
import time
from pathlib import Path

from pydantic import BaseModel

from taubench.agents.oracle import OracleAgent


class Noting(OracleAgent):
    class Options(BaseModel):
        log: str
        die_at: str = ""

    def __init__(self, context, options):
        super().__init__(context)
        with open(options.log, "a") as log:
            log.write(f"{os.getpid()} {context.task.id} {context.trial}\\n")
        marker = Path(options.log).with_suffix(".died")
        if context.task.id == options.die_at and not marker.exists():
            marker.touch()
            time.sleep(0.5)
            os._exit(3)
"""


@pytest.fixture
def guarded_workers(monkeypatch) -> None:
    """Workers spawned by this process are network-guarded, as CLI subprocesses are."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(GUARD_DIR), os.environ.get("PYTHONPATH")])))


@pytest.fixture
def agents(tmp_path, monkeypatch, guarded_workers) -> Path:
    """The module above, importable here and in the workers; the log it notes episodes in."""
    (tmp_path / "procs_agents.py").write_text(AGENTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "procs_agents", raising=False)  # an earlier test's copy
    return tmp_path / "episodes.log"


def oracle_settings(tmp_path: Path, log: Path, name: str, episode_retries: int = 2, **dispatch):
    return parse_settings(
        {
            "env": {"name": "airline"},
            "agent": {
                "name": "custom",
                "_target_": "procs_agents.Noting",
                "log": str(log),
                "die_at": "3" if dispatch else "",
            },
            "user": {"name": "oracle"},
            "tracking": {"enabled": False},
            "progress": False,
            "end_index": 8,
            "num_trials": 2,
            "max_concurrency": 4,
            "episode_retries": episode_retries,
            "dispatch": dispatch or {"backend": "threads"},
            "output_dir": str(tmp_path / name),
        }
    )


def workers_in(log: Path) -> set[str]:
    """The processes that ran the episodes the log notes."""
    return {line.split()[0] for line in log.read_text().splitlines()}


def lines_of(output_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (output_dir / EPISODES_FILE).read_text().splitlines()]


def pairs(episodes) -> list[tuple[str, int]]:
    return sorted((episode["task_id"], episode["trial"]) for episode in episodes)


def children_of(pid: int) -> set[int]:
    return {
        int(child) for task in Path(f"/proc/{pid}/task").iterdir() for child in (task / "children").read_text().split()
    }


def gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"  # exited, not yet reaped
    except FileNotFoundError:
        return True


def test_a_cli_run_killed_mid_way_is_finished_by_the_same_command_with_the_threaded_results(tmp_path):
    """Tool-calling agent and LLM user through litellm and HTTP, in two workers. The run's
    process is killed (SIGKILL) once a few episodes are recorded: its workers exit by
    themselves; the same command (with another endpoint: a slow one, then a fast one) then
    runs only the missing episodes, and the results are those of the run in this process's
    threads."""
    slow_server = ScriptedServer(domains=("airline",), faults=Faults(latency_s=0.1))
    with ScriptedServer(domains=("airline",)) as server, slow_server as slow:
        threads = run(
            scripted_settings(server, tmp_path, task_ids=TASKS, num_trials=2, max_concurrency=4), base_dir=tmp_path
        )
        command = [
            "env=airline",
            "model=scripted",
            f"task_ids=[{','.join(TASKS)}]",
            "num_trials=2",
            "max_concurrency=4",
            "dispatch.backend=processes",
            "dispatch.processes=2",
            "tracking.enabled=false",
            "progress=false",
        ]
        cli = tmp_path / "cli"
        cli.mkdir()
        started = start_cli(*command, f"provider.api_base={slow.url}", cwd=cli)
        deadline = time.monotonic() + 60
        while not (recorded := list(cli.rglob(EPISODES_FILE))) or len(recorded[0].read_text().splitlines()) < 2:
            assert started.poll() is None and time.monotonic() < deadline, started.stderr()
            time.sleep(0.05)
        workers = children_of(started.pid)
        started.kill()
        started.wait()
        assert len(workers) >= 2  # the two workers (and multiprocessing's resource tracker)
        while not all(gone(pid) for pid in workers):
            assert time.monotonic() < deadline, "a worker outlived the run's process"
            time.sleep(0.05)
        interrupted = len(recorded[0].read_text().splitlines())
        assert interrupted < 2 * len(TASKS)

        finished = run_cli(*command, f"provider.api_base={server.url}", cwd=cli)
    assert finished.returncode == 0, finished.stderr
    (run_dir,) = {path.parent for path in cli.rglob(MANIFEST_FILE)}  # one run, continued
    document = json.loads((run_dir / RESULTS_FILE).read_text())
    assert document["config"]["dispatch"]["backend"] == "processes" and document["config"]["dispatch"]["processes"] == 2
    expected = [json.loads(episode.model_dump_json()) for episode in threads.episodes]
    assert [comparable(episode) for episode in document["episodes"]] == [comparable(episode) for episode in expected]
    assert document["summary"]["average_reward"] == threads.summary.average_reward
    assert pairs(lines_of(run_dir)) == pairs(expected)  # each episode written once, by the run's process


def test_the_workers_spend_is_counted_and_the_budget_stops_the_run_as_with_threads(tmp_path, guarded_workers):
    """One episode at a time: the last one started under the budget, as with threads
    (test_resume.py). Resuming, the stopped run included, is in the tests below."""
    with ScriptedServer(domains=("airline",), usage=FixedUsage(prompt_tokens=1000, completion_tokens=10)) as server:
        dispatch = {"backend": "processes", "processes": 1}
        stopped = run(
            scripted_settings(server, tmp_path, task_ids=TASKS, max_cost=5, dispatch=dispatch), base_dir=tmp_path
        )
    spent = [sum(u.cost for u in e.usage.values()) for e in stopped.episodes]
    assert stopped.summary.stopped.startswith("budget reached") and stopped.summary.not_started > 0
    assert sum(spent) >= 5 > sum(spent[:-1])
    assert stopped.summary.total_cost == sum(spent) and len(lines_of(stopped.output_dir)) == len(spent)


def test_the_episodes_of_a_killed_worker_run_again_in_its_replacement(tmp_path, agents):
    threads = run(oracle_settings(tmp_path, tmp_path / "threads.log", "threads"), base_dir=tmp_path)
    report = run(oracle_settings(tmp_path, agents, "processes", backend="processes", processes=1), base_dir=tmp_path)
    assert (tmp_path / "episodes.died").exists()
    workers = workers_in(agents)
    assert len(workers) == 2 and str(os.getpid()) not in workers  # the one that died, then the one in its place
    assert [e.reward for e in report.episodes] == [e.reward for e in threads.episodes]
    assert pairs(lines_of(report.output_dir)) == pairs(json.loads(e.model_dump_json()) for e in threads.episodes)
    assert max(e.attempts for e in report.episodes if e.task_id == "3") == 2  # the trial that died, run again
    assert report.summary.infrastructure_failures == [] and report.summary.episode_reruns >= 1


def test_without_reruns_a_killed_workers_episodes_are_infrastructure_errors_that_a_resume_runs(tmp_path, agents):
    settings = oracle_settings(tmp_path, agents, "run", episode_retries=0, backend="processes", processes=2)
    first = run(settings, base_dir=tmp_path)
    assert len(workers_in(agents)) >= 2 and str(os.getpid()) not in workers_in(agents)  # both workers, not this process
    lost = first.summary.infrastructure_failures
    assert "3" in {task for task, _ in lost}  # one of its trials died with its worker (the first to start there)
    errors = [e.error for e in first.episodes if e.error]
    assert len(errors) == len(lost) and all(
        error.message == "its worker process exited with code 3" for error in errors
    )
    assert len(set(pairs(lines_of(first.output_dir)))) == len(lines_of(first.output_dir)) == 16

    resumed = run(settings, base_dir=tmp_path)
    assert resumed.output_dir == first.output_dir and resumed.resumed_episodes == 16 - len(lost)
    assert resumed.summary.infrastructure_failures == [] and len(resumed.episodes) == 16
    assert len(lines_of(first.output_dir)) == 16 + len(lost)  # the lost ones once more, the others not again


def test_a_worker_that_cannot_set_the_run_up_stops_it_with_the_reason(tmp_path, agents):
    only_here = "\nimport multiprocessing\nassert multiprocessing.parent_process() is None, 'not in workers'\n"
    (tmp_path / "procs_agents.py").write_text(AGENTS + only_here)
    report = run(oracle_settings(tmp_path, agents, "run", backend="processes", processes=1), base_dir=tmp_path)
    assert (
        report.failed
        and report.summary.stopped
        == "stopped: a worker process could not set up the run: AssertionError: not in workers"
    )
    assert report.summary.not_started == 16 and not (report.output_dir / EPISODES_FILE).read_bytes()


# appended to the agents' module: in a worker, its import (while the worker sets the run up)
# takes one of the files in {tokens} if any is left, and the worker kills itself with SIGKILL
SETUP_KILLS = """
import multiprocessing
import signal

if multiprocessing.parent_process() is not None:
    for token in sorted(Path({tokens!r}).iterdir()):
        try:
            token.unlink()  # one process only gets each
        except FileNotFoundError:
            continue
        os.kill(os.getpid(), signal.SIGKILL)
"""


def test_workers_killed_while_setting_up_are_replaced_a_few_times_then_the_run_stops_for_the_same_command(tmp_path):
    """One worker: killed as it sets up three times in a row, the run stops (exit 2, the way on);
    the same command then has its worker killed once more, replaced, and finishes the run
    with every episode once, none counted as a second attempt (none had started)."""
    tokens = tmp_path / "kills"
    tokens.mkdir()
    for number in range(SETUP_ATTEMPTS + 1):
        (tokens / str(number)).touch()
    (tmp_path / "procs_agents.py").write_text(AGENTS + SETUP_KILLS.format(tokens=str(tokens)))
    command = [
        "env=airline",
        "agent=custom",
        "agent._target_=procs_agents.Noting",
        f"+agent.log={tmp_path / 'episodes.log'}",
        "user=oracle",
        "task_ids=[0,1,2]",
        "dispatch.backend=processes",
        "dispatch.processes=1",
        "episode_retries=0",
        "tracking.enabled=false",
        "progress=false",
    ]
    guarded = {"PYTHONPATH": os.pathsep.join([str(GUARD_DIR), str(tmp_path)])}
    stopped = run_cli(*command, cwd=tmp_path, env=guarded, seed_store=False)
    assert stopped.returncode == 2 and "Traceback" not in stopped.stderr, stopped.stderr
    reason = (
        f"stopped: worker processes died while setting up the run {SETUP_ATTEMPTS} times in a row "
        "(the last was killed by SIGKILL)"
    )
    assert reason in stopped.stderr and "rerun the same command to continue" in stopped.stderr
    assert len(list(tokens.iterdir())) == 1

    finished = run_cli(*command, cwd=tmp_path, env=guarded, seed_store=False)
    assert finished.returncode == 0, finished.stderr
    assert "resuming the unfinished run" in finished.stderr and not any(tokens.iterdir())
    (run_dir,) = {path.parent for path in tmp_path.rglob(MANIFEST_FILE)}
    episodes = lines_of(run_dir)
    assert pairs(episodes) == [("0", 0), ("1", 0), ("2", 0)] and [e["attempts"] for e in episodes] == [1, 1, 1]
    assert all(e["reward"] == 1.0 for e in episodes)


@pytest.mark.parametrize(
    "dispatch, expected",
    [
        ({"backend": "processes", "processes": 0}, "dispatch.processes: Input should be greater than or equal to 1"),
        ({"processes": 2}, "dispatch.processes: only used with dispatch.backend=processes (backend is 'threads')"),
        ({"backend": "processes", "ray_address": "auto"}, "dispatch.ray_address: only used with dispatch.backend=ray"),
    ],
)
def test_bad_processes_settings_name_the_key(dispatch, expected):
    with pytest.raises(ConfigError) as error:
        parse_settings(
            {"env": {"name": "retail"}, "agent": {"name": "oracle"}, "user": {"name": "oracle"}, "dispatch": dispatch}
        )
    assert expected in str(error.value)


def test_a_bad_processes_setting_stops_the_command_before_anything_runs(tmp_path):
    result = run_cli(*ORACLES, "dispatch.processes=2", cwd=tmp_path)
    assert result.returncode == 2 and "dispatch.processes: only used with dispatch.backend=processes" in result.stderr

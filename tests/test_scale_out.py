"""Scale-out on existing engines: a run's episodes on a Ray cluster (dispatch.backend=ray),
sweeps through the Ray and SLURM launchers of Hydra.

The tests that start Ray or compose a cluster launcher are marked ``scale`` and run with
``make test-scale``, not ``make test``. One Ray head serves them, started with
`ray start --head --block` on 127.0.0.1 only (no dashboard, 2 CPUs, its own temporary folder,
free ports), network-guarded like every CLI subprocess, checked before each test (a head
that stopped answering fails the test at once, with its log) and stopped at the end by
signalling its process group. Every command they run has a time limit in seconds."""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import yaml
from conftest import ORACLES, _cli_environment, free_port, run_cli

from taubench.execution.rundir import EPISODES_FILE
from taubench.execution.settings import ConfigError, parse_settings
from taubench.testing.scripted_server import Faults, FixedUsage, ScriptedServer

# Ray on loopback only: without the first variable Ray swaps 127.0.0.1 for the machine's address
RAY_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}
TIMING = {"started_at", "duration_s"}
COMMAND_LIMIT_S = 60  # a run or sweep of a few oracle episodes takes 5-30 s here
START_LIMIT_S = 60


@pytest.fixture(scope="module")
def ray_node():
    """A one-node Ray cluster on 127.0.0.1: its ``ray start`` process, address, log folder."""
    folder = Path(tempfile.mkdtemp(prefix="tbray", dir="/tmp"))  # short: Ray puts unix sockets in it
    port = free_port()
    command = [
        str(Path(sys.executable).with_name("ray")),
        "start",
        "--head",
        "--block",
        "--node-ip-address=127.0.0.1",
        f"--port={port}",
        "--num-cpus=2",
        "--include-dashboard=false",
        "--disable-usage-stats",
        "--include-log-monitor=false",
        f"--temp-dir={folder}",
        f"--ray-client-server-port={free_port()}",
        f"--dashboard-agent-listen-port={free_port()}",
        f"--metrics-export-port={free_port()}",
        f"--runtime-env-agent-port={free_port()}",
    ]
    log = folder / "head.log"
    head = subprocess.Popen(
        command, env=_cli_environment(RAY_ENV), stdout=open(log, "w"), stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        deadline = time.monotonic() + START_LIMIT_S
        while "Ray runtime started" not in log.read_text(errors="replace"):
            assert head.poll() is None and time.monotonic() < deadline, log.read_text(errors="replace")
            time.sleep(0.2)
        yield head, port, folder
    finally:
        _stop_group(head)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def ray_head(ray_node):
    """The cluster's address and log folder, once it is seen alive and answering."""
    head, port, folder = ray_node
    tail = "\n".join((folder / "head.log").read_text(errors="replace").splitlines()[-20:])
    assert head.poll() is None, f"the Ray head has stopped:\n{tail}"
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except OSError as exc:
        pytest.fail(f"the Ray head does not answer on port {port} ({exc}):\n{tail}")
    return f"127.0.0.1:{port}", folder


def _stop_group(process: subprocess.Popen) -> None:
    """SIGTERM to `ray start` (it drains the node and stops the processes it started: a few
    seconds), SIGKILL to its process group if anything of it is still there after 30 s."""
    group = os.getpgid(process.pid)
    process.terminate()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            break
        process.poll()
        time.sleep(0.2)
    else:
        os.killpg(group, signal.SIGKILL)
    process.wait(timeout=10)


def results_in(cwd: Path) -> dict:
    (path,) = list((cwd / "outputs").rglob("results.json"))
    return json.loads(path.read_text())


def without_timing(record: dict) -> dict:
    return {key: value for key, value in record.items() if key not in TIMING}


def ray_tasks_run(logs: Path, name: str) -> int:
    """How many tasks of this function the cluster's workers started (Ray marks each start
    in the worker's log)."""
    return sum(
        path.read_text(errors="replace").count(f":task_name:{name}\n")
        for path in (logs / "session_latest" / "logs").glob("worker-*.err")
    )


@pytest.mark.scale
def test_a_run_on_a_ray_cluster_gives_the_threaded_results(tmp_path, ray_head):
    address, folder = ray_head
    run = [*ORACLES, "env=retail", "end_index=10", "num_trials=2", "max_concurrency=4", "tracking.enabled=false"]
    threads, on_ray = tmp_path / "threads", tmp_path / "ray"
    threads.mkdir(), on_ray.mkdir()
    local = run_cli(*run, cwd=threads, env=RAY_ENV, timeout=COMMAND_LIMIT_S)
    assert local.returncode == 0, local.stderr
    before = ray_tasks_run(folder, "_episode_in_worker")
    remote = run_cli(
        *run,
        "dispatch.backend=ray",
        f"dispatch.ray_address={address}",
        cwd=on_ray,
        env=RAY_ENV,
        timeout=COMMAND_LIMIT_S,
    )
    assert remote.returncode == 0, remote.stderr
    assert "Connected to Ray cluster" in remote.stderr

    expected, got = results_in(threads), results_in(on_ray)
    assert [without_timing(e) for e in got["episodes"]] == [without_timing(e) for e in expected["episodes"]]
    assert without_timing(got["summary"]) == without_timing(expected["summary"])
    assert got["summary"]["num_episodes"] == 20 and got["summary"]["average_reward"] == 1.0
    assert got["config"]["dispatch"] == {
        "backend": "ray",
        "processes": None,
        "ray_address": address,
        "ray_cpus_per_episode": 1.0,
        "forward_env": [],
    }
    # written by this process alone, each episode once; and every one of them ran on the cluster
    lines = [json.loads(line) for line in next(on_ray.rglob(EPISODES_FILE)).read_text().splitlines()]
    assert sorted((e["task_id"], e["trial"]) for e in lines) == sorted(
        (e["task_id"], e["trial"]) for e in expected["episodes"]
    )
    deadline = time.monotonic() + 10
    while ray_tasks_run(folder, "_episode_in_worker") - before < 20 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert ray_tasks_run(folder, "_episode_in_worker") - before == 20


def scripted_run(server: ScriptedServer, address: str, *extra: str) -> list[str]:
    """Tool-calling agent and LLM user on the scripted server, $1 a call, episodes on Ray."""
    return [
        "env=airline",
        "model=scripted",
        f"provider.api_base={server.url}",
        "model.pricing={input: 1000, output: 0}",
        "task_ids=[0,1,2,3,4,5,6,7,8,9]",
        "tracking.enabled=false",
        "progress=false",
        "dispatch.backend=ray",
        f"dispatch.ray_address={address}",
        *extra,
    ]


@pytest.mark.scale
def test_the_budget_and_a_refused_key_stop_a_run_on_ray(tmp_path, ray_head):
    """The workers' spend comes back with each episode: one at a time, the budget stops the
    run exactly as with threads (the last episode started under it). A refused key stops it
    at once, recording nothing."""
    address, _ = ray_head
    budget, refused = tmp_path / "budget", tmp_path / "refused"
    budget.mkdir(), refused.mkdir()
    with ScriptedServer(domains=("airline",), usage=FixedUsage(prompt_tokens=1000, completion_tokens=10)) as server:
        result = run_cli(
            *scripted_run(server, address, "max_cost=10", "max_concurrency=1"),
            cwd=budget,
            env=RAY_ENV,
            timeout=COMMAND_LIMIT_S,
        )
    assert result.returncode == 0, result.stderr
    document = results_in(budget)
    summary, spent = document["summary"], [sum(u["cost"] for u in e["usage"].values()) for e in document["episodes"]]
    assert summary["stopped"].startswith("budget reached") and summary["not_started"] > 0
    assert len(spent) + summary["not_started"] == 10
    assert sum(spent) >= 10 > sum(spent[:-1])

    with ScriptedServer(domains=("airline",), faults=Faults(auth_error=1.0)) as refusing:
        result = run_cli(
            *scripted_run(refusing, address, "max_concurrency=2"), cwd=refused, env=RAY_ENV, timeout=COMMAND_LIMIT_S
        )
        assert refusing.total_requests <= 2  # one per running episode
    assert result.returncode == 2
    assert "refused the credentials" in result.stderr and "rerun the same command to continue" in result.stderr
    assert next(refused.rglob(EPISODES_FILE)).read_text() == ""


@pytest.mark.scale
def test_a_sweep_runs_its_jobs_through_the_ray_launcher(tmp_path, ray_head):
    address, folder = ray_head
    before = ray_tasks_run(folder, "_run_job")
    result = run_cli(
        "--multirun",
        "hydra/launcher=ray_cluster",
        f"hydra.launcher.ray.init.address={address}",
        *ORACLES,
        "env=retail,airline",
        "task_ids=[5,6]",
        "progress=false",
        cwd=tmp_path,
        env=RAY_ENV,
        timeout=COMMAND_LIMIT_S,
    )
    assert result.returncode == 0, result.stderr
    assert "Ray Launcher is launching 2 jobs" in result.stdout + result.stderr
    assert re.search(r"0 +retail +oracle .* 2 +2 +1\.000", result.stdout)  # the sweep table of SweepCallback
    assert re.search(r"1 +airline +oracle .* 2 +2 +1\.000", result.stdout)
    assert ray_tasks_run(folder, "_run_job") - before == 2
    # the jobs ran in Ray workers, elsewhere: their outputs are still in this sweep's folder
    assert sorted(path.parent.name for path in (tmp_path / "outputs" / "multirun").rglob("results.json")) == ["0", "1"]
    from mlflow.tracking import MlflowClient

    from taubench.reporting.tracking import local_store

    client = MlflowClient(local_store(tmp_path)[0])
    runs = client.search_runs([client.get_experiment_by_name("taubench").experiment_id])
    parent = next(run for run in runs if run.info.run_name.startswith("sweep"))
    children = [run for run in runs if run.data.tags.get("mlflow.parentRunId") == parent.info.run_id]
    assert len(children) == 2 and all(run.info.status == "FINISHED" for run in children)


def launcher_config(tmp_path, *overrides: str) -> dict:
    result = run_cli(
        *ORACLES, *overrides, "--cfg", "hydra", "-p", "hydra.launcher", cwd=tmp_path, timeout=COMMAND_LIMIT_S
    )
    assert result.returncode == 0, result.stderr
    return yaml.safe_load(result.stdout)


@pytest.mark.scale
def test_the_ray_launcher_config_has_our_defaults(tmp_path):
    ours = launcher_config(tmp_path, "hydra/launcher=ray_cluster", "hydra.launcher.ray.init.address=auto")
    assert ours["_target_"] == "hydra_plugins.hydra_ray_launcher.ray_launcher.RayLauncher"
    assert ours["ray"] == {
        "init": {"address": "auto", "include_dashboard": False, "object_store_memory": None},
        "remote": {"num_cpus": 1},
    }
    assert launcher_config(tmp_path, "hydra/launcher=ray")["ray"] == {
        "init": {"address": None},
        "remote": {},
    }  # the plugin's own


@pytest.mark.scale
def test_the_slurm_launcher_config_composes_into_an_sbatch_script(tmp_path, monkeypatch):
    """No SLURM here: the launcher is composed and built from our config, and submitit
    writes the batch script it would submit (it only asks that `srun` exists)."""
    ours = launcher_config(tmp_path, "hydra/launcher=slurm", "hydra.launcher.partition=cpu")
    assert ours["_target_"] == "hydra_plugins.hydra_submitit_launcher.submitit_launcher.SlurmLauncher"
    assert {
        key: ours[key] for key in ("name", "partition", "timeout_min", "cpus_per_task", "mem_gb", "array_parallelism")
    } == {
        "name": "taubench",
        "partition": "cpu",
        "timeout_min": 720,
        "cpus_per_task": 2,
        "mem_gb": 8,
        "array_parallelism": 16,
    }
    typo = run_cli(
        *ORACLES,
        "hydra/launcher=slurm",
        "hydra.launcher.partiton=cpu",
        "--cfg",
        "hydra",
        cwd=tmp_path,
        timeout=COMMAND_LIMIT_S,
    )
    assert typo.returncode != 0 and "partiton" in typo.stderr

    import submitit
    from hydra import compose, initialize_config_module
    from hydra.utils import instantiate
    from hydra_plugins.hydra_submitit_launcher.config import BaseQueueConf
    from omegaconf import OmegaConf

    with initialize_config_module(config_module="taubench.conf", version_base="1.3"):
        config = compose(
            "config",
            overrides=["hydra/launcher=slurm", "hydra.launcher.partition=cpu", *ORACLES],
            return_hydra_config=True,
        )
    launcher = instantiate(config.hydra.launcher)
    assert type(launcher).__name__ == "SlurmLauncher"
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir()
    (fake_bin / "srun").write_text("#!/bin/sh\nexit 1\n")
    (fake_bin / "srun").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake_bin}{os.pathsep}{os.environ['PATH']}")
    params = dict(launcher.params)  # passed to submitit as the launcher passes them
    executor = submitit.AutoExecutor(
        cluster="slurm", folder=tmp_path / "submitit", slurm_max_num_timeout=params.pop("max_num_timeout")
    )
    shared = set(OmegaConf.structured(BaseQueueConf).keys())
    executor.update_parameters(
        **{key if key in shared else f"slurm_{key}": value for key, value in params.items() if key != "submitit_folder"}
    )
    script = executor._executor._make_submission_file_text("python -m taubench", "uid")
    for line in (
        "#SBATCH --job-name=taubench",
        "#SBATCH --partition=cpu",
        "#SBATCH --time=720",
        "#SBATCH --cpus-per-task=2",
        "#SBATCH --mem=8GB",
    ):
        assert line in script, script


@pytest.mark.parametrize(
    "dispatch, expected",
    [
        ({"backend": "dask"}, "dispatch.backend: unknown dispatch backend 'dask'; allowed: threads, processes, ray"),
        (
            {"ray_address": "127.0.0.1:6379"},
            "dispatch.ray_address: only used with dispatch.backend=ray (backend is 'threads')",
        ),
        (
            {"backend": "ray", "ray_address": "my-cluster"},
            "dispatch.ray_address: not a Ray address: 'my-cluster'; allowed: null, auto, local",
        ),
        (
            {"backend": "ray", "ray_cpus_per_episode": 0},
            "dispatch.ray_cpus_per_episode: Input should be greater than 0",
        ),
        (
            {"backend": "ray", "forward_env": ["TAUBENCH_UNSET_VARIABLE"]},
            "dispatch.forward_env: TAUBENCH_UNSET_VARIABLE not set",
        ),
        ({"backend": "ray", "adress": "auto"}, "dispatch.adress: not a known setting"),
    ],
)
def test_bad_dispatch_settings_name_the_key(dispatch, expected):
    with pytest.raises(ConfigError) as error:
        parse_settings(
            {"env": {"name": "retail"}, "agent": {"name": "oracle"}, "user": {"name": "oracle"}, "dispatch": dispatch}
        )
    assert expected in str(error.value)


def test_ray_missing_names_the_extra_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed: find_spec("ray") is None
    with pytest.raises(
        ConfigError,
        match=r"dispatch.backend: backend 'ray' needs Ray, which is not installed here"
        r"; install the ray extra: pip install 'taubench\[ray\]'",
    ):
        parse_settings(
            {
                "env": {"name": "retail"},
                "agent": {"name": "oracle"},
                "user": {"name": "oracle"},
                "dispatch": {"backend": "ray"},
            }
        )


def test_bad_dispatch_settings_stop_the_command_before_anything_runs(tmp_path):
    result = run_cli(*ORACLES, "dispatch.backend=rey", cwd=tmp_path)
    assert (
        result.returncode == 2
        and "dispatch.backend: unknown dispatch backend 'rey'; allowed: threads, processes, ray" in result.stderr
    )
    result = run_cli(
        *ORACLES,
        "dispatch.backend=ray",
        f"dispatch.ray_address=127.0.0.1:{free_port()}",
        "tracking.enabled=false",
        cwd=tmp_path,
    )
    assert result.returncode == 2 and "dispatch.ray_address: no Ray cluster answers at '127.0.0.1:" in result.stderr
    assert not list(tmp_path.rglob("results.json"))

"""``python -m <module> ...`` for the tests, started by forking a process that has already
imported the package and its heavy dependencies (MLflow, Hydra, litellm, matplotlib).

A fresh interpreter spends about four seconds importing them before a command does anything,
and the suite runs some two hundred commands: most of its time. Forking a process that has done
the imports once (``multiprocessing``'s fork server) skips that and changes nothing else a
command sees: the child takes the working folder, environment, ``sys.path``, arguments, standard
streams and exit status a real ``python -m`` would have, installs the network guard as
``guard/sitecustomize.py`` does, is multiprocessing's main process (as it would be, not the fork
server's child), runs the module as ``__main__`` and exits as the interpreter does (thread
pools stopped, threads waited for, exit handlers run).
Tests that signal, limit or time a process start a real one (``subprocess``) instead.
"""

import atexit
import json
import multiprocessing
import os
import runpy
import subprocess
import sys
import tempfile
import threading
import traceback
from functools import cache
from pathlib import Path

import network_guard

# What commands import on their way to work, done once in the fork server
PRELOADED = (
    "forked_cli", "taubench.misspelled", "taubench.cli", "taubench.tracking", "taubench.mlflow_store", "taubench.charts",
    "taubench.llm", "taubench.trajectory_index", "taubench.trajectory_page", "taubench.analysis", "taubench.compare",
    "taubench.leaderboard", "mlflow", "mlflow.store.tracking.sqlalchemy_store", "mlflow.store.db.utils", "litellm",
    "hydra_plugins.hydra_joblib_launcher",
)  # fmt: skip

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(list(PRELOADED))
_MAIN_PROCESS = multiprocessing.current_process()  # imported by the fork server: its main process


@cache
def _base_path() -> tuple[str, ...]:
    """``sys.path`` of ``python -c`` with no PYTHONPATH, without its leading '' (the script's folder)."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    shown = subprocess.run([sys.executable, "-c", "import json, sys; print(json.dumps(sys.path[1:]))"],
                           env=environment, capture_output=True, text=True, check=True)  # fmt: skip
    return tuple(json.loads(shown.stdout))


def _command(module: str, args: list[str], cwd: str, environment: dict, path: list[str], streams: list[str]) -> None:
    """The forked child: becomes ``python -m module args`` started in ``cwd``, and exits as it would."""
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(environment)
    sys.path[:] = path
    for fd, (name, mode) in enumerate(zip(streams, ("rb", "wb", "wb"))):
        with open(name, mode) as stream:
            os.dup2(stream.fileno(), fd)
    sys.stdin = open(0, closefd=False, encoding="utf-8")
    network_guard.install()
    # a process started by python is multiprocessing's main process, with no parent process
    multiprocessing.process._parent_process = None
    multiprocessing.process._current_process = _MAIN_PROCESS
    sys.argv = [module, *args]
    sys.modules.pop(module, None)  # run afresh as __main__, as python -m runs a module not imported yet
    status = 0
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit as exit:
        status = _status(exit.code)
    except BaseException:  # an uncaught exception: the traceback, and status 1, as Python does
        traceback.print_exc()
        status = 1
    threading._shutdown()  # what the interpreter does at exit: stop thread pools, wait for threads
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def _status(code) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def run(module: str, args: list[str], cwd: Path, environment: dict, input: str | None, timeout: float) -> subprocess.CompletedProcess:
    """What ``subprocess.run([python, "-m", module, *args], capture_output=True, text=True)`` returns."""
    extra = [entry for entry in environment.get("PYTHONPATH", "").split(os.pathsep) if entry]
    path = [str(Path(cwd).resolve()), *extra, *_base_path()]
    with tempfile.TemporaryDirectory(prefix="forked-cli-") as folder:
        streams = [os.path.join(folder, name) for name in ("stdin", "stdout", "stderr")]
        Path(streams[0]).write_text(input or "", encoding="utf-8")
        for name in streams[1:]:
            Path(name).touch()  # what a child that fails before writing leaves
        child = _CONTEXT.Process(target=_command, args=(module, list(args), str(cwd), environment, path, streams))
        child.start()
        child.join(timeout)
        timed_out = child.is_alive()
        if timed_out:
            child.kill()
            child.join()
        stdout, stderr = (Path(name).read_text(encoding="utf-8", errors="replace") for name in streams[1:])
    command = [sys.executable, "-m", module, *args]
    if timed_out:
        raise subprocess.TimeoutExpired(command, timeout, output=stdout, stderr=stderr)
    return subprocess.CompletedProcess(command, child.exitcode, stdout, stderr)

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
``start`` leaves a command running, for the tests that kill it at a chosen moment (its
process is as real as a ``subprocess.Popen``'s: signals, process groups and children alike).
Tests that limit a process's resources or time its start-up start a real one (``subprocess``).
"""

import atexit
import json
import multiprocessing
import os
import runpy
import shutil
import subprocess
import sys
import tempfile
import threading
import traceback
import weakref
from contextlib import ExitStack
from functools import cache
from pathlib import Path

import network_guard

# What commands import on their way to work, done once in the fork server
PRELOADED = (
    "forked_cli",
    "taubench.app.misspelled",
    "taubench.app.cli",
    "taubench.reporting.tracking",
    "taubench.reporting.mlflow_store",
    "taubench.reporting.charts",
    "taubench.models.client",
    "taubench.reporting.trajectory_index",
    "taubench.reporting.trajectory_page",
    "taubench.reporting.analysis",
    "taubench.reporting.compare",
    "taubench.reporting.leaderboard.board",
    "mlflow",
    "mlflow.store.tracking.sqlalchemy_store",
    "mlflow.store.db.utils",
    "litellm",
    "hydra_plugins.hydra_joblib_launcher",
)

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(list(PRELOADED))
_MAIN_PROCESS = multiprocessing.current_process()  # imported by the fork server: its main process


@cache
def _base_path() -> tuple[str, ...]:
    """``sys.path`` of ``python -c`` with no PYTHONPATH, without its leading '' (the script's folder)."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    shown = subprocess.run(
        [sys.executable, "-c", "import json, sys; print(json.dumps(sys.path[1:]))"],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return tuple(json.loads(shown.stdout))


def _command(
    target: str, args: list[str], cwd: str, environment: dict, path: list[str], streams: list[str], new_session: bool
) -> None:
    """The forked child: becomes ``python -m target args`` (or ``python target args`` for a
    script's path) started in ``cwd``, and exits as it would."""
    if new_session:
        os.setsid()
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
    sys.argv = [target, *args]
    status = 0
    try:
        if target.endswith(".py"):
            runpy.run_path(target, run_name="__main__")
        else:
            sys.modules.pop(target, None)  # run afresh as __main__, as python -m runs a module not imported yet
            runpy.run_module(target, run_name="__main__", alter_sys=True)
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


class Started:
    """A command started by ``start``: what the tests use of a ``subprocess.Popen`` (``pid``,
    ``poll``, ``wait``, ``kill``, ``returncode``), its output read back from files. It is
    forked, or a real ``subprocess.Popen`` when ``real``."""

    def __init__(
        self,
        target: str,
        args: list[str],
        cwd: Path,
        environment: dict,
        input: str | None,
        new_session: bool,
        real: bool,
    ):
        self.args = [sys.executable, *([] if target.endswith(".py") else ["-m"]), target, *args]
        self._folder = tempfile.mkdtemp(prefix="forked-cli-")
        weakref.finalize(self, shutil.rmtree, self._folder, True)
        self._streams = [os.path.join(self._folder, name) for name in ("stdin", "stdout", "stderr")]
        Path(self._streams[0]).write_text(input or "", encoding="utf-8")
        for name in self._streams[1:]:
            Path(name).touch()  # what a child that fails before writing leaves
        if real:
            with ExitStack() as files:
                stdin, stdout, stderr = (
                    files.enter_context(open(name, mode)) for name, mode in zip(self._streams, "rww")
                )
                self._process = subprocess.Popen(
                    self.args,
                    cwd=cwd,
                    env=environment,
                    stdin=stdin,
                    stdout=stdout,
                    stderr=stderr,
                    start_new_session=new_session,
                )
            self.pid = self._process.pid
            return
        first = Path(target).resolve().parent if target.endswith(".py") else Path(cwd).resolve()
        extra = [entry for entry in environment.get("PYTHONPATH", "").split(os.pathsep) if entry]
        path = [str(first), *extra, *_base_path()]
        self._child = _CONTEXT.Process(
            target=_command, args=(target, list(args), str(cwd), environment, path, self._streams, new_session)
        )
        self._child.start()
        self._process = None
        self.pid = self._child.pid

    @property
    def returncode(self) -> int | None:
        return self._child.exitcode if self._process is None else self._process.poll()

    def poll(self) -> int | None:
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self._process is not None:
            return self._process.wait(timeout)
        self._child.join(timeout)
        if self._child.is_alive():
            raise subprocess.TimeoutExpired(self.args, timeout, output=self.stdout(), stderr=self.stderr())
        return self._child.exitcode

    def kill(self) -> None:
        (self._child if self._process is None else self._process).kill()

    def stdout(self) -> str:
        return Path(self._streams[1]).read_text(encoding="utf-8", errors="replace")

    def stderr(self) -> str:
        return Path(self._streams[2]).read_text(encoding="utf-8", errors="replace")


def start(
    target: str,
    args: list[str],
    cwd: Path,
    environment: dict,
    input: str | None = None,
    new_session: bool = False,
    real: bool = False,
) -> Started:
    """``python -m target args`` (``python target args`` when ``target`` is a script's path)
    left running: ``new_session`` puts it in a session and process group of its own."""
    return Started(target, args, cwd, environment, input, new_session, real)


def run(
    module: str, args: list[str], cwd: Path, environment: dict, input: str | None, timeout: float
) -> subprocess.CompletedProcess:
    """What ``subprocess.run([python, "-m", module, *args], capture_output=True, text=True)`` returns."""
    process = start(module, args, cwd, environment, input)
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise
    return subprocess.CompletedProcess(process.args, process.returncode, process.stdout(), process.stderr())

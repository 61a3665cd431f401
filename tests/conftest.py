import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, NamedTuple

import httpx
import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # before anything imports litellm

import forked_cli  # noqa: E402
import network_guard  # noqa: E402

from taubench.core.domain import Domain  # noqa: E402
from taubench.domains import load_domain  # noqa: E402
from taubench.reporting.tracking import STORE_FOLDER  # noqa: E402

network_guard.install()

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
GUARD_DIR = Path(__file__).resolve().parent / "guard"
ORACLES = ("agent=oracle", "user=oracle")  # the ground-truth self-check: no model involved


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared specs, data and fixtures at ../shared (required: never skipped)."""
    if not (SHARED / "fixtures").is_dir():
        pytest.fail(f"the shared fixtures are missing: expected them at {SHARED}")
    return SHARED


_LOADED: dict[str, Domain] = {}


def loaded(name: str) -> Domain:
    """One copy of a domain for the whole session of a test process, as in a run: tests that
    only read it, or work on toolkits it makes, share it instead of parsing its data again.
    A test that changes a domain's tasks works on a copy (``model_copy(deep=True)``)."""
    if name not in _LOADED:
        _LOADED[name] = load_domain(name)
    return _LOADED[name]


@pytest.fixture(scope="session", autouse=True)
def shared_domains_left_as_loaded():
    """At the end, the pristine records of every shared domain, which every toolkit the tests
    built shares, must be as loaded: no tool or test changed them through iteration."""
    yield
    changed = [name for name, domain in _LOADED.items() if not domain._pristine.unchanged()]
    assert not changed, f"the shared records of {changed} were changed through iteration"


@pytest.fixture(scope="session")
def retail():
    return loaded("retail")


@pytest.fixture(scope="session")
def airline():
    return loaded("airline")


@pytest.fixture(scope="session")
def mock():
    return loaded("mock")


def free_port() -> int:
    """A port on 127.0.0.1 free at the moment of asking."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _cli_environment(env: dict | None) -> dict:
    environment = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(GUARD_DIR), environment.get("PYTHONPATH")]))
    environment.update(env or {})
    return environment


_EMPTY_STORE: list[Path] = []  # made once per session by the fixture below
_SEEDING = threading.Lock()


@pytest.fixture(scope="session", autouse=True)
def empty_mlflow_store(tmp_path_factory) -> Path:
    """An MLflow SQLite store with its tables made and nothing recorded: making the tables
    takes about two seconds, which every command run in a fresh folder (and every test worker)
    would pay again."""
    from taubench.reporting.mlflow_store import DATABASE, open_local_store

    session = tmp_path_factory.getbasetemp()
    if "PYTEST_XDIST_WORKER" in os.environ:  # the workers' folders share a parent: one store for all
        session = session.parent
    base = session / "empty-store"
    open_local_store(base)  # made by the first worker to ask; the others wait for it (its lock)
    _EMPTY_STORE.append(base / STORE_FOLDER / DATABASE)
    return _EMPTY_STORE[0]


def run_cli(
    *args: str,
    cwd: Path,
    env: dict | None = None,
    timeout: float = 600,
    input: str | None = None,
    seed_store: bool = True,
    module: str = "taubench",
) -> subprocess.CompletedProcess:
    """``python -m taubench ...`` (or another ``module``), network-guarded, with outputs and the
    MLflow store under ``cwd`` (seeded with an empty store when there is none yet, unless
    ``seed_store`` is false); ``input`` is piped to its stdin. The command is forked from a
    process that has done its imports (``forked_cli``), or started as a real subprocess when
    TAUBENCH_TESTS_REAL_PROCESSES=1 (to check that the two agree)."""
    seed_mlflow_store(cwd, seed_store)
    if not _real_processes():
        return forked_cli.run(module, list(args), cwd, _cli_environment(env), input, timeout)
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=cwd,
        env=_cli_environment(env),
        input=input,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def start_cli(
    *args: str, cwd: Path, env: dict | None = None, target: str = "taubench", new_session: bool = False
) -> forked_cli.Started:
    """``run_cli``'s command left running, for a test to kill at a moment of its choosing;
    ``target`` may be a script's path instead of a module."""
    seed_mlflow_store(cwd, True)
    return forked_cli.start(
        target, list(args), cwd, _cli_environment(env), new_session=new_session, real=_real_processes()
    )


def _real_processes() -> bool:
    return os.environ.get("TAUBENCH_TESTS_REAL_PROCESSES") == "1"


def seed_mlflow_store(cwd: Path, wanted: bool = True) -> None:
    """A copy of the session's empty MLflow store in ``cwd`` (unless it has a store)."""
    with _SEEDING:  # commands started from threads of one test may share a folder
        if wanted and _EMPTY_STORE and not (cwd / STORE_FOLDER).exists():
            (cwd / STORE_FOLDER).mkdir(parents=True)
            shutil.copy(_EMPTY_STORE[0], cwd / STORE_FOLDER / "mlflow.db")


@contextmanager
def serving_api(base: Path, env: dict | None = None) -> Iterator[httpx.Client]:
    """``python -m taubench api`` on a free port of 127.0.0.1 (network-guarded), its runs in
    ``base/runs`` and exports in ``base/data``; yields a client for it (``client.base`` is
    ``base``) and stops the server at the end."""
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "taubench.integrations.http_api.server",
            "--port",
            str(port),
            "--data-dir",
            "data",
            "--runs-dir",
            "runs",
        ],
        cwd=base,
        env=_cli_environment(env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60)
    deadline = time.monotonic() + 60
    while True:
        try:
            client.get("/openapi.json")
            break
        except httpx.TransportError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail(f"the API did not start: {server.stderr.read()}")
            time.sleep(0.2)
    client.base = base
    try:
        yield client
    finally:
        client.close()
        server.terminate()
        server.wait(timeout=30)


class ServedUI(NamedTuple):
    root: str  # http://127.0.0.1:<port>
    address: str  # the one taubench.integrations.ui printed
    api: httpx.Client  # MLflow's REST API, /api/2.0/mlflow
    log: Path  # what the server wrote on stderr
    processes: list[str]  # the command lines of the server's processes, once it answered


@contextmanager
def serving_ui(base: Path) -> Iterator["ServedUI"]:
    """``python -m taubench ui`` over the runs recorded under ``base``, on a free port of
    127.0.0.1, once it answers; stops it at the end."""
    port = free_port()
    log = base / f"ui-{port}.stderr"
    with log.open("w") as stderr:
        ui = subprocess.Popen(
            [sys.executable, "-m", "taubench.integrations.ui", "--port", str(port)],
            cwd=base,
            env=_cli_environment(None),
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            start_new_session=True,
        )
    api = httpx.Client(base_url=f"http://127.0.0.1:{port}/api/2.0/mlflow", timeout=30)
    try:
        address = ui.stdout.readline().rsplit(" ", 1)[-1].strip()
        deadline = time.monotonic() + 120  # the server starts in a few seconds; the loop ends at the first answer
        while True:
            try:
                api.get("/experiments/search", params={"max_results": 1}).raise_for_status()
                break
            except httpx.TransportError:
                if ui.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("the MLflow UI never answered")
                time.sleep(0.1)
        group = subprocess.run(["ps", "-ww", "-o", "args=", "-g", str(ui.pid)], capture_output=True, text=True).stdout
        yield ServedUI(f"http://127.0.0.1:{port}", address, api, log, group.splitlines())
    finally:
        api.close()
        subprocess.run(["pkill", "-TERM", "-g", str(ui.pid)], check=False)
        ui.wait(timeout=30)
        ui.stdout.close()


def pytest_collection_modifyitems(items) -> None:
    """The ``long`` tests go first: the workers hand out tests in collection order, and one
    started last would leave every other worker idle while it runs."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable: the rest keep their order


_DOMAIN_SECONDS: dict[str, float] = {}


def _domain_of(nodeid: str) -> str | None:
    """The domain a test is about: its file's (``test_hr_tools.py``) or its parameter's (``[hr]``)."""
    from taubench.domains import REGISTRY

    file, _, rest = nodeid.partition("::")
    for name in sorted(REGISTRY, key=len, reverse=True):
        if file.endswith(f"test_{name}_tools.py") or f"[{name}]" in rest or f"[{name}-" in rest:
            return name
    return None


def pytest_runtest_logreport(report) -> None:
    """Seconds spent on each domain's tests (set up, run and torn down), on whichever process
    reports them (the xdist controller gets every worker's reports)."""
    name = _domain_of(report.nodeid)
    if name is not None:
        _DOMAIN_SECONDS[name] = _DOMAIN_SECONDS.get(name, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter) -> None:
    """What each domain costs the suite, so its growth with the number of domains is seen."""
    if _DOMAIN_SECONDS:
        terminalreporter.write_sep("-", "test seconds per domain (summed over workers)")
        ranked = sorted(_DOMAIN_SECONDS.items(), key=lambda item: -item[1])
        terminalreporter.write_line("  ".join(f"{name} {seconds:.0f}" for name, seconds in ranked))

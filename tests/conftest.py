import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # before anything imports litellm

import network_guard  # noqa: E402
from taubench.domains import load_domain  # noqa: E402

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


def _shared_by_the_session(name: str):
    """One domain for the whole session, as in a run; at the end its pristine records, shared
    by every toolkit the tests built, must be as loaded (no tool or test changed them)."""
    domain = load_domain(name)
    yield domain
    assert domain._pristine.unchanged(), f"the shared {name} records were changed through iteration"


@pytest.fixture(scope="session")
def retail():
    yield from _shared_by_the_session("retail")


@pytest.fixture(scope="session")
def airline():
    yield from _shared_by_the_session("airline")


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


def run_cli(
    *args: str, cwd: Path, env: dict | None = None, timeout: float = 600, input: str | None = None
) -> subprocess.CompletedProcess:
    """``python -m taubench ...`` in a subprocess, network-guarded, with outputs and the
    MLflow store under ``cwd``; ``input`` is piped to its stdin."""
    return subprocess.run(
        [sys.executable, "-m", "taubench", *args],
        cwd=cwd,
        env=_cli_environment(env),
        input=input,
        capture_output=True,
        text=True,
        timeout=timeout,
    )

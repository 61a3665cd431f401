"""What the benchmarks share: the scripted server in a process of its own, and a process's
memory and CPU read from /proc (Linux)."""

import os
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Optional, TypeVar

T = TypeVar("T")

TICKS = os.sysconf("SC_CLK_TCK")


def environment() -> dict:
    """Ours, plus what every taubench process needs offline (see the Makefile)."""
    return dict(os.environ, LITELLM_LOCAL_MODEL_COST_MAP="True", MLFLOW_DISABLE_TELEMETRY="true")


class ScriptedServer:
    """``python -m taubench scripted_server`` on a free port of 127.0.0.1, until ``stop``."""

    def __init__(self, domains: list[str], latency: float, jitter: float = 0.0):
        command = [
            sys.executable,
            "-m",
            "taubench.testing.scripted_server",
            "--port",
            "0",
            "--domains",
            *domains,
            "--latency-s",
            str(latency),
            "--latency-jitter-s",
            str(jitter),
        ]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=environment()
        )
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            self.process.kill()
            raise SystemExit(f"the scripted server did not start (said {self.url!r})")
        # keep reading its output: a full pipe would block the server
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


@contextmanager
def sampling(read: Callable[[], T], interval_s: float = 0.5) -> Iterator[list[T]]:
    """``read()`` in a thread every ``interval_s`` while the block runs; the list fills with what it returned."""
    samples: list[T] = []
    done = threading.Event()

    def sample() -> None:
        while not done.wait(interval_s):
            samples.append(read())

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    try:
        yield samples
    finally:
        done.set()
        thread.join()


def status_mb(key: str = "VmRSS", pid: int | str = "self") -> Optional[float]:
    """A memory figure of /proc/<pid>/status (VmRSS, VmHWM, ...) in MB; None once the process is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{key}:"):
                return int(line.split()[1]) / 1024
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def cpu_seconds(pid: int) -> Optional[float]:
    """User + system CPU of a process (all its threads) so far; None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return (int(fields[11]) + int(fields[12])) / TICKS

"""A run's episodes elsewhere than in this process's threads: in worker processes of this
machine (``dispatch.backend=processes``) or as tasks on a Ray cluster (``dispatch.backend=ray``).

Both keep the threaded run's shape. The run's joblib threads still decide what starts and
collect what ends: each thread hands its episode over and waits for the record, so this
process alone appends to ``episodes.jsonl``, counts progress and applies the budget and the
stops, as with local threads. Only the episode itself runs elsewhere, in a process that
builds its own domain, model clients and strategies from the run's settings (once per
process and run). Nothing of this process crosses over (locks, the spend meter, open files);
what comes back is the episode's record, whose cost is then added to the run's spend
(``charge``).

Why worker processes at all: each model call costs a few ms of client CPU (litellm, httpx)
under one interpreter lock, so one process tops out near 200 calls/s; P processes prepare
calls on P cores. Each worker runs many episodes at once, in threads, as the run's own
process would: with C episodes in flight and P workers, each has about C/P, because each
episode goes to the worker with the fewest running. A worker is a ``spawn`` process (not a
fork of this one, which has threads, litellm and MLflow loaded) joined to this one by a
pipe: episodes go down it, records come back, read by one thread per worker. A worker that
dies (killed, out of memory, a crash in native code) loses only its running episodes: they
are rerun (``episode_retries`` times, as after any infrastructure error), then recorded as
infrastructure errors (rerun when the run is resumed), and a new worker takes its place. A
worker that dies while it sets the run up (before running anything) is replaced too, up to
``SETUP_ATTEMPTS`` starts in a row of the same worker; then, or when a worker reports that
the run cannot be set up (an exception there would repeat in every worker), no episode can
run: the run stops (``WorkersUnusable``), its recorded episodes kept for the same command.

Why not ``concurrent.futures.ProcessPoolExecutor``: a worker runs one call at a time, so
one episode per process; and one dead worker breaks the whole pool, failing every episode
of every worker. Why not joblib's loky backend: it does return results as they finish
(``return_as="generator_unordered"``), but runs one episode per worker process at a time
(C processes for C episodes in flight, each paying the imports and the domain) and a dead
worker raises ``TerminatedWorkerError`` out of the whole run.

Why not joblib's own Ray backend (``ray.util.joblib``): it derives from joblib's
multiprocessing backend, which refuses ``return_as="generator_unordered"``, so no record
would come back before the last episode ended (nothing written as it ends, no budget check
between episodes); its pool also hands calls to its workers in turn rather than to an idle
one, and cannot have more workers than the cluster has CPUs.
"""

import hashlib
import itertools
import logging
import multiprocessing
import os
import signal
import socket
import threading
import traceback
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime, timezone
from typing import Optional

from taubench.core.episode import ROLES, EpisodeError, EpisodeResult
from taubench.core.evaluation import RewardInfo
from taubench.core.messages import Usage
from taubench.execution.episode_runner import EpisodeRunner, fewer_gc_passes
from taubench.execution.settings import ConfigError, RunSettings
from taubench.models.spend import SpendMeter

CONNECT_TIMEOUT_S = 10
EXIT_WAIT_S = 10  # for a worker to exit when the run ends, before it is killed
SETUP_ATTEMPTS = 3  # starts in a row of one worker that die before it is ready, before the run stops
LOG = logging.getLogger(__name__)


def charge(meter: SpendMeter, result: EpisodeResult) -> EpisodeResult:
    """Adds an episode's spend, made in another process, to the run's meter: known only once the
    episode ends. A role whose calls cost an unknown amount counts as one unknown cost."""
    for usage in result.usage.values():
        if usage.calls or usage.cost:
            meter.add(usage.cost)
    return result


class RayEpisodes:
    """Called like ``episode_runner.EpisodeRunner``, from the run's threads; a context manager for
    the Ray connection. Ray already connected in this process (a job of the Ray sweep
    launcher runs inside a Ray worker) is used as it is and left connected."""

    def __init__(self, settings: RunSettings, meter: SpendMeter):
        self.settings = settings
        self.meter = meter
        self.key = hashlib.sha256(settings.model_dump_json().encode()).hexdigest()[:16]
        self.connected_here = False

    def __enter__(self) -> "RayEpisodes":
        import ray

        dispatch = self.settings.dispatch
        if not ray.is_initialized():
            address = dispatch.ray_address
            _check_reachable(address)
            try:
                # a new local instance for this run only needs no dashboard
                ray.init(address=address, **({"include_dashboard": False} if address == "local" else {}))
            except (ConnectionError, RuntimeError, ValueError) as exc:
                where = f"at {address!r}" if address else "(address null: $RAY_ADDRESS or this machine's)"
                raise ConfigError(
                    f"invalid configuration:\n  dispatch.ray_address: no Ray cluster could be reached {where}: {exc}"
                ) from None
            self.connected_here = True
        env = {name: os.environ[name] for name in dispatch.forward_env}
        self.task = ray.remote(_episode_in_worker).options(
            num_cpus=dispatch.ray_cpus_per_episode,
            **({"runtime_env": {"env_vars": env}} if env else {}),
        )
        self.settings_ref = ray.put(self.settings)  # stored once, not sent with every episode
        return self

    def __call__(self, item) -> EpisodeResult:
        import ray

        return charge(self.meter, ray.get(self.task.remote(self.key, self.settings_ref, item)))

    def __exit__(self, *exc_info) -> None:
        if self.connected_here:
            import ray

            ray.shutdown()  # disconnects; stops the local instance if this run started one


def _check_reachable(address) -> None:
    """Ray retries an address nobody listens at for minutes; a refused connection fails now."""
    if address in (None, "auto", "local"):
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        raise ConfigError(
            f"invalid configuration:\n  dispatch.ray_address: no Ray cluster answers at {address!r} ({exc}); "
            f"start one (ray start --head) or give the address its head printed"
        ) from None


# in a Ray worker process: the runner of the latest run
_worker_runner: tuple[str, Optional[EpisodeRunner]] = ("", None)
_worker_lock = threading.Lock()


def _episode_in_worker(key: str, settings: RunSettings, item) -> EpisodeResult:
    """Runs in a Ray worker: the episode, with the run's shared parts built on first use
    (a worker serving the jobs of a sweep in turn keeps only the latest run's)."""
    global _worker_runner
    from taubench.domains import load_domain

    with _worker_lock:
        if _worker_runner[0] != key:
            domain = load_domain(settings.env.name, settings.env.data_dir, settings.env.verify_checksums)
            _worker_runner = (key, EpisodeRunner(settings, domain, SpendMeter()))
        runner = _worker_runner[1]
    assert runner is not None  # built above for this run if it was not yet
    with fewer_gc_passes():
        return runner(item)


class WorkerLost(Exception):
    """The worker process an episode was handed to died before the episode ended; ``started``:
    whether it had set the run up, so could have started the episode."""

    def __init__(self, message: str, started: bool = True):
        super().__init__(message)
        self.started = started


class WorkersUnusable(Exception):
    """No worker process can set the run up: no episode can run, the run stops."""


class ProcessEpisodes:
    """Called like ``episode_runner.EpisodeRunner``, from the run's threads; a context manager for the
    worker processes (``dispatch.processes`` of them, at most ``max_concurrency``)."""

    def __init__(self, settings: RunSettings, meter: SpendMeter):
        self.settings = settings
        self.meter = meter
        self.size = min(settings.dispatch.processes or _usable_cpus(), settings.max_concurrency)
        self.lock = threading.Lock()  # guards the workers, their pending episodes and the two fields below
        self.closing = False
        self.broken: Optional[str] = None  # why no episode can run (a worker could not set the run up)
        self.ids = itertools.count()
        self.workers: list[_Worker] = []

    def __enter__(self) -> "ProcessEpisodes":
        with self.lock:
            self.workers = [_Worker(self) for _ in range(self.size)]
        return self

    def __call__(self, item) -> EpisodeResult:
        """The episode's record; ``WorkersUnusable`` if no worker can run it. An attempt lost
        with a worker that died before it was ready is not counted: it never started (how
        often that can happen is bounded by ``SETUP_ATTEMPTS``)."""
        retries, attempt = self.settings.episode_retries, 1
        while True:
            try:
                result = self._in_a_worker(item)
            except WorkerLost as lost:
                if not lost.started:
                    continue
                if attempt <= retries:
                    LOG.warning("episode (task %s, trial %d) runs again: %s", item.task.id, item.trial, lost)
                    attempt += 1
                    continue
                return _lost(item, str(lost), attempt)
            result.attempts += attempt - 1
            return charge(self.meter, result)

    def _in_a_worker(self, item) -> EpisodeResult:
        """Hands the episode to the worker with the fewest running and waits for its record."""
        future: Future = Future()
        with self.lock:
            if self.broken:
                raise WorkersUnusable(self.broken)
            if self.closing:
                raise RuntimeError("the worker processes have been stopped")
            worker = min(self.workers, key=lambda each: len(each.pending))
            key = next(self.ids)
            worker.pending[key] = future
        worker.send((key, item))
        return future.result()

    def _collect(self, worker: "_Worker") -> None:
        """One per worker, in a thread: hands each record that comes back to the thread
        waiting for it; when the pipe closes (the worker exited), replaces the worker."""
        try:
            while True:
                message = worker.connection.recv()
                if message[0] == "ready":
                    worker.ready = True
                elif message[0] == "unusable":
                    LOG.error("a worker process could not set up the run:\n%s", message[1])
                    with self.lock:
                        self.broken = f"a worker process could not set up the run: {_last_line(message[1])}"
                else:
                    kind, key, payload = message
                    with self.lock:
                        future = worker.pending.pop(key)
                    if kind == "done":
                        future.set_result(payload)
                    else:
                        future.set_exception(RuntimeError(f"in a worker process:\n{payload}"))
        except (EOFError, OSError):  # the worker exited: its end of the pipe is closed
            pass
        except Exception:  # a message that cannot be read: nothing it runs can be trusted to come back
            with self.lock:
                self.broken = self.broken or f"a worker process's answer could not be read:\n{traceback.format_exc()}"
            worker.process.kill()
        worker.process.join(EXIT_WAIT_S)
        how = _exit_status(worker.process.exitcode)
        with self.lock:
            lost, worker.pending = worker.pending, {}
            starts = 0 if worker.ready else worker.starts
            if not (self.closing or self.broken):
                if starts >= SETUP_ATTEMPTS:
                    self.broken = (
                        f"worker processes died while setting up the run {starts} times in a row (the last {how})"
                    )
                else:
                    running = f"{len(lost)} episodes running" if worker.ready else "while setting up the run"
                    LOG.warning("worker process %d %s (%s); another starts", worker.process.pid, how, running)
                    self.workers[self.workers.index(worker)] = _Worker(self, starts + 1)
            failure = (
                WorkersUnusable(self.broken) if self.broken else WorkerLost(f"its worker process {how}", worker.ready)
            )
        worker.connection.close()
        for future in lost.values():
            future.set_exception(failure)

    def __exit__(self, *exc_info) -> None:
        with self.lock:
            self.closing = True
            workers = list(self.workers)
        for worker in workers:
            worker.send(None)  # exit now: on a normal end nothing runs there any more
        for worker in workers:
            worker.process.join(EXIT_WAIT_S)
            if worker.process.is_alive():
                worker.process.kill()
            worker.reader.join()


class _Worker:
    """One worker process, the pipe to it, the episodes it runs, the thread reading it;
    ``starts``: how many times in a row its place has had a process started (1 unless the
    ones before died while setting up the run)."""

    def __init__(self, pool: ProcessEpisodes, starts: int = 1):
        context = multiprocessing.get_context("spawn")
        self.connection, theirs = context.Pipe()
        self.pending: dict[int, Future] = {}
        self.ready = False
        self.starts = starts
        self.sending = threading.Lock()
        self.process = context.Process(
            target=_serve, args=(theirs, pool.settings), name="taubench-episodes", daemon=True
        )
        self.process.start()
        theirs.close()  # so that the worker's exit closes the pipe here
        self.reader = threading.Thread(target=pool._collect, args=(self,), name="taubench-episodes-reader", daemon=True)
        self.reader.start()

    def send(self, message) -> None:
        try:
            with self.sending:
                self.connection.send(message)
        except OSError:  # the worker is gone: its reader fails what was sent to it
            pass


def _usable_cpus() -> int:
    """The CPUs this process may run on (a container's or ``taskset``'s limit), else the machine's."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _last_line(text: str) -> str:
    """A traceback's last line: the exception."""
    return text.strip().splitlines()[-1] if text.strip() else "(no reason given)"


def _exit_status(code: Optional[int]) -> str:
    if code is None:
        return "stopped answering"
    if code < 0:
        return f"was killed by {signal.Signals(-code).name}"
    return f"exited with code {code}"


def _lost(item, reason: str, attempts: int) -> EpisodeResult:
    """The record of an episode whose worker process died under it at every attempt: an
    infrastructure error, so a resumed run runs it again. What it spent is unknown here."""
    return EpisodeResult(
        task_id=item.task.id,
        task_labels=item.task.labels,
        trial=item.trial,
        seed=item.seed,
        reward=None,
        reward_info=RewardInfo(reward=None, reward_basis=[], note=f"infrastructure error: {reason}"),
        termination_reason="infrastructure_error",
        error=EpisodeError(kind="infrastructure_error", type="WorkerLost", message=reason, traceback=""),
        messages=[],
        attempts=attempts,
        num_steps=0,
        num_tool_errors=0,
        usage={role: Usage() for role in ROLES},
        started_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        duration_s=0.0,
    )


def _serve(connection, settings: RunSettings) -> None:
    """A worker process: builds the run's shared parts, then runs each episode that comes down
    the pipe in a thread of its own and sends its record back; exits when told or when the
    run's process is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the run's process, which stops the workers
    from taubench.domains import load_domain

    sending = threading.Lock()

    def send(message) -> None:
        with sending:
            connection.send(message)

    try:
        domain = load_domain(settings.env.name, settings.env.data_dir, settings.env.verify_checksums)
        runner = EpisodeRunner(settings, domain, SpendMeter())
    except Exception:
        send(("unusable", traceback.format_exc()))
        return
    send(("ready",))

    def one(key: int, item) -> None:
        try:
            send(("done", key, runner(item)))
        except Exception:  # the record could not be made or sent: the run's process raises it
            send(("raised", key, traceback.format_exc()))

    with fewer_gc_passes(), ThreadPoolExecutor(settings.max_concurrency, thread_name_prefix="episode") as threads:
        while True:
            try:
                message = connection.recv()
            except EOFError:  # the run's process is gone
                message = None
            if message is None:
                os._exit(0)  # at once: the threads would otherwise be waited for
            threads.submit(one, *message)

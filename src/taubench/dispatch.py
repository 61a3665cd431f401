"""Episodes as Ray tasks (``dispatch.backend=ray``): a run's episodes on a Ray cluster.

The run's joblib threads still decide what starts and collect what ends: each thread hands
its episode to Ray and waits for the record, so this process alone appends to
``episodes.jsonl``, counts progress and applies the budget and the stops, as with local
threads. Only the episode itself runs in a Ray worker, which builds its own domain, model
clients and strategies from the run's settings (once per worker process and run). Nothing
of this process crosses over (locks, the spend meter, open files); what comes back is the
episode's record, whose cost is then added to the run's spend.

Why not joblib's own Ray backend (``ray.util.joblib``): it derives from joblib's
multiprocessing backend, which refuses ``return_as="generator_unordered"``, so no record
would come back before the last episode ended (nothing written as it ends, no budget check
between episodes); its pool also hands calls to its workers in turn rather than to an idle
one, and cannot have more workers than the cluster has CPUs.
"""

import hashlib
import os
import socket
import threading

from taubench.episode import EpisodeResult
from taubench.llm import SpendMeter
from taubench.settings import ConfigError, RunSettings

CONNECT_TIMEOUT_S = 10


class RayEpisodes:
    """Called like ``runner.EpisodeRunner``, from the run's threads; a context manager for
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

        result = ray.get(self.task.remote(self.key, self.settings_ref, item))
        # the worker's spend, known here only once the episode ends; a role whose calls cost
        # an unknown amount counts as one unknown cost
        for usage in result.usage.values():
            if usage.calls or usage.cost:
                self.meter.add(usage.cost)
        return result

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


_worker_runner: tuple[str, object] = ("", None)  # in a Ray worker process: the runner of the latest run
_worker_lock = threading.Lock()


def _episode_in_worker(key: str, settings: RunSettings, item) -> EpisodeResult:
    """Runs in a Ray worker: the episode, with the run's shared parts built on first use
    (a worker serving the jobs of a sweep in turn keeps only the latest run's)."""
    global _worker_runner
    from taubench.domains import load_domain
    from taubench.runner import EpisodeRunner, _fewer_gc_passes

    with _worker_lock:
        if _worker_runner[0] != key:
            domain = load_domain(settings.env.name, settings.env.data_dir, settings.env.verify_checksums)
            _worker_runner = (key, EpisodeRunner(settings, domain, SpendMeter()))
        runner = _worker_runner[1]
    with _fewer_gc_passes():
        return runner(item)

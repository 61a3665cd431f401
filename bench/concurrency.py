"""Concurrency: how close a retail run gets to the ideal wall time when every model call takes
a fixed latency, with many episodes in flight, on threads of one process or on worker
processes (``dispatch.backend=processes``), and what bounds it on this machine.

    python bench/concurrency.py [--levels 32 128 512] [--latencies 0.2 2] [--backends threads processes]

The scripted server (a separate process, HTTP/1.1 keep-alive) plays agent and user and holds
every call for the latency (± a quarter of it). Each row runs enough episodes to keep every
slot busy (retail tasks repeated as trials), through the runner's own ``prepare``/``execute``
as the CLI does (MLflow is not in the episode loop).

- efficiency = the wall time of a harness costing nothing (the same episodes in the same
  order, each taking the first free slot and lasting as long as its model calls) ÷ the wall
  time measured: what the targets are about. "of ideal" divides instead the ideal, the latency
  the server held all the run's calls for ÷ episodes in flight, which no harness reaches: the
  run's tail, when the last episodes run with slots idle, weighs on it (the more so the fewer
  episodes per slot).
- client CPU per call: this process's CPU (and its worker processes') ÷ calls: litellm, HTTP,
  the tools, the database copies and the grading, all of it; server CPU per call likewise.
- connections: those the server accepted during the row (one per thread kept alive).
- then the same CPU-limited run (256 in flight, 200 ms per call) on 1 and on 2 worker
  processes: the calls per second each makes (both CPU-bound at 200 ms per call), over the
  whole run and in its steady state (the middle half of its calls: no worker start-up, no
  tail), with the CPU per call and the cores used in that steady state.
- the ceiling: the calls per second the two cores can carry at the measured CPU per call,
  client and server together, as the server shares the cores here; as episodes in flight at
  this latency, and as the cores needed per 100 in flight.

Writes bench/results/concurrency.json.
"""

import argparse
import heapq
import json
import math
import os
import resource
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import NamedTuple, Optional

from hydra import compose, initialize_config_module
from omegaconf import OmegaConf
from processes import TICKS, ScriptedServer, cpu_seconds, sampling  # bench/processes.py

from taubench.core.tasks import RewardType
from taubench.execution.preparation import prepare
from taubench.execution.runner import execute
from taubench.execution.settings import parse_settings

RESULTS = Path(__file__).resolve().parent / "results"
RETAIL_TASKS = 114
TARGETS = {(2.0, 512): 0.95, (0.2, 128): 0.9}  # (latency, in flight): efficiency, where the cores allow it
SCALING_TARGET = 1.8
EPISODES_PER_SLOT = {0.2: 6, 2.0: 4}  # enough for a steady state, few enough for about two minutes per row


def server_stats(server: ScriptedServer) -> dict:
    """The server's own count of requests, of the latency it held them for and of the
    connections it accepted, and its CPU."""
    with urllib.request.urlopen(server.url.removesuffix("/v1") + "/stats") as answer:
        return json.load(answer) | {"cpu_s": cpu_seconds(server.process.pid)}


def run_settings(
    url: str, model: str, concurrency: int, episodes: int, output_dir: str, backend: str = "threads", processes: int = 2
):
    tasks = min(RETAIL_TASKS, episodes)
    overrides = [
        "env=retail",
        "model=scripted",
        f"model.name={model}",
        f"provider.api_base={url}",
        f"end_index={tasks}",
        f"num_trials={math.ceil(episodes / tasks)}",
        f"max_concurrency={concurrency}",
        "progress=false",
        "tracking.enabled=false",
        "resume=never",
        f"output_dir={output_dir}",
        f"dispatch.backend={backend}",
    ]
    if backend == "processes":
        overrides.append(f"dispatch.processes={processes}")
    with initialize_config_module("taubench.conf", version_base="1.3"):
        config = compose("config", overrides=overrides)
    return parse_settings(OmegaConf.to_container(config, resolve=True))


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)  # worker processes, once reaped
    return usage.ru_utime + usage.ru_stime


def running_children() -> set[int]:
    """This process's live child processes (Linux)."""
    pids = set()
    for thread in os.listdir("/proc/self/task"):
        try:
            pids |= {int(pid) for pid in Path(f"/proc/self/task/{thread}/children").read_text().split()}
        except OSError:
            pass  # the thread ended
    return pids


def machine_busy_s() -> float:
    """CPU seconds all cores spent not idle since boot, from /proc/stat (Linux)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / TICKS  # all but idle and iowait (guest time is in user)


class Sample(NamedTuple):
    at: float
    requests: int  # the server's count
    workers_cpu: dict[int, Optional[float]]  # per worker process
    own_cpu: float
    server_cpu: float
    machine_busy: float


def sample(server: ScriptedServer) -> Sample:
    """The server's request count and CPU, this process's CPU and its worker processes', the machine's busy time."""
    workers = {pid: cpu_seconds(pid) for pid in running_children() - {server.process.pid}}
    stats = server_stats(server)
    return Sample(
        time.perf_counter(), stats["requests"], workers, time.process_time(), stats["cpu_s"], machine_busy_s()
    )


def steady(samples: list[Sample]) -> dict:
    """Calls/s, client and server CPU per call, the cores they used and the cores busy on the
    whole machine, between the samples at 25% and 75% of the calls."""
    if not samples:
        return {}
    first, last = samples[0].requests, samples[-1].requests
    window = [s for s in samples if first + (last - first) / 4 <= s.requests <= first + (last - first) * 3 / 4]
    if len(window) < 3:
        return {}
    start, end = window[0], window[-1]
    workers = sum(
        (end.workers_cpu[pid] or 0) - (start.workers_cpu[pid] or 0)
        for pid in end.workers_cpu
        if pid in start.workers_cpu
    )
    client, server = end.own_cpu - start.own_cpu + workers, end.server_cpu - start.server_cpu
    calls, seconds = end.requests - start.requests, end.at - start.at
    return {
        "steady_calls_per_s": calls / seconds,
        "steady_client_cpu_ms_per_call": client / calls * 1000,
        "steady_server_cpu_ms_per_call": server / calls * 1000,
        "steady_cores_used": (client + server) / seconds,
        "steady_cores_busy": (end.machine_busy - start.machine_busy) / seconds,
    }


def measure(server: ScriptedServer, model: str, concurrency: int, episodes: int, backend: str, processes: int) -> dict:
    with tempfile.TemporaryDirectory() as output_dir:
        settings = run_settings(server.url, model, concurrency, episodes, output_dir, backend, processes)
        prepared = prepare(settings, base_dir=Path(output_dir))
        with prepared.claimed():
            before, wall = server_stats(server), time.perf_counter()
            cpu = time.process_time() + children_cpu()
            with sampling(lambda: sample(server)) as samples:
                report = execute(prepared)
            wall = time.perf_counter() - wall
            cpu = time.process_time() + children_cpu() - cpu
            after = server_stats(server)
            finished = list(report.episodes)  # in the order they were dispatched
    calls = after["requests"] - before["requests"]
    latency = after["latency_total_s"] - before["latency_total_s"]
    per_call = latency / calls
    schedule = makespan(
        [per_call * sum(e.usage[role].calls for role in ("agent", "user")) for e in finished], concurrency
    )
    server_cpu = after["cpu_s"] - before["cpu_s"]
    return {
        "backend": backend if backend == "threads" else f"{processes} processes",
        "concurrency": concurrency,
        "episodes": len(finished),
        "calls": calls,
        "model_latency_s": latency,
        "wall_s": wall,
        "ideal_s": latency / concurrency,
        "zero_overhead_schedule_s": schedule,
        "efficiency": schedule / wall,
        "of_ideal": latency / concurrency / wall,
        "client_cpu_ms_per_call": cpu / calls * 1000,
        "server_cpu_ms_per_call": server_cpu / calls * 1000,
        "server_cpu_share": server_cpu / wall / os.cpu_count(),  # of the machine's cores
        # without the sampler's: each of its requests for /stats came on a connection of its own
        "connections": after["connections_accepted"] - before["connections_accepted"] - len(samples),
        # no error and the gold database state reached (the NL assertions would need a judge)
        "all_solved": all(
            e.error is None and e.reward_info.components[RewardType.DB].status == "passed" for e in finished
        ),
    } | steady(samples)


def makespan(durations: list[float], slots: int) -> float:
    """Wall time of a harness with no overhead at all: each episode, in dispatch order, takes
    the first free slot and lasts as long as its model calls."""
    free_at = [0.0] * slots
    for duration in durations:
        heapq.heappush(free_at, heapq.heappop(free_at) + duration)
    return max(free_at)


def ceiling(row: dict, latency: float) -> dict:
    """What the measured CPU per call allows on this machine's cores (client and server share them)."""
    cpu_s = (row["client_cpu_ms_per_call"] + row["server_cpu_ms_per_call"]) / 1000
    calls_per_s = os.cpu_count() / cpu_s
    return {
        "ceiling_calls_per_s": calls_per_s,
        "ceiling_in_flight": calls_per_s * latency,
        "cores_per_100_in_flight": 100 / latency * cpu_s,
        "calls_per_s": row["calls"] / row["wall_s"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", type=int, nargs="+", default=[32, 128, 512])
    parser.add_argument("--latencies", type=float, nargs="+", default=[0.2, 2.0], help="seconds per model call")
    parser.add_argument("--backends", nargs="+", default=["threads", "processes"], choices=["threads", "processes"])
    parser.add_argument("--processes", type=int, default=os.cpu_count(), help="worker processes of the processes rows")
    parser.add_argument("--episodes-per-slot", type=int, help="default: 6 at 200 ms, 4 at 2 s")
    parser.add_argument(
        "--scaling-level",
        type=int,
        default=256,
        help="then 1 vs --processes worker processes at this many in flight (0: skip)",
    )
    parser.add_argument("--scaling-latency", type=float, default=0.2, help="seconds per call of those two runs")
    parser.add_argument(
        "--model", default="hosted_vllm/scripted", help="litellm route to the scripted server (hosted_vllm/ or openai/)"
    )
    args = parser.parse_args()
    rows = []
    for latency in args.latencies:
        server = ScriptedServer(["retail"], latency, latency / 4)
        per_slot = args.episodes_per_slot or EPISODES_PER_SLOT.get(latency, 4)
        try:
            measure(server, args.model, 2, 2, "threads", 1)  # warm-up: imports, connections
            for backend in args.backends:
                for level in args.levels:
                    row = measure(server, args.model, level, max(16, per_slot * level), backend, args.processes)
                    rows.append(row | {"latency_s": latency} | ceiling(row, latency))
                    print_row(rows[-1], header=len(rows) == 1)
        finally:
            server.stop()
    scaling = processes_scaling(args) if args.scaling_level else []
    load = os.getloadavg()[0]
    report = {
        "machine": {"cpus": os.cpu_count(), "load_1m": load},
        "model": args.model,
        "levels": rows,
        "scaling": scaling,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "concurrency.json").write_text(json.dumps(report, indent=1))
    summary(rows, load)
    if scaling:
        print_scaling(*scaling, args)


def processes_scaling(args: argparse.Namespace) -> list[dict]:
    """The same CPU-limited run on one worker process and on ``--processes`` of them."""
    server = ScriptedServer(["retail"], args.scaling_latency, args.scaling_latency / 5)
    try:
        rows = []
        for count in (1, args.processes):
            row = measure(server, args.model, args.scaling_level, 15 * RETAIL_TASKS, "processes", count)
            rows.append(row | {"latency_s": args.scaling_latency} | ceiling(row, args.scaling_latency))
        return rows
    finally:
        server.stop()


def print_scaling(one: dict, many: dict, args: argparse.Namespace) -> None:
    """1 vs N worker processes: whole runs, then the steady state and what the shared cores allow in it."""
    print(
        f"\nworker processes, 1 -> {args.processes} ({args.scaling_level} in flight, "
        f"{args.scaling_latency * 1000:.0f} ms per call, "
        f"where the client's CPU limits; target {SCALING_TARGET}x)"
    )
    print(
        f"  whole runs (worker start-up and the tail included): {one['calls_per_s']:.0f} -> "
        f"{many['calls_per_s']:.0f} calls/s, "
        f"{many['calls_per_s'] / one['calls_per_s']:.2f}x"
    )
    if "steady_calls_per_s" not in one or "steady_calls_per_s" not in many:
        print("  (too few samples for a steady state)")
        return
    ceiling = os.cpu_count() / (many["steady_client_cpu_ms_per_call"] + many["steady_server_cpu_ms_per_call"]) * 1000
    print(
        f"  steady state (the middle half of the calls): {one['steady_calls_per_s']:.0f} -> "
        f"{many['steady_calls_per_s']:.0f} "
        f"calls/s, {many['steady_calls_per_s'] / one['steady_calls_per_s']:.2f}x; client CPU per call "
        f"{one['steady_client_cpu_ms_per_call']:.2f} -> {many['steady_client_cpu_ms_per_call']:.2f} ms, server "
        f"{one['steady_server_cpu_ms_per_call']:.2f} -> {many['steady_server_cpu_ms_per_call']:.2f} ms, cores used "
        f"{one['steady_cores_used']:.2f} -> {many['steady_cores_used']:.2f} of {os.cpu_count()} (busy on the machine: "
        f"{one['steady_cores_busy']:.2f} -> {many['steady_cores_busy']:.2f})"
    )
    print(
        f"  the {os.cpu_count()} cores, shared with the server, carry {ceiling:.0f} calls/s at that CPU per call: "
        f"{ceiling / one['steady_calls_per_s']:.2f}x of one process at most here"
    )


def print_row(row: dict, header: bool) -> None:
    if header:
        print(
            f"\nretail runs against the scripted server (latency ± a quarter), on {os.cpu_count()} cpus shared with it"
        )
        print(
            f"  {'latency':>7} {'backend':>11} {'in flight':>9} {'episodes':>8} {'calls':>6} "
            f"{'calls/s':>7} {'wall':>7} "
            f"{'ideal':>7} {'efficiency':>10} {'of ideal':>8} {'client cpu/call':>15} {'server cpu/call':>15} "
            f"{'server cpu':>10} {'connections':>11} {'ceiling':>12} {'cores/100':>9}"
        )
    print(
        f"  {row['latency_s'] * 1000:5.0f}ms {row['backend']:>11} {row['concurrency']:>9} {row['episodes']:>8} "
        f"{row['calls']:>6} {row['calls_per_s']:7.0f} {row['wall_s']:6.1f}s {row['ideal_s']:6.1f}s "
        f"{row['efficiency']:>10.2f} {row['of_ideal']:>8.2f} {row['client_cpu_ms_per_call']:13.2f}ms "
        f"{row['server_cpu_ms_per_call']:13.2f}ms {row['server_cpu_share'] * 100:9.0f}% {row['connections']:>11} "
        f"{row['ceiling_in_flight']:8.0f} in flight {row['cores_per_100_in_flight']:>6.2f}"
        + ("" if row["all_solved"] else "  (some episodes failed or missed the gold state)"),
        flush=True,
    )


def summary(rows: list[dict], load: float) -> None:
    print(
        "  (server cpu: its share of the machine's cores; ceiling: episodes in flight the cores carry at this latency\n"
        "   with the measured client + server CPU per call; cores/100: cores needed per 100 in flight at this latency)"
    )
    print(f"\nload (1 min) {load:.2f} on {os.cpu_count()} cpus")
    for (latency, level), target in TARGETS.items():
        for row in rows:
            if row["latency_s"] == latency and row["concurrency"] == level:
                allowed = (
                    "the cores allow it"
                    if row["ceiling_in_flight"] >= level
                    else (
                        f"beyond these cores: {row['ceiling_in_flight']:.0f} in flight at most, "
                        f"{row['cores_per_100_in_flight'] * level / 100:.1f} cores needed"
                    )
                )
                print(
                    f"target {target} at {level} in flight, {latency * 1000:.0f} ms, {row['backend']}: "
                    f"{row['efficiency']:.2f} ({allowed})"
                )


if __name__ == "__main__":
    main()

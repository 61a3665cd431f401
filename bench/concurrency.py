"""Concurrency: how close a retail run gets to the ideal wall time when every model call takes
a fixed latency, at 1, 8, 32 and 128 episodes in flight (threads in one process).

    python bench/concurrency.py [--levels 1 8 32 128] [--latency 0.2] [--jitter 0.05]

The scripted server (a separate process) plays agent and user and holds every call for the
latency. Each level runs enough episodes to keep every slot busy (8 per slot, retail tasks
repeated as trials), through the runner's own ``prepare``/``execute`` as the CLI does
(MLflow is not in the episode loop: it records a run when it starts and when it ends).
Efficiency = ideal / measured wall time, where ideal = the latency the server held all the
run's calls for ÷ concurrency. Writes bench/results/concurrency.json.
"""

import argparse
import heapq
import json
import math
import os
import tempfile
import time
import urllib.request
from pathlib import Path

from hydra import compose, initialize_config_module
from omegaconf import OmegaConf

from taubench.preparation import prepare
from taubench.runner import execute
from taubench.settings import parse_settings
from taubench.tasks import RewardType

from processes import ScriptedServer, cpu_seconds  # bench/processes.py

RESULTS = Path(__file__).resolve().parent / "results"
RETAIL_TASKS = 114
TARGETS = {32: 0.9, 128: 0.8}


def server_stats(server: ScriptedServer) -> dict:
    """The server's own count of requests and of the latency it held them for, and its CPU."""
    with urllib.request.urlopen(server.url.removesuffix("/v1") + "/stats") as answer:
        return json.load(answer) | {"cpu_s": cpu_seconds(server.process.pid)}


def run_settings(server: ScriptedServer, model: str, concurrency: int, episodes: int, output_dir: str):
    tasks = min(RETAIL_TASKS, episodes)
    overrides = ["env=retail", "model=scripted", f"model.name={model}", f"provider.api_base={server.url}",
                 f"end_index={tasks}", f"num_trials={math.ceil(episodes / tasks)}", f"max_concurrency={concurrency}",
                 "progress=false", "tracking.enabled=false", "resume=never", f"output_dir={output_dir}"]
    with initialize_config_module("taubench.conf", version_base="1.3"):
        config = compose("config", overrides=overrides)
    return parse_settings(OmegaConf.to_container(config, resolve=True))


def measure(server: ScriptedServer, model: str, concurrency: int, episodes: int) -> dict:
    with tempfile.TemporaryDirectory() as output_dir:
        prepared = prepare(run_settings(server, model, concurrency, episodes, output_dir), base_dir=Path(output_dir))
        with prepared.claimed():
            before, cpu, wall = server_stats(server), time.process_time(), time.perf_counter()
            report = execute(prepared)
            wall, cpu, after = time.perf_counter() - wall, time.process_time() - cpu, server_stats(server)
            finished = list(report.episodes)  # in the order they were dispatched
    calls = after["requests"] - before["requests"]
    latency = after["latency_total_s"] - before["latency_total_s"]
    per_call = latency / calls
    schedule = makespan([per_call * sum(e.usage[role].calls for role in ("agent", "user")) for e in finished], concurrency)
    return {
        "concurrency": concurrency,
        "episodes": len(finished),
        "calls": calls,
        "model_latency_s": latency,
        "wall_s": wall,
        "ideal_s": latency / concurrency,
        "efficiency": latency / concurrency / wall,
        "zero_overhead_schedule_s": schedule,
        "efficiency_vs_schedule": schedule / wall,
        "client_cpu_ms_per_call": cpu / calls * 1000,
        "client_cpu_share": cpu / wall,
        "server_cpu_ms_per_call": (after["cpu_s"] - before["cpu_s"]) / calls * 1000,
        # no error and the gold database state reached (the NL assertions would need a judge)
        "all_solved": all(e.error is None and e.reward_info.components[RewardType.DB].status == "passed" for e in finished),
    }


def makespan(durations: list[float], slots: int) -> float:
    """Wall time of a harness with no overhead at all: each episode, in dispatch order, takes
    the first free slot and lasts as long as its model calls. Longer than latency ÷ slots by
    the tail, when the last episodes run with slots left idle."""
    free_at = [0.0] * slots
    for duration in durations:
        heapq.heappush(free_at, heapq.heappop(free_at) + duration)
    return max(free_at)


def measure_levels(latency: float, jitter: float, model: str, levels: list[int], per_slot: int) -> list[dict]:
    server = ScriptedServer(["retail"], latency, jitter)
    try:
        measure(server, model, 2, 2)  # warm-up: imports, connections
        return [measure(server, model, level, max(16, per_slot * level)) | {"latency_s": latency} for level in levels]
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 8, 32, 128])
    parser.add_argument("--latency", type=float, default=0.2, help="seconds per model call")
    parser.add_argument("--jitter", type=float, default=0.05, help="± seconds around the latency")
    parser.add_argument("--episodes-per-slot", type=int, default=16)
    parser.add_argument("--slow-latency", type=float, default=1.0,
                        help="then the highest level once more with calls this slow (0: skip), 4 episodes per slot")
    parser.add_argument("--model", default="hosted_vllm/scripted",
                        help="litellm route to the scripted server (hosted_vllm/ or openai/)")
    args = parser.parse_args()
    rows = measure_levels(args.latency, args.jitter, args.model, args.levels, args.episodes_per_slot)
    if args.slow_latency:
        rows += measure_levels(args.slow_latency, args.slow_latency / 4, args.model, [max(args.levels)], 4)
    load = os.getloadavg()[0]
    report = {"machine": {"cpus": os.cpu_count(), "load_1m": load}, "model": args.model, "levels": rows}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "concurrency.json").write_text(json.dumps(report, indent=1))
    print(f"\nretail run against the scripted server through {args.model}, threads in one process")
    print(f"  {'latency':>8} {'in flight':>9} {'episodes':>8} {'calls':>6} {'wall':>8} {'ideal':>8} {'efficiency':>10} "
          f"{'no-overhead schedule':>20} {'client cpu/call':>15} {'client cpu':>10} {'server cpu/call':>15}")
    for row in rows:
        print(f"  {row['latency_s'] * 1000:6.0f}ms {row['concurrency']:>9} {row['episodes']:>8} {row['calls']:>6} "
              f"{row['wall_s']:7.1f}s {row['ideal_s']:7.1f}s {row['efficiency']:>10.2f} "
              f"{row['zero_overhead_schedule_s']:8.1f}s ({row['efficiency_vs_schedule']:.2f}) "
              f"{row['client_cpu_ms_per_call']:13.2f}ms {row['client_cpu_share'] * 100:9.0f}% "
              f"{row['server_cpu_ms_per_call']:13.2f}ms")
    if not all(row["all_solved"] for row in rows):
        print("  warning: some episodes failed or missed the gold database state")
    print(f"  (latency ± {args.jitter * 1000:.0f} ms, the slow row ± a quarter of it; ideal = the latency the server held\n"
          "   the calls for ÷ episodes in flight;"
          " no-overhead schedule = the same episodes on a harness costing nothing, tail included)")
    print(f"\nload (1 min) {load:.2f} on {os.cpu_count()} cpus")
    verdict = ", ".join(
        f"{row['concurrency']}: {row['efficiency']:.2f} (target {TARGETS[row['concurrency']]})"
        for row in rows if row["concurrency"] in TARGETS and row["latency_s"] == args.latency
    )
    print(f"efficiency at {args.latency * 1000:.0f} ms per call (ideal / wall): {verdict or 'no targeted level run'}")


if __name__ == "__main__":
    main()

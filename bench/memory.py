"""Memory: resident memory of a run as a function of the episodes it has in flight, on airline
(the largest database), against the scripted server.

    python bench/memory.py [--concurrency 1 8 32 128] [--latency 0.2] [--rounds 2]

The scripted server (``python -m taubench scripted_server``, airline, a fixed latency per call)
runs in a subprocess on a free 127.0.0.1 port and plays agent and customer through the real
LLM path (litellm, HTTP, the tool-calling agent and the LLM user). For each N, a fresh
subprocess runs ``taubench.execution.runner.run`` with ``max_concurrency=N`` on enough airline episodes
(``--rounds`` x N, at least ``--min-episodes``) that N of them are in flight for a while.
Tracking is off: MLflow acts only before the first and after the last episode, so it would add
the same constant to every N and nothing to the increment.

How the episodes in flight are known: in that subprocess ``taubench.execution.episode_runner.run_episode`` is
wrapped by a counter (entered, left), and a sampler thread reads the process's VmRSS from
/proc/self/status every ``--interval`` seconds together with that count. "Steady" is the
median RSS over the samples taken while exactly N episodes were in flight, "peak" the largest
RSS sampled while the run's episodes were running.

Prints a table and a final verdict line on the increment per additional episode in flight,
(RSS_N - RSS_1) / (N - 1), the worst over every N of both steady and peak, against the target
of 2 MB; writes bench/results/memory.json. (With N = 1 the runner runs the episodes in its main
thread; the server's own memory is not counted: it is another process.)
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from processes import ScriptedServer, environment, sampling, status_mb  # bench/processes.py

RESULTS = Path(__file__).resolve().parent / "results"
TARGET_MB = 2.0
AIRLINE_TASKS = 50  # the base split


def worker(spec: dict) -> None:
    """In the measured subprocess: one run, its episodes counted, its memory sampled."""
    import taubench.execution.episode_runner as episode_runner
    import taubench.execution.runner as runner
    from taubench.execution.settings import parse_settings

    lock = threading.Lock()
    state = {"in_flight": 0, "started": 0, "finished": 0, "max_in_flight": 0}
    original = episode_runner.run_episode

    def counted(*args, **kwargs):
        with lock:
            state["in_flight"] += 1
            state["started"] += 1
            state["max_in_flight"] = max(state["max_in_flight"], state["in_flight"])
        try:
            return original(*args, **kwargs)
        finally:
            with lock:
                state["in_flight"] -= 1
                state["finished"] += 1

    episode_runner.run_episode = counted
    started = time.perf_counter()

    def sample() -> dict:
        with lock:
            in_flight, finished = state["in_flight"], state["finished"]
        return {"t": time.perf_counter() - started, "in_flight": in_flight, "finished": finished, "rss_mb": status_mb()}

    config = {
        "env": {"name": "airline"},
        "agent": {"name": "tool_calling"},
        "user": {"name": "llm"},
        "model": {"name": "openai/scripted", "pricing": {"input": 0, "output": 0}},
        "provider": {"name": "scripted", "api_base": spec["url"], "label_requests": True},
        "tracking": {"enabled": False},
        "progress": False,
        "resume": "never",
        "output_dir": spec["output_dir"],
        "max_concurrency": spec["concurrency"],
        "num_trials": spec["trials"],
        "end_index": spec["tasks"],
    }
    settings = parse_settings(config)
    before = status_mb()
    with sampling(sample, spec["interval"]) as samples:
        report = runner.run(settings, base_dir=Path(spec["output_dir"]).parent)
    summary = report.summary
    result = {
        "rss_before_mb": before,
        "samples": samples,
        "state": state,
        "episodes": summary.num_episodes,
        "errors": summary.errors,
        "scored": summary.scored_episodes,
        "successes": summary.successes,
        "duration_s": summary.duration_s,
        "hwm_mb": status_mb("VmHWM"),
    }
    Path(spec["result_file"]).write_text(json.dumps(result))


def measure(url: str, concurrency: int, args: argparse.Namespace) -> dict:
    episodes = max(args.rounds * concurrency, args.min_episodes)
    tasks = min(AIRLINE_TASKS, episodes)
    trials = math.ceil(episodes / tasks)
    with tempfile.TemporaryDirectory(prefix="taubench-memory-") as folder:
        spec = {
            "url": url,
            "concurrency": concurrency,
            "trials": trials,
            "tasks": tasks,
            "interval": args.interval,
            "output_dir": str(Path(folder, "run")),
            "result_file": str(Path(folder, "result.json")),
        }
        completed = subprocess.run(
            [sys.executable, __file__, "--worker", json.dumps(spec)], env=environment(), capture_output=True, text=True
        )
        if completed.returncode != 0:
            raise SystemExit(f"the run with max_concurrency={concurrency} failed:\n{completed.stderr[-4000:]}")
        result = json.loads(Path(spec["result_file"]).read_text())
    full = [s["rss_mb"] for s in result["samples"] if s["in_flight"] == concurrency]
    running = [s["rss_mb"] for s in result["samples"] if s["in_flight"] > 0]
    if not full:
        raise SystemExit(
            f"max_concurrency={concurrency}: never saw {concurrency} episodes in flight "
            f"(at most {result['state']['max_in_flight']}); use a longer --latency"
        )
    window = [s["t"] for s in result["samples"] if s["in_flight"] == concurrency]
    return {
        "concurrency": concurrency,
        "episodes": result["episodes"],
        "tasks": tasks,
        "trials": trials,
        "max_in_flight": result["state"]["max_in_flight"],
        "full_samples": len(full),
        "full_window_s": window[-1] - window[0] if len(window) > 1 else 0.0,
        "steady_rss_mb": statistics.median(full),
        "peak_rss_mb": max(running),
        "hwm_mb": result["hwm_mb"],
        "rss_before_mb": result["rss_before_mb"],
        "duration_s": result["duration_s"],
        "scored": result["scored"],
        "successes": result["successes"],
        "errors": result["errors"],
        "timeline": result["samples"][:: max(1, len(result["samples"]) // 100)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--concurrency", type=int, nargs="+", default=[1, 8, 32, 128], help="the N to measure; the first is the base"
    )
    parser.add_argument("--latency", type=float, default=0.2, help="seconds the server holds every call")
    parser.add_argument("--rounds", type=int, default=2, help="episodes per run = rounds x N (at least --min-episodes)")
    parser.add_argument("--min-episodes", type=int, default=6)
    parser.add_argument("--interval", type=float, default=0.05, help="seconds between memory samples")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(json.loads(args.worker))
        return

    load_before = os.getloadavg()[0]
    server = ScriptedServer(["airline"], args.latency)
    try:
        rows = [measure(server.url, n, args) for n in args.concurrency]
    finally:
        server.stop()
    load_after = os.getloadavg()[0]
    base = rows[0]
    print(f"\nmemory: airline, tool_calling agent + llm user on the scripted server ({args.latency:g} s per call)")
    print(
        f"  {'N':>4} {'episodes':>8} {'in flight':>9} {'window':>7} {'steady RSS':>10} {'peak RSS':>9} "
        f"{'+/episode (steady)':>18} {'+/episode (peak)':>16}"
    )
    for row in rows:
        extra = row["concurrency"] - base["concurrency"]
        if extra:
            row["increment_steady_mb"] = (row["steady_rss_mb"] - base["steady_rss_mb"]) / extra
            row["increment_peak_mb"] = (row["peak_rss_mb"] - base["peak_rss_mb"]) / extra
            increments = f"{row['increment_steady_mb']:>16.2f}MB {row['increment_peak_mb']:>14.2f}MB"
        else:
            increments = f"{'(base)':>18} {'(base)':>16}"
        print(
            f"  {row['concurrency']:>4} {row['episodes']:>8} {row['max_in_flight']:>9} {row['full_window_s']:>6.1f}s "
            f"{row['steady_rss_mb']:>8.1f}MB {row['peak_rss_mb']:>7.1f}MB {increments}"
        )
    print("  (in flight: most episodes running at once, counted in the run; window: how long exactly N ran)")
    worst = max(max(row.get("increment_steady_mb", 0), row.get("increment_peak_mb", 0)) for row in rows)
    report = {
        "machine": {"cpus": os.cpu_count(), "load_1m_before": load_before, "load_1m_after": load_after},
        "settings": {key: value for key, value in vars(args).items() if key != "worker"},
        "rows": rows,
        "worst_increment_mb": worst,
        "target_mb": TARGET_MB,
        "verdict": worst <= TARGET_MB,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "memory.json").write_text(json.dumps(report, indent=1))
    print(f"\nload (1 min) {load_before:.2f} before, {load_after:.2f} after, on {os.cpu_count()} cpus")
    print(
        f"memory per additional episode in flight: worst {worst:.2f} MB (largest N: steady "
        f"{rows[-1].get('increment_steady_mb', 0):.2f} MB, peak {rows[-1].get('increment_peak_mb', 0):.2f} MB)  "
        f"[target: <= {TARGET_MB:g} MB] {'PASS' if worst <= TARGET_MB else 'FAIL'}"
    )


if __name__ == "__main__":
    main()

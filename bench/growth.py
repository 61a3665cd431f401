"""Growth: a long oracle run (retail train split x trials, about 5,000 episodes) must take
time linear in its episodes and keep its memory bounded.

    python bench/growth.py [--trials 68] [--blocks 8] [--concurrency 4] [--no-tracking]

The run goes through the public command (``python -m taubench agent=oracle user=oracle ...``,
MLflow on with its store in a temporary folder, as a real run) in a subprocess. This script
watches it from outside: it follows ``episodes.jsonl`` as lines are appended and samples the
process's resident memory and CPU time (/proc/<pid>/status, /proc/<pid>/stat) every
``--interval`` seconds. The peak resident memory of the whole process, end of run included
(summary, results.json, MLflow artifacts), comes from the kernel when the process is reaped
(wait4).

The episodes after the first trial (which also computes each task's gold end state once) are
cut into ``--blocks`` blocks. Linear time: the CPU time per episode of the last block over that
of the first stays near 1, between 1/1.3 and 1.3 (CPU time decides because other work shares
these machines; wall time is shown beside it). A last block much cheaper than the first is a
failure too: it means the log fell behind the episodes (finished episodes waiting in memory
for the main thread to write them) and only caught up at the end. Bounded memory: from the end
of the first block to the peak, resident memory grows by at most 2 KB per further episode (a
run keeps a few hundred bytes of facts per episode for its summary; a kept trajectory costs
20-140 KB). Writes bench/results/growth.json.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from processes import cpu_seconds, environment, status_mb  # bench/processes.py

RESULTS = Path(__file__).resolve().parent / "results"
MAX_TIME_RATIO = 1.3
MAX_GROWTH_KB = 2.0  # resident memory per further episode


def watch(command: list[str], folder: Path, log: Path, interval: float) -> dict:
    """Runs the command; samples (time, episodes logged, RSS, CPU) until it exits."""
    samples, logged, handle = [], 0, None
    with open(folder / "stdout.txt", "w") as stdout, open(folder / "stderr.txt", "w") as stderr:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=folder, env=environment(), stdout=stdout, stderr=stderr)
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)  # reaped here, to keep its own rusage
            now = time.perf_counter() - started
            if pid:
                break
            if handle is None and log.exists():
                handle = open(log, "rb")
            if handle is not None:
                logged += handle.read().count(b"\n")
            rss, cpu = status_mb(pid=process.pid), cpu_seconds(process.pid)
            if rss is not None and cpu is not None:
                samples.append({"t": now, "logged": logged, "rss_mb": rss, "cpu_s": cpu})
            time.sleep(interval)
    process.returncode = os.waitstatus_to_exitcode(status)
    if handle is not None:
        logged += handle.read().count(b"\n")
        handle.close()
    if process.returncode != 0:
        raise SystemExit(f"the run failed ({process.returncode}):\n{(folder / 'stderr.txt').read_text()[-4000:]}")
    return {
        "samples": samples,
        "logged": logged,
        "ended_s": now,
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "peak_rss_mb": usage.ru_maxrss / 1024,
    }  # ru_maxrss: KB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", default="retail")
    parser.add_argument("--split", default="train")
    parser.add_argument("--trials", type=int, default=68, help="retail train (74 tasks) x 68 = 5,032 episodes")
    parser.add_argument("--blocks", type=int, default=8, help="blocks the episodes after the first trial are cut into")
    parser.add_argument("--concurrency", type=int, default=4, help="max_concurrency of the run")
    parser.add_argument("--no-tracking", action="store_true", help="tracking.enabled=false (default: MLflow on)")
    parser.add_argument("--interval", type=float, default=0.02, help="seconds between samples")
    args = parser.parse_args()

    load_before = os.getloadavg()[0]
    folder = Path(tempfile.mkdtemp(prefix="taubench-growth-"))
    output_dir = folder / "run"
    command = [
        sys.executable,
        "-m",
        "taubench",
        f"env={args.env}",
        f"task_split={args.split}",
        f"num_trials={args.trials}",
        "agent=oracle",
        "user=oracle",
        f"max_concurrency={args.concurrency}",
        "progress=false",
        "resume=never",
        f"output_dir={output_dir}",
        f"tracking.enabled={'false' if args.no_tracking else 'true'}",
    ]
    try:
        watched = watch(command, folder, output_dir / "episodes.jsonl", args.interval)
        results = json.loads((output_dir / "results.json").read_text())
        results_mb = (output_dir / "results.json").stat().st_size / 2**20
        log_mb = (output_dir / "episodes.jsonl").stat().st_size / 2**20
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    load_after = os.getloadavg()[0]
    summary, total, samples = results["summary"], watched["logged"], watched["samples"]
    assert total == summary["num_episodes"] == len(results["episodes"]) == summary["num_tasks"] * args.trials
    assert summary["average_reward"] == 1.0, summary["average_reward"]

    def at(count: int) -> dict:  # the first sample that saw `count` episodes logged
        return next(sample for sample in samples if sample["logged"] >= count)

    warm_up = summary["num_tasks"]  # the first trial
    bounds = [warm_up + round((total - warm_up) * i / args.blocks) for i in range(args.blocks + 1)]
    rows = []
    for number, (low, high) in enumerate(zip(bounds, bounds[1:]), start=1):
        start, end = at(low), at(high)
        count = end["logged"] - start["logged"]
        rows.append(
            {
                "block": number,
                "episodes": [start["logged"], end["logged"]],
                "wall_ms_per_episode": 1000 * (end["t"] - start["t"]) / count,
                "cpu_ms_per_episode": 1000 * (end["cpu_s"] - start["cpu_s"]) / count,
                "rss_mb_at_end": end["rss_mb"],
            }
        )
    first_logged, last_logged = at(1), at(total)
    phases = {
        "start_s": first_logged["t"],
        "episodes_s": last_logged["t"] - first_logged["t"],
        "end_s": watched["ended_s"] - last_logged["t"],
        "total_s": watched["ended_s"],
        "cpu_s": watched["cpu_s"],
    }
    cpu_ratio = rows[-1]["cpu_ms_per_episode"] / rows[0]["cpu_ms_per_episode"]
    wall_ratio = rows[-1]["wall_ms_per_episode"] / rows[0]["wall_ms_per_episode"]
    further = total - rows[0]["episodes"][1]
    growth_kb = 1024 * (watched["peak_rss_mb"] - rows[0]["rss_mb_at_end"]) / further
    time_ok, memory_ok = 1 / MAX_TIME_RATIO <= cpu_ratio <= MAX_TIME_RATIO, growth_kb <= MAX_GROWTH_KB

    print(
        f"\ngrowth: {total} oracle episodes ({args.env} {args.split}: {summary['num_tasks']} tasks x {args.trials} "
        f"trials, max_concurrency={args.concurrency}, tracking {'off' if args.no_tracking else 'on'})"
    )
    print(f"  {'block':>5} {'episodes':>13} {'wall/episode':>13} {'cpu/episode':>12} {'RSS at end':>11}")
    for row in rows:
        low, high = row["episodes"]
        print(
            f"  {row['block']:>5} {low:>6}-{high:<6} {row['wall_ms_per_episode']:>11.2f}ms "
            f"{row['cpu_ms_per_episode']:>10.2f}ms {row['rss_mb_at_end']:>9.1f}MB"
        )
    print(
        f"  start-up {phases['start_s']:.1f} s, episodes {phases['episodes_s']:.1f} s, end (summary, results.json, "
        f"MLflow) {phases['end_s']:.1f} s: total {phases['total_s']:.1f} s, process CPU {phases['cpu_s']:.1f} s"
    )
    print(
        f"  peak RSS {watched['peak_rss_mb']:.1f} MB (whole process, end included); "
        f"results.json {results_mb:.1f} MB, episodes.jsonl {log_mb:.1f} MB"
    )

    report = {
        "machine": {"cpus": os.cpu_count(), "load_1m_before": load_before, "load_1m_after": load_after},
        "settings": vars(args),
        "episodes": total,
        "blocks": rows,
        "phases": phases,
        "peak_rss_mb": watched["peak_rss_mb"],
        "results_json_mb": results_mb,
        "episodes_jsonl_mb": log_mb,
        "cpu_ratio_last_first": cpu_ratio,
        "wall_ratio_last_first": wall_ratio,
        "growth_kb_per_episode": growth_kb,
        "targets": {"time_ratio": [1 / MAX_TIME_RATIO, MAX_TIME_RATIO], "growth_kb_per_episode": MAX_GROWTH_KB},
        "verdict": {"linear_time": time_ok, "bounded_memory": memory_ok},
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "growth.json").write_text(json.dumps(report, indent=1))
    print(f"\nload (1 min) {load_before:.2f} before, {load_after:.2f} after, on {os.cpu_count()} cpus")
    print(
        f"time per episode, last block / first: cpu {cpu_ratio:.2f} (wall {wall_ratio:.2f})  "
        f"[target: {1 / MAX_TIME_RATIO:.2f} to {MAX_TIME_RATIO}] {'PASS' if time_ok else 'FAIL'}"
    )
    print(
        f"memory growth, end of first block to peak: {growth_kb:.2f} KB per episode "
        f"({rows[0]['rss_mb_at_end']:.0f} -> {watched['peak_rss_mb']:.0f} MB over {further} episodes)  "
        f"[target: <= {MAX_GROWTH_KB:g} KB] {'PASS' if memory_ok else 'FAIL'}"
    )


if __name__ == "__main__":
    main()

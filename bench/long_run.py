"""A long run at 512 episodes in flight: nothing lost or duplicated, memory per episode in
flight, and the same results as a run at 8 in flight.

    python bench/long_run.py [--concurrency 512] [--trials 26] [--latency 2]

Retail, every task repeated as trials (26 x 114 = 2,964 episodes), against the scripted server
in a process of its own holding each call for the latency (± a quarter). The run goes through
the runner's own ``prepare``/``execute``; a sampler reads this process's resident memory
(VmRSS) every half second. The same plan first runs at 8 in flight with no latency (which also
loads what any run loads once); then the long run, whose every (task, trial) must have the same
reward, ending and tool calls as there. Memory per episode in flight = (the long run's peak
while its episodes run − the memory once it is prepared) ÷ episodes in flight; target 2 MB.
Writes bench/results/long_run.json.
"""

import argparse
import json
import os
import tempfile
import time
from collections import Counter
from pathlib import Path

from concurrency import run_settings  # bench/concurrency.py
from processes import ScriptedServer, sampling, status_mb  # bench/processes.py

from taubench.execution.preparation import prepare
from taubench.execution.rundir import EPISODES_FILE
from taubench.execution.runner import execute

RESULTS = Path(__file__).resolve().parent / "results"
RETAIL_TASKS = 114
TARGET_MB = 2.0


def one_run(url: str, concurrency: int, episodes: int, output_dir: Path) -> dict:
    """The run, its records by (task, trial) as episodes.jsonl holds them, and its memory."""
    prepared = prepare(
        run_settings(url, "hosted_vllm/scripted", concurrency, episodes, str(output_dir)), base_dir=output_dir
    )
    with prepared.claimed():
        prepared_mb = status_mb()
        with sampling(status_mb) as samples:
            started = time.perf_counter()
            report = execute(prepared)
            wall = time.perf_counter() - started
    lines = (output_dir / EPISODES_FILE).read_text().splitlines()
    records = [json.loads(line) for line in lines]
    keys = Counter((record["task_id"], record["trial"]) for record in records)
    return {
        "wall_s": wall,
        "planned": episodes,
        "recorded": len(records),
        "distinct": len(keys),
        "duplicated": sum(count - 1 for count in keys.values()),
        "errors": sum(record["error"] is not None for record in records),
        "prepared_mb": prepared_mb,
        "peak_mb": max(samples, default=prepared_mb),
        "summary": report.summary.model_dump(mode="json"),
        "outcomes": {(record["task_id"], record["trial"]): outcome(record) for record in records},
    }


def outcome(record: dict) -> tuple:
    calls = [
        (m["name"], json.dumps(m["arguments"], sort_keys=True))
        for message in record["messages"]
        for m in message.get("tool_calls") or []
    ]
    return record["reward"], record["termination_reason"], tuple(calls)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--concurrency", type=int, default=512)
    parser.add_argument("--trials", type=int, default=26, help="times every retail task runs")
    parser.add_argument("--latency", type=float, default=2.0, help="seconds per model call")
    parser.add_argument("--reference-concurrency", type=int, default=8)
    args = parser.parse_args()
    episodes = args.trials * RETAIL_TASKS
    runs = {}
    # the reference first: it also warms up what any run loads once (litellm's modules, the
    # clients), which is no memory per episode in flight
    for label, concurrency, latency in (
        ("reference", args.reference_concurrency, 0.0),
        ("long", args.concurrency, args.latency),
    ):
        server = ScriptedServer(["retail"], latency, latency / 4)
        try:
            with tempfile.TemporaryDirectory() as output_dir:
                runs[label] = one_run(server.url, concurrency, episodes, Path(output_dir))
        finally:
            server.stop()
        print(
            f"{label}: {concurrency} in flight, {latency * 1000:.0f} ms per call: {runs[label]['recorded']} episodes "
            f"in {runs[label]['wall_s']:.0f} s",
            flush=True,
        )
    long, reference = runs["long"], runs["reference"]
    differing = sorted(key for key in reference["outcomes"] if long["outcomes"].get(key) != reference["outcomes"][key])
    per_episode = (long["peak_mb"] - long["prepared_mb"]) / args.concurrency
    load = os.getloadavg()[0]
    RESULTS.mkdir(exist_ok=True)
    saved = {label: {k: v for k, v in run.items() if k != "outcomes"} for label, run in runs.items()}
    (RESULTS / "long_run.json").write_text(
        json.dumps(
            {
                "machine": {"cpus": os.cpu_count(), "load_1m": load},
                "runs": saved,
                "mb_per_episode_in_flight": per_episode,
                "differing": [list(key) for key in differing],
            },
            indent=1,
        )
    )
    print(
        f"\nlong run: retail x {args.trials} trials = {episodes} episodes, {args.concurrency} in flight, "
        f"{args.latency * 1000:.0f} ms per call"
    )
    print(
        f"  recorded {long['recorded']} of {episodes} planned, {long['distinct']} distinct (task, trial), "
        f"{long['duplicated']} duplicated, {long['errors']} with an error"
    )
    print(
        f"  memory: {long['prepared_mb']:.0f} MB once prepared, peak {long['peak_mb']:.0f} MB while running: "
        f"{per_episode:.2f} MB per episode in flight (target {TARGET_MB} MB)"
    )
    print(
        f"  average reward {long['summary']['average_reward']}, at {args.reference_concurrency} in flight "
        f"{reference['summary']['average_reward']}; (task, trial) whose reward, ending or tool calls differ: "
        f"{len(differing)}{' ' + str(differing[:5]) if differing else ''}"
    )
    print(f"load (1 min) {load:.2f} on {os.cpu_count()} cpus")
    intact = long["recorded"] == long["distinct"] == episodes and not differing and per_episode <= TARGET_MB
    print("verdict: " + ("nothing lost or duplicated, results equal, memory within target" if intact else "FAILED"))


if __name__ == "__main__":
    main()

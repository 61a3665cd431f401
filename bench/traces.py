"""What writing every episode as an MLflow trace costs a run: the same tracked run with
``tracking.traces`` on and off, side by side, alternating so that drift in the machine's load
hits both alike.

    python bench/traces.py [--repeats 3] [--episodes 96] [--concurrency 16] [--latency 0.2]

Two kinds of run, both through the CLI's tracked path (MLflow run, pages, charts, traces):
- **model**: retail against the scripted server (a separate process) holding every model
  call for the latency, as a provider would: what a real run pays;
- **oracle**: retail with the oracle agent and user, no model at all: the worst case, where
  the episodes themselves cost next to nothing and all that is left is bookkeeping.
Prints wall time and this process's CPU per mode and the ratio on/off; writes
bench/results/traces.json.
"""

import argparse
import json
import math
import os
import statistics
import tempfile
import time
from pathlib import Path

from hydra import compose, initialize_config_module
from omegaconf import OmegaConf
from processes import ScriptedServer  # bench/processes.py

from taubench.app.cli import run_tracked
from taubench.execution.preparation import prepare
from taubench.execution.settings import parse_settings

RESULTS = Path(__file__).resolve().parent / "results"
RETAIL_TASKS = 114


def one_run(overrides: list[str], traces: bool) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds of this process, episodes: one tracked run in a fresh folder."""
    with tempfile.TemporaryDirectory() as folder:
        with initialize_config_module("taubench.conf", version_base="1.3"):
            config = compose(
                "config",
                overrides=[
                    *overrides,
                    f"tracking.traces={str(traces).lower()}",
                    "progress=false",
                    "resume=never",
                    f"output_dir={folder}/run",
                ],
            )
        settings = parse_settings(OmegaConf.to_container(config, resolve=True))
        prepared = prepare(settings, base_dir=Path(folder))
        cpu, wall = time.process_time(), time.perf_counter()
        report = run_tracked(prepared, Path(folder))
        return time.perf_counter() - wall, time.process_time() - cpu, report.summary.num_episodes


def side_by_side(name: str, overrides: list[str], warm_up: list[str], repeats: int) -> dict:
    one_run(warm_up, traces=True)  # imports, connections, the store's tables
    measured = {True: [], False: []}
    for repeat in range(repeats):
        for traces in (True, False) if repeat % 2 == 0 else (False, True):
            measured[traces].append(one_run(overrides, traces))
    wall = {mode: statistics.median(run[0] for run in runs) for mode, runs in measured.items()}
    cpu = {mode: statistics.median(run[1] for run in runs) for mode, runs in measured.items()}
    episodes = measured[True][0][2]
    return {
        "run": name,
        "episodes": episodes,
        "wall_s_traces_on": wall[True],
        "wall_s_traces_off": wall[False],
        "wall_ratio": wall[True] / wall[False],
        "cpu_s_traces_on": cpu[True],
        "cpu_s_traces_off": cpu[False],
        "cpu_ms_per_episode_for_traces": (cpu[True] - cpu[False]) / episodes * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="runs per mode (median)")
    parser.add_argument("--episodes", type=int, default=96, help="episodes of the model run")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--latency", type=float, default=0.2, help="seconds per model call")
    parser.add_argument("--oracle-trials", type=int, default=3, help="trials of all 114 retail tasks in the oracle run")
    args = parser.parse_args()
    server = ScriptedServer(["retail"], args.latency, args.latency / 4)
    try:
        tasks = min(RETAIL_TASKS, args.episodes)
        model = [
            "env=retail",
            "model=scripted",
            f"provider.api_base={server.url}",
            f"max_concurrency={args.concurrency}",
        ]
        size = [f"end_index={tasks}", f"num_trials={math.ceil(args.episodes / tasks)}"]
        rows = [side_by_side("model", model + size, model + ["end_index=2"], args.repeats)]
    finally:
        server.stop()
    oracle = ["env=retail", "agent=oracle", "user=oracle"]
    rows.append(
        side_by_side("oracle", oracle + [f"num_trials={args.oracle_trials}"], oracle + ["end_index=2"], args.repeats)
    )
    load = os.getloadavg()[0]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "traces.json").write_text(
        json.dumps(
            {"machine": {"cpus": os.cpu_count(), "load_1m": load}, "latency_s": args.latency, "rows": rows}, indent=1
        )
    )
    print(f"\nMLflow traces on vs off (tracked retail runs, median of {args.repeats} each, alternating)")
    print(
        f"  {'run':>7} {'episodes':>8} {'wall on':>9} {'wall off':>9} {'ratio':>6} {'cpu on':>8} {'cpu off':>8} "
        f"{'trace cpu/episode':>17}"
    )
    for row in rows:
        print(
            f"  {row['run']:>7} {row['episodes']:>8} {row['wall_s_traces_on']:8.2f}s {row['wall_s_traces_off']:8.2f}s "
            f"{row['wall_ratio']:6.3f} {row['cpu_s_traces_on']:7.2f}s {row['cpu_s_traces_off']:7.2f}s "
            f"{row['cpu_ms_per_episode_for_traces']:15.1f}ms"
        )
    print(
        f"  (model: {args.latency * 1000:.0f} ms ± {args.latency * 250:.0f} ms per call, "
        f"{args.concurrency} episodes in flight;"
        f" oracle: no model at all)\n\nload (1 min) {load:.2f} on {os.cpu_count()} cpus"
    )


if __name__ == "__main__":
    main()

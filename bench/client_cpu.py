"""Client CPU per model call: taubench's LLM client beside the plain ``litellm.completion``
call, in one caller's loop, against the scripted server, per litellm route.

    python bench/client_cpu.py [--calls 400] [--rounds 3] [--routes hosted_vllm openai]

The requests are real: those of a few retail episodes (the tool-calling agent's and the LLM
user's, recorded from an in-process scripted server), replayed in turn, ~21 KB each on
average. The scripted server answering them runs in a process of its own with no latency, so
``time.process_time`` of this process is the client's CPU alone (its threads included:
litellm prices and logs in a thread pool). Both callers send the same arguments; ours adds
its own HTTP client (taubench.models.http_clients), its retry loop and its accounting. Rounds
alternate the two callers; the table gives the median round. Writes bench/results/client_cpu.json.
"""

import argparse
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from processes import ScriptedServer  # bench/processes.py

from taubench.core.retrying import RetryPolicy
from taubench.models.client import CALLER_HEADER, LLMClient
from taubench.models.routing import quiet_litellm
from taubench.models.spec import ModelSpec

RESULTS = Path(__file__).resolve().parent / "results"
TARGET_MS = {"hosted_vllm": 2.5, "openai": 3.5}
TIMEOUT_S = 120.0


def recorded_requests(episodes: int) -> list[dict]:
    """The request bodies of a few retail episodes of the tool-calling agent and the LLM user."""
    from concurrency import run_settings  # bench/concurrency.py

    from taubench import run
    from taubench.testing.scripted_server import ScriptedServer as InProcessServer

    with InProcessServer(["retail"]) as server, tempfile.TemporaryDirectory() as output_dir:
        run(run_settings(server.url, "hosted_vllm/scripted", 1, episodes, output_dir), base_dir=Path(output_dir))
        return [
            {key: body[key] for key in ("messages", "tools", "tool_choice", "seed") if key in body}
            for body in server.requests
        ]


def caller_of(request: dict) -> str:
    """Who made a recorded request, as the scripted server needs told: the agent offers tools."""
    return "agent/tool_calling" if request.get("tools") else "user/llm"


def callers(model: str, url: str, requests: list[dict]) -> dict:
    litellm = quiet_litellm()
    client = LLMClient(ModelSpec(model=model, api_base=url, label_requests=True), RetryPolicy(timeout=TIMEOUT_S))
    plain_turns, our_turns = itertools.cycle(requests), itertools.cycle(requests)

    def plain() -> None:
        request = next(plain_turns)
        litellm.completion(
            model=model,
            **request,
            extra_headers={CALLER_HEADER: caller_of(request)},
            temperature=0.0,
            api_base=url,
            api_key="no-key",
            timeout=TIMEOUT_S,
            num_retries=0,
            max_retries=0,
            drop_params=True,
        )

    def ours() -> None:
        request = next(our_turns)
        client.complete(
            request["messages"], tools=request.get("tools"), seed=request.get("seed"), caller=caller_of(request)
        )

    return {"litellm.completion": plain, "taubench LLMClient": ours}


def cpu_ms_per_call(call, calls: int) -> float:
    started = time.process_time()
    for _ in range(calls):
        call()
    return (time.process_time() - started) / calls * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=400, help="calls per caller and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--routes", nargs="+", default=list(TARGET_MS), help="litellm routes to the scripted server")
    parser.add_argument("--episodes", type=int, default=6, help="retail episodes whose requests are replayed")
    args = parser.parse_args()
    requests = recorded_requests(args.episodes)
    size = statistics.mean(len(json.dumps(request)) for request in requests)
    server = ScriptedServer(["retail"], 0.0)
    rows = []
    try:
        for route in args.routes:
            pair = callers(f"{route}/scripted", server.url, requests)
            for call in pair.values():
                cpu_ms_per_call(call, 30)  # warm-up: imports, connections, litellm's caches
            rounds = {name: [] for name in pair}
            for _ in range(args.rounds):
                for name, call in pair.items():
                    rounds[name].append(cpu_ms_per_call(call, args.calls))
            plain, ours = (statistics.median(rounds[name]) for name in pair)
            rows.append(
                {
                    "route": route,
                    "plain_ms": plain,
                    "ours_ms": ours,
                    "rounds": rounds,
                    "target_ms": TARGET_MS.get(route),
                }
            )
    finally:
        server.stop()
    load = os.getloadavg()[0]
    RESULTS.mkdir(exist_ok=True)
    report = {
        "machine": {"cpus": os.cpu_count(), "load_1m": load},
        "requests": len(requests),
        "mean_request_bytes": size,
        "calls_per_round": args.calls,
        "rows": rows,
    }
    (RESULTS / "client_cpu.json").write_text(json.dumps(report, indent=1))
    print(
        f"\nclient CPU per model call, one caller, {len(requests)} retail requests of {size / 1000:.1f} KB on average "
        f"replayed in turn ({args.rounds} rounds of {args.calls} calls each, median round)"
    )
    print(f"  {'route':<12} {'litellm.completion':>18} {'taubench LLMClient':>18} {'ratio':>6} {'target':>8}")
    for row in rows:
        target = f"≤ {row['target_ms']} ms" if row["target_ms"] else "-"
        verdict = "" if row["target_ms"] is None else ("  met" if row["ours_ms"] <= row["target_ms"] else "  MISSED")
        print(
            f"  {row['route'] + '/':<12} {row['plain_ms']:15.2f} ms {row['ours_ms']:15.2f} ms "
            f"{row['plain_ms'] / row['ours_ms']:5.2f}x {target:>8}{verdict}"
        )
    print(f"load (1 min) {load:.2f} on {os.cpu_count()} cpus")


if __name__ == "__main__":
    sys.exit(main())

"""Records the original τ-bench (v1) tools' answers to the tool probe (tests/tool_probe.py)
into tests/fixtures/tool_probe_v1.json, which tests/test_v1_tool_probe.py compares ours with.

The original is not on PyPI: point ``--reference`` at a checkout of sierra-research/tau-bench
(its ``tau_bench/envs/<domain>/tools`` are imported from there, nothing is copied) and
``--data`` at its data (a folder with ``retail/`` and ``airline/`` JSON files, as
../shared/data/tau_bench_v1). Stored as for τ²: digests, lengths, error flags (an
observation starting with ``Error``), short error texts, final DB hashes.
Run it with ``make probe-reference-v1 V1_REFERENCE=... V1_DATA=...``.
"""

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests"), str(REPO / "bench")]

from record_tool_probe import record  # noqa: E402
from tool_probe import cases_digest  # noqa: E402
from tool_probe_cases import cases_for  # noqa: E402
from v1_reference import Reference, data_hash  # noqa: E402

from taubench.domains import load_domain, of_origin  # noqa: E402

FIXTURE = REPO / "tests" / "fixtures" / "tool_probe_v1.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, required=True, help="a checkout of the original τ-bench")
    parser.add_argument("--data", type=Path, required=True, help="its data: a folder holding retail/ and airline/")
    parser.add_argument("--commit", default="unknown", help="the checkout's commit, recorded with the answers")
    args = parser.parse_args()
    fixture = {"reference": f"τ-bench tools at {args.commit}", "domains": {}}
    for name in of_origin("v1"):
        domain = load_domain(name, args.data)
        source = domain.spec.source
        reference = Reference(args.reference, source, args.data / source)
        cases = cases_for(domain)
        answers = {}
        for case in cases:
            data = reference.fresh_data()
            observations = [
                reference.step(data, call["name"], json.loads(json.dumps(call["arguments"]))) for call in case["calls"]
            ]
            answers[case["id"]] = {
                "calls": [record([text, text.startswith("Error")]) for text in observations],
                "db_hash": data_hash(data),
            }
        fixture["domains"][name] = {"cases_digest": cases_digest(cases), "cases": answers}
        print(f"{name}: {len(cases)} cases, {sum(len(case['calls']) for case in cases)} calls")
    FIXTURE.write_text(json.dumps(fixture, separators=(",", ":"), sort_keys=True) + "\n", encoding="utf-8")
    print(f"written {FIXTURE} ({FIXTURE.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()

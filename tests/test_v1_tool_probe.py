"""The differential tool probe against the original τ-bench (v1): the cases of
tests/tool_probe.py run through our v1 tools on fresh data must answer as the original's
tool code does (rebuilt and run on this Python by ``make probe-reference-v1``): the same
observation, exception texts included, the same error flag (an observation starting with
``Error``; v1's ``Unknown action`` is not one), the same final DB hash."""

import json
from pathlib import Path

import pytest
from tool_probe import cases_digest
from tool_probe_cases import cases_for, differences

from taubench.domains import load_domain, of_origin

FIXTURE = Path(__file__).parent / "fixtures" / "tool_probe_v1.json"


@pytest.mark.parametrize("name", of_origin("v1"))
def test_every_v1_tool_off_the_gold_path_answers_as_the_original(name, shared):
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))["domains"][name]
    domain = load_domain(name, shared / "data" / "tau_bench_v1")
    cases = cases_for(domain)
    assert cases_digest(cases) == recorded["cases_digest"], (
        "the probe's cases changed: record the original's answers again (make probe-reference-v1)"
    )
    found, compared = differences(domain, cases, recorded["cases"])
    assert not found, f"{len(found)} of the probe's cases answer differently:\n" + "\n".join(found[:20])
    assert compared >= {"retail_v1": 3000, "airline_v1": 900}[name]

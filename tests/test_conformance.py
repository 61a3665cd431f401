"""τ²-bench fidelity: every ground-truth action of all 164 retail and airline tasks gives
exactly the observation, error flag and DB hashes the original implementation gave: the
domain's fast DB hash (``taubench.core.pristine``) at every step, and the plain one too at the end
of every task (the plain hash dumps the whole database: at every step it would be most of
the suite's time on these two domains, for no step the fast one does not check)."""

import json

import pytest

from taubench.core.pristine import db_hash
from taubench.domains import agent_only

REPLAYED = agent_only("tau2")  # telecom: test_telecom_conformance.py


@pytest.fixture(scope="module")
def reference(shared):
    return json.loads((shared / "fixtures" / "tau2_reference_replay.json").read_text())["domains"]


@pytest.mark.parametrize("name", REPLAYED)
def test_initial_db_hash_tool_order_and_kinds(name, reference, request):
    domain = request.getfixturevalue(name)
    expected = reference[name]
    toolkit = domain.new_toolkit()
    assert db_hash(toolkit.db) == domain.db_hash(toolkit.db) == expected["initial_db_hash"]
    assert list(toolkit.tool_kinds()) == expected["tool_order"]
    assert toolkit.tool_kinds() == expected["tool_types"]
    assert [schema["function"]["name"] for schema in toolkit.schemas()] == expected["tool_order"]


@pytest.mark.parametrize("name", REPLAYED)
def test_every_gold_action_replays_exactly(name, reference, request):
    domain = request.getfixturevalue(name)
    expected_tasks = reference[name]["tasks"]
    assert set(expected_tasks) == set(domain.tasks)
    mismatches = []
    actions_checked = 0
    for task_id, expected in expected_tasks.items():
        toolkit = domain.new_toolkit()
        for action in expected["actions"]:
            result = toolkit.invoke(action["name"], action["arguments"])
            actions_checked += 1
            if (result.content, result.error) != (action["observation"], action["error"]):
                mismatches.append(f"task {task_id} {action['action_id']} {action['name']}: observation differs")
            if action.get("db_hash_after") and domain.db_hash(toolkit.db) != action["db_hash_after"]:
                mismatches.append(f"task {task_id} {action['action_id']} {action['name']}: DB hash differs")
        if {db_hash(toolkit.db), domain.db_hash(toolkit.db)} != {expected["final_db_hash"]}:
            mismatches.append(f"task {task_id}: final DB hash differs")
    assert mismatches == []
    assert actions_checked == reference[name]["num_actions"]

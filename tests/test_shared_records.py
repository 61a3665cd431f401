"""Episodes share one parsed database per domain (``taubench.core.pristine``). Sharing must change
no observation, hash or result: episodes run here on a domain that parses its own database
for every episode and hashes it the plain way give exactly the same results."""

import dataclasses
import json
import shutil

import pytest

from taubench.agents.oracle import OracleAgent
from taubench.core.domain import Domain
from taubench.core.episode import run_episode
from taubench.core.pristine import db_hash
from taubench.core.tasks import RewardType
from taubench.domains import DOMAINS, agent_only, load_domain
from taubench.users.oracle import OracleUser

TIMING = {"started_at", "duration_s"}


class UnsharedDomain(Domain):
    """The straightforward way: a full parse per episode, a full dump per hash."""

    def fresh_db(self):
        return self.spec.db_model.model_validate_json((self.data_folder / "db.json").read_bytes())

    def db_hash(self, db):
        return db_hash(db)


def with_gold_actions_of(other_task):
    """An oracle agent that performs another task's actions: wrong writes, failed calls."""
    return lambda context: OracleAgent(dataclasses.replace(context, task=other_task))


@pytest.mark.parametrize("name", agent_only("tau2"))
def test_results_are_identical_with_and_without_sharing(name, request):
    shared = request.getfixturevalue(name)
    unshared = UnsharedDomain(DOMAINS[name])
    kinds = shared.spec.toolkit.tool_kinds()
    writing = [task for task in shared.tasks.values() if any(kinds[a.name] == "write" for a in task.gold_actions)]
    tasks = writing[:: len(writing) // 5][:5]
    db_checks = []
    for task, other in zip(tasks, tasks[1:] + tasks[:1]):
        for make_agent in (OracleAgent, with_gold_actions_of(other)):
            results = [run_episode(domain, task, 0, 0, make_agent, OracleUser) for domain in (shared, unshared)]
            assert results[0].model_dump(exclude=TIMING) == results[1].model_dump(exclude=TIMING)
            db_checks.append(results[0].reward_info.components[RewardType.DB].status)
    assert db_checks == ["passed", "failed"] * 5
    assert shared._pristine.unchanged()


def test_a_record_is_copied_on_lookup_and_shared_records_stay_untouched(retail):
    first, second = retail.new_toolkit(), retail.new_toolkit()
    order_id = next(iter(first.db.orders))
    first.db.orders[order_id].status = "changed in one episode"
    assert second.db.orders[order_id].status != "changed in one episode"
    assert retail.db_hash(first.db) == db_hash(first.db) != db_hash(second.db) == retail.db_hash(second.db)
    del first.db.orders[order_id]
    assert retail.db_hash(first.db) == db_hash(first.db)
    assert retail._pristine.unchanged()


def test_a_process_reads_installed_data_once_and_a_data_folder_at_every_load(tmp_path):
    """Runs, scripted servers and environments of one process share the installed domain, as
    the episodes of a run share its records; a folder of the user's may change between loads."""
    installed = load_domain("mock")
    assert load_domain("mock") is installed and load_domain("mock", verify_checksums=False) is not installed
    shutil.copytree(installed.data_folder, tmp_path / "mock")
    first = load_domain("mock", tmp_path / "mock")
    tasks = json.loads((tmp_path / "mock" / "tasks.json").read_text())
    (tmp_path / "mock" / "tasks.json").write_text(json.dumps(tasks[:-1]))
    (tmp_path / "mock" / "split_tasks.json").write_text(json.dumps({"base": [task["id"] for task in tasks[:-1]]}))
    again = load_domain("mock", tmp_path / "mock")
    assert first is not installed and len(first.tasks) == len(installed.tasks) == len(again.tasks) + 1

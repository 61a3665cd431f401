"""The record of what every task of ours does on its gold path: the digest of each gold call's
observation and the end state's hash as grading compares it. Refactoring a domain (moving it
onto shared kit parts, regenerating its data the same way) must leave the record as it is;
a deliberate change to a task or its grading rewrites it, on purpose and in the same commit:

    python tests/test_gold_record.py      # rewrites tests/fixtures/gold_record.json
"""

import hashlib
import json
from pathlib import Path

import pytest
from conftest import loaded

from taubench.core.domain import Domain
from taubench.domains import load_domain, of_origin

RECORD = Path(__file__).parent / "fixtures" / "gold_record.json"


def gold_record(domain: Domain) -> dict[str, dict]:
    """Task id -> its gold calls' observation digests and its end state's hash."""
    record = {}
    for task in domain.tasks.values():
        sides = domain.new_sides(task)
        observations = [
            sides.of(action.requestor).invoke(action.name, action.arguments).content for action in task.gold_actions
        ]
        record[task.id] = {
            "observations": [hashlib.sha256(text.encode()).hexdigest()[:16] for text in observations],
            "end": domain.end_state(sides, task).hash,
        }
    return record


@pytest.mark.parametrize("name", of_origin("taubench"))
def test_every_gold_path_observes_and_ends_as_recorded(name):
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))[name]
    now = gold_record(loaded(name))
    moved = sorted(
        (task_id for task_id in recorded.keys() | now.keys() if recorded.get(task_id) != now.get(task_id)),
        key=lambda task_id: (len(task_id), task_id),
    )
    assert not moved, f"{name}: the gold path of tasks {moved} observes or ends otherwise than recorded ({RECORD.name})"


if __name__ == "__main__":
    RECORD.write_text(
        json.dumps({name: gold_record(load_domain(name)) for name in of_origin("taubench")}, indent=1) + "\n",
        encoding="utf-8",
    )

"""What every domain we write must do alike, asked once of each instead of copied into each
domain's own tool tests: a call naming a record that does not exist is refused in the kit's
one wording and changes nothing."""

from typing import get_origin

import pytest
from conftest import loaded

from taubench.domains import of_origin
from taubench.domains.kit import RecordDesk
from taubench.domains.kit.desk import record_noun

MISSING = "ZZ404"


def _calls_with_a_missing_record(domain):
    """Each agent tool's first gold call, once per argument naming an existing record, with that
    argument replaced by an id no table has: (task, calls before it, the call, the refusals expected)."""
    db = domain.new_toolkit().db
    tables = {name for name, field in type(db).model_fields.items() if get_origin(field.annotation) is dict}
    seen = set()
    for task in domain.tasks.values():
        for index, action in enumerate(task.gold_actions):
            if action.requestor != "assistant" or action.name in seen:
                continue
            seen.add(action.name)
            for argument, value in action.arguments.items():
                holding = [table for table in sorted(tables) if isinstance(value, str) and value in getattr(db, table)]
                if holding:  # a key of several tables (a customer's app enrolment): the refusal names one of them
                    wanted = {f"Error: {record_noun(type(db), table)} {MISSING} not found" for table in holding}
                    yield task, task.gold_actions[:index], action.name, {**action.arguments, argument: MISSING}, wanted


@pytest.mark.parametrize("name", of_origin("taubench"))
def test_a_call_naming_a_record_that_does_not_exist_is_refused_in_one_wording(name):
    domain = loaded(name)
    assert issubclass(domain.spec.toolkit, RecordDesk), f"{name}'s toolkit does not stand on the kit's RecordDesk"
    wrong = []
    for task, before, tool, arguments, wanted in _calls_with_a_missing_record(domain):
        sides = domain.new_sides(task)
        for action in before:
            sides.of(action.requestor).invoke(action.name, action.arguments)
        state = domain.state_hash(sides)
        result = sides.agent.invoke(tool, arguments)
        if result.content not in wanted or domain.state_hash(sides) != state:
            wrong.append(f"{tool}({arguments}) -> {result.content!r}, expected one of {sorted(wanted)} and no change")
    assert not wrong, "\n".join(wrong)

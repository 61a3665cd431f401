"""Helpers for tests that call domain tools directly."""

import json


def ok(tools, name, **arguments) -> str:
    """Call a tool that must succeed; return the observation."""
    result = tools.invoke(name, arguments)
    assert result.error is False, result.content
    return result.content


def fail(tools, name, **arguments) -> str:
    """Call a tool that must fail; return the observation (``Error: ...``)."""
    result = tools.invoke(name, arguments)
    assert result.error is True, result.content
    return result.content


def find(records, predicate, what):
    """The first record matching ``predicate``; fails loudly if the pinned data have none.
    From a table (a mapping) the record is taken by key, which makes it the episode's own:
    records reached by iteration are shared by every episode and must not be changed."""
    for key, record in records.items() if isinstance(records, dict) else enumerate(records):
        if predicate(record):
            return records[key] if isinstance(records, dict) else record
    raise AssertionError(f"the pinned data have no {what}")


def first_record(table):
    """The table's first record, as the episode's own."""
    return table[next(iter(table))]


def answer(tools, tool, **arguments):
    """Call a tool that must succeed; its observation parsed when it is JSON."""
    result = tools.invoke(tool, arguments)
    assert not result.error, result.content
    return json.loads(result.content) if result.content[:1] in "[{" else result.content


def refused(tools, domain, tool, **arguments) -> str:
    """Call a tool that must fail and leave the database as it was; its observation."""
    before = domain.db_hash(tools.db)
    result = tools.invoke(tool, arguments)
    assert result.error and domain.db_hash(tools.db) == before, result.content
    return result.content

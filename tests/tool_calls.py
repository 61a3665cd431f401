"""Helpers for tests that call domain tools directly."""


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
    """The first record matching ``predicate``; fails loudly if the pinned data have none."""
    for record in records:
        if predicate(record):
            return record
    raise AssertionError(f"the pinned data have no {what}")

"""What every domain's own tool tests share: the domain named by the test's folder
(``tests/domains/<name>/``), loaded once for the test process, and a fresh toolkit for each test,
with ``ok`` for a call that must succeed and ``no`` for one that must be refused and leave
the database as it was."""

from functools import partial

import pytest
from conftest import loaded
from tool_calls import answer, refused


@pytest.fixture(scope="module")
def domain(request):
    return loaded(request.path.parent.name)


@pytest.fixture
def tools(domain):
    return domain.new_toolkit()


@pytest.fixture
def ok(tools):
    """A tool's answer, which must not be an error (JSON parsed)."""
    return partial(answer, tools)


@pytest.fixture
def no(tools, domain):
    """A tool's refusal (``Error: ...``), which must leave the database as it was."""
    return partial(refused, tools, domain)

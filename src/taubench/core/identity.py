"""Ours: whether the agent identified the caller as the task's gold does (``Rules.identity_tools``).

A desk acts for a verified caller only, so in our domains a database left for a caller the
agent never identified does not count, however right it is (``taubench.core.evaluation``).
The gold's first call of an identity tool identifies the caller, with the calls of the same
tool right after it (a terminated id tried before the current one, a former ZIP code):
the caller is whom one of them identifies. Later calls of such a tool may look up someone
else (a colleague, a reviewer), and do not count. Each is answered on the task's starting
database, and one of the agent's calls of that tool must have got the same answer (however
it spelled the caller's name), or, with ``Rules.identity_key`` (a policy that allows several
ways, a look-up that may list twins), a call of any identity tool an answer naming someone
one of the gold's answers names.
"""

import json
from itertools import takewhile
from typing import Sequence

from taubench.core.domain import BaseDomain
from taubench.core.messages import Message, ToolMessage, same_output
from taubench.core.tasks import GoldAction, Task


def identifying_actions(domain: BaseDomain, task: Task) -> list[GoldAction]:
    """The gold calls that identify the caller (none if the domain names no identity tools or
    the task makes no such call): the first, and those of the same tool right after it."""
    actions = [action for action in task.gold_actions if action.requestor == "assistant"]
    first = next((i for i, action in enumerate(actions) if action.name in domain.rules.identity_tools), None)
    if first is None:
        return []
    return list(takewhile(lambda action: action.name == actions[first].name, actions[first:]))


def caller_identified(domain: BaseDomain, task: Task, gold: list[GoldAction], trajectory: Sequence[Message]) -> bool:
    """Whether one of the agent's successful identity calls identified whom ``gold`` does."""
    rules = domain.rules
    start = domain.new_sides(task).agent
    answers = [(action.name, start.invoke(action.name, action.arguments).content) for action in gold]
    made = [
        (m.name, m.content)
        for m in trajectory
        if isinstance(m, ToolMessage) and m.requestor == "assistant" and m.name in rules.identity_tools and not m.error
    ]
    if rules.identity_key is None:
        return any(name == tool and same_output(answer, content) for tool, answer in answers for name, content in made)
    callers = set().union(*(_named(answer, rules.identity_key) for _, answer in answers))
    return any(callers & _named(content, rules.identity_key) for _, content in made)


def _named(answer: str, key: str) -> set[str]:
    """Whom a tool's JSON answer names by this field: the record's, or each listed record's."""
    try:
        value = json.loads(answer)
    except ValueError:
        return set()
    records = value if isinstance(value, list) else [value]
    return {record[key] for record in records if isinstance(record, dict) and isinstance(record.get(key), str)}

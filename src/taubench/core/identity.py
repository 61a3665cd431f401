"""Ours: whether the agent identified the caller as the task's gold does (``Rules.identity_tools``).

A desk acts for a verified caller only, so in our domains a database left for a caller the
agent never identified does not count, however right it is (``taubench.core.evaluation``).
The gold's first call of an identity tool identifies the caller; later calls of such a tool
may look up someone else (a colleague, a reviewer). It is answered on the task's starting
database, and one of the agent's calls of that tool must have got the same answer (however
it spelled the caller's name), or, with ``Rules.identity_key`` (a policy that allows several
ways, a look-up that may list twins), a call of any identity tool an answer naming one of
those the gold's names.
"""

import json
from typing import Optional, Sequence

from taubench.core.domain import BaseDomain
from taubench.core.messages import Message, ToolMessage, same_output
from taubench.core.tasks import GoldAction, Task


def identifying_action(domain: BaseDomain, task: Task) -> Optional[GoldAction]:
    """The gold call that identifies the caller, if the domain names identity tools and the task makes one."""
    tools = domain.rules.identity_tools
    return next((a for a in task.gold_actions if a.requestor == "assistant" and a.name in tools), None)


def caller_identified(domain: BaseDomain, task: Task, action: GoldAction, trajectory: Sequence[Message]) -> bool:
    rules = domain.rules
    answer = domain.new_sides(task).agent.invoke(action.name, action.arguments).content
    made = [
        (m.name, m.content)
        for m in trajectory
        if isinstance(m, ToolMessage) and m.requestor == "assistant" and m.name in rules.identity_tools and not m.error
    ]
    if rules.identity_key is None:
        return any(name == action.name and same_output(answer, content) for name, content in made)
    callers = _named(answer, rules.identity_key)
    return any(callers & _named(content, rules.identity_key) for _, content in made)


def _named(answer: str, key: str) -> set[str]:
    """Whom a tool's JSON answer names by this field: the record's, or each listed record's."""
    try:
        value = json.loads(answer)
    except ValueError:
        return set()
    records = value if isinstance(value, list) else [value]
    return {record[key] for record in records if isinstance(record, dict) and isinstance(record.get(key), str)}

"""Telling tasks apart by looking, for the scripted server, in domains whose tasks share a
user scenario (τ² telecom). The scripted customer makes the domain's user probes on its own
side before it speaks, and opens with a marker naming the group of tasks that show what it
saw (``[task telecom:group-7]``); the scripted agent makes the agent probes, then knows the
task, and names it in each handover to the customer (``[task telecom:<id>]``). The index
behind both is built by running the same probes on every task's initial state, once per
domain, on first use."""

import json
import threading
from typing import Optional

from taubench.core.domain import BaseDomain
from taubench.core.tasks import Task
from taubench.domains.probes import Call, TaskProbes
from taubench.users.llm import render_scenario

GROUP_PREFIX = "group-"


class ProbeIndex:
    """What each task of a domain shows to the probes: scenario and the customer's results ->
    a group; the group and the agent's results -> the task (the first in file order)."""

    def __init__(self, domain: BaseDomain, probes: TaskProbes):
        self.probes = probes
        self.groups: list[dict[tuple[str, ...], Task]] = []
        self._group_of: dict[tuple[str, tuple[str, ...]], int] = {}
        for task in domain.tasks.values():
            sides = domain.new_sides(task)
            user = sides.user
            assert user is not None  # probes are for domains whose customer has tools of their own
            seen: list[str] = []
            for name, arguments in probes.user:
                seen.append(user.invoke(name, arguments).content)
            for name, arguments in probes.user_follow_up(seen):
                seen.append(user.invoke(name, arguments).content)
            account = tuple(sides.agent.invoke(name, arguments).content for name, arguments in probes.agent)
            key = (render_scenario(task.user_scenario), tuple(seen))
            if key not in self._group_of:
                self._group_of[key] = len(self.groups)
                self.groups.append({})
            self.groups[self._group_of[key]].setdefault(account, task)

    def group(self, scenario: str, seen: list[str]) -> Optional[int]:
        return self._group_of.get((scenario, tuple(seen)))

    def task(self, group: int, account: list[str]) -> Optional[Task]:
        return self.groups[group].get(tuple(account)) if 0 <= group < len(self.groups) else None


class ProbeIndexes:
    """One index per domain with probes, built on first use (a few seconds for telecom)."""

    def __init__(self) -> None:
        self._indexes: dict[str, ProbeIndex] = {}
        self._lock = threading.Lock()

    def of(self, name: str, domain: BaseDomain, probes: TaskProbes) -> ProbeIndex:
        with self._lock:
            if name not in self._indexes:
                self._indexes[name] = ProbeIndex(domain, probes)
            return self._indexes[name]


def probes_of(domain: BaseDomain) -> Optional[TaskProbes]:
    """The domain's probes, if its tasks need them (its spec's ``task_probes``)."""
    return getattr(domain.spec, "task_probes", None)


def calls_message(calls: tuple[Call, ...], prefix: str) -> dict:
    """A chat-completion message making these calls, with ids ``<prefix>_<n>``."""
    tool_calls = [
        {"id": f"{prefix}_{n}", "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}
        for n, (name, arguments) in enumerate(calls)
    ]
    return {"content": None, "tool_calls": tool_calls}

"""What every scripted role knows: the tasks of the domains served, and how to read a request.

A scripted customer finds its task by the scenario in its system prompt; the scripted agent,
whose requests carry no scenario, by the ``[task <domain>:<id>]`` marker the customer's
opening ends with. A request the script cannot answer raises ``BadRequest`` (a 400).
"""

import re
from pathlib import Path
from typing import Optional, Sequence

from taubench.core.domain import BaseDomain, DomainSpec
from taubench.core.tasks import GoldAction, Task
from taubench.domains import load_domain, scriptable
from taubench.testing.probes import ProbeIndexes
from taubench.users.llm import render_scenario  # the scenario as a customer's prompt lays it out

# the id runs to the first "]" that ends a word: τ² telecom ids hold brackets of their own
TASK_MARKER = re.compile(r"\[task ([^:\]\s]+):(\S+?)\](?=\s|$)")
MAX_CACHED_SYSTEMS = 4096


class BadRequest(Exception):
    """A request the script cannot answer: the client gets a 400 with this message."""


class TaskBook:
    """The tasks of the domains served (``None``: every domain that needs no data_dir), by
    (domain, task key), and the scenario each one's customer is given."""

    def __init__(self, domains: Optional[Sequence[str]] = None, data_dirs: Optional[dict[str, Path]] = None):
        self.domains: dict[str, BaseDomain] = {}
        self.tasks: dict[tuple[str, str], Task] = {}
        self.probe_indexes = ProbeIndexes()  # for domains whose scenarios do not name their tasks
        self._scenarios: list[tuple[str, str, str]] = []  # rendered scenario, domain, task key
        self._by_system: dict[str, Optional[tuple[str, str]]] = {}  # system text -> (domain, task key)
        for name in scriptable() if domains is None else domains:
            self.domains[name] = load_domain(name, (data_dirs or {}).get(name))
            for key, task in _tasks_by_key(self.domains[name]).items():
                self.tasks[name, key] = task
                self._scenarios.append((render_scenario(task.user_scenario), name, key))

    def scenario_of(self, messages: list[dict]) -> Optional[tuple[str, str]]:
        """(domain, task key) of the scenario in the system message, if it holds one. Looked
        up once per system text: a customer's every request carries the same."""
        system = system_text(messages)
        if system not in self._by_system:
            found = [(len(scenario), name, key) for scenario, name, key in self._scenarios if scenario in system]
            if len(self._by_system) >= MAX_CACHED_SYSTEMS:
                self._by_system.clear()
            # the longest: a scenario without a persona is part of the same one with a persona
            self._by_system[system] = max(found, key=lambda match: match[0])[1:] if found else None
        return self._by_system[system]

    def marker(self, messages: list[dict]) -> re.Match:
        """The task marker of the customer's opening (the first user message the agent got)."""
        first_user = next((text(m.get("content")) for m in messages if m.get("role") == "user"), "")
        marker = TASK_MARKER.search(first_user)
        if marker is None:
            raise BadRequest(
                "scripted agent: no [task <domain>:<id>] marker in the first user message; "
                "the scripted agent only serves conversations opened by the scripted user"
            )
        return marker

    def marked_task(self, messages: list[dict]) -> Task:
        marker = self.marker(messages)
        task = self.tasks.get((marker[1], marker[2]))
        if task is None:
            raise BadRequest(f"scripted agent: unknown task {marker[1]}:{marker[2]} (not in the domains served)")
        return task


def _tasks_by_key(domain: BaseDomain) -> dict[str, Task]:
    """Every task of every split. τ²-bench ids are unique across splits; τ-bench v1 numbers
    each split from 0, so its keys name the split too (``test/3``)."""
    if isinstance(domain.spec, DomainSpec):
        return dict(domain.tasks)
    return {f"{split}/{task_id}": task for split in domain.splits for task_id, task in domain.tasks_in(split).items()}


def text(content) -> str:
    """A message's text, whether sent as a string or as a list of content parts."""
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content if isinstance(content, str) else ""


def system_text(messages: list[dict]) -> str:
    return "\n".join(text(m.get("content")) for m in messages if m.get("role") == "system")


def text_message(content: str) -> dict:
    """An answer in words, no tool calls."""
    return {"content": content, "tool_calls": None}


def gold_blocks(actions: list[GoldAction]) -> list[tuple[str, list[GoldAction]]]:
    """The gold actions as runs of one side's consecutive calls."""
    blocks: list[tuple[str, list[GoldAction]]] = []
    for action in actions:
        if blocks and blocks[-1][0] == action.requestor:
            blocks[-1][1].append(action)
        else:
            blocks.append((action.requestor, [action]))
    return blocks

"""What the validator checks a domain through (``checks.py``, ``fair_checks.py``): the
loaded domain, each task's gold trace, its policy rules, and the grading's view of an end state."""

import re
from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from types import ModuleType
from typing import Iterator

from taubench.core.domain import Domain, Sides
from taubench.core.tasks import Task
from taubench.core.toolkit import Toolkit
from taubench.domains.gold_trace import GoldTrace, gold_trace

Call = tuple[str, str, dict]  # requestor, tool, arguments


def side_of(sides: Sides, requestor: str) -> Toolkit:
    """The toolkit a gold call runs on: a domain's gold actions act only on the sides it has."""
    toolkit = sides.of(requestor)
    assert toolkit is not None, f"a gold action on the {requestor}'s side, in a domain without one"
    return toolkit


@dataclass
class Subject:
    domain: Domain

    @cached_property
    def traces(self) -> dict[str, GoldTrace]:
        return {task.id: gold_trace(self.domain, task) for task in self.domain.tasks.values()}

    @cached_property
    def rules(self) -> ModuleType:
        return import_module(f"{self.domain.spec.data.package}.policy_rules")

    @cached_property
    def numbered_rules(self) -> list[int]:
        return [int(number) for number in re.findall(r"^\s*(\d+)\. ", self.domain.policy, flags=re.MULTILINE)]

    @cached_property
    def toolkits(self) -> list[type[Toolkit]]:
        """The agent's toolkit, and the user's where the domain has one."""
        return [kit for kit in (self.domain.spec.toolkit, self.domain.spec.user_toolkit) if kit is not None]

    @cached_property
    def kinds(self) -> dict[str, str]:
        return {name: kind for kit in reversed(self.toolkits) for name, kind in kit.tool_kinds().items()}

    def final_hash(self, task: Task, actions: list[Call]) -> str:
        """The end state's hash as grading compares it (in ours: up to the new records' ids)."""
        sides = self.domain.new_sides(task)
        for requestor, name, arguments in actions:
            side_of(sides, requestor).invoke(name, arguments)
        return self.domain.end_state(sides, task).hash

    def gold(self, task: Task) -> list[Call]:
        return [(action.requestor, action.name, action.arguments) for action in task.gold_actions]

    @property
    def tasks(self) -> Iterator[Task]:
        return iter(self.domain.tasks.values())


def instruction_text(task: Task) -> str:
    instructions = task.user_scenario.instructions
    parts = [task.user_scenario.persona or ""]
    parts += (
        [instructions] if isinstance(instructions, str) else [str(v) for v in instructions.model_dump().values() if v]
    )
    return "\n".join(parts)

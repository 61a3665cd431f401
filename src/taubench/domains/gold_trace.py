"""A task's gold actions run on a fresh database, step by step with the database before and
after each call: what a domain's ``policy_rules.py`` checks its numbered rules against.

A domain we write has a ``policy_rules.py`` next to its tools whose ``RULES`` (a kit
``RuleBook``) maps every numbered rule of its policy to a check: a function of a
``GoldTrace`` that returns the rule's violations in that trace as sentences (none: the trace
obeys the rule). The bar requires every gold trace to obey every rule. A rule that governs only what is said (read
the change back and get a yes) leaves nothing in a list of tool calls to check: such rules
go in ``CONVERSATIONAL`` instead (rule number -> why), and there should be few of them.
"""

from dataclasses import dataclass
from typing import Any, Callable, Generic, TypeVar

from pydantic import BaseModel

from taubench.core.domain import Domain
from taubench.core.tasks import Task

DB = TypeVar("DB", bound=BaseModel)  # the domain's database model: GoldTrace[HotelDB] in its policy_rules


@dataclass(frozen=True)
class GoldStep(Generic[DB]):
    name: str
    arguments: dict[str, Any]
    observation: str
    error: bool
    kind: str  # the tool's kind on its side: read, write, think, generic
    before: DB  # the agent's database as the call found it (a copy)
    after: DB  # and as it left it: a copy, or the very ``before`` when the call changed nothing
    requestor: str = "assistant"  # whose call it is; the user's act on the user's own side


@dataclass(frozen=True)
class GoldTrace(Generic[DB]):
    task: Task
    steps: tuple[GoldStep[DB], ...]

    def calls(self, name: str) -> list[GoldStep[DB]]:
        return [step for step in self.steps if step.name == name]

    def done(self, name: str) -> list[GoldStep[DB]]:
        """The tool's successful calls: a refused one changed nothing to judge."""
        return [step for step in self.calls(name) if not step.error]

    @property
    def writes(self) -> list[GoldStep[DB]]:
        return [step for step in self.steps if step.kind == "write"]


RuleCheck = Callable[[GoldTrace], list[str]]


def gold_trace(domain: Domain, task: Task) -> GoldTrace:
    """From the task's initial state, each gold call on its requestor's side."""
    sides = domain.new_sides(task)

    def snapshot() -> BaseModel:
        return domain.snapshot_db(sides.agent.db)

    # a call that leaves the database's hash as it was (every read, every refusal) keeps the
    # copy it found: the next step's rules see the very same database
    steps, before, before_hash = [], snapshot(), domain.db_hash(sides.agent.db)
    for action in task.gold_actions:
        toolkit = sides.of(action.requestor)
        if toolkit is None:
            result_content, error, kind = f"no {action.requestor} side in {domain.name}", True, "unknown"
        else:
            result = toolkit.invoke(action.name, action.arguments)
            result_content, error, kind = result.content, result.error, toolkit.tool_kinds().get(action.name, "unknown")
        after_hash = domain.db_hash(sides.agent.db)
        after = before if after_hash == before_hash else snapshot()
        steps.append(
            GoldStep(action.name, action.arguments, result_content, error, kind, before, after, action.requestor)
        )
        before, before_hash = after, after_hash
    return GoldTrace(task, tuple(steps))


def hand_offs(trace: GoldTrace) -> list[str]:
    """The usual hand-off rule, for a domain's RULES: a transfer to a human ends the agent's
    part (no write after it), and only a task tagged ``refusal`` (refusal or hand-off) has one."""
    transfers = [index for index, step in enumerate(trace.steps) if step.name == "transfer_to_human_agents"]
    if not transfers:
        return []
    violations = [f"{step.name} after the transfer" for step in trace.steps[transfers[0] + 1 :] if step.kind == "write"]
    if "refusal" not in trace.task.tags:
        violations.append("a transfer in a task that is not tagged as a refusal or hand-off")
    return violations

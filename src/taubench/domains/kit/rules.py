"""The numbered rules of a domain's ``policy_rules.py`` (``RuleBook``), and checks of the
rules every operations policy has: who the caller is comes before their records are touched;
a figure the rule requires is among what the task says must be said; a change follows a
look-up of what it changes; a hand-off ends the agent's part. Each returns the rule's
violations in a gold trace as sentences."""

from typing import Callable, Iterable, Iterator

from taubench.core.figures import says
from taubench.domains.gold_trace import GoldStep, GoldTrace, RuleCheck, hand_offs

__all__ = ["RuleBook", "hand_offs", "identified_first", "looked_up_before_change", "owner_of", "records_named", "said"]

Ids = Callable[[GoldStep], Iterable[str]]
StepCheck = Callable[[GoldStep, GoldTrace], Iterable[str]]


class RuleBook(dict[int, RuleCheck]):
    """A policy's rule number -> the check of a gold trace against it, each registered where it
    is written: ``@RULES.trace(2)`` on a check of the whole trace, ``@RULES.each(4,
    "borrow_book")`` on a check of every call of those tools (``done=True``: every successful
    call), which yields the violations of one call and is given the trace for what came before."""

    def trace(self, number: int) -> Callable[[RuleCheck], RuleCheck]:
        def register(check: RuleCheck) -> RuleCheck:
            self._add(number, check)
            return check

        return register

    def each(self, number: int, *tools: str, done: bool = False) -> Callable[[StepCheck], StepCheck]:
        def register(check: StepCheck) -> StepCheck:
            def over_the_trace(trace: GoldTrace) -> list[str]:
                return [violation for step in _steps(trace, tools, done) for violation in check(step, trace)]

            self._add(number, over_the_trace)
            return check

        return register

    def _add(self, number: int, check: RuleCheck) -> None:
        if number in self:
            raise ValueError(f"rule {number} has two checks")
        self[number] = check


def _steps(trace: GoldTrace, tools: tuple[str, ...], done: bool) -> Iterator[GoldStep]:
    return (step for step in trace.steps if step.name in tools and not (done and step.error))


def said(trace: GoldTrace, figure: float | str) -> bool:
    """Whether the task requires ``figure`` said: one of its ``communicate_info`` values says it
    as the grader reads them (whole tokens, numbers by value). An amount is said by its size:
    a refund of -12.5 is "12.50"."""
    if isinstance(figure, (int, float)):
        figure = repr(round(abs(figure), 6))
    return any(says(value, figure) for value in trace.task.communicate_info)


def identified_first(trace: GoldTrace, identifies: Ids, concerns: Ids, who: str = "the caller") -> list[str]:
    """Every step that touches someone's records comes after a step that established who they
    are: ``identifies(step)`` gives the ids a successful step establishes (a find, a
    verification), ``concerns(step)`` the ids whose records the step touches."""
    known: set[str] = set()
    violations = []
    for step in trace.steps:
        touched = set(concerns(step))
        if touched and not touched & known:
            violations.append(f"{step.name} on {', '.join(sorted(touched))} before {who} was identified")
        if not step.error:
            known |= set(identifies(step))
    return violations


def owner_of(step: GoldStep, owner: str, *through: tuple[str, str]) -> str | None:
    """Whose records a call acts on: the ``owner`` argument (e.g. "member_id") when the call
    names it, else the ``owner`` field of the first record it names through a ``(table,
    argument)`` pair (e.g. ``("loans", "loan_id")``), in the database as the call found it."""
    if owner in step.arguments:
        return step.arguments[owner]
    for table, argument in through:
        record = getattr(step.before, table).get(step.arguments.get(argument))
        if record is not None:
            return getattr(record, owner)
    return None


def records_named(step: GoldStep, tables: Iterable[str]) -> list[str]:
    """The ids of existing records, in these tables of the database the call found, that the
    call's arguments name: what a ``changed`` of ``looked_up_before_change`` usually is."""
    found = [getattr(step.before, table) for table in tables]
    return [
        value
        for value in step.arguments.values()
        if isinstance(value, str) and any(value in records for records in found)
    ]


def looked_up_before_change(trace: GoldTrace, changed: Ids) -> list[str]:
    """The checkable half of "read the change back and get a yes": the agent can read back
    only what it has seen, so every record a write changes (``changed(step)``: the ids of
    existing records it names) appeared in an earlier observation."""
    seen, violations = "", []
    for step in trace.steps:
        if step.kind == "write" and step.requestor == "assistant":
            unseen = sorted(record for record in changed(step) if not says(seen, record))
            if unseen:
                violations.append(f"{step.name} changes {', '.join(unseen)} before any look-up showed it")
        seen += "\n" + step.observation
    return violations

"""The fairness checks of the report card (13-16): an agent that does the right thing in
another valid way scores the same as the gold, and a figure or refusal is graded by what
only a correct agent says. They run the grader itself (``evaluate``) on variants of each
task's gold actions.
"""

import itertools
import json
from typing import Callable, Iterator, Optional, get_type_hints

from taubench.core.canonical import undeclared_list, undeclared_lists
from taubench.core.domain import Domain, Sides
from taubench.core.environment import GREETING
from taubench.core.evaluation import as_the_agent_made_it, evaluate
from taubench.core.figures import says, tokens
from taubench.core.markers import Ordered
from taubench.core.messages import AssistantMessage, Message, ToolCall, ToolMessage, UserMessage
from taubench.core.tasks import RewardType, Task
from taubench.domains.gold_trace import GoldStep
from taubench.domains.subject import Call, Subject, instruction_text, side_of

MOST_PERMUTED = 4  # lists up to this long are tried in every order; longer ones reversed and rotated


def lists_declared(subject: Subject) -> list[str]:
    """13. Every list field of the records, and every list parameter of a write tool, says
    whether its order means anything (``Unordered()`` or ``Ordered(why)``)."""
    models = [model for model in (subject.domain.spec.db_model, subject.domain.spec.user_db_model) if model is not None]
    problems = [
        f"{path}: a list declaring neither Unordered() nor Ordered(why)"
        for model in models
        for path in undeclared_lists(model)
    ]
    for toolkit in subject.toolkits:
        for name, kind in toolkit.tool_kinds().items():
            hints = get_type_hints(getattr(toolkit, name), include_extras=True) if kind == "write" else {}
            problems += [
                f"tool {name}, argument {parameter}: a list declaring neither Unordered() nor Ordered(why)"
                for parameter, hint in hints.items()
                if parameter != "return" and undeclared_list(hint)
            ]
    return problems


def _ordered(subject: Subject, requestor: str, name: str) -> set[str]:
    """The list parameters of a tool declared ``Ordered``: their order is left as it is."""
    toolkit = subject.domain.spec.user_toolkit if requestor == "user" else subject.domain.spec.toolkit
    hints = get_type_hints(getattr(toolkit, name), include_extras=True)
    return {
        parameter
        for parameter, hint in hints.items()
        if any(isinstance(m, Ordered) for m in getattr(hint, "__metadata__", ()))
    }


def _orders(items: list) -> Iterator[list]:
    """Every other order of a short list; a long one reversed and rotated by one."""
    if len(items) <= MOST_PERMUTED:
        yield from (list(order) for order in itertools.permutations(items) if list(order) != items)
    else:
        yield from (list(reversed(items)), items[1:] + items[:1])


def _permuted(subject: Subject, gold: list[Call]) -> Iterator[tuple[list[Call], str]]:
    for index, (requestor, name, arguments) in enumerate(gold):
        if subject.kinds.get(name) != "write":
            continue
        for parameter, value in arguments.items():
            if isinstance(value, list) and len(value) > 1 and parameter not in _ordered(subject, requestor, name):
                for order in _orders(value):
                    variant = list(gold)
                    variant[index] = (requestor, name, {**arguments, parameter: order})
                    yield variant, f"gold write #{index} {name} with {parameter}={json.dumps(order)}"


def _made(subject: Subject, step: GoldStep) -> set[str]:
    """Ids of the records a gold step created or changed (the agent's side)."""
    if step.after is step.before:
        return set()
    made = set()
    for table in subject.domain._pristine.tables:
        before, after = getattr(step.before, table), getattr(step.after, table)
        for key, record in after.own_records().items():
            old = dict.get(before, key)
            if old is None or old.model_dump(warnings=False) != record.model_dump(warnings=False):
                made.add(key)
    return made


def _swapped(subject: Subject, task: Task, gold: list[Call]) -> Iterator[tuple[list[Call], str]]:
    """Each pair of neighbouring gold writes the other way round, where the later does not
    read what the earlier made (name a record it created or changed, or change one too), or
    both are calls of the same tool (two documents, two enrolments, two payments)."""
    steps = subject.traces[task.id].steps
    writes = [index for index, (_, name, _) in enumerate(gold) if subject.kinds.get(name) == "write"]
    for first, second in zip(writes, writes[1:]):
        made = {key.lower() for key in _made(subject, steps[first])}
        touched = set(tokens(json.dumps(gold[second][2]))) | {key.lower() for key in _made(subject, steps[second])}
        if made & touched and gold[first][1] != gold[second][1]:
            continue
        variant = list(gold)
        variant[first], variant[second] = variant[second], variant[first]
        yield variant, f"gold writes #{first} {gold[first][1]} and #{second} {gold[second][1]} the other way round"


def worked(domain: Domain, task: Task, calls: list[Call]) -> tuple[list[Message], Sides, bool]:
    """The messages of an agent that makes these calls from the task's start, each side as
    the calls left it, and whether any call failed."""
    sides = domain.new_sides(task)
    messages: list[Message] = [AssistantMessage(content=GREETING), UserMessage(content="I need help.")]
    failed = False
    for number, (requestor, name, arguments) in enumerate(calls):
        call = ToolCall(id=f"call-{number}", name=name, arguments=arguments)
        result = side_of(sides, requestor).invoke(name, arguments)
        failed |= result.error
        speaker = UserMessage if requestor == "user" else AssistantMessage
        messages += [
            speaker(content="", tool_calls=[call]),
            ToolMessage(
                tool_call_id=call.id, name=name, content=result.content, error=result.error, requestor=requestor
            ),
        ]
    return messages, sides, failed


def reward_of(domain: Domain, task: Task, calls: list[Call], closing: str) -> Optional[float]:
    """What the grader gives an agent that makes these calls, then says ``closing``."""
    messages, _, _ = worked(domain, task, calls)
    return evaluate(domain, task, [*messages, AssistantMessage(content=closing)], "user_stop").reward


def score(subject: Subject, task: Task, calls: list[Call]) -> tuple[Optional[float], bool]:
    """What the grader gives an agent that makes these calls, then says the task's figures
    (a new record's id as the id its own record got), and whether any call failed."""
    domain = subject.domain
    messages, sides, failed = worked(domain, task, calls)
    as_made = as_the_agent_made_it(domain.gold_end_state(task), domain.end_state(sides, task))
    figures = [as_made.apply(figure) for figure in task.communicate_info]
    closing = AssistantMessage(content="To confirm: " + "; ".join(figures) if figures else "All done.")
    return evaluate(domain, task, [*messages, closing], "user_stop").reward, failed


def equivalent_solutions(subject: Subject) -> list[str]:
    """14. Each other order of a gold write's list arguments, and each independent pair of
    gold writes the other way round, scores 1.0 as the gold does."""
    problems = []
    for task in subject.tasks:
        gold = subject.gold(task)
        for variants, refused in ((_permuted(subject, gold), "refused"), (_swapped(subject, task, gold), None)):
            for variant, what in variants:
                reward, failed = score(subject, task, variant)
                if failed and refused is None:
                    continue  # a write the other's effect makes fail: they depend on each other
                if failed or reward != 1.0:
                    problems.append(f"task {task.id}: {what} {'fails a call' if failed else f'scores {reward}'}")
    return problems


def specific_figures(subject: Subject) -> list[str]:
    """15. No figure the agent must say is said by another date, id or number of the task's
    instructions or gold observations (one it is part of: "12" in "2025-12-08")."""
    problems = []
    for task in subject.tasks:
        texts = [instruction_text(task), *(step.observation for step in subject.traces[task.id].steps)]
        for figure in task.communicate_info:
            wanted = figure.lower()
            longer = {
                token
                for text in texts
                for token in tokens(text)
                if wanted in token and token != wanted and says(token, figure)
            }
            problems += [
                f"task {task.id}: {figure!r} is said by {token!r}"
                for token in sorted(longer)
                if not says(figure, token)
            ]
    return problems


def refusals_graded(subject: Subject) -> list[str]:
    """16. A refusal or hand-off is graded by what only a correct one gives: a figure the
    agent must say that the customer's instructions do not (COMMUNICATE), or the actions
    (ACTION). So the gold's writes alone, made in silence, score 0, and the gold with its
    figures said scores 1."""
    problems = []
    for task in subject.tasks:
        if "refusal" not in task.tags:
            continue
        assert task.evaluation_criteria is not None  # every task of ours is graded
        basis = set(task.evaluation_criteria.reward_basis)
        own_figures = [figure for figure in task.communicate_info if not says(instruction_text(task), figure)]
        if not (RewardType.COMMUNICATE in basis and own_figures) and not (
            RewardType.ACTION in basis and task.gold_actions
        ):
            problems.append(
                f"task {task.id}: a refusal graded by neither a figure the customer does not give nor the actions"
            )
        gold = subject.gold(task)
        writes = [call for call in gold if subject.kinds.get(call[1]) == "write"]
        if reward_of(subject.domain, task, writes, "All done.") != 0.0:
            problems.append(f"task {task.id}: the gold's writes alone, with nothing said, pass the refusal")
        if score(subject, task, gold) != (1.0, False):
            problems.append(f"task {task.id}: the gold, its figures said, does not pass")
    return problems


FAIR_CHECKS: tuple[tuple[str, Callable[[Subject], list[str]]], ...] = (
    ("every list says whether its order matters", lists_declared),
    ("equivalent solutions score the same", equivalent_solutions),
    ("required figures are specific", specific_figures),
    ("refusals graded by what only a correct one says or does", refusals_graded),
)

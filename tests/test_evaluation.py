"""Reward components as τ²-bench defines them, each kept in the record; tasks needing an
unavailable judge are unscored, never silently passed or failed."""

from typing import Any

import pytest

from taubench.agents import AGENTS
from taubench.core.domain import Domain, DomainSpec
from taubench.core.episode import run_episode
from taubench.core.evaluation import JudgeVerdict, ReplayMismatch, evaluate
from taubench.core.messages import AssistantMessage, ToolCall, ToolMessage, Usage, UserMessage
from taubench.core.tasks import EnvAssertion, RewardType, Task
from taubench.core.toolkit import tool
from taubench.domains.retail.tools import RetailTools
from taubench.users import USERS


def oracle(domain, task, judge=None):
    return run_episode(domain, task, 0, 1, AGENTS["oracle"], USERS["oracle"], judge=judge)


def with_criteria(task: Task, **changes: Any) -> Task:
    criteria = task.evaluation_criteria.model_copy(update=changes)
    return task.model_copy(update={"evaluation_criteria": criteria})


def nl_task(retail):
    return next(
        task
        for task in retail.tasks.values()
        if RewardType.NL_ASSERTION in task.evaluation_criteria.reward_basis and task.evaluation_criteria.nl_assertions
    )


class FixedJudge:
    def __init__(self, met: bool):
        self.met = met
        self.calls = []

    def judge(self, trajectory, assertions):
        self.calls.append(assertions)
        results = [{"expectedOutcome": a, "reasoning": "scripted", "metExpectation": self.met} for a in assertions]
        return JudgeVerdict(
            met=self.met, results=results, usage=Usage(calls=1, prompt_tokens=10, completion_tokens=5, cost=0.002)
        )


def test_oracle_episode_keeps_every_component(airline):
    result = oracle(airline, airline.tasks["8"])
    components = result.reward_info.components
    assert result.reward == 1.0
    assert set(components) == set(RewardType)
    assert components[RewardType.DB].status == "passed" and components[RewardType.DB].in_basis
    assert components[RewardType.ACTION].status == "passed" and not components[RewardType.ACTION].in_basis
    assert components[RewardType.NL_ASSERTION].status == "not_run"


def test_a_wrong_write_fails_the_db_check(retail):
    task = with_criteria(retail.tasks["0"], reward_basis=[RewardType.DB])
    order_id = next(o.order_id for o in retail.fresh_db().orders.values() if o.status == "pending")
    arguments = {"order_id": order_id, "reason": "no longer needed"}
    executed = retail.new_toolkit().invoke("cancel_pending_order", arguments)
    trajectory = [
        AssistantMessage(tool_calls=[ToolCall(id="1", name="cancel_pending_order", arguments=arguments)]),
        ToolMessage(tool_call_id="1", name="cancel_pending_order", content=executed.content),
    ]
    graded = evaluate(retail, task, trajectory, "user_stop")
    assert graded.reward == 0.0
    db = graded.components[RewardType.DB]
    assert db.status == "failed" and db.details["gold_db_hash"] != db.details["agent_db_hash"]


def test_read_calls_never_matter_for_the_db_check(retail):
    task = with_criteria(retail.tasks["0"], reward_basis=[RewardType.DB])
    writes_only = with_criteria(task, actions=[a for a in task.gold_actions if a.name.startswith("exchange")])
    result = oracle(retail, writes_only)
    assert evaluate(retail, task, result.messages, "user_stop").reward == 1.0


def test_communicate_ignores_case_and_commas_in_the_agents_text(airline):
    task = with_criteria(airline.tasks["0"], communicate_info=["1628"], reward_basis=[RewardType.COMMUNICATE])
    said = [
        AssistantMessage(content="Hi"),
        UserMessage(content="1628"),
        AssistantMessage(content="The total is $1,628."),
    ]
    assert evaluate(airline, task, said, "user_stop").reward == 1.0
    unsaid = [AssistantMessage(content="Hi"), UserMessage(content="The total is 1628")]
    result = evaluate(airline, task, unsaid, "user_stop")
    assert result.reward == 0.0
    assert result.components[RewardType.COMMUNICATE].details == {"found": {"1628": False}}


def test_action_check_follows_compare_args(retail):
    task = retail.tasks["10"]  # its transfer_to_human_agents gold action has compare_args []
    gold = task.gold_actions[-1]
    assert gold.compare_args == []
    only_name = with_criteria(task, actions=[gold], reward_basis=[RewardType.ACTION])
    call = AssistantMessage(tool_calls=[ToolCall(id="1", name=gold.name, arguments={"summary": "anything at all"})])
    trajectory = [call, ToolMessage(tool_call_id="1", name=gold.name, content="Transfer successful")]
    assert evaluate(retail, only_name, trajectory, "user_stop").reward == 1.0
    strict = with_criteria(only_name, actions=[gold.model_copy(update={"compare_args": None})])
    assert evaluate(retail, strict, trajectory, "user_stop").reward == 0.0  # summary differs
    no_arguments = [AssistantMessage(tool_calls=[ToolCall(id="2", name=gold.name, arguments={})])]
    assert evaluate(retail, strict, no_arguments, "user_stop").reward == 1.0  # an empty call compares nothing


@pytest.mark.parametrize("termination", ["max_steps", "too_many_errors", "agent_error", "user_error"])
def test_episodes_that_did_not_end_normally_get_zero_without_checks(airline, termination):
    result = evaluate(airline, airline.tasks["8"], [], termination)
    assert result.reward == 0.0 and result.components == {}
    assert termination in result.note


def test_without_a_judge_nl_tasks_are_unscored_and_say_why(retail):
    result = oracle(retail, nl_task(retail))
    assert result.reward is None
    nl = result.reward_info.components[RewardType.NL_ASSERTION]
    assert nl.status == "not_evaluated" and nl.in_basis
    assert "judge.model" in nl.note
    assert result.reward_info.components[RewardType.DB].status == "passed"  # the rest is still graded


@pytest.mark.parametrize("met, reward", [(True, 1.0), (False, 0.0)])
def test_with_a_judge_nl_tasks_are_scored(retail, met, reward):
    task = nl_task(retail)
    judge = FixedJudge(met)
    result = oracle(retail, task, judge)
    assert judge.calls == [task.evaluation_criteria.nl_assertions]
    assert result.reward == reward
    assert result.usage["judge"].cost == 0.002


def test_a_failing_judge_leaves_the_task_unscored(retail):
    class BrokenJudge:
        def judge(self, trajectory, assertions):
            raise ValueError("not JSON")

    result = oracle(retail, nl_task(retail), BrokenJudge())
    assert result.reward is None
    assert "judge failed: not JSON" in result.reward_info.components[RewardType.NL_ASSERTION].note


def test_a_replay_that_disagrees_with_the_record_raises(retail):
    result = oracle(retail, retail.tasks["0"])
    tampered = [
        m.model_copy(update={"content": m.content.replace("exchange requested", "delivered")})
        if m.role == "tool"
        else m
        for m in result.messages
    ]
    with pytest.raises(ReplayMismatch, match="exchange_delivered_order_items"):
        evaluate(retail, retail.tasks["0"], tampered, "user_stop")


class DriftingRetailTools(RetailTools):
    """A write whose output changes on every call: its replay can never match."""

    calls = 0

    @tool("write")
    def modify_user_address(
        self, user_id: str, address1: str, address2: str, city: str, state: str, country: str, zip: str
    ) -> str:
        DriftingRetailTools.calls += 1
        return f"update number {DriftingRetailTools.calls}"


def test_a_grading_failure_leaves_the_episode_unscored(retail):
    domain = Domain(DomainSpec("retail", DriftingRetailTools, retail.spec.db_model, retail.spec.data))
    task = next(t for t in domain.tasks.values() if any(a.name == "modify_user_address" for a in t.gold_actions))
    result = oracle(domain, task)
    assert result.termination_reason == "user_stop"
    assert result.reward is None
    assert result.error.kind == "evaluation_error" and result.error.type == "ReplayMismatch"


class AssertingRetailTools(RetailTools):
    def order_is_cancelled(self, order_id: str) -> bool:
        return self.db.orders[order_id].status == "cancelled"


def test_env_assertions_run_on_the_agents_final_state(retail):
    spec = DomainSpec("retail", AssertingRetailTools, retail.spec.db_model, retail.spec.data)
    domain = Domain(spec)
    order_id = next(o.order_id for o in domain.fresh_db().orders.values() if o.status == "pending")
    task = with_criteria(
        domain.tasks["0"],
        actions=None,
        env_assertions=[EnvAssertion(func_name="order_is_cancelled", arguments={"order_id": order_id})],
        reward_basis=[RewardType.ENV_ASSERTION],
    )
    cancel = AssistantMessage(
        tool_calls=[
            ToolCall(
                id="1", name="cancel_pending_order", arguments={"order_id": order_id, "reason": "no longer needed"}
            )
        ]
    )
    executed = domain.new_toolkit().invoke("cancel_pending_order", cancel.tool_calls[0].arguments)
    trajectory = [cancel, ToolMessage(tool_call_id="1", name="cancel_pending_order", content=executed.content)]
    assert evaluate(domain, task, trajectory, "user_stop").reward == 1.0
    assert evaluate(domain, task, [], "user_stop").reward == 0.0

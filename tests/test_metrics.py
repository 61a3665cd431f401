"""Exact pass^k and the run summary's separation of scored and unscored episodes."""

from math import comb

import pytest

from taubench.core.episode import EpisodeError, EpisodeResult
from taubench.core.evaluation import RewardInfo
from taubench.core.messages import Usage
from taubench.core.metrics import EpisodeFacts, pass_hat_k, summarize
from taubench.reporting.console import run_summary, sweep_row

CONFIG = {
    "env": {"name": "retail"},
    "agent": {"name": "tool_calling"},
    "user": {"name": "llm"},
    "model": {"name": "gpt-4o"},
}


def test_pass_hat_k_is_the_exact_combinatorial_estimate():
    outcomes = {"a": [True, True, True, True], "b": [True, False, True, False], "c": [False] * 4}
    result = pass_hat_k(outcomes)
    assert list(result) == [1, 2, 3, 4]
    assert result[1] == pytest.approx((1 + 0.5 + 0) / 3)
    assert result[2] == pytest.approx((1 + comb(2, 2) / comb(4, 2) + 0) / 3)
    assert result[3] == pytest.approx(1 / 3)  # only the always-successful task counts
    assert result[4] == pytest.approx(1 / 3)


def test_pass_hat_k_stops_at_the_fewest_trials_of_any_task():
    assert list(pass_hat_k({"a": [True, True, True], "b": [True, False]})) == [1, 2]
    assert pass_hat_k({}) == {}


def episode(task_id, trial, reward, note=None, cost=0.0, error=None):
    return EpisodeResult(
        task_id=task_id,
        trial=trial,
        seed=1,
        reward=reward,
        reward_info=RewardInfo(reward=reward, reward_basis=[], note=note),
        termination_reason="user_stop",
        messages=[],
        num_steps=0,
        num_tool_errors=0,
        usage={"agent": Usage(calls=1, cost=cost), "user": Usage(), "judge": Usage()},
        started_at="2026-01-01T00:00:00+00:00",
        duration_s=0.1,
    )


def test_unscored_episodes_are_reported_apart_and_excluded_from_rewards():
    episodes = [
        episode("1", 0, 1.0),
        episode("1", 1, 0.0),
        episode("2", 0, None, note="not scored: judge"),
        episode("2", 1, None, note="not scored: judge"),
    ]
    summary = summarize("retail", episodes, num_trials=2, duration_s=1.0)
    assert summary.scored_episodes == 2 and summary.unscored_episodes == 2
    assert summary.average_reward == 0.5
    assert summary.pass_hat_k == {1: 0.5, 2: 0.0}
    assert summary.unscored_tasks == ["2"]
    assert summary.unscored_reasons == {"not scored: judge": 2}


def test_pass_hat_k_is_over_the_tasks_whose_every_trial_was_scored_and_says_how_many():
    episodes = [
        episode("1", 0, 1.0),
        episode("1", 1, 1.0),
        episode("2", 0, 1.0),
        episode("2", 1, 0.0),
        episode("3", 0, None, note="not scored: the judge failed"),
        episode("3", 1, 1.0),
    ]
    summary = summarize("retail", episodes, num_trials=2, duration_s=1.0)
    assert summary.average_reward == 0.8  # every scored episode
    assert summary.pass_hat_k == {1: 0.75, 2: 0.5} and summary.pass_hat_k_tasks == 2  # tasks 1 and 2, not 3
    printed = run_summary(summary, "run", "results.json")
    assert "pass^2" in printed and "over the 2 of 3 tasks whose every trial was scored" in printed
    assert sweep_row("0", CONFIG, summary)["pass^2"] == "0.500 [0.00-1.00] (2/3 tasks)"

    complete = summarize("retail", episodes[:4], num_trials=2, duration_s=1.0)
    assert complete.pass_hat_k_tasks == 2 and "every trial was scored" not in run_summary(
        complete, "run", "results.json"
    )
    assert sweep_row("0", CONFIG, complete)["pass^2"].startswith("0.500 [")  # no scope where no task is left out


def test_costs_add_up_by_role_and_an_unknown_price_stays_unknown():
    known = summarize("retail", [episode("1", 0, 1.0, cost=0.25), episode("2", 0, 1.0, cost=0.5)], 1, 1.0)
    assert known.usage["agent"].cost == 0.75 and known.total_cost == 0.75
    unknown = summarize("retail", [episode("1", 0, 1.0, cost=0.25), episode("2", 0, 1.0, cost=None)], 1, 1.0)
    assert unknown.usage["agent"].cost is None and unknown.total_cost is None


def test_the_facts_a_run_keeps_of_its_episodes_summarize_as_the_records_do():
    infrastructure = EpisodeError(kind="infrastructure_error", type="LLMTransientError", message="down", traceback="")
    failed = episode("3", 0, None, note="infrastructure error: down").model_copy(
        update={"error": infrastructure, "termination_reason": "infrastructure_error", "attempts": 3}
    )
    episodes = [
        episode("1", 0, 1.0, cost=0.1),
        episode("1", 1, 0.0, cost=0.2),
        episode("2", 0, None, note="not scored: judge", cost=None),
        failed,
        episode("2", 1, 1.0, cost=0.3),
    ]
    facts = [EpisodeFacts.of(record) for record in episodes]
    assert summarize("retail", facts, 2, 1.0) == summarize("retail", episodes, 2, 1.0)
    assert facts[2].unscored_note == "not scored: judge" and facts[0].unscored_note is None
    assert facts[3].infrastructure_failure and facts[3].attempts == 3
    assert [fact.spent for fact in facts] == [0.1, 0.2, 0.0, 0.0, 0.3]
    assert facts[0].usage[1] is facts[1].usage[1]  # a role that made no call: one shared row


def test_intervals_are_a_seeded_bootstrap_over_tasks():
    # 100 tasks of one trial, half solved: the interval is about 0.5 ± 1.96 * 0.05
    half = [episode(str(task), 0, float(task % 2)) for task in range(100)]
    summary = summarize("retail", half, 1, 1.0)
    low, high = summary.pass_hat_k_ci[1]
    assert summary.average_reward_ci == (low, high)  # one trial: the same statistic
    assert low < 0.5 < high and low == pytest.approx(0.402, abs=0.02) and high == pytest.approx(0.598, abs=0.02)
    assert summarize("retail", half, 1, 1.0) == summary  # reproducible
    # tasks, not episodes, are resampled: four trials of the same tasks narrow nothing
    trials = [episode(str(task), trial, float(task % 2)) for task in range(100) for trial in range(4)]
    assert summarize("retail", trials, 4, 1.0).average_reward_ci == pytest.approx((low, high), abs=0.01)


def test_intervals_of_a_perfect_run_and_of_a_single_task():
    perfect = summarize("retail", [episode(str(task), trial, 1.0) for task in range(5) for trial in range(2)], 2, 1.0)
    assert perfect.average_reward_ci == (1.0, 1.0) and perfect.pass_hat_k_ci == {1: (1.0, 1.0), 2: (1.0, 1.0)}
    mixed = summarize(
        "retail", [episode("a", 0, 1.0), episode("a", 1, 0.0), episode("b", 0, 1.0), episode("b", 1, 1.0)], 2, 1.0
    )
    assert mixed.pass_hat_k_ci[2][0] <= mixed.pass_hat_k[2] <= mixed.pass_hat_k_ci[2][1]
    single = summarize("retail", [episode("a", 0, 1.0), episode("a", 1, 0.0)], 2, 1.0)
    assert single.average_reward_ci is None and single.pass_hat_k_ci == {}


def test_intervals_reach_mlflow_metrics():
    from taubench.reporting.tracking import summary_metrics

    summary = summarize("retail", [episode(str(task), 0, float(task % 2)) for task in range(10)], 1, 1.0)
    metrics = summary_metrics(summary)
    assert (metrics["pass_hat_1_ci_low"], metrics["pass_hat_1_ci_high"]) == summary.pass_hat_k_ci[1]
    assert (metrics["average_reward_ci_low"], metrics["average_reward_ci_high"]) == summary.average_reward_ci

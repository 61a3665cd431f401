"""The benchmark's self-check: oracle agent + oracle user solve every task of τ²'s domains
whose reward needs no judge (the rest are reported unscored, never passed or failed), and a
sample of every domain we write (their cards, ``make cards``, run the oracle on every task)."""

import json

import pytest

from taubench import run
from taubench.core.tasks import RewardType
from taubench.domains import load_domain, of_origin, self_contained
from taubench.execution.settings import parse_settings

JUDGE_ONLY_TASKS = {"retail": 40}  # tasks whose basis has NL assertions; elsewhere none
SAMPLE = 8  # tasks of each domain we write, spread over its task list


def needs_judge(task) -> bool:
    criteria = task.evaluation_criteria
    return RewardType.NL_ASSERTION in criteria.reward_basis and bool(criteria.nl_assertions)


def oracle_settings(env: str, tmp_path, **extra):
    return parse_settings(
        {
            "env": {"name": env},
            "agent": {"name": "oracle"},
            "user": {"name": "oracle"},
            "output_dir": str(tmp_path),
            "progress": False,
            "tracking": {"enabled": False},
            **extra,
        }
    )


@pytest.mark.parametrize("env", self_contained())
def test_oracle_solves_every_task_gradable_without_a_judge(env, tmp_path):
    domain = load_domain(env)
    tasks = domain.tasks_in(domain.spec.default_split)  # every task, but in telecom (base: 114 of 2,285)
    sample = {}
    if env in of_origin("taubench"):
        tasks = {task_id: tasks[task_id] for task_id in list(tasks)[:: max(1, len(tasks) // SAMPLE)][:SAMPLE]}
        sample = {"task_ids": list(tasks)}
    report = run(oracle_settings(env, tmp_path, **sample), base_dir=tmp_path)
    judged = {task.id for task in tasks.values() if needs_judge(task)}
    assert len(report.episodes) == len(tasks)
    for episode in report.episodes:
        assert episode.error is None and episode.termination_reason == "user_stop"
        if episode.task_id in judged:
            assert episode.reward is None
            assert episode.reward_info.components[RewardType.NL_ASSERTION].status == "not_evaluated"
        else:
            assert episode.reward == 1.0, (episode.task_id, episode.reward_info.model_dump())
    summary = report.summary
    assert summary.scored_episodes == len(tasks) - len(judged)
    assert summary.average_reward == 1.0 and summary.pass_hat_k == {1: 1.0}
    assert set(summary.unscored_tasks) == judged
    assert len(judged) == JUDGE_ONLY_TASKS.get(env, 0)


def test_concurrent_trials_on_shared_records_match_the_reference(tmp_path, retail, shared):
    """Tasks 0-5 all act on the same customer's orders; 4 trials of them run 8 at a time.
    Every observation must be the one a fresh database gives (the τ² reference)."""
    reference = json.loads((shared / "fixtures" / "tau2_reference_replay.json").read_text())["domains"]["retail"]
    report = run(
        oracle_settings("retail", tmp_path, task_ids=[0, 1, 2, 3, 4, 5], num_trials=4, max_concurrency=8),
        base_dir=tmp_path,
    )
    assert len(report.episodes) == 24
    for episode in report.episodes:
        expected = [action["observation"] for action in reference["tasks"][episode.task_id]["actions"]]
        assert [call.observation for call in episode.tool_calls] == expected

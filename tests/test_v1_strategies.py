"""Every LLM strategy runs on the τ-bench v1 environments too: the scripted server plays the
model (ground truth as the agent, a scripted customer), through litellm and HTTP."""

import pytest
from test_llm_path import scripted_run

from taubench.domains import DOMAINS
from taubench.testing.scripted_server import ScriptedServer
from taubench.users.llm import system_prompt


@pytest.fixture(scope="module")
def v1_data(shared):
    return shared / "data" / "tau_bench_v1"


@pytest.fixture(scope="module")
def server(v1_data):
    with ScriptedServer(
        domains=("retail_v1", "airline_v1"), data_dirs={"retail_v1": v1_data, "airline_v1": v1_data}
    ) as running:
        yield running


@pytest.mark.parametrize(
    "env, split, task_ids, agent, user",
    [
        ("airline_v1", "test", ["1", "4", "9", "33"], {"name": "tool_calling"}, {"name": "llm"}),
        ("retail_v1", "test", ["0", "12", "64"], {"name": "react"}, {"name": "verify"}),
        ("retail_v1", "dev", ["0", "5"], {"name": "act"}, {"name": "react"}),
        ("airline_v1", "test", ["2", "20"], {"name": "tool_calling", "text_tool_calls": True}, {"name": "reflection"}),
    ],
)
def test_llm_strategies_solve_v1_tasks(server, v1_data, tmp_path, env, split, task_ids, agent, user):
    report = scripted_run(
        server,
        tmp_path,
        env={"name": env, "data_dir": str(v1_data)},
        task_split=split,
        task_ids=task_ids,
        agent=agent,
        user=user,
        judge={"model": None},
    )
    assert [episode.reward for episode in report.episodes] == [1.0] * len(task_ids), [
        (e.task_id, e.termination_reason, e.error) for e in report.episodes
    ]
    assert {episode.termination_reason for episode in report.episodes} <= {"user_stop", "terminate_tool"}


def test_few_shot_uses_the_v1_examples(server, v1_data, tmp_path):
    examples = v1_data / "few_shot" / "MockAirlineDomainEnv-few_shot.jsonl"
    report = scripted_run(
        server,
        tmp_path,
        env={"name": "airline_v1", "data_dir": str(v1_data)},
        task_ids=["5", "10"],
        agent={"name": "few_shot", "examples_path": str(examples), "num_examples": 3},
        judge={"model": None},
    )
    assert [episode.reward for episode in report.episodes] == [1.0, 1.0]
    system = next(r for r in server.requests if r.get("tools") and "<examples>" in r["messages"][0]["content"])
    assert system["messages"][0]["content"].count("<example number=") == 3


def test_the_v1_customer_is_told_of_the_one_stop_token_v1_knows(airline):
    v1 = system_prompt(airline.tasks["0"].user_scenario, stop_tokens=DOMAINS["airline_v1"].rules.stop_tokens)
    assert "###STOP###" in v1 and "###TRANSFER###" not in v1 and "###OUT-OF-SCOPE###" not in v1
    assert "###TRANSFER###" in system_prompt(airline.tasks["0"].user_scenario)

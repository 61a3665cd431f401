"""The NL-assertion judge, through litellm, against a scripted server on 127.0.0.1."""

import ast
import json

import pytest
from conftest import ORACLES, run_cli

from taubench.core.messages import AssistantMessage, ToolCall, ToolMessage, UserMessage
from taubench.core.tasks import RewardType
from taubench.models.client import LLMClient
from taubench.models.judge import JudgeError, LLMJudge
from taubench.models.spec import ModelSpec
from taubench.testing.scripted_server import FixedUsage, ScriptedServer

TRAJECTORY = [
    AssistantMessage(content="Hi! How can I help you today?"),
    UserMessage(content="Cancel my order please."),
    AssistantMessage(tool_calls=[ToolCall(id="1", name="get_order_details", arguments={"order_id": "#W1"})]),
    ToolMessage(tool_call_id="1", name="get_order_details", content='{"status": "pending"}'),
    AssistantMessage(content="Done, it is cancelled."),
]


def grade_all(met: bool):
    def script(request: dict) -> str:
        expected = ast.literal_eval(request["messages"][1]["content"].rsplit("Expected outcomes:\n", 1)[1])
        return json.dumps(
            {"results": [{"expectedOutcome": e, "reasoning": "ok", "metExpectation": met} for e in expected]}
        )

    return script


@pytest.fixture(autouse=True)
def test_key(monkeypatch):
    monkeypatch.setenv("TAUBENCH_TEST_KEY", "sk-local")


def judge_at(server: ScriptedServer) -> LLMJudge:
    return LLMJudge(
        LLMClient(ModelSpec(model="openai/judge-model", api_base=server.url, api_key_env="TAUBENCH_TEST_KEY"))
    )


@pytest.mark.parametrize("met", [True, False])
def test_judge_sends_the_conversation_and_reads_the_verdict(met):
    with ScriptedServer(script=grade_all(met), usage=FixedUsage(prompt_tokens=100, completion_tokens=20)) as server:
        verdict = judge_at(server).judge(TRAJECTORY, ["Agent cancels the order.", "Agent is polite."])
    assert verdict.met is met and len(verdict.results) == 2
    request = server.requests[0]
    assert request["model"] == "judge-model" and request["temperature"] == 0.0
    conversation = request["messages"][1]["content"]
    assert 'user: Cancel my order please.\nassistant: None\ntool: {"status": "pending"}' in conversation
    assert conversation.endswith("['Agent cancels the order.', 'Agent is polite.']")
    assert verdict.usage.calls == 1 and verdict.usage.prompt_tokens == 100


def test_an_answer_that_is_not_json_is_a_judge_error():
    with ScriptedServer(script=lambda request: "```json\n{}\n```") as server:
        with pytest.raises(JudgeError, match="unusable judge answer"):
            judge_at(server).judge(TRAJECTORY, ["x"])


def test_a_missing_judge_key_is_reported_before_the_run(tmp_path):
    result = run_cli(*ORACLES, "judge.model=openai/judge-model", "judge.api_key_env=TAUBENCH_ABSENT_KEY", cwd=tmp_path)
    assert result.returncode == 2
    assert "judge.api_key_env: the environment variable TAUBENCH_ABSENT_KEY is not set" in result.stderr
    assert not list(tmp_path.rglob("results.json"))


def test_a_run_with_a_judge_scores_the_nl_tasks(tmp_path, retail):
    nl_tasks = [
        task.id
        for task in retail.tasks.values()
        if RewardType.NL_ASSERTION in task.evaluation_criteria.reward_basis and task.evaluation_criteria.nl_assertions
    ][:3]
    with ScriptedServer(script=grade_all(True)) as server:
        result = run_cli(
            *ORACLES,
            f"task_ids=[{','.join(nl_tasks)}]",
            "judge.model=openai/judge-model",
            f"judge.api_base={server.url}",
            "judge.api_key_env=TAUBENCH_TEST_KEY",
            "tracking.enabled=false",
            "progress=false",
            cwd=tmp_path,
            env={"TAUBENCH_TEST_KEY": "sk-local"},
        )
    assert result.returncode == 0, result.stderr
    assert len(server.requests) == 3
    results = json.loads(next(tmp_path.rglob("results.json")).read_text())
    assert results["summary"]["scored_episodes"] == 3 and results["summary"]["average_reward"] == 1.0
    for episode in results["episodes"]:
        assert episode["reward_info"]["components"]["NL_ASSERTION"]["status"] == "passed"
        assert episode["usage"]["judge"]["calls"] == 1

"""Every model call says who makes it (``X-Taubench-Caller``), where the provider opts in: each
role's label, as the scripted server receives it through the real client; nothing where it
does not; and never in the response cache's key."""

import json

import pytest
from local_http import JsonHandler, LocalServer
from test_agent_strategies import AIRLINE_EXAMPLES
from test_llm_path import scripted_run

from taubench.models.cache import ResponseCache
from taubench.models.client import CALLER_HEADER, LLMClient
from taubench.models.spec import ModelSpec
from taubench.testing.scripted_server import ScriptedServer

FREE = {"input": 0, "output": 0}
FEW_SHOT = {"name": "few_shot", "examples_path": str(AIRLINE_EXAMPLES), "num_examples": 3}
COMPLETION = {
    "id": "c",
    "object": "chat.completion",
    "created": 0,
    "model": "m",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
}


@pytest.mark.parametrize(
    "agent, user, verifier_rejects, labels",
    [
        ({"name": "tool_calling"}, {"name": "llm"}, 0, {"agent/tool_calling", "user/llm"}),
        ({"name": "react"}, {"name": "react"}, 0, {"agent/react", "user/react"}),
        ({"name": "act"}, {"name": "verify"}, 0, {"agent/act", "user/verify/reply", "user/verify/supervisor"}),
        (
            FEW_SHOT,
            {"name": "reflection"},
            1,  # the first candidate of each turn is rejected: a reflection follows
            {"agent/few_shot", "user/reflection/reply", "user/reflection/supervisor", "user/reflection/reflect"},
        ),
    ],
)
def test_each_strategy_labels_its_calls_and_the_scripted_server_answers_by_the_label(
    tmp_path, agent, user, verifier_rejects, labels
):
    with ScriptedServer(domains=("airline",), verifier_rejects=verifier_rejects) as server:
        report = scripted_run(server, tmp_path, agent=agent, user=user, task_ids=["1", "3"])
    assert [episode.reward for episode in report.episodes] == [1.0, 1.0]
    assert set(server.callers) == labels
    assert sum(server.callers.values()) == server.total_requests == sum(server.counts.values())


def test_the_judge_and_the_analyst_label_theirs_on_their_own_endpoints(tmp_path):
    """A judge and an analyst with an api_base of their own are labelled as the agent is
    (their endpoint here is another scripted server)."""
    slipping = ScriptedServer(domains=("retail",), agent_slip="wrong_argument")  # a failure to analyse
    with slipping as server, ScriptedServer(domains=()) as graders:
        scripted_run(
            server,
            tmp_path,
            env={"name": "retail"},
            task_ids=["4"],  # graded on NL assertions too
            judge={"api_base": graders.url},
            analysis={"model": "openai/scripted", "api_base": graders.url, "pricing": FREE},
        )
    assert set(server.callers) == {"agent/tool_calling", "user/llm"}
    assert graders.callers == {"judge": 1, "analysis": 1} and graders.counts == {"judge": 1, "analysis": 1}


def anyone(request: dict) -> str:
    """Words for whoever asks, told apart by the request's shape: the agent (it has tools), the
    customer (opens, then ends) and the analyst (gets the customer's opening: unusable)."""
    if request.get("tools"):
        return "Let me see."
    return "###STOP###" if any(m["role"] == "assistant" for m in request["messages"]) else "I need help."


def test_without_the_providers_consent_no_call_carries_a_label(tmp_path):
    """Every role on a server that answers anything: none of their requests says who asks."""
    with ScriptedServer(script=anyone) as server:
        report = scripted_run(
            server,
            tmp_path,
            provider={"label_requests": False},
            analysis={"model": "openai/scripted", "api_base": server.url, "pricing": FREE},
            task_ids=["7"],
        )
    assert report.episodes[0].reward == 0.0  # the agent did nothing: a failure, analysed
    assert any(request.get("tools") for request in server.requests)  # the agent's
    assert any(request.get("response_format") for request in server.requests)  # the analyst's
    assert server.total_requests >= 4 and server.callers == {None: server.total_requests}


class Recorder(JsonHandler):
    """Keeps each request's headers and body; answers one fixed completion."""

    seen: list[tuple[dict, bytes]] = []

    def do_POST(self):
        self.seen.append((dict(self.headers), self.rfile.read(int(self.headers["Content-Length"]))))
        self.answer(200, COMPLETION)


@pytest.mark.parametrize("route", ["openai", "hosted_vllm"])  # the OpenAI SDK and litellm's HTTP handler
def test_the_label_adds_one_header_and_changes_nothing_else(route):
    Recorder.seen = []
    fake = LocalServer(Recorder)
    try:
        for label_requests in (False, True):
            spec = ModelSpec(model=f"{route}/m", api_base=fake.url, label_requests=label_requests)
            with LLMClient(spec) as client:
                client.complete([{"role": "user", "content": "hi"}], seed=3, caller="user/verify/supervisor")
    finally:
        fake.close()
    (plain_headers, plain_body), (labelled_headers, labelled_body) = Recorder.seen
    assert labelled_body == plain_body and json.loads(plain_body)["seed"] == 3
    assert CALLER_HEADER.lower() not in {name.lower() for name in plain_headers}
    added = {name: value for name, value in labelled_headers.items() if name not in plain_headers}
    assert {name.lower(): value for name, value in added.items()} == {CALLER_HEADER.lower(): "user/verify/supervisor"}


def test_the_label_is_not_part_of_the_cache_key(tmp_path):
    """An answer cached by a labelled call is found by an unlabelled one and by another caller's."""
    cache = ResponseCache(tmp_path / "cache")
    messages = [{"role": "user", "content": "hi"}]
    with ScriptedServer(script=lambda request: "cached") as server:
        labelled = LLMClient(ModelSpec(model="openai/m", api_base=server.url, label_requests=True), cache=cache)
        plain = LLMClient(ModelSpec(model="openai/m", api_base=server.url), cache=cache)
        first = labelled.complete(messages, trial=0, caller="judge")
        again = [plain.complete(messages, trial=0), labelled.complete(messages, trial=0, caller="analysis")]
        assert server.callers == {"judge": 1}  # one request reached the server: the first
    assert first.content == "cached" and first.usage.cache_hits == 0
    assert all(answer.content == "cached" and answer.usage.cache_hits == 1 for answer in again)


def test_the_label_joins_the_extra_headers_a_models_params_send():
    Recorder.seen = []
    fake = LocalServer(Recorder)
    params = {"extra_headers": {"X-Gateway-Route": "blue"}}
    try:
        with LLMClient(ModelSpec(model="openai/m", api_base=fake.url, params=params, label_requests=True)) as client:
            client.complete([{"role": "user", "content": "hi"}], caller="judge")
    finally:
        fake.close()
    ((headers, _),) = Recorder.seen
    received = {name.lower(): value for name, value in headers.items()}
    assert received["x-gateway-route"] == "blue" and received[CALLER_HEADER.lower()] == "judge"

"""What a model sends back is not trusted: a reply that can never be used ends the episode as
the model's failure (one call, no rerun, scored 0), token counts that make no sense give an
unknown cost, a model string litellm cannot route is refused before the run, a run whose
first episodes all fail the same way stops, and a run with episodes left out says so in its
exit status. Through litellm and HTTP, against fakes on 127.0.0.1."""

import json
import threading
import warnings
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Optional

import pytest
from conftest import free_port, run_cli
from hydra import compose, initialize_config_module
from mlflow.tracking import MlflowClient
from omegaconf import OmegaConf
from test_llm_path import merged

from taubench import run
from taubench.agents.tool_calling import parse_tool_call
from taubench.core.episode import EpisodeError, EpisodeResult
from taubench.core.evaluation import RewardInfo
from taubench.execution.config_groups import model_configs
from taubench.execution.episode_runner import EpisodeRunner, PlannedEpisode
from taubench.execution.fail_fast import FailFast
from taubench.execution.preflight import check_models
from taubench.execution.runner import EPISODES_FILE
from taubench.execution.settings import ConfigError, parse_settings
from taubench.models.client import LLMClient, ToolCallRequest
from taubench.models.replies import EXCERPT_CHARS
from taubench.models.spec import ModelSpec
from taubench.models.spend import SpendMeter
from taubench.reporting.tracking import local_store
from taubench.testing.malformed_replies import DEEP_NESTING, MALFORMED_REPLIES
from taubench.testing.scripted_server import Faults, ScriptedServer

ROUTES = ("openai/scripted", "hosted_vllm/scripted")
FAST = {"timeout": 5, "initial_backoff": 0.01, "max_backoff": 0.05}
# what the recorded excerpt shows of each kind, on both routes (where litellm kept the text)
SHOWN = {
    "html_body": "502 Bad Gateway",
    "redirect": "Sign in",
    "error_body": "the worker failed",
    "empty_body": "(an empty body)",
    "choices_empty": "no 'choices'",
    "choices_missing": "no 'choices'",
    **dict.fromkeys(
        (
            "content_number",
            "content_list",
            "content_object",
            "message_null",
            "truncated_body",
            "json_array",
            "deep_arguments",
        ),
        "chatcmpl-scripted",
    ),
}


@pytest.fixture(scope="module")
def servers():
    """The customer's model (never failing) and the model under test (faults set per test)."""
    with ScriptedServer(domains=("airline",)) as customer, ScriptedServer(domains=("airline",)) as model:
        yield customer, model


def breaking(server: ScriptedServer, **faults) -> ScriptedServer:
    server.faults = Faults(**faults)
    server.reset_counters()
    return server


def settings(agent: ScriptedServer, customer: ScriptedServer, tmp_path: Path, route: str = ROUTES[0], **extra):
    """Tool-calling agent on one server, LLM user on another."""
    config = {
        "env": {"name": "airline"},
        "agent": {"name": "tool_calling"},
        "user": {
            "name": "llm",
            "model": "openai/customer",
            "api_base": customer.url,
            "pricing": {"input": 0, "output": 0},
        },
        "model": {"name": route, "pricing": {"input": 0, "output": 0}},
        "provider": {"name": "scripted", "api_base": agent.url, "label_requests": True},
        "llm": FAST,
        "tracking": {"enabled": False},
        "progress": False,
        "output_dir": str(tmp_path / "run"),
    }
    return parse_settings(merged(config, extra))


def one_episode(settings_, airline, task_id: str = "0") -> EpisodeResult:
    """One planned episode as a run executes it (episode reruns included)."""
    return EpisodeRunner(settings_, airline, SpendMeter())(PlannedEpisode(0, airline.tasks[task_id], 0, 7))


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("kind", MALFORMED_REPLIES)
def test_an_unusable_reply_is_the_agents_failure_after_one_call(servers, tmp_path, airline, kind, route):
    customer, model = servers
    breaking(model, malformed_reply=1.0, malformed_reply_kind=kind)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = one_episode(settings(model, customer, tmp_path, route), airline)
    assert not [w for w in caught if "serializer" in str(w.message)]  # litellm's dump of the reply prints nothing
    assert model.total_requests == 1 and result.attempts == 1  # no retried call, no rerun episode
    assert model.faults_injected == {"malformed_reply": 1}
    assert (result.error.kind, result.error.type, result.termination_reason) == (
        "agent_error",
        "LLMReplyError",
        "agent_error",
    )
    assert result.reward == 0.0  # graded, as any agent error
    assert 0 < len(result.error.reply) <= EXCERPT_CHARS and SHOWN.get(kind, "") in result.error.reply
    assert len(result.error.traceback) < 10_000  # litellm's chain (the whole reply) is not kept


@pytest.mark.parametrize("route", ROUTES)
def test_an_unusable_reply_of_the_customers_model_is_a_user_error(servers, tmp_path, airline, route):
    customer, model = servers
    breaking(model)
    breaking(customer, malformed_reply=1.0, malformed_reply_kind="html_body")
    try:
        result = one_episode(
            settings(model, customer, tmp_path, user={"model": route.replace("scripted", "customer")}), airline
        )
        assert customer.total_requests == 1 and model.total_requests == 0 and result.attempts == 1
    finally:
        breaking(customer)
    assert (result.error.kind, result.error.type, result.reward) == ("user_error", "LLMReplyError", 0.0)
    assert "502 Bad Gateway" in result.error.reply


def test_episodes_ended_by_unusable_replies_are_recorded_and_scored_once_another_finishes(servers, tmp_path):
    """One at a time, seeded: the first episode meets an unusable reply (held back: it might be
    the first of a systematic failure), the next succeeds, which writes both, and the others
    are written as they finish: every one of them recorded and scored."""
    customer, _ = servers
    faults = Faults(malformed_reply=0.3, malformed_reply_kind="content_number", seed=3)
    with ScriptedServer(domains=("airline",), faults=faults) as model:
        report = run(settings(model, customer, tmp_path, end_index=6, max_concurrency=1), base_dir=tmp_path)
    failed = [episode for episode in report.episodes if episode.error]
    assert [episode.error is None for episode in report.episodes] == [False, True, False, False, False, False]  # seed 3
    assert not report.failed and report.summary.stopped is None and len(report.episodes) == 6
    assert all(e.error.type == "LLMReplyError" and e.reward == 0.0 for e in failed)
    assert report.summary.scored_episodes == 6 and report.summary.successes == 6 - len(failed)
    assert len((report.output_dir / EPISODES_FILE).read_text().splitlines()) == 6


def result_with(
    error: str | None, kind: str = "agent_error", message: str = "openai/x: the reply cannot be used: 42"
) -> EpisodeResult:
    failure = EpisodeError(kind=kind, type=error, message=message, traceback="") if error else None
    return EpisodeResult(
        task_id="0",
        trial=0,
        seed=1,
        reward=0.0 if error else 1.0,
        reward_info=RewardInfo(reward=0.0, reward_basis=[]),
        termination_reason=kind if error else "user_stop",
        error=failure,
        messages=[],
        num_steps=0,
        num_tool_errors=0,
        usage={},
        started_at="",
        duration_s=0.0,
    )


def fed(fail_fast: FailFast, results: list) -> list[int]:
    return [index for index, _ in fail_fast.recordable(enumerate(results))]


def test_fail_fast_stops_on_five_alike_and_lets_anything_else_through():
    stops = []
    same = [
        result_with("LLMReplyError", message=f"openai/x: the reply cannot be used: {n}") for n in range(5)
    ]  # numbers aside
    assert fed(FailFast(10, stops.append), [*same, same[0], result_with(None)]) == [
        6
    ]  # after the stop: the same dropped
    assert len(stops) == 1 and stops[0].startswith("stopped: the first 5 episodes all ended with the same model error")
    assert fed(FailFast(3, stops.append), same[:3]) == [] and len(stops) == 2  # fewer planned: all of them
    ok, request = (
        result_with(None),
        result_with("LLMRequestError", message="openai/x: the provider rejected the request"),
    )
    assert fed(FailFast(10, stops.append), [same[0], same[1], ok, *same]) == list(range(8))  # held, then released
    assert fed(FailFast(10, stops.append), [same[0], request, *same]) == list(range(7))  # two errors: not systematic
    user = result_with("LLMReplyError", kind="user_error")
    assert fed(FailFast(10, stops.append), [same[0], user, *same]) == list(range(7))  # nor two roles
    for other in ("LLMTransientError", "AgentProtocolError"):
        assert fed(FailFast(10, stops.append), [same[0], result_with(other), *same]) == list(range(7))
    assert fed(FailFast(10, stops.append), [same[0], None, same[1]]) == [0, 2]  # ended early (budget): held ones kept
    assert len(stops) == 2


def test_a_run_whose_first_episodes_all_fail_alike_stops_and_resumes_once_fixed(servers, tmp_path):
    customer, model = servers
    breaking(model, malformed_reply=1.0, malformed_reply_kind="error_body", latency_s=0.05)  # slow enough to stop early
    stopped = run(settings(model, customer, tmp_path, end_index=12, max_concurrency=2), base_dir=tmp_path)
    assert stopped.failed and stopped.summary.stopped.startswith(
        "stopped: the first 5 episodes all ended with the same"
    )
    assert "the worker failed" in stopped.summary.stopped and 5 <= model.total_requests < 12  # one call an episode
    assert len(stopped.episodes) == 0 and (stopped.output_dir / EPISODES_FILE).read_text() == ""  # no column of zeros
    breaking(model)
    fixed = run(settings(model, customer, tmp_path, end_index=12, max_concurrency=2), base_dir=tmp_path)
    assert fixed.output_dir == stopped.output_dir and [e.reward for e in fixed.episodes] == [1.0] * 12


def test_a_run_stopped_by_a_systematic_model_error_exits_2_and_is_marked_failed(tmp_path):
    with ScriptedServer(
        domains=("airline",), faults=Faults(malformed_reply=1.0, malformed_reply_kind="html_body")
    ) as broken:
        result = run_cli(
            "env=airline",
            "model=scripted",
            f"provider.api_base={broken.url}",
            "task_ids=[0,1]",
            "progress=false",
            "tracking.charts=false",
            "tracking.trajectories_html=false",
            cwd=tmp_path,
        )
        assert broken.total_requests == 2  # the customer's first call, in each episode
    assert result.returncode == 2, result.stderr
    assert "stopped: the first 2 episodes all ended with the same model error" in result.stderr
    assert "user_error" in result.stderr and "rerun the same command to continue" in result.stderr
    assert next((tmp_path / "outputs").rglob(EPISODES_FILE)).read_text() == ""
    client = MlflowClient(local_store(tmp_path)[0])
    experiment = client.get_experiment_by_name("taubench").experiment_id
    assert [r.info.status for r in client.search_runs([experiment])] == ["FAILED"]


class FixedReplies:
    """A chat-completions fake answering request n (from 0) with ``reply(n)``, a JSON text."""

    def __init__(self, reply: Callable[[int], str]):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with fake.lock:
                    number, fake.requests = fake.requests, fake.requests + 1
                body = reply(number).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.lock, self.requests = threading.Lock(), 0
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def completion(message: dict, usage: str | None = '{"prompt_tokens": 1000, "completion_tokens": 100}') -> str:
    document = json.dumps(
        {
            "id": "c",
            "object": "chat.completion",
            "created": 1,
            "model": "m",
            "choices": [{"index": 0, "message": {"role": "assistant", **message}, "finish_reason": "stop"}],
        }
    )
    return document if usage is None else document[:-1] + f', "usage": {usage}}}'


PRICED_BY = {"pricing": {"pricing": {"input": 2.5, "output": 10}}, "litellm": {}}  # gpt-4o's price either way


def priced_answer(usage: Optional[str], priced_by: str, meter: Optional[SpendMeter] = None):
    fake = FixedReplies(lambda n: completion({"content": "hello"}, usage))
    try:
        client = LLMClient(ModelSpec(model="openai/gpt-4o", api_base=fake.url, **PRICED_BY[priced_by]), meter=meter)
        return client.complete([{"role": "user", "content": "hi"}])
    finally:
        fake.close()


@pytest.mark.parametrize(
    "usage",
    [
        None,  # no usage at all: litellm reports zeros
        "null",
        '{"prompt_tokens": -1000000, "completion_tokens": 100}',
        '{"prompt_tokens": 1000, "completion_tokens": -100}',
        '{"prompt_tokens": null, "completion_tokens": 100}',
        '{"prompt_tokens": 1000, "completion_tokens": 100, "prompt_tokens_details": {"cached_tokens": -400}}',
        '{"prompt_tokens": 1000, "completion_tokens": 100, "prompt_tokens_details": {"cached_tokens": 4000}}',
        '{"prompt_tokens": ' + "9" * 4000 + ', "completion_tokens": 100}',  # parses, but no real count
    ],
    ids=[
        "missing",
        "null",
        "negative-prompt",
        "negative-completion",
        "null-prompt",
        "negative-cached",
        "cached-above-prompt",
        "4000-digits",
    ],
)
@pytest.mark.parametrize("priced_by", PRICED_BY)
def test_token_counts_that_make_no_sense_give_an_unknown_cost_never_a_negative_one(usage, priced_by):
    meter = SpendMeter()
    answer = priced_answer(usage, priced_by, meter)
    assert answer.content == "hello" and answer.usage.cost is None and meter.spent == 0
    assert min(answer.usage.prompt_tokens, answer.usage.completion_tokens, answer.usage.cached_prompt_tokens) >= 0
    assert answer.usage.prompt_tokens <= 10**9


@pytest.mark.parametrize("priced_by", PRICED_BY)
def test_sound_token_counts_are_priced(priced_by):
    usage = '{"prompt_tokens": 1000, "completion_tokens": 100, "prompt_tokens_details": {"cached_tokens": 0}}'
    assert priced_answer(usage, priced_by).usage.cost == pytest.approx(1000 * 2.5e-6 + 100 * 10e-6)


def test_a_budget_that_unknown_costs_would_defeat_stops_the_run(servers, tmp_path):
    """Every price is known (checked before the run), but the model's replies report no
    usage: what the run spends is unknown, so no new episode starts once that is seen."""
    customer, _ = servers
    silent = FixedReplies(lambda n: completion({"content": "Done: I have nothing more to do."}, usage=None))
    try:
        agent = type("Endpoint", (), {"url": silent.url})
        report = run(
            settings(agent, customer, tmp_path, task_ids=["0", "1", "2"], max_cost=5, max_concurrency=1),
            base_dir=tmp_path,
        )
    finally:
        silent.close()
    assert report.failed and report.summary.stopped.startswith("stopped: max_cost $5 cannot be kept")
    assert "reported no usable token counts" in report.summary.stopped
    assert report.summary.num_episodes == 1 and report.summary.not_started == 2  # the first ran; then it stopped


def test_arguments_nested_past_what_a_record_can_hold_become_an_error_observation(tmp_path):
    """litellm accepts tool-call arguments 300 levels deep; the call is kept as written text,
    never run, and the episode and the run's files are written as usual."""
    deep = json.dumps({"reservation_id": json.loads("[" * 300 + "]" * 300)})
    call = {"id": "call_deep", "type": "function", "function": {"name": "get_reservation_details", "arguments": deep}}
    fake = FixedReplies(
        lambda n: completion({"content": None, "tool_calls": [call]} if n == 0 else {"content": "Done."})
    )
    try:
        config = {
            "env": {"name": "airline"},
            "agent": {"name": "tool_calling"},
            "user": {"name": "oracle"},
            "task_ids": ["0"],
            "model": {"name": "openai/x", "pricing": {"input": 0, "output": 0}},
            "provider": {"name": "fake", "api_base": fake.url},
            "tracking": {"enabled": False},
            "progress": False,
            "output_dir": str(tmp_path / "run"),
        }
        report = run(parse_settings(config), base_dir=tmp_path)
    finally:
        fake.close()
    (episode,) = report.episodes
    (recorded,) = episode.tool_calls
    assert recorded.error and "not a valid JSON object" in recorded.observation and episode.num_tool_errors == 1
    assert recorded.arguments == {} and episode.error is None and fake.requests == 2
    assert json.loads(report.results_file.read_text())["episodes"][0]["tool_calls"][0]["error"] is True


def test_arguments_nested_past_the_parsers_limit_are_kept_as_written():
    written = "[" * DEEP_NESTING + "]" * DEEP_NESTING
    call = parse_tool_call(ToolCallRequest(id="c", name="f", arguments=written))
    assert call.arguments == {} and call.invalid_arguments == written


SCRIPTED = {
    "env": {"name": "airline"},
    "agent": {"name": "tool_calling"},
    "user": {"name": "llm"},
    "model": {"name": "openai/scripted"},
    "provider": {"name": "scripted", "api_base": "http://127.0.0.1:8765/v1"},
}


@pytest.mark.parametrize(
    "extra, key",
    [
        ({"model": {"name": "foo/bar"}}, "model.name"),
        ({"model": {"name": "gpt4o"}}, "model.name"),  # a model config's name is not a litellm model string
        ({"user": {"model": "foo/bar"}}, "user.model"),
        ({"judge": {"model": "runpod/llama"}}, "judge.model"),
        ({"analysis": {"model": "foo/bar", "api_base": "http://127.0.0.1:1/v1"}}, "analysis.model"),
    ],
)
def test_a_model_string_litellm_cannot_route_is_refused_before_the_run(extra, key):
    with pytest.raises(ConfigError) as refused:
        check_models(parse_settings(merged(SCRIPTED, extra)))
    message = str(refused.value)
    model = merged(SCRIPTED, extra)[key.split(".")[0]]["name" if key == "model.name" else "model"]
    assert f"  {key}: litellm cannot route {model!r} to a provider (" in message
    assert (
        "allowed: " in message and "openai/<model>" in message and "hosted_vllm" in message and "together_ai" in message
    )
    assert ("model config (model=<name>: " in message and "gpt4o" in message) == (key == "model.name")


README_EXAMPLES = [
    ["model.name=anthropic/claude-sonnet-4-20250514"],
    ["model.name=openai/my-model", "provider.api_base=https://proxy.example/v1", "provider.api_key_env=PROXY_KEY"],
    ["model=claude-3-5-sonnet-20241022", "user.model=gpt-4o", "judge.model=gpt-4.1-2025-04-14"],
    ["model=vllm/llama-3.3-70b", "user.model=gpt-4o"],
    ["provider=vllm", "model.name=hosted_vllm/served-model"],
    ["model=scripted", "judge.model=openai/scripted"],
    ["model=gpt4o", "analysis.model=gpt-4.1-2025-04-14"],
]


def test_every_model_config_and_the_readmes_examples_pass_the_check(monkeypatch):
    for variable in (
        "OPENAI",
        "ANTHROPIC",
        "GEMINI",
        "MISTRAL",
        "TOGETHERAI",
        "DEEPINFRA",
        "ANYSCALE",
        "VLLM",
        "PROXY",
    ):
        monkeypatch.setenv(f"{variable}_API_KEY" if variable != "PROXY" else "PROXY_KEY", "set")
    monkeypatch.setenv("VLLM_API_BASE", "http://127.0.0.1:8000/v1")
    with initialize_config_module(config_module="taubench.conf", version_base="1.3"):
        for overrides in [[f"model={name}"] for name in model_configs()] + README_EXAMPLES:
            config = compose(config_name="config", overrides=overrides)
            check_models(parse_settings(OmegaConf.to_container(config, resolve=True)))


def test_rerunning_the_command_of_a_run_with_episodes_left_out_runs_just_those(servers, tmp_path):
    customer, model = servers
    breaking(model, server_error=1.0)
    first = run(
        settings(model, customer, tmp_path, task_ids=["0", "1", "2"], episode_retries=0, llm={"max_attempts": 1}),
        base_dir=tmp_path,
    )
    assert first.summary.infrastructure_failures == [("0", 0), ("1", 0), ("2", 0)]
    breaking(model)
    again = run(settings(model, customer, tmp_path, task_ids=["0", "1", "2"]), base_dir=tmp_path)
    assert again.output_dir == first.output_dir and [e.reward for e in again.episodes] == [1.0] * 3
    assert again.summary.infrastructure_failures == [] and model.total_requests == sum(
        e.usage["agent"].calls for e in again.episodes
    )


def test_a_sweep_runs_every_job_then_exits_3_if_any_left_episodes_out(tmp_path):
    with ScriptedServer(domains=("airline",), faults=Faults(server_error=1.0)) as failing:
        result = run_cli(
            "--multirun",
            "env=airline",
            "model=scripted",
            f"provider.api_base={failing.url}",
            "task_ids=[0],[1]",
            "progress=false",
            "tracking.enabled=false",
            "episode_retries=0",
            "llm.max_attempts=2",
            "llm.initial_backoff=0.01",
            cwd=tmp_path,
        )
        assert failing.total_requests == 2 * 2  # 2 jobs of one episode, its first call tried twice
    assert result.returncode == 3, result.stderr
    assert len(list(tmp_path.rglob("results.json"))) == 2  # the first job's failures did not stop the sweep
    assert "2 episode(s) of the sweep's runs in" in result.stderr and "left out of the scores" in result.stderr
    assert "Rerun the same command to run just those again" in result.stderr


def test_a_run_that_never_reaches_its_model_stops_after_its_first_episodes_instead_of_retrying_for_hours(tmp_path):
    closed = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there: every connection is refused
    result = run_cli(
        "env=airline",
        "model=scripted",
        f"provider.api_base={closed}",
        "task_ids=[0,1,2,3,4,5,6,7]",
        "max_concurrency=2",
        "llm.max_attempts=3",
        "llm.initial_backoff=0.01",
        "llm.max_backoff=0.01",
        "progress=false",
        "tracking.charts=false",
        "tracking.trajectories_html=false",
        cwd=tmp_path,
    )
    assert result.returncode == 2, result.stderr
    assert "stopped: the first 5 episodes all ended without reaching the model" in result.stderr
    assert (
        f"could not connect to {closed} (gave up after " in result.stderr
    )  # the first call after 3 attempts, the next after 1
    assert "rerun the same command to continue" in result.stderr
    assert next((tmp_path / "outputs").rglob(EPISODES_FILE)).read_text() == ""  # no episode recorded: all run again

"""agent=dialogflow_cx against a local fake of Dialogflow CX v3beta1 (tests/dialogflow_cx_fake.py),
driven by the real google-cloud-dialogflow-cx client over REST and over gRPC; and
``python -m taubench dialogflow_cx export-tools``."""

import json
from functools import partial

import jsonschema
import pytest
from conftest import run_cli
from dialogflow_cx_fake import FakeCX, GrpcServer, RestServer
from google.cloud import dialogflowcx_v3beta1 as cx
from google.protobuf import json_format

import taubench.agents.dialogflow_cx as dialogflow_cx
from taubench.agents.dialogflow_cx import DialogflowCXAgent, DialogflowCXOptions, parse_endpoint
from taubench.core.episode import run_episode
from taubench.core.retrying import RetryPolicy
from taubench.integrations.dialogflow_cx_tools import main as dialogflow_cx_main
from taubench.users.oracle import OracleUser, opening_request

FAST_RETRIES = RetryPolicy(initial_backoff=0.01, max_backoff=0.05)
SERVERS = {"rest": RestServer, "grpc": GrpcServer}
BAGGAGE_TASK = "21"  # update_reservation_baggages: integer arguments the database stores as given


def serving(airline, *task_ids, transport="rest", **behaviour):
    tasks = [airline.tasks[task_id] for task_id in task_ids]
    fake = FakeCX(airline, {opening_request(task.user_scenario.instructions): task for task in tasks}, **behaviour)
    return fake, SERVERS[transport](fake)


def options_for(server, transport: str) -> DialogflowCXOptions:
    """As a run makes them: once, shared by its episodes (and so is their connection)."""
    return DialogflowCXOptions(project="p1", agent_id="a1", api_endpoint=server.endpoint, transport=transport)


def play(airline, server, task_id: str, transport: str, trial: int = 0, options=None):
    options = options or options_for(server, transport)
    agent = partial(DialogflowCXAgent, options=options, retry=FAST_RETRIES)
    return run_episode(airline, airline.tasks[task_id], trial, 7, agent, OracleUser)


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_the_agent_plays_a_task_through_the_real_client_and_unavailable_answers_are_retried(airline, transport):
    fake, server = serving(airline, BAGGAGE_TASK, transport=transport, unavailable=2)
    try:
        result = play(airline, server, BAGGAGE_TASK, transport)
    finally:
        server.close()
    assert result.error is None and result.termination_reason == "agent_stop"
    assert result.reward == 1.0
    usage = result.usage["agent"]
    assert (usage.calls, usage.retries, usage.cost) == (3, 2, 0.0)  # the customer's words, then each tool result
    gold = [action for action in airline.tasks[BAGGAGE_TASK].gold_actions]
    assert [(call.name, call.arguments) for call in result.tool_calls] == [
        (action.name, action.arguments) for action in gold
    ]
    baggage = result.tool_calls[1].arguments
    assert type(baggage["total_baggages"]) is int and type(baggage["nonfree_baggages"]) is int  # floats in the Struct
    requests = fake.requests[2:]  # after the two refused
    assert len({request.session for request in requests}) == 1
    assert requests[0].query_input.text.text == opening_request(airline.tasks[BAGGAGE_TASK].user_scenario.instructions)
    result_sent = requests[1].query_input.tool_call_result
    assert result_sent.tool == fake.resource["update_reservation_flights"] and not result_sent.error.message
    output = json_format.MessageToDict(cx.ToolCallResult.pb(result_sent).output_parameters)
    assert output == {"result": result.tool_calls[0].observation}


def test_each_episode_gets_a_new_session_named_after_its_task_trial_and_seed(airline):
    """CX keeps a session's state after its last turn: an episode run again (a retry) must not resume it."""
    fake, server = serving(airline, BAGGAGE_TASK)
    options = options_for(server, "rest")
    try:
        for trial in (0, 1, 0):
            assert play(airline, server, BAGGAGE_TASK, "rest", trial, options).reward == 1.0
    finally:
        server.close()
    first, second, again = [
        request.session.rsplit("/", 1)[1] for request in fake.requests if request.query_input.text.text
    ]
    assert fake.requests[0].session.startswith("projects/p1/locations/global/agents/a1/sessions/tb")
    assert len({first, second, again}) == 3 and all(len(session) <= 36 for session in (first, second, again))
    stem, run, attempt = first.split("-")
    assert again == f"{stem}-{run}-1" and second.split("-")[0] != stem and second.split("-")[1] == run


def test_without_integer_coercion_the_database_would_differ(airline, monkeypatch):
    monkeypatch.setattr(dialogflow_cx, "conform", lambda value, schema: value)
    fake, server = serving(airline, BAGGAGE_TASK)
    try:
        result = play(airline, server, BAGGAGE_TASK, "rest")
    finally:
        server.close()
    assert result.reward == 0.0 and result.tool_calls[1].arguments["total_baggages"] == 2.0


def test_a_wrong_tool_scores_zero_and_its_error_goes_back_in_the_error_form(airline):
    wrong = {"update_reservation_flights": "get_reservation_details"}
    fake, server = serving(airline, BAGGAGE_TASK, transport="grpc", substitute=wrong)
    try:
        result = play(airline, server, BAGGAGE_TASK, "grpc")
    finally:
        server.close()
    assert result.reward == 0.0 and result.termination_reason == "agent_stop"
    assert result.tool_calls[0].name == "get_reservation_details" and result.tool_calls[0].error
    sent = fake.requests[1].query_input.tool_call_result
    assert sent.error.message == result.tool_calls[0].observation and not sent.output_parameters


def test_endpoints_are_plaintext_for_loopback_hosts_only():
    assert parse_endpoint("http://127.0.0.1:8080").plaintext and parse_endpoint("[::1]:9000").plaintext
    assert parse_endpoint("localhost:9000").address == "localhost:9000"
    assert not parse_endpoint("europe-west1-dialogflow.googleapis.com").plaintext
    assert not parse_endpoint("https://dialogflow.example.com:443").plaintext
    with pytest.raises(ValueError, match="loopback hosts only"):
        parse_endpoint("http://dialogflow.example.com:80")
    regional = DialogflowCXOptions(project="p", agent_id="a", location="us-central1")
    assert regional.endpoint().address == "us-central1-dialogflow.googleapis.com"


def test_export_tools_writes_cx_function_tools_that_round_trip_and_accept_the_gold_arguments(airline, tmp_path):
    out = tmp_path / "tools.json"
    assert dialogflow_cx_main(["export-tools", "--env", "airline", "--out", str(out)]) == 0
    tools = json.loads(out.read_text())
    assert [tool["displayName"] for tool in tools] == [
        tool["function"]["name"] for tool in airline.spec.toolkit.schemas()
    ]
    assert "$ref" not in out.read_text() and '"null"' not in out.read_text()
    for tool in tools:
        proto = json_format.ParseDict(tool, cx.Tool.pb()())  # unknown fields would raise
        assert json_format.MessageToDict(proto) == tool
        assert tool["functionSpec"]["outputSchema"]["properties"] == {"result": {"type": "string"}}
        jsonschema.Draft4Validator.check_schema(tool["functionSpec"]["inputSchema"])
    schemas = {tool["displayName"]: tool["functionSpec"]["inputSchema"] for tool in tools}
    for task in airline.tasks.values():
        for action in task.gold_actions:
            jsonschema.validate(action.arguments, schemas[action.name])


def test_a_run_through_the_cli_scores_its_tasks_with_the_retries_on_record(airline, tmp_path):
    fake, server = serving(airline, BAGGAGE_TASK, "14", unavailable=2)
    try:
        ran = run_cli(
            "env=airline",
            f"task_ids=[{BAGGAGE_TASK},14]",
            "agent=dialogflow_cx",
            "agent.project=p1",
            "agent.agent_id=a1",
            f"agent.api_endpoint={server.endpoint}",
            "agent.transport=rest",
            "user=oracle",
            "max_concurrency=1",
            "llm.initial_backoff=0.01",
            "llm.max_backoff=0.05",
            "tracking.enabled=false",
            "progress=false",
            cwd=tmp_path,
        )
    finally:
        server.close()
    assert ran.returncode == 0, ran.stderr
    (results,) = tmp_path.rglob("results.json")
    episodes = json.loads(results.read_text())["episodes"]
    assert [(episode["reward"], episode["termination_reason"]) for episode in episodes] == [(1.0, "agent_stop")] * 2
    assert sum(episode["usage"]["agent"]["retries"] for episode in episodes) == 2
    assert all(episode["usage"]["agent"]["cost"] == 0.0 for episode in episodes)


def test_an_agent_cx_does_not_know_stops_the_run(airline, tmp_path):
    fake, server = serving(airline, BAGGAGE_TASK, transport="grpc")
    try:
        ran = run_cli(
            "env=airline",
            f"task_ids=[{BAGGAGE_TASK}]",
            "agent=dialogflow_cx",
            "agent.project=p1",
            "agent.agent_id=elsewhere",
            f"agent.api_endpoint={server.endpoint}",
            "user=oracle",
            "tracking.enabled=false",
            "progress=false",
            cwd=tmp_path,
        )
    finally:
        server.close()
    assert ran.returncode != 0
    said = ran.stdout + ran.stderr
    assert "stopped after an error every call would hit: Dialogflow CX refused or does not know this agent" in said
    assert "ListTools: NotFound: 404" in said
    assert not fake.requests  # no episode talked to it


def test_bad_options_are_named_before_anything_runs(tmp_path):
    ran = run_cli(
        "env=airline",
        "agent=dialogflow_cx",
        "agent.transport=carrier_pigeon",
        "agent.credentials_file=/no/such/key.json",
        "user=oracle",
        "tracking.enabled=false",
        cwd=tmp_path,
    )
    assert ran.returncode != 0
    for expected in (
        "agent.project: required",
        "agent.agent_id: required",
        "agent.transport: Input should be 'grpc' or 'rest'",
        "agent.credentials_file: file not found: '/no/such/key.json'",
    ):
        assert expected in ran.stderr, ran.stderr
    assert not (tmp_path / "outputs").exists()


def test_an_unusable_key_file_stops_the_run(airline, tmp_path):
    key = tmp_path / "key.json"
    key.write_text('{"type": "service_account"}')  # no key in it
    options = DialogflowCXOptions(project="p1", agent_id="a1", credentials_file=key)
    result = run_episode(
        airline, airline.tasks[BAGGAGE_TASK], 0, 7, partial(DialogflowCXAgent, options=options), OracleUser
    )
    assert (
        result.error.type == "AgentServiceAccessError" and result.error.kind == "infrastructure_error"
    )  # the runner stops on it
    assert "no usable credentials" in result.error.message


def test_without_the_library_the_options_say_which_extra_to_install(monkeypatch):
    monkeypatch.setattr(dialogflow_cx.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(ValueError, match=r"transport\n.*pip install 'taubench\[dialogflow\]'"):
        DialogflowCXOptions(project="p1", agent_id="a1")


@pytest.mark.parametrize("behaviour", [{"batch": True}, {"handoff": True}], ids=["several calls at once", "hand-off"])
def test_several_calls_in_one_answer_and_a_hand_off_to_a_live_agent(airline, behaviour):
    fake, server = serving(airline, BAGGAGE_TASK, **behaviour)
    try:
        result = play(airline, server, BAGGAGE_TASK, "rest")
    finally:
        server.close()
    assert result.reward == 1.0 and result.error is None
    assert result.termination_reason == ("agent_handoff" if "handoff" in behaviour else "agent_stop")
    asked = [message.tool_calls for message in result.messages if message.role == "assistant" and message.tool_calls]
    assert [len(calls) for calls in asked] == ([2] if "batch" in behaviour else [1, 1])

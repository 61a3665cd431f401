"""The scripted chat-completions server: its customer, agent and judge, by the caller label of each
request, its faults, its CLI."""

import http.client
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Optional

import litellm
import pytest
from conftest import GUARD_DIR

from taubench.core.messages import UserMessage
from taubench.models.client import CALLER_HEADER
from taubench.models.judge import render_request
from taubench.testing.scripted_replies import CALLERS
from taubench.testing.scripted_server import Faults, FixedUsage, ScriptedServer
from taubench.users.llm import system_prompt
from taubench.users.oracle import CLOSING, opening_request

TOOLS = [{"type": "function", "function": {"name": "any_tool", "parameters": {"type": "object", "properties": {}}}}]
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def complete(server: ScriptedServer, caller: str, messages: list[dict], **kwargs):
    """A plain litellm call, labelled as ``caller``'s (as LLMClient labels it)."""
    litellm.suppress_debug_info = True
    return litellm.completion(
        model="openai/scripted",
        api_base=server.url,
        api_key="sk-local",
        messages=messages,
        num_retries=0,
        max_retries=0,
        extra_headers={CALLER_HEADER: caller},
        **kwargs,
    )


def post(server: ScriptedServer, body: dict, caller: Optional[str] = None) -> tuple[int, dict, dict]:
    """Status, headers and JSON body of one raw request, labelled as ``caller``'s if given."""
    headers = {"Content-Type": "application/json", **({CALLER_HEADER: caller} if caller else {})}
    request = urllib.request.Request(f"{server.url}/chat/completions", data=json.dumps(body).encode(), headers=headers)
    try:
        with NO_PROXY.open(request, timeout=10) as response:
            return response.status, dict(response.headers), json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read())


def user_request(task) -> list[dict]:
    return [{"role": "system", "content": system_prompt(task.user_scenario)}]


def agent_request(domain: str, task) -> list[dict]:
    opening = f"{opening_request(task.user_scenario.instructions)} [task {domain}:{task.id}]"
    return [{"role": "system", "content": "You are an agent."}, {"role": "user", "content": opening}]


def assistant_gold(task) -> list:
    return [action for action in task.gold_actions if action.requestor == "assistant"]


def judge_request(outcomes: list[str]) -> list[dict]:
    return [
        {"role": "system", "content": "Grade it."},
        {"role": "user", "content": render_request([UserMessage(content="Hi")], outcomes)},
    ]


@pytest.fixture(scope="module")
def server():
    with ScriptedServer(domains=("retail", "airline")) as running:  # the tasks the tests here play
        yield running


@pytest.fixture(autouse=True)
def fresh_counters(server):
    server.reset_counters()


@pytest.mark.parametrize("domain, task_id", [("retail", "5"), ("airline", "7")])
def test_the_customer_states_the_request_with_a_task_marker_then_stops(server, domain, task_id, retail, airline):
    task = {"retail": retail, "airline": airline}[domain].tasks[task_id]
    messages = user_request(task)
    opening = complete(server, "user/llm", messages).choices[0].message.content
    assert opening == f"{opening_request(task.user_scenario.instructions)} [task {domain}:{task_id}]"
    messages += [{"role": "assistant", "content": opening}, {"role": "user", "content": "Done. Anything else?"}]
    assert complete(server, "user/llm", messages).choices[0].message.content == CLOSING
    assert server.counts == {"user": 2}


def test_a_customer_without_a_known_scenario_is_a_bad_request(server):
    status, _, body = post(
        server, {"model": "m", "messages": [{"role": "system", "content": "Play a customer."}]}, "user/llm"
    )
    assert status == 400 and "no known task scenario" in body["error"]["message"]
    assert server.counts == {} and server.total_requests == 1


def test_a_request_without_a_caller_label_is_a_bad_request_naming_the_header_and_the_callers(server, retail):
    """Whatever its prompt looks like: the label alone says who asks."""
    body = {"model": "m", "messages": user_request(retail.tasks["5"])}  # a customer's request, in every other way
    status, _, unlabelled = post(server, body)
    assert status == 400 and unlabelled["error"]["type"] == "invalid_request_error"
    message = unlabelled["error"]["message"]
    assert f"no {CALLER_HEADER} header" in message and "provider.label_requests" in message
    assert message.endswith(f"Allowed: {', '.join(CALLERS)}") and "user/verify/supervisor" in CALLERS
    status, _, unknown = post(server, body, "user/chatty")
    assert status == 400 and f"{CALLER_HEADER} 'user/chatty' names no caller it serves" in unknown["error"]["message"]
    assert post(server, body, "user/llm")[0] == 200
    assert server.counts == {"user": 1} and server.callers == {None: 1, "user/chatty": 1, "user/llm": 1}


def test_the_label_decides_the_role_not_the_prompt(server, retail):
    """The customer's request labelled as a react user's or a supervisor's is answered as theirs."""
    messages = user_request(retail.tasks["5"])
    opening = complete(server, "user/llm", messages).choices[0].message.content
    assert complete(server, "user/react", messages).choices[0].message.content.endswith(f"User Response:\n{opening}")
    verdict = json.loads(complete(server, "user/verify/supervisor", messages).choices[0].message.content)
    assert verdict == {"accept": True, "reason": "scripted acceptance."}
    assert server.counts == {"user": 2, "supervisor": 1}


def test_a_default_caller_answers_requests_without_a_label():
    with ScriptedServer(domains=[], default_caller="judge") as server:
        status, _, body = post(server, {"model": "m", "messages": judge_request(["x"])})
        assert post(server, {"model": "m", "messages": judge_request(["x"])}, "analysis")[0] == 400  # a label wins
        assert server.counts == {"judge": 1}
    assert status == 200 and json.loads(body["choices"][0]["message"]["content"])["results"]
    with pytest.raises(ValueError, match="unknown default_caller 'jury'; allowed: agent, agent/tool_calling, "):
        ScriptedServer(domains=[], default_caller="jury")


def test_the_agent_calls_the_gold_actions_in_order_then_reports(server, retail):
    task = retail.tasks["37"]
    messages = agent_request("retail", task)
    calls = []
    for _ in range(20):
        response = complete(server, "agent/tool_calling", messages, tools=TOOLS)
        message = response.choices[0].message
        if not message.tool_calls:
            break
        assert response.choices[0].finish_reason == "tool_calls" and message.content is None
        (call,) = message.tool_calls
        calls.append((call.id, call.function.name, json.loads(call.function.arguments)))
        messages.append({"role": "assistant", "content": None, "tool_calls": [call.model_dump()]})
        messages.append({"role": "tool", "tool_call_id": call.id, "content": "ok"})
    gold = assistant_gold(task)
    assert len(gold) > 2 and task.communicate_info
    assert calls == [(f"call_{n}", action.name, action.arguments) for n, action in enumerate(gold)]
    assert message.content == "Everything is taken care of. For your records:\n" + "\n".join(task.communicate_info)
    assert response.choices[0].finish_reason == "stop"
    assert server.counts == {"agent": len(gold) + 1}


def test_an_agent_with_nothing_to_communicate_says_it_is_done(server, airline):
    task = airline.tasks["0"]
    assert not assistant_gold(task) and not task.communicate_info
    reply = (
        complete(server, "agent/tool_calling", agent_request("airline", task), tools=TOOLS).choices[0].message.content
    )
    assert reply == "Everything you asked for is taken care of."


def test_a_malformed_call_is_retried_under_a_fresh_id(server, retail):
    task = retail.tasks["37"]
    first, second = assistant_gold(task)[:2]
    messages = agent_request("retail", task) + [
        {"role": "assistant", "tool_calls": [call("call_0", first.name, json.dumps(first.arguments))]},
        {"role": "tool", "tool_call_id": "call_0", "content": "ok"},
        {"role": "assistant", "tool_calls": [call("call_1", second.name, '{"email": ')]},
        {"role": "tool", "tool_call_id": "call_1", "content": "Error: the arguments are not JSON"},
    ]
    status, _, body = post(server, {"model": "m", "messages": messages, "tools": TOOLS}, "agent/tool_calling")
    (retry,) = body["choices"][0]["message"]["tool_calls"]
    assert status == 200 and retry["id"] == "call_1_1"
    assert retry["function"] == {"name": second.name, "arguments": json.dumps(second.arguments)}


def call(call_id: str, name: str, arguments: str) -> dict:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def test_parallel_tool_calls_come_two_at_a_time(retail):
    task = retail.tasks["37"]
    gold = assistant_gold(task)
    with ScriptedServer(domains=["retail"], parallel_tool_calls=True) as server:
        _, _, body = post(
            server, {"model": "m", "messages": agent_request("retail", task), "tools": TOOLS}, "agent/tool_calling"
        )
    calls = body["choices"][0]["message"]["tool_calls"]
    assert [(c["id"], c["function"]["name"]) for c in calls] == [("call_0", gold[0].name), ("call_1", gold[1].name)]


def test_an_agent_request_without_a_task_marker_is_a_bad_request(server):
    messages = [{"role": "user", "content": "Cancel my order."}]
    status, _, body = post(server, {"model": "m", "messages": messages, "tools": TOOLS}, "agent/tool_calling")
    assert status == 400 and "[task <domain>:<id>] marker" in body["error"]["message"]


@pytest.mark.parametrize("verdict", [True, False])
def test_the_judge_gives_the_configured_verdict_on_every_outcome(verdict):
    outcomes = ["Agent cancels the order.", "Agent is polite."]
    with ScriptedServer(domains=[], judge_verdict=verdict) as server:
        reply = complete(server, "judge", judge_request(outcomes)).choices[0].message.content
        assert server.counts == {"judge": 1}
    assert json.loads(reply) == {
        "results": [{"expectedOutcome": o, "reasoning": "scripted", "metExpectation": verdict} for o in outcomes]
    }


def test_a_script_answers_every_request_and_its_failure_is_a_500():
    def script(request: dict) -> str:
        if request["messages"][-1]["content"] == "fail":
            raise RuntimeError("scripted failure")
        return "scripted reply"

    with ScriptedServer(script=script) as server:
        hi = [{"role": "user", "content": "hi"}]
        assert complete(server, "user/llm", hi).choices[0].message.content == "scripted reply"
        status, _, body = post(server, {"model": "m", "messages": [{"role": "user", "content": "fail"}]})  # no label
        assert status == 500 and "scripted failure" in body["error"]["message"]
        assert server.counts == {"custom": 1} and server.total_requests == 2


def test_usage_is_estimated_from_the_characters(server, retail):
    task = retail.tasks["37"]
    messages = agent_request("retail", task)
    _, _, body = post(server, {"model": "echo-me", "messages": messages, "tools": TOOLS}, "agent/tool_calling")
    assert body["model"] == "echo-me" and body["object"] == "chat.completion"
    prompt = (len(json.dumps(messages)) + len(json.dumps(TOOLS))) // 4
    completion = len(json.dumps(body["choices"][0]["message"]["tool_calls"])) // 4
    assert body["usage"] == {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
        "prompt_tokens_details": {"cached_tokens": 0},
    }


def test_fixed_usage_is_reported_on_every_answer():
    fixed = FixedUsage(prompt_tokens=1000, completion_tokens=50, cached_tokens=400)
    with ScriptedServer(domains=[], usage=fixed) as server:
        usage = complete(server, "judge", judge_request(["x"])).usage
    assert (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens) == (1000, 50, 1050)
    assert usage.prompt_tokens_details.cached_tokens == 400


def test_a_rate_limit_answers_429_with_retry_after():
    with ScriptedServer(domains=[], faults=Faults(rate_limit=1.0, retry_after_s=0.25)) as server:
        status, headers, body = post(server, {"model": "m", "messages": judge_request(["x"])}, "judge")
        with pytest.raises(litellm.RateLimitError):
            complete(server, "judge", judge_request(["x"]))
        assert server.faults_injected == {"rate_limit": 2} and server.counts == {}
    assert status == 429 and body["error"]["type"] == "rate_limit_error"
    assert headers["Retry-After"] == "0.25" and headers["retry-after-ms"] == "250"


def test_a_server_error_answers_500():
    with ScriptedServer(domains=[], faults=Faults(server_error=1.0)) as server:
        with pytest.raises(litellm.InternalServerError):
            complete(server, "judge", judge_request(["x"]))
        assert server.faults_injected == {"server_error": 1} and server.counts == {}


def test_a_hung_request_times_out_the_client_and_is_not_counted():
    with ScriptedServer(domains=[], faults=Faults(timeout=1.0, timeout_s=0.5)) as server:
        with pytest.raises(litellm.Timeout):
            complete(server, "judge", judge_request(["x"]), timeout=0.3)
        time.sleep(1.0)  # the held request ends and finds the client gone
        assert server.faults_injected == {"timeout": 1} and server.counts == {}


def test_a_patient_client_gets_the_held_answer():
    with ScriptedServer(domains=[], faults=Faults(timeout=1.0, timeout_s=0.2)) as server:
        status, _, body = post(server, {"model": "m", "messages": judge_request(["x"])}, "judge")
        assert server.faults_injected == {"timeout": 1} and server.counts == {"judge": 1}
    assert status == 200 and json.loads(body["choices"][0]["message"]["content"])["results"]


def test_closing_does_not_wait_for_a_held_request():
    with ScriptedServer(domains=[], faults=Faults(timeout=1.0, timeout_s=30)) as server:
        with pytest.raises(litellm.Timeout):
            complete(server, "judge", judge_request(["x"]), timeout=0.2)
        started = time.monotonic()
    assert time.monotonic() - started < 1


def test_latency_delays_every_answer():
    with ScriptedServer(domains=[], faults=Faults(latency_s=0.3)) as server:
        started = time.monotonic()
        complete(server, "judge", judge_request(["x"]))
    assert time.monotonic() - started >= 0.3


def test_jittered_latency_is_seeded_bounded_and_reported_on_stats():
    def latencies(seed: int) -> tuple[float, dict]:
        faults = Faults(latency_s=0.05, latency_jitter_s=0.04, seed=seed)
        with ScriptedServer(domains=[], faults=faults, keep_requests=False) as server:
            for _ in range(6):
                post(server, {"model": "m", "messages": judge_request(["x"])}, "judge")
            with NO_PROXY.open(server.url.removesuffix("/v1") + "/stats", timeout=10) as response:
                stats = json.loads(response.read())
            assert server.requests == [] and server.total_requests == 6
            return server.latency_total_s, stats

    total, stats = latencies(5)
    # urllib asks for a connection per request: the stats come over the 7th, open (earlier ones may be closing)
    assert stats.pop("connections_open") >= 1
    assert stats == {"requests": 6, "latency_total_s": total, "answered": {"judge": 6}, "connections_accepted": 7}
    assert 6 * 0.01 <= total <= 6 * 0.09 and total != pytest.approx(6 * 0.05)  # it varies, within the bounds
    assert latencies(5)[0] == total != latencies(6)[0]
    with pytest.raises(ValueError, match="negative"):
        Faults(latency_s=0.1, latency_jitter_s=0.2)


def test_a_malformed_tool_call_has_arguments_that_are_not_json(retail):
    task = retail.tasks["37"]
    gold = assistant_gold(task)[0]
    with ScriptedServer(domains=["retail"], faults=Faults(malformed_tool_call=1.0)) as server:
        (call,) = (
            complete(server, "agent/tool_calling", agent_request("retail", task), tools=TOOLS)
            .choices[0]
            .message.tool_calls
        )
        opening = (
            complete(server, "user/llm", user_request(task)).choices[0].message.content
        )  # no tool call: nothing to break
        assert server.faults_injected == {"malformed_tool_call": 1} and server.counts == {"agent": 1, "user": 1}
    assert call.function.name == gold.name and json.dumps(gold.arguments).startswith(call.function.arguments)
    with pytest.raises(ValueError):
        json.loads(call.function.arguments)
    assert opening.endswith("[task retail:37]")


def test_the_agent_completes_its_task_through_malformed_calls(retail):
    task = retail.tasks["37"]
    messages, executed = agent_request("retail", task), []
    with ScriptedServer(domains=["retail"], faults=Faults(malformed_tool_call=0.5, seed=3)) as server:
        for _ in range(50):
            message = post(server, {"model": "m", "messages": messages, "tools": TOOLS}, "agent/tool_calling")[2][
                "choices"
            ][0]["message"]
            if not message["tool_calls"]:
                break
            (made,) = message["tool_calls"]
            messages += [{"role": "assistant", **message}, {"role": "tool", "tool_call_id": made["id"], "content": ""}]
            try:
                executed.append((made["function"]["name"], json.loads(made["function"]["arguments"])))
            except ValueError:
                pass  # a broken call changes nothing; the agent makes it again
        assert server.faults_injected["malformed_tool_call"] > 0
    assert executed == [(action.name, action.arguments) for action in assistant_gold(task)]
    assert message["content"].startswith("Everything is taken care of.")


def test_the_faults_follow_the_seed():
    def pattern(seed: int) -> list[int]:
        with ScriptedServer(domains=[], faults=Faults(server_error=0.5, seed=seed)) as server:
            return [post(server, {"model": "m", "messages": judge_request(["x"])}, "judge")[0] for _ in range(12)]

    assert pattern(7) == pattern(7) and {200, 500} <= set(pattern(7))


def test_malformed_replies_follow_the_seed_and_unknown_kinds_are_refused():
    def replies(seed: int) -> list[tuple[int, bytes]]:
        with ScriptedServer(script=lambda request: "fine", faults=Faults(malformed_reply=1.0, seed=seed)) as server:
            answers = []
            for _ in range(20):
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
                connection.request("POST", "/v1/chat/completions", json.dumps({"model": "m", "messages": []}))
                response = connection.getresponse()
                answers.append((response.status, response.read()[:12]))  # the shape, not the ids
                connection.close()
            assert server.faults_injected == {"malformed_reply": 20}
            return answers

    assert replies(3) == replies(3) and len(set(replies(3))) == 5  # kinds drawn by the seeded generator
    with pytest.raises(ValueError, match="unknown malformed_reply_kind 'nope'; allowed: any, content_number, "):
        Faults(malformed_reply_kind="nope")


def test_fault_rates_that_add_up_to_more_than_one_are_refused():
    with pytest.raises(ValueError, match="add up to more than 1"):
        Faults(rate_limit=0.6, server_error=0.5)


def test_the_command_serves_until_terminated():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    path = os.pathsep.join(filter(None, [str(GUARD_DIR), os.environ.get("PYTHONPATH")]))
    command = ["--port", str(port), "--domains", "airline", "--judge-verdict", "unmet"]
    process = subprocess.Popen(
        [sys.executable, "-m", "taubench.testing.scripted_server", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
    )
    try:
        url = process.stdout.readline().strip()
        assert url == f"http://127.0.0.1:{port}/v1", process.stderr.read()
        request = urllib.request.Request(
            f"{url}/chat/completions",
            data=json.dumps({"model": "m", "messages": judge_request(["x"])}).encode(),
            headers={CALLER_HEADER: "judge"},
        )
        with NO_PROXY.open(request, timeout=10) as response:
            reply = json.loads(response.read())["choices"][0]["message"]["content"]
        assert json.loads(reply)["results"][0]["metExpectation"] is False
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert process.returncode == 0


def test_an_empty_list_of_domains_loads_none():
    with ScriptedServer(domains=[]) as empty:  # None (the default) loads every scriptable domain
        assert empty.replies is not None and empty.replies.book.tasks == {}

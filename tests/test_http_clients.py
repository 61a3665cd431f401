"""Each thread's own HTTP client, handed to litellm (taubench.models.http_clients): every route a
shipped model config uses honours it and the run's timeout; the OpenAI route's plain-body
client sends what the stock one does; no thread's call builds a pydantic model."""

import json
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import litellm
import pytest
import yaml
from local_http import JsonHandler, LocalServer

from taubench.agents.tool_calling import system_prompt
from taubench.core.retrying import RetryPolicy
from taubench.domains import load_domain
from taubench.models.client import LLMClient
from taubench.models.errors import LLMTransientError
from taubench.models.http_clients import ThreadClients
from taubench.models.spec import ModelSpec

CONF = Path(__file__).resolve().parents[1] / "conf" / "model"
HOLD = "hold this request"


def shipped_models() -> list[str]:
    names = (yaml.safe_load(path.read_text()).get("model", {}).get("name") for path in sorted(CONF.rglob("*.yaml")))
    return sorted({name for name in names if name})


def one_model_per_route() -> list[str]:
    """A shipped model config of each litellm route they use (gpt-4o and openai/... both: the
    OpenAI route with and without the prefix)."""
    by_route: dict = {}
    for name in shipped_models():
        by_route.setdefault((ThreadClients(name, "http://127.0.0.1:1", None, 1.0).route, "/" in name), name)
    return sorted(by_route.values())


class ProviderFake(JsonHandler):
    """Answers in the format of the path asked (Anthropic messages, Gemini generateContent,
    else OpenAI chat completions), over kept-alive connections; notes each request's path,
    the client's port (its connection) and body."""

    protocol_version = "HTTP/1.1"
    seen: list = []
    closed: set = set()  # ports whose connection the client closed

    def handle(self) -> None:
        super().handle()
        self.closed.add(self.client_address[1])

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.seen.append((self.path, self.client_address[1], body))
        if HOLD.encode() in body:
            time.sleep(1)  # past the client's timeout: it is gone when the answer would go
            return
        if self.path.endswith("/messages"):
            reply = {
                "id": "m",
                "type": "message",
                "role": "assistant",
                "model": "m",
                "stop_reason": "end_turn",
                "content": [{"type": "text", "text": "hi"}],
                "usage": {"input_tokens": 3, "output_tokens": 1},
            }
        elif ":generateContent" in self.path:
            reply = {
                "candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]}, "finishReason": "STOP"}],
                "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": 1, "totalTokenCount": 4},
            }
        else:
            reply = {
                "id": "c",
                "object": "chat.completion",
                "created": 1,
                "model": "m",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4},
            }
        self.answer(200, reply)


@pytest.fixture(scope="module")
def fake():
    server = LocalServer(ProviderFake)
    yield server
    server.close()


def test_shipped_configs_cover_every_listed_kind_of_route():
    routes = {ThreadClients(name, "http://127.0.0.1:1", None, 1.0).route for name in shipped_models()}
    assert {"openai", "deepinfra", "hosted_vllm", "anthropic", "gemini", "mistral", "together_ai"} <= routes


@pytest.mark.parametrize("model", one_model_per_route())
def test_each_thread_keeps_its_own_connection_on_every_shipped_route(fake, model):
    ProviderFake.seen.clear()
    with LLMClient(ModelSpec(model=model, api_base=fake.url)) as client:
        assert client.complete([{"role": "user", "content": "hello"}]).content == "hi"
        client.complete([{"role": "user", "content": "again"}])
        other = threading.Thread(target=client.complete, args=([{"role": "user", "content": "hello"}],))
        other.start()
        other.join()
        assert client.http.current() is not None
    ports = [port for _, port, _ in ProviderFake.seen]
    # one thread's calls share its connection; another thread opens its own (litellm's shared
    # pool would have handed it the idle one)
    assert len(ports) == 3 and ports[0] == ports[1] != ports[2]
    deadline = time.monotonic() + 10
    while not {ports[0], ports[2]} <= ProviderFake.closed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert {ports[0], ports[2]} <= ProviderFake.closed  # the client closed both threads' connections


@pytest.mark.parametrize("model", one_model_per_route())
def test_the_runs_timeout_applies_on_every_shipped_route(fake, model):
    spec = ModelSpec(model=model, api_base=fake.url)
    ProviderFake.seen.clear()
    with LLMClient(spec, RetryPolicy(timeout=0.3, max_attempts=1)) as client:
        with pytest.raises(LLMTransientError, match="(?i)time"):
            client.complete([{"role": "user", "content": HOLD}])
    assert len(ProviderFake.seen) == 1  # one attempt, one request: no retries hidden under ours


def test_a_route_not_listed_keeps_litellms_own_client():
    assert ThreadClients("cohere/command-r", None, None, 1.0).current() is None


def test_openai_clients_go_where_litellm_would_send_them(monkeypatch):
    monkeypatch.setenv("DEEPINFRA_API_KEY", "deepinfra-key")
    monkeypatch.setenv("OPENAI_API_KEY", "openai-key")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_API_BASE", raising=False)
    deepinfra = ThreadClients("deepinfra/meta-llama/Llama-3.3-70B-Instruct", None, None, 7.0).current()
    assert (str(deepinfra.base_url), deepinfra.api_key) == ("https://api.deepinfra.com/v1/openai/", "deepinfra-key")
    openai_ = ThreadClients("gpt-4o", None, None, 7.0).current()
    assert (str(openai_.base_url), openai_.api_key, openai_.timeout, openai_.max_retries) == (
        "https://api.openai.com/v1/",
        "openai-key",
        7.0,
        0,
    )
    configured = ThreadClients("openai/served", "http://127.0.0.1:9/v1", "own-key", 7.0).current()
    assert (str(configured.base_url), configured.api_key) == ("http://127.0.0.1:9/v1/", "own-key")


def test_the_plain_body_openai_client_sends_what_litellms_own_sends(fake):
    """A retail request as the tool-calling agent builds it (policy, tools, a tool call and
    its result), once through litellm's own OpenAI client and once through ours."""
    domain = load_domain("retail")
    messages = [
        {"role": "system", "content": system_prompt(domain.policy)},
        {"role": "user", "content": "Where is my order #W2378156? — Ünïcode"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "get_order_details", "arguments": '{"order_id": "#W2378156"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": '{"order_id": "#W2378156", "status": "delivered"}'},
    ]
    tools = domain.spec.toolkit.schemas()
    spec = ModelSpec(model="openai/served", api_base=fake.url, params={"max_tokens": 64})
    ProviderFake.seen.clear()
    litellm.completion(
        model=spec.model,
        messages=messages,
        tools=tools,
        tool_choice="auto",
        temperature=0.0,
        seed=3,
        max_tokens=64,
        api_base=fake.url,
        api_key="no-key",
        timeout=30,
        num_retries=0,
        max_retries=0,
        drop_params=True,
    )
    with LLMClient(spec) as client:
        client.complete(messages, tools=tools, seed=3)
    (_, _, stock), (_, _, plain) = ProviderFake.seen
    assert len(plain) > 15_000 and json.loads(plain) == json.loads(stock)  # the keys' order aside
    assert json.loads(plain)["messages"][2]["tool_calls"][0]["function"]["name"] == "get_order_details"


# In a new process (this one's models may be built by earlier tests): the pydantic models built
# during two calls of the client (a tool call and a text answer; litellm's and the client's
# own reading of the reply, its cost), through the OpenAI SDK and litellm's HTTP handler, once
# litellm is loaded as a run loads it. Any such build can race another thread's first call.
BUILT_DURING_CALLS = textwrap.dedent(
    """
    import json, threading
    from pydantic import BaseModel
    from taubench.models.client import LLMClient
    from taubench.models.judge import OUTCOMES_HEADING
    from taubench.models.routing import quiet_litellm
    from taubench.models.spec import ModelSpec
    from taubench.testing.scripted_server import ScriptedServer

    quiet_litellm()  # as every call does first
    built, inside = [], threading.local()
    rebuild, complete = BaseModel.model_rebuild.__func__, LLMClient.complete

    def noting_rebuild(model, *args, **kwargs):
        if getattr(inside, "call", False) and not model.__pydantic_complete__:
            built.append(f"{model.__module__}.{model.__qualname__}")
        return rebuild(model, *args, **kwargs)

    def noting_complete(*args, **kwargs):
        inside.call = True
        try:
            return complete(*args, **kwargs)
        finally:
            inside.call = False

    BaseModel.model_rebuild, LLMClient.complete = classmethod(noting_rebuild), noting_complete
    opening = [{"role": "user", "content": "Hello. [task mock:0]"}]
    tools = [{"type": "function", "function": {"name": "find_member", "parameters": {"type": "object"}}}]
    with ScriptedServer(domains=("mock",)) as server:
        for route in ("openai", "hosted_vllm"):
            with LLMClient(ModelSpec(model=f"{route}/m", api_base=server.url, label_requests=True)) as client:
                assert client.complete(opening, tools=tools, caller="agent/tool_calling").tool_calls
                verdict = [{"role": "user", "content": f"{OUTCOMES_HEADING} ['The agent said hello.']"}]
                assert client.complete(verdict, caller="judge").content
    print(json.dumps(built))
    """
)


def test_no_pydantic_model_is_built_during_a_call():
    """Were one built while an episode thread calls, another thread's first reply could fail
    (pydantic: "BaseModel cannot be instantiated directly"), as a dry run once did."""
    ran = subprocess.run([sys.executable, "-c", BUILT_DURING_CALLS], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout.splitlines()[-1]) == []

"""provider=runpod against a local fake of a RunPod serverless vLLM endpoint (its OpenAI route
``/v2/<endpoint id>/openai/v1``, bearer key), through the real litellm ``hosted_vllm/`` route:
the fake checks path and key, then answers as a worker does: cold (503s, a slow first answer),
warm (the scripted server's answers), or with a worker error inside a 200."""

import json
import threading
import time
from pathlib import Path

import httpx
import pytest
from conftest import run_cli
from local_http import JsonHandler, LocalServer

from taubench.core.retrying import RetryPolicy
from taubench.models.client import CALLER_HEADER, LLMClient
from taubench.models.spec import ModelSpec
from taubench.testing.scripted_server import ScriptedServer

ENDPOINT, KEY = "ep7x2kq", "rpa_TESTKEY0123456789"
SECRETS = {"RUNPOD_ENDPOINT_ID": ENDPOINT, "RUNPOD_API_KEY": KEY}
WARM_UP_REPLY = {
    "id": "cmpl-warm",
    "object": "chat.completion",
    "created": 0,
    "model": "meta-llama/Llama-3.1-8B-Instruct",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "Hello"}, "finish_reason": "length"}],
    "usage": {"prompt_tokens": 11, "completion_tokens": 1, "total_tokens": 12},
}


class FakeRunPod:
    """A serverless endpoint: ``cold_503s`` answers 503 first (no worker yet), the first answer
    after them waits ``first_delay_s``, and ``worker_error`` answers the first call after them
    with RunPod's error object in a 200 (a worker that crashed on it)."""

    def __init__(self, upstream: str, cold_503s: int = 0, first_delay_s: float = 0.0, worker_error: str = ""):
        self.upstream, self.cold_503s, self.first_delay_s, self.worker_error = (
            upstream,
            cold_503s,
            first_delay_s,
            worker_error,
        )
        self.seen: list[tuple[str, str, dict]] = []  # path, authorization, body
        self.lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with fake.lock:
                    fake.seen.append((self.path, self.headers.get("Authorization", ""), body))
                    number = len(fake.seen)
                if (
                    self.path != f"/v2/{ENDPOINT}/openai/v1/chat/completions"
                    or self.headers.get("Authorization") != f"Bearer {KEY}"
                ):
                    return self.answer(401, {"error": "Unauthorized"})
                if number <= fake.cold_503s:
                    return self.answer(503, {"error": "no workers available, scaling up"})
                if number == fake.cold_503s + 1:
                    time.sleep(fake.first_delay_s)
                if fake.worker_error and number == fake.cold_503s + 1:
                    return self.answer(200, {"error": {"message": fake.worker_error, "type": "worker_error"}})
                if (
                    body.get("max_tokens") == 1
                ):  # a warm-up: any worker answers it; the scripted server plays tasks only
                    return self.answer(200, WARM_UP_REPLY)
                label = {name: value for name, value in self.headers.items() if name.lower() == CALLER_HEADER.lower()}
                reply = httpx.post(f"{fake.upstream}/chat/completions", json=body, headers=label, timeout=30)
                self.answer(reply.status_code, reply.json())

        self.server = LocalServer(Handler)
        self.api_base = f"{self.server.url}/v2/{{endpoint}}/openai/v1"

    def close(self):
        self.server.close()


@pytest.fixture
def scripted():
    with ScriptedServer(domains=["airline"]) as server:
        yield server


def run_on(fake: FakeRunPod, folder: Path, *overrides: str, warm_up: bool = True):
    return run_cli(
        "env=airline",
        "task_ids=[0,1]",
        "provider=runpod",
        f"provider.api_base='{fake.api_base}'",
        f"provider.warm_up={warm_up}",
        "+provider.label_requests=true",  # the scripted server behind the fake tells agent from user by it
        "model.name=hosted_vllm/meta-llama/Llama-3.1-8B-Instruct",
        "model.pricing={input: 0, output: 0}",
        "llm.initial_backoff=0.05",
        "llm.max_backoff=0.2",
        "tracking.enabled=false",
        "progress=false",
        *overrides,
        cwd=folder,
        env=SECRETS,
    )


def episodes(folder: Path) -> list[dict]:
    (path,) = folder.rglob("results.json")
    return json.loads(path.read_text())["episodes"]


def test_a_warm_endpoint_is_reached_at_its_route_with_its_key_and_scores_as_the_ground_truth(scripted, tmp_path):
    fake = FakeRunPod(scripted.url)
    try:
        ran = run_on(fake, tmp_path)
    finally:
        fake.close()
    assert ran.returncode == 0, ran.stderr
    assert [episode["reward"] for episode in episodes(tmp_path)] == [1.0, 1.0]
    assert {(path, authorization) for path, authorization, _ in fake.seen} == {
        (f"/v2/{ENDPOINT}/openai/v1/chat/completions", f"Bearer {KEY}")
    }
    first = fake.seen[0][2]  # the warm-up: before any episode, as small as a call gets
    assert first["max_tokens"] == 1 and first["model"] == "meta-llama/Llama-3.1-8B-Instruct" and "tools" not in first
    assert "warm-up: hosted_vllm/meta-llama/Llama-3.1-8B-Instruct answered" in ran.stderr + ran.stdout
    written = "".join(
        path.read_text(errors="replace") for path in tmp_path.rglob("*") if path.is_file() and path.suffix != ".db"
    )
    assert KEY not in written and KEY not in ran.stdout + ran.stderr


def test_a_cold_start_is_waited_for_503s_retried_and_a_slow_first_answer_given_its_time(scripted, tmp_path):
    fake = FakeRunPod(scripted.url, cold_503s=2, first_delay_s=2.0)
    try:
        ran = run_on(fake, tmp_path, "llm.timeout=1", "provider.first_call_timeout=10", warm_up=False)
    finally:
        fake.close()
    assert ran.returncode == 0, ran.stderr
    records = episodes(tmp_path)
    assert [episode["reward"] for episode in records] == [1.0, 1.0]
    assert sum(episode["usage"]["agent"]["retries"] + episode["usage"]["user"]["retries"] for episode in records) == 2
    assert all(episode["error"] is None for episode in records)


@pytest.mark.parametrize("allowance, retries", [(None, 1), (10.0, 0)])
def test_a_slow_first_answer_times_out_and_is_retried_unless_the_first_call_is_allowed_its_time(
    allowance, retries, monkeypatch
):
    monkeypatch.setenv("RUNPOD_API_KEY", KEY)
    fake = FakeRunPod("http://127.0.0.1:9", first_delay_s=1.5)  # the warm-up is answered by the fake itself
    spec = ModelSpec(
        model="hosted_vllm/meta-llama/Llama-3.1-8B-Instruct",
        api_base=fake.api_base.replace("{endpoint}", ENDPOINT),
        api_key_env="RUNPOD_API_KEY",
        first_call_timeout=allowance,
    )
    client = LLMClient(spec, RetryPolicy(timeout=0.5, initial_backoff=0.01, max_backoff=0.05))
    try:
        client.warm_up()
        second = client.complete([{"role": "user", "content": "Hi"}], max_tokens=1)  # warm now: the usual timeout
    finally:
        fake.close()
    assert len(fake.seen) == 2 + retries
    assert second.usage.retries == 0


def test_a_worker_error_inside_a_200_is_that_episodes_error_in_the_workers_words_and_the_run_goes_on(
    scripted, tmp_path
):
    fake = FakeRunPod(scripted.url, worker_error="handler: torch.OutOfMemoryError: CUDA out of memory")
    try:
        ran = run_on(fake, tmp_path, warm_up=False)
    finally:
        fake.close()
    assert ran.returncode == 0, ran.stderr
    failed, solved = sorted(episodes(tmp_path), key=lambda episode: episode["error"] is None)
    assert failed["error"]["type"] == "LLMReplyError" and "CUDA out of memory" in failed["error"]["reply"], failed[
        "error"
    ]
    assert solved["error"] is None and solved["reward"] == 1.0


@pytest.mark.parametrize(
    "override",
    ["model.name=runpod/ep7x2kq/rpa_TESTKEY0123456789/llama", "user.model=RunPod/ep7x2kq/rpa_TESTKEY0123456789/x"],
)
def test_the_old_model_string_with_its_key_is_refused_without_being_repeated_or_written(tmp_path, override):
    refused = run_cli(override, cwd=tmp_path)
    assert refused.returncode == 2
    assert "refused (and not repeated here)" in refused.stderr and "provider=runpod" in refused.stderr
    assert KEY not in refused.stderr + refused.stdout
    assert not (tmp_path / "outputs").exists()  # Hydra never ran: no overrides.yaml holds it


def test_missing_endpoint_or_key_variables_are_named_before_anything_runs(tmp_path):
    ran = run_cli("provider=runpod", "model.name=hosted_vllm/x", "tracking.enabled=false", cwd=tmp_path)
    assert ran.returncode != 0
    assert "provider.endpoint_env: the environment variable RUNPOD_ENDPOINT_ID is not set" in ran.stderr
    assert "provider.api_key_env: the environment variable RUNPOD_API_KEY is not set" in ran.stderr

"""The HTTP API's app in this process (httpx's ASGI transport), where a test can hold a request
inside the Hydra composition, count the bytes the app reads, or lay out run folders."""

import asyncio
import json
import threading
from pathlib import Path

import anyio
import httpx
import hydra
from conftest import seed_mlflow_store

from taubench.execution.rundir import EPISODES_FILE, RESULTS_FILE
from taubench.integrations.http_api.server import REQUEST_FILE, ApiSettings, _RunRecord, create_app

TASK_ZERO = '{"task_id": "0", "trial": 0, "reward": 1.0}\n'


def _app(tmp_path, **settings):
    return create_app(
        ApiSettings(data_dir=tmp_path / "data", runs_dir=tmp_path / "runs", **settings), base_dir=tmp_path
    )


def _client(app) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://api", timeout=30)


def test_a_request_held_in_composition_blocks_no_other_request(tmp_path, monkeypatch):
    """The thread pool that serves the GETs is cut to one thread, as if every thread were
    taken by POSTs waiting for the composition lock: while one POST is held inside the
    composition, the GETs and a POST refused by the allowlist must still answer."""
    compose = hydra.compose
    inside, release = threading.Event(), threading.Event()

    def held_compose(*args, **kwargs):
        inside.set()
        release.wait(60)
        return compose(*args, **kwargs)

    monkeypatch.setattr(hydra, "compose", held_compose)

    async def scenario():
        anyio.to_thread.current_default_thread_limiter().total_tokens = 1
        async with _client(_app(tmp_path)) as client:
            held = asyncio.create_task(client.post("/runs", json={"overrides": ["env=airline", "task_ids=[999]"]}))
            try:
                with anyio.fail_after(30):
                    while not inside.is_set():  # polled: waiting in a thread would need the one thread
                        await asyncio.sleep(0.01)
                    runs = await client.get("/runs")
                    scores = await client.get("/scores", params={"model": "oracle", "subset": "airline"})
                    refused = await client.post(
                        "/runs", json={"overrides": ["env=airline", "judge.api_base=http://127.0.0.1:9/v1"]}
                    )
            finally:
                release.set()
            return runs, scores, refused, await held

    runs, scores, refused, held = asyncio.run(scenario())
    assert runs.status_code == 200 and runs.json() == []
    assert scores.status_code == 422 and "none exported yet" in scores.json()["detail"]
    assert refused.status_code == 422 and "'judge.api_base' cannot be set" in refused.json()["detail"]
    assert held.status_code == 422 and "allowed ids: 0-49" in held.json()["detail"]


def test_a_streamed_body_over_the_limit_is_refused_before_it_is_read_whole(tmp_path):
    sent = 0

    async def body():
        nonlocal sent
        for _ in range(1000):  # 1 MB in all, no Content-Length
            sent += 1
            yield b" " * 1024

    async def scenario():
        async with _client(_app(tmp_path, max_body_bytes=16 * 1024)) as client:
            return await client.post("/runs", content=body(), headers={"Content-Type": "application/json"})

    answer = asyncio.run(scenario())
    assert answer.status_code == 413
    assert sent <= 17  # read up to the first KB over the limit, no further


def _run_folder(tmp_path, run_id: str, request: str) -> Path:
    folder = tmp_path / "runs" / run_id
    folder.mkdir(parents=True)
    (folder / REQUEST_FILE).write_text(request)
    return folder


def test_an_unreadable_run_folder_is_reported_and_spoils_nothing_else(tmp_path):
    record = _RunRecord(id="", overrides=["env=airline"], created_at="2026-11-01T00:00:00+00:00", episodes_planned=4)
    bad_results = _run_folder(
        tmp_path, "aaaaaaaaaaaaaaaa", record.model_copy(update={"id": "aaaaaaaaaaaaaaaa"}).model_dump_json()
    )
    (bad_results / RESULTS_FILE).write_text('{"config": {}, "summ')
    _run_folder(tmp_path, "bbbbbbbbbbbbbbbb", '{"id": "bbbbbbbbbbbbbbbb", "overri')
    being_written = _run_folder(
        tmp_path, "cccccccccccccccc", record.model_copy(update={"id": "cccccccccccccccc"}).model_dump_json()
    )
    lines = TASK_ZERO + "not json at all\n" + "[1, 2]\n" + TASK_ZERO.replace('"0"', '"1"') + '{"task_id": "1", "tri'
    (being_written / EPISODES_FILE).write_text(lines)
    before = {path: path.read_bytes() for path in (tmp_path / "runs").rglob("*") if path.is_file()}

    async def scenario():
        async with _client(_app(tmp_path)) as client:
            answers = [await client.get(path) for path in ("/runs", "/runs/aaaaaaaaaaaaaaaa", "/runs/bbbbbbbbbbbbbbbb")]
            streams = [
                await client.get("/runs/cccccccccccccccc/trajectories", params=params)
                for params in ({}, {"task_id": "1"})
            ]
            return answers, streams, (await client.get("/runs/cccccccccccccccc")).json()

    (listing, bad_results_state, bad_request_state), streams, being_written_state = asyncio.run(scenario())
    assert [answer.status_code for answer in (listing, bad_results_state, bad_request_state)] == [200, 200, 200]
    states = {state["id"]: state for state in listing.json()}
    assert states["aaaaaaaaaaaaaaaa"] == bad_results_state.json()
    assert states["bbbbbbbbbbbbbbbb"] == bad_request_state.json()
    assert bad_results_state.json()["status"] == "unreadable" and bad_results_state.json()["detail"].startswith(
        RESULTS_FILE
    )
    assert bad_results_state.json()["overrides"] == ["env=airline"]
    assert bad_request_state.json()["status"] == "unreadable" and bad_request_state.json()["detail"].startswith(
        REQUEST_FILE
    )
    assert being_written_state["progress"] == {"episodes_done": 4, "episodes_planned": 4}  # complete lines only
    everything, task_one = (stream.text.splitlines() for stream in streams)
    assert [json.loads(line)["task_id"] for line in everything] == ["0", "1"]  # valid JSONL: no broken or partial line
    assert [json.loads(line)["task_id"] for line in task_one] == ["1"]
    assert before == {
        path: path.read_bytes() for path in (tmp_path / "runs").rglob("*") if path.is_file()
    }  # read, not changed
    assert "unreadable" in _app(tmp_path).openapi()["components"]["schemas"]["RunState"]["properties"]["status"]["enum"]


def test_a_run_in_the_apis_own_process_goes_through_the_lifecycle_the_command_line_uses(tmp_path):
    """``isolation=thread``: no ``taubench`` process, the same result: the run folder, the
    MT-Bench export /scores serves, the MLflow record; stopping the API starts no further episode."""
    from mlflow import MlflowClient

    from taubench.reporting.tracking import local_store

    seed_mlflow_store(tmp_path)
    overrides = ["env=mock", "agent=oracle", "user=oracle", "num_trials=2"]

    async def scenario():
        app = _app(tmp_path, isolation="thread")
        async with app.router.lifespan_context(app), _client(app) as client:
            started = (await client.post("/runs", json={"overrides": overrides})).json()
            with anyio.fail_after(120):
                while (state := (await client.get(f"/runs/{started['id']}")).json())["status"] in ("queued", "running"):
                    await asyncio.sleep(0.1)
            scores = await client.get("/scores", params={"model": "oracle", "subset": "mock"})
            return started, state, scores

    started, state, scores = asyncio.run(scenario())
    assert state["status"] == "finished", state
    summary = state["summary"]
    assert summary["average_reward"] == 1.0 and summary["num_episodes"] == 2 * summary["num_tasks"] > 0
    assert scores.status_code == 200 and all(json.loads(line)["score"] == 1.0 for line in scores.text.splitlines())
    manifest = json.loads((tmp_path / "runs" / started["id"] / "run.json").read_text())
    recorded = MlflowClient(tracking_uri=local_store(tmp_path)[0]).get_run(manifest["mlflow_run_id"])
    assert recorded.info.status == "FINISHED" and recorded.data.metrics["average_reward"] == 1.0

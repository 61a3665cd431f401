"""The HTTP API, served by uvicorn on 127.0.0.1 and exercised with an HTTP client: a run
started, followed and read back, its MT-Bench scores, validation, path safety, the token."""

import json
import shlex
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from conftest import REPO, _cli_environment, free_port
from taubench.api import RUN_ID, parse_args

TOKEN = "test-token-1234"
ORACLE_RUN = ["env=airline", "agent=oracle", "user=oracle", "task_ids=[0,1,2]", "num_trials=2"]



@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """``python -m taubench.api`` in a subprocess (network-guarded), token required."""
    base = tmp_path_factory.mktemp("api")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "taubench.api", "--port", str(port), "--data-dir", "data", "--runs-dir", "runs"],
        cwd=base,
        env=_cli_environment({"TAUBENCH_API_TOKEN": TOKEN}),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60)
    deadline = time.monotonic() + 60
    while True:
        try:
            client.get("/openapi.json")
            break
        except httpx.TransportError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail(f"the API did not start: {server.stderr.read()}")
            time.sleep(0.2)
    client.base = base
    yield client
    client.close()
    server.terminate()
    server.wait(timeout=30)


def _auth(token: str = TOKEN) -> dict:
    return {"Authorization": f"Bearer {token}"}


def _wait_until_ended(api, run_id: str, timeout: float = 180) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = api.get(f"/runs/{run_id}").json()
        if state["status"] not in ("queued", "running"):
            return state
        time.sleep(0.3)
    pytest.fail(f"run {run_id} did not end in {timeout} s")


def test_a_run_started_over_http_is_followed_to_its_trajectories_and_scores(api):
    assert api.post("/runs", json={"overrides": ORACLE_RUN}).status_code == 401
    assert api.post("/runs", json={"overrides": ORACLE_RUN}, headers=_auth("wrong")).status_code == 401

    with ThreadPoolExecutor(6) as pool:  # the same configuration asked for six times at once
        answers = list(pool.map(lambda _: api.post("/runs", json={"overrides": ORACLE_RUN}, headers=_auth()), range(6)))
    assert all(answer.status_code in (200, 202) for answer in answers), [answer.text for answer in answers]
    started = [answer.json() for answer in answers]
    assert len({answer["id"] for answer in started}) == 1
    assert sum(answer["created"] for answer in started) == 1  # one run, not six
    assert [answer.status_code for answer in answers].count(202) == 1
    run_id = started[0]["id"]

    state = _wait_until_ended(api, run_id)
    assert state["status"] == "finished", state
    assert state["progress"] == {"episodes_done": 6, "episodes_planned": 6}
    assert state["summary"]["average_reward"] == 1.0 and state["summary"]["pass_hat_k"] == {"1": 1.0, "2": 1.0}
    assert state["overrides"] == ORACLE_RUN
    assert [run["id"] for run in api.get("/runs").json()] == [run_id]

    episodes = [json.loads(line) for line in api.get(f"/runs/{run_id}/trajectories").text.splitlines()]
    assert sorted((episode["task_id"], episode["trial"]) for episode in episodes) == [
        (task, trial) for task in ("0", "1", "2") for trial in (0, 1)
    ]
    assert all(episode["messages"] and episode["reward"] == 1.0 for episode in episodes)
    one_task = api.get(f"/runs/{run_id}/trajectories", params={"task_id": "1"}).text.splitlines()
    assert [json.loads(line)["task_id"] for line in one_task] == ["1", "1"]

    scores = api.get("/scores", params={"model": "oracle", "subset": "airline"})
    assert scores.status_code == 200 and scores.headers["content-type"].startswith("application/jsonl")
    lines = [json.loads(line) for line in scores.text.splitlines()]
    assert [line["task-id"] for line in lines] == ["task-0", "task-1", "task-2"]
    assert all(line["score"] == 1.0 and line["result"] == line["truth"] for line in lines)
    exported = sorted((api.base / "data").glob("tau_bench_airline_*/oracle_scores.jsonl"))
    assert len(exported) == 1 and scores.text.strip() == exported[0].read_text().strip()

    one = api.get("/scores", params={"model": "oracle", "subset": "airline", "taskID": "1"})
    assert [json.loads(line)["task-id"] for line in one.text.splitlines()] == ["task-1"]
    assert api.get("/scores", params={"model": "oracle", "subset": "airline", "taskID": "7"}).status_code == 404

    again = api.post("/runs", json={"overrides": ORACLE_RUN}, headers=_auth())
    assert again.status_code == 200 and again.json() == {"id": run_id, "status": "finished", "created": False}


@pytest.mark.parametrize(
    "overrides, expected",
    [
        (["env=nope"], ["env", "airline", "retail"]),  # Hydra lists the options of the group
        (["model=nope"], ["model", "gpt4o"]),
        (["num_trials=0"], ["num_trials"]),
        (["env=airline", "task_ids=[999]"], ["task_ids", "allowed ids: 0-49"]),
        (["agent=tool_calling", "model=gpt4o"], ["OPENAI_API_KEY"]),  # no key on the server: refused, nothing spent
        (["output_dir=/tmp/elsewhere"], ["output_dir", "set by the server"]),
        (["hydra.run.dir=/"], ["hydra"]),
        (["env.data_dir=/etc"], ["env.data_dir"]),
        (["export.data_dir=/etc"], ["export"]),
        (["env"], ["key=value"]),
        (["env=airline", "model.name=${oc.env:HOME}"], ["model.name", "interpolations"]),
    ],
)
def test_a_run_request_that_cannot_run_is_refused_with_the_reason(api, overrides, expected):
    runs_before = set((api.base / "runs").glob("*"))
    answer = api.post("/runs", json={"overrides": overrides}, headers=_auth())
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert all(part in detail for part in expected), detail
    assert set((api.base / "runs").glob("*")) == runs_before  # nothing started


def test_scores_requests_are_validated_and_never_leave_the_data_directory(api):
    secret = api.base / "secret_scores.jsonl"
    secret.write_text('{"task-id": "task-0", "prompt": "LEAKED"}\n')
    (api.base / "data").mkdir(exist_ok=True)

    unknown_subset = api.get("/scores", params={"model": "oracle", "subset": "nope"})
    assert unknown_subset.status_code == 422 and "allowed: retail, airline" in unknown_subset.json()["detail"]
    for subset in ("../..", "../data", "airline/../.."):
        assert api.get("/scores", params={"model": "oracle", "subset": subset}).status_code == 422
    for model in ("../secret", "../../secret", "/etc/passwd", "..", "data/../../secret"):
        answer = api.get("/scores", params={"model": model, "subset": "airline"})
        assert answer.status_code == 422 and "LEAKED" not in answer.text, answer.text
    assert api.get("/scores", params={"model": "oracle", "subset": "airline", "taskID": "../x"}).status_code == 422
    assert api.get("/scores", params={"subset": "airline"}).status_code == 422  # model is required

    for path in ("/runs/..%2F..%2Fetc", "/runs/0123", "/runs/ZZZZZZZZZZZZZZZZ/trajectories"):
        assert api.get(path).status_code in (404, 422), path
    assert api.get("/runs/0123456789abcdef").status_code == 404
    assert api.get("/runs/0123456789abcdef/trajectories").status_code == 404


def test_the_openapi_schema_is_served(api):
    schema = api.get("/openapi.json").json()
    assert {"/scores", "/runs", "/runs/{run_id}", "/runs/{run_id}/trajectories"} <= set(schema["paths"])
    assert "post" in schema["paths"]["/runs"] and schema["paths"]["/runs"]["post"]["security"]
    run_id = schema["paths"]["/runs/{run_id}"]["get"]["parameters"][0]["schema"]
    assert run_id["pattern"] == RUN_ID


def test_the_docker_image_serves_this_api_with_its_volumes():
    """No Docker engine here: the Dockerfile's command must at least be one the API accepts,
    from files the image copies."""
    lines = (REPO / "Dockerfile").read_text().splitlines()
    command = json.loads(next(line for line in lines if line.startswith("CMD")).removeprefix("CMD").strip())
    assert command[:3] == ["python", "-m", "taubench.api"]
    args = parse_args(command[3:])
    assert args.host == "0.0.0.0" and args.data_dir == Path("/app/data")
    copied = [shlex.split(line)[1:-1] for line in lines if line.startswith("COPY")]
    assert all((REPO / source).exists() for sources in copied for source in sources)
    volumes = json.loads(next(line for line in lines if line.startswith("VOLUME")).removeprefix("VOLUME").strip())
    assert {"/app/data", "/app/mlruns"} <= set(volumes)

"""The HTTP API, served by uvicorn on 127.0.0.1 and exercised with an HTTP client: a run
started, followed and read back, its MT-Bench scores, validation, path safety, the token, the
allowlist of overrides (no server secret sent where a caller chooses), body limits and
refusals that quote only an excerpt of the input."""

import json
import shlex
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import REPO, serving_api

from taubench.integrations.http_api.policy import check_overrides
from taubench.integrations.http_api.server import RUN_ID, parse_args

TOKEN = "test-token-1234"
ORACLE_RUN = ["env=airline", "agent=oracle", "user=oracle", "task_ids=[0,1,2]", "num_trials=2"]
ALLOWED = "allowed keys: env, agent, user, model, provider, task_split, task_ids"


def _auth(token: str = TOKEN) -> dict:
    return {"Authorization": f"Bearer {token}"}


NO_TOKEN = {"Authorization": ""}


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """``python -m taubench api`` in a subprocess (network-guarded), token required (the client
    sends it unless a request says otherwise)."""
    with serving_api(tmp_path_factory.mktemp("api"), {"TAUBENCH_API_TOKEN": TOKEN}) as client:
        client.headers.update(_auth())
        yield client


def _wait_until_ended(api, run_id: str, timeout: float = 180) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = api.get(f"/runs/{run_id}").json()
        if state["status"] not in ("queued", "running"):
            return state
        time.sleep(0.3)
    pytest.fail(f"run {run_id} did not end in {timeout} s")


def test_a_run_started_over_http_is_followed_to_its_trajectories_and_scores(api):
    assert api.post("/runs", json={"overrides": ORACLE_RUN}, headers=NO_TOKEN).status_code == 401
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
    assert (
        api.get(f"/runs/{run_id}", headers=NO_TOKEN).status_code == 401
    )  # the server has a token: reading needs it too

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
        (["env"], ["key=value"]),
        (["env=airline", "agent=oracle", "agent.max_corrections=2"], ["agent.max_corrections", "no such setting"]),
        # outside the allowlist: where files go, how runs are recorded, endpoints, keys, prices, models by string
        (["output_dir=/tmp/elsewhere"], ["'output_dir' cannot be set", ALLOWED]),
        (["hydra.run.dir=/"], ["'hydra.run.dir'", ALLOWED]),
        (["hydra/launcher=slurm"], ["'hydra/launcher'", ALLOWED]),
        (["env.data_dir=/etc"], ["'env.data_dir'", ALLOWED]),
        (["export.data_dir=/etc"], ["'export.data_dir'", ALLOWED]),
        (["llm.cache_dir=/tmp"], ["'llm.cache_dir'", ALLOWED]),
        (["dispatch.forward_env=[TAUBENCH_API_TOKEN]"], ["'dispatch.forward_env'", ALLOWED]),
        (["model.name=openai/gpt-4o"], ["'model.name'", ALLOWED]),
        (["model.pricing={input: 0, output: 0}"], ["'model.pricing'", ALLOWED]),
        (["model.params.api_base=http://127.0.0.1:9/v1"], ["'model.params.api_base'", ALLOWED]),
        (["user.model=openai/gpt-4o"], ["'user.model'", ALLOWED]),
        (["judge.api_key_env=TAUBENCH_API_TOKEN"], ["'judge.api_key_env'", ALLOWED]),
        (["analysis.model=openai/gpt-4o"], ["'analysis.model'", ALLOWED]),
        (["max_concurrency=64"], ["'max_concurrency'", ALLOWED]),
        (["+seed=1"], ["'+seed'", ALLOWED]),
        (["++tracking.enabled=false"], ["'++tracking.enabled'", ALLOWED]),
        (["~seed"], ["'~seed' is not of the form key=value"]),
        # allowed keys with values not of their form: no interpolation, sweep or path gets through
        (["env=airline", "seed=${oc.env:TAUBENCH_API_TOKEN}"], ["seed", "not a whole number"]),
        (["num_trials=1,2"], ["num_trials", "not a whole number"]),
        (["task_ids=[0,${oc.env:HOME}]"], ["task_ids", "not a list of task ids"]),
        (["model.temperature=-1"], ["model.temperature", "not a number"]),
        (
            ["env=../../etc"],
            [
                "env",
                "allowed (registered domains): retail, airline, telecom, telecom-workflow, retail_v1, airline_v1, mock",
            ],
        ),
        (
            ["provider=openai"],
            ["provider", "allowed (providers that send no key; a model config selects its own): local, none, scripted"],
        ),
    ],
)
def test_a_run_request_that_cannot_run_is_refused_with_the_reason(api, overrides, expected):
    runs_before = set((api.base / "runs").glob("*"))
    answer = api.post("/runs", json={"overrides": overrides}, headers=_auth())
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert all(part in detail for part in expected), detail
    assert set((api.base / "runs").glob("*")) == runs_before  # nothing started


class _Recorder(BaseHTTPRequestHandler):
    """A model endpoint on 127.0.0.1 that notes every request it gets (and answers none well)."""

    received: list = []

    def do_POST(self):
        self.received.append((self.path, self.headers.get("Authorization")))
        self.send_response(500)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def caller_endpoint():
    """The URL of an endpoint the caller controls, and the list of requests it received."""
    _Recorder.received = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/v1", _Recorder.received
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    "role",
    [
        ["agent=tool_calling", "model=gpt4o", "provider.api_base={url}", "provider.api_key_env=TAUBENCH_API_TOKEN"],
        [
            "agent=oracle",
            "user=llm",
            "user.model=openai/gpt-4o",
            "user.api_base={url}",
            "user.api_key_env=TAUBENCH_API_TOKEN",
        ],
        [
            "agent=oracle",
            "user=oracle",
            "judge.model=openai/gpt-4o",
            "judge.api_base={url}",
            "judge.api_key_env=TAUBENCH_API_TOKEN",
        ],
        [
            "agent=oracle",
            "user=oracle",
            "analysis.model=openai/gpt-4o",
            "analysis.api_base={url}",
            "analysis.api_key_env=TAUBENCH_API_TOKEN",
        ],
    ],
    ids=["provider", "user", "judge", "analysis"],
)
def test_a_request_cannot_send_a_server_secret_to_an_endpoint_of_its_choice(api, caller_endpoint, role):
    """The leak: the caller's URL plus the name of any server variable (here the API token)
    made the server send that variable's value as a Bearer header to the caller's host."""
    url, received = caller_endpoint
    runs_before = api.get("/runs").json()
    overrides = ["env=airline", "task_ids=[0]", *(override.format(url=url) for override in role)]
    answer = api.post("/runs", json={"overrides": overrides}, headers=_auth())
    assert answer.status_code == 422, answer.text
    assert "cannot be set in a request" in answer.json()["detail"] and "allowed keys" in answer.json()["detail"]
    assert api.get("/runs").json() == runs_before  # nothing started that could call it later
    assert received == []


def test_the_allowlist_takes_what_is_measured():
    check_overrides(
        [
            "env=retail",
            "agent=react",
            "user=verify",
            "model=vllm/llama-3.3-70b",
            "provider=scripted",
            "task_split=test",
            "task_ids=[0, 5,7]",
            "start_index=0",
            "end_index=null",
            "num_trials=3",
            "seed=-3",
            "shuffle=true",
            "max_steps=30",
            "max_errors=5",
            "max_cost=2.5",
            "model.temperature=0.7",
            "user.temperature=1",
            "agent.max_corrections=1",
            "agent.text_tool_calls=false",
            "user.max_reasks=3",
            "user.max_attempts=2",
        ]
    )


def test_request_bodies_over_the_limit_are_refused_before_anything_else(api):
    over = b'{"overrides": []}' + b" " * (64 * 1024)
    too_large = {"detail": "Content Too Large: the request body is over this server's limit of 65536 bytes"}
    anonymous = api.post("/runs", content=over, headers={"Content-Type": "application/json", **NO_TOKEN})
    assert anonymous.status_code == 413 and anonymous.json() == too_large  # no token
    assert api.post("/runs", content=over, headers={"Content-Type": "application/json", **_auth()}).json() == too_large
    chunks = iter([b'{"overrides": [' + b" " * 8192] + [b" " * 8192] * 9 + [b"]}"])  # chunked: no Content-Length
    streamed = api.post("/runs", content=chunks, headers={"Content-Type": "application/json", **_auth()})
    assert streamed.status_code == 413 and streamed.json() == too_large
    under = b'{"overrides": ["env=nope"]}' + b" " * 60000
    assert api.post("/runs", content=under, headers={"Content-Type": "application/json", **_auth()}).status_code == 422
    too_many = api.post("/runs", json={"overrides": ["seed=1"] * 33}, headers=_auth())
    assert too_many.status_code == 422 and "at most 32 items" in too_many.text
    too_long = api.post("/runs", json={"overrides": ["task_ids=[" + "1," * 500 + "1]"]}, headers=_auth())
    assert too_long.status_code == 422 and "at most 1000 characters" in too_long.text


@pytest.mark.parametrize(
    "body",
    [
        {"overrides": "x" * 20000},  # FastAPI's list form, the input a string
        {"overrides": ["x" * 5000]},  # likewise, one item too long
        {"overrides": ["x" * 800] * 40},  # likewise, too many items: the input a list
        ["x" * 20000],  # not an object at all
        {"overrides": ["x" * 900 + "=1"]},  # our own message, naming the key
        {"overrides": ["seed=" + "9" * 900]},  # likewise, quoting the value
    ],
)
def test_a_refusal_quotes_only_a_short_excerpt_of_the_input(api, body):
    answer = api.post("/runs", json=body, headers=_auth())
    assert answer.status_code == 422
    assert "x" * 200 not in answer.text and "9" * 200 not in answer.text, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) or all({"type", "loc", "msg"} <= set(problem) for problem in detail)


def test_scores_requests_are_validated_and_never_leave_the_data_directory(api):
    secret = api.base / "secret_scores.jsonl"
    secret.write_text('{"task-id": "task-0", "prompt": "LEAKED"}\n')
    (api.base / "data").mkdir(exist_ok=True)

    unknown_subset = api.get("/scores", params={"model": "oracle", "subset": "nope"})
    assert unknown_subset.status_code == 422 and "allowed: retail, airline" in unknown_subset.json()["detail"]
    for subset in ("../..", "../data", "airline/../.."):
        assert api.get("/scores", params={"model": "oracle", "subset": subset}).status_code == 422
    long_subset = api.get("/scores", params={"model": "oracle", "subset": "s" * 5000})
    assert long_subset.status_code == 422 and "s" * 200 not in long_subset.text  # quoted in short
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


def test_the_body_limit_is_a_server_option(capsys):
    assert parse_args([]).max_body_bytes == 64 * 1024
    assert parse_args(["--max-body-bytes", "1000"]).max_body_bytes == 1000
    with pytest.raises(SystemExit):
        parse_args(["--max-body-bytes", "0"])
    assert "'0' is not a whole number of at least 1" in capsys.readouterr().err


def test_the_docker_image_serves_this_api_with_its_volumes():
    """No Docker engine here: the Dockerfile's command must at least be one the API accepts,
    from files the image copies."""
    lines = (REPO / "Dockerfile").read_text().splitlines()
    command = json.loads(next(line for line in lines if line.startswith("CMD")).removeprefix("CMD").strip())
    assert command[:4] == ["python", "-m", "taubench", "api"]
    args = parse_args(command[4:])
    assert args.host == "0.0.0.0" and args.data_dir == Path("/app/data")
    copied = [shlex.split(line)[1:-1] for line in lines if line.startswith("COPY")]
    assert all((REPO / source).exists() for sources in copied for source in sources)
    volumes = json.loads(next(line for line in lines if line.startswith("VOLUME")).removeprefix("VOLUME").strip())
    assert {"/app/data", "/app/mlruns"} <= set(volumes)

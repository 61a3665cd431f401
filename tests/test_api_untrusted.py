"""What the HTTP API serves from run folders and exports is untrusted data: a link is never
followed out of the folder (a linked /etc/passwd came back in run states and 422s), a corrupt
file never takes an answer down (a 2,000-deep results.json made GET /runs and /leaderboard
answer 500), a bad line is skipped and said so, no error text quotes a file, and key-like text
(a provider echoing the key in its error) is masked in what runs record and in what is served.
Reads need the token when the server has one; every 413 is JSON. In this process (httpx's
ASGI transport), on run folders made by real runs."""

import asyncio
import json
import shutil
from pathlib import Path

import httpx
import pytest
from conftest import _cli_environment
from local_http import JsonHandler, LocalServer

from taubench import run as run_settings
from taubench.execution.rundir import EPISODES_FILE, RESULTS_FILE
from taubench.execution.settings import parse_settings
from taubench.integrations.http_api.run_files import SKIPPED_HEADER, SKIPPED_REASONS_HEADER
from taubench.integrations.http_api.server import (
    LOG_FILE,
    REQUEST_FILE,
    TOKEN_VARIABLE,
    ApiSettings,
    _RunRecord,
    create_app,
)

PASSWD = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
CANARY = "CANARY-7f3a"  # in every file outside the runs folder: it must never appear in an answer
FORMATS = ("json", "markdown", "csv", "html")


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory) -> Path:
    """A real finished run (mock, oracle, tasks 0 and 1): the folder every scenario copies."""
    base = tmp_path_factory.mktemp("finished")
    settings = parse_settings(
        {
            "env": {"name": "mock"},
            "agent": {"name": "oracle"},
            "user": {"name": "oracle"},
            "task_ids": [0, 1],
            "output_dir": str(base / "run"),
            "progress": False,
            "tracking": {"enabled": False},
        }
    )
    return run_settings(settings, base_dir=base).output_dir


def _record(run_id: str, overrides=("env=mock",)) -> str:
    return _RunRecord(
        id=run_id, overrides=list(overrides), created_at="2026-11-01T00:00:00+00:00", episodes_planned=2
    ).model_dump_json()


def _lay_run(runs: Path, run_id: str, template: Path) -> Path:
    folder = shutil.copytree(template, runs / run_id, ignore=shutil.ignore_patterns("run.lock"))
    (folder / REQUEST_FILE).write_text(_record(run_id))
    return folder


def _app(base: Path):
    return create_app(ApiSettings(data_dir=base / "data", runs_dir=base / "runs"), base_dir=base)


def _get(app, *requests) -> list[httpx.Response]:
    """Each request a path or (path, params), in order."""

    async def scenario():
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://api", timeout=60
        ) as client:
            return [
                await client.get(item) if isinstance(item, str) else await client.get(item[0], params=item[1])
                for item in requests
            ]

    return asyncio.run(scenario())


def _leaderboards(app) -> list[httpx.Response]:
    return _get(app, *(("/leaderboard", {"format": format}) for format in FORMATS))


def test_a_link_in_a_run_folder_or_an_export_is_never_followed(tmp_path, finished_run):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "passwd").write_text(PASSWD + CANARY + "\n")
    (outside / "record.json").write_text(_record("b" * 16, overrides=[f"env={CANARY}"]))
    linked_run = shutil.copytree(finished_run, outside / "run")
    results = json.loads((linked_run / RESULTS_FILE).read_text())
    results["summary"]["stopped"] = CANARY
    (linked_run / RESULTS_FILE).write_text(json.dumps(results, indent=1))
    (linked_run / REQUEST_FILE).write_text(_record("c" * 16))
    (linked_run / EPISODES_FILE).write_text((finished_run / EPISODES_FILE).read_text().replace('"mock"', f'"{CANARY}"'))
    runs = tmp_path / "runs"
    runs.mkdir()

    log_linked = runs / ("a" * 16)  # the case: its last 12 lines were shown in detail
    log_linked.mkdir()
    (log_linked / REQUEST_FILE).write_text(_record("a" * 16))
    (log_linked / LOG_FILE).symlink_to(outside / "passwd")
    request_linked = runs / ("b" * 16)  # to a valid record outside: its overrides were served
    request_linked.mkdir()
    (request_linked / REQUEST_FILE).symlink_to(outside / "record.json")
    (runs / ("c" * 16)).symlink_to(linked_run)  # the run folder itself
    results_linked = _lay_run(runs, "d" * 16, finished_run)
    (results_linked / RESULTS_FILE).unlink()
    (results_linked / RESULTS_FILE).symlink_to(linked_run / RESULTS_FILE)
    episodes_linked = _lay_run(runs, "e" * 16, finished_run)
    (episodes_linked / EPISODES_FILE).unlink()
    (episodes_linked / EPISODES_FILE).symlink_to(linked_run / EPISODES_FILE)
    passwd_request = runs / ("f" * 16)  # to /etc/passwd: the 422 text quoted root:x:0:0
    passwd_request.mkdir()
    (passwd_request / REQUEST_FILE).symlink_to("/etc/passwd")
    junk_request = runs / ("9" * 16)  # not a link, but not a record either: its content is not quoted
    junk_request.mkdir()
    (junk_request / REQUEST_FILE).write_text(PASSWD)
    _lay_run(runs, "0" * 16, finished_run)  # a sound run, served as ever
    exports = tmp_path / "data"
    (exports / "tau_bench_mock_20260101_000000").mkdir(parents=True)
    (outside / "oracle_scores.jsonl").write_text(json.dumps({"task-id": "task-0", "prompt": CANARY}) + "\n")
    (exports / "tau_bench_mock_20260101_000000" / "oracle_scores.jsonl").symlink_to(outside / "oracle_scores.jsonl")
    (exports / "tau_bench_airline_20260101_000000").symlink_to(outside)  # the export folder itself

    app = _app(tmp_path)
    ids = ["a" * 16, "b" * 16, "c" * 16, "d" * 16, "e" * 16, "f" * 16, "9" * 16]
    answers = _get(
        app,
        "/runs",
        *(f"/runs/{run_id}" for run_id in ids),
        *(f"/runs/{run_id}/trajectories" for run_id in ids),
        ("/scores", {"model": "oracle", "subset": "mock"}),
        ("/scores", {"model": "oracle", "subset": "mock", "taskID": "0"}),
        ("/scores", {"model": "oracle", "subset": "airline"}),
        "/runs/0000000000000000",
    )
    answers += _leaderboards(app)
    for answer in answers:
        assert answer.status_code in (200, 422), answer.text
        assert CANARY not in answer.text and "root:x:0:0" not in answer.text and "daemon:x" not in answer.text, (
            answer.text
        )
    states = {state["id"]: state for state in answers[0].json()}
    assert states["0" * 16]["status"] == "finished"
    for run_id, file in zip(ids, [LOG_FILE, REQUEST_FILE, REQUEST_FILE, RESULTS_FILE, EPISODES_FILE, REQUEST_FILE]):
        assert states[run_id]["status"] == "unreadable", states[run_id]
        assert states[run_id]["detail"].startswith(file) and "symbolic link" in states[run_id]["detail"], states[run_id]
    assert states["c" * 16]["detail"] == f"{REQUEST_FILE}: {'c' * 16} is a symbolic link (links are not followed)"
    assert states["9" * 16]["status"] == "unreadable" and states["9" * 16]["detail"].startswith(
        f"{REQUEST_FILE}: not valid JSON"
    )
    trajectories = answers[1 + len(ids) : 1 + 2 * len(ids)]
    assert (
        trajectories[4].status_code == 422 and f"{EPISODES_FILE}: a symbolic link" in trajectories[4].json()["detail"]
    )
    scores, one_score, airline = answers[1 + 2 * len(ids) : 4 + 2 * len(ids)]
    assert scores.status_code == one_score.status_code == 422 and "a symbolic link" in scores.json()["detail"]
    assert (
        airline.status_code == 422
        and "tau_bench_airline_20260101_000000 is a symbolic link" in airline.json()["detail"]
    )
    board = answers[-len(FORMATS)].json()
    [table] = board["tables"]
    assert [row["runs"] for row in table["rows"]] == [[f"{tmp_path}/runs/{'0' * 16}"]]
    left_out = {item["source"].rsplit("/", 1)[1]: item["reason"] for item in table["left_out"] + board["left_out"]}
    assert (
        "symbolic link" in left_out["c" * 16]
        and "symbolic link" in left_out["d" * 16]
        and "symbolic link" in left_out["e" * 16]
    )
    assert all(answer.status_code == 200 for answer in answers[-len(FORMATS) :])


def test_no_run_starts_in_a_folder_that_holds_a_link(tmp_path, monkeypatch, finished_run):
    """The run would write through it: its log appended to, Hydra's files rewritten."""
    from taubench.integrations.http_api.policy import validate_overrides
    from taubench.integrations.http_api.server import run_id_of

    started = []
    monkeypatch.setattr(
        "taubench.integrations.http_api.server.RunBook._run",
        lambda self, run_id, overrides, folder: started.append(run_id),
    )
    overrides = ["env=mock", "agent=oracle", "user=oracle", "task_ids=[0]"]
    folder = tmp_path / "runs" / run_id_of(validate_overrides(overrides)[0])
    folder.mkdir(parents=True)
    target = tmp_path / "elsewhere.txt"
    target.write_text("untouched\n")
    (folder / LOG_FILE).symlink_to(target)

    async def post():
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=_app(tmp_path)), base_url="http://api", timeout=60
        ) as client:
            return await client.post("/runs", json={"overrides": overrides})

    refused = asyncio.run(post())
    assert refused.status_code == 422 and f"holds a symbolic link ({LOG_FILE})" in refused.json()["detail"], (
        refused.text
    )
    assert started == [] and target.read_text() == "untouched\n" and not (folder / REQUEST_FILE).exists()


def test_a_corrupt_file_is_skipped_and_reported_and_the_rest_is_served(tmp_path, finished_run):
    runs = tmp_path / "runs"
    deep_list = _lay_run(runs, "a" * 16, finished_run)
    (deep_list / RESULTS_FILE).write_text("[" * 2000 + "]" * 2000)  # 4 KB
    deep_dict = _lay_run(runs, "b" * 16, finished_run)
    (deep_dict / RESULTS_FILE).write_text('{"a": ' * 2000 + "1" + "}" * 2000)
    bad_lines = _lay_run(runs, "c" * 16, finished_run)
    first, second = (finished_run / EPISODES_FILE).read_text().splitlines(keepends=True)
    (bad_lines / EPISODES_FILE).write_text(first + "[" * 2000 + "]" * 2000 + "\n" + "root:x:0:0\n" + second)
    _lay_run(runs, "0" * 16, finished_run)
    exports = tmp_path / "data" / "tau_bench_mock_20260101_000000"
    exports.mkdir(parents=True)
    good = [json.dumps({"task-id": f"task-{task}", "score": 1.0}) + "\n" for task in (0, 1)]
    (exports / "oracle_scores.jsonl").write_text(
        good[0] + "not json at all\n" + '{"a": ' * 300 + "1" + "}" * 300 + "\n" + good[1]
    )

    app = _app(tmp_path)
    listing, *states = _get(app, "/runs", *(f"/runs/{run_id}" for run_id in ("a" * 16, "b" * 16, "c" * 16)))
    trajectories, scores, one_score = _get(
        app,
        f"/runs/{'c' * 16}/trajectories",
        ("/scores", {"model": "oracle", "subset": "mock"}),
        ("/scores", {"model": "oracle", "subset": "mock", "taskID": "1"}),
    )
    boards = _leaderboards(app)
    assert [answer.status_code for answer in (listing, *states, trajectories, scores, one_score, *boards)] == [200] * 11
    by_id = {state["id"]: state for state in listing.json()}
    for state in (states[0].json(), states[1].json()):
        assert state == by_id[state["id"]] and state["status"] == "unreadable"
        assert state["detail"].startswith(RESULTS_FILE) and "recursion limit exceeded" in state["detail"], state
    assert by_id["0" * 16]["status"] == by_id["c" * 16]["status"] == "finished"

    served = trajectories.text.splitlines(keepends=True)
    assert served == [first, second]  # the records after the bad lines too, as written
    assert trajectories.headers[SKIPPED_HEADER] == "2"
    assert trajectories.headers[SKIPPED_REASONS_HEADER] == (
        "line 2: not valid JSON: recursion limit exceeded at line 1 column 202; "
        "line 3: not valid JSON: expected value at line 1 column 1"
    )
    assert scores.text == "".join(good) and scores.headers[SKIPPED_HEADER] == "2"
    assert one_score.text == good[1] and one_score.headers[SKIPPED_HEADER] == "2"
    board = boards[0].json()
    [table] = board["tables"]
    assert [row["runs"] for row in table["rows"]] == [
        [f"{tmp_path}/runs/{'0' * 16}"]
    ]  # the sound run, the others left out
    reasons = {item["source"].rsplit("/", 1)[1]: item["reason"] for item in table["left_out"] + board["left_out"]}
    assert "recursion limit exceeded" in reasons["a" * 16] and "recursion limit exceeded" in reasons["b" * 16]
    assert f"{EPISODES_FILE}, line 2: not an episode record" in reasons["c" * 16] and "root:x" not in reasons["c" * 16]


class _EchoingProvider(JsonHandler):
    """A provider on 127.0.0.1 whose errors echo the key it was sent, as some do: the first
    request gets a 500, every later one a 401 (a refused key stops the run)."""

    requests = 0

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        _EchoingProvider.requests += 1
        key = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
        error = {"message": f"Incorrect API key provided: {key}", "type": "invalid_request_error"}
        self.answer(500 if _EchoingProvider.requests == 1 else 401, {"error": error})


@pytest.fixture
def echoing_provider():
    _EchoingProvider.requests = 0
    server = LocalServer(_EchoingProvider)
    yield f"{server.url}/v1"
    server.close()


def test_a_key_a_provider_echoes_is_masked_where_the_run_records_it_and_where_the_api_serves_it(
    tmp_path, monkeypatch, echoing_provider
):
    """A real run, as the API starts one (its own process, its log in api_run.log), against a
    provider that echoes the key: an infrastructure error recorded in the episode, then a
    refused key that stops the run. The key's variable has no key-like name and the key no
    key-like form: the model client's ``api_key_env`` is what marks it."""
    key = "opaque7c1e9a2b4d6f0011"
    monkeypatch.setenv("LLM_ACCESS", key)
    monkeypatch.setenv(
        "PYTHONPATH", _cli_environment(None)["PYTHONPATH"]
    )  # the network guard, in the run's process too
    app = _app(tmp_path)
    run_id = "a" * 16
    folder = tmp_path / "runs" / run_id
    folder.mkdir(parents=True)
    (folder / REQUEST_FILE).write_text(_record(run_id))
    overrides = [
        "env=mock",
        "agent=tool_calling",
        "user=oracle",
        "model=scripted",
        f"provider.api_base={echoing_provider}",
        "provider.api_key_env=LLM_ACCESS",
        "task_ids=[0,1]",
        "max_concurrency=1",
        "llm.max_attempts=1",
        "episode_retries=0",
        "tracking.enabled=false",
    ]
    app.state.runs._run(run_id, overrides, folder)

    assert _EchoingProvider.requests == 2
    written = {path.name: path.read_text() for path in folder.iterdir() if path.is_file()}
    assert {RESULTS_FILE, EPISODES_FILE, LOG_FILE} <= set(written)
    assert all(key not in text for text in written.values()), [name for name, text in written.items() if key in text]
    assert "Incorrect API key provided: [masked $LLM_ACCESS]" in written[EPISODES_FILE]
    assert "Incorrect API key provided: [masked $LLM_ACCESS]" in json.loads(written[RESULTS_FILE])["summary"]["stopped"]

    answers = _get(app, "/runs", f"/runs/{run_id}", f"/runs/{run_id}/trajectories") + _leaderboards(app)
    assert all(answer.status_code == 200 and key not in answer.text for answer in answers)
    state = answers[1].json()
    assert state["status"] == "failed" and "Incorrect API key provided: [masked $LLM_ACCESS]" in state["detail"]
    [episode] = [json.loads(line) for line in answers[2].text.splitlines()]
    assert episode["error"]["kind"] == "infrastructure_error" and "[masked $LLM_ACCESS]" in episode["error"]["message"]
    [table] = answers[3].json()["tables"]
    assert "[masked $LLM_ACCESS]" in table["left_out"][0]["reason"]


def test_key_like_text_in_files_an_older_version_wrote_is_masked_when_served(tmp_path, monkeypatch, finished_run):
    """The files as they were before masking: the key of a secret variable, and keys in the
    forms keys take, in the summary's stop reason, an episode's error and note, and the log."""
    secret = "s3cr3t-value-of-a-variable"
    monkeypatch.setenv("SOME_PROVIDER_API_KEY", secret)
    leaked = [
        secret,
        "sk-proj-Abc123Def456Ghi789Jkl012",
        "Bearer eyJhbGciOiJIUzI1NiJ9.e30.Zm9v",
        "api_key=Zx81kQ0pLm2Nb7Vc4Tr9",
    ]
    text = " | ".join(leaked)
    runs = tmp_path / "runs"
    stopped = _lay_run(runs, "a" * 16, finished_run)
    results = json.loads((stopped / RESULTS_FILE).read_text())
    results["summary"].update(
        stopped=f"stopped: {text}", not_started=1, unscored_reasons={f"evaluation failed: {text}": 1}
    )
    (stopped / RESULTS_FILE).write_text(json.dumps(results, indent=1))
    first, second = (stopped / EPISODES_FILE).read_text().splitlines()
    record = json.loads(first)
    record["error"] = {
        "kind": "agent_error",
        "type": "LLMRequestError",
        "message": text,
        "traceback": f"Traceback\n{text}\n",
    }
    record["reward_info"]["note"] = f"infrastructure error: {text}"
    (stopped / EPISODES_FILE).write_text(json.dumps(record) + "\n" + second + "\n")
    crashed = runs / ("b" * 16)
    crashed.mkdir()
    (crashed / REQUEST_FILE).write_text(_record("b" * 16))
    (crashed / LOG_FILE).write_text(f"Traceback (most recent call last):\nlitellm.AuthenticationError: {text}\n")

    answers = _get(
        app := _app(tmp_path), "/runs", f"/runs/{'a' * 16}", f"/runs/{'b' * 16}", f"/runs/{'a' * 16}/trajectories"
    )
    answers += _leaderboards(app)
    for answer in answers:
        assert answer.status_code == 200 and not any(part in answer.text for part in leaked), answer.text
    assert (
        answers[1].json()["detail"]
        == "stopped: [masked $SOME_PROVIDER_API_KEY] | [masked] | Bearer [masked] | api_key=[masked]"
    )
    assert (
        answers[2]
        .json()["detail"]
        .endswith(
            "AuthenticationError: [masked $SOME_PROVIDER_API_KEY] | [masked] | Bearer [masked] | api_key=[masked]"
        )
    )
    served = [json.loads(line) for line in answers[3].text.splitlines()]
    assert (
        served[0]["error"]["message"]
        == "[masked $SOME_PROVIDER_API_KEY] | [masked] | Bearer [masked] | api_key=[masked]"
    )
    assert json.loads(second) == served[1]  # nothing key-like: served as written


def test_reads_need_the_token_when_the_server_has_one(tmp_path, monkeypatch):
    app = _app(tmp_path)
    schema = app.openapi()
    token = "read-token-5678"
    monkeypatch.setenv(TOKEN_VARIABLE, token)
    concrete = {
        "/runs/{run_id}": "/runs/0123456789abcdef",
        "/runs/{run_id}/trajectories": "/runs/0123456789abcdef/trajectories",
    }
    reads = [
        (concrete.get(path, path), {"model": "oracle", "subset": "mock"} if path == "/scores" else {})
        for path, methods in schema["paths"].items()
        if "get" in methods
    ]
    assert {path for path, _ in reads} >= {
        "/scores",
        "/runs",
        "/runs/0123456789abcdef",
        "/runs/0123456789abcdef/trajectories",
        "/leaderboard",
    }

    async def scenario(headers):
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://api", headers=headers
        ) as client:
            return [await client.get(path, params=params) for path, params in reads]

    anonymous, wrong, allowed = (
        asyncio.run(scenario(headers))
        for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": f"Bearer {token}"})
    )
    assert [answer.status_code for answer in anonymous + wrong] == [401] * (2 * len(reads)), [
        answer.text for answer in anonymous
    ]
    assert all(answer.headers["www-authenticate"] == "Bearer" for answer in anonymous)
    assert all(answer.status_code != 401 for answer in allowed), [answer.text for answer in allowed]
    assert [answer.status_code for answer in _get(app, "/openapi.json", "/docs")] == [200, 200]  # the schema stays open
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            assert "401" in operation["responses"] and operation.get("security"), (method, path)


def test_every_413_is_json_like_every_other_refusal(tmp_path):
    app = create_app(
        ApiSettings(data_dir=tmp_path / "data", runs_dir=tmp_path / "runs", max_body_bytes=1000), base_dir=tmp_path
    )
    over = b'{"overrides": []}' + b" " * 2000

    async def streamed():
        for _ in range(4):
            yield b" " * 500

    async def scenario():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://api") as client:
            by_length = [
                await client.request(method, path, content=over, headers={"Content-Type": "application/json"})
                for method, path in (("POST", "/runs"), ("POST", "/mtbench/runs"), ("GET", "/runs"))
            ]
            return by_length + [
                await client.post("/runs", content=streamed(), headers={"Content-Type": "application/json"})
            ]

    answers = asyncio.run(scenario())
    detail = "Content Too Large: the request body is over this server's limit of 1000 bytes"
    for answer in answers:
        assert answer.status_code == 413 and answer.headers["content-type"] == "application/json", answer.headers
        assert answer.json() == {"detail": detail}
    schema = app.openapi()
    for path in ("/runs", "/mtbench/runs"):
        refusal = schema["paths"][path]["post"]["responses"]["413"]
        assert refusal["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Message"}


@pytest.mark.parametrize(
    "text, shown",
    [
        ("Incorrect API key provided: sk-proj-Abc123Def456Ghi789Jkl012", "Incorrect API key provided: [masked]"),
        (
            "Incorrect API key provided: sk-abc1***************wxyz",
            "Incorrect API key provided: [masked]",
        ),  # half hidden
        ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.Zm9v", "Authorization: Bearer [masked]"),
        ('{"x-api-key": "Zx81kQ0pLm2Nb7Vc4Tr9"}', '{"x-api-key": "[masked]"}'),
        ("https://host/v1?key=AIzaSyA1234567890abcdefghijklmnopqrstu", "https://host/v1?key=[masked]"),
        ("hf_abcdefghijklmnopqrstuvwxyz1234 expired", "[masked] expired"),
        # ordinary text stays as it is
        ("task-abcdefghijklmnopqrstu failed at risk-assessment-and-planning-step", None),
        ("Bearer token expired; the key=value form; token: abcdefghijklmnopqrstuv (letters only)", None),
        ('File "/usr/lib/python3.11/site-packages/litellm/llms/openai/openai.py", line 870', None),
    ],
)
def test_key_like_text_is_masked_and_ordinary_text_left_alone(text, shown):
    from taubench.core.masking import mask_secrets

    assert mask_secrets(text) == (text if shown is None else shown)

"""The HTTP API: MT-Bench scores, and runs started, followed and read over HTTP.

``python -m taubench api`` serves it with uvicorn on 127.0.0.1:8000. ``GET /scores`` answers
as the MT-Bench fork of τ-bench does (the newest exported scores of a model on a subset, as
JSONL), but from stored exports: a GET never starts a paid run. Runs are started with
``POST /runs`` and a list of Hydra overrides, each run a ``taubench`` process of its own (a
crash or a stuck run never takes the API down), or with ``--isolation thread`` in the API's
own process through the same lifecycle (``taubench.app.lifecycle``), writing to ``<runs
dir>/<run id>`` and exporting its MT-Bench scores to the data directory. ``GET /leaderboard`` tables those runs.

A run's id is derived from its configuration (the settings a run is resumed by), so asking
twice for the same run gives the same id and starts it once; a run that stopped before its
end is continued by asking again, its finished episodes kept. What a request may set is an
allowlist (``api_policy``); how refusals answer is ``api_errors``. The files of a run folder or
an export are untrusted data (``api_run_files``, ``untrusted``), and key-like text in what is
served is masked (``masking``). With ``$TAUBENCH_API_TOKEN`` set, every operation needs it.
"""

import argparse
import hashlib
import hmac
import json
import os
import re
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Iterator, Literal, Optional, Sequence, TextIO

import anyio
from fastapi import Depends, FastAPI, HTTPException, Query
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field, StringConstraints

from taubench.app.lifecycle import run
from taubench.core.masking import MaskedText, mask_secrets
from taubench.core.metrics import RunSummary
from taubench.core.untrusted import SkippedLine, fault, read_within
from taubench.domains import DOMAINS
from taubench.execution.preparation import fingerprint_config
from taubench.execution.rundir import EPISODES_FILE, MANIFEST_FILE, RESULTS_FILE, StoredRunError, results_head
from taubench.execution.settings import RunSettings
from taubench.integrations.http_api import errors as api_errors
from taubench.integrations.http_api.errors import BodyLimit, refusals
from taubench.integrations.http_api.leaderboard import leaderboard_router
from taubench.integrations.http_api.mtbench import mtbench_router
from taubench.integrations.http_api.policy import (
    MAX_OVERRIDE_CHARS,
    MAX_OVERRIDES,
    RequestError,
    check_overrides,
    excerpt,
    validate_overrides,
)
from taubench.integrations.http_api.run_files import (
    JSONL,
    JSONL_ANSWER,
    count_lines,
    log_tail,
    masked_records,
    refuse_links,
    skipped_headers,
    unreadable,
)
from taubench.integrations.mtbench_request import scores_label
from taubench.reporting.mtbench_export import latest_scores_file, safe_model_name, scores_lines

TOKEN_VARIABLE = "TAUBENCH_API_TOKEN"
REQUEST_FILE = "api_request.json"
LOG_FILE = "api_run.log"
RUN_ID = r"^[0-9a-f]{16}$"
TASK_ID = r"^[A-Za-z0-9_.:\[\]-]{1,100}$"


class ApiSettings(BaseModel):
    data_dir: Path = Path("data")  # MT-Bench exports: what /scores reads
    runs_dir: Path = Path("outputs/api")  # one folder per run started here
    max_running: int = Field(2, ge=1)  # runs at once; more wait their turn
    tracking_uri: Optional[str] = None  # null: the embedded store under the directory the API runs in
    max_body_bytes: int = Field(64 * 1024, ge=1)  # larger request bodies are refused (413) before they are read whole
    # process: each run a `taubench` process of its own (a crash or a stuck run never takes the
    # API down; stopping the API stops it at once); thread: in the API's process, through the
    # same lifecycle (no process start-up; stopping the API lets running episodes finish)
    isolation: Literal["process", "thread"] = "process"


class RunRequest(BaseModel):
    overrides: list[Annotated[str, StringConstraints(max_length=MAX_OVERRIDE_CHARS)]] = Field(
        default_factory=list,
        max_length=MAX_OVERRIDES,
        description="Hydra overrides as on the command line, from the allowlist (README: HTTP API), "
        "e.g. ['env=airline', 'model=gpt4o', 'num_trials=2']",
        examples=[["env=airline", "agent=oracle", "user=oracle", "task_ids=[0,1]"]],
    )


# unreadable: a file of the run's folder cannot be read (its detail says which and why)
Status = Literal["queued", "running", "finished", "failed", "interrupted", "unreadable"]


class Progress(BaseModel):
    episodes_done: int
    episodes_planned: int


class RunState(BaseModel):
    id: str
    status: Status
    overrides: list[str] = []  # empty when the run's request record is unreadable
    created_at: Optional[str] = None  # likewise
    progress: Optional[Progress] = None  # likewise
    summary: Optional[RunSummary] = None
    detail: Optional[MaskedText] = None  # why a run failed (the end of its log) or is unreadable


class RunStarted(BaseModel):
    id: str
    status: Status
    created: bool  # False: this configuration was already running or done; nothing new started


class _RunRecord(BaseModel):
    """What the API keeps of a run on disk, so a restarted API still knows its runs."""

    id: str
    overrides: list[str]
    created_at: str
    episodes_planned: int


class RunBook:
    """The runs this API knows: started here, or found in the runs directory from an earlier
    life of the API. One lock makes "is this configuration running?" and "start it" one step."""

    def __init__(self, settings: ApiSettings, base_dir: Path):
        self.settings = settings
        self.base_dir = base_dir
        self.runs_dir = (base_dir / settings.runs_dir).resolve()
        self.data_dir = (base_dir / settings.data_dir).resolve()
        self.lock = threading.Lock()
        self.active: dict[str, Status] = {}  # queued or running in this process
        self.processes: dict[str, subprocess.Popen] = {}
        self.stopping = threading.Event()  # set at shutdown: in-process runs start no further episode
        self.pool = ThreadPoolExecutor(max_workers=settings.max_running, thread_name_prefix="taubench-run")
        # Validations wait for these threads, not for the pool that serves every other request.
        self.validations = anyio.CapacityLimiter(2)

    def start(self, overrides: list[str]) -> RunStarted:
        settings, planned = validate_overrides(overrides)
        run_id = run_id_of(settings)
        folder = self.runs_dir / run_id
        with self.lock:
            if run_id in self.active:
                return RunStarted(id=run_id, status=self.active[run_id], created=False)
            if os.path.lexists(folder / RESULTS_FILE) and self._state(run_id).status == "finished":
                return RunStarted(id=run_id, status="finished", created=False)
            refuse_links(folder, run_id)
            folder.mkdir(parents=True, exist_ok=True)
            record_file = folder / REQUEST_FILE
            if not os.path.lexists(record_file):
                record = _RunRecord(
                    id=run_id,
                    overrides=overrides,
                    created_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    episodes_planned=planned,
                )
                record_file.write_text(record.model_dump_json(indent=1), encoding="utf-8")
            self.active[run_id] = "queued"
        self.pool.submit(self._run, run_id, overrides, folder)
        return RunStarted(id=run_id, status="queued", created=True)

    def _run(self, run_id: str, overrides: list[str], folder: Path) -> None:
        """The run, as ``taubench <overrides>`` with the server's own settings added: in a process
        of its own or in this one (``isolation``), its output in the run's log either way."""
        arguments = [
            *overrides,
            f"output_dir={folder}",
            f"resume={folder}" if (folder / MANIFEST_FILE).exists() else "resume=never",
            "progress=false",
            "export.formats=[mtbench]",
            f"export.data_dir={self.data_dir}",
            *([f"tracking.tracking_uri={self.settings.tracking_uri}"] if self.settings.tracking_uri else []),
        ]
        try:
            appending = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW  # never through a link put there since
            with os.fdopen(os.open(folder / LOG_FILE, appending, 0o644), "a", encoding="utf-8") as log:
                if self.settings.isolation == "thread":
                    self._run_here(run_id, arguments, log)
                    return
                with self.lock:
                    process = subprocess.Popen(
                        [sys.executable, "-m", "taubench", *arguments, f"hydra.run.dir={folder}"],
                        cwd=self.base_dir,
                        stdout=log,
                        stderr=subprocess.STDOUT,
                        stdin=subprocess.DEVNULL,
                    )
                    self.processes[run_id] = process
                    self.active[run_id] = "running"
                process.wait()
        finally:
            with self.lock:
                self.active.pop(run_id, None)
                self.processes.pop(run_id, None)

    def _run_here(self, run_id: str, arguments: list[str], log: TextIO) -> None:
        """The run in this process, through the lifecycle the command line uses; what stops it
        is written to its log, as a process of its own would have printed it."""
        with self.lock:
            self.active[run_id] = "running"
        try:
            report = run(arguments, base_dir=self.base_dir, cancel=self.stopping)
        except Exception as exc:  # the run's failure, never the API's
            log.write(f"taubench: {mask_secrets(str(exc))}\n")
            return
        if report.summary.stopped:
            log.write(f"taubench: {mask_secrets(report.summary.stopped)}\n")

    def state(self, run_id: str) -> RunState:
        if not os.path.lexists(self.runs_dir / run_id / REQUEST_FILE):
            raise HTTPException(404, f"no run {run_id}")
        return self._state(run_id)

    def _state(self, run_id: str) -> RunState:
        """A run's state from its folder, whose files are untrusted data (``untrusted``: no link
        followed, no content quoted); a file that cannot be read makes it "unreadable" (with the
        reason), never an error for whoever asks, nor for the others in a listing."""
        folder = self.runs_dir / run_id
        try:
            record = _RunRecord.model_validate_json(read_within(folder / REQUEST_FILE, self.runs_dir))
        except (OSError, ValueError) as exc:
            return RunState(id=run_id, status="unreadable", detail=unreadable(REQUEST_FILE, exc))
        done, summary, detail = 0, None, None
        status: Status = self.active.get(run_id) or "interrupted"
        try:
            done = count_lines(folder / EPISODES_FILE, self.runs_dir)
        except OSError as exc:
            status, detail = "unreadable", unreadable(EPISODES_FILE, exc)
        if status == "interrupted" and os.path.lexists(folder / RESULTS_FILE):
            try:
                summary = RunSummary.model_validate(results_head(folder, self.runs_dir)["summary"])
                status = "finished" if summary.not_started == 0 and not summary.stopped else "failed"
                detail = summary.stopped
            except (ValueError, StoredRunError) as exc:
                status, detail = "unreadable", unreadable(RESULTS_FILE, exc)
        if status == "interrupted" and done == 0 and os.path.lexists(folder / LOG_FILE):
            try:
                status, detail = "failed", log_tail(folder / LOG_FILE, self.runs_dir)
            except OSError as exc:
                status, detail = "unreadable", unreadable(LOG_FILE, exc)
        return RunState(
            id=run_id,
            status=status,
            overrides=record.overrides,
            created_at=record.created_at,
            progress=Progress(episodes_done=done, episodes_planned=record.episodes_planned),
            summary=summary,
            detail=detail,
        )

    def all(self) -> list[RunState]:
        if not self.runs_dir.is_dir():
            return []
        ids = [
            entry.name
            for entry in self.runs_dir.iterdir()
            if re.match(RUN_ID, entry.name) and os.path.lexists(entry / REQUEST_FILE)
        ]
        return sorted((self._state(run_id) for run_id in ids), key=lambda state: state.created_at or "")

    def trajectories(self, run_id: str, task_id: Optional[str]) -> tuple[Iterator[bytes], list[SkippedLine]]:
        """The records to serve, and the lines left out. Complete records only, the file left as
        it is (a running run is appending to it): a last line without its newline is still being
        written, and a line that is not a JSON object is left out, so the answer stays JSONL.
        The file is scanned whole before the answer starts, so what was left out can be said in
        its headers; the records are then read again from the same open file, masked."""
        self.state(run_id)  # 404 for an unknown run, before the answer starts
        path = self.runs_dir / run_id / EPISODES_FILE
        if not os.path.lexists(path):
            return iter(()), []
        try:
            return masked_records(
                path, self.runs_dir, lambda record: task_id is None or record.get("task_id") == task_id
            )
        except OSError as exc:
            raise RequestError(f"run {run_id}: {unreadable(EPISODES_FILE, exc)}") from None

    def shutdown(self) -> None:
        """Running runs are stopped (each can be continued by asking for it again): a process at
        once, an in-process run once its running episodes end."""
        self.stopping.set()
        with self.lock:
            for process in self.processes.values():
                process.terminate()
        self.pool.shutdown(wait=True, cancel_futures=True)


def run_id_of(settings: RunSettings) -> str:
    config = json.dumps(fingerprint_config(settings), sort_keys=True)
    return hashlib.sha256(config.encode()).hexdigest()[:16]


def create_app(settings: ApiSettings = ApiSettings(), base_dir: Optional[Path] = None) -> FastAPI:
    base_dir = (base_dir or Path.cwd()).resolve()
    book = RunBook(settings, base_dir)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        yield
        book.shutdown()

    bearer = HTTPBearer(auto_error=False, description=f"the value of ${TOKEN_VARIABLE} on the server, if it is set")

    def authorised(credentials: Optional[HTTPAuthorizationCredentials] = Depends(bearer)) -> None:
        expected = os.environ.get(TOKEN_VARIABLE)
        if not expected:
            return
        given = credentials.credentials if credentials else ""
        if not hmac.compare_digest(given.encode(), expected.encode()):
            raise HTTPException(
                401, "a valid API token is needed (Authorization: Bearer <token>)", {"WWW-Authenticate": "Bearer"}
            )

    app = FastAPI(
        title="taubench",
        summary="τ-bench runs and results over HTTP",
        description="MT-Bench scores of stored exports, and runs started, followed and read. With "
        f"${TOKEN_VARIABLE} set on the server, every operation needs `Authorization: Bearer <token>`.",
        lifespan=lifespan,
        dependencies=[
            Depends(authorised)
        ],  # every route: reading serves runs' records, starting spends (not /docs, /openapi.json)
    )
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    api_errors.install(app)
    app.state.runs = book

    # Response (no media type of its own): the answers are documented as JSONL, the refusals as JSON
    @app.get("/scores", response_class=Response, responses={200: JSONL_ANSWER, **refusals(401, 404, 422)})
    def scores(
        model: str = Query(
            ..., min_length=1, max_length=200, description="the model as exported, e.g. openai/gpt-4o or openai_gpt-4o"
        ),
        subset: str = Query(..., description=f"the environment: {', '.join(DOMAINS)}"),
        taskID: Optional[str] = Query(None, pattern=TASK_ID, description="only this task's line"),
    ) -> PlainTextResponse:
        """The MT-Bench scores (one JSON line per task) of the newest export of a model on a subset
        (a model config's name, or a string it names, finds that config's scores too)."""
        if subset not in DOMAINS:
            raise RequestError(f"subset: unknown environment {excerpt(subset)!r}; allowed: {', '.join(DOMAINS)}")
        path = latest_scores_file(book.data_dir, model, subset) or latest_scores_file(
            book.data_dir, scores_label(model), subset
        )
        if path is None:
            exported = _exported_models(book.data_dir, subset)
            raise RequestError(
                f"model: no scores of {model!r} (file name {safe_model_name(model)}) for {subset}; "
                f"allowed: {', '.join(exported) or 'none exported yet'}"
            )
        try:
            text, skipped = scores_lines(path, taskID, book.data_dir)
        except OSError as exc:
            raise RequestError(
                f"model: the scores file {path.relative_to(book.data_dir)} cannot be read ({fault(exc)})"
            ) from None
        if taskID is not None and not text:
            raise HTTPException(404, f"no task-{taskID} in the scores of {model} on {subset}")
        return PlainTextResponse(text, media_type=JSONL, headers=skipped_headers(skipped))

    @app.post(
        "/runs",
        status_code=202,
        response_model=RunStarted,
        responses={
            200: {
                "model": RunStarted,
                "description": "This configuration's run was already running or done: nothing new started",
            },
            202: {"description": "The run was started (or queued)"},
            **refusals(400, 401, 413, 422),
        },
    )
    async def start_run(request: RunRequest) -> JSONResponse:
        """Start a run (or find the same configuration's run); follow it at /runs/{id}."""
        check_overrides(request.overrides)  # by form, at once: a refusal never waits for another request's composition
        started = await anyio.to_thread.run_sync(book.start, request.overrides, limiter=book.validations)
        return JSONResponse(status_code=202 if started.created else 200, content=started.model_dump())

    @app.get("/runs", response_model=list[RunState], responses=refusals(401))
    def list_runs() -> list[RunState]:
        return book.all()

    @app.get("/runs/{run_id}", response_model=RunState, responses=refusals(401, 404, 422))
    def run_state(run_id: str = PathParam(..., pattern=RUN_ID)) -> RunState:
        """Status, progress, and the summary once the run has ended."""
        return book.state(run_id)

    @app.get(
        "/runs/{run_id}/trajectories",
        response_class=StreamingResponse,
        responses={200: JSONL_ANSWER, **refusals(401, 404, 422)},
    )
    def trajectories(
        run_id: str = PathParam(..., pattern=RUN_ID),
        task_id: Optional[str] = Query(None, pattern=TASK_ID),
    ) -> StreamingResponse:
        """The run's finished episodes (messages, tool calls, reward components), one JSON line each;
        key-like text masked."""
        records, skipped = book.trajectories(run_id, task_id)
        return StreamingResponse(records, media_type=JSONL, headers=skipped_headers(skipped))

    app.include_router(leaderboard_router(book.runs_dir))
    app.include_router(mtbench_router(book))
    return app


def _exported_models(data_dir: Path, subset: str) -> list[str]:
    return sorted(
        {path.name.removesuffix("_scores.jsonl") for path in data_dir.glob(f"tau_bench_{subset}_*/*_scores.jsonl")}
    )


def _at_least_one(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m taubench api", description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--data-dir", type=Path, default=ApiSettings().data_dir, help="MT-Bench exports (default: data)"
    )
    parser.add_argument(
        "--runs-dir", type=Path, default=ApiSettings().runs_dir, help="runs started here (default: outputs/api)"
    )
    parser.add_argument(
        "--max-running", type=_at_least_one, default=ApiSettings().max_running, help="runs at once (default: 2)"
    )
    parser.add_argument("--tracking-uri", default=None, help="MLflow store of the runs (default: ./mlruns)")
    parser.add_argument(
        "--max-body-bytes",
        type=_at_least_one,
        default=ApiSettings().max_body_bytes,
        help="larger request bodies get 413 (default: 65536)",
    )
    parser.add_argument(
        "--isolation",
        choices=["process", "thread"],
        default=ApiSettings().isolation,
        help="each run in a process of its own (default) or in the API's process",
    )
    return parser.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    import uvicorn

    args = parse_args(argv)
    settings = ApiSettings(
        data_dir=args.data_dir,
        runs_dir=args.runs_dir,
        max_running=args.max_running,
        tracking_uri=args.tracking_uri,
        max_body_bytes=args.max_body_bytes,
        isolation=args.isolation,
    )
    if not os.environ.get(TOKEN_VARIABLE):
        print(
            f"taubench api: ${TOKEN_VARIABLE} is not set: "
            "anyone who can reach the port can start runs and read every run's records",
            file=sys.stderr,
        )
    uvicorn.run(create_app(settings), host=args.host, port=args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())

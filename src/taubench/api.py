"""The HTTP API: MT-Bench scores, and runs started, followed and read over HTTP.

``python -m taubench.api`` serves it with uvicorn on 127.0.0.1:8000. ``GET /scores`` answers
as the MT-Bench fork of τ-bench does (the newest exported scores of a model on a subset, as
JSONL), but from stored exports: a GET never starts a paid run. Runs are started with
``POST /runs`` and a list of Hydra overrides, each run a ``python -m taubench`` process of its
own (a crash or a stuck run never takes the API down) writing to ``<runs dir>/<run id>`` and
exporting its MT-Bench scores to the data directory.

A run's id is derived from its configuration (the settings a run is resumed by), so asking
twice for the same run gives the same id and starts it once; a run that stopped before its
end is continued by asking again, its finished episodes kept.
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
from typing import Iterator, Literal, Optional, Sequence

from fastapi import Depends, FastAPI, HTTPException, Path as PathParam, Query
from fastapi.responses import JSONResponse, PlainTextResponse, StreamingResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field

from taubench.domain import DataError
from taubench.domains import DOMAINS, load_domain
from taubench.metrics import RunSummary
from taubench.mtbench import latest_scores_file, safe_model_name, scores_lines
from taubench.rundir import EPISODES_FILE, MANIFEST_FILE, RESULTS_FILE, results_head
from taubench.runner import fingerprint_config
from taubench.settings import ConfigError, RunSettings, check_models, parse_settings, select_tasks

TOKEN_VARIABLE = "TAUBENCH_API_TOKEN"
REQUEST_FILE = "api_request.json"
LOG_FILE = "api_run.log"
RUN_ID = r"^[0-9a-f]{16}$"
TASK_ID = r"^[A-Za-z0-9_.:\[\]-]{1,100}$"
JSONL = "application/jsonl"
# Overrides a request may not make: where files go and how runs are recorded are the server's
# to decide (a path in a request could point anywhere on the machine).
SERVER_OWNED = ("output_dir", "resume", "hydra", "export", "tracking", "dispatch", "llm.cache_dir", "env.data_dir")
OVERRIDE = re.compile(r"^(?P<key>[A-Za-z_][\w.]*)=(?P<value>.*)$", re.DOTALL)


class ApiSettings(BaseModel):
    data_dir: Path = Path("data")  # MT-Bench exports: what /scores reads
    runs_dir: Path = Path("outputs/api")  # one folder per run started here
    max_running: int = Field(2, ge=1)  # runs at once; more wait their turn
    tracking_uri: Optional[str] = None  # null: the embedded store under the directory the API runs in


class RunRequest(BaseModel):
    overrides: list[str] = Field(
        default_factory=list,
        description="Hydra overrides as on the command line, e.g. ['env=airline', 'model=gpt4o', 'num_trials=2']",
        examples=[["env=airline", "agent=oracle", "user=oracle", "task_ids=[0,1]"]],
    )


Status = Literal["queued", "running", "finished", "failed", "interrupted"]


class Progress(BaseModel):
    episodes_done: int
    episodes_planned: int


class RunState(BaseModel):
    id: str
    status: Status
    overrides: list[str]
    created_at: str
    progress: Progress
    summary: Optional[RunSummary] = None
    detail: Optional[str] = None  # why a run failed: the end of its log


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


class RequestError(Exception):
    """A request the API refuses: 422 with this message."""


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
        self.pool = ThreadPoolExecutor(max_workers=settings.max_running, thread_name_prefix="taubench-run")

    def start(self, overrides: list[str]) -> RunStarted:
        settings, planned = validate_overrides(overrides)
        run_id = run_id_of(settings)
        folder = self.runs_dir / run_id
        with self.lock:
            if run_id in self.active:
                return RunStarted(id=run_id, status=self.active[run_id], created=False)
            if (folder / RESULTS_FILE).exists() and self._state(run_id).status == "finished":
                return RunStarted(id=run_id, status="finished", created=False)
            folder.mkdir(parents=True, exist_ok=True)
            record_file = folder / REQUEST_FILE
            if not record_file.exists():
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
        resume = f"resume={folder}" if (folder / MANIFEST_FILE).exists() else "resume=never"
        command = [
            sys.executable, "-m", "taubench", *overrides,
            f"output_dir={folder}", f"hydra.run.dir={folder}", resume, "progress=false",
            "export.formats=[mtbench]", f"export.data_dir={self.data_dir}",
        ]  # fmt: skip
        if self.settings.tracking_uri:
            command.append(f"tracking.tracking_uri={self.settings.tracking_uri}")
        try:
            with open(folder / LOG_FILE, "a", encoding="utf-8") as log:
                with self.lock:
                    process = subprocess.Popen(
                        command, cwd=self.base_dir, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
                    )
                    self.processes[run_id] = process
                    self.active[run_id] = "running"
                process.wait()
        finally:
            with self.lock:
                self.active.pop(run_id, None)
                self.processes.pop(run_id, None)

    def state(self, run_id: str) -> RunState:
        if not (self.runs_dir / run_id / REQUEST_FILE).exists():
            raise HTTPException(404, f"no run {run_id}")
        return self._state(run_id)

    def _state(self, run_id: str) -> RunState:
        folder = self.runs_dir / run_id
        record = _RunRecord.model_validate_json((folder / REQUEST_FILE).read_text(encoding="utf-8"))
        done = _count_lines(folder / EPISODES_FILE)
        summary, detail = None, None
        status: Status = self.active.get(run_id) or "interrupted"
        if status == "interrupted" and (folder / RESULTS_FILE).exists():
            summary = RunSummary.model_validate(results_head(folder)["summary"])
            status = "finished" if summary.not_started == 0 and not summary.stopped else "failed"
            detail = summary.stopped
        if status == "interrupted" and done == 0 and (folder / LOG_FILE).exists():
            status, detail = "failed", _log_tail(folder / LOG_FILE)
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
        ids = [path.parent.name for path in self.runs_dir.glob(f"*/{REQUEST_FILE}") if re.match(RUN_ID, path.parent.name)]
        return sorted((self._state(run_id) for run_id in ids), key=lambda state: state.created_at)

    def trajectories(self, run_id: str, task_id: Optional[str]) -> Iterator[bytes]:
        self.state(run_id)  # 404 for an unknown run, before the answer starts
        return self._episode_lines(self.runs_dir / run_id / EPISODES_FILE, task_id)

    @staticmethod
    def _episode_lines(path: Path, task_id: Optional[str]) -> Iterator[bytes]:
        if not path.exists():
            return
        with open(path, "rb") as lines:
            for line in lines:
                if task_id is None or json.loads(line)["task_id"] == task_id:
                    yield line

    def shutdown(self) -> None:
        """Running runs are stopped (each can be continued by asking for it again)."""
        with self.lock:
            for process in self.processes.values():
                process.terminate()
        self.pool.shutdown(wait=True, cancel_futures=True)


def validate_overrides(overrides: Sequence[str]) -> tuple[RunSettings, int]:
    """The run's settings and planned episode count, checked as the command line checks them
    (Hydra composition, settings, tasks, model keys) before anything starts."""
    for override in overrides:
        match = OVERRIDE.match(override)
        if not match:
            raise RequestError(f"overrides: {override!r} is not of the form key=value")
        key = match["key"]
        if "${" in match["value"]:  # ${oc.env:...} would copy the server's secrets into the run's records
            raise RequestError(f"overrides: {key}: interpolations (${{...}}) are not allowed in a request")
        if any(key == owned or key.startswith(f"{owned}.") for owned in SERVER_OWNED):
            raise RequestError(f"overrides: {key} is set by the server; not allowed in a request: {', '.join(SERVER_OWNED)}")
    settings = compose_settings(list(overrides))
    try:
        domain = load_domain(settings.env.name, settings.env.data_dir, settings.env.verify_checksums)
        tasks = select_tasks(settings, domain)
        check_models(settings)
    except (ConfigError, DataError) as exc:
        raise RequestError(str(exc)) from None
    return settings, len(tasks) * settings.num_trials


_COMPOSE_LOCK = threading.Lock()  # Hydra's composition state is global


def compose_settings(overrides: list[str]) -> RunSettings:
    from hydra import compose, initialize_config_module
    from hydra.errors import HydraException
    from omegaconf import OmegaConf
    from omegaconf.errors import OmegaConfBaseException

    with _COMPOSE_LOCK:
        try:
            with initialize_config_module(config_module="taubench.conf", version_base="1.3"):
                config = OmegaConf.to_container(compose(config_name="config", overrides=overrides), resolve=True)
        except (HydraException, OmegaConfBaseException) as exc:
            raise RequestError(f"overrides: {exc}") from None
    try:
        return parse_settings(config)
    except ConfigError as exc:
        raise RequestError(str(exc)) from None


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

    app = FastAPI(
        title="taubench",
        summary="τ-bench runs and results over HTTP",
        description="MT-Bench scores of stored exports, and runs started, followed and read. "
        f"Starting runs needs `Authorization: Bearer <token>` when ${TOKEN_VARIABLE} is set on the server.",
        lifespan=lifespan,
    )
    app.state.runs = book
    bearer = HTTPBearer(auto_error=False, description=f"the value of ${TOKEN_VARIABLE} on the server, if it is set")

    def authorised(credentials: Optional[HTTPAuthorizationCredentials] = Depends(bearer)) -> None:
        expected = os.environ.get(TOKEN_VARIABLE)
        if not expected:
            return
        given = credentials.credentials if credentials else ""
        if not hmac.compare_digest(given.encode(), expected.encode()):
            raise HTTPException(401, "a valid API token is needed (Authorization: Bearer <token>)", {"WWW-Authenticate": "Bearer"})

    @app.exception_handler(RequestError)
    async def refused(request, exc: RequestError) -> JSONResponse:
        return JSONResponse(status_code=422, content={"detail": str(exc)})

    @app.get("/scores", response_class=PlainTextResponse, responses={200: {"content": {JSONL: {}}}})
    def scores(
        model: str = Query(..., min_length=1, max_length=200, description="the model as exported, e.g. openai/gpt-4o or openai_gpt-4o"),
        subset: str = Query(..., description=f"the environment: {', '.join(DOMAINS)}"),
        taskID: Optional[str] = Query(None, pattern=TASK_ID, description="only this task's line"),
    ) -> PlainTextResponse:
        """The MT-Bench scores (one JSON line per task) of the newest export of a model on a subset."""
        if subset not in DOMAINS:
            raise RequestError(f"subset: unknown environment {subset!r}; allowed: {', '.join(DOMAINS)}")
        path = latest_scores_file(book.data_dir, model, subset)
        if path is None:
            exported = _exported_models(book.data_dir, subset)
            raise RequestError(
                f"model: no scores of {model!r} (file name {safe_model_name(model)}) for {subset}; "
                f"allowed: {', '.join(exported) or 'none exported yet'}"
            )
        text = scores_lines(path, taskID)
        if taskID is not None and not text:
            raise HTTPException(404, f"no task-{taskID} in the scores of {model} on {subset}")
        return PlainTextResponse(text, media_type=JSONL)

    @app.post("/runs", status_code=202, response_model=RunStarted, dependencies=[Depends(authorised)])
    def start_run(request: RunRequest) -> JSONResponse:
        """Start a run (or find the same configuration's run); follow it at /runs/{id}."""
        started = book.start(request.overrides)
        return JSONResponse(status_code=202 if started.created else 200, content=started.model_dump())

    @app.get("/runs", response_model=list[RunState])
    def list_runs() -> list[RunState]:
        return book.all()

    @app.get("/runs/{run_id}", response_model=RunState)
    def run_state(run_id: str = PathParam(..., pattern=RUN_ID)) -> RunState:
        """Status, progress, and the summary once the run has ended."""
        return book.state(run_id)

    @app.get("/runs/{run_id}/trajectories", response_class=StreamingResponse, responses={200: {"content": {JSONL: {}}}})
    def trajectories(
        run_id: str = PathParam(..., pattern=RUN_ID),
        task_id: Optional[str] = Query(None, pattern=TASK_ID),
    ) -> StreamingResponse:
        """The run's finished episodes (messages, tool calls, reward components), one JSON line each."""
        return StreamingResponse(book.trajectories(run_id, task_id), media_type=JSONL)

    return app


def _exported_models(data_dir: Path, subset: str) -> list[str]:
    return sorted({path.name.removesuffix("_scores.jsonl") for path in data_dir.glob(f"tau_bench_{subset}_*/*_scores.jsonl")})


def _count_lines(path: Path) -> int:
    if not path.exists():
        return 0
    with open(path, "rb") as lines:
        return sum(1 for _ in lines)


def _log_tail(path: Path, lines: int = 12) -> str:
    return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m taubench.api", description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--data-dir", type=Path, default=ApiSettings().data_dir, help="MT-Bench exports (default: data)")
    parser.add_argument("--runs-dir", type=Path, default=ApiSettings().runs_dir, help="runs started here (default: outputs/api)")
    parser.add_argument("--max-running", type=int, default=ApiSettings().max_running, help="runs at once (default: 2)")
    parser.add_argument("--tracking-uri", default=None, help="MLflow store of the runs (default: ./mlruns)")
    return parser.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    import uvicorn

    args = parse_args(argv)
    settings = ApiSettings(
        data_dir=args.data_dir, runs_dir=args.runs_dir, max_running=args.max_running, tracking_uri=args.tracking_uri
    )
    if not os.environ.get(TOKEN_VARIABLE):
        print(f"taubench.api: ${TOKEN_VARIABLE} is not set: anyone who can reach the port can start runs", file=sys.stderr)
    uvicorn.run(create_app(settings), host=args.host, port=args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())

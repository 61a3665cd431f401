"""``POST /mtbench/runs`` of the HTTP API: an MT Benchmark request (``taubench.integrations.mtbench_request``)
started as one run per subset, each exporting the scores ``GET /scores`` then serves. What the
runs may set is the same allowlist as ``POST /runs``: the model is one of the server's configs."""

from urllib.parse import urlencode

import anyio
from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from taubench.integrations.http_api.errors import refusals
from taubench.integrations.http_api.policy import RequestError, check_overrides, validate_overrides
from taubench.integrations.mtbench_request import MTBenchRequest, RequestProblem, run_overrides


class SubsetRun(BaseModel):
    subset: str
    id: str  # follow it at /runs/{id}
    status: str
    created: bool  # False: this configuration was already running or done
    scores: str  # where its scores appear once it has finished


class MTBenchStarted(BaseModel):
    runs: list[SubsetRun]


def mtbench_router(book) -> APIRouter:
    router = APIRouter()

    @router.post(
        "/mtbench/runs",
        status_code=202,
        response_model=MTBenchStarted,
        responses={
            200: {
                "model": MTBenchStarted,
                "description": "Every subset's run was already running or done: nothing new started",
            },
            202: {"description": "At least one subset's run was started (or queued)"},
            **refusals(400, 401, 413, 422),
        },
    )
    async def start_mtbench(request: MTBenchRequest) -> JSONResponse:
        """MT Benchmark's request (dataset_name tau_bench, model_name, subsets, optional task_ids): one run
        per subset, all checked before any starts; each run's MT Bench scores at /scores once it has finished."""
        try:
            runs, label = run_overrides(request, any_model_string=False)
        except RequestProblem as exc:
            raise RequestError(str(exc)) from None
        for overrides in runs.values():
            check_overrides(overrides)
        for overrides in runs.values():  # every subset valid before the first starts
            await anyio.to_thread.run_sync(validate_overrides, overrides, limiter=book.validations)
        started = []
        for subset, overrides in runs.items():
            run = await anyio.to_thread.run_sync(book.start, overrides, limiter=book.validations)
            scores = "/scores?" + urlencode({"model": label, "subset": subset})
            started.append(SubsetRun(subset=subset, id=run.id, status=run.status, created=run.created, scores=scores))
        created = any(run.created for run in started)
        return JSONResponse(status_code=202 if created else 200, content=MTBenchStarted(runs=started).model_dump())

    return router

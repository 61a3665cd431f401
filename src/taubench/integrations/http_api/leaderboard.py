"""``GET /leaderboard`` of the HTTP API: the leaderboard (``taubench.reporting.leaderboard.board``) of the runs in
the API's own runs folder (read as untrusted data: no link followed, a linked or damaged run left
out with the reason), as JSON (the default) or as Markdown, CSV or HTML text. Every query
parameter is from an allowlist, its values too; anything else is refused with 422."""

from pathlib import Path
from typing import TYPE_CHECKING, Literal, Optional

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from taubench.core.tasks import LABEL_KEYS
from taubench.domains import DOMAINS
from taubench.integrations.http_api.errors import refusals
from taubench.integrations.http_api.policy import RequestError, excerpt
from taubench.reporting.leaderboard.board import build, render
from taubench.reporting.leaderboard.sources import folder_runs, shown_path
from taubench.reporting.leaderboard.table import Leaderboard

MEDIA_TYPES = {"markdown": "text/markdown", "csv": "text/csv", "html": "text/html"}
PARAMETERS = ("format", "env", "by")
if TYPE_CHECKING:  # Literals of values known at run time (FastAPI checks them): strings to mypy
    Environment = str
    LabelKey = str
else:
    Environment = Literal[tuple(DOMAINS)]
    LabelKey = Literal[LABEL_KEYS]


def leaderboard_router(runs_dir: Path) -> APIRouter:
    router = APIRouter()

    @router.get(
        "/leaderboard",
        response_model=Leaderboard,
        responses={
            200: {"content": {media: {"schema": {"type": "string"}} for media in MEDIA_TYPES.values()}},
            **refusals(401, 422),
        },
    )
    def leaderboard(
        request: Request,
        format: Literal["json", "markdown", "csv", "html"] = Query("json", description="json, or the table as text"),
        env: Optional[Environment] = Query(None, description="only this environment's table"),
        by: Optional[LabelKey] = Query(None, description="break each row down by this task label: pass^1 per value"),
    ):
        """Per environment, one row per setup: pass^1..k and average reward with 95% intervals, cost
        and tokens per episode; the runs left out and why (README: Leaderboard)."""
        unknown = sorted(set(request.query_params) - set(PARAMETERS))
        if unknown:
            raise RequestError(
                f"{excerpt(unknown[0])}: not a parameter of /leaderboard; allowed: {', '.join(PARAMETERS)}"
            )
        candidates = folder_runs([runs_dir], confined=True)[
            1
        ]  # untrusted data: no link followed, every reason in fixed words
        board = build(candidates, [str(shown_path(runs_dir))], by)
        if env is not None:
            board.tables = [table for table in board.tables if table.env == env]
        if format == "json":
            return board
        return Response(render(board, format), media_type=MEDIA_TYPES[format])

    return router

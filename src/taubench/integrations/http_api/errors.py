"""What the HTTP API answers when it refuses a request: the error bodies its OpenAPI schema
documents, 422s that quote at most a short excerpt of what the caller sent (FastAPI's own
handler echoes the whole input, however large), and the body limit, whose 413 is JSON like
every other refusal (Starlette's, judged by Content-Length, is plain text)."""

import json
from typing import Any, Optional, Union

from fastapi import FastAPI, HTTPException, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as ASGIMessage

from taubench.integrations.http_api.policy import EXCERPT_CHARS, RequestError, excerpt


class Message(BaseModel):
    """A refusal explained in one message (400, 401, 404, 413, and the API's own 422s)."""

    detail: str


class InputProblem(BaseModel):
    """One problem in the shape of a request, as FastAPI finds it; a long input is cut short."""

    type: str
    loc: list[Union[str, int]]
    msg: str
    input: Any = None
    ctx: Optional[dict[str, Any]] = None


class Refusal(BaseModel):
    """A 422: one message from the API's own checks (unknown key, value, task, model...), or
    FastAPI's list of problems in the request's shape (a missing field, a wrong type)."""

    detail: Union[str, list[InputProblem]]


_MEANING = {
    400: "The body is not JSON text at all (e.g. not UTF-8)",
    401: "No valid API token (Authorization: Bearer <token>), while the server has one set",
    404: "No such run, or no such task in the scores",
    413: "The request body is over the server's limit (--max-body-bytes, default 64 KiB)",
    422: "The request cannot be carried out; the detail says which key or value and what is allowed",
}


def refusals(*codes: int) -> dict[int, dict]:
    """The ``responses`` of a route that can answer with these error codes."""
    return {code: {"model": Refusal if code == 422 else Message, "description": _MEANING[code]} for code in codes}


def install(app: FastAPI) -> None:
    """Both kinds of 422 answer with ``{"detail": ...}`` and quote input only in short."""

    @app.exception_handler(RequestError)
    async def refused(request: Request, exc: RequestError) -> JSONResponse:
        return JSONResponse(status_code=422, content={"detail": str(exc)})

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = jsonable_encoder(exc.errors())
        for problem in problems:
            if "input" in problem:
                problem["input"] = _shortened(problem["input"])
        return JSONResponse(status_code=422, content={"detail": problems})


class BodyLimit:
    """Request bodies over ``max_bytes`` get 413 before they are read whole: at once when the
    Content-Length says so (the app is not called), else as soon as the bytes streamed in pass
    the limit (an ``HTTPException`` raised where the app reads them, answered by its handler)."""

    def __init__(self, app: ASGIApp, max_bytes: int):
        self.app = app
        self.max_bytes = max_bytes
        self.detail = f"Content Too Large: the request body is over this server's limit of {max_bytes} bytes"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = Headers(scope=scope).get("content-length", "")
        if length.isdigit() and int(length) > self.max_bytes:
            return await JSONResponse(status_code=413, content={"detail": self.detail})(scope, receive, send)
        received = 0

        async def limited() -> ASGIMessage:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b"")) if message["type"] == "http.request" else 0
            if received > self.max_bytes:
                raise HTTPException(413, self.detail)
            return message

        await self.app(scope, limited, send)


def _shortened(value: Any) -> Any:
    """The value itself if short, else an excerpt of its JSON text."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return value if len(text) <= EXCERPT_CHARS else excerpt(text)

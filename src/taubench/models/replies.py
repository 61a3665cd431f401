"""Reading what a provider sent back, without trusting it: did an answer arrive, is it usable,
and what do its token counts say.

Retrying helps only when the cause can change: the connection failed or timed out, or the
provider answered 408, 429 or 5xx. litellm reports many other failures with the same
exception classes: a 200 whose body is not a usable chat completion becomes an
``InternalServerError`` with status 500 on the ``openai/`` route, an ``APIConnectionError`` or
``APIError`` on ``hosted_vllm/``. So the verdict is read from the exception's causes, not from
its class: a transport error, the status of an HTTP answer (``httpx.HTTPStatusError``), or
the parse failure litellm hit on an answer that did arrive.
"""

import json
import socket
from typing import Optional

import httpx
from pydantic import BaseModel

EXCERPT_CHARS = 300
MAX_TOKENS_PER_CALL = 10**9  # more in one call is no real count (and would overflow a float cost)
# litellm's words for an answer it received and could not use (litellm 1.101.6; the tests of
# every malformed reply kind check them): a body not made into a completion (wrong types,
# message null, nested too deep), a body the openai/ route could not parse, no choices at all,
# a body that is not a JSON object on the openai/ route
UNUSABLE_PHRASES = (
    "Invalid response object",
    "Received response - <APIResponse [2",
    "returned a response with no 'choices'",
    "Empty or invalid response from LLM endpoint",
)
REPLY_MARKERS = ("received_args={'response_object': ", "Original Response: ", "Received: ")


def causes(exc: BaseException) -> list[BaseException]:
    """The exception and everything it was raised from or while handling, outermost first."""
    chain: list[BaseException] = []
    current: Optional[BaseException] = exc
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__ or current.__context__
    return chain


def connection_failed(exc: BaseException) -> bool:
    """No answer came: the connection was refused, dropped or timed out."""
    return any(isinstance(cause, (httpx.TransportError, ConnectionError, TimeoutError)) for cause in causes(exc))


def never_connected(exc: BaseException) -> bool:
    """No connection was made at all: the address was refused or its name did not resolve (not
    a connection dropped or timed out once made, which a retry may get past)."""
    return any(
        isinstance(cause, (httpx.ConnectError, ConnectionRefusedError, socket.gaierror)) for cause in causes(exc)
    )


def answered_status(exc: BaseException) -> Optional[int]:
    """The error status the server actually answered with, if the failure was such an answer
    (litellm's own ``status_code`` can be made up: 500 for a body it could not parse)."""
    for cause in causes(exc):
        if isinstance(cause, httpx.HTTPStatusError):
            return cause.response.status_code
    return None


def retryable_status(status: int) -> bool:
    return status in (408, 429) or status >= 500


def retry_after_seconds(exc: BaseException) -> Optional[float]:
    """The wait a 429/503 asked for (``retry-after-ms`` or ``Retry-After`` in seconds)."""
    for source in (
        getattr(exc, "litellm_response_headers", None),
        getattr(getattr(exc, "response", None), "headers", None),
    ):
        if not source:
            continue
        for header, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
            value = source.get(header)
            if value is None:
                continue
            try:
                return max(0.0, float(value) * scale)
            except ValueError:
                continue  # an HTTP date: rare from LLM providers; fall back to backoff
    return None


class UnusableReply(BaseModel):
    """An answer that arrived but can never be used: why, and what it looked like."""

    reason: str
    excerpt: str


def unusable_reply(exc: BaseException) -> Optional[UnusableReply]:
    """The reply litellm failed on, when the failure shows one arrived and was unusable: a
    redirect, a success answer litellm could not parse (not JSON, nested too deep, an integer
    too long, fields of the wrong type, no choices), or an error object sent with status 200.
    A failure before anything was sent (litellm building the request) is not one."""
    chain = causes(exc)
    status = answered_status(exc)
    if status is not None:
        if 300 <= status < 400:
            return UnusableReply(reason=f"HTTP {status} redirect, not an answer", excerpt=_excerpt(chain))
        return None
    arrived = (
        any(_success_response(cause) is not None for cause in chain)  # hosted_vllm/: the response is kept
        or any(type(cause) is Exception and hasattr(cause, "status_code") for cause in chain)  # {"error": ...} in a 200
        or any(phrase in str(cause) for cause in chain for phrase in UNUSABLE_PHRASES)
    )
    return UnusableReply(reason=_reason(chain), excerpt=_excerpt(chain)) if arrived else None


def _success_response(cause: BaseException) -> Optional[httpx.Response]:
    response = getattr(cause, "response", None)
    return response if isinstance(response, httpx.Response) and response.status_code < 400 else None


def _reason(chain: list[BaseException]) -> str:
    """The innermost cause's words (litellm's outer messages add tracebacks and prefixes)."""
    for cause in reversed(chain):
        text = " ".join((str(cause) or str(getattr(cause, "message", ""))).split())
        if text and not isinstance(cause, StopIteration):  # the JSON scanner's internals
            return f"{type(cause).__name__}: {text[:EXCERPT_CHARS]}"
    return type(chain[0]).__name__


def _excerpt(chain: list[BaseException]) -> str:
    """The start of the reply as received, from wherever litellm kept it: the text a JSON
    parser failed on, the response, the reply quoted in a message, an error object's message."""
    for cause in chain:
        if isinstance(cause, json.JSONDecodeError):
            return _start(cause.doc)
    for cause in chain:
        response = _success_response(cause)
        try:
            if response is not None and response.text:
                return _start(response.text)
        except (httpx.ResponseNotRead, UnicodeDecodeError):
            pass
        text = str(cause)
        for marker in REPLY_MARKERS:
            if marker in text:
                return _start(text.split(marker, 1)[1])
    for cause in chain:
        message = getattr(cause, "message", None) if type(cause) is Exception else None
        if message:
            return f"error object: {message!s:.{EXCERPT_CHARS}}"
    return f"(litellm kept no text of the reply) {_reason(chain)}"[:EXCERPT_CHARS]


def _start(text: str) -> str:
    return text[:EXCERPT_CHARS] if text else "(an empty body)"


class TokenCounts(BaseModel):
    """A call's token counts as recorded: never negative. ``trusted`` is false when the reply
    reported no usage (litellm then gives zeros: a real prompt is never empty) or counts that
    are negative, not integers, impossibly large, or more cached than prompt tokens; the
    call's cost is then unknown."""

    prompt: int = 0
    completion: int = 0
    cached: int = 0
    trusted: bool = False


def read_usage(usage: object) -> TokenCounts:
    prompt = _count(getattr(usage, "prompt_tokens", None))
    completion = _count(getattr(usage, "completion_tokens", None))
    cached_reported = getattr(getattr(usage, "prompt_tokens_details", None), "cached_tokens", None)
    cached = 0 if cached_reported is None else _count(cached_reported)  # no details: nothing cached
    cached_fits = cached is not None and cached <= (prompt or 0)
    return TokenCounts(
        prompt=prompt or 0,
        completion=completion or 0,
        cached=cached if cached_fits else 0,
        trusted=bool(prompt) and completion is not None and cached_fits,
    )


def _count(value: object) -> Optional[int]:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_TOKENS_PER_CALL:
        return value
    return None

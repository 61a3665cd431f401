"""Replies no client can use, as broken servers, proxies and gateways send them: the scripted
server's ``malformed_reply`` fault. Each kind is built from the good completion it replaces,
and none would change if the request were sent again.
"""

import json

from pydantic import BaseModel

DEEP_NESTING = 100_000  # far past any JSON parser's recursion limit
HUGE_INTEGER_DIGITS = 5_000  # past Python's limit on integer-string conversion (4,300 digits)
SIGN_IN_PATH = "/sign-in"  # where the redirect kind sends the client: a login page, as proxies do
SIGN_IN_PAGE = b"<!doctype html><html><body><h1>Sign in</h1><form method=post>...</form></body></html>"
MALFORMED_REPLIES = (
    "content_number",  # message content that is not text
    "content_list",
    "content_object",
    "choices_empty",
    "choices_missing",
    "message_null",
    "html_body",  # a proxy's page, sent with status 200
    "empty_body",
    "truncated_body",  # cut short, with a Content-Length that matches: no connection error
    "error_body",  # an error object sent with status 200
    "json_array",  # JSON, but not an object
    "redirect",  # 302 to a sign-in page
    "deep_arguments",  # tool-call arguments nested DEEP_NESTING deep
    "huge_integer",  # a token count of HUGE_INTEGER_DIGITS digits
)


class RawReply(BaseModel):
    status: int
    body: bytes
    headers: dict[str, str] = {}


def malformed_reply(kind: str, completion: dict) -> RawReply:
    """The reply of this kind in place of ``completion`` (a good chat-completion body)."""
    if kind not in MALFORMED_REPLIES:
        raise ValueError(f"unknown malformed reply {kind!r}; allowed: {', '.join(MALFORMED_REPLIES)}")
    choice = completion["choices"][0]
    message = choice["message"]
    with_message = {
        "content_number": {**message, "content": 42},
        "content_list": {**message, "content": ["a", "list"]},
        "content_object": {**message, "content": {"text": "an object"}},
        "message_null": None,
    }
    if kind in with_message:
        return _json({**completion, "choices": [{**choice, "message": with_message[kind]}]})
    if kind == "choices_empty":
        return _json({**completion, "choices": []})
    if kind == "choices_missing":
        return _json({key: value for key, value in completion.items() if key != "choices"})
    if kind == "html_body":
        return RawReply(
            status=200,
            body=b"<html><body><h1>502 Bad Gateway</h1></body></html>",
            headers={"Content-Type": "text/html"},
        )
    if kind == "empty_body":
        return RawReply(status=200, body=b"")
    if kind == "truncated_body":
        body = json.dumps(completion).encode()
        return RawReply(status=200, body=body[: len(body) // 2])
    if kind == "error_body":
        return _json({"error": {"message": "scripted: the worker failed", "type": "server_error", "code": 500}})
    if kind == "json_array":
        return _json([completion])
    if kind == "redirect":
        return RawReply(status=302, body=b"", headers={"Location": SIGN_IN_PATH})
    if kind == "deep_arguments":
        call = {
            "id": "call_deep",
            "type": "function",
            "function": {"name": "deep", "arguments": "[" * DEEP_NESTING + "]" * DEEP_NESTING},
        }
        return _json(
            {**completion, "choices": [{**choice, "message": {**message, "content": None, "tool_calls": [call]}}]}
        )
    usage = {**completion["usage"], "prompt_tokens": 0}
    text = json.dumps({**completion, "usage": usage}).replace(
        '"prompt_tokens": 0', '"prompt_tokens": ' + "9" * HUGE_INTEGER_DIGITS
    )
    return RawReply(status=200, body=text.encode())


def _json(document) -> RawReply:
    return RawReply(status=200, body=json.dumps(document).encode())

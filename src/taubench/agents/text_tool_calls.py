"""Tool calls a model wrote as text, recovered as real calls.

A model served without a tool-call parser writes its calls into the message text, e.g.
``[find_user_id_by_email(email='a@b.c')]`` (Python-call syntax, as Llama models do) or a
JSON object ``{"name": ..., "arguments": {...}}`` (bare, in a code fence or in
``<tool_call>`` tags). Without recovery that text would reach the customer as a message.

Only names of the episode's tools count, so ordinary prose is never taken for a call.
Python syntax is read with ``ast`` and only literals are accepted (nothing is evaluated);
a call of a known tool whose arguments are not literals becomes an invalid call, which the
environment answers with an error observation instead of showing it to the customer.
"""

import ast
import json
import re
from typing import Any, Collection, Optional

from taubench.core.messages import ToolCall

BLOCK = re.compile(r"```[\w-]*[ \t]*\n?(.*?)```|<tool_call>(.*?)</tool_call>", re.S)
CALL_START = re.compile(r"\[?\s*([A-Za-z_]\w*)\s*\(")  # only text opening with a known tool's call is parsed
JSON_WORDS = {"true": True, "false": False, "null": None}  # JSON literals some models write in calls


class _NotLiteral(ValueError):
    """An argument that is not a plain literal value."""


def parse_text_tool_calls(text: str, known: Collection[str], id_prefix: str) -> tuple[list[ToolCall], Optional[str]]:
    """The calls written in ``text`` and the prose left around them (``None`` if none).

    Either the whole text is calls, or calls sit in fenced/tagged blocks; a block counts
    only if everything in it is calls of known tools. No calls: the text comes back as is."""
    calls = _calls(text.strip(), known)
    if calls is not None:
        return _numbered(calls, id_prefix), None
    found, rest = [], text
    for match in BLOCK.finditer(text):
        block = _calls((match[1] if match[1] is not None else match[2]).strip(), known)
        if block is not None:
            found += block
            rest = rest.replace(match[0], "", 1)
    if not found:
        return [], text
    return _numbered(found, id_prefix), rest.strip() or None


def _numbered(calls: list[tuple[str, Optional[dict], str]], id_prefix: str) -> list[ToolCall]:
    return [
        ToolCall(
            id=f"{id_prefix}_{n}",
            name=name,
            arguments=arguments or {},
            invalid_arguments=None if arguments is not None else raw,
        )
        for n, (name, arguments, raw) in enumerate(calls)
    ]


def _calls(candidate: str, known: Collection[str]) -> Optional[list[tuple[str, Optional[dict], str]]]:
    """(name, arguments or None if unusable, source) per call, or None if not only calls."""
    if not candidate:
        return None
    return _python_calls(candidate, known) or _json_calls(candidate, known)


def _python_calls(candidate: str, known: Collection[str]) -> Optional[list]:
    start = CALL_START.match(candidate)
    if start is None or start[1] not in known:
        return None
    try:
        tree = ast.parse(candidate, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    nodes = tree.elts if isinstance(tree, (ast.List, ast.Tuple)) else [tree]
    if not nodes or not all(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in known for n in nodes
    ):
        return None
    calls = []
    for node in nodes:
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)  # all checked above
        try:
            if node.args or any(keyword.arg is None for keyword in node.keywords):
                raise _NotLiteral("tools take named arguments only")
            arguments = {keyword.arg: _literal(keyword.value) for keyword in node.keywords}
        except _NotLiteral:
            arguments = None
        calls.append((node.func.id, arguments, ast.get_source_segment(candidate, node) or candidate))
    return calls


def _literal(node: ast.AST) -> Any:
    """A JSON-like value from literal syntax only: never a name lookup, call or operator
    beyond a sign."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float, bool, type(None))):
        return node.value
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_literal(item) for item in node.elts]
    if isinstance(node, ast.Dict):
        keys = [key.value for key in node.keys if isinstance(key, ast.Constant) and isinstance(key.value, str)]
        if len(keys) == len(node.keys):  # no key of another kind, nor a ``**`` spread (a None key)
            return {key: _literal(value) for key, value in zip(keys, node.values)}
    if isinstance(node, ast.Name) and node.id in JSON_WORDS:
        return JSON_WORDS[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _literal(node.operand)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return -value if isinstance(node.op, ast.USub) else value
    raise _NotLiteral(ast.dump(node)[:80])


def _json_calls(candidate: str, known: Collection[str]) -> Optional[list]:
    try:
        value = json.loads(candidate)
    except ValueError:
        return None
    items = value if isinstance(value, list) else [value]
    calls = [_json_call(item, known) for item in items]
    if not calls or None in calls:
        return None
    return calls


def _json_call(item: Any, known: Collection[str]) -> Optional[tuple[str, Optional[dict], str]]:
    """One call in any of the usual JSON shapes: ``{"name", "arguments"|"parameters"}``,
    OpenAI's ``{"type": "function", "function": {...}}`` and ``{"tool_call": {...}}``."""
    if isinstance(item, dict) and isinstance(item.get("tool_call"), dict):
        item = item["tool_call"]
    if isinstance(item, dict) and "name" not in item and isinstance(item.get("function"), dict):
        item = item["function"]
    if not isinstance(item, dict) or not isinstance(item.get("name"), str) or item["name"] not in known:
        return None
    arguments = item.get("arguments", item.get("parameters", {}))
    raw = arguments if isinstance(arguments, str) else json.dumps(arguments)
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except ValueError:
            arguments = None
    return item["name"], arguments if isinstance(arguments, dict) else None, raw

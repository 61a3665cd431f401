"""Domain tools: typed methods whose OpenAI schemas come from their signature and docstring.

A domain's toolkit is a class whose tool methods carry ``@tool(kind)``. The kind decides
grading: only ``write`` tools change the database, so only they are replayed when the
agent's trajectory is re-executed for the DB check.
"""

import inspect
import json
import re
from functools import cache
from typing import Any, Callable, Literal, get_type_hints

from pydantic import BaseModel, Field, create_model

from taubench.core.canonical import declares_unordered, in_canonical_order

ToolKind = Literal["read", "write", "think", "generic"]


def tool(kind: ToolKind) -> Callable[[Callable], Callable]:
    """Mark a toolkit method as a tool; the method itself stays untouched so that Python's own
    argument errors name it exactly as τ²-bench's do (``RetailTools.f() missing 1 ...``)."""

    def mark(method: Callable) -> Callable:
        method.tool_kind = kind  # type: ignore[attr-defined]  # a function takes attributes; Callable declares none
        return method

    return mark


class ToolResult(BaseModel):
    content: str
    error: bool


class Toolkit:
    """The tools of one domain, bound to one episode's database."""

    def __init__(self, db: BaseModel):
        self.db = db

    @classmethod
    @cache
    def tool_kinds(cls) -> dict[str, ToolKind]:
        """Tool name → kind, in definition order (the order the agent is shown). Subclasses
        inherit their bases' tools; an overridden tool keeps its original position."""
        kinds: dict[str, ToolKind] = {}
        for klass in reversed(cls.__mro__):
            for name, member in vars(klass).items():
                if callable(member) and hasattr(member, "tool_kind"):
                    kinds[name] = member.tool_kind
        return kinds

    @classmethod
    @cache
    def unordered_parameters(cls) -> dict[str, frozenset[str]]:
        """Tool name -> its list parameters declared ``Unordered`` (``taubench.core.markers``)."""
        methods = {
            name: getattr(cls, name) for name in cls.tool_kinds() if hasattr(cls, name)
        }  # v1's tools are no methods
        return {
            name: frozenset(
                parameter
                for parameter, hint in get_type_hints(method, include_extras=True).items()
                if declares_unordered(hint)
            )
            for name, method in methods.items()
        }

    @classmethod
    def in_canonical_order(cls, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """The call's arguments with each list declared ``Unordered`` sorted: the tool sees,
        and grading compares, one order whatever order the agent gave (none in τ²'s or v1's tools)."""
        unordered = cls.unordered_parameters().get(name)
        if not unordered or not isinstance(arguments, dict):
            return arguments
        return {key: in_canonical_order(value) if key in unordered else value for key, value in arguments.items()}

    @classmethod
    @cache
    def schemas(cls) -> list[dict]:
        return [function_schema(getattr(cls, name)) for name in cls.tool_kinds()]

    def invoke(self, name: str, arguments: dict[str, Any]) -> ToolResult:
        """Run a tool call the way τ²-bench does: arguments are passed verbatim (no schema
        validation, no coercion), any exception becomes ``Error: <message>``, and mutations
        made before the exception stay."""
        clash = _dispatcher_clash(arguments)
        if clash:
            return ToolResult(content=f"Error: {clash}", error=True)
        if name not in self.tool_kinds():
            return ToolResult(content=f"Error: Tool '{name}' not found.", error=True)
        try:
            value = getattr(self, name)(**self.in_canonical_order(name, arguments))
        except Exception as exc:  # every tool failure is an observation, never a crash
            return ToolResult(content=f"Error: {exc}", error=True)
        return ToolResult(content=render_observation(value), error=False)


def _dispatcher_clash(arguments: dict[str, Any]) -> str | None:
    """τ²-bench forwards arguments through ``self.make_tool_call(tool_name, requestor=..., **kw)``,
    so three argument names collide with the dispatcher itself, before the tool is even
    looked up. Python rejects the duplicated ``requestor`` keyword while assembling the call;
    then, binding the parameters, the first of ``self`` and ``tool_name`` in the arguments'
    order (both already bound by position). Reproduced verbatim."""
    if "requestor" in arguments:
        return (
            "tau2.environment.environment.Environment.make_tool_call() "
            "got multiple values for keyword argument 'requestor'"
        )
    bound = next((name for name in arguments if name in ("self", "tool_name")), None)
    if bound is not None:
        return f"Environment.make_tool_call() got multiple values for argument '{bound}'"
    return None


def render_observation(value: Any) -> str:
    """Strings pass through; models and lists become default ``json.dumps`` text of their
    python-mode dumps (field order = model order, ``None`` fields kept)."""
    if isinstance(value, str):
        return value
    return json.dumps(_plain(value), default=str)


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        # Tools store raw, unvalidated values; pydantic would warn about their types.
        return value.model_dump(warnings=False)
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


_ARG_START = re.compile(r"^    (\w+):\s*(.*)$")


def function_schema(method: Callable) -> dict:
    """OpenAI function schema: a pydantic model of the parameters (titled as pydantic titles
    fields; required unless the signature gives a default, which no τ² or v1 tool does) with
    descriptions from the docstring's ``Args:`` section."""
    description, arg_docs = parse_docstring(inspect.getdoc(method) or "")
    hints = get_type_hints(method)
    # Any values: create_model reads **fields as field definitions, not as its typed options
    fields: dict[str, Any] = {
        name: (
            hints[name],
            Field(description=arg_docs.get(name))
            if parameter.default is inspect.Parameter.empty
            else Field(parameter.default, description=arg_docs.get(name)),
        )
        for name, parameter in inspect.signature(method).parameters.items()
        if name != "self"
    }
    parameters = create_model("parameters", **fields).model_json_schema()
    return {
        "type": "function",
        "function": {"name": method.__name__, "description": description, "parameters": parameters},
    }


def parse_docstring(doc: str) -> tuple[str, dict[str, str]]:
    """Split a (dedented) docstring into its description and its ``Args:`` entries; an entry
    may continue on more deeply indented lines, and the section ends at an unindented line."""
    description, _, args_section = doc.partition("\nArgs:\n")
    arg_docs: dict[str, str] = {}
    current = None
    for line in args_section.splitlines():
        if line and not line.startswith(" "):
            break
        if start := _ARG_START.match(line):
            current = start.group(1)
            arg_docs[current] = start.group(2).strip()
        elif current and line.strip():
            arg_docs[current] += " " + line.strip()
    return description.strip(), arg_docs

"""Tools the way τ-bench v1 calls them, and the tools both v1 domains share.

A v1 tool is a plain function of the database and the agent's arguments that returns the
observation string. v1 calls it as ``invoke(data=<db>, **arguments)`` on a tool class and
turns any exception into ``Error: <message>``, so Python's own argument errors are part of
its interface (``CancelPendingOrder.invoke() missing 1 required positional argument: ...``).
Our functions carry v1's class name in their ``__qualname__`` for Python to say the same.
"""

import copy
import inspect
from functools import cache
from typing import Annotated, Any, Callable, ClassVar, Literal, get_args, get_origin, get_type_hints, is_typeddict

from taubench.core.toolkit import ToolKind, Toolkit, ToolResult, parse_docstring, tool
from taubench.domains.arithmetic import calculate as evaluate_arithmetic


class ToolCrash(RuntimeError):
    """A v1 tool returned no observation: v1's episode crashes there (and scores 0)."""


def v1_tool(kind: ToolKind) -> Callable[[Callable], Callable]:
    """Mark a function as a v1 tool and name it as Python should in argument errors: v1's
    class for ``find_user_id_by_email`` is ``FindUserIdByEmail``."""

    def mark(function: Callable) -> Callable:
        function.__qualname__ = "".join(part.capitalize() for part in function.__name__.split("_")) + ".invoke"
        return tool(kind)(function)

    return mark


class V1Toolkit(Toolkit):
    """The tools of one v1 domain bound to one episode's database (plain JSON objects)."""

    source: ClassVar[str]  # the domain's folder in τ-bench, part of one of its error texts
    tools: ClassVar[tuple[Callable, ...]]  # in v1's registration order, the order the agent sees

    @classmethod
    @cache
    def tool_kinds(cls) -> dict[str, ToolKind]:
        # tool() marks each function with its kind; Callable declares no attributes
        return {function.__name__: function.tool_kind for function in cls.tools}  # type: ignore[attr-defined]

    @classmethod
    @cache
    def schemas(cls) -> list[dict]:
        return [v1_schema(function) for function in cls.tools]

    @classmethod
    @cache
    def _functions(cls) -> dict[str, Callable]:
        return {function.__name__: function for function in cls.tools}

    def invoke(self, name: str, arguments: dict[str, Any]) -> ToolResult:
        """As v1's ``Env.step``: an unknown name is answered without ``Error:`` and, as in v1,
        is not a tool error; arguments go in verbatim (copied, so the database never shares
        objects with the caller); any exception is the observation; mutations made before
        it stay."""
        function = self._functions().get(name)
        if function is None:
            return ToolResult(content=f"Unknown action {name}", error=False)
        try:
            if "data" in arguments:  # collides with v1's own ``data=`` keyword, before the call
                raise TypeError(
                    f"tau_bench.envs.{self.source}.tools.{name}.{function.__qualname__}() "
                    f"got multiple values for keyword argument 'data'"
                )
            observation = function(self.db, **copy.deepcopy(arguments))
        except Exception as exc:  # every tool failure is an observation, never a crash
            return ToolResult(content=f"Error: {exc}", error=True)
        if not isinstance(observation, str):
            raise ToolCrash(f"{name} returned {observation!r}, not an observation; τ-bench v1 crashes the episode here")
        return ToolResult(content=observation, error=False)


_JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean"}


def v1_schema(function: Callable) -> dict:
    """The OpenAI function schema in v1's plain style: every parameter required, no titles,
    nested objects inline. Descriptions come from the docstring (``Args:``) and, for the
    fields of a nested object, from ``Annotated[type, "description"]``."""
    description, arg_docs = parse_docstring(inspect.getdoc(function) or "")
    hints = get_type_hints(function, include_extras=True)
    names = [name for name in inspect.signature(function).parameters if name != "data"]
    properties = {name: _json_schema(hints[name], arg_docs.get(name)) for name in names}
    return {
        "type": "function",
        "function": {
            "name": function.__name__,
            "description": description,
            "parameters": {"type": "object", "properties": properties, "required": names},
        },
    }


def _json_schema(hint: Any, description: str | None = None) -> dict:
    if get_origin(hint) is Annotated:
        hint, description = get_args(hint)[0], get_args(hint)[1]
    if get_origin(hint) is Literal:
        schema: dict[str, Any] = {"type": "string", "enum": list(get_args(hint))}
    elif get_origin(hint) is list:
        schema = {"type": "array", "items": _json_schema(get_args(hint)[0])}
    elif is_typeddict(hint):
        fields = get_type_hints(hint, include_extras=True)
        schema = {
            "type": "object",
            "properties": {name: _json_schema(field) for name, field in fields.items()},
            "required": list(fields),
        }
    else:
        schema = {"type": _JSON_TYPES[hint]}
    if description:
        schema["description"] = description
    return schema


# The tools both domains have, identical in v1.


@v1_tool("generic")
def calculate(data: dict, expression: str) -> str:
    """Work out an arithmetic expression and get the result rounded to two decimals.

    Args:
        expression: The expression, made of numbers, the operators + - * /, parentheses
            and spaces, for example "(19.99 + 5) * 2".
    """
    return evaluate_arithmetic(expression, "invalid characters in expression")


@v1_tool("think")
def think(data: dict, thought: str) -> str:
    """Write down a thought, for reasoning through a complex case or remembering something.
    It looks nothing up and changes nothing.

    Args:
        thought: The thought.
    """
    return ""


@v1_tool("generic")
def transfer_to_human_agents(data: dict, summary: str) -> str:
    """Hand the conversation over to a human agent, with a summary of the user's issue.
    Only when the user explicitly asks for a human, or the issue cannot be solved with the
    tools available. The conversation ends here.

    Args:
        summary: What the user needs and what has been done so far.
    """
    return "Transfer successful"

"""The tools every τ²-format domain offers, written once: ``calculate`` and
``transfer_to_human_agents``.

A toolkit takes one by naming it in its class body (``calculate = shared_tool(calculate)``):
where it stands there is where the agent sees it in the tool list, and the toolkit gets its
own copy named after its class, because Python's argument errors name the method
(``RetailTools.calculate() missing 1 required positional argument``) and τ²-bench's
observations carry that text.
"""

from types import FunctionType
from typing import Callable

from taubench.core.toolkit import tool
from taubench.domains.arithmetic import calculate as evaluate_arithmetic


class shared_tool:  # noqa: N801 (used like a decorator in class bodies)
    """Places a shared tool in a toolkit class under the class's own name."""

    def __init__(self, function: Callable):
        self.function = function

    def __set_name__(self, owner: type, name: str) -> None:
        original = self.function
        own = FunctionType(original.__code__, original.__globals__, name, original.__defaults__, original.__closure__)
        own.__dict__.update(original.__dict__)
        own.__doc__ = original.__doc__
        own.__annotations__ = dict(original.__annotations__)
        own.__qualname__ = f"{owner.__qualname__}.{name}"
        setattr(owner, name, own)


@tool("generic")
def calculate(self, expression: str) -> str:
    """Work out an arithmetic expression and get the result rounded to two decimals.

    Args:
        expression: The expression, made of numbers, the operators + - * /, parentheses
            and spaces, for example "(19.99 + 5) * 2".
    """
    return evaluate_arithmetic(expression, "Invalid characters in expression")


@tool("generic")
def transfer_to_human_agents(self, summary: str) -> str:
    """Hand the user over to a human agent, with a summary of their issue. Use this only
    when the user explicitly asks for a human, or when their request cannot be handled
    with the available tools within the policy.

    Args:
        summary: A short summary of the user's issue.
    """
    return "Transfer successful"

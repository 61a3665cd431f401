"""The ``calculate`` tool shared by the τ² domains.

The original evaluates the filtered text with ``eval``. We compile it with CPython's own
compiler (so syntax errors read exactly the same) and evaluate the tree with Python's own
operators (so runtime errors such as ``division by zero`` read the same too), but refuse
powers too large to compute: the original hangs on ``9**9**9``.
"""

import ast
import math
import operator
import warnings
from typing import Any

# Compiling "(2)(3)" warns "perhaps you missed a comma?" on stderr; the agent gets the error.
warnings.filterwarnings("ignore", category=SyntaxWarning, module="<string>")

ALLOWED_CHARACTERS = set("0123456789+-*/(). ")
MAX_POWER_BITS = 10_000_000

_BINARY = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Pow: operator.pow,
}
_UNARY = {ast.UAdd: operator.pos, ast.USub: operator.neg}


def calculate(expression: str, invalid_characters_message: str) -> str:
    """Result rounded to 2 decimals, as Python's ``str`` of a float (``4.0``, ``1e+16``)."""
    if not set(expression) <= ALLOWED_CHARACTERS:
        raise ValueError(invalid_characters_message)
    # ``eval`` of a string skips leading blanks; ``compile`` would call them an indent.
    tree = compile(expression.lstrip(" "), "<string>", "eval", ast.PyCF_ONLY_AST)
    return str(round(float(_evaluate(tree.body)), 2))


def _evaluate(node: ast.AST) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Tuple):  # only ``()`` can pass the character filter
        return tuple(_evaluate(element) for element in node.elts)
    if isinstance(node, ast.UnaryOp):
        return _UNARY[type(node.op)](_evaluate(node.operand))
    if isinstance(node, ast.BinOp):
        left, right = _evaluate(node.left), _evaluate(node.right)
        if isinstance(node.op, ast.Pow):
            _refuse_huge_power(left, right)
        return _BINARY[type(node.op)](left, right)
    if isinstance(node, ast.Call):  # ``(2)(3)``: evaluate like Python, then fail like Python
        function = _evaluate(node.func)
        for argument in node.args:
            _evaluate(argument)
        raise TypeError(f"'{type(function).__name__}' object is not callable")
    raise ValueError(f"unsupported expression element {type(node).__name__}")


def _refuse_huge_power(base: Any, exponent: Any) -> None:
    if isinstance(base, int) and isinstance(exponent, int) and abs(base) > 1 and exponent > 0:
        if exponent * math.log2(abs(base)) > MAX_POWER_BITS:
            raise OverflowError("exponent too large")

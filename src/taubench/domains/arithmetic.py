"""The ``calculate`` tool shared by the τ² and τ-bench v1 domains.

The originals evaluate the filtered text with ``eval``. We parse it with CPython's own
compiler (so syntax errors read the same) and evaluate the tree with Python's own operators
in Python's order (so results and runtime errors such as ``division by zero`` read the same
too), but refuse what would exhaust the machine: the originals hang on ``9**9**9``, and a
few kilobytes of ``3**6000000+`` would take minutes. Only expressions nested about a
thousand levels deep fail with another text than ``eval``'s (a recursion error either way).
"""

import ast
import math
import operator
from typing import Any, Callable

ALLOWED_CHARACTERS = "0123456789+-*/(). "
MAX_EXPRESSION_LENGTH = 10_000
MAX_INTEGER_BITS = 100_000  # about 30,000 digits: far beyond any arithmetic on prices

_BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Pow: operator.pow,
}
_UNARY: dict[type[ast.unaryop], Callable[[Any], Any]] = {ast.UAdd: operator.pos, ast.USub: operator.neg}


def calculate(expression: Any, invalid_characters_message: str) -> str:
    """Result rounded to 2 decimals, as Python's ``str`` of a float (``4.0``, ``1e+16``).

    The agent's argument arrives unchecked, so the filter works as the originals' does:
    ``all(char in ALLOWED_CHARACTERS for char in expression)`` iterates whatever
    it is given (a list's items, an object's keys), tests substrings, and fails with
    Python's own texts (``'int' object is not iterable``, ``'in <string>' requires string
    as left operand, not int``); what passes it and is not text fails as ``eval`` does."""
    if not all(char in ALLOWED_CHARACTERS for char in expression):
        raise ValueError(invalid_characters_message)
    if not isinstance(expression, str):
        raise TypeError("eval() arg 1 must be a string, bytes or code object")
    if len(expression) > MAX_EXPRESSION_LENGTH:
        raise ValueError(f"expression too long (more than {MAX_EXPRESSION_LENGTH} characters)")
    # ``eval`` of a string skips leading blanks; ``ast.parse`` would call them an indent.
    tree = ast.parse(expression.lstrip(" "), "<string>", "eval")
    return str(round(float(_evaluate(tree.body)), 2))


def _evaluate(root: ast.AST) -> Any:
    """Post-order, with an explicit stack: a long chain ``1+1+...`` is as deep as it is long,
    and Python's recursion limit would refuse what ``eval`` computes."""
    values: list[Any] = []
    pending: list[tuple[ast.AST, bool]] = [(root, False)]
    while pending:
        node, operands_done = pending.pop()
        children = _operands(node)
        if children and not operands_done:
            pending.append((node, True))
            pending.extend((child, False) for child in reversed(children))
            continue
        first = len(values) - len(children)
        arguments = values[first:]
        del values[first:]
        values.append(_apply(node, arguments))
    return values[0]


def _operands(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.UnaryOp):
        return [node.operand]
    if isinstance(node, ast.BinOp):
        return [node.left, node.right]
    if isinstance(node, ast.Tuple):  # only ``()`` can pass the character filter
        return list(node.elts)
    if isinstance(node, ast.Call):  # ``(2)(3)``: evaluated like Python, then failing like Python
        return [node.func, *node.args]
    return []


def _apply(node: ast.AST, arguments: list[Any]) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Tuple):
        return tuple(arguments)
    if isinstance(node, ast.UnaryOp):
        return _UNARY[type(node.op)](arguments[0])
    if isinstance(node, ast.BinOp):
        left, right = arguments
        _refuse_huge_integers(node.op, left, right)
        return _BINARY[type(node.op)](left, right)
    if isinstance(node, ast.Call):
        raise TypeError(f"'{type(arguments[0]).__name__}' object is not callable")
    raise ValueError(f"unsupported expression element {type(node).__name__}")


def _refuse_huge_integers(op: ast.operator, left: Any, right: Any) -> None:
    """Integers are exact and unbounded in Python: only powers and products can make them
    huge quickly, so those are checked before they are computed."""
    if not (isinstance(left, int) and isinstance(right, int)):
        return
    if isinstance(op, ast.Pow) and abs(left) > 1 and right > 0:
        if right * math.log2(abs(left)) > MAX_INTEGER_BITS:
            raise OverflowError("exponent too large")
    if isinstance(op, ast.Mult) and left.bit_length() + right.bit_length() > MAX_INTEGER_BITS:
        raise OverflowError("result too large")

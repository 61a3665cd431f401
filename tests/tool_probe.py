"""Tool calls off the gold path, for the differential probes of the τ² and v1 tools.

From a domain's tool schemas and the gold actions of its tasks, ``probe_cases`` makes a
deterministic list of cases, each a short list of calls to run on a fresh database: the gold
calls themselves, then each argument of a gold call given a value of the wrong type or
null, each required argument left out, keys the tool does not take (among them the names of
the original's dispatcher parameters), ids that do not exist or differ in case or spacing,
tool names the domain does not have, and chains of writes (each task's gold actions with
every write made twice). The same list runs through our tools (the tests) and through the
original implementation (the recorders in bench/), and their answers are compared.

Pure Python with no project imports, so that a recorder can load it in the reference's venv.
"""

import hashlib
import json
from typing import Any, Iterator

Call = dict[str, Any]  # {"name": ..., "arguments": {...}}
Case = dict[str, Any]  # {"id": ..., "calls": [Call, ...]}

WRONG_VALUES: dict[str, Any] = {
    "int": 7,
    "float": 2.5,
    "bool": True,
    "list": ["x"],
    "empty_list": [],
    "object": {"k": "v"},
    "empty_object": {},
    "empty_string": "",
    "null": None,
}
EXTRA_KEYS = (
    "unexpected",
    "self",
    "requestor",
    "tool_name",
    "data",
)  # the last four: parameters of the originals' dispatchers
VARIANTS_PER_TOOL = 3  # distinct gold calls of each tool used as they are


def probe_cases(schemas: list[dict], gold_actions: list[list[tuple[str, dict]]], write_tools: set[str]) -> list[Case]:
    """``gold_actions``: each task's gold calls as (name, arguments), in task order."""
    tools = {schema["function"]["name"]: schema["function"] for schema in schemas}
    examples = _examples(tools, gold_actions)
    cases: list[Case] = []
    for name, function in tools.items():
        cases += _tool_cases(name, function, examples[name])
    cases += _unknown_names(tools, examples)
    cases += _chains(gold_actions, write_tools)
    ids = [case["id"] for case in cases]
    assert len(ids) == len(set(ids)), "case ids must be unique"
    return cases


def cases_digest(cases: list[Case]) -> str:
    """What the recorded answers were recorded for: a change of the cases needs a new recording."""
    return hashlib.sha256(json.dumps(cases, sort_keys=True).encode()).hexdigest()


def observation_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _examples(tools: dict[str, dict], gold_actions: list[list[tuple[str, dict]]]) -> dict[str, list[dict]]:
    """Distinct gold arguments of each tool, in task order; a tool no task calls gets
    arguments made from its schema."""
    found: dict[str, list[dict]] = {name: [] for name in tools}
    for task in gold_actions:
        for name, arguments in task:
            if name in found and arguments not in found[name]:
                found[name].append(arguments)
    for name, function in tools.items():
        if not found[name]:
            found[name].append(
                {key: _placeholder(spec) for key, spec in function["parameters"].get("properties", {}).items()}
            )
    return found


def _placeholder(spec: dict) -> Any:
    kind = spec.get("type")
    return {"integer": 1, "number": 1.0, "boolean": True, "array": [], "object": {}}.get(kind, "x")


def _call(name: str, arguments: dict) -> Call:
    return {"name": name, "arguments": arguments}


def _tool_cases(name: str, function: dict, examples: list[dict]) -> Iterator[Case]:
    base = examples[0]
    required = function["parameters"].get("required", list(base))
    for number, arguments in enumerate(examples[:VARIANTS_PER_TOOL]):
        yield {"id": f"{name}/gold#{number}", "calls": [_call(name, arguments)]}
    for key in base:
        for label, value in WRONG_VALUES.items():
            yield {"id": f"{name}/{key}={label}", "calls": [_call(name, {**base, key: value})]}
        if isinstance(base[key], str) and base[key]:
            for label, value in (
                ("upper", base[key].upper()),
                ("lower", base[key].lower()),
                ("padded", f" {base[key]} "),
                ("unknown", base[key] + "_404"),
            ):
                if value != base[key]:
                    yield {"id": f"{name}/{key}={label}", "calls": [_call(name, {**base, key: value})]}
    for key, value in base.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            yield from _nested(name, base, key)
    for first, second in ((a, b) for a in base for b in base if a != b):  # which check comes first
        yield {"id": f"{name}/{first}=null+{second}=int", "calls": [_call(name, {**base, first: None, second: 7})]}
    for key in required:
        yield {"id": f"{name}/missing:{key}", "calls": [_call(name, {k: v for k, v in base.items() if k != key})]}
    for key in EXTRA_KEYS:
        yield {"id": f"{name}/extra:{key}", "calls": [_call(name, {**base, key: "x"})]}
    yield {"id": f"{name}/extra:self_first", "calls": [_call(name, {"self": "x", **base, "tool_name": "x"})]}
    yield {"id": f"{name}/no_arguments", "calls": [_call(name, {})]}


def _nested(name: str, base: dict, key: str) -> Iterator[Case]:
    """A list of objects (flights, passengers, payments) whose first object lacks a key, has
    it null, or is not an object at all."""
    first = base[key][0]
    for inner in first:
        for label, element in (
            ("missing", {k: v for k, v in first.items() if k != inner}),
            ("null", {**first, inner: None}),
        ):
            yield {
                "id": f"{name}/{key}[0].{inner}={label}",
                "calls": [_call(name, {**base, key: [element, *base[key][1:]]})],
            }
    yield {"id": f"{name}/{key}[0]=string", "calls": [_call(name, {**base, key: ["x", *base[key][1:]]})]}


def _unknown_names(tools: dict[str, dict], examples: dict[str, list[dict]]) -> Iterator[Case]:
    for name in tools:
        arguments = examples[name][0]
        for label, other in (
            ("plural", name + "s"),
            ("capitalised", name.capitalize()),
            ("spaced", name.replace("_", " ")),
        ):
            yield {"id": f"unknown/{name}/{label}", "calls": [_call(other, arguments)]}
    for other in ("respond", "", "get_order", "think_hard"):
        if other not in tools:
            yield {"id": f"unknown/{other or 'empty'}", "calls": [_call(other, {})]}


def _chains(gold_actions: list[list[tuple[str, dict]]], write_tools: set[str]) -> Iterator[Case]:
    """Each task's gold calls with every write made a second time right after the first,
    on one fresh database: the second is refused or changes the state again."""
    seen: set[str] = set()
    for number, task in enumerate(gold_actions):
        if not any(name in write_tools for name, _ in task):
            continue
        calls = [
            call for name, arguments in task for call in [_call(name, arguments)] * (2 if name in write_tools else 1)
        ]
        key = json.dumps(calls, sort_keys=True)
        if key not in seen:
            seen.add(key)
            yield {"id": f"chain/task#{number}", "calls": calls}

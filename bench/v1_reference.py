"""The original τ-bench (v1) tool code, imported from a checkout the user names, called the
way v1's ``Env.step`` calls it: a known name is invoked as ``invoke(data=..., **arguments)``
and any exception becomes ``Error: <text>``; another name is answered ``Unknown action
<name>``. Also v1's DB hash (its canonical nested-tuple text, sha256), written from the
spec. Used by bench/record_v1_tool_probe.py; nothing of the original is part of this
repository."""

import hashlib
import importlib
import json
import pickle
import sys
from pathlib import Path
from typing import Any, Callable

TABLES = {"retail": ("orders", "products", "users"), "airline": ("flights", "reservations", "users")}


def _canonical(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((key, _canonical(item)) for key, item in value.items()))
    if isinstance(value, list):
        return tuple(_canonical(item) for item in value)
    return value


def data_hash(data: dict) -> str:
    return hashlib.sha256(str(_canonical(data)).encode("utf-8")).hexdigest()


class Reference:
    """One v1 domain of the original: its tools by name and fresh copies of its data."""

    def __init__(self, checkout: Path, source: str, data_folder: Path):
        if str(checkout) not in sys.path:
            sys.path.insert(0, str(checkout))
        package = importlib.import_module(f"tau_bench.envs.{source}.tools")
        self.tools: dict[str, Callable] = {}
        for module_path in sorted(Path(list(package.__path__)[0]).glob("*.py")):
            if module_path.stem == "__init__":
                continue
            module = importlib.import_module(f"tau_bench.envs.{source}.tools.{module_path.stem}")
            owner = next(
                value
                for name, value in vars(module).items()
                if isinstance(value, type) and hasattr(value, "invoke") and name != "Tool"
            )
            self.tools[module_path.stem] = owner.invoke
        data = {table: json.loads((data_folder / f"{table}.json").read_text()) for table in TABLES[source]}
        self._pickled = pickle.dumps(data)

    def fresh_data(self) -> dict:
        return pickle.loads(self._pickled)

    def step(self, data: dict, name: str, arguments: dict) -> str:
        if name not in self.tools:
            return f"Unknown action {name}"
        try:
            return self.tools[name](data=data, **arguments)
        except Exception as exc:  # as v1's Env.step
            return f"Error: {exc}"

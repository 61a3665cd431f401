"""The data of a domain we write come from its seeded generator (``<domain>/generate.py``,
whose ``database()`` returns the database as plain JSON values); ``db.json`` is that value
in one canonical text, so regenerating it must give the file byte for byte (a test checks
every such domain)."""

import json
from importlib import import_module
from pathlib import Path
from typing import Any

from taubench.core.domain import BundledData, DomainSpec


def canonical_text(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def generated_db(spec: DomainSpec) -> str:
    if not isinstance(spec.data, BundledData):
        raise ValueError(f"{spec.name}'s data are not ours: nothing generates them")
    return canonical_text(import_module(f"{spec.data.package}.generate").database())


def write_db(spec: DomainSpec) -> Path:
    text = generated_db(spec)
    assert isinstance(spec.data, BundledData)  # generated_db refuses any other
    path = spec.data.folder / "db.json"
    path.write_text(text, encoding="utf-8")
    return path

"""τ²-bench's text for a tool result that is a dict (``to_json_str``): JSON, but numbers and
booleans inside it become strings (``"charge": "4.0"``) and a date directly in it its ISO
text, while a record in it is dumped as it is, numbers kept (quirk 5)."""

import json
from datetime import date
from typing import Any

from pydantic import BaseModel


def tau2_json(value: dict[str, Any]) -> str:
    return json.dumps(_prepared(value), default=str)


def _prepared(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(warnings=False)
    if isinstance(value, dict):
        return {key: _prepared(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_prepared(item) for item in value]
    if isinstance(value, (bool, int, float)):
        return str(value)
    if isinstance(value, date):  # datetime too
        return value.isoformat()
    return value

"""Key-like text masked out of the error texts a run records and the HTTP API serves.

A provider may echo the key it was sent in its error body (a fake did; real ones hide only
part of it), and error texts travel: results.json, episodes.jsonl, the run's log, MLflow, the
API. So every recorded error text goes through ``mask_secrets`` (the models that hold them
declare their fields ``MaskedText``, which masks as they are built or read back), and the API
masks again what it serves from files an older version wrote. Masked are:

- the values of this process's secret variables: a name with a ``KEY``, ``TOKEN``, ``SECRET``,
  ``PASSWORD`` or ``CREDENTIALS`` part (``OPENAI_API_KEY``, ``TAUBENCH_API_TOKEN``), and any
  variable a model client reads its key from (``watch``), whatever its name;
- text in the forms keys take: ``sk-...`` and other vendors' prefixes, ``Bearer <token>``, and
  a long token of letters and digits after ``api_key=``, ``token:``, ``password=``...

Each is replaced by a marker that keeps no character of it.
"""

import json
import os
import re
from functools import lru_cache
from typing import Annotated, Any

from pydantic import AfterValidator

from taubench.core.untrusted import parse_json

MASK = "[masked]"
MIN_SECRET_CHARS = 8  # a shorter variable value would mask ordinary words; no real key is that short
_SECRET_NAME_PARTS = frozenset({"KEY", "APIKEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL", "CREDENTIALS"})
_watched: set[str] = set()  # variables model clients read keys from

_KEY_FORMS = re.compile(
    r"\b(?:sk|rk|pk)-[A-Za-z0-9_*-]{16,}"  # OpenAI, Anthropic (sk-ant-...), and what copies them; * : a key half hidden
    r"|\b(?:gsk|hf|gh[pousr]|github_pat)_[A-Za-z0-9_]{20,}"  # Groq, Hugging Face, GitHub
    r"|\bxox[abprs]-[A-Za-z0-9-]{10,}"  # Slack
    r"|\bAIza[0-9A-Za-z_-]{30,}"  # Google
    r"|\bAKIA[0-9A-Z]{16}\b"  # AWS access key id
)
_BEARER = re.compile(
    r"(?i)\b(bearer|basic)(\s+)(?=[A-Za-z0-9._~+/=-]*\d)[A-Za-z0-9._~+/=-]{8,}"
)  # a digit: not "bearer authentication"
# a token of 16+ characters, letters and digits both, after a key-like name and = or :
_ASSIGNED = re.compile(
    r"(?i)\b((?:x-)?(?:api[_-]?key|access[_-]?token|auth[_-]?token|token|secret|password|passwd|key)\b[\"']?\s*[:=]\s*[\"']?)"
    r"(?=[A-Za-z0-9._~+/=-]*\d)(?=[A-Za-z0-9._~+/=-]*[A-Za-z])[A-Za-z0-9._~+/=-]{16,}"
)


def watch(variable: str) -> None:
    """Mask the value of ``variable`` too, whatever its name (a model's ``api_key_env``)."""
    _watched.add(variable)


def _is_secret_name(name: str) -> bool:
    return name in _watched or _key_like_name(name)


@lru_cache(maxsize=4096)
def _key_like_name(name: str) -> bool:
    return not _SECRET_NAME_PARTS.isdisjoint(re.split(r"[_\W]+", name.upper()))


def mask_secrets(text: str) -> str:
    """``text`` with every key-like part replaced by a marker."""
    if not text:
        return text
    values = _secret_values()
    if values:
        text = _value_pattern(values).sub(lambda match: f"[masked ${_name_of(values, match.group())}]", text)
    text = _KEY_FORMS.sub(MASK, text)
    text = _BEARER.sub(lambda match: f"{match.group(1)}{match.group(2)}{MASK}", text)
    return _ASSIGNED.sub(lambda match: f"{match.group(1)}{MASK}", text)


def masked(value: Any) -> Any:
    """A JSON value with every string in it (keys too) masked."""
    if isinstance(value, str):
        return mask_secrets(value)
    if isinstance(value, dict):
        return {mask_secrets(key): masked(item) for key, item in value.items()}
    if isinstance(value, list):
        return [masked(item) for item in value]
    return value


def mask_json_line(line: bytes) -> bytes:
    """A JSON line (a stored record, as served) with its key-like parts masked, still JSON: the
    text masked where it stands, or if that broke it (a match across an escape), each string
    of the parsed value."""
    text = line.decode("utf-8")
    hidden = mask_secrets(text)
    if hidden == text:
        return line
    try:
        parse_json(hidden)
    except ValueError:
        hidden = json.dumps(masked(parse_json(line)), ensure_ascii=False) + "\n"
    return hidden.encode("utf-8")


MaskedText = Annotated[str, AfterValidator(mask_secrets)]


def _secret_values() -> tuple[tuple[str, str], ...]:
    return tuple(
        sorted(
            (name, value)
            for name, value in os.environ.items()
            if len(value) >= MIN_SECRET_CHARS and _is_secret_name(name)
        )
    )


@lru_cache(maxsize=8)
def _value_pattern(values: tuple[tuple[str, str], ...]) -> re.Pattern:
    """The values as they are and as they appear inside JSON text, longest first."""
    forms = {form for _, value in values for form in (value, json.dumps(value)[1:-1])}
    return re.compile("|".join(re.escape(form) for form in sorted(forms, key=len, reverse=True)))


def _name_of(values: tuple[tuple[str, str], ...], found: str) -> str:
    return next(name for name, value in values if found in (value, json.dumps(value)[1:-1]))

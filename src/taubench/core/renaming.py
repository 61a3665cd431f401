"""Records an episode created, compared up to a renaming of their new ids.

Two writes that do not depend on each other may come in either order; each new record takes
the next number of a counter, so done the other way round they swap ids (the tour for the
Elm Street house is T5925 instead of T5924) and a plain hash of the database tells the two
apart. In the domains we write, the grader names every new record by what it holds instead:

1. the new ids are the table keys the episode added, and the ids of records nested in
   records (fields marked ``RecordId``) that were not there when the episode started;
2. each new record gets a signature from its content, every new id in it standing for that
   record's own signature, and from where the other records mention it; a few rounds of this
   (colour refinement) tell apart every record that differs in anything but its id;
3. within each kind (a table, or a kind of nested record), the records are ranked by
   signature and named ``<kind>#<rank>``; every mention of a new id, as a whole token in any
   text, is rewritten with that name, and lists declared ``Unordered`` are sorted after.

Gold and agent records that hold the same thing then hash the same; the names also map a
new id the gold says (a confirmation number) to the agent's record that holds the same.
"""

import hashlib
import json
import re
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Iterator, Optional

from pydantic import BaseModel

from taubench.core.canonical import Plan, canonical, model_plan, nested_records, sort_key

PartId = tuple[str, Optional[str]]  # (database field, record key); key None for a field that is no table


@dataclass
class NewRecord:
    kind: str  # the table, or the path of a nested kind of record
    content: Any  # its dump
    plan: Plan  # how its content is put in canonical order


@dataclass
class Renaming:
    """New id -> its name; ``apply`` rewrites a dump with the names."""

    names: dict[str, str] = field(default_factory=dict)
    _pattern: Optional[re.Pattern] = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self._pattern = token_pattern(self.names) if self.names else None

    def key(self, key: str) -> str:
        return self.names.get(key, key)

    def apply(self, value: Any) -> Any:
        if self._pattern is None:
            return value
        return substitute(value, self._pattern, self.names.__getitem__)


def token_pattern(ids: Any) -> re.Pattern:
    """A new id as a whole token: not inside a longer run of letters and digits."""
    alternatives = "|".join(re.escape(text) for text in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")


def substitute(value: Any, pattern: re.Pattern, name: Callable[[str], str]) -> Any:
    """The dump with every token the pattern finds, in its strings and keys, renamed."""
    if isinstance(value, str):
        return pattern.sub(lambda match: name(match.group(0)), value)
    if isinstance(value, dict):
        return {substitute(key, pattern, name): substitute(item, pattern, name) for key, item in value.items()}
    if isinstance(value, list):
        return [substitute(item, pattern, name) for item in value]
    return value


def _digest(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:24]


def _mentions(
    parts: dict[PartId, Any], new: dict[str, NewRecord], pattern: re.Pattern
) -> Iterator[tuple[str, Optional[str], str, str]]:
    """(new id, the new record mentioning it or None, the part it is in, the path there) for
    every mention of a new id outside its own record."""
    owner_of = {id(record.content): new_id for new_id, record in new.items()}

    def walk(value: Any, path: str, owners: tuple[str, ...]) -> Iterator[tuple[str, tuple[str, ...], str]]:
        if isinstance(value, dict):
            inner = owners + ((owner_of[id(value)],) if id(value) in owner_of else ())
            for key, item in value.items():
                yield from walk(key, f"{path}.<key>", inner)
                yield from walk(item, f"{path}.{key}", inner)
        elif isinstance(value, list):
            for item in value:
                yield from walk(item, f"{path}[]", owners)
        elif isinstance(value, str):
            for match in pattern.finditer(value):
                yield match.group(0), owners, path

    for (table, key), dump in parts.items():
        for mentioned, owners, path in walk(dump, table, ()):
            outside = [owner for owner in owners if owner != mentioned]
            if mentioned in owners and owners[-1] == mentioned:
                continue  # the record's own id, or a mention inside it: part of its content
            yield mentioned, (outside[-1] if outside else None), f"{table}/{key}", path


def name_new_records(parts: dict[PartId, Any], new: dict[str, NewRecord]) -> Renaming:
    """Names for the new records, the same for gold and agent records that hold the same."""
    if not new:
        return Renaming()
    pattern = token_pattern(new)
    mentions = list(_mentions(parts, new, pattern))
    signature = {new_id: _digest(record.kind) for new_id, record in new.items()}
    distinct = 0
    for _ in range(len(new) + 1):
        previous = signature

        def seen_as(other: str, this: str, previous: dict = previous) -> str:
            return "<self>" if other == this else previous[other]

        signature = {}
        for new_id, record in new.items():
            content = canonical(record.plan, substitute(record.content, pattern, partial(seen_as, this=new_id)))
            mentioned_by = sorted(
                (previous[owner] if owner else part, path) for target, owner, part, path in mentions if target == new_id
            )
            signature[new_id] = _digest(record.kind, sort_key(content), mentioned_by)
        if len(set(signature.values())) == distinct:
            break
        distinct = len(set(signature.values()))
    names: dict[str, str] = {}
    for kind in sorted({record.kind for record in new.values()}):
        ranked = sorted((signature[new_id], new_id) for new_id, record in new.items() if record.kind == kind)
        names.update({new_id: f"{kind}#{rank}" for rank, (_, new_id) in enumerate(ranked, 1)})
    return Renaming(names)


def new_records(
    start: BaseModel, own: dict[PartId, Any], record_model: Callable[[str], type[BaseModel]]
) -> dict[str, NewRecord]:
    """The records an episode's database holds that ``start`` did not: table keys it added,
    and nested records (``RecordId``) new in the records it has of its own (``own``: their
    dumps, by table and key; ``record_model``: a table's record model)."""
    new: dict[str, NewRecord] = {}
    for (table, key), dump in own.items():
        if key is None:
            continue
        model = record_model(table)
        before = dict.get(getattr(start, table), key)
        if before is None:
            new[key] = NewRecord(table, dump, model_plan(model))
        known = (
            {found[0] for found in nested_records(model, before.model_dump(warnings=False))}
            if before is not None
            else set()
        )
        for record_id, kind, record, nested in nested_records(model, dump):
            if record_id not in known and record_id not in new:
                new[record_id] = NewRecord(kind, record, model_plan(nested))
    return new

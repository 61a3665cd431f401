"""One pristine τ²-format database per domain, shared by every episode that runs on it.

τ²-bench parses the whole database for every environment it builds (three per graded
episode) and hashes it by dumping all of it; that costs far more than an oracle episode's
own work. Here the database is parsed once. An episode's database is a new model whose
tables (the ``dict[str, Model]`` fields) start out holding the shared records; looking a
record up by key gives the episode its own deep copy, kept from then on. Tools reach
records they change by key; records reached by iterating a table are the shared ones and
must only be read (a test replays every task's gold actions and checks the pristine data
did not move).

The DB hash (sha256 of the sorted-key JSON of the whole dump) is assembled from the text
of each record: records still shared reuse the text computed at load, so hashing costs
the records the episode touched plus one sha256 pass, and an untouched database costs
nothing at all. ``db_hash`` is the plain computation it must equal.

In the domains we write, the hash is of the records' canonical form (``taubench.core.canonical``:
lists declared ``Unordered`` sorted) and can rename the records an episode created
(``taubench.core.renaming``), so that equivalent end states hash the same.
"""

import copy
import hashlib
import heapq
import json
from typing import Any, Optional, get_args

from pydantic import BaseModel, TypeAdapter

from taubench.core.canonical import Plan, canonical, model_plan, plan_for
from taubench.core.renaming import PartId, Renaming

HASH_CHUNK = 64  # records joined per sha256 update (a few tens of KB)


def _json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=str).encode("utf-8")


def _digest(dump: dict) -> str:
    return hashlib.sha256(_json(dump)).hexdigest()


def db_hash(db: BaseModel, in_canonical_order: bool = False) -> str:
    """τ²-bench's DB hash: sha256 of the sorted-key JSON of the python-mode dump, computed
    plainly (``PristineDB.hash`` gives the same value from the records episodes share)."""
    dump = db.model_dump(warnings=False)  # raw values stored by tools may not match field types
    return _digest(canonical(model_plan(type(db)), dump) if in_canonical_order else dump)


class SharedTable(dict):
    """A table of one episode's database: shared records until looked up by key. It keeps
    which keys hold a record of its own (copied, set or added) and which shared ones it
    deleted, so hashing and renaming visit those alone, never the whole table."""

    __slots__ = ("pristine", "touched", "own", "removed")

    def __init__(self, pristine: dict[str, BaseModel]):
        super().__init__(pristine)
        self.pristine = pristine
        self.touched = False  # set on the first own copy or change of keys
        self.own: set[str] = set()
        self.removed: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        record: BaseModel = dict.__getitem__(self, key)
        if record is self.pristine.get(key):
            record = record.model_copy(deep=True)
            dict.__setitem__(self, key, record)
            self.touched = True
            self.own.add(key)
        return record

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __setitem__(self, key: str, record: Any) -> None:
        self.touched = True
        self.own.add(key)
        self.removed.discard(key)
        dict.__setitem__(self, key, record)

    def __delitem__(self, key: str) -> None:
        self.touched = True
        self.own.discard(key)
        if key in self.pristine:
            self.removed.add(key)
        dict.__delitem__(self, key)

    def own_records(self) -> dict[str, Any]:
        """The records this episode holds of its own, by key."""
        records = {key: dict.__getitem__(self, key) for key in self.own}
        return {key: record for key, record in records.items() if record is not self.pristine.get(key)}

    def added(self) -> list[str]:
        """Keys the shared table does not have."""
        return [key for key in self.own if key not in self.pristine]


class PristineDB:
    """A domain's database parsed once, with the JSON text of each record for the hash."""

    def __init__(self, db_model: type[BaseModel], db_json: str, in_canonical_order: bool = False):
        self.db_model = db_model
        self.in_canonical_order = in_canonical_order
        self.db = db_model.model_validate_json(db_json)
        self.field_types: dict[str, TypeAdapter[Any]] = {
            name: TypeAdapter(field.annotation) for name, field in db_model.model_fields.items()
        }
        self.tables = [
            name
            for name, value in self.db.__dict__.items()
            if isinstance(value, dict) and all(isinstance(record, BaseModel) for record in value.values())
        ]
        self.plans: dict[str, Plan] = {
            name: (
                self._record_plan(name) if name in self.tables else plan_for(field.annotation, tuple(field.metadata))
            )
            if in_canonical_order
            else None
            for name, field in db_model.model_fields.items()
        }
        dump = self.db.model_dump(warnings=False)
        self.record_texts = {
            name: {
                key: _json(key) + b": " + _json(canonical(self.plans[name], record))
                for key, record in dump[name].items()
            }
            for name in self.tables
        }
        self.sorted_keys = {name: sorted(dump[name]) for name in self.tables}
        self.digest = self._digest(self.fresh().__dict__, Renaming(), None)  # from the texts: no second dump

    def record_model(self, table: str) -> type[BaseModel]:
        """The model of a table's records: the one its field declares (``dict[str, Model]``),
        known for a table empty at load too (an episode may add its first record); else a record's."""
        return self._declared_record_model(table) or next(iter(getattr(self.db, table).values())).__class__

    def _declared_record_model(self, table: str) -> Optional[type[BaseModel]]:
        declared = get_args(self.db_model.model_fields[table].annotation)
        model = declared[1] if len(declared) == 2 else None
        return model if isinstance(model, type) and issubclass(model, BaseModel) else None

    def _record_plan(self, table: str) -> Plan:
        known = self._declared_record_model(table) is not None or getattr(self.db, table)
        return model_plan(self.record_model(table)) if known else None

    def unchanged(self) -> bool:
        """Whether the shared records still hash as they did at load (a tool or a test that
        changed a record it reached by iteration would show here)."""
        return db_hash(self.db, self.in_canonical_order) == self.digest

    def own_parts(self, db: BaseModel) -> dict[PartId, Any]:
        """The dumps of what an episode's database holds of its own: the records it copied,
        changed or added, by table and key, and every field that is not a table (key None)."""
        parts: dict[PartId, Any] = {}
        for name, value in db.__dict__.items():
            if isinstance(value, SharedTable):
                own = value.own_records()
                dumped = self.field_types[name].dump_python(own, warnings=False) if own else {}
                parts.update({(name, key): record for key, record in dumped.items()})
            else:
                parts[name, None] = self.field_types[name].dump_python(value, warnings=False)
        return parts

    def fresh(self) -> BaseModel:
        """An episode's own database, sharing every table's records until looked up."""
        fields = {
            name: SharedTable(value) if name in self.tables else copy.deepcopy(value)
            for name, value in self.db.__dict__.items()
        }
        return self.db_model.model_construct(_fields_set=set(self.db.model_fields_set), **fields)

    def snapshot(self, db: BaseModel) -> BaseModel:
        """A copy of an episode's database as it is now that goes on sharing what it shares:
        only the records the episode has of its own are copied (a gold trace's before and after)."""
        fields = {}
        for name, value in db.__dict__.items():
            if isinstance(value, SharedTable):
                table = SharedTable(value.pristine)
                for key in value.removed:
                    dict.__delitem__(table, key)
                dict.update(table, {key: record.model_copy(deep=True) for key, record in value.own_records().items()})
                table.touched, table.own, table.removed = value.touched, set(value.own), set(value.removed)
                fields[name] = table
            else:
                fields[name] = copy.deepcopy(value)
        return self.db_model.model_construct(_fields_set=set(db.model_fields_set), **fields)

    def hash(
        self, db: BaseModel, renaming: Optional[Renaming] = None, parts: Optional[dict[PartId, Any]] = None
    ) -> str:
        """``db_hash(db)``, reusing the text of every record still shared; with a
        ``renaming``, the records the episode holds of its own hash as it renames them
        (``parts``: their dumps, as ``own_parts`` gave them, not made again)."""
        values = db.__dict__
        if self._untouched(values):
            return self.digest
        return self._digest(values, renaming or Renaming(), parts)

    def _digest(self, values: dict[str, Any], renaming: Renaming, parts: Optional[dict[PartId, Any]]) -> str:
        digest = hashlib.sha256(b"{")
        for number, name in enumerate(sorted(values)):
            digest.update((b", " if number else b"") + _json(name) + b": ")
            self._hash_field(digest, name, values[name], renaming, parts)
        digest.update(b"}")
        return digest.hexdigest()

    def _untouched(self, values: dict[str, Any]) -> bool:
        """Only tables, none touched: the pristine digest holds (other fields may have changed)."""
        return len(values) == len(self.tables) and all(
            isinstance(values.get(name), SharedTable) and not values[name].touched for name in self.tables
        )

    def _hash_field(
        self, digest, name: str, value: Any, renaming: Renaming, parts: Optional[dict[PartId, Any]]
    ) -> None:
        """Feeds the field's JSON text to ``digest`` a few records at a time: the text of a
        whole table (megabytes on airline) is never built, so hashing an episode's database
        leaves no large block behind in the allocator of the thread that ran it."""
        plan = self.plans[name]
        if not isinstance(value, SharedTable):
            dump = parts[name, None] if parts is not None else self.field_types[name].dump_python(value, warnings=False)
            digest.update(_json(canonical(plan, renaming.apply(dump))))
            return
        texts = self.record_texts[name]
        if parts is not None:
            own_dump = {key: parts[name, key] for key in value.own_records()}
        else:
            own = value.own_records()
            own_dump = self.field_types[name].dump_python(own, warnings=False) if own else {}
        own_texts = {
            renaming.key(key): _json(canonical(plan, renaming.apply(record))) for key, record in own_dump.items()
        }
        keys = self.sorted_keys[name]
        if value.removed:
            keys = [key for key in keys if key not in value.removed]
        if added := value.added():
            keys = list(heapq.merge(keys, sorted(renaming.key(key) for key in added)))
        pieces = [_json(key) + b": " + own_texts[key] if key in own_texts else texts[key] for key in keys]
        digest.update(b"{")
        for start in range(0, len(pieces), HASH_CHUNK):
            digest.update((b", " if start else b"") + b", ".join(pieces[start : start + HASH_CHUNK]))
        digest.update(b"}")

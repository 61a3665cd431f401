"""A toolkit's look-ups by key and lists by owner, with one wording of "not found" for every
domain: ``<Record> <key> not found``, the record named after its model (``TutoringSlot`` ->
"Tutoring slot") unless the model says its own ``noun`` (a ``ClassVar``, e.g. "PT package"),
so an agent learns one shape of refusal across the trades."""

import re
from functools import cache
from typing import Any, get_args

from pydantic import BaseModel

from taubench.core.toolkit import Toolkit


@cache
def record_noun(db_model: type[BaseModel], table: str) -> str:
    """The table's record in words, from its declaration ``table: dict[str, Model]``."""
    field = db_model.model_fields.get(table)
    if field is None:
        raise KeyError(f"{db_model.__name__} has no table {table!r}")
    arguments = get_args(field.annotation)
    model = arguments[-1] if arguments else None
    noun = getattr(model, "noun", None)
    if isinstance(noun, str):
        return noun
    name = getattr(model, "__name__", table)
    words = re.findall(r"[A-Z]+(?![a-z])|[A-Z][a-z]*|[a-z]+|\d+", name)
    return " ".join([words[0], *(word if word.isupper() else word.lower() for word in words[1:])])


def not_found(db: BaseModel, table: str, key: Any) -> ValueError:
    """The one refusal for a key that names no record of the table."""
    return ValueError(f"{record_noun(type(db), table)} {key} not found")


class RecordDesk(Toolkit):
    """The tools of a domain whose database holds tables of records by key."""

    def _get(self, table: str, key: Any) -> Any:
        records = getattr(self.db, table)
        if not isinstance(key, str) or key not in records:
            raise not_found(self.db, table, key)
        return records[key]

    def _new_id(self, prefix: str, counter: str) -> str:
        """The next id of a kind of new record (``prefix`` + the database's ``counter``, which
        moves on): call it only once every check has passed, as it changes the database."""
        number = getattr(self.db, counter)
        setattr(self.db, counter, number + 1)
        return f"{prefix}{number}"

    def _of(self, table: str, owner_field: str, owner: str) -> list[Any]:
        """The records of a table whose ``owner_field`` is ``owner``, in the table's order. They
        are reached by iterating, so every episode shares them: read them, and take one by key
        (``_get``) before changing it."""
        return [record for record in getattr(self.db, table).values() if getattr(record, owner_field) == owner]

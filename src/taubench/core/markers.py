"""What a domain we write declares about its records' fields, so that the validator can check
them and grading can compare an agent's records with the gold's fairly. Used as ``Annotated``
metadata, in the database models and in the tools' parameters:

- ``RefersTo("members")``: the field names a record of that table (checked to resolve);
- ``Unordered()``: a list whose order means nothing (ids picked, record types, preferences):
  a tool receives it, and grading compares it, in one canonical order;
- ``Ordered("why")``: a list whose order means something (a ranking, a route): left as it is;
- ``RecordId()``: the field holding the id of a record nested in another (a folio's charge),
  minted by a counter like a table's keys, so renamed like them when records made in another
  order are compared.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class RefersTo:
    table: str  # the database field holding the records, keyed by id


@dataclass(frozen=True)
class Unordered:
    pass


@dataclass(frozen=True)
class Ordered:
    why: str  # what the order means: a new list field must choose, and say so


@dataclass(frozen=True)
class RecordId:
    pass

"""Marking the fields of a domain's records that name another record, so the validator can
check that every reference resolves: ``member_id: Annotated[str, RefersTo("members")]``
(``list[Annotated[str, RefersTo("loans")]]`` for a list of them)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class RefersTo:
    table: str  # the database field holding the records, keyed by id

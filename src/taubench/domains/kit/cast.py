"""The hand-written records a domain's tasks are built around, as a data file with field
names (``<domain>/data/cast.json``: section -> list of records, one record a line) instead of
positional tuples in code: a reviewer reads each value next to its name, and each record is
validated by the model the domain gives its section before the generator sees it."""

import json
from importlib.resources import files

from pydantic import BaseModel, ValidationError


class CastError(ValueError):
    pass


def load_cast(package: str, sections: dict[str, type[BaseModel]]) -> dict[str, list]:
    """Every section of the package's ``data/cast.json``, each record validated by its model;
    a section the file lacks or the models do not name is an error naming it."""
    path = files(package) / "data" / "cast.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    if set(raw) != set(sections):
        raise CastError(f"{path}: sections {sorted(raw)}, expected {sorted(sections)}")
    loaded = {}
    for section, model in sections.items():
        rows = []
        for index, record in enumerate(raw[section]):
            try:
                rows.append(model.model_validate(record))
            except ValidationError as error:
                raise CastError(f"{path}: {section}[{index}]: {error}") from None
        loaded[section] = rows
    return loaded

"""One canonical form of a domain's records, read off the markers its models declare
(``taubench.core.markers``): a list declared ``Unordered`` is compared sorted, whatever order a
tool stored it in. Only the domains we write declare them; τ²-bench's and τ-bench v1's
models carry none, so their records are compared exactly as their originals compare them.

A plan is built once per model and annotation: a function from the JSON-mode value
(``model_dump``'s python mode) to its canonical form, or ``None`` where nothing inside needs
reordering, so records without such lists cost nothing.
"""

import json
import types
from functools import cache
from typing import Annotated, Any, Callable, Iterator, Optional, Union, get_args, get_origin

from pydantic import BaseModel

from taubench.core.markers import Ordered, RecordId, Unordered

Plan = Optional[Callable[[Any], Any]]


def sort_key(value: Any) -> str:
    """Items of an unordered list are ordered by their JSON text (any JSON value sorts)."""
    return json.dumps(value, sort_keys=True, default=str)


def in_canonical_order(items: Any) -> Any:
    return sorted(items, key=sort_key) if isinstance(items, list) else items


def _split(annotation: Any) -> tuple[Any, tuple]:
    """The type inside ``Annotated`` and its metadata; of an optional one too
    (``Optional[Annotated[list[str], Unordered()]]`` declares what ``Annotated[Optional[...], ...]`` does)."""
    if get_origin(annotation) is Annotated:
        inner, *own = get_args(annotation)
        return inner, tuple(own)
    if get_origin(annotation) in (Union, types.UnionType):
        arms = get_args(annotation)
        metadata = tuple(marker for arm in arms if get_origin(arm) is Annotated for marker in get_args(arm)[1:])
        if metadata:
            plain: Any = Union[tuple(get_args(arm)[0] if get_origin(arm) is Annotated else arm for arm in arms)]
            return plain, metadata
    return annotation, ()


def declares_unordered(annotation: Any) -> bool:
    """Whether the annotation (a tool parameter's, with its extras) declares ``Unordered``."""
    return any(isinstance(marker, Unordered) for marker in _split(annotation)[1])


def _arms(annotation: Any) -> list[Any]:
    """The non-None arms of a union (the annotation itself when it is not one)."""
    if get_origin(annotation) in (Union, types.UnionType):
        return [arm for arm in get_args(annotation) if arm is not type(None)]
    return [annotation]


def plan_for(annotation: Any, metadata: tuple = ()) -> Plan:
    """How to bring a value of this annotation into canonical order (``None``: as it is)."""
    inner, own = _split(annotation)
    metadata = (*metadata, *own)
    arms = _arms(inner)
    if len(arms) > 1:
        return None  # a union of several types holds no declared lists in any domain of ours
    inner = arms[0]
    origin = get_origin(inner)
    if isinstance(inner, type) and issubclass(inner, BaseModel):
        return model_plan(inner)
    if origin in (list, tuple, set, frozenset):
        item = plan_for(get_args(inner)[0]) if get_args(inner) else None
        unordered = any(isinstance(marker, Unordered) for marker in metadata)
        if unordered:
            return lambda value: in_canonical_order(
                [item(v) for v in value] if item and isinstance(value, list) else value
            )
        return (lambda value: [item(v) for v in value] if isinstance(value, list) else value) if item else None
    if origin is dict:
        values = plan_for(get_args(inner)[-1]) if get_args(inner) else None
        return (
            (lambda value: {k: values(v) for k, v in value.items()} if isinstance(value, dict) else value)
            if values
            else None
        )
    return None


@cache
def model_plan(model: type[BaseModel]) -> Plan:
    fields = {
        name: plan
        for name, field in model.model_fields.items()
        if (plan := plan_for(field.annotation, tuple(field.metadata)))
    }
    if not fields:
        return None

    def apply(value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        return {key: fields[key](item) if key in fields and item is not None else item for key, item in value.items()}

    return apply


def canonical(plan: Plan, value: Any) -> Any:
    return plan(value) if plan is not None and value is not None else value


def undeclared_list(annotation: Any, metadata: tuple = ()) -> bool:
    """Whether this is a list (or an optional one) that declares neither ``Unordered`` nor ``Ordered``."""
    inner, own = _split(annotation)
    lists = [arm for arm in _arms(inner) if get_origin(arm) in (list, tuple, set, frozenset)]
    return bool(lists) and not any(isinstance(marker, (Unordered, Ordered)) for marker in (*metadata, *own))


def undeclared_lists(model: type[BaseModel]) -> list[str]:
    """The list fields of the model's records (nested ones included) that declare neither
    ``Unordered`` nor ``Ordered``: the validator asks a domain we write to choose for each."""
    found: list[str] = []
    seen: set[type] = set()

    def visit(annotation: Any, metadata: tuple, where: str) -> None:
        inner, own = _split(annotation)
        metadata = (*metadata, *own)
        for arm in _arms(inner):
            origin = get_origin(arm)
            if isinstance(arm, type) and issubclass(arm, BaseModel):
                walk(arm)
            elif origin in (list, tuple, set, frozenset):
                if undeclared_list(arm, metadata):
                    found.append(where)
                for item in get_args(arm)[:1]:
                    visit(item, (), where + "[]")
            elif origin is dict:
                visit(get_args(arm)[-1], (), where + "{}")

    def walk(model_type: type[BaseModel]) -> None:
        if model_type in seen:
            return
        seen.add(model_type)
        for name, field in model_type.model_fields.items():
            visit(field.annotation, tuple(field.metadata), f"{model_type.__name__}.{name}")

    walk(model)
    return found


def nested_records(
    model: type[BaseModel], value: Any, where: str = ""
) -> Iterator[tuple[str, str, dict, type[BaseModel]]]:
    """(id, where, record, its model) for each record nested in this dump whose model marks
    a field ``RecordId`` (a folio's charge): ``where`` names the field path, the same for
    every record of that kind."""
    if not isinstance(value, dict):
        return
    for name, field in model.model_fields.items():
        item = value.get(name)
        if item is None:
            continue
        if any(isinstance(marker, RecordId) for marker in field.metadata) and isinstance(item, str):
            yield item, where or model.__name__, value, model
        for nested, contents in _contents(field.annotation, item):
            yield from nested_records(nested, contents, f"{where or model.__name__}.{name}")


def _contents(annotation: Any, value: Any) -> Iterator[tuple[type[BaseModel], Any]]:
    """The values inside ``value`` that are records of a model, with that model."""
    inner, _ = _split(annotation)
    for arm in _arms(inner):
        origin = get_origin(arm)
        if isinstance(arm, type) and issubclass(arm, BaseModel):
            yield arm, value
        elif origin in (list, tuple, set, frozenset) and isinstance(value, list) and get_args(arm):
            for item in value:
                yield from _contents(get_args(arm)[0], item)
        elif origin is dict and isinstance(value, dict) and get_args(arm):
            for item in value.values():
                yield from _contents(get_args(arm)[-1], item)

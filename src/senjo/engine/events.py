"""Events: what happened, as frozen values that round-trip through JSON.

Rule systems append events to `battle.log`; narration turns them into text
afterwards. Every event class is registered by name (`@event`) so a JSON
line can be turned back into the same value.

>>> from dataclasses import dataclass
>>> @event
... @dataclass(frozen=True, slots=True)
... class Example(Event):
...     who: str
...     rolls: tuple[int, ...]
>>> line = to_json(Example("ann", (3, 4)))
>>> line
'{"type":"Example","who":"ann","rolls":[3,4]}'
>>> from_json(line) == Example("ann", (3, 4))
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any, TypeVar

from senjo.engine.frozen import direct_init

__all__ = [
    "Decided",
    "Event",
    "EventError",
    "event",
    "from_json",
    "from_plain",
    "to_json",
    "to_plain",
    "value_type",
]


class EventError(ValueError):
    """A JSON line is not a known event, or its fields do not fit."""


class Event:
    """Base class of every event. Subclasses are frozen, slotted dataclasses."""

    __slots__ = ()


_TYPES: dict[str, type[Any]] = {}
_FIELDS: dict[type[Any], tuple[str, ...]] = {}

T = TypeVar("T", bound=type[Any])


def value_type(cls: T) -> T:
    """Register a frozen dataclass (an event, or a value inside one) for JSON, and give
    it a direct `__init__` (`senjo.engine.frozen`): a battle logs some 170 events."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} must be a dataclass")
    name = cls.__name__
    if name in _TYPES and _TYPES[name] is not cls:
        raise TypeError(f"two event or value types are named {name}")
    _TYPES[name] = cls
    _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    direct_init(cls)
    return cls


event: Callable[[T], T] = value_type


def to_plain(value: Any) -> Any:
    """Turn an event or value into JSON-ready data (dicts, lists, scalars)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [to_plain(item) for item in value]
    names = _FIELDS.get(type(value))
    if names is not None:
        data: dict[str, Any] = {"type": type(value).__name__}
        for name in names:
            data[name] = to_plain(getattr(value, name))
        return data
    if isinstance(value, dict):
        return {str(key): to_plain(item) for key, item in value.items()}
    raise TypeError(f"cannot serialise {type(value).__name__} in an event")


def from_plain(data: Any) -> Any:
    """The inverse of `to_plain`: lists become tuples, typed dicts become values."""
    if isinstance(data, list):
        return tuple(from_plain(item) for item in data)
    if isinstance(data, dict):
        name = data.get("type")
        if name is None:
            return {key: from_plain(item) for key, item in data.items()}
        cls = _TYPES.get(name)
        if cls is None:
            raise EventError(f"unknown event type {name!r}")
        fields = {key: from_plain(item) for key, item in data.items() if key != "type"}
        try:
            return cls(**fields)
        except TypeError as error:
            raise EventError(f"event {name}: {error}") from None
    return data


def to_json(value: Any) -> str:
    """One compact JSON line for an event."""
    return json.dumps(to_plain(value), ensure_ascii=False, separators=(",", ":"))


def from_json(line: str) -> Any:
    """Parse one JSON line back into an event."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise EventError(f"not a JSON line: {error.msg}") from None
    return from_plain(data)


@event
@dataclasses.dataclass(frozen=True, slots=True)
class Decided(Event):
    """A decision was made: who chose, what kind of choice, and which option.

    `index` is the option's position among the legal options and `key` its
    stable name; replays feed `index` back, and check `key`.
    """

    actor: str
    kind: str
    index: int
    key: str

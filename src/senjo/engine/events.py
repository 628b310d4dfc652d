"""Events: what happened, as frozen values that round-trip through JSON.

Rule systems append events to `battle.log`; narration turns them into text
afterwards. Every event class is registered by name (`event`: as a decorator
on a Python class, as in the example below, or by a call after a compiled one)
so a JSON line can be turned back into the same value.

This module is compiled by mypyc (`senjo.native`), and so are the rule
systems' events: their classes are native classes, registered by a call after
the class rather than as a decorator (mypyc compiles only classes whose one
decorator is `dataclass` that way), each writing out its `__init__`
(`senjo.engine.frozen`). `Event` itself defines equality and hashing by class
and fields, as a frozen dataclass does: compiled code compares two values
typed as `Event` through the base class's methods, and would otherwise compare
them by identity. Interpreted subclasses (a test's events, `Outcome`) are
allowed and keep their own dataclass methods.

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
from typing import Any, Final, TypeVar

from mypy_extensions import mypyc_attr

from senjo.engine.bilingual import Bilingual
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
    """A JSON line is not a known event, or its fields do not fit (its message a
    `Bilingual`)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Event:
    """Base class of every event. Subclasses are frozen, slotted dataclasses."""

    __slots__ = ()

    def _fields(self) -> tuple[object, ...]:
        names = _FIELDS.get(type(self))  # registered; else (never in senjo) ask dataclasses
        if names is None:
            names = tuple(item.name for item in dataclasses.fields(self))  # type: ignore[arg-type]
        return tuple([getattr(self, name) for name in names])

    def __eq__(self, other: object) -> bool:
        """Equal when of one class with equal fields (a frozen dataclass's equality)."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Event)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        """The hash of the fields, as a frozen dataclass's."""
        return hash(self._fields())


_TYPES: Final[dict[str, type[Any]]] = {}
_FIELDS: Final[dict[type[Any], tuple[str, ...]]] = {}
_REQUIRED: Final[dict[type[Any], tuple[str, ...]]] = {}

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
    _REQUIRED[cls] = tuple(
        f.name
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    )
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
        cls = _TYPES.get(name) if isinstance(name, str) else None
        if cls is None:
            raise EventError(
                Bilingual(f"unknown event type {name!r}", f"不明なイベントの種類です：{name!r}")
            )
        fields = {key: from_plain(item) for key, item in data.items() if key != "type"}
        # Named here rather than left to the class's `__init__`, whose words differ
        # between Python and the compiled form.
        known = _FIELDS[cls]
        for key in fields:
            if key not in known:
                listed = ", ".join(known)
                raise EventError(
                    Bilingual(
                        f"event {name}: unknown field {key!r} (its fields: {listed})",
                        f"イベント {name}：不明な項目です：{key!r}（使える項目：{listed}）",
                    )
                )
        for key in _REQUIRED[cls]:
            if key not in fields:
                raise EventError(
                    Bilingual(
                        f"event {name}: field {key!r} is missing",
                        f"イベント {name}：項目 {key!r} がありません",
                    )
                )
        try:
            return cls(**fields)
        except TypeError as error:
            raise EventError(
                Bilingual(f"event {name}: {error}", f"イベント {name}：{error}")
            ) from None
    return data


def to_json(value: Any) -> str:
    """One compact JSON line for an event."""
    return json.dumps(to_plain(value), ensure_ascii=False, separators=(",", ":"))


def from_json(line: str) -> Any:
    """Parse one JSON line back into an event."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise EventError(
            Bilingual(f"not a JSON line: {error.msg}", f"JSON の行ではありません（{error.msg}）")
        ) from None
    return from_plain(data)


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

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        kind: str,
        index: int,
        key: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "key", key)


event(Decided)  # a call, not a decorator: see the module's text

"""A faster `__init__` for frozen, slotted dataclasses.

A frozen dataclass's own `__init__` fills each field through `object.__setattr__`,
to get past the `__setattr__` that freezes it; compiled by mypyc, such a class still
gets that `__init__` from the `dataclasses` module, as Python. `direct_init` gives
the class an `__init__` that calls each field's slot descriptor instead: the same
parameters, defaults, `__post_init__` and errors, in about half the time. Events
(`senjo.engine.events.value_type`) and the values a battle makes most often (its
decisions, attacks and hits: some 100 a duel) use it.

A class compiled by mypyc does better with an `__init__` written out in its body,
setting each field by `object.__setattr__(self, name, value)` and then calling
`__post_init__` if it has one: mypyc turns each of those calls into a direct write
of the slot, some seven times as fast as the direct `__init__` (the events, and the
values a duel makes most often, `Decision`, `Score`, `Modifiers`, the attack
contexts, do this).
`direct_init` leaves a compiled `__init__` alone; in pure Python it replaces a
written one as well, keeping it as `__replaced__` (tests call it to check it).

>>> from dataclasses import FrozenInstanceError, dataclass
>>> @dataclass(frozen=True, slots=True)
... class Pair:
...     left: int
...     right: int = 2
>>> direct_init(Pair)
>>> Pair(1), Pair(1, right=3) == Pair(1, 3)
(Pair(left=1, right=2), True)
>>> Pair(1).left = 5
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'left'
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any, Final

__all__ = ["compiled_init", "direct_init", "has_direct_init", "written_init"]

_DESCRIPTORS: Final = ("member_descriptor", "getset_descriptor")


def direct_init(*classes: type[Any]) -> None:
    """Give each frozen, slotted dataclass a direct `__init__`; leave a class as it is
    when one of its fields is keyword-only, has a default factory, or is outside
    `__init__` without a default (one with a default is set to it), or its slots are
    not plain descriptors."""
    for cls in classes:
        _install(cls)


def has_direct_init(cls: type[Any]) -> bool:
    """True when `cls.__init__` is one `direct_init` made."""
    init = cls.__dict__.get("__init__")
    return getattr(init, "__direct_init__", False) is True


def compiled_init(cls: type[Any]) -> bool:
    """True when `cls` has an `__init__` of its own that is not Python (mypyc compiled
    the one its body writes out)."""
    init = cls.__dict__.get("__init__")
    return init is not None and not isinstance(init, types.FunctionType)


def written_init(cls: type[Any]) -> Any:
    """The `__init__` the class body writes out, as Python (None if it writes none, or
    mypyc compiled it)."""
    init = cls.__dict__.get("__init__")
    if not isinstance(init, types.FunctionType):
        return None
    written: Any = getattr(init, "__replaced__", init)
    return None if written.__code__.co_filename == "<string>" else written


def _install(cls: type[Any]) -> None:
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init:
        return
    own = cls.__dict__.get("__init__")
    if not isinstance(own, types.FunctionType):  # compiled: writes the slots directly
        return
    spec: list[str] = []
    body: list[str] = []
    scope: dict[str, Any] = {}
    for item in dataclasses.fields(cls):
        slot: Any = cls.__dict__.get(item.name)
        if item.kw_only or type(slot).__name__ not in _DESCRIPTORS:
            return
        if item.default_factory is not dataclasses.MISSING:
            return
        scope[f"_set_{item.name}"] = slot.__set__
        if not item.init:  # outside `__init__`: set to its default
            if item.default is dataclasses.MISSING:
                return
            scope[f"_default_{item.name}"] = item.default
            body.append(f"    _set_{item.name}(self, _default_{item.name})\n")
            continue
        body.append(f"    _set_{item.name}(self, {item.name})\n")
        if item.default is dataclasses.MISSING:
            spec.append(item.name)
        else:
            scope[f"_default_{item.name}"] = item.default
            spec.append(f"{item.name}=_default_{item.name}")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()\n")
    lines = "".join(body) or "    pass\n"
    exec(f"def __init__(self, {', '.join(spec)}):\n" + lines, scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__direct_init__ = True
    init.__replaced__ = getattr(own, "__replaced__", own)
    cls.__init__ = init

"""Shared sets of items: one object for each value of a fighter's set of ready items
(or weapons attacked with, or pair of items in hand), replaced whole on change and
never changed in place - so the turn memo hashes each once (`state.snapshot`)."""

from __future__ import annotations

from typing import Final, TypeVar, cast

__all__ = ["NOTHING", "shared", "with_item", "without_item"]

_H = TypeVar("_H", frozenset[str], tuple[str, ...])

#: Each value `shared` has given out, by itself (a few per scenario: sets of ready items,
#: of weapons attacked with, pairs of items in hand).
_SHARED: Final[dict[object, object]] = {}
_SHARED_MAX: Final = 4096
#: (a shared set, an item, added?) -> the shared set that step gives (`with_item`): a set
#: and its union made once, not at each attack and each Ready.
_STEPS: Final[dict[tuple[frozenset[str], str, bool], frozenset[str]]] = {}


def shared(value: _H) -> _H:
    """One object for each value: equal sets of ready items (and the like) of different
    battles are one object, whose hash is kept, so the turn memo hashes it once and finds
    it equal at once (`snapshot`). A state only ever holds such a value whole, replaced
    on change (`with_item`, `without_item`, `hands.py`), never changed in place.

    >>> one, two = shared(frozenset({"sword"})), shared(frozenset(["sword"]))
    >>> one is two, one == frozenset({"sword"})
    (True, True)
    """
    found = _SHARED.get(value)
    if found is not None:
        return cast(_H, found)
    if len(_SHARED) >= _SHARED_MAX:
        _SHARED.clear()  # a long sweep: equal values made later are still equal
    _SHARED[value] = value
    return value


def with_item(items: frozenset[str], item: str) -> frozenset[str]:
    """`items` with `item` (the shared set)."""
    return items if item in items else _stepped(items, item, True)


def without_item(items: frozenset[str], item: str) -> frozenset[str]:
    """`items` without `item` (the shared set)."""
    return _stepped(items, item, False) if item in items else items


def _stepped(items: frozenset[str], item: str, added: bool) -> frozenset[str]:
    """The shared set one step (an item added or taken away) gives, kept in `_STEPS`."""
    step = (items, item, added)
    found = _STEPS.get(step)
    if found is None:
        if len(_STEPS) >= _SHARED_MAX:
            _STEPS.clear()
        found = _STEPS[step] = shared(items | {item} if added else items - {item})
    return found


#: The default: nothing in a set.
NOTHING: Final[frozenset[str]] = shared(frozenset())

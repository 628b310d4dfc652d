"""Modifiers: every effective number carries the reasons behind it.

A `Modifiers` value is an ordered tuple of `(source, amount)` pairs. Sources
are stable keys (``"side_hex"``, ``"retreat"``, ``"shock"``) that narration
translates; amounts are integers. `Score` is a base number, its modifiers,
and an optional cap (GURPS Move and Attack caps melee skill at 9).

>>> mods = Modifiers.of(("retreat", 3), ("side_hex", -2))
>>> mods.total
1
>>> Score(10, mods).value
11
>>> Score(14, Modifiers.of(("move_and_attack", -4)), cap=9).value
9
>>> Score(12, mods).describe()
'12 +3 (retreat) -2 (side_hex) = 13'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from senjo.engine.events import value_type

__all__ = ["NO_MODIFIERS", "Modifiers", "Score"]


@dataclass(frozen=True, slots=True)
class Modifiers:
    """An ordered list of named modifiers. Zero amounts are kept (they explain too)."""

    items: tuple[tuple[str, int], ...] = ()

    def __init__(self, items: tuple[tuple[str, int], ...] = ()) -> None:
        object.__setattr__(self, "items", items)  # compiled: `senjo.engine.frozen`

    @staticmethod
    def of(*items: tuple[str, int]) -> Modifiers:
        """Build from pairs."""
        return Modifiers(tuple(items))

    @property
    def total(self) -> int:
        """The sum of all amounts."""
        return sum(amount for _, amount in self.items)

    def plus(self, source: str, amount: int) -> Modifiers:
        """A copy with one more modifier at the end."""
        return Modifiers((*self.items, (source, amount)))

    def __add__(self, other: Modifiers) -> Modifiers:
        return Modifiers(self.items + other.items)

    def __iter__(self) -> Iterator[tuple[str, int]]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def amount(self, source: str) -> int:
        """The summed amount of every modifier from `source` (0 if none)."""
        return sum(amount for name, amount in self.items if name == source)


# Registered by a call, not as a decorator: mypyc compiles a class with no decorator but
# `dataclass` as a native class, whose written `__init__` fills the slots directly.
value_type(Modifiers)
NO_MODIFIERS: Final = Modifiers()


@dataclass(frozen=True, slots=True)
class Score:
    """An effective number: a base, its modifiers, and an optional maximum."""

    base: int
    modifiers: Modifiers = NO_MODIFIERS
    cap: int | None = None

    def __init__(  # compiled: `senjo.engine.frozen`
        self, base: int, modifiers: Modifiers = NO_MODIFIERS, cap: int | None = None
    ) -> None:
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "modifiers", modifiers)
        object.__setattr__(self, "cap", cap)

    @property
    def value(self) -> int:
        """The effective number: base plus modifiers, capped."""
        value = self.base + self.modifiers.total
        if self.cap is not None and value > self.cap:
            return self.cap
        return value

    def describe(self) -> str:
        """A plain working line, sources as keys (narration gives the localised one)."""
        parts = [str(self.base)]
        parts.extend(f"{amount:+d} ({source})" for source, amount in self.modifiers.items)
        text = " ".join(parts) + f" = {self.base + self.modifiers.total}"
        if self.cap is not None and self.base + self.modifiers.total > self.cap:
            text += f" (max {self.cap})"
        return text


value_type(Score)

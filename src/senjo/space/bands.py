"""Distance bands: abstract distances between figures, for range-band systems.

Seed 003 (the トモガミ system, `docs/plans/tomogami.md`) measures no distance on a map:
between two figures it is one of three bands (距離単位): zero (contact), near and far.
A figure that has left the engagement area (交戦領域) is OUT to everyone. Only pairs not
at NEAR are stored: a figure is near to everyone a maneuver did not name (the near
presumption, 近距離推定の原則). A pair at ZERO is a zero-distance zone (零距離領域); several
figures at zero with one target are several zones around it.

Rule-free: who may move, who opposes and what a move costs belong to the rule system;
this module keeps the distances a move leaves.

>>> bands = Bands(["aki", "ren", "goro"])
>>> bands.open([("aki", "ren"), ("aki", "goro")], Band.FAR)
(Change('aki', 'ren', NEAR, FAR), Change('aki', 'goro', NEAR, FAR))
>>> bands.distance("ren", "goro")  # nobody named them: near
<Band.NEAR: 1>
>>> bands.move("ren", "aki", Band.ZERO)
(Change('ren', 'aki', FAR, ZERO),)
>>> sorted(bands.zone_of("aki"))
['aki', 'ren']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

__all__ = ["Band", "Bands", "Change", "units"]


class Band(IntEnum):
    """A distance band, in order: crossing from one to the next is one unit."""

    ZERO = 0
    NEAR = 1
    FAR = 2
    OUT = 3


#: The bands a move may end at (OUT is reached by `Bands.leave`).
_MOVE_BANDS = (Band.ZERO, Band.NEAR, Band.FAR)


def units(start: Band, end: Band) -> int:
    """The bands crossed from `start` to `end` (seed 003: a maneuver's penalty and limit
    count them).

    >>> units(Band.NEAR, Band.FAR), units(Band.FAR, Band.ZERO), units(Band.ZERO, Band.OUT)
    (1, 2, 3)
    """
    return abs(int(end) - int(start))


@dataclass(frozen=True, slots=True)
class Change:
    """One pair's band before and after a call; `first` is the figure that moved."""

    first: str
    second: str
    before: Band
    after: Band

    def __repr__(self) -> str:
        return f"Change({self.first!r}, {self.second!r}, {self.before.name}, {self.after.name})"


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


class Bands:
    """The band between every two figures of a battle (NEAR unless stored)."""

    __slots__ = ("_figures", "_outside", "_pairs")

    def __init__(self, figures: Iterable[str]) -> None:
        self._figures: tuple[str, ...] = tuple(figures)
        if len(set(self._figures)) != len(self._figures):
            raise ValueError(f"figures named twice: {sorted(self._figures)}")
        self._pairs: dict[tuple[str, str], Band] = {}
        self._outside: set[str] = set()

    @property
    def figures(self) -> tuple[str, ...]:
        """Every figure, in the order given."""
        return self._figures

    def inside(self, key: str) -> bool:
        """Whether `key` is still in the engagement area."""
        self._check(key)
        return key not in self._outside

    def distance(self, a: str, b: str) -> Band:
        """The band between `a` and `b`: OUT if either has left, else as stored, else NEAR."""
        self._check(a, b)
        if a in self._outside or b in self._outside:
            return Band.OUT
        return self._pairs.get(_pair(a, b), Band.NEAR)

    def open(self, pairs: Iterable[tuple[str, str]], band: Band) -> tuple[Change, ...]:
        """Put each pair at `band` (the battle's opening distance between foes).

        >>> bands = Bands(["a", "b", "c"])
        >>> bands.open([("a", "b")], Band.OUT)
        Traceback (most recent call last):
        ...
        ValueError: a pair opens at ZERO, NEAR or FAR, not OUT
        """
        if band not in _MOVE_BANDS:
            raise ValueError(f"a pair opens at ZERO, NEAR or FAR, not {band.name}")
        changes = [self._put(a, b, band) for a, b in pairs]
        return tuple(change for change in changes if change is not None)

    def move(
        self, mover: str, target: str, band: Band, group: Iterable[str] = ()
    ) -> tuple[Change, ...]:
        """A successful maneuver: `mover` ends at `band` from `target` and from the rest of
        its target group (`group`: the foes who opposed it), and NEAR from everyone else.

        A move to ZERO forms one zone, with the target only (seed 003: a zone holds the two
        figures; the zero move names one target); the rest of the group is left NEAR.
        Pairs the mover is not in do not change: figures already at zero with the target
        keep their zones. Returns the pairs that changed, in the order of the figures.

        >>> bands = Bands(["a", "b", "c", "d"])
        >>> bands.move("a", "b", Band.FAR, ["c"])
        (Change('a', 'b', NEAR, FAR), Change('a', 'c', NEAR, FAR))
        >>> bands.move("a", "b", Band.ZERO, ["c"])  # the zone holds a and b; c is near
        (Change('a', 'b', FAR, ZERO), Change('a', 'c', FAR, NEAR))
        >>> bands.move("d", "b", Band.ZERO)  # a second zone around b
        (Change('d', 'b', NEAR, ZERO),)
        >>> sorted(bands.zone_of("b")), sorted(bands.zero_partners("a"))
        (['a', 'b', 'd'], ['b'])
        """
        members = tuple(group)
        self._check(mover, target, *members)
        if band not in _MOVE_BANDS:
            raise ValueError(f"a move ends at ZERO, NEAR or FAR, not {band.name}")
        if target == mover or mover in members:
            raise ValueError(f"{mover} cannot move relative to itself")
        for key in (mover, target, *members):
            if key in self._outside:
                raise ValueError(f"{key} has left the engagement area")
        named = {target} if band is Band.ZERO else {target, *members}
        changes: list[Change] = []
        for other in self._figures:
            if other == mover or other in self._outside:
                continue
            change = self._put(mover, other, band if other in named else Band.NEAR)
            if change is not None:
                changes.append(change)
        return tuple(changes)

    def leave(self, key: str) -> tuple[Change, ...]:
        """`key` leaves the engagement area: OUT to everyone, its zones broken.

        >>> bands = Bands(["a", "b"])
        >>> bands.leave("a")
        (Change('a', 'b', NEAR, OUT),)
        >>> bands.distance("b", "a"), bands.inside("a")
        (<Band.OUT: 3>, False)
        """
        self._check(key)
        if key in self._outside:
            raise ValueError(f"{key} has already left the engagement area")
        changes: list[Change] = []
        for other in self._figures:
            if other != key and other not in self._outside:
                changes.append(Change(key, other, self.distance(key, other), Band.OUT))
                self._pairs.pop(_pair(key, other), None)
        self._outside.add(key)
        return tuple(changes)

    def zero_partners(self, key: str) -> frozenset[str]:
        """The figures at zero with `key`: one zone each."""
        self._check(key)
        return frozenset(
            b if a == key else a
            for (a, b), band in self._pairs.items()
            if band is Band.ZERO and key in (a, b)
        )

    def zone_of(self, key: str) -> frozenset[str]:
        """`key` and every figure at zero with it (empty when it is at zero with nobody):
        whom a shot at `key` from outside may hit instead (seed 003 誤射)."""
        partners = self.zero_partners(key)
        return partners | {key} if partners else frozenset()

    def stored(self) -> tuple[tuple[str, str, Band], ...]:
        """Every pair not at NEAR (both inside), sorted: what a display lists."""
        return tuple((a, b, band) for (a, b), band in sorted(self._pairs.items()))

    def _put(self, a: str, b: str, band: Band) -> Change | None:
        if a == b:
            raise ValueError(f"{a} cannot be at a distance from itself")
        before = self.distance(a, b)
        if before is Band.OUT:
            raise ValueError(f"{a if a in self._outside else b} has left the engagement area")
        if before is band:
            return None
        if band is Band.NEAR:
            del self._pairs[_pair(a, b)]
        else:
            self._pairs[_pair(a, b)] = band
        return Change(a, b, before, band)

    def _check(self, *keys: str) -> None:
        for key in keys:
            if key not in self._figures:
                raise ValueError(f"no figure {key!r} (figures: {', '.join(self._figures)})")

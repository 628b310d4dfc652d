"""The combat map: which hexes exist and what stands or lies in them (seed 001: 戦闘マップ).

A :class:`HexMap` is a fixed set of hexes (usually a rectangle) with:

- **walls**: hexes wholly filled by something solid, such as a pillar —
  no figure passes or stops there (seed 001: 固い障壁で完全に占められている);
  a hex only partly cut by a wall counts as a whole, open hex;
- **obstacles**: large obstructions (several bodies, a barricade) — a figure
  must go round or jump (seed 001: 大きい障害物), so movement treats them as
  impassable; unlike walls they need not block a line of fire;
- **obstructions**: small obstructions (a body on the ground), +1 movement
  point each (seed 001: 小さい障害物); friendly figures are added per move;
- **footing**: bad footing per hex (seed 001: 足場の悪さ) — see :class:`Footing`;
- **extra_cost**: further whole movement points for a hex, for a GM who rules
  a floor worse than plain slippery (seed 001: GM判断でそれ以上).

The map is built once per battle; it precomputes the tables the movement
search runs on. Who stands where changes every turn and is given to each
search instead (:mod:`senjo.space.movement`).

>>> m = HexMap.rectangle(10, 8, walls=[Hex(3, 1)], footing={Hex(4, 0): Footing.STAIRS})
>>> len(m), Hex(0, 0) in m, Hex(10, 0) in m
(80, True, False)
>>> m.passable(Hex(3, 1)), m.terrain_cost(Hex(4, 0))
(False, 1.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from enum import Enum
from types import MappingProxyType

from senjo.space.hexgrid import DIRECTIONS, Hex
from senjo.space.lines import line_of_fire

__all__ = ["Footing", "HexMap"]


class Footing(Enum):
    """The ground in a hex (足場) and what it adds to entering it."""

    FIRM = "firm"
    SLIPPERY = "slippery"  # すべりやすい: +1 per hex
    STAIRS = "stairs"  # 階段: +1 per hex, up or down
    SHALLOW_WATER = "shallow_water"  # 浅い水 (up to a sixth of one's height): +1 per hex
    DEEP_WATER = "deep_water"  # 深い水: one hex per turn

    def __repr__(self) -> str:
        return f"Footing.{self.name}"

    @property
    def cost(self) -> int:
        """Movement points added per hex entered (deep water limits hexes instead)."""
        return 0 if self in (Footing.FIRM, Footing.DEEP_WATER) else 1


class HexMap:
    """A bounded combat map; immutable once built.

    >>> HexMap([Hex(0, 0), Hex(1, 0)], obstructions={Hex(2, 0): 1})
    Traceback (most recent call last):
    ...
    ValueError: obstructions: Hex(2, 0) is not on the map
    """

    __slots__ = (
        "_deep",
        "_extra",
        "_footing",
        "_hexes",
        "_index",
        "_neighbors",
        "_obstacles",
        "_obstructions",
        "_shape",
        "_terrain",
        "_walls",
        "_widths",
    )

    def __init__(
        self,
        hexes: Iterable[Hex],
        *,
        walls: Iterable[Hex] = (),
        obstacles: Iterable[Hex] = (),
        obstructions: Mapping[Hex, int] | None = None,
        footing: Mapping[Hex, Footing] | None = None,
        extra_cost: Mapping[Hex, int] | None = None,
        _shape: str | None = None,
    ) -> None:
        self._hexes: tuple[Hex, ...] = tuple(dict.fromkeys(hexes))
        if not self._hexes:
            raise ValueError("a map needs at least one hex")
        self._index: dict[Hex, int] = {h: i for i, h in enumerate(self._hexes)}
        self._shape = _shape or f"{len(self._hexes)} hexes"
        self._walls = frozenset(self._checked("walls", walls))
        self._obstacles = frozenset(self._checked("obstacles", obstacles))
        self._obstructions = self._counts("obstructions", obstructions or {}, minimum=1)
        self._extra = self._counts("extra_cost", extra_cost or {}, minimum=0)
        footing = dict(footing or {})
        for h, ground in footing.items():
            self._checked("footing", (h,))
            if not isinstance(ground, Footing):
                raise ValueError(f"footing: {h!r}: {ground!r} is not a Footing")
        self._footing: Mapping[Hex, Footing] = MappingProxyType(
            {h: g for h, g in footing.items() if g is not Footing.FIRM}
        )
        self._widths: dict[Hex, int] | None = None
        self._build_tables()

    @classmethod
    def rectangle(
        cls,
        width: int,
        height: int,
        *,
        walls: Iterable[Hex] = (),
        obstacles: Iterable[Hex] = (),
        obstructions: Mapping[Hex, int] | None = None,
        footing: Mapping[Hex, Footing] | None = None,
        extra_cost: Mapping[Hex, int] | None = None,
    ) -> HexMap:
        """``width`` columns by ``height`` rows, ``Hex(0, 0)`` top left (see ``Hex.from_offset``).

        >>> HexMap.rectangle(3, 2)
        <HexMap 3x2: 0 walls, 0 obstacles, 0 obstructed, 0 bad footing>
        """
        if width < 1 or height < 1:
            raise ValueError(f"a map needs a positive size, got {width}x{height}")
        hexes = (Hex.from_offset(col, row) for col in range(width) for row in range(height))
        return cls(
            hexes,
            walls=walls,
            obstacles=obstacles,
            obstructions=obstructions,
            footing=footing,
            extra_cost=extra_cost,
            _shape=f"{width}x{height}",
        )

    def _checked(self, field: str, hexes: Iterable[Hex]) -> list[Hex]:
        found = list(hexes)
        for h in found:
            if h not in self._index:
                raise ValueError(f"{field}: {h!r} is not on the map")
        return found

    def _counts(self, field: str, counts: Mapping[Hex, int], minimum: int) -> Mapping[Hex, int]:
        for h, count in counts.items():
            self._checked(field, (h,))
            if type(count) is not int or count < minimum:
                raise ValueError(
                    f"{field}: {h!r}: expected a whole number >= {minimum}, got {count!r}"
                )
        return MappingProxyType({h: c for h, c in counts.items() if c})

    def _build_tables(self) -> None:
        """Neighbour indices (6 per hex, -1 off the map) and entry costs in half-points."""
        where = {(h.q, h.r): i for i, h in enumerate(self._hexes)}
        neighbors: list[int] = []
        for h in self._hexes:
            q, r = h.q, h.r
            neighbors.extend(where.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS)
        self._neighbors = neighbors
        terrain = [0] * len(self._hexes)
        deep = bytearray(len(self._hexes))
        for h, count in self._obstructions.items():
            terrain[self._index[h]] += 2 * count
        for h, count in self._extra.items():
            terrain[self._index[h]] += 2 * count
        for h, ground in self._footing.items():
            terrain[self._index[h]] += 2 * ground.cost
            if ground is Footing.DEEP_WATER:
                deep[self._index[h]] = 1
        for h in self._walls | self._obstacles:
            terrain[self._index[h]] = -1
        self._terrain = terrain
        self._deep = bytes(deep)

    def __repr__(self) -> str:
        return (
            f"<HexMap {self._shape}: {len(self._walls)} walls, {len(self._obstacles)} obstacles,"
            f" {len(self._obstructions)} obstructed, {len(self._footing)} bad footing>"
        )

    def __len__(self) -> int:
        return len(self._hexes)

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._hexes)

    def __contains__(self, h: object) -> bool:
        return h in self._index

    @property
    def walls(self) -> frozenset[Hex]:
        """Hexes filled by something solid (impassable; they block lines of fire)."""
        return self._walls

    @property
    def obstacles(self) -> frozenset[Hex]:
        """Hexes holding a large obstruction (impassable without a jump)."""
        return self._obstacles

    @property
    def obstructions(self) -> Mapping[Hex, int]:
        """Small obstructions per hex, each +1 movement point."""
        return self._obstructions

    @property
    def footing(self) -> Mapping[Hex, Footing]:
        """Bad footing per hex (hexes not listed are firm)."""
        return self._footing

    @property
    def extra_cost(self) -> Mapping[Hex, int]:
        """Further movement points per hex set by the GM."""
        return self._extra

    def footing_at(self, h: Hex) -> Footing:
        """The footing of one hex."""
        return self._footing.get(h, Footing.FIRM)

    def passable(self, h: Hex) -> bool:
        """Whether a figure may enter ``h``: on the map and neither a wall nor a large obstacle."""
        i = self._index.get(h)
        return i is not None and self._terrain[i] >= 0

    def passage_width(self, h: Hex) -> int:
        """How wide the open ground is at ``h`` (seed 001: その地形ののもっとも狭い幅): the
        fewest open hexes in a straight run through ``h`` along any of the three hex
        axes; 0 for a hex that cannot be entered. Worked out once for the whole map.

        >>> wall = [h for h in HexMap.rectangle(6, 6) if h.q == 1]
        >>> corridor = HexMap.rectangle(6, 6, walls=wall)
        >>> corridor.passage_width(Hex(0, 2)), HexMap.rectangle(6, 6).passage_width(Hex(2, 2))
        (1, 6)
        """
        if self._widths is None:
            self._widths = self._passage_widths()
        return self._widths.get(h, 0)

    def _passage_widths(self) -> dict[Hex, int]:
        widths: dict[Hex, int] = {}
        open_hexes = {h for h in self._hexes if self.passable(h)}
        for h in open_hexes:
            narrowest = len(self._hexes)
            for axis in range(3):
                run = 1
                for way in (axis, axis + 3):
                    step = h.neighbor(way)
                    while step in open_hexes:
                        run += 1
                        step = step.neighbor(way)
                narrowest = min(narrowest, run)
            widths[h] = narrowest
        return widths

    def clear_line(self, a: Hex, b: Hex) -> bool:
        """Whether no wall stands on the line of fire between ``a`` and ``b``.

        A line running exactly between two hexes is stopped only when both are
        walls (as a pair of figures hinders a shot only when both hexes hold one).

        >>> m = HexMap.rectangle(6, 6, walls=[Hex(2, 1)])
        >>> m.clear_line(Hex(0, 1), Hex(4, 1)), m.clear_line(Hex(0, 0), Hex(4, 0))
        (False, True)
        """
        if not self._walls:
            return True
        walls = self._walls
        return not any(all(h in walls for h in group) for group in line_of_fire(a, b))

    def terrain_cost(self, h: Hex) -> float:
        """Movement points the map adds to entering ``h`` (obstructions, footing, GM extra).

        Raises ``ValueError`` for a hex that cannot be entered.
        """
        if not self.passable(h):
            raise ValueError(f"{h!r} cannot be entered (off the map, a wall or an obstacle)")
        return self._terrain[self._index[h]] / 2

    def neighbors(self, h: Hex) -> tuple[Hex, ...]:
        """The adjacent hexes that are on the map (walls included)."""
        i = self._index[h]
        return tuple(self._hexes[j] for j in self._neighbors[6 * i : 6 * i + 6] if j >= 0)

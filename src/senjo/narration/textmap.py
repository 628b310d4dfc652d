"""A hex map drawn with text, for the terminal (`senjo run --show-map`).

Columns of flat-topped hexes, the odd ones half a row lower: each map row
takes two lines, the even columns on the first and the odd ones on the
second. A figure shows as a letter and an arrow for its facing.

>>> from senjo.space.hexmap import HexMap
>>> board = HexMap.rectangle(3, 2, walls=[Hex(1, 0)])
>>> print("\\n".join(draw_board(board, {"a": (Hex(0, 0), Facing.S, "A", True)})))
A↓    .
   ##
.     .
   .
"""

from __future__ import annotations

from collections.abc import Mapping

from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import Footing, HexMap

__all__ = ["ARROWS", "draw_board", "draw_coordinates"]

ARROWS = {
    Facing.N: "↑",
    Facing.NE: "↗",
    Facing.SE: "↘",
    Facing.S: "↓",
    Facing.SW: "↙",
    Facing.NW: "↖",
}
_FOOTING = {
    Footing.SLIPPERY: "~",
    Footing.STAIRS: "=",
    Footing.SHALLOW_WATER: "w",
    Footing.DEEP_WATER: "W",
}


def _cell(board: HexMap, place: Hex, figures: Mapping[Hex, tuple[str, Facing, bool]]) -> str:
    figure = figures.get(place)
    if figure is not None:
        label, facing, standing = figure
        return label + (ARROWS[facing] if standing else "x")
    if place in board.walls:
        return "##"
    if place in board.obstacles:
        return "OO"
    if board.obstructions.get(place):
        return "+"
    return _FOOTING.get(board.footing_at(place), ".")


def draw_board(
    board: HexMap,
    figures: Mapping[str, tuple[Hex, Facing, str, bool]],
    bodies: Mapping[str, tuple[Hex, ...]] | None = None,
) -> list[str]:
    """Lines of text for the map; `figures` maps a key to (hex, facing, letter, standing),
    `bodies` a multi-hex figure's key to its other hexes (drawn as its letter and `=`)."""
    where = {place: (label, facing, up) for place, facing, label, up in figures.values()}
    rest = {
        part: figures[key][2]
        for key, parts in (bodies or {}).items()
        for part in parts
        if part not in where
    }
    cells = {place: _cell(board, place, where) for place in board}
    cells.update((place, letter + "=") for place, letter in rest.items() if place in cells)
    return _layout(cells, 3)


def _layout(cells: Mapping[Hex, str], step: int) -> list[str]:
    """The cells of a map in its columns, `step` characters apart: each map row on two
    lines, the even columns on the first and the odd ones on the second."""
    offsets = {place.offset(): place for place in cells}
    width = max(col for col, _ in offsets) + 1
    height = max(row for _, row in offsets) + 1
    lines = []
    for row in range(height):
        for parity in (0, 1):
            text = ""
            for col in range(parity, width, 2):
                place = offsets.get((col, row))
                if place is not None:
                    text = text.ljust(col * step) + cells[place]
            lines.append(text.rstrip())
    return lines


def draw_coordinates(board: HexMap) -> list[str]:
    """The map's layout with each hex's axial `q,r` (as moves and scenario files name
    hexes) in place of its ground, walls as `##`; columns widened to fit the labels.

    >>> from senjo.space.hexmap import HexMap
    >>> board = HexMap.rectangle(3, 2, walls=[Hex(1, 0)])
    >>> print("\\n".join(draw_coordinates(board)))
    0,0   2,-1
       ##
    0,1   2,0
       1,1
    """
    labels = {place: "##" if place in board.walls else str(place) for place in board}
    # A label and a space fit in the two columns to the next label on its line.
    return _layout(labels, max(3, (max(len(label) for label in labels.values()) + 2) // 2))

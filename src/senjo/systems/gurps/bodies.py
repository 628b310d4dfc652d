"""Multi-hex figures (seed 001: 大きなフィギュア): figures that fill several hexes.

A figure's hexes are its head (`FighterState.hex`, where it faces from and
sees from) and its `body`, the rest, head first. senjo lays a large figure
out as a line of hexes trailing behind its head (a scenario's `length:`), one
hex wide, so no passage is too narrow for it. The head moves as a one-hex
figure does and the body follows its trail (`senjo.space.movement.follow`);
the figure's arcs and vision are those of its head. Every hex of the body can
be struck: distances are between the nearest hexes of the two figures.

>>> from senjo.space.hexgrid import Facing
>>> line_behind(Hex(4, 4), Facing.N, 3)
(Hex(4, 5), Hex(4, 6))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from senjo.space.gaps import hex_gap
from senjo.space.hexgrid import Facing, Hex
from senjo.space.movement import follow
from senjo.systems.gurps.state import FighterState, GurpsState

__all__ = [
    "cells",
    "lie_down",
    "line_behind",
    "nearest",
    "occupied",
    "size",
    "trail",
]


def line_behind(head: Hex, facing: Facing, length: int) -> tuple[Hex, ...]:
    """The body of a figure `length` hexes long, lying straight behind its head."""
    back = Facing((facing + 3) % 6)
    body: list[Hex] = []
    place = head
    for _ in range(length - 1):
        place = place.neighbor(back)
        body.append(place)
    return tuple(body)


def cells(status: FighterState) -> tuple[Hex, ...]:
    """Every hex the figure fills, head first (none off the map): a large body's, and the
    second hex of a figure lying down."""
    if status.hex is None:
        return ()
    if status.prone_hex is not None:
        return (status.hex, *status.body, status.prone_hex)
    return (status.hex, *status.body)


def lie_down(state: GurpsState, key: str, is_open: Callable[[Hex], bool]) -> None:
    """seed 001 (姿勢変更): a man-sized figure lying down fills two hexes - its legs where
    it stood, its upper body in an adjacent hex: the one behind it if open, else the
    first open one clockwise from there (an interpretation of 好きなヘクス for falls,
    which leave no time to choose). A multi-hex figure keeps its hexes."""
    status = state.status[key]
    if status.hex is None or status.body or status.prone_hex is not None:
        return
    taken = occupied(state, (key,))
    back = (int(status.facing) + 3) % 6
    for turn in range(6):
        place = status.hex.neighbor((back + turn) % 6)
        if place not in taken and is_open(place):
            status.prone_hex = place
            return


def size(state: GurpsState, key: str) -> int:
    """How many hexes the figure fills (1 for a man-sized figure)."""
    return 1 + len(state.status[key].body)


def occupied(state: GurpsState, leave_out: Iterable[str] = ()) -> dict[Hex, str]:
    """Which active figure stands in each hex (a body's hexes included); with several
    in one hex (a close combat), the last in the roster."""
    skip = set(leave_out)
    found: dict[Hex, str] = {}
    for key, status in state.status.items():
        if key in skip or not status.active:
            continue
        for place in cells(status):
            found[place] = key
    return found


def nearest(mine: tuple[Hex, ...], theirs: tuple[Hex, ...]) -> tuple[Hex, Hex]:
    """The closest pair of hexes, one from each figure (the first such pair).

    >>> nearest((Hex(0, 0),), (Hex(0, 3), Hex(0, 2)))
    (Hex(0, 0), Hex(0, 2))
    """
    best, gap = (mine[0], theirs[0]), hex_gap(mine[0], theirs[0])
    for a in mine:
        for b in theirs:
            d = hex_gap(a, b)
            if d < gap:
                best, gap = (a, b), d
    return best


def trail(status: FighterState, head: Hex) -> tuple[Hex, ...]:
    """The body after the head steps from where it is to `head` (the body follows)."""
    if not status.body or status.hex is None or head == status.hex:
        return status.body
    return follow((status.hex, *status.body), (status.hex, head))[1:]

"""Ranged tactics on a hex map (seed 001): opportunity fire and pop-up attacks.

Opportunity fire (機会射撃) is a Wait with a ranged weapon: the shooter stands
still and watches hexes in its arc of vision - one hex (which it may aim at
while it waits), the hexes round a centre, or a single line - and must shoot
the first figure that enters them, friend or foe, unless it takes -2 to tell
them apart first (目標識別). A pop-up attack (飛び出し攻撃) steps one hex out of
cover, shoots at -2 without Aim, and steps back; while out, only a dodge
defends against watchers of that hex. This module holds what is pure: which
watches are offered, who is triggered, and where a pop-up steps out to; the
shooting happens in `walking.py` and `maneuvers.py`.
"""

from __future__ import annotations

import math
from typing import Final

from senjo.space.arcs import arc_of_vision
from senjo.space.hexgrid import Hex
from senjo.space.lines import line
from senjo.systems.gurps.choices import Watch
from senjo.systems.gurps.field import vision_of
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.state import GurpsState

__all__ = [
    "WATCH_RADIUS",
    "can_pop_up",
    "pop_up_hexes",
    "watch_options",
    "watchers",
]

#: How far from the shooter watch centres are offered (an interpretation: a table's
#: watched areas are near; a line still runs out to the weapon's range).
WATCH_RADIUS: Final = 20

#: seed 001: pop-up attacks are for thrown weapons, guns and crossbows, not bows or slings.
_NO_POP_UP: Final = ("Bow", "Sling")


def _loaded(state: GurpsState, key: str, weapon: str, mode: AttackMode) -> bool:
    status = state.status[key]
    ranged = mode.ranged
    return (
        ranged is not None
        and weapon in status.ready
        and weapon not in status.broken
        and status.shots.get(weapon, ranged.shots) > 0
    )


def watch_options(state: GurpsState, key: str, mode: AttackMode) -> tuple[Watch, ...]:
    """The watches a shooter may keep with this ranged mode (seed 001: 機会射撃).

    Every watched hex must be in its arc of vision with no wall in between (射界内).
    For each such hex, nearest first: the hex, the hex aimed at, the hexes within 1
    and within 2 of it that are in sight, and the line from the shooter through it
    out to the weapon's range (or the first wall); a line already offered through a
    nearer hex is not offered again.
    """
    ground = state.ground
    ranged = mode.ranged
    if not isinstance(ground, HexField) or ranged is None:
        return ()
    status = state.status[key]
    origin = status.hex
    assert origin is not None
    board = ground.map
    longest = int(ranged.max_range)
    radius = min(longest, WATCH_RADIUS)
    vision = vision_of(state.fighters[key])
    seen = {
        h
        for h in arc_of_vision(origin, status.facing, radius, vision)
        if h != origin and board.passable(h) and board.clear_line(origin, h)
    }
    options: list[Watch] = []
    lines: set[frozenset[Hex]] = set()
    for center in sorted(seen, key=lambda h: (h.distance(origin), h.q, h.r)):
        one = frozenset({center})
        options.append(Watch("hex", center, one))
        options.append(Watch("aim", center, one))
        near = frozenset(h for h in center.within(1) if h in seen)
        if len(near) > 1:
            options.append(Watch("area1", center, near))
        wide = frozenset(h for h in center.within(2) if h in seen)
        if len(wide) > len(near):
            options.append(Watch("area2", center, wide))
        ray = _ray(ground, origin, center, longest)
        if ray not in lines:
            lines.add(ray)
            options.append(Watch("line", center, ray))
    return tuple(options)


def _ray(ground: HexField, origin: Hex, through: Hex, longest: int) -> frozenset[Hex]:
    """The hexes of the line from `origin` through `through`, out to `longest` hexes,
    stopping at the map's edge or the first wall."""
    gap = origin.distance(through)
    far = origin + (through - origin) * max(1, math.ceil(longest / gap))
    hexes: list[Hex] = []
    for h in line(origin, far)[1:]:
        if h.distance(origin) > longest or not ground.map.passable(h):
            break
        hexes.append(h)
    return frozenset(hexes)


def watchers(state: GurpsState, mover: str) -> list[str]:
    """The fighters on opportunity fire watching the hex the mover just entered, friend
    or foe (seed 001: 指定した範囲に現れた最初の目標), in turn order."""
    place = state.status[mover].hex
    if place is None:
        return []
    found = []
    for key in state.order:
        status = state.status[key]
        if key == mover or not status.active or status.maneuver != "wait":
            continue
        watch = status.watch
        if watch is None or place not in watch.hexes:
            continue
        mode = state.fighters[key].weapon(status.wait_weapon).mode(status.wait_mode)
        if _loaded(state, key, status.wait_weapon, mode):
            found.append(key)
    return found


def can_pop_up(mode: AttackMode) -> bool:
    """Whether a ranged mode allows a pop-up attack (seed 001: not bows or slings)."""
    return mode.ranged is not None and mode.skill not in _NO_POP_UP


def pop_up_hexes(state: GurpsState, key: str, target: str, mode: AttackMode) -> tuple[Hex, ...]:
    """Where a shooter behind cover can step out to shoot the target (seed 001: 1ヘクス
    を超えては移動せず): open adjacent hexes with no wall in the way and the target in
    range, nearest the target first. Empty when the target is already in the open."""
    ground = state.ground
    ranged = mode.ranged
    if not isinstance(ground, HexField) or ranged is None or not can_pop_up(mode):
        return ()
    origin, goal = state.status[key].hex, state.status[target].hex
    assert origin is not None and goal is not None
    board = ground.map
    if board.clear_line(origin, goal):
        return ()
    taken = {other.hex for name, other in state.status.items() if name != key and other.active}
    out = [
        h
        for h in origin.neighbors()
        if board.passable(h)
        and h not in taken
        and h.distance(goal) <= ranged.max_range
        and board.clear_line(h, goal)
    ]
    return tuple(sorted(out, key=lambda h: (h.distance(goal), h.q, h.r)))

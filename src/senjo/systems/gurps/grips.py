"""Grips (B370): who holds whom, and when a grip ends - the state side of grappling.

`grappling.py` makes the grabs, takedowns, pins and break-frees; the rules of
movement, defense and attack ask here whether a fighter is held.

>>> from senjo.space.plane import Point
>>> from senjo.systems.gurps.state import FighterState
>>> a, b = FighterState("a", 10, 10, Point(0, 0)), FighterState("b", 10, 10, Point(0, 0))
>>> a.holding, b.held_by = "b", {"a"}
>>> held_penalty_of(b), can_leave(b, {"a": 10}, 10)
([('grappled', -4)], False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from senjo.systems.gurps.defense import CLOSE
from senjo.systems.gurps.state import FighterState, GurpsState

__all__ = [
    "GRAPPLED",
    "can_leave",
    "check_grips",
    "held_penalty",
    "held_penalty_of",
    "release",
]

#: The DX penalty of a held fighter (B370).
GRAPPLED: Final = -4


def held_penalty_of(status: FighterState) -> list[tuple[str, int]]:
    """The named modifier a grip puts on the held fighter's DX-based rolls."""
    return [("grappled", GRAPPLED)] if status.held_by else []


def held_penalty(state: GurpsState, key: str) -> list[tuple[str, int]]:
    """The named modifier a grip puts on the fighter's DX-based rolls."""
    return held_penalty_of(state.status[key])


def can_leave(status: FighterState, st_of: Mapping[str, int], st: int) -> bool:
    """Whether a fighter may move away: not held, or ST at least twice every grappler's."""
    return all(st >= 2 * st_of[g] for g in status.held_by)


def release(state: GurpsState, key: str, partner: str = "") -> None:
    """End the grips between `key` and `partner` (every grip of `key` if none is named)."""
    status = state.status[key]
    for other, held in state.status.items():
        if partner and other != partner:
            continue
        if status.holding == other:
            status.holding = ""
            held.held_by.discard(key)
            held.pinned = held.pinned and bool(held.held_by)
        if held.holding == key:
            held.holding = ""
            status.held_by.discard(other)
            status.pinned = status.pinned and bool(status.held_by)


def check_grips(state: GurpsState) -> None:
    """Grips end when the two are no longer together or either is out of the fight."""
    for key, status in state.status.items():
        foe = status.holding
        if not foe:
            continue
        if not (status.active and state.status[foe].active) or state.distance(key, foe) >= CLOSE:
            release(state, key, foe)

"""Grips (B370): who holds whom, and when a grip ends - the state side of grappling.

`grappling.py` makes the grabs, takedowns, pins and break-frees; the rules of
movement, defense and attack ask here whether a fighter is held.

>>> from senjo.space.plane import Point
>>> from senjo.systems.gurps.state import FighterState
>>> a, b = FighterState("a", 10, 10, Point(0, 0)), FighterState("b", 10, 10, Point(0, 0))
>>> state = GurpsState({}, {"a": a, "b": b})
>>> a.holding, b.held_by = "b", {"a"}
>>> held_penalty(state, "b"), can_leave(b, {"a": 10}, 10)
([('grappled', -4)], False)
>>> a.grip_on = "neck"  # a neck grip leaves the hands and the body free (2B30P)
>>> held_penalty(state, "b")
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from senjo.systems.gurps.defense import CLOSE
from senjo.systems.gurps.grip_parts import torso_held
from senjo.systems.gurps.state import FighterState, GurpsState

__all__ = [
    "GRAPPLED",
    "can_leave",
    "check_grips",
    "held_penalty",
    "let_go_of",
    "release",
]

#: The DX penalty of a held fighter (B370).
GRAPPLED: Final = -4


def held_penalty(state: GurpsState, key: str) -> list[tuple[str, int]]:
    """The named modifier a grip puts on the fighter's DX-based rolls: -4 while a grip
    holds its torso (a grip on a limb or the neck bars that part instead, `grip_parts`;
    with the option `grip_penalty=whole`, while any grip holds it)."""
    return [("grappled", GRAPPLED)] if torso_held(state, key) else []


def can_leave(status: FighterState, st_of: Mapping[str, int], st: int) -> bool:
    """Whether a fighter may move away: not held, or ST at least twice every grappler's."""
    return all(st >= 2 * st_of[g] for g in status.held_by)


def let_go_of(state: GurpsState, key: str) -> None:
    """The fighter's own grip ends (the foe it held is no longer held by it)."""
    status = state.status[key]
    if not status.holding:
        return
    held = state.status[status.holding]
    held.held_by.discard(key)
    if status.arm_lock:
        held.escapes = 0
    held.pinned = held.pinned and bool(held.held_by)
    status.holding, status.grip_on, status.grip_hands = "", "", 0
    status.choking = status.choke_hold = status.arm_lock = False


def release(state: GurpsState, key: str, partner: str = "") -> None:
    """End the grips between `key` and `partner` (every grip of `key` if none is named)."""
    status = state.status[key]
    for other, held in state.status.items():
        if partner and other != partner:
            continue
        if status.holding == other:
            let_go_of(state, key)
        if held.holding == key:
            let_go_of(state, other)


def check_grips(state: GurpsState) -> None:
    """Grips end when the two are no longer together or either is out of the fight."""
    for key, status in state.status.items():
        foe = status.holding
        if not foe:
            continue
        if not (status.active and state.status[foe].active) or state.distance(key, foe) >= CLOSE:
            release(state, key, foe)

"""The main actions other than attacking (seed 003 主動作一覧): changing a magazine
(弾倉の交換), switching weapons (武器の持ち替え) and protecting an ally (同一距離領域にいる
味方をかばう); interpretations 18 and 19.

A weapon with a `magazine` fires one shot an attack and is not offered once empty; a
change fills it from a spare. A character holds one hand weapon at a time (its first
listed when the battle opens) and takes another in hand by switching; mounted weapons
are always ready. A protector takes the hits landed on an ally in its zone (or at near,
option `protect`) until its own next combat processing.

>>> from senjo.systems.tomogami.model import Sheet, Weapon
>>> rifle = Weapon("rifle", "rifle", "小銃", frozenset({Band.NEAR}), 5, 1, magazine=1, hand=True)
>>> state = TomoState.start({"a": Sheet("a", "A", "A", "blue", weapons=(rifle,))})
>>> [w.key for w in ready_weapons(state, "a")], state.status["a"].loaded
(['rifle'], {'rifle': 1})
>>> state.status["a"].loaded["rifle"] = 0
>>> ready_weapons(state, "a"), main_options(state, "a", "reload")
((), (MainAction(kind='reload', target='rifle'),))
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle
from senjo.space.bands import Band
from senjo.systems.tomogami.action_events import (
    TomoEmpty,
    TomoProtected,
    TomoProtecting,
    TomoReloaded,
    TomoSwitched,
)
from senjo.systems.tomogami.choices import MainAction
from senjo.systems.tomogami.model import Weapon
from senjo.systems.tomogami.state import TomoState

__all__ = [
    "MAIN_ACTIONS",
    "allies",
    "cover_for",
    "fire",
    "main_options",
    "ready",
    "ready_weapons",
    "spent",
    "take",
]

#: The combat declarations that are main actions of their own, chosen in detail (which
#: weapon, which ally) in combat processing.
MAIN_ACTIONS: Final = ("reload", "switch", "protect")


def ready(state: TomoState, key: str, weapon: Weapon) -> bool:
    """`weapon` can attack now: held in hand (or not a hand weapon) and not empty."""
    status = state.status[key]
    if weapon.hand and status.in_hand != weapon.key:
        return False
    return not weapon.magazine or status.loaded[weapon.key] > 0


def ready_weapons(state: TomoState, key: str) -> tuple[Weapon, ...]:
    """The weapons `key` can attack with now, in the sheet's order."""
    return tuple(w for w in state.sheets[key].weapons if ready(state, key, w))


def spent(state: TomoState, key: str, weapon: Weapon) -> bool:
    """Empty with no spare magazine left: it will not fire again this battle."""
    status = state.status[key]
    return (
        bool(weapon.magazine)
        and status.loaded[weapon.key] == 0
        and status.spares.get(weapon.key, 1) == 0
    )


def fire(battle: Battle[TomoState], key: str, weapon: Weapon) -> None:
    """One shot from a magazine-fed weapon (each attack, whatever it hits); the log says
    when the magazine runs dry."""
    if not weapon.magazine:
        return
    loaded = battle.state.status[key].loaded
    loaded[weapon.key] -= 1
    if not loaded[weapon.key]:
        battle.emit(TomoEmpty(key, weapon.key))


def main_options(state: TomoState, key: str, kind: str) -> tuple[MainAction, ...]:
    """What a declared main action can be done with now: the weapons whose magazine is not
    full and that have a spare (`reload`), the hand weapons not held that can still fire
    (`switch`), the allies within reach (`protect`)."""
    status, sheet = state.status[key], state.sheets[key]
    if kind == "reload":
        targets = [
            w.key
            for w in sheet.weapons
            if w.magazine and status.loaded[w.key] < w.magazine and status.spares.get(w.key, 1) > 0
        ]
    elif kind == "switch":
        targets = [
            w.key
            for w in sheet.weapons
            if w.hand and w.key != status.in_hand and not spent(state, key, w)
        ]
    else:
        targets = [ally for ally in allies(state, key) if _within(state, key, ally)]
    return tuple(MainAction(kind, target) for target in targets)


def take(battle: Battle[TomoState], key: str, action: MainAction) -> None:
    """Carry out a main action chosen in combat processing."""
    state = battle.state
    status = state.status[key]
    if action.kind == "reload":
        weapon = state.sheets[key].weapon(action.target)
        status.loaded[weapon.key] = weapon.magazine
        if weapon.key in status.spares:
            status.spares[weapon.key] -= 1
        spares = status.spares.get(weapon.key, -1)
        battle.emit(TomoReloaded(key, weapon.key, weapon.magazine, spares))
    elif action.kind == "switch":
        previous, status.in_hand = status.in_hand, action.target
        battle.emit(TomoSwitched(key, action.target, previous))
    else:
        status.protecting = action.target
        battle.emit(TomoProtecting(key, action.target))


def cover_for(battle: Battle[TomoState], attacker: str, target: str) -> str:
    """Who takes a hit landed on `target`: a protector still fighting and still within
    reach of it (the first in the scenario's order; never the attacker itself), or the
    target. The log says when a protector steps in."""
    state = battle.state
    for key, status in state.status.items():
        if (
            status.protecting == target
            and status.active
            and key != attacker
            and _within(state, key, target)
        ):
            battle.emit(TomoProtected(key, target, attacker))
            return key
    return target


def allies(state: TomoState, key: str) -> tuple[str, ...]:
    """`key`'s allies still fighting, in the scenario's order."""
    side = state.sheets[key].side
    return tuple(
        other
        for other, sheet in state.sheets.items()
        if other != key and sheet.side == side and state.status[other].active
    )


def _within(state: TomoState, key: str, ally: str) -> bool:
    """`ally` is in `key`'s zone (at zero with it, or at zero with a figure it is at zero
    with: 「全員が零距離領域内に移動したこととなる」), or, with option `protect=near`, at near."""
    bands = state.bands
    if not (bands.inside(key) and bands.inside(ally)):
        return False
    if bands.distance(key, ally) is Band.ZERO or any(
        ally in bands.zone_of(partner) for partner in bands.zero_partners(key)
    ):
        return True
    return state.rules.protect_near and bands.distance(key, ally) is Band.NEAR

"""Wresting a weapon away (seed 000 組みついた後の行動; B370 by the fact sheet §11, the
Regular Contest by B349; interpretation 79 of docs/rules/gurps.md).

A fighter holding its foe by the torso, or by the arm whose hand holds a weapon, may try
on its turn (an Attack, `attack/wrest:FOE`) to take that weapon away: a Regular Contest
of ST, one round a turn (`rolls.regular_contest`). Won, the weapon leaves the foe's hand
and the fight (senjo's sheets name each fighter's own weapons, so the wrester does not
strike with it); lost, the wrester's grip ends; neither, nothing changes.
"""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.engine.modifiers import Score
from senjo.systems.gurps.events import ConditionChanged, ItemChanged
from senjo.systems.gurps.grip_parts import ARM_OF_HAND
from senjo.systems.gurps.grips import let_go_of
from senjo.systems.gurps.hands import MAIN, OFF, let_go
from senjo.systems.gurps.rolls import regular_contest
from senjo.systems.gurps.state import GurpsState

__all__ = ["wrest", "wrestable"]


def wrestable(state: GurpsState, key: str, foe: str) -> str:
    """The weapon `key`'s grip lets it try to wrest from `foe`, or "": a grip on the torso
    reaches the weapon in either hand (the main hand's first), a grip on an arm the one in
    that arm's hand. A shield is strapped on: not wrested."""
    status = state.status[key]
    if status.holding != foe:
        return ""
    if status.grip_on == "torso":
        hands: tuple[int, ...] = (MAIN, OFF)
    elif status.grip_on in ARM_OF_HAND:
        hands = (ARM_OF_HAND.index(status.grip_on),)
    else:
        return ""
    fighter = state.fighters[foe]
    shield = fighter.shield.key if fighter.shield is not None else ""
    held = state.status[foe].hands
    for hand in hands:
        item = held[hand]
        if item and item != shield:
            return item
    return ""


def wrest(battle: Battle[GurpsState], key: str, foe: str, mine: Score, theirs: Score) -> None:
    """One round of the Regular Contest of ST (`mine` against `theirs`) for the weapon
    `wrestable` names: won, it is gone from the foe (`ItemChanged` ... `wrested`); lost,
    `key` lets go (`ConditionChanged` ... `grappled` off)."""
    state = battle.state
    item = wrestable(state, key, foe)
    if not item:
        return
    won = regular_contest(battle, (key, "wrest", mine), (foe, "resist_wrest", theirs))
    if won > 0:
        status = state.status[foe]
        let_go(status, item)
        status.thrown.add(item)  # out of the fight: neither picked up nor drawn again
        battle.emit(ItemChanged(foe, item, "wrested", key))
    elif won < 0:
        let_go_of(state, key)
        battle.emit(ConditionChanged(foe, "grappled", False, key))

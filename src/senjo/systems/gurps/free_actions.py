"""Free actions (B363): things a fighter does on its turn without spending the maneuver.

With the option `free_actions=on`, a fighter's turn opens with a `free_action`
decision: nothing, crouch or rise from a crouch, drop a held item (throwing away a
ready weapon, 「準備状態の武器を投げ捨てる」, is the same), or let go of the foe it holds
(「握りを放す」, 2B29P) - or, gripping with both hands, with one of them only (「離すのは
片手の手だけでもかまいません」: the grip holds on, with one hand).
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle
from senjo.engine.decision import Choice
from senjo.systems.gurps.events import ConditionChanged, ItemChanged, PostureChanged
from senjo.systems.gurps.grips import release
from senjo.systems.gurps.hands import drop, gripping, lame_legs, let_go
from senjo.systems.gurps.state import GurpsState

__all__ = ["NO_FREE_ACTION", "free_action_options", "take_free_action"]

NO_FREE_ACTION: Final = Choice("none")


def free_action_options(state: GurpsState, key: str) -> tuple[Choice, ...]:
    """The free actions open to the fighter now (always starting with doing none)."""
    status = state.status[key]
    options = [NO_FREE_ACTION]
    if status.posture == "standing":
        options.append(Choice("crouch"))
    elif status.posture == "crouching" and not lame_legs(status):
        options.append(Choice("rise"))  # not on a crippled leg (B420-421)
    for item in status.hands:
        if item:
            options.append(Choice("drop", item))
    if status.holding:
        options.append(Choice("release", status.holding))
        if gripping(status) >= 2:
            options.append(Choice("release_hand", status.holding))
    return tuple(options)


def take_free_action(battle: Battle[GurpsState], key: str, choice: Choice) -> None:
    """Carry out a free action: crouch or rise (B551), drop a held item (B363), or let go
    of the foe held (with both hands, or with one of two)."""
    state = battle.state
    status = state.status[key]
    if choice.name in ("crouch", "rise"):
        status.posture = "crouching" if choice.name == "crouch" else "standing"
        battle.emit(PostureChanged(key, status.posture, "free_action"))
    elif choice.name == "drop":
        let_go(status, choice.detail)
        drop(status, choice.detail)
        battle.emit(ItemChanged(key, choice.detail, "dropped", "free_action"))
    elif choice.name == "release_hand":
        status.grip_hands = 1
        if status.arm_lock:  # so does an arm lock: a plain grip is left, its tries forgotten
            state.status[choice.detail].escapes = 0
        status.choke_hold = status.arm_lock = False  # a choke hold takes both hands
        battle.emit(ConditionChanged(choice.detail, "two_hands", False, key))
    elif choice.name == "release":
        foe = choice.detail
        pinned = state.status[foe].pinned
        release(state, key, foe)
        battle.emit(ConditionChanged(foe, "grappled", False, key))
        if pinned and not state.status[foe].pinned:
            battle.emit(ConditionChanged(foe, "pinned", False, key))

"""Free actions (B363): things a fighter does on its turn without spending the maneuver.

With the option `free_actions=on`, a fighter's turn opens with a `free_action`
decision: nothing, crouch or rise from a crouch, or drop a held item.
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle
from senjo.engine.decision import Choice
from senjo.systems.gurps.events import ItemChanged, PostureChanged
from senjo.systems.gurps.hands import drop, let_go
from senjo.systems.gurps.state import GurpsState

__all__ = ["NO_FREE_ACTION", "free_action_options", "take_free_action"]

NO_FREE_ACTION: Final = Choice("none")


def free_action_options(state: GurpsState, key: str) -> tuple[Choice, ...]:
    """The free actions open to the fighter now (always starting with doing none)."""
    status = state.status[key]
    options = [NO_FREE_ACTION]
    if status.posture == "standing":
        options.append(Choice("crouch"))
    elif status.posture == "crouching":
        options.append(Choice("rise"))
    for item in status.hands:
        if item:
            options.append(Choice("drop", item))
    return tuple(options)


def take_free_action(battle: Battle[GurpsState], key: str, choice: Choice) -> None:
    """Carry out a free action: crouch or rise (B551), or drop a held item (B363)."""
    status = battle.state.status[key]
    if choice.name in ("crouch", "rise"):
        status.posture = "crouching" if choice.name == "crouch" else "standing"
        battle.emit(PostureChanged(key, status.posture, "free_action"))
    elif choice.name == "drop":
        let_go(status, choice.detail)
        drop(status, choice.detail)
        battle.emit(ItemChanged(key, choice.detail, "dropped", "free_action"))

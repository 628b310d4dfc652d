"""Which part a grip holds, with how many hands, and what that leaves the held fighter
(B370 by the fact sheet; 組みつかれた後の行動, the Japanese Basic Set's 2B30P).

A grab takes hold of the torso, the neck, an arm or a leg, at half that location's
usual penalty to hit, with one hand or both. The held fighter's -4 to DX-based rolls
applies only while a grip holds its torso (option `grip_penalty=whole`: whatever is
held): a held limb cannot be used at all - the weapon or shield in that arm's hand, a
punch with it, a kick while a leg is held - and a held neck forbids a bite. A
grappler's gripping hands do nothing else (B370: nor parry): a punch, its parry or a
Ready needs another empty hand.

>>> from senjo.space.plane import Point
>>> from senjo.systems.gurps.state import FighterState
>>> status = FighterState("a", 10, 10, Point(0, 0), holding="b", grip_hands=2)
>>> gripping(status), half_penalty(-5), half_penalty(-5, larger=True), half_penalty(-2)
(2, -2, -3, -1)
"""

from __future__ import annotations

from typing import Final

from senjo.systems.gurps.hands import (
    LAME_LEG,
    MAIN,
    OFF,
    free_hands,
    gripping,
    hand_for_item,
    hand_of,
    lame,
)
from senjo.systems.gurps.state import GurpsState

__all__ = [
    "ARM_OF_HAND",
    "GRABBABLE",
    "can_use",
    "grip_threats",
    "half_penalty",
    "hand_to_ready",
    "held_parts",
    "idle_parts",
    "open_hands",
    "torso_held",
]

#: Where a grab may take hold, torso first: the parts the actions after a grapple use
#: (interpretation 66 of docs/rules/gurps.md).
GRABBABLE: Final = ("torso", "neck", "right_arm", "left_arm", "right_leg", "left_leg")
#: The arm of each hand (MAIN, OFF): the main hand is the right, as for a shield's side.
ARM_OF_HAND: Final = ("right_arm", "left_arm")


def half_penalty(penalty: int, *, larger: bool = False) -> int:
    """Half a location's penalty to hit, for a grab (B370): the fraction dropped (-5 gives
    -2), or with `larger` (option `grab_half_penalty=larger`) kept as a whole point (-3)."""
    return penalty // 2 if larger else -(-penalty // 2)


def held_parts(state: GurpsState, key: str) -> list[str]:
    """The parts of the fighter that its grapplers hold, by grappler's key."""
    return [state.status[g].grip_on or "torso" for g in sorted(state.status[key].held_by)]


def idle_parts(state: GurpsState, key: str) -> list[str]:
    """The fighter's limbs of no use (as `GRABBABLE` names): those its grapplers hold and
    its crippled arms and legs (B420-421; a crippled hand is its arm's, a foot the right
    leg's: `hands.LAME_HAND`)."""
    status = state.status[key]
    parts = held_parts(state, key) if len(status.held_by) else []
    if len(status.crippled):
        parts += [ARM_OF_HAND[hand] for hand in (MAIN, OFF) if lame(status, hand)]
        parts += [
            "right_leg" if part == "foot" else part
            for part in sorted(status.crippled)
            if part in LAME_LEG
        ]
    return parts


def torso_held(state: GurpsState, key: str) -> bool:
    """Whether the fighter is held so that it is -4 to DX-based rolls: a grip on its torso
    (the whole body) or a choke hold, or with the option `grip_penalty=whole` a grip on any
    part."""
    held_by = state.status[key].held_by
    # A set's size, not its truth: compiled, `len` reads the count in place (state.py).
    if not len(held_by):
        return False
    if state.rules.get("grip_penalty") == "whole":
        return True
    # A choke hold holds the neck, yet the foe is at the usual -4 (its technique's text).
    return any(
        state.status[g].grip_on in ("", "torso") or state.status[g].choke_hold for g in held_by
    )


def open_hands(state: GurpsState, key: str) -> int:
    """The fighter's empty hands that no grip holds, no crippling lames and that grip no
    foe (a punch needs one)."""
    status = state.status[key]
    parts = idle_parts(state, key)
    empty = sum(
        1 for hand in (MAIN, OFF) if not status.hands[hand] and ARM_OF_HAND[hand] not in parts
    )
    return empty - gripping(status)


def hand_to_ready(state: GurpsState, key: str, *, shield: bool = False) -> int | None:
    """The hand an item is readied into (B382, 2B30P 「自由になる手があれば」): an empty
    one that no grip holds, besides the hands gripping a foe - the off hand first for a
    shield, else the main hand first; None without one."""
    status = state.status[key]
    if not len(status.held_by):
        return hand_for_item(status, shield=shield)
    parts = idle_parts(state, key)
    order = (OFF, MAIN) if shield else (MAIN, OFF)
    found = [h for h in order if not status.hands[h] and ARM_OF_HAND[h] not in parts]
    return found[0] if len(found) > gripping(status) else None


def grip_threats(state: GurpsState, key: str) -> list[str]:
    """The grapplers that may harm the fighter through their grip on their turn: any on
    its neck (a choke, B370) and those holding a limb with both hands (a wrench, 2B63P)."""
    return [
        g
        for g in sorted(state.status[key].held_by)
        if state.status[g].grip_on == "neck"
        or (gripping(state.status[g]) >= 2 and state.status[g].grip_on not in ("", "torso"))
    ]


def can_use(state: GurpsState, key: str, item: str, *, two_handed: bool = False) -> bool:
    """Whether the grips on the fighter and its crippled limbs (B420-421) leave it `item`
    to strike, parry or block with (2B30P 「つかまれている四肢を使うことはできません。
    首や頭部がつかまれている時は噛みつくことができません」): not in a held or crippled
    arm's hand (either arm, for a two-handed grip); a punch needs an open hand, a kick no
    held or crippled leg, a bite no held neck."""
    status = state.status[key]
    if not len(status.held_by) and not status.holding and not len(status.crippled):
        # B376: a bare-handed parry is made with a hand, an empty one.
        return item != "punch" or free_hands(status) > 0
    if item == "punch":  # nor with a hand that grips (B370: 「can't ... parry」 with it)
        return open_hands(state, key) > 0
    parts = idle_parts(state, key)
    if item == "kick":
        return "right_leg" not in parts and "left_leg" not in parts
    if item == "bite":
        return "neck" not in parts
    hand = hand_of(status, item)
    if hand is None:
        return True
    if ARM_OF_HAND[hand] in parts:
        return False
    return not (two_handed and ARM_OF_HAND[OFF if hand == MAIN else MAIN] in parts)

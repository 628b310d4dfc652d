"""Which hand holds what (B366, B417): readying needs a free hand, the off hand is at -4.

A fighter has a main hand and an off hand. Weapons go to the main hand when
it is free, shields to the off hand; an item held but unready (a weapon that
turned in the hand) keeps its hand until it is readied again.

>>> from senjo.space.plane import Point
>>> status = FighterState("a", 10, 10, Point(0, 0))
>>> take(status, "sword", free_hand(status))
>>> take(status, "shield", free_hand(status, shield=True))
>>> status.hands, sorted(status.ready), free_hand(status)
(('sword', 'shield'), ['shield', 'sword'], None)
>>> let_go(status, "sword")
>>> status.hands, free_hand(status)
(('', 'shield'), 0)
"""

from __future__ import annotations

from typing import Final

from senjo.systems.gurps.item_sets import shared, with_item, without_item
from senjo.systems.gurps.state import FighterState

__all__ = [
    "MAIN",
    "OFF",
    "drop",
    "free_hand",
    "free_hands",
    "gripping",
    "hand_for_item",
    "hand_of",
    "lame",
    "lame_legs",
    "let_go",
    "take",
]

MAIN: Final = 0
OFF: Final = 1

#: The crippled parts (`FighterState.crippled`) that leave each hand (MAIN, OFF) of no use
#: (B420: a crippled arm or hand holds nothing): its arm; for the main hand also a hit
#: location "hand" and a critical miss's "weapon_arm" (docs/rules/gurps.md, 77).
LAME_HAND: Final = (frozenset({"right_arm", "hand", "weapon_arm"}), frozenset({"left_arm"}))
#: The crippled parts that leave the fighter unable to stand (B420-421: a leg or a foot).
LAME_LEG: Final = frozenset({"right_leg", "left_leg", "foot"})


def lame(status: FighterState, hand: int) -> bool:
    """Whether a crippled part leaves this hand (MAIN or OFF) of no use."""
    crippled = status.crippled
    return len(crippled) > 0 and not crippled.isdisjoint(LAME_HAND[hand])


def lame_legs(status: FighterState) -> bool:
    """Whether a crippled leg or foot keeps the fighter from standing."""
    crippled = status.crippled
    return len(crippled) > 0 and not crippled.isdisjoint(LAME_LEG)


def hand_of(status: FighterState, item: str) -> int | None:
    """The hand holding `item` (MAIN or OFF), or None."""
    if status.hands[MAIN] == item:
        return MAIN
    if status.hands[OFF] == item:
        return OFF
    return None


def free_hand(status: FighterState, *, shield: bool = False) -> int | None:
    """A free hand for a new item: the off hand first for a shield, else the main hand
    first; never a crippled one (`lame`)."""
    order = (OFF, MAIN) if shield else (MAIN, OFF)
    for hand in order:
        if not status.hands[hand] and not lame(status, hand):
            return hand
    return None


def free_hands(status: FighterState) -> int:
    """How many of the fighter's two sound hands hold nothing (a gripping hand holds
    nothing; a crippled one is not counted, `lame`)."""
    empty = (status.hands[MAIN] == "") + (status.hands[OFF] == "")
    if len(status.crippled):
        empty -= (status.hands[MAIN] == "" and lame(status, MAIN)) + (
            status.hands[OFF] == "" and lame(status, OFF)
        )
    return empty


def gripping(status: FighterState) -> int:
    """How many of the fighter's empty hands grip a foe: none unless it holds one, else
    the grip's hands (one when not recorded)."""
    if not status.holding:
        return 0
    return status.grip_hands if status.grip_hands > 1 else 1


def hand_for_item(status: FighterState, *, shield: bool = False) -> int | None:
    """A free hand to ready an item in (B382), or None. While the fighter holds a foe its
    gripping hands are taken (2B29P 「相手をつかむのに使っていない手」), so it needs an
    empty hand besides them to ready anything."""
    if status.holding and free_hands(status) <= gripping(status):
        return None
    return free_hand(status, shield=shield)


def take(status: FighterState, item: str, hand: int | None) -> None:
    """Put `item` in `hand` (which must be free) and make it ready."""
    if hand is None:
        raise ValueError(f"{status.key} has no free hand for {item}")
    main, off = status.hands
    status.hands = shared((item, off) if hand == MAIN else (main, item))
    status.ready = with_item(status.ready, item)


def let_go(status: FighterState, item: str) -> None:
    """The item leaves the fighter's hands and is no longer ready."""
    main, off = status.hands
    if item in (main, off):
        status.hands = shared(("" if main == item else main, "" if off == item else off))
    status.ready = without_item(status.ready, item)


def drop(status: FighterState, item: str) -> None:
    """The item falls where the fighter stands (its hex on a map, seed 001: 準備)."""
    status.dropped.add(item)
    if status.hex is not None:
        status.dropped_at[item] = status.hex

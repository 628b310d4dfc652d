"""What a crippled limb does (seed 000 負傷の影響; B420-421 and B556 by public summaries,
docs/plans/gurps_crippling.md; interpretation 77 of docs/rules/gurps.md).

`wounds.apply_injury` marks a location crippled (`FighterState.crippled`); `take_effect`
then carries out what that does in the fight. A crippled arm or hand holds nothing: the
item in its hand falls (a shield too), and the hand strikes, parries, blocks and readies
nothing more (`hands.lame`, read by `grip_parts.can_use`, `legal.usable_modes` and the
hands' own helpers); a grip it helped hold loosens. A crippled leg or foot fells the
fighter, who cannot stand up or crouch again (`hands.lame_legs`, read by the posture
options). The critical hit table's numbed limb (B556, 8) is crippled for 16 - HT seconds
(at least 2): `numb` marks it, `recover` gives it back when they have passed.

>>> from senjo.space.plane import Point
>>> from senjo.systems.gurps.state import FighterState
>>> status = FighterState("a", 10, 10, Point(0, 0), hands=("axe", ""), crippled={"hand"})
>>> from senjo.systems.gurps.hands import lame
>>> lame(status, MAIN), lame(status, OFF), numb_seconds(16, 2, 12), numb_seconds(16, 2, 15)
(True, False, 4, 2)
"""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.engine.decision import Choice
from senjo.systems.gurps.events import ConditionChanged, ItemChanged
from senjo.systems.gurps.falling import fall_down
from senjo.systems.gurps.free_actions import take_free_action
from senjo.systems.gurps.hands import (
    LAME_HAND,
    LAME_LEG,
    MAIN,
    OFF,
    drop,
    free_hands,
    gripping,
    let_go,
)
from senjo.systems.gurps.state import GurpsState

__all__ = ["numb", "numb_seconds", "recover", "take_effect"]


def take_effect(battle: Battle[GurpsState], key: str, part: str) -> None:
    """What crippling `part` does now: an arm's (or hand's) item falls and a grip it held
    loosens; a leg (or foot) fells the fighter. Only that part's hand lets go: crippling
    another part (an eye: its effects are read where attacks are scored, `sight.py`)
    leaves a strained shoulder's weapon in its hand."""
    status = battle.state.status[key]
    if part in LAME_LEG:
        fall_down(battle, key, "crippled")
        return
    hand = MAIN if part in LAME_HAND[MAIN] else OFF if part in LAME_HAND[OFF] else None
    if hand is None:
        return
    item = status.hands[hand]
    if item:
        let_go(status, item)
        drop(status, item)
        battle.emit(ItemChanged(key, item, "dropped", "crippled"))
    if status.holding and free_hands(status) < gripping(status):
        # The grip keeps the sound hands it has (B370: one hand may hold on), or ends.
        what = "release_hand" if free_hands(status) else "release"
        take_free_action(battle, key, Choice(what, status.holding))


def numb_seconds(base: int, minimum: int, ht: int) -> int:
    """How long a numbed limb stays crippled (B556, 8): `base` - HT seconds, at least
    `minimum`."""
    return max(base - ht, minimum)


def numb(battle: Battle[GurpsState], key: str, part: str, seconds: int, cause: str) -> None:
    """Cripple `part` for `seconds` (B556, 8) - not a part crippled outright already: it
    is crippled through the fighter's next `seconds` turns and sound again at the start of
    the turn after (`recover`)."""
    status = battle.state.status[key]
    if part in status.crippled:
        return
    status.crippled.add(part)
    status.numbed[part] = seconds
    battle.emit(ConditionChanged(key, f"numbed_{part}", True, cause))
    take_effect(battle, key, part)


def recover(battle: Battle[GurpsState], key: str) -> None:
    """At the start of the fighter's turn: a second off each numbed part's count, and a
    part whose count ran out works again (what it dropped stays on the ground)."""
    status = battle.state.status[key]
    for part, left in sorted(status.numbed.items()):
        if left > 0:
            status.numbed[part] = left - 1
            continue
        del status.numbed[part]
        status.crippled.discard(part)
        battle.emit(ConditionChanged(key, f"numbed_{part}", False, "recovered"))

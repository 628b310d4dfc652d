"""Shoves (seed 000 押し (Shove); B372 by the Japanese Basic Set and the fact sheet's §11).

A fighter with a hand free, neither holding a foe nor held, pushes a foe within reach C
(a Step into its hex): an Attack whose roll is the best of DX and Sumo (shock and a
posture's attack penalty apply; `unarmed.unarmed_attack`, as for a grab), which the foe
may dodge, parry or block. A shove that lands does no injury: thrust crushing damage
for the shover's ST — one die less 1 each when only one hand is free — doubled, is
knockback alone (B378, `wounds.knock_back`): a yard straight away per full ST − 2 of
the foe, then its roll to stay standing. A multi-hex figure is not shoved
(docs/rules/gurps.md, interpretation 64).
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle, Steps
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps import tables
from senjo.systems.gurps.damage import WeaponDamage
from senjo.systems.gurps.events import DamageRolled
from senjo.systems.gurps.hands import free_hands
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.reach import STEP
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.unarmed import unarmed_attack
from senjo.systems.gurps.wounds import knock_back

__all__ = ["SHOVE", "shove", "shove_targets"]

#: A shove as an attack mode: reach C, thrust crushing (for reach and defense questions).
SHOVE: Final = AttackMode("shove", "Sumo", WeaponDamage.parse("thr cr"), reach=(0,), unarmed=True)
#: 「倍にします」: the thrust damage counts twice, for knockback only.
DOUBLED: Final = 2


def shove_targets(state: GurpsState, key: str, gaps: list[tuple[str, float]]) -> list[str]:
    """The foes `key` may shove, from (foe, distance) pairs: each within a Step (not a
    multi-hex figure), when it has a hand free and neither holds nor is held."""
    status = state.status[key]
    if status.holding or status.held_by or not free_hands(status):
        return []
    return [foe for foe, gap in gaps if gap <= STEP and not state.status[foe].body]


def _skill(state: GurpsState, key: str) -> int:
    fighter = state.fighters[key]
    return max(fighter.dx, fighter.skills.get("Sumo", 0))


def shove(battle: Battle[GurpsState], key: str, foe: str) -> Steps:
    """Step in and shove `foe` (see the module's description)."""
    state = battle.state
    landed = yield from unarmed_attack(battle, key, foe, SHOVE, _skill(state, key), "shove", STEP)
    if not landed:
        return
    status = state.status[key]
    dice = tables.thrust_damage(state.fighters[key].st)
    if free_hands(status) < 2:  # 「片手しか用いていない時にはサイコロ1個につき-1」
        dice = dice.plus(adds=-dice.dice)
    faces = dice.faces(battle.dice)
    rolled = max(0, dice.total(faces))
    basic = DOUBLED * rolled
    doubled = Modifiers((("shove_doubled", basic - rolled),)) if rolled else Modifiers()
    battle.emit(DamageRolled(key, foe, str(dice), faces, basic, "cr", Score(rolled, doubled)))
    knock_back(battle, foe, key, basic, "cr")

"""Shoves (seed 000 押し (Shove); B372 by the Japanese Basic Set and the fact sheet's §11).

A fighter with a hand free, neither holding a foe nor held, pushes a foe within reach C
(a Step into its hex): an Attack whose roll is the best of DX and Sumo (shock, a held
fighter's −4 and a posture's attack penalty apply), which the foe may dodge, parry or
block. A shove that lands does no injury: thrust crushing damage for the shover's ST —
one die less 1 each when only one hand is free — doubled, is knockback alone (B378,
`wounds.knock_back`): a yard straight away per full ST − 2 of the foe, then its roll to
stay standing. A multi-hex figure is not shoved (interpretation 53).
"""

from __future__ import annotations

from typing import Final

from senjo.dice.systems.gurps import success_roll
from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps import lookups, tables
from senjo.systems.gurps.attack import roll_defense
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.damage import WeaponDamage
from senjo.systems.gurps.defense import CLOSE, NO_DEFENSE, IncomingAttack, defense_options
from senjo.systems.gurps.events import AttackRolled, DamageRolled
from senjo.systems.gurps.field import field_of
from senjo.systems.gurps.grips import held_penalty
from senjo.systems.gurps.hands import MAIN, OFF
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.reach import STEP
from senjo.systems.gurps.rolls import roll_3d6
from senjo.systems.gurps.state import FighterState, GurpsState
from senjo.systems.gurps.walking import approach
from senjo.systems.gurps.wounds import knock_back

__all__ = ["SHOVE", "free_hands", "shove", "shove_targets"]

#: A shove as an attack mode: reach C, thrust crushing (for reach and defense questions).
SHOVE: Final = AttackMode("shove", "Sumo", WeaponDamage.parse("thr cr"), reach=(0,), unarmed=True)
#: 「倍にします」: the thrust damage counts twice, for knockback only.
DOUBLED: Final = 2


def free_hands(status: FighterState) -> int:
    """How many of the fighter's two hands hold nothing."""
    return (status.hands[MAIN] == "") + (status.hands[OFF] == "")


def shove_targets(state: GurpsState, key: str, foes: list[str]) -> list[str]:
    """The foes `key` may shove: each within a Step (not a multi-hex figure), when it has
    a hand free and neither holds nor is held."""
    status = state.status[key]
    if status.holding or status.held_by or not free_hands(status):
        return []
    return [foe for foe in foes if not state.status[foe].body and state.distance(key, foe) <= STEP]


def _skill(state: GurpsState, key: str) -> int:
    fighter = state.fighters[key]
    return max(fighter.dx, fighter.skills.get("Sumo", 0))


def shove(battle: Battle[GurpsState], key: str, foe: str) -> Steps:
    """Step in and shove `foe` (see the module's description)."""
    state = battle.state
    status = state.status[key]
    yield from approach(battle, key, foe, SHOVE, STEP)
    if not status.active or not state.status[foe].active or state.distance(key, foe) >= CLOSE:
        return
    items = [*held_penalty(state, key)]
    if status.shock:
        items.append(("shock", status.shock))
    posture = lookups.posture(status.posture).melee_attack
    if posture:
        items.append((f"posture_{status.posture}", posture))
    score = Score(_skill(state, key), Modifiers(tuple(items)))
    roll = roll_3d6(battle.dice)
    judged = success_roll(roll, score.value)
    result = "hit" if judged.success else "miss"
    battle.emit(
        AttackRolled(key, foe, "shove", "shove", score, roll, judged.margin, result, "torso")
    )
    if not judged.success:
        return
    incoming = IncomingAttack(
        key, "", SHOVE, close_combat=True, arc=field_of(state).arc(state, foe, key)
    )
    options = defense_options(state, foe, incoming)
    choice: DefenseChoice = NO_DEFENSE
    if len(options) > 1:
        choice = yield Decision(foe, "defense", options, incoming)
    if choice.kind != "none" and roll_defense(battle, foe, choice, incoming):
        return
    dice = tables.thrust_damage(state.fighters[key].st)
    if free_hands(status) < 2:  # 「片手しか用いていない時にはサイコロ1個につき-1」
        dice = dice.plus(adds=-dice.dice)
    faces = dice.faces(battle.dice)
    rolled = max(0, dice.total(faces))
    basic = DOUBLED * rolled
    doubled = Modifiers((("shove_doubled", basic - rolled),)) if rolled else Modifiers()
    battle.emit(DamageRolled(key, foe, str(dice), faces, basic, "cr", Score(rolled, doubled)))
    knock_back(battle, foe, key, basic, "cr")

"""Slams (B371, seed 000 and 001: 体当たり): running into a foe.

A slam is a Move and Attack (variant `slam`) that ends in the foe's hex (on the
plane: at the foe). The roll is DX, Brawling or Sumo (the best), at Move and
Attack's -4 but without its cap of 9 (seed 000: a slam lifts the cap). The foe
may dodge, parry or block; a dodge lets the slammer by. A slam that lands does
damage both ways: each side rolls its own HP x the closing velocity / 100 dice
of crushing damage (`slam_dice.slam_dice`), and the rolls decide who falls: the
slammer's at least twice the foe's, the foe falls; more than the foe's, the
foe rolls DX or falls; the foe's at least twice the slammer's, the slammer
falls. A multi-hex figure's overrun (`overrun.py`) slams the same way.
"""

from __future__ import annotations

from senjo.dice.systems.gurps import success_roll
from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Decision
from senjo.engine.modifiers import Score
from senjo.systems.gurps.attack import AttackContext, attack_score
from senjo.systems.gurps.choices import AttackPlan, DefenseChoice, ManeuverChoice
from senjo.systems.gurps.defense import NO_DEFENSE, IncomingAttack, defense_options
from senjo.systems.gurps.defense_roll import roll_defense
from senjo.systems.gurps.events import AttackRolled
from senjo.systems.gurps.falling import fall_down
from senjo.systems.gurps.field import field_of
from senjo.systems.gurps.rolls import check, roll_3d6
from senjo.systems.gurps.slam_dice import slam_mode
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.walking import approach
from senjo.systems.gurps.wounds import slam_damage

__all__ = ["slam"]


def _skill(state: GurpsState, key: str) -> str:
    fighter = state.fighters[key]
    return max(("Brawling", "Sumo"), key=fighter.skill)


def slam(battle: Battle[GurpsState], key: str, choice: ManeuverChoice, budget: float) -> Steps:
    """Run at the foe and slam it (see the module's description)."""
    state = battle.state
    status = state.status[key]
    target = choice.target
    mode = slam_mode(skill=_skill(state, key))
    yield from approach(battle, key, target, mode, budget, "move_and_attack")
    if not status.active or status.posture != "standing" or not state.status[target].active:
        return
    if state.distance(key, target) > 0 or status.moved <= 0:
        return  # the run fell short: no slam
    context = AttackContext("move_and_attack", "slam")
    score = attack_score(state, key, target, "", mode, AttackPlan(), context)
    roll = roll_3d6(battle.dice)
    judged = success_roll(roll, score.value)
    result = "hit" if judged.success else "miss"
    battle.emit(
        AttackRolled(key, target, "slam", "slam", score, roll, judged.margin, result, "torso")
    )
    if not judged.success:
        return
    incoming = IncomingAttack(key, "", mode, arc=field_of(state).arc(state, target, key))
    options = defense_options(state, target, incoming)
    defense: DefenseChoice = NO_DEFENSE
    if len(options) > 1:
        defense = yield Decision(target, "defense", options, incoming)
    if defense.kind != "none" and roll_defense(battle, target, defense, incoming):
        return  # dodged (the slammer goes by), parried or blocked
    mine, theirs = slam_damage(battle, key, target, status.moved)
    if mine >= 2 * theirs:
        fall_down(battle, target, "slam")
    elif mine > theirs:
        if not check(battle, target, "slam_knockdown", Score(state.fighters[target].dx)).success:
            fall_down(battle, target, "slam")
    elif theirs >= 2 * mine:
        fall_down(battle, key, "slam")

"""Seed 003's special actions (特殊戦闘行動) that act on another character: the charge
(突進) and the fall it causes (転倒).

A charge is made in maneuver processing instead of a move, at near only: a maneuver
check with 「体」; on a success the charger's combat processing is the blow itself,
火弾徹甲 damage of 「体」 + the success level, and the target falls, unless its own
「体」 defence holds (interpretation 13). A fallen character loses the maneuver it was
still to make this turn, is −2 on every check, and rights itself at the end of the turn;
tracks and four or more legs never fall.
"""

from __future__ import annotations

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.systems.tomogami.checks import contest, roll_check
from senjo.systems.tomogami.choices import LET, OPPOSE, Maneuver
from senjo.systems.tomogami.damage import strike
from senjo.systems.tomogami.events import (
    TomoCharged,
    TomoChargeFailed,
    TomoCheck,
    TomoFell,
    TomoStood,
)
from senjo.systems.tomogami.mishaps import after_rolls
from senjo.systems.tomogami.model import NEVER_FALL
from senjo.systems.tomogami.scores import body_score, maneuver_score
from senjo.systems.tomogami.state import TomoState

__all__ = ["charge", "charge_blow", "fall", "stand_up"]


def charge(battle: Battle[TomoState], key: str, plan: Maneuver, automatic: bool) -> Steps:
    """Seed 003 【突進】 「「体」により機動判定を行い、成功したら」: the target may oppose (a
    contest) or not (a check against the difficulty); the success level is kept for the
    blow. The initiative's automatic first maneuver rolls for the level (at least 1)."""
    state = battle.state
    status = state.status[key]
    answer: Choice = yield Decision(plan.target, "oppose", (OPPOSE, LET), (key, plan))
    score = maneuver_score(state, key, body=True)
    if answer == OPPOSE:
        result = contest(
            state.rules,
            battle.dice,
            "charge",
            key,
            score,
            plan.target,
            maneuver_score(state, plan.target),
        )
        battle.emit(result)
        after_rolls(battle, result.first, result.second)
        mine, won = result.first, result.winner == key
    else:
        mine = roll_check(state.rules, battle.dice, key, score)
        battle.emit(TomoCheck("charge", mine))
        after_rolls(battle, mine)
        won = mine.success
    if automatic or (won and mine.success):
        status.charge_level = max(1, mine.level)
    else:
        battle.emit(TomoChargeFailed(key, plan.target))


def charge_blow(battle: Battle[TomoState], key: str) -> None:
    """The charger's combat processing: the target's 「体」 defence roll; unless its level
    reaches the charge's, 火弾徹甲 「体」 + level and a fall. Nothing else that turn."""
    state = battle.state
    status = state.status[key]
    plan = status.maneuver
    level, status.charge_level = status.charge_level, 0
    if not level or plan is None or not state.status[plan.target].active:
        return
    defense = roll_check(state.rules, battle.dice, plan.target, body_score(state, plan.target))
    battle.emit(TomoCheck("charge_defense", defense))
    after_rolls(battle, defense)
    landed = defense.automatic_failure or defense.level < level
    battle.emit(TomoCharged(key, plan.target, level, landed))
    if landed:
        amount = state.sheets[key].body + level
        strike(battle, key, plan.target, "charge", "armour_piercing", (), amount)
        fall(battle, plan.target)


def fall(battle: Battle[TomoState], key: str) -> None:
    """Seed 003 ★転倒の効果 (「履帯…または四脚以上の多脚で移動するトモガミには生じない」)."""
    state = battle.state
    status = state.status[key]
    if state.sheets[key].locomotion in NEVER_FALL or status.fallen or not status.active:
        return
    status.fallen = True
    battle.emit(TomoFell(key))


def stand_up(battle: Battle[TomoState]) -> None:
    """The end of the turn: the fallen right themselves (「終了処理において自動的に立ち直る」)."""
    for key, status in battle.state.status.items():
        if status.fallen:
            status.fallen = False
            battle.emit(TomoStood(key))

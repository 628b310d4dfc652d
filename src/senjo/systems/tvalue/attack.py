"""Seed 002 攻撃: a direct attack's hit roll, its damage, and the T it earns.

「命中」+2D6 must exceed the target number to hit (「上回っていれば」: a tie misses); the
target number is the target's evasion score (回避点), or, with `hit_model=contest`, the
target's own 2D6 + evasion score − 7 (interpretation 3). After the hit roll the
attacker's T rises by 1 + the direct attacks the target already took this round — right
after the damage roll on a hit, at once on a miss (「ダメージ判定をした直後に(攻撃が
外れた場合は直ちに)」).
"""

from __future__ import annotations

from functools import lru_cache

from senjo.engine.battle import Battle
from senjo.engine.modifiers import Score
from senjo.systems.tvalue.advantage import change
from senjo.systems.tvalue.damage import check_consciousness, injure, roll_damage
from senjo.systems.tvalue.events import TvHitRoll
from senjo.systems.tvalue.state import TvState

__all__ = ["CONTEST_OFFSET", "direct_attack", "hit_chance", "hit_score"]

#: Under `hit_model=contest` the target rolls 2D6 + its evasion score less this: a fixed
#: value (固定値) stands for the rolling value + 7 (interpretation 3).
CONTEST_OFFSET = 7


def hit_score(state: TvState, key: str, weapon_key: str) -> Score:
    """The hit roll's value: the weapon's accuracy (命中)."""
    return Score(state.sheets[key].weapon(weapon_key).accuracy)


def direct_attack(battle: Battle[TvState], key: str, weapon_key: str, target: str) -> None:
    """Resolve one direct attack of `key` with a weapon on `target`."""
    state = battle.state
    weapon = state.sheets[key].weapon(weapon_key)
    score = hit_score(state, key, weapon_key)
    dice = battle.dice.roll(6), battle.dice.roll(6)
    total = score.value + sum(dice)
    evasion = state.sheets[target].evasion
    against_dice: tuple[int, ...] = ()
    against = evasion
    if state.rules.contest:
        against_dice = battle.dice.roll(6), battle.dice.roll(6)
        against = evasion - CONTEST_OFFSET + sum(against_dice)
    hit = total > against
    battle.emit(TvHitRoll(key, target, weapon_key, score, dice, total, against, against_dice, hit))
    taken = state.status[target]
    gain = 1 + taken.received
    if hit or not state.rules.count_hits_only:
        taken.received += 1
    if hit:
        faces, rolled = roll_damage(battle, weapon)
        injure(battle, key, target, weapon, faces, rolled)
    change(battle, key, gain, "direct_attack")
    check_consciousness(battle, target)


@lru_cache(maxsize=1024)
def hit_chance(value: int, evasion: int, contest: bool = False) -> float:
    """The exact chance that value + 2D6 exceeds the evasion score (or, contested, the
    target's 2D6 + evasion − 7).

    >>> round(hit_chance(3, 11), 4), round(hit_chance(4, 11, contest=True), 4)
    (0.2778, 0.4437)
    """
    faces = range(1, 7)
    rolls = [a + b for a in faces for b in faces]
    if not contest:
        return sum(value + roll > evasion for roll in rolls) / 36
    wins = sum(
        value + mine > evasion - CONTEST_OFFSET + theirs for mine in rolls for theirs in rolls
    )
    return wins / 1296

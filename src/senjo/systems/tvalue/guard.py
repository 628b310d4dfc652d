"""Seed 002 「ガードキャンセル」 (guard cancel), a combo used on a good defence.

「防御に成功した場合に使用するコンボ。コンボが発動した場合、消費FAPが半分(端数切り上げ)に
なる。組み合わせられる行動は直接攻撃」: declared with a weapon as a direct attack (paid in
full). When a foe's direct attack on the fighter misses, and the fighter's T is not below
the attacker's (必要T値 相対値0), it may use it (decision `guard_cancel`): 2D6 at or above
8 − the defence's margin (目標値 8−「回避判定の成功度」) strikes back at once, as a direct
attack on the attacker, and half its FAP comes back (it costs half, rounded up), if
the weapon reaches the attacker (`field.reaches`). Not used by its own turn, it
resolves there as a plain direct attack (interpretation 41).
"""

from __future__ import annotations

import math
from typing import Final

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.systems.tvalue.attack import direct_attack
from senjo.systems.tvalue.budget import spend
from senjo.systems.tvalue.choices import ORDER_PENALTY, parse_declared
from senjo.systems.tvalue.events import TvComboRoll, TvHitRoll
from senjo.systems.tvalue.field import reaches
from senjo.systems.tvalue.state import TvState

__all__ = ["GUARD_NUMBER", "USE", "guard_cancel", "guard_number"]

#: 「8−「回避判定の成功度」」.
GUARD_NUMBER: Final = 8
USE, SKIP = Choice("use"), Choice("skip")


def guard_number(margin: int) -> int:
    """The combo's number after a defence by `margin`.

    >>> guard_number(2), guard_number(0)
    (6, 8)
    """
    return GUARD_NUMBER - margin


def guard_cancel(battle: Battle[TvState], attacker: str, defender: str) -> Steps:
    """After `attacker`'s direct attack on `defender`: when it missed and the defender
    has a guard cancel declared, the defender may use it."""
    state = battle.state
    status = state.status[defender]
    roll = next(
        (e for e in reversed(battle.log) if isinstance(e, TvHitRoll) and e.target == defender),
        None,
    )  # the attack's roll at the defender (a sweep rolls at each target)
    if roll is None or roll.hit or roll.actor != attacker or not status.active:
        return
    declared = next((d for d in status.declared if d.startswith("guard_cancel:")), "")
    if not declared or not state.status[attacker].active:
        return
    if not reaches(state, defender, "guard_cancel", parse_declared(declared)[1], attacker):
        return
    if state.relative(defender, attacker) < 0:  # 必要T値 相対値0
        return
    chosen: Choice = yield Decision(defender, "guard_cancel", (USE, SKIP), (attacker,))
    if chosen != USE:
        return
    margin = max(0, roll.against - roll.total)  # the defence's margin (回避判定の成功度)
    dice = battle.dice.roll(6), battle.dice.roll(6)
    number = guard_number(margin)
    success = sum(dice) >= number
    battle.emit(TvComboRoll(defender, "guard_cancel", dice, number, success))
    if not success:
        return
    status.declared.remove(declared)
    _, weapon, _ = parse_declared(declared)
    fap = state.sheets[defender].weapon(weapon).fap
    spend(
        battle, defender, -(fap - math.ceil(fap / 2)), 0, "guard_cancel"
    )  # 「半分(端数切り上げ)」
    status.order -= ORDER_PENALTY["major"]
    direct_attack(battle, defender, weapon, attacker)

"""Seed 002 「攻撃妨害」 (interception), a direct-attack replacement.

「行動解決後、任意の直接攻撃に対して攻撃できる。目標の命中力を目標値に1点のペナルティで
命中判定をするか、行動者の任意までこの待機状態は続き…判定に成功すれば目標の攻撃は無効化
される」: resolving it, the fighter starts waiting with its weapon (no roll yet). Before
any later direct attack by a foe, a waiting fighter whose T is at least 1 above that
attacker's (必要T値 相対値1以上) may strike first if its weapon reaches the attacker
(`field.reaches`): its hit roll, accuracy + 2D6, must exceed the attacker's accuracy
+ 1. A success voids the attack. Either way the wait is spent, and the roll is a direct
attack for T (the interceptor's gain, the attacker's count). The wait also ends when
the fighter resolves another action (「行動者の任意まで」, interpretation 31).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Final

from senjo.engine.battle import Battle
from senjo.engine.decision import Choice, Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.tvalue.advantage import change
from senjo.systems.tvalue.attack import count_attack, roll_to_hit
from senjo.systems.tvalue.events import TvInterrupted, TvWaiting
from senjo.systems.tvalue.field import reaches
from senjo.systems.tvalue.state import TvState

__all__ = ["INTERCEPT", "LET_IT_COME", "PENALTY", "interceptions", "wait"]

#: The answers to an `intercept` decision.
INTERCEPT, LET_IT_COME = Choice("intercept"), Choice("let_it_come")
#: 「1点のペナルティ」: the attacker's accuracy + 1 is the number to beat.
PENALTY: Final = 1


def wait(battle: Battle[TvState], key: str, weapon: str) -> None:
    """The interception resolves: `key` waits with `weapon` (event `TvWaiting`)."""
    battle.state.status[key].waiting = weapon
    battle.emit(TvWaiting(key, weapon))


def interceptions(
    battle: Battle[TvState], attacker: str, weapon: str, target: str
) -> Generator[Decision, Any, bool]:
    """Before `attacker`'s direct attack with `weapon` on `target`: each waiting foe whose
    relative T is at least 1 is asked (decision `intercept`, context (attacker, target));
    True when one voids the attack."""
    state = battle.state
    side = state.sheets[attacker].side
    for key, status in state.status.items():
        if not status.waiting or not status.active or state.sheets[key].side == side:
            continue
        if state.relative(key, attacker) < 1:
            continue
        if not reaches(state, key, "attack", status.waiting, attacker):  # out of its reach
            continue
        chosen = yield Decision(key, "intercept", (INTERCEPT, LET_IT_COME), (attacker, target))
        if chosen != INTERCEPT:
            continue
        own = status.waiting
        status.waiting = ""
        score = Score(state.sheets[key].weapon(own).accuracy)
        theirs = state.sheets[attacker].weapon(weapon).accuracy
        against = Score(theirs, Modifiers.of(("interception", PENALTY)))
        hit = roll_to_hit(battle, key, attacker, own, score, "interception", against=against)
        change(battle, key, count_attack(state, attacker, hit), "direct_attack")
        if hit:
            battle.emit(TvInterrupted(key, attacker))
            return True
    return False

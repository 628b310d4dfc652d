"""Seed 002's 3D6 checks: 「敏捷力判定」「生命力判定」 and the like, rolled as GURPS success
rolls (the seed borrows GURPS for them: 3D6 at or under the value), criticals included
unless option `check_criticals=off` (interpretation 24).

「成功度、失敗度」「判定の目標値と達成値の差の絶対値」: `TvCheck.margin` is the value less
the roll, its sign saying which.
"""

from __future__ import annotations

from senjo.dice.systems.gurps import success_roll
from senjo.engine.battle import Battle
from senjo.engine.modifiers import Score
from senjo.systems.tvalue.events import TvCheck, TvContest
from senjo.systems.tvalue.state import TvState

__all__ = ["check", "quick_contest"]


def check(battle: Battle[TvState], key: str, purpose: str, score: Score) -> TvCheck:
    """Roll `key`'s 3D6 check at `score` for `purpose`; logged, and returned."""
    faces = tuple(battle.dice.roll(6) for _ in range(3))
    total = sum(faces)
    if battle.state.rules.check_criticals:
        success = success_roll(total, score.value).success
    else:
        success = total <= score.value
    rolled = TvCheck(key, purpose, score, faces, total, success, score.value - total)
    battle.emit(rolled)
    return rolled


def quick_contest(
    battle: Battle[TvState], purpose: str, key: str, mine: Score, other: str, theirs: Score
) -> tuple[bool, bool, int]:
    """A Quick Contest (即決勝負, GURPS's): both roll; only one succeeding wins, else the
    larger margin; equal margins, neither. Returns (`key` won, `other` won, `key`'s
    margin less `other`'s)."""
    first = check(battle, key, purpose, mine)
    second = check(battle, other, purpose, theirs)
    if first.success != second.success:
        won, lost = first.success, second.success
    else:
        won, lost = first.margin > second.margin, second.margin > first.margin
    battle.emit(TvContest(key, other, won))
    return won, lost, first.margin - second.margin

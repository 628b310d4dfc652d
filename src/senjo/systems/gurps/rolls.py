"""Success rolls inside a GURPS battle: roll 3d6, judge, and log the check."""

from __future__ import annotations

from typing import Final

from senjo.dice.roller import Roller
from senjo.dice.rollers import RandomDice
from senjo.dice.systems.gurps import SuccessRoll, success_roll
from senjo.engine.battle import Battle
from senjo.engine.modifiers import Score
from senjo.systems.gurps.events import Check
from senjo.systems.gurps.state import GurpsState

__all__ = [
    "REGULAR_CAP",
    "TWO_THINGS_AT_ONCE",
    "check",
    "contest_margin",
    "quick_contest",
    "regular_contest",
    "roll_3d6",
]


def roll_3d6(dice: Roller) -> int:
    """Three six-sided dice, summed.

    >>> from senjo.dice.rollers import ScriptedDice
    >>> roll_3d6(ScriptedDice([6, 2, 3])), roll_3d6(RandomDice(1)) == roll_3d6(RandomDice(1))
    (11, True)
    """
    if isinstance(dice, RandomDice):
        # The same calls, made directly: compiled code calls a `Roller` by method lookup
        # and argument parsing, a `RandomDice` as a C function (3 dice a roll, ~30 rolls
        # a duel).
        return dice.roll(6) + dice.roll(6) + dice.roll(6)
    return dice.roll(6) + dice.roll(6) + dice.roll(6)


#: Rolls that seed 000's optional "two things at once" -2 reaches during Move and Attack
#: (not defenses, nor resistance to a foe's attack).
TWO_THINGS_AT_ONCE: Final = frozenset({"knockback", "flying_jump", "fast_draw", "trip"})


def check(battle: Battle[GurpsState], actor: str, kind: str, score: Score) -> SuccessRoll:
    """Roll a success roll against `score` (B343), log it as a `Check`, and return the judgement."""
    state = battle.state
    if (
        kind in TWO_THINGS_AT_ONCE
        and state.status[actor].maneuver == "move_and_attack"
        and state.rules.get("move_and_attack_other_rolls") == "on"
    ):
        score = Score(score.base, score.modifiers.plus("move_and_attack", -2), score.cap)
    roll = roll_3d6(battle.dice)
    result = success_roll(roll, score.value)
    battle.emit(Check(actor, kind, score, roll, result.margin, result.success, result.critical))
    return result


def contest_margin(
    battle: Battle[GurpsState], first: tuple[str, str, Score], second: tuple[str, str, Score]
) -> int:
    """A Quick Contest (B348) as `quick_contest`, giving the first's margin of victory (the
    difference of the two margins, at least 1 for a winner), negative when it loses, 0
    for a tie."""
    a = check(battle, *first)
    b = check(battle, *second)
    if a.success != b.success:
        return max(1, a.margin - b.margin) if a.success else min(-1, a.margin - b.margin)
    return a.margin - b.margin


#: B349: in a Regular Contest with both scores over this, the higher comes down to it and
#: the other as far.
REGULAR_CAP: Final = 14


def regular_contest(
    battle: Battle[GurpsState], first: tuple[str, str, Score], second: tuple[str, str, Score]
) -> int:
    """One round of a Regular Contest (B349): both roll (each a `Check`); 1 if only the
    first succeeds, -1 if only the second does, 0 if both succeed or both fail (nothing is
    settled this time). With both scores over 14 the higher is brought down to 14 and the
    other by as much (modifier `regular_contest`)."""
    (a_key, a_kind, a_score), (b_key, b_kind, b_score) = first, second
    if min(a_score.value, b_score.value) > REGULAR_CAP:
        cut = REGULAR_CAP - max(a_score.value, b_score.value)
        a_score = Score(a_score.base, a_score.modifiers.plus("regular_contest", cut), a_score.cap)
        b_score = Score(b_score.base, b_score.modifiers.plus("regular_contest", cut), b_score.cap)
    a = check(battle, a_key, a_kind, a_score)
    b = check(battle, b_key, b_kind, b_score)
    if a.success == b.success:
        return 0
    return 1 if a.success else -1


def quick_contest(
    battle: Battle[GurpsState], first: tuple[str, str, Score], second: tuple[str, str, Score]
) -> int:
    """A Quick Contest (B348): both roll (each logged as a `Check`); 1 if the first wins,
    -1 if the second does, 0 for a tie. If only one succeeds it wins; otherwise the
    larger margin wins (`contest_margin`'s sign)."""
    margin = contest_margin(battle, first, second)
    return 1 if margin > 0 else -1 if margin < 0 else 0

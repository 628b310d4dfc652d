"""Checks and contests: senjo's stand-in for the base game's roll (interpretation 1).

Seed 003 reads a check's success or failure level (成功レベル) and who wins a contest
(即決判定); the roll itself belongs to a base game senjo does not have. The stand-in:
total = value + modifiers + the option's dice (`check_dice`, 2D6); it succeeds at the
difficulty (`difficulty`, 10, or the rule's own) with level 1, one level more for every
`level_step` points (2) above; below it fails at level 1, one level more every
`level_step` points below. Every die a 1 is an automatic failure (自動失敗). In a
contest the higher level wins; equal levels are a tie.

>>> from senjo.dice.roller import ScriptedDice
>>> from senjo.engine.modifiers import Score
>>> roll = roll_check(Rules(), ScriptedDice([5, 4]), "aki", Score(7))
>>> roll.total, roll.level
(16, 4)
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from senjo.dice.roller import Roller
from senjo.engine.modifiers import Score
from senjo.systems.tomogami.events import Roll, TomoContest
from senjo.systems.tomogami.rules import Rules

__all__ = ["contest", "hit_chance", "judge", "roll_check", "winner"]


def judge(total: int, difficulty: int, step: int) -> int:
    """The signed level of a total against a difficulty: 1, 2 … on a success, −1, −2 …
    on a failure.

    >>> judge(10, 10, 2), judge(13, 10, 2), judge(9, 10, 2), judge(6, 10, 2)
    (1, 2, -1, -2)
    """
    if total >= difficulty:
        return 1 + (total - difficulty) // step
    return -(1 + (difficulty - 1 - total) // step)


def roll_check(
    rules: Rules, dice: Roller, actor: str, score: Score, difficulty: int | None = None
) -> Roll:
    """Roll one check for `actor` at `score` (against the rules' difficulty unless given)."""
    faces = tuple(dice.roll(rules.dice_sides) for _ in range(rules.dice_count))
    total = score.value + sum(faces)
    level = judge(total, rules.difficulty if difficulty is None else difficulty, rules.level_step)
    fumble = all(face == 1 for face in faces)
    if fumble and level > 0:
        level = -1
    return Roll(actor, score, faces, total, level, fumble, rules.dice_sides)


def winner(first: Roll, second: Roll) -> str:
    """The key of the roll with the higher level, or "" when the levels are equal (an
    automatic failure loses to any roll that is not one too)."""
    if first.automatic_failure != second.automatic_failure:
        return second.actor if first.automatic_failure else first.actor
    if first.level == second.level:
        return ""
    return first.actor if first.level > second.level else second.actor


def contest(
    rules: Rules,
    dice: Roller,
    purpose: str,
    first: str,
    first_score: Score,
    second: str,
    second_score: Score,
) -> TomoContest:
    """Seed 003's contest (即決判定): both roll at once, `first` first; neither is the
    defender. The caller logs the returned event."""
    mine = roll_check(rules, dice, first, first_score)
    theirs = roll_check(rules, dice, second, second_score)
    return TomoContest(purpose, mine, theirs, winner(mine, theirs))


@lru_cache(maxsize=64)
def _outcomes(count: int, sides: int) -> tuple[tuple[int, bool, float], ...]:
    """Every (sum, all ones, chance) of `count` dice of `sides` sides."""
    chances: dict[tuple[int, bool], float] = {}
    each = 1.0 / sides**count
    for faces in product(range(1, sides + 1), repeat=count):
        key = (sum(faces), all(face == 1 for face in faces))
        chances[key] = chances.get(key, 0.0) + each
    return tuple((total, ones, chance) for (total, ones), chance in sorted(chances.items()))


def _levels(rules: Rules, value: int) -> dict[tuple[int, bool], float]:
    """The chance of each (level, automatic failure) of a check at `value`."""
    levels: dict[tuple[int, bool], float] = {}
    for total, ones, chance in _outcomes(rules.dice_count, rules.dice_sides):
        level = judge(value + total, rules.difficulty, rules.level_step)
        if ones and level > 0:
            level = -1
        levels[level, ones] = levels.get((level, ones), 0.0) + chance
    return levels


@lru_cache(maxsize=4096)
def hit_chance(rules: Rules, attack: int, defense: int) -> float:
    """The exact chance that an attack at `attack` succeeds and wins its contest against a
    defence at `defense` (interpretation 4).

    >>> round(hit_chance(Rules(), 7, 5), 4), round(hit_chance(Rules(), 0, 5), 4)
    (0.6096, 0.0347)
    """
    mine, theirs = _levels(rules, attack), _levels(rules, defense)
    chance = 0.0
    for (level, _), p in mine.items():
        if level <= 0:
            continue
        for (other, their_ones), q in theirs.items():
            if their_ones or other < level:
                chance += p * q
    return chance

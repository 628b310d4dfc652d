"""The stand-in check (docs/rules/tomogami.md, interpretation 1) and seed 003's contests.

Seed 003 rolls every check with its base game's dice, which neither the seed nor
../shared/rules gives; senjo's stand-in is value + modifiers + 2D6 against difficulty 10,
one level for every 2 points. The seed's own rules only read levels and winners.
"""

from __future__ import annotations

import pytest

from senjo.dice.roller import ScriptedDice
from senjo.engine.events import from_json, to_json
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.tomogami.checks import contest, judge, roll_check
from senjo.systems.tomogami.events import TomoCheck, TomoContest
from senjo.systems.tomogami.rules import Rules


def _contest(faces: list[int], first: int, second: int) -> TomoContest:
    """A maneuver contest between a (value `first`) and b (value `second`)."""
    dice = ScriptedDice(faces)
    return contest(Rules(), dice, "maneuver", "a", Score(first), "b", Score(second))


@pytest.mark.parametrize(
    ("total", "level"),
    [(10, 1), (11, 1), (12, 2), (16, 4), (9, -1), (8, -1), (7, -2), (2, -4)],
)
def test_levels_count_every_two_points_from_the_difficulty(total: int, level: int) -> None:
    """Stand-in: 10 or more succeeds at level 1, each 2 points more one level more; below 10
    fails at level 1, each 2 points less one level more (seed 003 uses 成功レベル and
    "２レベル以上の失敗" without defining them)."""
    assert judge(total, 10, 2) == level


def test_a_check_rolls_the_option_dice_and_keeps_its_breakdown() -> None:
    """Stand-in: value + modifiers + 2D6; the Score keeps the named modifiers."""
    rules = Rules.from_settings({})
    score = Score(7, Modifiers.of(("units", -1)))
    roll = roll_check(rules, ScriptedDice([(6, 5), (6, 4)]), "aki", score)
    assert (roll.dice, roll.total, roll.level, roll.automatic_failure) == ((5, 4), 15, 3, False)
    assert roll.score.modifiers.amount("units") == -1


def test_all_ones_is_an_automatic_failure_whatever_the_value() -> None:
    """Seed 003 戦闘中の自動失敗: the stand-in's automatic failure is every die showing 1;
    it fails at level 1 at least even when the total would succeed."""
    roll = roll_check(Rules.from_settings({}), ScriptedDice([1, 1]), "aki", Score(12))
    assert roll.automatic_failure and roll.total == 14 and roll.level == -1
    low = roll_check(Rules.from_settings({}), ScriptedDice([1, 1]), "aki", Score(1))
    assert low.automatic_failure and low.level == -4


def test_the_dice_and_steps_are_options() -> None:
    """Options check_dice, difficulty and level_step change the stand-in (tables differ)."""
    rules = Rules.from_settings({"check_dice": "3d6", "difficulty": "12", "level_step": "3"})
    roll = roll_check(rules, ScriptedDice([(6, 2), (6, 3), (6, 4)]), "aki", Score(5))
    assert (roll.dice, roll.total, roll.level) == ((2, 3, 4), 14, 1)
    d20 = Rules.from_settings({"check_dice": "1d20"})
    assert roll_check(d20, ScriptedDice([(20, 17)]), "aki", Score(0)).level == 4


def test_a_contest_rolls_both_at_once_and_the_higher_level_wins() -> None:
    """Seed 003 機動判定: 「能動・受動の別はなく」「即決判定を行い、同時に処理する」 —
    values 7 and 6, dice [3,3] then [4,4]: 13 (level 2) loses to 14 (level 3); the first
    named rolls first."""
    rules = Rules.from_settings({})
    result = contest(
        rules, ScriptedDice([3, 3, 4, 4]), "maneuver", "aki", Score(7), "ren", Score(6)
    )
    assert isinstance(result, TomoContest)
    assert (result.first.total, result.first.level) == (13, 2)
    assert (result.second.total, result.second.level) == (14, 3)
    assert result.winner == "ren"


def test_a_tied_contest_has_no_winner() -> None:
    """Stand-in: equal levels are a tie (a mover who ties does not move, interpretation 2)."""
    result = _contest([3, 3, 3, 3], 7, 6)
    assert (result.first.level, result.second.level, result.winner) == (2, 2, "")


def test_an_automatic_failure_loses_a_contest() -> None:
    """An automatic failure loses to any roll that is not one too."""
    result = _contest([1, 1, 1, 2], 12, 0)
    assert result.first.automatic_failure and result.winner == "b"


def test_checks_replay_from_json() -> None:
    """The log replays: a check and a contest round-trip through JSON with their Scores."""
    rules = Rules.from_settings({})
    roll = roll_check(rules, ScriptedDice([2, 5]), "aki", Score(7, Modifiers.of(("fallen", -2))))
    event = TomoCheck("cover", roll)
    assert from_json(to_json(event)) == event
    fight = contest(rules, ScriptedDice([3, 3, 4, 4]), "maneuver", "a", Score(7), "b", Score(6))
    assert from_json(to_json(fight)) == fight

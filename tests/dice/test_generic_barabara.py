"""Barabara dice (バラバラロール)."""

from __future__ import annotations

import pytest

from senjo.dice.errors import DiceError, DiceLimitError
from senjo.dice.formatting import format_result
from senjo.dice.generic.barabara import BarabaraResult, DiceGroup, parse_barabara
from senjo.dice.result import Die
from senjo.dice.roller import ScriptedDice


def _roll(text: str, values: list[int | tuple[int, int]]) -> BarabaraResult:
    command = parse_barabara(text)
    assert command is not None
    dice = ScriptedDice(values)
    result = command.roll(dice)
    assert dice.remaining == 0
    return result


@pytest.mark.parametrize(
    ("text", "values", "ja", "en"),
    [
        ("3B6", [5, 2, 4], "(3B6) ＞ 5,2,4", "(3B6) > 5,2,4"),
        ("(1*2)b(2+4)", [4, 3], "(2B6) ＞ 4,3", "(2B6) > 4,3"),
        (
            "2b6+1b10<=3",
            [3, 4, (10, 1)],
            "(2B6+1B10<=3) ＞ 3,4,1 ＞ 成功数2",
            "(2B6+1B10<=3) > 3,4,1 > successes: 2",
        ),
        ("2b6<>3", [2, 1], "(2B6<>3) ＞ 2,1 ＞ 成功数2", "(2B6<>3) > 2,1 > successes: 2"),
        ("2b6=7-4", [3, 3], "(2B6=3) ＞ 3,3 ＞ 成功数2", "(2B6=3) > 3,3 > successes: 2"),
    ],
)
def test_barabara_lines(text: str, values: list[int | tuple[int, int]], ja: str, en: str) -> None:
    """Each die is shown; a comparison counts the dice that satisfy it."""
    result = _roll(text, values)
    assert format_result(result, "ja") == ja
    assert format_result(result, "en") == en


def test_barabara_total_is_success_count_and_sets_no_flags() -> None:
    """total is the success count (None without a comparison); no flag is set."""
    counted = _roll("3B6>=4", [5, 2, 4])
    assert counted.total == 2
    assert not (counted.success or counted.failure)
    assert _roll("1B6", [1]).total is None


def test_barabara_dice_in_drawing_order() -> None:
    """dice lists each die with its own sides in order."""
    result = _roll("1B4+2B8", [(4, 4), (8, 1), (8, 8)])
    assert result.dice == (Die(4, 4), Die(8, 1), Die(8, 8))
    assert result.groups == (DiceGroup(1, 4), DiceGroup(2, 8))


@pytest.mark.parametrize("text", ["2B6+3", "2B", "B6", "2B6>=?", "2B6>=1D6", "2B6x"])
def test_not_barabara(text: str) -> None:
    """A modifier, a missing count or sides, ``?`` or dice in the target are not barabara."""
    assert parse_barabara(text) is None


@pytest.mark.parametrize(
    ("text", "error"),
    [("1001B6", DiceLimitError), ("500B6+501B6", DiceLimitError), ("0B6", DiceError)],
)
def test_barabara_limits(text: str, error: type[DiceError]) -> None:
    """More than 1,000 dice, or no dice, are refused."""
    with pytest.raises(error):
        parse_barabara(text)

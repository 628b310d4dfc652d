"""Sums (加算ロール): parsing, rolling, the result line in both languages."""

from __future__ import annotations

import pytest

from senjo.dice.errors import DiceError, DiceLimitError
from senjo.dice.formatting import format_result
from senjo.dice.generic.sums import SumCommand, SumResult, TermRoll, parse_sum, sum_text
from senjo.dice.generic.tree import Comparison, DiceTerm
from senjo.dice.result import Die
from senjo.dice.roller import ScriptedDice


def _roll(text: str, values: list[int | tuple[int, int]]) -> SumResult:
    command = parse_sum(text)
    assert command is not None
    dice = ScriptedDice(values)
    result = command.roll(dice)
    assert dice.remaining == 0
    return result


@pytest.mark.parametrize(
    ("text", "values", "line"),
    [
        # rule: a lone die prints without its breakdown
        ("1D6", [5], "(1D6) ＞ 5"),
        ("1D66", [3, 5], "(1D66) ＞ 35"),
        # rule: a lone die with a comparison still drops the breakdown
        ("1d6>=1+2", [3], "(1D6>=3) ＞ 3 ＞ 成功"),
        # rule: any other term shows total[values]
        ("1D6KH1", [4], "(1D6KH1) ＞ 4[4] ＞ 4"),
        ("-1D6", [4], "(-1D6) ＞ -4[4] ＞ -4"),
        ("(1D6)", [4], "((1D6)) ＞ (4[4]) ＞ 4"),
        # rule: omitted count is 1, omitted sides 6
        ("D20+3D", [(20, 20), 1, 2, 3], "(1D20+3D6) ＞ 20[20]+6[1,2,3] ＞ 26"),
        # rule: keep/drop sorts the values it shows
        ("4D6DL", [3, 6, 1, 4], "(4D6DL1) ＞ 13[1,3,4,6] ＞ 13"),
        # rule: D66 values read tens then ones, unsorted
        ("1D3+2D66", [(3, 3), 1, 6, 6, 1], "(1D3+2D66) ＞ 3[3]+77[16,61] ＞ 80"),
        # rule: constant arithmetic in parentheses is kept as written
        ("1d6-(1-2)>=3+2", [3], "(1D6-(1-2)>=5) ＞ 3[3]-(1-2) ＞ 4 ＞ 失敗"),
        # rule: C rounding prints as U
        ("1D6+3/2C", [1], "(1D6+3/2U) ＞ 1[1]+3/2U ＞ 3"),
        # rule: == prints as =, != as <>
        ("2D6==7", [3, 4], "(2D6=7) ＞ 7[3,4] ＞ 7 ＞ 成功"),
        ("2D6!=7", [3, 4], "(2D6<>7) ＞ 7[3,4] ＞ 7 ＞ 失敗"),
        # rule: a ? target prints the total and judges nothing
        ("3D6>=?", [3, 3, 3], "(3D6>=?) ＞ 9[3,3,3] ＞ 9"),
    ],
)
def test_sum_lines_match_bcdice(text: str, values: list[int | tuple[int, int]], line: str) -> None:
    """The Japanese line follows BCDice's layout rule by rule."""
    assert format_result(_roll(text, values), "ja") == line


@pytest.mark.parametrize(
    ("text", "values", "line"),
    [
        ("2D6+1", [5, 3], "(2D6+1) > 8[5,3]+1 > 9"),
        ("2D6>=7", [3, 4], "(2D6>=7) > 7[3,4] > 7 > Success"),
        ("2D6<7", [3, 4], "(2D6<7) > 7[3,4] > 7 > Failure"),
        ("1D6", [2], "(1D6) > 2"),
    ],
)
def test_sum_lines_in_english(text: str, values: list[int | tuple[int, int]], line: str) -> None:
    """The English line has the same shape with ASCII separators and English words."""
    assert format_result(_roll(text, values), "en") == line


def test_result_carries_dice_terms_total_and_flags() -> None:
    """dice lists every die in drawing order; terms show sorted kept dice; total is numeric."""
    result = _roll("2D6KL1+1D66>=20", [5, 2, 4, 1])
    assert result.dice == (Die(6, 5), Die(6, 2), Die(6, 4), Die(6, 1))
    assert result.terms == (TermRoll(2, (2, 5)), TermRoll(41, (41,)))
    assert result.total == 43
    assert (result.success, result.failure) == (True, False)


def test_sum_without_comparison_sets_no_flags() -> None:
    """Without a comparison neither success nor failure is set."""
    result = _roll("2D6", [6, 6])
    assert not (result.success or result.failure or result.critical or result.fumble)


def test_command_text_is_the_normalised_echo() -> None:
    """The command's text is what BCDice echoes in parentheses."""
    command = parse_sum("(2*3-4)d6-1d4+1>=--3")
    assert command is not None
    assert command == SumCommand(command.expression, Comparison(">=", 3))
    assert command.text == "2D6-1D4+1>=3"


@pytest.mark.parametrize(
    "text",
    [
        "134",  # rule: a number alone is not a command
        "1+2*3/4",  # rule: dice-free arithmetic is not a command
        "2D6>",  # rule: an empty target is not a command
        "2D6>?a",
        "2D6>=1D6",  # rule: the target may not roll dice
        "D66",  # rule: a bare D66 is the D66 command
        "D66+1",
        "1D6/3x",
    ],
)
def test_not_sums(text: str) -> None:
    """Texts BCDice does not read as sums give None."""
    assert parse_sum(text) is None


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("1001D6", DiceLimitError, "at most 1,000"),
        ("600D6+401D6", DiceLimitError, "1,001 dice"),
        ("501D66", DiceLimitError, "1,002 dice"),
        ("1D1000001", DiceLimitError, "1,000,000 sides"),
        ("0D6", DiceError, "at least 1 die"),
        ("1D0", DiceError, "at least 1 side"),
        ("5D6KH(0-1)", DiceError, "0 or more"),
    ],
)
def test_sum_limits(text: str, error: type[DiceError], message: str) -> None:
    """Too many dice, too many sides, no dice and negative keep counts are refused."""
    with pytest.raises(error, match=message):
        parse_sum(text)


def test_limit_is_not_checked_for_text_that_is_no_sum() -> None:
    """A huge count followed by garbage is simply not a command."""
    assert parse_sum("1000000D6X") is None


def test_secret_sum_marks_the_result() -> None:
    """A secret command gives a secret result."""
    command = parse_sum("2D6", secret=True)
    assert command is not None
    assert command.roll(ScriptedDice([1, 1])).secret


def test_sum_text_leaves_out_the_judgement() -> None:
    """sum_text is the line up to the total, for systems that judge sums themselves."""
    result = _roll("3D6<=11", [1, 2, 3])
    assert sum_text(result, "ja") == "(3D6<=11) ＞ 6[1,2,3] ＞ 6"
    assert sum_text(result, "en") == "(3D6<=11) > 6[1,2,3] > 6"


def test_tree_is_exposed_for_distributions() -> None:
    """The parsed command exposes its syntax tree."""
    command = parse_sum("5D10KH3")
    assert command is not None
    assert isinstance(command.expression, DiceTerm)
    assert command.expression.keep is not None and command.expression.keep.count == 3

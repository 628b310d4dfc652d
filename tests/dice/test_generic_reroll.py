"""Reroll dice (個数振り足しロール)."""

from __future__ import annotations

import pytest

from senjo.dice.errors import DiceLimitError
from senjo.dice.formatting import format_result
from senjo.dice.generic.common import MessageCommand
from senjo.dice.generic.reroll import (
    RerollCommand,
    RerollResult,
    parse_reroll,
    reroll_condition_valid,
)
from senjo.dice.generic.tree import Comparison
from senjo.dice.result import Die
from senjo.dice.roller import ScriptedDice

CONDITION_MESSAGE = (
    "条件が間違っています。2R6>=5 あるいは 2R6[5] のように振り足し目標値を指定してください。"
)


def _roll(text: str, values: list[int | tuple[int, int]]) -> RerollResult:
    command = parse_reroll(text)
    assert isinstance(command, RerollCommand)
    dice = ScriptedDice(values)
    result = command.roll(dice)
    assert dice.remaining == 0
    return result


@pytest.mark.parametrize(
    ("text", "values", "line"),
    [
        # rule: without a threshold the comparison's operator and target are used
        ("2R6>=3", [6, 1, 3, 1], "(2R6[3]>=3) ＞ 6,1 + 3 + 1 ＞ 成功数2"),
        ("2R6>3", [6, 1, 3], "(2R6[3]>3) ＞ 6,1 + 3 ＞ 成功数1"),
        # rule: a bracket threshold without operator and without comparison means >=
        ("2R6[3]", [3, 2, 1], "(2R6[>=3]) ＞ 3,2 + 1 ＞ 成功数0"),
        # rule: a threshold without operator takes the comparison's
        ("2R6[5]<=2", [6, 1, 6], "(2R6[5]<=2) ＞ 6,1 + 6 ＞ 成功数1"),
        # rule: @ is the same as brackets, written after the comparison
        (
            "2R4+2R6>=4@>4",
            [(4, 4), (4, 3), 3, 5, 2],
            "(2R4+2R6[>4]>=4) ＞ 4,3 + 3,5 + 2 ＞ 成功数2",
        ),
        # rule: rerolls queue behind the groups, in the order they came up
        (
            "2R4+2R6>=4",
            [(4, 4), (4, 3), 3, 5, (4, 1), 2],
            "(2R4+2R6[4]>=4) ＞ 4,3 + 3,5 + 1 + 2 ＞ 成功数2",
        ),
    ],
)
def test_reroll_lines(text: str, values: list[int | tuple[int, int]], line: str) -> None:
    """Threshold forms, the reroll queue and the success count follow BCDice."""
    assert format_result(_roll(text, values), "ja") == line


def test_reroll_in_english_and_its_result_fields() -> None:
    """The English line, the batches, the dice and the success count as total."""
    result = _roll("2R6>=5", [5, 1, 2])
    assert format_result(result, "en") == "(2R6[5]>=5) > 5,1 + 2 > successes: 1"
    assert result.batches == ((5, 1), (2,))
    assert result.dice == (Die(6, 5), Die(6, 1), Die(6, 2))
    assert result.total == 1
    assert not (result.success or result.failure)


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("2R6", "2R6"),  # rule: no threshold at all
        ("2r6<=7", "2r6<=7"),  # rule: <= 7 would reroll every face of a d6
        ("2R1[1]", "2R1[1]"),  # rule: >= 1 would reroll every face
        ("2R6[<>9]", "2R6[<>9]"),  # rule: <> needs a threshold on the die
    ],
)
def test_impossible_conditions_give_bcdice_message(text: str, command: str) -> None:
    """A missing or endless reroll condition answers with the message, drawing no dice."""
    parsed = parse_reroll(text)
    assert parsed == MessageCommand(key="reroll_condition", command=command)
    dice = ScriptedDice([])
    line = format_result(parsed.roll(dice), "ja")
    assert line == f"{command} ＞ {CONDITION_MESSAGE}"


@pytest.mark.parametrize(
    ("op", "threshold", "valid"),
    [
        ("<=", 5, True),
        ("<=", 6, False),
        ("<", 6, True),
        ("<", 7, False),
        (">=", 2, True),
        (">=", 1, False),
        (">", 1, True),
        (">", 0, False),
        ("!=", 6, True),
        ("!=", 7, False),
        ("==", 1, True),
    ],
)
def test_reroll_condition_validity_on_a_d6(op: str, threshold: int, valid: bool) -> None:
    """A condition is valid unless it would reroll every face of the die."""
    assert reroll_condition_valid(op, threshold, 6) is valid  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["2R6[3]@3", "2R6>=?", "2R", "2R6+1", "2R6[3"])
def test_not_reroll(text: str) -> None:
    """Both [] and @, a ``?`` target, a modifier or a missing part are not commands."""
    assert parse_reroll(text) is None


def test_too_many_dice_before_rolling() -> None:
    """More than 1,000 dice written out are refused at parse time."""
    with pytest.raises(DiceLimitError):
        parse_reroll("99999999R6>=1")


def test_endless_rerolls_stop_at_the_dice_limit() -> None:
    """A condition every roll meets stops with DiceLimitError after 1,000 dice."""
    command = parse_reroll("2R1[=1]")
    assert isinstance(command, RerollCommand)
    assert command.reroll == Comparison("==", 1)
    dice = ScriptedDice([1] * 1_000)
    with pytest.raises(DiceLimitError, match="1,000"):
        command.roll(dice)
    assert dice.remaining == 0

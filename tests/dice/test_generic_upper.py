"""Upper dice (上方無限ロール)."""

from __future__ import annotations

import pytest

from senjo.dice.errors import DiceLimitError
from senjo.dice.formatting import format_result
from senjo.dice.generic.common import MessageCommand
from senjo.dice.generic.upper import UpperCommand, UpperResult, parse_upper
from senjo.dice.result import Die
from senjo.dice.roller import ScriptedDice

CHAIN = [5, 2, 6, 5, 6, 6, 6, 5]  # 5, 2, 11[6,5], 23[6,6,6,5] with threshold 6


def _roll(text: str, values: list[int | tuple[int, int]]) -> UpperResult:
    command = parse_upper(text)
    assert isinstance(command, UpperCommand)
    dice = ScriptedDice(values)
    result = command.roll(dice)
    assert dice.remaining == 0
    return result


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("4U6[6]", "(4U6[6]) ＞ 5,2,11[6,5],23[6,6,6,5] ＞ 23/41(最大/合計)"),
        # rule: the modifier is added to each die for the maximum, once to the total
        ("4U6[6]+11", "(4U6[6]+11) ＞ 5,2,11[6,5],23[6,6,6,5]+11 ＞ 34/52(最大/合計)"),
        # rule: modifier arithmetic is folded into one number
        ("4U6[6]-1+2+10", "(4U6[6]+11) ＞ 5,2,11[6,5],23[6,6,6,5]+11 ＞ 34/52(最大/合計)"),
        ("4U6[6]-3*2", "(4U6[6]-6) ＞ 5,2,11[6,5],23[6,6,6,5]-6 ＞ 17/35(最大/合計)"),
        # rule: a comparison counts the dice (plus modifier) that satisfy it
        ("4U6[6]>=7+3", "(4U6[6]>=10) ＞ 5,2,11[6,5],23[6,6,6,5] ＞ 成功数2"),
        ("4U6+11>=21@6", "(4U6[6]+11>=21) ＞ 5,2,11[6,5],23[6,6,6,5]+11 ＞ 成功数2"),
    ],
)
def test_upper_lines(text: str, line: str) -> None:
    """Chains, modifier and outcome print as BCDice does."""
    assert format_result(_roll(text, list(CHAIN)), "ja") == line


def test_upper_in_english_and_result_fields() -> None:
    """The English line; chains, highest, total and dice of the result."""
    result = _roll("2U6[6]+1", [6, 5, 2])
    assert format_result(result, "en") == "(2U6[6]+1) > 11[6,5],2+1 > 12/14(max/total)"
    assert result.chains == ((6, 5), (2,))
    assert (result.highest, result.total) == (12, 14)
    assert result.dice == (Die(6, 6), Die(6, 5), Die(6, 2))
    counted = _roll("2U6[6]+1>=12", [6, 5, 2])
    assert format_result(counted, "en") == "(2U6[6]+1>=12) > 11[6,5],2+1 > successes: 1"
    assert counted.total == 1


@pytest.mark.parametrize(
    ("text", "echo"),
    [
        ("4U6+2U4+11>=21", "(4U6+2U4[0]+11>=21)"),  # rule: no threshold at all
        ("4U6+2U4[1]+14-3>=21", "(4U6+2U4[1]+11>=21)"),  # rule: threshold 1 rolls forever
        ("4U6==21", "(4U6[0]=21)"),
    ],
)
def test_bad_threshold_gives_bcdice_message(text: str, echo: str) -> None:
    """A threshold of 1 or less answers with the message, echoing the command."""
    parsed = parse_upper(text)
    assert parsed == MessageCommand(key="upper_condition", command=echo)
    assert format_result(parsed.roll(ScriptedDice([])), "ja") == (
        f"{echo} ＞ 無限ロールの条件がまちがっています"
    )


@pytest.mark.parametrize("text", ["4U6[6]+11>=21@4", "4U6[6]>=?", "4U", "4U6[6]+", "4U6[6]x"])
def test_not_upper(text: str) -> None:
    """Both [] and @, a ``?`` target or a dangling token are not commands."""
    assert parse_upper(text) is None


def test_endless_upper_die_stops_at_the_dice_limit() -> None:
    """A die that keeps meeting the threshold stops with DiceLimitError at 1,000 dice."""
    command = parse_upper("1U6[2]")
    assert isinstance(command, UpperCommand)
    dice = ScriptedDice([6] * 1_000)
    with pytest.raises(DiceLimitError):
        command.roll(dice)
    assert dice.remaining == 0


def test_too_many_dice_before_rolling() -> None:
    """More than 1,000 dice written out are refused at parse time."""
    with pytest.raises(DiceLimitError):
        parse_upper("1001U6[6]")

"""Calculation (C) and the standalone D66 die."""

from __future__ import annotations

import pytest

from senjo.dice.formatting import format_result
from senjo.dice.generic.calc import D66Command, parse_calc, parse_d66
from senjo.dice.result import Die
from senjo.dice.roller import ScriptedDice


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("C1", "c(1) ＞ 1"),
        ("c1+4*3/2", "c(1+4*3/2) ＞ 7"),
        ("C(7/2C)", "c((7/2U)) ＞ 4"),
        ("C-3--1", "c(-3+1) ＞ -2"),
    ],
)
def test_calc_lines(text: str, line: str) -> None:
    """C prints c(expression) and its value, without drawing dice."""
    command = parse_calc(text)
    assert command is not None
    dice = ScriptedDice([])
    result = command.roll(dice)
    assert format_result(result, "ja") == line
    assert result.dice == ()


def test_calc_in_english() -> None:
    """The English line uses the ASCII separator."""
    command = parse_calc("C2*3")
    assert command is not None
    assert format_result(command.roll(ScriptedDice([])), "en") == "c(2*3) > 6"


@pytest.mark.parametrize("text", ["C", "C1+4*", "C1D6", "CC", "1+2"])
def test_not_calc(text: str) -> None:
    """Incomplete expressions, dice and other words are not calculations."""
    assert parse_calc(text) is None


@pytest.mark.parametrize(
    ("text", "values", "line"),
    [
        ("D66", [1, 6], "(D66) ＞ 16"),
        ("D66", [6, 1], "(D66) ＞ 61"),  # rule: DiceBot does not sort a bare D66
        ("d66a", [5, 2], "(D66A) ＞ 25"),
        ("D66S", [6, 1], "(D66S) ＞ 16"),
        ("D66D", [1, 6], "(D66D) ＞ 61"),
        ("d66n", [5, 2], "(D66N) ＞ 52"),
    ],
)
def test_d66_orders(text: str, values: list[int], line: str) -> None:
    """A/S sort ascending, D descending, N and none keep the drawing order."""
    command = parse_d66(text)
    assert command is not None
    result = command.roll(ScriptedDice(values))
    assert format_result(result, "ja") == line
    assert result.dice == (Die(6, values[0]), Die(6, values[1]))


@pytest.mark.parametrize("text", ["D66X", "D6", "2D66", "D666"])
def test_not_d66(text: str) -> None:
    """Other suffixes and other dice are not the D66 command."""
    assert parse_d66(text) is None


def test_secret_d66() -> None:
    """The secret flag reaches the D66 result."""
    assert D66Command(secret=True).roll(ScriptedDice([1, 1])).secret

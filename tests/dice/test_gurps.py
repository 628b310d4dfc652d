"""GURPS dice: the success-roll rule, its exact odds, and the BCDice-compatible commands."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from senjo.dice.errors import DiceError
from senjo.dice.formatting import format_result
from senjo.dice.roller import ScriptedDice
from senjo.dice.systems import find_dice_system
from senjo.dice.systems.gurps import (
    THREE_D6,
    SuccessKind,
    SuccessRollCommand,
    critical_failure_probability,
    critical_success_probability,
    parse,
    success_probability,
    success_roll,
)
from tests.dice.conformance_cases import conformance_params

FLAGS = ("success", "failure", "critical", "fumble")
OUT_OF_SCOPE = ("CRT", "HCRT", "FMB", "MFMB", "YSCRT", "YSFMB", "YFMB", "FEAR", "REACT", "HIT")


def _dice(values: list[int]) -> ScriptedDice:
    return ScriptedDice([(6, value) for value in values])


@pytest.mark.parametrize("case", conformance_params("GURPS", skip_out_of_scope=False))
def test_bcdice_vector(case: dict[str, Any]) -> None:
    """Each BCDice GURPS vector prints and flags exactly as BCDice, or is left to others."""
    word = case["input"].split(" ")[0]
    command = parse(word)
    if word.upper().startswith(OUT_OF_SCOPE) or "?" in word:
        # 3rd-edition tables are out of scope; `3D6>=?` belongs to the generic language.
        assert command is None
        return
    assert command is not None
    result = command.roll(ScriptedDice([(r["sides"], r["value"]) for r in case["rands"]]))
    assert format_result(result, "ja") == case["output"]
    assert {f: getattr(result, f) for f in FLAGS} == {f: case.get(f, False) for f in FLAGS}


@pytest.mark.parametrize(
    ("text", "faces", "japanese", "english", "flags"),
    [
        (
            "3D6-1<=11",
            [4, 3, 3],
            "(3D6-1<=11) ＞ 10[4,3,3]-1 ＞ 9 ＞ 成功(成功度：2)",
            "(3D6-1<=11) > 10[4,3,3]-1 > 9 > Success (margin 2)",
            {"success"},
        ),
        (
            "3d6+2<=10",
            [1, 1, 2],
            "(3D6+2<=10) ＞ 4[1,1,2]+2 ＞ 6 ＞ クリティカル(成功度：4)",
            "(3D6+2<=10) > 4[1,1,2]+2 > 6 > Critical success (margin 4)",
            {"success", "critical"},
        ),
        (
            "3D6+5<=5",
            [1, 1, 1],
            "(3D6+5<=5) ＞ 3[1,1,1]+5 ＞ 8 ＞ クリティカル(成功度：-3)",
            "(3D6+5<=5) > 3[1,1,1]+5 > 8 > Critical success (margin -3)",
            {"success", "critical"},
        ),
        (
            "3D6-3<=10",
            [6, 6, 6],
            "(3D6-3<=10) ＞ 18[6,6,6]-3 ＞ 15 ＞ ファンブル(失敗度：-5)",
            "(3D6-3<=10) > 18[6,6,6]-3 > 15 > Critical failure (margin -5)",
            {"failure", "fumble"},
        ),
        (
            "3D6-2<=16",
            [6, 6, 5],
            "(3D6-2<=16) ＞ 17[6,6,5]-2 ＞ 15 ＞ 自動失敗(失敗度：1)",
            "(3D6-2<=16) > 17[6,6,5]-2 > 15 > Automatic failure (margin 1)",
            {"failure"},
        ),
        (
            "3D6+1<=10",
            [3, 3, 4],
            "(3D6+1<=10) ＞ 10[3,3,4]+1 ＞ 11 ＞ 失敗(失敗度：-1)",
            "(3D6+1<=10) > 10[3,3,4]+1 > 11 > Failure (margin -1)",
            {"failure"},
        ),
        (
            "3D6+3/2c<=10",
            [3, 3, 3],
            "(3D6+3/2U<=10) ＞ 9[3,3,3]+3/2U ＞ 11 ＞ 失敗(失敗度：-1)",
            "(3D6+3/2U<=10) > 9[3,3,3]+3/2U > 11 > Failure (margin -1)",
            {"failure"},
        ),
        (
            "16-3D6+1",
            [4, 2, 1],
            "(3D6+1<=16) ＞ 7[4,2,1]+1 ＞ 8 ＞ 成功(成功度：8)",
            "(3D6+1<=16) > 7[4,2,1]+1 > 8 > Success (margin 8)",
            {"success"},
        ),
        (
            "10+2-3d6",
            [3, 3, 3],
            "(3D6<=12) ＞ 9[3,3,3] ＞ 9 ＞ 成功(成功度：3)",
            "(3D6<=12) > 9[3,3,3] > 9 > Success (margin 3)",
            {"success"},
        ),
        (
            "3D6<=(12*5)/4",
            [1, 2, 2],
            "(3D6<=15) ＞ 5[1,2,2] ＞ 5 ＞ クリティカル(成功度：10)",
            "(3D6<=15) > 5[1,2,2] > 5 > Critical success (margin 10)",
            {"success", "critical"},
        ),
        (
            "3D6<=3",
            [5, 4, 4],
            "(3D6<=3) ＞ 13[5,4,4] ＞ 13 ＞ ファンブル(失敗度：-10)",
            "(3D6<=3) > 13[5,4,4] > 13 > Critical failure (margin -10)",
            {"failure", "fumble"},
        ),
    ],
)
def test_command_output(
    text: str, faces: list[int], japanese: str, english: str, flags: set[str]
) -> None:
    """Modified and reversed success rolls print like BCDice in Japanese and in English."""
    command = parse(text)
    assert command is not None
    result = command.roll(_dice(faces))
    assert format_result(result, "ja") == japanese
    assert format_result(result, "en") == english
    assert {f for f in FLAGS if getattr(result, f)} == flags


@pytest.mark.parametrize(
    "text",
    ["CRT", "FEAR+1", "REACT-1", "HIT", "3D6>=?", "3D6<=?", "3D6", "3D6*2<=10", "1D6+2D6<=10",
     "3D6+1D6<=10", "2D6<=10", "3D6<=", "-3D6", "16-3D66", "3D6<10", "x3D6<=10"],
)  # fmt: skip
def test_not_a_gurps_command(text: str) -> None:
    """Words that are not GURPS success rolls are left to the generic language."""
    assert parse(text) is None


def test_registered_as_gurps() -> None:
    """The system is found by its BCDice id and its alias, and parses through the registry."""
    system = find_dice_system("gurps")
    assert system.id == "GURPS"
    assert system.parse("3D6<=12") == SuccessRollCommand(12)


def test_rolls_three_d6() -> None:
    """A success roll draws exactly three six-sided dice."""
    dice = ScriptedDice([(6, 1), (6, 2), (6, 3)])
    result = SuccessRollCommand(10).roll(dice)
    assert dice.remaining == 0
    assert [(die.sides, die.value) for die in result.dice] == [(6, 1), (6, 2), (6, 3)]
    assert result.total == 6


@pytest.mark.parametrize(
    ("roll", "skill", "kind", "margin"),
    [
        (3, -20, SuccessKind.CRITICAL_SUCCESS, -23),
        (4, 3, SuccessKind.CRITICAL_SUCCESS, -1),
        (5, 14, SuccessKind.SUCCESS, 9),
        (5, 15, SuccessKind.CRITICAL_SUCCESS, 10),
        (6, 15, SuccessKind.SUCCESS, 9),
        (6, 16, SuccessKind.CRITICAL_SUCCESS, 10),
        (7, 40, SuccessKind.SUCCESS, 33),
        (11, 11, SuccessKind.SUCCESS, 0),
        (12, 11, SuccessKind.FAILURE, -1),
        (12, 3, SuccessKind.FAILURE, -9),
        (13, 3, SuccessKind.CRITICAL_FAILURE, -10),
        (16, 16, SuccessKind.SUCCESS, 0),
        (17, 15, SuccessKind.CRITICAL_FAILURE, -2),
        (17, 16, SuccessKind.AUTOMATIC_FAILURE, -1),
        (17, 20, SuccessKind.AUTOMATIC_FAILURE, 3),
        (18, 25, SuccessKind.CRITICAL_FAILURE, 7),
        (10, 60, SuccessKind.SUCCESS, 50),
        (14, -40, SuccessKind.CRITICAL_FAILURE, -54),
    ],
)
def test_success_roll_rule(roll: int, skill: int, kind: SuccessKind, margin: int) -> None:
    """B348 criticals, the 17/18 automatic failures and margins, inside and outside the cache."""
    check = success_roll(roll, skill)
    assert check.kind is kind
    assert check.margin == margin
    assert check.success is (kind in (SuccessKind.CRITICAL_SUCCESS, SuccessKind.SUCCESS))
    assert check.fumble is check.critical_failure is (kind is SuccessKind.CRITICAL_FAILURE)
    assert check.automatic_failure is (kind is SuccessKind.AUTOMATIC_FAILURE)


def test_roll_modifier_moves_margin_not_criticals() -> None:
    """A dice modifier changes the total and margin but not which rolls are critical."""
    assert success_roll(5, 15, roll_modifier=3).kind is SuccessKind.CRITICAL_SUCCESS
    assert success_roll(10, 10, roll_modifier=1).kind is SuccessKind.FAILURE
    assert success_roll(12, 10, roll_modifier=-2).margin == 0
    assert success_roll(15, 5, roll_modifier=-5).kind is SuccessKind.CRITICAL_FAILURE


@pytest.mark.parametrize("roll", [2, 19, 0, -3])
def test_success_roll_rejects_impossible_rolls(roll: int) -> None:
    """A roll that 3d6 cannot produce is an error, cached skill or not."""
    with pytest.raises(DiceError, match="from 3 to 18"):
        success_roll(roll, 10)
    with pytest.raises(DiceError, match="from 3 to 18"):
        success_roll(roll, 10, roll_modifier=1)


@pytest.mark.parametrize(
    ("skill", "success", "critical", "critical_failure"),
    [
        (3, Fraction(4, 216), Fraction(4, 216), Fraction(56, 216)),
        (8, Fraction(56, 216), Fraction(4, 216), Fraction(4, 216)),
        (10, Fraction(1, 2), Fraction(4, 216), Fraction(4, 216)),
        (14, Fraction(196, 216), Fraction(4, 216), Fraction(4, 216)),
        (15, Fraction(206, 216), Fraction(10, 216), Fraction(4, 216)),
        (16, Fraction(212, 216), Fraction(20, 216), Fraction(1, 216)),
        (30, Fraction(212, 216), Fraction(20, 216), Fraction(1, 216)),
    ],
)
def test_exact_probabilities(
    skill: int, success: Fraction, critical: Fraction, critical_failure: Fraction
) -> None:
    """Exact success and critical chances match counts of the 216 3d6 outcomes."""
    assert success_probability(skill) == success
    assert critical_success_probability(skill) == critical
    assert critical_failure_probability(skill) == critical_failure


@pytest.mark.parametrize("skill", range(-5, 26))
def test_probabilities_agree_with_enumeration(skill: int) -> None:
    """Each probability equals the count over all 216 ordered 3d6 rolls, and kinds sum to one."""
    counts = dict.fromkeys(SuccessKind, 0)
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                counts[success_roll(a + b + c, skill).kind] += 1
    assert sum(counts.values()) == 216
    wins = counts[SuccessKind.CRITICAL_SUCCESS] + counts[SuccessKind.SUCCESS]
    assert success_probability(skill) == Fraction(wins, 216)
    assert critical_success_probability(skill) == Fraction(
        counts[SuccessKind.CRITICAL_SUCCESS], 216
    )
    assert critical_failure_probability(skill) == Fraction(
        counts[SuccessKind.CRITICAL_FAILURE], 216
    )


def test_success_probability_never_falls_with_skill() -> None:
    """More skill never lowers the chance of success."""
    chances = [success_probability(skill) for skill in range(-5, 30)]
    assert chances == sorted(chances)
    assert THREE_D6.total_weight == 216


def test_command_via_top_level() -> None:
    """Through the top-level command, a GURPS roll prints as the system prints it."""
    command_module = pytest.importorskip("senjo.dice.command")
    result = command_module.roll_command("3d6<=11", "GURPS", _dice([2, 1, 2]))
    assert result is not None
    assert format_result(result, "ja") == "(3D6<=11) ＞ 5[2,1,2] ＞ 5 ＞ 成功(成功度：6)"

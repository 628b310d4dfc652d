"""Call of Cthulhu 6th edition dice: percentile checks and the BCDice-compatible commands."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.dice.errors import DiceError
from senjo.dice.formatting import format_result
from senjo.dice.roller import ScriptedDice
from senjo.dice.systems import find_dice_system
from senjo.dice.systems.coc import (
    CheckCommand,
    CheckResult,
    CombinationCommand,
    ResistanceCommand,
    automatic_resistance,
    parse,
    percentile_check,
    resistance_target,
    special_threshold,
)
from tests.dice.conformance_cases import conformance_params

FLAGS = ("success", "failure", "critical", "fumble")


@pytest.mark.parametrize("case", conformance_params("Cthulhu"))
def test_bcdice_vector(case: dict[str, Any]) -> None:
    """Each BCDice Cthulhu vector prints and flags exactly as BCDice, or is left to others."""
    word = case["input"].split(" ")[0]
    if case.get("secret"):
        # The top level strips the secret prefix S before asking the system.
        assert word[0] in "sS"
        word = word[1:]
    command = parse(word)
    if case["output"] == "" or word.upper().startswith("1D100"):
        # Not a command, or a generic-language roll.
        assert command is None
        return
    assert command is not None
    result = command.roll(ScriptedDice([(r["sides"], r["value"]) for r in case["rands"]]))
    assert format_result(result, "ja") == case["output"]
    assert {f: getattr(result, f) for f in FLAGS} == {f: case.get(f, False) for f in FLAGS}


@pytest.mark.parametrize(
    ("text", "rolls", "japanese", "english", "flags"),
    [
        ("cc", [42], "(1D100) ＞ 42", "(1D100) > 42", set()),
        ("CC<=0", [42], "(1D100) ＞ 42", "(1D100) > 42", set()),
        ("CC(90)", [95], "(1D100) ＞ 95", "(1D100) > 95", set()),
        (
            "CC<=60",
            [1],
            "(1D100<=60) ＞ 1 ＞ 決定的成功/スペシャル",
            "(1D100<=60) > 1 > Critical success/Special",
            {"success", "critical"},
        ),
        (
            "CCB<=4",
            [3],
            "(1D100<=4) ＞ 3 ＞ 決定的成功",
            "(1D100<=4) > 3 > Critical success",
            {"success", "critical"},
        ),
        (
            "ccb<=60",
            [12],
            "(1D100<=60) ＞ 12 ＞ スペシャル",
            "(1D100<=60) > 12 > Special",
            {"success"},
        ),
        ("CC<=60", [60], "(1D100<=60) ＞ 60 ＞ 成功", "(1D100<=60) > 60 > Success", {"success"}),
        ("CC<=60", [61], "(1D100<=60) ＞ 61 ＞ 失敗", "(1D100<=60) > 61 > Failure", {"failure"}),
        (
            "CC<=150",
            [100],
            "(1D100<=150) ＞ 100 ＞ 致命的失敗",
            "(1D100<=150) > 100 > Fumble",
            {"failure", "fumble"},
        ),
        (
            "CC(94)<=98",
            [97],
            "(1D100<=98) 故障ナンバー[94] ＞ 97 ＞ 故障",
            "(1D100<=98) malfunction number [94] > 97 > Malfunction",
            {"failure"},
        ),
        (
            "CCB(98)<=80",
            [99],
            "(1D100<=80) 故障ナンバー[98] ＞ 99 ＞ 致命的失敗/故障",
            "(1D100<=80) malfunction number [98] > 99 > Fumble/Malfunction",
            {"failure", "fumble"},
        ),
        (
            "CC(3)<=50",
            [1],
            "(1D100<=50) 故障ナンバー[3] ＞ 1 ＞ 決定的成功/スペシャル",
            "(1D100<=50) malfunction number [3] > 1 > Critical success/Special",
            {"success", "critical"},
        ),
        (
            "RES(12-10)",
            [12],
            "(1d100<=60) ＞ 12 ＞ スペシャル",
            "(1d100<=60) > 12 > Special",
            {"success"},
        ),
        (
            "resb(13-10)",
            [97],
            "(1d100<=65) ＞ 97 ＞ 致命的失敗",
            "(1d100<=65) > 97 > Fumble",
            {"failure", "fumble"},
        ),
        ("RES(0-9)", [5], "(1d100<=5) ＞ 5 ＞ 成功", "(1d100<=5) > 5 > Success", {"success"}),
        ("RES(0-10)", [], "(1d100<=0) ＞ 自動失敗", "(1d100<=0) > Automatic failure", {"failure"}),
        ("RES(9-0)", [96], "(1d100<=95) ＞ 96 ＞ 失敗", "(1d100<=95) > 96 > Failure", {"failure"}),
        (
            "RES(10-0)",
            [],
            "(1d100<=100) ＞ 自動成功",
            "(1d100<=100) > Automatic success",
            {"success"},
        ),
        (
            "CBR(70,30)",
            [30],
            "(1d100<=70,30) ＞ 30[成功,成功] ＞ 成功",
            "(1d100<=70,30) > 30[Success,Success] > Success",
            {"success"},
        ),
        (
            "cbrb(98,50)",
            [96],
            "(1d100<=98,50) ＞ 96[成功,致命的失敗] ＞ 部分的成功",
            "(1d100<=98,50) > 96[Success,Fumble] > Partial success",
            {"success", "fumble"},
        ),
        (
            "CBR(0,0)",
            [1],
            "(1d100<=0,0) ＞ 1[失敗,失敗] ＞ 失敗",
            "(1d100<=0,0) > 1[Failure,Failure] > Failure",
            {"failure"},
        ),
    ],
)
def test_command_output(
    text: str, rolls: list[int], japanese: str, english: str, flags: set[str]
) -> None:
    """Commands print like BCDice in Japanese, keep that shape in English, and set the flags."""
    command = parse(text)
    assert command is not None
    dice = ScriptedDice([(100, roll) for roll in rolls])
    result = command.roll(dice)
    assert dice.remaining == 0
    assert format_result(result, "en") == english
    assert {f for f in FLAGS if getattr(result, f)} == flags
    assert format_result(result, "ja") == japanese


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("CC", CheckCommand(None)),
        ("ccb<=+60/2+15*2-10", CheckCommand(50, ccb=True)),
        ("CC(94)<=98", CheckCommand(98, malfunction_number=94)),
        ("CCB(98)", CheckCommand(None, ccb=True, malfunction_number=98)),
        ("RES(12-10)", ResistanceCommand(2)),
        ("RESB((1+2)*3)", ResistanceCommand(9, ccb=True)),
        ("CBR(70,30)", CombinationCommand(70, 30)),
        ("CBRB((60+10),(2*15))", CombinationCommand(70, 30, ccb=True)),
    ],
)
def test_parse(text: str, command: object) -> None:
    """Command words parse case-insensitively into their command values."""
    assert parse(text) == command


@pytest.mark.parametrize(
    "text",
    ["CCさくら", "CCBさくら", "RES18-11", "RESB18-11", "CC<=", "CC<=?", "CC(x)<=50", "CBR(70)",
     "CBR(1,2,3)", "CBR(-5,30)", "CBR70,30", "RES()", "1D100<=70", "CCC", "XCC<=50"],
)  # fmt: skip
def test_not_a_coc_command(text: str) -> None:
    """Words that are not Cthulhu commands are left to the generic language."""
    assert parse(text) is None


def test_registered_as_cthulhu() -> None:
    """The system is found by its BCDice id and its alias."""
    assert find_dice_system("coc") is find_dice_system("Cthulhu")
    assert find_dice_system("coc").parse("CC<=50") == CheckCommand(50)


@pytest.mark.parametrize(
    ("roll", "target", "ccb", "expected"),
    [
        (1, 60, False, CheckResult(True, True, True, False, False)),
        (2, 60, False, CheckResult(True, True, False, False, False)),
        (5, 60, True, CheckResult(True, True, True, False, False)),
        (6, 60, True, CheckResult(True, True, False, False, False)),
        (12, 60, False, CheckResult(True, True, False, False, False)),
        (13, 60, False, CheckResult(True, False, False, False, False)),
        (11, 59, False, CheckResult(True, True, False, False, False)),
        (12, 59, False, CheckResult(True, False, False, False, False)),
        (3, 4, True, CheckResult(True, False, True, False, False)),
        (1, 1, False, CheckResult(True, True, True, False, False)),
        (99, 98, False, CheckResult(False, False, False, False, False)),
        (99, 98, True, CheckResult(False, False, False, True, False)),
        (98, 98, True, CheckResult(True, False, False, False, False)),
        (95, 50, True, CheckResult(False, False, False, False, False)),
        (96, 50, True, CheckResult(False, False, False, True, False)),
        (100, 100, False, CheckResult(False, False, False, True, False)),
        (100, 500, False, CheckResult(False, False, False, True, False)),
        (4, 3, True, CheckResult(False, False, False, False, False)),
    ],
)
def test_percentile_check(roll: int, target: int, ccb: bool, expected: CheckResult) -> None:
    """Special at a fifth, criticals 01 or 01–05 on a success, fumbles 100 or 96–100, 100 fails."""
    assert percentile_check(roll, target, ccb) == expected


@pytest.mark.parametrize(
    ("roll", "target", "ccb", "number", "expected"),
    [
        (93, 98, False, 94, CheckResult(True, False, False, False, False)),
        (94, 98, False, 94, CheckResult(False, False, False, False, True)),
        (99, 50, False, 94, CheckResult(False, False, False, False, True)),
        (100, 98, False, 94, CheckResult(False, False, False, True, True)),
        (96, 80, True, 98, CheckResult(False, False, False, True, False)),
        (3, 50, True, 3, CheckResult(False, False, False, False, True)),
        (99, 50, False, 0, CheckResult(False, False, False, False, False)),
    ],
)
def test_malfunction(roll: int, target: int, ccb: bool, number: int, expected: CheckResult) -> None:
    """A roll at or over the malfunction number fails as a malfunction; a fumble stays a fumble."""
    assert percentile_check(roll, target, ccb, malfunction_number=number) == expected


@pytest.mark.parametrize("ccb", [False, True])
@pytest.mark.parametrize("target", [-10, 0, 1, 4, 5, 19, 50, 99, 100, 101, 250])
def test_check_invariants(target: int, ccb: bool) -> None:
    """For every roll: specials and criticals succeed, fumbles fail, success is roll <= target."""
    for roll in range(1, 101):
        check = percentile_check(roll, target, ccb)
        assert check.success is (roll <= target and roll < 100)
        assert check.failure is not check.success
        assert not (check.special or check.critical) or check.success
        assert not check.fumble or check.failure
        assert check.special is (check.success and roll <= special_threshold(target))


@pytest.mark.parametrize("roll", [0, 101, -1])
def test_percentile_check_rejects_impossible_rolls(roll: int) -> None:
    """A roll outside 1–100 is an error."""
    with pytest.raises(DiceError, match="from 1 to 100"):
        percentile_check(roll, 50)


@pytest.mark.parametrize(
    ("active", "passive", "target", "automatic"),
    [
        (12, 10, 60, None),
        (10, 15, 25, None),
        (1, 10, 5, None),
        (0, 10, 0, False),
        (11, 30, -45, False),
        (19, 10, 95, None),
        (20, 10, 100, True),
        (30, 11, 145, True),
    ],
)
def test_resistance_table(active: int, passive: int, target: int, automatic: bool | None) -> None:
    """Target 50 + 5 x (active - passive); under 5 fails and over 95 succeeds without a roll."""
    assert resistance_target(active, passive) == target
    assert automatic_resistance(target) is automatic


def test_combination_counts_successes() -> None:
    """A combination roll reports how many of its two checks succeeded."""
    result = CombinationCommand(70, 30).roll(ScriptedDice([(100, 50)]))
    assert result.successes == 1
    assert result.success and not result.failure
    assert [check.success for check in result.checks] == [True, False]


def test_command_via_top_level() -> None:
    """Through the top-level command, a Cthulhu roll prints as the system prints it."""
    command_module = pytest.importorskip("senjo.dice.command")
    result = command_module.roll_command("CCB<=50", "Cthulhu", ScriptedDice([(100, 5)]))
    assert result is not None
    assert format_result(result, "ja") == "(1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル"

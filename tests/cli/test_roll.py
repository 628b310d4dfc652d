"""`senjo roll` through typer's CliRunner: output lines, JSON, languages and errors."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
from typer.testing import Result

from tests.cli.helpers import C_LOCALE, assert_usage_error, output, run_senjo
from tests.dice.conformance_cases import conformance_params

ACCEPTANCE = "(3D6<=11) ＞ 3[1,1,1] ＞ 3 ＞ クリティカル(成功度：8)"
ACCEPTANCE_EN = "(3D6<=11) > 3[1,1,1] > 3 > Critical success (margin 8)"


def invoke(*args: str, env: Mapping[str, str | None] | None = None) -> Result:
    """Run `senjo roll ARGS`."""
    return run_senjo("roll", *args, env=env)


@pytest.mark.parametrize(
    "options",
    [
        ("--lang", "ja"),
        (),  # LANG=C.UTF-8 and no SENJO_LANG: Japanese
    ],
)
def test_acceptance_line(options: tuple[str, ...]) -> None:
    """The issue's acceptance command prints BCDice's GURPS line exactly."""
    result = invoke("--system", "gurps", "--dice", "1,1,1", *options, "3d6<=11")
    assert output(result) == ACCEPTANCE


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({**C_LOCALE, "LANG": "POSIX"}, ACCEPTANCE),
        ({**C_LOCALE, "LANG": "ja_JP.UTF-8"}, ACCEPTANCE),
        ({**C_LOCALE, "LANG": "en_US.UTF-8"}, ACCEPTANCE_EN),
        ({**C_LOCALE, "SENJO_LANG": "en"}, ACCEPTANCE_EN),
        ({**C_LOCALE, "SENJO_LANG": "ja", "LANG": "en_US.UTF-8"}, ACCEPTANCE),
    ],
)
def test_default_language_follows_environment(env: Mapping[str, str | None], expected: str) -> None:
    """Without --lang the language comes from SENJO_LANG, then the locale (C/POSIX: ja)."""
    result = invoke("--system", "gurps", "--dice", "1,1,1", "3d6<=11", env=env)
    assert output(result) == expected


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("--system", "gurps", "--dice", "1,1,1", "3d6<=11"), ACCEPTANCE_EN),
        (("--dice", "6:3,6:4", "2D6+1", "attack"), "(2D6+1) > 7[3,4]+1 > 8"),
        (("--dice", "5", "1D6>=3"), "(1D6>=3) > 5 > Success"),
        (("--system", "coc", "--dice", "100:12", "CC<=60"), "(1D100<=60) > 12 > Special"),
    ],
)
def test_english_output(args: tuple[str, ...], expected: str) -> None:
    """--lang en prints the English result line."""
    assert output(invoke("--lang", "en", *args)) == expected


def test_lang_en_overrides_environment() -> None:
    """--lang en wins over SENJO_LANG=ja."""
    env = {**C_LOCALE, "SENJO_LANG": "ja"}
    result = invoke("--lang", "en", "--dice", "2", "1D6", env=env)
    assert output(result) == "(1D6) > 2"


def test_json_output() -> None:
    """--json prints one JSON object with the line, total, dice and flags."""
    result = invoke("--system", "gurps", "--dice", "6,6,6", "--json", "3d6<=11")
    assert json.loads(output(result)) == {
        "command": "3d6<=11",
        "system": "GURPS",
        "text": "(3D6<=11) ＞ 18[6,6,6] ＞ 18 ＞ ファンブル(失敗度：-7)",
        "total": 18,
        "dice": [[6, 6], [6, 6], [6, 6]],
        "secret": False,
        "success": False,
        "failure": True,
        "critical": False,
        "fumble": True,
    }


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ("--dice", "3,4", "S2D6>=7"),
            {"total": 7, "secret": True, "success": True, "failure": False},
        ),
        (
            ("--system", "coc", "--dice", "100", "CCB<=50"),
            {"total": 100, "dice": [[100, 100]], "failure": True, "fumble": True},
        ),
        (("--lang", "en", "--dice", "2", "1D6"), {"text": "(1D6) > 2", "success": False}),
    ],
)
def test_json_fields(args: tuple[str, ...], expected: dict[str, Any]) -> None:
    """--json reports the result's own total, dice and flags (and the text in --lang)."""
    printed = json.loads(output(invoke("--json", *args)))
    assert {key: printed[key] for key in expected} == expected


def test_seed_repeats_the_roll() -> None:
    """The same --seed prints the same roll twice."""
    first = output(invoke("--seed", "7", "10D100"))
    assert output(invoke("--seed", "7", "10D100")) == first


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("hello",), ("DiceBot", "'hello'")),
        (("--system", "coc", "RES18-11"), ("Cthulhu", "RES18-11")),
        (("--lang", "en", "134"), ("not a DiceBot dice command", "'134'")),
    ],
)
def test_unrecognised_command(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    """A text that is not a command exits 2 with one line on stderr."""
    assert_usage_error(invoke(*args), *fragments)


def test_unknown_system_lists_known_systems() -> None:
    """An unknown --system exits 2 and names every known system."""
    result = invoke("--system", "sw2", "2D6")
    assert_usage_error(result, "'sw2'", "DiceBot", "GURPS", "Cthulhu")


@pytest.mark.parametrize(
    ("dice", "fragment"),
    [
        ("1,x", "'x'"),
        ("", "''"),
        ("6:", "'6:'"),
        ("0", "not a die face"),
        ("6:7,1", "not a face of a d6"),
        ("7,1", "which a d6 cannot roll"),
        ("10:3,6:1", "is a d10 but a d6 was rolled"),
        ("3", "ran out"),
    ],
)
def test_bad_dice_script(dice: str, fragment: str) -> None:
    """A --dice script that is malformed or does not fit the dice exits 2 with one line
    (in English here; test_dice_errors.py has the Japanese)."""
    assert_usage_error(invoke("--lang", "en", "--dice", dice, "2D6"), fragment)


@pytest.mark.parametrize(
    ("args", "count"),
    [
        (("--dice", "1,2,3", "2D6"), "1"),
        (("--system", "coc", "--dice", "50", "RES(30-11)"), "1"),  # automatic: no dice drawn
        (("--lang", "en", "--dice", "1,2,3,4", "1D6"), "3"),
    ],
)
def test_unused_scripted_dice(args: tuple[str, ...], count: str) -> None:
    """Scripted dice left over after the roll exit 2, saying how many were unused."""
    assert_usage_error(invoke(*args), count)


def test_bad_lang() -> None:
    """--lang other than ja or en exits 2."""
    assert_usage_error(invoke("--lang", "fr", "2D6"), "'fr'")


def test_command_starting_with_minus_after_double_dash() -> None:
    """A command starting with '-' is read as the command when it follows '--'."""
    assert output(invoke("--dice", "5", "--", "-1D6")) == "(-1D6) ＞ -5[5] ＞ -5"


# -- BCDice's conformance cases, run through the command line ------------------------


def _case_args(case: dict[str, Any]) -> list[str]:
    """The `senjo roll` arguments for a conformance case (its dice as sides:value)."""
    args = ["--system", case["game_system"], "--lang", "ja"]
    if case["rands"]:
        pairs = ",".join(f"{rand['sides']}:{rand['value']}" for rand in case["rands"])
        args += ["--dice", pairs]
    return [*args, "--", case["input"]]


@pytest.mark.parametrize("case", conformance_params())
def test_conformance_case_through_cli(case: dict[str, Any]) -> None:
    """senjo roll prints BCDice's line for the case's dice (exit 2 when BCDice answers nothing)."""
    result = invoke(*_case_args(case))
    if case["output"] == "":
        assert_usage_error(result)
    else:
        assert output(result) == case["output"]

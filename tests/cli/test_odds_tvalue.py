"""`senjo odds tvalue` through typer's CliRunner: the hit chance, the damage table, JSON,
both languages, errors (seed 002 「命中判定」 and ダメージ, docs/rules/tvalue.md)."""

from __future__ import annotations

import pytest
from typer.testing import Result

from tests.cli.helpers import assert_usage_error, json_output, output, run_senjo


def invoke(*args: str) -> Result:
    """Run `senjo odds tvalue ARGS`."""
    return run_senjo("odds", "tvalue", *args)


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "T値 hit roll: accuracy 3 + 2D6 must exceed evasion 9",
                "hit: 58.33% (7/12)",  # 2D6 above 6: 21/36
                "Damage 1D6+1, protection 3",
                "damage computed: 2-7, mean 4.50 (before protection)",
                "damage  if it hits  per attack",
                "     0      33.33%      61.11%",
                *[f"     {k}      16.67%       9.72%" for k in range(1, 5)],
                "  mean        1.67        0.97",
            ],
        ),
        (
            "ja",
            [
                "T値 命中判定：命中3+2D6が回避点9を上回れば命中",
                "命中：58.33%（7/12）",
                "ダメージ：1D6+1、防護3",
                "算出ダメージ：2～7、平均4.50（防護の前）",
                "ダメージ  命中時  攻撃1回あたり",
                "       0  33.33%         61.11%",
                *[f"       {k}  16.67%          9.72%" for k in range(1, 5)],
                "    平均    1.67           0.97",
            ],
        ),
    ],
)
def test_tvalue_lines(lang: str, lines: list[str]) -> None:
    """「命中」+2D6 must exceed the evasion score (上回って: a tie misses): 3 + 2D6 > 9 on
    7 or more; 1D6+1 through protection 3 takes 0 on 1-2, else 1-4."""
    args = ("--accuracy", "3", "--evasion", "9", "--damage", "1D6+1", "--protection", "3")
    assert output(invoke(*args, "--lang", lang)).split("\n") == lines


def test_the_contested_hit_roll() -> None:
    """--contest (option hit_model=contest): the target rolls 2D6 + evasion − 7. 4 + 2D6
    against 2D6 + 11 − 7 hits when the first 2D6 is the higher: half of what is not a
    tie, (1296 − 146) ÷ 2 = 575 of 1296 (interpretation 3)."""
    lines = output(invoke("--accuracy", "4", "--evasion", "11", "--contest", "--lang", "en"))
    assert lines.split("\n") == [
        "T値 hit roll: accuracy 4 + 2D6 against the target's 2D6 + evasion 11 - 7",
        "hit: 44.37% (575/1296)",
    ]


def test_replacements_change_the_numbers() -> None:
    """強打: every damage die a 6 (2D6 → 12); クリティカル: the damage computed ×2 before
    protection; 全力攻撃: +2 a die, −4 to hit (R1, R2, R5)."""
    base = ("--accuracy", "5", "--evasion", "9", "--damage", "2D6", "--json")
    heavy = json_output(invoke(*base, "--replacement", "強打"))
    assert heavy["damage"]["rolled"] == {"12": 1.0} and heavy["replacement"] == "heavy_blow"
    critical = json_output(invoke(*base, "--replacement", "critical", "--protection", "5"))
    assert min(int(v) for v in critical["damage"]["rolled"]) == 4
    taken = critical["damage"]["damage"]  # [1,1]: 4 − 5 → 0; a 3 doubled: 6 − 5 = 1
    assert (taken["0"], taken["1"]) == (pytest.approx(1 / 36), pytest.approx(2 / 36))
    all_out = json_output(invoke(*base, "--replacement", "all_out"))
    assert (all_out["value"], all_out["hit"]) == (1, pytest.approx(10 / 36))  # 2D6 ≥ 9
    assert min(int(v) for v in all_out["damage"]["rolled"]) == 6


def test_the_cap_and_the_multiplier_after_protection() -> None:
    """ダメージ上限: 2D6+1 at most 10; ホロウポイント弾: ×2 after protection (8): 9 takes 2,
    10 takes 4."""
    args = ("--accuracy", "9", "--evasion", "5", "--damage", "2D6+1", "--cap", "10")
    data = json_output(invoke(*args, "--protection", "8", "--times", "2", "--json"))
    assert max(int(v) for v in data["damage"]["rolled"]) == 10
    assert data["damage"]["damage"] == pytest.approx({"0": 21 / 36, "2": 5 / 36, "4": 10 / 36})
    heading = output(invoke(*args, "--times", "2", "--lang", "en")).split("\n")[2]
    assert heading == "Damage 2D6+1, cap 10, protection 0, x2 after protection"


def test_json_without_damage() -> None:
    data = json_output(invoke("--accuracy", "3", "--evasion", "11", "--json"))
    assert data == {
        "accuracy": 3,
        "value": 3,
        "evasion": 11,
        "contest": False,
        "replacement": "",
        "hit": pytest.approx(5 / 18),
    }


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--evasion", "9"), "--accuracy is required"),
        (("--accuracy", "3"), "--evasion is required"),
        (("--accuracy", "x", "--evasion", "9"), "--accuracy takes a whole number"),
        (("--accuracy", "3", "--evasion", "9", "--cap", "4"), "--cap needs --damage"),
        (("--accuracy", "3", "--evasion", "9", "--damage", "2D8"), "six-sided dice"),
        (("--accuracy", "3", "--evasion", "9", "--damage", "2D6", "--cap", "0"), "--cap takes"),
        (("--accuracy", "3", "--evasion", "9", "--replacement", "sweep"), "is not one of"),
    ],
)
def test_bad_input_is_one_line(args: tuple[str, ...], fragment: str) -> None:
    assert_usage_error(invoke(*args, "--lang", "en"), fragment)


def test_bad_input_in_japanese() -> None:
    assert_usage_error(invoke("--accuracy", "3", "--lang", "ja"), "--evasion（回避点）")

"""`senjo odds coc` through typer's CliRunner: chances, damage table, JSON, languages, errors."""

from __future__ import annotations

import pytest
from typer.testing import Result

from tests.cli.helpers import assert_usage_error, json_output, output, run_senjo


def invoke(*args: str) -> Result:
    """Run `senjo odds ARGS`."""
    return run_senjo("odds", *args)


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "CoC attack at 50% against a dodge or parry of 30% (CCB)",
                "hit: 50.00% (1/2)",
                "special: 10.00% (1/10)",
                "critical: 5.00% (1/20)",
                "fumble: 5.00% (1/20)",
                "defended: 30.00% (3/10)",
                "success: 35.00% (7/20)",
                "Damage 1D6, armour 1",
                "damage rolled: 1-6, mean 3.50 (before armour)",
                "damage  if it lands  per attack",
                "     0       16.67%      70.83%",
                *[f"     {k}       16.67%       5.83%" for k in range(1, 6)],
                "  mean         2.50        0.88",
            ],
        ),
        (
            "ja",
            [
                "CoC 命中判定：技能50%、回避/受け流し30%（CCB）",
                "命中：50.00%（1/2）",
                "スペシャル：10.00%（1/10）",
                "決定的成功：5.00%（1/20）",
                "致命的失敗：5.00%（1/20）",
                "防御成功：30.00%（3/10）",
                "成功：35.00%（7/20）",
                "ダメージ：1D6、装甲1",
                "ダメージロール：1～6、平均3.50（装甲の前）",
                "ダメージ  成功時  攻撃1回あたり",
                "       0  16.67%         70.83%",
                *[f"       {k}  16.67%          5.83%" for k in range(1, 6)],
                "    平均    2.50           0.88",
            ],
        ),
    ],
)
def test_coc_lines(lang: str, lines: list[str]) -> None:
    """coc6-facts: 50% against a 30% dodge, 1D6 vs armour 1, in both languages."""
    args = ("coc", "--skill", "50", "--defense", "30", "--damage", "1D6", "--armour", "1")
    assert output(invoke(*args, "--lang", lang)).split("\n") == lines


def test_coc_without_damage_or_defense() -> None:
    """Without --defense the defended line says so; without --damage no table is printed."""
    lines = output(invoke("coc", "--skill", "60", "--cc", "--lang", "en")).split("\n")
    assert lines[0] == "CoC attack at 60% (CC)"
    assert lines[3:] == [
        "critical: 1.00% (1/100)",
        "fumble: 1.00% (1/100)",
        "defended: no defense",
        "success: 60.00% (3/5)",
    ]


def test_coc_json() -> None:
    """`odds coc --json` prints the chances, and with --damage the damage distributions."""
    plain = json_output(invoke("coc", "--skill", "50", "--defense", "30", "--json"))
    assert plain == {
        "hit": 0.5,
        "special": 0.1,
        "critical": 0.05,
        "fumble": 0.05,
        "defended": 0.3,
        "success": 0.35,
    }
    args = ("coc", "--skill", "50", "--damage", "1D2+db", "--db", "+1D2", "--impale", "--json")
    damage = json_output(invoke(*args))["damage"]
    assert damage["rolled"] == {"2": 0.2, "3": 0.425, "4": 0.275, "5": 0.075, "6": 0.025}
    assert damage["damage"] == damage["rolled"]
    assert damage["damage_per_attack"]["0"] == 0.5
    assert damage["mean_damage_per_attack"] == pytest.approx(damage["mean_damage"] / 2)


def test_coc_martial_arts() -> None:
    """--martial-arts N: the chance a blow lands carrying 武道, its note in the damage
    heading, and the dice twice on its success (fist 1D3, Martial Arts 50)."""
    args = ("coc", "--skill", "50", "--damage", "1D3", "--martial-arts", "50")
    lines = output(invoke(*args, "--lang", "en")).split("\n")
    assert "martial arts (hit and its roll): 25.00% (1/4)" in lines
    assert "Damage 1D3, armour 0, Martial Arts 50% (dice twice on its success)" in lines
    assert "damage rolled: 1-6, mean 3.00 (before armour)" in lines
    japanese = output(invoke(*args, "--lang", "ja"))
    assert "武道（命中し武道ロールも成功）：25.00%（1/4）" in japanese
    assert "、武道50%（成功でダイス2倍）" in japanese
    data = json_output(invoke(*args, "--json"))
    assert data["martial_arts"] == 0.25
    assert data["damage"]["rolled"]["6"] == pytest.approx(1 / 18)


def test_coc_knockout() -> None:
    """--knockout HP: a knock-out attack's chance per attack, its note in the heading, and
    a third of the damage when it succeeds (1D6 against 12 HP, skill 95, no defense)."""
    args = ("coc", "--skill", "95", "--damage", "1D6", "--knockout", "12")
    lines = output(invoke(*args, "--lang", "en")).split("\n")
    assert "Damage 1D6, armour 0, knock-out attack against 12 HP" in lines
    # Landing 95%; rolls 3-6 knock out at 5, 10, 15, 20%: 50/600 of blows that land.
    assert "knocked out (per attack): 7.92% (19/240)" in lines
    japanese = output(invoke(*args, "--lang", "ja"))
    assert "、HP12への気絶攻撃" in japanese and "気絶（攻撃1回あたり）：7.92%（19/240）" in japanese
    data = json_output(invoke(*args, "--json"))
    assert data["knocked_out"] == pytest.approx(19 / 240)
    assert data["damage"]["damage"]["1"] == pytest.approx((1 + 0.05 + 0.10 + 0.15) / 6)  # 1, 3-5


def test_coc_half_db_heading() -> None:
    """A thrown weapon's +db/2 shows as half the db in the heading, with the impale note."""
    args = ("coc", "--skill", "60", "--damage", "1D6+db/2", "--db", "+1D4", "--impale")
    lines = output(invoke(*args, "--lang", "en")).split("\n")
    assert lines[7] == "Damage 1D6+(1D4)/2, armour 0, impale on a special"


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--db", "+1D4"), "--db needs --damage"),
        (("--impale",), "--impale needs --damage"),
        (("--martial-arts", "60"), "--martial-arts needs --damage"),
        (("--knockout", "12"), "--knockout needs --damage"),
        (("--damage", "1D6", "--knockout", "0"), "--knockout takes a whole number of 1 or more"),
        (("--damage", "1D6", "--impale", "--martial-arts", "60"), "never impale"),
        (("--damage", "1D3", "--martial-arts", "x"), "--martial-arts takes a whole number"),
        (("--damage", "1D6-db"), "cannot read the damage '1D6-db'"),
        (("--damage", "1D6", "--db", "big"), "cannot read --db 'big'"),
        (("--damage", "1D6+db/2", "--db", "1D4+1D6"), "db/2 needs a db of one dice term"),
        (("--damage", "1D6", "--armour", "-1"), "--armour takes a whole number of 0 or more"),
        (("--damage", "101D6"), "at most 100 damage dice"),
        (("--defense", "x"), "--defense takes a whole number, not 'x'"),
    ],
)
def test_coc_rejects(args: tuple[str, ...], fragment: str) -> None:
    """A damage option without --damage, or a bad value, exits 2 with one line."""
    assert_usage_error(invoke("coc", "--skill", "50", *args, "--lang", "en"), fragment)


def test_coc_needs_skill() -> None:
    """`odds coc` without --skill exits 2 with one line, in Japanese by default."""
    assert_usage_error(invoke("coc"), "--skill（技能）を指定してください")

"""`senjo odds gurps` through typer's CliRunner: exact chances, lines, JSON, languages, errors."""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from itertools import product

import pytest
from typer.testing import Result

from senjo.cli.odds import gurps_attack_odds
from senjo.dice.systems.gurps import success_roll
from tests.cli.helpers import assert_usage_error, json_output, output, run_senjo

#: How many of the 216 ways to roll 3d6 give each total.
WAYS = {total: 0 for total in range(3, 19)}
for _dice in product(range(1, 7), repeat=3):
    WAYS[sum(_dice)] += 1


def invoke(*args: str, env: Mapping[str, str | None] | None = None) -> Result:
    """Run `senjo odds ARGS`."""
    return run_senjo("odds", *args, env=env)


# Worked by hand from the 3d6 counts (≤4: 4 ways, ≤5: 10, ≤6: 20, ≤10: 108, ≤12: 160,
# ≤14: 196, ≤16: 212 of 216); success = hit − (hit − critical) × defended.
HAND_WORKED = [
    # skill, defense, hit, critical hit, defended, success
    (10, None, Fraction(1, 2), Fraction(1, 54), Fraction(0), Fraction(1, 2)),
    # 1/2 − (26/54)(1/2) = 14/54
    (10, 10, Fraction(1, 2), Fraction(1, 54), Fraction(1, 2), Fraction(7, 27)),
    # 49/54 − (48/54)(1/2) = 25/54
    (14, 10, Fraction(49, 54), Fraction(1, 54), Fraction(1, 2), Fraction(25, 54)),
    # skill 15: 16 fails, 17 critically; 5 is critical. 103/108 − (98/108)(1/2) = 54/108
    (15, 10, Fraction(103, 108), Fraction(5, 108), Fraction(1, 2), Fraction(1, 2)),
    # skill 16: 6 is critical. 53/54 − (48/54)(20/27) = 471/1458
    (16, 12, Fraction(53, 54), Fraction(5, 54), Fraction(20, 27), Fraction(157, 486)),
    # skill 3 hits only on a critical 3 or 4, which cannot be defended.
    (3, 16, Fraction(1, 54), Fraction(1, 54), Fraction(53, 54), Fraction(1, 54)),
    # a defense of 17+ still fails on 17 and 18: 1/2 − (26/54)(53/54) = 80/2916
    (10, 20, Fraction(1, 2), Fraction(1, 54), Fraction(53, 54), Fraction(20, 729)),
    # B344: below effective skill 3 no attack may be attempted.
    (2, None, Fraction(0), Fraction(0), Fraction(0), Fraction(0)),
    (-4, 10, Fraction(0), Fraction(0), Fraction(1, 2), Fraction(0)),
]


@pytest.mark.parametrize(
    ("skill", "defense", "hit", "critical", "defended", "success"), HAND_WORKED
)
def test_hand_worked_odds(
    skill: int,
    defense: int | None,
    hit: Fraction,
    critical: Fraction,
    defended: Fraction,
    success: Fraction,
) -> None:
    """B347-348, B381: the exact chances match ones worked out by hand."""
    odds = gurps_attack_odds(skill, defense)
    assert (odds.hit, odds.critical_hit, odds.defended, odds.success) == (
        hit,
        critical,
        defended,
        success,
    )


@pytest.mark.parametrize(("skill", "defense"), [(5, 3), (9, 14), (12, 8), (15, 15), (18, 11)])
def test_success_matches_enumeration(skill: int, defense: int) -> None:
    """Overall success equals counting every pair of 3d6 rolls: hit, and critical or undefended."""
    wins = 0
    for attack, block in product(WAYS, WAYS):
        swing = success_roll(attack, skill)
        if swing.success and (swing.critical or not success_roll(block, defense).success):
            wins += WAYS[attack] * WAYS[block]
    assert gurps_attack_odds(skill, defense).success == Fraction(wins, 216 * 216)


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "GURPS attack at skill 14 against defense 10",
                "hit: 90.74% (49/54)",
                "critical hit: 1.85% (1/54) (no defense)",
                "defended: 50.00% (1/2) (of non-critical hits)",
                "success: 46.30% (25/54)",
            ],
        ),
        (
            "ja",
            [
                "GURPS 命中判定：技能14、能動防御10",
                "命中：90.74%（49/54）",
                "クリティカル命中：1.85%（1/54）、防御不可",
                "防御成功：50.00%（1/2）、クリティカル以外の命中に対して",
                "成功：46.30%（25/54）",
            ],
        ),
    ],
)
def test_lines(lang: str, lines: list[str]) -> None:
    """`odds gurps --skill 14 --defense 10` prints percentages with exact fractions."""
    result = invoke("gurps", "--skill", "14", "--defense", "10", "--lang", lang)
    assert output(result).split("\n") == lines


def test_japanese_by_default() -> None:
    """With no language preference the odds print in Japanese."""
    assert output(invoke("gurps", "--skill", "10")).startswith("GURPS 命中判定：技能10\n")


@pytest.mark.parametrize(
    ("lang", "line"),
    [("en", "defended: no defense"), ("ja", "防御成功：防御なし")],
)
def test_no_defense_line(lang: str, line: str) -> None:
    """Without --defense the defended line says there is no defense."""
    assert line in output(invoke("gurps", "--skill", "12", "--lang", lang)).split("\n")


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("en", "an effective skill below 3 cannot attempt the attack (B344)"),
        ("ja", "修正後技能レベルが3未満なので攻撃できません（B344）"),
    ],
)
def test_no_attempt_note(lang: str, note: str) -> None:
    """B344: an attack at skill 2 says it cannot be attempted and shows 0% success."""
    lines = output(invoke("gurps", "--skill", "2", "--lang", lang)).split("\n")
    assert lines[1] == note
    assert lines[-1].endswith("0.00% (0)" if lang == "en" else "0.00%（0）")


@pytest.mark.parametrize(
    ("skill", "defense", "hit", "critical", "defended", "success"), HAND_WORKED[:5]
)
def test_json(
    skill: int,
    defense: int | None,
    hit: Fraction,
    critical: Fraction,
    defended: Fraction,
    success: Fraction,
) -> None:
    """`odds gurps --json` prints the four chances as floating-point probabilities."""
    args = ["gurps", "--skill", str(skill), "--json"]
    if defense is not None:
        args += ["--defense", str(defense)]
    data = json.loads(output(invoke(*args)))
    assert data == {
        "hit": float(hit),
        "critical_hit": float(critical),
        "defended": float(defended),
        "success": float(success),
    }


def test_odds_is_a_group() -> None:
    """`senjo odds` is a group: the system is a subcommand, not implied."""
    result = invoke("--skill", "14")
    assert result.exit_code == 2
    assert output(invoke("gurps", "--skill", "14", "--lang", "en")).startswith("GURPS attack")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--lang", "en"), "--skill is required"),
        (("--lang", "ja"), "--skill（技能）を指定してください"),
        (("--skill", "high", "--lang", "en"), "--skill takes a whole number, not 'high'"),
        (("--skill", "12", "--defense", "9.5", "--lang", "en"), "--defense takes a whole number"),
        (("--skill", "12", "--defense", "x", "--lang", "ja"), "--defense は整数です"),
        (("--skill", "12", "--lang", "de"), "--lang takes ja or en"),
    ],
)
def test_rejects(args: tuple[str, ...], fragment: str) -> None:
    """A missing or malformed --skill, --defense or --lang exits 2 with one line."""
    assert_usage_error(invoke("gurps", *args), fragment)


# --- senjo odds gurps --damage ----------------------------------------------------------------


def test_gurps_damage_lines_english() -> None:
    """`--damage 1d --type cr` adds the damage heading, basic damage and the injury table."""
    args = ("gurps", "--skill", "10", "--defense", "10", "--damage", "1d", "--type", "cr")
    lines = output(invoke(*args, "--lang", "en")).split("\n")
    assert lines[5:10] == [
        "Damage 1d crushing to the torso, DR 0",
        "basic damage: 1-6, mean 3.50",
        "injury  if it lands  per attack",
        "     0        0.00%      74.07%",
        "     1       16.48%       4.27%",
    ]
    assert lines[-3:] == [
        "  8-18        0.24%       0.06%",
        "  mean         3.54        0.92",
        "8-18: critical hits only",
    ]


def test_gurps_damage_lines_japanese() -> None:
    """In Japanese the damage part names the type and location and folds criticals in a row."""
    args = ("gurps", "--skill", "10", "--damage", "1d cut", "-l", "首", "--no-critical-table")
    lines = output(invoke(*args, "--lang", "ja")).split("\n")
    assert lines[5:8] == [
        "ダメージ：1d 切り、首、防護点0、クリティカル命中表なし",
        "基本ダメージ：1～6、平均3.50",
        "負傷  成功時  攻撃1回あたり",
    ]
    assert lines[-1] == "平均    7.00           3.50"


def test_gurps_damage_json() -> None:
    """`--json` with --damage adds basic, injury and per-attack distributions and means."""
    args = ["gurps", "--skill", "10", "--defense", "10", "--damage", "1d", "--type", "cr"]
    data = json_output(invoke(*args, "--json"))
    assert set(data) == {"hit", "critical_hit", "defended", "success", "damage"}
    damage = data["damage"]
    assert damage["basic"] == {str(k): 1 / 6 for k in range(1, 7)}
    assert damage["injury_per_attack"]["0"] == float(Fraction(20, 27))
    assert sum(damage["injury"].values()) == pytest.approx(1)
    assert damage["mean_injury_per_attack"] == pytest.approx(
        float(Fraction(7, 27)) * damage["mean_injury"]
    )


@pytest.mark.parametrize(
    ("args", "heading"),
    [
        (("--damage", "sw+1 cut", "--st", "12"), "Damage 1d+3 cutting to the torso, DR 0"),
        (("--weapon-damage", "thr imp", "--st", "10"), "Damage 1d-2 impaling to the torso, DR 0"),
        (("--damage", "3d(2) pi", "--dr", "4"), "Damage 3d piercing to the torso, DR 4, armor "),
        (("--damage", "2d", "--divisor", "inf"), "Damage 2d cutting to the torso, DR 0, armor div"),
        (
            ("--damage", "1d", "--tolerance", "unliving", "--hp", "12", "-l", "right_arm"),
            "Damage 1d cutting to the right arm, DR 0, Unliving, HP 12",
        ),
    ],
)
def test_gurps_damage_forms(args: tuple[str, ...], heading: str) -> None:
    """Weapon damage from ST (thr/sw with --st), armor divisors and traits reach the heading."""
    lines = output(invoke("gurps", "--skill", "12", *args, "--lang", "en")).split("\n")
    assert lines[5].startswith(heading)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--dr", "2"), "--dr needs --damage"),
        (("--location", "neck"), "--location needs --damage"),
        (("--no-critical-table",), "--no-critical-table needs --damage"),
        (("--damage", "2x"), "cannot read the damage '2x'"),
        (("--damage", "sw+1 cut"), "sw+1 cut is ST-based damage: give --st"),
        (("--damage", "2d", "--st", "12"), "--st only applies to thr or sw damage"),
        (("--damage", "2d cut", "--type", "cr"), "the type in --damage differs from --type"),
        (("--damage", "2d(2) pi", "--divisor", "3"), "armor divisor in --damage differs"),
        (("--damage", "1d cr", "-l", "vitals"), "a crushing attack cannot aim at the vitals"),
        (("--damage", "1d", "-l", "tail"), "unknown hit location 'tail'"),
        (("--damage", "1d", "--dr", "-1"), "--dr takes a whole number of 0 or more"),
        (("--damage", "1d", "--hp", "0"), "--hp takes a whole number of 1 or more"),
        (("--damage", "101d"), "at most 100 damage dice"),
        (("--damage", "1d", "--type", "slash"), "unknown damage type 'slash'"),
    ],
)
def test_gurps_damage_rejects(args: tuple[str, ...], fragment: str) -> None:
    """A damage option without --damage, or a bad or contradictory one, exits 2 with one line."""
    assert_usage_error(invoke("gurps", "--skill", "12", *args, "--lang", "en"), fragment)


def test_gurps_damage_rejects_in_japanese() -> None:
    """The damage errors are in Japanese too."""
    result = invoke("gurps", "--skill", "12", "--damage", "sw cut", "--lang", "ja")
    assert_usage_error(result, "sw cut は体力で決まるダメージです。--st を指定してください")

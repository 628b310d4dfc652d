"""`senjo gurps st|range|damage` through typer's CliRunner: lines, JSON, languages, errors."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from typer.testing import Result

from tests.cli.helpers import assert_usage_error, json_output, output, run_senjo


def invoke(*args: str, env: Mapping[str, str | None] | None = None) -> Result:
    """Run `senjo gurps ARGS`."""
    return run_senjo("gurps", *args, env=env)


# --- senjo gurps st -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("st", "thrust", "swing"),
    [
        ("18", "1d+2", "3d"),
        ("10", "1d-2", "1d"),
        ("13", "1d", "2d-1"),
        ("20", "2d-1", "3d+2"),
        ("40", "4d+1", "7d-1"),
    ],
)
def test_st_english(st: str, thrust: str, swing: str) -> None:
    """B16: `gurps st` prints the thrust and swing damage for a ST in English."""
    line = output(invoke("st", st, "--lang", "en"))
    assert line == f"ST {st}: thrust {thrust}, swing {swing}"


def test_st_japanese_by_default() -> None:
    """`gurps st 18` with no language preference prints the issue's Japanese line."""
    assert output(invoke("st", "18")) == "体力18：突き 1d+2、振り 3d"


def test_st_json() -> None:
    """`gurps st --json` prints {"st", "thrust", "swing"} with the dice as text."""
    data = json_output(invoke("st", "18", "--json"))
    assert data == {"st": 18, "thrust": "1d+2", "swing": "3d"}


@pytest.mark.parametrize(
    ("st", "lang", "fragment"),
    [
        ("0", "en", "ST takes a whole number of 1 or more, not '0'"),
        ("-3", "en", "not '-3'"),
        ("strong", "en", "not 'strong'"),
        ("1.5", "ja", "体力は1以上の整数です"),
    ],
)
def test_st_rejects(st: str, lang: str, fragment: str) -> None:
    """A ST that is not a whole number of 1 or more exits 2 with one line."""
    assert_usage_error(invoke("st", st, "--lang", lang), fragment)


def test_bad_lang() -> None:
    """`--lang` other than ja or en exits 2 with one line."""
    assert_usage_error(invoke("st", "10", "--lang", "fr"), "--lang takes ja or en")


# --- senjo gurps range ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("yards", "modifier"),
    [
        ("2", 0),
        ("0", 0),
        ("3", -1),
        ("3.5", -2),  # between rows: the next higher row (5 yards)
        ("30", -7),
        ("31", -8),
        ("100", -10),
        ("1000", -16),
        ("1/2", 0),
    ],
)
def test_range_json(yards: str, modifier: int) -> None:
    """B550: `gurps range --json` gives the speed/range modifier for the yards."""
    data = json_output(invoke("range", yards, "--json"))
    assert data["modifier"] == modifier
    assert set(data) == {"yards", "modifier"}


@pytest.mark.parametrize(
    ("yards", "shown"),
    [("30", 30), ("2.5", 2.5), ("1/4", 0.25)],
)
def test_range_json_yards(yards: str, shown: float) -> None:
    """`gurps range --json` echoes the yards as a number: whole as int, else float."""
    data = json_output(invoke("range", yards, "--json"))
    assert data["yards"] == shown
    assert isinstance(data["yards"], int) == isinstance(shown, int)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "30 yards: speed/range modifier -7"),
        ("ja", "距離30ヤード：距離・速度修正 -7"),
    ],
)
def test_range_line(lang: str, line: str) -> None:
    """`gurps range 30` prints the −7 modifier in either language."""
    assert output(invoke("range", "30", "--lang", lang)) == line


def test_range_zero_has_no_sign() -> None:
    """A modifier of 0 prints as 0, not +0."""
    assert output(invoke("range", "1.5", "--lang", "en")) == "1.5 yards: speed/range modifier 0"


@pytest.mark.parametrize("yards", ["-5", "far", "1/0", "nan", "inf", "1e400"])
def test_range_rejects(yards: str) -> None:
    """A distance that is not a finite number of 0 or more yards exits 2 with one line."""
    assert_usage_error(invoke("range", yards, "--lang", "en"), "number of yards", repr(yards))


# --- senjo gurps damage ---------------------------------------------------------------------

ACCEPTANCE = ("damage", "7", "cut", "--dr", "2", "--location", "neck")


def test_damage_acceptance_english() -> None:
    """The issue's example: 7 cut vs DR 2 at the neck is 5 penetrating × 2 = injury 10."""
    line = output(invoke(*ACCEPTANCE, "--lang", "en"))
    assert line == "Injury 10: 7 − 2 = 5 penetrating × 2 (cutting at neck) = 10"


def test_damage_acceptance_japanese() -> None:
    """The same example in Japanese keeps the working's numbers and names the neck and type."""
    line = output(invoke(*ACCEPTANCE))
    assert line == "負傷10：7 − 2 = 5 突き抜けたダメージ × 2（首への切り） = 10"


def test_damage_json() -> None:
    """`gurps damage --json` gives basic, dr, penetrating, multiplier (float), injury, steps."""
    data = json_output(invoke(*ACCEPTANCE, "--json"))
    assert data == {
        "basic": 7,
        "dr": 2,
        "penetrating": 5,
        "multiplier": 2.0,
        "injury": 10,
        "steps": [
            ["basic damage", 7],
            ["DR", 2],
            ["penetrating", 5],
            ["× cutting at neck", 2.0],
            ["injury", 10],
        ],
    }
    assert isinstance(data["multiplier"], float)


@pytest.mark.parametrize(
    ("args", "injury", "working"),
    [
        # B399: the skull adds DR 2 and multiplies by 4.
        (("10", "cr", "-l", "skull"), 32, "10 − (0 + 2) = 8 penetrating × 4"),
        # B379: small piercing ×0.5, but a penetrating hit does at least 1.
        (("12", "pi-", "--dr", "11"), 1, "= 0 → minimum 1 = 1"),
        # B378: armor divisor (2) halves DR, rounding down.
        (("10", "cut", "--dr", "5", "--divisor", "2"), 12, "DR 5 ÷ (2) = 2; 10 − 2 = 8"),
        # B378: armor divisor (0.5) doubles DR.
        (("10", "cr", "--dr", "3", "--divisor", "0.5"), 4, "DR 3 ÷ (0.5) = 6; 10 − 6 = 4"),
        # B380: Homogenous: piercing ×1/5 whatever the location.
        (("20", "pi", "-l", "vitals", "--tolerance", "homogenous"), 4, "× 0.2"),
        # B380: Diffuse: a piercing hit does at most 1 injury.
        (("20", "pi", "--tolerance", "diffuse"), 1, "→ Diffuse cap = 1"),
        # B398: injury to a limb beyond what cripples it is lost (HP 10: at most 6).
        (("20", "cut", "-l", "right_leg", "--hp", "10"), 6, "= 30 → limb cap = 6"),
        # DR stops it all.
        (("3", "cr", "--dr", "5"), 0, "3 − 5 = 0 penetrating"),
    ],
)
def test_damage_cases(args: tuple[str, ...], injury: int, working: str) -> None:
    """B378-380, B398-400: the injury and its working for assorted hits."""
    line = output(invoke("damage", *args, "--lang", "en"))
    assert line.startswith(f"Injury {injury}: ")
    assert working in line
    assert json_output(invoke("damage", *args, "--json"))["injury"] == injury


def test_damage_divisor_inf_json() -> None:
    """An armor divisor of (∞) ignores DR; JSON has no infinity, so its step value is null."""
    data = json_output(invoke("damage", "20", "imp", "--dr", "6", "--divisor", "inf", "--json"))
    assert data["penetrating"] == 20 and data["injury"] == 40
    assert ["armor divisor", None] in data["steps"]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ("20", "cut", "-l", "right_leg", "--hp", "10"),
            "負傷6：20 突き抜けたダメージ（防護点なし） × 1.5（切り） = 30 → 腕脚の上限 = 6",
        ),
        (
            ("20", "pi", "--dr", "6", "--divisor", "2", "--tolerance", "homogenous"),
            "負傷3：防護点 6 ÷ (2) = 3；20 − 3 = 17 突き抜けたダメージ × 0.2（貫通、均一） = 3",
        ),
        (
            ("12", "切り", "-l", "首", "--tolerance", "無生物"),
            "負傷24：12 突き抜けたダメージ（防護点なし） × 2（首への切り） = 24",
        ),
    ],
)
def test_damage_japanese(args: tuple[str, ...], line: str) -> None:
    """The Japanese working translates labels and caps; Japanese names are accepted as input."""
    assert output(invoke("damage", *args, "--lang", "ja")) == line


@pytest.mark.parametrize(
    ("lang", "second"),
    [
        ("en", "blunt trauma if the armor is flexible: 2"),
        ("ja", "柔軟な防具なら鈍的外傷 2"),
    ],
)
def test_damage_blunt_trauma(lang: str, second: str) -> None:
    """B379: a crushing hit stopped by DR gives 1 HP of blunt trauma per 5 basic damage."""
    lines = output(invoke("damage", "10", "cr", "--dr", "12", "--lang", lang)).split("\n")
    assert len(lines) == 2 and lines[1] == second


def test_damage_untargetable_note() -> None:
    """B399: a crushing hit to the vitals is worked out, with a note that it cannot be aimed."""
    lines = output(invoke("damage", "10", "cr", "-l", "vitals", "--lang", "en")).split("\n")
    assert lines == [
        "Injury 10: 10 penetrating (no DR) × 1 (crushing) = 10",
        "note: a crushing attack cannot aim at the vitals",
    ]


@pytest.mark.parametrize(
    ("args", "lang", "fragments"),
    [
        (("7", "slash"), "en", ("unknown damage type 'slash'", "cr, cut, imp, pi-, pi, pi+")),
        (("7", "slash"), "ja", ("ダメージの種類 'slash' はありません", "cut")),
        (("7", "cut", "-l", "nose"), "en", ("unknown hit location 'nose'", "neck", "vitals")),
        (("7", "cut", "-l", "nose"), "ja", ("命中部位 'nose' はありません", "skull")),
        (
            ("7", "cut", "--tolerance", "ghost"),
            "en",
            ("unknown injury tolerance", "unliving, homogenous, diffuse"),
        ),
        (("7", "cut", "--dr", "-1"), "en", ("--dr takes a whole number of 0 or more",)),
        (("7", "cut", "--dr", "lots"), "ja", ("防護点", "0以上の整数")),
        (("7", "cut", "--hp", "0"), "en", ("--hp takes a whole number of 1 or more",)),
        (("seven", "cut"), "en", ("basic damage takes a whole number",)),
        (("7", "cut", "--divisor", "0.3"), "en", ("--divisor takes", "0.5, 0.2, 0.1 or inf")),
        (("7", "cut", "--divisor", "0"), "ja", ("徹甲除数",)),
    ],
)
def test_damage_rejects(args: tuple[str, ...], lang: str, fragments: tuple[str, ...]) -> None:
    """A bad damage type, location, tolerance or number exits 2 with one line listing the fix."""
    assert_usage_error(invoke("damage", *args, "--lang", lang), *fragments)

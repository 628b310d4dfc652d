"""CoC narration: every event in both languages, checks printed as BCDice prints them."""

from __future__ import annotations

from pathlib import Path

import pytest

from senjo.dice.formatting import Lang
from senjo.engine.battle import Outcome
from senjo.engine.controllers import run
from senjo.engine.events import Decided
from senjo.engine.modifiers import Modifiers, Score
from senjo.narration import narrator_for
from senjo.narration.coc import CocNarrator
from senjo.narration.coc_terms import TERMS, term
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle
from senjo.systems.coc.ai import CocAI
from senjo.systems.coc.events import (
    CocActionTaken,
    CocCheck,
    CocConditionChanged,
    CocDamageRolled,
    CocDeclared,
    CocMoved,
    CocProtecting,
    CocResistance,
    CocSurprise,
    CocTaunted,
)

EXAMPLES = Path(__file__).parents[2] / "examples" / "coc"
NAMES = {"ann": ("Ann", "アン"), "bo": ("Bo", "ボー")}


def _n(lang: Lang) -> CocNarrator:
    return CocNarrator(NAMES, lang, {"knife": ("Knife", "ナイフ")})


def test_check_prints_bcdice_line_after_the_working() -> None:
    """A check: the CCB command, the base and named modifiers, then BCDice's own line."""
    item = CocCheck(
        "ann",
        "attack",
        Score(55, Modifiers.of(("aim", 30)), 99),
        47,
        True,
        target="bo",
        weapon="knife",
    )
    assert _n("ja").line(item) == (
        "アンの命中判定（ナイフ → ボー）：CCB<=85 [55、狙う +30] (1D100<=85) ＞ 47 ＞ 成功"
    )
    assert _n("en").line(item) == (
        "Ann's attack roll (Knife → Bo): CCB<=85 [55, aim +30] (1D100<=85) > 47 > Success"
    )


def test_cc_rule_and_malfunction_number_show_in_the_command() -> None:
    """Option critical_rule=cc prints CC; a gun's malfunction number prints as CC(n)."""
    item = CocCheck(
        "ann",
        "attack",
        Score(40),
        100,
        False,
        fumble=True,
        malfunction=True,
        ccb=False,
        malfunction_number=100,
    )
    assert _n("en").line(item) == (
        "Ann's attack roll: CC(100)<=40 [40] (1D100<=40) malfunction number [100] > 100 > "
        "Fumble/Malfunction"
    )


def test_resistance_prints_res() -> None:
    """A resistance roll prints as RESB(active-passive) with BCDice's line."""
    item = CocResistance("ann", "taunt", "bo", 12, 10, 60, 40, True)
    assert _n("ja").line(item) == (
        "アンの挑発（言いくるめ1/5対INT）（対 ボー）：RESB(12-10) (1d100<=60) ＞ 40 ＞ 成功"
    )
    automatic = CocResistance("ann", "knockout", "bo", 30, 10, 150, 0, True)
    assert _n("en").line(automatic) is not None
    assert str(_n("en").line(automatic)).endswith("RESB(30-10) (1d100<=150) > Automatic success")


def test_damage_prints_the_bcdice_sum() -> None:
    """A damage roll prints as BCDice prints the dice sum, with why the dice were doubled."""
    item = CocDamageRolled("ann", "bo", "knife", "1D4+2+1D4+2", (1, 4), 9, 9, "impale")
    assert _n("ja").line(item) == (
        "ボーへのダメージ（ナイフ、貫通でダイス2倍）：(1D4+2+1D4+2) ＞ 1[1]+2+4[4]+2 ＞ 9"
    )
    negative = CocDamageRolled("ann", "bo", "fist", "1D3-1D6", (1, 6), -5, 0)
    assert str(_n("en").line(negative)).endswith("> -5 → 0")


@pytest.mark.parametrize(
    ("item", "words"),
    [
        (CocDeclared("ann", "dodge_focus"), "回避に集中"),
        (CocProtecting("ann", "bo", "bo"), "庇う"),
        (CocActionTaken("ann", "throw", "bo"), "投げ"),
        (CocActionTaken("ann", "attack", "bo", "grapple", "tackle"), "体当たり"),
        (CocActionTaken("ann", "hide"), "隠れる"),
        (CocTaunted("ann", "bo", 3), "挑発"),
        (CocActionTaken("ann", "withdraw"), "後退"),
        (CocActionTaken("ann", "close", "bo"), "接近"),
        (CocConditionChanged("ann", "prone", True, "thrown"), "転倒"),
        (CocActionTaken("ann", "aim"), "狙う"),
        (CocSurprise("ann", "bo"), "不意打ち"),
        (CocCheck("ann", "sneak", Score(40), 20, True), "忍び足"),
        (CocCheck("ann", "idea", Score(60), 20, True), "アイデア"),
        (CocCheck("ann", "breakfall", Score(25), 20, True), "受け身"),
        (CocMoved("bo", 2.24, "ann", "knocked_back", 3.2, 0), "吹き飛ばされた"),
    ],
)
def test_japanese_narration_uses_the_seeds_terms(item: object, words: str) -> None:
    """Narration in Japanese names seed 004's actions in the seed's own words."""
    assert words in str(_n("ja").line(item))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("item", "line"),
    [
        (CocMoved("bo", 5.08, "ann", "toward", 1.0, 0), "ボーはアンへ5.08メートル接近"),
        (CocMoved("bo", 3, "ann", "away", 9.0, 0), "ボーはアンから3メートル後退"),
        (CocMoved("bo", 3, "", "away", 9.0, 0), "ボーは3メートル後退"),
    ],
)
def test_a_move_reads_whom_toward_then_how_far(item: CocMoved, line: str) -> None:
    """A move in Japanese names the foe before the distance (it read
    `ボーは5.08メートルアンへ接近`, the distance running into the name)."""
    assert _n("ja").line(item) == line


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("name", ["cultists", "deep_one", "duel"])
def test_every_event_of_a_battle_has_a_line(name: str, lang: Lang) -> None:
    """Every logged event but the decisions gets one non-empty line, in both languages."""
    scenario = load_scenario(EXAMPLES / f"{name}.yaml")
    narrator = narrator_for(scenario, lang)
    for seed in range(6):
        for house in ("on", "off"):
            battle = build_battle(scenario, seed=seed, options={"house": house})
            run(battle, {key: CocAI() for key in scenario.controllers})
            for item in battle.log:
                line = narrator.line(item)
                if isinstance(item, Decided):
                    assert line is None
                else:
                    assert line, item
            assert isinstance(battle.log[-1], Outcome)


def test_who_names_in_the_narrators_language() -> None:
    """`who` gives the Japanese or English name."""
    assert (_n("ja").who("ann"), _n("en").who("ann"), _n("en").who("zed")) == ("アン", "Ann", "zed")


def test_terms_cover_both_languages_and_fall_back() -> None:
    """Every term has Japanese and English; an unknown key reads as itself."""
    for kind in TERMS.values():
        for ja, en in kind.values():
            assert isinstance(ja, str) and isinstance(en, str)
    assert term("action", "cartwheel", "en") == "cartwheel"

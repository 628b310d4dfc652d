"""GURPS narration terms follow docs/glossary.md, and narration reads in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from senjo.engine.battle import Outcome
from senjo.engine.controllers import run
from senjo.engine.modifiers import Modifiers, Score
from senjo.narration import narrator_for
from senjo.narration.gurps import GurpsNarrator
from senjo.narration.gurps_terms import TERMS, term
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle, controllers_for
from senjo.systems.gurps.damage import DamageType
from senjo.systems.gurps.events import (
    AttackRolled,
    ConditionChanged,
    DefenseRolled,
    Injured,
    ItemChanged,
    ManeuverTaken,
    Moved,
    TurnSkipped,
)

GLOSSARY = (Path(__file__).parents[2] / "docs" / "glossary.md").read_text(encoding="utf-8")
NAMES = {"ann": ("Ann", "アン"), "bo": ("Bo", "ボー")}


@pytest.mark.parametrize(
    ("kind", "key", "ja"),
    [(kind, key, pair[0]) for kind, entries in TERMS.items() for key, pair in entries.items()],
)
def test_every_japanese_term_is_in_the_glossary(kind: str, key: str, ja: str) -> None:
    """Each Japanese narration term appears in docs/glossary.md (STYLE: terms follow it)."""
    assert ja in GLOSSARY, f"{kind}.{key}: {ja} is not in docs/glossary.md"


def test_unknown_keys_fall_back_to_readable_text() -> None:
    """A key the catalogue lacks reads as its words, so new rules never break narration."""
    assert term("modifier", "brand_new_rule", "en") == "brand new rule"


@pytest.mark.parametrize(
    ("maneuver", "variant", "ja", "en"),
    [
        (
            "change_posture",
            "kneeling",
            "アンは「姿勢変更（膝立ち）」",
            "Ann chooses Change Posture (kneeling)",
        ),
        (
            "change_posture",
            "lying",
            "アンは「姿勢変更（伏せ）」",
            "Ann chooses Change Posture (lying down)",
        ),
        (
            "all_out_defense",
            "double",
            "アンは「全力防御（二重防御）」",
            "Ann chooses All-Out Defense (Double Defense)",
        ),
        (
            "all_out_attack",
            "double",
            "アンは「全力攻撃（二回攻撃）」",
            "Ann chooses All-Out Attack (Double)",
        ),
    ],
)
def test_a_maneuvers_variant_reads_as_its_own_words(
    maneuver: str, variant: str, ja: str, en: str
) -> None:
    """A Change Posture names the posture in the glossary's words (it read `kneeling` in
    Japanese), and All-Out Defense's `double` is Double Defense, not All-Out Attack's
    Double (one option key, two maneuvers)."""
    taken = ManeuverTaken("ann", maneuver, variant)
    assert GurpsNarrator(NAMES, "ja").line(taken) == ja
    assert GurpsNarrator(NAMES, "en").line(taken) == en


@pytest.mark.parametrize(
    ("location", "ja", "en"),
    [
        ("right_leg", "アン：右脚が使えなくなった", "Ann's right leg is crippled"),
        ("hand", "アン：手が使えなくなった", "Ann's hand is crippled"),
        ("eye", "アン：目が使えなくなった", "Ann's eye is crippled"),
        ("eyes", "アン：両目が使えなくなった", "Ann's eyes are crippled"),
    ],
)
def test_a_crippled_part_reads_as_its_location(location: str, ja: str, en: str) -> None:
    """B420: a limb, extremity or eye crippled by a wound reads as the hit location's
    name in each language (部位が使えなくなる, docs/glossary.md), not as the condition's
    key ('crippled right leg' in the Japanese line)."""
    crippled = ConditionChanged("ann", f"crippled_{location}", True, "critical_miss")
    assert GurpsNarrator(NAMES, "ja").line(crippled) == ja
    assert GurpsNarrator(NAMES, "en").line(crippled) == en
    assert "使えなくなる" in GLOSSARY


def test_a_numbed_part_reads_as_its_location() -> None:
    """B556 (critical hit, 8): a numbed limb, and its recovery, read as the hit location's
    name (しびれて使えない, docs/glossary.md), not as the condition's key."""
    numbed = ConditionChanged("ann", "numbed_right_arm", True, "numbing")
    back = ConditionChanged("ann", "numbed_right_arm", False, "recovered")
    assert GurpsNarrator(NAMES, "ja").line(numbed) == "アン：右腕がしびれて使えない"
    assert GurpsNarrator(NAMES, "en").line(numbed) == "Ann's right arm is numbed"
    assert GurpsNarrator(NAMES, "ja").line(back) == "アン：右腕が動くようになった"
    assert GurpsNarrator(NAMES, "en").line(back) == "Ann's right arm is working again"
    assert "しびれて使えない" in GLOSSARY and "動くようになった" in GLOSSARY


def test_crippled_eyes_modifiers_read_in_both_languages() -> None:
    """Interpretation 78 (One Eye, B147; Blindness, B124): the attack roll's modifiers of a
    crippled eye read as words in each language, each Japanese one in docs/glossary.md."""
    keys = ("one_eye", "one_eye_unaimed", "blinded", "wild_swing_blinded", "attacker_unseen")
    for kind, key in [*(("modifier", k) for k in keys), ("check", "hearing")]:
        ja, en = term(kind, key, "ja"), term(kind, key, "en")
        assert ja != en and "_" not in en and ja in GLOSSARY


def test_location_modifiers_read_as_locations() -> None:
    """`location_skull` reads as the hit location's name in each language."""
    assert term("modifier", "location_skull", "en") == "skull"
    assert term("modifier", "location_skull", "ja") == "頭蓋"


def test_defense_line_shows_every_modifier() -> None:
    """A defense line gives the target number, the base and each named modifier."""
    line = GurpsNarrator(NAMES, "ja").line(
        DefenseRolled(
            "bo", "ann", "dodge", "", True, Score(8, Modifiers.of(("retreat", 3))), 9, 2, "success"
        )
    )
    assert line == "ボーのよけ＋後退：目標値11 [8、後退 +3] 出目9 → 成功"


def test_a_parry_against_a_thrown_weapon_names_its_penalty() -> None:
    """B376: the -1 (or -2) of parrying a thrown weapon reads as such in both languages."""
    score = Score(10, Modifiers.of(("parry_thrown", -1)))
    defense = DefenseRolled("bo", "ann", "parry", "axe", False, score, 9, 0, "success")
    ja, en = GurpsNarrator(NAMES, "ja").line(defense), GurpsNarrator(NAMES, "en").line(defense)
    assert ja is not None and "手投げ武器を受ける -1" in ja
    assert en is not None and "parrying a thrown weapon -1" in en


def test_a_burst_reads_as_its_shots_and_hits_and_a_dodge_as_the_hits_it_stops() -> None:
    """B373: a burst of 8 shots hitting 3 times says so; B375: the dodge that stops 2 of
    those 3 says so, in both languages; a single shot and its dodge read as before."""
    burst = AttackRolled(
        "ann", "bo", "smg", "shoot", Score(12, Modifiers.of(("rapid_fire", 1))), 7, 6, "hit",
        "torso", 8, 3,
    )  # fmt: skip
    dodge = DefenseRolled("bo", "ann", "dodge", "", False, Score(9), 8, 1, "success", 2)
    en, ja = GurpsNarrator(NAMES, "en"), GurpsNarrator(NAMES, "ja")
    assert (en.line(burst) or "").endswith("hit (margin 6); 8 shots, 3 hits")
    assert (en.line(dodge) or "").endswith("success; stops 2 of 3 hits")
    assert (ja.line(burst) or "").endswith("命中（成功度6、8発中3発命中）")
    assert (ja.line(dodge) or "").endswith("成功（3発中2発を防ぐ）")
    single = AttackRolled("ann", "bo", "bow", "shoot", Score(12), 7, 5, "hit", "torso")
    assert (en.line(single) or "").endswith("hit (margin 5)")
    assert (
        en.line(DefenseRolled("bo", "ann", "dodge", "", False, Score(9), 8, 1, "success")) or ""
    ).endswith(": success")


def test_a_reload_shows_its_progress_and_rounds() -> None:
    """A reload's Readies so far ("1/3") and the rounds in a gun loaded a round at a time
    ("2/6", interpretation 60) read in both languages; a plain reload as before."""
    en, ja = GurpsNarrator(NAMES, "en"), GurpsNarrator(NAMES, "ja")
    assert en.line(ItemChanged("ann", "gun", "reloaded", "2/6")) == "Ann reloaded the gun (2/6)"
    assert ja.line(ItemChanged("ann", "gun", "reloading", "1/3")) == "アンはgunを再装填中（1/3）"
    assert en.line(ItemChanged("ann", "gun", "reloaded")) == "Ann reloaded the gun"


def test_putting_a_weapon_away_reads_in_both_languages() -> None:
    """Ready (sheathe) (ホルスター・鞘に納める, docs/glossary.md) narrated as 納めた / put away."""
    en, ja = GurpsNarrator(NAMES, "en"), GurpsNarrator(NAMES, "ja")
    assert en.line(ItemChanged("ann", "gun", "sheathed", "sheathe")) == "Ann put away the gun"
    assert ja.line(ItemChanged("ann", "gun", "sheathed", "sheathe")) == "アンはgunを納めた"


def test_a_wrested_weapon_reads_in_both_languages() -> None:
    """Wrest a weapon (武器を奪う, B370; interpretation 79): the loser of the weapon is
    narrated as disarmed of it (奪い取られた, docs/glossary.md)."""
    en, ja = GurpsNarrator(NAMES, "en"), GurpsNarrator(NAMES, "ja")
    assert en.line(ItemChanged("ann", "gun", "wrested", "bo")) == "Ann is disarmed of the gun"
    assert ja.line(ItemChanged("ann", "gun", "wrested", "bo")) == "アンはgunを奪い取られた"
    assert "奪い取られた" in GLOSSARY


def test_injury_line_shows_the_working() -> None:
    """An injury line shows basic damage, DR, penetration, multiplier and HP left."""
    line = GurpsNarrator(NAMES, "en").line(Injured("bo", "neck", 7, "cut", 2, 5, 2.0, 10, 2))
    assert line == "Bo takes 10 injury to the neck (7 − DR 2 = 5 × 2 = 10); HP now 2"


def test_outcome_line_in_both_languages() -> None:
    """The outcome names the winning side and the rounds, singular for one."""
    outcome = Outcome("left", "last_side_standing", 1)
    assert GurpsNarrator(NAMES, "en").line(outcome) == (
        "Winner: left (last side standing, 1 round)"
    )
    assert GurpsNarrator(NAMES, "ja").line(outcome) == "勝者：left（最後まで立っていた、1ラウンド）"


@pytest.mark.parametrize(
    ("key", "ja", "en"),
    [
        ("wild_swing", "大振り", "Wild Swing"),
        ("shooting_blind", "視界外射撃", "shooting blind"),
        ("off_hand", "利き手でない手", "off hand"),
    ],
)
def test_hex_map_and_hand_modifiers_are_named_in_both_languages(key: str, ja: str, en: str) -> None:
    """A score's breakdown names each modifier in the reader's language, not by its key."""
    score = Score(14, Modifiers(((key, -5),)), 9)
    assert ja in GurpsNarrator(NAMES, "ja").score(score)
    assert en in GurpsNarrator(NAMES, "en").score(score)


def test_a_turn_in_place_is_narrated_with_the_new_facing() -> None:
    """A shooter's free turn toward a target out of sight shows in the log (seed 001)."""
    turn = Moved("ann", 0.0, "bo", "turn", 4, 4, "S")
    assert GurpsNarrator(NAMES, "ja").line(turn) == "アンはボーの方を向いた（S）"
    assert GurpsNarrator(NAMES, "en").line(turn) == "Ann turns to face Bo (S)"


def test_a_turn_in_place_toward_no_one_names_only_the_facing() -> None:
    """A Move that ends where it began in a new facing (seed 001: 向きを変える; a person
    in `senjo play` may choose one) has no one to face: it read "Ann turns to face  (N)"."""
    turn = Moved("ann", 0.0, "", "turn", 4, 4, "N")
    assert GurpsNarrator(NAMES, "ja").line(turn) == "アンは向きを N に変えた"
    assert GurpsNarrator(NAMES, "en").line(turn) == "Ann turns to face N"


def test_pop_up_moves_and_skipped_turns_read_in_both_languages() -> None:
    """seed 001 (飛び出し攻撃): the step out and the step back are narrated by hex; a
    skipped turn gives its reason as a term."""
    out = Moved("ann", 1.0, "bo", "pop_up", 3, 4, "S")
    back = Moved("ann", 1.0, "bo", "pop_up_back", 4, 4, "S")
    assert GurpsNarrator(NAMES, "en").line(out) == "Ann pops out 1 yd to 3,4"
    assert GurpsNarrator(NAMES, "ja").line(back) == "アンは4,4の物陰へ戻る（1メートル）"
    skipped = TurnSkipped("ann", "nothing_to_watch")
    assert GurpsNarrator(NAMES, "en").line(skipped) == "Ann rests (nothing in sight to watch)"


GURPS_EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "gurps").glob("*.yaml"))


@pytest.mark.parametrize("path", GURPS_EXAMPLES, ids=lambda p: p.stem)
def test_japanese_narration_shows_no_keys(path: Path) -> None:
    """Played out (three seeds of each example), the Japanese narration has no key in
    it: a check, a maneuver's variant or a skipped turn without its words fell back to
    its key (早抜き read `fast draw`, 持ち直す `regrip`, HP0以下で安静 `resting at zero
    hp`)."""
    scenario = load_scenario(path)
    narrator = narrator_for(scenario, "ja")
    for seed in (1, 2, 3):
        battle = build_battle(scenario, seed=seed)
        run(battle, controllers_for(scenario, seed))
        for item in battle.log:
            line = narrator.line(item)
            assert line is None or not re.search(r"[a-z]{3,}", line), line


def test_every_damage_type_has_its_japanese_name() -> None:
    """Japanese narration names a damage type by the glossary's word (刺し, 切り …), not the
    English abbreviation; English keeps the abbreviation (imp, cut)."""
    names = [term("damage_type", kind.value, "ja") for kind in DamageType]
    assert all(name in GLOSSARY for name in names), names
    assert term("damage_type", "imp", "ja") == "刺し"
    assert term("damage_type", "pi++", "ja") == "特大貫通"
    assert term("damage_type", "imp", "en") == "imp"

"""Scenario loading: good files build the right sheets, bad files give one exact message."""

from __future__ import annotations

import copy
import math
from pathlib import Path
from typing import Any

import pytest
import yaml

from senjo.scenario import Scenario, ScenarioError, load_scenario, parse_scenario
from senjo.scenario.gurps import LOCATIONS
from senjo.space.plane import Point
from senjo.systems.gurps.skills import KNOWN_SKILLS
from senjo.systems.gurps.system import Gurps
from tests.fresh import fresh_python

EXAMPLES = Path(__file__).parents[2] / "examples" / "gurps"
DUEL = EXAMPLES / "duel.yaml"
BAD = Path(__file__).parent / "bad"

ADVANTAGES = (
    "ambidexterity, blindness, combat_reflexes, double_jointed, enhanced_block, enhanced_dodge, "
    "enhanced_parry, flexibility, hard_to_kill, hard_to_subdue, high_pain_threshold, "
    "injury_tolerance_diffuse, injury_tolerance_homogenous, injury_tolerance_unliving, "
    "low_pain_threshold, no_brain, no_vitals, one_eye, perfect_balance, peripheral_vision, "
    "trained_by_a_master, vision_360, weapon_master"
)
HIT_LOCATIONS = (
    "all, eye, face, foot, groin, hand, left_arm, left_leg, neck, right_arm, right_leg, "
    "skull, torso, vitals"
)
WEAPONS = (
    "axe, broadsword, claws, club, crossbow, greatsword, kick, large_knife, mace, punch, "
    "quarterstaff, regular_bow, shortsword, spear"
)
MODE_FIELDS = (
    "damage, min_st, name, parry, ranged, reach, reach_needs_ready, skill, st_for_damage, "
    "two_handed, unarmed"
)
DAMAGE_HELP = (
    "write dice or thr/sw, an optional armor divisor in parentheses, and a type "
    "(pi++|pi+|pi-|pi|cr|cut|imp|burn|cor|fat|tox|aff|spec)"
)

GURPS_OPTIONS = ", ".join(sorted(option.name for option in Gurps.options))

#: bad file -> everything after "<file>: " in str(error).
MESSAGES: dict[str, str] = {
    "bad_controller.yaml": "combatants[0].controller: Input should be 'ai', 'human' or 'random'",
    "bad_key_pattern.yaml": (
        "combatants[0].key: 'Sir Knight' is not a valid key: use lowercase letters, digits and _, "
        "starting with a letter"
    ),
    "combatant_not_mapping.yaml": "combatants[0]: expected a mapping",
    "combatants_not_list.yaml": "combatants: expected a list of at least two combatants",
    "duplicate_key.yaml": "combatants[1].key: 'knight' is used twice",
    "duplicate_weapon.yaml": "combatants[0].weapons: two weapons share a key",
    "empty.yaml": "a scenario file is a mapping with system: and combatants:",
    "fractional_seed.yaml": "seed: expected a whole number 0 or more, not 1.5",
    "inline_weapon_bad_damage.yaml": (
        f"combatants[0].weapons[0].modes[0].damage: 'lots cut' is not weapon damage: {DAMAGE_HELP}"
    ),
    "inline_weapon_bad_reload.yaml": (
        "combatants[0].weapons[0].modes[0].ranged.reload: expected Ready maneuvers like 2, or 3i"
        " for one round at a time, not '3x'"
    ),
    "inline_weapon_bad_parry.yaml": (
        "combatants[0].weapons[0].modes[0].parry: 'maybe' is not a parry like 0, -1, +2, 0U, 0F, No"
    ),
    "inline_weapon_bad_range.yaml": (
        "combatants[0].weapons[0].modes[0].ranged.max_range: "
        "'far' is not a range in yards or a multiple of ST like x15"
    ),
    "inline_weapon_bad_reach.yaml": (
        "combatants[0].weapons[0].modes[0].reach: expected a list of yards, 0 for C: e.g. [0, 1]"
    ),
    "inline_weapon_boolean_st_for_damage.yaml": (
        "combatants[0].weapons[0].modes[0].st_for_damage: expected a whole number of 1 or more"
    ),
    "inline_weapon_unknown_field.yaml": (
        f"combatants[0].weapons[0].modes[0].speed: unknown field; allowed: {MODE_FIELDS}"
    ),
    "inline_weapon_without_key.yaml": (
        "combatants[0].weapons[0].key: an inline weapon needs a key"
    ),
    "invalid_yaml.yaml": "line 5: expected ',' or '}', but got '{'",
    "missing_st.yaml": "combatants[0].st: required field is missing",
    "missing_system.yaml": "system: required field is missing; known: coc, gurps, tomogami, tvalue",
    "name_wrong_keys.yaml": "combatants[0].name: expected text, or {en: ..., ja: ...}",
    "negative_dr.yaml": "combatants[0].dr.torso: Input should be greater than or equal to 0",
    "negative_seed.yaml": "seed: expected a whole number 0 or more, not -1",
    "not_a_mapping.yaml": "a scenario file is a mapping with system: and combatants:",
    "not_utf8.yaml": "is not UTF-8 text",
    "one_combatant.yaml": "combatants: expected a list of at least two combatants",
    "one_side.yaml": "combatants: a battle needs at least two sides",
    "options_not_mapping.yaml": "options: expected a mapping of option: value",
    "position_three_numbers.yaml": "combatants[0].position: expected [x, y] in yards",
    "position_not_finite.yaml": "combatants[0].position[0]: Input should be a finite number",
    "ready_not_carried.yaml": (
        "combatants[0].ready[0]: 'axe' is not carried; carried: broadsword, punch"
    ),
    "skill_too_high.yaml": (
        "combatants[0].skills.Broadsword: Input should be less than or equal to 40"
    ),
    "st_boolean.yaml": "combatants[0].st: expected a whole number, not True",
    "st_text.yaml": "combatants[0].st: expected a whole number, not 'strong'",
    "st_zero.yaml": "combatants[0].st: Input should be greater than or equal to 1",
    "title_wrong_shape.yaml": "title: expected text, or {en: ..., ja: ...}",
    "level_out_of_range.yaml": (
        "combatants[0].advantages[0]: the level of enhanced_dodge is a whole number from 1 to 10, "
        "not 0"
    ),
    "level_on_plain_trait.yaml": (
        "combatants[0].advantages[0]: 'combat_reflexes' takes no level; traits with levels: "
        "enhanced_block, enhanced_dodge, enhanced_parry, hard_to_kill"
    ),
    "unknown_advantage.yaml": (
        f"combatants[0].advantages[0]: unknown advantage 'luck'; allowed: {ADVANTAGES}"
    ),
    "unknown_combatant_field.yaml": "combatants[0].armour: unknown field (not allowed here)",
    "unknown_dr_location.yaml": (
        f"combatants[0].dr.tail: unknown hit location 'tail'; allowed: {HIT_LOCATIONS}"
    ),
    "unknown_option.yaml": (
        f"options.nope: unknown option for gurps; known options: {GURPS_OPTIONS}"
    ),
    "unknown_shield.yaml": (
        "combatants[0].shield: no shield 'tower_shield'; "
        "known: buckler, large_shield, medium_shield, small_shield"
    ),
    "unknown_skill.yaml": (
        "combatants[0].skills.Brodsword: unknown skill 'Brodsword'; "
        f"allowed: {', '.join(sorted(KNOWN_SKILLS | {'Brawling', 'Broadsword'}))}"
    ),
    "unknown_system.yaml": (
        "system: 'dnd5e' is not a rule system; known: coc, gurps, tomogami, tvalue"
    ),
    "system_not_text.yaml": (
        "system: {'name': 'gurps'} is not a rule system; known: coc, gurps, tomogami, tvalue"
    ),
    "inline_weapon_zero_recoil.yaml": (
        "combatants[0].weapons[0].modes[0].ranged.recoil: expected a whole number of 1 or more,"
        " not 0"
    ),
    "unknown_top_level.yaml": (
        "arena: unknown field; allowed: combatants, description, map, options, seed, setup, "
        "sides, system, title"
    ),
    "unknown_weapon.yaml": f"combatants[0].weapons[0]: no weapon 'katana'; known: {WEAPONS}",
}

#: bad files whose message falls short today (bugs reported to the lead): file -> why.
KNOWN_BUGS: dict[str, str] = {}


def _case(name: str) -> Any:
    marks = []
    if name in KNOWN_BUGS:
        marks.append(pytest.mark.xfail(reason=KNOWN_BUGS[name], strict=True))
    return pytest.param(name, MESSAGES[name], id=name.removesuffix(".yaml"), marks=marks)


def _duel_data() -> dict[str, Any]:
    data = yaml.safe_load(DUEL.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _fighter(**fields: Any) -> dict[str, Any]:
    """A plain combatant for the knights' side, with `fields` added or replaced."""
    entry: dict[str, Any] = {
        "key": "hero",
        "name": "Hero",
        "side": "heroes",
        "st": 10,
        "dx": 10,
        "iq": 10,
        "ht": 10,
    }
    entry.update(fields)
    return entry


def _scenario(*combatants: dict[str, Any]) -> Scenario:
    """A scenario of the given combatants against the duel's raider."""
    raider = _duel_data()["combatants"][1]
    return parse_scenario({"system": "gurps", "combatants": [*combatants, raider]}, "test.yaml")


# --- bad files ------------------------------------------------------------------------------


def test_every_bad_file_is_in_the_table() -> None:
    """Each file under bad/ has an expected message, and each table entry has its file."""
    assert sorted(p.name for p in BAD.glob("*.yaml")) == sorted(MESSAGES)
    assert len(MESSAGES) >= 25
    assert set(KNOWN_BUGS) <= set(MESSAGES)


@pytest.mark.parametrize(("name", "message"), [_case(name) for name in sorted(MESSAGES)])
def test_bad_file_message(name: str, message: str) -> None:
    """Loading a malformed scenario raises one ScenarioError with exactly this message."""
    path = str(BAD / name)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value) == f"{path}: {message}"
    assert caught.value.source == path
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("path", "message"),
    [
        (str(BAD / "no_such_file.yaml"), "no such file"),
        (str(BAD), "cannot be read (Is a directory)"),
    ],
    ids=["missing", "directory"],
)
def test_unreadable_path_message(path: str, message: str) -> None:
    """A path that is not a readable file gives the path and why it cannot be read."""
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value) == f"{path}: {message}"


def test_parse_scenario_names_the_source() -> None:
    """parse_scenario reports the source it was given, e.g. a journal's header."""
    data = _duel_data()
    data["seed"] = -3
    with pytest.raises(ScenarioError, match=r"^from-journal: seed: "):
        parse_scenario(data, "from-journal")


# --- good files -----------------------------------------------------------------------------


def test_duel_loads() -> None:
    """duel.yaml loads into two AI-controlled fighters with the file's titles, seed and places."""
    scenario = load_scenario(DUEL)
    assert scenario.source == str(DUEL)
    assert scenario.system == "gurps"
    assert scenario.title_en == "Duel: broadsword and shield against axe"
    assert scenario.title_ja == "決闘：ブロードソードと盾 対 斧"
    assert scenario.seed == 7
    assert scenario.options == {}
    assert [f.key for f in scenario.fighters] == ["knight", "raider"]
    assert scenario.positions == {"knight": Point(0, 0), "raider": Point(5, 0)}
    assert scenario.controllers == {"knight": "ai", "raider": "ai"}
    knight = scenario.fighters[0]
    assert (knight.name, knight.name_ja, knight.side) == ("Knight", "騎士", "knights")
    assert knight.advantages == frozenset({"combat_reflexes"})
    assert knight.shield is not None and knight.shield.key == "medium_shield"
    assert [w.key for w in knight.weapons] == ["broadsword", "punch"]
    assert knight.ready == ("broadsword", "punch", "medium_shield")


@pytest.mark.parametrize("name", ["duel", "three_vs_one", "ranged"])
def test_example_loads(name: str) -> None:
    """Each GURPS example loads, with names in both languages and two or more sides."""
    scenario = load_scenario(EXAMPLES / f"{name}.yaml")
    assert scenario.title_en != scenario.title_ja
    assert len({f.side for f in scenario.fighters}) >= 2
    for fighter in scenario.fighters:
        assert fighter.name and fighter.name_ja and fighter.name != fighter.name_ja


def test_ranged_example_positions_and_skills() -> None:
    """ranged.yaml puts bow and crossbow 20 yards apart, with Bow and Crossbow set."""
    scenario = load_scenario(EXAMPLES / "ranged.yaml")
    archer, crossbowman = scenario.fighters
    assert scenario.positions == {"archer": Point(0, 0), "crossbowman": Point(20, 0)}
    assert archer.ready[0] == "regular_bow" and "Bow" in scenario.data["combatants"][0]["skills"]
    assert crossbowman.ready[0] == "crossbow"
    assert "Crossbow" in scenario.data["combatants"][1]["skills"]


@pytest.mark.parametrize(
    ("fields", "skill", "level"),
    [
        ({}, "Brawling", 10),  # Brawling defaults to DX
        ({"dx": 13}, "Brawling", 13),
        ({"weapons": ["broadsword"]}, "Broadsword", 5),  # DX-5
        ({"weapons": ["broadsword"], "skills": {"Shortsword": 14}}, "Broadsword", 12),
        ({"weapons": ["shortsword"], "skills": {"Broadsword": 13}}, "Shortsword", 11),
        ({"weapons": ["large_knife"]}, "Knife", 6),  # DX-4
        ({"weapons": ["crossbow"], "dx": 12}, "Crossbow", 8),
        ({"weapons": ["spear"], "skills": {"Staff": 12}}, "Spear", 10),
        ({"weapons": ["spear"]}, "Thrown Weapon (Spear)", 6),
        ({"shield": "buckler"}, "Shield", 6),
        ({"weapons": ["broadsword"], "skills": {"Broadsword": 15}}, "Broadsword", 15),
    ],
)
def test_skill_defaults_are_filled(fields: dict[str, Any], skill: str, level: int) -> None:
    """A skill the fighter's equipment uses but the file omits takes its best default."""
    fighter = _scenario(_fighter(**fields)).fighters[0]
    assert fighter.skills[skill] == level


def test_unused_skills_are_not_added() -> None:
    """Only skills of carried equipment are defaulted; a bare fighter has just Brawling."""
    fighter = _scenario(_fighter()).fighters[0]
    assert fighter.skills == {"Brawling": 10}
    assert [w.key for w in fighter.weapons] == ["punch"]
    assert fighter.ready == ("punch",)


@pytest.mark.parametrize(
    ("dr", "expected"),
    [
        ({"all": 3}, dict.fromkeys(LOCATIONS[1:], 3)),
        ({"all": 2, "torso": 5}, {**dict.fromkeys(LOCATIONS[1:], 2), "torso": 5}),
        ({"skull": 2}, {"skull": 2}),
        ({}, {}),
    ],
    ids=["all", "all-with-override", "one-location", "none"],
)
def test_dr_by_location(dr: dict[str, int], expected: dict[str, int]) -> None:
    """`dr: {all: N}` fills every hit location; a named location overrides it."""
    fighter = _scenario(_fighter(dr=dr)).fighters[0]
    assert fighter.dr == expected
    assert "all" not in fighter.dr


@pytest.mark.parametrize(
    ("attributes", "hp", "speed", "move", "dodge"),
    [
        ({"st": 10, "dx": 10, "ht": 10}, 10, 5.0, 5, 8),
        ({"st": 12, "dx": 12, "ht": 11}, 12, 5.75, 5, 8),
        ({"st": 20, "dx": 11, "ht": 13}, 20, 6.0, 6, 9),
        ({"st": 8, "dx": 14, "ht": 13}, 8, 6.75, 6, 9),
        ({"st": 9, "dx": 7, "ht": 8}, 9, 3.75, 3, 6),
    ],
)
def test_secondary_characteristics_are_worked_out(
    attributes: dict[str, int], hp: int, speed: float, move: int, dodge: int
) -> None:
    """HP = ST, Basic Speed = (DX+HT)/4, Move = floor(Speed), Dodge = floor(Speed) + 3."""
    fighter = _scenario(_fighter(**attributes, iq=11)).fighters[0]
    assert fighter.hp == hp
    assert fighter.basic_speed == speed
    assert fighter.basic_move == move == math.floor(speed)
    assert fighter.dodge == dodge
    assert (fighter.fp, fighter.will, fighter.per) == (attributes["ht"], 11, 11)


def test_given_secondary_characteristics_win() -> None:
    """Secondary characteristics written in the file replace the worked-out ones."""
    entry = _fighter(hp=15, fp=12, will=13, per=9, basic_speed=6.5, basic_move=7)
    fighter = _scenario(entry).fighters[0]
    assert (fighter.hp, fighter.fp, fighter.will, fighter.per) == (15, 12, 13, 9)
    assert (fighter.basic_speed, fighter.basic_move, fighter.dodge) == (6.5, 7, 9)


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        (None, ("test", "test")),
        ("Brawl", ("Brawl", "Brawl")),
        ({"en": "Brawl"}, ("Brawl", "Brawl")),
        ({"ja": "乱闘"}, ("乱闘", "乱闘")),
        ({"en": "Brawl", "ja": "乱闘"}, ("Brawl", "乱闘")),
    ],
)
def test_title_forms(title: Any, expected: tuple[str, str]) -> None:
    """A title may be absent (the file's stem), text, or {en, ja} with either one missing."""
    data = _duel_data()
    if title is None:
        del data["title"]
    else:
        data["title"] = title
    scenario = parse_scenario(data, "some/dir/test.yaml")
    assert (scenario.title_en, scenario.title_ja) == expected


def test_options_become_text() -> None:
    """Option values are kept as text; YAML booleans become on/off."""
    data = _duel_data()
    data["options"] = {"max_rounds": 5, "random_hit_locations": True, "deceptive_floor": False}
    assert parse_scenario(data).options == {
        "max_rounds": "5",
        "random_hit_locations": "on",
        "deceptive_floor": "off",
    }


def test_inline_weapon_joins_the_library_weapons() -> None:
    """An inline weapon is built like a library entry and defaults its skill."""
    club = {
        "key": "spiked_club",
        "name": {"en": "Spiked club", "ja": "トゲ付き棍棒"},
        "modes": [{"name": "swing", "skill": "Axe/Mace", "damage": "sw+2 cr", "parry": "0U"}],
    }
    fighter = _scenario(_fighter(weapons=[club, "large_knife"])).fighters[0]
    assert [w.key for w in fighter.weapons] == ["spiked_club", "large_knife", "punch"]
    assert (fighter.weapons[0].name, fighter.weapons[0].name_ja) == ("Spiked club", "トゲ付き棍棒")
    assert fighter.skills["Axe/Mace"] == 5
    assert fighter.ready == ("spiked_club", "punch")


_GUN_MODE: dict[str, Any] = {
    "name": "shoot",
    "skill": "Guns",
    "damage": "2d pi",
    "ranged": {"acc": 2, "half_damage": 120, "max_range": 1500, "rof": 3, "shots": 6},
}


def _gun(mode: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """An inline gun: `mode` replaces its one attack mode's fields, `fields` the weapon's."""
    ranged = {**_GUN_MODE["ranged"], **(mode or {}).pop("ranged", {})} if mode else None
    built = {**_GUN_MODE, **(mode or {})}
    if ranged is not None:
        built["ranged"] = ranged
    return {"key": "revolver", "name": "Revolver", "modes": [built], **fields}


@pytest.mark.parametrize(
    ("weapon", "field", "english", "japanese"),
    [
        (_gun(name={"a": 1}), "name", "expected a name, or {en: ..., ja: ...}", "名前か"),
        (_gun(weight=-1), "weight", "expected a weight in lb, 0 or more", "重さ（ポンド、0以上）"),
        (
            _gun(modes=[]),
            "modes",
            "a weapon needs at least one attack mode",
            "武器には攻撃方法が1つ以上",
        ),
        (_gun(modes=[1]), "modes[0]", "expected a mapping", "マッピングを指定"),
        (
            _gun(modes=[_GUN_MODE, _GUN_MODE]),
            "modes",
            "two attack modes share a name",
            "2つの攻撃方法が同じ名前",
        ),
        (_gun({"skill": 3}), "modes[0].skill", "required, as text", "必須の項目です"),
        (
            _gun({"ranged": {"acc": "x"}}),
            "modes[0].ranged.acc",
            "expected a whole number, not 'x'",
            "整数を指定してください（'x' は不可）",
        ),
        (
            _gun({"ranged": {"thrown": None}}),
            "modes[0].ranged.thrown",
            "expected true or false, not None",
            "true か false を指定してください（None は不可）",
        ),
        (
            _gun({"ranged": {"rof": 0}}),
            "modes[0].ranged.rof",
            "expected a whole number of 1 or more, not 0",
            "1以上の整数を指定してください（0 は不可）",
        ),
        (
            _gun({"ranged": {"bulk": 2}}),
            "modes[0].ranged.bulk",
            "expected a whole number of 0 or less, not 2",
            "0以下の整数を指定してください（2 は不可）",
        ),
        (
            _gun({"ranged": {"shots": 0}}),
            "modes[0].ranged.shots",
            "expected a whole number of 1 or more, not 0",
            "1以上の整数",
        ),
        (
            _gun({"ranged": {"max_range": "x-3"}}),
            "modes[0].ranged.max_range",
            "'x-3' is not a range like x15 or 150",
            "'x-3' は射程ではありません",
        ),
        (
            _gun({"ranged": {"half_damage": math.inf}}),
            "modes[0].ranged.half_damage",
            "inf is not a range in yards or a multiple of ST like x15",
            "inf は射程ではありません",
        ),
    ],
    ids=[
        "name",
        "weight",
        "no-modes",
        "mode-not-mapping",
        "same-mode-names",
        "skill",
        "acc-text",
        "thrown-none",
        "rof-zero",
        "bulk-positive",
        "shots-zero",
        "negative-multiple-of-st",
        "infinite-range",
    ],
)
def test_an_inline_weapon_error_in_both_languages(
    weapon: dict[str, Any], field: str, english: str, japanese: str
) -> None:
    """An inline weapon's mistake (checked by the GURPS equipment library, below the
    scenario layer) names the field and reads in English and in Japanese, one line each:
    bounds a weapon table's numbers keep (Rcl, RoF and Shots 1 or more, Bulk 0 or less),
    ranges finite and above 0."""
    with pytest.raises(ScenarioError) as caught:
        _scenario(_fighter(weapons=[weapon]))
    where = f"test.yaml: combatants[0].weapons[0].{field}: "
    assert str(caught.value) == where + english
    assert caught.value.text("ja").startswith(where + japanese)
    assert "\n" not in caught.value.text("ja")


def test_an_unquoted_no_parry_is_no_parry() -> None:
    """`parry: No` unquoted reads as YAML false; senjo takes it as the table's "No" (no parry),
    as does a quoted "No"."""
    mode = yaml.safe_load("{name: swing, skill: Axe/Mace, damage: sw+3 cr, parry: No}")
    assert mode["parry"] is False
    for parry in (False, "No"):
        flail = {"key": "flail", "name": "Flail", "modes": [{**mode, "parry": parry}]}
        fighter = _scenario(_fighter(weapons=[flail])).fighters[0]
        assert not fighter.weapons[0].modes[0].parry.allowed
    club = {"key": "club", "name": "Club", "modes": [{**mode, "parry": "0"}]}
    assert _scenario(_fighter(weapons=[club])).fighters[0].weapons[0].modes[0].parry.allowed


def test_parse_keeps_the_data() -> None:
    """The scenario keeps the loaded data unchanged (journals rebuild the battle from it)."""
    data = _duel_data()
    before = copy.deepcopy(data)
    assert parse_scenario(data).data == before


def test_side_names_for_the_narration() -> None:
    """`sides:` names a side in each language; a side no one is on is an error."""
    data = _duel_data()
    scenario = parse_scenario(data)
    assert scenario.side_name("knights", "ja") == "騎士団"
    assert scenario.side_name("raiders", "en") == "Raiders"
    data["sides"] = {"pirates": "Pirates"}
    with pytest.raises(
        ScenarioError, match=r"sides\.pirates: no combatant is on it; sides: knights, raiders"
    ):
        parse_scenario(data, "d.yaml")


@pytest.mark.parametrize("name", sorted(MESSAGES))
def test_bad_file_message_in_japanese(name: str) -> None:
    """Every bad file's message also reads in Japanese (`ScenarioError.text("ja")`): the
    same file and field, one line, in Japanese, with the same names and values."""
    path = str(BAD / name)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    japanese = caught.value.text("ja")
    where = f"{path}: {caught.value.path}: " if caught.value.path else f"{path}: "
    assert japanese.startswith(where) and "\n" not in japanese
    assert japanese != str(caught.value)
    assert any("\u3040" <= ch <= "\u9fff" or ch in "（）：" for ch in japanese[len(where) :])
    for quoted in (part for part in MESSAGES[name].split("'")[1::2] if len(part) > 1):
        assert quoted in japanese  # the names and values the English message quotes


@pytest.mark.parametrize(
    ("name", "japanese"),
    [
        ("missing_st.yaml", "combatants[0].st: 必須の項目がありません"),
        ("st_zero.yaml", "combatants[0].st: 1以上を指定してください（0 は不可）"),
        ("unknown_weapon.yaml", "combatants[0].weapons[0]: 武器 'katana' はありません（あるもの："),
        ("not_utf8.yaml", "UTF-8 のテキストではありません"),
        ("unknown_combatant_field.yaml", "combatants[0].armour: ここには書けない項目です"),
        ("position_not_finite.yaml", "combatants[0].position[0]: 有限の数を指定してください"),
    ],
)
def test_some_japanese_messages_word_for_word(name: str, japanese: str) -> None:
    """A few Japanese messages checked word for word."""
    path = str(BAD / name)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert caught.value.text("ja").startswith(f"{path}: {japanese}")


_SYSTEMS_LOADED = """
import sys
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle
build_battle(load_scenario(sys.argv[1]), seed=1)
print(*(name in sys.modules for name in ("senjo.systems.gurps.system", "senjo.systems.coc.system")))
"""


@pytest.mark.parametrize(
    ("example", "loaded"), [("gurps/duel.yaml", "True False"), ("coc/duel.yaml", "False True")]
)
def test_a_scenario_loads_its_own_rule_system_alone(example: str, loaded: str) -> None:
    """Loading a scenario and setting its battle up imports its rule system and not the
    other one (each about 0.05-0.1 s of a start). A process of its own: this one has both."""
    printed = fresh_python(_SYSTEMS_LOADED, str(EXAMPLES.parent / example))
    assert printed.split() == loaded.split()

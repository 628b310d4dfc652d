"""Seed 002 B. 武技 (techniques): the four of the seed, their costs, requirements, T drops
and effects (W0–W5, T13)."""

from __future__ import annotations

from typing import Any

from senjo.systems.tvalue.events import (
    TvCheck,
    TvConditionChanged,
    TvDamage,
    TvDeclared,
    TvHitRoll,
    TvRequirementUnmet,
    TvTChanged,
)

from .helpers import battle, choose, declare, dice_left, events, fighter, pending

SPEAR = {"key": "spear", "accuracy": 5, "skill": 3, "damage": "2D6", "pole": True}
KATANA = {"key": "katana", "accuracy": 4, "skill": 4, "damage": "2D6+2", "sheathed": True}
SHORT = {"key": "short", "accuracy": 3, "skill": 2, "damage": "2D6"}


def duel(  # type: ignore[no-untyped-def]
    weapon: dict[str, Any], technique: str, dice: list[int], t: int = 0, apart=1.0, **target: Any
):
    """A (reaction 12, the technique) against B (no weapons) `apart` metres away (in reach
    of every seed technique); A's T set before round 1's actions."""
    a = fighter("a", "pcs", reaction=12, fap=20, map=8, weapons=[weapon], techniques=[technique])
    b = fighter("b", "gm", weapons=[], **target)
    at = {"a": (0.0, 0.0), "b": (apart, 0.0)}
    game = battle(a, b, dice=dice, level_tie_pair="none", at=at)
    game.state.status["a"].t = t
    return game


def test_a_technique_costs_its_own_fap_and_map() -> None:
    """The table's 消費FAP and 消費MAP: 足払い 7 and 2, not the weapon's 6 and 1 (W0)."""
    game = duel(SPEAR, "leg_sweep", dice=[])
    assert "leg_sweep:spear" in pending(game)[2]
    choose(game, "leg_sweep:spear", "a")
    assert events(game, TvDeclared)[-1] == TvDeclared("a", "leg_sweep:spear", 7, 2, 13, 6)


def test_leg_sweep_makes_the_target_roll_dexterity_less_the_skill() -> None:
    """足払い: 「攻撃命中時に目標は「使用戦闘技能」をペナルティに敏捷力判定し、失敗したら転倒」:
    hit at −2 (5 − 2 + [5,6] = 14 > 10); no damage; DX 11 − 3 = 8, 3D6 [4,3,3] = 10 fails →
    prone, T −2 (W1, T13); no T gain for the user (interpretation 25)."""
    game = duel(SPEAR, "leg_sweep", dice=[5, 6, 4, 3, 3], dexterity=11)
    declare(game, "a", "leg_sweep:spear")
    declare(game, "b")
    choose(game, "leg_sweep:spear:b", "a")
    roll = events(game, TvHitRoll)[0]
    assert (roll.score.value, roll.total, roll.hit) == (3, 14, True)
    assert not events(game, TvDamage)
    assert events(game, TvCheck)[0].score.value == 8 and not events(game, TvCheck)[0].success
    assert events(game, TvConditionChanged) == [TvConditionChanged("b", "prone", True)]
    assert [(e.actor, e.amount, e.reason) for e in events(game, TvTChanged)] == [("b", -2, "fall")]
    assert dice_left(game) == 0


def test_leg_sweep_reaches_one_to_two_metres() -> None:
    """足払い 「射程＝1〜2」: not at a foe in its own hex (range 0) nor at 2.5 m (range 3,
    rounded half up), though the spear's direct attack reaches the first; at 2.4 m (range
    2) it does (interpretation 47)."""
    for apart, offered in ((0.0, False), (2.5, False), (2.4, True)):
        game = duel(SPEAR, "leg_sweep", dice=[], apart=apart)
        declare(game, "a", "leg_sweep:spear", "attack:spear")
        declare(game, "b")
        keys = pending(game)[2]
        assert ("leg_sweep:spear:b" in keys) is offered
        assert ("attack:spear:b" in keys) is (apart == 0.0)


def test_leg_sweep_needs_a_pole_weapon() -> None:
    """「棒状の武器や槍で」: a sword is not offered for it."""
    game = duel(SHORT, "leg_sweep", dice=[])
    assert not any(key.startswith("leg_sweep") for key in pending(game)[2])


def test_iai_counts_the_lower_hit_die_as_six_and_draws_the_weapon() -> None:
    """居合い: 「命中判定前に、命中判定のダイスの目の低い方を6扱い」: [2,5] reads [6,5]; the
    weapon is drawn after, so no second 居合い is offered; T −2 after (W2, W5)."""
    game = duel(KATANA, "iai", dice=[2, 5, 3, 3], evasion=14)
    choose(game, "iai:katana", "a")
    assert "iai:katana" not in pending(game)[2]  # once: it is declared already
    choose(game, "done", "a")
    declare(game, "b")
    choose(game, "iai:katana:b", "a")
    assert pending(game)[:2] == ("a", "iai_option")
    choose(game, "hit", "a")
    roll = events(game, TvHitRoll)[0]
    assert roll.dice == (6, 5) and roll.total == 15 and roll.hit
    assert events(game, TvTChanged)[-1] == TvTChanged("a", -2, "technique_drop", -2)
    assert "katana" in game.state.status["a"].drawn
    declare_options = pending(game)[2]
    assert not any(key.startswith("iai") for key in declare_options)


def test_iai_can_raise_every_damage_die_to_three() -> None:
    """居合い's other choice: 「ダメージ算出時のダイスの目の最低値を3」: [1,2] reads [3,3]."""
    game = duel(KATANA, "iai", dice=[5, 5, 1, 2], evasion=5, hp=40)
    declare(game, "a", "iai:katana")
    declare(game, "b")
    choose(game, "iai:katana:b", "a")
    choose(game, "damage", "a")
    damage = events(game, TvDamage)[0]
    assert damage.dice == (3, 3) and damage.rolled == 8


def test_demons_claw_ignores_physical_protection_up_to_twice_the_skill() -> None:
    """鬼の爪 (絶対値1以上): 「「使用戦闘技能」×2点までの「物理」防護を無効化」: skill 4,
    protection 10 → 2 counts; [3,4]+2 = 9 → 7 taken; T −1 after (W3)."""
    game = duel(
        KATANA, "oni_claw", dice=[5, 5, 3, 4], t=1, evasion=5, hp=40, protection={"physical": 10}
    )
    declare(game, "a", "oni_claw:katana")
    declare(game, "b")
    choose(game, "oni_claw:katana:b", "a")
    damage = events(game, TvDamage)[0]
    assert (damage.protection, damage.taken) == (2, 7)
    assert events(game, TvTChanged)[-1] == TvTChanged("a", -1, "technique_drop", 0)


def test_an_unmet_technique_requirement_is_a_plain_direct_attack() -> None:
    """鬼の爪 needs absolute 1: at T 0 it resolves as a plain direct attack (all the
    protection counts, the direct attack's T gain, no drop; interpretation 26)."""
    game = duel(
        KATANA, "oni_claw", dice=[5, 5, 3, 4], evasion=5, hp=40, protection={"physical": 10}
    )
    declare(game, "a", "oni_claw:katana")
    declare(game, "b")
    choose(game, "oni_claw:katana:b", "a")
    assert events(game, TvRequirementUnmet) == [
        TvRequirementUnmet("a", "oni_claw", "absolute", 1, 0)
    ]
    assert events(game, TvDamage)[0].protection == 10
    assert events(game, TvTChanged)[-1] == TvTChanged("a", 1, "direct_attack", 1)


def test_two_swords_strikes_twice_at_minus_one_at_two_targets() -> None:
    """二刀流: 「1回の行動で2回の攻撃が出来、…別々の目標を選択してもよい」: 9 FAP, two hit
    rolls at −1, one with each weapon (W4)."""
    a = fighter(
        "a",
        "pcs",
        reaction=12,
        combat_level=3,
        fap=20,
        map=8,
        weapons=[KATANA | {"sheathed": False}, SHORT],
        techniques=["two_swords"],
    )
    sheets = [
        a,
        fighter("b", "gm", evasion=5, hp=40, weapons=[]),
        fighter("c", "gm", evasion=5, hp=40, weapons=[]),
    ]
    game = battle(*sheets, dice=[5, 5, 1, 1, 5, 5, 2, 2])
    declare(game, "a", "two_swords:katana")
    declare(game, "b")
    declare(game, "c")
    assert "two_swords:katana:b&c" in pending(game)[2]
    choose(game, "two_swords:katana:b&c", "a")
    rolls = events(game, TvHitRoll)
    assert [(r.weapon, r.target, r.score.value) for r in rolls] == [
        ("katana", "b", 3),
        ("short", "c", 2),
    ]
    assert [d.target for d in events(game, TvDamage)] == ["b", "c"]


def test_two_swords_with_a_replacement_strikes_one_target() -> None:
    """「直接攻撃の置き換えを行う事も出来るが、目標を同じにしなければならない」: with 強打
    no two-target option is offered."""
    a = fighter(
        "a",
        "pcs",
        reaction=12,
        fap=30,
        map=8,
        weapons=[KATANA | {"sheathed": False}, SHORT],
        techniques=["two_swords"],
    )
    sheets = [a, fighter("b", "gm", weapons=[]), fighter("c", "gm", weapons=[])]
    game = battle(*sheets, dice=[])
    declare(game, "a", "two_swords:katana+heavy_blow")
    declare(game, "b")
    declare(game, "c")
    keys = pending(game)[2]
    assert "two_swords:katana+heavy_blow:b" in keys
    assert not any("&" in key for key in keys)
    assert events(game, TvDeclared)[0].fap == 18  # 9, doubled for the heavy blow


def test_two_swords_takes_no_sweep() -> None:
    """「目標を同じにしなければならない」: a sweep (なぎ払い) strikes several foes, so two
    swords is never offered with it (interpretation 42); the other replacements are."""
    a = fighter(
        "a",
        "pcs",
        fap=30,
        map=8,
        weapons=[KATANA | {"sheathed": False}, SHORT],
        techniques=["two_swords"],
    )
    game = battle(a, fighter("b", "gm", weapons=[]), dice=[])
    keys = pending(game)[2]
    assert "two_swords:katana+heavy_blow" in keys and "attack:katana+sweeping" in keys
    assert not any(key.startswith("two_swords") and "sweeping" in key for key in keys)

"""Seed 002 「部位狙い」 (called shots, R9): the hit penalties and each location's effect."""

from __future__ import annotations

from typing import Any

from senjo.systems.tvalue.attack import direct_attack
from senjo.systems.tvalue.declare import affordable
from senjo.systems.tvalue.events import TvCheck, TvConditionChanged, TvDamage, TvDown, TvHitRoll

from .helpers import battle, events, fighter, held, pending

SWORD = {"key": "sword", "accuracy": 6, "skill": 3, "damage": "2D6"}
TARGET_WEAPON = {"key": "spear", "accuracy": 3, "damage": "2D6", "hands": 2}


def shot(location: str, dice: list[int], **target: Any):  # type: ignore[no-untyped-def]
    """A (T 1 above B) makes one called shot at B (evasion 5, vitality 10, strength 10)."""
    fields: dict[str, Any] = {"evasion": 5, "hp": 30, "weapons": [TARGET_WEAPON], **target}
    sheet = fighter("b", "gm", **fields)
    game = held(fighter("a", "pcs", weapons=[SWORD]), sheet, dice=dice)
    game.state.status["a"].t = 1
    direct_attack(game, "a", "sword", "b", location)
    return game


def test_called_shots_are_replacements_with_their_penalties() -> None:
    """「頭 (-4)」「腕 (-2)」「脚 (-2)」「武器(-2)」: declared like the other replacements;
    the head shot's hit roll is at −4."""
    game = battle(fighter("a", "pcs", weapons=[SWORD]), fighter("b", "gm"), dice=[])
    keys = pending(game)[2]
    assert {f"attack:sword+aim_{where}" for where in ("head", "arm", "leg", "weapon")} <= set(keys)
    aimed = shot("aim_head", [5, 5, 1, 1, 3, 3, 3])
    roll = events(aimed, TvHitRoll)[0]
    assert roll.score.value == 2 and dict(roll.score.modifiers.items) == {"aim_head": -4}


def test_a_head_shot_knocks_out_on_a_failed_vitality_check() -> None:
    """頭: 「「受けたダメージ」÷5(端数切捨て)をペナルティに生命力判定し、失敗したら2D×10分間
    気絶」: damage [6,6] = 12 → −2; vitality 10 − 2 = 8; [4,4,3] = 11 fails → out for
    10 × [2,3] = 50 minutes, T −8."""
    game = shot("aim_head", [5, 5, 6, 6, 4, 4, 3, 2, 3])
    check = events(game, TvCheck)[0]
    assert (check.purpose, check.score.value, check.success) == ("head", 8, False)
    assert TvConditionChanged("b", "knocked_out:50", True) in events(game, TvConditionChanged)
    assert events(game, TvDown) == [TvDown("b")] and game.state.status["b"].down
    assert not game.state.status["b"].dead


def test_a_head_shot_at_zero_hp_beheads() -> None:
    """「このときHPが0以下になっていた場合、首がはねられる」: HP 10, 12 damage, a failed
    check: dead."""
    game = shot("aim_head", [5, 5, 6, 6, 4, 4, 3, 2, 3], hp=10)
    assert game.state.status["b"].dead
    assert TvConditionChanged("b", "dead", True) in events(game, TvConditionChanged)


def test_an_arm_shot_drops_what_it_holds_and_by_ten_ruins_the_arm() -> None:
    """腕: 「÷6…生命力判定し、失敗したらその手に持ったものを落とす。…10以上の差で…失敗
    (3，4は除く)していた場合、その腕は使えなくなる」: 12 → −2; vitality 4 − 2 = 2;
    [6,6,5] = 17 fails by 15 → the spear dropped, the arm useless."""
    game = shot("aim_arm", [5, 5, 6, 6, 6, 6, 5], vitality=4)
    conditions = [e.condition for e in events(game, TvConditionChanged)]
    assert conditions == ["dropped:spear", "arm_useless"]
    assert game.state.status["b"].dropped == {"spear"}


def test_a_leg_shot_fells() -> None:
    """脚: 「÷5…生命力判定し、失敗したら転倒」: damage 7 → −1; 10 − 1 = 9; [4,4,3] fails →
    prone (T −2)."""
    game = shot("aim_leg", [5, 5, 3, 4, 4, 4, 3])
    assert game.state.status["b"].prone and not game.state.status["b"].useless


def test_a_weapon_shot_checks_strength_and_does_no_damage() -> None:
    """武器: 「「算出ダメージ」÷4をペナルティに筋力判定(両手武器なら+2)し、失敗したら武器を
    落とす」: damage computed [6,6] = 12 → −3, two-handed +2: 10 − 3 + 2 = 9; [4,4,3]
    fails → the spear dropped; no HP lost."""
    game = shot("aim_weapon", [5, 5, 6, 6, 4, 4, 3])
    check = events(game, TvCheck)[0]
    assert dict(check.score.modifiers.items) == {"damage": -3, "two_handed": 2}
    assert check.score.value == 9 and not check.success
    assert not events(game, TvDamage) and game.state.status["b"].hp == 30
    assert game.state.status["b"].dropped == {"spear"}


def test_a_dropped_weapon_is_not_offered() -> None:
    """What it dropped it cannot use (picking it up is Chapter 1's)."""
    game = battle(fighter("a", "pcs", weapons=[SWORD]), fighter("b", "gm"), dice=[])
    game.state.status["a"].dropped.add("sword")
    game.state.status["a"].fap = 12
    assert not any("sword" in option.key for option in affordable(game.state, "a"))

"""Seed 003 特殊戦闘行動 II: assault-breaking fire (突撃破砕射撃), maneuver sniping (機動狙撃)
and the dragon maneuver (龍機動)."""

from __future__ import annotations

from senjo.engine.decision import Choice
from senjo.space.bands import Band
from senjo.systems.tomogami.choices import Attack, Maneuver
from senjo.systems.tomogami.combat import attack_options, resolve_attack
from senjo.systems.tomogami.events import (
    TomoContest,
    TomoDamage,
    TomoHeavyBlow,
    TomoManeuverCancelled,
    TomoMoved,
    TomoSniped,
)
from senjo.systems.tomogami.maneuver import maneuver_options, process_maneuver
from senjo.systems.tomogami.state import TomoState
from senjo.systems.tomogami.system import combat_plans

from .helpers import GUN, drive, events, held, sheet

LONG_GUN = {"key": "gun", "bands": ["far"], "skill": 7, "damage": 6}


def _far(state: TomoState) -> None:
    state.bands.open([("a", "b")], Band.FAR)


def test_breaking_fire_at_a_far_target_stops_its_maneuver_without_damage() -> None:
    """Seed 003 【突撃破砕射撃】 「遠距離にいる目標に対してのみ可能」「射撃を行い成功したら、
    被弾したキャラクターがそのターンに行うはずだった機動処理は実行不可能」
    「ダメージは与えることができない」: a hits far b ([5,5] 17 against [1,2]); b's maneuver
    is cancelled; no damage."""
    a, b = sheet("a", "blue", weapons=[LONG_GUN]), sheet("b", "red", maneuver=5)
    game = held(a, b, dice=[5, 5, 1, 2], setup=_far)
    game.state.status["a"].combat = "breaking_fire"
    game.state.status["b"].maneuver = Maneuver("move", "a", "near")
    resolve_attack(game, "a", Attack("b", "gun"))
    assert events(game, TomoDamage) == [] and game.state.status["b"].blocked
    assert drive(process_maneuver(game, "b")) == []
    assert events(game, TomoManeuverCancelled) == [TomoManeuverCancelled("b", "breaking_fire")]


def test_breaking_fire_is_declared_and_aimed_at_far_targets_only() -> None:
    """Seed 003 「まず突撃破砕射撃を宣言する」「遠距離にいる目標に対してのみ」: a declaration; its
    attacks are those at far."""
    a = sheet("a", "blue", weapons=[GUN])
    b, c = sheet("b", "red"), sheet("c", "red")
    game = held(a, b, c, dice=[], setup=_far)
    assert Choice("breaking_fire") in combat_plans(game.state, "a")
    game.state.status["a"].combat = "breaking_fire"
    assert [o.key for o in attack_options(game.state, "a")] == ["attack:b:gun", "wait"]


def test_sniping_wins_a_contest_at_near_and_lowers_the_heavy_blow_value() -> None:
    """Seed 003 【機動狙撃】 「近距離でのみ可能」「目標との機動判定に勝った場合、その回の戦闘処理で
    成功レベル分、大打撃値を低下させることができる」: a wins at level 2 ([3,3] 12 against [1,2]);
    its gun's 6 damage reaches b's heavy-blow value 8 lowered to 6."""
    a = sheet("a", "blue", maneuver=6, weapons=[{**GUN, "damage": 6, "skill": 9}])
    b = sheet("b", "red", heavy_blow=8)
    game = held(a, b, dice=[3, 3, 1, 2, 5, 5, 1, 1])
    assert "snipe:b" in [m.key for m in maneuver_options(game.state, "a")]
    game.state.status["a"].maneuver = Maneuver("snipe", "b")
    drive(process_maneuver(game, "a"))
    assert events(game, TomoSniped) == [TomoSniped("a", "b", 2)]
    resolve_attack(game, "a", Attack("b", "gun"))
    assert events(game, TomoHeavyBlow) == [TomoHeavyBlow("a", "b", 6, 8, 6)]


def test_a_dragon_maneuver_is_one_contest_against_the_best_with_kizuna() -> None:
    """Seed 003 【龍機動】 「キズナレベル値を加算」「１回だけの機動判定の成功により可能」
    「目標群のうち最も機動判定値の高いキャラクター１柱のみに対して」
    「距離単位の移動にともなう判定は行わない」: with 武魂 on and キズナ 2, a goes far
    from three opposing foes: one contest, against the best (c, 7), with ("kizuna", 2)
    and no units."""
    a = sheet("a", "blue", maneuver=5, bukon=True, kizuna=2)
    b, c, d = (sheet(k, "red", maneuver=m) for k, m in (("b", 3), ("c", 7), ("d", 5)))
    game = held(a, b, c, d, dice=[5, 5, 1, 2])
    game.state.status["a"].maneuver = Maneuver("move", "b", "far")
    drive(process_maneuver(game, "a"), {"b": "oppose", "c": "oppose", "d": "oppose"})
    (contest,) = events(game, TomoContest)
    assert contest.second.actor == "c"
    assert contest.first.score.modifiers.items == (("kizuna", 2),)
    assert events(game, TomoMoved) == [TomoMoved("a", "b", "far", ("b", "c", "d"))]
    assert game.state.bands.distance("a", "d") is Band.FAR

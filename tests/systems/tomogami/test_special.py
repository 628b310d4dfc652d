"""Seed 003 特殊戦闘行動: the charge (突進) and the fall (転倒), full speed (全力機動) and firing
on the move (行進間射撃)."""

from __future__ import annotations

from senjo.engine.decision import Choice
from senjo.space.bands import Band
from senjo.systems.tomogami.choices import Attack, Maneuver
from senjo.systems.tomogami.events import (
    TomoCharged,
    TomoCheck,
    TomoDamage,
    TomoFell,
    TomoManeuverCancelled,
    TomoStood,
)
from senjo.systems.tomogami.maneuver import maneuver_options, process_maneuver
from senjo.systems.tomogami.model import Sheet
from senjo.systems.tomogami.scores import attack_score, defense_score, maneuver_score
from senjo.systems.tomogami.special import charge_blow
from senjo.systems.tomogami.system import combat_plans

from .helpers import GUN, battle, choose, drive, events, held, pending, sheet


def _charger(**fields: object) -> tuple[Sheet, Sheet]:
    return (sheet("a", "blue", body=5, maneuver=1), sheet("b", "red", body=2, **fields))


def test_a_charge_is_a_body_maneuver_and_its_blow_is_body_plus_level() -> None:
    """Seed 003 【突進】 「「体」＋機動判定の成功レベル に等しい火弾徹甲ダメージ」「「体」により
    機動判定を行い」「目標は「体」により防御判定が可能」「命中した場合、目標に「転倒」効果」: 体 5 +
    skill 1 = 6, [5,5] 16 (level 4), b lets it; b's 体 defence 2 + [1,3] = 6 (failure level
    2) → 5 + 4 = 9 damage, and b falls."""
    a, b = _charger()
    game = held(a, b, dice=[5, 5, 1, 3])
    game.state.status["a"].maneuver = Maneuver("charge", "b")
    drive(process_maneuver(game, "a"), {"b": "let"})
    check = events(game, TomoCheck)[0]
    assert (check.purpose, check.roll.score.base, check.roll.total) == ("charge", 6, 16)
    charge_blow(game, "a")
    assert events(game, TomoCharged) == [TomoCharged("a", "b", 4, True)]
    hit = events(game, TomoDamage)[0]
    assert (hit.weapon, hit.damage, hit.lost) == ("charge", 9, 9)
    assert events(game, TomoFell) == [TomoFell("b")] and game.state.status["b"].fallen


def test_a_defence_that_reaches_the_charges_level_holds() -> None:
    """Interpretation 13: b's 体 defence at the charge's level or better stops the blow."""
    a, b = _charger()
    game = held(a, b, dice=[3, 3, 6, 6])  # 12: level 2; b 14: level 3
    game.state.status["a"].maneuver = Maneuver("charge", "b")
    drive(process_maneuver(game, "a"), {"b": "let"})
    charge_blow(game, "a")
    assert events(game, TomoCharged) == [TomoCharged("a", "b", 2, False)]
    assert events(game, TomoDamage) == [] and not game.state.status["b"].fallen


def test_tracks_and_many_legs_never_fall() -> None:
    """Seed 003 「転倒は、履帯…または四脚以上の多脚で移動するトモガミには生じない」."""
    a, b = _charger(locomotion="tracks")
    game = held(a, b, dice=[5, 5, 1, 3])
    game.state.status["a"].maneuver = Maneuver("charge", "b")
    drive(process_maneuver(game, "a"), {"b": "let"})
    charge_blow(game, "a")
    assert events(game, TomoDamage) and events(game, TomoFell) == []


def test_a_charge_is_only_at_near() -> None:
    """Seed 003 【突進】 「近距離でのみ可能」: offered at near, not at far or zero."""
    a, b = _charger()
    near = held(a, b, dice=[])
    assert "charge:b" in [m.key for m in maneuver_options(near.state, "a")]
    for band in (Band.FAR, Band.ZERO):
        game = held(a, b, dice=[])
        game.state.bands.open([("a", "b")], band)
        assert "charge:b" not in [m.key for m in maneuver_options(game.state, "a")]


def test_the_fallen_lose_their_maneuver_are_minus_two_and_rise_at_the_end() -> None:
    """Seed 003 ★転倒の効果 「次に行うはずだった機動処理を行うことが出来なくなる。戦闘処理は可能」
    「全判定値−２」「終了処理において自動的に立ち直る」: in a battle, the charger wins the
    initiative; b falls before its maneuver, which is cancelled; b still shoots, at −2;
    at the end of the turn it stands."""
    a = sheet("a", "blue", body=5, maneuver=3)
    b = sheet("b", "red", body=2, weapons=[GUN])
    game = battle(a, b, dice=[6, 6, 1, 1, 1, 3, 1, 3, 3, 3, 4, 4])
    choose(game, "move:a:far", "b")
    choose(game, "attack", "b")
    choose(game, "charge:b", "a")  # no combat declaration after a charge
    choose(game, "let", "b")
    assert events(game, TomoFell) == [TomoFell("b")]
    assert events(game, TomoManeuverCancelled) == [TomoManeuverCancelled("b", "fallen")]
    assert pending(game)[:2] == ("b", "action")
    assert attack_score(game.state, "b", "gun", "a").modifiers.items == (("fallen", -2),)
    assert defense_score(game.state, "b").modifiers.items == (("fallen", -2),)
    choose(game, "attack:a:gun")
    assert events(game, TomoStood) == [TomoStood("b")] and not game.state.status["b"].fallen


def test_full_speed_adds_four_to_the_maneuver_and_takes_four_from_attacks_on_it() -> None:
    """Seed 003 【全力機動】 「戦闘処理をしないかわりに、機動判定値＋４」
    「全力機動中の目標に対する攻撃は、判定値−４」."""
    a, b = sheet("a", "blue", maneuver=5), sheet("b", "red", weapons=[GUN])
    game = held(a, b, dice=[])
    game.state.status["a"].stance = "full_speed"
    assert maneuver_score(game.state, "a").modifiers.items == (("full_speed", 4),)
    assert attack_score(game.state, "b", "gun", "a").modifiers.items == (("target_full_speed", -4),)


def test_firing_on_the_move() -> None:
    """Seed 003 【行進間射撃】 「行進間射撃中のキャラクターに対する射撃は、−２」「機動判定−２、射撃
    判定に−４」「専用の技能をもつキャラクターは、不利な修正を受けない」「近距離・遠距離でのみ可能」."""
    a = sheet("a", "blue", maneuver=5, weapons=[GUN])
    b = sheet("b", "red", weapons=[GUN])
    game = held(a, b, dice=[])
    game.state.status["a"].stance = "moving_fire"
    assert maneuver_score(game.state, "a").modifiers.items == (("moving_fire", -2),)
    assert attack_score(game.state, "a", "gun", "b").modifiers.items == (("moving_fire", -4),)
    assert attack_score(game.state, "b", "gun", "a").modifiers.items == (
        ("target_moving_fire", -2),
    )
    skilled = held(sheet("a", "blue", weapons=[GUN], moving_fire_skill=True), b, dice=[])
    skilled.state.status["a"].stance = "moving_fire"
    assert attack_score(skilled.state, "a", "gun", "b").modifiers.items == ()
    assert attack_score(skilled.state, "b", "gun", "a").modifiers.items == (
        ("target_moving_fire", -2),
    )
    zone = held(a, b, dice=[], setup=lambda s: s.bands.move("a", "b", Band.ZERO))
    assert Choice("moving_fire") not in combat_plans(zone.state, "a")
    assert Choice("moving_fire") in combat_plans(game.state, "a")
    assert Attack("b", "gun").key == "attack:b:gun"

"""Friendly fire into zero-distance zones (誤射), obstacles (障害物) and high-angle weapons
(曲射弾道兵器), seed 003 ●４."""

from __future__ import annotations

from collections.abc import Callable

from senjo.space.bands import Band
from senjo.systems.tomogami.choices import Attack, Maneuver
from senjo.systems.tomogami.combat import attack_options, resolve_attack
from senjo.systems.tomogami.events import (
    TomoCheck,
    TomoContest,
    TomoCovered,
    TomoCoverLost,
    TomoDamage,
    TomoFriendlyFire,
    TomoManeuverFailed,
)
from senjo.systems.tomogami.maneuver import maneuver_options, process_maneuver
from senjo.systems.tomogami.model import Sheet
from senjo.systems.tomogami.scores import attack_score
from senjo.systems.tomogami.state import TomoState

from .helpers import GUN, drive, events, held, sheet

MORTAR = {"key": "mortar", "bands": ["near", "far"], "skill": 5, "damage": 6, "indirect": True}


def _zone(state: TomoState) -> None:
    """b (a foe of a) at zero with c (a's ally); a near both."""
    state.bands.move("c", "b", Band.ZERO)


def test_a_shot_failing_by_two_levels_hits_the_ally_in_the_zone() -> None:
    """Seed 003 誤射 「零距離領域に味方がいる場合、射撃判定で２レベル以上の失敗をした場合、
    敵ではなく味方に射撃が命中」: a (gun 0) shoots b, at zero with a's ally c: [1,2] is 3
    (failure level 4) → c is hit, no defence roll of its own; damage 1D."""
    a = sheet("a", "blue", weapons=[{**GUN, "skill": 0}])
    c, b = sheet("c", "blue"), sheet("b", "red")
    game = held(a, c, b, dice=[1, 2, 3, 3, 4], setup=_zone)
    resolve_attack(game, "a", Attack("b", "gun"))
    assert events(game, TomoFriendlyFire) == [TomoFriendlyFire("a", "b", "c")]
    assert [(d.target, d.damage) for d in events(game, TomoDamage)] == [("c", 4)]


def test_a_failure_of_one_level_is_a_plain_miss() -> None:
    """Seed 003 誤射: failure level 1 (a total of 8 or 9) misses everyone."""
    a = sheet("a", "blue", weapons=[{**GUN, "skill": 5}])
    c, b = sheet("c", "blue"), sheet("b", "red")
    game = held(a, c, b, dice=[1, 2, 3, 3], setup=_zone)  # 8 against b's 6
    resolve_attack(game, "a", Attack("b", "gun"))
    assert events(game, TomoFriendlyFire) == [] and events(game, TomoDamage) == []


def test_no_friendly_fire_without_an_ally_in_the_zone() -> None:
    """Seed 003 誤射 needs an ally in the zone: a zone of foes only is shot at safely."""
    a = sheet("a", "blue", weapons=[{**GUN, "skill": 0}])
    b, d = sheet("b", "red"), sheet("d", "red")
    game = held(a, b, d, dice=[1, 2, 3, 3], setup=lambda s: s.bands.move("d", "b", Band.ZERO))
    resolve_attack(game, "a", Attack("b", "gun"))
    assert events(game, TomoFriendlyFire) == []


def _two_foes() -> tuple[Sheet, Sheet, Sheet]:
    return (
        sheet("a", "blue", tactics=6),
        sheet("b", "red", tactics=4, weapons=[GUN]),
        sheet("c", "red", tactics=4),
    )


def test_cover_is_won_against_every_foe_at_the_best_level() -> None:
    """Seed 003 障害物 「敵陣営全キャラクターと対抗判定…その全てが成功したら障害物に
    隠れることが出来る」「最大の成功レベル」: tactics 6 against two foes of 4: [6,6] 18
    (level 5) against [1,2], [4,3] 13 (level 2) against [1,2] → cover 5, an obstacle of
    5 life."""
    a, b, c = _two_foes()
    game = held(a, b, c, dice=[6, 6, 1, 2, 4, 3, 1, 2])
    game.state.status["a"].maneuver = Maneuver("cover")
    assert drive(process_maneuver(game, "a")) == []  # no one is asked: every foe contests
    assert [c.purpose for c in events(game, TomoContest)] == ["cover", "cover"]
    assert events(game, TomoCovered) == [TomoCovered("a", 5)]
    status = game.state.status["a"]
    assert (status.cover, status.cover_life) == (5, 5)
    score = attack_score(game.state, "b", "gun", "a")
    assert score.modifiers.items == (("cover", -5),)


def test_losing_one_cover_contest_leaves_no_cover() -> None:
    """Seed 003 「その全てが成功したら」: one lost contest and there is no cover."""
    a, b, c = _two_foes()
    game = held(a, b, c, dice=[6, 6, 1, 2, 1, 2, 6, 6])
    game.state.status["a"].maneuver = Maneuver("cover")
    drive(process_maneuver(game, "a"))
    assert events(game, TomoManeuverFailed) == [TomoManeuverFailed("a", "", "cover", ("c",))]
    assert game.state.status["a"].cover == 0


def test_no_cover_in_a_zone_on_water_or_without_the_gm() -> None:
    """Seed 003 「零距離領域にいるキャラクターは、障害物を利用することはできない」 and 「通常は陸上
    のみ…水上市場や港などでは利用可能。ＧＭが決定すること」 (option water_cover)."""
    a, b = sheet("a", "blue"), sheet("b", "red")
    keys = [m.key for m in maneuver_options(held(a, b, dice=[]).state, "a")]
    assert "cover" in keys
    zone = held(a, b, dice=[], setup=lambda s: s.bands.move("a", "b", Band.ZERO))
    assert "cover" not in [m.key for m in maneuver_options(zone.state, "a")]
    ocean = held(a, b, dice=[], environment="ocean")
    assert "cover" not in [m.key for m in maneuver_options(ocean.state, "a")]
    harbour = held(a, b, dice=[], environment="ocean", water_cover="on")
    assert "cover" in [m.key for m in maneuver_options(harbour.state, "a")]


def _hidden(level: int) -> Callable[[TomoState], None]:
    def setup(state: TomoState) -> None:
        state.status["a"].cover = state.status["a"].cover_life = level

    return setup


def test_a_hit_on_a_hider_hits_the_obstacle_and_its_life_adds_to_defence() -> None:
    """Seed 003 「障害物に隠れたキャラクターに攻撃が命中したら、同時に障害物にも命中する。…
    防御力に障害物の生命値を加算してよい。火弾徹甲防御力として扱う」: cover 3, 火弾徹甲
    defence 1; a hit of 8 is 8 − (1 + 3) = 4 life; the obstacle loses 8 and is destroyed."""
    gun = {**GUN, "skill": 9, "damage": 8}
    a = sheet("a", "blue", defense={"armour_piercing": 1})
    b = sheet("b", "red", weapons=[gun])
    game = held(a, b, dice=[5, 5, 1, 1], setup=_hidden(3))
    resolve_attack(game, "b", Attack("a", "gun"))
    damage = events(game, TomoDamage)[0]
    assert (damage.defense, damage.lost) == (4, 4)
    assert events(game, TomoCoverLost) == [TomoCoverLost("a", "destroyed")]
    assert game.state.status["a"].cover == 0


def test_shooting_only_the_obstacle_has_no_penalty_and_spares_the_hider() -> None:
    """Seed 003 「障害物「のみ」を狙う場合、射撃攻撃判定に不利な修正はない。但し命中しても、隠れて
    いるキャラクターには攻撃はあたらない」: a check without the cover penalty; 6 damage on an
    obstacle of 5 destroys it; the hider keeps its life."""
    gun = {**GUN, "damage": 6}
    b = sheet("b", "red", weapons=[gun])
    game = held(sheet("a", "blue"), b, dice=[3, 3], setup=_hidden(5))
    options = [o.key for o in attack_options(game.state, "b")]
    assert options == ["attack:a:gun", "shoot_cover:a:gun", "wait"]
    resolve_attack(game, "b", Attack("a", "gun", at_cover=True))
    check = events(game, TomoCheck)[0]
    assert check.purpose == "shoot_cover" and check.roll.score.modifiers.items == ()
    assert events(game, TomoCoverLost) == [TomoCoverLost("a", "destroyed")]
    assert game.state.status["a"].life == 10 and events(game, TomoDamage) == []


def test_a_zone_formed_on_a_hider_destroys_its_obstacle() -> None:
    """Seed 003 「障害物を利用しているときに零距離領域が形成された場合、その障害物はその瞬間に破壊
    される」: b moves to zero with the hider a (who lets it): the cover is gone."""
    a, b = sheet("a", "blue"), sheet("b", "red")
    game = held(a, b, dice=[], setup=_hidden(2))
    game.state.status["b"].maneuver = Maneuver("move", "a", "zero")
    drive(process_maneuver(game, "b"), {"a": "let"})
    assert events(game, TomoCoverLost) == [TomoCoverLost("a", "zone")]


def test_a_high_angle_weapon_ignores_the_obstacle() -> None:
    """Seed 003 曲射弾道兵器 「障害物による射撃修正を受けず、また、その生命値を無視して」: a mortar
    at a hider with cover 3: no cover modifier, the defence without the obstacle, the
    obstacle unchanged."""
    b = sheet("b", "red", weapons=[MORTAR])
    game = held(sheet("a", "blue"), b, dice=[5, 5, 1, 1], setup=_hidden(3))
    assert attack_score(game.state, "b", "mortar", "a").modifiers.items == ()
    resolve_attack(game, "b", Attack("a", "mortar"))
    assert events(game, TomoDamage)[0].defense == 0
    assert game.state.status["a"].cover_life == 3 and events(game, TomoCoverLost) == []

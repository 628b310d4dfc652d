"""Seed 002 「範囲」 attacks (K2): 「「個体」⇔「範囲」は攻撃範囲の大きさで区別され、「範囲」の
攻撃(範囲攻撃)は通常の回避行動ではなく跳躍回避をしないと回避できない」, with the shooting
rule's drift (「{目標地点との距離(m)×失敗度×2割}m中心点がずれる(方向はD6で決める)」) and
「射出攻撃の命中判定…目標全員1点減少」 (interpretation 43)."""

from __future__ import annotations

import pytest

from senjo.scenario.errors import ScenarioError
from senjo.systems.tvalue.ai import shot_value
from senjo.systems.tvalue.area import caught
from senjo.systems.tvalue.events import (
    TvAreaStruck,
    TvDamage,
    TvDeviation,
    TvEvasionRoll,
    TvTChanged,
)
from senjo.systems.tvalue.shooting import shoot

from .helpers import events, fighter, held

# Shooting power 14, a 2 m blast, 1D6 damage.
GRENADE = {
    "key": "grenade",
    "delivery": "projectile",
    "shooting": 14,
    "fixed_hit": 10,
    "damage": "1D6",
    "area": 2,
}
# The thrower a at the origin; b, 10 m east, aimed at; c 1.5 m beyond it; d 4 m beyond;
# e, a's ally, beside b.
AT = {"a": (0.0, 0.0), "b": (10.0, 0.0), "c": (11.5, 0.0), "d": (14.0, 0.0), "e": (10.0, 1.0)}


def _blast(dice: list[int]):  # type: ignore[no-untyped-def]
    sheets = [
        fighter("a", "pcs", weapons=[GRENADE]),
        fighter("b", "gm", hp=30),
        fighter("c", "gm", hp=30),
        fighter("d", "gm", hp=30),
        fighter("e", "pcs", hp=30),
    ]
    return held(*sheets, dice=dice, at=AT)


def test_everyone_within_the_radius_is_caught_and_nobody_evades() -> None:
    """A good shooting roll (14 − 4 for 10 m: [3,3,3] = 9) lands on b: b, c and the ally
    e are within 2 m, d is not; no evasion roll (跳躍回避 alone would do, and it is
    Chapter 1's); each caught takes its own damage roll and −1 T, the thrower none."""
    game = _blast([3, 3, 3, 4, 5, 6])
    shoot(game, "a", "grenade", "b")
    assert events(game, TvAreaStruck) == [TvAreaStruck("a", "grenade", ("b", "c", "e"))]
    assert events(game, TvEvasionRoll) == []
    assert [(d.target, d.taken) for d in events(game, TvDamage)] == [
        ("b", 4),
        ("c", 5),
        ("e", 6),
    ]
    assert [(t.actor, t.amount) for t in events(game, TvTChanged)] == [
        ("b", -1),
        ("c", -1),
        ("e", -1),
    ]


def test_a_failed_roll_moves_the_blast() -> None:
    """Failed by 2 ([6,4,2] = 12 against 10): 10 m × 2 × 0.2 = 4 m, 1D6 [1] = north: the
    blast lands at (10, 4), 3 m from e and farther from the rest: nobody is caught, no
    T changes."""
    game = _blast([6, 4, 2, 1])
    shoot(game, "a", "grenade", "b")
    assert events(game, TvDeviation) == [TvDeviation("a", "", 40, "N")]
    assert events(game, TvAreaStruck) == [TvAreaStruck("a", "grenade", ())]
    assert events(game, TvDamage) == [] and events(game, TvTChanged) == []


def test_a_drifted_blast_catches_whoever_is_where_it_lands() -> None:
    """Failed by 1 ([6,4,1] = 11 against 10): 2 m towards [2], north-east (60° from
    north, north up): from b (10, 0) to (11.73, 1.0). c is 1.03 m away and e 1.73 m,
    b exactly 2 m (the edge counts); d, 2.48 m away, is not caught."""
    game = _blast([6, 4, 1, 2, 1, 1, 1])
    shoot(game, "a", "grenade", "b")
    assert events(game, TvAreaStruck) == [TvAreaStruck("a", "grenade", ("b", "c", "e"))]


def test_the_thrower_is_never_caught() -> None:
    """A blast at a foe beside the thrower leaves the thrower out (interpretation 43)."""
    game = _blast([])
    game.state.positions["b"] = game.state.positions["a"]
    centre = game.state.positions["b"]
    assert "a" not in caught(game.state, "a", centre, 2.0)


def test_the_ai_weighs_foes_caught_against_allies_caught() -> None:
    """An area shot's worth: the shooting roll's chance times the loss of each foe caught,
    less each ally's. At b the ally e is caught; at d it is not."""
    game = _blast([])
    weapon = game.state.sheets["a"].weapon("grenade")
    at_b, at_d = shot_value(game.state, "a", weapon, "b"), shot_value(game.state, "a", weapon, "d")
    game.state.positions["e"] = game.state.positions["a"]
    assert shot_value(game.state, "a", weapon, "b") > at_b
    assert at_d > 0


def test_an_area_is_for_projectile_weapons() -> None:
    """範囲 with 射出 only (a direct area attack has no rule to roll it): refused with the
    field named."""
    with pytest.raises(ScenarioError, match=r"weapons\[0\]\.area"):
        fighter("a", "pcs", weapons=[{"key": "club", "damage": "1D6", "area": 2}])

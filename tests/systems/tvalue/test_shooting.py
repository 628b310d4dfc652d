"""Seed 002 射撃ルール: projectile attacks (K3–K7, T11)."""

from __future__ import annotations

import pytest

from senjo.space.plane import Point
from senjo.systems.tvalue.events import (
    TvCheck,
    TvDamage,
    TvDeclared,
    TvDeviation,
    TvEvasionRoll,
    TvTChanged,
)
from senjo.systems.tvalue.shooting import range_modifier, shoot, size_modifier

from .helpers import battle, events, fighter, held, pending

# Shooting power 12, evasion rolls against 10, 2D6 damage, FAP 6 and MAP 1.
BOW = {"key": "bow", "delivery": "projectile", "shooting": 12, "fixed_hit": 10, "damage": "2D6"}


def range_game(distance: float, dice: list[int], **target: object):  # type: ignore[no-untyped-def]
    """An archer at (0, 0) and a target `distance` metres east, for one shot."""
    game = held(fighter("a", "pcs", weapons=[BOW]), fighter("b", "gm", **target), dice=dice)
    game.state.positions = {"a": Point(0, 0), "b": Point(distance, 0)}
    return game


@pytest.mark.parametrize(
    ("size", "modifier"),
    [(0.004, -15), (0.05, -8), (1.5, -1), (1.7, 0), (2.0, 0), (12.0, 5), (250_000.0, 36)],
)
def test_the_size_row(size: float, modifier: int) -> None:
    """The seed's table, 「サイズ」: between two columns the next one up
    (interpretation 30); past 200 km +6 a tenfold (「以降10倍毎にさらに+6」), so 250 km
    takes the 2,000 km column."""
    assert size_modifier(size) == modifier


@pytest.mark.parametrize(
    ("distance", "modifier"),
    [(1.0, 0), (2.0, 0), (3.0, -1), (10.0, -4), (12.0, -5), (250.0, -13), (2_000_000.0, -36)],
)
def test_the_distance_row(distance: float, modifier: int) -> None:
    """「距離+相対速さ(秒速)」: 0 up to 2 m; 10 m −4; 12 m takes the 15 m column, −5."""
    assert range_modifier(distance) == modifier


def test_a_projectile_is_declared_as_a_shot_without_replacements() -> None:
    """「直接」⇔「射出」: a projectile weapon shoots; the direct-attack replacements are
    for direct attacks only (K3)."""
    game = battle(fighter("a", "pcs", weapons=[BOW]), fighter("b", "gm"), dice=[])
    keys = pending(game)[2]
    assert "shoot:bow" in keys and not any(key.startswith("attack:bow") for key in keys)


def test_the_shooting_roll_then_the_targets_evasion_roll() -> None:
    """「まず…「射撃力」で以下の修正を課して3D6を振り目標値以下」: 12, size 0, 10 m −4 → 8;
    [2,3,3] succeeds; then 「目標は回避判定」: evasion 10 − 7 + [2,2] = 7 < 10, hit; damage
    [3,4] = 7; the target's T −1 after the damage (K4, K7, T11)."""
    game = range_game(10.0, [2, 3, 3, 2, 2, 3, 4], hp=30)
    shoot(game, "a", "bow", "b")
    check = events(game, TvCheck)[0]
    assert (check.score.value, dict(check.score.modifiers.items)) == (
        8,
        {"size": 0, "distance": -4},
    )
    assert check.success
    evasion = events(game, TvEvasionRoll)[0]
    assert (evasion.total, evasion.against, evasion.evaded) == (7, 10, False)
    assert events(game, TvDamage)[0].taken == 7
    kinds = [type(item).__name__ for item in game.log]
    assert kinds == ["TvCheck", "TvEvasionRoll", "TvDamage", "TvTChanged"]
    assert events(game, TvTChanged) == [TvTChanged("b", -1, "projectile", -1)]


def test_an_evasion_at_the_fixed_value_evades_and_still_costs_t() -> None:
    """Evasion 10 − 7 + [3,4] = 10 reaches the fixed value 10: evaded (interpretation 28);
    the target's T still drops at once (「攻撃が外れた場合は直ちに」)."""
    game = range_game(1.0, [2, 3, 3, 3, 4])
    shoot(game, "a", "bow", "b")
    assert events(game, TvEvasionRoll)[0].evaded and not events(game, TvDamage)
    assert events(game, TvTChanged) == [TvTChanged("b", -1, "projectile", -1)]


def test_a_failed_shooting_roll_drifts_and_misses_without_t() -> None:
    """「この判定に失敗すると…距離(m)×「失敗度」×2割 m中心点がずれる(方向はD6で決める)」:
    10 m, 8 needed, [4,4,3] = 11 fails by 3 → 6 m, 1D6 [3] → south-east; a shot at one
    target then misses; 「射撃判定では無い」: no T changes (K6, interpretation 29)."""
    game = range_game(10.0, [4, 4, 3, 3])
    shoot(game, "a", "bow", "b")
    assert events(game, TvDeviation) == [TvDeviation("a", "b", 60, "SE")]
    assert not events(game, TvEvasionRoll) and not events(game, TvTChanged)


def test_the_size_of_the_target_counts() -> None:
    """A 0.05 m target (−8) at 1 m: 12 − 8 = 4 needed."""
    game = range_game(1.0, [1, 1, 1, 1, 1, 1, 1], size_m=0.05)
    shoot(game, "a", "bow", "b")
    assert events(game, TvCheck)[0].score.value == 4


def test_a_shot_costs_the_weapons_fap_and_map() -> None:
    """A projectile attack costs what the weapon says (6 and 1 unless given)."""
    game = battle(fighter("a", "pcs", weapons=[BOW]), fighter("b", "gm"), dice=[])
    game.decide(game.pending.find("shoot:bow"))  # type: ignore[union-attr]
    assert events(game, TvDeclared)[0].action == "shoot:bow"

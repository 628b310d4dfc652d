"""Grapples: the base options, seed 004's SIZ limits and hold roll, 投げ and 体当たり."""

from __future__ import annotations

from typing import Any

from senjo.engine.battle import Battle
from senjo.systems.coc.events import (
    CocCheck,
    CocConditionChanged,
    CocDamageRolled,
    CocGrappleChanged,
    CocInjured,
    CocMoved,
    CocResistance,
    CocTurnSkipped,
)
from senjo.systems.coc.grapple import grapple_size_allows, knock_back_metres
from senjo.systems.coc.state import CocState

from .helpers import battle, choose, combatant, events, pending, prepared

HIT = 20
#: Takeshi: STR 15 + SIZ 14 = 29, db +1D4; Grapple 60.
TAKESHI: dict[str, Any] = {"traits": {"str": 15, "siz": 14, "dex": 17}, "skills": {"grapple": 60}}


def _grapple(
    dice: list[int], target: dict[str, Any] | None = None, **options: str
) -> Battle[CocState]:
    """Takeshi grapples the cultist (DEX 10, STR 12, SIZ 12, armour 20 unless `target` says)."""
    fields: dict[str, Any] = {"traits": {"dex": 10}, "armour": 20, "weapons": ["knife"]}
    fields.update(target or {})
    return battle(
        combatant("tak", "inv", 0, **TAKESHI),
        combatant("cult", "cult", 1, **fields),
        dice=dice,
        **options,
    )


def _land(game: Battle[CocState], effect: str, variant: str = "") -> None:
    choose(game, f"attack{variant}:cult:grapple", "tak")
    choose(game, "none", "cult")
    if effect:
        choose(game, effect, "tak")


def test_grapple_needs_target_siz_from_minus_20_to_plus_10() -> None:
    """Seed 004: 組み付きを行うためには、相手のSIZが-20以上、+10以下である必要があります."""
    pairs = ((14, 24), (14, 25), (30, 9), (30, 10))
    assert [grapple_size_allows(own, size) for own, size in pairs] == [True, False, False, True]
    big = _grapple([], {"traits": {"dex": 10, "siz": 25}})
    assert not [k for k in pending(big)[2] if "grapple" in k]
    fits = _grapple([], {"traits": {"dex": 10, "siz": 24}})
    assert "attack:cult:grapple" in pending(fits)[2]


def test_no_size_limit_in_the_base_game() -> None:
    """Base rules (house off): any SIZ may be grappled."""
    game = _grapple([], {"traits": {"dex": 10, "siz": 40}}, house="off")
    assert "attack:cult:grapple" in pending(game)[2]


def test_landed_grapple_offers_its_effects() -> None:
    """Base rules: hold, strangle, knock down, hurt, disarm; seed 004 adds the throw (投げ)."""
    game = _grapple([HIT])
    choose(game, "attack:cult:grapple", "tak")
    choose(game, "none", "cult")
    assert pending(game) == (
        "tak",
        "grapple_effect",
        ("hold:cult", "strangle:cult", "knock_down:cult", "hurt:cult", "disarm:cult", "throw:cult"),
    )


def test_hold_kept_by_a_str_roll_on_the_targets_dex_turn() -> None:
    """Seed 004: 相手のDEX準拠の行動順の際に筋力対抗ロール (STR 15 vs 12: 65%, rolled 30)."""
    game = _grapple([HIT, 30])
    _land(game, "hold:cult")
    resisted = events(game, CocResistance)[0]
    assert (resisted.actor, resisted.kind, resisted.target, resisted.success) == (
        "tak",
        "grapple_hold",
        65,
        True,
    )
    assert events(game, CocTurnSkipped) == [CocTurnSkipped("cult", "held")]
    assert game.state.status["cult"].held_by == "tak"


def test_hold_lost_when_the_str_roll_fails() -> None:
    """Seed 004: このロールに失敗した場合は組み付きが解除されます — and the target acts."""
    game = _grapple([HIT, 80])
    _land(game, "hold:cult")
    assert events(game, CocGrappleChanged)[-1] == CocGrappleChanged(
        "tak", "cult", "hold", False, "hold_broken"
    )
    assert pending(game)[:2] == ("cult", "action")


def test_base_game_held_target_spends_its_turn_breaking_free() -> None:
    """Base rules (house off): the held target escapes with a STR resistance roll on its turn."""
    game = _grapple([HIT, 20], house="off")
    _land(game, "hold:cult")
    assert pending(game) == ("cult", "action", ("escape", "do_nothing"))
    choose(game, "escape", "cult")
    resisted = events(game, CocResistance)[0]
    assert (resisted.actor, resisted.active, resisted.passive, resisted.success) == (
        "cult",
        12,
        15,
        True,
    )
    assert game.state.status["cult"].held_by == ""


def test_hurt_does_1d6_plus_db() -> None:
    """Base rules: the grapple may hurt the target for 1D6+db."""
    game = _grapple([HIT, 5, 3])
    _land(game, "hurt:cult")
    assert events(game, CocDamageRolled)[0].expression == "1D6+1D4"


def test_knock_down_drops_the_target() -> None:
    """Base rules: the grapple may knock the target down (automatic)."""
    game = _grapple([HIT])
    _land(game, "knock_down:cult")
    assert game.state.status["cult"].prone


def test_strangle_hurts_each_turn_the_hold_is_kept() -> None:
    """Interpretation: a strangle holds; each turn the grappler keeps it, 1D6 through armour."""
    game = _grapple([HIT, 30, 4, 30])
    _land(game, "strangle:cult")
    assert pending(game) == ("tak", "action", ("hold:cult", "throw:cult", "release:cult"))
    choose(game, "hold:cult", "tak")
    injured = events(game, CocInjured)[0]
    assert (injured.cause, injured.armour, injured.loss) == ("strangle", 0, 4)


def test_throw_is_automatic_1d3_plus_db_and_the_target_falls() -> None:
    """Seed 004 投げ: 投げは自動的に成功し、1d3+dbのダメージ; 対象は転倒状態になります."""
    game = _grapple([HIT, 3, 4, 95, 95], {"traits": {"dex": 10, "con": 18}})
    _land(game, "throw:cult")
    rolled = events(game, CocDamageRolled)[0]
    assert (rolled.source, rolled.expression, rolled.damage) == ("throw", "1D3+1D4", 7)
    breakfall = events(game, CocCheck)[-1]
    assert (breakfall.actor, breakfall.kind, breakfall.score.value) == ("cult", "breakfall", 25)
    assert game.state.status["cult"].prone
    assert game.state.status["tak"].holding == ""


def test_break_fall_halves_the_throw() -> None:
    """Seed 004 投げ: 対象が組み付きに成功した場合、受け身を取れたものとみなし、ダメージを半減."""
    game = _grapple([HIT, 3, 4, 10], {"armour": 0})
    _land(game, "throw:cult")
    injured = events(game, CocInjured)[0]
    assert (injured.cause, injured.damage) == ("throw_breakfall", 3)
    assert not events(game, CocResistance)
    assert game.state.status["cult"].prone


def test_failed_break_fall_risks_a_knock_out_at_twice_the_damage_against_con() -> None:
    """Seed 004 投げ: 受け身に失敗した場合、ダメージの2倍とCONの対抗判定; 失敗でノックアウト."""
    game = _grapple([HIT, 3, 4, 95, 20], {"traits": {"dex": 10, "con": 18}})
    _land(game, "throw:cult")
    resisted = events(game, CocResistance)[0]
    assert (resisted.kind, resisted.active, resisted.passive, resisted.target) == (
        "throw_knockout",
        14,
        18,
        30,
    )
    assert not game.state.status["cult"].conscious


def test_throw_any_time_while_the_grapple_holds() -> None:
    """Seed 004 投げ: 投げの宣言は組み付きが継続している間はいつでも (a later turn, no roll)."""
    game = _grapple([HIT, 30, 1, 1, 10])
    _land(game, "hold:cult")
    choose(game, "throw:cult", "tak")
    assert [c.kind for c in events(game, CocCheck)] == ["attack", "breakfall"]
    assert events(game, CocDamageRolled)[0].source == "throw"


def test_tackle_is_declared_with_the_grapple() -> None:
    """Seed 004 体当たり: 組み付きを行う前に体当たりを宣言 — a grapple declared as a tackle."""
    game = _grapple([])
    assert "attack/tackle:cult:grapple" in pending(game)[2]
    assert "attack/tackle:cult:grapple" not in pending(_grapple([], house="off"))[2]


def test_tackle_1d3_plus_db_then_knock_back_and_the_wall() -> None:
    """Seed 004 体当たり: 1d3+db; 吹き飛ばし √(7 + 14 − 12) = 3 m; a wall 1 m behind: 2 × 1D4."""
    target = {"traits": {"dex": 10, "con": 18}, "surroundings": {"wall_behind": 1}}
    game = _grapple([HIT, 3, 4, 2, 3, 95], target)
    _land(game, "", "/tackle")
    assert pending(game) == ("tak", "tackle_follow", ("knock_back:cult", "push_down:cult", "none"))
    choose(game, "knock_back:cult", "tak")
    tackle, wall = events(game, CocDamageRolled)
    assert (tackle.source, tackle.expression, tackle.damage) == ("tackle", "1D3+1D4", 7)
    assert (wall.source, wall.expression, wall.damage) == ("wall", "2D4", 5)
    moved = events(game, CocMoved)[0]
    assert (moved.metres, moved.direction) == (1, "knocked_back")
    assert game.state.status["cult"].wall_behind == 0


def test_knock_back_distance_is_the_square_root() -> None:
    """Seed 004 吹き飛ばし: √(damage + own SIZ − target SIZ) metres (nothing below zero)."""
    assert knock_back_metres(7, 14, 12) == 3.0
    assert knock_back_metres(1, 8, 16) == 0.0


def test_tackle_knock_out_counts_the_whole_series() -> None:
    """Seed 004 体当たり: 一連のダメージ合計の2倍と相手のCONで対抗判定 (2 × (7 + 5) vs CON 18)."""
    target = {"traits": {"dex": 10, "con": 18}, "surroundings": {"wall_behind": 1}}
    game = _grapple([HIT, 3, 4, 2, 3, 40], target)
    _land(game, "", "/tackle")
    choose(game, "knock_back:cult", "tak")
    resisted = events(game, CocResistance)[0]
    assert (resisted.kind, resisted.active, resisted.passive) == ("tackle_knockout", 24, 18)
    assert not game.state.status["cult"].conscious


def test_push_down_both_fall_grappled_and_a_hard_floor_adds_1d4() -> None:
    """Seed 004 押し倒し: STR vs STR; 二人とも転倒し、組み付き状態; 床が硬い場合は1d4."""
    target = {"traits": {"dex": 10, "con": 18}, "surroundings": {"floor": "hard"}}
    game = _grapple([HIT, 1, 1, 30, 2, 30], target)
    _land(game, "", "/tackle")
    choose(game, "push_down:cult", "tak")
    status = game.state.status
    assert status["tak"].prone and status["cult"].prone
    assert (status["tak"].holding, status["cult"].held_by) == ("cult", "tak")
    assert events(game, CocDamageRolled)[-1].source == "floor"
    knock_out = [r for r in events(game, CocResistance) if r.kind == "tackle_knockout"]
    assert knock_out[0].active == 2 * (2 + 2)


def test_push_down_on_a_soft_floor_adds_nothing() -> None:
    """Seed 004 押し倒し: no extra 1D4 unless the floor is hard."""
    game = _grapple([HIT, 1, 1, 30, 30], {"traits": {"dex": 10, "con": 18}})
    _land(game, "", "/tackle")
    choose(game, "push_down:cult", "tak")
    assert [d.source for d in events(game, CocDamageRolled)] == ["tackle"]
    assert events(game, CocConditionChanged)[-1].condition == "prone"


def _held_by_ann(state: CocState) -> None:
    state.status["ann"].holding, state.status["ann"].hold_kind = "cult", "hold"
    state.status["cult"].held_by = "ann"


def _crowd(dice: list[int]) -> Battle[CocState]:
    """Ann (DEX 15) already holds the cultist (CON 18); Takeshi (DEX 17) grapples it too."""
    return prepared(
        _held_by_ann,
        combatant("tak", "inv", 0, **TAKESHI),
        combatant("ann", "inv", 0, -1, traits={"dex": 15}),
        combatant("cult", "cult", 1, traits={"dex": 10, "con": 18}, armour=20),
        dice=dice,
    )


def test_a_new_hold_takes_the_target_from_its_old_holder() -> None:
    """Interpretation: one holder at a time — a second grappler's hold ends the first."""
    game = _crowd([HIT])
    choose(game, "attack:cult:grapple", "tak")
    choose(game, "hold:cult", "tak")
    assert events(game, CocGrappleChanged) == [
        CocGrappleChanged("ann", "cult", "hold", False, "taken_over"),
        CocGrappleChanged("tak", "cult", "hold", True, "grapple"),
    ]
    assert (game.state.status["ann"].holding, game.state.status["cult"].held_by) == ("", "tak")


def test_knock_back_out_of_reach_ends_a_hold() -> None:
    """Interpretation: a knock-back leaving holder and held more than 2 m apart ends the hold."""
    game = _crowd([HIT, 3, 4, 95])
    choose(game, "attack/tackle:cult:grapple", "tak")
    choose(game, "knock_back:cult", "tak")
    assert events(game, CocGrappleChanged)[-1] == CocGrappleChanged(
        "ann", "cult", "hold", False, "knock_back"
    )
    assert not game.state.is_engaged("ann", "cult")

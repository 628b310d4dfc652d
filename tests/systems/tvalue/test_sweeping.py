"""Seed 002 A. 直接攻撃の置き換え 「なぎ払い」 (sweeping strike, R7): 「レンジが等しい中心角
180度の範囲にいる全ての目標に同時に攻撃する。但し、目標数と同じ数値命中判定にペナルティが
ある。T値上昇は、それぞれの目標の中で最大値を用いる。」 (必要T値 絶対値1以上)."""

from __future__ import annotations

from senjo.systems.tvalue.ai import action_value, attack_value
from senjo.systems.tvalue.events import (
    TvDamage,
    TvHitRoll,
    TvRequirementUnmet,
    TvSwept,
    TvTChanged,
)
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.sweeping import sweep, swept

from .helpers import battle, choose, declare, events, fighter, held, pending

# Around `a` at the origin: b ahead and c beside it at the same range (1 m), d behind
# at that range, e ahead but at 2 m.
AROUND = {"a": (0.0, 0.0), "b": (1.0, 0.0), "c": (0.0, 1.0), "d": (-1.0, 0.0), "e": (2.0, 0.0)}


def _ring(dice: list[int], **fields: int):  # type: ignore[no-untyped-def]
    foes = [fighter(k, "gm", evasion=5, hp=20, **fields) for k in "bcde"]
    game = held(fighter("a", "pcs"), *foes, dice=dice, at=AROUND)
    game.state.status["a"].t = 1
    return game


def test_a_sweep_takes_every_foe_at_the_same_range_within_the_half_circle() -> None:
    """「レンジが等しい中心角180度の範囲」: centred on the chosen foe's direction, 90° either
    side (c, square to it, counts); d behind and e farther are not swept
    (interpretation 42). Allies are never swept."""
    game = _ring([])
    game.state.sheets["c"] = fighter("c", "pcs", evasion=5, hp=20)
    assert swept(game.state, "a", "b") == ("b",)
    game = _ring([])
    assert swept(game.state, "a", "b") == ("b", "c")
    assert swept(game.state, "a", "d") == ("c", "d")
    assert swept(game.state, "a", "e") == ("e",)


def test_without_positions_every_foe_is_swept() -> None:
    """No positions (everyone at one spot, as in a battle without a map): every foe is
    at the same range and no direction leaves one out."""
    game = held(fighter("a", "pcs"), fighter("b", "gm"), fighter("c", "gm"), dice=[])
    assert swept(game.state, "a", "c") == ("b", "c")


def test_each_target_gets_its_own_hit_roll_at_minus_the_number_of_targets() -> None:
    """「目標数と同じ数値命中判定にペナルティ」: two targets, each hit roll at −2: accuracy
    3 − 2 + [5,5] = 11 hits b (then damage [1,1]+1 = 3); 3 − 2 + [1,1] = 3 misses c."""
    game = _ring([5, 5, 1, 1, 1, 1])
    sweep(game, "a", "sword", "b")
    assert events(game, TvSwept) == [TvSwept("a", ("b", "c"))]
    rolls = events(game, TvHitRoll)
    assert [(r.target, r.score.value, r.total, r.hit) for r in rolls] == [
        ("b", 1, 11, True),
        ("c", 1, 3, False),
    ]
    assert rolls[0].score.modifiers.total == -2 and rolls[0].replacement == "sweeping"
    assert [(d.target, d.taken) for d in events(game, TvDamage)] == [("b", 3)]


def test_the_t_gain_is_the_largest_among_the_targets() -> None:
    """「T値上昇は、それぞれの目標の中で最大値を用いる」: b already took two direct attacks
    this round (its gain 3), c none (1): the attacker gains 3 once, and each target
    counts the attack."""
    game = _ring([1, 1, 1, 1])
    game.state.status["b"].received = 2
    sweep(game, "a", "sword", "b")
    assert [e for e in events(game, TvTChanged) if e.actor == "a"] == [
        TvTChanged("a", 3, "direct_attack", 4)
    ]
    assert (game.state.status["b"].received, game.state.status["c"].received) == (3, 1)


def test_a_sweep_below_absolute_one_is_a_plain_attack_on_the_chosen_foe() -> None:
    """必要T値 絶対値1以上, checked just before resolution (T15): at T 0 the sweep is a
    direct attack on the foe chosen, with no penalty."""
    game = _ring([1, 1])
    game.state.status["a"].t = 0
    sweep(game, "a", "sword", "b")
    assert events(game, TvRequirementUnmet) == [
        TvRequirementUnmet("a", "sweeping", "absolute", 1, 0)
    ]
    assert [(r.target, r.score.value) for r in events(game, TvHitRoll)] == [("b", 3)]
    assert events(game, TvSwept) == []


def test_a_declared_sweep_resolves_at_the_foe_chosen() -> None:
    """Declared like any replacement (`attack:sword+sweeping`), aimed at one foe when it
    resolves (O4): both foes beside each other are struck."""
    sheets = [fighter("a", "pcs", reaction=12), fighter("b", "gm"), fighter("c", "gm")]
    game = battle(
        *sheets,
        dice=[6, 6, 1, 1, 6, 6, 1, 1],
        at={"b": (1.0, 0.0), "c": (1.0, 0.0)},
        before=lambda state: setattr(state.status["a"], "t", 5),  # −2 outnumbered
    )
    declare(game, "a", "attack:sword+sweeping")
    declare(game, "b")
    declare(game, "c")
    assert "attack:sword+sweeping:c" in pending(game)[2]
    choose(game, "attack:sword+sweeping:c", "a")
    assert [r.target for r in events(game, TvHitRoll)] == ["b", "c"]


def test_a_swept_foe_that_evades_may_guard_cancel_after_the_sweep() -> None:
    """「防御に成功した場合に使用するコンボ」 after a sweep: each target's own hit roll is its
    defence; C evades (3 − 2 + [1,1]) and is asked once the sweep has resolved."""

    def ready(state: TvState) -> None:
        state.status["a"].t, state.status["c"].t = 5, 20

    sheets = [
        fighter("a", "pcs", reaction=12),
        fighter("b", "gm", evasion=5, hp=30),
        fighter("c", "gm", evasion=5, hp=30, fap=12, guard_cancels=["sword"]),
    ]
    game = battle(*sheets, dice=[6, 6, 1, 1, 1, 1], before=ready)
    declare(game, "a", "attack:sword+sweeping")
    declare(game, "b")
    declare(game, "c", "guard_cancel:sword")
    choose(game, "attack:sword+sweeping:b", "a")
    assert [(r.target, r.hit) for r in events(game, TvHitRoll)] == [("b", True), ("c", False)]
    assert pending(game) == ("c", "guard_cancel", ("use", "skip"))


def test_the_ai_values_a_sweep_as_the_sum_of_its_strikes() -> None:
    """The AI's worth of a sweep is each swept foe's strike at the sweep's penalty."""
    game = _ring([])
    state = game.state
    value = action_value(state, "a", "attack", "sword", "b", "sweeping")
    each = attack_value(state, "a", state.sheets["a"].weapon("sword"), "b", "sweeping", swept=2)
    assert value == 2 * each > 0
    assert each < attack_value(state, "a", state.sheets["a"].weapon("sword"), "b")

"""Seed 002 「攻撃妨害」 (interception, R3): waiting, striking first, voiding an attack."""

from __future__ import annotations

from senjo.systems.tvalue.events import (
    TvDamage,
    TvHitRoll,
    TvInterrupted,
    TvTChanged,
    TvWaiting,
)

from .helpers import battle, choose, declare, events, fighter, pending

SWORD = {"key": "sword", "accuracy": 4, "skill": 3, "damage": "2D6"}
AXE = {"key": "axe", "accuracy": 5, "skill": 3, "damage": "2D6+2"}


def game_with_guard(dice: list[int], guard_t: int = 3, **options: str):  # type: ignore[no-untyped-def]
    """G (reaction 12) declares an interception; B (reaction 10) attacks C."""
    sheets = [
        fighter("g", "pcs", reaction=12, weapons=[SWORD]),
        fighter("c", "pcs", reaction=5, evasion=5, hp=30, weapons=[]),
        fighter("b", "gm", reaction=10, weapons=[AXE]),
    ]
    game = battle(
        *sheets, dice=dice, setup=None, before=None, at=None, level_tie_pair="none", **options
    )
    for key in game.state.status:
        game.state.status[key].t = 0
    game.state.status["g"].t = guard_t
    declare(game, "g", "attack:sword+interception")
    declare(game, "c")
    declare(game, "b", "attack:axe")
    return game


def test_interception_waits_then_strikes_before_the_attack_and_voids_it() -> None:
    """「行動解決後、任意の直接攻撃に対して攻撃できる…判定に成功すれば目標の攻撃は無効化」:
    G resolves its interception (no roll: it waits); when B attacks C, G is asked first;
    4 + [4,3] = 11 > B's accuracy 5 + 1: B's attack is void — no hit roll of B's, no
    damage; G's roll is a direct attack for T (+1)."""
    game = game_with_guard([4, 3])
    assert pending(game)[2] == ("attack:sword+interception:*", "cancel")
    choose(game, "attack:sword+interception:*", "g")
    assert events(game, TvWaiting) == [TvWaiting("g", "sword")]
    choose(game, "attack:axe:c", "b")
    assert pending(game) == ("g", "intercept", ("intercept", "let_it_come"))
    choose(game, "intercept", "g")
    (roll,) = events(game, TvHitRoll)
    assert (roll.actor, roll.target, roll.total, roll.against, roll.hit) == ("g", "b", 11, 6, True)
    assert events(game, TvInterrupted) == [TvInterrupted("g", "b")]
    assert not events(game, TvDamage)
    assert TvTChanged("g", 1, "direct_attack", 4) in events(game, TvTChanged)
    assert game.state.status["g"].waiting == ""


def test_a_failed_interception_lets_the_attack_through() -> None:
    """4 + [1,1] = 6 does not exceed 6: B's attack goes on (its hit roll [5,5], damage)."""
    game = game_with_guard([1, 1, 5, 5, 3, 3])
    choose(game, "attack:sword+interception:*", "g")
    choose(game, "attack:axe:c", "b")
    choose(game, "intercept", "g")
    rolls = events(game, TvHitRoll)
    assert [(r.actor, r.hit) for r in rolls] == [("g", False), ("b", True)]
    assert events(game, TvDamage)[0].taken == 8


def test_interception_needs_relative_one_against_the_attacker() -> None:
    """必要T値 相対値1以上 against the attacker (interpretation 31): G at T 0 against B at 0
    is not asked; B's attack resolves."""
    game = game_with_guard([5, 5, 3, 3], guard_t=0)
    choose(game, "attack:sword+interception:*", "g")
    choose(game, "attack:axe:c", "b")
    assert [r.actor for r in events(game, TvHitRoll)] == ["b"]


def test_letting_the_attack_come_keeps_the_wait() -> None:
    """Answering `let_it_come` spends nothing: G still waits for a later attack."""
    game = game_with_guard([5, 5, 3, 3])
    choose(game, "attack:sword+interception:*", "g")
    choose(game, "attack:axe:c", "b")
    choose(game, "let_it_come", "g")
    assert game.state.status["g"].waiting == "sword"

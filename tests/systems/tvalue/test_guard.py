"""Seed 002 「ガードキャンセル」 (guard cancel, C3)."""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.tvalue.events import TvBudget, TvComboRoll, TvHitRoll
from senjo.systems.tvalue.state import TvState

from .helpers import battle, declare, events, fighter, pending

SWORD = {"key": "sword", "accuracy": 4, "damage": "2D6", "fap": 7}


def game(dice: list[int]) -> Battle[TvState]:
    """B (reaction 12) attacks A, which declared a guard cancel with its sword; A starts
    at T 2 (the highest combat level), so after B's +1 it is still 1 above (相対値0)."""
    a = fighter(
        "a", "pcs", combat_level=3, evasion=11, fap=12, weapons=[SWORD], guard_cancels=["sword"]
    )
    b = fighter("b", "gm", reaction=12, evasion=5, hp=30, weapons=[SWORD])
    played = battle(a, b, dice=dice, level_tie_pair="none")
    declare(played, "a", "guard_cancel:sword")
    declare(played, "b", "attack:sword")
    played.decide(played.pending.find("attack:sword:a"))  # type: ignore[union-attr]
    return played


def test_a_good_defence_lets_the_guard_cancel_strike_back_at_half_fap() -> None:
    """「防御に成功した場合に使用するコンボ…消費FAPが半分(端数切り上げ)」, 目標値
    「8−「回避判定の成功度」」: B's 4 + [2,3] = 9 against evasion 11 misses by 2; A uses its
    guard cancel: 2D6 [3,3] = 6 ≥ 8 − 2; it strikes B at once ([5,5] hits, [2,2]); 7 FAP
    cost 4: 3 come back."""
    played = game([2, 3, 3, 3, 5, 5, 2, 2])
    assert pending(played) == ("a", "guard_cancel", ("use", "skip"))
    played.decide(played.pending.find("use"))  # type: ignore[union-attr]
    assert events(played, TvComboRoll) == [TvComboRoll("a", "guard_cancel", (3, 3), 6, True)]
    rolls = events(played, TvHitRoll)
    assert [(r.actor, r.target, r.hit) for r in rolls] == [("b", "a", False), ("a", "b", True)]
    assert events(played, TvBudget)[-1] == TvBudget("a", 5 + 3, 3, "guard_cancel")
    assert played.state.status["a"].declared == []


def test_a_failed_combo_roll_keeps_the_attack_for_its_turn() -> None:
    """2D6 [1,2] = 3 < 6: no counter; the declared attack waits for A's own turn."""
    played = game([2, 3, 1, 2])
    played.decide(played.pending.find("use"))  # type: ignore[union-attr]
    assert not events(played, TvComboRoll)[0].success
    assert played.state.status["a"].declared == ["guard_cancel:sword"]
    assert pending(played) == ("a", "act", ("guard_cancel:sword:b", "cancel"))


def test_a_hit_gives_no_guard_cancel() -> None:
    """Only a defence that succeeds: B's [6,6] hits, nothing is asked."""
    played = game([6, 6, 1, 1])
    assert pending(played)[:2] == ("a", "act")


def test_a_guard_cancel_needs_relative_zero_against_the_attacker() -> None:
    """必要T値 相対値0: at T 0 against the attacker's 0 + 1 after its attack, nothing is
    asked (interpretation 41)."""
    a = fighter("a", "pcs", evasion=11, fap=12, weapons=[SWORD], guard_cancels=["sword"])
    b = fighter("b", "gm", reaction=12, evasion=5, hp=30, weapons=[SWORD])
    played = battle(a, b, dice=[2, 3], level_tie_pair="none")
    declare(played, "a", "guard_cancel:sword")
    declare(played, "b", "attack:sword")
    played.decide(played.pending.find("attack:sword:a"))  # type: ignore[union-attr]
    assert pending(played)[:2] == ("a", "act")

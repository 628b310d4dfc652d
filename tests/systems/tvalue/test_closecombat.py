"""Seed 002 近接攻撃: 体当たり, 組みつき, 振りほどき (N2, N3, N11)."""

from __future__ import annotations

from senjo.systems.tvalue.closecombat import break_free, grab, ram
from senjo.systems.tvalue.events import (
    TvBudget,
    TvCheck,
    TvConditionChanged,
    TvContest,
    TvDamage,
    TvHitRoll,
)

from .helpers import battle, declare, events, fighter, held, pending


def test_a_ram_hurts_both_and_the_one_that_dealt_less_may_fall() -> None:
    """体当たり: 「両者がそれぞれ[「(自分の)生命力」×「速度(m/s)」÷100]D…1D以下の場合は…0.5まで
    なら1D-2、それより大きい場合は1D-1」: vitality 12 at 5 m/s → 0.6 → 1D−1; the target's
    10 → 0.5 → 1D−2; [5] → 4, [5] → 3: the target dealt less and rolls dexterity 10,
    [4,4,4] = 12 fails → it falls (interpretation 35)."""
    a = fighter("a", "pcs", close_accuracy=5, vitality=12, speed_mps=5)
    b = fighter("b", "gm", evasion=5, vitality=10, hp=30)
    game = held(a, b, dice=[5, 5, 5, 5, 4, 4, 4])
    ram(game, "a", "b")
    assert [(d.actor, d.target, d.rolled) for d in events(game, TvDamage)] == [
        ("a", "b", 4),
        ("b", "a", 3),
    ]
    check = events(game, TvCheck)[0]
    assert (check.actor, check.purpose, check.success) == ("b", "ram", False)
    assert game.state.status["b"].prone and not game.state.status["a"].prone


def test_twice_the_damage_fells_without_a_roll() -> None:
    """「この差が2倍以上であった場合は自動的に転倒する」: 4 against 2."""
    a = fighter("a", "pcs", close_accuracy=5, vitality=12, speed_mps=5)
    b = fighter("b", "gm", evasion=5, vitality=10, hp=30)
    game = held(a, b, dice=[5, 5, 5, 4])
    ram(game, "a", "b")
    assert not events(game, TvCheck) and game.state.status["b"].prone


def test_a_grab_holds_the_target_and_costs_it_five_fap_each_round() -> None:
    """組みつき: 「命中した場合目標の敏捷力にマイナス4のペナルティ(自動的に攻撃・回避に
    マイナス1)が課せられ、その時点と以降ラウンドの初めにFAPがマイナス5される」: hit [5,5];
    the target's FAP 12 − 5; next round it starts at 12 − 5 = 7; its hit rolls and
    evasion take −1."""
    sword = {"key": "sword", "accuracy": 4, "damage": "2D6"}
    a = fighter("a", "pcs", reaction=12, close_accuracy=5, weapons=[sword])
    b = fighter("b", "gm", evasion=5, fap=12, weapons=[sword])
    game = battle(a, b, dice=[5, 5, 1, 1])
    declare(game, "a", "grab")
    declare(game, "b", "attack:sword")
    game.decide(game.pending.find("grab:b"))  # type: ignore[union-attr]
    assert game.state.status["b"].held_by == "a"
    assert events(game, TvBudget) == [TvBudget("b", 1, 3, "held")]  # 12 − 6 − 5
    game.decide(game.pending.find("attack:sword:a"))  # type: ignore[union-attr]
    roll = events(game, TvHitRoll)[-1]
    assert dict(roll.score.modifiers.items) == {"held": -1}
    assert pending(game)[0] == "a"  # round 2's declarations
    assert game.state.status["b"].fap == 7
    assert events(game, TvBudget)[-1] == TvBudget("b", 7, 4, "held")


def test_breaking_free_is_a_quick_contest_at_minus_four() -> None:
    """振りほどき: 「敏捷力ないし筋力の高い方同士で即決勝負を行い勝てば…抜け出せる。…振りほど
    こうとするキャラクターには自動的にマイナス4」: the escapee's better of DX 13 − 4 (held)
    and ST 10 is 10, −4 → 6; [1,2,2] = 5 succeeds by 1; the holder's 11, [6,6,5] fails:
    free."""
    a = fighter("a", "pcs", close_accuracy=5, strength=11, dexterity=10)
    b = fighter("b", "gm", evasion=5, dexterity=13, strength=10)
    game = held(a, b, dice=[5, 5, 1, 2, 2, 6, 6, 5])
    grab(game, "a", "b")
    break_free(game, "b")
    mine, theirs = events(game, TvCheck)
    assert (mine.score.value, mine.success) == (6, True)
    assert (theirs.score.value, theirs.success) == (11, False)
    assert events(game, TvContest) == [TvContest("b", "a", True)]
    assert game.state.status["b"].held_by == ""
    assert events(game, TvConditionChanged)[-1] == TvConditionChanged("b", "held:a", False)


def test_breaking_free_is_offered_only_when_held() -> None:
    """「組みつき…の行為者に行動可能」: no 振りほどき for a fighter nobody holds."""
    game = battle(fighter("a", "pcs"), fighter("b", "gm"), dice=[])
    assert "break_free" not in pending(game)[2] and "grab" in pending(game)[2]

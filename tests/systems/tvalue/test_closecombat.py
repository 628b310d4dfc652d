"""Seed 002 近接攻撃: 体当たり, 組みつき, 振りほどき (N2, N3, N11)."""

from __future__ import annotations

import pytest

from senjo.systems.tvalue.closecombat import break_free, grab, ram
from senjo.systems.tvalue.declare import affordable
from senjo.systems.tvalue.events import (
    TvBlock,
    TvBudget,
    TvCheck,
    TvConditionChanged,
    TvContest,
    TvDamage,
    TvDeclared,
    TvHitRoll,
)
from senjo.systems.tvalue.holds import pin, takedown
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.techniques import fall

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


def holding(dice: list[int], **target: object):  # type: ignore[no-untyped-def]
    """A holds B (grab [5,5]); A's DX 10, ST 12; B's DX 10, ST 10 unless given."""
    a = fighter("a", "pcs", close_accuracy=5, strength=12)
    b = fighter("b", "gm", evasion=5, hp=30, **target)
    game = held(a, b, dice=[5, 5, *dice])
    grab(game, "a", "b")
    return game


def test_a_takedown_fells_the_held_target_and_the_actor_may_fall_to_keep_the_hold() -> None:
    """倒す: 「敏捷力ないし筋力の高い方同士で即決勝負を行い勝てば目標を…倒せる…行為者は自身も
    倒れる事で組みつき状態を維持できる」: A's 12 (ST) [3,3,3] against B's better of DX
    10 − 4 and ST 10, [5,5,5]: A wins; B falls; A keeps the hold by falling too (N4)."""
    game = holding([3, 3, 3, 5, 5, 5], fap=2)  # B cannot pay for a counter-throw
    steps = takedown(game, "a", "b")
    decision = next(steps)
    assert (decision.actor, decision.kind) == ("a", "keep_hold")
    with pytest.raises(StopIteration):
        steps.send(decision.find("keep"))
    assert game.state.status["b"].prone and game.state.status["a"].prone
    assert game.state.status["b"].held_by == "a"


def test_falling_alone_ends_the_hold() -> None:
    """「どちらか一方のみが倒れた場合、組みつき状態は解かれる」: A lets go rather than fall."""
    game = holding([3, 3, 3, 5, 5, 5], fap=2)
    steps = takedown(game, "a", "b")
    with pytest.raises(StopIteration):
        steps.send(next(steps).find("let_go"))
    assert game.state.status["b"].prone and not game.state.status["a"].prone
    assert game.state.status["b"].held_by == ""


def test_a_counter_throw_fells_the_actor_when_it_loses() -> None:
    """「目標は即決勝負の前にFAPを5点、MAPを2点消費する事で行為者が即決勝負に負けた場合逆に
    倒す事が出来る」: B pays 5 and 2; A [6,6,5] fails, B [3,3,3] succeeds: A falls, the
    hold ends."""
    game = holding([6, 6, 5, 3, 3, 3], fap=20, map=6)
    game.state.status["b"].fap, game.state.status["b"].map = 15, 6
    steps = takedown(game, "a", "b")
    decision = next(steps)
    assert (decision.actor, decision.kind) == ("b", "counter_throw")
    with pytest.raises(StopIteration):
        steps.send(decision.find("throw"))
    assert events(game, TvBudget)[-1] == TvBudget("b", 10, 4, "counter_throw")
    assert game.state.status["a"].prone and not game.state.status["b"].prone
    assert game.state.status["b"].held_by == ""


def test_a_pin_needs_the_target_down_and_a_strength_contest() -> None:
    """押さえこみ: 「地面に倒れている組みつき中の目標に行動可能…筋力の即決勝負…勝てば目標は
    身動き出来なくなる」: B prone; ST 12 [3,3,4] against 10 [5,5,5]: pinned; B may then
    only break free, grab or block (N5)."""
    game = holding([3, 3, 4, 5, 5, 5])
    pin(game, "a", "b")
    assert not game.state.status["b"].pinned  # standing: nothing happens, no dice
    fall(game, "b")
    pin(game, "a", "b")
    assert game.state.status["b"].pinned
    game.state.status["b"].fap, game.state.status["b"].map = 12, 4
    assert {option.action for option in affordable(game.state, "b")} == {
        "break_free",
        "grab",
        "block",
    }


def test_a_pin_is_kept_by_paying_each_round() -> None:
    """「この効果は以降毎ラウンド初めFAPを5点、MAPを2点消費しないと持続出来ない」: round 2,
    the pinner declines → the pin ends, the hold stays."""
    a = fighter("a", "pcs", reaction=12, close_accuracy=5, strength=12)
    b = fighter("b", "gm", evasion=5, hp=30, weapons=[])
    game = battle(a, b, dice=[])
    game.state.status["b"].held_by, game.state.status["b"].pinned = "a", True
    declare(game, "a")
    declare(game, "b")
    assert pending(game) == ("a", "upkeep", ("keep", "let_go"))
    game.decide(game.pending.find("let_go"))  # type: ignore[union-attr]
    assert not game.state.status["b"].pinned and game.state.status["b"].held_by == "a"


def test_an_attack_block_voids_the_partners_attack_unless_offset() -> None:
    """C.攻撃阻止: 「組みつき中の双方が行動可能…FAPを消費する事で攻撃を無効に出来る。目標は
    ｛「消費FAP」+「相対T値」｝で妨害者の消費FAPを相殺できればこの妨害を無効に出来る」: B,
    held by A, declares a block (FAP 1) and adds 2 when A attacks: 3 against A's 1 + relative
    T 0 — the attack is void (N10)."""
    sword = {"key": "sword", "accuracy": 4, "damage": "2D6"}
    a = fighter("a", "pcs", reaction=12, weapons=[sword])
    b = fighter("b", "gm", weapons=[sword])
    game = battle(a, b, dice=[], before=held_by_a, level_tie_pair="none")
    declare(game, "a", "attack:sword")
    declare(game, "b", "block")
    assert events(game, TvDeclared)[-1] == TvDeclared("b", "block", 1, 0, 6, 4)
    game.decide(game.pending.find("attack:sword:b"))  # type: ignore[union-attr]
    assert pending(game)[:2] == ("b", "block")
    game.decide(game.pending.find("2"))  # type: ignore[union-attr]
    assert pending(game)[:2] == ("a", "override")
    game.decide(game.pending.find("1"))  # type: ignore[union-attr]
    assert events(game, TvBlock) == [TvBlock("b", "a", 3, 1, 0, True)]
    assert not events(game, TvHitRoll)


def test_an_offset_block_lets_the_attack_go_on() -> None:
    """The attacker's 3 FAP + relative T 0 reaches the block's 3: the attack goes on."""
    sword = {"key": "sword", "accuracy": 4, "damage": "2D6"}
    a = fighter("a", "pcs", reaction=12, weapons=[sword])
    b = fighter("b", "gm", evasion=20, weapons=[sword])
    game = battle(a, b, dice=[1, 1], before=held_by_a, level_tie_pair="none")
    declare(game, "a", "attack:sword")
    declare(game, "b", "block")
    game.decide(game.pending.find("attack:sword:b"))  # type: ignore[union-attr]
    game.decide(game.pending.find("2"))  # type: ignore[union-attr]
    game.decide(game.pending.find("3"))  # type: ignore[union-attr]
    assert not events(game, TvBlock)[0].stopped and len(events(game, TvHitRoll)) == 1


def test_a_holder_may_let_go_at_its_turn_for_one_order_point() -> None:
    """「組みつき状態は行為者の任意のタイミングで解除できるが、その時点で行動順の修正が1点
    加算される」: A lets B go at its slot (order 12 → 11), then acts."""
    sword = {"key": "sword", "accuracy": 4, "damage": "2D6"}
    a = fighter("a", "pcs", reaction=12, weapons=[sword])
    b = fighter("b", "gm", evasion=20, weapons=[])
    game = battle(a, b, dice=[1, 1], before=held_by_a)
    declare(game, "a", "attack:sword")
    declare(game, "b")
    game.decide(game.pending.find("release:b"))  # type: ignore[union-attr]
    assert game.state.status["b"].held_by == "" and game.state.status["a"].order == 11
    assert pending(game)[:2] == ("a", "act")


def held_by_a(state: TvState) -> None:
    """B starts held by A."""
    state.status["b"].held_by = "a"


def test_a_pinner_strikes_only_the_pinned_and_shoots_nothing() -> None:
    """押さえこみ: 「行為者自身も…「“押さえこんでいる目標以外への”直接攻撃」「射出攻撃」「“ほとんど
    の”武技」…は出来ない」: A pins B; its attacks are offered at B only, no shot (N5,
    interpretation 37)."""
    sword = {"key": "sword", "accuracy": 4, "damage": "2D6"}
    bow = {"key": "bow", "delivery": "projectile", "shooting": 12, "fixed_hit": 10, "damage": "2D6"}
    a = fighter("a", "pcs", reaction=12, weapons=[sword, bow])
    sheets = [a, fighter("b", "gm", weapons=[]), fighter("c", "gm", weapons=[])]

    def pinned(state: TvState) -> None:
        state.status["b"].held_by, state.status["b"].pinned = "a", True

    game = battle(*sheets, dice=[], before=pinned)
    game.decide(game.pending.find("keep"))  # type: ignore[union-attr]  # the pin's upkeep
    assert "shoot:bow" not in pending(game)[2]
    declare(game, "a", "attack:sword")
    declare(game, "b")
    declare(game, "c")
    assert [key for key in pending(game)[2] if key.startswith("attack:sword:")] == [
        "attack:sword:b"
    ]

"""Seed 002 宣言と行動順: declarations, budgets, the action order, cancels, snap actions
(D1, O1–O6, O8, O9)."""

from __future__ import annotations

import pytest

from senjo.dice.errors import DiceScriptError
from senjo.systems.tvalue.events import TvActs, TvBigAction, TvCancelled, TvDeclared, TvHitRoll

from .helpers import battle, choose, declare, dice_left, events, fighter, pending

# Hit rolls that miss against evasion 10 with accuracy 3: 3 + 2 + 2 = 7.
MISS = [2, 2]


def test_everyone_declares_before_any_action_resolves() -> None:
    """「(行動)宣言」「ラウンドが始まる前に行動の宣言をしてから実際に行動を解決してゆく」:
    every fighter declares before the first roll; with no dice scripted, the declarations
    complete and only the first hit roll fails to draw (D1, D2, O1)."""
    game = battle(fighter("a", "pcs"), fighter("b", "gm"), dice=[])
    declare(game, "a", "attack:sword")
    assert pending(game)[:2] == ("b", "declare_action")
    declare(game, "b", "attack:sword")
    assert [e.actor for e in events(game, TvDeclared)] == ["a", "b"]
    assert pending(game)[:2] == ("a", "act")
    with pytest.raises(DiceScriptError):
        choose(game, "attack:sword:b", "a")


def test_the_gm_sides_declare_first() -> None:
    """「宣言はGM側→PC側の順で行う」: the setup's `gm_sides` declare before the others, even
    when the scenario lists a PC first (O2)."""
    sheets = [fighter("aoi", "pcs"), fighter("b1", "gm"), fighter("b2", "gm")]
    game = battle(*sheets, dice=[], setup={"gm_sides": ["gm"]})
    asked = []
    for _ in range(3):
        asked.append(pending(game)[0])
        choose(game, "done")
    assert asked == ["b1", "b2", "aoi"]


def test_only_what_the_budgets_cover_is_offered() -> None:
    """「FAP、MAPが0以上になる範囲で行動を選択できる」: FAP 10 and an attack of 6 — a heavy
    blow (FAP 12) is not offered; after one attack (4 left) only `done` is; MAP counts
    too (O3)."""
    game = battle(fighter("a", "pcs", fap=10, map=4), fighter("b", "gm", map=0), dice=[])
    keys = pending(game)[2]
    assert "attack:sword" in keys and "attack:sword+heavy_blow" not in keys
    choose(game, "attack:sword", "a")
    assert pending(game)[2] == ("done",)
    choose(game, "done", "a")
    assert pending(game) == ("b", "declare_action", ("done",))  # MAP 0: an attack costs 1
    assert events(game, TvDeclared) == [TvDeclared("a", "attack:sword", 6, 1, 4, 3)]


def test_target_and_order_are_chosen_when_the_action_resolves() -> None:
    """「宣言の段階では行動を行う順番を決めなくても良い。目標についても…定めなくても良い」:
    a declaration names no target; at the fighter's turn it picks the action and its
    target among the foes then standing (O4)."""
    sheets = [fighter("a", "pcs", reaction=12), fighter("b", "gm"), fighter("c", "gm")]
    game = battle(*sheets, dice=MISS)
    declare(game, "a", "attack:sword")
    declare(game, "b")
    declare(game, "c")
    actor, kind, keys = pending(game)
    assert (actor, kind) == ("a", "act")
    assert keys == ("attack:sword:b", "attack:sword:c", "cancel")  # snap: nothing left to pay
    choose(game, "attack:sword:c", "a")
    assert events(game, TvHitRoll)[0].target == "c"


def test_reaction_orders_the_actions_then_dexterity() -> None:
    """「「反応力」を比較し大きいキャラクターから解決する。値が等しい場合は「敏捷力」→「知力」」:
    reaction 10 each, dexterity 11 and 12: the dexterity 12 fighter acts first (O5)."""
    a = fighter("a", "pcs", reaction=10, dexterity=11)
    b = fighter("b", "gm", reaction=10, dexterity=12)
    game = battle(a, b, dice=MISS)
    declare(game, "a", "attack:sword")
    declare(game, "b", "attack:sword")
    assert pending(game)[:2] == ("b", "act")


def test_intelligence_breaks_a_tie_of_reaction_and_dexterity() -> None:
    """「「敏捷力」→「知力」の優先順位で比較する」 (O5)."""
    a = fighter("a", "pcs", intelligence=9)
    b = fighter("b", "gm", intelligence=11)
    game = battle(a, b, dice=MISS)
    declare(game, "a", "attack:sword")
    declare(game, "b", "attack:sword")
    assert pending(game)[:2] == ("b", "act")


def test_each_further_action_is_moved_back_by_five_for_a_major_one() -> None:
    """「直前の行動がメジャーアクションなら−5…この修正は3回目以降の行動順決めに累積する」:
    A reaction 12 with three attacks, B reaction 8 with one: A(12), B(8), A(7), A(2) (O6)."""
    a = fighter("a", "pcs", reaction=12, fap=18, map=3)
    b = fighter("b", "gm", reaction=8, evasion=20)
    game = battle(a, b, dice=MISS * 4, snap="off")
    declare(game, "a", "attack:sword", "attack:sword", "attack:sword")
    declare(game, "b", "attack:sword")
    while game.pending is not None and pending(game)[1] == "act":
        choose(game, pending(game)[2][0])
        if len(events(game, TvActs)) == 4:
            break
    assert [(e.actor, e.order) for e in events(game, TvActs)] == [
        ("a", 12),
        ("b", 8),
        ("a", 7),
        ("a", 2),
    ]


def test_declared_actions_may_be_cancelled_without_refund() -> None:
    """「宣言しかしていない行動は任意のタイミングでキャンセルできる」: at its turn the
    fighter cancels what it has left; no FAP comes back; it acts no more this round (O8,
    interpretation 5)."""
    a = fighter("a", "pcs", reaction=12)
    game = battle(a, fighter("b", "gm"), dice=MISS, snap="off")
    declare(game, "a", "attack:sword", "attack:sword")
    declare(game, "b", "attack:sword")
    choose(game, "cancel", "a")
    assert events(game, TvCancelled) == [TvCancelled("a", ("attack:sword", "attack:sword"))]
    assert game.state.status["a"].fap == 0
    assert pending(game)[:2] == ("b", "act")
    choose(game, "attack:sword:a", "b")
    assert dice_left(game) == 0 and pending(game)[:2] == ("a", "declare_action")  # round 2


def test_a_snap_action_costs_double_and_is_then_declared() -> None:
    """「宣言終了後にとっさの行動がしたい時、その行動の消費FAP、消費MAPを2倍に計算して…
    宣言をした扱いになる」: FAP 12 left after declaring nothing; at its turn the snap attack
    costs 12 and 2, and it is then an action like any declared one (O9)."""
    a = fighter("a", "pcs", reaction=12, fap=12, map=4)
    game = battle(a, fighter("b", "gm"), dice=MISS)
    declare(game, "a", "attack:sword")
    declare(game, "b", "attack:sword")
    # a has FAP 6 left: a snap attack needs 12, so none is offered
    assert "snap:attack:sword" not in pending(game)[2]
    game2 = battle(fighter("a", "pcs", reaction=12, fap=18, map=4), fighter("b", "gm"), dice=MISS)
    declare(game2, "a", "attack:sword")
    declare(game2, "b", "attack:sword")
    choose(game2, "snap:attack:sword", "a")
    snap = events(game2, TvDeclared)[-1]
    assert snap == TvDeclared("a", "attack:sword", 12, 2, 0, 1, snap=True)
    assert game2.state.status["a"].declared == ["attack:sword", "attack:sword"]
    assert pending(game2)[:2] == ("a", "act")  # still a's turn: it now picks an action


def test_a_big_action_is_declared_alone_and_paid_over_rounds() -> None:
    """「大きな数値が設定されているもの…他の行動を選ばずにその行動を宣言してよい。…1ラウンド
    毎に消費FAP、消費MAPをそれぞれFAP、MAPずつ減らして消費が満たされた時点で行動解決」: FAP
    8 a round and a 3-chain costing 9 (4 + 3 + 2) and MAP 3: 8 and 3 paid in round 1, the
    last 1 at round 2's start; then, with the FAP left, an attack — which resolves first:
    the big action comes last of the fighter's actions (「行動解決をするラウンドは最後に」)
    (O10, O11)."""
    sword = {"key": "sword", "accuracy": 4, "damage": "2D6", "fap": 4, "map": 1}
    a = fighter(
        "a",
        "pcs",
        reaction=12,
        fap=8,
        map=4,
        weapons=[sword],
        combos=[{"weapon": "sword", "strikes": 3}],
    )
    game = battle(a, fighter("b", "gm", evasion=20, hp=40, weapons=[]), dice=[1, 1])
    assert "big:chain3:sword" in pending(game)[2]
    choose(game, "big:chain3:sword", "a")
    assert events(game, TvDeclared)[-1] == TvDeclared("a", "chain3:sword", 8, 3, 0, 1)
    assert pending(game) == ("a", "declare_action", ("done",))  # declared alone
    choose(game, "done", "a")
    declare(game, "b")  # round 1 has nothing to resolve
    assert [(e.fap_due, e.map_due) for e in events(game, TvBigAction)] == [(1, 0), (0, 0)]
    assert "big:chain3:sword" not in pending(game)[2]  # one under way: no second
    declare(game, "a", "attack:sword")
    declare(game, "b")
    assert pending(game) == ("a", "act", ("attack:sword:b", "cancel"))
    choose(game, "attack:sword:b", "a")
    assert pending(game) == ("a", "act", ("chain3:sword:b", "cancel"))

"""Seed 002 C. コンボ: the n-chain combo (C1, C2)."""

from __future__ import annotations

from typing import Any

from senjo.systems.tvalue.events import (
    TvActs,
    TvComboRoll,
    TvDamage,
    TvDeclared,
    TvHitRoll,
    TvRequirementUnmet,
)

from .helpers import battle, choose, declare, events, fighter, pending

SWORD = {"key": "sword", "accuracy": 4, "skill": 3, "damage": "2D6"}


def chain_game(  # type: ignore[no-untyped-def]
    t: int, dice: list[int], foes: int = 1, declared: tuple[str, ...] = ("chain2:sword",), **a: Any
):
    """A (reaction 12, a 2-chain with its sword, T `t`) against `foes` foes (evasion 9)."""
    fields: dict[str, Any] = {"reaction": 12, "fap": 20, "map": 6, "weapons": [SWORD]}
    fields["combos"] = [{"weapon": "sword", "strikes": 2}]
    fields.update(a)
    sheets = [fighter("a", "pcs", **fields)]
    sheets += [fighter(f"f{n}", "gm", evasion=9, hp=40, weapons=[]) for n in range(foes)]
    game = battle(*sheets, dice=dice, level_tie_pair="none")
    for key in game.state.status:
        game.state.status[key].t = 0
    game.state.status["a"].t = t
    declare(game, "a", *declared)
    for n in range(foes):
        declare(game, f"f{n}")
    return game


def test_a_chain_costs_less_for_each_later_strike() -> None:
    """「2撃目以降の消費FAPが1点、2点、4点、6点(以降は6点のまま)と下がっていく」: a 2-chain
    with a 6-FAP sword costs 6 + 5 = 11 FAP and 2 MAP."""
    game = chain_game(4, [])
    assert events(game, TvDeclared)[0] == TvDeclared("a", "chain2:sword", 11, 2, 9, 4)


def test_the_combo_roll_lets_the_later_strikes_follow() -> None:
    """「最初の行動解決直前かつコンボの必要T値の時に2D6を振り規定値以上ならば、組み合わされた
    以降の行動を連続して行える」: absolute T 4 = 2 + 2; number 3 + 2 − 4 ÷ 2 = 3 (relative 4);
    [1,2] = 3 reaches it; the first strike [5,5] hits, the second at the same target hits
    without a roll (「以降の同じ目標に対する攻撃は自動的に命中」)."""
    game = chain_game(4, [1, 2, 5, 5, 3, 3, 4, 4])
    choose(game, "chain2:sword:f0", "a")
    assert events(game, TvComboRoll) == [TvComboRoll("a", "chain2", (1, 2), 3, True)]
    assert pending(game) == ("a", "combo_strike", ("f0",))
    choose(game, "f0", "a")
    rolls = events(game, TvHitRoll)
    assert [(r.dice, r.hit) for r in rolls] == [((5, 5), True), ((), True)]
    assert [d.taken for d in events(game, TvDamage)] == [6, 8]


def test_a_failed_combo_roll_ends_after_the_first_strike() -> None:
    """「判定に失敗すれば最初の行動で終了する」: number 3 + 2 − 0 = 5 at relative 0…
    here T 4 against 4: [1,1] = 2 < 5: one strike only."""
    game = chain_game(4, [1, 1, 5, 5, 3, 3])
    game.state.status["f0"].t = 4
    choose(game, "chain2:sword:f0", "a")
    assert not events(game, TvComboRoll)[0].success
    assert len(events(game, TvHitRoll)) == 1
    assert pending(game)[1] == "declare_action"  # round 2


def test_an_unmet_requirement_ends_the_combo_after_its_first_strike() -> None:
    """「行動解決直前までにT値が条件を満たさなくなった場合コンボは自動的に最初の行動で終わる」:
    absolute T 3 < 4: no combo roll, one strike."""
    game = chain_game(3, [5, 5, 3, 3])
    choose(game, "chain2:sword:f0", "a")
    assert events(game, TvRequirementUnmet) == [TvRequirementUnmet("a", "chain2", "absolute", 4, 3)]
    assert not events(game, TvComboRoll) and len(events(game, TvHitRoll)) == 1


def test_each_strike_is_an_action_in_the_order() -> None:
    """「行動順修正があることに注意」: after a 2-chain (two major actions) the fighter's next
    action comes at 12 − 5 − 5 = 2."""
    game = chain_game(
        4, [1, 2, 5, 5, 3, 3, 4, 4, 1, 1], fap=30, declared=("chain2:sword", "attack:sword")
    )
    choose(game, "chain2:sword:f0", "a")
    choose(game, "f0", "a")
    choose(game, "attack:sword:f0", "a")
    assert [e.order for e in events(game, TvActs)] == [12, 2]


def test_a_later_strike_may_take_another_target_and_rolls_to_hit() -> None:
    """Each strike resolves 「あたかもそれぞれの行動が別々の行動であるかのように」: the second
    at another foe rolls to hit."""
    game = chain_game(4, [1, 2, 5, 5, 3, 3, 1, 1], foes=2)
    choose(game, "chain2:sword:f0", "a")
    choose(game, "f1", "a")
    assert [(r.target, r.dice) for r in events(game, TvHitRoll)] == [("f0", (5, 5)), ("f1", (1, 1))]

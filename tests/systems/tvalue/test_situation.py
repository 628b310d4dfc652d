"""Seed 002 A. シチュエーションレート (戦闘開始時): the T everyone starts with (T2–T6)."""

from __future__ import annotations

import pytest

from senjo.systems.tvalue.events import TvDeclared, TvRoundStarted, TvTChanged

from .helpers import battle, events, fighter, pending


def starting_t(*sides_and_levels: tuple[str, int], **options: str) -> dict[str, int]:
    sheets = [
        fighter(f"f{i}", side, combat_level=level)
        for i, (side, level) in enumerate(sides_and_levels)
    ]
    game = battle(*sheets, dice=[], setup=None, before=None, at=None, **options)
    return {key: status.t for key, status in game.state.status.items()}


def test_rates_come_before_the_first_declaration() -> None:
    """「戦闘開始時…0から下記のシチュエーションレートを加えてスタートする」: the rates are
    logged before round 1's declarations, and no die is drawn for them."""
    game = battle(fighter("a", "pcs", combat_level=5), fighter("b", "gm"), dice=[])
    kinds = [type(item) for item in game.log]
    assert kinds == [TvTChanged, TvRoundStarted]
    assert events(game, TvTChanged) == [TvTChanged("a", 2, "top_level", 2)]
    assert pending(game)[:2] == ("a", "declare_action") and not events(game, TvDeclared)


def test_the_highest_combat_level_gains_two() -> None:
    """「戦闘レベルが1番高いキャラクターに2点」."""
    assert starting_t(("pcs", 5), ("gm", 3)) == {"f0": 2, "f1": 0}


def test_a_tie_at_the_top_among_three_or_more_gains_one_each() -> None:
    """「戦闘参加者が3名以上かつ1番のキャラクターが複数いる場合は1点を上位の者全員に」
    (two against two, so no numbers rate)."""
    t = starting_t(("pcs", 5), ("pcs", 3), ("gm", 5), ("gm", 1))
    assert t == {"f0": 1, "f1": 0, "f2": 1, "f3": 0}


@pytest.mark.parametrize(("option", "each"), [("both", 2), ("none", 0)])
def test_two_fighters_at_one_level_follow_the_option(option: str, each: int) -> None:
    """Interpretation 6: two fighters tied at the top — the passage's "3名以上" leaves them
    to option `level_tie_pair`."""
    assert starting_t(("pcs", 4), ("gm", 4), level_tie_pair=option) == {"f0": each, "f1": each}


def test_a_side_that_outnumbers_all_its_foes_gains_two_each() -> None:
    """「味方勢力の人数が全ての敵対者の数を上回っている場合メンバー全員2点増加」 and the lone
    foe, 3 to 1, at least 25% fewer: 「…25％以上下回っていた場合メンバー全員2点減少」."""
    t = starting_t(("pcs", 1), ("pcs", 1), ("pcs", 1), ("gm", 1))
    assert t == {"f0": 2 + 1, "f1": 2 + 1, "f2": 2 + 1, "f3": -2 + 1}  # four tied at the top: +1


@pytest.mark.parametrize(
    ("ours", "theirs", "ours_t", "theirs_t"),
    [(3, 4, -2, 2), (4, 5, 0, 2), (2, 2, 0, 0)],
)
def test_the_25_percent_line(ours: int, theirs: int, ours_t: int, theirs_t: int) -> None:
    """Interpretation 7: 「25％以上下回って」 is own ≤ 0.75 × all foes: 3 against 4 is −2,
    4 against 5 is not; a side more numerous gains +2 (levels all 0 and three or more
    fighters, so the level rate is +1 for everyone)."""
    sides = [("pcs", 0)] * ours + [("gm", 0)] * theirs
    t = starting_t(*sides)
    level = 1 if ours + theirs >= 3 else 2
    assert t["f0"] == ours_t + level and t[f"f{ours}"] == theirs_t + level


def test_a_complete_surprise_is_plus_four_and_minus_four() -> None:
    """「完全な不意打ちをした場合、味方勢力全員4点増加しされた側が4点減少」."""
    sheets = [fighter("a", "pcs", combat_level=2), fighter("b", "gm", combat_level=2)]
    game = battle(*sheets, dice=[], setup={"surprise": {"by": "gm", "kind": "complete"}})
    assert game.state.status["b"].t == 2 + 4 and game.state.status["a"].t == 2 - 4
    reasons = [(e.actor, e.reason) for e in events(game, TvTChanged)]
    assert reasons[-2:] == [("a", "surprised"), ("b", "surprise")]


def test_a_partial_surprise_only_costs_the_others_the_setups_amount() -> None:
    """「不完全なら相手が1〜4点減少のみ」: the amount is the scenario's (the GM's call)."""
    sheets = [fighter("a", "pcs"), fighter("b", "gm")]
    setup = {"surprise": {"by": "gm", "kind": "partial", "amount": 3}}
    game = battle(*sheets, dice=[], setup=setup, level_tie_pair="none")
    assert game.state.status["a"].t == -3 and game.state.status["b"].t == 0

"""Streaming aggregates: folding battles in and merging parts, exactly and in any order."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from senjo.engine.battle import Outcome
from senjo.sim.aggregate import (
    STATS_HOOKS,
    CombatantResult,
    CombatantTally,
    SimAggregate,
    battle_stats,
)

SIDES = {"a": "blue", "b": "red", "c": "red"}


def sample(seed: int) -> SimAggregate:
    """An aggregate of five made-up battles that depend on `seed`."""
    agg = SimAggregate.empty()
    for i in range(5):
        k = seed * 5 + i
        winner = ("blue", "red", None)[k % 3]
        outcome = Outcome(winner, "round_limit" if winner is None else "last_side_standing", k % 7)
        results = {
            key: CombatantResult(k % 4, k % 3, k % 2, 1, k % 9, k % 5, 10 - k % 11, k % 2 == 0)
            for key in SIDES
        }
        agg.add(outcome, results, SIDES)
    return agg


def test_add_counts_outcomes_and_survivors() -> None:
    """One battle adds its winner, its rounds, each side's survivors and each tally."""
    agg = SimAggregate.empty()
    results = {
        "a": CombatantResult(3, 2, 1, 1, 7, 0, 10, True),
        "b": CombatantResult(standing=False),
    }
    agg.add(Outcome("blue", "last_side_standing", 4), results, SIDES)
    assert agg.n == 1 and agg.wins == Counter(blue=1) and agg.rounds == Counter({4: 1})
    assert agg.survivors == {"blue": Counter({1: 1}), "red": Counter({1: 1})}
    assert agg.combatants["a"] == CombatantTally(
        3, 2, 1, 1, 1, Counter({7: 1}), Counter({0: 1}), Counter({10: 1})
    )
    # "c" reported nothing: it counts as standing with no figures.
    assert agg.combatants["c"].standing == 1


def test_merge_is_associative_and_commutative() -> None:
    """Any grouping and order of merging four parts gives the same aggregate."""
    parts = [sample(seed) for seed in range(4)]
    expected = SimAggregate.empty()
    for part in parts:
        expected.merge(sample(parts.index(part)))
    for order in itertools.permutations(range(4)):
        left = SimAggregate.empty().merge(sample(order[0])).merge(sample(order[1]))
        right = SimAggregate.empty().merge(sample(order[2])).merge(sample(order[3]))
        assert left.merge(right) == expected


def test_merge_equals_folding_everything_into_one() -> None:
    """Merging two parts equals having folded all their battles into one aggregate."""
    whole = SimAggregate.empty()
    for seed in (0, 1):
        part = sample(seed)
        whole.merge(part)
    assert whole.n == 10
    assert sum(whole.rounds.values()) == 10
    assert whole == sample(0).merge(sample(1))


def test_size_does_not_grow_with_battles() -> None:
    """A thousand copies of the same battles keep the same number of cells."""
    one = sample(0)
    many = SimAggregate.empty()
    for _ in range(1000):
        many.merge(one)
    assert many.n == 5000
    assert many.cells() == one.cells()


def test_hooks_registry() -> None:
    """GURPS and CoC are registered by name; an unknown system lists the known ones."""
    assert battle_stats("gurps") is STATS_HOOKS["gurps"]
    assert battle_stats("coc") is STATS_HOOKS["coc"]
    with pytest.raises(KeyError, match="known: coc, gurps, tomogami, tvalue"):
        battle_stats("nonesuch")


def test_merge_adds_the_battles_replayed_on_the_engine() -> None:
    """`replayed` (battles a fast path handed to the engine) adds up like the other counts."""
    first, second = sample(0), sample(1)
    first.replayed, second.replayed = 2, 3
    first.replayed_by.update(sidearm=2)
    second.replayed_by.update(sidearm=1, critical_miss=2)
    merged = first.merge(second)
    assert merged.replayed == 5
    assert merged.replayed_by == {"sidearm": 3, "critical_miss": 2}
    assert SimAggregate.empty().replayed == 0 and not SimAggregate.empty().replayed_by

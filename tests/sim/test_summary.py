"""Summaries: rates, intervals, quantiles and per-combatant figures from hand-made aggregates."""

from __future__ import annotations

from pathlib import Path

import pytest

from senjo.engine.battle import Outcome
from senjo.scenario import load_scenario
from senjo.sim.aggregate import CombatantResult, SimAggregate
from senjo.sim.stats import wilson_interval
from senjo.sim.summary import summarize

DUEL = Path(__file__).parents[2] / "examples" / "gurps" / "duel.yaml"
SIDES = {"knight": "knights", "raider": "raiders"}


def four_battles() -> SimAggregate:
    """Knights win twice (3 and 5 rounds), raiders once (9), one round-limit draw (100)."""
    agg = SimAggregate.empty()
    rows = [
        ("knights", "last_side_standing", 3, 10, 0, True, False),
        ("knights", "last_side_standing", 5, 20, 4, True, False),
        ("raiders", "last_side_standing", 9, 0, 12, False, True),
        (None, "round_limit", 100, 6, 6, True, True),
    ]
    for winner, reason, rounds, k_dealt, r_dealt, k_up, r_up in rows:
        results = {
            "knight": CombatantResult(4, 3, 2, 1, k_dealt, r_dealt, 12 - r_dealt, k_up),
            "raider": CombatantResult(5, 2, 3, 3, r_dealt, k_dealt, 13 - k_dealt, r_up),
        }
        agg.add(Outcome(winner, reason, rounds), results, SIDES)
    return agg


def test_summary_by_hand() -> None:
    """Every figure of four made-up battles, worked out by hand."""
    summary = summarize(four_battles(), load_scenario(DUEL))
    knights, raiders = summary.sides
    assert (knights.side, knights.wins, knights.rate, knights.size) == ("knights", 2, 0.5, 1)
    assert knights.ci95 == wilson_interval(2, 4)
    assert knights.survivors_mean == 0.75 and raiders.survivors_mean == 0.5
    assert (raiders.wins, raiders.rate) == (1, 0.25)
    assert (summary.draws.count, summary.draws.rate, summary.draws.reasons) == (
        1,
        0.25,
        {"round_limit": 1},
    )
    rounds = summary.rounds
    # 3, 5, 9, 100: mean 29.25; median 7;
    # p10 at h = 0.3: 3 + 0.3 * 2 = 3.6; p90 at h = 2.7: 9 + 0.7 * 91 = 72.7
    assert rounds.mean == 29.25 and rounds.median == 7.0
    assert rounds.p10 == pytest.approx(3.6) and rounds.p90 == pytest.approx(72.7)
    assert (rounds.min, rounds.max) == (3, 100)
    knight = summary.combatants[0]
    assert (knight.key, knight.name_en, knight.name_ja, knight.hp_start) == (
        "knight",
        "Knight",
        "騎士",
        12,
    )
    assert knight.hit_rate == 0.75 and knight.defense_rate == 0.5
    # dealt 10, 20, 0, 6: mean 9, median 8, p90 at h=2.7: 10 + 0.7*10 = 17
    assert knight.dealt_mean == 9.0 and knight.dealt_median == 8.0
    assert knight.dealt_p90 == pytest.approx(17.0)
    assert knight.taken_mean == 5.5 and knight.hp_left_mean == 6.5 and knight.standing_rate == 0.75


def test_json_shape() -> None:
    """The JSON figures have sides, draws, rounds and combatants with the documented keys."""
    data = summarize(four_battles(), load_scenario(DUEL)).to_json()
    assert list(data) == ["sides", "draws", "rounds", "combatants"]
    assert data["sides"]["knights"] == {
        "name": {"en": "Knights", "ja": "騎士団"},
        "wins": 2,
        "wins_by_flight": 0,
        "win_rate": 0.5,
        "ci95": [round(wilson_interval(2, 4)[0], 6), round(wilson_interval(2, 4)[1], 6)],
        "combatants": 1,
        "survivors_mean": 0.75,
    }
    assert {"mean", "median", "p10", "p90", "min", "max", "histogram"} <= set(data["rounds"])
    assert data["combatants"]["raider"]["damage_dealt"]["counts"] == {
        "0": 1,
        "4": 1,
        "6": 1,
        "12": 1,
    }


def test_flights_are_counted_per_side_and_per_combatant() -> None:
    """A win that came because the foe fled counts among the winner's wins and its wins by
    flight; the fled combatant's fled rate is the share of battles it fled."""
    agg = four_battles()
    fled = {
        "knight": CombatantResult(standing=True),
        "raider": CombatantResult(hp=4, standing=False, fled=True),
    }
    agg.add(Outcome("knights", "fled", 2), fled, SIDES)
    assert dict(agg.routs) == {"knights": 1} and agg.combatants["raider"].fled == 1
    summary = summarize(agg, load_scenario(DUEL))
    knights = summary.sides[0]
    assert (knights.wins, knights.routs) == (3, 1)
    raider = summary.combatants[1]
    assert raider.fled_rate == 0.2 and summary.combatants[0].fled_rate == 0.0
    data = summary.to_json()
    assert data["sides"]["knights"]["wins_by_flight"] == 1
    assert data["combatants"]["raider"]["fled_rate"] == 0.2
    merged = SimAggregate.empty().merge(agg)
    assert merged == agg


def test_empty_aggregate() -> None:
    """No battles: zero rates, the whole [0, 1] interval, no histogram."""
    summary = summarize(SimAggregate.empty(), load_scenario(DUEL))
    assert summary.sides[0].ci95 == (0.0, 1.0) and summary.rounds.histogram == []
    assert summary.combatants[0].hit_rate == 0.0

"""The T値 system examples as acceptance tests: random play, the AI, narration.

The property plays BATTLES fights with a RandomController for every fighter over the
examples and checks that each ends with an outcome, that no declaration overspends a
budget, and that the HP and T books add up.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from senjo.engine.battle import Battle, Outcome
from senjo.engine.controllers import RandomController, run
from senjo.narration import narrator_for
from senjo.scenario import Scenario, load_scenario
from senjo.scenario.battle import build_battle, controllers_for
from senjo.systems.tvalue.events import (
    TvBudget,
    TvDamage,
    TvDeclared,
    TvRoundStarted,
    TvTChanged,
)

EXAMPLES = Path(__file__).parents[3] / "examples" / "tvalue"
NAMES = ("duel", "ambush")
BATTLES = 400


@functools.cache
def _scenario(name: str) -> Scenario:
    return load_scenario(EXAMPLES / f"{name}.yaml")


def book_problems(battle: Battle[Any]) -> Iterator[str]:
    """Where the budgets, HP or T do not add up (nothing when they do)."""
    state = battle.state
    hp = {key: sheet.hp for key, sheet in state.sheets.items()}
    t = dict.fromkeys(state.sheets, 0)
    budget: dict[str, tuple[int, int]] = {}
    for index, item in enumerate(battle.log):
        if isinstance(item, TvRoundStarted):
            budget = {key: (sheet.fap, sheet.map) for key, sheet in state.sheets.items()}
        elif isinstance(item, TvBudget):  # a grab's −5 FAP, a big action's payment
            budget[item.actor] = item.fap, item.map
        elif isinstance(item, TvDeclared):
            fap, map_ = budget[item.actor]
            fap, map_ = fap - item.fap, map_ - item.map
            if min(fap, map_) < 0 or (fap, map_) != (item.fap_left, item.map_left):
                yield f"event {index}: {item.actor} overspends or miscounts ({fap}, {map_})"
            budget[item.actor] = fap, map_
        elif isinstance(item, TvDamage):
            if item.taken != max(0, item.rolled - item.protection) * item.multiplier:
                yield f"event {index}: {item.taken} taken from {item.rolled} - {item.protection}"
            hp[item.target] -= item.taken
            if item.replacement == "pulled":  # 手加減: never below 0
                hp[item.target] = max(hp[item.target], 0)
            if item.hp != hp[item.target]:
                yield f"event {index}: {item.target} at {item.hp} HP, not {hp[item.target]}"
        elif isinstance(item, TvTChanged):
            t[item.actor] += item.amount
            if item.after != t[item.actor]:
                yield f"event {index}: {item.actor} at T {item.after}, not {t[item.actor]}"
    for key, status in state.status.items():
        if (status.hp, status.t) != (hp[key], t[key]):
            yield f"{key} ends at HP {status.hp} T {status.t}, expected {hp[key]}, {t[key]}"


def test_random_battles_end_and_keep_their_books() -> None:
    """Random play (snap actions and cancels included) over both examples: an outcome,
    no budget overspent, HP and T that add up."""
    for seed in range(BATTLES):
        scenario = _scenario(NAMES[seed % len(NAMES)])
        battle = build_battle(scenario, seed=seed, options={"max_rounds": "30"})
        controllers = {
            key: RandomController(seed * 100 + index)
            for index, key in enumerate(scenario.controllers)
        }
        outcome = run(battle, controllers)
        assert isinstance(outcome, Outcome), seed
        assert list(book_problems(battle)) == [], seed


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ai_plays_each_example_and_every_event_is_narrated(name: str, lang: str) -> None:
    """`senjo run examples/tvalue/*.yaml`: the AI plays to a winner, and every event has a
    line in both languages."""
    scenario = _scenario(name)
    battle = build_battle(scenario)
    outcome = run(battle, controllers_for(scenario, 3))
    assert outcome.winner_side in set(scenario.side_names)
    narrator = narrator_for(scenario, lang)  # type: ignore[arg-type]
    for item in battle.log:
        if type(item).__name__ == "Decided":
            continue
        assert narrator.line(item), type(item).__name__

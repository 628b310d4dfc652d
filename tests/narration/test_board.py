"""The board drawn each round of a hex-map battle (`senjo run --map`), from the events."""

from __future__ import annotations

from pathlib import Path

from senjo.engine.battle import Outcome
from senjo.narration.board import BoardTracker
from senjo.scenario import load_scenario
from senjo.systems.gurps.events import ConditionChanged, RoundStarted

SPEAR = Path(__file__).parents[2] / "examples" / "gurps" / "spear_vs_broadsword.yaml"


def _letters(lines: list[str]) -> set[str]:
    return {char for line in lines for char in line if char.isalpha()}


def test_a_fled_figure_leaves_the_board_and_a_fallen_one_stays() -> None:
    """A figure that fled (senjo's morale rule) is no longer drawn; one knocked out still is,
    lying where it fell."""
    scenario = load_scenario(SPEAR)
    tracker = BoardTracker(scenario, "en")
    first, second = (f.key for f in scenario.fighters)
    letters = {key: tracker.places[key][2] for key in (first, second)}
    before = _letters(tracker.follow(RoundStarted(1)))
    assert {letters[first], letters[second]} <= before
    tracker.follow(ConditionChanged(first, "fled", True, "flee"))
    tracker.follow(ConditionChanged(second, "unconscious", True, "collapse"))
    after = _letters(tracker.follow(RoundStarted(2)))
    assert letters[first] not in after and letters[second] in after
    assert tracker.follow(Outcome("x", "fled", 2)) == []

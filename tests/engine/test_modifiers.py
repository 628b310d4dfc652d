"""Modifiers and scores keep their breakdown and round-trip through JSON."""

from __future__ import annotations

from senjo.engine.events import from_json, to_json
from senjo.engine.modifiers import Modifiers, Score


def test_total_and_amount_by_source() -> None:
    """The total sums every pair; `amount` sums one source."""
    mods = Modifiers.of(("shock", -2), ("retreat", 3), ("shock", -1))
    assert mods.total == 0
    assert mods.amount("shock") == -3
    assert mods.plus("feint", -4).total == -4


def test_cap_limits_the_effective_value() -> None:
    """A cap (Move and Attack's 9) bounds the value but keeps the breakdown."""
    score = Score(16, Modifiers.of(("move_and_attack", -4)), cap=9)
    assert score.value == 9
    assert "(max 9)" in score.describe()


def test_score_round_trips_through_json() -> None:
    """A score with modifiers survives to_json/from_json unchanged."""
    score = Score(12, Modifiers.of(("side_hex", -2)), cap=None)
    assert from_json(to_json(score)) == score

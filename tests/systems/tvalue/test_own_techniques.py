"""Seed 002 B. 武技 given as data (W0): 「必要T値 下降T値 消費FAP 消費MAP 射程 命中修正
ダメージ修正 深度」, the columns of the seed's table, let a scenario define its own
techniques beside the seed's four (interpretation 45)."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.narration.tvalue import TvNarrator
from senjo.scenario.errors import ScenarioError
from senjo.systems.tvalue.events import (
    TvActs,
    TvDamage,
    TvDeclared,
    TvHitRoll,
    TvRequirementUnmet,
    TvTChanged,
)
from senjo.systems.tvalue.state import TvState

from .helpers import battle, choose, declare, events, fighter

SWORD = {"key": "sword", "accuracy": 3, "skill": 3, "damage": "2D6+1"}
# 雷鳴: absolute T 1, T drop 2, FAP 8, MAP 3, hit −1, damage +3, spirit depth.
THUNDER = {
    "key": "thunder",
    "name": {"en": "Thunderclap", "ja": "雷鳴"},
    "needed": 1,
    "drop": 2,
    "fap": 8,
    "map": 3,
    "hit": -1,
    "damage": 3,
    "depth": "spirit",
}


def _fight(dice: list[int], t: int, **fields: Any):  # type: ignore[no-untyped-def]
    def ready(state: TvState) -> None:
        state.status["a"].t = t

    data: dict[str, Any] = {"reaction": 12, "weapons": [SWORD], "techniques": [THUNDER]}
    data.update(fields)
    target = fighter("b", "gm", evasion=5, hp=40, protection={"physical": 5})
    game = battle(fighter("a", "pcs", **data), target, dice=dice, before=ready)
    declare(game, "a", "thunder:sword")
    declare(game, "b")
    return game


def test_a_scenario_technique_costs_strikes_and_drops_as_its_data_say() -> None:
    """消費FAP 8, 消費MAP 3 at the declaration; 命中修正 −1 ([5,5]: 3 − 1 + 10 = 12 hits);
    ダメージ修正 +3 ([2,3] + 1 + 3 = 9) of 霊体 depth, which physical protection 5 does
    not stop; then 下降T値 2 (T 1 + 2 for the level tie = 3 → 1)."""
    game = _fight([5, 5, 2, 3], t=1)
    assert events(game, TvDeclared)[0] == TvDeclared("a", "thunder:sword", 8, 3, 4, 1)
    choose(game, "thunder:sword:b", "a")
    roll = events(game, TvHitRoll)[0]
    assert (roll.score.value, roll.total, roll.hit) == (2, 12, True)
    damage = events(game, TvDamage)[0]
    assert (damage.rolled, damage.protection, damage.taken, damage.depth) == (9, 0, 9, "spirit")
    assert events(game, TvTChanged)[-1] == TvTChanged("a", -2, "technique_drop", 1)


def test_below_its_requirement_it_is_a_plain_direct_attack() -> None:
    """必要T値 絶対値1 unmet at resolution (T −2 + 2 = 0): a plain direct attack with the
    sword — no hit or damage modifier, physical, no T drop (interpretation 26)."""
    game = _fight([5, 5, 2, 3], t=-2)
    choose(game, "thunder:sword:b", "a")
    assert events(game, TvRequirementUnmet) == [
        TvRequirementUnmet("a", "thunder", "absolute", 1, 0)
    ]
    assert events(game, TvHitRoll)[0].score.value == 3
    assert events(game, TvDamage)[0].taken == 1  # [2,3] + 1 − physical 5
    assert not any(e.reason == "technique_drop" for e in events(game, TvTChanged))


def test_a_secret_art_may_join_scenario_techniques() -> None:
    """奥儀 parts may be the scenario's own techniques: 8 + 8 − 3 = 13 FAP."""
    art = {"key": "storm", "parts": [{"technique": "thunder", "weapon": "sword"}] * 2}
    sheet = fighter("a", "pcs", fap=20, map=8, weapons=[SWORD], techniques=[THUNDER], arts=[art])
    game = battle(sheet, fighter("b", "gm"), dice=[])
    choose(game, "ougi:storm", "a")
    assert events(game, TvDeclared)[0].fap == 13


def test_the_narration_names_a_scenario_technique() -> None:
    """Its name in both languages, as the scenario gives it."""
    narrator = TvNarrator({"a": ("A", "甲")}, "ja", {"technique:thunder": ("Thunderclap", "雷鳴")})
    assert narrator.line(TvActs("a", 12, "thunder:sword:b")) is not None
    assert "雷鳴" in (narrator.action("thunder:sword"))
    narrator.lang = "en"
    assert narrator.action("thunder:sword").startswith("Thunderclap")


@pytest.mark.parametrize(
    ("technique", "field"),
    [
        (THUNDER | {"key": "iai"}, "techniques[0].key"),
        (THUNDER | {"fap": -1}, "techniques[0]"),
        ({"key": "x", "map": 1}, "techniques[0]"),
    ],
)
def test_a_scenario_technique_is_checked(technique: dict[str, Any], field: str) -> None:
    """A seed technique's key is written alone (its data are the seed's); the costs are
    required and whole numbers of 0 or more."""
    with pytest.raises(ScenarioError, match=field.replace("[", r"\[").replace("]", r"\]")):
        fighter("a", "pcs", weapons=[SWORD], techniques=[technique])

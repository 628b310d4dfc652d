"""Seed 002 C. コンボ 「奥儀」 (secret arts, C4): 「武技あるいは異能技を組み合わせたコンボ。
2撃目以降の消費FAPが3点、6点、9点・・・と下がっていく(この修正は消費FAPの合計をまず計算
して引く。最低0)」, 必要T値 and 目標値 「様々」 (the scenario's data), with the combo rules
every combo shares (「行動解決直前までにT値が条件を満たさなくなった場合コンボは自動的に
最初の行動で終わる」, 「2D6を振り規定値以上ならば、組み合わされた以降の行動を連続して
行える」) (interpretation 44)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from senjo.scenario.errors import ScenarioError
from senjo.systems.tvalue.ai import action_value
from senjo.systems.tvalue.arts import art_cost
from senjo.systems.tvalue.events import (
    TvComboRoll,
    TvConditionChanged,
    TvDeclared,
    TvHitRoll,
    TvRequirementUnmet,
)
from senjo.systems.tvalue.model import Fighter
from senjo.systems.tvalue.state import TvState

from .helpers import battle, choose, declare, events, fighter, held, pending

SWORD = {"key": "sword", "accuracy": 3, "skill": 3, "damage": "2D6+1"}
SPEAR = {"key": "spear", "accuracy": 3, "skill": 3, "damage": "2D6", "pole": True}
# 鬼の爪 (FAP 7, MAP 3) then 足払い (FAP 7, MAP 2): 14 − 3 = 11 FAP, 5 MAP.
STORM = {
    "key": "storm",
    "name": {"en": "Storm", "ja": "嵐"},
    "parts": [
        {"technique": "oni_claw", "weapon": "sword"},
        {"technique": "leg_sweep", "weapon": "spear"},
    ],
    "requirement": {"basis": "absolute", "at_least": 3},
    "number": 7,
}


def _master(**fields: Any) -> Fighter:
    data: dict[str, Any] = {
        "reaction": 12,
        "fap": 20,
        "map": 8,
        "weapons": [SWORD, SPEAR],
        "techniques": ["oni_claw", "leg_sweep"],
        "arts": [STORM],
    }
    data.update(fields)
    return fighter("a", "pcs", **data)


def _fight(dice: list[int], t: int = 5, apart: float = 1.0):  # type: ignore[no-untyped-def]
    """a's art at b, `apart` metres away (the sword reaches 0–1, 足払い 1–2)."""

    def ready(state: TvState) -> None:
        state.status["a"].t = t

    game = battle(
        _master(),
        fighter("b", "gm", evasion=5, hp=40),
        dice=dice,
        before=ready,
        at={"a": (0.0, 0.0), "b": (apart, 0.0)},
    )
    declare(game, "a", "ougi:storm")
    declare(game, "b")
    return game


def test_the_cost_is_the_parts_total_less_three_six_nine() -> None:
    """「2撃目以降の消費FAPが3点、6点、9点…(この修正は消費FAPの合計をまず計算して引く。
    最低0)」: two parts 14 − 3 = 11; three 21 − 9 = 12; MAP is the parts' sum."""
    parts = [{"technique": "oni_claw", "weapon": "sword"}] * 3
    three = _master(arts=[STORM, STORM | {"key": "triple", "parts": parts}])
    state = held(three, fighter("b", "gm"), dice=[]).state
    assert art_cost(state, "a", three.art("storm")) == (11, 5)
    assert art_cost(state, "a", three.art("triple")) == (21 - 9, 9)
    game = _fight([])
    assert events(game, TvDeclared)[0] == TvDeclared("a", "ougi:storm", 11, 5, 9, 3)


def test_a_good_combo_roll_lets_every_part_follow() -> None:
    """T 7 ≥ 3: 2D6 [4,3] = 7 ≥ 7: 鬼の爪 at b ([5,5] hits, damage [1,1]), then the next
    part's target is chosen (decision `combo_strike`) and 足払い follows ([5,5] hits; b's
    DX roll [6,6,6] fails: it falls)."""
    game = _fight([4, 3, 5, 5, 1, 1, 5, 5, 6, 6, 6])
    choose(game, "ougi:storm:b", "a")
    assert events(game, TvComboRoll) == [TvComboRoll("a", "ougi:storm", (4, 3), 7, True)]
    assert pending(game) == ("a", "combo_strike", ("b",))
    choose(game, "b", "a")
    assert [r.weapon for r in events(game, TvHitRoll)] == ["sword", "spear"]
    assert TvConditionChanged("b", "prone", True) in events(game, TvConditionChanged)


def test_a_later_part_strikes_only_a_foe_within_its_reach() -> None:
    """Seed 002 足払い 「射程＝1〜2」: b in a's own hex (range 0) is within the sword's
    reach but not the leg sweep's, so after a good roll the art ends after 鬼の爪
    (interpretation 47)."""
    game = _fight([4, 3, 5, 5, 1, 1], apart=0.0)
    choose(game, "ougi:storm:b", "a")
    assert events(game, TvComboRoll)[0].success
    assert [r.weapon for r in events(game, TvHitRoll)] == ["sword"]
    assert pending(game)[1] != "combo_strike"


def test_a_failed_combo_roll_ends_after_the_first_part() -> None:
    """2D6 [1,2] = 3 < 7: only 鬼の爪 resolves."""
    game = _fight([1, 2, 5, 5, 1, 1])
    choose(game, "ougi:storm:b", "a")
    assert not events(game, TvComboRoll)[0].success
    assert [r.weapon for r in events(game, TvHitRoll)] == ["sword"]
    assert pending(game)[1] != "combo_strike"


def test_an_unmet_requirement_rolls_nothing_and_ends_after_the_first_part() -> None:
    """必要T値 absolute 3 unmet just before resolution (T 0 after the opening rates'
    +2 for the top level tie: 2 < 3): no combo roll, the first part alone."""
    game = _fight([5, 5, 1, 1], t=0)
    choose(game, "ougi:storm:b", "a")
    assert events(game, TvRequirementUnmet) == [
        TvRequirementUnmet("a", "ougi:storm", "absolute", 3, 2)
    ]
    assert events(game, TvComboRoll) == []
    assert [r.weapon for r in events(game, TvHitRoll)] == ["sword"]


def test_the_ai_counts_the_later_parts_by_the_combo_rolls_chance() -> None:
    """The AI's worth of an art: its first part, and the rest times the chance the combo
    roll lets them follow (2D6 ≥ 7: 21/36), nothing more while the requirement does not
    hold (a leg sweep's fall is worth nothing to it: two 鬼の爪 here)."""
    claws = STORM | {"key": "claws", "parts": [{"technique": "oni_claw", "weapon": "sword"}] * 2}
    game = battle(_master(arts=[claws]), fighter("b", "gm", evasion=5, hp=40), dice=[])
    state = game.state
    one = action_value(state, "a", "oni_claw", "sword", "b")
    state.status["a"].t = 2
    assert action_value(state, "a", "ougi", "claws", "b") == pytest.approx(one)
    state.status["a"].t = 3
    one = action_value(state, "a", "oni_claw", "sword", "b")
    assert action_value(state, "a", "ougi", "claws", "b") == pytest.approx(one * (1 + 21 / 36))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"parts": [{"technique": "iai", "weapon": "sword"}] * 2}, "parts[0].technique"),
        ({"parts": [{"technique": "oni_claw", "weapon": "axe"}] * 2}, "parts[0].weapon"),
        ({"parts": [{"technique": "oni_claw", "weapon": "sword"}]}, "parts"),
    ],
)
def test_an_art_names_techniques_and_weapons_the_fighter_has(
    change: dict[str, Any], field: str
) -> None:
    """Each part is a technique the fighter knows with one of its weapons, and an art
    combines at least two (「組み合わせたコンボ」)."""
    with pytest.raises(ScenarioError, match=re.escape(f"arts[0].{field}")):
        _master(arts=[STORM | change])


def test_two_arts_may_not_share_a_key() -> None:
    """One key, one art: the second would never be reached."""
    with pytest.raises(ScenarioError, match=re.escape("arts: two secret arts share a key")):
        _master(arts=[STORM, STORM])

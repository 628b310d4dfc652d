"""Movement searches kept per map (seed 001, 移動点): fields on one map share them,
and a battle plays the same whether or not other battles searched its map first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from senjo.engine.controllers import run
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle
from senjo.space import movement
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.systems.gurps import field_moves
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import Gurps
from tests.sources import needs_sources

from .helpers import count_searches, fighter

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "gurps"


def _placed(board: HexMap, a: Hex, b: Hex) -> GurpsState:
    """Two fighters on `board`: a at `a` facing north, its foe b at `b` facing south."""
    specs = [fighter("a", "x", 0), fighter("b", "y", 1)]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(board)
    state.status["a"].hex, state.status["a"].facing = a, Facing.N
    state.status["b"].hex, state.status["b"].facing = b, Facing.S
    return state


@needs_sources
def test_fields_on_one_map_share_their_searches(monkeypatch: Any) -> None:
    """A second field on the same map finds the first one's search (no search made);
    a field on another map, equal or not, searches for itself."""
    made = count_searches(monkeypatch)
    board = HexMap.rectangle(10, 10)
    first = _placed(board, Hex(2, 5), Hex(6, 2))
    ends = HexField(board).ends_near(first, "a", 5, "move")
    assert len(made) == 1
    second = _placed(board, Hex(2, 5), Hex(6, 2))  # a new battle on the same map
    assert HexField(board).ends_near(second, "a", 5, "move") == ends
    assert len(made) == 1
    other = _placed(HexMap.rectangle(10, 10), Hex(2, 5), Hex(6, 2))
    assert isinstance(other.ground, HexField)
    assert other.ground.ends_near(other, "a", 5, "move") == ends
    assert len(made) == 2


def test_destinations_are_kept_until_a_figure_moves() -> None:
    """seed 001 (移動点): a Move's destinations, and the hexes it reaches, are worked out
    once per arrangement (the same tuple and set again) and anew when the foe stands
    elsewhere: then what a field on a fresh map works out."""
    board = HexMap.rectangle(10, 10)
    state = _placed(board, Hex(2, 5), Hex(2, 3))
    ground = state.ground
    assert isinstance(ground, HexField)
    first = ground.destinations(state, "a", 5)
    assert HexField(board).destinations(state, "a", 5) is first
    reached = ground.ends_near(state, "a", 5, "move")
    assert HexField(board).ends_near(state, "a", 5, "move") is reached
    assert {d.hex for d in first} | {Hex(2, 5)} >= reached  # a Move's ends, and staying
    state.status["b"].hex = Hex(5, 5)
    after = ground.destinations(state, "a", 5)
    assert after != first
    assert after == HexField(HexMap.rectangle(10, 10)).destinations(state, "a", 5)


def test_a_full_store_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past `KEPT` answers a store is emptied, never grown without end."""
    monkeypatch.setattr(field_moves, "KEPT", 2)
    board = HexMap.rectangle(10, 10)
    moves = field_moves.moves_on(board)
    for start in (Hex(1, 1), Hex(1, 2), Hex(1, 3), Hex(1, 4), Hex(1, 5)):
        state = _placed(board, start, Hex(8, 8))
        HexField(board).ends_near(state, "a", 3, "move")
        assert 1 <= len(moves.searches) <= 2


@pytest.mark.parametrize("example", ["spear_vs_broadsword", "wyrm"])
def test_a_battle_plays_the_same_after_others_on_its_map(example: str) -> None:
    """Sharing the searches changes no result: seed 4 of a map example played after
    seeds 0-3 (its map's store full of their searches) logs exactly what it logs
    played alone on an empty store."""
    scenario = load_scenario(EXAMPLES / f"{example}.yaml")
    ai = GurpsAI()
    field_moves._STORES.clear()
    for seed in range(4):
        run(build_battle(scenario, seed=seed), lambda actor: ai)
    assert scenario.ground is not None
    assert field_moves.moves_on(scenario.ground).searches  # the earlier battles' searches
    after = build_battle(scenario, seed=4)
    run(after, lambda actor: ai)
    field_moves._STORES.clear()
    alone = build_battle(scenario, seed=4)
    run(alone, lambda actor: ai)
    assert [repr(event) for event in after.log] == [repr(event) for event in alone.log]


def test_an_approach_is_kept_until_a_figure_moves() -> None:
    """seed 001 (ステップ, 移動点): the route of an approach - by a Step, or by a Move's
    points - is worked out once per arrangement (the same route again, from a field on
    the same map too) and anew when a hex it could step into is taken."""
    board = HexMap.rectangle(10, 10)
    state = _placed(board, Hex(4, 6), Hex(4, 3))
    ground = state.ground
    assert isinstance(ground, HexField)
    step = ground.approach(state, "a", "b", 1.0, 1.0)
    assert HexField(board).approach(state, "a", "b", 1.0, 1.0) is step
    move = ground.approach(state, "a", "b", 5.0, 1.0, "move")
    assert HexField(board).approach(state, "a", "b", 5.0, 1.0, "move") is move
    assert step != move
    end = step.places[-1]
    state.status["b"].hex = end[0]  # the foe now stands where a would have stepped
    fresh = HexField(HexMap.rectangle(10, 10))
    assert ground.approach(state, "a", "b", 1.0, 1.0) == fresh.approach(state, "a", "b", 1.0, 1.0)
    assert ground.approach(state, "a", "b", 1.0, 1.0) != step


def test_figures_beyond_a_moves_reach_do_not_change_its_question() -> None:
    """seed 001 (移動点): every hex entered costs at least a point, so a move of 3 points
    gets no farther than 3 hexes: a foe 8 hexes off may stand anywhere out there without
    a new search, while one who comes within reach changes the question."""
    board = HexMap.rectangle(12, 12)
    moves = field_moves.moves_on(board)
    state = _placed(board, Hex(2, 6), Hex(10, 6))
    first = moves.question(state, "a", 3.0, movement.MOVE, False)
    state.status["b"].hex = Hex(10, 2)
    assert moves.question(state, "a", 3.0, movement.MOVE, False) == first
    state.status["b"].hex = Hex(4, 6)
    assert moves.question(state, "a", 3.0, movement.MOVE, False) != first
    near = HexField(board).ends_near(state, "a", 3.0, "move")
    assert near == HexField(HexMap.rectangle(12, 12)).ends_near(state, "a", 3.0, "move")

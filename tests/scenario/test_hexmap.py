"""A scenario's `map:` block and figures placed on hexes (seed 001: 戦闘マップ)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from senjo.scenario import ScenarioError, load_scenario, parse_scenario
from senjo.scenario.battle import build_battle
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import Footing
from senjo.systems.gurps.hexfield import HexField

EXAMPLE = Path(__file__).parents[2] / "examples" / "gurps" / "spear_vs_broadsword.yaml"


def _data() -> dict[str, Any]:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_the_example_map_loads_with_its_terrain() -> None:
    """Walls, small obstructions and footing become the battle's hex map."""
    scenario = load_scenario(EXAMPLE)
    hexmap = scenario.ground
    assert hexmap is not None and len(hexmap) == 12 * 9
    assert not hexmap.passable(Hex(6, 0))
    assert hexmap.obstructions == {Hex(4, 5): 1}
    assert hexmap.footing_at(Hex(8, 3)) is Footing.SLIPPERY


def test_figures_start_on_their_hexes_facing_as_written() -> None:
    """Each combatant's `hex` and `facing` place it on the map."""
    battle = build_battle(load_scenario(EXAMPLE))
    assert isinstance(battle.state.ground, HexField)
    spear = battle.state.status["spearman"]
    assert (spear.hex, spear.facing) == (Hex(2, 3), Facing.SE)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["map"].update(width=0),
            "map.width: Input should be greater than or equal to 1",
        ),
        (lambda d: d["map"].update(colour="red"), "map.colour: unknown field (not allowed here)"),
        (lambda d: d["map"].update(walls=[[40, 40]]), "map.walls: Hex(40, 40) is not on the map"),
        (
            lambda d: d["combatants"][0].pop("hex"),
            "combatants[0].hex: required when the scenario has a map",
        ),
        (
            lambda d: d["combatants"][0].update(hex=[6, 0]),
            "combatants[0].hex: [6, 0] is a wall or an obstacle",
        ),
        (
            lambda d: d["combatants"][1].update(hex=[2, 3]),
            "combatants[1].hex: [2, 3] is taken by spearman",
        ),
        (
            lambda d: d["combatants"][0].update(facing="UP"),
            "combatants[0].facing: unknown facing 'UP'; allowed: N, NE, NW, S, SE, SW",
        ),
        (
            lambda d: d.pop("map"),
            "combatants[0].hex: a hex needs a map: block; without a map write position: [x, y]",
        ),
    ],
)
def test_bad_maps_give_one_message(change: Any, message: str) -> None:
    """Each problem with the map or a placement names the field and what is wrong."""
    data = copy.deepcopy(_data())
    change(data)
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(data, "m.yaml")
    assert str(caught.value) == f"m.yaml: {message}"
    japanese = caught.value.text("ja")  # the same field, worded in Japanese
    assert japanese.startswith(f"m.yaml: {caught.value.path}: ")
    assert japanese != str(caught.value)


def test_a_long_figure_off_the_map_names_the_hex_of_its_body() -> None:
    """seed 001 (大きなフィギュア): a figure's body lies behind its head; a body hex off the
    map is named, as the figure's second hex, in English and Japanese."""
    data = copy.deepcopy(_data())
    data["combatants"][0].update(hex=[0, 0], facing="SE", length=2)
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(data, "m.yaml")
    where = "m.yaml: combatants[0].length: [-1, 0]"
    assert str(caught.value) == f"{where} (hex 2 of the figure, behind its head) is not on the map"
    assert caught.value.text("ja") == f"{where}（頭の後ろ、フィギュアの2ヘクス目） はマップの外です"

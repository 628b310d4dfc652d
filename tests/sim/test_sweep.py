"""Sweep parameters: reading --vary, the grid, and changes applied to copies of the data."""

from __future__ import annotations

from pathlib import Path

import pytest

from senjo.scenario import ScenarioError, load_scenario, parse_scenario
from senjo.sim.sweep import SweepError, Vary, apply_point, grid, grid_size, parse_value, parse_vary

DUEL = Path(__file__).parents[2] / "examples" / "gurps" / "duel.yaml"


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (
            "combatants.knight.skills.Broadsword=10..13",
            Vary("combatants.knight.skills.Broadsword", (10, 11, 12, 13)),
        ),
        ("options.max_rounds=10,20", Vary("options.max_rounds", (10, 20))),
        ("options.house=on,off", Vary("options.house", ("on", "off"))),
        ("combatants.0.st = -2 .. 0", Vary("combatants.0.st", (-2, -1, 0))),
        ("a.b=7", Vary("a.b", (7,))),
        ("a.b=1.5,2", Vary("a.b", (1.5, 2))),
    ],
)
def test_parse_vary(spec: str, expected: Vary) -> None:
    """Ranges include both ends; lists keep their order; numbers are numbers."""
    assert parse_vary(spec) == expected


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("novalues", "takes PATH=VALUES"),
        ("=1,2", "takes PATH=VALUES"),
        ("a=", "takes PATH=VALUES"),
        ("a..b=1", "not a dotted path"),
        ("a=3..1", "a <= b"),
        ("a=1,,2", "empty value"),
        ("seed=1..5", "every point plays the same seeds"),
        (" seed =1,2", "every point plays the same seeds"),
    ],
)
def test_parse_vary_errors(spec: str, message: str) -> None:
    """A malformed --vary is one SweepError saying what is wrong. The scenario's `seed`
    cannot be varied: every point is played with the run's seeds (`--seed`, else the
    scenario's), so the points would differ in nothing."""
    with pytest.raises(SweepError, match=message):
        parse_vary(spec)


def test_parse_value() -> None:
    """Whole numbers, decimals and text."""
    assert [parse_value(t) for t in ("3", "-4", "0.5", ".5", "on", "1e3")] == [
        3,
        -4,
        0.5,
        0.5,
        "on",
        "1e3",
    ]


def test_grid_order_and_size() -> None:
    """The first parameter varies slowest; the size is the product of the lengths."""
    varies = [Vary("x", (1, 2, 3)), Vary("y", ("a", "b"))]
    points = list(grid(varies))
    assert len(points) == grid_size(varies) == 6
    assert points[:3] == [{"x": 1, "y": "a"}, {"x": 1, "y": "b"}, {"x": 2, "y": "a"}]


def test_apply_point_changes_a_copy_that_parses() -> None:
    """A skill and a new options mapping land in a copy; the original is untouched."""
    scenario = load_scenario(DUEL)
    data = apply_point(
        scenario.data, {"combatants.knight.skills.Broadsword": 10, "options.max_rounds": 20}
    )
    changed = parse_scenario(data, scenario.source)
    assert changed.options == {"max_rounds": "20"}
    knight = next(f for f in changed.fighters if f.key == "knight")
    assert knight.skills["Broadsword"] == 10
    assert scenario.data["combatants"][0]["skills"]["Broadsword"] == 14
    assert "options" not in scenario.data


def test_apply_point_by_position() -> None:
    """A combatant can also be addressed by its position in the list."""
    scenario = load_scenario(DUEL)
    data = apply_point(scenario.data, {"combatants.1.st": 15})
    assert data["combatants"][1]["st"] == 15


@pytest.mark.parametrize(
    ("path", "message"),
    [
        (
            "combatants.nobody.st",
            "combatants has no entry with key 'nobody' (keys: knight, raider)",
        ),
        ("combatants.knight.st.more", "combatants.knight.st is a value, not a mapping or list"),
        ("system.x", "system is a value, not a mapping or list"),
    ],
)
def test_apply_point_bad_paths(path: str, message: str) -> None:
    """A path that does not lead anywhere is one SweepError naming it."""
    scenario = load_scenario(DUEL)
    with pytest.raises(SweepError) as caught:
        apply_point(scenario.data, {path: 1})
    assert str(caught.value) == f"--vary {path}: {message}"


def test_bad_value_is_caught_by_the_scenario_check() -> None:
    """A value of the wrong kind is reported by parse_scenario with the field's path."""
    scenario = load_scenario(DUEL)
    data = apply_point(scenario.data, {"combatants.knight.skills.Broadsword": "good"})
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.skills\.Broadsword"):
        parse_scenario(data, scenario.source)

"""T値 system fighters and the `setup:` block in scenario files: what they build, and one
clear message for each mistake."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.scenario import ScenarioError, parse_scenario
from senjo.scenario.battle import build_battle
from senjo.systems.tvalue.model import Depth, Setup


def _scenario(setup: Any = None, system: str = "tvalue", **fields: Any) -> dict[str, Any]:
    aoi = {
        "key": "aoi",
        "name": {"en": "Aoi", "ja": "葵"},
        "side": "pcs",
        "combat_level": 5,
        "reaction": 12,
        "protection": {"physical": 3, "spirit": 1},
        "weapons": [{"key": "katana", "accuracy": 4, "skill": 5, "damage": "2D6+2", "fap": 5}],
    }
    aoi.update(fields)
    data: dict[str, Any] = {
        "system": system,
        "combatants": [aoi, {"key": "bandit", "name": "Bandit", "side": "gm"}],
    }
    if setup is not None:
        data["setup"] = setup
    return data


def test_a_fighter_and_its_setup_build() -> None:
    """The sheet holds the numbers as written; the setup reaches the battle's state."""
    setup = {"gm_sides": ["gm"], "surprise": {"by": "gm", "kind": "partial", "amount": 2}}
    scenario = parse_scenario(_scenario(setup), "duel.yaml")
    aoi = scenario.fighters[0]
    assert (aoi.combat_level, aoi.reaction, aoi.name_ja) == (5, 12, "葵")
    assert aoi.protection == ((Depth.PHYSICAL, 3), (Depth.SPIRIT, 1))
    katana = aoi.weapon("katana")
    assert (katana.accuracy, katana.skill, katana.dice, katana.flat, katana.fap, katana.map) == (
        4,
        5,
        2,
        2,
        5,
        1,
    )
    assert scenario.setup == Setup(("gm",), "gm", False, 2)
    assert build_battle(scenario).state.setup == scenario.setup


def test_no_setup_block_means_no_gm_side_and_no_surprise() -> None:
    """Left out, the setup takes its defaults."""
    assert parse_scenario(_scenario(), "duel.yaml").setup == Setup()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            _scenario({"gm_sides": ["orcs"]}),
            "duel.yaml: setup.gm_sides[0]: no combatant is on it; sides: gm, pcs",
        ),
        (
            _scenario({"surprise": {"by": "gm", "kind": "partial"}}),
            "duel.yaml: setup.surprise.amount: a partial surprise takes an amount from 1 to 4;"
            " a complete one none (it is 4)",
        ),
        (
            _scenario({"surprise": {"by": "gm", "kind": "complete", "amount": 2}}),
            "duel.yaml: setup.surprise.amount: a partial surprise takes an amount from 1 to 4;"
            " a complete one none (it is 4)",
        ),
        (
            _scenario({"surprise": {"by": "elves", "kind": "complete"}}),
            "duel.yaml: setup.surprise.by: no combatant is on it; sides: gm, pcs",
        ),
        (_scenario({"ambush": True}), "duel.yaml: setup.ambush: "),
        (
            _scenario({"surprise": {"by": "gm", "kind": "partial", "amount": 5}}),
            "setup.surprise.amount",
        ),
        (
            _scenario(weapons=[{"key": "katana", "damage": "2D8"}]),
            "duel.yaml: combatants[0].weapons[0].damage: expected damage as dice",
        ),
        (_scenario(protection={"astral": 2}), "duel.yaml: combatants[0].protection"),
        (
            _scenario({"gm_sides": []}, system="coc"),
            "duel.yaml: setup: coc battles take no setup: block",
        ),
    ],
)
def test_each_mistake_gets_one_message(data: dict[str, Any], message: str) -> None:
    """File, field, what is wrong (and what is allowed where it is a short list)."""
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(data, "duel.yaml")
    assert message in str(raised.value)


@pytest.mark.parametrize(
    ("joiners", "message"),
    [
        ([{"key": "nobody", "round": 2}], "setup.joiners[0].key: 'nobody' is not a combatant"),
        (
            [{"key": "bandit", "round": 2}, {"key": "bandit", "round": 3}],
            "setup.joiners[1].key: 'bandit' joins twice",
        ),
        ([{"key": "bandit", "round": 2}], "setup.joiners: at least two sides must be there"),
        ([{"key": "aoi", "round": 1}], "setup.joiners[0].round"),
        ([{"key": "aoi", "round": 2, "surprise": 5}], "setup.joiners[0].surprise"),
    ],
)
def test_each_joiner_mistake_gets_one_message(joiners: list[dict[str, Any]], message: str) -> None:
    """A joiner is a combatant of the file, joins once, from round 2; two sides start."""
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(_scenario({"joiners": joiners}), "duel.yaml")
    assert message in str(raised.value)

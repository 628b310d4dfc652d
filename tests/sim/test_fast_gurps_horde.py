"""Big group battles on the GURPS fast path: up to `NMAX` (32) fighters, a horde of one
sheet sharing its tables (`group._likeness`), examples/gurps/horde.yaml against the engine
battle by battle."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from senjo.scenario import Scenario, load_scenario, parse_scenario
from senjo.sim.fast_gurps import GURPS_FAST
from senjo.sim.fast_gurps.group import _likeness, _pair, build_group_tables
from senjo.sim.fast_gurps.layout import NMAX
from senjo.systems.gurps.system import initiative_order

from .gurps_duels import accounted
from .test_fast_gurps_group import check_group

pytest.importorskip("numba")

HORDE = Path(__file__).parents[2] / "examples" / "gurps" / "horde.yaml"
DEFENDERS = ("knight", "spearman", "champion", "brawler")


def horde() -> Scenario:
    return load_scenario(HORDE)


def likeness(scenario: Scenario, a: str, b: str) -> tuple[object, ...]:
    pair = _pair(scenario, a, b)
    return _likeness(pair, initiative_order(pair.fighters, {}))


def test_the_kernel_holds_thirty_two_fighters() -> None:
    """The horde's 24 fighters are within the kernel's slots, and so are 32; 33 are not."""
    assert NMAX == 32
    scenario = horde()
    assert len(scenario.fighters) == 24
    assert GURPS_FAST.accepts(scenario) is None
    data: dict[str, Any] = copy.deepcopy(scenario.data)
    goblin = data["combatants"][-1]
    data["combatants"] += [
        {**goblin, "key": f"extra_{i}", "position": [14, i]} for i in range(NMAX - 24)
    ]
    assert GURPS_FAST.accepts(parse_scenario(data, "x.yaml")) is None
    data["combatants"].append({**goblin, "key": "one_too_many", "position": [15, 0]})
    assert GURPS_FAST.accepts(parse_scenario(data, "x.yaml")) == (
        f"{NMAX + 1} combatants (it plays at most {NMAX})"
    )


def test_a_horde_of_one_sheet_shares_its_tables() -> None:
    """Four defenders against goblins of two sheets: eight kinds of pair, so sixteen rows of
    tables, not the 160 of eighty pairs; each goblin's row against a defender is the row
    of every goblin of its sheet, and the defender's rows against them too."""
    group = build_group_tables(horde())
    assert len(group.tables.fighters) == 16
    slot = {key: index for index, key in enumerate(group.keys)}
    swords = [key for key in group.keys if key.startswith("goblin") and int(key[-2:]) % 2]
    spears = [key for key in group.keys if key.startswith("goblin") and not int(key[-2:]) % 2]
    assert len(swords) == len(spears) == 10
    for defender in DEFENDERS:
        for kind in (swords, spears):
            own = {int(group.rows[slot[defender], slot[goblin]]) for goblin in kind}
            theirs = {int(group.rows[slot[goblin], slot[defender]]) for goblin in kind}
            assert len(own) == len(theirs) == 1
            assert own != theirs
        assert (
            group.rows[slot[defender], slot[swords[0]]]
            != (group.rows[slot[defender], slot[spears[0]]])
        )
    assert int(group.rows.max()) == 15


def test_pairs_are_alike_by_their_sheets_not_their_names() -> None:
    """Names, keys and places do not part two melee pairs; a skill does; and with a
    shooter in the pair, so does how far apart the two start (its tables are checked
    there)."""
    scenario = horde()
    assert likeness(scenario, "knight", "goblin_01") == likeness(scenario, "knight", "goblin_03")
    assert likeness(scenario, "knight", "goblin_01") == likeness(scenario, "goblin_05", "knight")
    assert likeness(scenario, "knight", "goblin_01") != likeness(scenario, "knight", "goblin_02")
    assert likeness(scenario, "knight", "goblin_01") != likeness(scenario, "brawler", "goblin_01")
    data: dict[str, Any] = copy.deepcopy(scenario.data)
    data["combatants"][6]["skills"] = {"Shortsword": 12, "Brawling": 11}  # goblin_03
    changed = parse_scenario(data, "x.yaml")
    assert likeness(changed, "knight", "goblin_01") != likeness(changed, "knight", "goblin_03")
    for goblin in data["combatants"][4:]:
        goblin["skills"] = {"Bow": 12, "Shortsword": 11}
        goblin["weapons"] = ["regular_bow", "shortsword"]
    archers = parse_scenario(data, "x.yaml")
    near, far = likeness(archers, "knight", "goblin_01"), likeness(archers, "knight", "goblin_02")
    assert near[:-1] == far[:-1]
    assert near[-1] != far[-1]


def test_the_horde_plays_exactly_the_engines_battles() -> None:
    """examples/gurps/horde.yaml, 40 battles: every battle the kernel plays to the end is
    the engine's battle with the same dice (winner, reason, rounds, each fighter's
    figures), with fighters past slot 16 and shared rows of tables."""
    result = check_group(horde(), 40, 5)
    assert accounted(result) >= 36
    assert {0, 1} <= set(result.winner.tolist())  # each side wins some
    assert np.any(result.up[16:24, :40] == 0)  # goblins past slot 16 go down

"""Runs of group battles on the GURPS fast path (`group_runs.py`, `group.py`): a run's
aggregate however it is split, the passes' result arrays written over, and the groups
the path declines, with its reason."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from senjo.scenario import load_scenario, parse_scenario
from senjo.sim.fast_gurps import GURPS_FAST, compiled
from senjo.sim.fast_gurps.group import build_group_tables, play_group_blocks
from senjo.sim.fast_gurps.layout import NMAX

from .test_fast_gurps_declines import JAVELIN
from .test_fast_gurps_group import ARCHERS, PARTY, rngs

pytest.importorskip("numba")


def test_a_run_is_the_same_however_it_is_split() -> None:
    """A run's aggregate does not depend on how its battles are split into ranges (the
    blocks' seeds), and it counts every battle once."""
    scenario = load_scenario(PARTY)
    whole = GURPS_FAST.run(scenario, 5, 0, 6000)
    parts = GURPS_FAST.run(scenario, 5, 0, 2500).merge(GURPS_FAST.run(scenario, 5, 2500, 6000))
    assert whole == parts
    assert whole.n == 6000
    assert sum(whole.wins.values()) + sum(whole.draws.values()) == 6000
    assert sum(whole.survivors["adventurers"].values()) == 6000


def test_a_pass_written_over_the_last_is_the_pass_played_alone() -> None:
    """With `Buffers`, each group pass writes its results over the pass before (a row per
    fighter of the battle, not the kernel's NMAX): played again after another pass whose
    battles escaped where its own did not, it is the same pass as one played alone (the
    ambush: 2 of seed 4's battles escape, none of seed 3's)."""
    scenario = load_scenario(ARCHERS)
    group = build_group_tables(scenario)
    buffers = compiled.Buffers()
    first = play_group_blocks(group, 300, rngs(3), None, buffers)
    assert first.hp.shape == first.up.shape == (len(group.keys), 300)
    other = play_group_blocks(group, 300, rngs(4), None, buffers)
    assert np.shares_memory(first.used, other.used)  # the same arrays, written over
    escaped_before = other.escaped.copy()
    again = play_group_blocks(group, 300, rngs(3), None, buffers)
    alone = play_group_blocks(group, 300, rngs(3))
    assert (escaped_before & ~alone.escaped).any()  # rows the pass before left to clear
    for field in ("winner", "reason", "rounds", "why", "escaped", "hp", "up", "used"):
        assert np.array_equal(getattr(again, field), getattr(alone, field)), field
    for field in ("attacks", "hits", "defenses", "defended", "dealt", "taken"):
        assert np.array_equal(getattr(again, field), getattr(alone, field)), field


def test_groups_the_fast_path_declines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three sides; a fighter of a pair the duel fast path would decline (a javelin, made
    to be thrown); more fighters than the kernel holds; no Numba."""
    data = copy.deepcopy(load_scenario(PARTY).data)
    data["combatants"][3]["side"] = "bandits"
    assert GURPS_FAST.accepts(parse_scenario(data, "x.yaml")) == "3 sides (it plays two)"
    data = copy.deepcopy(load_scenario(PARTY).data)
    data["combatants"][2]["weapons"].append(JAVELIN)
    assert GURPS_FAST.accepts(parse_scenario(data, "x.yaml")) == (
        "combatant 'staff' has a ranged weapon (javelin)"
    )
    data = copy.deepcopy(load_scenario(PARTY).data)
    extra = data["combatants"][1]
    data["combatants"] += [
        {**extra, "key": f"x{i}", "position": [i, 9]} for i in range(NMAX + 1 - 4)
    ]
    assert GURPS_FAST.accepts(parse_scenario(data, "x.yaml")) == (
        f"{NMAX + 1} combatants (it plays at most {NMAX})"
    )
    monkeypatch.setattr(compiled, "available", lambda: False)
    assert "Numba" in str(GURPS_FAST.accepts(load_scenario(PARTY)))

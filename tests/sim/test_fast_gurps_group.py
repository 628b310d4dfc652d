"""The compiled group loop (`kernel/group.py`, docs/plans/fast_path_group.md, step G1):
a duel played by `play_group` is the duel `play` plays, battle for battle - with its
fighters at their own slots and rows, and moved to other slots, other rows of tables and
swapped side numbers. So no step of the kernel reads a fighter's state or tables by
position 0 or 1, or its foe as `1 - f`: each reads its slot and its row."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

import numpy as np
import pytest

from senjo.scenario import Scenario
from senjo.sim.fast_gurps import compiled, streams
from senjo.sim.fast_gurps.layout import DuelTables
from senjo.sim.fast_gurps.packed import pack
from senjo.sim.fast_gurps.state import BlockResult
from senjo.sim.fast_gurps.tables import build_tables

from .gurps_duels import SCENARIOS
from .gurps_mixed import MIXED
from .gurps_shootouts import SHOOTOUTS

pytest.importorskip("numba")

ALL: dict[str, Callable[[], Scenario]] = {
    **SCENARIOS,
    **{f"mixed_{name}": make for name, make in MIXED.items()},
    **{f"shootout_{name}": make for name, make in SHOOTOUTS.items()},
}
BATTLES = 300


def rngs(seed: int) -> list[np.random.Generator]:
    return [np.random.Generator(np.random.PCG64(seed))]


def play_as_group(
    tables: DuelTables,
    table_rows: tuple[int, ...],
    row_of: tuple[int, int],
    slots: tuple[int, int],
    sides: tuple[int, int],
    seed: int,
    y: float = 0.0,
) -> dict[str, np.ndarray]:
    """The duel's battles played by `play_group`: the pack's rows hold the fighters'
    tables in `table_rows` order (an index into `tables.fighters` per row), the first and
    second fighter read theirs at rows `row_of`, sit at state slots `slots` on sides
    `sides`, both at `y`; any other slot below them holds a bystander of neither side,
    who takes no turn and whom no one attacks. Results by initiative position (0: the
    first)."""
    kernel = compiled._kernel()
    moved = tuple(tables.fighters[i] for i in table_rows)
    packed = pack(dataclasses.replace(tables, fighters=moved))
    seeds = streams.row_seeds(rngs(seed), BATTLES)
    n = seeds.size
    rows = np.full((kernel.NMAX, kernel.NMAX), -1, dtype=np.int64)
    rows[slots[0], slots[1]] = row_of[0]
    rows[slots[1], slots[0]] = row_of[1]
    count = max(slots) + 1
    side = np.full(kernel.NMAX, 2, dtype=np.int64)  # bystanders
    rank = np.zeros(2 * kernel.NMAX, dtype=np.int64)
    rank[:count] = 2  # the bystanders' turns come last
    rank[kernel.NMAX : kernel.NMAX + count] = np.arange(count)
    places = np.zeros(2 * kernel.NMAX, dtype=np.float64)
    for position in (0, 1):
        rank[slots[position]] = position
        side[slots[position]] = sides[position]
        places[slots[position]] = tables.x[position]
        places[kernel.NMAX + slots[position]] = y
    out = np.zeros((4, n), dtype=np.int64)
    hp = np.zeros((kernel.NMAX, n), dtype=np.int64)
    up = np.zeros((kernel.NMAX, n), dtype=np.int64)
    res = np.zeros((6, kernel.NMAX, n), dtype=np.int64)
    used = np.zeros(n, dtype=np.int64)
    kernel.play_group(
        packed.ints,
        packed.floats,
        packed.layout.reshape(-1),
        seeds,
        count,
        rank,
        np.zeros(kernel.NMAX, dtype=np.int64),
        np.zeros(2 * kernel.NMAX, dtype=np.int64),
        side,
        rows,
        places,
        out,
        hp,
        up,
        res,
        used,
        np.zeros(kernel.STATE_SIZE, dtype=np.int64),
        np.zeros((kernel.NMAX, packed.slots), dtype=np.int64),
        np.zeros(2 * kernel.NMAX, dtype=np.float64),
        np.zeros(3, dtype=np.int64),
        np.zeros(1, dtype=np.uint64),
    )
    by_side = {-1: -1, sides[0]: 0, sides[1]: 1}
    at = list(slots)
    return {
        "winner": np.array([by_side[int(w)] for w in out[0]]),
        "reason": out[1],
        "rounds": out[2],
        "why": out[3],
        "used": used,
        "hp": hp[at],
        "standing": up[at] == 1,
        "counts": res[:, at],
    }


def duel_figures(result: BlockResult) -> dict[str, np.ndarray]:
    return {
        "winner": result.winner,
        "reason": result.reason,
        "rounds": result.rounds,
        "why": result.why,
        "used": result.used,
        "hp": result.hp,
        "standing": result.standing,
        "counts": np.stack(
            [
                result.attacks,
                result.hits,
                result.defenses,
                result.defended,
                result.dealt,
                result.taken,
            ]
        ),
    }


@pytest.mark.parametrize("name", sorted(ALL))
def test_a_duel_played_as_a_group_is_the_same_duel(name: str) -> None:
    """Every check duel, mixed duel and shootout, 300 battles: `play_group` with the
    fighters at slots 0 and 1 and rows 0 and 1, then at slots 3 and 1 (bystanders at 0 and
    2), with their tables at rows 1 and 2 (row 0 a decoy), the side numbers swapped and the
    line moved off y = 0, gives every battle the result `play` gives it, escapes and dice
    counts included."""
    tables = build_tables(ALL[name]())
    expected = duel_figures(compiled.play_blocks(tables, BATTLES, rngs(77)))
    arrangements = (
        ((0, 1), (0, 1), (0, 1), (0, 1), 0.0),
        ((1, 0, 1), (1, 2), (3, 1), (1, 0), -2.75),
    )
    for table_rows, row_of, slots, sides, y in arrangements:
        got = play_as_group(tables, table_rows, row_of, slots, sides, 77, y)
        for figure, values in expected.items():
            assert np.array_equal(got[figure], values), (name, slots, figure)
    assert (expected["why"] == 0).sum() >= BATTLES // 2  # most battles play to their end


def test_distances_are_pythons_hypot_to_the_last_bit() -> None:
    """`PlaneField.distance` is `math.hypot`, and the AI compares distances exactly (reach,
    2 yards, 3 yards, its Move): the kernel's `_hypot` gives the same bits on 200,000 random
    pairs of the kinds a battle makes (whole yards, fractions of moves, tiny and large),
    and `_distance` is the plain difference of x on a line of constant y."""
    from senjo.sim.fast_gurps.kernel import rolls

    rng = np.random.default_rng(5)
    n = 50_000
    whole = rng.integers(-40, 41, (n, 2)).astype(float)
    moved = whole + rng.integers(0, 7, (n, 2)) / rng.integers(1, 50, (n, 2))
    spread = rng.uniform(-60, 60, (n, 2)) * 10.0 ** rng.integers(-6, 7, (n, 1))
    axis = moved * np.array([1.0, 0.0])
    for pairs in (whole, moved, spread, axis):
        for dx, dy in pairs.tolist():
            assert rolls._hypot(dx, dy) == math.hypot(dx, dy), (dx, dy)
    x = np.zeros(2 * rolls.NMAX)
    for a, b in moved[:2000].tolist():
        x[3], x[5], x[rolls.NMAX + 3], x[rolls.NMAX + 5] = a, b, 1.5, 1.5
        assert rolls._distance(x, 3, 5) == math.hypot(a - b, 0.0) == abs(a - b)

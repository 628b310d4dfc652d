"""Group battles on the GURPS fast path: two sides of any size, played by the compiled
group loop (`kernel/group.py`; docs/plans/fast_path_group.md).

A group's tables are duel tables: for each pair of foes, the duel of the two
(`tables._build` on the scenario cut down to them, on the group's distance classes)
gives each one's row of tables against the other. The kernel plays every fighter's turn
as that duel's, against the foe it turns on; what a group adds (which foe, the order of
turns, the end) it decides itself.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from senjo.scenario import Scenario
from senjo.sim.declines import Reason
from senjo.sim.fast_gurps import streams
from senjo.sim.fast_gurps.accept import decline_reason, shooter
from senjo.sim.fast_gurps.layout import (
    CM_LAME,
    CM_STRAIN,
    LAME_ARM,
    MAIN_ARM,
    NMAX,
    NO_LEGS,
    OFF_ARM,
    UP,
    DuelTables,
    FighterTables,
)
from senjo.sim.fast_gurps.packed import Packed, pack
from senjo.sim.fast_gurps.state import IntArray
from senjo.sim.fast_gurps.tables import Unsupported, _build, _longest_reach
from senjo.space.plane import Point
from senjo.systems.gurps.system import initiative_order

if TYPE_CHECKING:
    from senjo.sim.fast_gurps.compiled import Buffers

__all__ = [
    "GroupResult",
    "GroupTables",
    "build_group_tables",
    "group_reason",
    "play_group_blocks",
]


@dataclasses.dataclass(frozen=True)
class GroupTables:
    """Everything the group loop indexes: the fighters' slots (scenario order), sides,
    turn order, places and rows of tables."""

    #: The fighters' keys by slot (scenario order).
    keys: tuple[str, ...]
    #: The side names: side 0 is the first fighter's.
    sides: tuple[str, str]
    #: [slot] -> 0 or 1 (NMAX long; -1 past the fighters).
    side: IntArray
    #: [slot] -> place by Basic Speed and DX (0 first); [NMAX + slot] -> place by key.
    rank: IntArray
    #: [slot] -> 1 if it ties with another on Basic Speed and DX (it rolls for its turn).
    tied: IntArray
    #: [slot, foe's slot] -> the row of the slot's tables against that foe (-1: no foe).
    rows: IntArray
    #: x of each slot, then y (2 * NMAX).
    places: npt.NDArray[np.float64]
    #: The rows' tables (`fighters`: one per row) and the tables every row shares.
    tables: DuelTables


def _pair(scenario: Scenario, a: str, b: str) -> Scenario:
    """The scenario cut down to fighters a and b, placed on a line as far apart as they
    stand (only the pair's distance enters its tables)."""
    fighters = tuple(f for f in scenario.fighters if f.key in (a, b))
    here = scenario.positions.get(a, Point(0, 0))
    there = scenario.positions.get(b, Point(0, 0))
    positions = {a: Point(0.0, 0.0), b: Point(here.distance(there), 0.0)}
    controllers = {k: v for k, v in scenario.controllers.items() if k in (a, b)}
    return dataclasses.replace(
        scenario, fighters=fighters, positions=positions, controllers=controllers
    )


def _likeness(pair: Scenario, order: tuple[str, ...]) -> tuple[object, ...]:
    """What a pair's duel tables are built from: the two sheets in turn order (B363; a tie
    on Basic Speed and DX goes by key, so the order is part of it) less their keys, names
    and sides, their controllers, and - with a shooter among them - how far apart they
    start (a shooter's tables are checked there, `ranged_tables.py`; a melee pair's do not
    depend on it: `tables._fighter_tables`). Two pairs alike have the same tables."""
    sheets = {f.key: f for f in pair.fighters}
    alike = tuple(
        repr(dataclasses.replace(sheets[key], key="", name="", side="", name_ja=""))
        for key in order
    )
    controllers = tuple(pair.controllers.get(key, "ai") for key in order)
    shooting = any(shooter(f) is not None for f in pair.fighters)
    here, there = (pair.positions[key].x for key in order)
    start = abs(there - here) if shooting else None
    return (*alike, *controllers, start)


def group_reason(scenario: Scenario) -> str | None:
    """None if the fast path plays this group battle (more than two fighters) completely,
    else why not: a map, the compiled kernel missing (the NumPy model plays duels only),
    or the first thing `build_group_tables` does not follow."""
    if getattr(scenario, "ground", None) is not None:
        return Reason(
            "the scenario has a map (the GURPS fast path plays without one)",
            "マップのあるシナリオ（GURPSの高速経路はマップなしで戦う）",
        )
    from senjo.sim.fast_gurps import compiled

    if not compiled.available():
        return Reason(
            "a battle of more than two needs the compiled kernel (Numba)",
            "3人以上の戦闘にはコンパイル済みカーネル（Numba）が必要",
        )
    try:
        build_group_tables(scenario)
    except Unsupported as error:
        return error.reason  # a `Reason`, its Japanese with it
    return None


def build_group_tables(scenario: Scenario) -> GroupTables:
    """The tables of a group battle (raises `Unsupported` for what the model does not
    follow: more than `NMAX` fighters, other than two sides, a pair of foes the duel's
    `decline_reason` declines)."""
    signature = json.dumps(scenario.data, sort_keys=True, default=str)
    found = _CACHE.get(signature)
    if found is None:
        if len(_CACHE) > 16:
            _CACHE.clear()
        found = _CACHE[signature] = _build_group(scenario)
    return found


#: Group tables by the scenario's data (each worker builds a scenario's once).
_CACHE: dict[str, GroupTables] = {}


def _lame_rows(tabled: list[FighterTables], rows: IntArray) -> list[FighterTables]:
    """The rows as a group plays them: a crippled leg or weapon arm hands the battle to the
    engine; a strained shoulder too, for a fighter with a row against some foe built
    without the state LAME (each of its rows is read once the shoulder is strained, and
    rows alike are shared: every row of such a fighter, and of those it shares them
    with, escapes)."""
    unlamed = {
        int(row)
        for mine in rows
        if not all(tabled[row].lames for row in mine[mine >= 0])
        for row in mine[mine >= 0]
    }
    out = []
    for index, tables in enumerate(tabled):
        miss = dict(tables.miss)
        if index in unlamed:
            miss["code"] = np.where(miss["code"] == CM_STRAIN, CM_LAME, miss["code"])
        arms = (tables.lame_part == MAIN_ARM) | (tables.lame_part == OFF_ARM)
        lame_part = np.where(arms, LAME_ARM, tables.lame_part)
        out.append(
            dataclasses.replace(
                tables,
                leg_shift=NO_LEGS,
                lame_part=lame_part,
                miss=miss,
                lames=tables.lames and index not in unlamed,
            )
        )
    return out


def _build_group(scenario: Scenario) -> GroupTables:
    fighters = scenario.fighters
    if len(fighters) > NMAX:
        raise Unsupported(
            Reason(
                f"{len(fighters)} combatants (it plays at most {NMAX})",
                f"戦闘者が{len(fighters)}人（扱うのは{NMAX}人まで）",
            )
        )
    names = list(dict.fromkeys(f.side for f in fighters))
    if len(names) != 2:
        raise Unsupported(
            Reason(f"{len(names)} sides (it plays two)", f"陣営が{len(names)}つ（扱うのは2つ）")
        )
    keys = tuple(f.key for f in fighters)
    by_key = {f.key: f for f in fighters}
    sides = (names[0], names[1])
    reach = _longest_reach(scenario)
    # Shots tabulated to the longest missile weapon's maximum range (each shooter's table
    # stops at its own): a melee pair may drift far off a shooter as they fight, and a
    # long table costs a few engine calls a row of B550 (`ranged_tables._shot_skills`).
    shots = [mine[1].ranged for f in fighters if (mine := shooter(f)) is not None]
    span = max((float(ranged.max_range) for ranged in shots if ranged is not None), default=0.0)
    slot = {key: index for index, key in enumerate(keys)}
    # B363, as `Gurps.play` settles it: Basic Speed, then DX; fighters tied on both roll a
    # die each (the battle's first dice, in scenario order), then the key decides.
    speeds = [(-f.basic_speed, -f.dx) for f in fighters]
    places_by_speed = sorted(set(speeds))
    rank = np.zeros(2 * NMAX, dtype=np.int64)
    tied = np.zeros(NMAX, dtype=np.int64)
    for index, fighter in enumerate(fighters):
        rank[index] = places_by_speed.index(speeds[index])
        rank[NMAX + index] = sorted(keys).index(fighter.key)
        tied[index] = int(speeds.count(speeds[index]) > 1)
    side = np.full(NMAX, -1, dtype=np.int64)
    places = np.zeros(2 * NMAX, dtype=np.float64)
    for key in keys:
        side[slot[key]] = 0 if by_key[key].side == sides[0] else 1
        point = scenario.positions.get(key, Point(0, 0))
        places[slot[key]], places[NMAX + slot[key]] = float(point.x), float(point.y)
    rows = np.full((NMAX, NMAX), -1, dtype=np.int64)
    tabled: list[FighterTables] = []
    shared: DuelTables | None = None
    # Pairs alike (`_likeness`: a horde of the same sheet against one foe) share their
    # duel's tables and rows: built and packed once (the kernel tells fighters apart by
    # their slots, never by their rows).
    built: dict[tuple[object, ...], tuple[int, int]] = {}
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            if by_key[a].side == by_key[b].side:
                continue
            pair = _pair(scenario, a, b)
            reason = decline_reason(pair)  # each pair of foes a duel the fast path plays
            if reason is not None:
                raise Unsupported(reason)
            order = initiative_order(pair.fighters, {})
            likeness = _likeness(pair, order)
            if likeness not in built:
                duel = _build(pair, None, reach, span)
                built[likeness] = (len(tabled), len(tabled) + 1)
                tabled += duel.fighters  # in `order`, as `_build` tabulates them
                if shared is None or duel.max_basic > shared.max_basic:
                    shared = duel
            first, second = built[likeness]
            rows[slot[order[0]], slot[order[1]]] = first
            rows[slot[order[1]], slot[order[0]]] = second
    assert shared is not None  # two sides: at least one pair
    tabled = _lame_rows(tabled, rows)
    injury = max(int(w.max()) for f in tabled for w in f.injury.values())
    tables = dataclasses.replace(shared, fighters=tuple(tabled), max_injury=injury)
    return GroupTables(keys, sides, side, rank, tied, rows, places, tables)


class GroupResult:
    """Per-battle results of a block of group battles ([fighter slot, battle] per fighter)."""

    def __init__(
        self,
        out: IntArray,
        hp: IntArray,
        up: IntArray,
        res: IntArray,
        used: IntArray,
        seeds: npt.NDArray[np.uint64],
        n: int,
    ) -> None:
        #: The winning side (0, 1; -1 none), the reason (`layout.REASONS`), the rounds.
        self.winner, self.reason, self.rounds = out[0], out[1], out[2]
        self.escaped = out[3] != 0
        self.why = out[3]
        self.hp = hp[:n]
        #: UP, DOWN or FLED_OUT, by slot.
        self.up = up[:n]
        self.standing = up[:n] == UP
        self.attacks, self.hits, self.defenses = res[0, :n], res[1, :n], res[2, :n]
        self.defended, self.dealt, self.taken = res[3, :n], res[4, :n], res[5, :n]
        self.seeds = seeds
        self.used = used

    def row(self, battle: int) -> npt.NDArray[np.uint8]:
        """The dice battle `battle` rolled, in order (what the engine replays it from)."""
        return streams.row(self.seeds[battle], int(self.used[battle]))


def play_group_blocks(
    group: GroupTables,
    size: int,
    rngs: Sequence[np.random.Generator],
    packed: Packed | None = None,
    buffers: Buffers | None = None,
) -> GroupResult:
    """Blocks of `size` group battles, one per generator (the duel's `play_blocks`); with
    `buffers`, the results are written over those of the pass before. The arrays by
    fighter have a row for each of the battle's fighters, not the kernel's `NMAX`: it
    writes rows 0..n-1 alone (a pass of 8 blocks of 32 rows was some 67 MB to allocate
    and touch)."""
    from senjo.sim.fast_gurps import compiled

    kernel: Any = compiled._kernel()
    if packed is None:
        packed = pack(group.tables)
    seeds = streams.row_seeds(rngs, size)
    count, n = seeds.size, len(group.keys)
    if buffers is None:
        out, hp, up, res, used = compiled.group_results(n, count)
    else:
        out, hp, up, res, used = buffers.take_group(n, count)
    kernel.play_group(
        packed.ints,
        packed.floats,
        packed.layout.reshape(-1),
        seeds,
        n,
        group.rank,
        group.tied,
        np.zeros(2 * NMAX, dtype=np.int64),
        group.side,
        group.rows,
        group.places,
        out,
        hp,
        up,
        res,
        used,
        *compiled.scratch(packed.slots),
    )
    return GroupResult(out, hp, up, res, used, seeds, n)

"""Playing a range of GURPS fast-path duels: passes of blocks, folded into an aggregate.

The heavy half of the fast path (NumPy, the tables, the turn loop, the engine
for escaped battles), imported only when battles are played; see the
package's text.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np

from senjo.engine.battle import Outcome
from senjo.scenario import Scenario
from senjo.sim.aggregate import CombatantTally, SimAggregate
from senjo.sim.fast_gurps import compiled, streams
from senjo.sim.fast_gurps.batch import REASONS, BlockResult, play_blocks
from senjo.sim.fast_gurps.blocks import BLOCK, PASS
from senjo.sim.fast_gurps.layout import (
    ESCAPE_NAMES,
    FLED,
    H_DEALT,
    H_HP,
    H_ROUNDS,
    H_SERIES,
    H_TAKEN,
    T_ATTACKS,
    T_DEFENDED,
    T_DEFENSES,
    T_DRAWS,
    T_HITS,
    T_KEPT,
    T_ROUTS,
    T_SIZE,
    T_STANDING,
    T_WINS,
)
from senjo.sim.fast_gurps.packed import Packed, pack
from senjo.sim.fast_gurps.replay import replay_battle
from senjo.sim.fast_gurps.state import BoolArray

if TYPE_CHECKING:
    from senjo.sim.fast_gurps.group import GroupResult
from senjo.sim.fast_gurps.tables import DuelTables, build_tables, initiative_tie
from senjo.sim.seeds import derive_seed

__all__ = [
    "buffers",
    "escape_seed",
    "histogram",
    "packed_once",
    "play_range",
    "replay_escaped",
    "run_range",
]


def run_range(scenario: Scenario, seed: int, start: int, stop: int) -> SimAggregate:
    """Play battles start..stop-1 of the run with this seed into an aggregate.

    With an initiative tie, each battle's first two dice are the engine's tie rolls (one
    d6 each, in the scenario's order; the higher goes first, the lower key on equal
    rolls): every pass is played once with each fighter leading, from the third die on,
    and each battle is taken from the pass whose leader its rolls chose.
    """
    aggregate = SimAggregate.empty()
    if not initiative_tie(scenario):
        tables = build_tables(scenario)
        for result, keep, run_seed, first in _passes(tables, seed, start, stop, 0, True):
            _fold(aggregate, tables, scenario, result, keep, run_seed, first, None)
        return aggregate
    a, b = (fighter.key for fighter in scenario.fighters)
    for lead in (a, b):
        tables = build_tables(scenario, lead)
        for result, keep, run_seed, first in _passes(tables, seed, start, stop, 2, True):
            rolls = streams.first_dice(result.seeds, 2)
            a_leads = (rolls[:, 0] > rolls[:, 1]) | ((rolls[:, 0] == rolls[:, 1]) & (a < b))
            chosen = a_leads if lead == a else ~a_leads
            _fold(aggregate, tables, scenario, result, keep, run_seed, first, chosen)
    return aggregate


def play_range(
    scenario: Scenario, seed: int, start: int, stop: int
) -> Iterator[tuple[BlockResult, slice, int, int]]:
    """The results of every block overlapping start..stop-1: for each pass of up to `PASS`
    blocks, (results, the slice of them to keep, the first block's seed, its first index).

    Results of block b are rows (b - first block of the pass) * BLOCK + j; the escape
    seeds derive from each block's own seed (see `block_seeds`).
    """
    yield from _passes(build_tables(scenario), seed, start, stop, 0)


def _passes(
    tables: DuelTables, seed: int, start: int, stop: int, offset: int, reuse: bool = False
) -> Iterator[tuple[BlockResult, slice, int, int]]:
    """`play_range` with these tables, each battle's dice read from position `offset`;
    with `reuse`, the compiled kernel writes each pass's results over the last pass's
    (this thread's `compiled.Buffers`: for a caller done with each pass before it asks
    for the next, and before this thread plays any other range)."""
    if stop <= start:
        return
    blocks = list(range(start // BLOCK, (stop - 1) // BLOCK + 1))
    fast = compiled.available()
    packed = packed_once(tables) if fast else None  # once for every pass
    reused = buffers() if fast and reuse else None
    for at in range(0, len(blocks), PASS):
        group = blocks[at : at + PASS]
        rngs = [np.random.Generator(np.random.PCG64(derive_seed(seed, b))) for b in group]
        if fast:
            result = compiled.play_blocks(tables, BLOCK, rngs, offset, packed, reused)
        else:
            result = play_blocks(tables, BLOCK, rngs, offset)
        first = group[0] * BLOCK
        keep = slice(max(start, first) - first, min(stop, first + len(group) * BLOCK) - first)
        yield result, keep, seed, first


_THREAD = threading.local()


def buffers() -> compiled.Buffers:
    """This thread's result arrays, kept from one range to the next: a worker's chunks of
    a run write over the same arrays, as the passes of one chunk do (one set per thread,
    since a Dask worker may play chunks on several threads at once)."""
    found: compiled.Buffers | None = getattr(_THREAD, "buffers", None)
    if found is None:
        found = _THREAD.buffers = compiled.Buffers()
    return found


#: The packed form of the tables the latest ranges were played with, by the tables' identity
#: (`build_tables` keeps the tables of a scenario, so every chunk of a run finds them here).
_PACKED: dict[int, tuple[DuelTables, Packed]] = {}


def packed_once(tables: DuelTables) -> Packed:
    """`pack(tables)`, once for each tables object, a duel's or a group's (a millisecond a
    chunk for a duel's before; 5-13 ms for a battle of four's)."""
    found = _PACKED.get(id(tables))
    if found is None or found[0] is not tables:
        if len(_PACKED) > 8:
            _PACKED.clear()
        found = _PACKED[id(tables)] = (tables, pack(tables))
    return found[1]


def escape_seed(seed: int, index: int) -> int:
    """The seed of the generator that continues escaped battle `index`'s dice on the engine,
    past those the model rolled."""
    return derive_seed(derive_seed(seed, index // BLOCK), index % BLOCK)


def _fold(
    aggregate: SimAggregate,
    tables: DuelTables,
    scenario: Scenario,
    result: BlockResult,
    keep: slice,
    seed: int,
    first: int,
    chosen: BoolArray | None,
) -> None:
    """Add the kept battles (those `chosen`, when given) of a pass to the aggregate: summed
    by the compiled `tally` where Numba is there, else by `_tally_numpy`; the escaped ones
    are replayed on the engine."""
    order = [f.key for f in tables.fighters]
    sides = {fighter.key: fighter.side for fighter in scenario.fighters}
    for fighter in scenario.fighters:
        aggregate.combatants.setdefault(fighter.key, CombatantTally())
        aggregate.survivors.setdefault(fighter.side, Counter())
    tally = compiled.tally if compiled.available() else _tally_numpy
    escaped = _fold_sums(aggregate, order, sides, tally(result, keep.start, keep.stop, chosen))
    replay_escaped(aggregate, scenario, result, escaped, seed, first)


def replay_escaped(
    aggregate: SimAggregate,
    scenario: Scenario,
    result: BlockResult | GroupResult,
    escaped: np.ndarray,
    seed: int,
    first: int,
) -> None:
    """Play the battles of a pass the model left (indices `escaped`) on the engine, each
    from the dice it rolled and then its own seed, into the aggregate."""
    sides = {fighter.key: fighter.side for fighter in scenario.fighters}
    aggregate.replayed += len(escaped)
    for battle in escaped.tolist():
        aggregate.replayed_by[ESCAPE_NAMES[int(result.why[battle])]] += 1
        outcome, figures = replay_battle(
            scenario, result.row(battle), escape_seed(seed, first + battle)
        )
        aggregate.add(Outcome(outcome.winner_side, outcome.reason, outcome.rounds), figures, sides)


def histogram(low: int, counts: np.ndarray) -> Counter[int]:
    """The counts of values low, low + 1, ... as a Counter of those that occur.

    >>> histogram(-1, np.array([2, 0, 1]))
    Counter({-1: 2, 1: 1})
    """
    present = np.flatnonzero(counts)
    return Counter(dict(zip((present + low).tolist(), counts[present].tolist(), strict=True)))


#: What a tally of a pass returns: the sums by `layout.T_*`, the escaped battles' indices,
#: each histogram's lowest value and the histograms' counts [series `layout.H_*`, value - low].
Tally = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _tally_numpy(result: BlockResult, lo: int, hi: int, chosen: BoolArray | None) -> Tally:
    """`kernel.tally` with NumPy (where Numba is missing): the same four arrays."""
    index = np.arange(lo, hi)
    if chosen is not None:
        index = index[chosen[index]]
    escaped = index[result.escaped[index]]
    sel = index[~result.escaped[index]]
    sums = np.zeros(T_SIZE, dtype=np.int64)
    sums[T_KEPT] = sel.size
    winners, reasons = result.winner[sel], result.reason[sel]
    for position in range(2):
        won = winners == position
        sums[T_WINS + position] = won.sum()
        sums[T_ROUTS + position] = (won & (reasons == FLED)).sum()
        for at, figure in (
            (T_ATTACKS, result.attacks),
            (T_HITS, result.hits),
            (T_DEFENSES, result.defenses),
            (T_DEFENDED, result.defended),
            (T_STANDING, result.standing),
        ):
            sums[at + position] = figure[position, sel].sum()
    for code in range(len(REASONS)):
        sums[T_DRAWS + code] = ((winners == -1) & (reasons == code)).sum()
    if sel.size == 0:
        return sums, escaped, np.zeros(H_SERIES, np.int64), np.zeros((H_SERIES, 1), np.int64)
    series = [result.rounds[sel]]
    for figure in (result.dealt, result.taken, result.hp):
        series += [figure[0, sel], figure[1, sel]]  # in the order of `layout.H_*`
    lows = np.array([values.min() for values in series], dtype=np.int64)
    spans = [np.bincount(values - low) for values, low in zip(series, lows, strict=True)]
    counts = np.zeros((H_SERIES, max(span.size for span in spans)), dtype=np.int64)
    for h, span in enumerate(spans):
        counts[h, : span.size] = span
    return sums, escaped, lows, counts


def _fold_sums(
    aggregate: SimAggregate, order: list[str], sides: dict[str, str], tally: Tally
) -> np.ndarray:
    """Add a pass's tally to the aggregate; returns the escaped battles' indices."""
    sums, escaped, lows, counts = tally
    kept = int(sums[T_KEPT])
    aggregate.n += kept
    for position, key in enumerate(order):
        if won := int(sums[T_WINS + position]):
            aggregate.wins[sides[key]] += won
        if routs := int(sums[T_ROUTS + position]):  # won because the foe fled
            aggregate.routs[sides[key]] += routs
            aggregate.combatants[order[1 - position]].fled += routs
    for code, reason in enumerate(REASONS):
        if drawn := int(sums[T_DRAWS + code]):
            aggregate.draws[reason] += drawn
    if kept == 0:
        return escaped
    aggregate.rounds.update(histogram(int(lows[H_ROUNDS]), counts[H_ROUNDS]))
    for position, key in enumerate(order):
        figures = aggregate.combatants[key]
        figures.attacks += int(sums[T_ATTACKS + position])
        figures.hits += int(sums[T_HITS + position])
        figures.defenses += int(sums[T_DEFENSES + position])
        figures.defended += int(sums[T_DEFENDED + position])
        standing = int(sums[T_STANDING + position])
        figures.standing += standing
        for h, figure in ((H_DEALT, figures.dealt), (H_TAKEN, figures.taken), (H_HP, figures.hp)):
            figure.update(histogram(int(lows[h + position]), counts[h + position]))
        aggregate.survivors[sides[key]].update(
            {value: count for value, count in ((1, standing), (0, kept - standing)) if count}
        )
    return escaped

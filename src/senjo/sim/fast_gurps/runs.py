"""Playing a range of GURPS fast-path duels: passes of blocks, folded into an aggregate.

The heavy half of the fast path (NumPy, the tables, the turn loop, the engine
for escaped battles), imported only when battles are played; see the
package's text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import numpy as np

from senjo.engine.battle import Outcome
from senjo.scenario import Scenario
from senjo.sim.aggregate import CombatantTally, SimAggregate
from senjo.sim.fast_gurps import compiled, streams
from senjo.sim.fast_gurps.batch import REASONS, BlockResult, play_blocks
from senjo.sim.fast_gurps.blocks import BLOCK, PASS
from senjo.sim.fast_gurps.layout import (
    FLED,
    H_DEALT,
    H_HP,
    H_ROUNDS,
    H_TAKEN,
    T_ATTACKS,
    T_DEFENDED,
    T_DEFENSES,
    T_DRAWS,
    T_HITS,
    T_KEPT,
    T_ROUTS,
    T_STANDING,
    T_WINS,
)
from senjo.sim.fast_gurps.packed import Packed, pack
from senjo.sim.fast_gurps.replay import replay_battle
from senjo.sim.fast_gurps.state import BoolArray
from senjo.sim.fast_gurps.tables import DuelTables, build_tables, initiative_tie
from senjo.sim.seeds import derive_seed

__all__ = ["escape_seed", "play_range", "run_range"]


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
        for result, keep, run_seed, first in play_range(scenario, seed, start, stop):
            _fold(aggregate, tables, scenario, result, keep, run_seed, first, None)
        return aggregate
    a, b = (fighter.key for fighter in scenario.fighters)
    for lead in (a, b):
        tables = build_tables(scenario, lead)
        for result, keep, run_seed, first in _passes(tables, seed, start, stop, 2):
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
    tables: DuelTables, seed: int, start: int, stop: int, offset: int
) -> Iterator[tuple[BlockResult, slice, int, int]]:
    """`play_range` with these tables, each battle's dice read from position `offset`."""
    if stop <= start:
        return
    blocks = list(range(start // BLOCK, (stop - 1) // BLOCK + 1))
    fast = compiled.available()
    packed = _packed(tables) if fast else None  # once for every pass
    for at in range(0, len(blocks), PASS):
        group = blocks[at : at + PASS]
        rngs = [np.random.Generator(np.random.PCG64(derive_seed(seed, b))) for b in group]
        if fast:
            result = compiled.play_blocks(tables, BLOCK, rngs, offset, packed)
        else:
            result = play_blocks(tables, BLOCK, rngs, offset)
        first = group[0] * BLOCK
        keep = slice(max(start, first) - first, min(stop, first + len(group) * BLOCK) - first)
        yield result, keep, seed, first


#: The packed form of the tables the latest ranges were played with, by the tables' identity
#: (`build_tables` keeps the tables of a scenario, so every chunk of a run finds them here).
_PACKED: dict[int, tuple[DuelTables, Packed]] = {}


def _packed(tables: DuelTables) -> Packed:
    """`pack(tables)`, once for each tables object (about a millisecond a chunk before)."""
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


def _counts(values: np.ndarray) -> Counter[int]:
    """How often each value occurs (the values are small integers: counted, not sorted).

    >>> _counts(np.array([3, -2, 3, 0]))
    Counter({3: 2, -2: 1, 0: 1})
    """
    if values.size == 0:
        return Counter()
    low = int(values.min())
    counts = np.bincount(values - low)
    present = np.flatnonzero(counts)
    return Counter(dict(zip((present + low).tolist(), counts[present].tolist(), strict=True)))


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
    by the compiled `tally` where Numba is there, else with NumPy; the escaped ones are
    replayed on the engine."""
    order = [f.key for f in tables.fighters]
    sides = {fighter.key: fighter.side for fighter in scenario.fighters}
    for fighter in scenario.fighters:
        aggregate.combatants.setdefault(fighter.key, CombatantTally())
        aggregate.survivors.setdefault(fighter.side, Counter())
    if compiled.available():
        escaped = _fold_compiled(aggregate, order, sides, result, keep, chosen)
    else:
        escaped = _fold_numpy(aggregate, order, sides, result, keep, chosen)
    for battle in escaped.tolist():
        index_in_run = first + battle
        outcome, figures = replay_battle(
            scenario,
            result.row(battle),
            escape_seed(seed, index_in_run),
        )
        aggregate.add(Outcome(outcome.winner_side, outcome.reason, outcome.rounds), figures, sides)


def _histogram(low: int, counts: np.ndarray) -> Counter[int]:
    """The counts of values low, low + 1, ... as a Counter of those that occur.

    >>> _histogram(-1, np.array([2, 0, 1]))
    Counter({-1: 2, 1: 1})
    """
    present = np.flatnonzero(counts)
    return Counter(dict(zip((present + low).tolist(), counts[present].tolist(), strict=True)))


def _fold_compiled(
    aggregate: SimAggregate,
    order: list[str],
    sides: dict[str, str],
    result: BlockResult,
    keep: slice,
    chosen: BoolArray | None,
) -> np.ndarray:
    """`_fold_numpy` in one compiled sweep (`kernel/tally.py`); the same sums."""
    sums, escaped, lows, counts = compiled.tally(result, keep.start, keep.stop, chosen)
    kept = int(sums[T_KEPT])
    aggregate.n += kept
    for position, key in enumerate(order):
        if won := int(sums[T_WINS + position]):
            aggregate.wins[sides[key]] += won
        if routs := int(sums[T_ROUTS + position]):
            aggregate.routs[sides[key]] += routs
            aggregate.combatants[order[1 - position]].fled += routs
    for code, reason in enumerate(REASONS):
        if drawn := int(sums[T_DRAWS + code]):
            aggregate.draws[reason] += drawn
    if kept == 0:
        return escaped
    aggregate.rounds.update(_histogram(int(lows[H_ROUNDS]), counts[H_ROUNDS]))
    for position, key in enumerate(order):
        tally = aggregate.combatants[key]
        tally.attacks += int(sums[T_ATTACKS + position])
        tally.hits += int(sums[T_HITS + position])
        tally.defenses += int(sums[T_DEFENSES + position])
        tally.defended += int(sums[T_DEFENDED + position])
        standing = int(sums[T_STANDING + position])
        tally.standing += standing
        for h, figure in ((H_DEALT, tally.dealt), (H_TAKEN, tally.taken), (H_HP, tally.hp)):
            figure.update(_histogram(int(lows[h + position]), counts[h + position]))
        aggregate.survivors[sides[key]].update(
            {value: count for value, count in ((1, standing), (0, kept - standing)) if count}
        )
    return escaped


def _fold_numpy(
    aggregate: SimAggregate,
    order: list[str],
    sides: dict[str, str],
    result: BlockResult,
    keep: slice,
    chosen: BoolArray | None,
) -> np.ndarray:
    """Sum the kept battles that did not escape into the aggregate; returns those that did."""
    index = np.arange(keep.start, keep.stop)
    if chosen is not None:
        index = index[chosen[index]]
    escaped = index[result.escaped[index]]
    sel: slice | np.ndarray = index[~result.escaped[index]]
    if chosen is None and escaped.size == 0:
        sel = keep  # every battle of the range: slices are views, not copies
    aggregate.n += len(index) - len(escaped)
    winners = result.winner[sel]
    reasons = result.reason[sel]
    for position, key in enumerate(order):
        won = int((winners == position).sum())
        if won:
            aggregate.wins[sides[key]] += won
        routs = int(((winners == position) & (reasons == FLED)).sum())
        if routs:  # won because the foe fled; the foe is the one who fled
            aggregate.routs[sides[key]] += routs
            aggregate.combatants[order[1 - position]].fled += routs
    for code, reason in enumerate(REASONS):
        drawn = int(((winners == -1) & (reasons == code)).sum())
        if drawn:
            aggregate.draws[reason] += drawn
    aggregate.rounds.update(_counts(result.rounds[sel]))
    for position, key in enumerate(order):
        tally = aggregate.combatants[key]
        tally.attacks += int(result.attacks[position, sel].sum())
        tally.hits += int(result.hits[position, sel].sum())
        tally.defenses += int(result.defenses[position, sel].sum())
        tally.defended += int(result.defended[position, sel].sum())
        standing = result.standing[position, sel]
        tally.standing += int(standing.sum())
        tally.dealt.update(_counts(result.dealt[position, sel]))
        tally.taken.update(_counts(result.taken[position, sel]))
        tally.hp.update(_counts(result.hp[position, sel]))
        aggregate.survivors[sides[key]].update(_counts(standing.astype(np.int64)))
    return escaped

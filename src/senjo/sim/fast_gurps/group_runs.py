"""Playing a range of GURPS group battles on the fast path (`group.py`), folded into an
aggregate: the group's `runs.run_range`. Battles the kernel leaves (`layout.W_*`) are
replayed on the engine with the same dice, as a duel's are."""

from __future__ import annotations

from collections import Counter

import numpy as np
import numpy.typing as npt

from senjo.scenario import Scenario
from senjo.sim.aggregate import CombatantTally, SimAggregate
from senjo.sim.fast_gurps.blocks import BLOCK, PASS
from senjo.sim.fast_gurps.group import (
    GroupResult,
    GroupTables,
    build_group_tables,
    play_group_blocks,
)
from senjo.sim.fast_gurps.layout import FLED, FLED_OUT, REASONS
from senjo.sim.fast_gurps.runs import buffers, histogram, packed_once, replay_escaped
from senjo.sim.seeds import derive_seed

__all__ = ["run_group_range"]


def run_group_range(scenario: Scenario, seed: int, start: int, stop: int) -> SimAggregate:
    """Play battles start..stop-1 of the run with this seed into an aggregate (the duel's
    blocks and seeds: battle i is the same battle however a run is split)."""
    aggregate = SimAggregate.empty()
    for fighter in scenario.fighters:
        aggregate.combatants.setdefault(fighter.key, CombatantTally())
        aggregate.survivors.setdefault(fighter.side, Counter())
    if stop <= start:
        return aggregate
    group = build_group_tables(scenario)
    packed = packed_once(group.tables)  # kept for the run's next chunks
    reused = buffers()  # each pass is folded before the next is played
    blocks = list(range(start // BLOCK, (stop - 1) // BLOCK + 1))
    for at in range(0, len(blocks), PASS):
        chunk = blocks[at : at + PASS]
        rngs = [np.random.Generator(np.random.PCG64(derive_seed(seed, b))) for b in chunk]
        result = play_group_blocks(group, BLOCK, rngs, packed, reused)
        first = chunk[0] * BLOCK
        keep = slice(max(start, first) - first, min(stop, first + len(chunk) * BLOCK) - first)
        _fold(aggregate, group, scenario, result, keep, seed, first)
    return aggregate


def _counts(values: npt.NDArray[np.int64]) -> Counter[int]:
    """How many battles had each value (`runs.histogram` of the values)."""
    if values.size == 0:
        return Counter()
    low = int(values.min())
    return histogram(low, np.bincount(values - low))


def _fold(
    aggregate: SimAggregate,
    group: GroupTables,
    scenario: Scenario,
    result: GroupResult,
    keep: slice,
    seed: int,
    first: int,
) -> None:
    """Add the kept battles of a pass to the aggregate (`SimAggregate.add`'s figures, summed
    with NumPy); the escaped ones are replayed on the engine."""
    index = np.arange(keep.start, keep.stop)
    escaped = index[result.escaped[index]]
    sel = index[~result.escaped[index]]
    aggregate.n += int(sel.size)
    winners, reasons = result.winner[sel], result.reason[sel]
    for position, side in enumerate(group.sides):
        won = winners == position
        if count := int(won.sum()):
            aggregate.wins[side] += count
        if routs := int((won & (reasons == FLED)).sum()):
            aggregate.routs[side] += routs
    for code, reason in enumerate(REASONS):
        if drawn := int(((winners == -1) & (reasons == code)).sum()):
            aggregate.draws[reason] += drawn
    aggregate.rounds.update(_counts(result.rounds[sel]))
    standing_by_side = np.zeros((2, sel.size), dtype=np.int64)
    for slot, key in enumerate(group.keys):
        tally = aggregate.combatants[key]
        tally.attacks += int(result.attacks[slot, sel].sum())
        tally.hits += int(result.hits[slot, sel].sum())
        tally.defenses += int(result.defenses[slot, sel].sum())
        tally.defended += int(result.defended[slot, sel].sum())
        standing = result.standing[slot, sel]
        tally.standing += int(standing.sum())
        tally.fled += int((result.up[slot, sel] == FLED_OUT).sum())
        tally.dealt.update(_counts(result.dealt[slot, sel]))
        tally.taken.update(_counts(result.taken[slot, sel]))
        tally.hp.update(_counts(result.hp[slot, sel]))
        standing_by_side[group.side[slot]] += standing
    for position, side in enumerate(group.sides):
        aggregate.survivors[side].update(_counts(standing_by_side[position]))
    replay_escaped(aggregate, scenario, result, escaped, seed, first)

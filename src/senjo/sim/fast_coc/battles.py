"""Playing blocks of CoC duels at once: state arrays, one Python loop over rounds and turns.

Battles are played in fixed blocks of `BLOCK` battle indices: block b
(battles b·BLOCK … (b+1)·BLOCK − 1) draws all its dice from
`numpy.random.Generator(PCG64(derive_seed(seed, b)))`. A range start..stop
is played by simulating every block it overlaps and keeping the battles in
the range, so the figures of a battle never depend on how a run is split
between workers. The last few blocks are kept (`_BLOCKS`), so the chunks a
worker plays one after another inside one block share its simulation.

Each round follows `Coc.play`: the dodge-focus declarations in DEX order,
then each DEX turn: the AI's action (from the lookup tables; a flight, senjo's
morale rule, ends the duel with the foe's win), the attack
roll, a Martial Arts (武道) roll after an unarmed blow's hit (its success rules
out an unarmed parry and doubles the blow's dice), the defender's dodge or
parry, damage (impale on a special success),
a knock-out attack's resistance roll, armour, and the wound's consequences
(HP 0 or below, HP 1-2, the shock roll). A duel ends when one combatant is
out of the fight, or at the round limit. Each battle's dice begin where its
approach ended (`approach.py`; `DuelModel.starts`, by who acts first): rounds
before are skipped, and that round starts with the approach's declarations
and flags at its turn.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from senjo.sim.aggregate import CombatantTally, SimAggregate
from senjo.sim.fast_coc.tables import (
    DEFENSE_DODGE,
    DEFENSE_NONE,
    FLEE,
    BoolArray,
    DuelModel,
    IntArray,
    Side,
    defense_row,
)
from senjo.sim.seeds import derive_seed

__all__ = [
    "BLOCK",
    "BlockResult",
    "d100",
    "fold",
    "percentile_success",
    "play_block",
    "play_range",
    "sample_damage",
]

#: Battles per block (the unit of random numbers).
BLOCK = 4096

#: Blocks kept per process, by (model key, seed, block).
_KEEP = 4
_BLOCKS: dict[tuple[str, int, int], BlockResult] = {}


@dataclass(frozen=True, slots=True)
class BlockResult:
    """Each battle's outcome and each combatant's figures in one block (axis 0: combatant)."""

    #: The winning combatant (0 or 1), or -1 for a draw at the round limit.
    winner: npt.NDArray[np.int8]
    rounds: IntArray
    attacks: IntArray
    hits: IntArray
    defenses: IntArray
    defended: IntArray
    dealt: IntArray
    hp: IntArray
    standing: BoolArray
    #: Who fled (senjo's morale rule): the battle ended there, the foe winning.
    fled: BoolArray


def d100(rng: np.random.Generator, size: int) -> IntArray:
    """`size` rolls of 1D100."""
    return rng.integers(1, 101, size=size, dtype=np.int64)


def percentile_success(rolls: IntArray, values: IntArray | int) -> BoolArray:
    """`percentile_check(...).success`: the roll is at most the value, and never 100."""
    result: BoolArray = (rolls <= values) & (rolls < 100)
    return result


def play_block(model: DuelModel, seed: int, block: int, size: int = BLOCK) -> BlockResult:
    """Play the battles of one block (vectorised over the block)."""
    rng = np.random.Generator(np.random.PCG64(derive_seed(seed, block)))
    rules = model.rules
    sides = model.sides
    if model.first >= 0:
        first = np.full(size, model.first, dtype=np.int64)
    else:  # equal DEX: 1D100 each in the scenario's order, lower first, the first listed on a tie
        ties = d100(rng, 2 * size).reshape(2, size)
        first = (ties[1] < ties[0]).astype(np.int64)
    hp = np.array([[side.hp] * size for side in sides], dtype=np.int64)
    out = np.zeros((2, size), dtype=np.bool_)
    fled = np.zeros((2, size), dtype=np.bool_)
    focus = np.zeros((2, size), dtype=np.bool_)
    gave_up = np.zeros((2, size), dtype=np.bool_)
    attacked = np.zeros((2, size), dtype=np.bool_)
    attacks = np.zeros((2, size), dtype=np.int64)
    hits = np.zeros((2, size), dtype=np.int64)
    defenses = np.zeros((2, size), dtype=np.int64)
    defended = np.zeros((2, size), dtype=np.int64)
    dealt = np.zeros((2, size), dtype=np.int64)
    live = np.ones(size, dtype=np.bool_)
    winner = np.full(size, -1, dtype=np.int8)
    rounds = np.full(size, max(rules.max_rounds, 0), dtype=np.int64)

    # Where each battle's dice begin (`approach.py`): its round and turn, and that round's
    # declarations and flags as the approach left them.
    meet = np.array([start.round for start in model.starts], dtype=np.int64)[first]
    begin = np.array([start.position for start in model.starts], dtype=np.int64)[first]

    def turn_of(c: int, position: int, acting: BoolArray) -> IntArray:
        mask = acting & ((first == c) if position == 0 else (first != c))
        found: IntArray = np.flatnonzero(mask)
        return found

    for current in range(1, rules.max_rounds + 1):
        if not live.any():
            break
        going = live & (meet < current)  # past the approach: a round from its start
        meeting = live & (meet == current)  # the approach ends in this round
        focus[:, going] = False
        gave_up[:, going] = False
        attacked[:, going] = False
        for leader, start in enumerate(model.starts):
            now = meeting & (first == leader)
            for c in (0, 1):
                focus[c, now] = start.focus[c]
                gave_up[c, now] = start.gave_up[c]
                attacked[c, now] = start.attacked[c]
        if rules.dodge_focus:
            for position in (0, 1):
                for c in (0, 1):
                    idx = turn_of(c, position, going)
                    if idx.size:
                        o = 1 - c
                        focus[c, idx] = sides[c].declare[
                            hp[c, idx], hp[o, idx], focus[o, idx].astype(np.int64)
                        ]
        for position in (0, 1):
            acting = live & (going | (meeting & (begin <= position)))
            for c in (0, 1):
                idx = turn_of(c, position, acting)
                if not idx.size:
                    continue
                o = 1 - c
                me, foe = sides[c], sides[o]
                code = me.action[
                    hp[c, idx],
                    hp[o, idx],
                    focus[c, idx].astype(np.int64),
                    gave_up[c, idx].astype(np.int64),
                    focus[o, idx].astype(np.int64),
                    attacked[o, idx].astype(np.int64),
                ]
                leaving = idx[code == FLEE]
                if leaving.size:  # senjo's morale rule: the foe wins by the flight
                    fled[c, leaving] = True
                    winner[leaving] = o
                    rounds[leaving] = current
                    live[leaving] = False
                chosen = code > 0
                blow, option = idx[chosen], code[chosen]
                if blow.size:
                    attacked[c, blow] = True
                    attacks[c, blow] += 1
                    roll = d100(rng, blow.size)
                    hit = percentile_success(roll, me.skill[option])
                    special = roll <= me.special[option]
                    hits[c, blow] += hit
                    blow, option, special = blow[hit], option[hit], special[hit]
                    # Martial Arts (武道), rolled after an unarmed blow's hit.
                    art = me.martial[option]
                    trained = np.zeros(blow.size, dtype=np.bool_)
                    rolling = art > 0
                    if rolling.any():
                        rolls = d100(rng, int(rolling.sum()))
                        trained[rolling] = percentile_success(rolls, art[rolling])
                    # The defender's dodge or parry.
                    where = (
                        defense_row(foe, option, trained),
                        focus[o, blow].astype(np.int64),
                        attacked[o, blow].astype(np.int64),
                    )
                    kind = foe.defense[where]
                    rolled = kind != DEFENSE_NONE
                    stopped = rolled & (
                        foe.defense_auto[where]
                        | percentile_success(d100(rng, blow.size), foe.defense_value[where])
                    )
                    defenses[o, blow] += rolled
                    defended[o, blow] += stopped
                    if not rules.defenses:  # base game: a dodge takes the round's attack
                        gave_up[o, blow[kind == DEFENSE_DODGE]] = True
                    land = ~stopped
                    blow, option = blow[land], option[land]
                    doubled = (special[land] & me.impaling[option]) | trained[land]
                    _land(rng, model, c, blow, option, doubled, hp, out, dealt)
                ended = idx[out[o, idx]]
                winner[ended] = c
                rounds[ended] = current
                live[ended] = False
    return BlockResult(
        winner=winner,
        rounds=rounds,
        attacks=attacks,
        hits=hits,
        defenses=defenses,
        defended=defended,
        dealt=dealt,
        hp=hp,
        standing=~out & ~fled,
        fled=fled,
    )


def _land(
    rng: np.random.Generator,
    model: DuelModel,
    c: int,
    blow: IntArray,
    option: IntArray,
    doubled: BoolArray,
    hp: IntArray,
    out: BoolArray,
    dealt: IntArray,
) -> None:
    """Blows that landed (`doubled`: the weapon's dice rolled twice, for an impale or
    Martial Arts): damage, a knock-out attack's roll, armour, and the wound's effects."""
    if not blow.size:
        return
    rules = model.rules
    me, foe = model.sides[c], model.sides[1 - c]
    o = 1 - c
    damage = sample_damage(rng, me, 2 * option + doubled.astype(np.int64))
    before = hp[o, blow]
    # Knock-out attack: damage against HP on the resistance table (automatic under 5, over 95).
    target = 50 + 5 * (damage - before)
    knock_roll = d100(rng, blow.size)
    knocked = me.knockout[option] & (
        (target > 95) | ((target >= 5) & percentile_success(knock_roll, target))
    )
    amount = np.where(knocked, damage // 3, damage)
    loss = np.maximum(0, amount - foe.armour)
    after = before - loss
    hp[o, blow] = after
    dealt[c, blow] += loss
    basis = foe.hp if rules.shock_max else before
    shock = (loss > 0) & (after > 2) & (2 * loss >= basis)
    shocked = shock & ~percentile_success(d100(rng, blow.size), foe.con5)
    out[o, blow] |= ((loss > 0) & (after <= 2)) | shocked | knocked


def sample_damage(rng: np.random.Generator, side: Side, rows: IntArray) -> IntArray:
    """One damage roll per entry of `rows` (2 × attack option + doubled), by inverse CDF."""
    u = rng.random(rows.size)
    column = (side.damage_cdf[rows] <= u[:, None]).sum(axis=1)
    damage: IntArray = side.damage_values[rows, column]
    return damage


def fold(aggregate: SimAggregate, model: DuelModel, result: BlockResult, lo: int, hi: int) -> None:
    """Add battles lo..hi-1 of a block to the aggregate, as `SimAggregate.add` would."""
    count = hi - lo
    if count <= 0:
        return
    aggregate.n += count
    winner = result.winner[lo:hi]
    for c, side in enumerate(model.sides):
        wins = int(np.count_nonzero(winner == c))
        if wins:
            aggregate.wins[side.side] += wins
        routs = int(np.count_nonzero(result.fled[1 - c, lo:hi]))
        if routs:
            aggregate.routs[side.side] += routs
    draws = int(np.count_nonzero(winner < 0))
    if draws:
        aggregate.draws["round_limit"] += draws
    aggregate.rounds.update(_counts(result.rounds[lo:hi]))
    for c, side in enumerate(model.sides):
        standing = int(np.count_nonzero(result.standing[c, lo:hi]))
        survivors = aggregate.survivors.setdefault(side.side, Counter())
        for value, battles in ((0, count - standing), (1, standing)):
            if battles:
                survivors[value] += battles
    for c, side in enumerate(model.sides):
        tally = aggregate.combatants.get(side.key)
        if tally is None:
            tally = aggregate.combatants[side.key] = CombatantTally()
        tally.attacks += int(result.attacks[c, lo:hi].sum())
        tally.hits += int(result.hits[c, lo:hi].sum())
        tally.defenses += int(result.defenses[c, lo:hi].sum())
        tally.defended += int(result.defended[c, lo:hi].sum())
        tally.standing += int(np.count_nonzero(result.standing[c, lo:hi]))
        tally.dealt.update(_counts(result.dealt[c, lo:hi]))
        tally.taken.update(_counts(result.dealt[1 - c, lo:hi]))
        tally.hp.update(_counts(result.hp[c, lo:hi]))
        tally.fled += int(np.count_nonzero(result.fled[c, lo:hi]))


def _counts(values: IntArray) -> Counter[int]:
    found, counts = np.unique(values, return_counts=True)
    return Counter({int(v): int(k) for v, k in zip(found, counts, strict=True)})


def play_range(model: DuelModel, key: str, seed: int, start: int, stop: int) -> SimAggregate:
    """Battles start..stop-1 into an aggregate, from the blocks they fall in."""
    aggregate = SimAggregate.empty()
    if stop <= start:
        return aggregate
    for block in range(start // BLOCK, (stop - 1) // BLOCK + 1):
        cache_key = (key, seed, block)
        result = _BLOCKS.get(cache_key)
        if result is None:
            result = play_block(model, seed, block)
            if len(_BLOCKS) >= _KEEP:
                _BLOCKS.pop(next(iter(_BLOCKS)))
            _BLOCKS[cache_key] = result
        base = block * BLOCK
        fold(aggregate, model, result, max(start, base) - base, min(stop, base + BLOCK) - base)
    return aggregate

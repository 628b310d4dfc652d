"""The exact outcome of a CoC duel, from the fast path's tables, without sampling.

A duel the fast path accepts is a Markov chain: at the start of a round all
that matters is each side's HP (who acts first is fixed, or settled once by a
1D100 tie roll), and within the round only the dodge-focus declarations and
who has attacked or given up their attack. `exact_duel` carries the
probability of every such state through the rounds exactly as
`battles.play_block` plays them (the same tables, checks and order, from
where the approach left the duel: `approach.py`), so the
chances of each side winning, of a draw at the round limit, and of each
battle length are exact up to floating point. They check both simulators:
the fast path's and the engine's win rates must fall within their sampling
error of these numbers (issue #6's hint: "for small fights the same tables
give the exact win probability without sampling at all"); see
tests/sim/test_coc_exact.py.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from senjo.sim.fast_coc.tables import (
    DEFENSE_DODGE,
    DEFENSE_NONE,
    FLEE,
    DuelModel,
    Side,
    defense_row,
)

__all__ = ["ExactDuel", "exact_duel", "success_chance"]

#: Within a round: HP of each side, focus of each, gave-up of each, attacked of each.
_State = tuple[int, int, bool, bool, bool, bool, bool, bool]


@dataclass(frozen=True, slots=True)
class ExactDuel:
    """The exact chances of a duel's outcomes (side 0 and 1 in the scenario's order)."""

    #: The chance that each side wins.
    wins: tuple[float, float]
    #: The chance of a draw at the round limit.
    draw: float
    #: The chance that the battle lasts each number of rounds (a draw lasts the limit).
    rounds: dict[int, float]

    @property
    def mean_rounds(self) -> float:
        """The expected battle length in rounds."""
        return sum(length * chance for length, chance in self.rounds.items())


def success_chance(value: int) -> float:
    """The chance of a 1D100 check against `value` (at most the value, and never 100).

    >>> success_chance(50), success_chance(0), success_chance(150)
    (0.5, 0.0, 0.99)
    """
    return min(max(value, 0), 99) / 100


def exact_duel(model: DuelModel) -> ExactDuel:
    """The duel's exact outcome chances (see the module's text)."""
    rules = model.rules
    if model.first >= 0:
        firsts = {model.first: 1.0}
    else:  # 1D100 each, the lower acts first, the first listed on a tie
        second_lower = 99 * 100 / 2 / 10_000
        firsts = {1: second_lower, 0: 1 - second_lower}
    wins = [0.0, 0.0]
    lengths: dict[int, float] = defaultdict(float)
    draw = 0.0
    limit = max(rules.max_rounds, 0)
    for first, chance in firsts.items():
        order = (first, 1 - first)
        start = model.starts[first]  # where the dice begin (`approach.py`)
        live: dict[tuple[int, int], float] = {(model.sides[0].hp, model.sides[1].hp): chance}
        for current in range(start.round, limit + 1):
            if not live:
                break
            now: dict[_State, float] = defaultdict(float)
            for (h0, h1), p in live.items():
                if current == start.round:  # as the approach left the round
                    flags = (*start.focus, *start.gave_up, *start.attacked)
                    now[(h0, h1, *flags)] += p
                else:
                    now[
                        (h0, h1, *_declarations(model, order, (h0, h1)), False, False, False, False)
                    ] += p
            for c in order[start.position :] if current == start.round else order:
                after: dict[_State, float] = defaultdict(float)
                for state, p in now.items():
                    for following, q in _turn(model, c, state):
                        if isinstance(following, int):
                            wins[following] += p * q
                            lengths[current] += p * q
                        else:
                            after[following] += p * q
                now = after
            live = defaultdict(float)
            for state, p in now.items():
                live[(state[0], state[1])] += p
        left = sum(live.values())
        draw += left
        if left:
            lengths[limit] += left
    return ExactDuel((wins[0], wins[1]), draw, dict(sorted(lengths.items())))


def _declarations(
    model: DuelModel, order: tuple[int, int], hp: tuple[int, int]
) -> tuple[bool, bool]:
    """Who focuses on dodging this round, declared in initiative order."""
    focus = [False, False]
    if model.rules.dodge_focus:
        for c in order:
            o = 1 - c
            focus[c] = bool(model.sides[c].declare[hp[c], hp[o], int(focus[o])])
    return focus[0], focus[1]


def _turn(model: DuelModel, c: int, state: _State) -> Iterator[tuple[_State | int, float]]:
    """Side c's DEX turn from `state`: each following state (or the index of the side that
    has won) and its chance."""
    hp = [state[0], state[1]]
    focus, gave_up, attacked = list(state[2:4]), list(state[4:6]), list(state[6:8])
    o = 1 - c
    me, foe = model.sides[c], model.sides[o]
    option = int(
        me.action[hp[c], hp[o], int(focus[c]), int(gave_up[c]), int(focus[o]), int(attacked[o])]
    )
    if option == FLEE:
        yield o, 1.0  # senjo's morale rule: c flees, the foe wins
        return
    if option <= 0:
        yield state, 1.0
        return
    attacked[c] = True
    skill, special = int(me.skill[option]), int(me.special[option])
    hits = min(max(skill, 0), 99)  # rolls 1..hits hit
    specials = min(max(special, 0), hits)  # of which 1..specials are special successes
    yield _pack(hp, focus, gave_up, attacked), (100 - hits) / 100  # a miss (100 always misses)
    # A hit with an unarmed blow rolls Martial Arts (武道) when the sheet has it: its
    # success rules out an unarmed parry and doubles the blow's dice.
    art = int(me.martial[option])
    trained = success_chance(art) if art > 0 else 0.0
    for carried, share in ((True, trained), (False, 1 - trained)):
        if share <= 0:
            continue
        where = (int(defense_row(foe, option, carried)), int(focus[o]), int(attacked[o]))
        kind = int(foe.defense[where])
        gave = list(gave_up)
        if not model.rules.defenses and kind == DEFENSE_DODGE:
            gave[o] = True  # base game: a dodge takes the round's attack
        if kind == DEFENSE_NONE:
            stop = 0.0
        elif bool(foe.defense_auto[where]):
            stop = 1.0
        else:
            stop = success_chance(int(foe.defense_value[where]))
        kept = _pack(hp, focus, gave, attacked)
        for is_special, rolls in ((True, specials), (False, hits - specials)):
            if rolls <= 0:
                continue
            hit = rolls / 100 * share
            if stop:
                yield kept, hit * stop
            if stop < 1:
                doubled = carried or (is_special and bool(me.impaling[option]))
                for following, q in _land(model, c, option, doubled, hp, focus, gave, attacked):
                    yield following, hit * (1 - stop) * q


def _land(
    model: DuelModel,
    c: int,
    option: int,
    doubled: bool,
    hp: list[int],
    focus: list[bool],
    gave_up: list[bool],
    attacked: list[bool],
) -> Iterator[tuple[_State | int, float]]:
    """A blow that landed: each damage roll, a knock-out attack's roll, armour, the wound
    (the following state, or c when the foe is out of the fight)."""
    o = 1 - c
    me, foe = model.sides[c], model.sides[o]
    before = hp[o]
    knockout = bool(me.knockout[option])
    for damage, chance in _damage(me, 2 * option + int(doubled)):
        target = 50 + 5 * (damage - before)
        if knockout:
            knocked = 1.0 if target > 95 else (success_chance(target) if target >= 5 else 0.0)
        else:
            knocked = 0.0
        if knocked:
            yield c, chance * knocked  # knocked out: the foe is out of the fight
        if knocked == 1.0:
            continue
        loss = max(0, damage - foe.armour)
        after = before - loss
        if loss > 0 and after <= 2:
            yield c, chance * (1 - knocked)
            continue
        basis = foe.hp if model.rules.shock_max else before
        shocked = 0.0
        if loss > 0 and 2 * loss >= basis:  # after > 2 here
            shocked = 1 - success_chance(foe.con5)
        if shocked:
            yield c, chance * (1 - knocked) * shocked
        wounded = list(hp)
        wounded[o] = after
        if shocked < 1:
            yield _pack(wounded, focus, gave_up, attacked), chance * (1 - knocked) * (1 - shocked)


def _damage(side: Side, row: int) -> Iterator[tuple[int, float]]:
    """The damage values of one row of the side's table and their chances."""
    previous = 0.0
    for value, cumulative in zip(side.damage_values[row], side.damage_cdf[row], strict=True):
        chance = float(cumulative) - previous
        previous = float(cumulative)
        if chance > 0:
            yield int(value), chance


def _pack(hp: list[int], focus: list[bool], gave_up: list[bool], attacked: list[bool]) -> _State:
    return (hp[0], hp[1], focus[0], focus[1], gave_up[0], gave_up[1], attacked[0], attacked[1])

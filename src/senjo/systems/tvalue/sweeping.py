"""Seed 002 「なぎ払い」 (sweeping strike), a direct-attack replacement (必要T値 絶対値1以上).

「レンジが等しい中心角180度の範囲にいる全ての目標に同時に攻撃する。但し、目標数と同じ数値
命中判定にペナルティがある。T値上昇は、それぞれの目標の中で最大値を用いる」: aimed at one
foe, the sweep strikes every foe at that foe's range — the distance in whole metres,
rounded (`field.range_of`) — and no more than 90° either side of the direction to it
(interpretation 42). Each target takes its own hit roll at −(number of targets); the
attacker's T rises once, by the largest gain among them, after the last damage roll.
With no positions (no map) everyone stands at one spot: every foe is swept. While
pinning, the only foe in reach is the pinned one
(「押さえこんでいる目標以外への直接攻撃」は出来ない).
"""

from __future__ import annotations

import math
from typing import Final

from senjo.engine.battle import Battle
from senjo.systems.tvalue.advantage import change
from senjo.systems.tvalue.attack import direct_attack, requirement_gap
from senjo.systems.tvalue.declare import pinning
from senjo.systems.tvalue.events import TvRequirementUnmet, TvSwept
from senjo.systems.tvalue.field import range_of
from senjo.systems.tvalue.state import TvState

__all__ = ["sweep", "swept"]

#: A foe exactly square to the aim (90°) is inside the half circle; float error is not.
_SQUARE: Final = -1e-9


def _offset(state: TvState, key: str, other: str) -> tuple[float, float]:
    """From `key` to `other`, in metres ((0, 0) where a position is not given)."""
    here, there = state.positions.get(key), state.positions.get(other)
    if here is None or there is None:
        return 0.0, 0.0
    return there.x - here.x, there.y - here.y


def swept(state: TvState, key: str, aimed: str) -> tuple[str, ...]:
    """The foes a sweep of `key` aimed at `aimed` strikes, in the scenario's order."""
    pinned = pinning(state, key)
    if pinned:
        return (pinned,)
    reach = range_of(state.distance(key, aimed))
    ax, ay = _offset(state, key, aimed)
    chosen = []
    for foe in state.foes(key):
        if range_of(state.distance(key, foe)) != reach:
            continue
        dx, dy = _offset(state, key, foe)
        if dx * ax + dy * ay >= _SQUARE * math.hypot(dx, dy) * math.hypot(ax, ay):
            chosen.append(foe)
    return tuple(chosen)


def sweep(battle: Battle[TvState], key: str, weapon: str, aimed: str) -> tuple[str, ...]:
    """Resolve `key`'s sweep with `weapon` aimed at `aimed`; returns the foes struck (the
    one aimed at alone when the requirement does not hold: a plain direct attack)."""
    state = battle.state
    basis, needed, had = requirement_gap(state, key, aimed, "sweeping")
    if had < needed:
        battle.emit(TvRequirementUnmet(key, "sweeping", basis, needed, had))
        direct_attack(battle, key, weapon, aimed)
        return (aimed,)
    targets = swept(state, key, aimed)
    battle.emit(TvSwept(key, targets))
    gains = [
        direct_attack(battle, key, weapon, target, "sweeping", swept=len(targets))
        for target in targets
    ]
    change(battle, key, max(gains), "direct_attack")  # 「それぞれの目標の中で最大値を用いる」
    return targets

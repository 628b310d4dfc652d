"""Seed 002's ranges (射程) and movement (移動) on the scenario's positions, in metres.

「「直接」⇔「射出」は射程で区別され」: an attack reaches the foes whose range — the
distance in whole metres, rounded half up (a hex is about a metre, interpretation 42) —
lies within its reach (interpretation 47):

- a weapon's own `reach` (nearest, farthest); without one, a direct weapon reaches 0–1
  (its own hex and the next) and a projectile any distance (the size and distance table
  prices it);
- a technique with a 射程 of its own (足払い 「射程＝1〜2」) reaches that, the others
  「使用武器と同じ」; an ability's 「絶対(相対)値○(毎)に射程○」 (`reach_per`) adds to the
  far end; a secret art's first part decides where it starts;
- 組みつき must be made from the target's hex (「目標と同じヘクスにいなければならない」): it
  reaches 0–1 and steps into the target's spot when it hits; 体当たり charges: it reaches
  as far as one move and a metre more, and the rammer ends next to its target;
- what a fighter does to one it holds (倒す, 押さえこみ, 締めつけ) and 振りほどき reach
  wherever the two are (they share a spot).

Option `reach=off` lets every attack reach every foe, wherever it stands.

移動 is Chapter 1's: a minor action costing the setup's `move` FAP and MAP; when it
resolves the fighter picks a foe out of its weapons' reach (`astray`) and moves
straight at it, up to its sheet's `move_m`, stopping where its weapons reach (the next
hex, or farther when every weapon it can use reaches no nearer: `keep_off`), or straight
back from a foe nearer than that. A fighter who holds another or is held
does not move (the seed's 並荷/重荷 are Chapter 1's).

>>> range_of(1.49), range_of(1.5), range_of(0.0)
(1, 2, 0)
"""

from __future__ import annotations

import math
from typing import Final

from senjo.engine.battle import Battle
from senjo.space.plane import Point
from senjo.systems.tvalue.choices import ART, MOVE
from senjo.systems.tvalue.events import TvMoved
from senjo.systems.tvalue.model import Weapon
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.techniques import clause_effects, partner, technique_of

__all__ = [
    "DIRECT_REACH",
    "NEXT_HEX",
    "approach",
    "astray",
    "back_off",
    "keep_off",
    "move",
    "range_of",
    "reach_of",
    "reaches",
    "step_in",
    "usable_weapon",
    "weapon_reach",
]

#: Where a move stops short of its foe, and how far a grab reaches: the next hex.
NEXT_HEX: Final = 1.0
#: A direct weapon's reach unless its data give one: its own hex and the next.
DIRECT_REACH: Final = (0, 1)


def range_of(distance: float) -> int:
    """A distance in metres as a range: whole metres, rounded half up."""
    return math.floor(distance + 0.5)


def usable_weapon(state: TvState, key: str, weapon: Weapon) -> bool:
    """Not dropped, and not two-handed with a useless arm (部位狙い)."""
    status = state.status[key]
    if weapon.key in status.dropped:
        return False
    return not (weapon.hands == 2 and "arm" in status.useless)


def keep_off(state: TvState, key: str) -> int:
    """The nearest range any weapon `key` can use reaches (0 with none, or with any
    weapon that reaches its own hex)."""
    sheet = state.sheets[key]
    return min(
        (weapon_reach(state, key, w.key)[0] for w in sheet.weapons if usable_weapon(state, key, w)),
        default=0,
    )


def astray(state: TvState, key: str, foe: str, keep: int | None = None) -> bool:
    """Whether a move would bring `foe` to where `key` strikes from: it stands beyond the
    next hex and beyond `keep_off`, or nearer than any of `key`'s weapons reaches (with
    option `reach=off`, any foe beyond the next hex). `keep` is `keep_off`, when the
    caller has it."""
    at = range_of(state.distance(key, foe))
    if not state.rules.reach:
        return at > NEXT_HEX
    if keep is None:
        keep = keep_off(state, key)
    return at > max(NEXT_HEX, keep) or at < keep


def weapon_reach(
    state: TvState, key: str, weapon_key: str, technique: str = "", target: str = ""
) -> tuple[int, float]:
    """(nearest, farthest) range `key` reaches with `weapon_key`, as `technique` when one
    is given (its own 射程, its clauses read against `target`); farthest `math.inf` for
    no limit."""
    sheet = state.sheets[key]
    weapon = sheet.weapon(weapon_key)
    reach, extra = weapon.reach, 0
    if technique:
        used = technique_of(sheet, technique)
        reach = used.reach if used.reach is not None else reach
        extra = clause_effects(state, key, target, used).reach
    if reach is None and weapon.delivery != "direct":
        return 0, math.inf
    nearest, farthest = reach if reach is not None else DIRECT_REACH
    return nearest, farthest + extra


def reach_of(
    state: TvState, key: str, action: str, weapon: str, target: str = ""
) -> tuple[int, float]:
    """(nearest, farthest) range of `key`'s declared `action` with `weapon`."""
    sheet = state.sheets[key]
    if action == "grab":
        return DIRECT_REACH
    if action == "ram":  # a charge: one move, ending in the next hex
        return 0, range_of(sheet.move_m + NEXT_HEX)
    if action == MOVE:  # towards a foe beyond the next hex (`astray` judges a move's foes)
        return range_of(NEXT_HEX) + 1, math.inf
    if not weapon:  # on one it holds or that holds it: they share a spot
        return 0, math.inf
    if action == ART:  # where its first part strikes
        technique, weapon = sheet.art(weapon).parts[0]
        return weapon_reach(state, key, weapon, technique, target)
    technique = action if action in sheet.techniques else ""
    return weapon_reach(state, key, weapon, technique, target)


def reaches(state: TvState, key: str, action: str, weapon: str, target: str) -> bool:
    """Whether `key`'s declared `action` with `weapon` reaches `target` now (`b&c`, two
    swords at two foes: each with its own weapon; `*`, an interception's wait: yes)."""
    if action == MOVE:
        return astray(state, key, target)
    if target == "*" or not state.rules.reach:
        return True
    first, _, second = target.partition("&")
    if action == "two_swords":  # 「射程内であれば別々の目標を選択してもよい」
        other = partner(state.sheets[key], state.sheets[key].weapon(weapon))
        if other is not None and not _within(state, key, action, other.key, second or first):
            return False
    return _within(state, key, action, weapon, first)


def _within(state: TvState, key: str, action: str, weapon: str, target: str) -> bool:
    nearest, farthest = reach_of(state, key, action, weapon, target)
    return nearest <= range_of(state.distance(key, target)) <= farthest


def approach(battle: Battle[TvState], key: str, target: str, stop: float = NEXT_HEX) -> None:
    """`key` moves straight at `target`, up to its `move_m`, stopping `stop` metres short
    (event `TvMoved`); nothing when either has no position or they are that close."""
    _along(battle, key, target, stop, away=False)


def back_off(battle: Battle[TvState], key: str, target: str, stop: float) -> None:
    """`key` moves straight back from `target`, up to its `move_m`, until `stop` metres
    apart (event `TvMoved`, `away`); from the same spot it steps back along −x."""
    _along(battle, key, target, stop, away=True)


def _along(battle: Battle[TvState], key: str, target: str, stop: float, away: bool) -> None:
    state = battle.state
    here, there = state.positions.get(key), state.positions.get(target)
    if here is None or there is None:
        return
    gap = here.distance(there)
    metres = min(state.sheets[key].move_m, stop - gap if away else gap - stop)
    if metres <= 0:
        return
    if not gap:  # away from the same spot
        point = Point(here.x - metres, here.y)
    else:
        sign = -1 if away else 1
        point = Point(
            here.x + sign * (there.x - here.x) * metres / gap,
            here.y + sign * (there.y - here.y) * metres / gap,
        )
    _move(battle, key, target, metres, point, away)


def move(battle: Battle[TvState], key: str, target: str) -> None:
    """移動 resolved against `target`: back off from a foe nearer than `key`'s weapons
    reach, else close in to the next hex or, when every weapon it can use reaches no
    nearer, to `keep_off` (the next hex with option `reach=off`)."""
    state = battle.state
    keep = keep_off(state, key) if state.rules.reach else 0
    stop = max(NEXT_HEX, float(keep))
    if range_of(state.distance(key, target)) < keep:
        back_off(battle, key, target, stop)
    else:
        approach(battle, key, target, stop)


def step_in(battle: Battle[TvState], key: str, target: str) -> None:
    """`key` steps into `target`'s spot (a grab's hex; event `TvMoved`)."""
    state = battle.state
    gap = state.distance(key, target)
    if gap > 0:
        _move(battle, key, target, gap, state.positions[target])


def _move(
    battle: Battle[TvState], key: str, target: str, metres: float, point: Point, away: bool = False
) -> None:
    battle.state.positions[key] = point
    battle.emit(TvMoved(key, target, metres, point.x, point.y, away))

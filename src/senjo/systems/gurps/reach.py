"""Reach and movement without a map (B364, B269, seed 001 reach): who can strike whom.

Figures stand on the abstract plane of `senjo.space.plane`; distances are in yards.
"""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING, Final

from senjo.systems.gurps import lookups
from senjo.systems.gurps.defense import CLOSE
from senjo.systems.gurps.fatigue import very_tired
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.state import FighterState, GurpsState
from senjo.systems.gurps.wild_swing import wild_swing_reaches

if TYPE_CHECKING:
    from senjo.systems.gurps.table_schema import Posture

__all__ = [
    "STEP",
    "effective_mode",
    "move_allowance",
    "reaches",
    "reaches_at",
    "steps_out",
    "steps_out_to_strike",
]

#: The Step allowed by most maneuvers, in yards (B364).
STEP: Final = 1.0
#: Encumbrance levels 0-4 multiply Move by these (B17).
_ENCUMBRANCE_MOVE: Final = (1.0, 0.8, 0.6, 0.4, 0.2)


def move_allowance(fighter: Fighter, status: FighterState) -> float:
    """Yards a Move maneuver covers: Move for encumbrance, injury (B419) and posture (B551)."""
    move = max(1, math.floor(fighter.basic_move * _ENCUMBRANCE_MOVE[fighter.encumbrance]))
    if 3 * status.hp < fighter.hp:
        move = math.ceil(move / 2)
    if very_tired(status, fighter.fp):  # B426: halved again (interpretation 68)
        move = math.ceil(move / 2)
    posture = lookups.posture(status.posture)
    if posture.move_yards_per_turn is not None:
        return float(posture.move_yards_per_turn)
    above, below = _factor(posture)
    return float(move * above // below) if above < below else move


#: Each posture's move factor as whole numbers, by the id of the posture read from the
#: tables (kept with it, so an id is never another's): a `Fraction` compares and
#: multiplies in Python, and a map battle asks for Move some fifty times.
_FACTORS: Final[dict[int, tuple[object, int, int]]] = {}


def _factor(posture: Posture) -> tuple[int, int]:
    """The posture's move factor as (numerator, denominator)."""
    found = _FACTORS.get(id(posture))
    if found is None or found[0] is not posture:
        factor = posture.move_factor
        assert factor is not None
        found = _FACTORS[id(posture)] = (posture, factor.numerator, factor.denominator)
    return found[1], found[2]


def effective_mode(status: FighterState, weapon: str, mode: AttackMode) -> AttackMode | None:
    """The mode as the weapon is gripped now, or None if the grip does not allow it.

    B269: a weapon whose reach is marked "*" strikes only at the reach it is held
    for; changing that takes a Ready maneuver.
    """
    if not mode.reach_needs_ready or (len(mode.reach) < 2 and weapon not in status.grips):
        return mode
    grip = status.grips.get(weapon, min(mode.reach))
    if grip not in mode.reach:
        return None
    key = (id(mode), grip)
    found = _GRIPPED.get(key)
    if found is not None and found[0] is mode:
        return found[1]
    gripped = dataclasses.replace(mode, reach=(grip,))
    if len(_GRIPPED) >= _GRIPPED_SIZE:
        _GRIPPED.clear()
    _GRIPPED[key] = (mode, gripped)
    return gripped


#: `effective_mode`'s gripped modes by (id of the mode, grip): `dataclasses.replace` is
#: slow, and a few modes are gripped thousands of times a battle (a spear's, by the legal
#: maneuvers and by the attack). Each entry keeps its mode alive, and is checked against
#: it, so an id is never mistaken.
_GRIPPED: Final[dict[tuple[int, int], tuple[AttackMode, AttackMode]]] = {}
_GRIPPED_SIZE: Final = 4096


def steps_out_to_strike(mode: AttackMode) -> bool:
    """True for a weapon mode that strikes at reach 1 but not in close combat (reach C): the
    one a fighter Steps out of a close combat to use (`steps_out`)."""
    return 0 not in mode.reach and 1 in mode.reach


def steps_out(state: GurpsState, key: str, mode: AttackMode) -> bool:
    """True if the fighter, in close combat, may Step out of it to strike with `mode`: a
    weapon of reach 1 but not C, and no grapple holding it or held by it (seed 001, 敵の
    いるヘクスから離脱する)."""
    if not steps_out_to_strike(mode):
        return False
    status = state.status[key]
    return not status.held_by and not status.holding


def reaches(state: GurpsState, key: str, target: str, mode: AttackMode, extra: float) -> bool:
    """True if `target` can be attacked with `mode` after moving at most `extra` yards."""
    return reaches_at(state, key, target, mode, extra, state.distance(key, target))


def reaches_at(
    state: GurpsState, key: str, target: str, mode: AttackMode, extra: float, distance: float
) -> bool:
    """`reaches`, given `distance` = `state.distance(key, target)` (worked out once by a
    caller that asks about many modes)."""
    if mode.ranged is not None:
        return distance <= mode.ranged.max_range
    if distance < CLOSE:
        # seed 001: in close combat only reach-C weapons strike; a fighter not grappled
        # may first Step out of it and strike with a reach-1 weapon (敵のいるヘクスから
        # 離脱する; `steps_out`).
        return 0 in mode.reach or (extra >= STEP and steps_out(state, key, mode))
    reach = mode.farthest
    if reach == 0:
        return distance <= extra
    if extra == 0 and state.ground is not None:
        # seed 001 (武器の攻撃範囲): a melee weapon strikes into its front hexes; beyond
        # them only as a Wild Swing (大振り), a thrust then only at an adjacent foe.
        if distance > reach:
            return False
        front = state.ground.arc(state, key, target) == "front"
        return front or state.fighters[key].has("vision_360") or wild_swing_reaches(distance, mode)
    return distance <= reach + extra

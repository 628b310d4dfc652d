"""Wild Swing (大振り, seed 001): a melee blow at a foe beside or behind you.

On a hex map a melee weapon strikes into its front hexes; a foe in a side or
back hex can still be struck, badly. The attack takes the worst of −5 and
an effective skill of at most 9 (the seed's third choice, darkness, does not
arise: senjo has no lighting yet), hits a random location, and a thrust
reaches only an adjacent foe. Peripheral Vision frees the side hexes on the
weapon's side (both sides for a two-handed weapon); 360° Vision frees every
hex but leaves an awkward −2 for the back and the far side.

Shooting blind (視界外射撃) — a ranged attack at a target outside the arc of
vision — follows the same rules at −10 and at most 9 (`senjo.systems.gurps.ranged`
holds the numbers).

Off the hex map there is no facing, so no Wild Swing and no blind shot.

>>> WILD_SWING, WILD_SWING_CAP, AWKWARD_ANGLE
(-5, 9, -2)
>>> free_sides(two_handed=True, off_hand=False)
('right', 'left')
>>> free_sides(two_handed=False, off_hand=True)
('left',)
"""

from __future__ import annotations

from typing import Final

from senjo.systems.gurps.field import field_of
from senjo.systems.gurps.hands import OFF, hand_of
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.ruleset import TOTAL_DARKNESS
from senjo.systems.gurps.sight import blinded, sightless
from senjo.systems.gurps.state import GurpsState

__all__ = [
    "AWKWARD_ANGLE",
    "TOTAL_DARKNESS",
    "WILD_SWING",
    "WILD_SWING_CAP",
    "awkward_angle",
    "darkness",
    "free_sides",
    "is_blind_shot",
    "is_wild_swing",
    "random_location_only",
    "wild_swing_reaches",
]

WILD_SWING: Final = -5
"""Seed 001 大振り: −5 to hit …"""

WILD_SWING_CAP: Final = 9
"""… or an effective skill of at most 9, whichever is worse."""

AWKWARD_ANGLE: Final = -2
"""Seed 001 (全周視覚): a blow at the back or the far side is still at −2."""


def free_sides(*, two_handed: bool, off_hand: bool) -> tuple[str, ...]:
    """The side arcs Peripheral Vision opens to a weapon (seed 001 広視界).

    Interpretation (docs/rules/gurps.md): the main hand is the right hand.
    """
    if two_handed:
        return ("right", "left")
    return ("left",) if off_hand else ("right",)


def _sides(state: GurpsState, attacker: str, weapon: str, mode: AttackMode) -> tuple[str, ...]:
    off = hand_of(state.status[attacker], weapon) == OFF
    return free_sides(two_handed=mode.two_handed, off_hand=off)


def is_wild_swing(
    state: GurpsState, attacker: str, target: str, weapon: str, mode: AttackMode
) -> bool:
    """True when a melee attack on `target` from where the attacker stands is a Wild Swing."""
    if not mode.is_melee:
        return False
    arc = field_of(state).arc(state, attacker, target)
    if arc == "front":
        return False
    fighter = state.fighters[attacker]
    if fighter.has("vision_360"):
        return False
    wide = fighter.has("peripheral_vision")
    return not (wide and arc in _sides(state, attacker, weapon, mode))


def awkward_angle(
    state: GurpsState, attacker: str, target: str, weapon: str, mode: AttackMode
) -> bool:
    """True for a 360° Vision blow at the back or the side away from the weapon."""
    if not mode.is_melee or not state.fighters[attacker].has("vision_360"):
        return False
    arc = field_of(state).arc(state, attacker, target)
    if arc == "back":
        return True
    return arc in ("right", "left") and arc not in _sides(state, attacker, weapon, mode)


def wild_swing_reaches(distance: float, mode: AttackMode) -> bool:
    """A Wild Swing thrust strikes only an adjacent foe (seed 001); a swing its full reach."""
    return not mode.thrusting or distance <= 1


def darkness(state: GurpsState) -> int:
    """The lighting penalty of the battle's `darkness` option, 0 (light) to 10 (none)."""
    return state.rules.number("darkness")


def is_blind_shot(state: GurpsState, attacker: str, target: str, mode: AttackMode) -> bool:
    """seed 001 視界外射撃: a ranged attack at a target the shooter cannot see - outside
    its arc of vision, in total darkness, or blinded (interpretations 34 and 78)."""
    if mode.ranged is None:
        return False
    if darkness(state) >= TOTAL_DARKNESS or blinded(state.status[attacker]):
        return True
    return not field_of(state).sees(state, attacker, target)


def random_location_only(
    state: GurpsState, attacker: str, target: str, weapon: str, mode: AttackMode
) -> bool:
    """A Wild Swing or a blind shot cannot aim at a hit location (seed 001), nor can a
    fighter who sees nothing (Blindness, B124; total darkness: interpretation 78)."""
    if sightless(state, attacker):
        return True
    return is_wild_swing(state, attacker, target, weapon, mode) or is_blind_shot(
        state, attacker, target, mode
    )

"""Crippled eyes (seed 000 負傷の影響; B421 by a public summary, interpretation 78 of
docs/rules/gurps.md): what a fighter with one or no seeing eye suffers when it attacks.

One crippled eye is read as One Eye (B147): -1 to DX in combat - every attack roll - and
-3 more to a ranged attack not Aimed first. senjo's eye location has no side, so the eye
crippled a second time is the other one (`wounds.apply_injury` marks `eyes`): the
fighter is blind (Blindness, B124), -10 to its attacks as one not used to it (-6 with
the trait `blindness`: blind from the start and used to it), with no darkness penalty
beyond; it aims at no hit location, and its shots are shots at what it
cannot see (`wild_swing.is_blind_shot`, seed 001 視界外射撃). Every attacker is unseen to
it: its active defenses are at -4, and it may parry or block only if a Hearing-2 roll
hears the attack coming (`heard_defenses`; the fact sheet's situational modifiers).

>>> from senjo.space.plane import Point
>>> from senjo.systems.gurps.state import FighterState
>>> status = FighterState("a", 10, 10, Point(0, 0), crippled={"eye"})
>>> one_eyed(status), blinded(status)
(True, False)
>>> status.crippled.add("eyes")
>>> one_eyed(status), blinded(status)
(False, True)
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.model import Fighter
from senjo.systems.gurps.rolls import check
from senjo.systems.gurps.state import FighterState, GurpsState

__all__ = [
    "BLINDED",
    "ONE_EYE",
    "ONE_EYE_UNAIMED",
    "UNSEEN_ATTACKER",
    "USED_TO_BLINDNESS",
    "blind_penalty",
    "blinded",
    "heard_defenses",
    "one_eyed",
    "sightless",
    "unheard",
]

ONE_EYE: Final = -1
"""One Eye (B147): -1 to DX in combat, on every attack roll."""

ONE_EYE_UNAIMED: Final = -3
"""One Eye (B147): -3 more to a ranged attack without Aim first."""

BLINDED: Final = 10
"""Blindness (B124): -10 to combat skills for one not used to it ..."""

USED_TO_BLINDNESS: Final = 6
"""... -6 for one who is (the trait `blindness`)."""

UNSEEN_ATTACKER: Final = -4
"""An attacker the defender cannot see: -4 to every active defense."""

HEARING: Final = -2
"""... and a parry or block only after a Hearing roll (Per) at -2."""


def one_eyed(status: FighterState) -> bool:
    """One eye crippled, the other seeing."""
    return "eye" in status.crippled and "eyes" not in status.crippled


def blinded(status: FighterState) -> bool:
    """Both eyes crippled (or blind from the start: the trait `blindness`)."""
    return "eyes" in status.crippled


def sightless(state: GurpsState, key: str) -> bool:
    """Whether the fighter sees nothing: blinded, or in total darkness read as blindness
    for all (`RuleSet.pitch_dark`: option `total_darkness`, interpretation 78)."""
    return state.rules.pitch_dark or blinded(state.status[key])


def blind_penalty(fighter: Fighter) -> int:
    """What a blind fighter loses on every attack: 6 with the trait `blindness` (used to
    it), else 10."""
    return USED_TO_BLINDNESS if fighter.has("blindness") else BLINDED


def heard_defenses(
    battle: Battle[GurpsState], key: str, options: tuple[DefenseChoice, ...]
) -> tuple[DefenseChoice, ...]:
    """The defender's `options` against one attack, as its sight leaves them: a defender
    that sees nothing (`sightless`) with a parry or block among them rolls Hearing (Per -
    2, logged as the check `hearing`); unheard, only the dodge (and no defense) is left
    (`unheard`). Otherwise the same tuple."""
    if not sightless(battle.state, key):
        return options
    if not any(o.kind in ("parry", "block") for o in options):
        return options
    hearing = Score(battle.state.fighters[key].per, Modifiers((("attacker_unseen", HEARING),)))
    if check(battle, key, "hearing", hearing).success:
        return options
    return unheard(options)


def unheard(options: tuple[DefenseChoice, ...]) -> tuple[DefenseChoice, ...]:
    """The options without a parry or block: those left against an attack not heard."""
    return tuple(o for o in options if o.kind not in ("parry", "block"))

"""Fatigue (FP) and what it does to a fighter (B426, the Japanese Basic Set's 2B84P
疲労点の減少, by a public summary): below a third of its FP a fighter is very tired -
Move, Dodge and ST halved, rounding up (not what ST gives: HP, damage, lifting) - and at
0 FP or less it is on the verge of collapse: any maneuver but Do Nothing takes a Will
roll (a failure collapses it), and each further FP lost costs 1 HP too; at -FP it falls
unconscious. `wounds.lose_fp` books a loss; the rules that halve read here.

>>> from senjo.space.plane import Point
>>> from senjo.systems.gurps.state import FighterState
>>> very_tired(FighterState("a", 12, 3, Point(0, 0)), 12)
True
>>> tired_half(12), tired_half(5)
(-6, -2)
"""

from __future__ import annotations

from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps.character_math import halved_round_up
from senjo.systems.gurps.state import FighterState, GurpsState

__all__ = ["st_roll", "st_value", "tired_half", "very_tired"]


def very_tired(status: FighterState, max_fp: int) -> bool:
    """Below a third of its FP (B426: very tired)."""
    return 3 * status.fp < max_fp


def tired_half(value: int) -> int:
    """The modifier that halves `value`, rounding up (B426)."""
    return halved_round_up(value) - value


def st_value(state: GurpsState, key: str) -> int:
    """The fighter's ST for a roll or a contest: halved, rounding up, while very tired."""
    st = state.fighters[key].st
    return halved_round_up(st) if very_tired(state.status[key], state.fighters[key].fp) else st


def st_roll(state: GurpsState, key: str, *items: tuple[str, int]) -> Score:
    """The fighter's ST as a roll's score, with `items`: `very_tired` halves it (B426)."""
    fighter = state.fighters[key]
    named = list(items)
    if very_tired(state.status[key], fighter.fp):
        named.insert(0, ("very_tired", tired_half(fighter.st)))
    return Score(fighter.st, Modifiers(tuple(named)))

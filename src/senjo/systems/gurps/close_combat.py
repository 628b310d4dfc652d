"""Close combat on a hex map (seed 001: 近接戦闘): figures sharing a hex with a foe.

A figure that enters a foe's hex stops there and faces the foe; it holds the
half of the hex on the side it came from, the foe the other half (seed 001:
侵入してきた側の半分があなた). `close_side` records that side as a facing from
the hex centre: the three hexes on it are the figure's own side, the three
opposite the foe's side. A figure leaves by its own side (a Step or a move, a
retreat); the foe's side only by evading. While in close combat a ready shield
is a penalty equal to its DB to attacks (not to the attack made on entering)
and, after the first turn, to DX rolls; striking into a close combat from
outside is -2, and a miss may hit someone else in the hex.
"""

from __future__ import annotations

from typing import Final

from senjo.space.gaps import direction_to
from senjo.space.hexgrid import Facing, Hex
from senjo.systems.gurps.state import GurpsState

__all__ = [
    "STRIKING_INTO",
    "bystanders",
    "close_foes",
    "dx_penalty",
    "foe_side",
    "in_close_combat",
    "own_side",
    "settle",
    "shield_penalty",
]

#: seed 001 (近接戦闘中のキャラクターを攻撃する): an attack from outside the hex.
STRIKING_INTO: Final = -2


def _here(state: GurpsState, place: Hex | None) -> list[str]:
    return [key for key, other in state.status.items() if other.active and other.hex == place]


def close_foes(state: GurpsState, key: str) -> list[str]:
    """The foes sharing the fighter's hex (none on the plane)."""
    place = state.status[key].hex
    if place is None:
        return []
    side = state.fighters[key].side
    return [k for k in _here(state, place) if state.fighters[k].side != side]


def in_close_combat(state: GurpsState, key: str) -> bool:
    """Whether the fighter shares its hex with a foe."""
    return bool(close_foes(state, key))


def settle(state: GurpsState, place: Hex, entrant: str = "", came_from: Hex | None = None) -> None:
    """Set the halves of a hex after a figure entered it (`entrant`, from `came_from`)
    or left it: an entrant meeting a foe holds the side it came from and faces the
    foe; those already there hold the other half; a figure alone has no side."""
    here = _here(state, place)
    sides = {state.fighters[k].side for k in here}
    if len(sides) < 2:
        for key in here:
            state.status[key].close_side = None
        return
    if not entrant or came_from is None:
        return
    side = direction_to(place, came_from)
    if side is None:
        return
    status = state.status[entrant]
    status.close_side = side
    status.facing = Facing((side + 3) % 6)
    status.close_since = status.close_entered = state.round
    for key in here:
        other = state.status[key]
        if key != entrant and other.close_side is None:
            other.close_side = Facing((side + 3) % 6)
            other.close_since = state.round


def own_side(state: GurpsState, key: str) -> tuple[Hex, ...]:
    """The three hexes on the fighter's side of its close combat, straight out first."""
    status = state.status[key]
    if status.close_side is None or status.hex is None:
        return ()
    side = int(status.close_side)
    return tuple(status.hex.neighbor((side + turn) % 6) for turn in (0, 1, -1))


def foe_side(state: GurpsState, key: str) -> tuple[Hex, ...]:
    """The three hexes on the foe's side of the fighter's close combat."""
    status = state.status[key]
    if status.close_side is None or status.hex is None:
        return ()
    side = int(status.close_side) + 3
    return tuple(status.hex.neighbor((side + turn) % 6) for turn in (0, 1, -1))


def shield_penalty(state: GurpsState, key: str, attacking: bool) -> int:
    """seed 001 (近接戦闘での盾): minus a ready shield's DB in close combat - for attacks
    except those of the turn the fighter entered, for DX rolls after its first turn."""
    fighter = state.fighters[key]
    status = state.status[key]
    shield = fighter.shield
    if shield is None or shield.key not in status.ready or not in_close_combat(state, key):
        return 0
    if attacking and status.close_entered == state.round:
        return 0
    if not attacking and status.close_since == state.round:
        return 0
    return -shield.db


def dx_penalty(state: GurpsState, key: str) -> list[tuple[str, int]]:
    """The named modifiers close combat puts on a DX roll (the shield's DB)."""
    penalty = shield_penalty(state, key, attacking=False)
    return [("shield_in_close_combat", penalty)] if penalty else []


def bystanders(state: GurpsState, attacker: str, target: str) -> list[str]:
    """Everyone else in the target's hex when the attacker strikes into a close combat
    from outside it (seed 001: そのヘクスにいる他のキャラクター - friend or foe)."""
    place = state.status[target].hex
    if place is None or state.status[attacker].hex == place:
        return []
    others = [k for k in _here(state, place) if k not in (attacker, target)]
    return others

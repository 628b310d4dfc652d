"""Slam and overrun by a multi-hex figure (seed 001: 体当たりと蹂躙).

A multi-hex figure whose head enters the hex of a smaller foe slams it. The
smaller figure may try to dodge out of the way (a Dodge roll: it steps into a
free hex beside it); if it does not, both take slam damage (each its own HP
times the large figure's velocity / 100, crushing, B371) and a Quick Contest of
ST decides who falls - the loser falls, nobody on a tie. The large figure goes
on unless it fell; the smaller one, fallen or not, is shoved into a free hex
beside the path, and where there is none the large figure stops short.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Final

from senjo.engine.battle import Battle
from senjo.engine.decision import Choice, Decision
from senjo.space.hexgrid import Hex
from senjo.systems.gurps.bodies import cells, occupied, size
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.close_combat import settle
from senjo.systems.gurps.defense import IncomingAttack, defense_score
from senjo.systems.gurps.events import Moved
from senjo.systems.gurps.falling import fall_down
from senjo.systems.gurps.fatigue import st_roll
from senjo.systems.gurps.field import facing_name
from senjo.systems.gurps.rolls import check, quick_contest
from senjo.systems.gurps.slam_dice import SLAM
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.wounds import slam_damage

__all__ = ["overrun", "smaller_in"]

#: The smaller figure's answers: try to dodge out of the way, or stand and take it.
_ANSWERS: Final = (Choice("dodge"), Choice("stand"))


def smaller_in(state: GurpsState, mover: str, place: Hex) -> list[str]:
    """The foes smaller than the mover whose hex (their head's) is `place`."""
    if size(state, mover) < 2:
        return []
    mine = size(state, mover)
    return [
        key
        for key, status in state.status.items()
        if key != mover
        and status.active
        and status.hex == place
        and size(state, key) < mine
        and state.fighters[key].side != state.fighters[mover].side
    ]


def _aside(state: GurpsState, small: str, mover: str, place: Hex, ahead: Hex | None) -> Hex | None:
    """A free hex beside `place` for the smaller figure: not the mover's, not the next
    hex of its path, on the map and open."""
    ground = state.ground
    taken = occupied(state, (small,))
    mine = set(cells(state.status[mover]))
    for spot in place.neighbors():
        if spot in mine or spot == ahead or spot in taken:
            continue
        if spot in ground.map and ground.map.passable(spot):
            return spot
    return None


def _shove(battle: Battle[GurpsState], small: str, mover: str, spot: Hex, why: str) -> None:
    state = battle.state
    status = state.status[small]
    before = status.hex
    status.hex, status.close_side = spot, None
    if before is not None:
        settle(state, before)
    battle.emit(
        Moved(small, 1.0, mover, why, float(spot.q), float(spot.r), facing_name(state, small))
    )


def overrun(
    battle: Battle[GurpsState], mover: str, place: Hex, ahead: Hex | None
) -> Generator[Decision, Any, bool]:
    """The large mover's head is about to enter `place`, held by smaller figures; True
    if it may go on into it (see the module's description)."""
    state = battle.state
    for small in smaller_in(state, mover, place):
        answer = yield Decision(small, "overrun", _ANSWERS, mover)
        spot = _aside(state, small, mover, place, ahead)
        if answer.name == "dodge" and spot is not None:
            slam = IncomingAttack(mover, "", SLAM)
            score = defense_score(state, small, DefenseChoice("dodge"), slam)
            if check(battle, small, "dodge_overrun", score).success:
                _shove(battle, small, mover, spot, "dodge_aside")
                continue
        slam_damage(battle, mover, small, state.status[mover].moved + 1)
        contest = quick_contest(
            battle,
            (mover, "overrun_st", st_roll(state, mover)),
            (small, "overrun_st", st_roll(state, small)),
        )
        if contest < 0:
            fall_down(battle, mover, "overrun")
            return False
        if contest > 0:
            fall_down(battle, small, "overrun")
        if not state.status[mover].active:
            return False
        if state.status[small].hex == place:
            if spot is None:
                return False  # no room to shove it aside: the large figure stops short
            _shove(battle, small, mover, spot, "overrun")
    return True

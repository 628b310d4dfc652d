"""Small condition changes many rules share: falling, grapples ending, hiding ending, reach.

Each change updates the state and logs the event that says so.
"""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.coc.events import CocConditionChanged, CocEngagementChanged, CocGrappleChanged
from senjo.systems.coc.model import MELEE_REACH
from senjo.systems.coc.state import CocState

__all__ = [
    "break_aim",
    "disengage",
    "engage",
    "fall",
    "out_of_reach",
    "release_grapple",
    "reveal",
    "start_grapple",
]


def fall(battle: Battle[CocState], key: str, cause: str) -> None:
    """The combatant falls down (転倒) unless it already lies on the ground."""
    status = battle.state.status[key]
    if not status.prone:
        status.prone = True
        battle.emit(CocConditionChanged(key, "prone", True, cause))


def start_grapple(
    battle: Battle[CocState], grappler: str, target: str, kind: str, cause: str
) -> None:
    """`grappler` now holds `target` (kind hold or strangle), taking it from any other holder."""
    status = battle.state.status
    previous = status[target].held_by
    if previous and previous != grappler:
        release_grapple(battle, previous, "taken_over")
    status[grappler].holding, status[grappler].hold_kind = target, kind
    status[target].held_by = grappler
    battle.emit(CocGrappleChanged(grappler, target, kind, True, cause))


def release_grapple(battle: Battle[CocState], grappler: str, cause: str) -> None:
    """The grapple `grappler` holds ends (nothing happens if it holds no one)."""
    status = battle.state.status
    holder = status[grappler]
    if not holder.holding:
        return
    target, kind = holder.holding, holder.hold_kind
    holder.holding, holder.hold_kind = "", ""
    status[target].held_by = ""
    battle.emit(CocGrappleChanged(grappler, target, kind, False, cause))


def reveal(battle: Battle[CocState], key: str, cause: str) -> None:
    """A hidden combatant is found or gives itself away (隠れる ends)."""
    status = battle.state.status[key]
    if status.hidden:
        status.hidden = False
        status.reveal_at_end = False
        battle.emit(CocConditionChanged(key, "hidden", False, cause))


def break_aim(battle: Battle[CocState], key: str, cause: str) -> None:
    """Seed 004 狙う: the waiting +30% is lost."""
    status = battle.state.status[key]
    if status.aiming:
        status.aiming = False
        battle.emit(CocConditionChanged(key, "aiming", False, cause))


def engage(battle: Battle[CocState], a: str, b: str, cause: str) -> None:
    """`a` and `b` come into melee reach of each other."""
    pair = frozenset((a, b))
    if pair not in battle.state.engaged:
        battle.state.engaged.add(pair)
        battle.emit(CocEngagementChanged(a, b, True, cause))


def out_of_reach(battle: Battle[CocState], key: str, cause: str) -> None:
    """After `key` moved: it leaves melee reach of everyone now more than 2 m away.

    A grapple between two who are no longer in reach of each other ends.
    """
    state = battle.state
    status = state.status[key]
    pairs = [pair for pair in state.engaged if key in pair]
    others = sorted(next(iter(pair - {key})) for pair in pairs)
    for other in others:
        if state.distance(key, other) > MELEE_REACH + 1e-9:
            state.engaged.discard(frozenset((key, other)))
            battle.emit(CocEngagementChanged(key, other, False, cause))
    for holder, held in ((key, status.holding), (status.held_by, key)):
        if holder and held and state.distance(holder, held) > MELEE_REACH + 1e-9:
            release_grapple(battle, holder, cause)


def disengage(battle: Battle[CocState], key: str, cause: str) -> None:
    """`key` leaves melee reach of everyone (in a stable order, for replays)."""
    state = battle.state
    pairs = [pair for pair in state.engaged if key in pair]
    others = sorted(next(iter(pair - {key})) for pair in pairs)
    for other in others:
        state.engaged.discard(frozenset((key, other)))
        battle.emit(CocEngagementChanged(key, other, False, cause))

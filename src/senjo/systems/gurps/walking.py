"""Moving on the battlefield (seed 001: 移動点, 待機による戦法): routes walked place by place.

A move is planned by the field as a `Route` and walked here one place at a
time, so that each hex entered can meet the trigger of a foe on Wait: the
waiter may Step and strike while the mover's maneuver is suspended.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Final

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.space.arcs import arc_name
from senjo.space.hexgrid import Hex
from senjo.systems.gurps.attack import AttackContext, resolve_attack
from senjo.systems.gurps.choices import ManeuverChoice, WaitResponse
from senjo.systems.gurps.close_combat import close_foes, own_side
from senjo.systems.gurps.defense import CLOSE
from senjo.systems.gurps.events import Moved
from senjo.systems.gurps.field import PLANE, Route, body_of, facing_name, field_of
from senjo.systems.gurps.grips import can_leave, check_grips
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.opportunity import watchers
from senjo.systems.gurps.overrun import overrun, smaller_in
from senjo.systems.gurps.plans import choose_plan
from senjo.systems.gurps.reach import STEP, reaches, steps_out
from senjo.systems.gurps.rolls import check, quick_contest
from senjo.systems.gurps.state import GurpsState

__all__ = ["approach", "approach_route", "log_turn", "turn", "walk"]


def approach_route(
    state: GurpsState,
    key: str,
    target: str,
    mode: AttackMode,
    budget: float,
    maneuver: str = "attack",
) -> tuple[Route, str]:
    """The melee attacker's move into reach, and its direction ("toward", or "away" for
    the Step out of a close combat); `approach` walks it, the AI tries it."""
    field = field_of(state)
    distance = state.distance(key, target)
    if distance < CLOSE and steps_out(state, key, mode):
        # seed 001 (敵のいるヘクスから離脱する): Step out of the close combat, then strike:
        # on a map to one of the three hexes on one's own side, facing the foe; on the
        # plane straight back to a yard off.
        if state.ground is None:
            return PLANE.step_out(state, key, target), "away"
        return field.step_back(state, key, target), "away"
    reach = mode.farthest
    stop_at = reach if reach else 0.0
    return field.approach(state, key, target, budget, stop_at, maneuver), "toward"


def approach(
    battle: Battle[GurpsState],
    key: str,
    target: str,
    mode: AttackMode,
    budget: float,
    maneuver: str = "attack",
) -> Steps:
    """Move toward the target until in reach (or out of budget), then let waiting foes act."""
    state = battle.state
    if mode.ranged is not None:
        # seed 001 (ステップ): a shooter turns toward a target out of sight.
        turn(battle, key, target)
        return
    route, direction = approach_route(state, key, target, mode, budget, maneuver)
    yield from walk(battle, key, route, target, direction)


def turn(battle: Battle[GurpsState], key: str, target: str) -> None:
    """Turn in place toward a target out of sight, and log the turn (seed 001: 射界)."""
    if field_of(battle.state).face(battle.state, key, target):
        log_turn(battle, key, target)


def log_turn(battle: Battle[GurpsState], key: str, target: str) -> None:
    x, y = field_of(battle.state).coordinates(battle.state, key)
    state = battle.state
    battle.emit(Moved(key, 0.0, target, "turn", x, y, facing_name(state, key), body_of(state, key)))


def walk(battle: Battle[GurpsState], key: str, route: Route, target: str, variant: str) -> Steps:
    """Carry out a move place by place (seed 001: a Wait can interrupt another's move).

    Each hex entered may trigger opportunity fire and foes on Wait; the move is
    logged in parts around each interruption, and goes on afterwards only if the
    mover is still able and standing where it was (a mover knocked down, out, or
    pushed off its route stops there; an interpretation for the last). A turn in
    place is logged as a turn.
    """
    if not route.places:
        return
    state = battle.state
    status = state.status[key]
    ground = field_of(state)
    if route.length == 0:
        ground.enter(state, key, route.places[-1])
        log_turn(battle, key, target)
        return
    base, logged, covered, last = status.moved, 0.0, 0.0, -1
    came_from = own_side(state, key)[0] if status.close_side is not None else None
    for index, (place, yards) in enumerate(zip(route.places, route.yards, strict=True)):
        here = status.hex
        leaving_close = isinstance(place, tuple) and place[0] != here and close_foes(state, key)
        if leaving_close and place[0] not in own_side(state, key):
            # seed 001 (すり抜け): leaving a foe's hex by its side means evading it; by one's
            # own side (敵のいるヘクスから離脱する) it does not.
            free = yield from _evade(battle, key, came_from)
            if not free:
                if covered > logged:
                    _log_moved(battle, key, covered - logged, target, variant)
                return
        if isinstance(place, tuple) and place[0] != here and smaller_in(state, key, place[0]):
            # seed 001 (体当たりと蹂躙): a large figure slams smaller ones in its way.
            ahead = next((p[0] for p in route.places[index + 1 :] if p[0] != place[0]), None)
            through = yield from overrun(battle, key, place[0], ahead)
            if not through:
                if covered > logged:
                    _log_moved(battle, key, covered - logged, target, variant)
                return
        if isinstance(place, tuple) and place[0] != here:
            came_from = here
        leaving = place[0] != here if isinstance(place, tuple) else place != status.position
        if leaving and not _free_to_leave(state, key):
            break  # B370: a held fighter does not get away (unless twice as strong)
        ground.enter(state, key, place)
        check_grips(state)
        entered, covered = yards > covered, yards
        status.moved = base + covered
        if not entered:
            continue
        shooters = watchers(state, key)
        waiting = _triggered(state, key)
        if not (shooters or waiting):
            continue
        _log_moved(battle, key, covered - logged, target, variant)
        logged, last = covered, index
        where = ground.coordinates(state, key)
        yield from _opportunity_fire(battle, key, shooters)
        yield from _wait_triggers(battle, key, waiting)
        if not status.active or status.posture != "standing":
            return
        if ground.coordinates(state, key) != where:
            return
    if last < len(route.places) - 1:
        rest = covered - logged
        _log_moved(battle, key, rest, target, variant if rest else "turn")


def _free_to_leave(state: GurpsState, key: str) -> bool:
    st_of = {k: f.st for k, f in state.fighters.items()}
    return can_leave(state.status[key], st_of, state.fighters[key].st)


def _log_moved(
    battle: Battle[GurpsState], key: str, yards: float, target: str, variant: str
) -> None:
    state = battle.state
    x, y = field_of(state).coordinates(state, key)
    battle.emit(
        Moved(key, yards, target, variant, x, y, facing_name(state, key), body_of(state, key))
    )


def _triggered(state: GurpsState, mover: str) -> list[str]:
    """The foes on Wait whose trigger the mover's arrival meets (B366, seed 001): a readied
    melee weapon that reaches the mover, or reaches it after the waiter's Step."""
    found = []
    for foe in state.foes(mover):
        waiting = state.status[foe]
        if waiting.maneuver != "wait" or not waiting.wait_weapon or not waiting.active:
            continue
        if waiting.watch is not None:
            continue  # on opportunity fire: triggered by its watched hexes instead
        if waiting.wait_weapon not in waiting.ready:
            continue
        mode = state.fighters[foe].weapon(waiting.wait_weapon).mode(waiting.wait_mode)
        if reaches(state, foe, mover, mode, STEP):
            found.append(foe)
    return found


def _wait_triggers(battle: Battle[GurpsState], mover: str, waiting: list[str]) -> Steps:
    """Foes on Wait whose trigger the mover met: each decides to act or hold (B366).

    One that acts steps in if it must (seed 001: 待機による戦法 - a waiter that has not
    moved on its turn may Step and attack) and strikes; the mover's maneuver is
    suspended meanwhile.
    """
    state = battle.state
    for foe in waiting:
        waiter = state.status[foe]
        if not waiter.active or not state.status[mover].active:
            return
        mode = state.fighters[foe].weapon(waiter.wait_weapon).mode(waiter.wait_mode)
        response = yield Decision(
            foe, "wait_trigger", (WaitResponse(True), WaitResponse(False)), mover
        )
        if not response.act:
            continue
        waiter.maneuver = "attack"
        weapon = waiter.wait_weapon
        waiter.wait_weapon = ""
        choice = ManeuverChoice("attack", target=mover, weapon=weapon, mode=mode.name)
        if not reaches(state, foe, mover, mode, 0.0):
            yield from approach(battle, foe, mover, mode, STEP)
            if not waiter.active or not reaches(state, foe, mover, mode, 0.0):
                continue
        plan = yield from choose_plan(battle, foe, choice)
        if plan is None:
            continue
        stop_thrust = state.status[mover].moved if mode.thrusting else 0.0
        context = AttackContext("attack", stop_thrust_yards=stop_thrust)
        yield from resolve_attack(battle, foe, mover, weapon, mode, plan, context)


def _opportunity_fire(battle: Battle[GurpsState], mover: str, shooters: list[str]) -> Steps:
    """Watchers of the hex the mover entered shoot at once (seed 001: 機会射撃).

    A shooter must fire at whoever appeared, friend or foe; one that chose to tell
    them apart first rolls Vision (Per) and holds its fire if it takes the figure for
    a friend - rightly on a success, wrongly on a failure (an interpretation of the
    GM's call) - and keeps watching. Shots at one target are simultaneous: every
    watcher fires even if an earlier shot has already dropped the mover.
    """
    state = battle.state
    side = state.fighters[mover].side
    for shooter in shooters:
        status = state.status[shooter]
        watch = status.watch
        if watch is None or not status.active:
            continue
        if status.watch_discriminate:
            friend = state.fighters[shooter].side == side
            told = check(
                battle, shooter, "target_discrimination", Score(state.fighters[shooter].per)
            )
            if friend == told.success:
                continue  # taken for a friend: no shot, the watch goes on
        weapon, mode_name = status.wait_weapon, status.wait_mode
        mode = state.fighters[shooter].weapon(weapon).mode(mode_name)
        status.maneuver = "attack"
        status.wait_weapon, status.watch = "", None
        choice = ManeuverChoice("attack", target=mover, weapon=weapon, mode=mode_name)
        plan = yield from choose_plan(battle, shooter, choice)
        if plan is None:
            continue
        context = AttackContext(
            "wait", "opportunity_fire", watch=watch, discriminate=status.watch_discriminate
        )
        yield from resolve_attack(battle, shooter, mover, weapon, mode, plan, context)


#: seed 001 / B368 (すり抜け): the evader's DX by the posture of the foe in the way.
_EVADE_POSTURE: Final = {
    "standing": -5,
    "crouching": -5,
    "kneeling": -2,
    "sitting": -2,
    "crawling": 5,
    "lying": 5,
}
#: ... and by the arc of the foe it came from.
_EVADE_ARC: Final = {
    "right": ("from_side", 2),
    "left": ("from_side", 2),
    "back": ("from_behind", 5),
}
#: The answers of a foe a mover tries to evade.
_EVADE_ANSWERS: Final = (Choice("stop"), Choice("let_pass"))


def _evade(
    battle: Battle[GurpsState], mover: str, came_from: Hex | None
) -> Generator[Decision, Any, bool]:
    """Evading the foes of the hex the mover is leaving (B368, seed 001: すり抜け): each
    may let it pass, or try to stop it in a Quick Contest of DX - the evader at -5 past
    a standing foe (-2 kneeling, +5 lying), +2 from the foe's side, +5 from behind.
    True if the mover gets past them all; otherwise it stays in the hex."""
    state = battle.state
    for foe in close_foes(state, mover):
        answer = yield Decision(foe, "evade", _EVADE_ANSWERS, mover)
        if answer.name == "let_pass":
            continue
        posture = state.status[foe].posture
        items = [(f"foe_{posture}", _EVADE_POSTURE[posture])]
        place = state.status[foe].hex
        if came_from is not None and place is not None and came_from != place:
            side = _EVADE_ARC.get(arc_name(place, state.status[foe].facing, came_from))
            if side is not None:
                items.append(side)
        mine = Score(state.fighters[mover].dx, Modifiers(tuple(items)))
        theirs = Score(state.fighters[foe].dx)
        if quick_contest(battle, (mover, "evade", mine), (foe, "stop_evader", theirs)) <= 0:
            return False
    return True

"""The hex map as a battlefield (seed 001, chapter 12): `HexField`.

Hexes of one yard, facings and arcs, the Step and movement points by
maneuver, retreat and knockback hex by hex, figures on a line of fire, walls,
close combat (`close_combat.py`) and multi-hex figures (`bodies.py`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Final

from senjo.space.arcs import Arc, arc_name, arc_of, in_arc_of_vision
from senjo.space.gaps import facing_turns, hex_gap, nearest_hex
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.space.lines import line_of_fire
from senjo.space.movement import (
    ALL_OUT_ATTACK,
    ALL_OUT_DEFENSE,
    MOVE,
    MOVE_AND_ATTACK,
    MoveProfile,
    Reachable,
)
from senjo.systems.gurps import lookups
from senjo.systems.gurps.bodies import cells, lie_down, nearest, occupied, trail
from senjo.systems.gurps.choices import Destination
from senjo.systems.gurps.close_combat import foe_side, own_side, settle
from senjo.systems.gurps.field import FRONT, STAY, Field, Route, heading, vision_of
from senjo.systems.gurps.field_moves import best_step, moves_on, step_places
from senjo.systems.gurps.state import GurpsState

__all__ = ["HexField"]


def _height(state: GurpsState, key: str) -> int:
    """2 upright, 1 low (kneeling, sitting, crawling), 0 lying (B551 posture table)."""
    return lookups.posture(state.status[key].posture).height


def _figures_on(
    state: GurpsState, groups: Iterable[Sequence[Hex]], leave_out: tuple[str, ...]
) -> list[list[str]]:
    """The standing figures (but `leave_out`) in each group of hexes, empty groups dropped."""
    by_hex = occupied(state, leave_out)
    found = ([by_hex[h] for h in group if h in by_hex] for group in groups)
    return [there for there in found if there]


def _route(path: tuple[tuple[Hex, Facing], ...], end: Facing) -> Route:
    """A searched path (start state first) as a route ending in the `end` facing; the
    yards count hexes entered, not turns."""
    places: list[tuple[Hex, Facing]] = []
    yards: list[float] = []
    covered = 0.0
    previous = path[0][0]
    for place, facing in path[1:]:
        if place != previous:
            covered += 1.0
            previous = place
        places.append((place, facing))
        yards.append(covered)
    if not places or places[-1][1] != end:
        places.append((previous, end))
        yards.append(covered)
    if len(places) == 1 and places[0] == path[0]:
        return STAY
    return Route(tuple(places), tuple(yards))


#: seed 001 (ものが存在するヘクスを通しての射撃): how much larger (SM) a figure must be to
#: block a line of fire completely, by the shooter's height (2 upright, 1 low, 0 lying).
_SCREEN: Final = {2: 2, 1: 3, 0: 4}

#: seed 001 (ヘクス): friendly man-sized figures huddled in one hex, at most.
HUDDLE: Final = 4

#: A rank no move wants (a foe's hex for a weapon that cannot strike in close combat).
_FAR: Final = 1 << 20


#: The maneuvers whose move toward a foe is a move on movement points (seed 001:
#: 移動点); any other moves by the Step.
_PROFILES: Final = {
    "move": MOVE,
    "move_and_attack": MOVE_AND_ATTACK,
    "all_out_attack": ALL_OUT_ATTACK,
    "all_out_defense": ALL_OUT_DEFENSE,
}


class HexField(Field):
    """A hex map (chapter 12): hexes of one yard, facings, arcs, movement points (seed 001).

    Movement toward or away from a foe takes the cheapest path the movement
    search finds, ending faced toward the foe where the points allow.
    """

    __slots__ = ("_moves", "map")

    def __init__(self, hexmap: HexMap) -> None:
        self.map = hexmap
        # Searches and destinations already worked out, shared by every field on this
        # map (`field_moves.py`).
        self._moves = moves_on(hexmap)

    @staticmethod
    def _hex(state: GurpsState, key: str) -> Hex:
        place = state.status[key].hex
        if place is None:
            raise ValueError(f"{key} has no hex on this map")
        return place

    def distance(self, state: GurpsState, a: str, b: str) -> float:
        """Hexes between the two figures (between their nearest hexes, for a figure that
        fills several: seed 001 大きなフィギュア)."""
        one, two = state.status[a], state.status[b]
        if not (one.body or two.body or one.prone_hex or two.prone_hex):
            return float(hex_gap(self._hex(state, a), self._hex(state, b)))
        mine, theirs = nearest(cells(one), cells(two))
        return float(hex_gap(mine, theirs))

    def _pair(self, state: GurpsState, a: str, b: str) -> tuple[Hex, Hex]:
        """a's head, and b's hex nearest to it: the ends of a line of fire or of sight."""
        head = self._hex(state, a)
        other = state.status[b]
        if not (other.body or other.prone_hex):
            return head, self._hex(state, b)
        return head, nearest_hex(head, cells(other))

    def arc(self, state: GurpsState, defender: str, attacker: str) -> str:
        """seed 001 (正面・側面・背面ヘクス): the defender's arc holding the attacker's hex
        (a multi-hex defender's arcs are its head's; the attacker's nearest hex counts)."""
        own, other = self._pair(state, defender, attacker)
        if own == other:
            return FRONT  # close combat: the foe is in one's own hex
        return arc_name(own, state.status[defender].facing, other)

    def _search(
        self,
        state: GurpsState,
        mover: str,
        budget: float,
        profile: MoveProfile = MOVE,
        *,
        evading: bool = False,
    ) -> Reachable:
        """Every state the mover's points reach. A foe's hex ends the move there, and a
        close combat is left by one's own side - unless `evading` (seed 001: すり抜け),
        when foes' hexes may be passed through with the points to leave them."""
        moves = self._moves
        return moves.answer(moves.question(state, mover, budget, profile, evading))

    def _settle(self, moves: Reachable, rank: Any, score: Any) -> Route:
        """The route to the best reachable state: first by `rank(hex)` (cheap, per hex),
        then among the best-ranked hexes by `score(hex, facing)` and cost."""
        states = moves.states()
        if not states:
            return STAY
        ranks = {place: rank(place) for place, _ in states}
        top = min(ranks.values())
        best: tuple[Any, ...] | None = None
        for (place, facing), cost in states.items():
            if ranks[place] != top:
                continue
            for end in moves.end_facings(place, facing):
                key = (*score(place, end), cost)
                if best is None or key < best[0]:
                    best = (key, place, facing, end)
        assert best is not None
        _, place, facing, end = best
        return _route(moves.path(place, facing), end)

    def approach(
        self,
        state: GurpsState,
        mover: str,
        target: str,
        budget: float,
        stop_at: float,
        maneuver: str = "attack",
    ) -> Route:
        """The cheapest move that ends within `stop_at` hexes of the target, facing it;
        failing that, as close as the points allow.

        The Step of an Attack goes any way and turns freely; Move and Attack moves
        as a Move; All-Out Attack only forward, turning in place, and keeps its
        last facing (seed 001: 前進と向き, 後退移動・横移動と向き)."""
        head = self._hex(state, target)
        goals = cells(state.status[target])  # a multi-hex target: its nearest hex counts
        reach = int(stop_at)

        def nearest_goal(place: Hex) -> Hex:
            return goals[0] if len(goals) == 1 else nearest_hex(place, goals)

        known: dict[Hex, tuple[Hex, int, Facing]] = {}  # per place: goal, gap, heading

        def score(place: Hex, facing: Facing) -> tuple[int, int, int]:
            if place == head:  # close combat: only for a weapon of reach C
                return (0 if reach == 0 and len(goals) == 1 else _FAR, 0, 0)
            if place in goals:
                return (_FAR, 0, 0)
            seen = known.get(place)
            if seen is None:
                goal = nearest_goal(place)
                seen = known[place] = (
                    goal,
                    max(0, hex_gap(place, goal) - reach),
                    heading(place, goal),
                )
            goal, gap, toward = seen
            faced = arc_of(place, facing, goal) is Arc.FRONT
            return (gap, 0 if faced else 1, facing_turns(facing, toward))

        def rank(place: Hex) -> int:
            """The place's gap to the target: never more than the first part of any of
            its scores (equal but for a multi-hex target's other hexes, scored _FAR)."""
            if place == head:
                return 0 if reach == 0 and len(goals) == 1 else _FAR
            return max(0, hex_gap(place, nearest_goal(place)) - reach)

        # The route depends on the target's hexes, the reach and where the mover can go:
        # for a Step, its hex, facing and the neighbours open to it; for a move, the
        # movement search's question. Kept per map (`field_moves.py`) by all of these.
        moves = self._moves
        profile = _PROFILES.get(maneuver)
        if profile is None:
            start, facing, places = step_places(self.map, state, mover)
            asked: tuple[Any, ...] = (start, facing, places, head, goals, reach)
            found = moves.routes.get(asked)
            if found is None:
                found = moves.keep_route(asked, best_step(start, facing, places, score, rank))
            return found
        question = moves.question(state, mover, budget, profile, False)
        asked = (question, head, goals, reach)
        found = moves.routes.get(asked)
        if found is None:
            found = moves.keep_route(asked, self._settle(moves.answer(question), rank, score))
        return found

    def _open(self, state: GurpsState, mover: str, place: Hex, *, foes: bool = False) -> bool:
        """Whether the mover may step into `place`: on the map, passable, and empty -
        or, with `foes`, holding a foe (seed 001: 敵のいるヘクスに侵入する)."""
        if place not in self.map or not self.map.passable(place):
            return False
        if place in state.status[mover].body:
            return False  # a multi-hex figure's head does not walk into its own body
        there = [
            key
            for key, other in state.status.items()
            if key != mover and other.active and place in cells(other)
        ]
        if not there:
            return True
        side = state.fighters[mover].side
        return foes and any(
            state.fighters[key].side != side
            and state.status[key].hex == place
            and not state.status[key].body
            for key in there
        )

    def _step(self, state: GurpsState, mover: str, score: Any, rank: Any = None) -> Route:
        """seed 001 (上級戦闘での「ステップ」): one hex in any direction, then any facing;
        into a foe's hex (close combat), or out of one by one's own side only: the best
        of `field_moves.step_places` by `score` (`field_moves.best_step`)."""
        start, facing, places = step_places(self.map, state, mover)
        return best_step(start, facing, places, score, rank)

    def withdraw(self, state: GurpsState, mover: str, threat: str, budget: float) -> Route:
        """The move that ends farthest from the threat, still facing it if possible."""
        danger = self._hex(state, threat)

        def rank(place: Hex) -> int:
            return -hex_gap(place, danger)

        def score(place: Hex, facing: Facing) -> tuple[int]:
            faced = place != danger and arc_of(place, facing, danger) is Arc.FRONT
            return (0 if faced else 1,)

        return self._settle(self._search(state, mover, budget), rank, score)

    def lie_down(self, state: GurpsState, key: str) -> None:
        """A figure going down fills its hex and an open one beside it (seed 001)."""
        lie_down(state, key, lambda h: h in self.map and self.map.passable(h))

    def enter(self, state: GurpsState, mover: str, place: Any) -> None:
        """Stand on the hex, in the facing; entering a foe's hex starts a close combat
        (the mover holds the half it came from and faces the foe), leaving one ends it."""
        status = state.status[mover]
        before = status.hex
        status.body = trail(status, place[0])
        if status.prone_hex is not None and place[0] != before:
            status.prone_hex = before  # a crawling figure drags its body after it
        status.hex, status.facing = place
        if before is not None and status.hex != before:
            status.close_side = None
            settle(state, before)
            settle(state, status.hex, mover, before)

    def ends_near(
        self, state: GurpsState, mover: str, budget: float, maneuver: str
    ) -> frozenset[Hex]:
        """Every hex the mover's move inside `maneuver` can end in (seed 001: 移動点)."""
        moves = self._moves
        profile = _PROFILES.get(maneuver, MOVE)
        return moves.hexes_reached(moves.question(state, mover, budget, profile, False))

    def destinations(
        self, state: GurpsState, mover: str, budget: float, maneuver: str = "move"
    ) -> tuple[Destination, ...]:
        """Every (hex, facing) a Move (or the move inside `maneuver`) can end in, cheapest
        first (staying put excluded); those reached only by evading a foe on the way are
        marked `evade`."""
        profile = _PROFILES.get(maneuver, MOVE)
        side = state.fighters[mover].side
        huddled = Counter(
            other.hex
            for key, other in state.status.items()
            if key != mover and other.active and state.fighters[key].side == side
        )
        # seed 001 (ヘクス): at most four friends huddle in a hex
        full = frozenset(
            place for place, count in huddled.items() if place is not None and count >= HUDDLE
        )
        # An end reached without evading never needs it; with no foe in reach, evading
        # finds nothing more.
        near = self._foe_near(state, mover, budget)
        moves = self._moves
        questions = tuple(
            moves.question(state, mover, budget, profile, evading)
            for evading in ((False, True) if near else (False,))
        )
        return moves.destinations_for(questions, full)

    def _foe_near(self, state: GurpsState, mover: str, budget: float) -> bool:
        """Whether a move could meet a foe: one stands within the move's reach (the points,
        the one hex always allowed, the mover's length), or the mover is in close combat."""
        status = state.status[mover]
        if foe_side(state, mover):
            return True
        here = self._hex(state, mover)
        reach = math.ceil(budget) + 2 + len(status.body)
        side = state.fighters[mover].side
        return any(
            hex_gap(here, place) <= reach
            for key, other in state.status.items()
            if key != mover
            and other.active
            and other.hex is not None
            and state.fighters[key].side != side
            for place in cells(other)
        )

    def route_to(
        self,
        state: GurpsState,
        mover: str,
        destination: Destination,
        budget: float,
        maneuver: str = "move",
    ) -> Route:
        """The cheapest route to the mover's chosen destination (seed 001: 移動点), through
        foes' hexes only when the destination says it evades."""
        profile = _PROFILES.get(maneuver, MOVE)
        moves = self._search(state, mover, budget, profile, evading=destination.evade)
        path: tuple[tuple[Hex, Facing], ...] = ()
        for place, facing in moves.states():
            if place == destination.hex and destination.facing in moves.end_facings(place, facing):
                candidate = moves.path(place, facing)
                if not path or len(candidate) < len(path):
                    path = candidate
        if not path:
            raise ValueError(f"{mover} cannot reach {destination.key}")
        return _route(path, destination.facing)

    def push(self, state: GurpsState, target: str, source: str, yards: float) -> float:
        """Hex by hex straight away from the source, stopped by walls and figures."""
        status = state.status[target]
        start = self._hex(state, target)
        way = heading(self._pair(state, source, target)[0], start)
        moved = 0
        for _ in range(int(yards)):
            ahead = [place.neighbor(way) for place in cells(status)]
            mine = set(cells(status))
            if not all(h in mine or self._open(state, target, h) for h in ahead):
                break  # a wall or a figure stops the flight
            status.hex, status.body = ahead[0], tuple(ahead[1 : 1 + len(status.body)])
            if status.prone_hex is not None:
                status.prone_hex = ahead[-1]
            moved += 1
        if moved:
            status.close_side = None
            settle(state, start)
        return float(moved)

    def retreat(self, state: GurpsState, defender: str, attacker: str) -> float:
        """seed 001 (後退): one hex away from the attacker, never into an occupied hex;
        out of a close combat, into one of the three hexes on one's own side
        (近接戦闘での防御), straight out first."""
        status = state.status[defender]
        start = self._hex(state, defender)
        if start != self._hex(state, attacker):
            moved = self.push(state, defender, attacker, 1)
        else:
            moved = 0.0
            for place in own_side(state, defender):
                if self._open(state, defender, place):
                    status.hex, status.close_side = place, None
                    settle(state, start)
                    moved = 1.0
                    break
        if moved:
            self._turn_toward(state, defender, attacker)
        return moved

    def _turn_toward(self, state: GurpsState, key: str, other: str) -> None:
        """seed 001 (後退): after a retreat the defender may turn 60°; senjo turns it one
        step toward the attacker when the attacker is not in front (an interpretation)."""
        status = state.status[key]
        own, theirs = self._pair(state, key, other)
        if own == theirs or arc_of(own, status.facing, theirs) is Arc.FRONT:
            return
        goal = heading(own, theirs)
        right = Facing((status.facing + 1) % 6)
        left = Facing((status.facing - 1) % 6)
        status.facing = min((right, left), key=lambda f: f.turns_to(goal))

    def stumble_past(self, state: GurpsState, mover: str, foe: str, yards: float) -> float:
        """Through the foe's hex to the hex `yards` beyond it, on the heading from the
        mover's hex, facing on (the foe behind it). A figure in the foe's hex (close
        combat: no line), a multi-hex figure, or one whose landing hex is a wall, off the
        map or taken stays where it is (interpretation 49)."""
        status = state.status[mover]
        start = self._hex(state, mover)
        there = self._pair(state, mover, foe)[1] if foe else start
        if status.body or there == start:
            return 0.0
        way = heading(start, there)
        place = there
        for _ in range(int(yards)):
            place = place.neighbor(way)
        if not self._open(state, mover, place):
            return 0.0
        self.enter(state, mover, (place, way))
        return float(hex_gap(start, place))

    def step_back(self, state: GurpsState, mover: str, foe: str) -> Route:
        """The Step (one hex, free facing) that ends farthest from the foe, still facing it."""
        danger = self._hex(state, foe)

        def score(place: Hex, facing: Facing) -> tuple[int, int, int]:
            faced = place != danger and arc_of(place, facing, danger) is Arc.FRONT
            turns = facing_turns(facing, heading(place, danger)) if place != danger else 0
            return (-hex_gap(place, danger), 0 if faced else 1, turns)

        return self._step(state, mover, score)

    def in_the_way(self, state: GurpsState, attacker: str, target: str) -> list[list[str]]:
        """The figures on the line of fire, nearest first; a pair the line runs exactly
        between comes as one group of two (seed 001: 誤射)."""
        line = line_of_fire(*self._pair(state, attacker, target))
        return _figures_on(state, line, (attacker, target))

    def sees(self, state: GurpsState, viewer: str, target: str) -> bool:
        """seed 001 (射界): the target's hex is in the viewer's arc of vision."""
        vision = vision_of(state.fighters[viewer])
        status = state.status[viewer]
        head = self._hex(state, viewer)
        return any(
            in_arc_of_vision(head, status.facing, place, vision)
            for place in cells(state.status[target])
        )

    def clear(self, state: GurpsState, viewer: str, target: str) -> bool:
        """No wall hex on the line between the two figures' hexes (an interpretation: a
        wall blocks sight and fire; seed 001 draws walls as solid), and no figure large
        enough to block it completely (seed 001: SM 2 or more above the viewer's; 3 when
        the viewer kneels, sits or crawls, 4 when it lies)."""
        head = self._hex(state, viewer)
        walls_clear = [
            place for place in cells(state.status[target]) if self.map.clear_line(head, place)
        ]
        if not walls_clear:
            return False
        mine = state.fighters[viewer].size_modifier + _SCREEN[_height(state, viewer)]
        screens = {
            place
            for key, other in state.status.items()
            if key not in (viewer, target)
            and other.active
            and state.fighters[key].size_modifier >= mine
            for place in cells(other)
        }
        if not screens:
            return True
        return any(
            not any(all(h in screens for h in group) for group in line_of_fire(head, place))
            for place in walls_clear
        )

    def face(self, state: GurpsState, mover: str, target: str) -> bool:
        """Turn in place toward a target out of sight (the turn a maneuver's Step allows);
        True if the facing changed."""
        if self.sees(state, mover, target):
            return False
        status = state.status[mover]
        status.facing = heading(self._hex(state, mover), self._hex(state, target))
        return True

    def beyond(
        self, state: GurpsState, attacker: str, target: str, reach: float
    ) -> list[list[str]]:
        """The figures on the line of fire carried on past the target, nearest the target
        first, out to `reach` hexes from the attacker (seed 001: 流れ弾)."""
        origin, goal = self._pair(state, attacker, target)
        gap = hex_gap(origin, goal)
        if gap == 0:
            return []
        far = origin + (goal - origin) * max(1, math.ceil(reach / gap))
        past = [g for g in line_of_fire(origin, far) if gap < hex_gap(g[0], origin) <= reach]
        return _figures_on(state, past, (attacker, target))

    def line_modifiers(
        self, state: GurpsState, attacker: str, target: str, ranged: bool
    ) -> tuple[tuple[str, int], ...]:
        """seed 001: figures between attacker and target.

        Melee past reach 1 (何かあるヘクスを通して攻撃する): -4 for each hex holding a
        foe, none for a friend's; a line running exactly between two hexes counts
        only if both are occupied, and then as a foe only if both hold foes.
        Ranged (ものが存在するヘクスを通しての射撃): -4 for each figure in the way, a pair
        between two occupied hexes counted once; a figure blocks only if it stands at
        least as tall as the lower of shooter and target (an interpretation).
        """
        side = state.fighters[attacker].side
        by_hex = {
            place: key
            for key, other in state.status.items()
            if key not in (attacker, target)
            for place in cells(other)
        }
        if not by_hex:
            return ()
        low = min(_height(state, attacker), _height(state, target))
        penalty = 0
        for group in line_of_fire(*self._pair(state, attacker, target)):
            there = [by_hex[h] for h in group if h in by_hex]
            if len(there) < len(group):
                continue  # an empty hex, or a pair with one side free
            if ranged:
                if all(_height(state, key) >= low for key in there):
                    penalty -= 4
            elif all(state.fighters[key].side != side for key in there):
                penalty -= 4
        if not penalty:
            return ()
        return (("firing_through_occupied" if ranged else "through_foe_hex", penalty),)

    def coordinates(self, state: GurpsState, key: str) -> tuple[float, float]:
        """The hex's axial coordinates."""
        place = self._hex(state, key)
        return float(place.q), float(place.r)

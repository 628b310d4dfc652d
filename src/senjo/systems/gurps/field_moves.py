"""Moves on a hex field: the movement searches, worked out once per map (seed 001:
移動点), and the Step (ステップ).

`MoveSearches` holds, for one `HexMap`, every movement search made on it (by the
question it answers: `MoveSearches.question`) and every list of a Move's
destinations. The map is immutable and each answer a pure function of its
question, so every `HexField` on the same map shares one store (`moves_on`): the
AI weighs the same move several times in a turn, and in a Monte Carlo run the
battles meet the same positions again and again. Sharing changes no result.

`step_places` and `best_step` choose a Step: the hexes open to it, and the best of them
by a score `HexField` gives (its approach keeps the route it finds here per map too).
"""

from __future__ import annotations

import math
from typing import Any

from senjo.space.gaps import FACINGS, hex_gap
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.space.movement import Entry, MoveProfile, Posture, Reachable, search
from senjo.systems.gurps.bodies import cells, size
from senjo.systems.gurps.choices import Destination
from senjo.systems.gurps.close_combat import foe_side, own_side
from senjo.systems.gurps.field import STAY, Route
from senjo.systems.gurps.state import GurpsState

__all__ = ["MoveSearches", "best_step", "moves_on", "step_places"]

#: Answers a map keeps of each kind; past this many, that kind starts afresh.
KEPT = 4096

#: Maps whose answers are kept; a new one past this many starts the stores afresh.
MAPS_KEPT = 4


class MoveSearches:
    """What the fields on one map have worked out: movement searches, the hexes they
    reach, destinations and the routes of an approach to a foe.

    >>> board = HexMap.rectangle(3, 3)
    >>> moves_on(board) is moves_on(board), moves_on(board) is moves_on(HexMap.rectangle(3, 3))
    (True, False)
    """

    __slots__ = ("destinations", "hexmap", "narrow", "reached", "routes", "searches")

    def __init__(self, hexmap: HexMap) -> None:
        self.hexmap = hexmap  # held, so that its identity (the store's key) stays its own
        self.searches: dict[tuple[Any, ...], Reachable] = {}
        self.destinations: dict[tuple[Any, ...], tuple[Destination, ...]] = {}
        self.narrow: dict[int, frozenset[Hex]] = {}
        self.routes: dict[tuple[Any, ...], Route] = {}
        self.reached: dict[tuple[Any, ...], frozenset[Hex]] = {}

    def narrow_for(self, width: int) -> frozenset[Hex]:
        """The hexes too narrow for a figure `width` hexes wide (seed 001: 大きなフィギュア -
        it cannot enter ground narrower than its widest part)."""
        if width <= 1:
            return frozenset()
        found = self.narrow.get(width)
        if found is None:
            board = self.hexmap
            found = frozenset(h for h in board if 0 < board.passage_width(h) < width)
            self.narrow[width] = found
        return found

    def question(
        self, state: GurpsState, mover: str, budget: float, profile: MoveProfile, evading: bool
    ) -> tuple[Any, ...]:
        """Everything a movement search depends on besides the map: the mover's hex,
        facing, points, posture, profile and whether it evades, the hexes of friends and
        foes (sorted), the hexes it may not enter, and the smaller figures it overruns.

        A foe's hex ends the move there, and a close combat is left by one's own side -
        unless `evading` (seed 001: すり抜け), when foes' hexes may be passed through."""
        status = state.status[mover]
        side = state.fighters[mover].side
        friends: list[Hex] = []
        foes: list[Hex] = []
        blocked: list[Hex] = [*status.body, *(() if evading else foe_side(state, mover))]
        own = set(cells(status))
        blocked.extend(h for h in self.narrow_for(state.fighters[mover].width) if h not in own)
        mine = size(state, mover)
        smaller: set[Hex] = set()  # seed 001 (体当たりと蹂躙): a large figure overruns them
        for key, other in state.status.items():
            if key == mover or other.hex is None or not other.active:
                continue
            if other.body:
                # no close combat with a multi-hex figure: its hexes cannot be entered
                blocked.extend(cells(other))
                continue
            if other.prone_hex is not None:
                blocked.append(other.prone_hex)  # a lying figure's second hex
            (friends if state.fighters[key].side == side else foes).append(other.hex)
            if mine > 1 and size(state, key) < mine:
                smaller.add(other.hex)
        start = status.hex
        if start is None:
            raise ValueError(f"{mover} has no hex on this map")
        # Every hex entered costs at least a point, and a figure may always move one hex:
        # no move gets past `far` hexes from its start, so what lies farther changes
        # nothing, and is left out of the question (more questions asked again).
        far = max(math.ceil(budget), 1) + 1
        return (
            start,
            status.facing,
            budget,
            status.posture,
            profile,
            evading,
            tuple(sorted(h for h in friends if hex_gap(start, h) <= far)),
            tuple(sorted(h for h in foes if hex_gap(start, h) <= far)),
            frozenset(h for h in blocked if hex_gap(start, h) <= far),
            frozenset(h for h in smaller if hex_gap(start, h) <= far),
        )

    def keep_route(self, asked: tuple[Any, ...], route: Route) -> Route:
        """Keep the route `HexField.approach` found for `asked` (everything it depends on)."""
        if len(self.routes) >= KEPT:
            self.routes.clear()
        self.routes[asked] = route
        return route

    def answer(self, question: tuple[Any, ...]) -> Reachable:
        """Every state the points reach, for a `question`: searched once, then kept."""
        found = self.searches.get(question)
        if found is not None:
            return found
        start, facing, budget, posture, profile, evading, friends, foes, blocked, smaller = question
        entry: Any = Entry.PASS if evading else Entry.STOP
        if smaller:
            base = entry
            entry = lambda h: Entry.PASS if h in smaller else base  # noqa: E731
        found = search(
            self.hexmap,
            start,
            facing,
            budget,
            posture=Posture(posture),
            friends=friends,
            foes=foes,
            foe_entry=entry,
            profile=profile,
            blocked=blocked,
        )
        if len(self.searches) >= KEPT:
            self.searches.clear()
        self.searches[question] = found
        return found

    def hexes_reached(self, question: tuple[Any, ...]) -> frozenset[Hex]:
        """The hexes a `question`'s search reaches (in any facing): worked out once, kept."""
        found = self.reached.get(question)
        if found is None:
            found = frozenset(place for place, _ in self.answer(question).states())
            if len(self.reached) >= KEPT:
                self.reached.clear()
            self.reached[question] = found
        return found

    def destinations_for(
        self, questions: tuple[tuple[Any, ...], ...], full: frozenset[Hex]
    ) -> tuple[Destination, ...]:
        """Every (hex, facing) the searches of `questions` (without evading, then with)
        end in, cheapest first, but the start and the hexes in `full`; those reached only
        by evading marked `evade`. Worked out once per (questions, full), then kept."""
        asked = (questions, full)
        found = self.destinations.get(asked)
        if found is not None:
            return found
        start = (questions[0][0], questions[0][1])
        ends: dict[tuple[Hex, Facing], tuple[float, bool]] = {}
        for question in questions:
            for here, cost in self.answer(question).ends().items():
                if here not in ends:
                    ends[here] = (cost, bool(question[5]))
        ends.pop(start, None)
        if full:
            ends = {here: end for here, end in ends.items() if here[0] not in full}
        ordered = sorted(  # by cost, then hex (q, r) and facing, as numbers
            ends.items(),
            key=lambda item: (item[1][0], item[0][0].q, item[0][0].r, int(item[0][1])),
        )
        found = tuple(
            Destination(place, facing, cost, evade) for (place, facing), (cost, evade) in ordered
        )
        if len(self.destinations) >= KEPT:
            self.destinations.clear()
        self.destinations[asked] = found
        return found


#: The store of each map, by the map's identity.
_STORES: dict[int, MoveSearches] = {}


def moves_on(hexmap: HexMap) -> MoveSearches:
    """The store shared by every field on `hexmap`."""
    store = _STORES.get(id(hexmap))
    if store is None or store.hexmap is not hexmap:
        if len(_STORES) >= MAPS_KEPT:
            _STORES.clear()
        store = MoveSearches(hexmap)
        _STORES[id(hexmap)] = store
    return store


def step_places(
    board: HexMap, state: GurpsState, mover: str
) -> tuple[Hex, Facing, tuple[Hex, ...]]:
    """seed 001 (上級戦闘での「ステップ」): the mover's hex and facing, and the hexes a Step
    may end in: its own, then its neighbours (out of a close combat, the hexes on its own
    side only) that are on the map, passable, not its own body and empty - or holding a
    lone one-hex foe (敵のいるヘクスに侵入する: a close combat)."""
    status = state.status[mover]
    start = status.hex
    if start is None:
        raise ValueError(f"{mover} has no hex on this map")
    side = state.fighters[mover].side
    # Per hex another figure fills, whether the mover may enter it (it holds a foe's head).
    taken: dict[Hex, bool] = {}
    for key, other in state.status.items():
        if key == mover or not other.active:
            continue
        foe = state.fighters[key].side != side and not other.body
        for cell in cells(other):
            taken[cell] = taken.get(cell, False) or (foe and cell == other.hex)
    places = [start]
    for place in own_side(state, mover) or start.neighbors():
        if (
            place != start
            and place in board
            and board.passable(place)
            and place not in status.body
            and taken.get(place, True)
        ):
            places.append(place)
    return start, status.facing, tuple(places)


def best_step(
    start: Hex, facing: Facing, places: tuple[Hex, ...], score: Any, rank: Any = None
) -> Route:
    """The Step to the best (hex, facing) among `places` by `score`, then staying before
    stepping, then keeping the `facing`. `rank(hex)`, when given, is never more than the
    first part of the hex's scores: a hex ranked above the best score found so far is
    passed over unscored (it could not win; the choice is the same)."""
    best: tuple[Any, ...] | None = None
    for place in places:
        if rank is not None and best is not None and rank(place) > best[0][0]:
            continue
        for end in FACINGS:
            key = (*score(place, end), 0 if place == start else 1, end != facing)
            if best is None or key < best[0]:
                best = (key, place, end)
    assert best is not None
    _, place, end = best
    if (place, end) == (start, facing):
        return STAY
    return Route(((place, end),), (float(hex_gap(place, start)),))

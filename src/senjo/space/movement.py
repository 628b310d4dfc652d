"""Movement points on the hex map (seed 001: 移動点, 移動と向き, 移動点の消費量).

:func:`search` finds every (hex, facing) a figure can end its movement in,
with the cheapest cost and path, by Dijkstra's search over (hex, facing)
states (posture is fixed for the move). Costs are kept in half-points so
crouching's +0.5 stays exact; results are given in movement points.

Costs per step (seed 001):

- **forward** into one of the three front hexes, turning to face the way
  moved: 1 (前進); three forward steps make a half circle;
- **sideways or back** without turning: 2 (横移動・後退移動), and stepping
  into a front-left or front-right hex *without* turning: 2 (向きを変えないで
  正面ヘクスへ“踏み出す”);
- **turning** 60° before or during the move: 1 per 60° (向き変更);
- per hex entered: posture (crouching +0.5, kneeling +2, crawling +2; lying
  allows one hex per turn, sitting none), small obstructions and friendly
  figures +1 each, bad footing +1 (slippery, stairs, shallow water); deep
  water allows one hex per turn; walls and large obstacles cannot be entered.

The maneuver's :class:`MoveProfile` says which steps are allowed and how the
facing may change at the end (seed 001: free when at most half the points
were spent, else one 60° turn). A figure may always move one hex however
costly (どれだけペナルティが厳しかったとしてもいつでも1ヘクスは移動できます).

>>> arena = HexMap.rectangle(9, 9)
>>> moves = search(arena, Hex(4, 2), Facing.N, 3)
>>> moves.cost(Hex(4, 0), Facing.N), moves.cost(Hex(4, 3), Facing.N)
(2.0, 2.0)
>>> moves.path(Hex(5, 0), Facing.NE)
((Hex(4, 2), Facing.N), (Hex(4, 1), Facing.N), (Hex(5, 0), Facing.NE))
>>> cost, facings = reachable_hexes(arena, Hex(4, 2), Facing.N, 3)[Hex(4, -1)]
>>> cost, sorted(facings)
(3.0, [Facing.N, Facing.NE, Facing.NW])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Final

from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap

__all__ = [
    "ALL_OUT_ATTACK",
    "ALL_OUT_DEFENSE",
    "MOVE",
    "MOVE_AND_ATTACK",
    "EndFacing",
    "Entry",
    "MoveProfile",
    "Posture",
    "Reachable",
    "Turns",
    "follow",
    "reachable_hexes",
    "search",
]


class Posture(StrEnum):
    """A figure's posture (姿勢); the values match the GURPS layer's posture names."""

    STANDING = "standing"
    CROUCHING = "crouching"
    KNEELING = "kneeling"
    CRAWLING = "crawling"
    LYING = "lying"
    SITTING = "sitting"


#: Half-points added per hex entered, by posture (seed 001: 姿勢).
_POSTURE_COST: Final = {
    Posture.STANDING: 0,
    Posture.CROUCHING: 1,  # 屈み +0.5
    Posture.KNEELING: 4,  # 膝立ち +2
    Posture.CRAWLING: 4,  # 這い +2
    Posture.LYING: 0,  # 伏せ: one hex per turn
    Posture.SITTING: 0,  # 座り: no movement
}


class Turns(Enum):
    """When a maneuver lets the figure turn, paying 1 point per 60°."""

    ANY = "any"  # before or during the move (Move, Move and Attack, All-Out Defense)
    IN_PLACE = "in_place"  # instead of moving: turn and stay (All-Out Attack)
    NONE = "none"

    def __repr__(self) -> str:
        return f"Turns.{self.name}"


class EndFacing(Enum):
    """The free facing change at the end of the move (移動後の向き変更)."""

    FREE_IF_HALF = "free_if_half"  # any facing if at most half the points were spent, else 60°
    FREE = "free"  # any facing (All-Out Defense, Increased Dodge)
    NONE = "none"  # no change (All-Out Attack)

    def __repr__(self) -> str:
        return f"EndFacing.{self.name}"


class Entry(Enum):
    """Whether a figure may enter an occupied hex, as a rule hook decides."""

    PASS = "pass"  # enter and go on (a friend's hex; evading a foe)
    STOP = "stop"  # enter and end the move there (a foe's hex: close combat)
    BLOCKED = "blocked"

    def __repr__(self) -> str:
        return f"Entry.{self.name}"


@dataclass(frozen=True, slots=True)
class MoveProfile:
    """Which steps a maneuver allows. Forward steps, and stepping into a front hex
    without turning, are always allowed (seed 001: これは「全力攻撃」の時でも可能)."""

    sideways_and_back: bool = True
    turns: Turns = Turns.ANY
    end_facing: EndFacing = EndFacing.FREE_IF_HALF

    def __hash__(self) -> int:
        # Written out: the dataclass's own hashes the two enums in Python, and a search
        # of the map is looked up by its profile (some 90 times a battle). An enum member
        # equals itself alone, so its id hashes it as well as its name does.
        return hash((self.sideways_and_back, id(self.turns), id(self.end_facing)))


#: Move and Move and Attack: every step, turns at 1 per 60°, the half-points end rule.
MOVE: Final = MoveProfile()
MOVE_AND_ATTACK: Final = MOVE
#: All-Out Attack: forward only, may turn instead of moving, no turn at the end.
ALL_OUT_ATTACK: Final = MoveProfile(
    sideways_and_back=False, turns=Turns.IN_PLACE, end_facing=EndFacing.NONE
)
#: All-Out Defense (Increased Dodge): every step, and any facing at the end.
ALL_OUT_DEFENSE: Final = MoveProfile(end_facing=EndFacing.FREE)


def _step_table(sideways_and_back: bool) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per facing: (direction, facing after, cost in half-points) of each step."""
    table = []
    for f in range(6):
        left, right = (f - 1) % 6, (f + 1) % 6
        steps = [(f, f, 2), (right, right, 2), (left, left, 2), (right, f, 4), (left, f, 4)]
        if sideways_and_back:
            steps += [((f + 2) % 6, f, 4), ((f - 2) % 6, f, 4), ((f + 3) % 6, f, 4)]
        table.append(tuple(steps))
    return tuple(table)


_STEPS: Final = {flag: _step_table(flag) for flag in (True, False)}
_FACINGS: Final = tuple(Facing)
_UNLIMITED: Final = 1 << 62  # more half-points than any move costs
_ALL_FACINGS: Final = frozenset(Facing)
_JUST: Final = tuple(frozenset({f}) for f in Facing)
_TURN_ONE: Final = tuple(frozenset({f.left(), f, f.right()}) for f in Facing)
#: The same facings as plain numbers, in the sets' own order (`Reachable.ends` adds them
#: to state numbers by the thousand: sums of plain integers, not of `Facing`s).
_ALL_NUMBERS: Final = tuple(int(f) for f in _ALL_FACINGS)
_JUST_NUMBERS: Final = tuple(tuple(int(f) for f in end) for end in _JUST)
_TURN_ONE_NUMBERS: Final = tuple(tuple(int(f) for f in end) for end in _TURN_ONE)

EntryRule = Entry | Callable[[Hex], Entry]


class Reachable:
    """Every state a search reached: its cost, cheapest path and facings at the end.

    States are ``(hex, facing)`` pairs as they stand when the movement stops,
    before the free end-of-move facing change (:meth:`end_facings`).
    """

    __slots__ = ("_budget", "_costs", "_map", "_parents", "_profile", "_start")

    def __init__(
        self,
        hexmap: HexMap,
        start: int,
        costs: dict[int, int],
        parents: dict[int, int],
        budget: int,
        profile: MoveProfile,
    ) -> None:
        self._map = hexmap
        self._start = start
        self._costs = costs
        self._parents = parents
        self._budget = budget
        self._profile = profile

    def __repr__(self) -> str:
        h, f = divmod(self._start, 6)
        return (
            f"<Reachable from {self._map._hexes[h]!r} facing {Facing(f)},"
            f" {self._budget / 2:g} points: {len(self._costs)} states>"
        )

    def __len__(self) -> int:
        return len(self._costs)

    def __iter__(self) -> Iterator[tuple[Hex, Facing]]:
        hexes = self._map._hexes
        for state in self._costs:
            yield hexes[state // 6], _FACINGS[state % 6]

    def __contains__(self, state: object) -> bool:
        return self._key(state) in self._costs

    def _key(self, state: object) -> int:
        if isinstance(state, tuple) and len(state) == 2:
            h, f = state
            i = self._map._index.get(h)
            if i is not None and isinstance(f, int) and 0 <= f < 6:
                return i * 6 + f
        return -1

    @property
    def movement_points(self) -> float:
        """The points the figure had."""
        return self._budget / 2

    def cost(self, h: Hex, facing: Facing) -> float | None:
        """Movement points spent to stand in ``h`` facing ``facing``; ``None`` if out of reach.

        More than :attr:`movement_points` only for the one hex a figure may
        always move.
        """
        spent = self._costs.get(self._key((h, facing)))
        return None if spent is None else spent / 2

    def path(self, h: Hex, facing: Facing) -> tuple[tuple[Hex, Facing], ...]:
        """The cheapest way to ``(h, facing)``: the start state, then one state per step or turn."""
        state = self._key((h, facing))
        if state not in self._costs:
            raise KeyError(f"({h!r}, {facing!r}) is out of reach")
        hexes, parents = self._map._hexes, self._parents
        steps = [state]
        while state != self._start:
            state = parents[state]
            steps.append(state)
        return tuple((hexes[s // 6], _FACINGS[s % 6]) for s in reversed(steps))

    def end_facings(self, h: Hex, facing: Facing) -> frozenset[Facing]:
        """The facings the figure may end in after arriving at ``(h, facing)`` (seed 001:
        移動後の向き変更 — free if at most half the points were spent, else one 60° turn)."""
        spent = self._costs.get(self._key((h, facing)))
        if spent is None:
            raise KeyError(f"({h!r}, {facing!r}) is out of reach")
        return self._end(spent, facing)

    def _free_up_to(self) -> int:
        """The most half-points spent that still leave the end facing free (-1: never)."""
        rule = self._profile.end_facing
        if rule is EndFacing.FREE:
            return _UNLIMITED
        return self._budget // 2 if rule is EndFacing.FREE_IF_HALF else -1

    def _end(self, spent: int, facing: int) -> frozenset[Facing]:
        if spent <= self._free_up_to():
            return _ALL_FACINGS
        return _JUST[facing] if self._profile.end_facing is EndFacing.NONE else _TURN_ONE[facing]

    def states(self) -> dict[tuple[Hex, Facing], float]:
        """Every reached state and its cost in movement points, cheapest first."""
        hexes = self._map._hexes
        return {(hexes[s // 6], _FACINGS[s % 6]): c / 2 for s, c in self._costs.items()}

    def ends(self) -> dict[tuple[Hex, Facing], float]:
        """Every ``(hex, facing)`` the figure may end the move in (after the end-of-move
        facing change), with the cheapest cost of getting there; cheapest first.

        >>> moves = search(HexMap.rectangle(3, 3), Hex(1, 0), Facing.S, 1)
        >>> ends = moves.ends()
        >>> ends[(Hex(1, 1), Facing.SW)], (Hex(1, 1), Facing.N) in ends, ends[(Hex(1, 0), Facing.N)]
        (1.0, False, 0.0)
        """
        free_up_to = self._free_up_to()
        turn = _JUST_NUMBERS if self._profile.end_facing is EndFacing.NONE else _TURN_ONE_NUMBERS
        best: dict[int, int] = {}
        for state, spent in self._costs.items():  # cheapest first: the first cost is the best
            base = state - state % 6
            for facing in _ALL_NUMBERS if spent <= free_up_to else turn[state % 6]:
                best.setdefault(base + facing, spent)
        hexes = self._map._hexes
        return {(hexes[k // 6], _FACINGS[k % 6]): spent / 2 for k, spent in best.items()}

    def hexes(self) -> dict[Hex, tuple[float, frozenset[Facing]]]:
        """Per reachable hex: the cheapest cost and every facing the figure may end in there."""
        free_up_to = self._free_up_to()
        turn = _JUST if self._profile.end_facing is EndFacing.NONE else _TURN_ONE
        best: dict[int, int] = {}
        facings: dict[int, frozenset[Facing]] = {}
        for state, spent in self._costs.items():  # cheapest first
            i = state // 6
            end = _ALL_FACINGS if spent <= free_up_to else turn[state % 6]
            known = facings.get(i)
            if known is None:
                best[i] = spent
                facings[i] = end
            elif known is not _ALL_FACINGS:
                facings[i] = known | end
        hexes = self._map._hexes
        return {hexes[i]: (best[i] / 2, facings[i]) for i in best}


def _entry(rule: EntryRule, h: Hex) -> Entry:
    return rule if isinstance(rule, Entry) else rule(h)


def search(
    hexmap: HexMap,
    start: Hex,
    facing: Facing,
    movement_points: float,
    *,
    posture: Posture = Posture.STANDING,
    profile: MoveProfile = MOVE,
    friends: Iterable[Hex] = (),
    foes: Iterable[Hex] = (),
    friend_entry: EntryRule = Entry.PASS,
    foe_entry: EntryRule = Entry.STOP,
    blocked: Iterable[Hex] = (),
) -> Reachable:
    """Every state reachable with ``movement_points``, with its cheapest cost and path.

    ``friends`` and ``foes`` are the hexes other figures stand in (a hex listed
    twice holds two). Entering a friend's hex costs +1 per friend (seed 001:
    仲間のいるヘクスを通過することもできますが、移動力が余分にかかります); the
    entry rules say whether an occupied hex may be entered, passed through
    (e.g. evading a foe) or only entered to stop there (by default a foe's
    hex: close combat, seed 001: 敵のいるヘクスに侵入する). A rule may be an
    :class:`Entry` or a function of the hex. ``blocked`` hexes cannot be entered
    in this search at all (e.g. the foe's side of a close combat being left).

    >>> m = HexMap.rectangle(5, 5)
    >>> moves = search(m, Hex(2, 1), Facing.N, 2, foes=[Hex(2, 0)])
    >>> moves.cost(Hex(2, 0), Facing.N), moves.cost(Hex(2, -1), Facing.N)
    (1.0, None)
    """
    budget = round(movement_points * 2) if math.isfinite(movement_points) else -1
    if budget != movement_points * 2 or budget < 0:
        raise ValueError(
            f"movement points must be 0 or more in steps of 0.5, got {movement_points!r}"
        )
    if start not in hexmap:
        raise ValueError(f"start {start!r} is not on the map")
    index = hexmap._index
    origin = index[start] * 6 + int(facing)
    terrain = hexmap._terrain
    stops: set[int] = set()
    friend_count: dict[Hex, int] = {}  # not a Counter: its constructor runs as Python
    for friend in friends:
        friend_count[friend] = friend_count.get(friend, 0) + 1
    foe_hexes = set(foes)
    shut = [index[h] for h in blocked if h in index]
    if friend_count or foe_hexes or shut:
        terrain = terrain.copy()
        for closed in shut:
            terrain[closed] = -1
        for h in foe_hexes | friend_count.keys():
            i = index.get(h)
            if i is None or terrain[i] < 0:
                continue
            entry = _entry(friend_entry, h) if h in friend_count else Entry.PASS
            if h in foe_hexes:
                foe = _entry(foe_entry, h)
                entry = foe if foe is not Entry.PASS else entry
            if entry is Entry.BLOCKED:
                terrain[i] = -1
                continue
            terrain[i] += 2 * friend_count.get(h, 0)
            if entry is Entry.STOP:
                stops.add(i)
    costs, parents = _dijkstra(hexmap, origin, budget, terrain, stops, posture, profile)
    found = len(costs)
    if profile.turns is Turns.IN_PLACE:
        _turn_in_place(origin, budget, costs, parents)
    if budget > 0 and posture is not Posture.SITTING:
        _one_hex_minimum(hexmap, origin, terrain, posture, profile, costs, parents)
    if len(costs) != found:  # keep cheapest first
        costs = dict(sorted(costs.items(), key=lambda item: item[1]))
    return Reachable(hexmap, origin, costs, parents, budget, profile)


def _dijkstra(
    hexmap: HexMap,
    origin: int,
    budget: int,
    terrain: list[int],
    stops: set[int],
    posture: Posture,
    profile: MoveProfile,
) -> tuple[dict[int, int], dict[int, int]]:
    """Cheapest cost (half-points) of every state within ``budget``; a bucket queue, as
    every step costs a whole number of half-points and at least 2."""
    neighbors = hexmap._neighbors
    deep = hexmap._deep
    start_hex = origin // 6
    extra = _POSTURE_COST[posture]
    # one hex per turn: lying (伏せ), or starting in deep water (深い水)
    one_hex = posture is Posture.LYING or deep[start_hex] == 1
    moves = posture is not Posture.SITTING
    steps = _STEPS[profile.sideways_and_back]
    turns = profile.turns is Turns.ANY
    best: dict[int, int] = {origin: 0}
    parents: dict[int, int] = {}
    settled: dict[int, int] = {}
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(origin)
    for cost in range(budget + 1):
        for state in buckets[cost]:
            if state in settled:
                continue
            settled[state] = cost
            i, f = divmod(state, 6)
            if moves and (i == start_hex or not (one_hex or deep[i] or i in stops)):
                base = 6 * i
                for direction, after, step in steps[f]:
                    j = neighbors[base + direction]
                    if j < 0:
                        continue
                    ground = terrain[j]
                    if ground < 0:
                        continue
                    total = cost + step + ground + extra
                    if total > budget:
                        continue
                    target = 6 * j + after
                    if total < best.get(target, budget + 1):
                        best[target] = total
                        parents[target] = state
                        buckets[total].append(target)
            if turns and cost + 2 <= budget:
                total = cost + 2
                base = 6 * i
                for target in (base + (f + 1) % 6, base + (f - 1) % 6):
                    if total < best.get(target, budget + 1):
                        best[target] = total
                        parents[target] = state
                        buckets[total].append(target)
    return settled, parents


def _turn_in_place(
    origin: int, budget: int, costs: dict[int, int], parents: dict[int, int]
) -> None:
    """All-Out Attack's turn instead of a move: 1 point per 60°, and no step after it."""
    base, facing = divmod(origin, 6)
    base *= 6
    for sense in (1, -1):
        previous = origin
        for turns in (1, 2, 3):
            target = base + (facing + sense * turns) % 6
            spent = 2 * turns
            if spent > budget:
                break
            if costs.get(target, budget + 1) > spent:
                costs[target] = spent
                parents[target] = previous
            previous = target


def _one_hex_minimum(
    hexmap: HexMap,
    origin: int,
    terrain: list[int],
    posture: Posture,
    profile: MoveProfile,
    costs: dict[int, int],
    parents: dict[int, int],
) -> None:
    """Seed 001: a figure can always move one hex, however costly — any step the maneuver
    allows from the start, into a hex that can be entered, at its full cost."""
    start_hex, facing = divmod(origin, 6)
    extra = _POSTURE_COST[posture]
    for direction, after, step in _STEPS[profile.sideways_and_back][facing]:
        j = hexmap._neighbors[6 * start_hex + direction]
        if j < 0 or terrain[j] < 0:
            continue
        target = 6 * j + after
        if target not in costs:
            costs[target] = step + terrain[j] + extra
            parents[target] = origin


def reachable_hexes(
    hexmap: HexMap,
    start: Hex,
    facing: Facing,
    movement_points: float,
    *,
    posture: Posture = Posture.STANDING,
    profile: MoveProfile = MOVE,
    friends: Iterable[Hex] = (),
    foes: Iterable[Hex] = (),
    friend_entry: EntryRule = Entry.PASS,
    foe_entry: EntryRule = Entry.STOP,
) -> dict[Hex, tuple[float, frozenset[Facing]]]:
    """``{hex: (cheapest cost, facings the figure may end in)}`` — :func:`search`, per hex.

    >>> m = HexMap.rectangle(5, 5)
    >>> cost, facings = reachable_hexes(m, Hex(2, 1), Facing.N, 1)[Hex(2, 0)]
    >>> cost, len(facings)
    (1.0, 3)
    """
    return search(
        hexmap,
        start,
        facing,
        movement_points,
        posture=posture,
        profile=profile,
        friends=friends,
        foes=foes,
        friend_entry=friend_entry,
        foe_entry=foe_entry,
    ).hexes()


def follow(body: Sequence[Hex], path: Iterable[Hex]) -> tuple[Hex, ...]:
    """Where a multi-hex figure stands after its head moves along ``path``.

    ``body`` lists the figure's hexes head first. The head moves as if it were
    a one-hex figure and the rest of the body follows its trail (seed 001:
    大きなフィギュア — 体の残りの部分が頭についていく). Repeated hexes in the
    path (turns) are skipped.

    >>> follow((Hex(0, 0), Hex(0, 1), Hex(0, 2)), [Hex(0, 0), Hex(1, -1), Hex(2, -2)])
    (Hex(2, -2), Hex(1, -1), Hex(0, 0))
    """
    if not body:
        raise ValueError("a figure occupies at least one hex")
    trail = list(reversed(body))
    for h in path:
        if h != trail[-1]:
            trail.append(h)
    return tuple(reversed(trail[-len(body) :]))

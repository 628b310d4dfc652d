"""Movement points on the hex map (seed 001: 移動点, 移動と向き, 移動点の消費量)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import Footing, HexMap
from senjo.space.movement import (
    ALL_OUT_ATTACK,
    ALL_OUT_DEFENSE,
    MOVE,
    EndFacing,
    Entry,
    MoveProfile,
    Posture,
    Reachable,
    Turns,
    follow,
    reachable_hexes,
    search,
)

OPEN = HexMap.rectangle(21, 21)
START = Hex.from_offset(10, 10)
ALL = frozenset(Facing)


def cost(hex_: Hex, facing: Facing, points: float = 10, **kwargs: object) -> float | None:
    """The cost of (hex, facing) from START facing north on the open map."""
    hexmap = kwargs.pop("hexmap", OPEN)
    assert isinstance(hexmap, HexMap)
    return search(hexmap, START, Facing.N, points, **kwargs).cost(hex_, facing)  # type: ignore[arg-type]


def ahead(*steps: Facing) -> Hex:
    """START moved by the given steps."""
    h = START
    for step in steps:
        h = h.neighbor(step)
    return h


# --- direction of travel (移動する向き) ---------------------------------------------------


def test_forward_costs_one_per_hex() -> None:
    """Seed 001 (前進): one point per hex into a front hex."""
    assert cost(ahead(Facing.N), Facing.N) == 1
    assert cost(ahead(Facing.N, Facing.N, Facing.N), Facing.N) == 3


def test_forward_into_a_front_corner_turns_the_figure() -> None:
    """Seed 001: moving forward into the front-right hex faces the way moved, for 1 point."""
    assert cost(ahead(Facing.NE), Facing.NE) == 1
    assert cost(ahead(Facing.NW), Facing.NW) == 1


def test_three_forward_steps_make_a_half_circle() -> None:
    """Seed 001: three forward steps can end facing the opposite way (3 points)."""
    hex_ = ahead(Facing.NE, Facing.SE, Facing.S)
    assert cost(hex_, Facing.S) == 3
    moves = search(OPEN, START, Facing.N, 3)
    assert [f for _, f in moves.path(hex_, Facing.S)] == [Facing.N, Facing.NE, Facing.SE, Facing.S]


@pytest.mark.parametrize("direction", [Facing.SE, Facing.SW, Facing.S])
def test_sideways_and_back_cost_two_per_hex(direction: Facing) -> None:
    """Seed 001 (横移動・後退移動): two points per hex, keeping the facing."""
    assert cost(ahead(direction), Facing.N) == 2
    assert cost(ahead(direction, direction), Facing.N) == 4


@pytest.mark.parametrize("direction", [Facing.NE, Facing.NW])
def test_stepping_into_a_front_hex_without_turning_costs_two(direction: Facing) -> None:
    """Seed 001 (向きを変えないで正面ヘクスへ“踏み出す”): 2 points, facing unchanged."""
    assert cost(ahead(direction), Facing.N) == 2


@pytest.mark.parametrize(("facing", "turns"), [(Facing.NE, 1), (Facing.SE, 2), (Facing.S, 3)])
def test_turning_costs_one_per_60_degrees(facing: Facing, turns: int) -> None:
    """Seed 001 (向き変更): one point per 60° before or during the move; 180° costs 3."""
    assert cost(START, facing) == turns
    assert cost(START, Facing(-facing % 6)) == turns  # the same turn the other way


def test_worked_example_two_hexes_back() -> None:
    """Two hexes back: 4 stepping back (2 + 2); 4 facing the other way too — turn 120° (2),
    then forward into the front hex behind (1, turning to face it) and on (1)."""
    behind = ahead(Facing.S, Facing.S)
    assert cost(behind, Facing.N) == 4
    assert cost(behind, Facing.S) == 4
    assert cost(ahead(Facing.S), Facing.S) == 3
    moves = search(OPEN, START, Facing.N, 4)
    assert [f for _, f in moves.path(behind, Facing.S)][-2:] == [Facing.S, Facing.S]


# --- facing at the end of the move (移動後の向き変更) ---------------------------------------


def test_free_facing_when_at_most_half_the_points_were_spent() -> None:
    """Seed 001: any facing at the end if at most half the points were spent."""
    hexes = reachable_hexes(OPEN, START, Facing.N, 4)
    assert hexes[ahead(Facing.N, Facing.N)] == (2, ALL)
    assert hexes[START] == (0, ALL)


def test_one_free_turn_when_more_than_half_was_spent() -> None:
    """Seed 001: past half the points, only one 60° turn at the end is free."""
    hexes = reachable_hexes(OPEN, START, Facing.N, 3)
    assert hexes[ahead(Facing.N, Facing.N, Facing.N)] == (
        3,
        frozenset({Facing.NW, Facing.N, Facing.NE}),
    )
    moves = search(OPEN, START, Facing.N, 5)
    assert moves.end_facings(ahead(Facing.N, Facing.N), Facing.N) == ALL  # 2 <= 2.5
    assert moves.end_facings(ahead(Facing.N, Facing.N, Facing.N), Facing.N) == {
        Facing.NW, Facing.N, Facing.NE
    }  # fmt: skip


def test_all_out_defense_turns_freely_at_the_end() -> None:
    """Seed 001: with All-Out Defense (Increased Dodge) the facing is free at the end."""
    hexes = reachable_hexes(OPEN, START, Facing.N, 3, profile=ALL_OUT_DEFENSE)
    assert hexes[ahead(Facing.N, Facing.N, Facing.N)] == (3, ALL)
    assert hexes[ahead(Facing.S)][0] == 2  # sideways and back allowed


# --- All-Out Attack ---------------------------------------------------------------------------


def test_all_out_attack_moves_only_forward() -> None:
    """Seed 001: All-Out Attack moves forward only — no sideways or backward steps."""
    moves = search(OPEN, START, Facing.N, 2, profile=ALL_OUT_ATTACK)
    assert moves.cost(ahead(Facing.N, Facing.N), Facing.N) == 2
    assert moves.cost(ahead(Facing.NE), Facing.N) == 2  # a front hex without turning is allowed
    assert ahead(Facing.S) not in reachable_hexes(OPEN, START, Facing.N, 2, profile=ALL_OUT_ATTACK)
    assert ahead(Facing.SE) not in reachable_hexes(OPEN, START, Facing.N, 2, profile=ALL_OUT_ATTACK)


def test_all_out_attack_keeps_its_facing_at_the_end() -> None:
    """Seed 001: All-Out Attack may not change facing at the end of the move."""
    hexes = reachable_hexes(OPEN, START, Facing.N, 2, profile=ALL_OUT_ATTACK)
    assert hexes[ahead(Facing.N)] == (1, frozenset({Facing.N}))


def test_all_out_attack_may_turn_instead_of_moving() -> None:
    """All-Out Attack may change facing in place (1 per 60°), but not turn and then step."""
    moves = search(OPEN, START, Facing.N, 4, profile=ALL_OUT_ATTACK)
    assert moves.cost(START, Facing.S) == 3
    assert moves.cost(START, Facing.NE) == 1
    assert moves.cost(ahead(Facing.S), Facing.S) is None  # turn 3 + forward 1 is not allowed
    assert moves.path(START, Facing.SE) == (
        (START, Facing.N), (START, Facing.NE), (START, Facing.SE)
    )  # fmt: skip


# --- postures (姿勢) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("posture", "one", "two"),
    [
        (Posture.STANDING, 1, 2),
        (Posture.CROUCHING, 1.5, 3),
        (Posture.KNEELING, 3, 6),
        (Posture.CRAWLING, 3, 6),
    ],
)
def test_posture_adds_to_every_hex(posture: Posture, one: float, two: float) -> None:
    """Seed 001 (姿勢): crouching +0.5 per hex, kneeling +2, crawling +2."""
    assert cost(ahead(Facing.N), Facing.N, posture=posture) == one
    assert cost(ahead(Facing.N, Facing.N), Facing.N, posture=posture) == two


def test_posture_does_not_add_to_turns() -> None:
    """Posture costs are per hex entered; turning in place costs the same 1 per 60°."""
    assert cost(START, Facing.S, posture=Posture.KNEELING) == 3


def test_crouching_half_points_decide_the_free_facing() -> None:
    """Half-points count: 1.5 spent of 3 is at most half (free facing); 3 of 3 is not."""
    hexes = reachable_hexes(OPEN, START, Facing.N, 3, posture=Posture.CROUCHING)
    assert hexes[ahead(Facing.N)] == (1.5, ALL)
    assert hexes[ahead(Facing.N, Facing.N)] == (3, frozenset({Facing.NW, Facing.N, Facing.NE}))
    assert ahead(Facing.N, Facing.N, Facing.N) not in hexes


def test_lying_figures_move_one_hex_per_turn() -> None:
    """Seed 001 (伏せ): one hex per turn, in any direction, however many points."""
    hexes = reachable_hexes(OPEN, START, Facing.N, 10, posture=Posture.LYING)
    assert set(hexes) == set(START.within(1))


def test_sitting_figures_cannot_move() -> None:
    """Seed 001 (座り): no movement; only the facing may change."""
    hexes = reachable_hexes(OPEN, START, Facing.N, 10, posture=Posture.SITTING)
    assert set(hexes) == {START}


# --- obstructions, walls, footing -----------------------------------------------------------


def test_small_obstructions_cost_one_each() -> None:
    """Seed 001 (小さい障害物): +1 per body or friend in the hex."""
    bodies = HexMap.rectangle(21, 21, obstructions={ahead(Facing.N): 2})
    assert cost(ahead(Facing.N), Facing.N, hexmap=bodies) == 3
    assert cost(ahead(Facing.N), Facing.N, friends=[ahead(Facing.N)]) == 2
    assert cost(ahead(Facing.N), Facing.N, friends=[ahead(Facing.N)] * 2) == 3


def test_walls_are_impassable_and_force_a_detour() -> None:
    """Seed 001 (柱, 大きい障害物): walls and large obstacles cannot be entered; go round."""
    wall, barricade = ahead(Facing.N), ahead(Facing.N, Facing.N, Facing.N)
    blocked = HexMap.rectangle(21, 21, walls=[wall], obstacles=[barricade])
    assert cost(wall, Facing.N, hexmap=blocked) is None
    assert cost(barricade, Facing.N, hexmap=blocked) is None
    # round the pillar: forward NE, forward N, forward NW: 3 points, facing NW
    beyond = ahead(Facing.N, Facing.N)
    assert cost(beyond, Facing.NW, hexmap=blocked) == 3
    assert cost(beyond, Facing.N, hexmap=blocked) == 4
    assert cost(beyond, Facing.N) == 2


@pytest.mark.parametrize("ground", [Footing.SLIPPERY, Footing.STAIRS, Footing.SHALLOW_WATER])
def test_bad_footing_costs_one_more(ground: Footing) -> None:
    """Seed 001 (足場の悪さ): slippery ground, stairs and shallow water +1 per hex."""
    m = HexMap.rectangle(21, 21, footing={ahead(Facing.N): ground})
    assert cost(ahead(Facing.N), Facing.N, hexmap=m) == 2


def test_entering_deep_water_ends_the_move() -> None:
    """Seed 001 (深い水): one hex per turn — a figure entering deep water goes no further."""
    pool = ahead(Facing.N, Facing.N)
    m = HexMap.rectangle(21, 21, footing={pool: Footing.DEEP_WATER})
    hexes = reachable_hexes(m, START, Facing.N, 10)
    assert hexes[pool][0] == 2
    assert all(_stays_once_in(pool, search(m, START, Facing.N, 10)))


def test_starting_in_deep_water_allows_one_hex() -> None:
    """Seed 001 (深い水): a swimmer moves one hex per turn."""
    m = HexMap.rectangle(21, 21, footing={START: Footing.DEEP_WATER})
    assert set(reachable_hexes(m, START, Facing.N, 10)) == set(START.within(1))


def _stays_once_in(stop: Hex, moves: Reachable) -> Iterator[bool]:
    """Per reached state: once its path enters ``stop`` it never leaves."""
    for h, f in moves:
        hexes = [x for x, _ in moves.path(h, f)]
        yield stop not in hexes or set(hexes[hexes.index(stop) :]) == {stop}


# --- the one-hex minimum ---------------------------------------------------------------------


def test_one_hex_is_always_possible() -> None:
    """Seed 001: however heavy the penalties, a figure can always move one hex."""
    hexes = reachable_hexes(OPEN, START, Facing.N, 1, posture=Posture.KNEELING)
    assert hexes[ahead(Facing.N)][0] == 3  # forward, +2 kneeling, with only 1 point
    assert hexes[ahead(Facing.S)][0] == 4  # back, +2 kneeling
    assert ahead(Facing.N, Facing.N) not in hexes
    assert hexes[ahead(Facing.N)][1] == {Facing.NW, Facing.N, Facing.NE}


def test_one_hex_minimum_keeps_walls_and_the_maneuver() -> None:
    """The minimum does not open walls nor allow steps the maneuver forbids."""
    m = HexMap.rectangle(21, 21, walls=[ahead(Facing.N)])
    hexes = reachable_hexes(m, START, Facing.N, 1, posture=Posture.CRAWLING, profile=ALL_OUT_ATTACK)
    assert set(hexes) == {START, ahead(Facing.NE), ahead(Facing.NW)}


def test_no_points_no_move() -> None:
    """With no movement points (no movement maneuver) the figure stays put."""
    assert set(reachable_hexes(OPEN, START, Facing.N, 0)) == {START}


# --- occupied hexes ---------------------------------------------------------------------------


def test_a_foes_hex_can_be_entered_but_not_passed() -> None:
    """Seed 001 (敵のいるヘクスに侵入する): entering a foe's hex stops the move there."""
    foe = ahead(Facing.N)
    moves = search(OPEN, START, Facing.N, 5, foes=[foe])
    assert moves.cost(foe, Facing.N) == 1
    assert all(_stays_once_in(foe, moves))
    assert moves.cost(ahead(Facing.N, Facing.N), Facing.NW) == 3  # round the foe


def test_entry_rules_are_hooks() -> None:
    """A rule may let a figure evade through a foe or forbid a friend's hex, per hex."""
    foe = ahead(Facing.N)
    through = search(OPEN, START, Facing.N, 5, foes=[foe], foe_entry=Entry.PASS)
    assert through.cost(ahead(Facing.N, Facing.N), Facing.N) == 2
    barred = search(OPEN, START, Facing.N, 5, friends=[foe], friend_entry=lambda h: Entry.BLOCKED)
    assert barred.cost(foe, Facing.N) is None


# --- results and inputs -----------------------------------------------------------------------


def test_results_are_cheapest_first_and_self_consistent() -> None:
    """states() lists every state once, cheapest first; paths start at the start state."""
    moves = search(OPEN, START, Facing.N, 4)
    states = moves.states()
    assert len(states) == len(moves)
    assert list(states.values()) == sorted(states.values())
    for (h, f), spent in states.items():
        assert moves.cost(h, f) == spent
        assert moves.path(h, f)[0] == (START, Facing.N)
        assert moves.path(h, f)[-1] == (h, f)
        assert (h, f) in moves
    assert (Hex(99, 99), Facing.N) not in moves
    assert "Reachable from" in repr(moves)


def test_unreached_states_raise_key_error() -> None:
    """Asking the path to a state out of reach is an error."""
    moves = search(OPEN, START, Facing.N, 1)
    with pytest.raises(KeyError, match="out of reach"):
        moves.path(Hex(0, 0), Facing.N)
    with pytest.raises(KeyError, match="out of reach"):
        moves.end_facings(Hex(0, 0), Facing.N)


@pytest.mark.parametrize("points", [-1, 1.25, math.nan])
def test_movement_points_are_whole_or_half(points: float) -> None:
    """Movement points are checked: 0 or more, in steps of 0.5."""
    with pytest.raises(ValueError, match=r"steps of 0\.5"):
        search(OPEN, START, Facing.N, points)


def test_start_must_be_on_the_map() -> None:
    """A start off the map is refused."""
    with pytest.raises(ValueError, match="not on the map"):
        search(OPEN, Hex(-40, 0), Facing.N, 3)


def test_multi_hex_bodies_follow_the_head() -> None:
    """Seed 001 (大きなフィギュア): the head moves; the body follows its trail."""
    horse = (Hex(0, 0), Hex(0, 1))
    assert follow(horse, [Hex(0, 0), Hex(0, -1), Hex(0, -1), Hex(1, -2)]) == (
        Hex(1, -2),
        Hex(0, -1),
    )
    assert follow(horse, []) == horse
    with pytest.raises(ValueError, match="at least one hex"):
        follow((), [])


# --- agreement with a plain reference --------------------------------------------------------

_EXTRA = {Posture.CROUCHING: 0.5, Posture.KNEELING: 2.0, Posture.CRAWLING: 2.0}


def _reference_steps(
    m: HexMap, start: Hex, posture: Posture, profile: MoveProfile, friends: Counter[Hex],
    foes: set[Hex], h: Hex, f: Facing,
) -> Iterator[tuple[Hex, Facing, float]]:  # fmt: skip
    """Every step or turn from (h, f), read straight off the seed's cost list."""
    one_hex = posture is Posture.LYING or m.footing_at(start) is Footing.DEEP_WATER
    stopped = h != start and (one_hex or m.footing_at(h) is Footing.DEEP_WATER or h in foes)
    if posture is not Posture.SITTING and not stopped:
        for d in Facing:
            target = h.neighbor(d)
            if not m.passable(target):
                continue
            extra = m.terrain_cost(target) + friends[target] + _EXTRA.get(posture, 0.0)
            if f.turns_to(d) <= 1:
                yield target, d, 1 + extra
            if f.turns_to(d) == 1:
                yield target, f, 2 + extra
            if f.turns_to(d) >= 2 and profile.sideways_and_back:
                yield target, f, 2 + extra
    if profile.turns is Turns.ANY:
        yield h, f.right(), 1
        yield h, f.left(), 1


def _reference(
    m: HexMap, start: Hex, facing: Facing, points: float, posture: Posture,
    profile: MoveProfile, friends: Counter[Hex], foes: set[Hex],
) -> dict[tuple[Hex, Facing], float]:  # fmt: skip
    """Cheapest costs by relaxing every state until nothing changes."""
    best = {(start, facing): 0.0}
    changed = True
    while changed:
        changed = False
        for (h, f), spent in list(best.items()):
            for target, after, step in _reference_steps(
                m, start, posture, profile, friends, foes, h, f
            ):
                total = spent + step
                if total <= points and total < best.get((target, after), math.inf):
                    best[target, after] = total
                    changed = True
    if profile.turns is Turns.IN_PLACE:
        for f in Facing:
            turns = facing.turns_to(f)
            if turns <= points and turns < best.get((start, f), math.inf):
                best[start, f] = turns
    if points > 0 and posture is not Posture.SITTING:
        for target, after, step in _reference_steps(
            m, start, posture, profile, friends, foes, start, facing
        ):
            if target != start:
                best.setdefault((target, after), step)
    return best


_cells = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=8)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    walls=_cells,
    bodies=_cells,
    wet=_cells,
    deep=_cells,
    people=_cells,
    baddies=_cells,
    start=st.tuples(st.integers(0, 5), st.integers(0, 5)),
    facing=st.sampled_from(list(Facing)),
    points=st.integers(0, 12).map(lambda n: n / 2),
    posture=st.sampled_from(list(Posture)),
    profile=st.sampled_from([MOVE, ALL_OUT_ATTACK, ALL_OUT_DEFENSE]),
)
def test_search_agrees_with_a_plain_reference(
    walls: list[tuple[int, int]],
    bodies: list[tuple[int, int]],
    wet: list[tuple[int, int]],
    deep: list[tuple[int, int]],
    people: list[tuple[int, int]],
    baddies: list[tuple[int, int]],
    start: tuple[int, int],
    facing: Facing,
    points: float,
    posture: Posture,
    profile: MoveProfile,
) -> None:
    """On random small maps the search finds exactly the reference's states and costs, and
    every path is a chain of legal steps whose costs add up."""
    at = {cell: Hex.from_offset(*cell) for cell in [start, *walls, *bodies, *wet, *deep]}
    origin = at[start]
    footing = {at[c]: Footing.SLIPPERY for c in wet} | {at[c]: Footing.DEEP_WATER for c in deep}
    m = HexMap.rectangle(
        6,
        6,
        walls=[at[c] for c in walls if at[c] != origin],
        obstructions=Counter(at[c] for c in bodies),
        footing=footing,
    )
    friends = Counter(Hex.from_offset(*c) for c in people)
    foes = {Hex.from_offset(*c) for c in baddies} - set(friends)
    moves = search(
        m, origin, facing, points, posture=posture, profile=profile, friends=friends.elements(),
        foes=foes,
    )  # fmt: skip
    expected = _reference(m, origin, facing, points, posture, profile, friends, foes)
    assert moves.states() == expected
    for (h, f), spent in expected.items():
        path = moves.path(h, f)
        total = 0.0
        for (h1, f1), (h2, f2) in pairwise(path):
            options = [
                c
                for t, a, c in _reference_steps(m, origin, posture, profile, friends, foes, h1, f1)
                if (t, a) == (h2, f2)
            ]
            if not options and profile.turns is Turns.IN_PLACE and h1 == h2 == origin:
                options = [1.0]
            assert options, f"illegal step {(h1, f1)} -> {(h2, f2)}"
            total += min(options)
        assert total == spent
    # seed 001 (移動後の向き変更): every end is a reached state turned as the end rule allows,
    # at the cheapest cost of any state that turns into it
    ends: dict[tuple[Hex, Facing], float] = {}
    for (h, f), spent in expected.items():
        for end in moves.end_facings(h, f):
            ends[h, end] = min(spent, ends.get((h, end), math.inf))
    assert moves.ends() == ends
    assert list(moves.ends().values()) == sorted(ends.values())


def test_move_profiles_hash_as_they_compare() -> None:
    """A profile keys the searches of the map: equal profiles hash alike, and each of the
    built-in ones is found by an equal profile made afresh (its own `__hash__`)."""
    profiles = [
        MoveProfile(sideways, turns, end)
        for sideways in (True, False)
        for turns in Turns
        for end in EndFacing
    ]
    found = {profile: index for index, profile in enumerate(profiles)}
    assert len(found) == len(profiles)
    for index, profile in enumerate(profiles):
        again = MoveProfile(profile.sideways_and_back, profile.turns, profile.end_facing)
        assert again == profile and hash(again) == hash(profile) and found[again] == index
    assert found[MoveProfile()] == found[MOVE]
    assert {ALL_OUT_ATTACK: 1}[MoveProfile(False, Turns.IN_PLACE, EndFacing.NONE)] == 1
    assert ALL_OUT_DEFENSE in found

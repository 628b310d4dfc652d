"""GURPS on a hex map (seed 001): distances in hexes, facing, arcs, steps and movement."""

from __future__ import annotations

from typing import Any

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.space.arcs import Arc, arc_of
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.events import AttackRolled, DefenseRolled, Moved
from senjo.systems.gurps.field import facing_name
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.system import Gurps
from tests.sources import needs_sources

from .helpers import AXE, SAFE, SWORD, choose, count_searches, events, fighter, on_map


def test_a_facing_is_named_on_the_map_and_not_off_it() -> None:
    """The events name a fighter's facing (seed 001: 向き) N ... NW on a map, "" off it."""
    game = on_map([], (Hex(2, 2), Facing.N), (Hex(5, 2), Facing.N))
    for facing in Facing:
        game.state.status["a"].facing = facing
        assert facing_name(game.state, "a") == facing.name
    game.state.status["a"].hex = None
    assert facing_name(game.state, "a") == ""


def test_distance_is_counted_in_hexes() -> None:
    """seed 001: each hex is one yard; distance is the hex count."""
    game = on_map([], (Hex(2, 2), Facing.N), (Hex(5, 2), Facing.N))
    assert game.state.distance("a", "b") == 3.0


def test_an_attack_from_behind_gets_no_defense() -> None:
    """seed 001: a foe in the back hex strikes a defender who cannot defend."""
    # a stands south of b; b faces north, so a is in b's back hex.
    game = on_map([3, 3, 3, *SAFE], (Hex(4, 5), Facing.N), (Hex(4, 4), Facing.N))
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert events(game, AttackRolled)[0].result == "hit"
    assert not events(game, DefenseRolled)


def test_a_side_attack_is_defended_at_minus_two() -> None:
    """seed 001: a foe in a side hex: the defense is at -2."""
    # b faces north; a stands to its right (east), facing b.
    game = on_map([3, 3, 3, *SAFE], (Hex(5, 4), Facing.SW), (Hex(4, 4), Facing.N))
    assert game.state.ground is not None
    assert game.state.ground.arc(game.state, "b", "a") == "right"
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge")
    assert events(game, DefenseRolled)[0].score.modifiers.amount("side_hex") == -2


def test_the_attack_step_turns_to_face_the_foe() -> None:
    """seed 001 (ステップ): the step of an Attack may turn freely, bringing the foe in front."""
    # a faces away from b (b is in a's back hex): the step turns a round to strike.
    game = on_map([6, 6, 4, *SAFE], (Hex(4, 4), Facing.N), (Hex(4, 5), Facing.N))
    assert game.pending is not None and "attack:b:broadsword/swing" in game.pending.keys
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert game.state.status["a"].hex == Hex(4, 4)
    assert game.state.status["a"].facing == Facing.S
    assert len(events(game, AttackRolled)) == 1


def test_the_ai_moves_next_to_the_foe_and_faces_it() -> None:
    """seed 001 (移動点): the AI's Move ends beside the foe, facing it, for the fewest points."""
    game = on_map([], (Hex(1, 1), Facing.S), (Hex(1, 7), Facing.N))
    choose(game, "move")
    assert game.pending is not None
    game.decide(GurpsAI().choose(game, game.pending))
    status = game.state.status["a"]
    assert status.hex is not None and status.hex.distance(Hex(1, 7)) == 1
    assert game.state.ground is not None
    assert game.state.ground.arc(game.state, "a", "b") == "front"
    assert events(game, Moved)[0].yards == 5.0


def test_knockback_pushes_hex_by_hex_away() -> None:
    """B378: knockback moves the target straight away from the attacker, hex by hex."""
    giant = dict(SWORD, st=20, skills={"Axe/Mace": 14}, weapons=["mace"])
    game = on_map(
        [3, 3, 3, 6, 6, 6, 3, 3, 3, *SAFE],
        (Hex(4, 4), Facing.S),
        (Hex(4, 5), Facing.N),
        attacker=giant,
        defender={"dr": {"all": 30}, **AXE},
    )
    choose(game, "attack:b:mace/swing")
    choose(game, "torso")
    choose(game, "none")
    assert game.state.status["b"].hex == Hex(4, 7)


def test_retreat_steps_one_hex_away_from_the_attacker() -> None:
    """seed 001 (後退): a retreating defender moves one hex away from the attacker."""
    game = on_map([3, 3, 3, 3, 3, 3, *SAFE], (Hex(4, 4), Facing.S), (Hex(4, 5), Facing.N))
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge+retreat")
    assert game.state.status["b"].hex == Hex(4, 6)
    assert events(game, Moved)[-1].direction == "retreat"


def test_a_figure_cannot_retreat_off_the_map() -> None:
    """seed 001 (後退): with no open hex behind (here the map edge), the defender stays."""
    bottom = Hex.from_offset(4, 11)
    game = on_map(
        [3, 3, 3, 3, 3, 3, *SAFE], (bottom.neighbor(Facing.N), Facing.S), (bottom, Facing.N)
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge+retreat")
    assert game.state.status["b"].hex == bottom


def test_move_on_a_map_is_a_choice_of_end_hex_and_facing() -> None:
    """seed 001 (移動点): on a hex map Move asks for the end hex and facing among all it can
    reach, each with its cost; the figure ends exactly there."""
    game = on_map([], (Hex(1, 1), Facing.S), (Hex(8, 8), Facing.N))
    choose(game, "move")
    assert game.pending is not None and game.pending.kind == "destination"
    ends = {option.key: option.cost for option in game.pending.options}
    assert ends["1,2/S"] == 1.0  # one hex straight ahead
    assert ends["1,0/S"] == 2.0  # one hex back, facing unchanged
    assert "1,1/S" not in ends  # staying put is not a move
    choose(game, "2,3/SE")
    status = game.state.status["a"]
    assert (status.hex, status.facing) == (Hex(2, 3), Facing.SE)
    assert events(game, Moved)[0].direction == "to"


def test_a_move_and_attack_picks_its_end_and_can_strike_from_the_side() -> None:
    """seed 001 (移動点, 側面・背面からの攻撃への防御): the mover chooses where its Move and
    Attack ends, among the hexes it can strike from; from the foe's side hex the foe's
    defense is at -2."""
    # b faces north at (4, 4); a starts three hexes south and ends at b's right side.
    game = on_map([2, 3, 3, 6, 6, 6, *SAFE], (Hex(4, 7), Facing.N), (Hex(4, 4), Facing.N))
    choose(game, "move_and_attack:b:broadsword/swing")
    assert game.pending is not None and game.pending.kind == "destination"
    side = Hex(4, 4).neighbor(Facing.SE)
    assert f"{side}/NW" in game.pending.keys
    choose(game, f"{side}/NW")
    choose(game, "torso")
    choose(game, "dodge")
    assert events(game, DefenseRolled)[0].score.modifiers.amount("side_hex") == -2


def test_a_runaround_attack_from_the_front_counts_as_a_side_attack() -> None:
    """seed 001 (回り込み攻撃): a fast attacker that starts in front of the foe and runs
    round to its back is seen coming: the foe defends as against a side attack (-2)."""
    fast = {**SWORD, "basic_move": 8}
    game = on_map(
        [2, 3, 3, 6, 6, 6, *SAFE], (Hex(4, 2), Facing.S), (Hex(4, 4), Facing.N), attacker=fast
    )
    choose(game, "move_and_attack:b:broadsword/swing")
    back = Hex(4, 4).neighbor(Facing.S)
    choose(game, f"{back}/N")
    choose(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    choose(game, "dodge")
    defense = events(game, DefenseRolled)[0]
    assert defense.score.modifiers.amount("side_hex") == -2


def test_an_attack_from_behind_by_one_who_started_behind_gets_no_defense() -> None:
    """seed 001 (回り込み攻撃): truly from behind - the attacker was never in view - there
    is no active defense at all."""
    fast = {**SWORD, "basic_move": 8}
    game = on_map([2, 3, 3, *SAFE], (Hex(4, 7), Facing.N), (Hex(4, 4), Facing.N), attacker=fast)
    choose(game, "move_and_attack:b:broadsword/swing")
    back = Hex(4, 4).neighbor(Facing.S)
    choose(game, f"{back}/N")
    choose(game, "torso")
    assert not events(game, DefenseRolled)


def test_all_out_defense_increased_dodge_moves_on_half_move() -> None:
    """seed 001 (全力防御): Increased Dodge gets half Move (rounded up) in movement points and
    any facing at the end; staying put is offered first."""
    slow = {**SWORD, "basic_move": 5}  # half Move: 3 points
    game = on_map([], (Hex(4, 6), Facing.N), (Hex(9, 9), Facing.N), attacker=slow)
    choose(game, "all_out_defense/increased_dodge")
    assert game.pending is not None and game.pending.kind == "destination"
    ends = game.pending.options
    assert ends[0].key == "4,6/N" and ends[0].cost == 0.0
    assert max(end.cost for end in ends) <= 3.0
    assert "4,3/S" in game.pending.keys  # three hexes ahead, then any facing
    assert not any(end.hex == Hex(4, 2) for end in ends)
    choose(game, "4,3/S")
    assert game.state.status["a"].hex == Hex(4, 3)


def test_the_ai_comes_at_the_foe_from_its_side_when_it_can() -> None:
    """The AI uses the map (seed 001 側面・背面): among the ends beside the foe, facing it,
    it takes one in the foe's side or back arc, where the foe defends worse."""
    # b faces south toward a; a has Move 6 and can reach b's sides.
    game = on_map([], (Hex(4, 8), Facing.N), (Hex(4, 4), Facing.S))
    choose(game, "move")
    assert game.pending is not None
    game.decide(GurpsAI().choose(game, game.pending))
    state = game.state
    assert state.distance("a", "b") == 1
    assert state.ground is not None
    assert state.ground.arc(state, "a", "b") == "front"
    assert state.ground.arc(state, "b", "a") != "front"


def test_the_ai_keeps_a_second_foe_out_of_its_side_and_back() -> None:
    """The AI avoids being flanked: among ends next to its target, it takes one where the
    other foe close by is not in its side or back hexes."""
    specs = [
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **AXE),
        fighter("c", "y", 2, **AXE),
    ]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(HexMap.rectangle(12, 12))
    places = {"a": (Hex(4, 9), Facing.N), "b": (Hex(4, 4), Facing.S), "c": (Hex(6, 4), Facing.SW)}
    for key, (place, facing) in places.items():
        state.status[key].hex, state.status[key].facing = place, facing
    game = Battle(Gurps(), state, ScriptedDice(SAFE))
    while game.pending is not None and game.pending.actor != "a":
        choose(game, "do_nothing")
    choose(game, "move")
    assert game.pending is not None
    foes = (Hex(4, 4), Hex(6, 4))

    def flanked(end: Any) -> bool:
        """Next to one foe with the other within 2 hexes at its side or back."""
        near = min(foes, key=end.hex.distance)
        other = foes[1] if near == foes[0] else foes[0]
        beside = end.hex.distance(near) == 1
        return (
            beside
            and end.hex.distance(other) <= 2
            and arc_of(end.hex, end.facing, other) is not Arc.FRONT
        )

    assert any(flanked(e) for e in game.pending.options)  # careless ends exist
    chosen = GurpsAI().choose(game, game.pending)
    assert min(chosen.hex.distance(f) for f in foes) == 1 and not flanked(chosen)


def test_a_figure_lying_down_fills_two_hexes_and_rises_in_either() -> None:
    """seed 001 (姿勢変更): a man-sized figure lying down fills two hexes - its legs where it
    stood, its upper body in an adjacent hex (here the one behind it); others cannot
    enter that hex, a foe beside it can strike; rising, it stands in either hex."""
    game = on_map([], (Hex(4, 4), Facing.N), (Hex(9, 9), Facing.N))
    choose(game, "change_posture/lying")
    a = game.state.status["a"]
    assert a.hex == Hex(4, 4) and a.prone_hex == Hex(4, 5)
    game.state.status["b"].hex = Hex(4, 6)  # next to the upper body only
    assert game.state.distance("a", "b") == 1.0
    choose(game, "move")  # b may not step into a's upper-body hex (its legs': close combat)
    keys = game.pending.keys if game.pending else ()
    assert not any(k.startswith("4,5/") for k in keys)
    assert any(k.startswith("4,4/") for k in keys)
    choose(game, "4,7/N")
    choose(game, "change_posture/kneeling")  # a, round 2: rises in the upper-body hex
    assert game.pending is not None and game.pending.kind == "destination"
    choose(game, "4,5/N")
    assert a.hex == Hex(4, 5) and a.prone_hex is None and a.posture == "kneeling"


def test_up_to_four_friends_may_huddle_in_one_hex() -> None:
    """seed 001 (ヘクス): friendly man-sized figures may share a hex, four at most: a Move
    may end in a hex with three friends, not in one with four."""
    for friends, allowed in ((3, True), (4, False)):
        specs = [fighter("a", "x", 0, **SWORD), fighter("z", "y", 9, **AXE)]
        specs += [fighter(f"f{n}", "x", 0, **AXE) for n in range(friends)]
        state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
        state.ground = HexField(HexMap.rectangle(12, 12))
        for status in state.status.values():
            status.hex, status.facing = Hex(4, 4), Facing.N
        state.status["a"].hex = Hex(4, 6)
        state.status["z"].hex = Hex(10, 10)
        ground = state.ground
        ends = {end.hex for end in ground.destinations(state, "a", 5.0)}
        assert (Hex(4, 4) in ends) is allowed


def test_a_much_larger_figure_blocks_a_line_of_fire_completely() -> None:
    """seed 001 (ものが存在するヘクスを通しての射撃): a figure 2 or more SM larger than the
    shooter blocks the line completely (no shot through it); a smaller one is -4."""
    archer = {"st": 11, "dx": 13, "ht": 11, "skills": {"Bow": 15}, "weapons": ["regular_bow"]}
    for size, offered in ((1, True), (2, False)):
        specs = [
            fighter("a", "x", 0, **archer),
            fighter("b", "y", 9, **AXE),
            fighter("c", "z", 5, **AXE, size_modifier=size),
        ]
        state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
        state.ground = HexField(HexMap.rectangle(12, 12))
        places = {"a": Hex(4, 8), "b": Hex(4, 2), "c": Hex(4, 5)}
        for key, place in places.items():
            state.status[key].hex, state.status[key].facing = place, Facing.N
        game = Battle(Gurps(), state, ScriptedDice(SAFE))
        assert game.pending is not None and game.pending.actor == "a"
        assert ("attack:b:regular_bow/shoot" in game.pending.keys) is offered


def test_a_retreating_defender_turns_sixty_degrees_toward_the_attacker() -> None:
    """seed 001 (後退): after a retreat the defender may turn 60°; senjo turns it one step
    toward an attacker that is not in front."""
    game = on_map([3, 3, 4, 6, 6, 6, *SAFE], (Hex(5, 4), Facing.SW), (Hex(4, 4), Facing.N))
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge+retreat")
    b = game.state.status["b"]
    assert b.hex != Hex(4, 4)
    assert Facing.N.turns_to(b.facing) == 1
    assert b.hex is not None
    before = arc_of(b.hex, Facing.N, Hex(5, 4))
    assert before is not Arc.FRONT  # facing north it would not have the attacker in front


@needs_sources
def test_a_move_search_is_reused_until_a_figure_moves(monkeypatch: Any) -> None:
    """seed 001 (移動点): the hexes a move reaches depend on where everyone stands; the
    field searches once per arrangement and again when a figure moves."""
    calls = count_searches(monkeypatch)
    game = on_map([], (Hex(2, 2), Facing.N), (Hex(4, 2), Facing.N))
    ground = game.state.ground
    assert isinstance(ground, HexField)
    calls.clear()  # the searches behind the first decision's options
    first = ground.ends_near(game.state, "a", 2, "move")
    assert ground.ends_near(game.state, "a", 2, "move") == first
    assert len(calls) == 1
    # b steps into a hex a could have reached: a foe's hex ends a move there, so a
    # no longer gets past it, and the field must search again.
    game.state.status["b"].hex = Hex(2, 1)
    after = ground.ends_near(game.state, "a", 2, "move")
    assert len(calls) == 2
    assert Hex(2, 0) in first and Hex(2, 0) not in after
    fresh = HexField(ground.map).ends_near(game.state, "a", 2, "move")
    assert after == fresh


def _attack_steps() -> list[Any]:
    """`HexField.approach` for an Attack's Step (one yard) from every hex within three of
    the foe at (6, 6), in every facing, for reaches C, 1 and 2, with and without a wall
    beside the foe."""
    routes: list[Any] = []
    foe = Hex(6, 6)
    for wall in ((), (Hex(6, 5),)):
        game = on_map([], (Hex(2, 2), Facing.N), (foe, Facing.N))
        ground = game.state.ground = HexField(HexMap.rectangle(12, 12, walls=wall))
        status = game.state.status["a"]
        for place in ground.map:
            if place == foe or place in wall or place.distance(foe) > 3:
                continue
            for facing in Facing:
                status.hex, status.facing = place, facing
                for reach in (0.0, 1.0, 2.0):
                    routes.append(ground.approach(game.state, "a", "b", 1.0, reach))
    return routes


@needs_sources
def test_the_attack_step_passes_over_hexes_that_cannot_win(monkeypatch: Any) -> None:
    """seed 001 (ステップ): an Attack's Step goes to the hex and facing nearest the foe's
    reach, facing it. Hexes farther than the best found so far are passed over unscored
    (`field_moves.best_step`'s `rank`); the Step chosen is the same as when every hex is
    scored, for every placement of `_attack_steps`."""
    import senjo.systems.gurps.field_moves as field_moves
    import senjo.systems.gurps.hexfield as hexfield

    found = _attack_steps()
    original = field_moves.best_step
    scored: list[int] = []

    def scoring_every_hex(
        start: Hex, facing: Facing, places: tuple[Hex, ...], score: Any, rank: Any = None
    ) -> Any:
        scored.append(len(places))
        return original(start, facing, places, score)

    monkeypatch.setattr(hexfield, "best_step", scoring_every_hex)
    monkeypatch.setattr(field_moves, "_STORES", {})  # no route kept from the first pass
    assert len(found) > 500 and found == _attack_steps()
    assert len(scored) > 100  # the second pass chose its Steps itself
    assert sum(bool(route.places) for route in found) > 100  # many Steps move


BRAWLER = {"dx": 12, "ht": 12, "skills": {"Brawling": 12}, "weapons": ["kick"]}
#: An attack roll of 18 (a critical miss), then 14 on the unarmed table: a stumble.
STUMBLE = [6, 6, 6, 5, 5, 4]


def test_a_stumble_on_the_map_ends_in_the_hex_past_the_foe_facing_on() -> None:
    """Unarmed critical miss 14 (fact sheet): end 1 yard past the foe, facing away - on the
    map, the hex beyond the foe's on the kicker's heading, the foe in its back hex
    (interpretation 49)."""
    game = on_map([*STUMBLE, *SAFE], (Hex(4, 4), Facing.N), (Hex(4, 3), Facing.S), BRAWLER)
    choose(game, "attack:b:kick/kick")
    choose(game, "torso")
    status = game.state.status["a"]
    assert (status.hex, status.facing) == (Hex(4, 2), Facing.N)
    moved = events(game, Moved)[-1]
    assert (moved.direction, moved.yards, moved.facing) == ("stumble", 2.0, "N")
    assert game.state.ground is not None
    assert game.state.ground.arc(game.state, "a", "b") == "back"


def test_a_stumble_into_the_map_edge_stays_put() -> None:
    """The hex beyond the foe is off the map: the stumbler stays where it stood."""
    game = on_map([*STUMBLE, *SAFE], (Hex(0, 1), Facing.N), (Hex(0, 0), Facing.S), BRAWLER)
    choose(game, "attack:b:kick/kick")
    choose(game, "torso")
    assert game.state.status["a"].hex == Hex(0, 1)
    assert not [m for m in events(game, Moved) if m.direction == "stumble"]

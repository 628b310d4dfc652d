"""Close combat on a hex map (seed 001: 近接戦闘), with scripted dice."""

from __future__ import annotations

from typing import Any

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.systems.gurps.close_combat import foe_side, in_close_combat, own_side
from senjo.systems.gurps.events import AttackRolled, Check, DefenseRolled, ItemChanged
from senjo.systems.gurps.hands import let_go
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.maneuvers import maneuver_options
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import Gurps

from .helpers import choose, events, fighter

SAFE = [3] * 40
SWORD = {"st": 12, "dx": 12, "ht": 12, "skills": {"Broadsword": 14}, "weapons": ["broadsword"]}
BRAWLER = {"st": 12, "dx": 12, "ht": 12, "skills": {"Brawling": 14}, "weapons": ["punch"]}
KNIFE = {"skills": {"Knife": 12}, "weapons": ["large_knife"]}
SHIELDED = {**BRAWLER, "skills": {"Brawling": 14, "Shield": 12}, "shield": "medium_shield"}
MISS = [6, 5, 5]


def _board(
    dice: list[int],
    *people: tuple[str, str, Hex, Facing, dict[str, Any]],
    walls: tuple[Hex, ...] = (),
) -> Battle[GurpsState]:
    specs = [fighter(key, side, 0, **sheet) for key, side, _, _, sheet in people]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(HexMap.rectangle(12, 12, walls=walls))
    for key, _, place, facing, _ in people:
        state.status[key].hex, state.status[key].facing = place, facing
    return Battle(Gurps(), state, ScriptedDice(dice))


def _punch_in(dice: list[int], a: dict[str, Any] = BRAWLER, b: dict[str, Any] = KNIFE) -> Any:
    """a (fast) steps from (4, 5) into b's hex (4, 4) and punches (a miss unless scripted)."""
    game = _board(dice, ("a", "x", Hex(4, 5), Facing.N, a), ("b", "y", Hex(4, 4), Facing.S, b))
    choose(game, "attack:b:punch/punch")
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")
    return game


def test_a_move_may_end_in_a_foes_hex() -> None:
    """seed 001 (敵のいるヘクスに侵入する): a Move may enter a foe's hex and stop there; the
    mover holds the half it came from and faces the foe; both are in close combat."""
    game = _board(
        [], ("a", "x", Hex(4, 6), Facing.N, SWORD), ("b", "y", Hex(4, 4), Facing.S, KNIFE)
    )
    choose(game, "move")
    assert game.pending is not None
    assert "4,4/N" in game.pending.keys
    choose(game, "4,4/N")
    a = game.state.status["a"]
    assert a.hex == Hex(4, 4) and a.close_side is Facing.S and a.facing is Facing.N
    assert game.state.status["b"].close_side is Facing.N
    assert in_close_combat(game.state, "a") and in_close_combat(game.state, "b")
    assert game.state.distance("a", "b") == 0.0


def test_a_reach_c_attack_steps_into_the_foes_hex() -> None:
    """seed 001: a punch (reach C) needs the foe's hex; the Attack's Step enters it."""
    game = _punch_in([*MISS, *SAFE])
    assert game.state.status["a"].hex == Hex(4, 4)
    assert events(game, AttackRolled)[0].attacker == "a"


def test_a_long_weapon_never_steps_into_close_combat() -> None:
    """seed 001 (近接戦闘用武器): a broadsword cannot strike in close combat, so its Step
    stops next to the foe."""
    game = _board(
        [*MISS, *SAFE],
        ("a", "x", Hex(4, 6), Facing.N, SWORD),
        ("b", "y", Hex(4, 4), Facing.S, KNIFE),
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert game.state.status["a"].hex == Hex(4, 5)


def test_leaving_goes_by_ones_own_side_only() -> None:
    """seed 001 (敵のいるヘクスから離脱する): out of a foe's hex a move goes freely to the
    three hexes on one's own side; the foe's side only by evading (below)."""
    game = _punch_in([*MISS, *SAFE])
    choose(game, "do_nothing")  # b
    choose(game, "move")  # a, round 2
    assert game.pending is not None
    for place in own_side(game.state, "a"):
        assert not _destination(game, f"{place}/N").evade


def test_a_step_out_of_close_combat_is_to_ones_own_side() -> None:
    """seed 001: a Step out of a close combat goes only to the three hexes on one's side."""
    game = _punch_in([*MISS, *SAFE])
    state = game.state
    assert set(own_side(state, "a")) == {Hex(4, 5), Hex(5, 4), Hex(3, 5)}
    assert set(foe_side(state, "a")) == {Hex(4, 3), Hex(3, 4), Hex(5, 3)}


def test_a_retreat_in_close_combat_leaves_by_ones_own_side() -> None:
    """seed 001 (近接戦闘での防御): a retreat leaves the close combat into one of the
    three hexes on the defender's side, with the usual bonus."""
    game = _punch_in([*MISS, 3, 3, 4, 6, 6, 4, *SAFE])  # b's thrust hits (10); a's dodge: 16
    choose(game, "attack:a:large_knife/thrust")
    choose(game, "torso")
    choose(game, "dodge+retreat")
    defense = events(game, DefenseRolled)[0]
    assert defense.score.modifiers.amount("retreat") == 3
    assert game.state.status["a"].hex == Hex(4, 5)  # straight out, its own side
    assert not in_close_combat(game.state, "b")


def test_no_block_and_only_close_weapons_parry_in_close_combat() -> None:
    """seed 001 (近接戦闘での防御): no block at all; a parry only with reach C or unarmed."""
    game = _punch_in([*MISS, 3, 3, 4, *SAFE], a=SHIELDED)
    choose(game, "attack:a:large_knife/thrust")
    choose(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    kinds = {o.kind for o in game.pending.options}
    assert "block" not in kinds and "dodge" in kinds and "parry" in kinds  # the punch parries


def test_a_shield_hampers_attacks_after_the_entering_one() -> None:
    """seed 001 (近接戦闘での盾): the shield's DB is a penalty to attacks in close combat,
    but not to the attack made on entering the foe's hex."""
    game = _punch_in([*MISS, *MISS, *SAFE], a=SHIELDED)
    first = events(game, AttackRolled)[0]
    assert first.skill.modifiers.amount("shield_in_close_combat") == 0
    choose(game, "do_nothing")  # b
    choose(game, "attack:b:punch/punch")  # round 2
    choose(game, "torso")
    second = events(game, AttackRolled)[1]
    assert second.skill.modifiers.amount("shield_in_close_combat") == -2  # medium shield


def test_readying_in_close_combat_takes_a_dx_roll() -> None:
    """seed 001 (近接戦闘の準備): readying a weapon in close combat needs a DX roll; on a
    failure the Ready is spent and nothing is readied."""
    sheathed = {
        **BRAWLER,
        "skills": {"Brawling": 14, "Knife": 12},
        "weapons": ["punch", "large_knife"],
    }
    game = _punch_in([*MISS, 6, 6, 5, *SAFE], a=sheathed)
    let_go(game.state.status["a"], "large_knife")
    assert game.state.status["a"].hands == ("", "")
    choose(game, "do_nothing")  # b
    choose(game, "ready/draw:large_knife")
    checks = events(game, Check)
    assert checks[-1].kind == "ready_in_close_combat" and not checks[-1].success
    assert "large_knife" not in game.state.status["a"].ready


def test_putting_a_weapon_away_in_close_combat_takes_no_dx_roll() -> None:
    """seed 001 (近接戦闘の準備) asks a DX roll to ready a weapon in close combat, not to put
    one away (senjo's reading): b sheathes its knife with the Ready alone."""
    game = _punch_in([*MISS, *SAFE])
    before = len(events(game, Check))
    assert game.pending is not None and game.pending.actor == "b"
    choose(game, "ready/sheathe:large_knife")
    assert len(events(game, Check)) == before
    assert game.state.status["b"].hands == ("", "")
    assert events(game, ItemChanged)[-1].state == "sheathed"


def test_dropping_a_shield_in_close_combat() -> None:
    """seed 001 (近接戦闘での盾): a Ready and a DX roll drop the shield; after the first
    turn of the close combat the roll is at -DB."""
    game = _punch_in([*MISS, 3, 3, 4, *SAFE], a=SHIELDED)
    choose(game, "do_nothing")  # b
    choose(game, "ready/drop_shield:medium_shield")
    check = events(game, Check)[-1]
    assert check.kind == "drop_shield" and check.success
    assert check.score.modifiers.amount("shield_in_close_combat") == -2
    assert "medium_shield" not in game.state.status["a"].ready
    assert events(game, ItemChanged)[-1].state == "dropped"


def test_striking_into_a_close_combat_is_minus_two_and_may_hit_another() -> None:
    """seed 001 (近接戦闘中のキャラクターを攻撃する): a friend outside strikes the foe at
    -2; on a miss the blow may land on someone else in the hex (at most 9), who
    defends as in close combat."""
    game = _board(
        # a punches in (miss); c strikes b from outside: 16, a miss; the blow tries a
        # at 9: 8 hits; a may defend (no block); a takes no defense.
        [*MISS, 6, 5, 5, 2, 3, 3, *SAFE],
        ("a", "x", Hex(4, 5), Facing.N, BRAWLER),
        ("c", "x", Hex(5, 3), Facing.SW, {**SWORD, "dx": 11}),
        ("b", "y", Hex(4, 4), Facing.S, KNIFE),
    )
    choose(game, "attack:b:punch/punch")
    choose(game, "torso")
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    shots = events(game, AttackRolled)
    assert shots[1].skill.modifiers.amount("striking_into_close_combat") == -2
    assert (shots[2].target, shots[2].skill.value) == ("a", 9)
    assert game.pending is not None and game.pending.kind == "defense"
    assert game.pending.actor == "a"
    assert "block" not in {o.kind for o in game.pending.options}


def test_only_ready_items_of_close_combat_are_offered_to_drop() -> None:
    """The drop-shield Ready is offered only in close combat with a ready shield."""
    game = _board(
        [], ("a", "x", Hex(4, 6), Facing.N, SHIELDED), ("b", "y", Hex(4, 4), Facing.S, KNIFE)
    )
    keys = [o.key for o in maneuver_options(game.state, "a")]
    assert "ready/drop_shield:medium_shield" not in keys


#: Walls on both sides of column 4: a corridor one hex wide.
CORRIDOR = tuple(h for h in HexMap.rectangle(12, 12) if h.q in (3, 5))


def _past_b(dice: list[int], b_facing: Facing = Facing.S) -> Battle[GurpsState]:
    """In a corridor: a (Move 6) at (4, 7) facing N, b at (4, 5); (4, 3) is beyond b."""
    return _board(
        dice,
        ("a", "x", Hex(4, 7), Facing.N, SWORD),
        ("b", "y", Hex(4, 5), b_facing, KNIFE),
        walls=CORRIDOR,
    )


def _destination(game: Battle[GurpsState], key: str) -> Any:
    assert game.pending is not None and game.pending.kind == "destination"
    return game.pending.find(key)


def test_a_move_through_a_foes_hex_is_marked_as_evading() -> None:
    """seed 001 (上級戦闘のすり抜け): going past a foe through its hex needs the points to
    leave it, and is an evade; a hex reached as well around the foe is not."""
    game = _past_b([])
    choose(game, "move")
    assert _destination(game, "4,3/N").evade
    assert not _destination(game, "4,6/N").evade


def test_a_foe_may_let_the_evader_pass() -> None:
    """B368: a foe who lets the mover past needs no roll; the mover goes on."""
    game = _past_b([])
    choose(game, "move")
    choose(game, "4,3/N")
    assert game.pending is not None and game.pending.kind == "evade"
    assert game.pending.actor == "b"
    choose(game, "let_pass")
    assert game.state.status["a"].hex == Hex(4, 3)
    assert not events(game, Check)


def test_losing_the_quick_contest_stops_the_evader_in_the_foes_hex() -> None:
    """B368, seed 001: a foe who tries to stop the mover rolls a Quick Contest of DX; the
    evader is at -5 past a standing foe; losing (or a tie) ends the move in the foe's
    hex, in close combat."""
    game = _past_b([3, 4, 4, 3, 4, 4, *SAFE])  # 11 vs DX 12-5=7 fails; b's 11 vs 10 fails by 1
    choose(game, "move")
    choose(game, "4,3/N")
    choose(game, "stop")
    evade, stop = events(game, Check)[:2]
    assert (evade.kind, evade.score.value) == ("evade", 7)
    assert evade.score.modifiers.amount("foe_standing") == -5
    assert stop.kind == "stop_evader"
    a = game.state.status["a"]
    assert a.hex == Hex(4, 5) and in_close_combat(game.state, "a")


def test_winning_the_quick_contest_gets_past() -> None:
    """B368: the evader who wins the Quick Contest goes on; from behind the foe it is +5."""
    game = _past_b([3, 3, 3, 6, 6, 5, *SAFE], b_facing=Facing.N)  # b faces away from a
    choose(game, "move")
    choose(game, "4,3/N")
    choose(game, "stop")
    evade = events(game, Check)[0]
    assert evade.score.modifiers.amount("from_behind") == 5
    assert game.state.status["a"].hex == Hex(4, 3)
    assert not in_close_combat(game.state, "a")


def test_leaving_by_the_foes_side_is_an_evade() -> None:
    """seed 001 (敵のいるヘクスから離脱する): the three hexes on the foe's side are reached
    only by evading it."""
    game = _punch_in([*MISS, *SAFE])
    choose(game, "do_nothing")  # b
    choose(game, "move")  # a, round 2
    for place in foe_side(game.state, "a"):
        assert _destination(game, f"{place}/N").evade


def test_a_ranged_weapon_in_close_combat_takes_its_bulk() -> None:
    """seed 001 (近接戦闘用武器): a ranged weapon fired in close combat ignores range and
    takes its Bulk as the penalty (a crossbow: -6)."""
    shooter = {"st": 11, "dx": 12, "ht": 12, "skills": {"Crossbow": 14}, "weapons": ["crossbow"]}
    game = _board(
        [*MISS, *SAFE],
        ("a", "x", Hex(4, 5), Facing.N, shooter),
        ("b", "y", Hex(4, 4), Facing.S, KNIFE),
    )
    choose(game, "move")
    choose(game, "4,4/N")
    choose(game, "do_nothing")  # b
    choose(game, "attack:b:crossbow/shoot")
    choose(game, "torso")
    modifiers = events(game, AttackRolled)[0].skill.modifiers
    assert modifiers.amount("bulk_in_close_combat") == -6
    assert "range" not in dict(modifiers.items)


def test_a_slam_on_the_map_ends_in_the_foes_hex() -> None:
    """seed 001 (敵のいるヘクスに侵入する): entering a foe's hex, the mover may stop there,
    evade, or slam; a slam runs into the foe's hex and leaves both in close combat."""
    ram = {"st": 14, "dx": 12, "ht": 12, "skills": {"Brawling": 14}}
    game = _board(
        [6, 5, 5, *SAFE],  # the slam misses (16)
        ("a", "x", Hex(4, 8), Facing.N, ram),
        ("b", "y", Hex(4, 4), Facing.S, KNIFE),
    )
    choose(game, "move_and_attack/slam:b")
    assert game.state.status["a"].hex == Hex(4, 4)
    assert in_close_combat(game.state, "a")
    assert events(game, AttackRolled)[0].weapon == "slam"


def test_fast_draw_in_close_combat_takes_a_dx_roll_first() -> None:
    """seed 001 (近接戦闘の準備): with Fast-Draw, two rolls - DX, then Fast-Draw; a failed
    DX roll readies nothing and the attack is lost."""
    drawer = {
        **BRAWLER,
        "skills": {"Brawling": 14, "Knife": 13, "Fast-Draw (Knife)": 14},
        "weapons": ["punch", "large_knife"],
        "ready": ["punch"],
    }
    game = _punch_in([*MISS, *SAFE], a=drawer)
    choose(game, "do_nothing")  # b
    choose(game, "attack/fast_draw:b:large_knife/thrust")  # round 2: DX 12 rolled 9, then Fast-Draw
    assert [c.kind for c in events(game, Check)][-2:] == ["ready_in_close_combat", "fast_draw"]
    failed = _punch_in([*MISS, 6, 6, 5, *SAFE], a=drawer)
    choose(failed, "do_nothing")
    choose(failed, "attack/fast_draw:b:large_knife/thrust")  # the DX roll fails (17)
    assert events(failed, Check)[-1].kind == "ready_in_close_combat"
    assert "large_knife" not in failed.state.status["a"].ready
    assert len(events(failed, AttackRolled)) == 1  # only the punch of round 1


def test_a_sword_steps_out_of_the_foes_hex_to_strike() -> None:
    """seed 001 (敵のいるヘクスから離脱する): with a maneuver that allows a Step, a fighter not
    grappled may leave the foe's hex and attack with a reach-1 weapon; the Step goes to
    one of the three hexes on its own side, facing the foe."""
    game = _punch_in([*MISS, *MISS, *SAFE], b=SWORD)
    assert in_close_combat(game.state, "b")
    assert game.pending is not None and game.pending.actor == "b"
    assert "attack:a:broadsword/swing" in game.pending.keys
    sides = set(own_side(game.state, "b"))
    choose(game, "attack:a:broadsword/swing")
    choose(game, "torso")
    assert game.state.status["b"].hex in sides
    assert not in_close_combat(game.state, "b")
    assert [e.attacker for e in events(game, AttackRolled)] == ["a", "b"]


def test_a_move_out_by_ones_own_side_needs_no_evading() -> None:
    """seed 001 (敵のいるヘクスから離脱する): a Move out of a foe's hex into one of the three
    hexes on one's own side goes freely - the foe is not asked to stop it."""
    game = _punch_in([*MISS, *MISS, *SAFE], b=SWORD)
    (straight, *_) = own_side(game.state, "b")
    choose(game, "move")
    choose(game, f"{straight.q},{straight.r}/N")
    assert game.state.status["b"].hex == straight
    assert not in_close_combat(game.state, "b")
    assert game.pending is None or game.pending.kind != "evade"

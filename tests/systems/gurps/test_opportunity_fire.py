"""Opportunity fire and pop-up attacks on a hex map (seed 001: 機会射撃, 目標識別,
飛び出し攻撃), with scripted dice."""

from __future__ import annotations

from typing import Any

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.systems.gurps.events import AttackRolled, Check, Moved
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.opportunity import pop_up_hexes, watch_options
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import Gurps

from .helpers import choose, events, fighter

SAFE = [3] * 40
SHOOTER = {"st": 11, "dx": 12, "ht": 12, "skills": {"Crossbow": 14}, "weapons": ["crossbow"]}
RUNNER = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"]}
SLOW = {"dx": 9, "skills": {"Axe/Mace": 12}, "weapons": ["axe"]}
WATCH = "wait/opportunity_fire:crossbow/shoot"
MISS = [6, 5, 5]  # 16: a plain miss at Crossbow 14


def _board(
    dice: list[int],
    *extra: tuple[str, str, Hex, Facing, dict[str, Any]],
    walls: tuple[Hex, ...] = (),
    shooter: dict[str, Any] | None = None,
) -> Battle[GurpsState]:
    """a (crossbow) at (4, 1) facing S; b (axe, Move 5) at (4, 8) facing N; then `extra`."""
    people = [
        ("a", "x", Hex(4, 1), Facing.S, shooter or SHOOTER),
        ("b", "y", Hex(4, 8), Facing.N, RUNNER),
        *extra,
    ]
    specs = [fighter(key, side, 0, **sheet) for key, side, _, _, sheet in people]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(HexMap.rectangle(12, 12, walls=walls))
    for key, _, place, facing, _ in people:
        state.status[key].hex, state.status[key].facing = place, facing
    return Battle(Gurps(), state, ScriptedDice(dice))


def _run_to(game: Battle[GurpsState], destination: str) -> None:
    """Move to the destination; a shot at the mover on the way is aimed at the torso."""
    choose(game, "move")
    choose(game, destination)
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")


def test_a_watched_hex_is_shot_when_a_figure_enters_it() -> None:
    """seed 001 (機会射撃): the shooter watches a hex and fires at once when a figure
    enters it, interrupting the move; one hex watched is at no penalty."""
    game = _board([*MISS, *SAFE])
    choose(game, WATCH)
    choose(game, "hex:4,5")
    choose(game, "fire_at_first")
    _run_to(game, "4,4/N")
    shot = events(game, AttackRolled)[0]
    assert (shot.attacker, shot.target) == ("a", "b")
    assert shot.skill.modifiers.amount("opportunity_fire") == 0
    assert [m.yards for m in events(game, Moved)] == [3.0, 1.0]  # stopped in (4, 5), went on
    assert game.state.status["b"].hex == Hex(4, 4)


def test_the_penalty_grows_with_the_hexes_watched() -> None:
    """seed 001 (注目するヘクス数): the hexes within 1 of a centre are 7 hexes, -4; the
    shot comes in the first of them entered, (4, 6)."""
    game = _board([*MISS, *SAFE])
    choose(game, WATCH)
    choose(game, "area1:4,5")
    choose(game, "fire_at_first")
    _run_to(game, "4,4/N")
    assert events(game, AttackRolled)[0].skill.modifiers.amount("opportunity_fire") == -4
    assert events(game, Moved)[0].yards == 2.0


def test_a_watched_line_is_minus_two() -> None:
    """seed 001: watching one line of fire, the first figure to cross it is shot at -2."""
    game = _board([*MISS, *SAFE], ("c", "y", Hex(6, 3), Facing.SW, SLOW))
    choose(game, WATCH)
    choose(game, "line:4,2")
    choose(game, "fire_at_first")
    choose(game, "do_nothing")  # b stays out of the line
    _run_to(game, "4,5/SW")  # c crosses the line running south from a, at (4, 5)
    shot = events(game, AttackRolled)[0]
    assert shot.target == "c"
    assert shot.skill.modifiers.amount("opportunity_fire") == -2
    assert events(game, Moved)[0].yards == 2.0


def test_the_first_figure_is_shot_friend_or_foe() -> None:
    """seed 001: without target discrimination the first figure to appear is shot -
    here a friend of the shooter."""
    game = _board([*MISS, *SAFE], ("c", "x", Hex(6, 3), Facing.SW, SLOW))
    choose(game, WATCH)
    choose(game, "hex:4,5")
    choose(game, "fire_at_first")
    choose(game, "do_nothing")
    _run_to(game, "4,5/N")
    assert events(game, AttackRolled)[0].target == "c"


def test_target_discrimination_holds_fire_for_a_friend() -> None:
    """seed 001 (目標識別): the GM rolls Vision for the shooter; a friend recognised is not
    shot, and the watch goes on (here through the two watched hexes c crosses)."""
    game = _board(
        [3, 3, 4, 3, 3, 4, *SAFE],  # both Vision rolls succeed (10 vs Per 10)
        ("c", "x", Hex(6, 3), Facing.SW, SLOW),
    )
    choose(game, WATCH)
    choose(game, "area1:4,5")
    choose(game, "discriminate")
    choose(game, "do_nothing")  # b
    _run_to(game, "4,5/N")  # c, a friend, walks in through (5, 4) and (4, 5)
    assert not events(game, AttackRolled)
    # the second roll shows the watch went on after the first recognition
    assert [c.kind for c in events(game, Check)] == ["target_discrimination"] * 2


def test_a_discriminating_shot_at_a_foe_is_at_minus_two() -> None:
    """seed 001 (目標識別): -2 more for the time spent telling friend from foe."""
    game = _board([3, 3, 4, *MISS, *SAFE])  # Vision 10 vs Per 10: a foe, rightly
    choose(game, WATCH)
    choose(game, "hex:4,5")
    choose(game, "discriminate")
    _run_to(game, "4,4/N")
    shot = events(game, AttackRolled)[0]
    assert shot.skill.modifiers.amount("target_discrimination") == -2


def test_a_failed_vision_roll_takes_the_foe_for_a_friend() -> None:
    """seed 001 (目標識別), an interpretation: on a failed Vision roll the GM's call is
    wrong - a foe is taken for a friend and not shot."""
    game = _board([6, 6, 5, *SAFE])  # 17 fails
    choose(game, WATCH)
    choose(game, "hex:4,5")
    choose(game, "discriminate")
    _run_to(game, "4,4/N")
    assert not events(game, AttackRolled)
    assert game.state.status["b"].hex == Hex(4, 4)


def test_watching_one_aimed_hex_counts_as_aim() -> None:
    """seed 001 (狙いをつけて待機): with one hex watched, the turns of waiting count as
    Aim; the shot gets Acc (4) +1 after two turns. Any other watch gets no Aim."""
    game = _board([*MISS, *SAFE])
    choose(game, WATCH)
    choose(game, "aim:4,5")
    choose(game, "fire_at_first")
    choose(game, "do_nothing")  # b
    choose(game, WATCH)  # round 2: the same aimed hex again
    choose(game, "aim:4,5")
    choose(game, "fire_at_first")
    _run_to(game, "4,4/N")
    assert events(game, AttackRolled)[0].skill.modifiers.amount("aim") == 5


def test_an_aim_at_a_figure_gives_no_bonus_to_opportunity_fire() -> None:
    """seed 001: opportunity fire gets no bonus from an Aim maneuver - a shooter that
    aimed at b last turn and now watches gets no Aim when b appears."""
    game = _board([*MISS, *SAFE])
    choose(game, "aim:b:crossbow/shoot")
    choose(game, "do_nothing")  # b
    choose(game, WATCH)
    choose(game, "hex:4,5")
    choose(game, "fire_at_first")
    assert game.state.status["a"].aim_turns == 1  # the Aim of last turn is still there
    _run_to(game, "4,4/N")
    assert "aim" not in dict(events(game, AttackRolled)[0].skill.modifiers.items)


def test_shots_at_one_target_are_simultaneous() -> None:
    """seed 001: several shooters watching for the same target fire at once: the second
    shoots although the first shot already knocked the target down."""
    other = {**SHOOTER, "dx": 11}
    game = _board(
        # a hits (10); b takes no defense; 1d+1 imp (6) = 7 x2 = 14, a major wound; b's
        # knockdown roll fails (17). c, watching too, still fires (16, a miss).
        [3, 3, 4, 6, 6, 6, 5, *MISS, *SAFE],
        ("c", "x", Hex(5, 1), Facing.S, other),
    )
    for shooter in ("a", "c"):
        assert game.pending is not None and game.pending.actor == shooter
        choose(game, WATCH)
        choose(game, "hex:4,5")
        choose(game, "fire_at_first")
    _run_to(game, "4,4/N")
    choose(game, "none")  # b does not defend against a's shot
    choose(game, "torso")  # c's shot
    shots = events(game, AttackRolled)
    assert [(s.attacker, s.target) for s in shots] == [("a", "b"), ("c", "b")]
    assert game.state.status["b"].posture != "standing"
    assert game.state.status["b"].hex == Hex(4, 5)  # knocked down, the move ends there


def test_watched_hexes_must_be_in_the_arc_of_vision_and_in_the_open() -> None:
    """seed 001 (射界内): every watched hex is in front of the shooter with no wall in
    the way; nothing behind it, nothing behind a wall."""
    game = _board([], walls=(Hex(4, 3),))
    state = game.state
    mode = state.fighters["a"].weapon("crossbow").mode("shoot")
    watched = {h for w in watch_options(state, "a", mode) for h in w.hexes}
    assert Hex(4, 0) not in watched  # behind a, who faces south
    assert Hex(4, 5) not in watched  # the wall at (4, 3) hides it
    assert Hex(3, 3) in watched and Hex(4, 2) in watched


def test_a_pop_up_attack_steps_out_shoots_at_minus_two_and_steps_back() -> None:
    """seed 001 (飛び出し攻撃): a shooter with no line of fire (a wall between) steps one
    hex out, shoots at -2 without Aim, and steps back, all in one turn."""
    game = _board([*MISS, *SAFE], walls=(Hex(4, 3),))
    keys = game.pending.keys if game.pending else ()
    assert "attack:b:crossbow/shoot" not in keys  # the wall blocks the line of fire
    choose(game, "attack/pop_up:b:crossbow/shoot")
    choose(game, "torso")
    shot = events(game, AttackRolled)[0]
    assert shot.skill.modifiers.amount("pop_up_attack") == -2
    assert [m.direction for m in events(game, Moved)] == ["pop_up", "pop_up_back"]
    assert game.state.status["a"].hex == Hex(4, 1)


def test_bows_cannot_make_pop_up_attacks() -> None:
    """seed 001: pop-up attacks are for thrown weapons, guns and crossbows, not bows."""
    archer = {"st": 11, "dx": 12, "ht": 12, "skills": {"Bow": 14}, "weapons": ["regular_bow"]}
    game = _board([], walls=(Hex(4, 3),), shooter=archer)
    keys = game.pending.keys if game.pending else ()
    assert not any("pop_up" in k for k in keys)
    assert "wait/opportunity_fire:regular_bow/shoot" in keys  # a bow may watch, though


def test_out_of_cover_only_a_dodge_defends_against_a_watcher() -> None:
    """seed 001 (飛び出し攻撃): while out of cover, a watcher of that hex may shoot it,
    and the only defense is a dodge (no block with the shield)."""
    popper = {
        "skills": {"Thrown Weapon (Spear)": 12},
        "weapons": ["spear"],
        "shield": "medium_shield",
    }
    game = _board(
        [3, 3, 4, *SAFE], ("c", "y", Hex(4, 4), Facing.N, popper), walls=(Hex(4, 3),)
    )  # a's watch hits (10)
    state = game.state
    mode = state.fighters["c"].weapon("spear").mode("throw")
    out = pop_up_hexes(state, "c", "a", mode)[0]
    choose(game, WATCH)
    choose(game, f"hex:{out}")
    choose(game, "fire_at_first")
    while game.pending is not None and game.pending.actor == "b":
        choose(game, "do_nothing")
    choose(game, "attack/pop_up:a:spear/throw")
    choose(game, "torso")  # a's shot at c, out in the open
    assert events(game, AttackRolled)[0].attacker == "a"  # a's watch fires first
    assert game.pending is not None and game.pending.kind == "defense"
    assert game.pending.actor == "c"
    assert {o.kind for o in game.pending.options} == {"none", "dodge"}
    choose(game, "dodge")

"""GURPS on a hex map (seed 001): striking past figures in the way, lines of fire, shots that
fly on, shooting blind and the arcs of vision."""

from __future__ import annotations

from typing import Any

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.systems.gurps.attack import AttackContext, attack_score
from senjo.systems.gurps.choices import AttackPlan, ManeuverChoice
from senjo.systems.gurps.events import AttackRolled, DamageRolled, DefenseRolled, Moved
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.maneuvers import plan_options
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import Gurps

from .helpers import AXE, SAFE, battle, choose, events, fighter, on_map

SPEAR = {"st": 11, "dx": 12, "ht": 11, "skills": {"Spear": 14}, "weapons": ["spear"]}
BOW = {"st": 11, "dx": 13, "ht": 11, "skills": {"Bow": 14}, "weapons": ["regular_bow"]}


def _three(
    attacker: dict[str, object], middle_side: str, middle_posture: str = "standing"
) -> Battle[GurpsState]:
    """a (side x) at (4,1) facing S, a third figure m at (4,2), the target b (side y) at (4,3)."""
    specs = [
        fighter("a", "x", 0, **attacker),
        fighter("b", "y", 1, **AXE),
        fighter("m", middle_side, 2, **AXE),
    ]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(HexMap.rectangle(12, 12))
    places = {"a": (Hex(4, 1), Facing.S), "m": (Hex(4, 2), Facing.N), "b": (Hex(4, 3), Facing.N)}
    for key, (place, facing) in places.items():
        state.status[key].hex, state.status[key].facing = place, facing
    state.status["m"].posture = middle_posture
    return Battle(Gurps({"max_rounds": "5"}), state, ScriptedDice([6, 6, 4, *SAFE]))


def _skill_modifiers(game: Battle[GurpsState], option: str) -> dict[str, int]:
    assert game.pending is not None and game.pending.actor == "a"
    choose(game, option)
    choose(game, "torso")
    return dict(events(game, AttackRolled)[0].skill.modifiers.items)


def test_a_long_weapon_strikes_past_a_friend_freely_but_past_a_foe_at_minus_four() -> None:
    """seed 001 (何かあるヘクスを通して攻撃する): through a friend's hex no penalty, a foe's -4."""
    for side, expected in (("x", {}), ("y", {"through_foe_hex": -4})):
        game = _three(SPEAR, side)
        game.state.status["a"].grips["spear"] = 2
        assert _skill_modifiers(game, "attack:b:spear/thrust_two_handed") == expected


def test_firing_through_a_figure_is_minus_four_unless_it_lies_down() -> None:
    """seed 001 (ものが存在するヘクスを通しての射撃): -4 per figure in the way; a figure lying
    down does not block a shot between two standing figures (an interpretation)."""
    standing = _skill_modifiers(_three(BOW, "x"), "attack:b:regular_bow/shoot")
    assert standing.get("firing_through_occupied") == -4
    lying = _skill_modifiers(_three(BOW, "x", "lying"), "attack:b:regular_bow/shoot")
    assert "firing_through_occupied" not in lying


def test_long_weapon_tactics_seed_example() -> None:
    """seed 001 (長い武器を用いた戦法): a spearman 2 hexes from a swordsman strikes and steps
    back, ending 3 hexes away, where the swordsman (reach 1) cannot reach with Attack."""
    spear = dict(SPEAR, dx=13, ht=12)  # the faster fighter: the spearman acts first
    sword = {"st": 12, "dx": 12, "ht": 12, "skills": {"Broadsword": 14}, "weapons": ["broadsword"]}
    game = on_map(
        [6, 6, 4, *SAFE],
        (Hex(4, 2), Facing.S),
        (Hex(4, 4), Facing.N),
        spear,
        sword,
        grips={"spear": 2},
    )
    assert game.pending is not None and game.pending.actor == "a"
    choose(game, "attack/step_back:b:spear/thrust_two_handed")
    choose(game, "torso")
    assert game.state.distance("a", "b") == 3.0
    assert events(game, Moved)[-1].direction == "step_back"
    assert game.pending is not None and game.pending.actor == "b"
    assert not any(key.startswith("attack:a:broadsword") for key in game.pending.keys)
    assert any(key.startswith("move_and_attack:a:broadsword") for key in game.pending.keys)


def _the_shot_goes_on_to_hit_m(game: Battle[GurpsState], at_b: str) -> None:
    """The shot at b came out `at_b`, then was rolled against m at 9 and hit: m defends
    (here not at all) and takes the damage."""
    attacks = events(game, AttackRolled)
    assert [(a.target, a.result) for a in attacks] == [("b", at_b), ("m", "hit")]
    assert attacks[1].skill.value == 9
    assert game.pending is not None and (game.pending.actor, game.pending.kind) == ("m", "defense")
    choose(game, "none")
    assert [d.target for d in events(game, DamageRolled)] == ["m"]


def test_a_missed_shot_may_hit_the_figure_in_the_way() -> None:
    """seed 001 (誤射): a miss is rolled again against each figure on the line, at 9 (or the
    shot's skill if lower); the figure hit may defend, then takes the damage."""
    game = _three(BOW, "x")
    game.dice = ScriptedDice([6, 6, 4, 3, 3, 3, 4, *SAFE])
    choose(game, "attack:b:regular_bow/shoot")
    choose(game, "torso")
    _the_shot_goes_on_to_hit_m(game, "miss")


def _past(behind: Hex) -> Battle[GurpsState]:
    """a (side x) at (4,1) shooting south at b (side y) at (4,2); a friend m of a at `behind`."""
    specs = [fighter("a", "x", 0, **BOW), fighter("b", "y", 1, **AXE), fighter("m", "x", 2, **AXE)]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(HexMap.rectangle(12, 12))
    places = {"a": (Hex(4, 1), Facing.S), "b": (Hex(4, 2), Facing.N), "m": (behind, Facing.N)}
    for key, (place, facing) in places.items():
        state.status[key].hex, state.status[key].facing = place, facing
    # the shot hits (9), b dodges (5), the stray shot is rolled at 9 (9)
    return Battle(
        Gurps({"max_rounds": "5"}), state, ScriptedDice([3, 3, 3, 2, 2, 1, 3, 3, 3, *SAFE])
    )


def test_a_dodged_shot_flies_on_and_may_hit_a_figure_beyond() -> None:
    """seed 001 (流れ弾): a shot the target dodges is rolled, as a wrong target, against the
    figures on the line carried on past the target, nearest the target first."""
    game = _past(Hex(4, 4))
    choose(game, "attack:b:regular_bow/shoot")
    choose(game, "torso")
    choose(game, "dodge")
    assert events(game, DefenseRolled)[0].result == "success"
    _the_shot_goes_on_to_hit_m(game, "hit")


def test_a_dodged_shot_misses_a_figure_off_the_line() -> None:
    """seed 001 (流れ弾): only figures on the line's extension are at risk."""
    game = _past(Hex(6, 4))
    choose(game, "attack:b:regular_bow/shoot")
    choose(game, "torso")
    choose(game, "dodge")
    assert [a.target for a in events(game, AttackRolled)] == ["b"]
    assert not events(game, DamageRolled)


def _bow_score(game: Battle[GurpsState]) -> Any:
    bow = game.state.fighters["a"].weapon("regular_bow").mode("shoot")
    return attack_score(game.state, "a", "b", "regular_bow", bow, AttackPlan(), AttackContext())


def test_a_shot_at_a_target_out_of_sight_is_shooting_blind() -> None:
    """seed 001 (視界外射撃): as a Wild Swing at -10, effective skill at most 9, no Aim."""
    sharp = dict(BOW, skills={"Bow": 22})
    game = on_map([], (Hex(4, 4), Facing.N), (Hex(4, 6), Facing.N), attacker=sharp)
    status = game.state.status["a"]
    status.aim_turns, status.aim_target, status.aim_weapon = 3, "b", "regular_bow"
    score = _bow_score(game)
    assert score.modifiers.amount("shooting_blind") == -10
    assert score.modifiers.amount("aim") == 0
    assert score.value == 9
    low = on_map([], (Hex(4, 4), Facing.N), (Hex(4, 6), Facing.N), attacker=BOW)
    assert _bow_score(low).value == 4  # 14 - 10
    choice = ManeuverChoice("attack", target="b", weapon="regular_bow", mode="shoot")
    assert plan_options(game.state, "a", choice) == (AttackPlan("random"),)


def test_peripheral_vision_sees_a_side_target() -> None:
    """seed 001 (射界): the gray side hexes are in sight with Peripheral Vision."""
    wide = dict(BOW, advantages=["peripheral_vision"])
    side = Hex(4, 4).neighbor(Facing.SE)
    plain = on_map([], (Hex(4, 4), Facing.N), (side, Facing.N), attacker=BOW)
    seeing = on_map([], (Hex(4, 4), Facing.N), (side, Facing.N), attacker=wide)
    assert _bow_score(plain).modifiers.amount("shooting_blind") == -10
    assert _bow_score(seeing).modifiers.amount("shooting_blind") == 0


def test_a_shooter_turns_toward_a_target_behind_before_shooting() -> None:
    """seed 001 (ステップ): the Attack's Step may turn freely, so no blind shot is needed."""
    game = on_map([3, 3, 3, *SAFE], (Hex(4, 4), Facing.N), (Hex(4, 6), Facing.N), attacker=BOW)
    choose(game, "attack:b:regular_bow/shoot")
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")
    assert game.state.status["a"].facing == Facing.S
    turn = events(game, Moved)[0]
    assert (turn.actor, turn.direction, turn.yards, turn.facing) == ("a", "turn", 0.0, "S")
    assert events(game, AttackRolled)[0].skill.modifiers.amount("shooting_blind") == 0


def test_a_moving_targets_speed_adds_to_its_range() -> None:
    """Seed 000 (目標の距離と速度; facts sheet: a moving target's speed in yards a second is
    added to the distance before the speed/range lookup, B550): b, 5 yards off (-2), ran 5
    yards on its last turn: 5 + 5 = 10 yards, -4; the breakdown shows range -2 and the
    target's speed -2. Standing still it adds nothing."""
    game = on_map([], (Hex(4, 4), Facing.S), (Hex(4, 9), Facing.N), attacker=BOW)
    still = _bow_score(game)
    assert still.modifiers.amount("range") == -2
    assert still.modifiers.amount("moving_target") == 0
    game.state.status["b"].moved = 5.0
    running = _bow_score(game)
    assert running.modifiers.amount("range") == -2
    assert running.modifiers.amount("moving_target") == -2
    assert running.value == still.value - 2


def test_without_a_map_the_targets_speed_is_left_out() -> None:
    """Without a map (senjo's reading, docs/rules/gurps.md interpretation 63) the range is
    the straight-line distance alone, as the fast path's shot tables hold it."""
    game = battle(fighter("a", "x", 0, **BOW), fighter("b", "y", 5, **AXE), dice=[])
    game.state.status["b"].moved = 5.0
    score = _bow_score(game)
    assert score.modifiers.amount("range") == -2
    assert score.modifiers.amount("moving_target") == 0

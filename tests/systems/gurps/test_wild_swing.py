"""Wild Swing (seed 001 大振り): melee blows at a foe outside the front hexes."""

from __future__ import annotations

from typing import Any

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.space.arcs import Arc, arc_of
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.systems.gurps import tables
from senjo.systems.gurps.attack import AttackContext, attack_score, resolve_attack
from senjo.systems.gurps.choices import AttackPlan, ManeuverChoice
from senjo.systems.gurps.events import AttackRolled
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.maneuvers import plan_options
from senjo.systems.gurps.reach import reaches
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import Gurps

from .helpers import choose, events, fighter

HERE = Hex(4, 4)
RIGHT = HERE.neighbor(Facing.SE)
BACK = HERE.neighbor(Facing.S)
FRONT = HERE.neighbor(Facing.N)


def _sword(skill: int, **extra: Any) -> dict[str, Any]:
    return {"st": 12, "dx": 12, "skills": {"Broadsword": skill}, "weapons": ["broadsword"], **extra}


def _staff(skill: int, **extra: Any) -> dict[str, Any]:
    return {"st": 12, "dx": 12, "skills": {"Staff": skill}, "weapons": ["quarterstaff"], **extra}


def _game(
    attacker: dict[str, Any], foe_at: Hex, dice: list[int] | None = None
) -> Battle[GurpsState]:
    """a stands at HERE facing north; b (unarmed) at `foe_at`."""
    specs = [fighter("a", "x", 0, **attacker), fighter("b", "y", 1)]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(HexMap.rectangle(12, 12))
    state.status["a"].hex, state.status["a"].facing = HERE, Facing.N
    state.status["b"].hex, state.status["b"].facing = foe_at, Facing.N
    return Battle(Gurps(), state, ScriptedDice(dice or []))


def _score(game: Battle[GurpsState], weapon: str, mode: str, context: AttackContext) -> Any:
    fighter_a = game.state.fighters["a"]
    return attack_score(
        game.state, "a", "b", weapon, fighter_a.weapon(weapon).mode(mode), AttackPlan(), context
    )


def test_the_setup_puts_the_foe_in_the_right_and_back_arcs() -> None:
    game = _game(_sword(14), RIGHT)
    assert game.state.ground.arc(game.state, "a", "b") == "right"
    game = _game(_sword(14), BACK)
    assert game.state.ground.arc(game.state, "a", "b") == "back"


def test_a_blow_into_the_front_hexes_is_not_a_wild_swing() -> None:
    """seed 001 (武器の攻撃範囲): the front hexes are struck at full skill."""
    score = _score(_game(_sword(14), FRONT), "broadsword", "swing", AttackContext())
    assert score.modifiers.amount("wild_swing") == 0
    assert score.value == 14


def test_wild_swing_is_the_worse_of_minus_five_and_skill_nine() -> None:
    """seed 001 大振り: the lowest of -5 to hit and an effective skill of 9."""
    high = _score(_game(_sword(16), RIGHT), "broadsword", "swing", AttackContext())
    low = _score(_game(_sword(12), BACK), "broadsword", "swing", AttackContext())
    assert high.modifiers.amount("wild_swing") == -5
    assert (high.value, low.value) == (9, 7)


def test_a_determined_all_out_attack_gets_no_plus_four_on_a_wild_swing() -> None:
    """seed 001 大振り: All-Out Attack may Wild Swing, but not with Determined's +4."""
    context = AttackContext("all_out_attack", "determined")
    score = _score(_game(_sword(12), RIGHT), "broadsword", "swing", context)
    assert score.modifiers.amount("all_out_attack_determined") == 0
    assert score.value == 7


def test_move_and_attack_with_a_wild_swing_takes_the_harsher_penalty_only() -> None:
    """seed 001 大振り: with Move and Attack the harsher of the two penalties applies (-5)."""
    context = AttackContext("move_and_attack")
    score = _score(_game(_sword(12), RIGHT), "broadsword", "swing", context)
    assert score.modifiers.amount("move_and_attack") == 0
    assert score.modifiers.amount("wild_swing") == -5
    assert score.value == 7


def test_a_wild_swing_thrust_reaches_only_an_adjacent_foe() -> None:
    """seed 001 大振り: a thrust may Wild Swing, but not at a foe two or more hexes away."""
    far_right = RIGHT.neighbor(Facing.SE)
    far_front = FRONT.neighbor(Facing.N)
    for place, arc, thrust, swing in (
        (RIGHT, "right", True, True),
        (far_right, "right", False, True),
        (far_front, "front", True, True),
    ):
        game = _game(_staff(12), place)
        assert game.state.ground.arc(game.state, "a", "b") == arc
        staff = game.state.fighters["a"].weapon("quarterstaff")
        assert reaches(game.state, "a", "b", staff.mode("thrust"), 0.0) is thrust
        assert reaches(game.state, "a", "b", staff.mode("swing"), 0.0) is swing


def test_a_wild_swing_offers_only_a_random_hit_location() -> None:
    """seed 001 大振り: with hit locations in use the location is random, not aimed."""
    game = _game(_sword(14), BACK)
    choice = ManeuverChoice("attack", target="b", weapon="broadsword", mode="swing")
    assert plan_options(game.state, "a", choice) == (AttackPlan("random"),)
    aimed = plan_options(_game(_sword(14), FRONT).state, "a", choice)
    assert AttackPlan("torso") in aimed and AttackPlan("random") not in aimed


def test_a_wild_swing_rolls_its_location_even_for_an_aimed_plan() -> None:
    """seed 001 大振り: the attack roll, then 3d6 on the hit location table."""
    game = _game(_sword(14), BACK, dice=[3, 3, 3, 1, 1, 3, *[3] * 20])
    mode = game.state.fighters["a"].weapon("broadsword").mode("swing")
    steps = resolve_attack(game, "a", "b", "broadsword", mode, AttackPlan("torso"), AttackContext())
    next(steps, None)  # b may be asked to defend: the attack roll is logged by then
    rolled = events(game, AttackRolled)[0]
    assert rolled.result in ("hit", "critical_hit")
    assert rolled.location == tables.hit_location(5).key


def test_peripheral_vision_frees_the_sides_of_a_two_handed_weapon() -> None:
    """seed 001 (広視界): a two-handed weapon strikes both side arcs without a Wild Swing."""
    score = _score(
        _game(_staff(14, advantages=["peripheral_vision"]), RIGHT),
        "quarterstaff",
        "swing",
        AttackContext(),
    )
    assert score.modifiers.amount("wild_swing") == 0
    back = _score(
        _game(_staff(14, advantages=["peripheral_vision"]), BACK),
        "quarterstaff",
        "swing",
        AttackContext(),
    )
    assert back.modifiers.amount("wild_swing") == -5


def test_three_sixty_vision_strikes_behind_at_minus_two() -> None:
    """seed 001 (全周視覚): no Wild Swing anywhere, but the back is at -2."""
    back = _score(
        _game(_sword(14, advantages=["vision_360"]), BACK), "broadsword", "swing", AttackContext()
    )
    assert back.modifiers.amount("wild_swing") == 0
    assert back.modifiers.amount("awkward_angle") == -2
    assert back.value == 12


def test_peripheral_vision_frees_only_the_weapon_hand_side_of_a_one_handed_weapon() -> None:
    """seed 001 (広視界): one-handed, only the side of the striking hand (main hand = right)."""
    wide = _sword(14, advantages=["peripheral_vision"])
    right = _score(_game(wide, RIGHT), "broadsword", "swing", AttackContext())
    left = _score(_game(wide, HERE.neighbor(Facing.SW)), "broadsword", "swing", AttackContext())
    assert right.modifiers.amount("wild_swing") == 0
    assert left.modifiers.amount("wild_swing") == -5


# All-Out Attack moves on the map (seed 001: 移動点, 前進と向き), and ends where it ends.


def test_all_out_attack_cannot_back_up_to_a_foe_behind() -> None:
    """seed 001 (後退移動・横移動と向き): backward steps are not for All-Out Attack
    (「全力攻撃」では無理です), so it is not offered; Move and Attack steps back, then
    turns freely."""
    behind = BACK.neighbor(Facing.S)
    game = _game(_sword(14, basic_move=4), behind, dice=[3] * 40)
    assert game.pending is not None
    assert "all_out_attack/determined:b:broadsword/swing" not in game.pending.keys
    game = _game(_sword(14, basic_move=4), behind, dice=[3] * 40)
    choose(game, "move_and_attack:b:broadsword/swing")
    assert game.pending is not None and game.pending.kind == "destination"
    choose(game, f"{BACK}/S")  # a step back, then the free turn to face the foe
    choose(game, "torso")
    assert game.state.status["a"].hex == BACK
    assert len(events(game, AttackRolled)) == 1


def test_an_all_out_attack_that_cannot_face_the_foe_is_a_wild_swing() -> None:
    """seed 001: All-Out Attack turns only instead of moving and not at the end; with one
    point (Move 2) a long staff still reaches the foe two hexes off its side — a Wild Swing,
    without Determined's +4, at a random location."""
    place = Hex(5, 5)
    game = _game(_staff(14, basic_move=2), place, dice=[3, 3, 3, 1, 1, 3, *[3] * 40])
    assert game.state.distance("a", "b") == 2
    choose(game, "all_out_attack/determined:b:quarterstaff/swing")
    assert game.pending is not None and game.pending.kind == "destination"
    ends = game.pending.options
    assert all(arc_of(end.hex, end.facing, place) is not Arc.FRONT for end in ends)
    choose(game, f"{HERE}/N")
    assert game.state.status["a"].hex == HERE
    assert game.state.ground.arc(game.state, "a", "b") != "front"
    rolled = events(game, AttackRolled)[0]
    assert rolled.skill.modifiers.amount("wild_swing") == -5
    assert rolled.skill.modifiers.amount("all_out_attack_determined") == 0
    assert rolled.skill.value == 9
    assert rolled.location == tables.hit_location(5).key


def test_all_out_attack_is_offered_when_its_forward_move_reaches() -> None:
    """seed 001 (前進と向き): two hexes ahead, half Move forward brings the foe into reach."""
    ahead = FRONT.neighbor(Facing.N)
    game = _game(_sword(14, basic_move=4), ahead, dice=[3] * 40)
    assert game.pending is not None
    assert "all_out_attack/determined:b:broadsword/swing" in game.pending.keys
    choose(game, "all_out_attack/determined:b:broadsword/swing")
    assert game.pending is not None and f"{BACK}/N" not in game.pending.keys  # forward only
    choose(game, f"{FRONT}/N")
    choose(game, "torso")
    assert game.state.status["a"].hex == FRONT
    assert len(events(game, AttackRolled)) == 1


def test_darkness_is_a_penalty_on_every_attack_roll() -> None:
    """Lighting (the `darkness` option, B394 by the fact sheet): -N to attack rolls."""
    game = _game(_sword(14), FRONT)
    game.state.rules = game.state.rules.replace(darkness="3")
    score = _score(game, "broadsword", "swing", AttackContext())
    assert score.modifiers.amount("darkness") == -3 and score.value == 11


def test_a_wild_swing_in_deep_darkness_takes_the_darkness_penalty() -> None:
    """seed 001 大振り: the worst of -5, skill 9 and the darkness penalty - at -7 darkness
    the Wild Swing is -7 (still at most 9), not -5 and -7 both."""
    game = _game(_sword(18), RIGHT)
    game.state.rules = game.state.rules.replace(darkness="7")
    score = _score(game, "broadsword", "swing", AttackContext())
    assert dict(score.modifiers.items) == {"wild_swing_darkness": -7}
    assert score.value == 9
    game.state.rules = game.state.rules.replace(darkness="2")
    score = _score(game, "broadsword", "swing", AttackContext())
    assert dict(score.modifiers.items) == {"wild_swing": -5}


def test_in_total_darkness_every_shot_is_blind() -> None:
    """seed 001 視界外射撃, an interpretation: in total darkness (10) a shot at a target in
    front is a blind shot: -10, at most 9, a random hit location."""
    bow = {"st": 11, "dx": 13, "skills": {"Bow": 15}, "weapons": ["regular_bow"]}
    game = _game(bow, Hex(4, 0))
    game.state.rules = game.state.rules.replace(darkness="10")
    score = _score(game, "regular_bow", "shoot", AttackContext())
    assert score.modifiers.amount("shooting_blind") == -10
    assert "darkness" not in dict(score.modifiers.items)
    assert score.cap == 9

"""seed 000: Move and Attack and its Martial Arts extensions (slam damage, realistic defense
limits, Acrobatic Attack, Flying Attack)."""

from __future__ import annotations

from typing import Any

from senjo.systems.gurps.events import AttackRolled, Check, DamageRolled, PostureChanged

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
AXE = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"]}
#: seed 000's centaur: ST 18, HP 18, Move 12 - thrust 1d+2 but a slam of 2d.
CENTAUR = {
    "st": 18,
    "dx": 12,
    "ht": 12,
    "basic_move": 12,
    "skills": {"Spear": 14},
    "weapons": ["spear"],
}


def test_slam_damage_replaces_thrust_when_better() -> None:
    """seed 000: a thrusting Move and Attack may use slam damage (HP x velocity / 100):
    the centaur's spear after a 12-yard run does 2d+3 instead of 1d+4."""
    game = battle(
        fighter("c", "x", 0, **CENTAUR),
        fighter("b", "y", 13, **AXE),
        dice=[2, 2, 2, 6, 6, 6, 3, 3, *SAFE],
    )
    choose(game, "move_and_attack:b:spear/thrust_two_handed")
    choose(game, "torso")
    choose(game, "dodge")
    assert events(game, DamageRolled)[0].dice == "2d+3"


def test_no_slam_after_a_short_move() -> None:
    """seed 000: after a short run the slam is weaker than the thrust, so the thrust stands."""
    game = battle(
        fighter("c", "x", 0, **CENTAUR),
        fighter("b", "y", 3, **AXE),
        dice=[2, 2, 2, 6, 6, 6, 3, *SAFE],
    )
    choose(game, "move_and_attack:b:spear/thrust_two_handed")
    choose(game, "torso")
    choose(game, "dodge")
    assert events(game, DamageRolled)[0].dice == "1d+5"


def _after_move_and_attack(weapon: str, mode: str, defenses: str) -> list[str]:
    fighter_data = {
        "st": 12,
        "dx": 12,
        "ht": 12,
        "basic_move": 6,
        "skills": {"Broadsword": 14, "Brawling": 12, "Shield": 12},
        "weapons": ["broadsword", "kick"],
        "shield": "small_shield",
    }
    game = battle(
        fighter("a", "x", 0, **fighter_data),
        fighter("b", "y", 4, **AXE),
        dice=[6, 6, 4, 3, 3, 3, *SAFE],
        move_and_attack_defenses=defenses,
    )
    choose(game, f"move_and_attack:b:{weapon}/{mode}")
    choose(game, "torso")
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    return list(game.pending.keys)


def test_basic_move_and_attack_allows_dodge_and_block_only() -> None:
    """seed 000: after Move and Attack, only dodge or block, and no retreat."""
    assert _after_move_and_attack("broadsword", "swing", "basic") == [
        "none",
        "dodge",
        "block:small_shield",
    ]


def test_realistic_limits_spend_the_attacking_arm() -> None:
    """seed 000 (realistic): the arm that struck cannot parry; others can; no retreat."""
    keys = _after_move_and_attack("broadsword", "swing", "realistic")
    assert "parry:broadsword" not in keys and "dodge" in keys
    assert not any(key.endswith("+retreat") for key in keys)


def test_realistic_limits_a_kick_forbids_the_dodge() -> None:
    """seed 000 (realistic): after a kick (not an arm) the fighter cannot dodge."""
    keys = _after_move_and_attack("kick", "kick", "realistic")
    assert "dodge" not in keys and "parry:broadsword" in keys


def test_acrobatic_attack_is_two_more_and_a_failed_stunt_falls() -> None:
    """seed 000 (Acrobatic Attack): -2 more to hit; a failed stunt (Acrobatics -2) falls
    and the attack is lost."""
    acrobat = {
        "st": 11,
        "dx": 14,
        "ht": 11,
        "skills": {"Broadsword": 16, "Acrobatics": 14},
        "weapons": ["broadsword"],
    }
    game = battle(
        fighter("a", "x", 0, **acrobat), fighter("b", "y", 4, **AXE), dice=[3, 3, 3, 6, 6, 4, *SAFE]
    )
    choose(game, "move_and_attack/acrobatic:b:broadsword/swing")
    choose(game, "torso")
    assert events(game, Check)[0].kind == "acrobatic_stunt"
    skill = events(game, AttackRolled)[0].skill
    assert dict(skill.modifiers.items) == {"move_and_attack": -4, "acrobatic_attack": -2}
    assert skill.cap == 9
    fallen = battle(
        fighter("a", "x", 0, **acrobat), fighter("b", "y", 4, **AXE), dice=[6, 6, 6, *SAFE]
    )
    choose(fallen, "move_and_attack/acrobatic:b:broadsword/swing")
    assert not events(fallen, AttackRolled)
    assert events(fallen, PostureChanged)[0].posture == "lying"


def test_flying_attack_jumps_further_at_minus_five() -> None:
    """seed 000 (Flying Attack): a jump after the run reaches a foe beyond Move, at -5."""
    runner = {
        "st": 11,
        "dx": 13,
        "ht": 11,
        "basic_move": 6,
        "skills": {"Broadsword": 15},
        "weapons": ["broadsword"],
    }
    game = battle(
        fighter("a", "x", 0, **runner), fighter("b", "y", 9, **AXE), dice=[3, 3, 3, 3, 3, 3, *SAFE]
    )
    assert game.pending is not None
    assert "move_and_attack:b:broadsword/swing" not in game.pending.keys
    choose(game, "move_and_attack/flying:b:broadsword/swing")
    choose(game, "torso")
    assert events(game, Check)[0].kind == "flying_jump"
    assert dict(events(game, AttackRolled)[0].skill.modifiers.items) == {"move_and_attack": -5}


def test_two_things_at_once_option_takes_two_off_the_jump() -> None:
    """seed 000 (option move_and_attack_other_rolls=on): -2 to other rolls during the
    maneuver, such as a Flying Attack's jump."""
    runner = {
        "st": 11,
        "dx": 13,
        "ht": 11,
        "basic_move": 6,
        "skills": {"Broadsword": 15},
        "weapons": ["broadsword"],
    }
    game = battle(
        fighter("a", "x", 0, **runner),
        fighter("b", "y", 9, **AXE),
        dice=[3, 3, 3, 3, 3, 3, *SAFE],
        move_and_attack_other_rolls="on",
    )
    choose(game, "move_and_attack/flying:b:broadsword/swing")
    jump = events(game, Check)[0]
    assert (jump.kind, jump.score.modifiers.amount("move_and_attack")) == ("flying_jump", -2)


ACROBAT = {
    "st": 11,
    "dx": 14,
    "ht": 11,
    "skills": {"Broadsword": 18, "Acrobatics": 14},
    "weapons": ["broadsword"],
}


def _acrobatic_skill(techniques: dict[str, int]) -> Any:
    game = battle(
        fighter("a", "x", 0, **ACROBAT, techniques=techniques),
        fighter("b", "y", 4, **AXE),
        dice=[3, 3, 3, 6, 6, 4, *SAFE],
    )
    choose(game, "move_and_attack/acrobatic:b:broadsword/swing")
    choose(game, "torso")
    return events(game, AttackRolled)[0].skill


def test_an_acrobatic_attack_technique_replaces_the_penalties_by_its_level() -> None:
    """seed 000: a technique based on Acrobatic Attack defaults to -6 (Move and Attack's -4
    and the stunt's -2); bought up to -3 it is attacked at -3, still at most 9."""
    skill = _acrobatic_skill({"acrobatic_attack": -3})
    assert dict(skill.modifiers.items) == {"technique_acrobatic_attack": -3}
    assert skill.cap == 9 and skill.value == 9


def test_an_uncapped_technique_costs_one_more_and_ignores_the_cap() -> None:
    """seed 000: -1 more to ignore the skill cap of 9 (default -7); at -5, Broadsword 18
    attacks at 13."""
    skill = _acrobatic_skill({"acrobatic_attack_uncapped": -5})
    assert dict(skill.modifiers.items) == {"technique_acrobatic_attack_uncapped": -5}
    assert skill.cap is None and skill.value == 13


def test_technique_levels_are_checked() -> None:
    """A technique below its default, above 0, or unknown is one clear scenario error."""
    import pytest

    from senjo.scenario.errors import ScenarioError

    with pytest.raises(
        ScenarioError, match=r"techniques\.acrobatic_attack: -8 is below the default of -6"
    ):
        fighter("a", "x", 0, **ACROBAT, techniques={"acrobatic_attack": -8})
    with pytest.raises(ScenarioError, match="unknown technique 'back_kick'"):
        fighter("a", "x", 0, **ACROBAT, techniques={"back_kick": -2})


#: A heavy brawler (HP 18, Move 12) and a foe in thick armour (so the slam's damage on it
#: leaves no wound to roll knockdown for).
RAM = {"st": 18, "dx": 12, "ht": 12, "basic_move": 12, "skills": {"Brawling": 16}}
WALL = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"], "dr": {"all": 20}}


def _slam(dice: list[int], defense: str = "none") -> Any:
    """The ram runs 10 yards into the foe: its slam is 18 x 10 / 100 = 2d, the foe's 1d."""
    game = battle(fighter("r", "x", 0, **RAM), fighter("b", "y", 10, **WALL), dice=dice)
    choose(game, "move_and_attack/slam:b")
    choose(game, defense)
    return game


def test_a_slam_is_rolled_at_move_and_attack_minus_four_without_the_cap() -> None:
    """B371, seed 000: a slam rolls DX or Brawling at -4 and is not capped at 9 (a slam
    lifts the cap); it runs into the foe."""
    game = _slam([3, 3, 4, 6, 6, 1, *SAFE])
    skill = events(game, AttackRolled)[0].skill
    assert dict(skill.modifiers.items) == {"move_and_attack": -4}
    assert skill.cap is None and skill.value == 12
    assert game.state.distance("r", "b") == 0.0


def test_slam_damage_goes_both_ways_and_twice_as_much_knocks_down() -> None:
    """B371: each side rolls its own HP x velocity / 100 (2d and 1d); the slammer's 12
    against 1 is at least twice, so the foe falls."""
    game = _slam([3, 3, 4, 6, 6, 1, *SAFE])
    assert [(d.attacker, d.dice) for d in events(game, DamageRolled)] == [("r", "2d"), ("b", "1d")]
    assert game.state.status["b"].posture == "lying"
    assert game.state.status["r"].posture == "standing"


def test_a_slam_that_wins_by_less_than_double_asks_for_dx() -> None:
    """B371: more than the foe's roll but less than twice: the foe rolls DX or falls."""
    game = _slam([3, 3, 4, 3, 2, 4, 6, 6, 6, *SAFE])  # 5 against 4; DX roll 18 fails
    check = events(game, Check)[-1]
    assert check.kind == "slam_knockdown" and not check.success
    assert game.state.status["b"].posture == "lying"


def test_a_foe_rolling_twice_the_slammers_damage_knocks_the_slammer_down() -> None:
    """B371: the foe's roll at least twice the slammer's: the slammer falls."""
    game = _slam([3, 3, 4, 1, 1, 6, *SAFE])  # 2 against 6
    assert game.state.status["r"].posture == "lying"
    assert game.state.status["b"].posture == "standing"


def test_a_dodged_slam_does_nothing() -> None:
    """B371: the foe may dodge; a dodged slam passes by without damage."""
    game = _slam([3, 3, 4, 2, 2, 2, *SAFE], defense="dodge")  # Dodge 8: 6 succeeds
    assert not events(game, DamageRolled)

"""Attacks, defenses and damage in GURPS without a map (B369-381), with scripted dice."""

from __future__ import annotations

import pytest

from senjo.systems.gurps.events import (
    AttackRolled,
    Check,
    ConditionChanged,
    CriticalResult,
    DamageRolled,
    DefenseRolled,
    Injured,
)

from .helpers import battle, choose, events, fighter

KNIGHT = {
    "st": 12,
    "dx": 12,
    "ht": 12,
    "skills": {"Broadsword": 14, "Shield": 12},
    "weapons": ["broadsword"],
}
RAIDER = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"]}
#: Rolls of 9 (3+3+3): every later HT, DX or consciousness roll at 10 succeeds.
SAFE = [3] * 30


def test_initiative_by_basic_speed_then_dx() -> None:
    """B363: the faster fighter (Basic Speed 6 against 5) acts first, with no tie roll."""
    game = battle(fighter("b", "y", 1, **RAIDER), fighter("a", "x", 0, **KNIGHT), dice=[])
    assert game.state.order == ("a", "b")
    assert game.pending is not None and game.pending.actor == "a"


def test_tied_initiative_rolls_a_die_each() -> None:
    """B363: equal Basic Speed and DX are broken by a roll, higher first."""
    game = battle(fighter("a", "x", 0), fighter("b", "y", 1), dice=[2, 5])
    assert game.state.order == ("b", "a")


def test_hit_dodge_fails_cutting_wound_to_torso() -> None:
    """B377-379: a hit the dodge misses does sw+1 cut; 7 cutting x1.5 = 10 injury."""
    game = battle(
        fighter("a", "x", 0, **KNIGHT),
        fighter("b", "y", 1, **RAIDER),
        dice=[3, 3, 3, 5, 5, 5, 4, 3, 3, 3, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert events(game, AttackRolled)[0].skill.value == 14
    assert events(game, AttackRolled)[0].result == "hit"
    assert game.pending is not None and game.pending.kind == "defense"
    assert game.pending.actor == "b"
    choose(game, "dodge")
    defense = events(game, DefenseRolled)[0]
    assert (defense.score.value, defense.roll, defense.result) == (8, 15, "failure")
    damage = events(game, DamageRolled)[0]
    assert (damage.dice, damage.faces, damage.basic) == ("1d+3", (4,), 7)
    wound = events(game, Injured)[0]
    assert (wound.penetrating, wound.multiplier, wound.injury, wound.hp) == (7, 1.5, 10, 0)
    # The damage type is the events' plain text, not the DamageType it is made from.
    assert type(damage.damage_type) is str and damage.damage_type == "cut"
    assert type(wound.damage_type) is str and wound.damage_type == "cut"
    # B420: a major wound (over HP/2) calls for an HT roll against knockdown.
    assert events(game, Check)[0].kind == "knockdown"
    assert {c.condition for c in events(game, ConditionChanged)} == {"reeling", "collapse"}


def test_retreat_adds_three_to_dodge() -> None:
    """B377: retreating gives +3 to Dodge (and Combat Reflexes +1, shield DB in front)."""
    game = battle(
        fighter("a", "x", 0, **KNIGHT),
        fighter("b", "y", 1, advantages=["combat_reflexes"], shield="medium_shield", **RAIDER),
        dice=[3, 3, 3, 4, 4, 4],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge+retreat")
    score = events(game, DefenseRolled)[0].score
    assert dict(score.modifiers.items) == {"combat_reflexes": 1, "shield_db": 2, "retreat": 3}
    assert score.value == 14
    assert events(game, DefenseRolled)[0].result == "success"
    assert not events(game, DamageRolled)


def test_critical_hit_allows_no_defense() -> None:
    """B556: a critical hit (3-4 always) gets no defense; the table result is rolled."""
    game = battle(
        fighter("a", "x", 0, **KNIGHT),
        fighter("b", "y", 1, **RAIDER),
        dice=[1, 1, 2, 3, 3, 4, 6, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert events(game, AttackRolled)[0].result == "critical_hit"
    assert not events(game, DefenseRolled)
    # Critical hit table roll 10: normal damage. Damage die 6 -> 9 cut -> 13 injury.
    assert events(game, Injured)[0].injury == 13


@pytest.mark.parametrize(("roll", "skill", "critical"), [(5, 15, True), (5, 14, False)])
def test_critical_success_on_five_needs_skill_fifteen(
    roll: int, skill: int, critical: bool
) -> None:
    """B348: a roll of 5 is a critical hit only at effective skill 15 or more."""
    knight = dict(KNIGHT, skills={"Broadsword": skill})
    game = battle(
        fighter("a", "x", 0, **knight),
        fighter("b", "y", 1, **RAIDER),
        dice=[1, 1, roll - 2, 3, 3, 4, 1, 6, 6, 6],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert (events(game, AttackRolled)[0].result == "critical_hit") is critical


def test_miss_ends_the_attack() -> None:
    """B369: a failed attack roll misses; there is no defense and no damage."""
    game = battle(fighter("a", "x", 0, **KNIGHT), fighter("b", "y", 1, **RAIDER), dice=[5, 5, 5])
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert events(game, AttackRolled)[0].result == "miss"
    assert game.pending is not None and game.pending.actor == "b"


def test_aimed_location_penalty_and_skull_wounding() -> None:
    """B398-399: the skull is -7 to hit, adds DR 2, and crushing there is x4."""
    mace = dict(KNIGHT, skills={"Axe/Mace": 16}, weapons=["mace"])
    game = battle(
        fighter("a", "x", 0, **mace),
        fighter("b", "y", 1, **RAIDER),
        dice=[2, 2, 2, 6, 6, 6, 3, *SAFE],
    )
    choose(game, "attack:b:mace/swing")
    choose(game, "skull")
    attack = events(game, AttackRolled)[0]
    assert attack.skill.value == 9 and attack.location == "skull"
    choose(game, "dodge")
    # mace sw+3 cr with ST 12 (1d+2): 1d+5, die 3 -> 8; (8 - 2) x 4 = 24 injury.
    wound = events(game, Injured)[0]
    assert (wound.dr, wound.penetrating, wound.injury) == (2, 6, 24)


def test_deceptive_attack_trades_two_skill_for_one_defense() -> None:
    """B369: each -2 to hit is -1 to the target's defense."""
    game = battle(
        fighter("a", "x", 0, **KNIGHT),
        fighter("b", "y", 1, **RAIDER),
        dice=[3, 3, 3, 3, 3, 3, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso+deceptive2")
    assert events(game, AttackRolled)[0].skill.value == 10
    choose(game, "dodge")
    assert dict(events(game, DefenseRolled)[0].score.modifiers.items) == {"deceptive_attack": -2}


def test_random_hit_location_option_rolls_the_table() -> None:
    """B400 (option random_hit_locations=on): a random location is rolled on 3d6 after the hit."""
    game = battle(
        fighter("a", "x", 0, **KNIGHT),
        fighter("b", "y", 1, **RAIDER),
        dice=[3, 3, 3, 1, 1, 1, 6, 6, 6, *SAFE],
        random_hit_locations="on",
    )
    choose(game, "attack:b:broadsword/swing")
    assert game.pending is not None and "random" in game.pending.keys
    choose(game, "random")
    attack = events(game, AttackRolled)[0]
    assert attack.location == "skull" and attack.skill.value == 14


def test_prone_target_cover_option() -> None:
    """B551 vs the cover table (option prone_ranged_penalty): a lying target is -2 or -4."""
    archer = {"st": 11, "dx": 13, "ht": 11, "skills": {"Bow": 14}, "weapons": ["regular_bow"]}
    for option, expected in (("posture", -2), ("cover", -4)):
        game = battle(
            fighter("a", "x", 0, **archer),
            fighter("b", "y", 2, **RAIDER),
            dice=[6, 6, 4, *SAFE],
            prone_ranged_penalty=option,
        )
        game.state.status["b"].posture = "lying"
        choose(game, "attack:b:regular_bow/shoot")
        choose(game, "torso")
        modifiers = events(game, AttackRolled)[0].skill.modifiers
        assert modifiers.amount("target_lying") == expected


def test_critical_hit_to_the_skull_uses_the_head_blow_table() -> None:
    """B556: a critical hit to the skull, face or eye rolls on the critical head blow table."""
    mace = dict(KNIGHT, skills={"Axe/Mace": 18}, weapons=["mace"])
    game = battle(
        fighter("a", "x", 0, **mace),
        fighter("b", "y", 1, **RAIDER),
        dice=[1, 1, 1, 6, 6, 4, 3, *SAFE],
    )
    choose(game, "attack:b:mace/swing")
    choose(game, "skull")
    critical = events(game, CriticalResult)[0]
    # Head blow 16: double damage.
    assert (critical.table, critical.roll, critical.key) == (
        "critical_head_blow",
        16,
        "double_damage",
    )
    assert events(game, DamageRolled)[0].basic == 16


def test_no_attack_below_an_effective_skill_of_three() -> None:
    """B344: an attack whose effective skill is below 3 cannot be tried; the turn passes."""
    thrower = {"dx": 10, "ht": 10, "skills": {"Thrown Weapon (Spear)": 5}, "weapons": ["spear"]}
    game = battle(
        fighter("a", "x", 0, st=10, **thrower),
        fighter("b", "y", 10, **RAIDER),
        dice=[6, 1, *SAFE],
    )
    assert game.pending is not None and game.pending.actor == "a"
    choose(game, "attack:b:spear/throw")
    assert not events(game, AttackRolled)

"""Hands: readying needs a free hand, the off hand is at -4, Dual-Weapon Attack (B382, B417)."""

from __future__ import annotations

from senjo.systems.gurps.events import AttackRolled, ItemChanged

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
TWO_SWORDS = {
    "st": 12,
    "dx": 12,
    "ht": 12,
    "skills": {"Shortsword": 14, "Broadsword": 14},
    "weapons": ["shortsword", "broadsword"],
    "ready": ["broadsword", "shortsword"],
}
AXE = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"]}


def test_weapons_fill_main_then_off_hand_and_shields_the_off_hand() -> None:
    """A fighter starts with its ready weapon in the main hand and its shield in the off hand."""
    game = battle(
        fighter(
            "a", "x", 0, skills={"Broadsword": 12}, weapons=["broadsword"], shield="medium_shield"
        ),
        fighter("b", "y", 1, **AXE),
        dice=[6, 1],  # equal speed and DX: the tie roll puts a first
    )
    assert game.state.status["a"].hands == ("broadsword", "medium_shield")


def test_dual_weapon_attack_is_two_attacks_at_minus_four_off_hand_minus_eight() -> None:
    """B417: Dual-Weapon Attack: both attacks at -4, the off-hand one a further -4."""
    game = battle(
        fighter("a", "x", 0, **TWO_SWORDS),
        fighter("b", "y", 1, **AXE),
        dice=[6, 6, 4, 6, 6, 4, *SAFE],
    )
    choose(game, "attack/dual:b:broadsword/swing")
    choose(game, "torso")
    attacks = events(game, AttackRolled)
    assert [a.weapon for a in attacks] == ["broadsword", "shortsword"]
    assert [dict(a.skill.modifiers.items) for a in attacks] == [
        {"dual_weapon_attack": -4},
        {"off_hand": -4, "dual_weapon_attack": -4},
    ]


def test_ambidexterity_removes_the_off_hand_penalty() -> None:
    """B39: Ambidexterity means no off-hand penalty."""
    game = battle(
        fighter("a", "x", 0, advantages=["ambidexterity"], **TWO_SWORDS),
        fighter("b", "y", 1, **AXE),
        dice=[6, 6, 4, 6, 6, 4, *SAFE],
    )
    choose(game, "attack:b:shortsword/swing")
    choose(game, "torso")
    assert dict(events(game, AttackRolled)[0].skill.modifiers.items) == {}


def test_off_hand_attack_is_minus_four() -> None:
    """B417: attacking with the off hand is -4."""
    game = battle(
        fighter("a", "x", 0, **TWO_SWORDS), fighter("b", "y", 1, **AXE), dice=[6, 6, 4, *SAFE]
    )
    choose(game, "attack:b:shortsword/swing")
    choose(game, "torso")
    assert dict(events(game, AttackRolled)[0].skill.modifiers.items) == {"off_hand": -4}


def test_two_handed_grip_needs_the_other_hand_free() -> None:
    """B270: a two-handed grip cannot be used with a shield in the other hand."""
    spear = {"skills": {"Spear": 12}, "weapons": ["spear"]}
    with_shield = battle(
        fighter("a", "x", 0, shield="small_shield", **spear),
        fighter("b", "y", 1, **AXE),
        dice=[6, 1],
    )
    without = battle(fighter("a", "x", 0, **spear), fighter("b", "y", 1, **AXE), dice=[6, 1])
    key = "attack:b:spear/thrust_two_handed"
    assert with_shield.pending is not None and key not in with_shield.pending.keys
    assert without.pending is not None and key in without.pending.keys


def test_drawing_needs_a_free_hand() -> None:
    """B382: a third weapon cannot be drawn while both hands are full; one hand free, it can."""
    loaded = dict(
        TWO_SWORDS,
        weapons=["shortsword", "broadsword", "large_knife"],
        skills={"Shortsword": 14, "Broadsword": 14, "Knife": 12},
    )
    game = battle(fighter("a", "x", 0, **loaded), fighter("b", "y", 1, **AXE), dice=[])
    assert game.pending is not None
    assert "ready/draw:large_knife" not in game.pending.keys
    one_hand = dict(loaded, ready=["broadsword"])
    game = battle(fighter("a", "x", 0, **one_hand), fighter("b", "y", 1, **AXE), dice=[])
    assert game.pending is not None and "ready/draw:large_knife" in game.pending.keys
    choose(game, "ready/draw:large_knife")
    assert game.state.status["a"].hands == ("broadsword", "large_knife")
    assert events(game, ItemChanged)[-1].state == "ready"


def test_a_punch_needs_an_empty_hand() -> None:
    """A punch is made with an empty hand; sword and shield leave none."""
    full = battle(
        fighter(
            "a", "x", 0, skills={"Broadsword": 12}, weapons=["broadsword"], shield="small_shield"
        ),
        fighter("b", "y", 0.2, **AXE),
        dice=[6, 1],
    )
    free = battle(
        fighter("a", "x", 0, skills={"Broadsword": 12}, weapons=["broadsword"]),
        fighter("b", "y", 0.2, **AXE),
        dice=[6, 1],
    )
    assert full.pending is not None and "attack:b:punch/punch" not in full.pending.keys
    assert free.pending is not None and "attack:b:punch/punch" in free.pending.keys


def test_a_dual_weapon_attacks_deceptive_attack_counts_its_minus_four() -> None:
    """B369 with B417: a Deceptive Attack may not take the effective skill below 10, and
    a Dual-Weapon Attack's blows are each at -4 first. At Broadsword 14 a plain blow may
    deceive by 2 (14 - 4 = 10); a Dual-Weapon Attack's (10 before deceiving) by none."""
    from senjo.systems.gurps.choices import ManeuverChoice
    from senjo.systems.gurps.plans import plan_options

    game = battle(
        fighter("a", "x", 0, **TWO_SWORDS),
        fighter("b", "y", 1, **AXE),
        dice=[6, 6, 4, *SAFE],
    )
    plain = ManeuverChoice("attack", "", "b", "broadsword", "swing")
    dual = ManeuverChoice("attack", "dual", "b", "broadsword", "swing")
    assert max(p.deceptive for p in plan_options(game.state, "a", plain)) == 2
    assert max(p.deceptive for p in plan_options(game.state, "a", dual)) == 0

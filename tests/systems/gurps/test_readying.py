"""Readying (B382-383): Fast-Draw, changing grip on "*" weapons; bracing an Aim (B364)."""

from __future__ import annotations

import dataclasses

from senjo.systems.gurps.events import AttackRolled, Check, ItemChanged
from senjo.systems.gurps.reach import effective_mode

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
AXE = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"]}
SWORDSMAN = {
    "st": 12,
    "dx": 12,
    "ht": 12,
    "skills": {"Broadsword": 14, "Fast-Draw (Sword)": 13},
    "weapons": ["broadsword"],
    "ready": [],
}


def test_fast_draw_readies_and_attacks_in_one_turn() -> None:
    """B194: a successful Fast-Draw roll readies the sword and the attack goes on."""
    game = battle(
        fighter("a", "x", 0, **SWORDSMAN),
        fighter("b", "y", 1, **AXE),
        dice=[3, 3, 3, 6, 6, 4, *SAFE],
    )
    choose(game, "attack/fast_draw:b:broadsword/swing")
    choose(game, "torso")
    assert events(game, Check)[0].kind == "fast_draw"
    assert events(game, ItemChanged)[0].state == "ready"
    assert len(events(game, AttackRolled)) == 1


def test_failed_fast_draw_readies_slowly_without_attacking() -> None:
    """B194: a failed Fast-Draw still readies the weapon, but the turn is spent."""
    game = battle(
        fighter("a", "x", 0, **SWORDSMAN),
        fighter("b", "y", 1, **AXE),
        dice=[5, 5, 5, 6, 6, 4, *SAFE],
    )
    choose(game, "attack/fast_draw:b:broadsword/swing")
    assert not events(game, AttackRolled)
    assert "broadsword" in game.state.status["a"].ready


def test_fast_draw_needs_the_skill() -> None:
    """Without Fast-Draw (Sword) only a Ready maneuver draws the sword."""
    plain = dict(SWORDSMAN, skills={"Broadsword": 14})
    game = battle(fighter("a", "x", 0, **plain), fighter("b", "y", 1, **AXE), dice=[])
    assert game.pending is not None
    assert not any("fast_draw" in key for key in game.pending.keys)
    assert "ready/draw:broadsword" in game.pending.keys


def test_changing_grip_on_a_starred_weapon_takes_a_ready() -> None:
    """B269: a "1,2*" spear strikes at the reach it is held for; a Ready changes it."""
    spear = {"st": 11, "dx": 12, "ht": 12, "skills": {"Spear": 13}, "weapons": ["spear"]}
    game = battle(fighter("a", "x", 0, **spear), fighter("b", "y", 3, **AXE), dice=[])
    # Held for reach 1: a foe 3 yards away is out of reach even with a step.
    assert game.pending is not None
    assert "attack:b:spear/thrust_two_handed" not in game.pending.keys
    choose(game, "ready/grip2:spear")
    assert game.state.status["a"].grips == {"spear": 2}
    choose(game, "do_nothing")
    assert game.pending is not None
    assert "attack:b:spear/thrust_two_handed" in game.pending.keys
    assert "attack:b:spear/thrust" not in game.pending.keys


def test_a_starred_mode_strikes_at_the_reach_it_is_gripped_for() -> None:
    """B269: `effective_mode` gives a "1,2*" mode with the reach of its grip alone (1 until
    a Ready changes it), and no mode for a grip the mode lacks; the gripped mode is built
    once and given again while the grip holds."""
    spear = {"st": 11, "dx": 12, "ht": 12, "skills": {"Spear": 13}, "weapons": ["spear"]}
    game = battle(fighter("a", "x", 0, **spear), fighter("b", "y", 3, **AXE), dice=[])
    status = game.state.status["a"]
    thrust = game.state.fighters["a"].weapon("spear").mode("thrust_two_handed")
    assert thrust.reach == (1, 2) and thrust.reach_needs_ready
    held = effective_mode(status, "spear", thrust)
    assert held is not None and held.reach == (1,)
    assert held == dataclasses.replace(thrust, reach=(1,))
    assert effective_mode(status, "spear", thrust) is held
    status.grips["spear"] = 2
    longer = effective_mode(status, "spear", thrust)
    assert longer is not None and longer.reach == (2,)
    status.grips["spear"] = 3
    assert effective_mode(status, "spear", thrust) is None


def test_braced_aim_adds_one() -> None:
    """B364: bracing the weapon while aiming gives +1 more (kneeling, an interpretation)."""
    archer = {"st": 11, "dx": 13, "ht": 11, "skills": {"Bow": 14}, "weapons": ["regular_bow"]}
    game = battle(
        fighter("a", "x", 0, **archer), fighter("b", "y", 20, **AXE), dice=[6, 6, 4, *SAFE]
    )
    choose(game, "change_posture/kneeling")
    choose(game, "do_nothing")
    choose(game, "aim/braced:b:regular_bow/shoot")
    choose(game, "do_nothing")
    choose(game, "attack:b:regular_bow/shoot")
    choose(game, "torso")
    assert dict(events(game, AttackRolled)[0].skill.modifiers.items) == {
        "range": -6,
        "aim": 2,
        "braced": 1,
    }


def test_free_actions_are_offered_when_the_option_is_on() -> None:
    """B363 (option free_actions=on): a turn opens with crouching or dropping a held item."""
    game = battle(
        fighter("a", "x", 0, **dict(SWORDSMAN, ready=["broadsword"])),
        fighter("b", "y", 5, **AXE),
        dice=[],
        free_actions="on",
    )
    assert game.pending is not None and game.pending.kind == "free_action"
    assert game.pending.keys == ("none", "crouch", "drop:broadsword")
    choose(game, "drop:broadsword")
    assert "broadsword" in game.state.status["a"].dropped
    assert game.state.status["a"].hands == ("", "")
    assert game.pending is not None and game.pending.kind == "maneuver"


def test_no_free_action_decision_by_default() -> None:
    """With the default free_actions=off the turn starts with the maneuver."""
    game = battle(
        fighter("a", "x", 0, **dict(SWORDSMAN, ready=["broadsword"])),
        fighter("b", "y", 5, **AXE),
        dice=[],
    )
    assert game.pending is not None and game.pending.kind == "maneuver"


def test_on_a_map_a_dropped_item_is_picked_up_only_within_reach() -> None:
    """seed 001 (準備): Ready picks up an item in one's own hex or one within reach
    (usually 1 hex); a weapon dropped two hexes away must be walked to first."""
    from senjo.space.hexgrid import Facing, Hex
    from senjo.space.hexmap import HexMap
    from senjo.systems.gurps.hands import drop, let_go
    from senjo.systems.gurps.hexfield import HexField
    from senjo.systems.gurps.readying import ready_options
    from senjo.systems.gurps.system import Gurps

    specs = [fighter("a", "x", 0, **SWORDSMAN), fighter("b", "y", 5, **AXE)]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(HexMap.rectangle(12, 12))
    status = state.status["a"]
    status.hex, status.facing = Hex(4, 4), Facing.N
    let_go(status, "broadsword")
    drop(status, "broadsword")
    assert status.dropped_at["broadsword"] == Hex(4, 4)
    keys = [o.key for o in ready_options(state.fighters["a"], status)]
    assert "ready/pick_up:broadsword" in keys
    status.hex = Hex(4, 6)
    keys = [o.key for o in ready_options(state.fighters["a"], status)]
    assert "ready/pick_up:broadsword" not in keys


ARCHER = {
    "dx": 13,
    "skills": {"Bow": 15, "Knife": 12},
    "weapons": ["regular_bow", "large_knife"],
}


def test_a_bow_in_hand_is_dropped_to_draw_the_knife_into_the_main_hand() -> None:
    """B363 (dropping an item is free) with B382 (Ready: draw): Ready (swap) drops the bow
    the main hand holds and draws the knife into it - no off-hand -4 (B417) on its blows."""
    game = battle(fighter("a", "x", 0, **ARCHER), fighter("b", "y", 1, **AXE), dice=list(SAFE))
    status = game.state.status["a"]
    assert status.hands[0] == "regular_bow"
    assert game.pending is not None
    assert "ready/swap:large_knife" in game.pending.keys
    choose(game, "ready/swap:large_knife")
    changed = [(e.item, e.state, e.cause) for e in events(game, ItemChanged)]
    assert changed == [
        ("regular_bow", "dropped", "swap"),
        ("large_knife", "ready", "swap"),
    ]
    assert status.hands == ("large_knife", "")
    assert "regular_bow" in status.dropped and "regular_bow" not in status.ready


def test_a_plain_draw_still_takes_the_free_hand() -> None:
    """Ready (draw) with the bow kept: the knife goes to the free off hand."""
    game = battle(fighter("a", "x", 0, **ARCHER), fighter("b", "y", 1, **AXE), dice=list(SAFE))
    choose(game, "ready/draw:large_knife")
    assert game.state.status["a"].hands == ("regular_bow", "large_knife")


def test_no_swap_for_a_melee_weapon_in_hand() -> None:
    """A sword in the main hand is a weapon for the fight at hand: no Ready (swap) is
    offered for it (senjo offers the swap only for a weapon with no melee mode)."""
    knight = {"skills": {"Broadsword": 14, "Knife": 12}, "weapons": ["broadsword", "large_knife"]}
    game = battle(fighter("a", "x", 0, **knight), fighter("b", "y", 1, **AXE), dice=list(SAFE))
    assert game.pending is not None
    assert "ready/draw:large_knife" in game.pending.keys
    assert not any("swap" in key for key in game.pending.keys)


def test_sheathing_a_weapon_takes_a_ready_and_frees_its_hand() -> None:
    """Seed 000 (ホルスターに納める, 鞘に納める; facts sheet §10: one Ready): Ready (sheathe)
    puts the sword away: its hand is free (a grab needs one, B370; the shield holds the
    other) and the sword is drawn again with a Ready (draw)."""
    knight = {
        "skills": {"Broadsword": 14, "Shield": 12},
        "weapons": ["broadsword"],
        "shield": "medium_shield",
    }
    game = battle(fighter("a", "x", 0, **knight), fighter("b", "y", 1, **AXE), dice=list(SAFE))
    status = game.state.status["a"]
    assert status.hands == ("broadsword", "medium_shield")
    assert game.pending is not None
    assert "attack/grab:b" not in game.pending.keys
    choose(game, "ready/sheathe:broadsword")
    changed = [(e.item, e.state, e.cause) for e in events(game, ItemChanged)]
    assert changed == [("broadsword", "sheathed", "sheathe")]
    assert status.hands == ("", "medium_shield") and "broadsword" not in status.ready
    assert "broadsword" not in status.dropped
    choose(game, "do_nothing")  # b
    assert game.pending is not None
    assert "attack/grab:b" in game.pending.keys
    assert "ready/draw:broadsword" in game.pending.keys
    assert "ready/sheathe:broadsword" not in game.pending.keys


def test_only_a_weapon_in_hand_is_sheathed() -> None:
    """A sheathed knife is not put away again; a shield is not sheathed (it is dropped,
    seed 001 近接戦闘での盾); natural weapons have no sheath."""
    rider = {
        "skills": {"Broadsword": 14, "Knife": 12, "Shield": 12, "Brawling": 12},
        "weapons": ["broadsword", "large_knife", "punch"],
        "shield": "medium_shield",
    }
    game = battle(fighter("a", "x", 0, **rider), fighter("b", "y", 1, **AXE), dice=list(SAFE))
    assert game.pending is not None
    sheathes = [key for key in game.pending.keys if key.startswith("ready/sheathe")]
    assert sheathes == ["ready/sheathe:broadsword"]

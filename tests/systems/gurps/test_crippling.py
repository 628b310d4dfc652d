"""負傷の影響 Effects of Injury, crippled limbs (seed 000; B420-421 by a public summary,
docs/plans/gurps_crippling.md; interpretation 77 of docs/rules/gurps.md): a crippled arm
or hand holds nothing - its item falls, its hand neither strikes, parries, blocks nor
readies; a crippled leg or foot fells the fighter, who cannot stand up again (it may
kneel, sit or crawl); the critical hit table's numbed limb (B556, entry 8) works again
after 16 - HT seconds (at least 2); a critical miss's strained shoulder (B556, 15) leaves
the weapon arm unable to attack or defend, its weapon in the hand. Scripted dice (each
3d6 of SAFE is a 9)."""

from __future__ import annotations

from typing import Any

from senjo.engine.battle import Battle
from senjo.systems.gurps.crippling import take_effect
from senjo.systems.gurps.events import (
    AttackRolled,
    ConditionChanged,
    ItemChanged,
    PostureChanged,
    TurnStarted,
)
from senjo.systems.gurps.free_actions import free_action_options
from senjo.systems.gurps.legal import usable_modes
from senjo.systems.gurps.state import GurpsState

from .helpers import AXE, SAFE, SWORD, VICTIM, WRESTLER, battle, choose, events, fighter

#: The victim: ST 12 and HT 12 (12 HP: an arm is crippled past 6, a hand past 4), an axe
#: in its main hand and a medium shield on its off arm.
SHIELDED: dict[str, Any] = {"st": 12, "ht": 12, **AXE, "skills": {"Axe/Mace": 12, "Shield": 12}}
SHIELDED["shield"] = "medium_shield"
#: The same without the shield.
UNSHIELDED: dict[str, Any] = {"st": 12, "ht": 12, **AXE}


def _struck(location: str, dice: list[int], **victim: Any) -> Battle[GurpsState]:
    """a (broadsword, sw 1d+3 cut) hits b at `location` with a 9; b does not defend."""
    game = battle(
        fighter("a", "x", 0, **SWORD), fighter("b", "y", 1, **(victim or SHIELDED)), dice=dice
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, location)
    choose(game, "none")
    return game


def _keys(game: Battle[GurpsState]) -> list[str]:
    assert game.pending is not None
    return [o.key for o in game.pending.options]


def test_a_crippled_arm_drops_what_its_hand_held() -> None:
    """負傷の影響 (B420 crippled arm): a 6 swung at the right arm is 9 cut, x1.5, capped at
    7 (crippled past 6); the axe in that hand falls, and b's turn offers no blow with it -
    a punch with the other, empty hand, and picking the axe up with it."""
    game = _struck("right_arm", [3, 3, 3, 6, *SAFE], **UNSHIELDED)
    status = game.state.status["b"]
    assert "right_arm" in status.crippled
    dropped = [(i.item, i.state, i.cause) for i in events(game, ItemChanged)]
    assert dropped == [("axe", "dropped", "crippled")]
    assert status.hands == ("", "") and "axe" in status.dropped
    assert game.pending is not None and game.pending.actor == "b"
    keys = _keys(game)
    assert not [k for k in keys if ":axe/" in k]
    assert "ready/pick_up:axe" in keys and "attack:a:punch/punch" in keys


def test_the_left_hand_picks_the_weapon_up_and_strikes_at_the_off_hand_penalty() -> None:
    """B417 with 負傷の影響: without a shield, b's axe, dropped by its crippled right arm,
    is taken up in the left hand and swung at -4 (off hand)."""
    game = _struck("right_arm", [3, 3, 3, 6, *SAFE], **UNSHIELDED)
    choose(game, "ready/pick_up:axe")
    status = game.state.status["b"]
    assert status.hands == ("", "axe")
    choose(game, "do_nothing")  # a
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    rolled = events(game, AttackRolled)[-1]
    assert rolled.attacker == "b"
    assert ("off_hand", -4) in rolled.skill.modifiers.items


def test_a_crippled_shield_arm_lets_the_shield_go() -> None:
    """負傷の影響 (a crippled arm holds nothing, interpretation 77: a shield too): a 6 at
    the left arm cripples it; the shield falls and b's turn has no All-Out Defense
    (Increased Block); a's next blow offers no block."""
    game = _struck("left_arm", [3, 3, 3, 6, *SAFE])
    status = game.state.status["b"]
    assert "medium_shield" in status.dropped and status.hands[1] == ""
    assert "all_out_defense/increased_block" not in _keys(game)
    assert "ready/pick_up:medium_shield" not in _keys(game)  # no free, sound hand for it...
    choose(game, "do_nothing")  # b
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert not [k for k in _keys(game) if k.startswith("block")]


def test_a_crippled_hand_is_the_main_hand() -> None:
    """負傷の影響 (interpretation 77: a blow at "hand" strikes the main hand): with 12 HP
    the hand is crippled past 4; a 2 swung is 5 cut, x1.5 is 7, capped at 5. The axe falls;
    the shield stays."""
    game = _struck("hand", [3, 3, 3, 2, *SAFE])
    status = game.state.status["b"]
    assert "hand" in status.crippled
    assert [i.item for i in events(game, ItemChanged)] == ["axe"]
    assert status.hands == ("", "medium_shield")
    # Neither hand is free: the main hand is crippled, the off hand holds the shield.
    keys = _keys(game)
    assert "ready/pick_up:axe" not in keys and "attack:a:punch/punch" not in keys


def test_a_crippled_leg_fells_the_fighter_who_cannot_stand_again() -> None:
    """負傷の影響 (B420 crippled leg): the fighter falls and, without support, cannot stand;
    it may kneel. From kneeling neither standing nor crouching is offered."""
    game = _struck("right_leg", [3, 3, 3, 6, *SAFE])
    status = game.state.status["b"]
    assert "right_leg" in status.crippled and status.posture == "lying"
    fell = [(p.posture, p.cause) for p in events(game, PostureChanged)]
    assert fell == [("lying", "crippled")]
    keys = _keys(game)
    assert "change_posture/standing" not in keys and "change_posture/kneeling" in keys
    choose(game, "change_posture/kneeling")
    choose(game, "do_nothing")  # a
    keys = _keys(game)
    assert not {"change_posture/standing", "change_posture/crouching"} & set(keys)
    assert "change_posture/sitting" in keys


def test_an_uncrippled_arm_keeps_its_item() -> None:
    """The threshold (B420, more than HP/2 for a limb): a 1 swung at the right arm is 4
    cut, 6 injury - not more than 6 of 12 HP, so the arm is not crippled and the axe
    stays in hand."""
    game = _struck("right_arm", [3, 3, 3, 1, *SAFE])
    status = game.state.status["b"]
    assert not status.crippled and status.hands[0] == "axe"
    assert "attack:a:axe/swing" in _keys(game)


def test_a_numbed_arm_works_again_after_16_minus_ht_seconds() -> None:
    """B556 critical hit, 8: a hit that penetrates a limb numbs it for 16 - HT seconds (HT
    12: 4) unless it cripples it outright. A 3 is a critical hit; 8 on the table; a 1 is 4
    cut, 6 injury (not past 6). The axe falls; b's arm is numb through its next four turns
    and sound at the start of the fifth, when it may pick the axe up with it."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **SHIELDED),
        dice=[1, 1, 1, 2, 3, 3, 1, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "right_arm")
    status = game.state.status["b"]
    numbed = [(c.condition, c.active) for c in events(game, ConditionChanged)]
    assert ("numbed_right_arm", True) in numbed and "right_arm" in status.crippled
    assert [i.item for i in events(game, ItemChanged)] == ["axe"]
    for turn in range(4):  # b's turns of rounds 1-4: still numb
        assert game.pending is not None and game.pending.actor == "b", turn
        assert "ready/pick_up:axe" not in _keys(game)
        choose(game, "do_nothing")  # b
        choose(game, "do_nothing")  # a
    assert "right_arm" not in status.crippled
    back = [c for c in events(game, ConditionChanged) if c.condition == "numbed_right_arm"]
    assert [c.active for c in back] == [True, False]
    assert events(game, TurnStarted)[-1].round == 5
    assert "ready/pick_up:axe" in _keys(game)


def test_a_numbing_blow_that_cripples_outright_is_no_brief_crippling() -> None:
    """B556, 8: "unless crippled outright" - a 6 cripples the arm (9 cut, x1.5, capped at
    7): crippled, not numbed, and never sound again."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **SHIELDED),
        dice=[1, 1, 1, 2, 3, 3, 6, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "right_arm")
    conditions = [c.condition for c in events(game, ConditionChanged)]
    assert "crippled_right_arm" in conditions and "numbed_right_arm" not in conditions
    assert not game.state.status["b"].numbed


def test_a_strained_shoulder_keeps_the_weapon_but_cannot_use_it() -> None:
    """B556 critical miss, 15 (strained shoulder): the weapon arm can neither attack nor
    defend for 30 minutes - the rest of the fight; the weapon stays in that hand. An 18 is
    a critical miss, 15 on the table."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **SHIELDED),
        dice=[6, 6, 6, 5, 5, 5, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    status = game.state.status["a"]
    assert status.hands[0] == "broadsword" and "weapon_arm" in status.crippled
    choose(game, "attack:a:axe/swing")  # b
    choose(game, "torso")
    assert game.pending is not None and game.pending.actor == "a"
    defenses = _keys(game)
    assert "parry:punch" in defenses and not [k for k in defenses if "broadsword" in k]
    choose(game, "dodge")
    keys = _keys(game)
    assert not [k for k in keys if "broadsword" in k and not k.startswith("ready/sheathe")]
    assert "attack:b:punch/punch" in keys  # the left hand


def test_crippling_an_eye_leaves_a_strained_shoulders_weapon_in_hand() -> None:
    """B556, 15 with 負傷の影響: only the hand whose arm (or hand) is crippled lets go - a
    crippled eye does not make the strained shoulder's hand drop its weapon."""
    game = battle(
        fighter("a", "x", 0, **SWORD), fighter("b", "y", 1, **SHIELDED), dice=[6, 6, 6, 5, 5, 5]
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    status = game.state.status["a"]
    status.crippled.add("eye")
    take_effect(game, "a", "eye")
    assert status.hands[0] == "broadsword" and not events(game, ItemChanged)


def test_a_strained_limb_on_a_kick_fells_the_kicker() -> None:
    """B556, unarmed critical miss 4 (interpretation 77): the limb struck with is strained -
    for a kick the kicking leg, of no use, so the kicker falls and kicks no more. An 18 is
    a critical miss, 4 on the unarmed table."""
    kicker = {"dx": 12, "skills": {"Brawling": 12}, "weapons": ["kick"]}
    game = battle(
        fighter("a", "x", 0, **kicker), fighter("b", "y", 1), dice=[6, 6, 6, 1, 1, 2, *SAFE]
    )
    choose(game, "attack:b:kick/kick")
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")
    status = game.state.status["a"]
    assert "right_leg" in status.crippled and status.posture == "lying"
    assert [(p.actor, p.cause) for p in events(game, PostureChanged)] == [("a", "crippled")]
    choose(game, "do_nothing")  # b
    assert not [k for k in _keys(game) if ":kick/" in k]


def test_a_grip_keeps_the_sound_hands_or_ends() -> None:
    """B370 with 負傷の影響: a two-handed grip whose right arm is crippled holds on with the
    left; with the left crippled as well, it ends."""
    game = battle(
        fighter("a", "x", 0, **WRESTLER), fighter("b", "y", 0, **VICTIM), dice=[3, 3, 4, *SAFE]
    )
    choose(game, "attack/grab:b")
    choose(game, "torso+both")
    choose(game, "none")
    a = game.state.status["a"]
    assert (a.holding, a.grip_hands) == ("b", 2)
    a.crippled.add("right_arm")
    take_effect(game, "a", "right_arm")
    assert (a.holding, a.grip_hands) == ("b", 1)
    a.crippled.add("left_arm")
    take_effect(game, "a", "left_arm")
    assert a.holding == "" and not game.state.status["b"].held_by


def test_a_diffuse_body_is_never_numbed() -> None:
    """B380 (Diffuse: no crippling) with B556, 8: the numbing blow of
    `test_a_numbed_arm_works_again_after_16_minus_ht_seconds` on a Diffuse body numbs
    nothing; the axe stays in hand."""
    diffuse = {**SHIELDED, "advantages": ["injury_tolerance_diffuse"]}
    game = battle(
        fighter("a", "x", 0, **SWORD), fighter("b", "y", 1, **diffuse), dice=[1, 1, 1, 2, 3, 3, 1]
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "right_arm")
    status = game.state.status["b"]
    assert not status.crippled and not status.numbed and status.hands[0] == "axe"


def test_a_crippled_leg_may_not_rise_from_a_crouch() -> None:
    """負傷の影響 (a crippled leg or foot cannot stand): the free action "rise" from a crouch
    is not offered."""
    game = battle(fighter("a", "x", 0), fighter("b", "y", 1), dice=[*SAFE])
    status = game.state.status["a"]
    status.posture = "crouching"
    assert "rise" in [o.name for o in free_action_options(game.state, "a")]
    status.crippled.add("foot")
    assert "rise" not in [o.name for o in free_action_options(game.state, "a")]


def test_a_two_handed_weapon_needs_both_arms_sound() -> None:
    """負傷の影響 (a crippled arm holds nothing; B270: a two-handed grip needs both hands):
    with the off arm crippled, the greatsword's two-handed blows are not offered."""
    game = battle(
        fighter("a", "x", 0, skills={"Two-Handed Sword": 12}, weapons=["greatsword"]),
        fighter("b", "y", 1),
        dice=[*SAFE],
    )
    fighter_a, status = game.state.fighters["a"], game.state.status["a"]
    assert [w for w, m in usable_modes(fighter_a, status) if m.two_handed] != []
    status.crippled.add("left_arm")
    assert [w for w, m in usable_modes(fighter_a, status) if m.two_handed] == []

"""Which part a grip holds and with how many hands (B370 by the fact sheet: 「grabbing a
specific part: half that location's hit penalty; the -4 DX then applies only to using that
part, and a grabbed limb can't be used」; 組みつかれた後の行動, 2B30P: held limbs, bites,
breaking free against one or two hands), with scripted dice, without a map."""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.defense import IncomingAttack, defense_options
from senjo.systems.gurps.events import AttackRolled, Check
from senjo.systems.gurps.state import GurpsState

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
WRESTLER = {"st": 13, "dx": 12, "ht": 12, "skills": {"Wrestling": 14}}
ARMED = {"st": 12, "dx": 10, "ht": 11, "skills": {"Brawling": 12, "Knife": 12}}
HIT = [3, 3, 4]


def _grabbed(
    plan: str, dice: list[int], kicks: str = "", ready: str = "", **options: str
) -> Battle[GurpsState]:
    """a (empty-handed) grabs b (a large knife in its main hand - sheathed if `ready` is
    "none" - and a kick if `kicks`) with `plan`, a hit, no defense: b's turn next."""
    weapons = ["large_knife", "kick"] if kicks else ["large_knife"]
    sheet: dict[str, object] = {**ARMED, "weapons": weapons}
    if ready == "none":
        sheet["ready"] = []
    game = battle(
        fighter("a", "x", 0, **WRESTLER),
        fighter("b", "y", 0, **sheet),
        dice=dice,
        **options,
    )
    choose(game, "attack/grab:b")
    choose(game, plan)
    choose(game, "none")
    assert game.pending is not None and game.pending.actor == "b"
    return game


def _parries(game: Battle[GurpsState]) -> list[str]:
    punch = game.state.fighters["a"].weapon("punch").mode("punch")
    attack = IncomingAttack("a", "punch", punch, close_combat=True)
    return [o.key for o in defense_options(game.state, "b", attack)]


def test_a_grab_takes_hold_of_a_part_at_half_its_penalty() -> None:
    """B370: the grab may aim at a part at half its usual penalty - the neck's -5 halved,
    the fraction dropped: -2 (grab skill 14 - 2 = 12)."""
    game = battle(fighter("a", "x", 0, **WRESTLER), fighter("b", "y", 0), dice=[*HIT, *SAFE])
    choose(game, "attack/grab:b")
    assert game.pending is not None and game.pending.kind == "grab_plan"
    assert game.pending.keys[:4] == ("torso", "torso+both", "neck", "neck+both")
    choose(game, "neck")
    choose(game, "none")  # b's defense
    grab = events(game, AttackRolled)[0]
    assert grab.location == "neck"
    assert grab.skill.modifiers.amount("location_neck") == -2 and grab.skill.value == 12
    a = game.state.status["a"]
    assert (a.holding, a.grip_on, a.grip_hands) == ("b", "neck", 1)


def test_the_half_penalty_may_keep_the_fraction_as_a_point() -> None:
    """Option grab_half_penalty=larger (interpretation 66): the neck's -5 halves to -3;
    an arm's -2 to -1 either way."""
    for plan, penalty in (("neck", -3), ("right_arm", -1)):
        game = _grabbed(plan, [*HIT, *SAFE], grab_half_penalty="larger")
        grab = events(game, AttackRolled)[0]
        assert grab.skill.modifiers.amount(f"location_{plan}") == penalty


def test_a_held_arm_cannot_strike_or_parry_and_no_minus_four_elsewhere() -> None:
    """2B30P 「つかまれている四肢を使うことはできません」: b's right arm held, its knife (in
    the main, right hand) neither strikes nor parries; it punches with the left hand,
    without the torso grip's -4."""
    game = _grabbed("right_arm", [*HIT, *[4, 4, 4], *SAFE])
    keys = game.pending.keys if game.pending is not None else ()
    assert not any(":large_knife/" in key for key in keys)
    assert "attack:a:punch/punch" in keys
    assert not any(key.startswith("parry:large_knife") for key in _parries(game))
    choose(game, "attack:a:punch/punch")
    choose(game, "torso")
    assert events(game, AttackRolled)[1].skill.modifiers.amount("grappled") == 0


def test_a_held_torso_keeps_the_knife_at_minus_four() -> None:
    """B370: a grip on the torso: -4 to DX-based rolls, every limb free (the knife strikes
    and parries)."""
    game = _grabbed("torso", [*HIT, *[4, 4, 4], *SAFE])
    assert game.pending is not None and "attack:a:large_knife/thrust" in game.pending.keys
    assert "parry:large_knife" in _parries(game)
    choose(game, "attack:a:large_knife/thrust")
    choose(game, "torso")
    assert events(game, AttackRolled)[1].skill.modifiers.amount("grappled") == -4


def test_a_held_leg_forbids_a_kick() -> None:
    """2B30P: a held leg cannot be used - and a kick stands on one leg to strike with the
    other (interpretation 66): no kick while either is held; a punch is left."""
    game = _grabbed("left_leg", [*HIT, *SAFE], kicks="yes")
    keys = game.pending.keys if game.pending is not None else ()
    assert "attack:a:punch/punch" in keys
    assert not any(":kick/" in key for key in keys)
    torso = _grabbed("torso", [*HIT, *SAFE], kicks="yes")
    assert torso.pending is not None and "attack:a:kick/kick" in torso.pending.keys


def test_a_two_handed_grip_needs_both_hands_and_leaves_none() -> None:
    """B370/2B29P: a grab with both hands needs both empty; holding so, the grappler has no
    hand to punch with. With a knife in hand only the one-handed grab is offered."""
    game = _grabbed("torso+both", [*HIT, *SAFE, *SAFE])
    assert game.state.status["a"].grip_hands == 2
    choose(game, "do_nothing")  # b
    assert game.pending is not None and game.pending.actor == "a"
    assert "attack:b:punch/punch" not in game.pending.keys
    armed = battle(
        fighter("a", "x", 0, **ARMED, weapons=["large_knife"]),
        fighter("b", "y", 0),
        dice=[*SAFE],
    )
    choose(armed, "attack/grab:b")
    assert armed.pending is not None and "torso+both" not in armed.pending.keys


def test_breaking_free_of_two_hands_is_at_plus_five_to_the_grappler() -> None:
    """2B30P (ふりほどき): a Quick Contest of ST; the grappler +5 when it grips with both
    hands (ST 13 + 5, and + 2 for its Wrestling at DX+2, B228: 20)."""
    game = _grabbed("torso+both", [*HIT, *SAFE, *SAFE])
    choose(game, "attack/break_free:a")
    hold_on = events(game, Check)[-1]
    assert hold_on.kind == "hold_on" and hold_on.score.value == 20
    assert hold_on.score.modifiers.amount("two_hands") == 5


def test_breaking_a_two_handed_pin_is_at_plus_ten() -> None:
    """2B30P: pinned, the pinner is +10 with both hands (+5 with one:
    test_grappling.py::test_a_pin_makes_the_fallen_foe_helpless)."""
    game = _grabbed("torso+both", [*HIT, *SAFE, *SAFE, *SAFE])
    game.state.status["b"].posture = "lying"
    choose(game, "do_nothing")  # b
    choose(game, "attack/pin:b")
    assert game.state.status["b"].pinned
    choose(game, "attack/break_free:a")
    hold_on = events(game, Check)[-1]
    assert hold_on.score.value - 13 - hold_on.score.modifiers.amount("wrestling") == 10


def test_letting_go_with_one_hand_keeps_the_grip_and_frees_a_hand() -> None:
    """2B29P 握りを放す: 「離すのは片手の手だけでもかまいません」 (a free action, option
    free_actions=on): gripping with both hands, a lets go with one - b is still held, by
    one hand (no +5 to break free), and a may punch with the freed hand."""
    game = battle(
        fighter("a", "x", 0, **WRESTLER),
        fighter("b", "y", 0, **ARMED),
        dice=[*HIT, *SAFE, *SAFE],
        free_actions="on",
    )
    choose(game, "none")  # a's free action
    choose(game, "attack/grab:b")
    choose(game, "torso+both")
    choose(game, "none")  # b's defense
    choose(game, "none")  # b's free action
    choose(game, "do_nothing")
    assert game.pending is not None and "release_hand:b" in game.pending.keys
    choose(game, "release_hand:b")
    a = game.state.status["a"]
    assert (a.holding, a.grip_hands) == ("b", 1) and game.state.status["b"].held_by == {"a"}
    assert game.pending is not None and "attack:b:punch/punch" in game.pending.keys


def test_a_held_fighter_readies_into_a_hand_no_grip_holds() -> None:
    """2B30P (組みつかれた後の行動: 準備): 「自由になる手があれば、それでアイテムを準備する
    ことができます」: b's right arm held, its knife (not ready) is drawn into the left hand
    (a DX roll, seed 001's in close combat: 9 against DX 10)."""
    game = _grabbed("right_arm", [*HIT, 3, 3, 3, *SAFE], ready="none")
    choose(game, "ready/draw:large_knife")
    b = game.state.status["b"]
    assert b.hands == ("", "large_knife") and "large_knife" in b.ready


def test_a_held_fighter_that_fails_its_dx_roll_drops_the_item() -> None:
    """2B30P: 「しかし敏捷力判定を行なわなければなりません。失敗すると落としてしまいます」:
    held by the torso, b rolls DX 10 - 4 = 6 and rolls 10: the knife falls."""
    game = _grabbed("torso", [*HIT, 4, 3, 3, *SAFE], ready="none")
    choose(game, "ready/draw:large_knife")
    roll = events(game, Check)[-1]
    assert (roll.kind, roll.score.value, roll.success) == ("ready_in_close_combat", 6, False)
    b = game.state.status["b"]
    assert "large_knife" in b.dropped and "large_knife" not in b.ready


def test_the_ai_breaks_free_before_its_neck_is_snapped() -> None:
    """The AI held by the neck in both hands (a neck snap next, 2B63P) breaks free rather
    than strike; held by the torso with one hand, it stabs with its knife."""
    for plan, breaks in (("neck+both", True), ("torso", False)):
        game = _grabbed(plan, [*HIT, *SAFE])
        assert game.pending is not None
        chosen = GurpsAI().choose(game, game.pending)
        assert (chosen.key == "attack/break_free:a") is breaks, (plan, chosen.key)
        assert breaks or chosen.weapon == "large_knife", chosen.key


def test_the_minus_four_may_stand_whatever_part_is_held() -> None:
    """Option grip_penalty=whole (interpretation 66; *Martial Arts*' Choke Hold holds only
    the neck, and its victim attacks 「通常通り-4で」): b's right arm held, its punch with the
    left hand is -4 all the same."""
    game = _grabbed("right_arm", [*HIT, *[4, 4, 4], *SAFE], grip_penalty="whole")
    choose(game, "attack:a:punch/punch")
    choose(game, "torso")
    assert events(game, AttackRolled)[1].skill.modifiers.amount("grappled") == -4

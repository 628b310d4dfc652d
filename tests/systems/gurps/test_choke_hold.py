"""チョークホールド Choke Hold (seed 000 素手戦闘, *Martial Arts*' technique by two public
summaries of its text: a close-combat attack with both hands at the neck, at Judo-2 or
Wrestling-3, -1 from in front; a landed hold counts as a grapple of the neck, the holder
+5 against breaking free for its two hands and the foe at the usual -4; on later turns a
choke with +3 ST: a carotid ("blood") choke does fatigue damage, a tracheal ("air") one
crushing; interpretation 74 of docs/rules/gurps.md), with scripted dice."""

from __future__ import annotations

from typing import Any

from senjo.engine.battle import Battle
from senjo.space.hexgrid import Facing, Hex
from senjo.systems.gurps.events import AttackRolled, Check, FatigueLost, Injured
from senjo.systems.gurps.grappling import choke_hold_aim, choke_hold_skill
from senjo.systems.gurps.grips import held_penalty
from senjo.systems.gurps.state import GurpsState

from .helpers import SAFE, VICTIM, WRESTLER, battle, choose, events, fighter, on_map

HIT = [3, 3, 4]


def _held(dice: list[int], a: dict[str, Any] | None = None) -> Battle[GurpsState]:
    """The wrestler a puts a choke hold on b (the dice must hit); b does nothing; a's turn."""
    game = battle(
        fighter("a", "x", 0, **(a or WRESTLER)), fighter("b", "y", 0, **VICTIM), dice=dice
    )
    choose(game, "attack/choke_hold:b")
    choose(game, "none")
    choose(game, "do_nothing")  # b
    assert game.pending is not None and game.pending.actor == "a"
    return game


def test_the_hold_is_judo_minus_2_or_wrestling_minus_3_and_minus_1_from_in_front() -> None:
    """Wrestling 14: 11; Judo 14: 12; the better of both; no grappling skill, no hold; off a
    map every foe is in front: -1."""
    for skills, level in (
        ({"Wrestling": 14}, 11),
        ({"Judo": 14}, 12),
        ({"Judo": 12, "Wrestling": 14}, 11),
        ({"Brawling": 14}, 0),
    ):
        game = battle(
            fighter("a", "x", 0, **{**WRESTLER, "skills": skills}),
            fighter("b", "y", 0, **VICTIM),
            dice=[*SAFE],
        )
        assert choke_hold_skill(game.state, "a") == level
        assert game.pending is not None
        assert ("attack/choke_hold:b" in game.pending.keys) is (level > 0)
    game = _held([*HIT, *SAFE])
    rolled = events(game, AttackRolled)[0]
    assert (rolled.mode, rolled.location, rolled.skill.value) == ("choke_hold", "neck", 10)
    assert rolled.skill.modifiers.amount("choke_hold_front") == -1


def test_from_behind_there_is_no_minus_one() -> None:
    """On a map, from the foe's back hex the hold is at its level; from its front, -1."""
    behind = on_map([*SAFE], (Hex(4, 3), Facing.N), (Hex(4, 2), Facing.N), WRESTLER, VICTIM)
    assert choke_hold_aim(behind.state, "a", "b") == ()
    facing = on_map([*SAFE], (Hex(4, 3), Facing.N), (Hex(4, 2), Facing.S), WRESTLER, VICTIM)
    assert choke_hold_aim(facing.state, "a", "b") == (("choke_hold_front", -1),)


def test_a_landed_hold_grips_the_neck_with_both_hands_and_the_foe_is_at_minus_four() -> None:
    """The hold counts as a grapple of the neck with two hands; unlike a plain neck grip
    (interpretation 66), the held foe is at the usual -4."""
    game = _held([*HIT, *SAFE])
    a = game.state.status["a"]
    assert (a.holding, a.grip_on, a.grip_hands, a.choke_hold) == ("b", "neck", 2, True)
    assert held_penalty(game.state, "b") == [("grappled", -4)]


def test_breaking_free_of_the_hold_is_at_plus_five_to_the_holder() -> None:
    """「You're at +5 in the Quick Contest for using two hands」."""
    game = _held([*HIT, *SAFE])
    choose(game, "do_nothing")  # a
    choose(game, "attack/break_free:a")
    hold_on = events(game, Check)[-1]
    assert hold_on.score.modifiers.amount("two_hands") == 5


def test_an_air_choke_from_the_hold_is_at_plus_three_st() -> None:
    """The tracheal choke: the Quick Contest of a choke with the hold's +3 ST (13 + 2 for
    Wrestling + 3 = 18), crushing damage equal to the margin."""
    game = _held([*HIT, *SAFE])
    choose(game, "attack/choke:b")
    choke = next(c for c in events(game, Check) if c.kind == "choke")
    assert choke.score.value == 18
    assert choke.score.modifiers.amount("choke_hold") == 3
    assert events(game, Injured)[0].location == "neck"


def test_a_blood_choke_does_fatigue_damage() -> None:
    """The carotid choke: the same contest, the margin (18 - 9 = 9 against 12 - 9 = 3: 6)
    as fatigue damage - FP, not HP."""
    game = _held([*HIT, *SAFE])
    choose(game, "attack/blood_choke:b")
    lost = events(game, FatigueLost)[0]
    assert (lost.actor, lost.amount) == ("b", 6)
    assert not events(game, Injured)
    assert game.state.status["b"].hp == 12


def test_letting_go_with_a_hand_ends_the_hold() -> None:
    """Both hands make the hold: with one let go (a free action), a plain one-handed neck
    grip is left, and no blood choke."""
    game = battle(
        fighter("a", "x", 0, **WRESTLER),
        fighter("b", "y", 0, **VICTIM),
        dice=[*HIT, *SAFE],
        free_actions="on",
    )
    choose(game, "none")  # a's free action
    choose(game, "attack/choke_hold:b")
    choose(game, "none")
    choose(game, "none")  # b's free action
    choose(game, "do_nothing")  # b
    choose(game, "release_hand:b")  # a's free action
    a = game.state.status["a"]
    assert (a.grip_hands, a.choke_hold) == (1, False)
    assert game.pending is not None and "attack/blood_choke:b" not in game.pending.keys

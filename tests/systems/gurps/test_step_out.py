"""Leaving a close combat to strike (seed 001, 敵のいるヘクスから離脱する): a fighter not
grappled, with a maneuver that allows a Step, may step out of the close combat and then
attack with a reach-1 weapon. Without a map: one step straight back to a yard off."""

from __future__ import annotations

from senjo.engine.decision import Decision
from senjo.systems.gurps.defense import CLOSE
from senjo.systems.gurps.events import AttackRolled, Moved
from senjo.systems.gurps.legal import maneuver_options

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
KNIGHT = {"dx": 12, "skills": {"Broadsword": 14}, "weapons": ["broadsword"]}
KNIFE = {"dx": 12, "skills": {"Knife": 13}, "weapons": ["large_knife"]}


def test_a_sword_strikes_after_a_step_out_of_close_combat() -> None:
    """A broadsword (reach 1) in close combat: the Attack steps one yard back, out of the
    close combat, and the blow is struck from there (seed 001)."""
    game = battle(
        fighter("a", "x", 0, **KNIGHT),
        fighter("b", "y", 0, **KNIFE),
        dice=[6, 6, 6, *SAFE],
    )
    assert game.state.distance("a", "b") < CLOSE
    assert game.pending is not None and game.pending.actor == "a"
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    (moved,) = events(game, Moved)
    assert (moved.actor, moved.yards, moved.direction) == ("a", 1.0, "away")
    assert game.state.distance("a", "b") == 1.0
    assert len(events(game, AttackRolled)) == 1


def test_no_step_out_while_grappled() -> None:
    """seed 001: held by a foe, a fighter cannot leave its hex until it breaks free."""
    game = battle(
        fighter("a", "x", 0, **KNIGHT),
        fighter("b", "y", 0, **KNIFE),
        dice=[6, 6, 6, *SAFE],
    )
    game.state.status["a"].held_by.add("b")
    game.state.status["b"].holding = "a"
    keys = Decision("a", "maneuver", maneuver_options(game.state, "a")).keys
    assert "attack:b:broadsword/swing" not in keys


def test_a_reach_2_weapon_cannot_step_out_to_strike() -> None:
    """One step leaves a yard between the two: a weapon of reach 2 only still cannot
    strike (the step out serves reach-1 weapons)."""
    big = {"st": 12, "dx": 12, "skills": {"Two-Handed Sword": 14}, "weapons": ["greatsword"]}
    game = battle(fighter("a", "x", 0, **big), fighter("b", "y", 0, **KNIFE), dice=list(SAFE))
    assert game.pending is not None
    keys = game.pending.keys
    assert "attack:b:greatsword/swing" in keys  # reach 1, 2
    assert "attack:b:greatsword/thrust" not in keys  # reach 2 only

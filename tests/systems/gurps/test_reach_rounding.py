"""A fighter a rounding error out of reach: its Step brings it into reach, and it strikes.

Found in examples/gurps/ambush.yaml: after moves toward each other, an archer stood
1.0000000000000002 yards from an orc (reach 1). The AI chose Attack (a Step reaches),
the Step of 2e-16 yards changed no coordinate, the blow did not reach, and the same
happened every turn until the round limit. A move the stop cuts short now ends at the
stop or nearer (`plane.step_toward`).
"""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.space.plane import Point
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.events import AttackRolled, Moved
from senjo.systems.gurps.state import GurpsState

from .helpers import AXE, SWORD, battle, choose, events, fighter

ARCHER = Point(3.6893328677967965, 0.9870751970844714)
ORC = Point(4.687121245510405, 0.9206045020403741)


def _game() -> Battle[GurpsState]:
    a = fighter("a", "x", 0.0, **SWORD)[0], ARCHER
    b = fighter("b", "y", 0.0, **AXE)[0], ORC
    return battle(a, b, dice=[3] * 40)


def test_the_positions_are_a_rounding_error_apart() -> None:
    """The setting of the tests below: just over a yard (a broadsword's reach)."""
    assert ARCHER.distance(ORC) == 1.0000000000000002


def test_a_step_a_rounding_error_long_brings_the_blow_into_reach() -> None:
    """seed 000 (Attack: a Step, then the blow): the attack is rolled (a 9 on 3d6 against
    14: a hit), after a Step that ends within the broadsword's reach."""
    game = _game()
    choose(game, "attack:b:broadsword/swing")
    assert game.pending is not None and game.pending.kind == "attack_plan"
    assert game.state.distance("a", "b") <= 1.0
    moved = events(game, Moved)
    assert len(moved) == 1 and moved[0].yards < 1e-8
    choose(game, "torso")
    assert [(e.roll, e.result) for e in events(game, AttackRolled)] == [(9, "hit")]


def test_the_ai_strikes_from_a_rounding_error_out_of_reach() -> None:
    """The AI, playing the fighter's turn there, takes the blow and rolls it (before, its
    turn ended with no roll, every turn)."""
    game = _game()
    ai = GurpsAI()
    while game.pending is not None and game.pending.actor == "a":
        game.decide(ai.choose(game, game.pending))
    assert [e.attacker for e in events(game, AttackRolled)] == ["a"]


def test_a_step_out_of_close_combat_ends_within_a_yard_and_the_blow_is_struck() -> None:
    """seed 001 (敵のいるヘクスから離脱する): the Step out of a close combat goes straight back
    to a yard off, then the reach-1 blow. Here the plain step would end 1.0000000000000002
    yards off and the blow not reach (some 8% of horde.yaml's Steps out did); it ends a
    hair within the yard, and the blow is rolled."""
    near = Point(-4.812919713439847, -5.3133807790660725)
    foe = Point(-4.577281480932338, -5.319830465588538)
    a = fighter("a", "x", 0.0, **SWORD)[0], near
    b = fighter("b", "y", 0.0, **AXE)[0], foe
    game = battle(a, b, dice=[3] * 40)
    assert game.state.distance("a", "b") < 0.5  # a close combat (defense.CLOSE)
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    (moved,) = events(game, Moved)
    assert moved.direction == "away"
    assert 1.0 - 1e-9 < game.state.distance("a", "b") <= 1.0
    assert [(e.roll, e.result) for e in events(game, AttackRolled)] == [(9, "hit")]

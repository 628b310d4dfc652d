"""The GURPS AI on a hex map (senjo's AI policy, `GurpsAI._maneuver`): it does not choose an
Attack whose Step cannot bring the foe into reach."""

from __future__ import annotations

from senjo.engine.decision import Decision
from senjo.space.hexgrid import Facing, Hex
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.legal import maneuver_options

from .test_close_combat import KNIFE, SWORD, _board


def test_no_attack_whose_step_cannot_reach() -> None:
    """The foe two hexes off, the only hex between them a wall: the Attack with the
    broadsword is legal (a Step and reach 1 cover two hexes), but no Step ends within
    reach, so the AI does something else rather than waste the turn (corridor.yaml's
    guard did so for two rounds)."""
    game = _board(
        [],
        ("a", "x", Hex(4, 6), Facing.N, SWORD),
        ("b", "y", Hex(4, 4), Facing.S, KNIFE),
        walls=(Hex(4, 5),),
    )
    options = maneuver_options(game.state, "a")
    assert any(o.maneuver == "attack" and o.weapon == "broadsword" for o in options)
    chosen = GurpsAI().choose(game, Decision("a", "maneuver", options))
    assert not (chosen.maneuver == "attack" and chosen.weapon == "broadsword"), chosen


def test_an_attack_whose_step_reaches_is_still_taken() -> None:
    """Without the wall the same Attack steps in and strikes."""
    game = _board(
        [], ("a", "x", Hex(4, 6), Facing.N, SWORD), ("b", "y", Hex(4, 4), Facing.S, KNIFE)
    )
    chosen = GurpsAI().choose(game, Decision("a", "maneuver", maneuver_options(game.state, "a")))
    assert (chosen.maneuver, chosen.weapon) == ("attack", "broadsword"), chosen

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


SPEAR = {"st": 11, "dx": 12, "ht": 12, "skills": {"Spear": 14}, "weapons": ["spear"]}


def test_no_step_back_that_makes_the_blow_a_wild_swing() -> None:
    """The foe behind the spearman: a plain Attack turns (the Step's free facing) and
    strikes at full skill, while striking first to Step back after is a Wild Swing at -5
    (seed 001 大振り). The AI keeps its longer reach's Step back (seed 001 長い武器を用いた
    戦法) for blows it can strike facing the foe."""
    game = _board(
        [3] * 10, ("a", "x", Hex(4, 4), Facing.N, SPEAR), ("b", "y", Hex(4, 5), Facing.N, SWORD)
    )
    options = maneuver_options(game.state, "a")
    assert any(o.variant == "step_back" for o in options)
    chosen = GurpsAI().choose(game, Decision("a", "maneuver", options))
    assert chosen.maneuver == "attack" and chosen.variant != "step_back", chosen

"""The AI badly hurt (senjo's AI policy, `GurpsAI._maneuver`): below a third of its HP with a
foe in reach (within a Step of striking distance) it takes All-Out Defense (B366) - unless
that foe, its target, is below a third of its own HP too: then it strikes. Two badly hurt
fighters that both waited in All-Out Defense would stand there to the round limit
(docs/simulation.md, draws)."""

from __future__ import annotations

from typing import Any

from senjo.dice.roller import RandomDice
from senjo.engine.battle import Battle
from senjo.engine.controllers import run
from senjo.engine.decision import Decision
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.legal import maneuver_options
from senjo.systems.gurps.system import Gurps

from .helpers import SWORD, battle, fighter

#: ST/HT 12: 12 HP, so 3 HP and less is below a third.
SHEET = SWORD


def _choice(hp: int, foe_hp: int, distance: float = 1.0) -> Any:
    game = battle(fighter("a", "x", 0, **SHEET), fighter("b", "y", distance, **SHEET), dice=[1, 2])
    # (the two dice break the initiative tie of two like sheets)
    game.state.status["a"].hp = hp
    game.state.status["b"].hp = foe_hp
    return GurpsAI().choose(game, Decision("a", "maneuver", maneuver_options(game.state, "a")))


def test_badly_hurt_next_to_a_sound_foe_defends_all_out() -> None:
    assert _choice(3, 12).maneuver == "all_out_defense"


def test_badly_hurt_next_to_a_foe_as_badly_hurt_strikes() -> None:
    chosen = _choice(3, 3)
    assert (chosen.maneuver, chosen.target) == ("attack", "b")


def test_a_foe_at_a_third_exactly_is_not_badly_hurt() -> None:
    """4 HP of 12 is not below a third (B419's reeling starts below it): the foe counts as
    sound, and the hurt fighter keeps to All-Out Defense."""
    assert _choice(3, 4).maneuver == "all_out_defense"


def test_at_a_third_exactly_the_fighter_strikes() -> None:
    assert _choice(4, 12).maneuver == "attack"


def test_two_badly_hurt_fighters_fight_it_out() -> None:
    """Both at 2 HP, a yard apart: on each of five fixed seeds the battle ends with a winner
    (or both down) before the round limit; before, both waited in All-Out Defense for all
    of its 100 rounds on every one of them."""
    (a, at_a), (b, at_b) = fighter("a", "x", 0, **SHEET), fighter("b", "y", 1, **SHEET)
    for seed in range(5):
        state = Gurps.new_state([a, b], {"a": at_a, "b": at_b})
        game: Battle[Any] = Battle(Gurps({}), state, RandomDice(seed))
        game.state.status["a"].hp = 2
        game.state.status["b"].hp = 2
        ai = GurpsAI()
        outcome = run(game, {"a": ai, "b": ai})
        assert outcome.reason != "round_limit"
        assert outcome.rounds < 100

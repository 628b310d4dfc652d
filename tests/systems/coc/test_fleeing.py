"""Fleeing (逃走), senjo's morale rule (docs/rules/coc.md, "Interpretations"): a combatant
with `flee_at` may flee once its HP is at or below it, and then leaves the battle."""

from __future__ import annotations

from senjo.engine.controllers import run
from senjo.systems.coc.ai import CocAI
from senjo.systems.coc.events import CocConditionChanged

from .helpers import battle, choose, combatant, events, pending

QUICK = {"dex": 15}


def test_flee_is_offered_only_at_or_below_the_threshold() -> None:
    """HP 12: `flee_at` 11 offers no flight; 12 offers it, just before waiting."""
    steady = battle(
        combatant("a", "x", 0, traits=QUICK, flee_at=11), combatant("b", "y", 1), dice=[]
    )
    assert "flee" not in pending(steady)[2]
    broken = battle(
        combatant("a", "x", 0, traits=QUICK, flee_at=12), combatant("b", "y", 1), dice=[]
    )
    assert pending(broken)[2][-2:] == ("flee", "do_nothing")
    plain = battle(combatant("a", "x", 0, traits=QUICK), combatant("b", "y", 1), dice=[])
    assert "flee" not in pending(plain)[2]


def test_a_fled_combatant_leaves_and_its_foes_win_by_its_flight() -> None:
    """The flight takes the combatant out of melee and out of the battle at once."""
    game = battle(combatant("a", "x", 0, traits=QUICK, flee_at=12), combatant("b", "y", 1), dice=[])
    choose(game, "flee", "a")
    fled = [e for e in events(game, CocConditionChanged) if e.condition == "fled"]
    assert [(e.actor, e.active) for e in fled] == [("a", True)]
    status = game.state.status["a"]
    assert status.fled and not status.active and not game.state.engaged
    outcome = game.outcome()
    assert outcome is not None and (outcome.winner_side, outcome.reason) == ("y", "fled")


def test_the_ai_flees_once_broken() -> None:
    """AI against AI: the broken combatant flees on its first turn."""
    game = battle(combatant("a", "x", 0, traits=QUICK, flee_at=12), combatant("b", "y", 1), dice=[])
    outcome = run(game, lambda actor: CocAI())
    assert (outcome.winner_side, outcome.reason, outcome.rounds) == ("y", "fled", 1)

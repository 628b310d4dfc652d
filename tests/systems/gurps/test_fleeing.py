"""Fleeing (逃走), senjo's morale rule (docs/rules/gurps.md, interpretation 50): a combatant
with `flee_at` may flee once its HP is at or below it, and then leaves the battle."""

from __future__ import annotations

from senjo.engine.controllers import run
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.events import ConditionChanged, ManeuverTaken
from senjo.systems.gurps.legal import maneuver_options

from .helpers import battle, choose, events, fighter

SWORD = {"dx": 12, "skills": {"Broadsword": 14}, "weapons": ["broadsword"]}


def _keys(game: object) -> tuple[str, ...]:
    pending = getattr(game, "pending", None)
    return pending.keys if pending is not None else ()


def test_no_flee_without_a_threshold_or_above_it() -> None:
    """Without `flee_at`, or with HP above it, fleeing is not among the maneuvers."""
    plain = battle(fighter("a", "x", 0, **SWORD), fighter("b", "y", 1), dice=[])
    assert "flee" not in _keys(plain)
    steady = battle(fighter("a", "x", 0, flee_at=3, **SWORD), fighter("b", "y", 1), dice=[])
    assert "flee" not in _keys(steady)


def test_a_broken_fighter_flees_and_the_battle_ends_with_its_flight() -> None:
    """At HP 10 with flee_at 10 the fighter may flee: it leaves the battle at once, and the
    other side wins because its foe fled."""
    game = battle(fighter("a", "x", 0, flee_at=10, **SWORD), fighter("b", "y", 1), dice=[])
    assert _keys(game)[-1] == "flee"  # offered last
    choose(game, "flee")
    assert [e.maneuver for e in events(game, ManeuverTaken)] == ["flee"]
    fled = [e for e in events(game, ConditionChanged) if e.condition == "fled"]
    assert [(e.actor, e.active) for e in fled] == [("a", True)]
    status = game.state.status["a"]
    assert status.fled and not status.active
    outcome = game.outcome()
    assert outcome is not None and (outcome.winner_side, outcome.reason) == ("y", "fled")


def test_the_fight_goes_on_while_the_fled_fighters_side_has_others() -> None:
    """A fled fighter is no one's foe any more; its friends fight on."""
    game = battle(
        fighter("a", "x", 0, flee_at=10, **SWORD),
        fighter("c", "x", 0.5, **(SWORD | {"dx": 11})),
        fighter("b", "y", 1),
        dice=[],
    )
    choose(game, "flee")
    assert game.outcome() is None
    assert game.state.foes("b") == ["c"]


def test_a_held_fighter_cannot_flee() -> None:
    """A fighter in a foe's grip cannot get away (B370: no Move while held)."""
    game = battle(fighter("a", "x", 0, flee_at=10, **SWORD), fighter("b", "y", 0), dice=[])
    game.state.status["a"].held_by.add("b")
    keys = [option.key for option in maneuver_options(game.state, "a")]
    assert "flee" not in keys


def test_the_ai_flees_once_broken_and_fights_before() -> None:
    """The AI takes the flight as soon as it is offered, and not before."""
    ai = GurpsAI()
    game = battle(fighter("a", "x", 0, flee_at=10, **SWORD), fighter("b", "y", 1), dice=[])
    assert game.pending is not None
    assert ai.choose(game, game.pending).key == "flee"
    steady = battle(fighter("a", "x", 0, flee_at=3, **SWORD), fighter("b", "y", 1), dice=[])
    assert steady.pending is not None
    assert ai.choose(steady, steady.pending).key != "flee"


def test_an_ai_battle_to_the_flight() -> None:
    """AI against AI: the broken side's fighter flees on its first turn."""
    game = battle(
        fighter("a", "x", 0, flee_at=10, **SWORD), fighter("b", "y", 1, **SWORD), dice=[3] * 60
    )
    outcome = run(game, lambda actor: GurpsAI())
    assert (outcome.winner_side, outcome.reason, outcome.rounds) == ("y", "fled", 1)

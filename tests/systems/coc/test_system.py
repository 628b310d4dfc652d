"""The round: dodge-focus declarations first, DEX turns, taunt windows, the end and the limit."""

from __future__ import annotations

from senjo.engine.events import Decided
from senjo.systems.coc.events import CocDeclared, CocOrderSet, CocRoundStarted, CocTurnStarted

from .helpers import battle, choose, combatant, events, pending


def test_declarations_open_the_round_in_dex_order() -> None:
    """Seed 004: the dodge focus is chosen at the start of the round, before any DEX turn."""
    game = battle(
        combatant("a", "x", 0, traits={"dex": 10}),
        combatant("b", "y", 9, traits={"dex": 15}),
        dice=[],
        house_dodge_focus="on",
    )
    assert pending(game) == ("b", "declare", ("fight", "dodge_focus"))
    choose(game, "fight", "b")
    choose(game, "dodge_focus", "a")
    assert events(game, CocDeclared) == [CocDeclared("a", "dodge_focus")]
    assert pending(game)[:2] == ("b", "action")
    assert [turn.actor for turn in events(game, CocTurnStarted)] == ["b"]


def test_round_limit_is_a_draw() -> None:
    """Option max_rounds: after that many rounds the battle is a draw."""
    game = battle(
        combatant("a", "x", 0, traits={"dex": 10}),
        combatant("b", "y", 9, traits={"dex": 15}),
        dice=[],
        max_rounds="2",
    )
    for _ in range(2):
        choose(game, "do_nothing", "b")
        choose(game, "do_nothing", "a")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner_side, outcome.reason, outcome.rounds) == (None, "round_limit", 2)
    assert [r.round for r in events(game, CocRoundStarted)] == [1, 2]


def test_order_is_logged_once() -> None:
    """The DEX order is set once, at the start, and logged."""
    game = battle(
        combatant("a", "x", 0, traits={"dex": 10}),
        combatant("b", "y", 9, traits={"dex": 15}),
        dice=[],
    )
    assert events(game, CocOrderSet) == [CocOrderSet(("b", "a"), ())]


def test_every_choice_is_a_logged_decision() -> None:
    """Each decision made is logged with its kind and key (what replays feed back)."""
    game = battle(
        combatant("a", "x", 0, traits={"dex": 10}),
        combatant("b", "y", 9, traits={"dex": 15}),
        dice=[],
    )
    choose(game, "close:a", "b")
    assert events(game, Decided) == [Decided("b", "action", 1, "close:a")]

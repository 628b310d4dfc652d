"""The default T値 policy (`TvAI`): what it declares, whom it strikes, how it answers."""

from __future__ import annotations

from senjo.systems.tvalue.ai import TvAI
from senjo.systems.tvalue.events import TvDeclared

from .helpers import battle, events, fighter


def test_the_ai_declares_as_many_attacks_as_the_budget_pays_for() -> None:
    """FAP 20 and a 6-FAP sword: three attacks, then `done` (the critical needs relative
    T 5 and is worth no more now)."""
    game = battle(fighter("a", "pcs", fap=20, map=6), fighter("b", "gm"), dice=[])
    ai = TvAI()
    while game.pending is not None and game.pending.actor == "a":
        game.decide(ai.choose(game, game.pending))
    assert [e.action for e in events(game, TvDeclared)] == ["attack:sword"] * 3


def test_the_ai_strikes_the_foe_already_struck_when_values_are_close() -> None:
    """Focus fire: two equal foes, one already struck this round: the AI picks it."""
    sheets = [fighter("a", "pcs", reaction=12), fighter("b", "gm"), fighter("c", "gm")]
    game = battle(*sheets, dice=[])
    ai = TvAI()
    game.decide(game.pending.find("attack:sword"))  # type: ignore[union-attr]
    game.decide(game.pending.find("done"))  # type: ignore[union-attr]
    for _ in range(2):
        game.decide(game.pending.find("done"))  # type: ignore[union-attr]
    game.state.status["c"].received = 1
    assert game.pending is not None
    assert ai.choose(game, game.pending).key == "attack:sword:c"


def test_the_ai_breaks_free_when_held() -> None:
    """Held, the AI declares 振りほどき first (freedom is worth more than a strike)."""

    def held(state) -> None:  # type: ignore[no-untyped-def]
        state.status["a"].held_by = "b"

    game = battle(fighter("a", "pcs"), fighter("b", "gm"), dice=[], before=held)
    assert TvAI().choose(game, game.pending).key == "break_free"  # type: ignore[arg-type]

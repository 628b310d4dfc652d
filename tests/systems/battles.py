"""Driving a battle in a rule test, any system: make the pending decision by its key, read
what is pending, the logged events of a class, the scripted dice left."""

from __future__ import annotations

from typing import Any, TypeVar

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.engine.events import Event

E = TypeVar("E", bound=Event)


def choose(game: Battle[Any], key: str, actor: str | None = None) -> None:
    """Make the pending decision by option key (fails listing the legal keys)."""
    pending = game.pending
    assert pending is not None, "the battle is over"
    if actor is not None:
        assert pending.actor == actor, f"{pending.actor} decides {pending.kind}, not {actor}"
    game.decide(pending.find(key))


def pending(game: Battle[Any]) -> tuple[str, str, tuple[str, ...]]:
    """The pending decision as (actor, kind, option keys)."""
    assert game.pending is not None, "the battle is over"
    return game.pending.actor, game.pending.kind, game.pending.keys


def events(game: Battle[Any], kind: type[E]) -> list[E]:
    """The logged events of one class."""
    return [item for item in game.log if isinstance(item, kind)]


def dice_left(game: Battle[Any]) -> int:
    """How many scripted dice the battle has not drawn."""
    assert isinstance(game.dice, ScriptedDice)
    return game.dice.remaining

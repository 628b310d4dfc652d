"""Controllers choose options for the actors they control; `run` plays a battle out."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from senjo.engine.battle import Battle, BattleError, Outcome
from senjo.engine.decision import Decision

__all__ = ["Controller", "FirstOption", "RandomController", "run"]


class Controller(Protocol):
    """Chooses one of a decision's legal options."""

    def choose(self, battle: Battle[Any], decision: Decision) -> Any:
        """Return one of `decision.options`."""
        ...


class RandomController:
    """Chooses uniformly at random among the legal options (for property tests).

    It has its own generator, so it never draws from the battle's dice.
    """

    __slots__ = ("_random",)

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, battle: Battle[Any], decision: Decision) -> Any:
        """A uniformly random legal option."""
        return decision.options[int(self._random.random() * len(decision.options))]


class FirstOption:
    """Always chooses the first legal option (deterministic tests)."""

    def choose(self, battle: Battle[Any], decision: Decision) -> Any:
        """The first legal option."""
        return decision.options[0]


def run(
    battle: Battle[Any],
    controllers: Mapping[str, Controller] | Callable[[str], Controller],
    *,
    max_decisions: int = 100_000,
) -> Outcome:
    """Ask each pending decision's controller until the battle ends.

    `controllers` maps an actor to its controller, or is a function of the actor.
    """
    lookup = controllers.__getitem__ if isinstance(controllers, Mapping) else controllers
    for _ in range(max_decisions):
        decision = battle.pending
        if decision is None:
            outcome = battle.outcome()
            assert outcome is not None
            return outcome
        battle.decide(lookup(decision.actor).choose(battle, decision))
    raise BattleError(f"the battle did not end within {max_decisions} decisions")

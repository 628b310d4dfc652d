"""A tiny rule system for testing the engine itself (no rules of any game).

`CoinToss`: the caller calls heads or tails, a d2 is rolled (1 = heads), and
the caller wins if the call was right.
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.battle import Battle, Flow, Outcome, RuleOption, RuleSystem
from senjo.engine.decision import Choice, Decision
from senjo.engine.events import Event, event

__all__ = ["CoinToss", "Tossed"]


@event
@dataclass(frozen=True, slots=True)
class Tossed(Event):
    """The coin came up `face`."""

    face: str


class CoinToss(RuleSystem[None]):
    """Call a coin; with the option `rounds=3`, best of three calls."""

    name = "cointoss"
    options = (RuleOption("rounds", ("1", "3"), "1"),)

    def play(self, battle: Battle[None]) -> Flow:
        """Ask for calls, toss, and count the right calls."""
        rounds = int(self.settings["rounds"])
        right = 0
        for _ in range(rounds):
            call = yield Decision("caller", "call", (Choice("heads"), Choice("tails")))
            face = "heads" if battle.dice.roll(2) == 1 else "tails"
            battle.emit(Tossed(face))
            right += face == call.name
        won = right * 2 > rounds
        return Outcome("caller" if won else "coin", "called_it" if won else "missed", rounds)

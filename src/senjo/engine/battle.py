"""The battle state machine: decisions in, events out.

A rule system plays a battle as a generator: it yields a `Decision` whenever
someone must choose, receives the chosen option back, appends events to the
log, and finally returns an `Outcome`. A maneuver can therefore be suspended
at any step (an interrupting decision is just another `yield`, resolved in a
sub-generator with `yield from`) and resumed or ended afterwards.

>>> from senjo.engine.testing import CoinToss
>>> from senjo.dice import ScriptedDice
>>> battle = Battle(CoinToss(), None, ScriptedDice([2]))
>>> battle.pending.actor, battle.pending.keys
('caller', ('heads', 'tails'))
>>> battle.decide(battle.pending.find("tails"))
>>> battle.outcome()
Outcome(winner_side='caller', reason='called_it', rounds=1)
"""

from __future__ import annotations

from collections.abc import Set
from typing import Any, Generic

from senjo.dice.roller import RecordingDice, Roller
from senjo.engine.decision import Decision
from senjo.engine.events import Decided, Event
from senjo.engine.rules import (
    MOST_ROUNDS,
    Flow,
    Outcome,
    RuleOption,
    RuleOptionError,
    RuleSystem,
    S,
    Steps,
)

__all__ = [
    "MOST_ROUNDS",
    "Battle",
    "BattleError",
    "Flow",
    "IllegalOption",
    "Outcome",
    "RuleOption",
    "RuleOptionError",
    "RuleSystem",
    "Steps",
    "last_side_outcome",
]


def last_side_outcome(standing: Set[str], fled: Set[str], rounds: int) -> Outcome | None:
    """The end of a battle fought until one side is left, from the sides still `standing`
    and those of the fighters who `fled` (senjo's morale rule): None while two or more
    stand; `all_down` when none does; else the last side wins, the reason `fled` when a
    fighter of another side fled, `last_side_standing` otherwise.

    >>> last_side_outcome({"red"}, {"blue"}, 4)
    Outcome(winner_side='red', reason='fled', rounds=4)
    >>> last_side_outcome({"red"}, {"red"}, 4).reason, last_side_outcome(set(), set(), 2).reason
    ('last_side_standing', 'all_down')
    """
    if len(standing) > 1:
        return None
    if not standing:
        return Outcome(None, "all_down", rounds)
    winner = next(iter(standing))
    return Outcome(winner, "fled" if fled - {winner} else "last_side_standing", rounds)


class BattleError(Exception):
    """A battle was driven wrongly (a decision after the end, for instance)."""


class IllegalOption(BattleError):
    """The chosen option is not among the pending decision's legal options."""


class Battle(Generic[S]):
    """One battle: the rule system, its typed state, the dice, the log and what is pending."""

    __slots__ = ("_flow", "_marks", "_outcome", "_pending", "dice", "log", "state", "system")

    def __init__(
        self,
        system: RuleSystem[S],
        state: S,
        dice: Roller,
        *,
        record_dice: bool = False,
        start: bool = True,
    ) -> None:
        """`start=False` holds the state without playing: no decision is pending and
        the system's flow never runs. The fast paths' tables ask a policy or a rule
        about a state through such a battle."""
        self.system = system
        self.state = state
        self.dice: Roller = RecordingDice(dice) if record_dice else dice
        self.log: list[Event] = []
        self._marks: list[int] | None = [] if record_dice else None
        self._pending: Decision | None = None
        self._outcome: Outcome | None = None
        self._flow: Flow = system.play(self)
        if start:
            self._advance(None, first=True)

    @property
    def pending(self) -> Decision | None:
        """The decision waiting to be made, or None once the battle is over."""
        return self._pending

    def outcome(self) -> Outcome | None:
        """None while the fight goes on, else how it ended."""
        return self._outcome

    @property
    def recorded_dice(self) -> list[tuple[int, int]]:
        """Every die drawn so far, when the battle records dice (else empty)."""
        return self.dice.drawn if isinstance(self.dice, RecordingDice) else []

    @property
    def dice_marks(self) -> list[int]:
        """For each logged event, how many dice had been drawn when it was logged."""
        return self._marks if self._marks is not None else []

    def emit(self, item: Event) -> None:
        """Append an event to the log (rule systems call this)."""
        self.log.append(item)
        if self._marks is not None:
            assert isinstance(self.dice, RecordingDice)
            self._marks.append(len(self.dice.drawn))

    def decide(self, option: Any) -> None:
        """Make the pending decision and resolve until the next one (or the end)."""
        decision = self._pending
        if decision is None:
            raise BattleError("the battle is over; there is no decision to make")
        index = _position(decision.options, option)
        if index < 0:
            raise IllegalOption(
                f"{getattr(option, 'key', option)!r} is not a legal {decision.kind} option "
                f"for {decision.actor}; legal: {', '.join(decision.keys)}"
            )
        self.emit(Decided(decision.actor, decision.kind, index, decision.options[index].key))
        self._advance(decision.options[index])

    def _advance(self, option: Any, *, first: bool = False) -> None:
        try:
            self._pending = next(self._flow) if first else self._flow.send(option)
        except StopIteration as stop:
            self._pending = None
            outcome = stop.value
            if not isinstance(outcome, Outcome):
                raise BattleError(f"{self.system.name} ended without an Outcome") from None
            self._outcome = outcome
            self.emit(outcome)


def _position(options: tuple[Any, ...], option: Any) -> int:
    """Where `option` stands among `options`: by identity first (controllers return one of
    the offered values), else by equality; -1 when it is not there."""
    for index, offered in enumerate(options):
        if offered is option:
            return index
    for index, offered in enumerate(options):
        if offered == option:
            return index
    return -1

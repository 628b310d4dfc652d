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

from collections.abc import Generator, Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from senjo.dice.roller import RecordingDice, Roller
from senjo.engine.bilingual import Bilingual, in_lang
from senjo.engine.decision import Decision
from senjo.engine.events import Decided, Event, event

__all__ = [
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


class BattleError(Exception):
    """A battle was driven wrongly (a decision after the end, for instance)."""


class IllegalOption(BattleError):
    """The chosen option is not among the pending decision's legal options."""


class RuleOptionError(ValueError):
    """An optional rule was named that does not exist, or given a value it does not take."""


@event
@dataclass(frozen=True, slots=True)
class Outcome(Event):
    """How a battle ended: the winning side (None for a draw), why, and after how many rounds."""

    winner_side: str | None
    reason: str
    rounds: int


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


@dataclass(frozen=True, slots=True)
class RuleOption:
    """An optional rule a scenario or the command line can set: its values and default.

    An option with no listed `values` takes any whole number of 1 or more.
    """

    name: str
    values: tuple[str, ...]
    default: str
    help_en: str = ""
    help_ja: str = ""

    def __post_init__(self) -> None:
        if not self.accepts(self.default):
            raise ValueError(f"option {self.name}: default {self.default!r} not allowed")

    def accepts(self, value: str) -> bool:
        """True if `value` is one of the option's values."""
        if self.values:
            return value in self.values
        return value.isdigit() and int(value) >= 1

    @property
    def allowed(self) -> str:
        """The allowed values, for messages."""
        if self.values:
            return ", ".join(self.values)
        return Bilingual("a whole number of 1 or more", "1以上の整数")


S = TypeVar("S")
Flow = Generator[Decision, Any, Outcome]
#: A part of a flow (a turn, an attack) that may ask decisions and returns nothing.
Steps = Generator[Decision, Any, None]


class RuleSystem(Generic[S]):
    """A rule system: fixed facts and optional rules, and how a battle is played.

    Subclasses set `name` and `options`, build their typed state in `setup`,
    and play the battle in `play` (a generator of decisions).
    """

    name: ClassVar[str] = ""
    options: ClassVar[tuple[RuleOption, ...]] = ()

    def __init__(self, settings: Mapping[str, str] | None = None) -> None:
        self.settings = self.resolve_options(settings or {})

    @classmethod
    def resolve_options(cls, given: Mapping[str, str]) -> dict[str, str]:
        """Every option's value: the given ones checked, the rest at their defaults."""
        known = {option.name: option for option in cls.options}
        values = {option.name: option.default for option in cls.options}
        for name, value in given.items():
            option = known.get(name)
            if option is None:
                listed = ", ".join(sorted(known)) or "none"
                raise RuleOptionError(
                    Bilingual(
                        f"unknown option {name!r} for {cls.name}; known options: {listed}",
                        f"{cls.name} にオプション {name!r} はありません（使えるもの：{listed}）",
                    )
                )
            if not option.accepts(value):
                raise RuleOptionError(
                    Bilingual(
                        f"option {name} takes {option.allowed}, not {value!r}",
                        f"オプション {name} には {in_lang(option.allowed, 'ja')} を指定してください"
                        f"（{value!r} は不可）",
                    )
                )
            values[name] = value
        return values

    def play(self, battle: Battle[S]) -> Flow:
        """Play the battle: yield decisions, append events, return the outcome."""
        raise NotImplementedError

    @classmethod
    def new_state(
        cls, sheets: Sequence[Any], positions: Mapping[str, Any], ground: Any = None
    ) -> S:
        """The typed state at the start of a battle, from the combatants' sheets.

        `ground` is the scenario's map, when it has one.
        """
        raise NotImplementedError

    @classmethod
    def default_ai(cls) -> Any:
        """The system's default controller (its AI policy)."""
        raise NotImplementedError


@dataclass(slots=True)
class _Marks:
    """Where the recorded dice stand at each logged event (for journals)."""

    per_event: list[int] = field(default_factory=list)


class Battle(Generic[S]):
    """One battle: the rule system, its typed state, the dice, the log and what is pending."""

    __slots__ = ("_flow", "_marks", "_outcome", "_pending", "dice", "log", "state", "system")

    def __init__(
        self, system: RuleSystem[S], state: S, dice: Roller, *, record_dice: bool = False
    ) -> None:
        self.system = system
        self.state = state
        self.dice: Roller = RecordingDice(dice) if record_dice else dice
        self.log: list[Event] = []
        self._marks: list[int] | None = [] if record_dice else None
        self._pending: Decision | None = None
        self._outcome: Outcome | None = None
        self._flow: Flow = system.play(self)
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

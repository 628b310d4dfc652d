"""What a rule system is to the engine: `RuleSystem`, its optional rules
(`RuleOption`), and how a battle ends (`Outcome`).

Kept apart from `battle.py` so that the battle state machine compiles with mypyc:
`Outcome` is an event class (made by a decorator at run time) and `RuleSystem` is
subclassed by interpreted classes (`senjo.engine.testing.CoinToss`, tests).
`senjo.engine.battle` exports all of these too.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar

from senjo.engine.bilingual import Bilingual, in_lang
from senjo.engine.decision import Decision
from senjo.engine.events import Event, event

if TYPE_CHECKING:
    from senjo.engine.battle import Battle

__all__ = [
    "Flow",
    "Outcome",
    "RuleOption",
    "RuleOptionError",
    "RuleSystem",
    "Steps",
]


class RuleOptionError(ValueError):
    """An optional rule was named that does not exist, or given a value it does not take."""


@event
@dataclass(frozen=True, slots=True)
class Outcome(Event):
    """How a battle ended: the winning side (None for a draw), why, and after how many rounds."""

    winner_side: str | None
    reason: str
    rounds: int


@dataclass(frozen=True, slots=True)
class RuleOption:
    """An optional rule a scenario or the command line can set: its values and default.

    An option with no listed `values` takes any whole number of 1 or more, up to `most`
    if it is given.

    >>> rounds = RuleOption("max_rounds", (), "100", most=10_000)
    >>> rounds.accepts("100"), rounds.accepts("10000"), rounds.accepts("10001")
    (True, True, False)
    >>> str(rounds.allowed)
    'a whole number from 1 to 10,000'
    """

    name: str
    values: tuple[str, ...]
    default: str
    help_en: str = ""
    help_ja: str = ""
    #: The largest whole number the option takes (None: no bound).
    most: int | None = None

    def __post_init__(self) -> None:
        if not self.accepts(self.default):
            raise ValueError(f"option {self.name}: default {self.default!r} not allowed")

    def accepts(self, value: str) -> bool:
        """True if `value` is one of the option's values."""
        if self.values:
            return value in self.values
        return value.isdigit() and 1 <= int(value) <= (self.most or int(value))

    @property
    def allowed(self) -> str:
        """The allowed values, for messages."""
        if self.values:
            return ", ".join(self.values)
        if self.most is not None:
            return Bilingual(
                f"a whole number from 1 to {self.most:,}", f"1から{self.most:,}までの整数"
            )
        return Bilingual("a whole number of 1 or more", "1以上の整数")


#: The largest round limit a rule system's `max_rounds` takes (in GURPS, whose rounds
#: are a second each, some 2.8 hours). The limit is a safety net for battles no one can
#: win (two fighters who can no longer hurt each other); a larger one only makes such
#: battles run longer.
MOST_ROUNDS = 10_000

S = TypeVar("S")
Flow = Generator[Decision, Any, Outcome]
#: A part of a flow (a turn, an attack) that may ask decisions and returns nothing.
Steps = Generator[Decision, Any, None]


#: Settings already checked: (system class, the settings given in order) -> resolved.
_RESOLVED: Final[dict[tuple[type, tuple[tuple[str, str], ...]], dict[str, str]]] = {}
#: Past this many, `_RESOLVED` starts again (a sweep has a few; a long-lived process
#: trying settings freely must not grow without end).
_RESOLVED_MAX: Final = 256


class RuleSystem(Generic[S]):
    """A rule system: fixed facts and optional rules, and how a battle is played.

    Subclasses set `name` and `options`, build their typed state in `setup`,
    and play the battle in `play` (a generator of decisions).
    """

    name: ClassVar[str] = ""
    options: ClassVar[tuple[RuleOption, ...]] = ()

    def __init__(self, settings: Mapping[str, str] | None = None) -> None:
        given = settings or {}
        # A simulation makes a system for every battle with the same settings: they are
        # checked once and copied after (a system may be given its own to change).
        seen = (type(self), tuple(given.items()))
        try:
            resolved = _RESOLVED.get(seen)
        except TypeError:  # a value that cannot be a key (a list): checked, and refused
            resolved = self.resolve_options(given)
        if resolved is None:
            resolved = self.resolve_options(given)
            if len(_RESOLVED) >= _RESOLVED_MAX:
                _RESOLVED.clear()
            _RESOLVED[seen] = resolved
        self.settings = dict(resolved)

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
        cls,
        sheets: Sequence[Any],
        positions: Mapping[str, Any],
        ground: Any = None,
        setup: Any = None,
    ) -> S:
        """The typed state at the start of a battle, from the combatants' sheets.

        `ground` is the scenario's map, when it has one; `setup` is the scenario's
        `setup:` block as the system's scenario module checked it (what a battle needs
        that is neither a combatant nor an option: who declares first, a surprise), when
        the system takes one.
        """
        raise NotImplementedError

    @classmethod
    def default_ai(cls) -> Any:
        """The system's default controller (its AI policy)."""
        raise NotImplementedError

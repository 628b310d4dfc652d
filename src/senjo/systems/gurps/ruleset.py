"""A GURPS battle's optional rules, fixed once made (`GurpsState.rules`).

Each set of rules gets a number, its `key`, which the state's snapshot holds in their
place (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final, final

__all__ = ["NO_RULES", "TOTAL_DARKNESS", "RuleSet", "rules_for"]


#: The `darkness` option's value for total darkness (nothing can be seen).
TOTAL_DARKNESS: Final = 10

#: Each set of rules seen by this process -> its `RuleSet.key` (a few per scenario).
_RULE_KEYS: Final[dict[tuple[tuple[str, str], ...], int]] = {}


@final
class RuleSet:
    """A battle's optional rules (name -> value), fixed once made: a change is a new
    `RuleSet` (`replace`). Its `key`, a number equal for equal rules and different
    otherwise (within a process), stands for them in `GurpsState.snapshot`, so the turn
    memo hashes one number instead of every rule's name and value at each lookup
    (docs/performance.md).

    >>> rules = RuleSet({"darkness": "3", "free_actions": "off"})
    >>> rules.get("darkness"), rules.get("heavy_parry_break", "on"), rules.get("nothing")
    ('3', 'on', '')
    >>> RuleSet({"free_actions": "off", "darkness": "3"}).key == rules.key
    True
    >>> rules.replace(darkness="5").key == rules.key, rules.get("darkness")
    (False, '3')
    """

    def __init__(self, values: Mapping[str, str] | None = None) -> None:
        self._values: dict[str, str] = dict(values) if values else {}
        items = tuple(sorted(self._values.items()))
        found = _RULE_KEYS.get(items)
        if found is None:
            found = _RULE_KEYS[items] = len(_RULE_KEYS)
        self.key: int = found
        #: Option `extra_effort=on` (B357), as a flag: the AI asks at each look at a blow.
        self.extra_effort: bool = self._values.get("extra_effort") == "on"
        # Whole-number rules read so far (`number`).
        self._numbers: dict[str, int] = {}
        #: Total darkness (`darkness=10`) read as every fighter blind (option
        #: `total_darkness=blind`, the default; interpretation 78), as a flag: every defense
        #: and every attack roll asks.
        self.pitch_dark: bool = (
            self.number("darkness") >= TOTAL_DARKNESS
            and self._values.get("total_darkness", "blind") == "blind"
        )

    def get(self, name: str, default: str = "") -> str:
        """The rule's value, or `default` if the battle does not set it."""
        return self._values.get(name, default)

    def number(self, name: str, default: int = 0) -> int:
        """A whole-number rule's value (`default` if the battle does not set it), read
        from its text once: `darkness` is asked at every attack roll.

        >>> rules = RuleSet({"darkness": "3"})
        >>> rules.number("darkness"), rules.number("darkness"), rules.number("unset", 7)
        (3, 3, 7)
        >>> rules.number("unset")
        0
        """
        found = self._numbers.get(name)
        if found is None:
            text = self._values.get(name)
            if text is None:
                return default
            found = self._numbers[name] = int(text)
        return found

    def replace(self, **changes: str) -> RuleSet:
        """These rules with some values changed or added."""
        return RuleSet({**self._values, **changes})

    def items(self) -> Iterator[tuple[str, str]]:
        """Each rule's name and value."""
        return iter(self._values.items())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleSet) and other.key == self.key

    def __hash__(self) -> int:
        return self.key

    def __repr__(self) -> str:
        return f"RuleSet({self._values!r})"


#: No optional rules set (a state's rules until its battle starts; a `RuleSet` is never
#: changed, so one serves every state).
NO_RULES: Final = RuleSet()

#: The rules made by `rules_for`, by their values in the order given; past `_BY_SETTINGS_MAX`
#: it starts again (a sweep has a few sets; a long-lived process must not grow without end).
_BY_SETTINGS: Final[dict[tuple[tuple[str, str], ...], RuleSet]] = {}
_BY_SETTINGS_MAX: Final = 256


def rules_for(settings: Mapping[str, str]) -> RuleSet:
    """The `RuleSet` of these settings, made once for each (a rule system's settings come
    in the same order battle after battle, and a `RuleSet` is never changed, so every
    battle of a simulation shares one).

    >>> rules_for({"darkness": "3"}) is rules_for({"darkness": "3"})
    True
    >>> rules_for({"darkness": "3"}) == RuleSet({"darkness": "3"})
    True
    """
    items = tuple(settings.items())
    found = _BY_SETTINGS.get(items)
    if found is None:
        if len(_BY_SETTINGS) >= _BY_SETTINGS_MAX:
            _BY_SETTINGS.clear()  # a RuleSet made again has the same key: still equal
        found = _BY_SETTINGS[items] = RuleSet(settings)
    return found

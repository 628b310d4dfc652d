"""Decisions: every choice a player makes, including during another's turn.

A `Decision` names the actor who must choose, the kind of choice, and the
legal options. Options are small frozen values with a stable `key`; the
engine checks that the chosen one is legal.

>>> d = Decision("ann", "defense", (Choice("dodge"), Choice("parry", "sword")))
>>> [o.key for o in d.options]
['dodge', 'parry:sword']
>>> d.find("parry:sword")
Choice(name='parry', detail='sword')
>>> Choice("parry", "sword") in d
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from senjo.engine.frozen import direct_init

__all__ = ["Choice", "Decision", "Option"]


class Option(Protocol):
    """What an option must offer: a stable key for logs, prompts and replays."""

    @property
    def key(self) -> str:
        """A short stable name, unique among a decision's options."""
        ...


@dataclass(frozen=True, slots=True)
class Choice:
    """A plain option: a name and an optional detail (a target, a weapon …)."""

    name: str
    detail: str = ""

    def __init__(self, name: str, detail: str = "") -> None:  # compiled: `engine.frozen`
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "detail", detail)

    @property
    def key(self) -> str:
        """`name`, or `name:detail` when there is a detail."""
        return f"{self.name}:{self.detail}" if self.detail else self.name


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must choose (`actor`), what kind of choice (`kind`), and the legal options.

    `context` carries what the choice is about (the attack being defended,
    the maneuver being completed), for controllers and front ends.
    """

    actor: str
    kind: str
    options: tuple[Any, ...]
    context: Any = None

    def __init__(  # compiled: `senjo.engine.frozen`
        self, actor: str, kind: str, options: tuple[Any, ...], context: Any = None
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "context", context)
        self.__post_init__()

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError(f"a {self.kind} decision for {self.actor} has no legal options")

    def __iter__(self) -> Iterator[Any]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def __contains__(self, option: object) -> bool:
        return option in self.options

    @property
    def keys(self) -> tuple[str, ...]:
        """The options' keys, in order."""
        return tuple(option.key for option in self.options)

    def find(self, key: str) -> Any:
        """The option with this key, or `KeyError` naming the legal keys."""
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(f"{key!r} is not a legal {self.kind} option; legal: {', '.join(self.keys)}")


# Made in every battle: a direct __init__ in pure Python (senjo.engine.frozen).
direct_init(Choice, Decision)

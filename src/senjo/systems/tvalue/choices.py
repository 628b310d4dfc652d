"""The options of a T値 battle's decisions: actions declared, actions taken.

>>> Declare("attack", "katana").key, Declare("attack", "katana", snap=True).key
('attack:katana', 'snap:attack:katana')
>>> Act("attack", "katana", "bandit").key
'attack:katana:bandit'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from senjo.engine.decision import Choice

__all__ = ["CANCEL", "DONE", "KINDS", "ORDER_PENALTY", "Act", "Declare"]

#: Ends a fighter's declarations; cancels the declared actions not yet resolved.
DONE, CANCEL = Choice("done"), Choice("cancel")

#: Each action's kind: a direct attack is a major action (seed 002 uses the kinds for the
#: action order; which actions are which is its Chapter 1's, interpretation 2).
KINDS: Final = {"attack": "major"}
#: Seed 002 宣言と行動順: the order penalty after an action of each kind
#: (「メジャーアクションなら−5、マイナーアクションなら−3、オプションコマンドなら−1」).
ORDER_PENALTY: Final = {"major": 5, "minor": 3, "option": 1}


@dataclass(frozen=True, slots=True)
class Declare:
    """An action to declare: its kind and weapon; `snap` adds it after the declarations
    at double cost (とっさの行動)."""

    action: str
    weapon: str
    snap: bool = False

    @property
    def declared(self) -> str:
        """The action as it is kept until it resolves: `attack:WEAPON`."""
        return f"{self.action}:{self.weapon}"

    @property
    def key(self) -> str:
        """`attack:WEAPON`, or `snap:attack:WEAPON`."""
        return f"snap:{self.declared}" if self.snap else self.declared


@dataclass(frozen=True, slots=True)
class Act:
    """A declared action resolved now, at a target (chosen at resolution, O4)."""

    action: str
    weapon: str
    target: str

    @property
    def declared(self) -> str:
        """The declared action it resolves: `attack:WEAPON`."""
        return f"{self.action}:{self.weapon}"

    @property
    def key(self) -> str:
        """`attack:WEAPON:TARGET`."""
        return f"{self.action}:{self.weapon}:{self.target}"

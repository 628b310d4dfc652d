"""The options of CoC decisions: actions, defenses, and the plain choices.

Each option is a small frozen value with a stable `key` (logs, prompts, replays).

>>> ActionChoice("attack", target="cultist", weapon="revolver_38", shots=2).key
'attack:cultist:revolver_38x2'
>>> ActionChoice("attack", target="deep_one", weapon="grapple", variant="tackle").key
'attack/tackle:deep_one:grapple'
>>> DefenseChoice("parry", "knife").key, DefenseChoice("dodge").key
('parry:knife', 'dodge')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from senjo.engine.frozen import direct_init

__all__ = ["ACTIONS", "ActionChoice", "DefenseChoice"]

#: Every action of a DEX turn, by senjo key (Japanese names in docs/glossary.md).
ACTIONS: Final = (
    "attack",
    "throw",
    "hold",
    "release",
    "escape",
    "aim",
    "hide",
    "close",
    "withdraw",
    "stand_up",
    "reload",
    "do_nothing",
)


@dataclass(frozen=True, slots=True)
class ActionChoice:
    """An action with its variant (knockout, tackle), target, weapon and shots."""

    action: str
    target: str = ""
    weapon: str = ""
    variant: str = ""
    shots: int = 0

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        action: str,
        target: str = "",
        weapon: str = "",
        variant: str = "",
        shots: int = 0,
    ) -> None:
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "shots", shots)

    @property
    def key(self) -> str:
        """`action[/variant][:target][:weapon][xN]`."""
        text = self.action
        if self.variant:
            text += f"/{self.variant}"
        if self.target:
            text += f":{self.target}"
        if self.weapon:
            text += f":{self.weapon}"
        if self.shots > 1:
            text += f"x{self.shots}"
        return text


@dataclass(frozen=True, slots=True)
class DefenseChoice:
    """A defense against one attack: dodge, parry with a weapon, or none."""

    kind: str
    weapon: str = ""

    def __init__(self, kind: str, weapon: str = "") -> None:  # compiled: `senjo.engine.frozen`
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "weapon", weapon)

    @property
    def key(self) -> str:
        """`kind[:weapon]`."""
        return f"{self.kind}:{self.weapon}" if self.weapon else self.kind


# Made in every battle: a direct __init__ (senjo.engine.frozen).
direct_init(ActionChoice, DefenseChoice)

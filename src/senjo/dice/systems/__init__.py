"""Dice systems: the game-specific commands on top of the generic language.

A dice system is found by its BCDice id or a short alias:

>>> find_dice_system("coc").id
'Cthulhu'
>>> find_dice_system("none").id
'DiceBot'
>>> find_dice_system("sw2")
Traceback (most recent call last):
...
senjo.dice.errors.DiceError: unknown dice system 'sw2'; known: DiceBot (none), ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from senjo.dice.errors import DiceError
from senjo.dice.result import Command

__all__ = ["DiceSystem", "dice_systems", "find_dice_system", "register_dice_system"]


@dataclass(frozen=True, slots=True)
class DiceSystem:
    """A game's dice commands.

    `parse` receives the command word (the text before the first space, the
    secret prefix already removed) and returns a command, or None when the
    word is not one of this game's commands; the generic language is tried
    after it.
    """

    id: str
    alias: str
    parse: Callable[[str], Command | None]


def _no_game_commands(text: str) -> Command | None:
    return None


_SYSTEMS: dict[str, DiceSystem] = {}


def register_dice_system(system: DiceSystem) -> DiceSystem:
    """Add a dice system to the registry (by id and alias, case-insensitively)."""
    _SYSTEMS[system.id.lower()] = system
    _SYSTEMS[system.alias.lower()] = system
    return system


def dice_systems() -> list[DiceSystem]:
    """Every registered dice system, each once, in registration order."""
    _load_builtin()
    return list(dict.fromkeys(_SYSTEMS.values()))


def find_dice_system(name: str) -> DiceSystem:
    """Find a dice system by BCDice id or alias, or raise `DiceError` listing the known ones."""
    _load_builtin()
    system = _SYSTEMS.get(name.lower())
    if system is None:
        known = ", ".join(f"{s.id} ({s.alias})" for s in dice_systems())
        raise DiceError(f"unknown dice system {name!r}; known: {known}")
    return system


register_dice_system(DiceSystem("DiceBot", "none", _no_game_commands))


def _load_builtin() -> None:
    # Imported lazily so each game module can import this registry.
    from senjo.dice.systems import coc, gurps  # noqa: F401

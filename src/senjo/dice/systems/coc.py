"""Cthulhu dice commands (placeholder: no game commands yet)."""

from __future__ import annotations

from senjo.dice.result import Command
from senjo.dice.systems import DiceSystem, register_dice_system


def parse(text: str) -> Command | None:
    """Return the Cthulhu command written as `text`, or None."""
    return None


SYSTEM = register_dice_system(DiceSystem("Cthulhu", "coc", parse))

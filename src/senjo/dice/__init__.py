"""senjo.dice: rollers, the BCDice-compatible command language, and exact distributions."""

from senjo.dice.errors import DiceError, DiceLimitError, DiceScriptError
from senjo.dice.roller import RandomDice, Roller, ScriptedDice

__all__ = [
    "DiceError",
    "DiceLimitError",
    "DiceScriptError",
    "RandomDice",
    "Roller",
    "ScriptedDice",
]

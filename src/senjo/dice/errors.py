"""The dice layer's one error root."""

from __future__ import annotations


class DiceError(Exception):
    """Any problem with a dice command or a dice roller.

    The message is one line a user can act on: what is wrong and what is allowed.
    """


class DiceScriptError(DiceError):
    """A `ScriptedDice` script ran out, or a die's sides differ from the script's."""


class DiceLimitError(DiceError):
    """A command asks for more dice, repeats or characters than senjo allows."""

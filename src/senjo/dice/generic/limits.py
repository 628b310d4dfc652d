"""Hard limits that keep every dice command bounded in time and memory.

>>> check_dice_count(1_000)
>>> check_dice_count(1_001)
Traceback (most recent call last):
...
senjo.dice.errors.DiceLimitError: too many dice: the command rolls 1,001 dice; at most 1,000 ...
"""

from __future__ import annotations

from typing import Final

from senjo.dice.errors import DiceError, DiceLimitError

__all__ = [
    "MAX_CHOICE_ITEMS",
    "MAX_COMMAND_CHARS",
    "MAX_DICE",
    "MAX_NESTING",
    "MAX_REPEAT",
    "MAX_SIDES",
    "check_dice_count",
    "check_die",
    "too_many_drawn",
]

#: A command longer than this is refused.
MAX_COMMAND_CHARS: Final = 1_000
#: Dice one command may roll (rerolls and upper dice included, a D66 counts as two).
MAX_DICE: Final = 1_000
#: Faces one die may have.
MAX_SIDES: Final = 1_000_000
#: Parentheses may nest this deep.
MAX_NESTING: Final = 50
#: A repeat (x5, rep5, repeat5) runs its command at most this often.
MAX_REPEAT: Final = 100
#: A choice picks from at most this many items.
MAX_CHOICE_ITEMS: Final = 100


def _amount(n: int) -> str:
    return f"{n:,}" if n < 10**15 else "more than 10^15"


def check_dice_count(total: int) -> None:
    """Refuse a command that would roll more than `MAX_DICE` dice."""
    if total > MAX_DICE:
        raise DiceLimitError(
            f"too many dice: the command rolls {_amount(total)} dice; "
            f"at most {MAX_DICE:,} are allowed in one command"
        )


def check_die(count: int, sides: int) -> None:
    """Refuse a group of dice with no dice, no sides, or more sides than `MAX_SIDES`."""
    if count < 1:
        raise DiceError(f"a group of dice needs at least 1 die, not {count}")
    if sides < 1:
        raise DiceError(f"a die needs at least 1 side, not {sides}")
    if sides > MAX_SIDES:
        raise DiceLimitError(f"a die may have at most {MAX_SIDES:,} sides, not {_amount(sides)}")


def too_many_drawn() -> DiceLimitError:
    """The error for rerolls that go on past `MAX_DICE` dice."""
    return DiceLimitError(
        f"too many dice: the rerolls went past {MAX_DICE:,} dice, "
        f"the most one command may roll; stopped there"
    )

"""The hard limits on dice, sides and rerolls."""

from __future__ import annotations

import pytest

from senjo.dice.errors import DiceError, DiceLimitError
from senjo.dice.generic.limits import (
    MAX_DICE,
    MAX_SIDES,
    check_dice_count,
    check_die,
    too_many_drawn,
)


def test_dice_count_limit_is_inclusive() -> None:
    """Exactly MAX_DICE dice pass; one more raises DiceLimitError naming the limit."""
    check_dice_count(MAX_DICE)
    with pytest.raises(DiceLimitError, match="at most 1,000"):
        check_dice_count(MAX_DICE + 1)


def test_huge_counts_give_a_short_message() -> None:
    """An absurd count does not print hundreds of digits."""
    with pytest.raises(DiceLimitError) as caught:
        check_dice_count(10**500)
    assert len(str(caught.value)) < 120


@pytest.mark.parametrize(
    ("count", "sides", "error"),
    [
        (1, MAX_SIDES + 1, DiceLimitError),
        (0, 6, DiceError),
        (-1, 6, DiceError),
        (1, 0, DiceError),
    ],
)
def test_check_die_refuses_bad_groups(count: int, sides: int, error: type[DiceError]) -> None:
    """No dice, no sides or too many sides are refused."""
    with pytest.raises(error):
        check_die(count, sides)


def test_check_die_accepts_the_largest_die() -> None:
    """A die with exactly MAX_SIDES sides is allowed."""
    check_die(MAX_DICE, MAX_SIDES)


def test_rerolls_error_names_the_limit() -> None:
    """The reroll error is a DiceLimitError that says where it stopped."""
    assert "1,000" in str(too_many_drawn())

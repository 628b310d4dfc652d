"""parse_generic: which generic command reads a word."""

from __future__ import annotations

import pytest

from senjo.dice.generic import (
    BarabaraCommand,
    CalcCommand,
    D66Command,
    MessageCommand,
    RerollCommand,
    SumCommand,
    UpperCommand,
    parse_generic,
)


@pytest.mark.parametrize(
    ("word", "kind"),
    [
        ("2D6+1", SumCommand),
        ("3D6/2U", SumCommand),
        ("D66", D66Command),
        ("d66a", D66Command),
        ("1D66", SumCommand),
        ("2B6>=4", BarabaraCommand),
        ("2R6>=4", RerollCommand),
        ("2R6", MessageCommand),
        ("4U6[6]", UpperCommand),
        ("4U6", MessageCommand),
        ("C(1+2)", CalcCommand),
    ],
)
def test_each_word_goes_to_its_command(word: str, kind: type) -> None:
    """Sums, D66, barabara, reroll, upper and calc words parse to their commands."""
    assert isinstance(parse_generic(word), kind)


@pytest.mark.parametrize("word", ["", "134", "1+2", "hello", "2X6", "S2D6", "choice[a,b]"])
def test_other_words_are_not_generic_commands(word: str) -> None:
    """Numbers, plain arithmetic, other words, the S prefix and choice are not read here."""
    assert parse_generic(word) is None


def test_secret_flag_is_passed_to_the_command() -> None:
    """parse_generic hands the secret flag to the command it builds."""
    command = parse_generic("2B6", secret=True)
    assert command is not None and command.secret

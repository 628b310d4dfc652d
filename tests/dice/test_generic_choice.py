"""Choice (チョイス)."""

from __future__ import annotations

import pytest

from senjo.dice.formatting import format_result
from senjo.dice.generic.choice import ChoiceCommand, parse_choice
from senjo.dice.generic.common import MessageCommand
from senjo.dice.result import Die
from senjo.dice.roller import ScriptedDice


@pytest.mark.parametrize(
    ("text", "style", "takes", "items"),
    [
        ("choice[A, B,  C , D   ]", "[", 1, ("A", "B", "C", "D")),
        ("CHOICE(a,,c)", "(", 1, ("a", "c")),
        ("choice A,B X,Y", " ", 1, ("A,B", "X,Y")),
        ("choice[A(), B()] comment", "[", 1, ("A()", "B()")),
        ("choice(A[], B[])", "(", 1, ("A[]", "B[]")),
        ("choice2 a b c", " ", 2, ("a", "b", "c")),
        ("choice[c-g]", "[", 1, ("c", "d", "e", "f", "g")),
        ("choice(08-10)", "(", 1, ("8", "9", "10")),
        ("choice[A-C, Z]", "[", 1, ("A-C", "Z")),
        ("choice[3-3]", "[", 1, ("3",)),
    ],
)
def test_choice_formats(text: str, style: str, takes: int, items: tuple[str, ...]) -> None:
    """The character after choice picks the separator; items are trimmed; ranges expand."""
    assert parse_choice(text) == ChoiceCommand(style, takes, items)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "choice[A,B,C,D)",  # rule: the wrong closing bracket
        "choice(A,B,C,D",  # rule: no closing bracket
        "choice{A,B}",  # rule: an unknown opening character
        "choice[]",
        "choice[, ,,  ,, ,]",
        "choice[abc]",  # rule: one item that is not a range
        "choice[F-A]",  # rule: a range backwards
        "choice[a-zz]",
        "choice[a-Z]",
        "choice0[a,b]",  # rule: picking none
        "choice3[a,b]",  # rule: picking more than there are
        "choice200[1-150]",
        "choices[a,b]",
    ],
)
def test_not_choice(text: str) -> None:
    """Malformed choices are not commands (BCDice answers nothing)."""
    assert parse_choice(text) is None


@pytest.mark.parametrize("text", ["choice3[1-1000]", "choice[1-99999999999999999999]"])
def test_more_than_100_items_gives_the_message(text: str) -> None:
    """A range over 100 items answers with the message (and is never built)."""
    parsed = parse_choice(text)
    assert parsed == MessageCommand(key="choice_too_many")
    assert format_result(parsed.roll(ScriptedDice([])), "ja") == "項目数は100以下としてください"


def test_more_than_100_listed_items_gives_the_message() -> None:
    """101 listed items also answer with the message."""
    text = "choice " + " ".join(str(n) for n in range(101))
    assert parse_choice(text) == MessageCommand(key="choice_too_many")


def test_picks_without_repeats_rolling_a_die_per_pick() -> None:
    """Each pick rolls a die with as many sides as items are left and removes the item."""
    command = parse_choice("choice3[A(), B(), C()]")
    assert isinstance(command, ChoiceCommand)
    dice = ScriptedDice([(3, 1), (2, 2), (1, 1)])
    result = command.roll(dice)
    assert format_result(result, "ja") == "(choice3[A(),B(),C()]) ＞ A(), C(), B()"
    assert format_result(result, "en") == "(choice3[A(),B(),C()]) > A(), C(), B()"
    assert result.chosen == ("A()", "C()", "B()")
    assert result.dice == (Die(3, 1), Die(2, 2), Die(1, 1))
    assert dice.remaining == 0


def test_space_style_joins_picks_with_spaces() -> None:
    """With spaces as separators the picks are joined with a space."""
    command = parse_choice("choice2 a b c")
    assert command is not None
    result = command.roll(ScriptedDice([(3, 1), (2, 1)]))
    assert format_result(result, "ja") == "(choice2 a b c) ＞ a b"


def test_secret_choice() -> None:
    """The secret flag reaches the result."""
    command = parse_choice("choice[a,b]", secret=True)
    assert command is not None
    assert command.roll(ScriptedDice([(2, 2)])).secret

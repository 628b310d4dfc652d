"""The top-level API: parse_command and roll_command."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from senjo.dice.command import SecretCommand, parse_command, roll_command
from senjo.dice.errors import DiceError, DiceLimitError
from senjo.dice.formatting import format_result
from senjo.dice.generic import ChoiceCommand, MessageCommand, RepeatCommand, SumCommand
from senjo.dice.result import Die, RollResult
from senjo.dice.roller import RandomDice, Roller, ScriptedDice


def test_text_over_1000_characters_is_refused() -> None:
    """1,000 characters are allowed; 1,001 raise DiceLimitError saying the limit."""
    assert parse_command("1D6 " + "x" * 996) is not None
    with pytest.raises(DiceLimitError, match="at most 1,000"):
        parse_command("1D6 " + "x" * 997)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "2D6+1 attack roll",
            "(2D6+1) ＞ 7[3,4]+1 ＞ 8",
        ),  # rule: text after whitespace is a comment
        ("   2D6+1", "(2D6+1) ＞ 7[3,4]+1 ＞ 8"),  # rule: leading whitespace is skipped
        ("2D6+1\tcomment", "(2D6+1) ＞ 7[3,4]+1 ＞ 8"),
    ],
)
def test_comments_after_whitespace(text: str, line: str) -> None:
    """Only the first word is the command."""
    result = roll_command(text, dice=ScriptedDice([3, 4]))
    assert result is not None
    assert format_result(result, "ja") == line


def test_full_width_space_does_not_start_a_comment() -> None:
    """As in BCDice only ASCII whitespace separates the comment."""
    assert parse_command("2D6　コメント") is None


@pytest.mark.parametrize("text", ["", "   ", "134 数値だけ", "1+2*3/4", "hello", "S"])
def test_texts_that_are_not_commands(text: str) -> None:
    """Empty text, numbers, arithmetic and words give None."""
    assert parse_command(text) is None
    assert roll_command(text) is None


def test_secret_prefix_marks_generic_results() -> None:
    """S or s before a command makes the result secret; the line is unchanged."""
    result = roll_command("s2D6", dice=ScriptedDice([4, 1]))
    assert result is not None and result.secret
    assert format_result(result, "ja") == "(2D6) ＞ 5[4,1] ＞ 5"
    plain = roll_command("2D6", dice=ScriptedDice([4, 1]))
    assert plain is not None and not plain.secret


def test_secret_choice_reads_the_whole_text() -> None:
    """Choice takes spaces and the S prefix."""
    command = parse_command("Schoice a b c")
    assert command == ChoiceCommand(" ", 1, ("a", "b", "c"), secret=True)


def test_repeat_runs_the_rest_of_the_text() -> None:
    """A repeat prefix runs the command after it, comments included in the inner text."""
    command = parse_command("x3 2D6 comment")
    assert isinstance(command, RepeatCommand)
    assert command.times == 3
    assert isinstance(command.command, SumCommand)


@pytest.mark.parametrize(
    ("text", "key"),
    [("rep0 1D6", "repeat_count"), ("x2 x2 1D6", "repeat_nested"), ("x2 nothing", "repeat_failed")],
)
def test_repeat_messages_through_parse_command(text: str, key: str) -> None:
    """Repeat problems answer with their messages."""
    command = parse_command(text)
    assert isinstance(command, MessageCommand)
    assert command.key == key


def test_unknown_system_is_a_dice_error() -> None:
    """Naming a dice system that does not exist raises DiceError."""
    with pytest.raises(DiceError, match="unknown dice system"):
        parse_command("2D6", "NoSuchGame")


def test_system_commands_come_before_the_generic_language() -> None:
    """A game's own command word is read by the game (Cthulhu's CC), secret prefix and all."""
    command = parse_command("SCC<=50", "Cthulhu")
    assert command is not None and command.secret
    result = command.roll(ScriptedDice([(100, 30)]))
    assert result.secret
    generic = parse_command("CC<=50")
    assert generic is None


def test_generic_commands_work_under_every_system() -> None:
    """Under a game system the generic language still applies."""
    result = roll_command("2D6>=7", "Cthulhu", dice=ScriptedDice([3, 4]))
    assert result is not None
    assert format_result(result, "ja") == "(2D6>=7) ＞ 7[3,4] ＞ 7 ＞ 成功"


@dataclass(frozen=True, slots=True)
class _PlainCommand:
    secret: bool = False

    def roll(self, dice: Roller) -> RollResult:
        return RollResult(dice=(Die(6, dice.roll(6)),))


def test_secret_command_marks_any_result() -> None:
    """The wrapper marks a game command's result secret and keeps everything else."""
    wrapped = SecretCommand(_PlainCommand())
    assert wrapped.secret
    result = wrapped.roll(ScriptedDice([3]))
    assert result == RollResult(secret=True, dice=(Die(6, 3),))


def test_roll_command_defaults_to_random_dice() -> None:
    """Without dice, a random roll is made within the die's faces."""
    result = roll_command("1D6")
    assert result is not None
    assert result.total is not None and 1 <= result.total <= 6


def test_roll_command_uses_the_given_dice() -> None:
    """With seeded dice the same roll comes out twice."""
    first = roll_command("10D10", dice=RandomDice(7))
    second = roll_command("10D10", dice=RandomDice(7))
    assert first == second


@pytest.mark.parametrize(
    "text",
    [
        "(" * 499 + ")" * 499,
        "(" * 1000,
        "1D6" + "+1" * 498,
        "-" * 995 + "1D6",
        "1000000D6",
        "99999999R6>=1",
        "x100 " + "(" * 900,
    ],
)
def test_hostile_input_finishes_with_a_result_or_dice_error(text: str) -> None:
    """Deep nesting, long chains and huge counts end in a result, None or DiceError."""
    try:
        command = parse_command(text)
        if command is not None:
            command.roll(RandomDice(1))
    except DiceError:
        pass

"""Repeat (リピート)."""

from __future__ import annotations

import pytest

from senjo.dice.formatting import format_result
from senjo.dice.generic import parse_generic
from senjo.dice.generic.common import MessageCommand
from senjo.dice.generic.repeat import RepeatCommand, RepeatResult, parse_repeat
from senjo.dice.result import Command, Die
from senjo.dice.roller import ScriptedDice


def _single(text: str) -> Command | None:
    words = text.split()
    return parse_generic(words[0]) if words else None


@pytest.mark.parametrize(
    ("text", "times"),
    [("x3 1D6", 3), ("REP2 1D6 comment", 2), ("repeat100 1D6", 100), ("Repeat1\t1D6", 1)],
)
def test_repeat_prefixes(text: str, times: int) -> None:
    """x, rep and repeat in any case, then whitespace, then the command."""
    command = parse_repeat(text, _single)
    assert isinstance(command, RepeatCommand)
    assert command.times == times


@pytest.mark.parametrize("text", ["x5", "rep1 ", "rep1  ", "x 1D6", "xx5 1D6", "1D6"])
def test_not_repeat(text: str) -> None:
    """Without a count, whitespace and a command it is not a repeat."""
    assert parse_repeat(text, _single) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rep0 1D6", MessageCommand(key="repeat_count")),
        ("rep101 1D6", MessageCommand(key="repeat_count")),
        ("x100 rep100 10D100", MessageCommand(key="repeat_nested")),
        ("x2 SX2 1D6", MessageCommand(key="repeat_nested")),
        ("sx0 1D6", MessageCommand(key="repeat_count", secret=True)),
        ("rep2 ほげ ふが", MessageCommand(key="repeat_failed", args=("ほげ ふが",))),
    ],
)
def test_repeat_messages(text: str, message: MessageCommand) -> None:
    """Nesting, a count outside 1..100 and a command that cannot run give messages."""
    assert parse_repeat(text, _single) == message


@pytest.mark.parametrize(
    ("key", "args", "ja", "en"),
    [
        (
            "repeat_count",
            (),
            "繰り返し回数は1以上、100以下としてください",
            "The repeat count must be from 1 to 100",
        ),
        (
            "repeat_nested",
            (),
            "Repeatコマンドの重複はできません",
            "Repeat commands cannot be nested",
        ),
        (
            "repeat_failed",
            ("ほげ",),
            "繰り返し対象のコマンドが実行できませんでした (ほげ)",
            "The command to repeat could not be run (ほげ)",
        ),
    ],
)
def test_repeat_message_lines(key: str, args: tuple[str, ...], ja: str, en: str) -> None:
    """Repeat messages print as BCDice's Japanese and in English."""
    result = MessageCommand(key=key, args=args).roll(ScriptedDice([]))
    assert (format_result(result, "ja"), format_result(result, "en")) == (ja, en)


def test_repeat_rolls_each_run_and_joins_lines() -> None:
    """Each run is numbered and separated by a blank line; all dice are kept in order."""
    command = parse_repeat("x2 1D6+1", _single)
    assert command is not None
    result = command.roll(ScriptedDice([2, 5]))
    assert isinstance(result, RepeatResult)
    assert format_result(result, "ja") == "#1\n(1D6+1) ＞ 2[2]+1 ＞ 3\n\n#2\n(1D6+1) ＞ 5[5]+1 ＞ 6"
    assert format_result(result, "en") == "#1\n(1D6+1) > 2[2]+1 > 3\n\n#2\n(1D6+1) > 5[5]+1 > 6"
    assert result.dice == (Die(6, 2), Die(6, 5))
    assert result.total is None


@pytest.mark.parametrize(("text", "secret"), [("sx2 1D6", True), ("x2 1D6", False)])
def test_secret_prefix_of_repeat(text: str, secret: bool) -> None:
    """An S before the repeat prefix makes the whole result secret."""
    command = parse_repeat(text, _single)
    assert command is not None
    assert command.roll(ScriptedDice([1, 1])).secret is secret


def test_secret_inner_command_makes_the_repeat_secret() -> None:
    """If any run is secret, the repeat result is secret."""
    command = parse_repeat("x2 1D6", lambda text: parse_generic("1D6", secret=True))
    assert command is not None
    assert command.roll(ScriptedDice([1, 1])).secret

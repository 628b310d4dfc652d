"""Shared pieces: judgement words, modifiers and message commands."""

from __future__ import annotations

import pytest

from senjo.dice.formatting import format_result
from senjo.dice.generic.common import (
    SEPARATOR,
    MessageCommand,
    judgement,
    max_total,
    modifier_text,
    successes,
)
from senjo.dice.roller import ScriptedDice


@pytest.mark.parametrize(("modifier", "text"), [(0, ""), (11, "+11"), (-3, "-3")])
def test_modifier_text(modifier: int, text: str) -> None:
    """Modifiers print with their sign; zero prints nothing."""
    assert modifier_text(modifier) == text


def test_words_in_both_languages() -> None:
    """Judgements, success counts and max/total have a Japanese and an English form."""
    assert (judgement(True, "ja"), judgement(False, "ja")) == ("成功", "失敗")
    assert (judgement(True, "en"), judgement(False, "en")) == ("Success", "Failure")
    assert (successes(3, "ja"), successes(3, "en")) == ("成功数3", "successes: 3")
    assert max_total(2, 5, "ja") == "2/5(最大/合計)"
    assert max_total(2, 5, "en") == "2/5(max/total)"
    assert (SEPARATOR["ja"], SEPARATOR["en"]) == (" ＞ ", " > ")


def test_message_command_draws_nothing_and_keeps_secret() -> None:
    """A message command answers with its message, draws no dice and keeps the secret flag."""
    result = MessageCommand(key="upper_condition", command="(1U6[0])", secret=True).roll(
        ScriptedDice([])
    )
    assert result.secret
    assert result.dice == ()
    assert (
        format_result(result, "en") == "(1U6[0]) > Invalid reroll threshold: it must be 2 or more"
    )

"""Dice errors in Japanese (`senjo.cli.dice_errors`): each message the dice layer raises
at a user is worded in `--lang ja`, with its names and numbers; English stays as it is."""

from __future__ import annotations

import re
import string
from collections.abc import Callable

import pytest

from senjo.cli.dice_errors import dice_error_text, translations
from senjo.dice.arith import evaluate_int
from senjo.dice.command import parse_command
from senjo.dice.distribution import Distribution
from senjo.dice.errors import DiceError
from senjo.dice.exact import success_probability
from senjo.dice.generic.limits import check_dice_count, check_die
from senjo.dice.roller import ScriptedDice
from senjo.dice.systems import find_dice_system
from tests.cli.helpers import run_senjo


def test_every_template_is_filled_by_its_pattern() -> None:
    """A template names only groups its pattern captures (else it could not be filled)."""
    for pattern, template in translations():
        wanted = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        assert wanted <= set(pattern.groupindex), pattern.pattern


def _script_out() -> None:
    dice = ScriptedDice([4])
    dice.roll(6)
    dice.roll(6)


RAISERS: dict[str, Callable[[], object]] = {
    "too many dice": lambda: check_dice_count(10**20),
    "no dice in a group": lambda: check_die(0, 6),
    "no sides": lambda: check_die(1, 0),
    "too many sides": lambda: check_die(1, 10**9),
    "nesting": lambda: parse_command("(" * 60 + "1d6" + ")" * 60, "DiceBot"),
    "long command": lambda: parse_command("1d6+" * 2000 + "1", "DiceBot"),
    "not an integer": lambda: evaluate_int("1+x"),
    "ends early": lambda: evaluate_int("1+"),
    "empty": lambda: evaluate_int(""),
    "unbalanced": lambda: evaluate_int("(1+2"),
    "after": lambda: evaluate_int("1 2"),
    "no comparison": lambda: success_probability("2D6", "DiceBot"),
    "not a command": lambda: success_probability("hello", "DiceBot"),
    "unknown system": lambda: find_dice_system("NoSuchSystem"),
    "keep": lambda: Distribution.keep(2, 6, -1),
    "script face": lambda: ScriptedDice([(6, 7)]),
    "script ran out": _script_out,
}


@pytest.mark.parametrize("name", sorted(RAISERS))
def test_the_dice_layers_messages_read_in_japanese(name: str) -> None:
    """The real message, raised by the dice layer, has a Japanese wording (no English words
    left in it) and keeps its numbers; in English it is unchanged."""
    with pytest.raises(DiceError) as caught:
        RAISERS[name]()
    english = str(caught.value)
    japanese = dice_error_text(caught.value, "ja")
    assert dice_error_text(caught.value, "en") == english
    assert japanese != english
    assert re.search(r"[ぁ-んァ-ヶ一-龯]", japanese)
    assert not re.search(r"\b(the|a|is|not|at most|dice|allowed)\b", japanese), japanese
    assert set(re.findall(r"\d[\d,]*", english)) <= set(re.findall(r"\d[\d,]*", japanese))


def test_an_unknown_message_stays_english() -> None:
    assert dice_error_text("something new went wrong", "ja") == "something new went wrong"


def test_senjo_roll_says_it_in_the_chosen_language() -> None:
    """`senjo roll` words a dice limit in `--lang`."""
    japanese = run_senjo("roll", "--lang", "ja", "100000d6")
    assert japanese.exit_code == 2
    assert "ダイスが多すぎます" in japanese.stderr and "100,000" in japanese.stderr
    english = run_senjo("roll", "--lang", "en", "100000d6")
    assert english.exit_code == 2 and "too many dice" in english.stderr

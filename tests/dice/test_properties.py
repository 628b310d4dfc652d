"""Property tests: any text is handled, and sums add up as printed."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from senjo.dice.command import parse_command
from senjo.dice.errors import DiceError
from senjo.dice.formatting import format_result
from senjo.dice.generic.sums import SumResult
from senjo.dice.roller import RandomDice

SETTINGS = settings(max_examples=200, deadline=None, derandomize=True)

#: Characters the command language uses, so random texts hit its corners.
ALPHABET = "0123456789dDbBrRuUcCkKhHlLmMaAxXiInNsS+-*/()[]<>=!?@, 　\t"


@SETTINGS
@given(st.text(alphabet=ALPHABET, max_size=40) | st.text(max_size=40))
def test_any_text_parses_or_raises_dice_error(text: str) -> None:
    """Any text parses to a command or None or raises DiceError; rolling likewise."""
    try:
        command = parse_command(text)
        if command is not None:
            result = command.roll(RandomDice(0))
            format_result(result, "ja")
            format_result(result, "en")
    except DiceError:
        pass


@SETTINGS
@given(
    st.sampled_from(["x", "rep", "S", "choice", "C", "D66", ""]),
    st.text(alphabet=ALPHABET, max_size=30),
)
def test_prefixed_texts_parse_or_raise_dice_error(prefix: str, rest: str) -> None:
    """Texts behind command prefixes are handled too."""
    try:
        command = parse_command(prefix + rest)
        if command is not None:
            command.roll(RandomDice(0))
    except DiceError:
        pass


def _dice_term() -> st.SearchStrategy[str]:
    count = st.integers(1, 4)
    sides = st.sampled_from([2, 4, 6, 10, 20, 66])
    keep = st.sampled_from(["", "KH1", "KL2", "DH1", "DL1", "MAX", "MIN"])
    return st.builds(lambda c, s, k: f"{c}D{s}{k}", count, sides, keep)


def _operand() -> st.SearchStrategy[str]:
    return _dice_term() | st.integers(0, 20).map(str)


_expressions = st.recursive(
    _operand(),
    lambda inner: st.one_of(
        st.builds(lambda a, op, b: f"{a}{op}{b}", inner, st.sampled_from("+-*"), inner),
        inner.map(lambda e: f"({e})"),
    ),
    max_leaves=6,
)


def _with_dice(expression: str) -> str:
    return expression if "D" in expression else f"{expression}+1D6"


_HEAD_TERM = re.compile(r"(\d+)D(\d+)(?:(KH|KL|DH|DL)(\d+))?")
_DETAIL_TERM = re.compile(r"(\d+)\[([\d,]+)\]")


def _kept_sum(values: list[int], mode: str | None, count: int) -> int:
    ordered = sorted(values)
    n = min(count, len(ordered))
    if mode == "KH":
        return sum(ordered[len(ordered) - n :])
    if mode == "KL":
        return sum(ordered[:n])
    if mode == "DH":
        return sum(ordered[: len(ordered) - n])
    if mode == "DL":
        return sum(ordered[n:])
    return sum(values)


@SETTINGS
@given(_expressions.map(_with_dice), st.integers(0, 2**32))
def test_sum_total_equals_printed_expression(expression: str, seed: int) -> None:
    """The rolled total equals the printed dice values evaluated again."""
    command = parse_command(expression)
    assert command is not None
    result = command.roll(RandomDice(seed))
    assert isinstance(result, SumResult) and result.total is not None
    line = format_result(result, "en")
    head, detail, *rest = line.split(" > ")
    if not rest:  # a lone die prints only its value
        assert int(detail) == result.total
        return
    assert int(rest[0]) == result.total
    # Each printed term total[v1,v2,...] must be its kept values' sum.
    rules = _HEAD_TERM.findall(head)
    printed = _DETAIL_TERM.findall(detail)
    assert len(rules) == len(printed)
    for (_, _, mode, count), (subtotal, values) in zip(rules, printed, strict=True):
        numbers = [int(v) for v in values.split(",")]
        assert int(subtotal) == _kept_sum(numbers, mode or None, int(count or 0))
    # Replacing each term by its subtotal leaves plain arithmetic with the same value.
    arithmetic = _DETAIL_TERM.sub(lambda m: f"({m[1]})", detail)
    assert re.fullmatch(r"[\d+\-*()]+", arithmetic)
    assert eval(arithmetic, {"__builtins__": {}}) == result.total

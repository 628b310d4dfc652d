"""The shared tokenizer and recursive-descent parser."""

from __future__ import annotations

import pytest

from senjo.dice.errors import DiceError
from senjo.dice.generic.limits import MAX_NESTING
from senjo.dice.generic.parser import ExprParser, NotACommand, tokenize
from senjo.dice.generic.tree import (
    BinaryOp,
    Comparison,
    Constant,
    DiceTerm,
    Keep,
    Negate,
    Node,
    Parenthesized,
)


@pytest.mark.parametrize(
    ("word", "tokens"),
    [
        ("2d6>=7", ["2", "D", "6", ">=", "7"]),
        ("1d6/3r", ["1", "D", "6", "/", "3", "R"]),
        ("2R6[<>4]", ["2", "R", "6", "[", "<>", "4", "]"]),
        ("１D6", ["１", "D", "6"]),
    ],
)
def test_tokenize_splits_numbers_comparisons_and_letters(word: str, tokens: list[str]) -> None:
    """Digits (ASCII only) and comparison runs are one token; letters are upper-cased."""
    assert tokenize(word) == tokens


def _sum(text: str) -> Node:
    parser = ExprParser(tokenize(text), allow_dice=True)
    node = parser.additive()
    parser.expect_end()
    return node


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("--3", Constant(3)),
        ("---3", Negate(Constant(3))),
        ("+-+3", Negate(Constant(3))),
        ("1D6+-3", BinaryOp("-", DiceTerm(1, 6), Constant(3))),
        ("1D6--3", BinaryOp("+", DiceTerm(1, 6), Constant(3))),
        ("1D6*-3", BinaryOp("*", DiceTerm(1, 6), Negate(Constant(3)))),
        ("-2D6", Negate(DiceTerm(2, 6))),
        ("D20", DiceTerm(1, 20)),
        ("3D", DiceTerm(3, 6)),
        ("(1+1)D(2*3)", DiceTerm(2, 6)),
        ("5DKH", DiceTerm(5, 6, Keep("KH", 1))),
        ("5D10DL(1+1)", DiceTerm(5, 10, Keep("DL", 2))),
        ("3DMAX", DiceTerm(3, 6, Keep("KH", 1))),
        ("3D8MIN", DiceTerm(3, 8, Keep("KL", 1))),
        ("1D66", DiceTerm(1, 66)),
        ("D(66)", DiceTerm(1, 66)),
        ("7/2C", BinaryOp("/", Constant(7), Constant(2), "U")),
        ("(1)", Parenthesized(Constant(1))),
    ],
)
def test_parser_builds_bcdice_trees(text: str, tree: Node) -> None:
    """Signs fold, a + -b becomes a - b, counts and sides are evaluated, C rounds up."""
    assert _sum(text) == tree


@pytest.mark.parametrize(
    "text", ["D66", "(1D6)D6", "2D(1D6)", "1D6D", "2D6+", "(1+2", "1D6/3X", "KH3", ""]
)
def test_parser_rejects_what_is_not_a_sum(text: str) -> None:
    """A bare D66, dice inside counts or sides, and dangling tokens are not sums."""
    with pytest.raises(NotACommand):
        _sum(text)


def test_nesting_deeper_than_the_cap_is_a_dice_error() -> None:
    """Parentheses may nest MAX_NESTING deep; one more is refused with DiceError."""
    assert _sum("(" * MAX_NESTING + "1D6" + ")" * MAX_NESTING) is not None
    with pytest.raises(DiceError, match="nest"):
        _sum("(" * (MAX_NESTING + 1) + "1D6" + ")" * (MAX_NESTING + 1))


@pytest.mark.parametrize(
    ("text", "comparison"),
    [
        ("=3", Comparison("==", 3)),
        ("==3", Comparison("==", 3)),
        ("<>3", Comparison("!=", 3)),
        ("!=3", Comparison("!=", 3)),
        ("=<3", Comparison("<=", 3)),
        ("=>3", Comparison(">=", 3)),
        (">=1+2", Comparison(">=", 3)),
        ("<-7", Comparison("<", -7)),
        (">=?", Comparison(">=", None)),
        ("", None),
    ],
)
def test_comparison_operators_are_normalised(text: str, comparison: Comparison | None) -> None:
    """Every spelling of an operator maps to one; the target is evaluated."""
    parser = ExprParser(tokenize(text))
    assert parser.comparison(allow_undecided=True) == comparison
    parser.expect_end()


@pytest.mark.parametrize("text", ["<<3", "!3", ">=?", ">=1D6"])
def test_bad_comparisons_are_not_commands(text: str) -> None:
    """Unknown operators, a ``?`` where none is allowed and dice in targets fail."""
    parser = ExprParser(tokenize(text), allow_dice=True)
    with pytest.raises(NotACommand):
        parser.comparison()


def test_notation_reads_count_letter_sides() -> None:
    """A group ``count<letter>sides`` accepts parenthesised expressions."""
    parser = ExprParser(tokenize("(1*2)B(2+4)"))
    assert parser.notation("B") == (2, 6)

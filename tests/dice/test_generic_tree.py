"""The sum syntax tree: node meaning, printing and constant evaluation."""

from __future__ import annotations

import pytest

from senjo.dice.errors import DiceError
from senjo.dice.generic.tree import (
    BinaryOp,
    Comparison,
    Constant,
    DiceTerm,
    Keep,
    Negate,
    Node,
    Parenthesized,
    chain,
    contains_dice,
    dice_terms,
    evaluate_constant,
    expression_text,
    iter_nodes,
)


@pytest.mark.parametrize(
    ("mode", "count", "expected"),
    [
        ("KH", 2, [5, 8]),
        ("KL", 2, [1, 3]),
        ("DH", 1, [1, 3, 5]),
        ("DL", 1, [3, 5, 8]),
        ("KH", 0, []),
        ("KH", 9, [1, 3, 5, 8]),
        ("DL", 9, []),
    ],
)
def test_keep_selects_from_sorted_values(mode: str, count: int, expected: list[int]) -> None:
    """Keep/drop highest/lowest picks from the sorted values, clamping the count."""
    assert Keep(mode, count).select([1, 3, 5, 8]) == expected  # type: ignore[arg-type]


def test_d66_term_draws_two_dice_per_value() -> None:
    """A D66 term draws two d6 per value; other terms one die per value."""
    assert DiceTerm(3, 66).draws == 6
    assert DiceTerm(3, 6).draws == 3


@pytest.mark.parametrize(
    ("tree", "text"),
    [
        (DiceTerm(2, 6), "2D6"),
        (DiceTerm(5, 10, Keep("DL", 1)), "5D10DL1"),
        (BinaryOp("/", DiceTerm(1, 6), Constant(3), "R"), "1D6/3R"),
        (BinaryOp("/", DiceTerm(1, 6), Constant(3), "F"), "1D6/3F"),
        (
            BinaryOp("*", Parenthesized(BinaryOp("+", DiceTerm(1, 4), Constant(1))), Constant(2)),
            "(1D4+1)*2",
        ),
        (Negate(Parenthesized(Negate(Constant(3)))), "-(-3)"),
    ],
)
def test_expression_text_prints_as_bcdice_echoes(tree: Node, text: str) -> None:
    """Each node prints in BCDice's echo form (rounding letter after the divisor)."""
    assert expression_text(tree) == text


@pytest.mark.parametrize(
    ("tree", "value"),
    [
        (BinaryOp("-", Constant(1), Constant(4)), -3),
        (BinaryOp("/", Constant(7), Constant(2)), 3),
        (BinaryOp("/", Constant(7), Constant(2), "U"), 4),
        (BinaryOp("/", Constant(5), Constant(2), "R"), 3),
        (BinaryOp("/", Negate(Constant(7)), Constant(2)), -4),
        (BinaryOp("*", Parenthesized(Negate(Constant(2))), Constant(3)), -6),
    ],
)
def test_evaluate_constant_follows_bcdice_arithmetic(tree: Node, value: int) -> None:
    """Division rounds down by default, up with U, half away from zero with R."""
    assert evaluate_constant(tree) == value


def test_evaluate_constant_refuses_dice() -> None:
    """A tree with dice has no constant value."""
    with pytest.raises(DiceError):
        evaluate_constant(BinaryOp("+", DiceTerm(1, 6), Constant(1)))


def test_long_left_chain_is_walked_without_recursion() -> None:
    """A 5,000-operator chain evaluates and prints (chains are walked in a loop)."""
    tree: Node = Constant(0)
    for _ in range(5_000):
        tree = BinaryOp("+", tree, Constant(1))
    assert evaluate_constant(tree) == 5_000
    assert expression_text(tree).count("+") == 5_000
    assert not contains_dice(tree)


def test_chain_lists_operators_left_to_right() -> None:
    """chain() gives the leftmost operand, then the operators in written order."""
    tree = BinaryOp("*", BinaryOp("+", Constant(1), Constant(2)), Constant(3))
    first, ops = chain(tree)
    assert first == Constant(1)
    assert [(op.op, op.right) for op in ops] == [("+", Constant(2)), ("*", Constant(3))]


def test_dice_terms_come_in_rolling_order() -> None:
    """Dice terms are listed left to right, through parentheses and negation."""
    a, b, c = DiceTerm(1, 4), DiceTerm(2, 6), DiceTerm(3, 8)
    tree = BinaryOp("+", BinaryOp("-", a, Negate(Parenthesized(b))), c)
    assert dice_terms(tree) == [a, b, c]
    assert len(list(iter_nodes(tree))) == 7


@pytest.mark.parametrize(
    ("op", "value", "expected"),
    [
        ("==", 7, True),
        ("!=", 7, False),
        ("<", 6, True),
        (">", 7, False),
        ("<=", 7, True),
        (">=", 6, False),
    ],
)
def test_comparison_tests_against_target(op: str, value: int, expected: bool) -> None:
    """Each comparison operator compares the value with the target 7."""
    assert Comparison(op, 7).test(value) is expected  # type: ignore[arg-type]


def test_undecided_comparison_prints_question_mark_and_never_holds() -> None:
    """BCDice's ``?`` target prints as ``?`` and judges nothing."""
    comparison = Comparison(">=", None)
    assert comparison.text == ">=?"
    assert comparison.test(100) is False
    assert Comparison("==", 3).text == "=3"

"""Tokenizer and recursive-descent parser shared by the generic commands.

A command word is split into tokens: runs of ASCII digits, runs of
comparison characters (``<>!=``), and single characters (upper-cased). The
`ExprParser` reads integer arithmetic (``+ - * /`` with rounding suffixes,
parentheses, unary minus) and, when dice are allowed, dice terms with
keep/drop rules, building a `senjo.dice.generic.tree` syntax tree.

A word that is not this command's syntax raises `NotACommand`, which the
command parsers turn into None; a well-formed command that breaks a limit
raises `DiceError` instead.

>>> tokenize("2d6>=-3")
['2', 'D', '6', '>=', '-', '3']
>>> parser = ExprParser(tokenize("(2+3)D6-1"), allow_dice=True)
>>> parser.additive()
BinaryOp(op='-', left=DiceTerm(count=5, sides=6, keep=None), right=Constant(value=1), rounding='')
"""

from __future__ import annotations

import re
from typing import Final

from senjo.dice.errors import DiceError
from senjo.dice.generic.limits import MAX_NESTING
from senjo.dice.generic.tree import (
    D66_SIDES,
    BinaryOp,
    CompareOp,
    Comparison,
    Constant,
    DiceTerm,
    Keep,
    KeepMode,
    Negate,
    Node,
    Parenthesized,
    Rounding,
    contains_dice,
    evaluate_constant,
)

__all__ = ["COMPARE_OPS", "ExprParser", "NotACommand", "tokenize"]

_TOKEN: Final = re.compile(r"[0-9]+|[<>!=]+|.", re.DOTALL)

#: Comparison operators as written, normalised.
COMPARE_OPS: Final[dict[str, CompareOp]] = {
    "=": "==",
    "==": "==",
    "<>": "!=",
    "!=": "!=",
    "<": "<",
    ">": ">",
    "<=": "<=",
    "=<": "<=",
    ">=": ">=",
    "=>": ">=",
}

_ROUNDINGS: Final[dict[str, Rounding]] = {"F": "F", "U": "U", "C": "U", "R": "R"}
_KEEP_MODES: Final[dict[str, KeepMode]] = {"KH": "KH", "KL": "KL", "DH": "DH", "DL": "DL"}


class NotACommand(Exception):
    """The text is not this command's syntax (BCDice answers nothing)."""


def tokenize(word: str) -> list[str]:
    """Split a command word into tokens (letters upper-cased)."""
    return _TOKEN.findall(word.upper())


def _is_number(token: str) -> bool:
    return "0" <= token[:1] <= "9"


class ExprParser:
    """A cursor over tokens with the arithmetic (and dice) grammar.

    Grammar (BCDice's):
    ``additive := multiplicative (("+" | "-") multiplicative)*``,
    ``multiplicative := unary ("*" unary | "/" unary [U|C|R|F])*``,
    ``unary := ("+" | "-")* operand``,
    ``primary := "(" additive ")" | NUMBER``; with dice, an operand is
    ``primary "D" [primary] [keep]``, ``"D" primary [keep]`` or a primary,
    where ``keep := (KH|KL|DH|DL) [primary] | MAX | MIN``.
    """

    __slots__ = ("allow_dice", "depth", "pos", "tokens")

    def __init__(self, tokens: list[str], *, allow_dice: bool = False) -> None:
        self.tokens = tokens
        self.pos = 0
        self.depth = 0
        self.allow_dice = allow_dice

    # -- cursor ---------------------------------------------------------
    def peek(self, offset: int = 0) -> str:
        """The token `offset` places ahead, or "" past the end."""
        index = self.pos + offset
        return self.tokens[index] if index < len(self.tokens) else ""

    def at_end(self) -> bool:
        """True when every token has been read."""
        return self.pos >= len(self.tokens)

    def expect(self, token: str) -> None:
        """Read `token` or fail."""
        if self.peek() != token:
            raise NotACommand
        self.pos += 1

    def expect_end(self) -> None:
        """Fail unless every token has been read."""
        if self.pos < len(self.tokens):
            raise NotACommand

    # -- arithmetic -----------------------------------------------------
    def additive(self) -> Node:
        """Parse a sum or difference of terms."""
        node = self.multiplicative()
        tokens = self.tokens
        while self.pos < len(tokens):
            op = tokens[self.pos]
            if op != "+" and op != "-":
                break
            self.pos += 1
            right = self.multiplicative()
            if type(right) is Negate:
                # a + -b is a - b, and a - -b is a + b (BCDice folds these).
                right = right.operand
                op = "-" if op == "+" else "+"
            node = BinaryOp("+" if op == "+" else "-", node, right)
        return node

    def multiplicative(self) -> Node:
        """Parse a product or quotient of unary expressions."""
        node = self.unary()
        tokens = self.tokens
        while self.pos < len(tokens):
            op = tokens[self.pos]
            if op == "*":
                self.pos += 1
                node = BinaryOp("*", node, self.unary())
            elif op == "/":
                self.pos += 1
                right = self.unary()
                rounding = _ROUNDINGS.get(self.peek(), "")
                if rounding:
                    self.pos += 1
                node = BinaryOp("/", node, right, rounding)
            else:
                break
        return node

    def unary(self) -> Node:
        """Parse signs in front of an operand (``--3`` is ``3``)."""
        negative = False
        tokens = self.tokens
        while self.pos < len(tokens) and tokens[self.pos] in ("+", "-"):
            if tokens[self.pos] == "-":
                negative = not negative
            self.pos += 1
        node = self.dice() if self.allow_dice else self.primary()
        return Negate(node) if negative else node

    def primary(self) -> Node:
        """Parse ``(additive)`` or a number."""
        token = self.peek()
        if token == "(":
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise DiceError(f"parentheses may nest at most {MAX_NESTING} deep")
            self.pos += 1
            inner = self.additive()
            self.expect(")")
            self.depth -= 1
            return Parenthesized(inner)
        if _is_number(token):
            self.pos += 1
            return Constant(int(token))
        raise NotACommand

    def integer(self) -> int:
        """Parse a dice-free primary and return its value."""
        return self.constant(self.primary())

    def constant(self, node: Node) -> int:
        """The value of a dice-free node; fail if it holds dice."""
        if type(node) is Constant:
            return node.value
        if contains_dice(node):
            raise NotACommand
        return evaluate_constant(node)

    def integer_expression(self) -> int:
        """Parse a dice-free arithmetic expression and return its value."""
        return self.constant(self.additive())

    # -- dice -----------------------------------------------------------
    def dice(self) -> Node:
        """Parse a dice term (``2D6``, ``D20``, ``5DKH3``, ``(1+1)D(3*2)``) or a primary."""
        if self.peek() == "D":
            self.pos += 1
            sides_node = self.primary()
            if type(sides_node) is Constant and sides_node.value == D66_SIDES:
                raise NotACommand  # a bare D66 is the D66 command, not a sum
            return DiceTerm(1, self.constant(sides_node), self.keep())
        node = self.primary()
        if self.peek() != "D":
            return node
        self.pos += 1
        count = self.constant(node)
        following = self.peek()
        sides = self.integer() if following == "(" or _is_number(following) else 6
        return DiceTerm(count, sides, self.keep())

    def keep(self) -> Keep | None:
        """Parse an optional keep/drop rule; an omitted count means 1."""
        pair = self.peek() + self.peek(1)
        mode = _KEEP_MODES.get(pair)
        if mode is not None:
            self.pos += 2
            following = self.peek()
            count = self.integer() if following == "(" or _is_number(following) else 1
            return Keep(mode, count)
        if pair == "MA" and self.peek(2) == "X":
            self.pos += 3
            return Keep("KH", 1)
        if pair == "MI" and self.peek(2) == "N":
            self.pos += 3
            return Keep("KL", 1)
        return None

    # -- comparisons ----------------------------------------------------
    def comparison_op(self) -> CompareOp | None:
        """Read a comparison operator if one comes next (fail on ``<<`` and the like)."""
        token = self.peek()
        if not token or token[0] not in "<>!=":
            return None
        op = COMPARE_OPS.get(token)
        if op is None:
            raise NotACommand
        self.pos += 1
        return op

    def comparison(self, *, allow_undecided: bool = False) -> Comparison | None:
        """Read an optional ``op target``; the target is a dice-free expression (or ``?``)."""
        op = self.comparison_op()
        if op is None:
            return None
        if allow_undecided and self.peek() == "?":
            self.pos += 1
            return Comparison(op, None)
        return Comparison(op, self.integer_expression())

    def notation(self, letter: str) -> tuple[int, int]:
        """Parse ``count<letter>sides`` (``2B6``, ``(1+1)R(2*3)``) into two integers."""
        count = self.integer()
        self.expect(letter)
        return count, self.integer()

"""The syntax tree of a sum expression (加算ロール), such as ``2D6+1D4*2``.

Every node is a small frozen value. A tree is built once by the parser and
then rolled any number of times; walking it is also how exact distributions
are computed (`senjo.dice.distribution`).

The meaning of each node:

- `Constant(value)`: a non-negative integer literal.
- `DiceTerm(count, sides, keep)`: roll `count` dice with `sides` faces and
  add them up. A term with 66 sides is BCDice's D66 die: two d6 read as tens
  and ones (so a D66 value is ``10 * a + b`` with ``a, b`` in 1..6, never
  swapped). With a `Keep` rule the values are sorted and only the kept ones
  are added.
- `BinaryOp(op, left, right, rounding)`: ``+``, ``-``, ``*`` or ``/``.
  Division rounds down (``""`` or ``"F"``), up (``"U"``) or half away from
  zero (``"R"``); dividing by zero follows `senjo.dice.arith.divide`.
- `Negate(operand)`: unary minus.
- `Parenthesized(inner)`: parentheses as the user wrote them; they change
  nothing but the printed text.

Chains such as ``1+2+3+...`` are left-deep: a 1,000-character command can
hold a chain about 500 operators long, so walk chains with `chain` (or any
other loop) instead of one recursive call per operator.

>>> tree = BinaryOp("+", DiceTerm(2, 6), Constant(1))
>>> expression_text(tree)
'2D6+1'
>>> expression_text(Negate(DiceTerm(5, 10, Keep("KH", 3))))
'-5D10KH3'
>>> evaluate_constant(BinaryOp("/", Constant(7), Constant(2), "U"))
4
>>> contains_dice(tree), contains_dice(Constant(3))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from senjo.dice.arith import divide
from senjo.dice.errors import DiceError

__all__ = [
    "BinaryOp",
    "CompareOp",
    "Comparison",
    "Constant",
    "DiceTerm",
    "Keep",
    "KeepMode",
    "Negate",
    "Node",
    "Operator",
    "Parenthesized",
    "Rounding",
    "apply_operator",
    "chain",
    "contains_dice",
    "dice_terms",
    "evaluate_constant",
    "expression_text",
    "iter_nodes",
]

KeepMode: TypeAlias = Literal["KH", "KL", "DH", "DL"]
Operator: TypeAlias = Literal["+", "-", "*", "/"]
Rounding: TypeAlias = Literal["", "F", "U", "R"]
CompareOp: TypeAlias = Literal["==", "!=", "<", ">", "<=", ">="]

#: How each comparison operator is printed (BCDice writes ``==`` as ``=``, ``!=`` as ``<>``).
COMPARE_SYMBOLS: Final[dict[str, str]] = {
    "==": "=",
    "!=": "<>",
    "<": "<",
    ">": ">",
    "<=": "<=",
    ">=": ">=",
}

#: The D66 die: a `DiceTerm` with this many sides rolls two d6 as tens and ones.
D66_SIDES: Final = 66


@dataclass(frozen=True, slots=True)
class Constant:
    """An integer literal (always 0 or more; a minus sign is a `Negate`)."""

    value: int


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep or drop the highest or lowest dice of a term.

    `mode` is ``KH`` (keep highest), ``KL`` (keep lowest), ``DH`` (drop
    highest) or ``DL`` (drop lowest); `count` is how many (0 or more; more
    than the dice rolled keeps or drops them all).

    >>> Keep("DL", 1).select([1, 3, 5])
    [3, 5]
    >>> Keep("KH", 7).select([1, 3, 5])
    [1, 3, 5]
    """

    mode: KeepMode
    count: int

    def select(self, ascending: Sequence[int]) -> list[int]:
        """Return the kept values of `ascending` (the term's values, sorted)."""
        values = list(ascending)
        n = min(self.count, len(values))
        if self.mode == "KH":
            return values[len(values) - n :]
        if self.mode == "KL":
            return values[:n]
        if self.mode == "DH":
            return values[: len(values) - n]
        return values[n:]


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``countDsides``, optionally with a keep/drop rule (``5D10KH3``)."""

    count: int
    sides: int
    keep: Keep | None = None

    @property
    def draws(self) -> int:
        """How many physical dice rolling this term draws (a D66 value takes two d6)."""
        return 2 * self.count if self.sides == D66_SIDES else self.count


@dataclass(frozen=True, slots=True)
class BinaryOp:
    """``left op right``; `rounding` only matters for division."""

    op: Operator
    left: Node
    right: Node
    rounding: Rounding = ""


@dataclass(frozen=True, slots=True)
class Negate:
    """Unary minus: ``-operand``."""

    operand: Node


@dataclass(frozen=True, slots=True)
class Parenthesized:
    """``(inner)``: kept only so the command prints as it was written."""

    inner: Node


Node: TypeAlias = Constant | DiceTerm | BinaryOp | Negate | Parenthesized


@dataclass(frozen=True, slots=True)
class Comparison:
    """A comparison with a target: ``>=7``. A `target` of None is BCDice's ``?``
    (print the total, judge nothing).

    >>> Comparison(">=", 7).test(8), Comparison("!=", 7).symbol
    (True, '<>')
    """

    op: CompareOp
    target: int | None

    @property
    def symbol(self) -> str:
        """The operator as BCDice prints it."""
        return COMPARE_SYMBOLS[self.op]

    @property
    def text(self) -> str:
        """The operator and target as printed: ``>=7`` or ``>=?``."""
        return f"{COMPARE_SYMBOLS[self.op]}{'?' if self.target is None else self.target}"

    def test(self, value: int) -> bool:
        """True if `value` satisfies the comparison (False for a ``?`` target)."""
        target = self.target
        if target is None:
            return False
        return compare(self.op, value, target)


def compare(op: str, value: int, target: int) -> bool:
    """Apply a comparison operator."""
    if op == ">=":
        return value >= target
    if op == "<=":
        return value <= target
    if op == ">":
        return value > target
    if op == "<":
        return value < target
    if op == "==":
        return value == target
    return value != target


def apply_operator(op: str, left: int, right: int, rounding: str) -> int:
    """Combine two integers as BCDice does (division rounds down unless told otherwise)."""
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    return divide(left, right, rounding)


def chain(node: BinaryOp) -> tuple[Node, list[BinaryOp]]:
    """Split a left-deep chain: the leftmost operand, then each operator in order.

    ``1-2+3`` gives ``Constant(1)`` and the ``-`` and ``+`` nodes, whose
    `right` operands are 2 and 3.

    >>> first, ops = chain(BinaryOp("+", BinaryOp("-", Constant(1), Constant(2)), Constant(3)))
    >>> first, [(o.op, o.right) for o in ops]
    (Constant(value=1), [('-', Constant(value=2)), ('+', Constant(value=3))])
    """
    ops: list[BinaryOp] = []
    current: Node = node
    while isinstance(current, BinaryOp):
        ops.append(current)
        current = current.left
    ops.reverse()
    return current, ops


def iter_nodes(node: Node) -> Iterator[Node]:
    """Every node of the tree, without recursion (pre-order, left to right)."""
    stack: list[Node] = [node]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, BinaryOp):
            stack.append(current.right)
            stack.append(current.left)
        elif isinstance(current, Negate):
            stack.append(current.operand)
        elif isinstance(current, Parenthesized):
            stack.append(current.inner)


def dice_terms(node: Node) -> list[DiceTerm]:
    """The dice terms of the tree, left to right (the order they are rolled)."""
    return [n for n in iter_nodes(node) if isinstance(n, DiceTerm)]


def contains_dice(node: Node) -> bool:
    """True if any dice term occurs in the tree."""
    return any(isinstance(n, DiceTerm) for n in iter_nodes(node))


def evaluate_constant(node: Node) -> int:
    """The value of a dice-free tree; `DiceError` if it holds dice."""
    if isinstance(node, Constant):
        return node.value
    if isinstance(node, BinaryOp):
        first, ops = chain(node)
        value = evaluate_constant(first)
        for op in ops:
            value = apply_operator(op.op, value, evaluate_constant(op.right), op.rounding)
        return value
    if isinstance(node, Negate):
        return -evaluate_constant(node.operand)
    if isinstance(node, Parenthesized):
        return evaluate_constant(node.inner)
    raise DiceError("a dice term cannot be used where a plain number is needed")


def expression_text(node: Node) -> str:
    """The expression as BCDice echoes it: ``(2+3)d6+-1`` prints as ``5D6-1``."""
    parts: list[str] = []
    _write(node, parts)
    return "".join(parts)


def _write(node: Node, parts: list[str]) -> None:
    if isinstance(node, DiceTerm):
        parts.append(f"{node.count}D{node.sides}")
        if node.keep is not None:
            parts.append(f"{node.keep.mode}{node.keep.count}")
    elif isinstance(node, Constant):
        parts.append(str(node.value))
    elif isinstance(node, BinaryOp):
        first, ops = chain(node)
        _write(first, parts)
        for op in ops:
            parts.append(op.op)
            _write(op.right, parts)
            parts.append(op.rounding)
    elif isinstance(node, Negate):
        parts.append("-")
        _write(node.operand, parts)
    else:
        parts.append("(")
        _write(node.inner, parts)
        parts.append(")")

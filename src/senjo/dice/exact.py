"""Exact odds of dice commands: the whole distribution of a sum, or its chance of success.

`exact_distribution(text, system)` reads a command as `senjo roll` would and
returns the exact `Distribution` of its total; `success_probability(text,
system)` returns the exact chance that it succeeds. They cover the commands
whose total is a fixed function of a fixed number of dice:

- sums (加算ロール) of dice terms (keep/drop rules and D66 terms included),
  constants, ``+ - * /`` with rounding, unary minus and parentheses, with or
  without a comparison (``2D6>=7``);
- calculation (``C(1+2)``, a certainty) and the standalone ``D66`` die;
- GURPS success rolls (``3d6<=11``, ``3D6-1<=11``, ``11-3D6`` in the GURPS
  system), criticals included: a 3 or 4 always succeeds, 17 and 18 fail.

Rerolls, explosions, barabara dice, choice, repeats and the CoC commands
(``CC``, ``RES``, ``CBR``) raise `DiceError`: they have no exact
distribution here. A plain ``1D100<=60`` is a sum in every system.

>>> exact_distribution("2D6").probability(7)
Fraction(1, 6)
>>> exact_distribution("1D6+3/2U").probabilities()
{3: Fraction(1, 6), 4: Fraction(1, 6), 5: Fraction(1, 6), 6: Fraction(1, 6), ...}
>>> success_probability("2D6>=7")
Fraction(7, 12)
>>> success_probability("3d6<=11", "gurps")
Fraction(5, 8)
>>> exact_distribution("2B6")
Traceback (most recent call last):
...
senjo.dice.errors.DiceError: '2B6' has no exact distribution: barabara dice (B) ...
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from senjo.dice.command import SecretCommand, parse_command
from senjo.dice.distribution import MAX_WORK, Distribution
from senjo.dice.errors import DiceError, DiceLimitError
from senjo.dice.generic.calc import CalcCommand, D66Command
from senjo.dice.generic.sums import SumCommand
from senjo.dice.generic.tree import (
    D66_SIDES,
    BinaryOp,
    Constant,
    DiceTerm,
    Negate,
    Node,
    chain,
)
from senjo.dice.result import Command
from senjo.dice.systems import find_dice_system
from senjo.dice.systems.gurps import THREE_D6, SuccessRollCommand, success_roll

__all__ = [
    "D66_DIE",
    "exact_distribution",
    "expression_distribution",
    "success_probability",
    "term_distribution",
]

#: BCDice's D66 die inside a sum: two d6 read as tens and ones (11 … 66, never swapped).
D66_DIE: Final = Distribution({10 * tens + ones: 1 for tens in range(1, 7) for ones in range(1, 7)})

#: What to call the commands that have no exact distribution, by class name.
_NOT_MODELLED: Final = {
    "BarabaraCommand": "barabara dice (B) are a list of dice, not one total",
    "RerollCommand": "reroll dice (R) roll on for as long as they meet their threshold",
    "UpperCommand": "upper dice (U) explode for as long as they meet their threshold",
    "ChoiceCommand": "choice picks an item, not a number",
    "RepeatCommand": "a repeat rolls several independent results",
    "MessageCommand": "the command answers with a message",
    "CheckCommand": "CoC checks (CC) are judged by the CoC rules; roll 1D100<=n for a plain sum",
    "ResistanceCommand": "CoC resistance rolls (RES) are judged by the CoC rules",
    "CombinationCommand": "CoC combination rolls (CBR) are judged by the CoC rules",
}


def exact_distribution(command_text: str, system: str = "DiceBot") -> Distribution:
    """The exact distribution of the command's total (a comparison does not change it).

    Raises `DiceError` for text that is not a command or a command without an
    exact distribution, and `DiceLimitError` when the computation would be
    too large.

    >>> exact_distribution("4D6KH3").mean
    Fraction(15869, 1296)
    >>> exact_distribution("3D6-1<=11", "GURPS").support[:3]
    (2, 3, 4)
    >>> exact_distribution("D66A").probability(12)
    Fraction(1, 18)
    >>> exact_distribution("2D6 attack", "coc").max
    12
    """
    command = _parse(command_text, system)
    if isinstance(command, SumCommand):
        return expression_distribution(command.expression)
    if isinstance(command, SuccessRollCommand):
        return THREE_D6 + command.modifier
    if isinstance(command, CalcCommand):
        return Distribution.constant(command.value)
    if isinstance(command, D66Command):
        return _d66_command(command)
    raise _no_distribution(command_text, command)


def success_probability(command_text: str, system: str = "DiceBot") -> Fraction:
    """The exact chance that the command succeeds.

    The command must be a sum with a comparison against a number
    (``2D6>=7``) or a GURPS success roll (``3d6<=11`` in the GURPS system,
    whose criticals count).

    >>> success_probability("1D100<=60", "Cthulhu")
    Fraction(3, 5)
    >>> success_probability("3D6<=18", "gurps"), success_probability("3D6<=18")
    (Fraction(53, 54), Fraction(1, 1))
    >>> success_probability("2D6")
    Traceback (most recent call last):
    ...
    senjo.dice.errors.DiceError: '2D6' has no chance of success: it has no comparison; ...
    """
    command = _parse(command_text, system)
    if isinstance(command, SuccessRollCommand):
        target, modifier = command.target, command.modifier
        return THREE_D6.probability_that(
            lambda roll: success_roll(roll, target, roll_modifier=modifier).success
        )
    if isinstance(command, SumCommand):
        comparison = command.comparison
        if comparison is None or comparison.target is None:
            what = "no comparison" if comparison is None else "a comparison with ? (no target)"
            raise DiceError(
                f"{command_text!r} has no chance of success: it has {what}; "
                "write a comparison such as 2D6>=7"
            )
        return expression_distribution(command.expression).probability_that(comparison.test)
    if isinstance(command, CalcCommand | D66Command):
        raise DiceError(
            f"{command_text!r} has no chance of success: it has no comparison; "
            "write a sum with one, such as 2D6>=7"
        )
    raise _no_distribution(command_text, command)


def expression_distribution(node: Node) -> Distribution:
    """The exact distribution of a sum's syntax tree (`senjo.dice.generic.tree`).

    Chains (``1D6+1D6+…``) are walked with a loop; only parentheses and
    unary minus recurse, and the parser bounds their depth.

    >>> expression_distribution(BinaryOp("*", DiceTerm(1, 4), Constant(2))).support
    (2, 4, 6, 8)
    """
    if isinstance(node, DiceTerm):
        return term_distribution(node)
    if isinstance(node, Constant):
        return Distribution.constant(node.value)
    if isinstance(node, BinaryOp):
        first, ops = chain(node)
        value = expression_distribution(first)
        for op in ops:
            value = _combine(op, value, expression_distribution(op.right))
        return value
    if isinstance(node, Negate):
        return -expression_distribution(node.operand)
    return expression_distribution(node.inner)


def term_distribution(term: DiceTerm) -> Distribution:
    """The exact distribution of one dice term's subtotal, keep/drop rule applied.

    >>> term_distribution(DiceTerm(2, 20)).probability(21)
    Fraction(1, 20)
    >>> from senjo.dice.generic.tree import Keep
    >>> drop_two = term_distribution(DiceTerm(3, 6, Keep("DL", 2)))
    >>> drop_two == term_distribution(DiceTerm(3, 6, Keep("KH", 1)))
    True
    """
    count = term.count
    keep = term.keep
    if keep is None:
        kept, highest = count, True
    elif keep.mode == "KH":
        kept, highest = keep.count, True
    elif keep.mode == "KL":
        kept, highest = keep.count, False
    elif keep.mode == "DH":
        kept, highest = count - keep.count, False
    else:
        kept, highest = count - keep.count, True
    kept = max(0, min(kept, count))
    if term.sides != D66_SIDES:
        return Distribution.keep(count, term.sides, kept, highest)
    if kept == count:
        return D66_DIE.sum_of(count)
    if kept == 0:
        return Distribution.constant(0)
    faces = sorted(D66_DIE.support, reverse=highest)
    return _keep_faces(count, faces, kept)


# -- helpers -------------------------------------------------------------------


def _parse(command_text: str, system: str) -> Command:
    command = parse_command(command_text, system)
    if command is None:
        raise DiceError(
            f"{command_text!r} is not a {find_dice_system(system).id} dice command, "
            "so it has no exact distribution"
        )
    while isinstance(command, SecretCommand):
        command = command.command
    return command


def _no_distribution(command_text: str, command: Command) -> DiceError:
    name = type(command).__name__
    reason = _NOT_MODELLED.get(name, f"senjo does not model {name}")
    return DiceError(
        f"{command_text!r} has no exact distribution: {reason}; exact odds cover sums "
        "without rerolls or explosions and GURPS success rolls"
    )


def _combine(op: BinaryOp, left: Distribution, right: Distribution) -> Distribution:
    """Combine two independent operands as BCDice's evaluator does."""
    right_value = right.min if right.min == right.max else None
    if op.op == "+":
        return left + (right if right_value is None else right_value)
    if op.op == "-":
        return left - (right if right_value is None else right_value)
    if op.op == "*":
        if right_value is not None:
            return left * right_value
        if left.min == left.max:
            return right * left.min
        return left * right
    return left.divide(right, op.rounding)


def _d66_command(command: D66Command) -> Distribution:
    """The standalone D66: unsorted, or sorted ascending / descending into tens and ones."""
    weights: dict[int, int] = {}
    for first in range(1, 7):
        for second in range(1, 7):
            tens, ones = first, second
            if (command.order == "ascending" and tens > ones) or (
                command.order == "descending" and tens < ones
            ):
                tens, ones = ones, tens
            value = 10 * tens + ones
            weights[value] = weights.get(value, 0) + 1
    return Distribution(weights)


def _keep_faces(count: int, faces: Sequence[int], keep: int) -> Distribution:
    """The sum of the first `keep` of `count` equally likely dice, ordered by `faces`.

    `faces` lists a die's distinct face values in the order they are kept
    (highest first to keep the highest). Faces are placed in that order:
    while fewer than `keep` dice show a placed face, each new die is kept;
    once `keep` are placed, the other dice show any later face, counted in
    one step. Requires ``0 < keep < count``.
    """
    work = len(faces) * keep * (keep * max(abs(f) for f in faces) + 1) * (count + 1)
    if work > MAX_WORK:
        raise DiceLimitError(
            f"keeping {keep} of {count} dice would enumerate {work:,} combinations; "
            f"at most {MAX_WORK:,} are allowed"
        )
    final: dict[int, int] = {}
    states: dict[tuple[int, int], int] = {(0, 0): 1}  # (dice placed < keep, kept sum)
    later = len(faces)
    for face in faces:
        later -= 1
        following: dict[tuple[int, int], int] = {}
        for (placed, kept_sum), weight in states.items():
            remaining = count - placed
            for showing in range(remaining + 1):
                ways = weight * math.comb(remaining, showing)
                if placed + showing >= keep:
                    total = kept_sum + (keep - placed) * face
                    final[total] = final.get(total, 0) + ways * later ** (remaining - showing)
                else:
                    key = (placed + showing, kept_sum + showing * face)
                    following[key] = following.get(key, 0) + ways
        states = following
    return Distribution({value: weight for value, weight in final.items() if weight})

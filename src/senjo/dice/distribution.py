"""Exact probability distributions of integer dice outcomes.

A `Distribution` is an immutable map from integer outcomes to exact
probabilities. It is stored as integer weights over a contiguous range of
outcomes (an offset and a tuple), reduced so that equal distributions compare
equal; probabilities come out as `fractions.Fraction`.

Every operation treats its operands as independent random variables.

>>> three_d6 = Distribution.die(6).sum_of(3)
>>> three_d6.probability_of("<=", 10)
Fraction(1, 2)
>>> three_d6.min, three_d6.max, three_d6.mean
(3, 18, Fraction(21, 2))
>>> (Distribution.die(6) - Distribution.die(6)).probability(0)
Fraction(1, 6)
>>> Distribution.keep(4, 6, 3).mean  # 4d6, keep the highest 3
Fraction(15869, 1296)
>>> (Distribution.die(6) * Distribution.die(6)).probability_of(">=", 30)
Fraction(1, 12)
>>> Distribution.die(6).divide(Distribution.constant(2), "U").probabilities()
{1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}

Operations that would take unbounded time raise `DiceLimitError`:

>>> Distribution.die(1000).sum_of(10_000)
Traceback (most recent call last):
...
senjo.dice.errors.DiceLimitError: the outcomes would span 9,990,001 values; at most 1,000,000 ...
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from senjo.dice.arith import ROUNDINGS, divide
from senjo.dice.errors import DiceError, DiceLimitError

__all__ = ["COMPARISONS", "MAX_SUPPORT", "MAX_WORK", "Distribution", "mix"]

#: The widest range of outcomes (max - min + 1) a distribution may span.
MAX_SUPPORT = 1_000_000

#: The most outcome pairs (product, division), dice states (keep) or
#: outcomes (map) one operation may enumerate.
MAX_WORK = 10_000_000

#: The largest integer, in bits, a sum of two distributions may multiply
#: (weights are packed into one integer per operand and multiplied in C).
MAX_CONVOLUTION_BITS = 16_000_000

#: Comparison operators accepted by `Distribution.probability_of`.
COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "=": lambda a, b: a == b,
    "<>": lambda a, b: a != b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    ">": lambda a, b: a > b,
    "<=": lambda a, b: a <= b,
    ">=": lambda a, b: a >= b,
}


def _check_width(width: int) -> None:
    if width > MAX_SUPPORT:
        raise DiceLimitError(
            f"the outcomes would span {width:,} values; at most {MAX_SUPPORT:,} are allowed"
        )


def _check_work(work: int, what: str) -> None:
    if work > MAX_WORK:
        raise DiceLimitError(
            f"{what} would enumerate {work:,} combinations; at most {MAX_WORK:,} are allowed"
        )


def _convolve(left: tuple[int, ...], right: tuple[int, ...]) -> tuple[int, ...]:
    """Multiply two weight polynomials by packing each into one big integer."""
    if len(left) == 1:
        return tuple(left[0] * w for w in right)
    if len(right) == 1:
        return tuple(right[0] * w for w in left)
    if len(left) < len(right):
        left, right = right, left
    if right.count(right[0]) == len(right):
        return _convolve_uniform(left, right[0], len(right))
    bound = max(left) * max(right) * min(len(left), len(right))
    size = (bound.bit_length() + 7) // 8
    count = len(left) + len(right) - 1
    if count * size * 8 > MAX_CONVOLUTION_BITS:
        raise DiceLimitError(
            f"adding these distributions needs {count * size * 8:,}-bit arithmetic; "
            f"at most {MAX_CONVOLUTION_BITS:,} bits are allowed"
        )
    packed_left = int.from_bytes(b"".join(w.to_bytes(size, "little") for w in left), "little")
    if left is right:
        product = packed_left * packed_left
    else:
        packed_right = int.from_bytes(b"".join(w.to_bytes(size, "little") for w in right), "little")
        product = packed_left * packed_right
    raw = product.to_bytes(count * size, "little")
    return tuple(int.from_bytes(raw[i : i + size], "little") for i in range(0, count * size, size))


def _convolve_uniform(weights: tuple[int, ...], weight: int, width: int) -> tuple[int, ...]:
    """Convolve with `width` equal weights: a sliding window sum, linear time."""
    result: list[int] = []
    window = 0
    size = len(weights)
    for i in range(size + width - 1):
        if i < size:
            window += weights[i]
        if i >= width:
            window -= weights[i - width]
        result.append(window * weight)
    return tuple(result)


class Distribution:
    """An exact distribution of integer outcomes (immutable).

    Build one from integer weights, or with the constructors and operators:

    >>> Distribution({1: 1, 2: 3})
    Distribution({1: 1, 2: 3})
    >>> Distribution({1: 2, 2: 6}) == Distribution({1: 1, 2: 3})
    True
    >>> (Distribution.die(4) + 1).support
    (2, 3, 4, 5)
    """

    __slots__ = ("_offset", "_total", "_weights")

    _offset: int
    _weights: tuple[int, ...]
    _total: int

    def __init__(self, weights: Mapping[int, int]) -> None:
        if not weights:
            raise DiceError("a distribution needs at least one outcome")
        for value, weight in weights.items():
            if not isinstance(value, int) or not isinstance(weight, int):
                raise DiceError(f"outcomes and weights must be integers, not {value!r}: {weight!r}")
            if weight < 0:
                raise DiceError(f"outcome {value} has a negative weight {weight}")
        low, high = min(weights), max(weights)
        _check_width(high - low + 1)
        dense = [0] * (high - low + 1)
        for value, weight in weights.items():
            dense[value - low] = weight
        self._set(low, dense)

    @classmethod
    def _build(cls, offset: int, weights: list[int] | tuple[int, ...]) -> Distribution:
        result = object.__new__(cls)
        result._set(offset, weights)
        return result

    @classmethod
    def _from_items(cls, items: Mapping[int, int]) -> Distribution:
        low, high = min(items), max(items)
        _check_width(high - low + 1)
        dense = [0] * (high - low + 1)
        for value, weight in items.items():
            dense[value - low] += weight
        return cls._build(low, dense)

    def _set(self, offset: int, weights: list[int] | tuple[int, ...]) -> None:
        start = 0
        end = len(weights)
        while start < end and weights[start] == 0:
            start += 1
        while end > start and weights[end - 1] == 0:
            end -= 1
        if start == end:
            raise DiceError("a distribution needs an outcome with a positive weight")
        trimmed = tuple(weights[start:end])
        divisor = math.gcd(*trimmed)
        if divisor > 1:
            trimmed = tuple(w // divisor for w in trimmed)
        object.__setattr__(self, "_offset", offset + start)
        object.__setattr__(self, "_weights", trimmed)
        object.__setattr__(self, "_total", sum(trimmed))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Distribution is immutable")

    # -- constructors ---------------------------------------------------

    @classmethod
    def constant(cls, value: int) -> Distribution:
        """The outcome `value` with certainty."""
        return cls._build(value, (1,))

    @classmethod
    def die(cls, sides: int) -> Distribution:
        """One fair die with faces 1 to `sides`.

        >>> Distribution.die(0)
        Traceback (most recent call last):
        ...
        senjo.dice.errors.DiceError: a die needs at least 1 side, not 0
        """
        if sides < 1:
            raise DiceError(f"a die needs at least 1 side, not {sides}")
        _check_width(sides)
        return cls._build(1, (1,) * sides)

    @classmethod
    def keep(cls, count: int, sides: int, keep: int, highest: bool = True) -> Distribution:
        """The sum of the `keep` highest (or lowest) of `count` dice with `sides` faces.

        Dropping k dice is keeping `count - k` of the other end.

        >>> Distribution.keep(2, 20, 1).probability(20)  # advantage
        Fraction(39, 400)
        >>> Distribution.keep(2, 20, 1, highest=False).probability(20)
        Fraction(1, 400)
        """
        if count < 0 or keep < 0:
            raise DiceError(f"cannot keep {keep} of {count} dice")
        if sides < 1:
            raise DiceError(f"a die needs at least 1 side, not {sides}")
        keep = min(keep, count)
        if keep == 0:
            return cls.constant(0)
        if keep == count:
            return cls.die(sides).sum_of(count)
        _check_width(keep * (sides - 1) + 1)
        _check_work(
            sides * keep * (keep * sides + 1) * (count + 1), f"keeping {keep} of {count}d{sides}"
        )
        best = cls._build(0, _keep_highest_weights(count, sides, keep))
        if highest:
            return best
        # A die's face f and sides+1-f are equally likely: mirror the kept sum.
        return keep * (sides + 1) - best

    # -- combining ------------------------------------------------------

    def sum_of(self, count: int) -> Distribution:
        """The sum of `count` independent copies (by repeated squaring).

        >>> Distribution.die(6).sum_of(2).probabilities()[7]
        Fraction(1, 6)
        """
        if count < 0:
            raise DiceError(f"cannot add a negative number ({count}) of copies")
        if count == 0:
            return Distribution.constant(0)
        width = count * (len(self._weights) - 1) + 1
        _check_width(width)
        # The last step multiplies integers of about width * log2(total ** count) bits.
        if count > 1 and width * count * math.log2(self._total) > MAX_CONVOLUTION_BITS:
            raise DiceLimitError(
                f"the sum of {count:,} copies needs more than {MAX_CONVOLUTION_BITS:,}-bit "
                "arithmetic; use fewer copies or outcomes"
            )
        result: Distribution | None = None
        base = self
        while True:
            if count & 1:
                result = base if result is None else result + base
            count >>= 1
            if not count:
                break
            base = base + base
        assert result is not None
        return result

    def __add__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            return Distribution._build(self._offset + other, self._weights)
        _check_width(len(self._weights) + len(other._weights) - 1)
        return Distribution._build(
            self._offset + other._offset, _convolve(self._weights, other._weights)
        )

    def __radd__(self, other: int) -> Distribution:
        return self + other

    def __neg__(self) -> Distribution:
        return Distribution._build(-self.max, self._weights[::-1])

    def __sub__(self, other: Distribution | int) -> Distribution:
        return self + (-other)

    def __rsub__(self, other: int) -> Distribution:
        return (-self) + other

    def __mul__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            factor = other
            return self.map(lambda value: value * factor)
        return self._pairwise(other, lambda a, b: a * b, "multiplying")

    def __rmul__(self, other: int) -> Distribution:
        return self * other

    def divide(self, divisor: Distribution | int, rounding: str = "") -> Distribution:
        """Divide by an independent divisor as BCDice does (see `senjo.dice.arith.divide`).

        `rounding` is "" or "F" (down), "U" or "C" (up), or "R" (to nearest).
        """
        mode = ROUNDINGS.get(rounding.upper())
        if mode is None:
            raise DiceError(f"unknown rounding {rounding!r}; use one of '', F, U, C, R")
        if isinstance(divisor, int):
            divisor = Distribution.constant(divisor)
        return self._pairwise(divisor, lambda a, b: divide(a, b, mode), "dividing")

    def _pairwise(
        self, other: Distribution, operation: Callable[[int, int], int], what: str
    ) -> Distribution:
        left = self._items()
        right = other._items()
        _check_work(len(left) * len(right), what + " these distributions")
        items: dict[int, int] = {}
        for a, weight_a in left:
            for b, weight_b in right:
                value = operation(a, b)
                items[value] = items.get(value, 0) + weight_a * weight_b
        return Distribution._from_items(items)

    def map(self, function: Callable[[int], int]) -> Distribution:
        """The distribution of `function(outcome)`.

        >>> Distribution.die(6).map(lambda v: min(v, 4)).probability(4)
        Fraction(1, 2)
        """
        items: dict[int, int] = {}
        for value, weight in self._items():
            result = function(value)
            items[result] = items.get(result, 0) + weight
        return Distribution._from_items(items)

    # -- reading --------------------------------------------------------

    def _items(self) -> list[tuple[int, int]]:
        offset = self._offset
        return [(offset + i, w) for i, w in enumerate(self._weights) if w]

    def probability(self, value: int) -> Fraction:
        """The probability of exactly `value`."""
        index = value - self._offset
        if 0 <= index < len(self._weights):
            return Fraction(self._weights[index], self._total)
        return Fraction(0)

    def probabilities(self) -> dict[int, Fraction]:
        """Every possible outcome and its probability, in increasing order."""
        total = self._total
        return {value: Fraction(weight, total) for value, weight in self._items()}

    def weights(self) -> dict[int, int]:
        """Every possible outcome and its integer weight (out of `total_weight`)."""
        return dict(self._items())

    @property
    def total_weight(self) -> int:
        """The sum of the weights: the common denominator of the probabilities."""
        return self._total

    def probability_of(self, op: str, target: int) -> Fraction:
        """The probability that the outcome compares to `target` with `op`.

        `op` is one of `=`, `<>` (or `!=`), `<`, `>`, `<=`, `>=`.

        >>> Distribution.die(6).probability_of(">=", 5)
        Fraction(1, 3)
        """
        compare = COMPARISONS.get(op)
        if compare is None:
            raise DiceError(f"unknown comparison {op!r}; use one of {', '.join(COMPARISONS)}")
        return self.probability_that(lambda value: compare(value, target))

    def probability_that(self, predicate: Callable[[int], bool]) -> Fraction:
        """The probability that `predicate(outcome)` holds."""
        hits = sum(weight for value, weight in self._items() if predicate(value))
        return Fraction(hits, self._total)

    @property
    def mean(self) -> Fraction:
        """The expected value."""
        return Fraction(sum(value * weight for value, weight in self._items()), self._total)

    @property
    def variance(self) -> Fraction:
        """The variance, E[(X - mean)^2]."""
        mean = self.mean
        return sum(
            (
                Fraction(weight, self._total) * (value - mean) ** 2
                for value, weight in self._items()
            ),
            Fraction(0),
        )

    @property
    def min(self) -> int:
        """The smallest possible outcome."""
        return self._offset

    @property
    def max(self) -> int:
        """The largest possible outcome."""
        return self._offset + len(self._weights) - 1

    @property
    def support(self) -> tuple[int, ...]:
        """Every possible outcome, in increasing order."""
        return tuple(value for value, _ in self._items())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self._offset == other._offset and self._weights == other._weights

    def __hash__(self) -> int:
        return hash((self._offset, self._weights))

    def __repr__(self) -> str:
        return f"Distribution({self.weights()!r})"


def _keep_highest_weights(count: int, sides: int, keep: int) -> list[int]:
    """Weights of the sum of the highest `keep` of `count` dice, indexed by sum.

    Faces are assigned from the highest down: while fewer than `keep` dice have
    a face, each new die is kept; once `keep` are placed, the other dice may
    show any lower face, which is counted in one step.
    """
    final = [0] * (keep * sides + 1)
    states: dict[tuple[int, int], int] = {(0, 0): 1}  # (dice placed < keep, kept sum)
    for face in range(sides, 0, -1):
        lower = face - 1
        following: dict[tuple[int, int], int] = {}
        for (placed, kept_sum), weight in states.items():
            remaining = count - placed
            for showing in range(remaining + 1):
                ways = weight * math.comb(remaining, showing)
                if placed + showing >= keep:
                    total = kept_sum + (keep - placed) * face
                    final[total] += ways * lower ** (remaining - showing)
                else:
                    key = (placed + showing, kept_sum + showing * face)
                    following[key] = following.get(key, 0) + ways
        states = following
    return final


def mix(parts: Sequence[tuple[Fraction, Distribution]]) -> Distribution:
    """The mixture: each distribution with the given chance (chances summing to 1, or
    any positive total, which is normalised). Parts with chance 0 are left out.

    >>> mix([(Fraction(1, 3), Distribution.constant(0)), (Fraction(2, 3), Distribution.die(2))])
    Distribution({0: 1, 1: 1, 2: 1})
    """
    kept = [(chance, dist) for chance, dist in parts if chance]
    if not kept:
        raise ValueError("a mixture needs a part with a positive chance")
    scale = math.lcm(*(chance.denominator for chance, _ in kept))
    common = math.lcm(*(dist.total_weight for _, dist in kept))
    items: dict[int, int] = {}
    for chance, dist in kept:
        factor = int(chance * scale) * (common // dist.total_weight)
        for value, weight in dist.weights().items():
            items[value] = items.get(value, 0) + weight * factor
    return Distribution(items)

"""Exact distributions: known values, brute-force agreement, sampling agreement and limits."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from senjo.dice.arith import divide
from senjo.dice.distribution import Distribution
from senjo.dice.errors import DiceError, DiceLimitError
from senjo.dice.roller import RandomDice, Roller

Oracle = dict[int, Fraction]

D6 = Distribution.die(6)
THREE_D6 = D6.sum_of(3)


def _combine(left: Oracle, right: Oracle, operation: Callable[[int, int], int]) -> Oracle:
    result: Oracle = {}
    for a, p in left.items():
        for b, q in right.items():
            value = operation(a, b)
            result[value] = result.get(value, Fraction(0)) + p * q
    return result


def _brute_keep(count: int, sides: int, keep: int, highest: bool) -> Oracle:
    counts: Counter[int] = Counter()
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        ordered = sorted(faces, reverse=highest)
        counts[sum(ordered[:keep])] += 1
    return {value: Fraction(n, sides**count) for value, n in sorted(counts.items())}


def test_three_d6_histogram() -> None:
    """3d6 has the classic weights 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, ... out of 216."""
    assert THREE_D6.total_weight == 216
    assert list(THREE_D6.weights().values()) == [
        1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1
    ]  # fmt: skip
    assert THREE_D6.support == tuple(range(3, 19))
    assert THREE_D6.probability_of("<=", 10) == Fraction(1, 2)


@pytest.mark.parametrize(
    ("op", "target", "expected"),
    [
        ("=", 10, Fraction(27, 216)),
        ("<>", 10, Fraction(189, 216)),
        ("!=", 3, Fraction(215, 216)),
        ("<", 5, Fraction(4, 216)),
        (">", 16, Fraction(4, 216)),
        ("<=", 2, Fraction(0)),
        (">=", 3, Fraction(1)),
        (">=", 11, Fraction(1, 2)),
    ],
)
def test_probability_of(op: str, target: int, expected: Fraction) -> None:
    """Each comparison operator gives the exact 3d6 probability."""
    assert THREE_D6.probability_of(op, target) == expected


def test_moments_and_bounds() -> None:
    """A d6 has mean 7/2 and variance 35/12; 3d6 spans 3 to 18 with mean 21/2."""
    assert (D6.mean, D6.variance) == (Fraction(7, 2), Fraction(35, 12))
    assert (THREE_D6.min, THREE_D6.max, THREE_D6.mean) == (3, 18, Fraction(21, 2))
    assert THREE_D6.variance == 3 * D6.variance
    assert D6.probability(0) == D6.probability(7) == 0


def test_sum_of_matches_repeated_addition() -> None:
    """Repeated squaring gives the same distribution as adding copies one at a time."""
    added = Distribution.constant(0)
    for count in range(8):
        assert D6.sum_of(count) == added
        added = added + D6
    uneven = Distribution({-2: 1, 0: 3, 5: 2})
    assert uneven.sum_of(5) == uneven + uneven + uneven + uneven + uneven


@pytest.mark.parametrize(
    ("distribution", "expected"),
    [
        (D6 + 3, {v: Fraction(1, 6) for v in range(4, 10)}),
        (3 + D6, {v: Fraction(1, 6) for v in range(4, 10)}),
        (10 - D6, {v: Fraction(1, 6) for v in range(4, 10)}),
        (-D6, {v: Fraction(1, 6) for v in range(-6, 0)}),
        (2 * D6, {v: Fraction(1, 6) for v in range(2, 13, 2)}),
        (D6 * 0, {0: Fraction(1)}),
        (D6 - D6, {v: Fraction(6 - abs(v), 36) for v in range(-5, 6)}),
        (D6.divide(3), {0: Fraction(2, 6), 1: Fraction(3, 6), 2: Fraction(1, 6)}),
        (D6.divide(3, "F"), {0: Fraction(2, 6), 1: Fraction(3, 6), 2: Fraction(1, 6)}),
        (D6.divide(3, "U"), {1: Fraction(1, 2), 2: Fraction(1, 2)}),
        (D6.divide(3, "c"), {1: Fraction(1, 2), 2: Fraction(1, 2)}),
        (D6.divide(3, "R"), {0: Fraction(1, 6), 1: Fraction(3, 6), 2: Fraction(2, 6)}),
        (D6.divide(0), {1: Fraction(1)}),  # BCDice: dividing by zero gives 1
        (D6.map(lambda v: v % 2), {0: Fraction(1, 2), 1: Fraction(1, 2)}),
        (Distribution.constant(-4), {-4: Fraction(1)}),
    ],
)
def test_operations(distribution: Distribution, expected: dict[int, Fraction]) -> None:
    """Shifts, negation, scaling, differences, BCDice division and map give exact results."""
    assert distribution.probabilities() == expected


@pytest.mark.parametrize(
    ("count", "sides", "keep", "highest"),
    [
        (4, 6, 3, True),
        (4, 6, 1, False),
        (3, 8, 2, False),
        (2, 20, 1, True),
        (5, 4, 2, True),
        (5, 4, 3, False),
        (3, 1, 2, True),
        (3, 6, 3, True),
        (2, 6, 5, False),
        (3, 6, 0, True),
        (0, 6, 2, True),
    ],
)
def test_keep_matches_enumeration(count: int, sides: int, keep: int, highest: bool) -> None:
    """Keep-highest and keep-lowest equal a count over every ordered roll of the dice."""
    kept = Distribution.keep(count, sides, keep, highest)
    assert kept.probabilities() == _brute_keep(count, sides, keep, highest)


def test_product_matches_enumeration() -> None:
    """The product of independent dice equals a count over all pairs."""
    d4 = Distribution.die(4)
    expected = _combine(D6.probabilities(), d4.probabilities(), lambda a, b: a * b)
    assert (D6 * d4).probabilities() == dict(sorted(expected.items()))


def test_values_are_immutable_and_comparable() -> None:
    """Distributions cannot be changed, compare by probabilities, hash and repr as code."""
    with pytest.raises(AttributeError):
        D6._offset = 5
    doubled = Distribution({1: 2, 2: 2})
    assert doubled == Distribution.die(2)
    assert hash(doubled) == hash(Distribution.die(2))
    assert doubled != Distribution.die(3)
    assert eval(repr(THREE_D6), {"Distribution": Distribution}) == THREE_D6
    assert Distribution({1: 0, 2: 1, 3: 0}).support == (2,)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Distribution({}), "at least one outcome"),
        (lambda: Distribution({1: -1, 2: 2}), "negative weight"),
        (lambda: Distribution({1: 0}), "positive weight"),
        (lambda: Distribution({1: 0.5}), "integers"),  # type: ignore[dict-item]
        (lambda: Distribution.die(0), "at least 1 side"),
        (lambda: Distribution.keep(3, 0, 1), "at least 1 side"),
        (lambda: Distribution.keep(-1, 6, 1), "cannot keep"),
        (lambda: D6.sum_of(-1), "negative number"),
        (lambda: D6.probability_of("=<", 3), "unknown comparison"),
        (lambda: D6.divide(2, "X"), "unknown rounding"),
    ],
)
def test_bad_arguments(build: Callable[[], object], message: str) -> None:
    """Invalid arguments raise DiceError with a message naming the problem."""
    with pytest.raises(DiceError, match=message):
        build()


@pytest.mark.parametrize(
    "build",
    [
        lambda: Distribution.die(1_000_001),
        lambda: Distribution({0: 1, 2_000_000: 1}),
        lambda: Distribution.die(1000).sum_of(2000),
        lambda: Distribution.die(1000).sum_of(100),
        lambda: Distribution.die(10_000) * Distribution.die(10_000),
        lambda: Distribution.die(5000).divide(Distribution.die(5000)),
        lambda: Distribution.keep(100, 100, 50),
        lambda: D6 * 1_000_000,
        lambda: Distribution.die(10).map(lambda v: v * 10**6),
    ],
)
def test_limits(build: Callable[[], object]) -> None:
    """Operations beyond the stated bounds raise DiceLimitError instead of running on."""
    with pytest.raises(DiceLimitError):
        build()


# -- property test: random expressions against a brute-force oracle ---------

Pair = tuple[Distribution, Oracle]


def _leaf() -> st.SearchStrategy[Pair]:
    dice = st.integers(1, 6).map(
        lambda s: (Distribution.die(s), {v: Fraction(1, s) for v in range(1, s + 1)})
    )
    constants = st.integers(-3, 3).map(lambda k: (Distribution.constant(k), {k: Fraction(1)}))
    kept = st.tuples(st.integers(0, 3), st.integers(1, 4), st.integers(0, 3), st.booleans()).map(
        lambda a: (Distribution.keep(*a), _brute_keep(*a))
    )
    return st.one_of(dice, constants, kept)


def _extend(children: st.SearchStrategy[Pair]) -> st.SearchStrategy[Pair]:
    def binary(a: Pair, b: Pair, name: str) -> Pair:
        if name == "+":
            return a[0] + b[0], _combine(a[1], b[1], lambda x, y: x + y)
        if name == "-":
            return a[0] - b[0], _combine(a[1], b[1], lambda x, y: x - y)
        if name == "*":
            return a[0] * b[0], _combine(a[1], b[1], lambda x, y: x * y)
        return a[0].divide(b[0], name), _combine(a[1], b[1], lambda x, y: divide(x, y, name))

    def unary(a: Pair, name: str) -> Pair:
        if name == "neg":
            return -a[0], {-v: p for v, p in a[1].items()}
        if name == "twice":
            return a[0].sum_of(2), _combine(a[1], a[1], lambda x, y: x + y)
        halved: Oracle = {}
        for v, p in a[1].items():
            halved[v // 2] = halved.get(v // 2, Fraction(0)) + p
        return a[0].map(lambda v: v // 2), halved

    return st.one_of(
        st.builds(binary, children, children, st.sampled_from(["+", "-", "*", "", "U", "R"])),
        st.builds(unary, children, st.sampled_from(["neg", "twice", "half"])),
    )


@settings(max_examples=150, deadline=None)
@given(st.recursive(_leaf(), _extend, max_leaves=5))
def test_random_expressions_match_oracle(pair: Pair) -> None:
    """Any small expression built with the API sums to 1 and equals brute-force enumeration."""
    distribution, oracle = pair
    probabilities = distribution.probabilities()
    assert sum(probabilities.values()) == 1
    assert probabilities == {v: p for v, p in sorted(oracle.items()) if p}
    assert (distribution.min, distribution.max) == (min(probabilities), max(probabilities))


# -- sampling agreement ----------------------------------------------------

SAMPLES = 20_000


def _keep(dice: Roller, count: int, sides: int, keep: int, highest: bool) -> int:
    faces = sorted((dice.roll(sides) for _ in range(count)), reverse=highest)
    return sum(faces[:keep])


SAMPLED: list[tuple[str, Distribution, Callable[[Roller], int]]] = [
    ("3d6", THREE_D6, lambda d: d.roll(6) + d.roll(6) + d.roll(6)),
    ("4d6 keep 3", Distribution.keep(4, 6, 3), lambda d: _keep(d, 4, 6, 3, True)),
    ("3d8 keep low 2", Distribution.keep(3, 8, 2, False), lambda d: _keep(d, 3, 8, 2, False)),
    ("2d6-1d4", D6.sum_of(2) - Distribution.die(4), lambda d: d.roll(6) + d.roll(6) - d.roll(4)),
    ("1d6*1d4", D6 * Distribution.die(4), lambda d: d.roll(6) * d.roll(4)),
    (
        "2d10/1d3U",
        Distribution.die(10).sum_of(2).divide(Distribution.die(3), "U"),
        lambda d: divide(d.roll(10) + d.roll(10), d.roll(3), "U"),
    ),
]


@pytest.mark.parametrize(("name", "distribution", "sample"), SAMPLED, ids=[s[0] for s in SAMPLED])
def test_agrees_with_sampling(
    name: str, distribution: Distribution, sample: Callable[[Roller], int]
) -> None:
    """20,000 RandomDice(seed=1) rolls: every frequency is within 5 standard errors of exact."""
    dice = RandomDice(seed=1)
    counts = Counter(sample(dice) for _ in range(SAMPLES))
    exact = distribution.probabilities()
    assert set(counts) <= set(exact)
    for value, probability in exact.items():
        error = math.sqrt(float(probability * (1 - probability)) / SAMPLES)
        assert abs(counts[value] / SAMPLES - float(probability)) <= 5 * error, (name, value)

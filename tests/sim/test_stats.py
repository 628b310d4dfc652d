"""The pure statistics of simulation reports, against hand-computed and exact values."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from senjo.sim.stats import (
    Z95,
    count_mean,
    in_bins,
    integer_histogram,
    nice_widths,
    quantile,
    wilson_interval,
)


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Worked out from the other closed form, (2np + z² ± z√(z² + 4np(1-p))) / 2(n + z²).
        (8, 10, 0.49016, 0.94332),
        (50, 100, 0.40383, 0.59617),
        (0, 10, 0.0, 0.27753),
        (10, 10, 0.72247, 1.0),
        (1, 1, 0.20655, 1.0),
        (843, 1000, 0.81914, 0.86423),
    ],
)
def test_wilson_interval_hand_values(successes: int, trials: int, low: float, high: float) -> None:
    """The Wilson interval matches values worked out by hand to 5 decimals."""
    got = wilson_interval(successes, trials)
    assert got[0] == pytest.approx(low, abs=5e-6)
    assert got[1] == pytest.approx(high, abs=5e-6)


def test_wilson_interval_is_symmetric() -> None:
    """k of n successes and n-k failures give mirrored intervals."""
    low, high = wilson_interval(3, 17)
    other_low, other_high = wilson_interval(14, 17)
    assert low == pytest.approx(1 - other_high) and high == pytest.approx(1 - other_low)


def test_wilson_interval_rejects_impossible_counts() -> None:
    """More successes than trials, or negative counts, are errors."""
    with pytest.raises(ValueError, match="successes"):
        wilson_interval(5, 4)
    with pytest.raises(ValueError, match="successes"):
        wilson_interval(-1, 4)


@pytest.mark.parametrize(("n", "p"), [(50, 0.3), (200, 0.5), (1000, 0.84)])
def test_wilson_coverage_is_near_95_percent_exactly(n: int, p: float) -> None:
    """The exact binomial coverage of the 95% interval is 95% within 1.5 points."""
    coverage = 0.0
    for k in range(n + 1):
        low, high = wilson_interval(k, n)
        if low <= p <= high:
            coverage += math.comb(n, k) * p**k * (1 - p) ** (n - k)
    assert coverage == pytest.approx(0.95, abs=0.015)


def test_wilson_covers_seeded_bernoulli_estimates() -> None:
    """Seed 2026: of 400 samples of 500 Bernoulli(0.3) trials, 95% ± 3 points are covered."""
    rng = random.Random(2026)
    covered = 0
    for _ in range(400):
        wins = sum(rng.random() < 0.3 for _ in range(500))
        low, high = wilson_interval(wins, 500)
        covered += low <= 0.3 <= high
    assert covered / 400 == pytest.approx(0.95, abs=0.03)


def test_z95_is_the_normal_quantile() -> None:
    """Z95 is the 97.5th percentile of the standard normal distribution."""
    assert 0.5 * math.erfc(-Z95 / math.sqrt(2)) == pytest.approx(0.975, abs=1e-12)


@pytest.mark.parametrize(
    ("data", "q", "expected"),
    [
        ([1, 2, 3, 4], 0.5, 2.5),
        ([1, 2, 3, 4], 0.25, 1.75),
        ([5], 0.9, 5.0),
        ([2, 4, 4, 10], 0.75, 5.5),
        ([1, 1, 1, 9], 0.9, 6.6),
        ([3, 1, 2], 0.0, 1.0),
        ([3, 1, 2], 1.0, 3.0),
    ],
)
def test_quantile_hand_values(data: list[int], q: float, expected: float) -> None:
    """Quantiles from counts match the type-7 definition worked out by hand."""
    assert quantile(Counter(data), q) == pytest.approx(expected, abs=1e-12)


@given(st.lists(st.integers(-50, 200), min_size=1, max_size=60), st.floats(0.0, 1.0))
def test_quantile_matches_the_sorted_list(data: list[int], q: float) -> None:
    """Counting values first gives the same quantile as interpolating in the sorted list."""
    ordered = sorted(data)
    h = (len(ordered) - 1) * q
    below = math.floor(h)
    above = min(below + 1, len(ordered) - 1)
    expected = ordered[below] + (h - below) * (ordered[above] - ordered[below])
    assert quantile(Counter(data), q) == pytest.approx(expected, abs=1e-9)


def test_quantile_of_nothing_and_bad_q() -> None:
    """No observations give 0.0; q outside [0, 1] is an error."""
    assert quantile({}, 0.5) == 0.0
    with pytest.raises(ValueError, match="between 0 and 1"):
        quantile({1: 1}, 1.5)


def test_count_mean_by_hand() -> None:
    """The mean of 2, 2, 5 counted as {2: 2, 5: 1} is 3."""
    assert count_mean({2: 2, 5: 1}) == 3.0
    assert count_mean({}) == 0.0


def test_nice_widths_sequence() -> None:
    """Bin widths go 1, 2, 5, 10, 20, 50, 100."""
    widths = nice_widths()
    assert [next(widths) for _ in range(7)] == [1, 2, 5, 10, 20, 50, 100]


@pytest.mark.parametrize(
    ("data", "max_bins", "origin", "expected"),
    [
        ({5: 2}, 20, 1, [(5, 5, 2)]),
        ({1: 1, 20: 1}, 20, 1, [(v, v, 1 if v in (1, 20) else 0) for v in range(1, 21)]),
        ({1: 1, 21: 1}, 20, 1, [(1, 2, 1), *[(k, k + 1, 0) for k in range(3, 21, 2)], (21, 22, 1)]),
        (
            {3: 4, 100: 1},
            20,
            1,
            [(1, 5, 4), *[(k, k + 4, 0) for k in range(6, 96, 5)], (96, 100, 1)],
        ),
        ({0: 7, 13: 2}, 3, 0, [(0, 4, 7), (5, 9, 0), (10, 14, 2)]),
        ({-3: 1, 4: 1}, 2, 0, [(-5, -1, 1), (0, 4, 1)]),
    ],
)
def test_integer_histogram_hand_values(
    data: dict[int, int], max_bins: int, origin: int, expected: list[tuple[int, int, int]]
) -> None:
    """Bins have the smallest nice width that fits, aligned on the origin, tiling the range."""
    assert integer_histogram(data, max_bins, origin) == expected


@given(
    st.dictionaries(st.integers(-100, 400), st.integers(1, 50), min_size=1, max_size=40),
    st.integers(2, 30),
    st.integers(0, 1),
)
def test_integer_histogram_tiles_and_keeps_every_observation(
    data: dict[int, int], max_bins: int, origin: int
) -> None:
    """Bins are contiguous, equal, at most max_bins, and hold every observation once."""
    bins = integer_histogram(data, max_bins, origin)
    assert 1 <= len(bins) <= max_bins
    widths = {last - first + 1 for first, last, _ in bins}
    assert len(widths) == 1
    for (_, last, _), (first, _, _) in pairwise(bins):
        assert first == last + 1
    assert bins[0][0] <= min(data) and bins[-1][1] >= max(data)
    assert sum(count for _, _, count in bins) == sum(data.values())


def test_integer_histogram_needs_two_bins() -> None:
    """One bin is refused: values either side of a bin edge could never share it."""
    with pytest.raises(ValueError, match="2 or more"):
        integer_histogram({-1: 1, 1: 1}, max_bins=1)


def test_in_bins_counts_both_ends() -> None:
    """A value on a bin's first or last number counts in that bin."""
    assert in_bins({0: 1, 4: 2, 5: 3, 9: 4, 10: 5}, [(0, 4), (5, 9)]) == [3, 7]

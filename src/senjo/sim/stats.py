"""Small pure statistics for simulation reports: intervals, quantiles, histograms.

Simulations keep whole-number observations (rounds, damage, HP) as counts
per value, so memory does not grow with the number of battles; every function
here works on such counts (`{value: how many times}`) and gives the same
answer as it would on the full list of observations.

>>> lo, hi = wilson_interval(8, 10)
>>> round(lo, 4), round(hi, 4)
(0.4902, 0.9433)
>>> quantile({1: 1, 2: 1, 3: 1, 4: 1}, 0.5)
2.5
>>> integer_histogram({1: 2, 2: 1, 7: 4}, max_bins=3, origin=1)
[(1, 5, 3), (6, 10, 4)]
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence

__all__ = [
    "Z95",
    "count_mean",
    "count_total",
    "in_bins",
    "integer_histogram",
    "nice_widths",
    "quantile",
    "wilson_interval",
]

#: The two-sided 95% point of the standard normal distribution.
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at
    0 and `trials` successes. With no trials it is the whole of [0, 1].

    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> lo, hi = wilson_interval(0, 10)
    >>> lo, round(hi, 4)
    (0.0, 0.2775)
    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, not {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    scale = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / scale
    half = z / scale * math.sqrt(p * (1.0 - p) / trials + z2 / (4 * trials * trials))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def count_total(counts: Mapping[int, int]) -> int:
    """How many observations the counts hold.

    >>> count_total({3: 2, 5: 1})
    3
    """
    return sum(counts.values())


def count_mean(counts: Mapping[int, int]) -> float:
    """The mean of the observations (0.0 when there are none).

    >>> count_mean({3: 2, 6: 1})
    4.0
    """
    total = count_total(counts)
    if total == 0:
        return 0.0
    return sum(value * times for value, times in counts.items()) / total


def quantile(counts: Mapping[int, int], q: float) -> float:
    """The q-quantile (0 <= q <= 1) by linear interpolation between order statistics.

    The same definition as NumPy's default ("linear", Hyndman and Fan type 7):
    with the sorted observations x[0..n-1], position h = (n - 1) q, the
    answer is x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]).
    0.0 when there are no observations.

    >>> data = {2: 1, 4: 2, 10: 1}        # 2, 4, 4, 10
    >>> quantile(data, 0.0), quantile(data, 0.5), quantile(data, 0.75), quantile(data, 1.0)
    (2.0, 4.0, 5.5, 10.0)
    >>> quantile({7: 5}, 0.9)
    7.0
    """
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"a quantile is between 0 and 1, not {q}")
    total = count_total(counts)
    if total == 0:
        return 0.0
    position = (total - 1) * q
    below = math.floor(position)
    fraction = position - below
    low = _order_statistic(counts, below)
    if fraction == 0.0:
        return float(low)
    high = _order_statistic(counts, below + 1)
    return low + fraction * (high - low)


def _order_statistic(counts: Mapping[int, int], index: int) -> int:
    """The observation at `index` (0-based) in sorted order."""
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if index < seen:
            return value
    raise IndexError(index)


def nice_widths() -> Iterator[int]:
    """Bin widths 1, 2, 5, 10, 20, 50, 100 … in increasing order.

    >>> from itertools import islice
    >>> list(islice(nice_widths(), 8))
    [1, 2, 5, 10, 20, 50, 100, 200]
    """
    width = 1
    while True:
        for factor in (1, 2, 5):
            yield width * factor
        width *= 10


def integer_histogram(
    counts: Mapping[int, int], max_bins: int = 20, origin: int = 0
) -> list[tuple[int, int, int]]:
    """Whole-number observations in at most `max_bins` equal bins: `(first, last, count)`.

    Bins have the smallest "nice" width (1, 2, 5, 10 …) that needs at most
    `max_bins` (2 or more) bins, and start at `origin` plus a multiple of the width (so
    rounds, with origin 1, bin as 1-5, 6-10 …, and damage, with origin 0, as
    0-4, 5-9 …). Empty bins inside the range are kept, so the bins tile it.

    >>> integer_histogram({3: 1, 4: 2, 6: 1})
    [(3, 3, 1), (4, 4, 2), (5, 5, 0), (6, 6, 1)]
    >>> integer_histogram({0: 1, 12: 1, 25: 1}, max_bins=3)
    [(0, 9, 1), (10, 19, 1), (20, 29, 1)]
    >>> integer_histogram({1: 1, 12: 1, 25: 1}, max_bins=3, origin=1)
    [(1, 10, 1), (11, 20, 1), (21, 30, 1)]
    >>> integer_histogram({})
    []
    """
    if max_bins < 2:
        # One aligned bin cannot always hold values on both sides of a bin edge.
        raise ValueError("max_bins must be 2 or more")
    present = sorted(value for value, times in counts.items() if times)
    if not present:
        return []
    low, high = present[0], present[-1]
    for width in nice_widths():
        start = origin + (low - origin) // width * width
        if (high - start) // width + 1 <= max_bins:
            break
    edges = [(first, first + width - 1) for first in range(start, high + 1, width)]
    return [
        (first, last, n) for (first, last), n in zip(edges, in_bins(counts, edges), strict=True)
    ]


def in_bins(counts: Mapping[int, int], bins: Sequence[tuple[int, int]]) -> list[int]:
    """How many observations fall in each (first, last) bin (both ends included).

    >>> in_bins({0: 3, 4: 1, 5: 2, 30: 1}, [(0, 4), (5, 9)])
    [4, 2]
    """
    return [sum(t for v, t in counts.items() if first <= v <= last) for first, last in bins]

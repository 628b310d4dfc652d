"""Per-battle seeds: battle i of a simulation with seed S uses `derive_seed(S, i)`.

Each battle's seed depends only on (S, i), never on which worker plays it or
in which order, so the same S and N give the same numbers with any number of
workers. A battle can be replayed alone with `senjo run SCENARIO --seed
derive_seed(S, i)`.

>>> derive_seed(7, 0) == derive_seed(7, 0), derive_seed(7, 0) == derive_seed(7, 1)
(True, False)
>>> derive_seed(0, 0)
8147104208329303767
>>> 0 <= derive_seed(2**70 + 3, 12) < 2**63
True
"""

from __future__ import annotations

__all__ = ["derive_seed"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64's output function (Steele, Lea and Flood 2014): a 64-bit bijection."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, index: int) -> int:
    """The seed of battle `index` (0, 1, 2 …) in a run with seed `seed`: 0 <= result < 2**63."""
    if index < 0:
        raise ValueError(f"a battle index is 0 or more, not {index}")
    base = _mix((seed ^ (seed >> 64)) & _MASK)
    return _mix((base + (index + 1) * _GOLDEN) & _MASK) >> 1

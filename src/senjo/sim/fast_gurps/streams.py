"""Each fast-path battle's own stream of d6: drawn only as the battle rolls them.

Battle j of a block starts from a 64-bit state worked out from one draw of the
block's generator and j (`row_seeds`); each die advances the state by a fixed
odd step and mixes it (SplitMix64), and the upper 32 bits give the face by
multiply-and-shift. Words whose low half falls under 2**32 mod 6 are drawn
again (Lemire's method), so every face has exactly the same odds.

The NumPy model draws with `draw` (many battles at once), the compiled duel
(`kernel/`) with the same arithmetic one die at a time, so both read the
same faces; `row` gives a battle's first dice again, for the engine that
replays it.

>>> states = row_seeds([np.random.Generator(np.random.PCG64(1))], 3)
>>> faces = draw(states.copy(), np.arange(3), 4)
>>> faces.shape, bool(((faces >= 1) & (faces <= 6)).all())
((3, 4), True)
>>> [int(v) for v in row(states[1], 4)] == [int(v) for v in faces[1]]
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["GAMMA", "LOW", "M1", "M2", "REJECT", "draw", "first_dice", "mix", "row", "row_seeds"]

U64 = npt.NDArray[np.uint64]
IntArray = npt.NDArray[np.int64]

#: SplitMix64's step and multipliers.
GAMMA = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
#: The low 32 bits of a product, and the values of them that are drawn again (2**32 mod 6).
LOW = np.uint64(0xFFFFFFFF)
REJECT = np.uint64((1 << 32) % 6)


def mix(z: U64) -> U64:
    """SplitMix64's output function, on an array of states (wrapping at 2**64)."""
    z = (z ^ (z >> np.uint64(30))) * M1
    z = (z ^ (z >> np.uint64(27))) * M2
    result: U64 = z ^ (z >> np.uint64(31))
    return result


def row_seeds(rngs: Sequence[np.random.Generator], size: int) -> U64:
    """The starting states of blocks of `size` battles: block k's from one draw of rngs[k]."""
    steps = (np.arange(1, size + 1, dtype=np.uint64) * GAMMA).astype(np.uint64)
    parts = [mix(np.uint64(rng.bit_generator.random_raw()) + steps) for rng in rngs]
    return np.concatenate(parts).astype(np.uint64)


def draw(states: U64, idx: IntArray, count: int) -> IntArray:
    """The next `count` d6 of each battle in `idx` (shape (len, count)); advances `states`."""
    faces = np.zeros((idx.size, count), dtype=np.int64)
    for k in range(count):
        pending = np.arange(idx.size)
        while pending.size:
            where = idx[pending]
            state = states[where] + GAMMA
            states[where] = state
            product = (mix(state) >> np.uint64(32)) * np.uint64(6)
            kept = (product & LOW) >= REJECT
            faces[pending[kept], k] = (product[kept] >> np.uint64(32)).astype(np.int64) + 1
            pending = pending[~kept]
    return faces


_MASK = (1 << 64) - 1


def row(seed: np.uint64, count: int) -> npt.NDArray[np.uint8]:
    """The first `count` dice of the battle whose stream starts at `seed`: `draw`'s
    arithmetic on Python integers, one battle's dice (an escaped battle's, for the engine
    that replays it) some ten times faster than `draw` on arrays of one."""
    gamma, m1, m2, low, reject = int(GAMMA), int(M1), int(M2), int(LOW), int(REJECT)
    state = int(seed)
    faces = bytearray(count)
    k = 0
    while k < count:
        state = (state + gamma) & _MASK
        z = ((state ^ (state >> 30)) * m1) & _MASK
        z = ((z ^ (z >> 27)) * m2) & _MASK
        product = ((z ^ (z >> 31)) >> 32) * 6
        if product & low >= reject:
            faces[k] = (product >> 32) + 1
            k += 1
    return np.frombuffer(bytes(faces), dtype=np.uint8).copy()


def first_dice(seeds: U64, count: int) -> IntArray:
    """The first `count` dice of every battle (shape (len(seeds), count))."""
    return draw(seeds.copy(), np.arange(seeds.size), count)

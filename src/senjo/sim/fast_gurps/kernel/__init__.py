"""The GURPS fast path's duel compiled with Numba: one battle at a time, in machine code.

The same model as the NumPy turn loop (`batch.py`, `exchange.py`,
`state.py`), step for step and die for die, written for one battle at a time
over the packed tables (`packed.py`) instead of over arrays of battles: so it
gives every battle exactly the result the NumPy model gives it (a test holds
them equal), many times faster. Each function mirrors the method of the
same name there; read those for the rules and the engine functions they
follow.

A battle's state is a small integer array `s[field, fighter]` (fields `S_*`),
its parry counts `par[fighter, slot]`, the fighters' places `x[fighter]`, and
a context `c`: how many dice it has rolled, its status (playing, escaped)
and its index; its dice come from its stream (`streams.py`), whose state is
`st[0]`. Only the functions `play` calls are compiled, on first use, and
kept in Numba's cache.

The modules: `rolls.py` (the options, the state layout, reading the packed
tables, the dice, the small helpers; the NumPy model's `state.py`),
`harm.py` (critical misses, damage, injury), `exchange.py` (defenses, the
strike and the attack) and `turn.py` (the maneuver, the turn, `play`).
Every step is inlined into `play`. Numba checks a cached function against
its own file only, so `compiled.py` keys the folder of Numba's cache on
every file the kernel compiles in (`compiled.KERNEL_SOURCES`).
"""

from __future__ import annotations

from senjo.sim.fast_gurps.kernel.rolls import S_FIELDS
from senjo.sim.fast_gurps.kernel.turn import play

__all__ = ["S_FIELDS", "play"]

"""The GURPS fast path's duel compiled with Numba: one battle at a time, in machine code.

The same model as the NumPy turn loop (`batch.py`, `exchange.py`,
`state.py`), step for step and die for die, written for one battle at a time
over the packed tables (`packed.py`) instead of over arrays of battles: so it
gives every battle exactly the result the NumPy model gives it (a test holds
them equal), many times faster. Each function mirrors the method of the
same name there; read those for the rules and the engine functions they
follow.

A battle's state is a small integer array `s[field + slot]` (fields `S_*`,
its counts of attacks, hits ... among them; a fighter's slot is its place in
it), its parry counts `par[slot, defense]`, the fighters' places (`x[slot]`,
and y at `x[NMAX + slot]`), and a context `c`:
how many dice it has rolled, its status (playing, escaped) and its index;
its dice come from its stream (`streams.py`), whose state is `st[0]`. Only
the functions `play` and `play_group` call are compiled, on first use, and kept in Numba's
cache.

The modules: `rolls.py` (the options, the state layout, reading the packed
tables, the dice, the small helpers; the NumPy model's `state.py`),
`harm.py` (critical misses, damage, injury), `exchange.py` (defenses, the
strike and the attack), `turn.py` (the maneuver, the turn, `play`),
`group.py` (`play_group`: the same turns for two sides of any size); and
`tally.py`, which sums a pass's results for the aggregate.
Every step is inlined into `play`. Numba checks a cached function against
its own file only, so the folder of Numba's cache is keyed on every file the
kernel compiles in (`compiled.kernel_cache_dir`). Numba fixes a function's
cache folder when the function is decorated, so the folder is set here,
while the modules are imported - however they are first imported (by
`compiled.py`, a test, or pytest collecting doctests) - and only then, so
other Numba code in the process keeps its own.
"""

from __future__ import annotations

import os

import numba

from senjo.sim.fast_gurps.compiled import kernel_cache_dir, prune_kernel_caches

_FOLDER = None if os.environ.get("NUMBA_CACHE_DIR") else kernel_cache_dir(numba.__version__)
_BEFORE = getattr(numba.config, "CACHE_DIR", "")
if _FOLDER is not None:
    prune_kernel_caches(_FOLDER)  # folders of earlier kernels, unused for a month, go
    setattr(numba.config, "CACHE_DIR", str(_FOLDER))  # noqa: B010 (not in its stubs)
try:
    from senjo.sim.fast_gurps.kernel.group import play_group
    from senjo.sim.fast_gurps.kernel.rolls import S_FIELDS
    from senjo.sim.fast_gurps.kernel.tally import tally
    from senjo.sim.fast_gurps.kernel.turn import play
    from senjo.sim.fast_gurps.layout import NMAX
finally:
    setattr(numba.config, "CACHE_DIR", _BEFORE)  # noqa: B010

#: The length of a battle's state array (`S_FIELDS` fields of `NMAX` slots).
STATE_SIZE = S_FIELDS * NMAX

__all__ = ["NMAX", "STATE_SIZE", "S_FIELDS", "play", "play_group", "tally"]

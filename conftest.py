"""pytest settings for the tests and the doctests of src/ alike.

Collecting the doctests imports every module of src/. The compiled GURPS
duel (`senjo.sim.fast_gurps.kernel`) needs Numba, which senjo does without
where it is not installed (the NumPy model plays the same battles), so the
kernel is left out of the collection there; its tests skip themselves.

The suite tests the sources: `SENJO_PURE=1` keeps the modules `make` compiles
with mypyc (`senjo.native`) out of this process and the workers it starts, so
the doctests run and a test may patch a module. `tests/test_native.py` checks
the compiled modules against the sources.
"""

from __future__ import annotations

import os

os.environ.setdefault("SENJO_PURE", "1")

collect_ignore_glob: list[str] = []
try:
    import numba  # noqa: F401
except Exception:  # not installed, or an install that does not load
    collect_ignore_glob.append("src/senjo/sim/fast_gurps/kernel/*")

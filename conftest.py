"""pytest settings for the tests and the doctests of src/ alike.

Collecting the doctests imports every module of src/. The compiled GURPS
duel (`senjo.sim.fast_gurps.kernel`) needs Numba, which senjo does without
where it is not installed (the NumPy model plays the same battles), so the
kernel is left out of the collection there; its tests skip themselves.
"""

from __future__ import annotations

collect_ignore_glob: list[str] = []
try:
    import numba  # noqa: F401
except Exception:  # not installed, or an install that does not load
    collect_ignore_glob.append("src/senjo/sim/fast_gurps/kernel/*")

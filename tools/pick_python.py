"""Prints the Python 3.11 that `make` builds senjo's .venv with: the fastest one here.

A machine may hold more than one Python 3.11: a pyenv build (often without
profile-guided optimization) beside the distribution's own (built with it). The
engine runs some 25% faster on the second, so `make` asks this script which to use
(`make PYTHON=...` chooses one by hand). A candidate counts if it is Python 3.11,
can make a virtual environment (`venv` and `ensurepip`) and has its C headers (for
mypyc); each one that counts times the same small pure-Python workload, and the
fastest is printed, unless it is within a tenth of the first candidate, which is then
kept. It reads only the standard library, so any `python3` can run it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

#: Looked for in this order; the first that counts is the default.
NAMES = ("python3", "python3.11", "/usr/bin/python3.11", "/usr/local/bin/python3.11")
#: A faster candidate replaces the first only if it saves more than this share of time.
MARGIN = 0.10

PROBE = r"""
import os, sys, sysconfig, time
if sys.version_info[:2] != (3, 11):
    raise SystemExit(1)
import ensurepip, venv
if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
    raise SystemExit(1)
class P:
    __slots__ = ("a", "b")
    def __init__(self, a, b):
        self.a = a
        self.b = b
def work():
    d = {}
    t = 0
    for i in range(200000):
        p = P(i, i + 1)
        d["k%d" % (i % 500)] = p
        t += p.a + p.b
    return t
best = 1e9
for _ in range(3):
    t0 = time.perf_counter()
    work()
    best = min(best, time.perf_counter() - t0)
print(best)
"""


def _candidates() -> list[str]:
    found: list[str] = []
    seen: set[str] = set()
    for name in NAMES:
        path = shutil.which(name)
        if path is None:
            continue
        try:
            real = subprocess.run(
                [path, "-c", "import sys; print(sys.executable)"],
                capture_output=True,
                text=True,
                timeout=30,
                check=True,
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            continue
        key = os.path.realpath(real)
        if key not in seen:
            seen.add(key)
            found.append(path)
    return found


def _time(path: str) -> float | None:
    try:
        done = subprocess.run(
            [path, "-c", PROBE], capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    try:
        return float(done.stdout.strip())
    except ValueError:
        return None


def pick() -> str:
    """The interpreter to build the .venv with (`python3` if none counts)."""
    timed = [(path, _time(path)) for path in _candidates()]
    counted = [(path, seconds) for path, seconds in timed if seconds is not None]
    if not counted:
        return "python3"
    first, first_seconds = counted[0]
    best, best_seconds = min(counted, key=lambda item: item[1])
    if best_seconds < first_seconds * (1 - MARGIN):
        return best
    return first


if __name__ == "__main__":
    choice = pick()
    print(f"senjo: building .venv with {choice}", file=sys.stderr)
    print(choice)

"""The engine compiled to C with mypyc, and the guard that keeps it honest.

senjo is pure Python. `make` also compiles the modules a battle spends its time
in - the engine's core, the dice, the geometry and both rule systems - with
mypyc (it ships with mypy), which runs the same code two to three times as
fast. The compiled modules sit beside their sources (``ai.cpython-311-….so``
next to ``ai.py``) and Python prefers them.

A compiled module must never stand in for a source that has changed since it
was built. `python -m senjo.build_native` writes ``native.json`` beside this file:
the size and modification time of every compiled source when it was built.
`guard()`, called as the package is imported, uses the compiled modules only
if every source still matches; otherwise, or with ``SENJO_PURE=1`` in the
environment (the test suite sets it, so the doctests run and the suite tests
the sources), it puts a finder first on `sys.meta_path` that loads those
modules from their ``.py`` files. A build that fails (no C compiler) leaves
senjo pure Python; nothing else changes.

The test `tests/test_native.py` plays every example battle in both forms and
requires the same event logs.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import importlib.machinery

__all__ = [
    "EXCLUDED",
    "MODULES",
    "PACKAGES",
    "ROOT",
    "STAMP",
    "SourceFirst",
    "active",
    "compiled_modules",
    "form",
    "guard",
    "signature",
    "valid",
]

ROOT = Path(__file__).resolve().parent
#: The stamp of the last build.
STAMP = ROOT / "native.json"
#: The packages compiled (every module in them but `EXCLUDED`).
PACKAGES = (
    "engine",
    "dice",
    "dice/generic",
    "dice/systems",
    "space",
    "systems/gurps",
    "systems/coc",
)
#: Modules of other packages compiled too: what a simulation does around each battle
#: (its seed, its making, the statistics hooks and the fold). `sim/runner.py` stays
#: Python: tests replace names in it.
MODULES = (
    "scenario/battle.py",
    "sim/aggregate.py",
    "sim/coc.py",
    "sim/gurps.py",
    "sim/seeds.py",
)
#: Modules left as Python, and why: mypyc compiles neither classes made by a
#: decorator at run time, subclasses of builtin types, runtime Protocols, nor code
#: that finds its data files by `__file__`. (The events compile: they are registered
#: by a call after each class, see `senjo.engine.events`.)
EXCLUDED = {
    "engine/rules.py": "an event class (Outcome), and interpreted subclasses",
    "engine/bilingual.py": "subclasses a builtin type",
    "engine/testing.py": "a test's event class",
    "space/hexgrid.py": "subclasses a builtin type",
    "space/bands.py": "subclasses a builtin type (IntEnum)",
    "dice/roller.py": "a runtime-checkable Protocol (the rollers are in rollers.py)",
    "dice/distribution.py": "builds instances with object.__new__",
    "systems/gurps/table_schema.py": "loading only (checked by pydantic)",
    "systems/gurps/ranged_schema.py": "loading only (checked by pydantic)",
    "systems/gurps/table_cache.py": "loading only",
    "systems/gurps/tables.py": "finds its data by __file__",
    "systems/gurps/library.py": "loading only",
    "systems/coc/library.py": "loading only",
}
_ENV = "SENJO_PURE"
_active = False


def compiled_modules() -> list[str]:
    """The compiled sources, as paths relative to the package (sorted)."""
    found: list[str] = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).glob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if path.name != "__init__.py" and relative not in EXCLUDED:
                found.append(relative)
    return sorted(found + list(MODULES))


def signature(modules: Sequence[str]) -> dict[str, list[int]]:
    """Each source's size and modification time (ns): what a build is checked against."""
    result: dict[str, list[int]] = {}
    for relative in modules:
        stat = (ROOT / relative).stat()
        result[relative] = [stat.st_size, stat.st_mtime_ns]
    return result


def _module_name(relative: str) -> str:
    return "senjo." + relative.removesuffix(".py").replace("/", ".")


class SourceFirst:
    """Loads the compiled modules from their `.py` sources instead.

    A meta path finder by its `find_spec` alone: subclassing `importlib.abc.MetaPathFinder`
    would import `importlib.resources` and `tempfile`, some 20 ms of every start-up."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names or not path:
            return None
        import importlib.util  # only when the sources run (4 ms of a compiled start)

        source = Path(path[0]) / (fullname.rpartition(".")[2] + ".py")
        return importlib.util.spec_from_file_location(fullname, source)


def valid(path: Path = STAMP) -> bool:
    """True if the build this stamp describes compiled exactly the sources there are now."""
    try:
        stamp = json.loads(path.read_text(encoding="utf-8"))
        modules = stamp["modules"]
        return bool(
            stamp.get("built")
            and stamp.get("python") == sys.implementation.cache_tag
            and modules == compiled_modules()
            and stamp.get("signature") == signature(modules)
        )
    except (OSError, ValueError, KeyError, TypeError):
        return False


def guard() -> None:
    """Use the compiled modules only if they were built from the sources as they are."""
    global _active
    _active = os.environ.get(_ENV, "") in ("", "0") and valid()
    if not _active:
        names = frozenset(_module_name(relative) for relative in compiled_modules())
        sys.meta_path.insert(0, SourceFirst(names))


def active() -> bool:
    """True if this process runs the compiled modules."""
    return _active


def form() -> str:
    """Which form of the engine this process runs, for the benchmarks to print."""
    return "compiled (mypyc)" if _active else "pure Python (SENJO_PURE=1, or not compiled)"

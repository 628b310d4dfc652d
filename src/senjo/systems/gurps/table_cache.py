"""A per-user cache of the checked GURPS tables, so that a start-up skips the checks.

Checking the YAML tables against their schema (`table_schema`, with pydantic)
takes about a tenth of a second; reading back the result of an earlier check
takes about a millisecond. `load_cached(name, texts, build)` returns
`build(texts)` and keeps it in a pickle file (`NAME.pickle`) together with
everything the result depends on: the data files' text, the sources of the
modules whose classes it holds (the caller names them), and the Python version.
A read compares all of that whole with what there is now (no hash that could
collide, and no `hashlib` to import: its OpenSSL costs about 5 ms of a start);
changed data or a changed schema is checked again; a cache that is missing,
unreadable or corrupt is ignored and written afresh; a cache folder that
cannot be written costs nothing but the check.

The folder is `$SENJO_CACHE_DIR` if set (an empty value turns the cache off),
else `$XDG_CACHE_HOME/senjo`, else `~/.cache/senjo`. Like Python's own
`__pycache__`, it trusts files written by the same user.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

__all__ = ["cache_dir", "cache_key", "cache_material", "load_cached"]

#: Bumped when what is cached changes shape in a way the hashed sources do not show.
_FORMAT = 1


def cache_dir() -> Path | None:
    """The cache folder (see the module's text); None when the cache is turned off."""
    chosen = os.environ.get("SENJO_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no home folder known: no cache
            return None
    return Path(base) / "senjo"


def cache_key(texts: Mapping[str, str], *sources: Path) -> str:
    """A hash of the texts (by name), the source files' bytes and the Python version.

    >>> cache_key({"a.yaml": "x: 1"}) == cache_key({"a.yaml": "x: 1"})
    True
    >>> cache_key({"a.yaml": "x: 1"}) == cache_key({"a.yaml": "x: 2"})
    False
    """
    import hashlib  # not on a start that reads the tables back (see `cache_material`)

    digest = hashlib.sha256(f"{_FORMAT}\0{sys.version}\0".encode())
    for name in sorted(texts):
        digest.update(f"{name}\0{texts[name]}\0".encode())
    for source in sources:
        digest.update(source.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


def cache_material(texts: Mapping[str, str], *sources: Path) -> tuple[object, ...]:
    """Everything a cached result depends on, as one value to compare whole: the format,
    the Python version, the texts by name and the source files' bytes.

    >>> cache_material({"a.yaml": "x: 1"}) == cache_material({"a.yaml": "x: 1"})
    True
    >>> cache_material({"a.yaml": "x: 1"}) == cache_material({"a.yaml": "x: 2"})
    False
    """
    return (
        _FORMAT,
        sys.version,
        tuple(sorted(texts.items())),
        tuple(source.read_bytes() for source in sources),
    )


def load_cached(
    name: str,
    texts: Mapping[str, str],
    build: Callable[[Mapping[str, str]], dict[str, Any]],
    *,
    sources: tuple[Path, ...] = (),
    folder: Path | None = None,
) -> dict[str, Any]:
    """`build(texts)`, from the cache in `folder` (default `cache_dir()`) when it holds it."""
    where = cache_dir() if folder is None else folder
    if where is None:
        return build(texts)
    path = where / f"{name}.pickle"
    material = cache_material(texts, *sources)
    found = _read(path, material)
    if found is not None:
        return found
    built = build(texts)
    _write(path, (material, built), stale=f"{name}-*.pickle")
    return built


def _read(path: Path, material: tuple[object, ...]) -> dict[str, Any] | None:
    """The cached result if the file holds one built from `material`."""
    try:
        with path.open("rb") as file:
            found = pickle.load(file)
    except Exception:  # missing, unreadable or corrupt: check the tables again
        return None
    if not (isinstance(found, tuple) and len(found) == 2 and found[0] == material):
        return None  # built from other data, sources or Python: check again
    built = found[1]
    return built if isinstance(built, dict) else None


def _write(path: Path, kept: tuple[object, ...], *, stale: str) -> None:
    """Write atomically (a temporary file renamed into place); drop the files of earlier
    versions of this cache (named by a hash)."""
    import tempfile  # only when the tables changed: a plain start does not load it

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob(stale):
            if old != path:
                old.unlink(missing_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as file:
            pickle.dump(kept, file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except OSError:
        return  # a read-only home, a full disk: the tables were checked, only not kept

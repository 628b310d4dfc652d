"""The per-user cache of checked GURPS tables (senjo.systems.gurps.table_cache)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from senjo.systems.gurps import table_cache, tables
from senjo.systems.gurps.table_cache import cache_dir, load_cached
from senjo.systems.gurps.table_schema import TableError

TEXTS = {name: tables._text(name) for name in tables._MODELS}


def _checked(calls: list[int]) -> Any:
    def build(texts: Mapping[str, str]) -> dict[str, Any]:
        calls.append(1)
        return tables._check_all(texts)

    return build


def test_a_second_load_reads_the_checked_tables_back(tmp_path: Path) -> None:
    """The first load checks and writes; the second returns equal tables without checking."""
    calls: list[int] = []
    first = load_cached("t", TEXTS, _checked(calls), folder=tmp_path)
    second = load_cached("t", TEXTS, _checked(calls), folder=tmp_path)
    assert calls == [1]
    assert second == first
    assert second["hit_locations.yaml"] == tables._hit_locations
    assert len(list(tmp_path.glob("t*.pickle"))) == 1


def test_changed_data_is_checked_again_and_replaces_the_old_file(tmp_path: Path) -> None:
    """Another text is another key: checked again (a broken one fails), one file kept."""
    calls: list[int] = []
    load_cached("t", TEXTS, _checked(calls), folder=tmp_path)
    changed = dict(TEXTS)
    changed["postures.yaml"] = TEXTS["postures.yaml"] + "\n# a comment\n"
    load_cached("t", changed, _checked(calls), folder=tmp_path)
    assert calls == [1, 1]
    assert len(list(tmp_path.glob("t*.pickle"))) == 1
    broken = dict(TEXTS)
    broken["postures.yaml"] = "postures: []\n"
    with pytest.raises(TableError, match=r"^postures\.yaml: \(top level\): there must be"):
        load_cached("t", broken, _checked(calls), folder=tmp_path)


def test_a_corrupt_cache_is_ignored_and_rewritten(tmp_path: Path) -> None:
    """Garbage in the cache file: the tables are checked again and the file repaired."""
    calls: list[int] = []
    load_cached("t", TEXTS, _checked(calls), folder=tmp_path)
    (path,) = tmp_path.glob("t*.pickle")
    path.write_bytes(b"not a pickle")
    again = load_cached("t", TEXTS, _checked(calls), folder=tmp_path)
    assert calls == [1, 1]
    assert again["ranged.yaml"] == tables.RANGED
    assert load_cached("t", TEXTS, _checked(calls), folder=tmp_path) == again
    assert calls == [1, 1]


def test_an_unwritable_folder_only_costs_the_check(tmp_path: Path) -> None:
    """A folder that cannot be made (a file is in the way): checked every time, no error."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    calls: list[int] = []
    load_cached("t", TEXTS, _checked(calls), folder=blocker / "cache")
    load_cached("t", TEXTS, _checked(calls), folder=blocker / "cache")
    assert calls == [1, 1]


def test_the_folder_follows_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """SENJO_CACHE_DIR wins (empty: off), then XDG_CACHE_HOME/senjo, then ~/.cache/senjo."""
    monkeypatch.setenv("SENJO_CACHE_DIR", str(tmp_path / "mine"))
    assert cache_dir() == tmp_path / "mine"
    monkeypatch.setenv("SENJO_CACHE_DIR", "")
    assert cache_dir() is None
    calls: list[int] = []
    load_cached("t", TEXTS, _checked(calls))
    load_cached("t", TEXTS, _checked(calls))
    assert calls == [1, 1]  # off: checked every time
    monkeypatch.delenv("SENJO_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "senjo"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "senjo"


def test_no_home_folder_means_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without SENJO_CACHE_DIR, XDG_CACHE_HOME or a home folder there is no cache."""
    monkeypatch.delenv("SENJO_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def nowhere() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", nowhere)
    assert cache_dir() is None


def test_a_changed_source_is_checked_again(tmp_path: Path) -> None:
    """A changed schema source (or table loader): the kept tables are not used."""
    source = tmp_path / "schema.py"
    source.write_text("a = 1\n")
    calls: list[int] = []
    load_cached("t", TEXTS, _checked(calls), sources=(source,), folder=tmp_path)
    load_cached("t", TEXTS, _checked(calls), sources=(source,), folder=tmp_path)
    assert calls == [1]
    source.write_text("a = 2\n")
    load_cached("t", TEXTS, _checked(calls), sources=(source,), folder=tmp_path)
    assert calls == [1, 1]


def test_the_files_of_the_hashed_cache_are_dropped(tmp_path: Path) -> None:
    """The cache named by a hash (before the material was kept in the file) is removed
    when the cache is written."""
    old = tmp_path / "t-0123456789abcdef.pickle"
    old.write_bytes(b"old")
    load_cached("t", TEXTS, _checked([]), folder=tmp_path)
    assert [path.name for path in tmp_path.glob("t*.pickle")] == ["t.pickle"]


def test_the_key_covers_the_sources(tmp_path: Path) -> None:
    """A changed source gives another key (the kernel's cache, `fast_gurps.compiled`)."""
    source = tmp_path / "schema.py"
    source.write_text("a = 1\n")
    before = table_cache.cache_key(TEXTS, source)
    source.write_text("a = 2\n")
    assert table_cache.cache_key(TEXTS, source) != before

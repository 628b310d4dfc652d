"""tools/pick_python.py: `make` builds the .venv with the fastest Python 3.11 here,
keeping the first one found unless another saves more than a tenth of the time."""

from __future__ import annotations

import importlib.util
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[1] / "tools" / "pick_python.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pick_python", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _with(monkeypatch: pytest.MonkeyPatch, times: dict[str, float | None]) -> ModuleType:
    tool = _tool()
    monkeypatch.setattr(tool, "_candidates", lambda: list(times))
    monkeypatch.setattr(tool, "_time", lambda path: times[path])
    return tool


def test_a_candidate_a_quarter_faster_replaces_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _with(monkeypatch, {"python3": 0.40, "/usr/bin/python3.11": 0.30})
    assert tool.pick() == "/usr/bin/python3.11"


def test_the_first_is_kept_against_one_within_a_tenth(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _with(monkeypatch, {"python3": 0.40, "/usr/bin/python3.11": 0.37})
    assert tool.pick() == "python3"


def test_a_candidate_that_does_not_count_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _with(monkeypatch, {"python3": None, "python3.11": 0.5, "/usr/bin/python3.11": 0.48})
    assert tool.pick() == "python3.11"


def test_with_no_candidate_that_counts_it_says_python3(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _with(monkeypatch, {"python3": None})
    assert tool.pick() == "python3"


def test_this_interpreter_is_timed_if_it_has_its_headers() -> None:
    """The tests run in a .venv of a Python 3.11 with venv and ensurepip; it counts
    (and is timed) if its C headers, which mypyc builds the engine with, are there."""
    headers = Path(sysconfig.get_paths()["include"], "Python.h").exists()
    seconds = _tool()._time(sys.executable)
    assert (isinstance(seconds, float) and seconds > 0) == headers


def test_an_interpreter_whose_probe_fails_does_not_count(tmp_path: Path) -> None:
    fake = tmp_path / "python3.99"
    fake.write_text(f"#!/bin/sh\nexec {sys.executable} -c 'raise SystemExit(1)'\n")
    fake.chmod(0o755)
    assert _tool()._time(str(fake)) is None

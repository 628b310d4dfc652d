"""`python -m senjo.build_native`: a build that fails leaves senjo pure, says why in its
last lines and keeps its whole output (run with a stand-in compiler, never the real one)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from senjo import build_native


def _stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: int, status: int) -> None:
    """Point the build at a folder of its own and a compiler that prints `lines` numbered
    lines and exits with `status`."""
    package = tmp_path / "senjo"
    package.mkdir()
    (package / "engine.py").write_text("x = 1\n", encoding="utf-8")
    (package / "engine.cpython-311-x86_64-linux-gnu.so").write_bytes(b"left from before")
    monkeypatch.setattr(build_native, "ROOT", package)
    monkeypatch.setattr(build_native, "STAMP", package / "native.json")
    monkeypatch.setattr(build_native, "LOG", package / "native-build.log")
    monkeypatch.setattr(build_native, "compiled_modules", lambda: [])

    def run(*args: Any, stdout: Any, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
        for number in range(1, lines + 1):
            stdout.write(f"compiler line {number}\n")
        stdout.flush()
        return subprocess.CompletedProcess(args, status)

    monkeypatch.setattr(subprocess, "run", run)


def test_a_failed_build_prints_its_last_lines_and_keeps_its_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stand_in(tmp_path, monkeypatch, 30, 1)
    assert build_native.build() == 0  # a failed build never fails the set-up
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == ("senjo.native: not compiled, senjo stays pure Python (compiler line 30)")
    assert printed[1:-1] == [f"  | compiler line {n}" for n in range(11, 31)]
    log = tmp_path / "senjo" / "native-build.log"
    assert printed[-1] == f"senjo.native: exit status 1; the whole log: {log}"
    kept = log.read_text(encoding="utf-8")
    assert "compiler line 1\n" in kept and kept.endswith("(exit status 1)\n")
    stamp = json.loads((tmp_path / "senjo" / "native.json").read_text(encoding="utf-8"))
    assert stamp == {"built": False}
    assert not list((tmp_path / "senjo").glob("*.so"))  # what was built before is gone


def test_a_build_killed_without_a_word_says_its_exit_status(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stand_in(tmp_path, monkeypatch, 0, -9)
    build_native.build()
    printed = capsys.readouterr().out.splitlines()
    assert printed == [
        "senjo.native: not compiled, senjo stays pure Python (exit status -9)",
        f"senjo.native: exit status -9; the whole log: {tmp_path / 'senjo' / 'native-build.log'}",
    ]


def test_a_build_that_succeeds_removes_the_log_of_one_that_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stand_in(tmp_path, monkeypatch, 3, 1)
    build_native.build()
    assert (tmp_path / "senjo" / "native-build.log").exists()
    monkeypatch.setattr(
        subprocess, "run", lambda *args, **kwargs: subprocess.CompletedProcess(args, 0)
    )
    build_native.build()
    assert capsys.readouterr().out.splitlines()[-1] == "senjo.native: 0 modules compiled"
    assert not (tmp_path / "senjo" / "native-build.log").exists()

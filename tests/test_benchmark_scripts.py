"""The benchmark scripts' command lines (benchmarks/arguments.py): `--help` prints the
script's docstring, and a bad count is one line naming the argument, exit status 2, never
a traceback (the standards: bad input gets one clear message)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"

#: Each script that reads a count, the count's name, and arguments that come before it.
SCRIPTS = [
    ("engine.py", "N", []),
    ("sim.py", "N", []),
    ("startup.py", "RUNS", []),
    ("instructions.py", "N", ["duel"]),
]


def _run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(BENCHMARKS / script), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(("script", "name", "before"), SCRIPTS)
def test_help_prints_the_scripts_docstring(script: str, name: str, before: list[str]) -> None:
    done = _run(script, "--help")
    assert done.returncode == 0
    first_line = (BENCHMARKS / script).read_text(encoding="utf-8").split("\n")[0]
    assert first_line.strip('"') in done.stdout
    assert name in done.stdout.split("\n")[0]


@pytest.mark.parametrize(("script", "name", "before"), SCRIPTS)
@pytest.mark.parametrize("bad", ["x", "0", "-3"])
def test_a_bad_count_is_one_clear_message(
    script: str, name: str, before: list[str], bad: str
) -> None:
    done = _run(script, *before, "--", bad)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    last = done.stderr.strip().split("\n")[-1]
    assert f"argument {name}: {bad!r} is not a whole number of at least 1" in last


def test_instructions_names_a_missing_scenario() -> None:
    done = _run("instructions.py", "no_such_scenario")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "SCENARIO: no examples/gurps/no_such_scenario.yaml" in done.stderr

"""BCDice's own test vectors (shared/conformance/bcdice/), loaded for every test that runs them.

The directory is `SENJO_CONFORMANCE_DIR` if set, else ``shared/conformance/bcdice`` next
to the project directory. Each case becomes one `pytest.param` with an id of
``file:index:input``; the GURPS table commands the conformance README puts out of
scope are skipped, and a missing directory gives one skipped parameter.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

__all__ = [
    "CONFORMANCE_DIR",
    "FLAGS",
    "OUT_OF_SCOPE",
    "OUT_OF_SCOPE_REASON",
    "conformance_params",
]


def _conformance_dir() -> Path:
    override = os.environ.get("SENJO_CONFORMANCE_DIR")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2].parent / "shared" / "conformance" / "bcdice"


CONFORMANCE_DIR = _conformance_dir()
FLAGS = ("secret", "success", "failure", "critical", "fumble")

#: README: these GURPS commands print BCDice's 3rd-edition tables; senjo has 4th-edition ones.
OUT_OF_SCOPE = {"CRT", "HCRT", "FMB", "MFMB", "YSCRT", "YSFMB", "YFMB", "FEAR", "REACT", "HIT"}
OUT_OF_SCOPE_REASON = (
    "out of scope (conformance README): BCDice prints the Japanese 3rd-edition GURPS "
    "tables, senjo implements the 4th-edition ones"
)


def _command_word(text: str) -> str:
    word = text.split(maxsplit=1)[0] if text.split() else ""
    word = word.upper()
    for suffix in "+-":
        word = word.split(suffix, 1)[0]
    return word


def conformance_params(only: str | None = None, *, skip_out_of_scope: bool = True) -> list[Any]:
    """Every conformance case as a `pytest.param` of its TOML table.

    `only` keeps one file (its stem, e.g. "GURPS"); with `skip_out_of_scope` False the
    out-of-scope GURPS table commands are kept (to check they are not recognised).
    """
    if not CONFORMANCE_DIR.is_dir():
        return [
            pytest.param(
                None,
                marks=pytest.mark.skip(
                    reason=f"conformance vectors not found at {CONFORMANCE_DIR}"
                ),
                id="missing",
            )
        ]
    params = []
    for path in sorted(CONFORMANCE_DIR.glob(f"{only or '*'}.toml")):
        with path.open("rb") as handle:
            tests = tomllib.load(handle)["test"]
        for index, case in enumerate(tests):
            case_id = f"{path.stem}:{index}:{case['input']}"
            marks = []
            out = path.stem == "GURPS" and _command_word(case["input"]) in OUT_OF_SCOPE
            if out and skip_out_of_scope:
                marks.append(pytest.mark.skip(reason=OUT_OF_SCOPE_REASON))
            params.append(pytest.param(case, marks=marks, id=case_id))
    return params

"""BCDice's own test vectors, run case by case (shared/conformance/bcdice/)."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from senjo.dice.command import parse_command
from senjo.dice.formatting import format_result
from senjo.dice.roller import ScriptedDice


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


def _cases() -> list[Any]:
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
    for path in sorted(CONFORMANCE_DIR.glob("*.toml")):
        with path.open("rb") as handle:
            tests = tomllib.load(handle)["test"]
        for index, case in enumerate(tests):
            case_id = f"{path.stem}:{index}:{case['input']}"
            marks = []
            if path.stem == "GURPS" and _command_word(case["input"]) in OUT_OF_SCOPE:
                marks.append(pytest.mark.skip(reason=OUT_OF_SCOPE_REASON))
            params.append(pytest.param(case, marks=marks, id=case_id))
    return params


@pytest.mark.parametrize("case", _cases())
def test_conformance_case(case: dict[str, Any]) -> None:
    """The command prints BCDice's line, sets its flags and draws exactly its dice."""
    dice = ScriptedDice([(rand["sides"], rand["value"]) for rand in case["rands"]])
    command = parse_command(case["input"], case["game_system"])
    if case["output"] == "":
        assert command is None
        return
    assert command is not None, "not recognised as a command"
    result = command.roll(dice)
    assert format_result(result, "ja") == case["output"]
    flags = {flag: getattr(result, flag) for flag in FLAGS}
    assert flags == {flag: case.get(flag, False) for flag in FLAGS}
    assert dice.remaining == 0

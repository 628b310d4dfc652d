"""BCDice's own test vectors, run case by case (shared/conformance/bcdice/)."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.dice.command import parse_command
from senjo.dice.formatting import format_result
from senjo.dice.roller import ScriptedDice
from tests.dice.conformance_cases import FLAGS, conformance_params


@pytest.mark.parametrize("case", conformance_params())
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

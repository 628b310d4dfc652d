"""Dice benchmark: how many GURPS success rolls per second senjo makes.

Run with `make bench` or `.venv/bin/python benchmarks/dice.py`. Each figure is
the best of three timed runs of a fixed number of iterations; it is a
measurement to compare between versions, never an assertion.

- parse+roll: `roll_command("3D6<=12", "GURPS", dice)` from text each time;
- roll parsed: `parse_command` once, then `command.roll(dice)` in the loop;
- system roll: the GURPS system's own parser once, then `roll` (no top level);
- success_roll: three `RandomDice` d6 and the pure `success_roll` rule.
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable
from types import ModuleType

from senjo.dice.result import Command
from senjo.dice.roller import RandomDice
from senjo.dice.systems import gurps

COMMAND = "3D6<=12"
SYSTEM = "GURPS"
ITERATIONS = 50_000
REPEATS = 3


def best_rate(step: Callable[[], object], iterations: int = ITERATIONS) -> float:
    """Calls of `step` per second: the best of `REPEATS` timed runs."""
    best = math.inf
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(iterations):
            step()
        best = min(best, time.perf_counter() - start)
    return iterations / best


def _command_module() -> ModuleType | None:
    """The top-level command module, imported lazily: it may not exist yet."""
    try:
        return importlib.import_module("senjo.dice.command")
    except ModuleNotFoundError as error:
        if error.name != "senjo.dice.command":
            raise
        return None


def _report(label: str, rate: float | None) -> None:
    figure = "skipped: senjo.dice.command is not available" if rate is None else f"{rate:>12,.0f}"
    print(f"{label:<34} {figure} rolls/s")


def main() -> None:
    """Time each way of rolling and print rolls per second."""
    print(f"senjo dice benchmark: {COMMAND!r} in {SYSTEM}, {ITERATIONS:,} iterations, best of 3")
    dice = RandomDice(1)
    module = _command_module()
    if module is None:
        _report("(a) parse+roll via roll_command", None)
        _report("(b) roll a parsed command", None)
    else:
        roll_command: Callable[[str, str, RandomDice], object] = module.roll_command
        parse_command: Callable[[str, str], Command | None] = module.parse_command
        _report(
            "(a) parse+roll via roll_command",
            best_rate(lambda: roll_command(COMMAND, SYSTEM, dice)),
        )
        parsed = parse_command(COMMAND, SYSTEM)
        if parsed is None:
            raise SystemExit(f"{COMMAND!r} did not parse in {SYSTEM}")
        _report("(b) roll a parsed command", best_rate(lambda: parsed.roll(dice)))
    command = gurps.parse(COMMAND)
    if command is None:
        raise SystemExit(f"{COMMAND!r} is not a GURPS command")
    _report("(b') roll via the GURPS system", best_rate(lambda: command.roll(dice)))
    success_roll = gurps.success_roll
    _report(
        "(c) success_roll with RandomDice",
        best_rate(lambda: success_roll(dice.roll(6) + dice.roll(6) + dice.roll(6), 12)),
    )


if __name__ == "__main__":
    main()

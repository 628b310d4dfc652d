"""`senjo roll`: BCDice-compatible dice at the command line.

Declared as a `senjo.cli.spec.CommandSpec` (`COMMAND`): an ordinary line runs without
Typer (`senjo.cli.main.run_quick`), `--help` and mistakes go to the Typer command built
from the same spec.
"""

from __future__ import annotations

import json
from typing import Any

from senjo.cli.dice_errors import dice_error_text
from senjo.cli.options import parse_lang
from senjo.cli.output import echo, fail
from senjo.cli.spec import JSON, LANG, CommandSpec, Opt, Words
from senjo.dice.command import parse_command
from senjo.dice.errors import DiceError
from senjo.dice.formatting import Lang, format_result
from senjo.dice.result import RollResult
from senjo.dice.roller import RandomDice, Roller, ScriptedDice
from senjo.dice.systems import find_dice_system

__all__ = ["COMMAND", "parse_dice_script", "roll"]

MESSAGES = {
    "not_command": (
        "{system} のダイスコマンドではありません: {text!r}",
        "not a {system} dice command: {text!r}",
    ),
    "unused": (
        "--dice の値が {count} 個使われずに残りました",
        "{count} value(s) given with --dice were not used",
    ),
}


def parse_dice_script(text: str) -> ScriptedDice:
    """Parse `--dice`: comma-separated faces (`3,3,4`) or `sides:value` pairs (`6:3,100:42`).

    >>> parse_dice_script("6:3,4").remaining
    2
    """
    values: list[int | tuple[int, int]] = []
    for part in text.split(","):
        part = part.strip()
        try:
            if ":" in part:
                sides, value = part.split(":", 1)
                values.append((int(sides), int(value)))
            else:
                values.append(int(part))
        except ValueError:
            raise DiceError(
                f"--dice: {part!r} is not a die value; write faces like 3,3,4 or pairs like 6:3"
            ) from None
    return ScriptedDice(values)


def _as_json(text: str, system: str, result: RollResult, line: str) -> dict[str, Any]:
    return {
        "command": text,
        "system": system,
        "text": line,
        "total": result.total,
        "dice": [[die.sides, die.value] for die in result.dice],
        "secret": result.secret,
        "success": result.success,
        "failure": result.failure,
        "critical": result.critical,
        "fumble": result.fumble,
    }


def roll(
    command: list[str],
    system: str = "DiceBot",
    dice: str | None = None,
    lang: str | None = None,
    as_json: bool = False,
    seed: int | None = None,
) -> None:
    """Roll a dice command and print the result line (BCDice's format in Japanese)."""
    chosen: Lang = parse_lang(lang)
    text = " ".join(command)
    try:
        found = find_dice_system(system)
        parsed = parse_command(text, found.id)
        if parsed is None:
            ja, en = MESSAGES["not_command"]
            fail((ja if chosen == "ja" else en).format(system=found.id, text=text))
        roller: Roller = RandomDice(seed)
        if dice is not None:
            roller = parse_dice_script(dice)
        result = parsed.roll(roller)
        if isinstance(roller, ScriptedDice) and roller.remaining:
            ja, en = MESSAGES["unused"]
            fail((ja if chosen == "ja" else en).format(count=roller.remaining))
    except DiceError as error:
        fail(dice_error_text(error, chosen))
    line = format_result(result, chosen)
    if as_json:
        echo(json.dumps(_as_json(text, found.id, result, line), ensure_ascii=False))
    else:
        echo(line)


COMMAND = CommandSpec(
    "roll",
    "Roll a dice command and print the result line (BCDice's format in Japanese).",
    (
        Words("command", help="The dice command, e.g. '3d6<=11' (after -- if it starts with -)."),
        Opt(
            "system",
            "--system",
            "-s",
            help="Dice system: DiceBot/none, GURPS/gurps, Cthulhu/coc.",
            default="DiceBot",
        ),
        Opt("dice", "--dice", help="Script the dice instead of rolling: 3,3,4 or 6:3,6:4."),
        LANG,
        JSON,
        Opt("seed", "--seed", help="Seed for the random dice.", kind=int),
    ),
    roll,
)

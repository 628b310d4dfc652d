"""The quick start: `senjo odds` read without Typer (senjo.cli.spec, senjo.cli.main.run_quick)
answers exactly as the Typer command built from the same spec, and hands Typer every
line it is not sure of."""

from __future__ import annotations

from typing import Any

import pytest
import typer.main

from senjo.cli.main import build_app, run_quick
from senjo.cli.odds_coc import COMMAND as COC
from senjo.cli.odds_gurps import COMMAND as GURPS
from senjo.cli.roll import COMMAND as ROLL
from senjo.cli.spec import CommandSpec, Flag, Words
from tests.cli.helpers import C_LOCALE, run_senjo
from tests.fresh import fresh_python

#: Lines the quick start runs itself: answers, JSON, both languages, and the command's own
#: one-line errors (which exit 2 from the work function, not from Typer).
QUICK_LINES = [
    ["odds", "gurps", "--skill", "14", "--defense", "10"],
    ["odds", "gurps", "--skill=12", "--damage", "2d+1", "--dr", "2", "--hp", "12", "--json"],
    ["odds", "gurps", "--skill", "13", "--weapon-damage", "sw+1", "--st", "12", "--lang", "ja"],
    ["odds", "gurps", "--skill", "16", "--damage", "1d", "-l", "neck", "--no-critical-table"],
    ["odds", "gurps", "--skill", "9", "--skill", "15", "--lang", "en"],
    ["odds", "gurps", "--skill", "x"],
    ["odds", "gurps", "--skill", "12", "--damage", "2q"],
    ["odds", "gurps", "--skill", "12", "--lang", "fr"],
    ["odds", "gurps"],
    ["odds", "coc", "--skill", "60", "--defense", "40", "--damage", "1D8", "--db", "+1D4"],
    ["odds", "coc", "--skill", "55", "--damage", "1D6", "--impale", "--cc", "--json"],
    ["odds", "coc", "--skill", "70", "--damage", "1D3+db", "--martial-arts", "50"],
    ["odds", "coc", "--skill", "50", "--armor", "2", "--damage", "1D6", "--lang", "ja"],
    ["odds", "coc", "--skill", "50", "--db", "+1D4"],
    ["odds", "tvalue", "--accuracy", "3", "--evasion", "9", "--damage", "2D6+1", "--cap", "10"],
    ["odds", "tvalue", "--accuracy=4", "--evasion", "11", "--contest", "--json"],
    [
        "odds",
        "tvalue",
        "--accuracy",
        "3",
        "--evasion",
        "9",
        "--replacement",
        "強打",
        "--lang",
        "ja",
    ],
    ["odds", "tvalue", "--accuracy", "3", "--evasion", "9", "--protection", "2"],
    ["roll", "3d6<=11", "--dice", "3,4,5"],
    ["roll", "-s", "gurps", "3d6<=12", "--dice", "1,1,1", "--json"],
    ["roll", "--seed", "7", "2d6", "--lang", "en"],
    ["roll", "CC<=50", "--system", "coc", "--dice", "100:42", "--lang", "ja"],
    ["roll", "2d6", "+", "3", "--dice=6,6", "--system=none"],
    ["roll", "--dice", "2,2", "--", "-1+2d6"],
    ["roll", "xyz"],
    ["roll", "3d6", "--dice", "1,2"],
    ["roll", "3d6", "--dice", "1,2,3,4", "--lang", "en"],
    ["roll", "3d6", "--system", "nosuch"],
]

#: Lines left to Typer: help, unknown or misspelt options, a flag given a value, a
#: missing value, a value that looks like an option, a stray argument, other commands.
TYPER_LINES = [
    ["odds", "gurps", "--help"],
    ["odds", "gurps", "--skil", "12"],
    ["odds", "gurps", "--skill", "12", "--json=yes"],
    ["odds", "gurps", "--skill"],
    ["odds", "gurps", "--skill", "12", "--defense", "-3"],
    ["odds", "gurps", "12"],
    ["odds", "gurps", "-ltorso", "--skill", "12"],
    ["odds"],
    ["odds", "hero", "--skill", "12"],
    ["roll"],
    ["roll", "--help"],
    ["roll", "--seed", "x", "3d6"],
    ["roll", "3d6", "--seed", "-1"],
    ["roll", "-1+2d6"],
    ["roll", "3d6", "--json=1"],
    ["run", "3d6"],
]


def _quick(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[bool, int, str, str]:
    """(ran, exit code, stdout, stderr) of the quick start in this process, C locale."""
    for name, value in C_LOCALE.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    code = 0
    try:
        ran = run_quick(args)
    except SystemExit as done:
        ran, code = True, int(done.code or 0)
    out, err = capsys.readouterr()
    return ran, code, out, err


@pytest.mark.parametrize("args", QUICK_LINES, ids=" ".join)
def test_the_quick_start_answers_as_typer_does(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same standard output, standard error and exit status as the Typer command."""
    expected = run_senjo(*args)
    ran, code, out, err = _quick(args, capsys, monkeypatch)
    assert ran
    assert (code, out, err) == (expected.exit_code, expected.stdout, expected.stderr)


@pytest.mark.parametrize("args", TYPER_LINES, ids=" ".join)
def test_lines_the_quick_start_is_unsure_of_go_to_typer(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing run, nothing printed: Typer reads the line (its help, its usage errors)."""
    assert _quick(args, capsys, monkeypatch) == (False, 0, "", "")


def _params(command: Any) -> dict[str, tuple[tuple[str, ...], bool, Any]]:
    """Each parameter of a click command: its spellings (none for arguments), whether it
    is a flag, its default."""
    return {
        param.name: (
            tuple(param.opts) if param.param_type_name == "option" else (),
            getattr(param, "is_flag", False),
            param.default,
        )
        for param in command.params
    }


def _wanted(spec: CommandSpec) -> dict[str | None, tuple[tuple[str, ...], bool, Any]]:
    return {
        opt.name: (
            () if isinstance(opt, Words) else opt.flags,
            isinstance(opt, Flag),
            False if isinstance(opt, Flag) else opt.default,
        )
        for opt in spec.options
    }


def test_the_typer_commands_have_the_specs_options() -> None:
    """Every option of a spec is an option of its Typer command, spelt the same, a flag
    exactly where the spec has a flag, with its default, and nothing else; its words
    are the command's argument."""
    group = typer.main.get_command(build_app("odds"))
    odds = group.commands["odds"]  # type: ignore[attr-defined]
    for spec in (GURPS, COC):
        command = odds.commands[spec.name]
        assert _params(command) == _wanted(spec)
        assert command.help == spec.help
    root = typer.main.get_command(build_app("roll"))
    command = root.commands["roll"]  # type: ignore[attr-defined]
    assert _params(command) == _wanted(ROLL)
    assert command.help == ROLL.help
    words = command.params[0]
    assert words.param_type_name == "argument" and words.nargs == -1 and words.required
    seed = next(param for param in command.params if param.name == "seed")
    assert seed.type.convert("7", seed, None) == 7


@pytest.mark.parametrize(
    ("args", "first"),
    [
        (
            ["odds", "gurps", "--skill", "12", "--damage", "1d", "--lang", "en"],
            "GURPS attack at skill 12",
        ),
        (
            ["odds", "tvalue", "--accuracy", "3", "--evasion", "9", "--lang", "en"],
            "T値 hit roll: accuracy 3 + 2D6 must exceed evasion 9",
        ),
        (
            ["roll", "3d6<=12", "--dice", "1,1,1", "--system", "gurps", "--lang", "en"],
            "(3D6<=12) > 3[1,1,1] > 3 > Critical success (margin 9)",
        ),
    ],
)
def test_quick_commands_start_without_typer(args: list[str], first: str) -> None:
    """A `senjo odds` or `senjo roll` process never imports Typer or click (their start
    is the cost)."""
    probe = (
        "import sys\n"
        f"sys.argv = ['senjo', *{args!r}]\n"
        "from senjo.cli.main import main\n"
        "main()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'rich')))\n"
    )
    lines = fresh_python(probe).splitlines()
    assert lines[0] == first
    assert lines[-1] == "[]"

"""The `senjo` command.

Each command's module is imported only when that command runs: `senjo odds`
does not pay for the simulator, the narration or the battle engine's
commands. `senjo --help` (or an unknown command) builds the whole app.

The quick commands (`_QUICK`, declared as `senjo.cli.spec.CommandSpec`s) start
without Typer at all: an ordinary line is read by `spec.parse_line` and the
command runs; anything else (`--help`, a mistake) goes to Typer as before.
"""

from __future__ import annotations

import importlib
import sys
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typer

__all__ = ["build_app", "main"]  # and `app`, built on first use (`__getattr__`)

#: command -> (module, attribute) of its function.
_COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("senjo.cli.battle", "run_command"),
    "replay": ("senjo.cli.battle", "replay_command"),
    "play": ("senjo.cli.play", "play_command"),
    "resume": ("senjo.cli.play", "resume_command"),
    "map": ("senjo.cli.map", "map_command"),
    "sim": ("senjo.cli.sim", "sim_command"),
    "sweep": ("senjo.cli.sweep", "sweep_command"),
}
#: The words that name a command (`roll`; a group and a command, `odds gurps`) -> the
#: module whose `COMMAND` spec runs without Typer.
_QUICK: dict[tuple[str, ...], str] = {
    ("roll",): "senjo.cli.roll",
    ("odds", "gurps"): "senjo.cli.odds_gurps",
    ("odds", "coc"): "senjo.cli.odds_coc",
    ("odds", "tvalue"): "senjo.cli.odds_tvalue",
}
#: Top-level commands declared as specs: their Typer commands come from the spec.
_SPECS = [words[0] for words in _QUICK if len(words) == 1]
#: command group -> (module, attribute) of its Typer app.
_GROUPS: dict[str, tuple[str, str]] = {
    "gurps": ("senjo.cli.gurps", "gurps_app"),
    "odds": ("senjo.cli.odds", "odds_app"),
}


def _load(where: tuple[str, str]) -> typer.Typer:
    module, name = where
    loaded: typer.Typer = getattr(importlib.import_module(module), name)
    return loaded


def _gurps_group() -> typer.Typer:
    """`senjo gurps` with `moves` added here, not in cli/gurps.py: `senjo odds` imports that
    module, and `moves` would bring the scenario loader with it (once per process)."""
    group = _load(_GROUPS["gurps"])
    if not any(info.name == "moves" for info in group.registered_commands):
        from senjo.cli.moves import moves_command

        group.command("moves")(moves_command)
    return group


def build_app(only: str | None = None) -> typer.Typer:
    """The `senjo` app with every command, or with just the command `only`."""
    import typer

    from senjo.cli.usage import SenjoGroup

    root = typer.Typer(
        cls=SenjoGroup,
        name="senjo",
        help="senjo (戦場): referee and simulate tabletop-RPG combat. Unofficial fan tool.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
    )
    for name in _SPECS:
        if only is None or only == name:
            from senjo.cli.spec import CommandSpec, typer_command

            spec: CommandSpec = importlib.import_module(_QUICK[(name,)]).COMMAND
            root.command(name, help=spec.help)(typer_command(spec))
    for name, where in _COMMANDS.items():
        if only is None or only == name:
            module, attribute = where
            root.command(name)(getattr(importlib.import_module(module), attribute))
    for name, where in _GROUPS.items():
        if only is None or only == name:
            root.add_typer(_gurps_group() if name == "gurps" else _load(where), name=name)

    @root.callback()
    def _root(
        lang: str | None = typer.Option(
            None, "--lang", help="ja or en for every command (a command's own --lang wins)."
        ),
    ) -> None:
        """senjo (戦場): referee and simulate tabletop-RPG combat."""
        from senjo.cli import options

        options.before_command = None if lang is None else options.parse_lang(lang)

    return root


@cache
def _full_app() -> typer.Typer:
    return build_app()


def __getattr__(name: str) -> typer.Typer:
    """`app`: the whole app, built on first use (tests and `python -m` tooling use it)."""
    if name == "app":
        return _full_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run_quick(args: list[str]) -> bool:
    """Run `senjo ARGS` without Typer if it is a quick command on an ordinary line; say
    whether it ran."""
    words = next((tuple(args[:n]) for n in (1, 2) if tuple(args[:n]) in _QUICK), None)
    if words is None:
        return False
    from senjo.cli.spec import CommandSpec, parse_line

    spec: CommandSpec = importlib.import_module(_QUICK[words]).COMMAND
    values = parse_line(spec, args[len(words) :])
    if values is None:
        return False
    spec.run(**values)
    return True


def main() -> None:
    """Entry point of the `senjo` script: a quick command runs at once; otherwise builds
    only the command asked for."""
    if run_quick(sys.argv[1:]):
        return
    first = sys.argv[1] if len(sys.argv) > 1 else ""
    known = first in _COMMANDS or first in _GROUPS or first in _SPECS
    (build_app(first) if known else _full_app())(prog_name="senjo")

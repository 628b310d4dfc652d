"""The `senjo` command."""

from __future__ import annotations

import typer

from senjo.cli.battle import replay_command, run_command
from senjo.cli.gurps import gurps_app
from senjo.cli.map import map_command
from senjo.cli.moves import moves_command
from senjo.cli.odds import odds_app
from senjo.cli.play import play_command
from senjo.cli.roll import roll
from senjo.cli.sim import sim_command
from senjo.cli.sweep import sweep_command

__all__ = ["app", "main"]

app = typer.Typer(
    name="senjo",
    help="senjo (戦場): referee and simulate tabletop-RPG combat. Unofficial fan tool.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.command("roll")(roll)
app.command("run")(run_command)
app.command("replay")(replay_command)
app.command("play")(play_command)
app.command("map")(map_command)
app.command("sim")(sim_command)
app.command("sweep")(sweep_command)
gurps_app.command("moves")(moves_command)
app.add_typer(gurps_app, name="gurps")
app.add_typer(odds_app, name="odds")


@app.callback()
def _root() -> None:
    """senjo (戦場): referee and simulate tabletop-RPG combat."""


def main() -> None:
    """Entry point of the `senjo` script."""
    app()

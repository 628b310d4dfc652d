"""The `senjo` command."""

from __future__ import annotations

import typer

from senjo.cli.battle import replay_command, run_command
from senjo.cli.roll import roll

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


@app.callback()
def _root() -> None:
    """senjo (戦場): referee and simulate tabletop-RPG combat."""


def main() -> None:
    """Entry point of the `senjo` script."""
    app()

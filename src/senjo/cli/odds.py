"""`senjo odds`: exact probabilities of one exchange, one subcommand per rule system.

`senjo odds gurps` (`senjo.cli.odds_gurps`), `senjo odds coc` (`senjo.cli.odds_coc`)
and `senjo odds tvalue` (`senjo.cli.odds_tvalue`) are declared once as `CommandSpec`s;
this module makes them Typer commands for `--help` and for lines the quick start
(`senjo.cli.main`) leaves to Typer.
"""

from __future__ import annotations

import typer

from senjo.cli.odds_coc import COMMAND as COC
from senjo.cli.odds_gurps import (
    COMMAND as GURPS,
)
from senjo.cli.odds_gurps import (
    GurpsAttackOdds,
    gurps_attack_odds,
    gurps_damage_json,
    gurps_damage_lines,
    gurps_odds_lines,
)
from senjo.cli.odds_tvalue import COMMAND as TVALUE
from senjo.cli.spec import typer_command

__all__ = [
    "GurpsAttackOdds",
    "gurps_attack_odds",
    "gurps_damage_json",
    "gurps_damage_lines",
    "gurps_odds_lines",
    "odds_app",
]

odds_app = typer.Typer(
    name="odds",
    help="Exact probabilities (正確な確率), one subcommand per rule system.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@odds_app.callback()
def _odds() -> None:
    """Exact probabilities (正確な確率): `senjo odds gurps …`, `senjo odds coc …`,
    `senjo odds tvalue …`."""


for _spec in (GURPS, COC, TVALUE):
    odds_app.command(_spec.name, help=_spec.help)(typer_command(_spec))

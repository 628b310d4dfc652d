"""`senjo map SCENARIO --svg FILE`: draw a scenario's hex map."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from senjo.cli.options import parse_lang
from senjo.cli.output import fail, said
from senjo.narration.svgmap import Figure, render_svg
from senjo.scenario import ScenarioError, load_scenario

__all__ = ["map_command"]

_COLOURS = ("#e74c3c", "#3498db", "#27ae60", "#f1c40f", "#9b59b6", "#e67e22")


def map_command(
    scenario_path: Annotated[
        Path, typer.Argument(metavar="SCENARIO", help="A scenario with a map.")
    ],
    svg: Annotated[Path, typer.Option("--svg", help="Where to write the SVG picture.")],
    who: Annotated[
        str | None, typer.Option("--who", help="Shade this figure's arcs and mark its reach.")
    ] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="ja or en.")] = None,
    coords: Annotated[
        bool,
        typer.Option(
            "--coords", help="Label each hex with its q,r, as scenarios and moves name it."
        ),
    ] = False,
) -> None:
    """Draw the map: walls, obstructions, footing, figures with facing arrows."""
    chosen = parse_lang(lang)
    try:
        scenario = load_scenario(scenario_path)
    except ScenarioError as error:
        fail(error.text(chosen))
    if scenario.ground is None:
        fail(
            f"{scenario_path}: "
            + said(chosen, "the scenario has no map", "シナリオにマップがありません")
        )
    sides = sorted({f.side for f in scenario.fighters})
    figures = []
    for fighter in scenario.fighters:
        place = scenario.positions[fighter.key]
        label = fighter.name_ja if chosen == "ja" else fighter.name
        colour = _COLOURS[sides.index(fighter.side) % len(_COLOURS)]
        figures.append(Figure(fighter.key, label, place.hex, place.facing, colour, place.body))
    focus = None
    reaches: set[int] = set()
    if who is not None:
        focus = next((f for f in figures if f.key == who), None)
        if focus is None:
            known = ", ".join(f.key for f in figures)
            fail(
                said(
                    chosen,
                    f"--who names a combatant: {known}",
                    f"--who には戦闘者を指定してください：{known}",
                )
            )
        fighter = next(f for f in scenario.fighters if f.key == who)
        reaches = {r for w in fighter.weapons for m in w.modes for r in m.reach}
    title = scenario.title_ja if chosen == "ja" else scenario.title_en
    text = render_svg(
        scenario.ground,
        figures,
        focus=focus,
        reaches=sorted(reaches),
        title=title,
        coordinates=coords,
    )
    try:
        svg.write_text(text, encoding="utf-8")
    except OSError as error:
        fail(
            f"{svg}: "
            + said(
                chosen,
                f"cannot be written ({error.strerror})",
                f"書き込めません（{error.strerror}）",
            )
        )

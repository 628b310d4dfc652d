"""`senjo gurps moves`: where a figure can end its maneuver (seed 001: 移動点).

On a scenario's map for one of its combatants (`SCENARIO --who NAME`), or on
an open map for a standing figure with Move N (`--move N`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from senjo.cli.options import parse_lang, parse_whole
from senjo.cli.output import fail, said
from senjo.scenario import ScenarioError, load_scenario
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.space.movement import (
    ALL_OUT_ATTACK,
    ALL_OUT_DEFENSE,
    MOVE,
    MoveProfile,
    Posture,
    reachable_hexes,
)

__all__ = ["moves_command"]

#: Maneuvers with movement on the map (seed 001: 上級戦闘の戦闘行動), and their move points.
PROFILES: dict[str, MoveProfile] = {
    "move": MOVE,
    "move_and_attack": MOVE,
    "all_out_attack": ALL_OUT_ATTACK,
    "all_out_defense": ALL_OUT_DEFENSE,
}


def _points(maneuver: str, move: int) -> float:
    """Movement points a maneuver gives: Move, or half of it (seed 001)."""
    if maneuver == "all_out_attack":
        return float(max(2, -(-move // 2)))  # 2 hexes or half Move rounded up, the larger
    if maneuver == "all_out_defense":
        return float(move // 2)  # Increased Dodge: half Move
    return float(move)


def moves_command(
    scenario_path: Annotated[
        Path | None, typer.Argument(metavar="[SCENARIO]", help="A scenario with a map.")
    ] = None,
    who: Annotated[str | None, typer.Option("--who", help="The combatant who moves.")] = None,
    move_text: Annotated[
        str | None, typer.Option("--move", metavar="N", help="Move, on an open map.")
    ] = None,
    maneuver: Annotated[
        str,
        typer.Option(
            "--maneuver", help="move, move_and_attack, all_out_attack or all_out_defense."
        ),
    ] = "move",
    posture: Annotated[
        str,
        typer.Option("--posture", help="standing, crouching, kneeling, crawling, lying, sitting."),
    ] = "standing",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lang: Annotated[str | None, typer.Option("--lang", help="ja or en.")] = None,
) -> None:
    """List every hex a figure can end its maneuver in, with the cheapest cost and facings."""
    chosen = parse_lang(lang)
    move = parse_whole(move_text, "--move", chosen)
    if maneuver not in PROFILES:
        known = ", ".join(PROFILES)
        fail(
            said(
                chosen,
                f"--maneuver takes {known}, not {maneuver!r}",
                f"--maneuver には {known} のいずれかを指定してください（{maneuver!r} は不可）",
            )
        )
    if posture not in {p.value for p in Posture}:
        known = ", ".join(p.value for p in Posture)
        fail(
            said(
                chosen,
                f"--posture takes {known}, not {posture!r}",
                f"--posture には {known} のいずれかを指定してください（{posture!r} は不可）",
            )
        )
    if scenario_path is not None:
        try:
            scenario = load_scenario(scenario_path)
        except ScenarioError as error:
            fail(error.text(chosen))
        if scenario.ground is None:
            fail(
                f"{scenario_path}: "
                + said(chosen, "the scenario has no map", "シナリオにマップがありません")
            )
        if who not in scenario.positions:
            known = ", ".join(scenario.positions)
            fail(
                said(
                    chosen,
                    f"--who names a combatant: {known}",
                    f"--who には戦闘者を指定してください：{known}",
                )
            )
        hexmap = scenario.ground
        place = scenario.positions[who]
        start, facing = place.hex, place.facing
        fighter = next(f for f in scenario.fighters if f.key == who)
        basic = fighter.basic_move if move is None else move
        others = [p.hex for k, p in scenario.positions.items() if k != who]
        side = fighter.side
        friends = [
            scenario.positions[f.key].hex
            for f in scenario.fighters
            if f.side == side and f.key != who
        ]
        foes = [h for h in others if h not in friends]
    elif move is not None and move >= 0:
        size = 2 * move + 3
        hexmap = HexMap.rectangle(size, size)
        start, facing = Hex.from_offset(move + 1, move + 1), Facing.N
        basic, friends, foes = move, [], []
    else:
        fail(
            said(
                chosen,
                "give a SCENARIO with --who NAME, or --move N (0 or more) for an open map",
                "SCENARIO と --who NAME、または何もないマップなら"
                " --move N（0以上）を指定してください",
            )
        )
    found = reachable_hexes(
        hexmap,
        start,
        facing,
        _points(maneuver, basic),
        posture=Posture(posture),
        profile=PROFILES[maneuver],
        friends=friends,
        foes=foes,
    )
    rows = sorted(
        ((h, cost, facings) for h, (cost, facings) in found.items() if h != start),
        key=lambda row: (row[1], row[0]),
    )
    if as_json:
        reachable = [
            {
                "hex": [h.q - start.q, h.r - start.r] if scenario_path is None else [h.q, h.r],
                "cost": cost,
                "facings": sorted(f.name for f in facings),
            }
            for h, cost, facings in rows
        ]
        typer.echo(json.dumps({"reachable": reachable}, ensure_ascii=False))
        return
    header = "ヘクス  移動点  向き" if chosen == "ja" else "hex      cost  facings"
    typer.echo(header)
    for h, cost, facings in rows:
        shown = h if scenario_path is not None else Hex(h.q - start.q, h.r - start.r)
        names = ",".join(f.name for f in sorted(facings))
        typer.echo(f"{shown!s:<8} {cost:>4g}  {names}")

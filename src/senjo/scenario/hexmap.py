"""A scenario's `map:` block: the hex map of a tactical battle (seed 001: 戦闘マップ).

```yaml
map:
  width: 12            # columns
  height: 10           # rows
  walls: [[3, 1], [3, 2]]          # hexes no one enters (pillars, solid walls)
  obstacles: [[6, 4]]              # large obstructions: go round or jump
  obstructions: [[5, 5], [5, 6]]   # small obstructions: +1 movement point each
  footing: {slippery: [[2, 2]], stairs: [], shallow_water: [], deep_water: []}
```

Hexes are axial `[q, r]` (see `senjo.space.hexgrid`); `HexMap.rectangle` lays
out `width` × `height` with `[0, 0]` at the top left.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, Strict, ValidationError

from senjo.scenario.errors import Bilingual, ScenarioError, from_validation
from senjo.space.hexgrid import Hex
from senjo.space.hexmap import Footing, HexMap

__all__ = ["build_hexmap", "check_placements"]

Int = Annotated[int, Strict()]
Cell = tuple[Int, Int]


class FootingSpec(BaseModel):
    """Hexes of bad footing, by kind."""

    model_config = ConfigDict(extra="forbid")
    slippery: list[Cell] = []
    stairs: list[Cell] = []
    shallow_water: list[Cell] = []
    deep_water: list[Cell] = []


class MapSpec(BaseModel):
    """The `map:` block."""

    model_config = ConfigDict(extra="forbid")
    width: Annotated[Int, Field(ge=1, le=200)]
    height: Annotated[Int, Field(ge=1, le=200)]
    walls: list[Cell] = []
    obstacles: list[Cell] = []
    obstructions: list[Cell] = []
    footing: FootingSpec = FootingSpec()


def build_hexmap(data: Any, source: str) -> HexMap:
    """Check the `map:` block and build the map; problems name `map.<field>`."""
    try:
        spec = MapSpec.model_validate(data)
    except ValidationError as error:
        raise from_validation(source, error, "map") from None
    obstructions: dict[Hex, int] = {}
    for cell in spec.obstructions:
        obstructions[Hex(*cell)] = obstructions.get(Hex(*cell), 0) + 1
    footing = {
        Hex(*cell): Footing(kind)
        for kind in ("slippery", "stairs", "shallow_water", "deep_water")
        for cell in getattr(spec.footing, kind)
    }
    try:
        return HexMap.rectangle(
            spec.width,
            spec.height,
            walls=[Hex(*c) for c in spec.walls],
            obstacles=[Hex(*c) for c in spec.obstacles],
            obstructions=obstructions,
            footing=footing,
        )
    except ValueError as error:
        field, _, problem = str(error).partition(": ")
        raise ScenarioError(source, f"map.{field}", problem or str(error)) from None


def check_placements(hexmap: HexMap, positions: dict[str, Any], source: str) -> None:
    """Every figure stands on open hexes of the map, one figure per hex; a multi-hex
    figure's body (`length`, behind its head) too."""
    seen: dict[Hex, str] = {}
    for index, (key, where) in enumerate(positions.items()):
        place = getattr(where, "hex", None)
        path = f"combatants[{index}].hex"
        if place is None:
            raise ScenarioError(
                source,
                path,
                Bilingual(
                    "required when the scenario has a map", "マップのあるシナリオでは必須です"
                ),
            )
        for number, cell in enumerate((place, *getattr(where, "body", ()))):
            what = jwhat = f"[{cell.q}, {cell.r}]"
            if number:
                path = f"combatants[{index}].length"
                what = f"{what} (hex {number + 1} of the figure, behind its head)"
                jwhat = f"{jwhat}（頭の後ろ、フィギュアの{number + 1}ヘクス目）"
            if cell not in hexmap:
                problem = Bilingual(f"{what} is not on the map", f"{jwhat} はマップの外です")
            elif not hexmap.passable(cell):
                problem = Bilingual(f"{what} is a wall or an obstacle", f"{jwhat} は壁か障害物です")
            elif cell in seen:
                problem = Bilingual(
                    f"{what} is taken by {seen[cell]}", f"{jwhat} には {seen[cell]} がいます"
                )
            else:
                seen[cell] = key
                continue
            raise ScenarioError(source, path, problem)
            seen[cell] = key

"""The shape of the GURPS ranged tables (`data/speed_range_size.yaml`, `data/ranged.yaml`),
checked once on load as `table_schema`'s are: the Size and Speed/Range table (B550), the
rapid-fire bonus (B373) and the opportunity-fire penalties (seed 001)."""

from __future__ import annotations

from dataclasses import dataclass

from senjo.systems.gurps.table_schema import TABLE_CONFIG, TableRecord, check_ranges

__all__ = ["RangedTables", "SpeedRangeTable"]


@dataclass(kw_only=True, eq=False, repr=False)
class _SmallRow(TableRecord):
    __pydantic_config__ = TABLE_CONFIG

    inches: float
    size_modifier: int


@dataclass(kw_only=True, eq=False, repr=False)
class SpeedRangeTable(TableRecord):
    """The Size and Speed/Range table as a repeating decade plus its small rows."""

    __pydantic_config__ = TABLE_CONFIG

    decade: tuple[float, ...]
    zero_row_yards: float
    no_range_modifier_up_to_yards: float
    small_rows: tuple[_SmallRow, ...]

    def __post_init__(self) -> None:
        if not self.decade or self.decade[0] != 1 or list(self.decade) != sorted(set(self.decade)):
            raise ValueError("decade must start at 1 and increase")
        if self.decade[-1] >= 10:
            raise ValueError("decade values must stay below 10")
        if self.zero_row_yards not in self.decade:
            raise ValueError("zero_row_yards must be one of the decade values")
        inches = [row.inches for row in self.small_rows]
        if inches != sorted(inches, reverse=True) or (inches and inches[0] >= 36):
            raise ValueError("small_rows must shrink from under 36 inches downward")


@dataclass(kw_only=True, eq=False, repr=False)
class _ShotsRow(TableRecord):
    __pydantic_config__ = TABLE_CONFIG

    shots: tuple[int, int]
    bonus: int


@dataclass(kw_only=True, eq=False, repr=False)
class _RapidFire(TableRecord):
    __pydantic_config__ = TABLE_CONFIG

    rows: tuple[_ShotsRow, ...]
    per_doubling_beyond: int

    def __post_init__(self) -> None:
        check_ranges([row.shots for row in self.rows], 1, "shots")


@dataclass(kw_only=True, eq=False, repr=False)
class _HexesRow(TableRecord):
    __pydantic_config__ = TABLE_CONFIG

    hexes: tuple[int, int | None]
    modifier: int


@dataclass(kw_only=True, eq=False, repr=False)
class _OpportunityFire(TableRecord):
    __pydantic_config__ = TABLE_CONFIG

    hexes: tuple[_HexesRow, ...]
    single_line: int
    target_discrimination: int

    def __post_init__(self) -> None:
        check_ranges([row.hexes for row in self.hexes], 1, "hexes")
        if self.hexes[-1].hexes[1] is not None:
            raise ValueError("the last hexes row must be open-ended ([n, null])")


@dataclass(kw_only=True, eq=False, repr=False)
class RangedTables(TableRecord):
    """Rapid-fire bonus (B373) and opportunity-fire penalties (seed 001)."""

    __pydantic_config__ = TABLE_CONFIG

    rapid_fire: _RapidFire
    opportunity_fire: _OpportunityFire

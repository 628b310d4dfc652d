"""The state of a トモガミ battle: sheets, bands, each character's status, the turn.

>>> from senjo.systems.tomogami.model import Sheet
>>> state = TomoState.start({"a": Sheet("a", "A", "A", "blue"), "b": Sheet("b", "B", "B", "red")})
>>> state.status["a"].life, state.bands.distance("a", "b").name, sorted(state.sides_standing())
(10, 'NEAR', ['blue', 'red'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from senjo.space.bands import Bands
from senjo.systems.tomogami.choices import Maneuver
from senjo.systems.tomogami.model import Sheet
from senjo.systems.tomogami.rules import Rules

__all__ = ["Status", "TomoState"]


@dataclass(slots=True)
class Status:
    """What changes about one character during the battle."""

    life: int
    #: Life at 0: out of the fight (the base game's meaning of 0 life is not known).
    down: bool = False
    #: Left the engagement area (seed 003 交戦領域から離脱).
    fled: bool = False
    #: This turn's declarations (行動宣言).
    maneuver: Maneuver | None = None
    combat: str = ""
    #: Behind an obstacle (障害物): the cover level (shots at it −level; 0 for none) and
    #: the obstacle's life.
    cover: int = 0
    cover_life: int = 0
    #: The pilot's life (ゲキ), when the sheet has a pilot.
    pilot_life: int = 0
    #: Mishap 2 (駆動系の故障): the next attack on it hits.
    exposed: bool = False
    #: Fallen (転倒) until the end of the turn.
    fallen: bool = False
    #: The turn's declared stance: "", "full_speed" (全力機動), "moving_fire" (行進間射撃).
    stance: str = ""
    #: A successful charge's success level, for its blow in combat processing.
    charge_level: int = 0
    #: Hit by assault-breaking fire (突撃破砕射撃): no maneuver this turn.
    blocked: bool = False
    #: A won maneuver sniping (機動狙撃): its target and level, this turn.
    snipe_target: str = ""
    snipe_level: int = 0
    #: Shots left in each magazine-fed weapon's magazine, and the spare magazines left
    #: of each weapon that carries a number of them (seed 003 「弾倉の交換」).
    loaded: dict[str, int] = field(default_factory=dict)
    spares: dict[str, int] = field(default_factory=dict)
    #: The hand weapon held ("" for none; seed 003 「武器の持ち替え」).
    in_hand: str = ""
    #: The ally it protects until its next combat processing ("" for none; 「かばう」).
    protecting: str = ""

    @property
    def hp(self) -> int:
        """Life, under the name the simulator's figures read (`senjo.sim.aggregate`)."""
        return self.life

    @property
    def active(self) -> bool:
        """Still fighting: life above 0 and inside the engagement area."""
        return not self.down and not self.fled


@dataclass(slots=True)
class TomoState:
    """The whole battle: sheets by key (in the scenario's order), bands, statuses, rules."""

    sheets: dict[str, Sheet]
    bands: Bands
    status: dict[str, Status]
    rules: Rules = field(default_factory=Rules)
    round: int = 0
    #: Sides in acting order: the initiative's winner first (主導権判定).
    sides: tuple[str, ...] = ()

    @classmethod
    def start(cls, sheets: Mapping[str, Sheet]) -> TomoState:
        """Everyone unhurt, everyone near everyone (the opening sets the foes' band)."""
        return cls(dict(sheets), Bands(sheets), {key: _fresh(s) for key, s in sheets.items()})

    def sides_standing(self) -> set[str]:
        """The sides with a character still fighting."""
        return {self.sheets[key].side for key, status in self.status.items() if status.active}

    def foes(self, key: str) -> tuple[str, ...]:
        """The active characters of other sides, in the scenario's order."""
        side = self.sheets[key].side
        return tuple(
            other
            for other, sheet in self.sheets.items()
            if sheet.side != side and self.status[other].active
        )

    def acting_order(self) -> tuple[str, ...]:
        """Who acts this turn, in order: side by side from the initiative's winner, each
        side in the scenario's order (interpretation 5)."""
        return tuple(
            key
            for side in self.sides
            for key, sheet in self.sheets.items()
            if sheet.side == side and self.status[key].active
        )


def _fresh(sheet: Sheet) -> Status:
    """A character as the battle opens: unhurt, every magazine full, its first hand weapon
    in hand."""
    return Status(
        sheet.life,
        pilot_life=sheet.pilot_life,
        loaded={w.key: w.magazine for w in sheet.weapons if w.magazine},
        spares={w.key: w.spares for w in sheet.weapons if w.magazine and w.spares is not None},
        in_hand=sheet.first_in_hand,
    )

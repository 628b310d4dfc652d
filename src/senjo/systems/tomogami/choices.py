"""The options of a トモガミ battle's decisions: maneuvers declared, attacks taken.

>>> Maneuver("move", "ren", "far").key, Maneuver("stay").key, Maneuver("escape").key
('move:ren:far', 'stay', 'escape')
>>> Attack("ren", "cannon").key, Attack("ren", "cannon", at_cover=True).key
('attack:ren:cannon', 'shoot_cover:ren:cannon')
>>> MainAction("reload", "rifle").key, MainAction("protect", "aki").key
('reload:rifle', 'protect:aki')
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.decision import Choice
from senjo.space.bands import Band

__all__ = [
    "BAND_NAMES",
    "LET",
    "OPPOSE",
    "PURSUE",
    "Attack",
    "MainAction",
    "Maneuver",
    "band_named",
]

#: Bands by their names in options, events and scenario files.
BAND_NAMES = {"zero": Band.ZERO, "near": Band.NEAR, "far": Band.FAR, "out": Band.OUT}


#: The answers to an `oppose` decision: contest a maneuver (a move, a charge), pursue an
#: escaping foe, or let it be.
OPPOSE, PURSUE, LET = Choice("oppose"), Choice("pursue"), Choice("let")


def band_named(name: str) -> Band:
    """The band a name stands for (`zero`, `near`, `far`, `out`)."""
    return BAND_NAMES[name]


@dataclass(frozen=True, slots=True)
class Maneuver:
    """A declared maneuver (機動): stay where one is, take cover behind an obstacle, charge
    a target (突進), move to a band from a target (with its target group), or escape the
    engagement area."""

    kind: str
    target: str = ""
    band: str = ""

    @property
    def key(self) -> str:
        """`stay`, `cover`, `escape`, `charge:TARGET`, or `move:TARGET:BAND`."""
        if not self.target:
            return self.kind
        return (
            f"{self.kind}:{self.target}:{self.band}" if self.band else f"{self.kind}:{self.target}"
        )


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack in combat processing: a target and the weapon; `at_cover` shoots only
    the target's obstacle (seed 003 「障害物「のみ」を狙う」)."""

    target: str
    weapon: str
    at_cover: bool = False

    @property
    def key(self) -> str:
        """`attack:TARGET:WEAPON`, or `shoot_cover:TARGET:WEAPON`."""
        kind = "shoot_cover" if self.at_cover else "attack"
        return f"{kind}:{self.target}:{self.weapon}"


@dataclass(frozen=True, slots=True)
class MainAction:
    """A main action other than an attack (seed 003 主動作一覧): `reload` a weapon (弾倉の
    交換), `switch` to a hand weapon (武器の持ち替え), `protect` an ally (味方をかばう);
    `target` is the weapon or the ally."""

    kind: str
    target: str

    @property
    def key(self) -> str:
        """`reload:WEAPON`, `switch:WEAPON` or `protect:ALLY`."""
        return f"{self.kind}:{self.target}"

"""GURPS events: what happened in a GURPS battle, for the log and for narration.

Every number that was rolled against carries its `Score` (base, modifiers,
cap), so the narration can always show why a roll needed what it needed.
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.events import Event, event
from senjo.engine.modifiers import Score

__all__ = [
    "AttackRolled",
    "Check",
    "ConditionChanged",
    "CriticalResult",
    "DamageRolled",
    "DefenseRolled",
    "Injured",
    "ItemChanged",
    "ManeuverTaken",
    "Moved",
    "PostureChanged",
    "RoundStarted",
    "TurnSkipped",
    "TurnStarted",
]


@event
@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A new round (one second: every fighter's turn once) begins."""

    round: int


@event
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A fighter's turn begins; `shock` is the shock penalty it carries this turn."""

    actor: str
    round: int
    hp: int
    shock: int


@event
@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    """A fighter cannot act this turn, and why (unconscious, stunned, lost balance …)."""

    actor: str
    reason: str


@event
@dataclass(frozen=True, slots=True)
class ManeuverTaken(Event):
    """The maneuver a fighter chose, with its variant, target and weapon where they apply."""

    actor: str
    maneuver: str
    variant: str = ""
    target: str = ""
    weapon: str = ""


@event
@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A fighter moved `yards` (toward or away from `relative_to`) and now stands at (x, y).

    On a hex map (x, y) is the axial hex and `facing` the facing it ends in; a
    `direction` of "turn" is a turn in place (0 yards) to face `relative_to`.
    """

    actor: str
    yards: float
    relative_to: str
    direction: str
    x: float
    y: float
    facing: str = ""
    #: A multi-hex figure's other hexes after the move, head excluded (seed 001).
    body: tuple[tuple[int, int], ...] = ()


@event
@dataclass(frozen=True, slots=True)
class PostureChanged(Event):
    """A fighter's posture changed (by choice, or `cause` such as knockdown)."""

    actor: str
    posture: str
    cause: str = "choice"


@event
@dataclass(frozen=True, slots=True)
class AttackRolled(Event):
    """An attack roll: against `skill`, the 3d6 `roll`, and its `result`.

    `result` is one of critical_hit, hit, miss, critical_miss; `location` is
    the hit location aimed at (or rolled for a random hit). A rapid-fire
    attack fires `shots` and lands `hits` of them (B373).
    """

    attacker: str
    target: str
    weapon: str
    mode: str
    skill: Score
    roll: int
    margin: int
    result: str
    location: str
    shots: int = 1
    hits: int = 1


@event
@dataclass(frozen=True, slots=True)
class DefenseRolled(Event):
    """An active defense roll: `kind` is dodge, parry or block.

    Against rapid fire a success stops `stopped` hits (B375).
    """

    defender: str
    attacker: str
    kind: str
    weapon: str
    retreat: bool
    score: Score
    roll: int
    margin: int
    result: str
    stopped: int = 1


@event
@dataclass(frozen=True, slots=True)
class DamageRolled(Event):
    """The damage dice of a hit: `dice` as written (e.g. 2d+1), the faces, and basic damage."""

    attacker: str
    target: str
    dice: str
    faces: tuple[int, ...]
    basic: int
    damage_type: str
    modifiers: Score


@event
@dataclass(frozen=True, slots=True)
class Injured(Event):
    """The injury from one hit, with its working: DR, penetration, wounding multiplier."""

    target: str
    location: str
    basic: int
    damage_type: str
    dr: int
    penetrating: int
    multiplier: float
    injury: int
    hp: int


@event
@dataclass(frozen=True, slots=True)
class Check(Event):
    """A success roll outside attack and defense: HT for a major wound, DX for knockdown …"""

    actor: str
    kind: str
    score: Score
    roll: int
    margin: int
    success: bool
    critical: bool = False


@event
@dataclass(frozen=True, slots=True)
class ConditionChanged(Event):
    """A condition starts or ends: stunned, knocked_down, unconscious, dying, dead …"""

    actor: str
    condition: str
    active: bool
    cause: str = ""


@event
@dataclass(frozen=True, slots=True)
class CriticalResult(Event):
    """A roll on a critical table: the table, its 3d6 roll, and the entry's key."""

    actor: str
    table: str
    roll: int
    key: str


@event
@dataclass(frozen=True, slots=True)
class ItemChanged(Event):
    """A weapon or shield changed state: readied, unready, dropped, broken, reloaded, thrown."""

    actor: str
    item: str
    state: str
    cause: str = ""

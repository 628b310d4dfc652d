"""GURPS events: what happened in a GURPS battle, for the log and for narration.

Every number that was rolled against carries its `Score` (base, modifiers,
cap), so the narration can always show why a roll needed what it needed.
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.events import Event, event
from senjo.engine.modifiers import Score

__all__ = [
    "ArmorCorroded",
    "AttackRolled",
    "Check",
    "ConditionChanged",
    "CriticalResult",
    "DamageRolled",
    "DefenseRolled",
    "FatigueLost",
    "Injured",
    "ItemChanged",
    "ManeuverTaken",
    "Moved",
    "PostureChanged",
    "RoundStarted",
    "TurnSkipped",
    "TurnStarted",
]


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A new round (one second: every fighter's turn once) begins."""

    round: int

    def __init__(self, round: int) -> None:  # compiled: `senjo.engine.frozen`
        object.__setattr__(self, "round", round)


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A fighter's turn begins; `shock` is the shock penalty it carries this turn."""

    actor: str
    round: int
    hp: int
    shock: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        round: int,
        hp: int,
        shock: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "hp", hp)
        object.__setattr__(self, "shock", shock)


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    """A fighter cannot act this turn, and why (unconscious, stunned, lost balance …)."""

    actor: str
    reason: str

    def __init__(self, actor: str, reason: str) -> None:  # compiled: `senjo.engine.frozen`
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "reason", reason)


@dataclass(frozen=True, slots=True)
class ManeuverTaken(Event):
    """The maneuver a fighter chose, with its variant, target and weapon where they apply."""

    actor: str
    maneuver: str
    variant: str = ""
    target: str = ""
    weapon: str = ""

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        maneuver: str,
        variant: str = "",
        target: str = "",
        weapon: str = "",
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "maneuver", maneuver)
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "weapon", weapon)


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

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        yards: float,
        relative_to: str,
        direction: str,
        x: float,
        y: float,
        facing: str = "",
        body: tuple[tuple[int, int], ...] = (),
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "yards", yards)
        object.__setattr__(self, "relative_to", relative_to)
        object.__setattr__(self, "direction", direction)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)
        object.__setattr__(self, "facing", facing)
        object.__setattr__(self, "body", body)


@dataclass(frozen=True, slots=True)
class PostureChanged(Event):
    """A fighter's posture changed (by choice, or `cause` such as knockdown)."""

    actor: str
    posture: str
    cause: str = "choice"

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        posture: str,
        cause: str = "choice",
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "posture", posture)
        object.__setattr__(self, "cause", cause)


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

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        attacker: str,
        target: str,
        weapon: str,
        mode: str,
        skill: Score,
        roll: int,
        margin: int,
        result: str,
        location: str,
        shots: int = 1,
        hits: int = 1,
    ) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "skill", skill)
        object.__setattr__(self, "roll", roll)
        object.__setattr__(self, "margin", margin)
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "location", location)
        object.__setattr__(self, "shots", shots)
        object.__setattr__(self, "hits", hits)


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

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        defender: str,
        attacker: str,
        kind: str,
        weapon: str,
        retreat: bool,
        score: Score,
        roll: int,
        margin: int,
        result: str,
        stopped: int = 1,
    ) -> None:
        object.__setattr__(self, "defender", defender)
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "retreat", retreat)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "roll", roll)
        object.__setattr__(self, "margin", margin)
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "stopped", stopped)


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

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        attacker: str,
        target: str,
        dice: str,
        faces: tuple[int, ...],
        basic: int,
        damage_type: str,
        modifiers: Score,
    ) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "basic", basic)
        object.__setattr__(self, "damage_type", damage_type)
        object.__setattr__(self, "modifiers", modifiers)


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

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        target: str,
        location: str,
        basic: int,
        damage_type: str,
        dr: int,
        penetrating: int,
        multiplier: float,
        injury: int,
        hp: int,
    ) -> None:
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "location", location)
        object.__setattr__(self, "basic", basic)
        object.__setattr__(self, "damage_type", damage_type)
        object.__setattr__(self, "dr", dr)
        object.__setattr__(self, "penetrating", penetrating)
        object.__setattr__(self, "multiplier", multiplier)
        object.__setattr__(self, "injury", injury)
        object.__setattr__(self, "hp", hp)


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

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        kind: str,
        score: Score,
        roll: int,
        margin: int,
        success: bool,
        critical: bool = False,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "roll", roll)
        object.__setattr__(self, "margin", margin)
        object.__setattr__(self, "success", success)
        object.__setattr__(self, "critical", critical)


@dataclass(frozen=True, slots=True)
class ConditionChanged(Event):
    """A condition starts or ends: stunned, knocked_down, unconscious, dying, dead …"""

    actor: str
    condition: str
    active: bool
    cause: str = ""

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        condition: str,
        active: bool,
        cause: str = "",
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "active", active)
        object.__setattr__(self, "cause", cause)


@dataclass(frozen=True, slots=True)
class CriticalResult(Event):
    """A roll on a critical table: the table, its 3d6 roll, and the entry's key."""

    actor: str
    table: str
    roll: int
    key: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        table: str,
        roll: int,
        key: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "roll", roll)
        object.__setattr__(self, "key", key)


@dataclass(frozen=True, slots=True)
class ItemChanged(Event):
    """A weapon or shield changed state: readied, unready, dropped, broken, reloaded, thrown."""

    actor: str
    item: str
    state: str
    cause: str = ""

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        item: str,
        state: str,
        cause: str = "",
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "item", item)
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "cause", cause)


@dataclass(frozen=True, slots=True)
class FatigueLost(Event):
    """FP lost (B426): how many, the FP left, and the HP lost with them below 0 FP."""

    actor: str
    amount: int
    fp: int
    hp_lost: int
    cause: str = ""

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        amount: int,
        fp: int,
        hp_lost: int,
        cause: str = "",
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "fp", fp)
        object.__setattr__(self, "hp_lost", hp_lost)
        object.__setattr__(self, "cause", cause)


@dataclass(frozen=True, slots=True)
class ArmorCorroded(Event):
    """DR eaten by a corrosive blow (B358): where, how much, and the DR left there."""

    actor: str
    location: str
    lost: int
    dr: int
    cause: str = ""

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        location: str,
        lost: int,
        dr: int,
        cause: str = "",
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "location", location)
        object.__setattr__(self, "lost", lost)
        object.__setattr__(self, "dr", dr)
        object.__setattr__(self, "cause", cause)


# Registered by calls rather than as decorators: mypyc compiles a class whose only
# decorator is `dataclass` as a native one (`senjo.engine.events`).
for _type in (
    RoundStarted,
    TurnStarted,
    TurnSkipped,
    ManeuverTaken,
    Moved,
    PostureChanged,
    AttackRolled,
    DefenseRolled,
    DamageRolled,
    Injured,
    Check,
    ConditionChanged,
    CriticalResult,
    ItemChanged,
    FatigueLost,
    ArmorCorroded,
):
    event(_type)

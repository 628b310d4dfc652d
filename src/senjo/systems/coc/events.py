"""CoC events: what happened in a Call of Cthulhu battle, for the log and for narration.

Every percentile check keeps its `Score` (base and named modifiers, e.g.
``("dodge_focus", 50)``, ``("repeated_dodge", -45)``) and the 1D100 it
rolled, so narration can print it as BCDice prints `CCB<=x`; resistance rolls
keep both sides' values (`RES(x-y)`); damage rolls keep their dice
expression and faces.
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.events import Event, event
from senjo.engine.modifiers import Score

__all__ = [
    "CocActionTaken",
    "CocCheck",
    "CocConditionChanged",
    "CocDamageRolled",
    "CocDeclared",
    "CocEngagementChanged",
    "CocGrappleChanged",
    "CocInjured",
    "CocItemChanged",
    "CocMoved",
    "CocOrderSet",
    "CocProtecting",
    "CocResistance",
    "CocRoundStarted",
    "CocSurprise",
    "CocTaunted",
    "CocTurnSkipped",
    "CocTurnStarted",
]


@event
@dataclass(frozen=True, slots=True)
class CocOrderSet(Event):
    """The DEX order for the battle; `ties` are the 1D100 rolls that broke equal DEX."""

    order: tuple[str, ...]
    ties: tuple[tuple[str, int], ...] = ()


@event
@dataclass(frozen=True, slots=True)
class CocRoundStarted(Event):
    """A new round (about 12 seconds) begins."""

    round: int


@event
@dataclass(frozen=True, slots=True)
class CocDeclared(Event):
    """A start-of-round declaration: `stance` is dodge_focus (seed 004 回避に集中)."""

    actor: str
    stance: str


@event
@dataclass(frozen=True, slots=True)
class CocTurnStarted(Event):
    """A combatant's DEX turn begins."""

    actor: str
    round: int
    hp: int


@event
@dataclass(frozen=True, slots=True)
class CocTurnSkipped(Event):
    """A combatant cannot act this turn, and why (held, fixed by a taunt with no way to act …)."""

    actor: str
    reason: str


@event
@dataclass(frozen=True, slots=True)
class CocActionTaken(Event):
    """The action a combatant chose, with target, weapon, variant and shots where they apply."""

    actor: str
    action: str
    target: str = ""
    weapon: str = ""
    variant: str = ""
    shots: int = 0


@event
@dataclass(frozen=True, slots=True)
class CocCheck(Event):
    """A 1D100 percentile check against `score` (CC/CCB).

    `kind` is attack, martial_arts, dodge, parry, shock, hide, sneak, idea,
    breakfall or fast_talk. `roll` 0 means no dice were rolled: the value was
    100 or more and the check succeeded outright (seed 004: 140 自動成功).
    """

    actor: str
    kind: str
    score: Score
    roll: int
    success: bool
    special: bool = False
    critical: bool = False
    fumble: bool = False
    malfunction: bool = False
    ccb: bool = True
    target: str = ""
    weapon: str = ""
    malfunction_number: int = 0


@event
@dataclass(frozen=True, slots=True)
class CocResistance(Event):
    """A roll on the resistance table: `active` against `passive` (RES(active-passive)).

    `kind` names what was resisted: protect (DEX), grapple_hold, escape,
    push_down (STR), knockout (damage vs HP), throw_knockout and
    tackle_knockout (2 × damage vs CON), taunt (Fast Talk/5 vs INT). `roll` 0:
    the result was automatic (target under 5 or over 95).
    """

    actor: str
    kind: str
    opponent: str
    active: int
    passive: int
    target: int
    roll: int
    success: bool
    critical: bool = False
    fumble: bool = False
    ccb: bool = True


@event
@dataclass(frozen=True, slots=True)
class CocProtecting(Event):
    """Seed 004 庇う: `protector` declares it will protect `protected` from `attacker`."""

    protector: str
    protected: str
    attacker: str


@event
@dataclass(frozen=True, slots=True)
class CocSurprise(Event):
    """Seed 004 隠れる: `attacker` attacks `target` from hiding — a surprise attack (不意打ち)."""

    attacker: str
    target: str


@event
@dataclass(frozen=True, slots=True)
class CocDamageRolled(Event):
    """A damage roll: `expression` as BCDice writes it, the faces in order, and the result.

    `source` is a weapon key, or throw, tackle, wall, floor, strangle.
    `doubled` says why the weapon dice were rolled twice (impale, martial_arts).
    `total` is the sum as rolled; `damage` is never below 0.
    """

    attacker: str
    target: str
    source: str
    expression: str
    faces: tuple[int, ...]
    total: int
    damage: int
    doubled: str = ""


@event
@dataclass(frozen=True, slots=True)
class CocInjured(Event):
    """The HP a wound takes: damage (× 1.5 on hard ground when prone), minus armour.

    `loss` is the HP lost and `hp` what is left; `cause` is the damage's source.
    """

    target: str
    damage: int
    multiplied: int
    armour: int
    loss: int
    hp: int
    cause: str = ""


@event
@dataclass(frozen=True, slots=True)
class CocConditionChanged(Event):
    """A condition starts or ends: prone, unconscious, dying, dead, hidden, aiming, fixed …"""

    actor: str
    condition: str
    active: bool
    cause: str = ""


@event
@dataclass(frozen=True, slots=True)
class CocMoved(Event):
    """A combatant moved `metres` (toward, away from, or knocked back by `relative_to`)."""

    actor: str
    metres: float
    relative_to: str
    direction: str
    x: float
    y: float


@event
@dataclass(frozen=True, slots=True)
class CocEngagementChanged(Event):
    """Two combatants came into melee reach of each other, or left it."""

    a: str
    b: str
    engaged: bool
    cause: str = ""


@event
@dataclass(frozen=True, slots=True)
class CocGrappleChanged(Event):
    """A grapple begins (`kind` hold or strangle) or ends (`active` False), and why."""

    grappler: str
    target: str
    kind: str
    active: bool
    cause: str = ""


@event
@dataclass(frozen=True, slots=True)
class CocTaunted(Event):
    """Seed 004 挑発: `target` must attack `taunter` for its next `turns` turns."""

    taunter: str
    target: str
    turns: int


@event
@dataclass(frozen=True, slots=True)
class CocItemChanged(Event):
    """A weapon changed state: reloaded, jammed (malfunction) or lost (disarmed)."""

    actor: str
    item: str
    state: str

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


@dataclass(frozen=True, slots=True)
class CocOrderSet(Event):
    """The DEX order for the battle; `ties` are the 1D100 rolls that broke equal DEX."""

    order: tuple[str, ...]
    ties: tuple[tuple[str, int], ...] = ()

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        order: tuple[str, ...],
        ties: tuple[tuple[str, int], ...] = (),
    ) -> None:
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "ties", ties)


@dataclass(frozen=True, slots=True)
class CocRoundStarted(Event):
    """A new round (about 12 seconds) begins."""

    round: int

    def __init__(self, round: int) -> None:  # compiled: `senjo.engine.frozen`
        object.__setattr__(self, "round", round)


@dataclass(frozen=True, slots=True)
class CocDeclared(Event):
    """A start-of-round declaration: `stance` is dodge_focus (seed 004 回避に集中)."""

    actor: str
    stance: str

    def __init__(self, actor: str, stance: str) -> None:  # compiled: `senjo.engine.frozen`
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "stance", stance)


@dataclass(frozen=True, slots=True)
class CocTurnStarted(Event):
    """A combatant's DEX turn begins."""

    actor: str
    round: int
    hp: int

    def __init__(self, actor: str, round: int, hp: int) -> None:  # compiled: `senjo.engine.frozen`
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "hp", hp)


@dataclass(frozen=True, slots=True)
class CocTurnSkipped(Event):
    """A combatant cannot act this turn, and why (held, fixed by a taunt with no way to act …)."""

    actor: str
    reason: str

    def __init__(self, actor: str, reason: str) -> None:  # compiled: `senjo.engine.frozen`
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "reason", reason)


@dataclass(frozen=True, slots=True)
class CocActionTaken(Event):
    """The action a combatant chose, with target, weapon, variant and shots where they apply."""

    actor: str
    action: str
    target: str = ""
    weapon: str = ""
    variant: str = ""
    shots: int = 0

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        action: str,
        target: str = "",
        weapon: str = "",
        variant: str = "",
        shots: int = 0,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "shots", shots)


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

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        kind: str,
        score: Score,
        roll: int,
        success: bool,
        special: bool = False,
        critical: bool = False,
        fumble: bool = False,
        malfunction: bool = False,
        ccb: bool = True,
        target: str = "",
        weapon: str = "",
        malfunction_number: int = 0,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "roll", roll)
        object.__setattr__(self, "success", success)
        object.__setattr__(self, "special", special)
        object.__setattr__(self, "critical", critical)
        object.__setattr__(self, "fumble", fumble)
        object.__setattr__(self, "malfunction", malfunction)
        object.__setattr__(self, "ccb", ccb)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "malfunction_number", malfunction_number)


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

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        kind: str,
        opponent: str,
        active: int,
        passive: int,
        target: int,
        roll: int,
        success: bool,
        critical: bool = False,
        fumble: bool = False,
        ccb: bool = True,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "opponent", opponent)
        object.__setattr__(self, "active", active)
        object.__setattr__(self, "passive", passive)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "roll", roll)
        object.__setattr__(self, "success", success)
        object.__setattr__(self, "critical", critical)
        object.__setattr__(self, "fumble", fumble)
        object.__setattr__(self, "ccb", ccb)


@dataclass(frozen=True, slots=True)
class CocProtecting(Event):
    """Seed 004 庇う: `protector` declares it will protect `protected` from `attacker`."""

    protector: str
    protected: str
    attacker: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        protector: str,
        protected: str,
        attacker: str,
    ) -> None:
        object.__setattr__(self, "protector", protector)
        object.__setattr__(self, "protected", protected)
        object.__setattr__(self, "attacker", attacker)


@dataclass(frozen=True, slots=True)
class CocSurprise(Event):
    """Seed 004 隠れる: `attacker` attacks `target` from hiding — a surprise attack (不意打ち)."""

    attacker: str
    target: str

    def __init__(self, attacker: str, target: str) -> None:  # compiled: `senjo.engine.frozen`
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "target", target)


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

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        attacker: str,
        target: str,
        source: str,
        expression: str,
        faces: tuple[int, ...],
        total: int,
        damage: int,
        doubled: str = "",
    ) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "expression", expression)
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "damage", damage)
        object.__setattr__(self, "doubled", doubled)


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

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        target: str,
        damage: int,
        multiplied: int,
        armour: int,
        loss: int,
        hp: int,
        cause: str = "",
    ) -> None:
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "damage", damage)
        object.__setattr__(self, "multiplied", multiplied)
        object.__setattr__(self, "armour", armour)
        object.__setattr__(self, "loss", loss)
        object.__setattr__(self, "hp", hp)
        object.__setattr__(self, "cause", cause)


@dataclass(frozen=True, slots=True)
class CocConditionChanged(Event):
    """A condition starts or ends: prone, unconscious, dying, dead, hidden, aiming, fixed …"""

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
class CocMoved(Event):
    """A combatant moved `metres` (toward, away from, or knocked back by `relative_to`)."""

    actor: str
    metres: float
    relative_to: str
    direction: str
    x: float
    y: float

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        metres: float,
        relative_to: str,
        direction: str,
        x: float,
        y: float,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "metres", metres)
        object.__setattr__(self, "relative_to", relative_to)
        object.__setattr__(self, "direction", direction)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)


@dataclass(frozen=True, slots=True)
class CocEngagementChanged(Event):
    """Two combatants came into melee reach of each other, or left it."""

    a: str
    b: str
    engaged: bool
    cause: str = ""

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        a: str,
        b: str,
        engaged: bool,
        cause: str = "",
    ) -> None:
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)
        object.__setattr__(self, "engaged", engaged)
        object.__setattr__(self, "cause", cause)


@dataclass(frozen=True, slots=True)
class CocGrappleChanged(Event):
    """A grapple begins (`kind` hold or strangle) or ends (`active` False), and why."""

    grappler: str
    target: str
    kind: str
    active: bool
    cause: str = ""

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        grappler: str,
        target: str,
        kind: str,
        active: bool,
        cause: str = "",
    ) -> None:
        object.__setattr__(self, "grappler", grappler)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "active", active)
        object.__setattr__(self, "cause", cause)


@dataclass(frozen=True, slots=True)
class CocTaunted(Event):
    """Seed 004 挑発: `target` must attack `taunter` for its next `turns` turns."""

    taunter: str
    target: str
    turns: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        taunter: str,
        target: str,
        turns: int,
    ) -> None:
        object.__setattr__(self, "taunter", taunter)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "turns", turns)


@dataclass(frozen=True, slots=True)
class CocItemChanged(Event):
    """A weapon changed state: reloaded, jammed (malfunction) or lost (disarmed)."""

    actor: str
    item: str
    state: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        item: str,
        state: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "item", item)
        object.__setattr__(self, "state", state)


# Registered by calls rather than as decorators: mypyc compiles a class whose only
# decorator is `dataclass` as a native one (`senjo.engine.events`).
for _type in (
    CocOrderSet,
    CocRoundStarted,
    CocDeclared,
    CocTurnStarted,
    CocTurnSkipped,
    CocActionTaken,
    CocCheck,
    CocResistance,
    CocProtecting,
    CocSurprise,
    CocDamageRolled,
    CocInjured,
    CocConditionChanged,
    CocMoved,
    CocEngagementChanged,
    CocGrappleChanged,
    CocTaunted,
    CocItemChanged,
):
    event(_type)

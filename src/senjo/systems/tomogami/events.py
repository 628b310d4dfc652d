"""トモガミ events: what happened in a battle, for the log and for narration; the special
actions' in `special_events.py`, the other main actions' in `action_events.py` (both
re-exported here).

A check keeps its `Roll`: the `Score` (base and named modifiers, e.g. ``("units", -1)``),
the dice, the total and the signed level (success levels above 0, failure levels below).

>>> from senjo.engine.events import from_json, to_json
>>> from senjo.engine.modifiers import Score
>>> event = TomoCheck("cover", Roll("aki", Score(6), (4, 3), 13, 2))
>>> from_json(to_json(event)) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.events import Event, event, value_type
from senjo.engine.modifiers import Score
from senjo.systems.tomogami.action_events import TomoEmpty as TomoEmpty
from senjo.systems.tomogami.action_events import TomoProtected as TomoProtected
from senjo.systems.tomogami.action_events import TomoProtecting as TomoProtecting
from senjo.systems.tomogami.action_events import TomoReloaded as TomoReloaded
from senjo.systems.tomogami.action_events import TomoSwitched as TomoSwitched
from senjo.systems.tomogami.special_events import TomoBreakingFire as TomoBreakingFire
from senjo.systems.tomogami.special_events import TomoCharged as TomoCharged
from senjo.systems.tomogami.special_events import TomoChargeFailed as TomoChargeFailed
from senjo.systems.tomogami.special_events import TomoFell as TomoFell
from senjo.systems.tomogami.special_events import TomoHeavyBlow as TomoHeavyBlow
from senjo.systems.tomogami.special_events import TomoManeuverCancelled as TomoManeuverCancelled
from senjo.systems.tomogami.special_events import TomoSniped as TomoSniped
from senjo.systems.tomogami.special_events import TomoStood as TomoStood

__all__ = [
    "Roll",
    "TomoAttacked",
    "TomoBreakingFire",
    "TomoChargeFailed",
    "TomoCharged",
    "TomoCheck",
    "TomoContest",
    "TomoCoverDamaged",
    "TomoCoverLost",
    "TomoCovered",
    "TomoDamage",
    "TomoDeclared",
    "TomoDown",
    "TomoEmpty",
    "TomoEscaped",
    "TomoExposed",
    "TomoFell",
    "TomoFriendlyFire",
    "TomoHeavyBlow",
    "TomoInitiative",
    "TomoManeuverCancelled",
    "TomoManeuverFailed",
    "TomoMishap",
    "TomoMoved",
    "TomoOpened",
    "TomoPilotDamage",
    "TomoProtected",
    "TomoProtecting",
    "TomoReloaded",
    "TomoSniped",
    "TomoStood",
    "TomoSwitched",
    "TomoTurnEnded",
    "TomoTurnStarted",
]


@dataclass(frozen=True, slots=True)
class Roll:
    """One character's roll: its value, the dice (of `sides` sides), the total and the
    signed level.

    `level` is a success level (1 or more) or, negative, a failure level (−1 or less);
    `automatic_failure` marks the stand-in's automatic failure (every die a 1).
    """

    actor: str
    score: Score
    dice: tuple[int, ...]
    total: int
    level: int
    automatic_failure: bool = False
    #: The sides of each die (option `check_dice`).
    sides: int = 6

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        score: Score,
        dice: tuple[int, ...],
        total: int,
        level: int,
        automatic_failure: bool = False,
        sides: int = 6,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "automatic_failure", automatic_failure)
        object.__setattr__(self, "sides", sides)

    @property
    def success(self) -> bool:
        """True for a success."""
        return self.level > 0


value_type(Roll)


@dataclass(frozen=True, slots=True)
class TomoCheck(Event):
    """A check on its own (taking cover's tactics against nobody, a mishap's maneuver)."""

    purpose: str
    roll: Roll

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        purpose: str,
        roll: Roll,
    ) -> None:
        object.__setattr__(self, "purpose", purpose)
        object.__setattr__(self, "roll", roll)


event(TomoCheck)


@dataclass(frozen=True, slots=True)
class TomoContest(Event):
    """A contest (即決判定): both rolled at once; `winner` is a key, or "" for a tie."""

    purpose: str
    first: Roll
    second: Roll
    winner: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        purpose: str,
        first: Roll,
        second: Roll,
        winner: str,
    ) -> None:
        object.__setattr__(self, "purpose", purpose)
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "second", second)
        object.__setattr__(self, "winner", winner)


event(TomoContest)


@dataclass(frozen=True, slots=True)
class TomoOpened(Event):
    """Seed 003 ●１: the battle opens in an environment, foes at its band (`zero`, `near`,
    `far`), allies near; the engagement area is drawn."""

    environment: str
    band: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        environment: str,
        band: str,
    ) -> None:
        object.__setattr__(self, "environment", environment)
        object.__setattr__(self, "band", band)


event(TomoOpened)


@dataclass(frozen=True, slots=True)
class TomoInitiative(Event):
    """Seed 003 ●２: one round of the sides' initiative rolls (each side rolls with its
    best maneuver value); `order` is set once no tie is left at the top, else empty."""

    sides: tuple[str, ...]
    rolls: tuple[Roll, ...]
    order: tuple[str, ...] = ()

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        sides: tuple[str, ...],
        rolls: tuple[Roll, ...],
        order: tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "rolls", rolls)
        object.__setattr__(self, "order", order)


event(TomoInitiative)


@dataclass(frozen=True, slots=True)
class TomoTurnStarted(Event):
    """A turn begins (steps ３ to ６)."""

    round: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        round: int,
    ) -> None:
        object.__setattr__(self, "round", round)


event(TomoTurnStarted)


@dataclass(frozen=True, slots=True)
class TomoDeclared(Event):
    """Seed 003 ●３: a character's declarations: its maneuver (a `Maneuver` key) and its
    combat action (`attack` or `wait`)."""

    actor: str
    maneuver: str
    combat: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        maneuver: str,
        combat: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "maneuver", maneuver)
        object.__setattr__(self, "combat", combat)


event(TomoDeclared)


@dataclass(frozen=True, slots=True)
class TomoMoved(Event):
    """Seed 003 ●４: a maneuver succeeded: `actor` is at `band` from `target` and the rest
    of its target group, near from everyone else. `automatic`: the initiative's first
    maneuver, no roll."""

    actor: str
    target: str
    band: str
    group: tuple[str, ...] = ()
    automatic: bool = False

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        band: str,
        group: tuple[str, ...] = (),
        automatic: bool = False,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "band", band)
        object.__setattr__(self, "group", group)
        object.__setattr__(self, "automatic", automatic)


event(TomoMoved)


@dataclass(frozen=True, slots=True)
class TomoManeuverFailed(Event):
    """A maneuver failed: `by` are the characters it did not beat; nothing moved."""

    actor: str
    target: str
    band: str
    by: tuple[str, ...]

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        band: str,
        by: tuple[str, ...],
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "band", band)
        object.__setattr__(self, "by", by)


event(TomoManeuverFailed)


@dataclass(frozen=True, slots=True)
class TomoEscaped(Event):
    """Seed 003: `actor` beat every pursuer and left the engagement area (the battle)."""

    actor: str
    pursuers: tuple[str, ...] = ()

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        pursuers: tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "pursuers", pursuers)


event(TomoEscaped)


@dataclass(frozen=True, slots=True)
class TomoAttacked(Event):
    """Seed 003 ●５: an attack (a main action) with a weapon at a target."""

    actor: str
    target: str
    weapon: str
    band: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        weapon: str,
        band: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "band", band)


event(TomoAttacked)


@dataclass(frozen=True, slots=True)
class TomoDamage(Event):
    """A hit's damage (stand-in): the dice and bonus, less the target's defence of the
    weapon's kind; `life` is what is left."""

    actor: str
    target: str
    weapon: str
    kind: str
    faces: tuple[int, ...]
    damage: int
    defense: int
    lost: int
    life: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        weapon: str,
        kind: str,
        faces: tuple[int, ...],
        damage: int,
        defense: int,
        lost: int,
        life: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "damage", damage)
        object.__setattr__(self, "defense", defense)
        object.__setattr__(self, "lost", lost)
        object.__setattr__(self, "life", life)


event(TomoDamage)


@dataclass(frozen=True, slots=True)
class TomoDown(Event):
    """A character's life reached 0: it is out of the fight."""

    actor: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)


event(TomoDown)


@dataclass(frozen=True, slots=True)
class TomoTurnEnded(Event):
    """Seed 003 ●６: everyone inside the area has acted; the turn ends."""

    round: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        round: int,
    ) -> None:
        object.__setattr__(self, "round", round)


event(TomoTurnEnded)


@dataclass(frozen=True, slots=True)
class TomoFriendlyFire(Event):
    """Seed 003 誤射: a shot into a zero-distance zone failed by two levels or more and hit
    `ally`, the shooter's own, instead of `target`."""

    actor: str
    target: str
    ally: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        ally: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "ally", ally)


event(TomoFriendlyFire)


@dataclass(frozen=True, slots=True)
class TomoCovered(Event):
    """Seed 003 障害物: `actor` hides behind an obstacle of `level` (the best success level
    of its tactics contests): shots at it −level; the obstacle has `level` life."""

    actor: str
    level: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        level: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "level", level)


event(TomoCovered)


@dataclass(frozen=True, slots=True)
class TomoCoverDamaged(Event):
    """`actor`'s obstacle was hit for `damage`; `life` is what it has left."""

    actor: str
    damage: int
    life: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        damage: int,
        life: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "damage", damage)
        object.__setattr__(self, "life", life)


event(TomoCoverDamaged)


@dataclass(frozen=True, slots=True)
class TomoCoverLost(Event):
    """`actor` has no obstacle any more: `destroyed` (life 0), `zone` (a zero-distance zone
    formed on it) or `moved` (it left it)."""

    actor: str
    reason: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        reason: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "reason", reason)


event(TomoCoverLost)


@dataclass(frozen=True, slots=True)
class TomoMishap(Event):
    """Seed 003 戦闘中の自動失敗: `actor` rolled an automatic failure; the GM's 1D showed
    `face` on the mishap table."""

    actor: str
    face: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        face: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "face", face)


event(TomoMishap)


@dataclass(frozen=True, slots=True)
class TomoPilotDamage(Event):
    """The pilot (ゲキ) of `actor` took 対人火弾 damage less its defence; `life` is the
    pilot's life left."""

    actor: str
    faces: tuple[int, ...]
    damage: int
    defense: int
    lost: int
    life: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        faces: tuple[int, ...],
        damage: int,
        defense: int,
        lost: int,
        life: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "damage", damage)
        object.__setattr__(self, "defense", defense)
        object.__setattr__(self, "lost", lost)
        object.__setattr__(self, "life", life)


event(TomoPilotDamage)


@dataclass(frozen=True, slots=True)
class TomoExposed(Event):
    """Mishap 2 (駆動系の故障): the next attack on `actor` hits; `used` when it has."""

    actor: str
    used: bool

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        used: bool,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "used", used)


event(TomoExposed)

"""トモガミ events of seed 003's special actions (特殊戦闘行動): the charge and the fall it
causes, a maneuver lost, sniping, heavy blows and assault-breaking fire (re-exported by
`events.py`).

>>> from senjo.engine.events import from_json, to_json
>>> from_json(to_json(TomoSniped("aki", "ren", 2))) == TomoSniped("aki", "ren", 2)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.events import Event, event

__all__ = [
    "TomoBreakingFire",
    "TomoChargeFailed",
    "TomoCharged",
    "TomoFell",
    "TomoHeavyBlow",
    "TomoManeuverCancelled",
    "TomoSniped",
    "TomoStood",
]


@dataclass(frozen=True, slots=True)
class TomoCharged(Event):
    """Seed 003 【突進】: `actor`'s charge at `target` with its maneuver's success level;
    `landed` unless the target's 「体」 defence held."""

    actor: str
    target: str
    level: int
    landed: bool

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        level: int,
        landed: bool,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "landed", landed)


event(TomoCharged)


@dataclass(frozen=True, slots=True)
class TomoFell(Event):
    """Seed 003 ★転倒の効果: `actor` is down on the ground until the end of the turn."""

    actor: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)


event(TomoFell)


@dataclass(frozen=True, slots=True)
class TomoStood(Event):
    """`actor` rights itself at the end of the turn (「終了処理において自動的に立ち直る」)."""

    actor: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)


event(TomoStood)


@dataclass(frozen=True, slots=True)
class TomoManeuverCancelled(Event):
    """`actor` cannot make its maneuver this turn: `fallen` (転倒)."""

    actor: str
    reason: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        reason: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "reason", reason)


event(TomoManeuverCancelled)


@dataclass(frozen=True, slots=True)
class TomoChargeFailed(Event):
    """`actor`'s charge at `target` failed in maneuver processing: no blow this turn."""

    actor: str
    target: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)


event(TomoChargeFailed)


@dataclass(frozen=True, slots=True)
class TomoSniped(Event):
    """Seed 003 【機動狙撃】: `actor` beat `target` and lowers its heavy-blow value by
    `level` against its own attacks this turn."""

    actor: str
    target: str
    level: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        level: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "level", level)


event(TomoSniped)


@dataclass(frozen=True, slots=True)
class TomoHeavyBlow(Event):
    """A hit's `damage` reached the target's heavy-blow value (大打撃値) `value`, lowered
    to `lowered` by sniping; what a heavy blow does is the base game's (interpretation 16)."""

    actor: str
    target: str
    damage: int
    value: int
    lowered: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        damage: int,
        value: int,
        lowered: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "damage", damage)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "lowered", lowered)


event(TomoHeavyBlow)


@dataclass(frozen=True, slots=True)
class TomoBreakingFire(Event):
    """Seed 003 【突撃破砕射撃】: `actor`'s barrage hit `target`: no damage, and its
    maneuver this turn cannot be made."""

    actor: str
    target: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)


event(TomoBreakingFire)
